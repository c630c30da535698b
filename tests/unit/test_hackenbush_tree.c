/* Green Hackenbush on trees and forests: values and complete move sets
 * against an exhaustive mex over edge subsets, validation, and paths and
 * stars of a million edges (no recursion, linear time). */
#include "gr_test_json.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/hackenbush_tree.h"
#include "games/families.h"

#define ROOT GR_HTREE_ROOT
#define BRUTE_MAX_VERTICES 14
#define BRUTE_MAX_EDGES 12

/* ---- brute force -------------------------------------------------------
 * A position is the set of non-root vertices still attached (bit i for
 * vertex edge_vertex[i]); every set closed under "parent present" is a
 * position.  Cutting the edge above v removes v's subtree, so followers are
 * subsets and an ascending sweep over masks sees them first. */
typedef struct brute {
    uint32_t n, m;
    const uint32_t *parent;
    int bit[BRUTE_MAX_VERTICES]; /* vertex -> bit, -1 for roots */
    uint32_t vertex[BRUTE_MAX_EDGES];
    uint32_t sub[BRUTE_MAX_EDGES]; /* descendants of the bit's vertex */
    uint8_t value[1u << BRUTE_MAX_EDGES];
} brute;

static int brute_closed(const brute *b, uint32_t mask)
{
    for (uint32_t i = 0; i < b->m; i++) {
        if ((mask >> i) & 1u) {
            uint32_t p = b->parent[b->vertex[i]];
            if (b->bit[p] >= 0 && !((mask >> b->bit[p]) & 1u)) {
                return 0;
            }
        }
    }
    return 1;
}

static void brute_solve(brute *b, const uint32_t *parent, uint32_t n)
{
    b->n = n;
    b->m = 0;
    b->parent = parent;
    for (uint32_t v = 0; v < n; v++) {
        b->bit[v] = -1;
        if (parent[v] != ROOT) {
            b->bit[v] = (int)b->m;
            b->vertex[b->m++] = v;
        }
    }
    for (uint32_t i = 0; i < b->m; i++) {
        b->sub[i] = 0;
    }
    for (uint32_t i = 0; i < b->m; i++) {
        for (uint32_t u = b->vertex[i]; parent[u] != ROOT; u = parent[u]) {
            b->sub[b->bit[u]] |= 1u << i;
        }
    }
    for (uint32_t mask = 0; mask < (1u << b->m); mask++) {
        if (!brute_closed(b, mask)) {
            continue;
        }
        uint64_t seen = 0;
        for (uint32_t i = 0; i < b->m; i++) {
            if ((mask >> i) & 1u) {
                seen |= 1ull << b->value[mask & ~b->sub[i]];
            }
        }
        uint8_t mex = 0;
        while ((seen >> mex) & 1u) {
            mex++;
        }
        b->value[mask] = mex;
    }
}

static uint32_t brute_full(const brute *b)
{
    return (1u << b->m) - 1u;
}

/* ---- random forests ----------------------------------------------------- */
static void random_forest(gr_test_rng *r, uint32_t n, uint32_t *parent)
{
    uint32_t perm[BRUTE_MAX_VERTICES];
    for (uint32_t i = 0; i < n; i++) {
        perm[i] = i;
    }
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = (uint32_t)gr_test_below(r, i);
        uint32_t tmp = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = tmp;
    }
    /* Vertex perm[i] hangs from an earlier perm[j]: a forest whatever the
     * labels; shapes range from paths (j = i - 1) to stars. */
    uint32_t style = (uint32_t)gr_test_below(r, 4);
    for (uint32_t i = 0; i < n; i++) {
        if (i == 0 || gr_test_below(r, 7) == 0) {
            parent[perm[i]] = ROOT;
        } else if (style == 0) {
            parent[perm[i]] = perm[i - 1];
        } else if (style == 1) {
            parent[perm[i]] = perm[gr_test_below(r, i < 3 ? i : 3)];
        } else {
            parent[perm[i]] = perm[gr_test_below(r, i)];
        }
    }
}

