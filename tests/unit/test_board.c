/* The analysis board's core pieces (all_moves): game-graph remoteness
 * against value iteration (won / lost within d moves, d = 0, 1, ...), and
 * the value after each edge removal of Hackenbush graphs and trees against
 * solving the smaller position from scratch, on random inputs. */
#include "gr_test.h"

#include <stdlib.h>
#include <string.h>

#include "grundy/game_graph.h"
#include "grundy/hackenbush_graph.h"
#include "grundy/hackenbush_tree.h"

#define MAXN 9
#define MAXS 16 /* states of the iteration: positions, or pairs of 4 */
#define MAXM 24

/* Remoteness by value iteration: a position is won within d if some move
 * reaches one lost within d-1, lost within d if every move reaches one won
 * within d-1; the first d is the remoteness (winner hurries, loser
 * delays); never settled: drawn. */
static void remoteness_by_iteration(uint32_t n, const uint32_t *mv, size_t m, uint32_t *rem,
                                    int *won)
{
    for (uint32_t u = 0; u < n; u++) {
        rem[u] = GR_GGRAPH_DRAWN;
    }
    for (uint32_t d = 0; d <= 2 * n + 2; d++) {
        uint32_t now[MAXS];
        int now_won[MAXS];
        for (uint32_t u = 0; u < n; u++) {
            now[u] = rem[u];
            now_won[u] = won[u];
            if (rem[u] != GR_GGRAPH_DRAWN) {
                continue;
            }
            int any_lost = 0, all_won = 1;
            for (size_t e = 0; e < m; e++) {
                if (mv[2 * e] != u) {
                    continue;
                }
                uint32_t v = mv[2 * e + 1];
                if (rem[v] != GR_GGRAPH_DRAWN && !won[v]) {
                    any_lost = 1;
                }
                if (rem[v] == GR_GGRAPH_DRAWN || !won[v]) {
                    all_won = 0;
                }
            }
            if (any_lost) {
                now[u] = d;
                now_won[u] = 1;
            } else if (all_won) {
                now[u] = d;
                now_won[u] = 0;
            }
        }
        memcpy(rem, now, n * sizeof(uint32_t));
        memcpy(won, now_won, n * sizeof(int));
    }
}

/* A random game graph of 1..max_n positions and fewer than max_m moves
 * (mv, from and to of each), solved in a fresh arena, returned. */
static gr_arena *random_graph(gr_test_rng *r, uint32_t max_n, size_t max_m, uint32_t *mv,
                              uint32_t *n, size_t *m, gr_ggraph *g)
{
    *n = 1 + (uint32_t)gr_test_below(r, max_n);
    *m = (size_t)gr_test_below(r, max_m);
    for (size_t e = 0; e < 2 * *m; e++) {
        mv[e] = (uint32_t)gr_test_below(r, *n);
    }
    gr_arena *a = gr_arena_create(0);
    assert_int_equal(gr_ggraph_solve(a, *n, mv, *m, g), GR_OK);
    return a;
}

static void test_remoteness_against_iteration(void **unused)
{
    (void)unused;
    gr_test_rng r = {18};
    for (int trial = 0; trial < 3000; trial++) {
        uint32_t n, mv[2 * MAXM];
        size_t m;
        gr_ggraph g;
        gr_arena *a = random_graph(&r, MAXN, MAXM, mv, &n, &m, &g);
        uint32_t *rem;
        assert_int_equal(gr_ggraph_remoteness(a, &g, &rem), GR_OK);
        uint32_t want[MAXN];
        int won[MAXN] = {0};
        remoteness_by_iteration(n, mv, m, want, won);
        for (uint32_t u = 0; u < n; u++) {
            assert_int_equal(rem[u], want[u]);
            /* consistent with the generalised SG value: 0 lost, finite
             * non-zero or infinity(K) with 0 in K won, else drawn */
            bool zero_in_k = false;
            for (size_t i = g.k_off[u]; i < g.k_off[u + 1]; i++) {
                zero_in_k |= g.k[i] == 0;
            }
            if (g.value[u] == 0) {
                assert_true(rem[u] != GR_GGRAPH_DRAWN && !won[u]);
            } else if (g.value[u] != GR_GGRAPH_INFINITY || zero_in_k) {
                assert_true(rem[u] != GR_GGRAPH_DRAWN && won[u]);
            } else {
                assert_int_equal(rem[u], GR_GGRAPH_DRAWN);
            }
        }
        gr_arena_destroy(a);
    }
}

