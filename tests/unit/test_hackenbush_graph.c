/* Green Hackenbush on graphs: value and moves against an exhaustive
 * brute force (small multigraphs), against per-edge re-solving (graphs of
 * hundreds of edges), named pictures, and a 10^6-vertex path. */
#include "gr_test_json.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hackenbush_graph_internal.h"
#include "grundy/hackenbush_graph.h"
#include "games/endpoints.h"
#include "games/families.h"

/* ---- brute force: mex over edge subsets, with detachment --------------- */

#define BF_MAX_EDGES 14

typedef struct bf_graph {
    uint32_t n;
    size_t m;
    const uint32_t *edges;
    uint32_t groundmask;   /* bit v: ground vertex */
    uint32_t incident[32]; /* bit e: edge e touches vertex v */
    int8_t memo[1u << BF_MAX_EDGES];
} bf_graph;

/* Keeps only the edges of mask reachable from the ground: a BFS over
 * vertices using the per-vertex incident-edge masks. */
static uint32_t bf_attached(const bf_graph *b, uint32_t mask)
{
    uint32_t reach = b->groundmask, todo = b->groundmask, out = 0;
    while (todo != 0) {
        uint32_t v = (uint32_t)__builtin_ctz(todo);
        todo &= todo - 1;
        uint32_t inc = b->incident[v] & mask;
        out |= inc;
        while (inc != 0) {
            uint32_t e = (uint32_t)__builtin_ctz(inc);
            inc &= inc - 1;
            uint32_t w = b->edges[2 * e] ^ b->edges[2 * e + 1] ^ v;
            if (!(reach >> w & 1u)) {
                reach |= 1u << w;
                todo |= 1u << w;
            }
        }
    }
    return out;
}

static int bf_value(bf_graph *b, uint32_t mask)
{
    if (b->memo[mask] >= 0) {
        return b->memo[mask];
    }
    uint32_t seen = 0;
    for (size_t e = 0; e < b->m; e++) {
        if (mask >> e & 1u) {
            int v = bf_value(b, bf_attached(b, mask & ~(1u << e)));
            seen |= 1u << v;
        }
    }
    int g = 0;
    while (seen >> g & 1u) {
        g++;
    }
    b->memo[mask] = (int8_t)g;
    return g;
}

static void bf_init(bf_graph *b, uint32_t n, size_t m, const uint32_t *edges,
                    const uint32_t *ground, size_t ng)
{
    b->n = n;
    b->m = m;
    b->edges = edges;
    b->groundmask = 0;
    memset(b->incident, 0, sizeof(b->incident));
    for (size_t e = 0; e < m; e++) {
        b->incident[edges[2 * e]] |= 1u << e;
        b->incident[edges[2 * e + 1]] |= 1u << e;
    }
    for (size_t i = 0; i < ng; i++) {
        b->groundmask |= 1u << ground[i];
    }
    memset(b->memo, -1, sizeof(b->memo));
}

/* ---- helpers ------------------------------------------------------------ */

static uint64_t solve_value(gr_arena *a, uint32_t n, size_t m, const uint32_t *edges,
                            const uint32_t *ground, size_t ng, gr_hgraph **out)
{
    gr_hgraph_input in = {n, m, edges, ng, ground};
    gr_hgraph *g = NULL;
    assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_OK);
    gr_hgraph_summary s;
    gr_hgraph_summarize(g, &s);
    if (out != NULL) {
        *out = g;
    }
    return s.grundy;
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

/* Moves to target, sorted. */
static size_t moves_sorted(gr_arena *a, const gr_hgraph *g, uint64_t target, uint32_t **mv)
{
    size_t cnt = 0;
    assert_int_equal(gr_hgraph_moves_to(a, g, target, 0, mv, &cnt), GR_OK);
    /* the head agrees with a limit of one */
    uint32_t *one = NULL;
    size_t c1 = 0;
    assert_int_equal(gr_hgraph_moves_to(a, g, target, 1, &one, &c1), GR_OK);
    assert_int_equal(c1, cnt > 0 ? 1 : 0);
    if (cnt > 0) {
        assert_int_equal(one[0], (*mv)[0]);
    }
    qsort(*mv, cnt, sizeof(uint32_t), cmp_u32);
    for (size_t i = 1; i < cnt; i++) {
        assert_true((*mv)[i - 1] < (*mv)[i]); /* no duplicates */
    }
    return cnt;
}

/* Is edge e attached (reachable from the ground)? */
static bool edge_attached(uint32_t n, size_t m, const uint32_t *edges, const uint32_t *ground,
                          size_t ng, size_t e, gr_arena *a)
{
    gr_hgraph *g;
    solve_value(a, n, m, edges, ground, ng, &g);
    uint32_t u = edges[2 * e];
    uint32_t ru = gr_hgraph_map(g, u);
    return gr_hgraph_attached(g, ru);
}

/* Per-edge re-solve: the value left by removing each edge (UINT64_MAX for
 * a detached edge).  The slow checker, kept in the tests
 * only. */
