/*
 * Domineering's bitboards (domineering_internal.h): columns, regions by
 * flood fill, and the key of a region under the symmetries that keep a
 * domino's orientation (and the transposition, which negates).
 */
#include "core/domineering_internal.h"
#include "core/grid_box.h"

static inline uint64_t gr_dom_shl(uint64_t x, unsigned n)
{
    return n >= 64 ? 0 : x << n;
}
static inline uint64_t gr_dom_shr(uint64_t x, unsigned n)
{
    return n >= 64 ? 0 : x >> n;
}

uint64_t gr_dom_region(uint64_t rest, unsigned w)
{
    uint64_t comp = rest & -rest, prev;
    uint64_t not_first = ~gr_dom_first_col(w), not_last = ~gr_dom_last_col(w);
    do {
        prev = comp;
        comp |= ((comp << 1) & not_first) | ((comp >> 1) & not_last) | gr_dom_shl(comp, w) |
                gr_dom_shr(comp, w);
        comp &= rest;
    } while (comp != prev);
    return comp;
}

static uint64_t gr_dom_rev(uint64_t x, unsigned n)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = __builtin_bswap64(x);
    return n == 0 ? 0 : x >> (64 - n);
}

/* The least of the four mirrors of a box of width w packed row after row
 * (p) and with its rows in reverse order (v), n = height * w bits, into
 * *best (compared as (bits, width), then the transposition flag).
 * Reversing all n bits turns the box by 180 degrees, so the column mirror
 * is the reversed v and both mirrors the reversed p. */
static void gr_dom_mirrors(uint64_t p, uint64_t v, unsigned n, unsigned w, bool neg,
                           gr_dom_key *best)
{
    uint64_t cand[4] = {p, v, gr_dom_rev(v, n), gr_dom_rev(p, n)};
    for (unsigned k = 0; k < 4; k++) {
        if (cand[k] < best->bits || (cand[k] == best->bits && w < best->w)) {
            best->bits = cand[k];
            best->w = (uint8_t)w;
            best->neg = neg;
        }
    }
}

gr_dom_key gr_dom_key_of(uint64_t comp, unsigned w)
{
    gr_dom_key best = {~0ULL, 255, false};
    if (comp == 0) {
        best.bits = 0;
        best.w = 1;
        return best;
    }
    uint64_t rows[64];
    unsigned h, bw;
    gr_grid_box(comp, w, rows, &h, &bw);
    /* the box (bw wide) and its transposition (h wide), each packed and
     * with its rows reversed; the transposition cell by cell, as a region
     * has fewer cells than its box has bits to move */
    uint64_t p = 0, v = 0, tp = 0, tv = 0;
    /* the key is the least (width, bits): the narrower reading of the box
     * alone when it is not square, so a box taller than wide is never
     * transposed and a wider one only transposed (a quarter of the value
     * search's time was keying) */
    bool plain = bw <= h, turned = h <= bw;
    for (unsigned i = 0; i < h; i++) { /* i * bw < h * bw <= 64 */
        p |= rows[i] << (i * bw);
        v |= rows[h - 1 - i] << (i * bw);
        for (uint64_t x = turned ? rows[i] : 0; x != 0; x &= x - 1) {
            unsigned j = (unsigned)__builtin_ctzll(x);
            tp |= 1ULL << (j * h + i);
            tv |= 1ULL << ((bw - 1 - j) * h + i);
        }
    }
    if (plain) {
        gr_dom_mirrors(p, v, h * bw, bw, false, &best);
    }
    if (turned) {
        gr_dom_mirrors(tp, tv, h * bw, h, true, &best);
    }
    /* a region equal to its own transposition (up to mirrors) has value
     * G = -G, so 0; the flag then does not matter, but it must be one
     * value for equal regions: prefer the untransposed reading */
    return best;
}
