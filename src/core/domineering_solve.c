/*
 * Domineering's outcome on boards of at most 8 x 8 by a bitboard proof
 * search (gr_dom_solve8), after Bullock's Obsequi (2002); docs/partizan.md
 * "Domineering", outcome search, "Boards up to 8×8" (the bounds proved).
 *
 * The board is one word, cell (r, c) bit 8r + c, whatever its size (the
 * cells outside it are filled).  The search itself (bounds, ordering,
 * table, explicit stack) is domineering_engine.h, shared with the 128-bit
 * search of larger boards (domineering_wide.c); this file gives it the
 * word's tricks: the transposition in three delta swaps, the mirrors by
 * byte swaps, a row's pairs by a table of 256.
 */
#include "core/domineering_search.h"

#define GR_DOM8_TT_MAX (1u << 21) /* entries at most (16 bytes each): the fastest on 8 x 8 */

/* A population count in a few instructions whatever the target (the
 * compiler's builtin is a library call without -mpopcnt). */
static inline int gr_dom8_pop(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static const uint64_t gr_dom8_col0 = 0x0101010101010101ULL;
static const uint64_t gr_dom8_col7 = 0x8080808080808080ULL;

static uint64_t gr_dom8_transpose(uint64_t x)
{
    /* the flip about the main diagonal in three delta swaps */
    uint64_t t;
    t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

/* Each row's cells in reverse order (the mirror across the middle column
 * of the 8 x 8 frame). */
static uint64_t gr_dom8_hflip(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

/* The least of x's four orientation-keeping mirrors, each moved up and
 * left until it touches row 0 and column 0.  The shifts
 * come from x's first and last rows and columns: a mirror's first row is
 * x's last, mirrored.  Moving right by the least column never carries a
 * bit into the row below: every row's cells sit at or right of it. */
static uint64_t gr_dom8_key(uint64_t x)
{
    if (x == 0) {
        return 0;
    }
    uint64_t cols = x | (x >> 32);
    cols |= cols >> 16;
    cols |= cols >> 8;
    cols &= 0xFF;
    unsigned r0 = (unsigned)__builtin_ctzll(x) & ~7u,
             r1 = 56 - ((63 - (unsigned)__builtin_clzll(x)) & ~7u);
    unsigned c0 = (unsigned)__builtin_ctzll(cols),
             c1 = 7 - (31 - (unsigned)__builtin_clz((unsigned)cols));
    uint64_t h = gr_dom8_hflip(x);
    uint64_t k = x >> (r0 + c0), c;
    if ((c = __builtin_bswap64(x) >> (r1 + c0)) < k) {
        k = c;
    }
    if ((c = h >> (r0 + c1)) < k) {
        k = c;
    }
    if ((c = __builtin_bswap64(h) >> (r1 + c1)) < k) {
        k = c;
    }
    return k;
}

/* floor(run / 2) summed over the runs of set bits of a byte: the most
 * dominoes that fit at once in one row of 8 cells. */
static const uint8_t gr_dom8_row_pairs[256] = {
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2,
    1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 1, 1, 1, 2, 1, 1, 2, 2, 2, 2, 2, 3, 2, 2, 3, 3,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3,
    1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 1, 1, 1, 2, 1, 1, 2, 2, 2, 2, 2, 3, 2, 2, 3, 3,
    1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2, 3, 3, 2, 2, 2, 3, 3, 3, 3, 4,
};

#define GE(name) gr_dom8_##name
#define GE_W uint64_t
#define GE_ONE 1ULL
#define GE_S 8
#define GE_N 8
#define GE_ROWMASK 0xFFu
#define GE_COL0 gr_dom8_col0
#define GE_COLL gr_dom8_col7
#define GE_POP(x) gr_dom8_pop(x)
#define GE_CTZ(x) __builtin_ctzll(x)
#define GE_KEY(x) gr_dom8_key(x)
#define GE_PAIRS(g, row) gr_dom8_row_pairs[row]
#define GE_ENTRY gr_dom8_entry
#define GE_TT(g) ((g)->tt8)
#define GE_EKEY(e) ((e).key)
#define GE_EKEY_EQ(e, k) ((e).key == (k))
#define GE_EWORK(e) ((e).work)
#define GE_EWINS(e) ((e).wins)
#define GE_ESET(e, k, w, n)                                                                        \
    ((e).key = (k), (e).work = (n) >= UINT32_MAX ? UINT32_MAX : (uint32_t)((n) + 1),              \
     (e).wins = (uint8_t)(w))
#define GE_WAYS 2
#define GE_HASH(k) gr_dom_mix64(k)
#define GE_TT_MAX GR_DOM8_TT_MAX
#define GE_PV(g) ((g)->pv8)
#define GE_MAXMOVES 56
#include "core/domineering_engine.h"

gr_status gr_dom_solve8(gr_dom *g, unsigned side, bool *wins, gr_dom_move *mv)
{
    /* a board of 48 empty cells or more fills the largest table: it
     * starts there rather than doubling its way up (each doubling
     * touches every entry again) */
    gr_status s = gr_dom8_init(g, g->rows, g->cols,
                               __builtin_popcountll(g->empty) >= 48 ? GR_DOM8_TT_MAX : GE_TT_FIRST);
    if (s != GR_OK) {
        return s;
    }
    uint64_t x = 0;
    for (uint64_t m = g->empty; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        x |= 1ULL << ((i / g->cols) * 8 + i % g->cols);
    }
    uint64_t tx = gr_dom8_transpose(x);
    if (side == GR_DOM_RIGHT) {
        uint64_t t = x;
        x = tx;
        tx = t;
    }
    unsigned i = 0;
    if ((s = gr_dom8_solve_root(g, x, tx, side, wins, &i)) != GR_OK || !*wins) {
        return s;
    }
    unsigned r = i / 8, c = i % 8;
    /* Right's move is Left's in the transposed board */
    mv->r = side == GR_DOM_LEFT ? r : c;
    mv->c = side == GR_DOM_LEFT ? c : r;
    mv->after = gr_cgt_zero(g->vs.store); /* not valued: no canonical form wanted */
    return GR_OK;
}
