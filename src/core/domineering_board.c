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
    if (w == 8) { /* the keys' packing (domineering_internal.h): masks known */
        do {
            prev = comp;
            comp |= ((comp << 1) & ~0x0101010101010101ULL) | ((comp >> 1) & ~0x8080808080808080ULL) |
                    comp << 8 | comp >> 8;
            comp &= rest;
        } while (comp != prev);
        return comp;
    }
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

/* The bits of every byte in reverse order: the column mirror of a box
 * packed a byte a row (then shifted down by 8 - its width). */
static inline uint64_t gr_dom_rev_bytes(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

/* The transposition of an 8x8 board a byte a row (bit 8r + c to 8c + r),
 * by three delta swaps (the chess programmers' flip about the a1-h8
 * diagonal). */
static inline uint64_t gr_dom_flip8(uint64_t x)
{
    uint64_t t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    return x ^ t ^ (t >> 7);
}

/* The key of a region whose box (h rows, bw columns, both <= 8) is packed
 * a byte a row in x, its first cell column at bit 0 of its byte: the
 * least of its eight images in that packing, width 8.  Every image is a
 * few word operations (a byte swap reverses the rows, a reversal within
 * the bytes the columns, three delta swaps transpose), where the general
 * key packs rows one by one and transposes cell by cell (keying was a
 * fifth of a value search, issue 37 item 3). */
static gr_dom_key gr_dom_key8(uint64_t x, unsigned h, unsigned bw)
{
    /* a shift by whole bytes commutes with the reversal within bytes, so
     * the both-ways mirror is the byte swap of the column mirror */
    uint64_t t = gr_dom_flip8(x), rx = gr_dom_rev_bytes(x), rt = gr_dom_rev_bytes(t);
    uint64_t plain[4] = {x, __builtin_bswap64(x) >> (64 - 8 * h), rx >> (8 - bw),
                         (__builtin_bswap64(rx) >> (64 - 8 * h)) >> (8 - bw)};
    uint64_t turned[4] = {t, __builtin_bswap64(t) >> (64 - 8 * bw), rt >> (8 - h),
                          (__builtin_bswap64(rt) >> (64 - 8 * bw)) >> (8 - h)};
    gr_dom_key best = {plain[0], 8, false};
    for (unsigned k = 1; k < 4; k++) {
        best.bits = plain[k] < best.bits ? plain[k] : best.bits;
    }
    /* a region equal to its own transposition (up to mirrors) has value
     * G = -G, so 0; the flag then does not matter, but it must be one
     * value for equal regions: the untransposed reading wins a tie */
    for (unsigned k = 0; k < 4; k++) {
        if (turned[k] < best.bits) {
            best.bits = turned[k];
            best.neg = true;
        }
    }
    return best;
}

gr_dom_key gr_dom_key_of(uint64_t comp, unsigned w)
{
    gr_dom_key best = {~0ULL, 255, false};
    if (comp == 0) {
        best.bits = 0;
        best.w = 1;
        return best;
    }
    if (w == 8) { /* the keys' own packing: the box by shifts alone */
        uint64_t f = comp | comp >> 32;
        f |= f >> 16;
        f = (f | f >> 8) & 0xff;
        unsigned r0 = (unsigned)__builtin_ctzll(comp) / 8, c0 = (unsigned)__builtin_ctzll(f);
        unsigned h = (63 - (unsigned)__builtin_clzll(comp)) / 8 - r0 + 1;
        return gr_dom_key8(comp >> (8 * r0 + c0), h, 64 - (unsigned)__builtin_clzll(f) - c0);
    }
    uint64_t rows[64];
    unsigned h, bw;
    gr_grid_box(comp, w, rows, &h, &bw);
    if (h <= 8 && bw <= 8) {
        uint64_t x = 0;
        for (unsigned i = 0; i < h; i++) {
            x |= rows[i] << (8 * i);
        }
        return gr_dom_key8(x, h, bw);
    }
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