static void check_against_brute(gr_arena *a, const uint32_t *parent, uint32_t n, uint64_t seed)
{
    static brute b; /* test-only scratch; tests run on one thread */
    brute_solve(&b, parent, n);
    gr_htree t;
    gr_htree_input in = {parent, n};
    uint32_t bad = 0;
    assert_int_equal(gr_htree_solve(a, &in, &t, &bad), GR_OK);
    uint32_t full = brute_full(&b);
    if (t.value != b.value[full]) {
        fprintf(stderr, "seed %llu: value %llu, brute %u\n", (unsigned long long)seed,
                (unsigned long long)t.value, b.value[full]);
    }
    assert_int_equal(t.value, b.value[full]);
    /* Every target from 0 to m + 1 (so including the current value and
     * unreachable ones), and one far beyond. */
    for (uint64_t target = 0; target <= (uint64_t)b.m + 2; target++) {
        uint64_t want = target == (uint64_t)b.m + 2 ? (1ull << 40) : target;
        gr_htree_move moves[BRUTE_MAX_EDGES];
        uint64_t count = 99;
        assert_int_equal(gr_htree_moves_to(a, &t, want, moves, BRUTE_MAX_EDGES, &count), GR_OK);
        uint64_t k = 0;
        for (uint32_t i = 0; i < b.m; i++) {
            uint32_t v = b.vertex[i];
            if (b.value[full & ~b.sub[i]] != want) {
                continue;
            }
            if (k >= count || moves[k].child != v) {
                fprintf(stderr, "seed %llu target %llu: missing move to %u\n",
                        (unsigned long long)seed, (unsigned long long)want, v);
            }
            assert_true(k < count);
            assert_int_equal(moves[k].child, v);
            assert_int_equal(moves[k].parent, parent[v]);
            assert_int_equal(moves[k].edges_removed, (uint32_t)__builtin_popcount(b.sub[i]));
            k++;
        }
        assert_int_equal(count, k);
    }
    /* Positions: a permutation, parents first; subtree sizes are what the
     * brute force sees. */
    uint32_t pos[BRUTE_MAX_VERTICES];
    for (uint32_t v = 0; v < n; v++) {
        pos[v] = ROOT;
    }
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(pos[t.order[i]], ROOT);
        pos[t.order[i]] = i;
        uint32_t p = parent[t.order[i]];
        assert_int_equal(t.up[i], p == ROOT ? ROOT : pos[p]);
        /* roots first, then parent positions never decrease */
        assert_true(i < t.nroots ? p == ROOT : i == t.nroots || t.up[i] >= t.up[i - 1]);
    }
    for (uint32_t i = 0; i < b.m; i++) {
        assert_int_equal(t.subtree[pos[b.vertex[i]]], (uint32_t)__builtin_popcount(b.sub[i]));
    }
}

/* Forests of up to 13 vertices against the brute force, `iters` of them
 * from the generator r; with one_tree, single trees of twelve edges (the
 * extra roots reattached below the first one). */
static void against_brute(gr_arena *a, gr_test_rng r, int iters, bool one_tree)
{
    uint32_t parent[BRUTE_MAX_VERTICES];
    for (int iter = 0; iter < iters; iter++) {
        uint64_t seed = r.s;
        uint32_t n = one_tree ? 13 : 1 + (uint32_t)gr_test_below(&r, 13);
        random_forest(&r, n, parent);
        for (uint32_t v = 0, root = ROOT; one_tree && v < n; v++) {
            if (parent[v] == ROOT) {
                if (root == ROOT) {
                    root = v;
                } else {
                    parent[v] = root;
                }
            }
        }
        check_against_brute(a, parent, n, seed);
        gr_arena_reset(a);
    }
}

static void test_random_against_brute(void **state)
{
    against_brute(*state, (gr_test_rng){0x5eed0001u}, 4000, false);
}

/* Single trees with the maximum edge count (one root, twelve edges). */
static void test_random_trees_12_edges(void **state)
{
    against_brute(*state, (gr_test_rng){0x5eed0002u}, 300, true);
}

/* Solves the forest `parent` of n vertices, checks its value and root
 * count, and returns the number of its moves to `target` (the first four
 * in mv). */
static uint64_t solve_small(gr_arena *a, const uint32_t *parent, uint32_t n, uint64_t value,
                            uint32_t nroots, uint64_t target, gr_htree_move mv[4])
{
    gr_htree t;
    gr_htree_input in = {parent, n};
    uint64_t count = 0;
    assert_int_equal(gr_htree_solve(a, &in, &t, NULL), GR_OK);
    assert_int_equal(t.value, value);
    assert_int_equal(t.nroots, nroots);
    assert_int_equal(gr_htree_moves_to(a, &t, target, mv, 4, &count), GR_OK);
    uint64_t counted = 0; /* max 0 counts without writing */
    assert_int_equal(gr_htree_moves_to(a, &t, target, NULL, 0, &counted), GR_OK);
    assert_int_equal(counted, count);
    return count;
}

