/*
 * Konane: {"board": ["xo.", "ox."]}, 'x' Left's stones, 'o' Right's, '.'
 * empty (include/grundy/grid_games.h); moves {"from": [r, c], "to": [r, c]}.
 * Answered by the ruleset engine through ruleset.h.
 */
#include "games/endpoints.h"
#include "games/ruleset.h"
#include "grundy/grid_games.h"

static const gr_ruleset gr_ruleset_konane = {
    "konane", &gr_pg_konane, {{"board", true}}, gr_json_stones_board, gr_jw_from_to};

GR_RULESET_ADAPTER(konane, gr_ruleset_konane)