static void values_resolve(gr_arena *a, uint32_t n, size_t m, const uint32_t *edges,
                           const uint32_t *ground, size_t ng, uint64_t *after)
{
    uint32_t *rest = malloc((m + 1) * 2 * sizeof(uint32_t));
    gr_hgraph *g0;
    solve_value(a, n, m, edges, ground, ng, &g0);
    gr_arena *b = gr_arena_create(0);
    for (size_t e = 0; e < m; e++) {
        uint32_t u = edges[2 * e];
        uint32_t ru = gr_hgraph_map(g0, u);
        after[e] = UINT64_MAX;
        if (!gr_hgraph_attached(g0, ru)) {
            continue;
        }
        memcpy(rest, edges, 2 * e * sizeof(uint32_t));
        memcpy(rest + 2 * e, edges + 2 * e + 2, 2 * (m - e - 1) * sizeof(uint32_t));
        after[e] = solve_value(b, n, m - 1, rest, ground, ng, NULL);
        gr_arena_reset(b);
    }
    gr_arena_destroy(b);
    free(rest);
}

/* The moves to `target` per the re-solved values, sorted. */
static size_t moves_from_values(const uint64_t *after, size_t m, uint64_t target, uint32_t *out)
{
    size_t cnt = 0;
    for (size_t e = 0; e < m; e++) {
        if (after[e] == target) {
            out[cnt++] = (uint32_t)e;
        }
    }
    return cnt;
}

typedef struct rgraph {
    uint32_t n;
    size_t m;
    uint32_t edges[2 * 4096];
    uint32_t ground[8];
    size_t ng;
} rgraph;

static void random_small(gr_test_rng *r, rgraph *G)
{
    G->n = 1 + (uint32_t)gr_test_below(r, 8);
    G->m = (size_t)gr_test_below(r, BF_MAX_EDGES + 1);
    for (size_t e = 0; e < G->m; e++) {
        uint32_t u = (uint32_t)gr_test_below(r, G->n);
        uint32_t v = gr_test_below(r, 6) == 0 ? u : (uint32_t)gr_test_below(r, G->n);
        G->edges[2 * e] = u;
        G->edges[2 * e + 1] = v;
    }
    G->ng = 1 + (size_t)gr_test_below(r, 3);
    for (size_t i = 0; i < G->ng; i++) {
        G->ground[i] = (uint32_t)gr_test_below(r, G->n);
    }
}

/* A random spanning tree, plus a few chords, loops, doubled edges and a
 * detached part: long cycles, hence big 2-edge-cut classes. */
static void random_sparse(gr_test_rng *r, rgraph *G, uint32_t n, size_t extra)
{
    G->n = n;
    G->m = 0;
    uint32_t attached = n - (uint32_t)gr_test_below(r, n / 8 + 1);
    for (uint32_t v = 1; v < n; v++) {
        uint32_t lo = v < attached ? 0 : attached;
        if (v == attached) {
            continue; /* first detached vertex: its own root */
        }
        /* mostly a long path, sometimes a branch */
        uint32_t p = gr_test_below(r, 4) != 0 ? v - 1 : lo + (uint32_t)gr_test_below(r, v - lo);
        if (p < lo) {
            p = lo;
        }
        G->edges[2 * G->m] = p;
        G->edges[2 * G->m + 1] = v;
        G->m++;
    }
    for (size_t i = 0; i < extra; i++) {
        uint32_t u = (uint32_t)gr_test_below(r, n);
        uint32_t v;
        switch (gr_test_below(r, 4)) {
        case 0:
            v = u; /* loop */
            break;
        case 1:
            v = u + 1 < n ? u + 1 : u; /* often a doubled path edge */
            break;
        default:
            v = (uint32_t)gr_test_below(r, n);
        }
        if ((u < attached) != (v < attached)) {
            v = u;
        }
        G->edges[2 * G->m] = u;
        G->edges[2 * G->m + 1] = v;
        G->m++;
    }
    /* shuffle the edge order */
    for (size_t i = G->m; i > 1; i--) {
        size_t j = (size_t)gr_test_below(r, i);
        uint32_t t0 = G->edges[2 * (i - 1)], t1 = G->edges[2 * (i - 1) + 1];
        G->edges[2 * (i - 1)] = G->edges[2 * j];
        G->edges[2 * (i - 1) + 1] = G->edges[2 * j + 1];
        G->edges[2 * j] = t0;
        G->edges[2 * j + 1] = t1;
    }
    G->ng = 1 + (size_t)gr_test_below(r, 2);
    G->ground[0] = 0;
    if (G->ng == 2) {
        G->ground[1] = (uint32_t)gr_test_below(r, attached);
    }
}

/* ---- tests -------------------------------------------------------------- */

static uint64_t picture(const uint32_t *edges, size_t m, uint32_t n)
{
    gr_arena *a = gr_arena_create(0);
    uint32_t ground[1] = {0};
    uint64_t v = solve_value(a, n, m, edges, ground, 1, NULL);
    gr_arena_destroy(a);
    return v;
}

