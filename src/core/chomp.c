/*
 * Chomp on the search engine (src/core/search.c).
 *
 * Encoding.  A Chomp position is a Young diagram, and a Young diagram is
 * its boundary: the lattice path from the top of column 0 to the foot of
 * the last column, one step right (bit 1) per column and one step down
 * (bit 0) per unit of height, first step in the lowest bit, with a
 * sentinel 1 just past the last step.  Square (i, j) is on the board iff
 * the right step of column i (the i-th 1) comes before the down step
 * from height j + 1 to j (the (j+1)-th 0 counted from the end).
 *
 * A move at (i, j) is then a word operation: the steps from that right
 * step a to that down step b are rearranged into all their downs first,
 * then all their rights -- the columns from i on fall to height j, and
 * nothing else moves.  Leading down steps (the board got lower) are
 * shifted out, and trailing right steps (columns taken to the ground)
 * cut off, so every diagram has one path.  So a child costs a popcount and a few shifts instead of
 * a rebuild of the heights.
 *
 * Symmetry: the transpose (rows as columns) is the same game with the
 * poisoned square in the same corner; its path is the reversed, inverted
 * path.  The canonical key is the lesser of the two.  Chomp positions do
 * not split into components.
 *
 * The root (search_root.c) is one part, the board; its candidate moves
 * are the squares of the heights[0] x ncols grid by column then row, those
 * off the board and the poisoned one not being moves.
 */
#include "grundy/chomp.h"

#include <stddef.h>

#include "core/search_internal.h"

struct gr_chomp {
    gr_search_root root; /* its value and moves (search_root.c) */
    uint32_t *heights;
    size_t ncols;
    uint64_t path; /* the board's path with its sentinel */
    /* the positions in path of each column's right step, and of each
     * height's down step (down[j]: from height j + 1 to j) */
    unsigned right[GR_CHOMP_MAX_SPAN], down[GR_CHOMP_MAX_SPAN];
};

static inline unsigned gr_chomp_len(uint64_t path) /* steps before the sentinel */
{
    return 63 - (unsigned)__builtin_clzll(path);
}

/* The lesser of a path and its transpose's. */
static uint64_t gr_chomp_canon(uint64_t path)
{
    unsigned n = gr_chomp_len(path);
    uint64_t steps = path & gr_search_low(n);
    uint64_t t = gr_search_rev(~steps & gr_search_low(n), n) | (1ULL << n);
    return t < path ? t : path;
}

/* The path after taking (a = position of a right step, b = position of a
 * later down step), leading down steps shifted out. */
static inline uint64_t gr_chomp_take(uint64_t path, unsigned a, unsigned b)
{
    uint64_t seg = gr_search_low(b + 1) & ~gr_search_low(a);
    unsigned rights = gr_popcount(path & seg);
    unsigned downs = b - a + 1 - rights;
    uint64_t p = (path & ~seg) | (gr_search_low(rights) << (a + downs));
    /* right steps after the last down step are columns left empty: cut
     * them with the sentinel, then shift out the leading downs */
    unsigned n = gr_chomp_len(p);
    unsigned last_down = 63 - (unsigned)__builtin_clzll(~p & gr_search_low(n));
    p = (p & gr_search_low(last_down + 1)) | (1ULL << (last_down + 1));
    return p >> __builtin_ctzll(p);
}

static void gr_chomp_expand(gr_search *s, const void *ctx, gr_skey pos)
{
    (void)ctx;
    uint64_t path = pos.bits;
    unsigned n = gr_chomp_len(path);
    uint64_t steps = path & gr_search_low(n);
    /* the poisoned square: the first right step with the last down step */
    unsigned first = (unsigned)__builtin_ctzll(steps), last = n - 1;
    for (uint64_t r = steps; r != 0; r &= r - 1) {
        unsigned a = (unsigned)__builtin_ctzll(r);
        for (uint64_t d = ~steps & gr_search_low(n) & ~gr_search_low(a + 1); d != 0; d &= d - 1) {
            unsigned b = (unsigned)__builtin_ctzll(d);
            if (a == first && b == last) {
                continue;
            }
            gr_search_child_add(s, (gr_skey){gr_chomp_canon(gr_chomp_take(path, a, b)), 0});
            gr_search_child_end(s);
        }
    }
}

