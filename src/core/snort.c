/*
 * Snort (Winning Ways, ch. 2; include/grundy/graph_games.h): a vertex may
 * not take a colour other than a neighbour's, so colouring one takes the
 * other colour from its neighbours' tints.  The machinery is
 * graph_colouring.c's.
 */
#include "core/graph_colouring.h"

static gr_status gr_snort_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                                gr_pg_sink *sink)
{
    (void)ctx;
    return gr_ggraph_moves(GR_GG_SNORT, pos, len, side, sink);
}

const gr_pg_rules gr_pg_snort = {"snort", gr_snort_moves, gr_ggraph_split, gr_ggraph_normalise,
                                 NULL};