static void test_named_pictures(void **state)
{
    const uint32_t loop[] = {0, 0};
    assert_int_equal(picture(loop, 1, 1), 1);
    const uint32_t triangle[] = {0, 1, 1, 2, 2, 0};
    assert_int_equal(picture(triangle, 3, 3), 1);
    const uint32_t square[] = {0, 1, 1, 2, 2, 3, 3, 0};
    assert_int_equal(picture(square, 4, 4), 0);
    const uint32_t under[] = {0, 1, 1, 2, 2, 3, 3, 1};
    assert_int_equal(picture(under, 4, 4), 2);
    const uint32_t k4[] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
    assert_int_equal(picture(k4, 6, 4), 0);
    const uint32_t none[] = {1, 2};
    assert_int_equal(picture(none, 1, 3), 0);

    /* the triangle's winning move is the edge opposite the ground */
    gr_arena *a = *state;
    uint32_t ground[1] = {0};
    gr_hgraph *g;
    solve_value(a, 3, 3, triangle, ground, 1, &g);
    uint32_t *mv;
    size_t c = moves_sorted(a, g, 0, &mv);
    assert_int_equal(c, 1);
    assert_int_equal(mv[0], 1);
    /* two grounds joined by an edge: a stick of one */
    const uint32_t two[] = {0, 1, 1, 2};
    uint32_t grounds[2] = {0, 1};
    gr_hgraph_input in = {3, 2, two, 2, grounds};
    assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_OK);
    gr_hgraph_summary s;
    gr_hgraph_summarize(g, &s);
    assert_int_equal(s.grundy, 0); /* 1 XOR 1 */
    assert_int_equal(s.detached_edges, 0);
}

static void test_bad_input(void **state)
{
    gr_arena *a = *state;
    gr_hgraph *g;
    const uint32_t e[] = {0, 5};
    uint32_t ground[1] = {0};
    gr_hgraph_input in = {3, 1, e, 1, ground};
    assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_EINVAL);
    in.edges = (const uint32_t[]){0, 1};
    in.ground_count = 0;
    assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_EINVAL);
    uint32_t bad_ground[1] = {3};
    in.ground_count = 1;
    in.ground = bad_ground;
    assert_int_equal(gr_hgraph_solve(a, &in, &g), GR_EINVAL);
}

static void test_brute_force(void **state)
{
    (void)state;
    gr_test_rng r = {20261130};
    static bf_graph bf;
    static rgraph G;
    uint32_t want[BF_MAX_EDGES];
    for (int iter = 0; iter < 3000; iter++) {
        random_small(&r, &G);
        gr_arena *a = gr_arena_create(0);
        bf_init(&bf, G.n, G.m, G.edges, G.ground, G.ng);
        uint32_t full = G.m == 0 ? 0 : (uint32_t)((1u << G.m) - 1);
        uint32_t att = bf_attached(&bf, full);
        int v = bf_value(&bf, att);
        gr_hgraph *g;
        uint64_t got = solve_value(a, G.n, G.m, G.edges, G.ground, G.ng, &g);
        if ((int)got != v) {
            fprintf(stderr, "iter %d: value %llu, brute force %d\n", iter, (unsigned long long)got,
                    v);
        }
        assert_int_equal(got, v);
        gr_hgraph_summary s;
        gr_hgraph_summarize(g, &s);
        assert_int_equal(s.detached_edges, G.m - (size_t)__builtin_popcount(att));
        /* every target from 0 to value + 2 */
        for (uint64_t t = 0; t <= (uint64_t)v + 2; t++) {
            size_t nw = 0;
            for (size_t e = 0; e < G.m; e++) {
                if ((att >> e & 1u) &&
                    bf_value(&bf, bf_attached(&bf, att & ~(1u << e))) == (int)t) {
                    want[nw++] = (uint32_t)e;
                }
            }
            uint32_t *mv;
            size_t c = moves_sorted(a, g, t, &mv);
            assert_moves_equal(mv, c, want, nw);
        }
        gr_arena_destroy(a);
    }
}

/* The fold through the trie equals direct folding. */
static void test_fold(void **state)
{
    gr_test_rng r = {77};
    gr_arena *a = *state;
    for (int iter = 0; iter < 300; iter++) {
        size_t k = 1 + (size_t)gr_test_below(&r, 400);
        uint64_t w[400], x[401], y[401];
        unsigned wbits = 1 + (unsigned)gr_test_below(&r, 12);
        for (size_t j = 0; j < k; j++) {
            /* mostly small, so chains meet; sometimes wide */
            w[j] =
                gr_test_below(&r, 3) == 0 ? gr_test_below(&r, 1u << wbits) : gr_test_below(&r, 4);
        }
        /* (w ^ y) + 1 <= y + w + 1: every value is below k (max w + 1) */
        uint64_t maxw = 0;
        for (size_t j = 0; j < k; j++) {
            maxw = w[j] > maxw ? w[j] : maxw;
        }
        unsigned bits = 0;
        for (uint64_t t = (maxw + 1) * (k + 1); t != 0; t >>= 1) {
            bits++;
        }
        gr_hgraph_folder *f;
        assert_int_equal(gr_hgraph_folder_create(a, k, bits, &f), GR_OK);
        gr_hgraph_fold_prefixes(f, w, k, x);
        gr_hgraph_fold_prefixes_naive(w, k, y);
        for (size_t p = 0; p <= k; p++) {
            assert_int_equal(x[p], y[p]);
        }
    }
}

