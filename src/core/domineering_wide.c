/*
 * Domineering's outcome on boards of 65 to 100 cells, at most 10 rows and
 * 10 columns (gr_dom_outcome_board): the proof search of
 * domineering_engine.h on a 128-bit word, cell (r, c) bit 11r + c.  The
 * eleventh column is a guard, never set, so a shift by one never carries
 * a cell into the next row's first one; the 8 x 8 frame's tricks that
 * need a square of 8 (the transposition by delta swaps, the mirrors by
 * byte swaps) are replaced by carrying each position with its
 * transposition (the engine does) and by mirroring row by row for the
 * table key.  docs/partizan.md "Domineering", outcome search.
 */
#include <string.h>

#include "core/domineering_search.h"
#include "core/search_budget.h"

typedef unsigned __int128 gr_u128;

#define GR_DOMW_S 11 /* the row stride: 10 columns and a guard */
#define GR_DOMW_N 10
/* entries of the table at most (16 bytes each, 512 MiB): the searches of
 * 10 x 8 and 9 x 9 open tens of millions of positions, and a table of an
 * eighth of the nodes costs a search nearly twice the nodes of one that
 * keeps them all (8 x 9 with Left first: 2.39 M nodes with 2^17 entries,
 * 1.49 M with 2^19, 1.30 M with 2^21).  It starts small and doubles while
 * the arena has room: a request's memory limit caps it (the daemon's
 * default, 512 MiB, at 2^24 entries).  -DGR_DOMW_TT_MAX=... for an
 * experiment. */
#ifndef GR_DOMW_TT_MAX
#define GR_DOMW_TT_MAX (1u << 25)
#endif
#define GR_DOMW_KHI ((1ULL << 45) - 1) /* a key's bits 64-108, in an entry's hi */

static const gr_u128 gr_domw_col0 = ((gr_u128)0x801002004ULL << 64) | 0x80100200400801ULL;
static const gr_u128 gr_domw_coll = ((gr_u128)0x100200400801ULL << 64) | 0x20040080100200ULL;

static inline int gr_domw_pop64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int gr_domw_pop(gr_u128 x)
{
    return gr_domw_pop64((uint64_t)x) + gr_domw_pop64((uint64_t)(x >> 64));
}

static inline unsigned gr_domw_ctz(gr_u128 x)
{
    uint64_t lo = (uint64_t)x;
    return lo != 0 ? (unsigned)__builtin_ctzll(lo) : 64 + (unsigned)__builtin_ctzll((uint64_t)(x >> 64));
}

/* The 10 cells of a row in reverse order. */
static inline unsigned gr_domw_rev10(unsigned v)
{
    v = ((v >> 1) & 0x5555u) | ((v & 0x5555u) << 1);
    v = ((v >> 2) & 0x3333u) | ((v & 0x3333u) << 2);
    v = ((v >> 4) & 0x0F0Fu) | ((v & 0x0F0Fu) << 4);
    v = ((v >> 8) & 0x00FFu) | ((v & 0x00FFu) << 8);
    return v >> 6;
}

/* The least of x's four orientation-keeping mirrors (the row order
 * reversed, each row reversed, both), each moved up and left until it
 * touches row 0 and column 0: the table key, as gr_dom8_key's. */
static gr_u128 gr_domw_key(gr_u128 x)
{
    if (x == 0) {
        return 0;
    }
    unsigned rows[GR_DOMW_N], cols = 0;
    for (unsigned r = 0; r < GR_DOMW_N; r++) {
        rows[r] = (unsigned)(x >> (GR_DOMW_S * r)) & 0x3FFu;
        cols |= rows[r];
    }
    unsigned r0 = 0, r1 = GR_DOMW_N - 1;
    while (rows[r0] == 0) {
        r0++;
    }
    while (rows[r1] == 0) {
        r1--;
    }
    unsigned c0 = (unsigned)__builtin_ctz(cols), c1 = 9 - (31 - (unsigned)__builtin_clz(cols));
    gr_u128 k = x >> (GR_DOMW_S * r0 + c0), v = 0, h = 0, vh = 0;
    for (unsigned i = 0; i <= r1 - r0; i++) {
        unsigned sh = GR_DOMW_S * i;
        unsigned down = rows[r1 - i];
        v |= (gr_u128)(down >> c0) << sh;
        h |= (gr_u128)(gr_domw_rev10(rows[r0 + i]) >> c1) << sh;
        vh |= (gr_u128)(gr_domw_rev10(down) >> c1) << sh;
    }
    if (v < k) {
        k = v;
    }
    if (h < k) {
        k = h;
    }
    return vh < k ? vh : k;
}

