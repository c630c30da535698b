/*
 * NoGo: {"board": ["x..", "..o"]}, 'x' Left (Black), 'o' Right (White),
 * '.' empty (include/grundy/grid_games.h); moves {"cell": [r, c]}, and in
 * the impartial variant, where either colour may be placed, also
 * {"stone": "x" | "o"}.  Answered by the ruleset engine through ruleset.h.
 */
#include "games/endpoints.h"
#include "games/ruleset.h"
#include "grundy/grid_games.h"

static cJSON *gr_nogo_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "cell", gr_jw_cell(c, m->w[0], m->w[1]));
    if (impartial) {
        gr_jw_set(c, o, "stone", gr_jw_str(c, m->w[2] == 'x' ? "x" : "o"));
    }
    return o;
}

static const gr_ruleset gr_ruleset_nogo = {
    "nogo", &gr_pg_nogo, {{"board", true}}, gr_json_stones_board, gr_nogo_move};

GR_RULESET_ADAPTER(nogo, gr_ruleset_nogo)