/* For each of the four targets, g's moves equal those found by removing
 * each edge and re-solving. */
static void check_against_resolve(gr_arena *a, gr_hgraph *g, const rgraph *G,
                                  const uint64_t targets[4])
{
    static uint32_t want[4096];
    static uint64_t after[4096];
    values_resolve(a, G->n, G->m, G->edges, G->ground, G->ng, after);
    for (int ti = 0; ti < 4; ti++) {
        size_t nw = moves_from_values(after, G->m, targets[ti], want);
        uint32_t *mv;
        size_t c = moves_sorted(a, g, targets[ti], &mv);
        assert_moves_equal(mv, c, want, nw);
    }
}

/* Hundreds of edges: the full move sets for several targets equal those
 * found by removing each edge and re-solving. */
static void test_against_resolve(void **state)
{
    (void)state;
    gr_test_rng r = {4242};
    static rgraph G;
    for (int iter = 0; iter < 60; iter++) {
        uint32_t n = 20 + (uint32_t)gr_test_below(&r, 300);
        size_t extra = (size_t)gr_test_below(&r, n / 4 + 2);
        random_sparse(&r, &G, n, extra);
        gr_arena *a = gr_arena_create(0);
        gr_hgraph *g;
        uint64_t v = solve_value(a, G.n, G.m, G.edges, G.ground, G.ng, &g);
        uint64_t targets[4] = {0, v ^ 1u, gr_test_below(&r, v + 3), gr_test_below(&r, 8)};
        check_against_resolve(a, g, &G, targets);
        gr_arena_destroy(a);
    }
}

/* A long cycle (not always through the ground) with sticks, small trees
 * and a few chords hanging on it: 2-edge-cut classes of hundreds of edges,
 * so the trie fold is used.  Against per-edge re-solving. */
static void test_cycles_with_sticks(void **state)
{
    (void)state;
    gr_test_rng r = {31337};
    static rgraph G;
    uint32_t biggest = 0;
    for (int iter = 0; iter < 40; iter++) {
        uint32_t len = 30 + (uint32_t)gr_test_below(&r, 300);
        uint32_t stem = (uint32_t)gr_test_below(&r, 3); /* ground -> cycle */
        uint32_t n = 0;
        G.m = 0;
        uint32_t at = n++; /* ground */
        for (uint32_t i = 0; i < stem; i++) {
            G.edges[2 * G.m] = at;
            G.edges[2 * G.m + 1] = n;
            G.m++;
            at = n++;
        }
        uint32_t first = at;
        for (uint32_t i = 1; i < len; i++) {
            G.edges[2 * G.m] = at;
            G.edges[2 * G.m + 1] = n;
            G.m++;
            at = n++;
        }
        G.edges[2 * G.m] = at;
        G.edges[2 * G.m + 1] = first;
        G.m++;
        uint32_t sticks = (uint32_t)gr_test_below(&r, len);
        for (uint32_t i = 0; i < sticks; i++) {
            uint32_t from = (uint32_t)gr_test_below(&r, n);
            uint32_t size = 1 + (uint32_t)gr_test_below(&r, 5);
            for (uint32_t j = 0; j < size; j++) {
                G.edges[2 * G.m] = from;
                G.edges[2 * G.m + 1] = n;
                G.m++;
                from = gr_test_below(&r, 2) ? n : from;
                n++;
            }
        }
        uint32_t chords = (uint32_t)gr_test_below(&r, 4);
        for (uint32_t i = 0; i < chords; i++) {
            uint32_t u = (uint32_t)gr_test_below(&r, n), v = (uint32_t)gr_test_below(&r, n);
            G.edges[2 * G.m] = u;
            G.edges[2 * G.m + 1] = v;
            G.m++;
        }
        G.n = n;
        G.ng = 1;
        G.ground[0] = 0;
        gr_arena *a = gr_arena_create(0);
        gr_hgraph *g;
        uint64_t v = solve_value(a, G.n, G.m, G.edges, G.ground, G.ng, &g);
        gr_hgraph_cuts cuts;
        assert_int_equal(gr_hgraph_cuts_build(a, g, NULL, &cuts), GR_OK);
        biggest = cuts.max_class > biggest ? cuts.max_class : biggest;
        uint64_t targets[4] = {0, v ^ 1u, gr_test_below(&r, v + 8), gr_test_below(&r, v + 8)};
        check_against_resolve(a, g, &G, targets);
        gr_arena_destroy(a);
    }
    assert_true(biggest > 100); /* the trie path was taken */
}

