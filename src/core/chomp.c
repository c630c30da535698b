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
 */
#include "grundy/chomp.h"

#include "core/search_internal.h"

struct gr_chomp {
    uint32_t *heights;
    size_t ncols;
    uint64_t root; /* the board's path with its sentinel */
    bool solved;
    unsigned value;
    gr_search *search;
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

static gr_status gr_chomp_expand(gr_search *s, const void *ctx, gr_skey pos)
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
            gr_search_child_begin(s);
            gr_status st =
                gr_search_child_add(s, (gr_skey){gr_chomp_canon(gr_chomp_take(path, a, b)), 0});
            if (st == GR_OK) {
                st = gr_search_child_end(s);
            }
            if (st != GR_OK) {
                return st;
            }
        }
    }
    return GR_OK;
}

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
    g->root = path | (1ULL << at);
    gr_search_game game = {g, gr_chomp_expand, NULL, 0};
    gr_status st = gr_search_create(arena, &game, opts, &g->search);
    if (st != GR_OK) {
        return st;
    }
    *out = g;
    return GR_OK;
}

gr_status gr_chomp_value(gr_chomp *g, unsigned *value)
{
    if (!g->solved) {
        gr_skey key = {gr_chomp_canon(g->root), 0};
        int v;
        gr_status st = gr_search_sum(g->search, &key, 1, 0, -1, &v);
        if (st != GR_OK) {
            return st;
        }
        g->value = (unsigned)v;
        g->solved = true;
    }
    *value = g->value;
    return GR_OK;
}

gr_status gr_chomp_moves(gr_chomp *g, int target, gr_chomp_move *out, size_t max, bool count_all,
                         size_t *count)
{
    unsigned total;
    gr_status st = gr_chomp_value(g, &total);
    if (st != GR_OK) {
        return st;
    }
    *count = 0;
    unsigned n = gr_chomp_len(g->root);
    /* positions of each column's right step and of each height's down step */
    unsigned right[GR_CHOMP_MAX_SPAN], down[GR_CHOMP_MAX_SPAN];
    unsigned nr = 0, nd = 0;
    for (unsigned b = n; b-- > 0;) {
        if ((g->root >> b) & 1) {
            continue;
        }
        down[nd++] = b; /* down[j]: the step from height j + 1 to j */
    }
    for (unsigned a = 0; a < n; a++) {
        if ((g->root >> a) & 1) {
            right[nr++] = a;
        }
    }
    for (uint32_t i = 0; i < g->ncols; i++) {
        for (uint32_t j = 0; j < g->heights[i]; j++) {
            if (i == 0 && j == 0) {
                continue;
            }
            if (!count_all && *count >= max && *count > 0) {
                return GR_OK;
            }
            gr_skey key = {gr_chomp_canon(gr_chomp_take(g->root, right[i], down[j])), 0};
            int after;
            if ((st = gr_search_sum(g->search, &key, 1, 0, target, &after)) != GR_OK) {
                return st;
            }
            if (after == GR_SEARCH_OTHER) {
                continue;
            }
            if (*count < max) {
                out[*count] = (gr_chomp_move){i, j, (unsigned)after};
            }
            (*count)++;
        }
    }
    return GR_OK;
}

void gr_chomp_stats(const gr_chomp *g, gr_search_stats *out)
{
    gr_search_get_stats(g->search, out);
}
