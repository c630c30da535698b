/*
 * Cram on the search engine (src/core/search.c).
 *
 * Encoding.  A region of empty cells is a bitboard: cell (r, c) of a grid
 * of width w is bit r * w + c.  A stored component is canonical: cut to
 * its bounding box (so w is the box's width, carried in the key's tag) and
 * turned by the one of the box's eight symmetries (reflections, and the
 * rotations, which swap the box's sides) that gives the least (bits,
 * width).  Equal shapes anywhere on any board, in any orientation, share
 * one table entry -- igs normalises the same way (games/cram/mod.rs,
 * "normalized"), inside the board's fixed width.
 *
 * A move clears two bits; what is left splits into 4-connected regions
 * (flood fill by shifts), each a component.  A single cell has no move
 * and is dropped; two equal canonical regions cancel (the engine does
 * that).  A region one cell wide is a row of k cells, which is Dawson's
 * Kayles (octal 0.07: a domino takes two adjacent cells and may split the
 * row), so it is valued by formula and never searched.
 *
 * The root (search_root.c): its parts are the board's regions, each
 * valued once, and its candidate moves every cell's horizontal then
 * vertical domino in board order, those off the board or over a blocked
 * cell not being moves.
 */
#include "grundy/cram.h"

#include <stddef.h>
#include <string.h>

#include "core/grid_box.h"
#include "core/search_internal.h"

struct gr_cram {
    gr_search_root root; /* its value and moves (search_root.c) */
    uint32_t rows, cols;
    uint64_t empty;                       /* the board's empty cells, width cols */
    uint64_t first_col[65], last_col[65]; /* per grid width */
    unsigned dawson[GR_CRAM_MAX_CELLS + 1];
    uint64_t *region; /* the root's parts, board coordinates */
    size_t nregion;
};

/* The 4-connected region of `rest` holding its lowest cell. */
static uint64_t gr_cram_region(const gr_cram *g, uint64_t rest, unsigned w)
{
    uint64_t comp = rest & -rest, prev;
    uint64_t not_first = ~g->first_col[w], not_last = ~g->last_col[w];
    do {
        prev = comp;
        comp |= ((comp << 1) & not_first) | ((comp >> 1) & not_last) | (comp << w) | (comp >> w);
        comp &= rest;
    } while (comp != prev);
    return comp;
}

static uint64_t gr_cram_pack(const uint64_t *rows, unsigned h, unsigned w)
{
    uint64_t bits = 0;
    for (unsigned i = 0; i < h; i++) {
        bits |= rows[i] << (i * w);
    }
    return bits;
}

static void gr_cram_best(uint64_t bits, unsigned w, uint64_t *best, unsigned *best_w)
{
    if (bits < *best || (bits == *best && w < *best_w)) {
        *best = bits;
        *best_w = w;
    }
}

/* The four reflections of a box of h rows of width w. */
static void gr_cram_reflections(const uint64_t *rows, unsigned h, unsigned w, uint64_t *best,
                                unsigned *best_w)
{
    uint64_t v[GR_CRAM_MAX_CELLS], hf[GR_CRAM_MAX_CELLS], vh[GR_CRAM_MAX_CELLS];
    for (unsigned i = 0; i < h; i++) {
        v[i] = rows[h - 1 - i];
        hf[i] = gr_search_rev(rows[i], w);
    }
    for (unsigned i = 0; i < h; i++) {
        vh[i] = hf[h - 1 - i];
    }
    gr_cram_best(gr_cram_pack(rows, h, w), w, best, best_w);
    gr_cram_best(gr_cram_pack(v, h, w), w, best, best_w);
    gr_cram_best(gr_cram_pack(hf, h, w), w, best, best_w);
    gr_cram_best(gr_cram_pack(vh, h, w), w, best, best_w);
}

/* A region with its surplus tufts gone.  A tuft is a cell with one
 * neighbour; when a cell is the neighbour of two tufts, one of them can
 * go without changing the value: covering the centre with either tuft
 * leaves the other dead, covering it with anything else leaves both dead,
 * and any other move keeps the picture (igs, "reduced_stars"; its further
 * removal of "bridges" is not used here). */