static size_t gr_domw_hash(gr_u128 k)
{
    return gr_dom_mix64((uint64_t)k ^ ((uint64_t)(k >> 64) * 0x9E3779B97F4A7C15ULL));
}

/* A proof's nodes as an entry's 18-bit work: one more than the nodes below
 * 2^17, 2^17 + nodes / 2^14 above (at most 2^18 - 1): never 0, and never
 * smaller for a larger proof. */
static inline uint64_t gr_domw_work(uint64_t nodes)
{
    uint64_t n = nodes + 1, big = (1ULL << 17) + (nodes >> 14);
    return n < (1ULL << 17) ? n : big < (1ULL << 18) ? big : (1ULL << 18) - 1;
}

#define GE(name) gr_domw_##name
#define GE_W gr_u128
#define GE_ONE ((gr_u128)1)
#define GE_S GR_DOMW_S
#define GE_N GR_DOMW_N
#define GE_ROWMASK 0x3FFu
#define GE_COL0 gr_domw_col0
#define GE_COLL gr_domw_coll
#define GE_POP(x) gr_domw_pop(x)
#define GE_CTZ(x) gr_domw_ctz(x)
#define GE_KEY(x) gr_domw_key(x)
#define GE_PAIRS(g, row) ((g)->pairs10[row])
#define GE_ENTRY gr_domw_entry
#define GE_TT(g) ((g)->ttw)
#define GE_EKEY(e) (((gr_u128)((e).hi & GR_DOMW_KHI) << 64) | (e).lo)
#define GE_EKEY_EQ(e, k) ((e).lo == (uint64_t)(k) && ((e).hi & GR_DOMW_KHI) == (uint64_t)((k) >> 64))
#define GE_EWORK(e) ((e).hi >> 46)
#define GE_EWINS(e) (((e).hi >> 45) & 1)
#define GE_ESET(e, k, w, n)                                                                        \
    ((e).lo = (uint64_t)(k),                                                                       \
     (e).hi = (uint64_t)((k) >> 64) | (uint64_t)(w) << 45 | gr_domw_work(n) << 46)
#define GE_WAYS 4
#define GE_HASH(k) gr_domw_hash(k)
#define GE_TT_MAX GR_DOMW_TT_MAX
#define GE_PV(g) ((g)->pvw)
#define GE_MAXMOVES 90
#include "core/domineering_engine.h"

/* Whether `side`, moving first, wins the board (x, its transposition tx,
 * as Left sees it) and then such a move. */
static gr_status gr_domw_side(gr_dom *g, gr_u128 x, gr_u128 tx, unsigned side, bool *wins,
                              gr_dom_move *mv)
{
    if (side == GR_DOM_RIGHT) {
        gr_u128 t = x;
        x = tx;
        tx = t;
    }
    unsigned i = 0;
    gr_status s = gr_domw_solve_root(g, x, tx, side, wins, &i);
    if (s != GR_OK || !*wins) {
        return s;
    }
    unsigned r = i / GR_DOMW_S, c = i % GR_DOMW_S;
    /* Right's move is Left's in the transposed board */
    mv->r = side == GR_DOM_LEFT ? r : c;
    mv->c = side == GR_DOM_LEFT ? c : r;
    mv->after = gr_cgt_zero(g->vs.store); /* not valued: no canonical form wanted */
    return GR_OK;
}

/* The row pairs, the table and the board (x, its transposition tx) of a
 * wide search. */
static gr_status gr_domw_setup(gr_dom *g, const uint8_t *empty, gr_u128 *x, gr_u128 *tx)
{
    for (unsigned v = 0; v < 1024; v++) {
        /* floor(run / 2) over the runs of v: a pair wherever a run's
         * next two cells are set */
        unsigned n = 0;
        for (unsigned b = 0; b < 10; b++) {
            if (((v >> b) & 3u) == 3u) {
                n++;
                b++;
            }
        }
        g->pairs10[v] = (uint8_t)n;
    }
    *x = *tx = 0;
    for (uint32_t r = 0; r < g->rows; r++) {
        for (uint32_t c = 0; c < g->cols; c++) {
            if (empty[r * g->cols + c]) {
                *x |= (gr_u128)1 << (GR_DOMW_S * r + c);
                *tx |= (gr_u128)1 << (GR_DOMW_S * c + r);
            }
        }
    }
    return gr_domw_init(g, g->rows, g->cols, (size_t)1 << 16);
}

