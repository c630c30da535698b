/*
 * A forecast of the Domineering value search's cost (gr_dom_value_estimate
 * in include/grundy/domineering.h), made before the search in a few
 * microseconds, so that a board whose canonical form cannot fit the
 * request's budgets is refused at once instead of after 20 s.
 *
 * The value search expands every distinct region reachable from the
 * board's regions, and how many there are grows with how much room both
 * players have at once: across the empty rectangles from 2x8 to 5x6 and
 * random boards with stones, MCGS's 7x7 boards with 15 stones
 * (bench/RESULTS.md, "Domineering value estimate"), log10 of the nodes the
 * search counts follows a quarter of m = min(Left's placements, Right's
 * placements) in the largest region within about one decade, and the
 * lowest lies 0.65 below 0.25 m (the 5x5 square, whose transposition
 * halves its regions).  The forecast is the line 0.25 m - 1, under all of
 * them by a factor 2 at least: a refusal on it is a board that would have
 * failed anyway.
 * It counts nodes, not seconds: the same on every machine.
 */
#include <math.h>

#include "core/domineering_internal.h"
#include "core/domineering_search.h"

/* log10(nodes) >= GR_DOM_EST_SLOPE * m + GR_DOM_EST_OFFSET, m the
 * smaller side's placements in the largest region. */
#define GR_DOM_EST_SLOPE 0.25
#define GR_DOM_EST_OFFSET (-1.0)

gr_status gr_dom_value_estimate(const gr_dom *g, uint64_t *nodes)
{
    uint64_t rest = g->empty;
    unsigned w = g->cols, m = 0;
    for (uint64_t comp; (comp = gr_dom_next_live_region(&rest, w)) != 0;) {
        unsigned l = (unsigned)__builtin_popcountll(gr_dom_vert(comp, w));
        unsigned r = (unsigned)__builtin_popcountll(gr_dom_horiz(comp, w));
        unsigned least = l < r ? l : r;
        m = least > m ? least : m;
    }
    /* the largest region, not the sum: regions may share their sub-regions,
     * and under-stating is the safe side */
    double e = m == 0 ? 0.0 : pow(10.0, GR_DOM_EST_SLOPE * m + GR_DOM_EST_OFFSET);
    *nodes = e < 1.0 ? 1 : e >= 1e18 ? (uint64_t)1e18 : (uint64_t)e;
    return GR_OK;
}