/* ---- the root (search_root.c): one part, the board ---------------------- */

static void gr_chomp_part(const void *ctx, size_t t, gr_search_rest *out)
{
    const gr_chomp *g = ctx;
    (void)t;
    *out = (gr_search_rest){.key = {{gr_chomp_canon(g->path), 0}}, .n = 1};
}

/* Candidate i is square (i / heights[0], i % heights[0]): a move when it is
 * on the board and not the poisoned (0, 0). */
static bool gr_chomp_candidate(const void *ctx, size_t i, size_t *part, gr_search_rest *out)
{
    const gr_chomp *g = ctx;
    size_t col = i / g->heights[0], row = i % g->heights[0];
    if (row >= g->heights[col] || i == 0) {
        return false;
    }
    *part = 0;
    uint64_t after = gr_chomp_take(g->path, g->right[col], g->down[row]);
    *out = (gr_search_rest){.key = {{gr_chomp_canon(after), 0}}, .n = 1};
    return true;
}

static void gr_chomp_write(const void *ctx, size_t i, unsigned value, void *move)
{
    const gr_chomp *g = ctx;
    *(gr_chomp_move *)move =
        (gr_chomp_move){(uint32_t)(i / g->heights[0]), (uint32_t)(i % g->heights[0]), value};
}

/* gr_chomp_value, gr_chomp_moves, gr_chomp_stats and gr_chomp_root (the game's header),
 * and the table gr_chomp_top */
GR_SEARCH_ROOT_FACE(gr_chomp, gr_chomp_move);

gr_status gr_chomp_create(gr_arena *arena, const uint32_t *heights, size_t ncols,
                          const gr_search_opts *opts, gr_chomp **out, size_t *bad)
{
    if (ncols == 0) {
        *bad = 0;
        return GR_EINVAL;
    }
    uint64_t cells = 0;
    for (size_t i = 0; i < ncols; i++) {
        if (heights[i] == 0 || (i > 0 && heights[i] > heights[i - 1])) {
            *bad = i;
            return GR_EINVAL;
        }
        cells += heights[i];
    }
    if (ncols + (uint64_t)heights[0] > GR_CHOMP_MAX_SPAN || cells > GR_CHOMP_MAX_CELLS) {
        *bad = 0;
        return GR_ELIMIT;
    }
    gr_chomp *g = gr_arena_calloc(arena, 1, sizeof(*g));
    if (g == NULL) {
        return GR_ENOMEM;
    }
    g->heights = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, ncols);
    if (g->heights == NULL) {
        return GR_ENOMEM;
    }
    g->ncols = ncols;
    /* the path: column i's right step, then the downs to the next height */
    uint64_t path = 0;
    unsigned at = 0;
    for (size_t i = 0; i < ncols; i++) {
        g->heights[i] = heights[i];
        path |= 1ULL << at++;
        at += heights[i] - (i + 1 < ncols ? heights[i + 1] : 0);
    }
    g->path = path | (1ULL << at);
    unsigned n = gr_chomp_len(g->path), nr = 0, nd = 0;
    for (unsigned b = n; b-- > 0;) {
        if (!((g->path >> b) & 1)) {
            g->down[nd++] = b;
        }
    }
    for (unsigned a = 0; a < n; a++) {
        if ((g->path >> a) & 1) {
            g->right[nr++] = a;
        }
    }
    /* the candidates: a heights[0]-row grid, by column then row */
    gr_search_game game = {g, gr_chomp_expand, NULL, 0};
    gr_status st =
        gr_search_root_init(&g->root, arena, &game, opts, &gr_chomp_top, 1, ncols * heights[0]);
    if (st == GR_OK) {
        *out = g;
    }
    return st;
}
