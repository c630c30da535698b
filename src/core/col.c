/*
 * Col (Winning Ways, ch. 2; include/grundy/graph_games.h): a vertex may
 * not take the colour of a neighbour, so colouring one takes that colour
 * from its neighbours' tints.  The machinery is graph_colouring.c's.
 */
#include "core/graph_colouring.h"

static gr_status gr_col_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                              gr_pg_sink *sink)
{
    (void)ctx;
    return gr_ggraph_moves(GR_GG_COL, pos, len, side, sink);
}

const gr_pg_rules gr_pg_col = {"col", gr_col_moves, gr_ggraph_split, gr_ggraph_normalise,
                                 NULL};
