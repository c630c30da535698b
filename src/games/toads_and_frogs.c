/*
 * Toads and Frogs: {"strip": "TT..FF"}, 'T' toads (Left's), 'F' frogs
 * (Right's), '.' empty (include/grundy/strip_games.h); moves {"from": i,
 * "to": j}.  Answered by the ruleset engine through ruleset.h.  The strip
 * reader is Toppling Dominoes' too (line_games.h).
 */
#include <string.h>

#include "games/endpoints.h"
#include "games/line_games.h"
#include "grundy/strip_games.h"

gr_status gr_json_strip(gr_jctx *c, const cJSON *item, const char *ptr, const char *alphabet,
                        uint8_t *pos, size_t *len)
{
    const char *text;
    gr_status st = gr_json_string(c, item, ptr, &text);
    if (st != GR_OK) {
        return st;
    }
    size_t n = strlen(text);
    if (n > GR_PG_MAX_POS) {
        return gr_json_error(c, GR_ELIMIT, ptr, "at most %d squares are played (this row has %zu)",
                             GR_PG_MAX_POS, n);
    }
    for (size_t i = 0; i < n; i++) {
        if (strchr(alphabet, text[i]) == NULL) {
            unsigned char ch = (unsigned char)text[i];
            return gr_json_error(c, GR_EINVAL, ptr, "character %zu is '%c': each is one of \"%s\"",
                                 i, ch >= 0x20 && ch < 0x7f ? ch : '?', alphabet);
        }
    }
    memcpy(pos, text, n);
    *len = n;
    return GR_OK;
}

static gr_status gr_tf_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                            size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_strip(c, f[0], gr_jp_key(c, ptr, "strip"), "TF.", pos, len);
}

static cJSON *gr_tf_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx;
    (void)impartial;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "from", gr_jw_u64(c, (uint64_t)m->w[0]));
    gr_jw_set(c, o, "to", gr_jw_u64(c, (uint64_t)m->w[1]));
    return o;
}

static const gr_ruleset gr_ruleset_toads_and_frogs = {
    "toads_and_frogs", &gr_pg_toads_frogs, {{"strip", true}}, gr_tf_read, gr_tf_move};

GR_RULESET_ADAPTER(toads_and_frogs, gr_ruleset_toads_and_frogs)