/* Sparse ids far apart give the same answers as the same graph numbered
 * densely (the core relabels them instead of allocating 4e9 slots). */
static void test_sparse_ids(void **state)
{
    (void)state;
    gr_test_rng r = {5};
    static rgraph G;
    static uint32_t sparse[2 * 4096];
    for (int iter = 0; iter < 50; iter++) {
        random_sparse(&r, &G, 10 + (uint32_t)gr_test_below(&r, 100), (size_t)gr_test_below(&r, 30));
        for (size_t i = 0; i < 2 * G.m; i++) {
            sparse[i] = 4000000000u - 7919u * G.edges[i];
        }
        uint32_t sground[2];
        for (size_t i = 0; i < G.ng; i++) {
            sground[i] = 4000000000u - 7919u * G.ground[i];
        }
        gr_arena *a = gr_arena_create(64u << 20);
        gr_hgraph *g1, *g2;
        uint64_t v1 = solve_value(a, G.n, G.m, G.edges, G.ground, G.ng, &g1);
        uint64_t v2 = solve_value(a, 4000000001u, G.m, sparse, sground, G.ng, &g2);
        assert_int_equal(v1, v2);
        gr_hgraph_summary s1, s2;
        gr_hgraph_summarize(g1, &s1);
        gr_hgraph_summarize(g2, &s2);
        assert_int_equal(s1.detached_edges, s2.detached_edges);
        assert_int_equal(s1.bridges, s2.bridges);
        assert_int_equal(s1.components, s2.components);
        uint32_t *m1, *m2;
        size_t c1 = moves_sorted(a, g1, 0, &m1), c2 = moves_sorted(a, g2, 0, &m2);
        assert_moves_equal(m1, c1, m2, c2);
        gr_arena_destroy(a);
    }
}

/* The JSON family as /v1/sum drives it: found by name, analysed as a
 * component ("game" allowed, pointers under the component), moves to
 * non-zero targets, counting without writing. */
static void test_family_as_sum_component(void **state)
{
    (void)state;
    gr_test_family f;
    gr_test_family_begin("hackenbush_graph", &f);
    /* an edge under a triangle (2) beside a triangle on the ground (1) */
    static const char comp[] = "{\"game\": \"hackenbush_graph\", \"edges\": "
                               "[[0, 1], [1, 2], [2, 3], [3, 1], [0, 4], [4, 5], "
                               "[5, 0]], \"ground\": [0]}";
    void *st;
    assert_int_equal(gr_test_family_value(&f.c, f.fam, comp, "/components/1", &st), 3);
    /* every target: the listed moves, replayed, leave exactly that value */
    for (uint64_t t = 0; t < 6; t++) {
        uint64_t count = 99, count2 = 99;
        cJSON *arr = gr_test_family_moves(&f.c, f.fam, st, t, 100, true, &count);
        assert_int_equal((uint64_t)cJSON_GetArraySize(arr), count);
        gr_test_family_moves(&f.c, f.fam, st, t, 0, true, &count2);
        assert_int_equal(count, count2);
        /* every listed move, replayed, leaves value t */
        for (cJSON *mv = arr->child; mv != NULL; mv = mv->next) {
            /* numbers are written as raw text */
            int e = atoi(cJSON_GetObjectItem(mv, "edge")->valuestring);
            cJSON *copy = cJSON_Parse("{\"edges\": [[0, 1], [1, 2], [2, 3], [3, 1], "
                                      "[0, 4], [4, 5], [5, 0]], \"ground\": [0]}");
            cJSON_DeleteItemFromArray(cJSON_GetObjectItem(copy, "edges"), e);
            void *st2 = NULL;
            gr_value v2;
            gr_status rc = f.fam->analyse(&f.c, copy, "", &st2, &v2);
            if (rc != GR_OK) {
                fprintf(stderr, "%s at %s\n", f.c.problem.detail, f.c.problem.pointer);
            }
            assert_int_equal(rc, GR_OK);
            assert_int_equal(v2.n, t);
        }
    }
    /* errors point inside the component */
    gr_test_family_rejects(&f.c, f.fam, "{\"edges\": [[0, 1], [1, -1]], \"ground\": [0]}",
                           "/components/0", "/components/0/edges/1/1");
    /* the "game" key is a sum component's only */
    gr_test_family_rejects(&f.c, f.fam, comp, "", "/game");
    gr_test_family_end(&f);
}

/* ---- the streaming JSON reader against the general path ---------------- */

/* One of the endpoint's readers on a body, in a fresh arena: 'g' the
 * general path (gr_json_parse, then the JSON endpoint), 'f' the streaming
 * JSON reader, 't' the text/plain reader.  Returns the status; out gets
 * the printed answer, or on failure the problem's pointer ("" for the
 * fast reader's declining, which is GR_OK with no answer). */
