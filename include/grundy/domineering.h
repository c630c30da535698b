/*
 * Domineering (Winning Ways, ch. 2): on a board of empty and filled cells
 * Left places a domino vertically on two empty cells, Right horizontally;
 * who cannot move loses.  A partizan game: its value is a canonical form
 * (include/grundy/cgt.h), docs/partizan.md "Domineering".
 *
 * The board splits into 4-connected regions of empty cells, independent
 * games whose values add.  Each region is valued by a canonical-form
 * search (its options' values from the regions they leave, then
 * gr_cgt_make), memoised per region up to translation and the mirrors
 * that keep dominoes' orientation; the transposed region is the negative.
 * The search runs on an explicit stack and counts the regions it expands
 * against a node budget (GR_ELIMIT past it), polling the arena's stop
 * conditions.
 *
 * The outcome alone (gr_dom_outcome) is a proof search on who wins with
 * each player moving first.  Boards of at most 8 rows and 8 columns are
 * searched as one 64-bit word with a transposition table and counting
 * bounds (safe moves, sealed squares, vulnerable dominoes) that settle
 * positions early; on larger boards every region small enough to value is
 * folded into a known game (a gr_cgt) played beside the rest, so only the
 * large part is searched move by move.
 */
#ifndef GRUNDY_DOMINEERING_H
#define GRUNDY_DOMINEERING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/cgt.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_DOM_MAX_CELLS 64 /* rows * cols: a board is one 64-bit word */

/* Left (vertical dominoes) and Right (horizontal). */
typedef enum gr_dom_side { GR_DOM_LEFT = 0, GR_DOM_RIGHT = 1 } gr_dom_side;

typedef struct gr_dom gr_dom;

/* A domino: its first cell (r, c); the second is (r + 1, c) for Left's,
 * (r, c + 1) for Right's. */
typedef struct gr_dom_move {
    uint32_t r, c;
    gr_cgt after; /* the board's value after the move (gr_dom_moves) */
} gr_dom_move;

/* A rows x cols board (rows, cols >= 1, rows * cols <= GR_DOM_MAX_CELLS,
 * else GR_ELIMIT); empty[r * cols + c] non-zero for an empty cell.  The
 * value search shares `store` (which must outlive g) with the caller, so
 * values of several games can be added. */
gr_status gr_dom_create(gr_arena *arena, gr_cgt_store *store, uint32_t rows, uint32_t cols,
                        const uint8_t *empty, const gr_search_opts *opts, gr_dom **out);

/* The board's canonical value (the sum of its regions'). */
gr_status gr_dom_value(gr_dom *g, gr_cgt *out);

/* The board with (r, c) .. the domino's other cell filled, valued; r, c
 * must be a move of `side` (GR_EINVAL otherwise). */
gr_status gr_dom_after(gr_dom *g, gr_dom_side side, uint32_t r, uint32_t c, gr_cgt *out);

/* A forecast of the nodes gr_dom_value will count (its node budget's
 * unit), made without searching, in microseconds: a lower estimate,
 * calibrated on measured boards (src/core/domineering_estimate.c), so a
 * board is refused on it only when its search would surely not fit. */
gr_status gr_dom_value_estimate(const gr_dom *g, uint64_t *nodes);

/* A forecast of the outcome search's nodes (gr_dom_outcome_board's node
 * budget's unit) on a rows x cols board of up to GR_DOM_OUTCOME_MAX_CELLS
 * cells, made without searching: `region` the empty cells of its largest
 * region (4-connected cells that can hold a domino), `nodes` a lower
 * estimate calibrated on measured boards (src/core/domineering_estimate.c),
 * valid only for a board the search did not settle within
 * GR_DOM_OUTCOME_PROBE(budget) nodes: the caller probes first. */
typedef struct gr_dom_outcome_forecast {
    unsigned region;
    uint64_t nodes;
} gr_dom_outcome_forecast;
#define GR_DOM_OUTCOME_PROBE(budget) ((budget) / 100 + 1)
void gr_dom_outcome_estimate(uint32_t rows, uint32_t cols, const uint8_t *empty,
                             gr_dom_outcome_forecast *out);

/* Every move of `side` in board order (by first cell), each with the value
 * after it; writes at most max of them, counts all into *count. */
gr_status gr_dom_moves(gr_dom *g, gr_dom_side side, gr_dom_move *out, size_t max, size_t *count);

/* The outcome by proof search, without the board's canonical form: whether
 * Left wins moving first (*left_wins; then *left_move is such a winning
 * move) and whether Right does.  GR_ELIMIT past the node budget. */
gr_status gr_dom_outcome(gr_dom *g, bool *left_wins, gr_dom_move *left_move, bool *right_wins,
                         gr_dom_move *right_move);

/* The outcome alone of a board of up to GR_DOM_OUTCOME_MAX_CELLS cells,
 * at most GR_DOM_OUTCOME_MAX_SIDE rows and columns when it has more than
 * GR_DOM_MAX_CELLS (else GR_ELIMIT): gr_dom_outcome's answer, on its own
 * gr_dom (the larger boards by a 128-bit search, domineering_wide.c), and
 * the search's counts in *stats. */
#define GR_DOM_OUTCOME_MAX_CELLS 100
#define GR_DOM_OUTCOME_MAX_SIDE 10
gr_status gr_dom_outcome_board(gr_arena *arena, gr_cgt_store *store, uint32_t rows, uint32_t cols,
                               const uint8_t *empty, const gr_search_opts *opts, bool *left_wins,
                               gr_dom_move *left_move, bool *right_wins, gr_dom_move *right_move,
                               gr_search_stats *stats);

/* Regions expanded by the searches so far, and the transposition-table
 * sizes (benchmarks and tests). */
void gr_dom_stats(const gr_dom *g, gr_search_stats *out);

#endif