/* The product graph's remoteness: one token is the graph's own; two
 * tokens against value iteration over the pairs; too large is refused. */
static void test_product_remoteness(void **unused)
{
    (void)unused;
    gr_test_rng r = {99};
    for (int trial = 0; trial < 400; trial++) {
        uint32_t n, mv[2 * 9], pair[2 * 9 * 2 * 4];
        size_t m;
        gr_ggraph g;
        gr_arena *a = random_graph(&r, 4, 9, mv, &n, &m, &g);
        uint32_t *one, *prod;
        size_t ns;
        assert_int_equal(gr_ggraph_remoteness(a, &g, &one), GR_OK);
        assert_int_equal(gr_ggraph_product_remoteness(a, &g, 1, &prod, &ns), GR_OK);
        assert_int_equal(ns, n);
        for (uint32_t u = 0; u < n; u++) {
            assert_int_equal(prod[u], one[u]);
        }
        /* two tokens: the pair graph made explicit, state p0 + n * p1 */
        size_t pm = 0;
        for (uint32_t s0 = 0; s0 < n * n; s0++) {
            uint32_t p0 = s0 % n, p1 = s0 / n;
            for (size_t e = 0; e < m; e++) {
                if (mv[2 * e] == p0) {
                    pair[2 * pm] = s0;
                    pair[2 * pm + 1] = mv[2 * e + 1] + n * p1;
                    pm++;
                }
                if (mv[2 * e] == p1) {
                    pair[2 * pm] = s0;
                    pair[2 * pm + 1] = p0 + n * mv[2 * e + 1];
                    pm++;
                }
            }
        }
        uint32_t want[MAXS];
        int won[MAXS] = {0};
        remoteness_by_iteration(n * n, pair, pm, want, won);
        assert_int_equal(gr_ggraph_product_remoteness(a, &g, 2, &prod, &ns), GR_OK);
        assert_int_equal(ns, (size_t)n * n);
        for (uint32_t s0 = 0; s0 < n * n; s0++) {
            assert_int_equal(prod[s0], want[s0]);
        }
        gr_arena_destroy(a);
    }
    gr_arena *a = gr_arena_create(0);
    gr_ggraph g;
    uint32_t loop[2] = {0, 1};
    assert_int_equal(gr_ggraph_solve(a, 1000, loop, 1, &g), GR_OK);
    uint32_t *prod;
    size_t ns;
    assert_int_equal(gr_ggraph_product_remoteness(a, &g, 3, &prod, &ns), GR_ELIMIT);
    gr_arena_destroy(a);
}

static uint64_t graph_value(const uint32_t *edges, size_t m, uint32_t n, const uint32_t *ground,
                            size_t ng)
{
    gr_arena *a = gr_arena_create(0);
    gr_hgraph_input in = {n, m, edges, ng, ground};
    gr_hgraph *g;
    assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_OK);
    gr_hgraph_summary s;
    gr_hgraph_summarize(g, &s);
    gr_arena_destroy(a);
    return s.grundy;
}