static gr_status reader_answer(char kind, const char *body, size_t len, char *out, size_t cap)
{
    gr_arena *a = gr_arena_create(0);
    gr_jctx c;
    gr_jctx_init(&c, a);
    gr_arena *prev = gr_json_bind(a);
    cJSON *doc = NULL, *resp = NULL;
    gr_status st;
    if (kind == 'g') {
        st = gr_json_parse(&c, body, len, &doc);
        if (st == GR_OK) {
            st = gr_endpoint_hackenbush_graph(&c, doc, &resp);
        }
    } else if (kind == 'f') {
        st = gr_endpoint_hackenbush_graph_json_fast(&c, body, len, &resp);
        assert_int_equal(st, GR_OK); /* it declines, never fails */
    } else {
        st = gr_endpoint_hackenbush_graph_text(&c, body, len, &resp);
    }
    out[0] = '\0';
    if (st == GR_OK && resp != NULL) {
        size_t n = 0;
        char *text = gr_json_print(&c, resp, &n);
        assert_non_null(text);
        assert_true(n < cap);
        memcpy(out, text, n + 1);
    } else if (st != GR_OK) {
        snprintf(out, cap, "%s", c.problem.pointer != NULL ? c.problem.pointer : "?");
    }
    gr_json_bind(prev);
    gr_arena_destroy(a);
    return st;
}

/* The general path's answer (status, and the printed body when 200). */
static gr_status general_answer(const char *body, size_t len, char *out, size_t cap)
{
    return reader_answer('g', body, len, out, cap);
}

/* The fast reader's answer: 1 answered (out filled), 0 declined. */
static int fast_answer(const char *body, size_t len, char *out, size_t cap)
{
    reader_answer('f', body, len, out, cap);
    return out[0] != '\0';
}

static const char *ws(gr_test_rng *r)
{
    static const char *const pick[] = {"", "", "", " ", "\n", "\t ", "\r\n  "};
    return pick[gr_test_below(r, 7)];
}