static uint64_t gr_cram_reduce(const gr_cram *g, uint64_t comp, unsigned w)
{
    uint64_t r = comp & (comp >> 1) & ~g->last_col[w], l = comp & (comp << 1) & ~g->first_col[w];
    uint64_t d = comp & (comp >> w), u = comp & (comp << w);
    uint64_t pairs = (l & r) | (l & u) | (l & d) | (r & u) | (r & d) | (u & d);
    uint64_t tufts = (l ^ r ^ u ^ d) & ~pairs;
    if (tufts == 0) {
        return comp;
    }
    uint64_t seen = 0, drop = 0, c;
    c = (tufts & r) << 1; /* centres of tufts whose neighbour is to the right */
    seen |= c;
    c = (tufts & l) >> 1;
    drop |= (c & seen) << 1;
    seen |= c;
    c = (tufts & d) << w;
    drop |= (c & seen) >> w;
    seen |= c;
    c = (tufts & u) >> w;
    drop |= (c & seen) << w;
    return comp & ~drop;
}

/* Adds the region comp (grid width w) to the move being built. */
static void gr_cram_add(gr_search *s, const gr_cram *g, uint64_t comp, unsigned w)
{
    comp = gr_cram_reduce(g, comp, w);
    unsigned cells = gr_popcount(comp);
    if (cells < 2) {
        return;
    }
    uint64_t rows[GR_CRAM_MAX_CELLS], cols[GR_CRAM_MAX_CELLS];
    unsigned h, bw;
    gr_grid_box(comp, w, rows, &h, &bw);
    if (h == 1 || bw == 1) {
        gr_search_child_add_value(s, g->dawson[cells]);
        return;
    }
    gr_grid_columns(rows, h, bw, cols);
    uint64_t best = ~0ULL;
    unsigned best_w = 65;
    gr_cram_reflections(rows, h, bw, &best, &best_w);
    gr_cram_reflections(cols, bw, h, &best, &best_w);
    gr_search_child_add(s, (gr_skey){best, best_w});
}

/* Every region of rest, added to the move being built. */
static void gr_cram_split(gr_search *s, const gr_cram *g, uint64_t rest, unsigned w)
{
    while (rest != 0) {
        uint64_t comp = gr_cram_region(g, rest, w);
        rest &= ~comp;
        gr_cram_add(s, g, comp, w);
    }
}

static void gr_cram_expand(gr_search *s, const void *ctx, gr_skey pos)
{
    const gr_cram *g = ctx;
    unsigned w = pos.tag;
    uint64_t m = pos.bits;
    uint64_t horiz = m & (m >> 1) & ~g->last_col[w], vert = m & (m >> w);
    for (unsigned pass = 0; pass < 2; pass++) {
        uint64_t starts = pass == 0 ? horiz : vert;
        unsigned step = pass == 0 ? 1 : w;
        for (; starts != 0; starts &= starts - 1) {
            unsigned i = (unsigned)__builtin_ctzll(starts);
            uint64_t domino = (1ULL << i) | (1ULL << (i + step));
            gr_cram_split(s, g, m & ~domino, w);
            gr_search_child_end(s);
        }
    }
}

/* ---- the root (search_root.c): its parts are the board's regions --------- */

/* The components a region leaves (board coordinates), as keys for the
 * engine. */
static void gr_cram_collect(const gr_cram *g, uint64_t rest, gr_search_rest *out)
{
    out->n = 0;
    out->extra = 0;
    unsigned w = g->cols;
    while (rest != 0) {
        uint64_t comp = gr_cram_region(g, rest, w);
        rest &= ~comp;
        unsigned cells = gr_popcount(comp);
        if (cells < 2) {
            continue;
        }
        /* no canonical form needed at the root: the board's own
         * coordinates are a valid key of width cols */
        uint64_t rows[GR_CRAM_MAX_CELLS];
        unsigned h, bw;
        gr_grid_box(comp, w, rows, &h, &bw);
        if (h == 1 || bw == 1) {
            out->extra ^= g->dawson[cells];
            continue;
        }
        /* repack into width bw so the key is the box's, as inside */
        uint64_t bits = 0;
        for (unsigned i = 0; i < h; i++) {
            bits |= rows[i] << (i * bw);
        }
        out->key[out->n++] = (gr_skey){bits, bw};
    }
}