static void test_small_cases(void **state)
{
    gr_arena *a = *state;
    gr_htree_move mv[4];

    /* The empty forest: value 0, no moves. */
    assert_int_equal(solve_small(a, NULL, 0, 0, 0, 0, mv), 0);
    assert_int_equal(solve_small(a, NULL, 0, 0, 0, 3, mv), 0);

    /* README's example, parent [-1, 0, 0, 1]: g(1) = 1, g(0) = (1 + 1) ^
     * (0 + 1) = 3.  Cutting 0-1 leaves 1, cutting 0-2 leaves a stick of 2,
     * cutting 1-3 leaves two sticks of 1 on the root: 0, the only win. */
    static const uint32_t p4[] = {ROOT, 0, 0, 1};
    assert_int_equal(solve_small(a, p4, 4, 3, 1, 0, mv), 1);
    assert_int_equal(mv[0].parent, 1);
    assert_int_equal(mv[0].child, 3);
    assert_int_equal(mv[0].edges_removed, 1);

    /* Two sticks of 2 on the ground: worth 0, no winning move. */
    static const uint32_t two_sticks[] = {ROOT, 0, ROOT, 2};
    assert_int_equal(solve_small(a, two_sticks, 4, 0, 2, 0, mv), 0);
}

static void expect_invalid(const uint32_t *parent, uint32_t n, uint32_t bad)
{
    gr_arena *a = gr_arena_create(0);
    gr_htree t;
    gr_htree_input in = {parent, n};
    uint32_t got = 12345;
    assert_int_equal(gr_htree_solve(a, &in, &t, &got), GR_EINVAL);
    assert_int_equal(got, bad);
    gr_arena_destroy(a);
}

static void test_invalid(void **state)
{
    (void)state;
    uint32_t unknown[] = {ROOT, 0, 7, 0};
    expect_invalid(unknown, 4, 2);
    uint32_t unknown2[] = {ROOT, 0, 4};
    expect_invalid(unknown2, 3, 2);
    uint32_t self[] = {ROOT, 1};
    expect_invalid(self, 2, 1);
    uint32_t no_root[] = {1, 2, 0};
    expect_invalid(no_root, 3, 0);
    /* a cycle 4 -> 3 -> 2 -> 4 with a tail 5 -> 4 beside a good tree */
    uint32_t tail[] = {ROOT, 0, 4, 2, 3, 4};
    expect_invalid(tail, 6, 2);
    /* two cycles: the smallest vertex on any cycle is reported */
    uint32_t two[] = {ROOT, 6, 5, 2, 0, 3, 1};
    expect_invalid(two, 7, 1);
}

static void test_out_of_memory(void **state)
{
    (void)state;
    uint32_t n = 100000;
    uint32_t *parent = malloc(n * sizeof(*parent));
    assert_non_null(parent);
    parent[0] = ROOT;
    for (uint32_t v = 1; v < n; v++) {
        parent[v] = v - 1;
    }
    gr_arena *a = gr_arena_create(256 * 1024);
    gr_htree t;
    gr_htree_input in = {parent, n};
    assert_int_equal(gr_htree_solve(a, &in, &t, NULL), GR_ENOMEM);
    gr_arena_destroy(a);
    free(parent);
}

/* A path of 10^6 edges, the root being the LAST vertex so that BFS order
 * differs from id order: depth 10^6 without recursion. */
static void test_long_path(void **state)
{
    (void)state;
    uint32_t m = 1000000, n = m + 1;
    uint32_t *parent = malloc(n * sizeof(*parent));
    assert_non_null(parent);
    for (uint32_t v = 0; v < m; v++) {
        parent[v] = v + 1;
    }
    parent[m] = ROOT;
    gr_arena *a = gr_arena_create(0);
    gr_htree t;
    gr_htree_input in = {parent, n};
    assert_int_equal(gr_htree_solve(a, &in, &t, NULL), GR_OK);
    assert_int_equal(t.value, m); /* a stick of m edges is worth m */
    gr_htree_move mv[2];
    uint64_t count = 0;
    /* to 0: cut the edge at the ground end */
    assert_int_equal(gr_htree_moves_to(a, &t, 0, mv, 2, &count), GR_OK);
    assert_int_equal(count, 1);
    assert_int_equal(mv[0].parent, m);
    assert_int_equal(mv[0].child, m - 1);
    assert_int_equal(mv[0].edges_removed, m);
    /* to x: leave x edges standing */
    uint32_t x = 12345;
    assert_int_equal(gr_htree_moves_to(a, &t, x, mv, 2, &count), GR_OK);
    assert_int_equal(count, 1);
    assert_int_equal(mv[0].child, m - 1 - x);
    assert_int_equal(mv[0].edges_removed, m - x);
    assert_int_equal(gr_htree_moves_to(a, &t, m + 1, mv, 2, &count), GR_OK);
    assert_int_equal(count, 0);
    gr_arena_destroy(a);

    /* the same path closed into a cycle of 10^6 + 1 vertices */
    parent[m] = 0;
    a = gr_arena_create(0);
    uint32_t bad = 7;
    assert_int_equal(gr_htree_solve(a, &in, &t, &bad), GR_EINVAL);
    assert_int_equal(bad, 0);
    gr_arena_destroy(a);
    free(parent);
}

