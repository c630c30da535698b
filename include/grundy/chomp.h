/*
 * Chomp: a board of columns of squares, column heights never increasing
 * to the right.  A move takes a square (col, row) other than the poisoned
 * (0, 0) together with every square (col', row') with col' >= col and
 * row' >= row; the player left with only the poisoned square has lost
 * (so a 1 x 1 board is lost for the player to move).  Solved by the
 * search engine (include/grundy/search.h).
 */
#ifndef GRUNDY_CHOMP_H
#define GRUNDY_CHOMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/search.h"
#include "grundy/status.h"

/* Limits: columns + rows <= GR_CHOMP_MAX_SPAN (the boundary is a 64-bit
 * word) and at most GR_CHOMP_MAX_CELLS squares (a move per square). */
#define GR_CHOMP_MAX_SPAN 63
#define GR_CHOMP_MAX_CELLS 256

typedef struct gr_chomp gr_chomp;

typedef struct gr_chomp_move {
    uint32_t col, row;
    unsigned grundy; /* the value after the move */
} gr_chomp_move;

/* Column heights h[0..ncols): each >= 1 and at most the one to its left,
 * else GR_EINVAL with *bad = the offending column; ncols == 0 is
 * GR_EINVAL; past the limits GR_ELIMIT. */
gr_status gr_chomp_create(gr_arena *arena, const uint32_t *heights, size_t ncols,
                          const gr_search_opts *opts, gr_chomp **out, size_t *bad);

gr_status gr_chomp_value(gr_chomp *g, unsigned *value);

/* Moves by column, then row; target and count_all as gr_nk_moves. */
gr_status gr_chomp_moves(gr_chomp *g, int target, gr_chomp_move *out, size_t max, bool count_all,
                         size_t *count);

void gr_chomp_stats(const gr_chomp *g, gr_search_stats *out);

/* g as the engine's generic game (include/grundy/search.h): the same value
 * and moves through gr_search_value / gr_search_moves. */
gr_search_root *gr_chomp_root(gr_chomp *g);

#endif
