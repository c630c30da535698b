/*
 * Clobber: {"board": ["xo.", "ox."]}, 'x' Left's stones, 'o' Right's, '.'
 * empty (include/grundy/grid_games.h); moves {"from": [r, c], "to": [r, c]}.
 * Answered by the ruleset engine through ruleset.h.
 */
#include "games/endpoints.h"
#include "games/ruleset.h"
#include "grundy/grid_games.h"

static const gr_ruleset gr_ruleset_clobber = {
    "clobber", &gr_pg_clobber, {{"board", true}}, gr_json_stones_board, gr_jw_from_to};

GR_RULESET_ADAPTER(clobber, gr_ruleset_clobber)