/* A star of 10^6 edges: worth 0 (an even number of sticks of 1); every
 * edge moves it to 1; capped materialisation, exact count. */
static void test_big_star(void **state)
{
    uint32_t m = 1000000, n = m + 1;
    uint32_t *parent = malloc(n * sizeof(*parent));
    assert_non_null(parent);
    parent[0] = ROOT;
    for (uint32_t v = 1; v < n; v++) {
        parent[v] = 0;
    }
    gr_arena *a = *state;
    gr_htree t;
    gr_htree_input in = {parent, n};
    assert_int_equal(gr_htree_solve(a, &in, &t, NULL), GR_OK);
    assert_int_equal(t.value, 0);
    gr_htree_move mv[10];
    uint64_t count = 0;
    assert_int_equal(gr_htree_moves_to(a, &t, 0, mv, 10, &count), GR_OK);
    assert_int_equal(count, 0);
    assert_int_equal(gr_htree_moves_to(a, &t, 1, mv, 10, &count), GR_OK);
    assert_int_equal(count, m);
    for (uint32_t i = 0; i < 10; i++) {
        assert_int_equal(mv[i].parent, 0);
        assert_int_equal(mv[i].child, i + 1);
        assert_int_equal(mv[i].edges_removed, 1);
    }
    free(parent);
}

/* The JSON family as /v1/sum drives it: found by name, analysed as a
 * component (the "game" key allowed, pointers under the component), and
 * asked for moves to non-zero targets; the nested form's paths. */
static void test_family_as_sum_component(void **state)
{
    (void)state;
    gr_test_family f;
    gr_test_family_begin("hackenbush_tree", &f);
    /* root 0 with children 1 (holding 2) and 3: sticks 2 and 1 -> 3 */
    static const char comp[] = "{\"game\": \"hackenbush_tree\", \"nested\": [[[]], []]}";
    void *st;
    assert_int_equal(gr_test_family_value(&f.c, f.fam, comp, "/components/2", &st), 3);
    /* to 2: cut 0-3 (leaves the stick of 2); to 1: cut 0-1; to 0: cut 1-2 */
    static const char *const want[] = {
        "[{\"path\":\"/0/0\",\"parent\":1,\"child\":2,\"edges_removed\":1}]",
        "[{\"path\":\"/0\",\"parent\":0,\"child\":1,\"edges_removed\":2}]",
        "[{\"path\":\"/1\",\"parent\":0,\"child\":3,\"edges_removed\":1}]",
        "[]",
        "[]",
    };
    for (uint64_t t = 0; t < 5; t++) {
        uint64_t count = 9;
        cJSON *arr = gr_test_family_moves(&f.c, f.fam, st, t, 10, true, &count);
        char *text = cJSON_PrintUnformatted(arr);
        assert_string_equal(text, want[t]);
        assert_int_equal(count, t < 3 ? 1 : 0);
        /* counting only */
        gr_test_family_moves(&f.c, f.fam, st, t, 0, true, &count);
        assert_int_equal(count, t < 3 ? 1 : 0);
    }
    /* errors point inside the component */
    gr_test_family_rejects(&f.c, f.fam, "{\"parent\": [-1, 0, 3, 2]}", "/components/0",
                           "/components/0/parent/2");
    /* the "game" key is a sum component's only */
    gr_test_family_rejects(&f.c, f.fam, comp, "", "/game");
    gr_test_family_end(&f);
}

GR_TEST_MAIN(gr_test_with_arena(test_small_cases), cmocka_unit_test(test_invalid),
             gr_test_with_arena(test_random_against_brute),
             gr_test_with_arena(test_random_trees_12_edges), cmocka_unit_test(test_out_of_memory),
             cmocka_unit_test(test_long_path), gr_test_with_arena(test_big_star),
             cmocka_unit_test(test_family_as_sum_component))
