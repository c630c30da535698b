/*
 * Col (Winning Ways, ch. 2; include/grundy/graph_games.h): a vertex may
 * not take the colour of a neighbour, so colouring one takes that colour
 * from its neighbours' tints.  The machinery is graph_colouring.c's.
 */
#include "core/graph_colouring.h"

static const gr_ggraph_rule gr_col_rule = GR_GG_COL;

const gr_pg_rules gr_pg_col = {"col",        gr_ggraph_moves, gr_ggraph_split, gr_ggraph_normalise,
                               &gr_col_rule, gr_ggraph_count};
