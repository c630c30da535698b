/*
 * Cram: players in turn cover two orthogonally adjacent empty cells of a
 * board with a domino; who cannot move loses.  Solved by the search engine
 * (include/grundy/search.h): every connected region of empty cells is a
 * component, searched in a canonical form up to the board's reflections and
 * rotations, and the values are XORed.
 */
#ifndef GRUNDY_CRAM_H
#define GRUNDY_CRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_CRAM_MAX_CELLS 64 /* rows * cols */

typedef struct gr_cram gr_cram;

typedef struct gr_cram_move {
    uint32_t r1, c1, r2, c2; /* (r1, c1) < (r2, c2); same row or same column */
    unsigned grundy;         /* the value after the move */
} gr_cram_move;

/* A rows x cols board (both >= 1, rows * cols <= GR_CRAM_MAX_CELLS, else
 * GR_ELIMIT) with blocked cells (blocked[2i], blocked[2i+1]) = (row, col),
 * i < nblocked; a cell off the board is GR_EINVAL with *bad = i.  A cell
 * blocked twice is simply blocked. */
gr_status gr_cram_create(gr_arena *arena, uint32_t rows, uint32_t cols, const uint32_t *blocked,
                         size_t nblocked, const gr_search_opts *opts, gr_cram **out, size_t *bad);

gr_status gr_cram_value(gr_cram *g, unsigned *value);

/* Moves in board order (by first cell, the horizontal domino first);
 * target and count_all as gr_nk_moves. */
gr_status gr_cram_moves(gr_cram *g, int target, gr_cram_move *out, size_t max, bool count_all,
                        size_t *count);

void gr_cram_stats(const gr_cram *g, gr_search_stats *out);

/* g as the engine's generic game (include/grundy/search.h): the same value
 * and moves through gr_search_value / gr_search_moves. */
gr_search_root *gr_cram_root(gr_cram *g);

#endif
