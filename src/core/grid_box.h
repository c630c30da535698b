/*
 * A region of a bitboard grid cut to its bounding box, for the games whose
 * key is the region under the box's symmetries (Cram, Domineering).  A
 * grid of width w holds cell (r, c) at bit r * w + c, at most 64 cells.
 */
#ifndef GR_GRID_BOX_H
#define GR_GRID_BOX_H

#include <stdint.h>

/* The non-empty region comp of a grid of width w in its bounding box:
 * rows[i] is the box's row i with the box's first column at bit 0, *h the
 * box's height and *bw its width. */
static inline void gr_grid_box(uint64_t comp, unsigned w, uint64_t rows[64], unsigned *h,
                               unsigned *bw)
{
    unsigned r0 = (unsigned)__builtin_ctzll(comp) / w;
    unsigned r1 = (63 - (unsigned)__builtin_clzll(comp)) / w;
    uint64_t low = w >= 64 ? ~0ULL : (1ULL << w) - 1, colmask = 0;
    *h = r1 - r0 + 1;
    for (unsigned i = 0; i < *h; i++) {
        rows[i] = (comp >> ((r0 + i) * w)) & low; /* (r0 + i) * w <= 63: the row holds a cell */
        colmask |= rows[i];
    }
    unsigned c0 = (unsigned)__builtin_ctzll(colmask);
    *bw = 64 - (unsigned)__builtin_clzll(colmask) - c0;
    for (unsigned i = 0; i < *h; i++) {
        rows[i] >>= c0;
    }
}

/* The box's columns (its transposition): bit i of cols[j] is bit j of
 * rows[i]. */
static inline void gr_grid_columns(const uint64_t *rows, unsigned h, unsigned bw, uint64_t cols[64])
{
    for (unsigned j = 0; j < bw; j++) {
        cols[j] = 0;
        for (unsigned i = 0; i < h; i++) {
            cols[j] |= ((rows[i] >> j) & 1) << i;
        }
    }
}

#endif