gr_status gr_dom_solvew(gr_dom *g, const uint8_t *empty, bool *left_wins, gr_dom_move *left_move,
                        bool *right_wins, gr_dom_move *right_move)
{
    gr_u128 x, tx;
    gr_status s = gr_domw_setup(g, empty, &x, &tx);
    if (s == GR_OK) {
        s = gr_domw_side(g, x, tx, GR_DOM_LEFT, left_wins, left_move);
    }
    if (s == GR_OK && x == tx) {
        /* a board symmetric about its diagonal is its own transposition:
         * Right moving first is Left moving first, the move turned */
        *right_wins = *left_wins;
        if (*left_wins) {
            *right_move = (gr_dom_move){left_move->c, left_move->r, left_move->after};
        }
    } else if (s == GR_OK) {
        s = gr_domw_side(g, x, tx, GR_DOM_RIGHT, right_wins, right_move);
    }
    return s;
}

/* A board of at most 10 rows and 10 columns (and 100 cells) by the wide
 * search (up to 8 x 8 by the 64-bit one), for one player moving first: bench/partizan_bench's "outcome1",
 * so that each side is timed alone. */
gr_status gr_dom_outcome_side(gr_arena *arena, gr_cgt_store *store, uint32_t rows, uint32_t cols,
                              const uint8_t *empty, const gr_search_opts *opts, unsigned side,
                              bool *wins, gr_dom_move *mv, gr_search_stats *stats)
{
    if (rows > GR_DOM_OUTCOME_MAX_SIDE || cols > GR_DOM_OUTCOME_MAX_SIDE || (uint64_t)rows * cols > GR_DOM_OUTCOME_MAX_CELLS) {
        return GR_ELIMIT;
    }
    if (rows <= 8 && cols <= 8) {
        /* the 64-bit search, as gr_dom_outcome asks it */
        gr_dom *g8;
        gr_status s = gr_dom_create(arena, store, rows, cols, empty, opts, &g8);
        if (s == GR_OK) {
            s = gr_dom_solve8(g8, side, wins, mv);
            gr_dom_stats(g8, stats);
        }
        return s;
    }
    gr_dom *g = gr_value_search_new(arena, sizeof(gr_dom), store, opts);
    if (g == NULL) {
        return GR_ENOMEM;
    }
    g->rows = rows, g->cols = cols;
    gr_u128 x, tx;
    gr_status s = gr_domw_setup(g, empty, &x, &tx);
    if (s == GR_OK) {
        s = gr_domw_side(g, x, tx, side, wins, mv);
    }
    gr_dom_stats(g, stats);
    return s;
}

gr_status gr_dom_outcome_board(gr_arena *arena, gr_cgt_store *store, uint32_t rows, uint32_t cols,
                               const uint8_t *empty, const gr_search_opts *opts, bool *left_wins,
                               gr_dom_move *left_move, bool *right_wins, gr_dom_move *right_move,
                               gr_search_stats *stats)
{
    if ((uint64_t)rows * cols > GR_DOM_MAX_CELLS) {
        if (rows > GR_DOM_OUTCOME_MAX_SIDE || cols > GR_DOM_OUTCOME_MAX_SIDE ||
            (uint64_t)rows * cols > GR_DOM_OUTCOME_MAX_CELLS) {
            return GR_ELIMIT;
        }
        /* gr_dom_create stops at 64 cells: the search needs only the
         * budget, the arena and the size */
        gr_dom *g = gr_value_search_new(arena, sizeof(gr_dom), store, opts);
        gr_status s = g == NULL ? GR_ENOMEM : GR_OK;
        if (s == GR_OK) {
            g->rows = rows, g->cols = cols;
            s = gr_dom_solvew(g, empty, left_wins, left_move, right_wins, right_move);
            gr_dom_stats(g, stats);
        }
        return s;
    }
    gr_dom *g;
    gr_status s = gr_dom_create(arena, store, rows, cols, empty, opts, &g);
    if (s == GR_OK) {
        s = gr_dom_outcome(g, left_wins, left_move, right_wins, right_move);
        gr_dom_stats(g, stats);
    }
    return s;
}
