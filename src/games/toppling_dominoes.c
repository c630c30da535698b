/*
 * Toppling Dominoes: {"dominoes": "bbrg"}, 'b' blue (Left's), 'r' red
 * (Right's), 'g' green (either's) (include/grundy/strip_games.h); moves
 * {"domino": i, "direction": "left" | "right"}.  Answered by the ruleset
 * engine through ruleset.h.
 */
#include "games/endpoints.h"
#include "games/line_games.h"
#include "grundy/strip_games.h"

static gr_status gr_td_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                            size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_strip(c, f[0], gr_jp_key(c, ptr, "dominoes"), "brg", pos, len);
}

static cJSON *gr_td_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx;
    (void)impartial;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "domino", gr_jw_u64(c, (uint64_t)m->w[0]));
    gr_jw_set(c, o, "direction", gr_jw_str(c, m->w[1] == GR_TD_LEFT ? "left" : "right"));
    return o;
}

static const gr_ruleset gr_ruleset_toppling_dominoes = {
    "toppling_dominoes", &gr_pg_toppling_dominoes, {{"dominoes", true}}, gr_td_read, gr_td_move};

GR_RULESET_ADAPTER(toppling_dominoes, gr_ruleset_toppling_dominoes)