/* A random request body in the plain shape, keys in random order. */
static size_t plain_body(gr_test_rng *r, const rgraph *G, char *buf, size_t cap)
{
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, cap - len, __VA_ARGS__))
    int order[5] = {0, 1, 2, 3, 4};
    for (int i = 4; i > 0; i--) {
        int j = (int)gr_test_below(r, (uint64_t)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    PUT("%s{", ws(r));
    bool first = true;
    for (int i = 0; i < 5; i++) {
        int k = order[i];
        if ((k == 0 || k == 3 || k == 4) && gr_test_below(r, 2) == 0) {
            continue; /* optional keys */
        }
        PUT("%s%s", first ? "" : ",", ws(r));
        first = false;
        switch (k) {
        case 0:
            PUT("\"vertices\"%s:%s%u", ws(r), ws(r), G->n + (uint32_t)gr_test_below(r, 3));
            break;
        case 1:
            PUT("\"edges\":%s[", ws(r));
            for (size_t e = 0; e < G->m; e++) {
                PUT("%s[%s%u,%s%u%s]", e ? "," : "", ws(r), G->edges[2 * e], ws(r),
                    G->edges[2 * e + 1], ws(r));
            }
            PUT("%s]", ws(r));
            break;
        case 2:
            PUT("\"ground\":[");
            for (size_t i2 = 0; i2 < G->ng; i2++) {
                PUT("%s%u", i2 ? ", " : "", G->ground[i2]);
            }
            PUT("]");
            break;
        case 3:
            PUT("\"all_winning_moves\": %s", gr_test_below(r, 3) ? "true" : "false");
            break;
        default:
            PUT("\"max_moves\": %u", (unsigned)gr_test_below(r, 5));
        }
        PUT("%s", ws(r));
    }
    PUT("}%s", ws(r));
#undef PUT
    return len;
}

static void test_fast_json_reader(void **state)
{
    (void)state;
    gr_json_init();
    gr_test_rng r = {8080};
    static rgraph G;
    static char body[1 << 16], mutated[1 << 16], want[1 << 18], got[1 << 18];
    static const char *const noise[] = {
        "\"7\"", "-1", "1.0", "1e2", "01", "null", "\"game\":1,", "\"edges\":[],",
        ",",     "[",  "]",   "}",   "{",  " ",    "4294967295",  "\\u0041"};
    int answered = 0, declined = 0;
    for (int iter = 0; iter < 1500; iter++) {
        random_small(&r, &G);
        size_t len = plain_body(&r, &G, body, sizeof(body));
        gr_status gst = general_answer(body, len, want, sizeof(want));
        int f = fast_answer(body, len, got, sizeof(got));
        if (gst == GR_OK) {
            /* the plain shape is always taken, and answered the same */
            assert_int_equal(f, 1);
            assert_string_equal(got, want);
        } else {
            assert_int_equal(f, 0); /* e.g. vertices below an id */
        }
        /* mutations: either declined, or the general path's answer */
        for (int k = 0; k < 4; k++) {
            size_t at = (size_t)gr_test_below(&r, len + 1), ml = 0;
            memcpy(mutated, body, at);
            ml = at;
            if (gr_test_below(&r, 2) == 0) {
                const char *w = noise[gr_test_below(&r, 16)];
                memcpy(mutated + ml, w, strlen(w));
                ml += strlen(w);
                at += gr_test_below(&r, 3); /* and maybe drop a few bytes */
            } else {
                at += 1 + gr_test_below(&r, 4);
            }
            if (at < len) {
                memcpy(mutated + ml, body + at, len - at);
                ml += len - at;
            }
            gst = general_answer(mutated, ml, want, sizeof(want));
            f = fast_answer(mutated, ml, got, sizeof(got));
            if (f) {
                assert_int_equal(gst, GR_OK);
                assert_string_equal(got, want);
                answered++;
            } else {
                declined++;
            }
        }
    }
    assert_true(answered > 100 && declined > 100);
}

/* ---- the text/plain reader ---------------------------------------------- */

/* An id as text: sometimes with leading zeros, so that numbers of every
 * width (1 to 12 digits) meet the reader's 8-byte fast path at every
 * offset. */
static int put_id(gr_test_rng *r, char *buf, size_t cap, uint32_t id)
{
    int zeros = gr_test_below(r, 3) == 0 ? (int)gr_test_below(r, 6) : 0;
    return snprintf(buf, cap, "%0*u", zeros + 1, id);
}

/* The edge-list form of G with random but valid layout (separators,
 * comments, blank lines, CRLF); *lines gets the physical line of each edge
 * (1-based).  Ids are spread over the id space by `scale` so that they
 * have up to 10 digits. */
static size_t text_body(gr_test_rng *r, const rgraph *G, uint32_t scale, bool plain, char *buf,
                        size_t cap, size_t *lines)
{
    static const char *const sep[] = {" ", " ", " ", "  ", "\t", " \t "};
    size_t len = 0, line = 1;
#define PUT(...) (len += (size_t)snprintf(buf + len, cap - len, __VA_ARGS__))
#define ID(x) (len += (size_t)put_id(r, buf + len, cap - len, (x)*scale))
    PUT("%llu %zu\n", (unsigned long long)(G->n - 1) * scale + 1, G->m);
    line++;
    for (size_t i = 0; i < G->ng; i++) {
        PUT("%s", i ? " " : "");
        ID(G->ground[i]);
    }
    PUT("\n");
    line++;
    for (size_t e = 0; e < G->m; e++) {
        if (!plain && gr_test_below(r, 8) == 0) {
            PUT("%s", gr_test_below(r, 2) ? "# a comment 123 456\n" : "\n");
            line++;
        }
        lines[e] = line;
        ID(G->edges[2 * e]);
        PUT("%s", plain ? " " : sep[gr_test_below(r, 6)]);
        ID(G->edges[2 * e + 1]);
        if (!plain && gr_test_below(r, 6) == 0) {
            PUT("%s", gr_test_below(r, 2) ? " # 7 8" : "\r");
        }
        PUT("\n");
        line++;
    }
#undef ID
#undef PUT
    return len;
}

/* The same graph as JSON, for the general path. */
static size_t json_body(const rgraph *G, uint32_t scale, char *buf, size_t cap)
{
    size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, cap - len, __VA_ARGS__))
    PUT("{\"vertices\": %llu, \"edges\": [", (unsigned long long)(G->n - 1) * scale + 1);
    for (size_t e = 0; e < G->m; e++) {
        PUT("%s[%llu, %llu]", e ? ", " : "", (unsigned long long)G->edges[2 * e] * scale,
            (unsigned long long)G->edges[2 * e + 1] * scale);
    }
    PUT("], \"ground\": [");
    for (size_t i = 0; i < G->ng; i++) {
        PUT("%s%llu", i ? ", " : "", (unsigned long long)G->ground[i] * scale);
    }
    PUT("]}");
#undef PUT
    return len;
}

static void test_text_reader(void **state)
{
    (void)state;
    gr_json_init();
    gr_test_rng r = {1111};
    static rgraph G;
    static char body[1 << 16], bad[1 << 16], jbody[1 << 16], want[1 << 18], got[1 << 18];
    static size_t lines[4096];
    static const uint32_t scales[] = {1, 3, 1001, 99991, 1234567, 400000000};
    /* what may not follow a number (bytes >= 0xFA are where the 8-byte
     * digit test could carry) */
    static const char *const junk[] = {"x", "-", ".", "e", "\xfa", "\xff", "/", ":", "\x80"};
    for (int iter = 0; iter < 3000; iter++) {
        random_small(&r, &G);
        if (G.m == 0) {
            continue;
        }
        uint32_t scale = scales[gr_test_below(&r, 6)];
        bool plain = gr_test_below(&r, 2) == 0;
        size_t len = text_body(&r, &G, scale, plain, body, sizeof(body), lines);
        size_t jlen = json_body(&G, scale, jbody, sizeof(jbody));
        assert_int_equal(general_answer(jbody, jlen, want, sizeof(want)), GR_OK);
        assert_int_equal(reader_answer('t', body, len, got, sizeof(got)), GR_OK);
        assert_string_equal(got, want);
        /* junk right after a digit of an edge line: a 400 at that line */
        size_t e = (size_t)gr_test_below(&r, G.m);
        const char *at = body;
        for (size_t l = 1; l < lines[e]; l++) {
            at = strchr(at, '\n') + 1;
        }
        const char *end = strchr(at, '\n');
        size_t ndig = 0;
        for (const char *q = at; q < end; q++) {
            ndig += *q >= '0' && *q <= '9';
        }
        size_t pick = (size_t)gr_test_below(&r, ndig), k = 0;
        const char *q = at;
        for (;; q++) {
            if (*q >= '0' && *q <= '9' && k++ == pick) {
                break;
            }
        }
        if (q >= strchr(at, '#') && strchr(at, '#') != NULL && strchr(at, '#') < end) {
            continue; /* a digit of the comment: still valid */
        }
        const char *j = junk[gr_test_below(&r, 9)];
        size_t pre = (size_t)(q - body) + 1;
        memcpy(bad, body, pre);
        memcpy(bad + pre, j, strlen(j));
        memcpy(bad + pre + strlen(j), body + pre, len - pre);
        char ptr[32];
        snprintf(ptr, sizeof(ptr), "/line/%zu", lines[e]);
        assert_int_equal(reader_answer('t', bad, len + strlen(j), got, sizeof(got)), GR_EINVAL);
        assert_string_equal(got, ptr);
    }
}

