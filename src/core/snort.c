/*
 * Snort (Winning Ways, ch. 2; include/grundy/graph_games.h): a vertex may
 * not take a colour other than a neighbour's, so colouring one takes the
 * other colour from its neighbours' tints.  The machinery is
 * graph_colouring.c's.
 */
#include "core/graph_colouring.h"

static const gr_ggraph_rule gr_snort_rule = GR_GG_SNORT;

const gr_pg_rules gr_pg_snort = {"snort",         gr_ggraph_moves,
                                 gr_ggraph_split, gr_ggraph_normalise,
                                 &gr_snort_rule,  gr_ggraph_count};
