/*
 * The Game of the Amazons: {"board": ["L..", "..R"]}, 'L' Left's amazons,
 * 'R' Right's, '#' burned, '.' empty (include/grundy/grid_games.h); moves
 * {"from": [r, c], "to": [r, c], "arrow": [r, c]}.  Answered by the
 * ruleset engine through ruleset.h.
 */
#include "games/endpoints.h"
#include "games/ruleset.h"
#include "grundy/grid_games.h"

static gr_status gr_amazons_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                                 size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_grid_board(c, f[0], gr_jp_key(c, ptr, "board"), "LR#.", pos, len);
}

static cJSON *gr_amazons_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    cJSON *o = gr_jw_from_to(c, ctx, m, impartial);
    gr_jw_set(c, o, "arrow", gr_jw_cell(c, m->w[4], m->w[5]));
    return o;
}

static const gr_ruleset gr_ruleset_amazons = {
    "amazons", &gr_pg_amazons, {{"board", true}}, gr_amazons_read, gr_amazons_move};

GR_RULESET_ADAPTER(amazons, gr_ruleset_amazons)