static void gr_cram_part(const void *ctx, size_t t, gr_search_rest *out)
{
    const gr_cram *g = ctx;
    gr_cram_collect(g, g->region[t], out);
}

/* Candidate i is the domino on cell i / 2 and, for i even, its right
 * neighbour, for i odd the cell below: a move when both cells are empty. */
static bool gr_cram_domino(const gr_cram *g, size_t i, unsigned *a, unsigned *b)
{
    unsigned w = g->cols;
    *a = (unsigned)(i / 2);
    *b = i % 2 == 0 ? *a + 1 : *a + w;
    return *b < g->rows * g->cols && (i % 2 == 1 || *a % w != w - 1) && ((g->empty >> *a) & 1) &&
           ((g->empty >> *b) & 1);
}

static bool gr_cram_candidate(const void *ctx, size_t i, size_t *part, gr_search_rest *out)
{
    const gr_cram *g = ctx;
    unsigned a, b;
    if (!gr_cram_domino(g, i, &a, &b)) {
        return false;
    }
    size_t t = 0;
    while (!((g->region[t] >> a) & 1)) {
        t++;
    }
    *part = t;
    gr_cram_collect(g, g->region[t] & ~((1ULL << a) | (1ULL << b)), out);
    return true;
}

static void gr_cram_write(const void *ctx, size_t i, unsigned value, void *move)
{
    const gr_cram *g = ctx;
    unsigned a, b, w = g->cols;
    gr_cram_domino(g, i, &a, &b);
    *(gr_cram_move *)move = (gr_cram_move){a / w, a % w, b / w, b % w, value};
}

/* gr_cram_value, gr_cram_moves, gr_cram_stats and gr_cram_root (the game's header),
 * and the table gr_cram_top */
GR_SEARCH_ROOT_FACE(gr_cram, gr_cram_move);

gr_status gr_cram_create(gr_arena *arena, uint32_t rows, uint32_t cols, const uint32_t *blocked,
                         size_t nblocked, const gr_search_opts *opts, gr_cram **out, size_t *bad)
{
    if (rows == 0 || cols == 0) {
        return GR_EINVAL;
    }
    if ((uint64_t)rows * cols > GR_CRAM_MAX_CELLS) {
        return GR_ELIMIT;
    }
    gr_cram *g = gr_arena_calloc(arena, 1, sizeof(*g));
    if (g == NULL) {
        return GR_ENOMEM;
    }
    g->rows = rows;
    g->cols = cols;
    for (unsigned w = 1; w <= 64; w++) {
        for (unsigned i = 0; i < 64; i++) {
            g->first_col[w] |= (uint64_t)(i % w == 0) << i;
            g->last_col[w] |= (uint64_t)(i % w == w - 1) << i;
        }
    }
    g->empty = gr_search_low(rows * cols);
    for (size_t i = 0; i < nblocked; i++) {
        if (blocked[2 * i] >= rows || blocked[2 * i + 1] >= cols) {
            *bad = i;
            return GR_EINVAL;
        }
        g->empty &= ~(1ULL << (blocked[2 * i] * cols + blocked[2 * i + 1]));
    }
    for (unsigned k = 0; k <= GR_CRAM_MAX_CELLS; k++) {
        g->dawson[k] = gr_search_dawson(k);
    }
    size_t n = 0;
    for (uint64_t rest = g->empty; rest != 0; n++) {
        rest &= ~gr_cram_region(g, rest, cols);
    }
    g->region = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, n + 1);
    if (g->region == NULL) {
        return GR_ENOMEM;
    }
    n = 0;
    for (uint64_t rest = g->empty; rest != 0; n++) {
        g->region[n] = gr_cram_region(g, rest, cols);
        rest &= ~g->region[n];
    }
    g->nregion = n;
    /* the candidates: each cell's horizontal, then vertical domino */
    gr_search_game game = {g, gr_cram_expand, NULL, 8};
    gr_status st =
        gr_search_root_init(&g->root, arena, &game, opts, &gr_cram_top, n, 2 * (size_t)rows * cols);
    if (st == GR_OK) {
        *out = g;
    }
    return st;
}
