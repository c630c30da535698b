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

/*
 * The outcome search's forecast (gr_dom_outcome_estimate): the proof
 * search of boards up to 10 x 10 (domineering_wide.c) does not split the
 * board into regions, and its cost grows with the empty cells both
 * players still fight over; a board whose bounds settle it, or whose
 * pieces are lopsided, is cheap however large.  The forecast is therefore
 * only half of the refusal: the caller first runs the search itself under
 * GR_DOM_OUTCOME_PROBE(budget) nodes (a hundredth of the budget), and only
 * a board that probe did not settle is judged on the line below.
 * Measured (bench/RESULTS.md, "Domineering outcome forecast", nodes of
 * this search): the empty 7x10 board (70 cells) 0.9 M nodes, 8x9 (72)
 * more than 8 M; every random board of 74 to 86 cells in a 8x9 .. 10x10
 * frame outran the probe of 80,000 nodes; of those of 74 to 80 cells run
 * to 8 M nodes, the cheapest needed 5.7 M (75 cells), the others more than
 * 8 M; 8x10 (80) more than 2.4 * 10^7 (not finished in 118 s), 9x9 (81)
 * more than 1.5 * 10^8 (not in 838 s).  The line log10(nodes) = 6.4 +
 * 0.08 (cells - 74) lies a factor 1.9 under the cheapest; below 74 cells
 * there is no forecast at all (nodes 0), so such a board is never
 * refused, whatever it costs.  At the defaults (8 M nodes) the line
 * refuses from 81 cells on: 9x9, 9x10, 10x9, 10x10.  Calibrated on the
 * search as it is: a search that needs fewer nodes needs the line
 * measured again (bench/dom_outcome_calib.c).
 */
#define GR_DOM_OUT_MIN_REGION 74u /* below it, no forecast (nodes 0) */
#define GR_DOM_OUT_AT_MIN 6.4     /* log10(nodes) at GR_DOM_OUT_MIN_REGION cells */
#define GR_DOM_OUT_SLOPE 0.08     /* log10(nodes) per cell more */

/* Cells that can hold a domino: empty, with an empty neighbour. */
static bool gr_dom_live_cell(uint32_t rows, uint32_t cols, const uint8_t *empty, uint32_t i)
{
    uint32_t r = i / cols, c = i % cols;
    return empty[i] && ((c > 0 && empty[i - 1]) || (c + 1 < cols && empty[i + 1]) ||
                        (r > 0 && empty[i - cols]) || (r + 1 < rows && empty[i + cols]));
}

void gr_dom_outcome_estimate(uint32_t rows, uint32_t cols, const uint8_t *empty,
                             gr_dom_outcome_forecast *out)
{
    uint8_t seen[GR_DOM_OUTCOME_MAX_CELLS] = {0};
    uint32_t stack[GR_DOM_OUTCOME_MAX_CELLS], n = rows * cols, best = 0;
    if (n > GR_DOM_OUTCOME_MAX_CELLS) {
        n = 0; /* not a board the search takes: no forecast */
    }
    for (uint32_t s = 0; s < n; s++) {
        if (seen[s] || !gr_dom_live_cell(rows, cols, empty, s)) {
            continue;
        }
        /* a flood fill on an explicit stack: each cell pushed once */
        uint32_t top = 0, size = 0;
        stack[top++] = s;
        seen[s] = 1;
        while (top > 0) {
            uint32_t i = stack[--top], r = i / cols, c = i % cols;
            size++;
            uint32_t nb[4] = {c > 0 ? i - 1 : i, c + 1 < cols ? i + 1 : i,
                              r > 0 ? i - cols : i, r + 1 < rows ? i + cols : i};
            for (unsigned k = 0; k < 4; k++) {
                if (nb[k] != i && !seen[nb[k]] && empty[nb[k]]) {
                    seen[nb[k]] = 1;
                    stack[top++] = nb[k];
                }
            }
        }
        best = size > best ? size : best;
    }
    out->region = best;
    out->nodes = 0;
    if (best >= GR_DOM_OUT_MIN_REGION) {
        double e = pow(10.0, GR_DOM_OUT_AT_MIN + GR_DOM_OUT_SLOPE * (best - GR_DOM_OUT_MIN_REGION));
        out->nodes = e >= 1e18 ? (uint64_t)1e18 : (uint64_t)e;
    }
}