/* Replay: every winning move leaves value 0. */
static void test_replay(void **state)
{
    (void)state;
    gr_test_rng r = {99};
    static rgraph G;
    static uint32_t rest[2 * 4096];
    for (int iter = 0; iter < 40; iter++) {
        random_sparse(&r, &G, 50 + (uint32_t)gr_test_below(&r, 500),
                      (size_t)gr_test_below(&r, 200));
        gr_arena *a = gr_arena_create(0);
        gr_hgraph *g;
        solve_value(a, G.n, G.m, G.edges, G.ground, G.ng, &g);
        uint32_t *mv;
        size_t c = 0;
        assert_int_equal(gr_hgraph_moves_to(a, g, 0, 0, &mv, &c), GR_OK);
        for (size_t i = 0; i < c; i++) {
            size_t e = mv[i];
            assert_true(edge_attached(G.n, G.m, G.edges, G.ground, G.ng, e, a));
            memcpy(rest, G.edges, 2 * e * sizeof(uint32_t));
            memcpy(rest + 2 * e, G.edges + 2 * e + 2, 2 * (G.m - e - 1) * sizeof(uint32_t));
            assert_int_equal(solve_value(a, G.n, G.m - 1, rest, G.ground, G.ng, NULL), 0);
        }
        gr_arena_destroy(a);
    }
}

/* A path of 10^6 vertices (no recursion anywhere), and an odd cycle whose
 * winning move is its middle edge. */
static void test_long_path_and_cycle(void **state)
{
    (void)state;
    const uint32_t n = 1000000;
    uint32_t *edges = malloc(2 * (size_t)n * sizeof(uint32_t));
    for (uint32_t i = 0; i + 1 < n; i++) {
        edges[2 * i] = i;
        edges[2 * i + 1] = i + 1;
    }
    gr_arena *a = gr_arena_create(0);
    uint32_t ground[1] = {0};
    gr_hgraph *g;
    assert_int_equal(solve_value(a, n, n - 1, edges, ground, 1, &g), n - 1);
    uint32_t *mv;
    size_t c;
    assert_int_equal(gr_hgraph_moves_to(a, g, 0, 0, &mv, &c), GR_OK);
    assert_int_equal(c, 1);
    assert_int_equal(mv[0], 0);
    assert_int_equal(gr_hgraph_moves_to(a, g, 12345, 0, &mv, &c), GR_OK);
    assert_int_equal(c, 1);
    assert_int_equal(mv[0], 12345);
    gr_arena_destroy(a);

    /* odd cycle of n - 1 = 999,999 edges through the ground */
    uint32_t len = n - 1;
    edges[2 * (len - 1)] = len - 1;
    edges[2 * (len - 1) + 1] = 0;
    a = gr_arena_create(0);
    assert_int_equal(solve_value(a, len, len, edges, ground, 1, &g), 1);
    assert_int_equal(gr_hgraph_moves_to(a, g, 0, 0, &mv, &c), GR_OK);
    assert_int_equal(c, 1);
    assert_int_equal(mv[0], len / 2); /* edge (len/2, len/2+1) */
    gr_arena_destroy(a);
    free(edges);
}

GR_TEST_MAIN(gr_test_with_arena(test_named_pictures), gr_test_with_arena(test_bad_input),
             gr_test_with_arena(test_fold), cmocka_unit_test(test_brute_force),
             cmocka_unit_test(test_against_resolve), cmocka_unit_test(test_cycles_with_sticks),
             cmocka_unit_test(test_sparse_ids), cmocka_unit_test(test_family_as_sum_component),
             cmocka_unit_test(test_fast_json_reader), cmocka_unit_test(test_text_reader),
             cmocka_unit_test(test_replay), cmocka_unit_test(test_long_path_and_cycle))
