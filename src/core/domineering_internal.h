/*
 * Domineering's bitboards, shared by the value search
 * (domineering_value.c) and the outcome search (domineering_outcome.c).
 *
 * A region is a set of empty cells in a box of width w: cell (r, c) is bit
 * r * w + c (the box has at most 64 cells, so one word).  Its key is the
 * region cut to its bounding box and turned by the orientation-preserving
 * symmetry of the box (identity, the row mirror, the column mirror, both)
 * or by the transposition composed with one of them, whichever gives the
 * least (width, bits): the narrower reading of a box that is not square,
 * the least bits among the eight of a square one.  A box of at most 8 x 8
 * (every region of a board up to 8 x 8) is packed instead a byte a row,
 * width 8, whatever its own width: the key is then the least of all eight
 * images in that packing, found by word operations, and the search below
 * it works on width-8 boards only.  The four mirrors keep every vertical domino
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

/* Column 0 of a box of width w, for w = 1 .. 64 (bits 0, w, 2w, ...). */
static const uint64_t gr_dom_first_cols[65] = {
    0,
    0xffffffffffffffffULL, 0x5555555555555555ULL, 0x9249249249249249ULL,
    0x1111111111111111ULL, 0x1084210842108421ULL, 0x1041041041041041ULL,
    0x8102040810204081ULL, 0x0101010101010101ULL, 0x8040201008040201ULL,
    0x1004010040100401ULL, 0x0080100200400801ULL, 0x1001001001001001ULL,
    0x0010008004002001ULL, 0x0100040010004001ULL, 0x1000200040008001ULL,
    0x0001000100010001ULL, 0x0008000400020001ULL, 0x0040001000040001ULL,
    0x0200004000080001ULL, 0x1000010000100001ULL, 0x8000040000200001ULL,
    0x0000100000400001ULL, 0x0000400000800001ULL, 0x0001000001000001ULL,
    0x0004000002000001ULL, 0x0010000004000001ULL, 0x0040000008000001ULL,
    0x0100000010000001ULL, 0x0400000020000001ULL, 0x1000000040000001ULL,
    0x4000000080000001ULL, 0x0000000100000001ULL, 0x0000000200000001ULL,
    0x0000000400000001ULL, 0x0000000800000001ULL, 0x0000001000000001ULL,
    0x0000002000000001ULL, 0x0000004000000001ULL, 0x0000008000000001ULL,
    0x0000010000000001ULL, 0x0000020000000001ULL, 0x0000040000000001ULL,
    0x0000080000000001ULL, 0x0000100000000001ULL, 0x0000200000000001ULL,
    0x0000400000000001ULL, 0x0000800000000001ULL, 0x0001000000000001ULL,
    0x0002000000000001ULL, 0x0004000000000001ULL, 0x0008000000000001ULL,
    0x0010000000000001ULL, 0x0020000000000001ULL, 0x0040000000000001ULL,
    0x0080000000000001ULL, 0x0100000000000001ULL, 0x0200000000000001ULL,
    0x0400000000000001ULL, 0x0800000000000001ULL, 0x1000000000000001ULL,
    0x2000000000000001ULL, 0x4000000000000001ULL, 0x8000000000000001ULL,
    0x0000000000000001ULL,
};

/* The columns 0 and w - 1 of a box of width w (1 <= w <= 64): a table,
 * as the flood fill and every placement count ask for them. */
static inline uint64_t gr_dom_first_col(unsigned w)
{
    return gr_dom_first_cols[w];
}
static inline uint64_t gr_dom_last_col(unsigned w)
{
    return gr_dom_first_cols[w] << (w - 1);
}

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
