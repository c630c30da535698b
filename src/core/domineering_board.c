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

uint64_t gr_dom_first_col(unsigned w)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < 64; i += w) {
        m |= 1ULL << i;
    }
    return m;
}

uint64_t gr_dom_last_col(unsigned w)
{
    return gr_dom_first_col(w) << (w - 1);
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

static uint64_t gr_dom_pack(const uint64_t *rows, unsigned h, unsigned w)
{
    uint64_t bits = 0;
    for (unsigned i = 0; i < h; i++) {
        bits |= gr_dom_shl(rows[i], i * w);
    }
    return bits;
}

/* The least of the four mirrors of a box of h rows of width w, into *best
 * (compared as (bits, width), then the transposition flag). */
static void gr_dom_mirrors(const uint64_t *rows, unsigned h, unsigned w, bool neg, gr_dom_key *best)
{
    uint64_t v[64], hf[64], vh[64];
    for (unsigned i = 0; i < h; i++) {
        v[i] = rows[h - 1 - i];
        hf[i] = gr_dom_rev(rows[i], w);
    }
    for (unsigned i = 0; i < h; i++) {
        vh[i] = hf[h - 1 - i];
    }
    uint64_t cand[4] = {gr_dom_pack(rows, h, w), gr_dom_pack(v, h, w), gr_dom_pack(hf, h, w),
                        gr_dom_pack(vh, h, w)};
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
    uint64_t rows[64], cols[64];
    unsigned h, bw;
    gr_grid_box(comp, w, rows, &h, &bw);
    gr_grid_columns(rows, h, bw, cols);
    gr_dom_mirrors(rows, h, bw, false, &best);
    gr_dom_mirrors(cols, bw, h, true, &best);
    /* a region equal to its own transposition (up to mirrors) has value
     * G = -G, so 0; the flag then does not matter, but it must be one
     * value for equal regions: prefer the untransposed reading */
    return best;
}
