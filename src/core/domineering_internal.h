/*
 * Domineering's bitboards, shared by the value search
 * (domineering_value.c) and the outcome search (domineering_outcome.c).
 *
 * A region is a set of empty cells in a box of width w: cell (r, c) is bit
 * r * w + c (the box has at most 64 cells, so one word).  Its key is the
 * region cut to its bounding box and turned by the orientation-preserving
 * symmetry of the box (identity, the row mirror, the column mirror, both)
 * or by the transposition composed with one of them, whichever gives the
 * least (bits, width).  The four mirrors keep every vertical domino
 * vertical, so a mirrored region has the same value; the transposition
 * turns Left's dominoes into Right's, so it maps the value G to -G and the
 * key says so (`neg`).
 */
#ifndef GR_DOMINEERING_INTERNAL_H
#define GR_DOMINEERING_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "grundy/domineering.h"

typedef struct gr_dom_key {
    uint64_t bits; /* the region in its box, bit 0 a cell of the box's first row */
    uint8_t w;     /* the box's width (its height is implied by the top bit) */
    bool neg;      /* the key is the transposed region: value(region) = -value(key) */
} gr_dom_key;

/* The columns 0 and w - 1 of a box of width w (1 <= w <= 64). */
uint64_t gr_dom_first_col(unsigned w);
uint64_t gr_dom_last_col(unsigned w);

/* The placements of a region `m` of width w: the first (top) cell of each
 * vertical domino (Left's), the first (left) cell of each horizontal one
 * (Right's). */
static inline uint64_t gr_dom_vert(uint64_t m, unsigned w)
{
    return w >= 64 ? 0 : m & (m >> w);
}
static inline uint64_t gr_dom_horiz(uint64_t m, unsigned w)
{
    return m & (m >> 1) & ~gr_dom_last_col(w);
}

/* The 4-connected region of `rest` (width w) holding its lowest cell. */
uint64_t gr_dom_region(uint64_t rest, unsigned w);

/* Takes the next region of *rest (width w) in which a domino fits out of
 * *rest and returns it, dropping on the way the regions where none fits
 * (their value is 0); 0 when no such region is left. */
static inline uint64_t gr_dom_next_live_region(uint64_t *rest, unsigned w)
{
    while (*rest != 0) {
        uint64_t comp = gr_dom_region(*rest, w);
        *rest &= ~comp;
        if ((gr_dom_vert(comp, w) | gr_dom_horiz(comp, w)) != 0) {
            return comp;
        }
    }
    return 0;
}

/* The key of the region comp (width w). */
gr_dom_key gr_dom_key_of(uint64_t comp, unsigned w);

#endif