static void test_graph_values_after_against_resolving(void **unused)
{
    (void)unused;
    gr_test_rng r = {2026};
    for (int trial = 0; trial < 1500; trial++) {
        uint32_t n = 2 + (uint32_t)gr_test_below(&r, 14);
        size_t m = 1 + (size_t)gr_test_below(&r, 30);
        uint32_t edges[2 * 30], rest[2 * 30];
        for (size_t e = 0; e < m; e++) {
            /* mostly near neighbours: cycles, chains of blocks, bridges */
            uint32_t u = (uint32_t)gr_test_below(&r, n);
            uint32_t v = gr_test_below(&r, 4) == 0 ? (uint32_t)gr_test_below(&r, n)
                                                   : (u + 1 + (uint32_t)gr_test_below(&r, 2)) % n;
            edges[2 * e] = u;
            edges[2 * e + 1] = v;
        }
        uint32_t ground[2] = {0, n - 1};
        size_t ng = 1 + (size_t)gr_test_below(&r, 2);
        gr_arena *a = gr_arena_create(0);
        gr_hgraph_input in = {n, m, edges, ng, ground};
        gr_hgraph *g;
        assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_OK);
        uint32_t list[30];
        size_t k = 0;
        for (size_t e = 0; e < m; e++) {
            if (gr_hgraph_edge_in_play(g, e)) {
                list[k++] = (uint32_t)e;
            }
        }
        uint64_t values[30];
        assert_int_equal(gr_hgraph_values_after(a, g, list, k, UINT64_MAX, values), GR_OK);
        for (size_t i = 0; i < k; i++) {
            size_t w = 0;
            for (size_t e = 0; e < m; e++) {
                if (e != list[i]) {
                    rest[2 * w] = edges[2 * e];
                    rest[2 * w + 1] = edges[2 * e + 1];
                    w++;
                }
            }
            assert_int_equal(values[i], graph_value(rest, w, n, ground, ng));
        }
        /* the step bound is honoured */
        if (k > 0 && gr_hgraph_values_after(a, g, list, k, 0, values) != GR_OK) {
            assert_int_equal(gr_hgraph_values_after(a, g, list, k, 0, values), GR_ELIMIT);
        }
        gr_arena_destroy(a);
    }
}

static void test_tree_value_after_cut_against_resolving(void **unused)
{
    (void)unused;
    gr_test_rng r = {7};
    for (int trial = 0; trial < 1500; trial++) {
        uint32_t n = 1 + (uint32_t)gr_test_below(&r, 40);
        uint32_t parent[40], sub[40], idx[40];
        for (uint32_t v = 0; v < n; v++) {
            parent[v] = v == 0 || gr_test_below(&r, 8) == 0 ? GR_HTREE_ROOT
                                                            : (uint32_t)gr_test_below(&r, v);
        }
        gr_arena *a = gr_arena_create(0);
        gr_htree t;
        gr_htree_input in = {parent, n};
        assert_int_equal(gr_htree_solve(a, &in, &t, NULL), GR_OK);
        for (uint32_t q = t.nroots; q < n; q++) {
            uint64_t steps = 0;
            uint64_t got = gr_htree_value_after_cut(&t, q, &steps);
            /* the forest without the subtree of vertex order[q] */
            uint32_t cut = t.order[q], kept = 0;
            for (uint32_t v = 0; v < n; v++) {
                uint32_t x = v;
                while (x != GR_HTREE_ROOT && x != cut) {
                    x = parent[x];
                }
                idx[v] = x == cut ? GR_HTREE_ROOT : kept++;
            }
            for (uint32_t v = 0; v < n; v++) {
                if (idx[v] != GR_HTREE_ROOT) {
                    sub[idx[v]] = parent[v] == GR_HTREE_ROOT ? GR_HTREE_ROOT : idx[parent[v]];
                }
            }
            gr_arena *b = gr_arena_create(0);
            gr_htree t2;
            gr_htree_input in2 = {sub, kept};
            assert_int_equal(gr_htree_solve(b, &in2, &t2, NULL), GR_OK);
            assert_int_equal(got, t2.value);
            assert_true(steps >= 1);
            gr_arena_destroy(b);
        }
        gr_arena_destroy(a);
    }
}

GR_TEST_MAIN(
        cmocka_unit_test(test_remoteness_against_iteration),
        cmocka_unit_test(test_product_remoteness),
        cmocka_unit_test(test_graph_values_after_against_resolving),
        cmocka_unit_test(test_tree_value_after_cut_against_resolving))
