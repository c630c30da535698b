/* The generalised Sprague-Grundy function of loopy game graphs, checked
 * against a retrograde win/lose/draw analysis of the product graph of one
 * to three tokens, against its definition (Smith's conditions), and
 * against plain mex on acyclic graphs; every winning move is replayed and
 * the preferred move is checked to win in finitely many moves. */
#include "gr_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#include "grundy/game_graph.h"

#define MAXN 8
#define MAXT 3
#define MAXS (MAXN * MAXN * MAXN)

enum { UNKNOWN = 0, WIN, LOSS };

typedef struct graph {
    uint32_t n;
    size_t m;
    uint32_t moves[2 * 64];
} graph;

static void random_graph(gr_test_rng *r, graph *g, uint32_t n, size_t m)
{
    g->n = n;
    g->m = m;
    for (size_t e = 0; e < m; e++) {
        g->moves[2 * e] = (uint32_t)gr_test_below(r, n);
        g->moves[2 * e + 1] = (uint32_t)gr_test_below(r, n);
    }
}

static size_t state_of(const uint32_t *pos, size_t k, uint32_t n)
{
    size_t s = 0;
    for (size_t t = k; t-- > 0;) {
        s = s * n + pos[t];
    }
    return s;
}

static void pos_of(size_t s, size_t k, uint32_t n, uint32_t *pos)
{
    for (size_t t = 0; t < k; t++) {
        pos[t] = (uint32_t)(s % n);
        s /= n;
    }
}

/* Whether edge e moves token t from pos; if so np is the position after. */
static bool token_move(const graph *g, const uint32_t *pos, size_t t, size_t e,
                       uint32_t np[MAXT])
{
    if (g->moves[2 * e] != pos[t]) {
        return false;
    }
    memcpy(np, pos, MAXT * sizeof(*np));
    np[t] = g->moves[2 * e + 1];
    return true;
}

/* Retrograde analysis of the sum of k tokens, by fixpoint: a state is a
 * win if some move reaches a loss, a loss if every move reaches a win
 * (no moves: loss); what is left is a draw. */
static void retrograde(const graph *g, size_t k, unsigned char *out)
{
    size_t ns = 1;
    for (size_t t = 0; t < k; t++) {
        ns *= g->n;
    }
    memset(out, UNKNOWN, ns);
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t s = 0; s < ns; s++) {
            if (out[s] != UNKNOWN) {
                continue;
            }
            uint32_t pos[MAXT];
            pos_of(s, k, g->n, pos);
            int all_win = 1, some_loss = 0;
            for (size_t t = 0; t < k && !some_loss; t++) {
                for (size_t e = 0; e < g->m; e++) {
                    uint32_t np[MAXT];
                    if (!token_move(g, pos, t, e, np)) {
                        continue;
                    }
                    unsigned char o = out[state_of(np, k, g->n)];
                    if (o == LOSS) {
                        some_loss = 1;
                        break;
                    }
                    if (o != WIN) {
                        all_win = 0;
                    }
                }
            }
            if (some_loss || all_win) {
                out[s] = some_loss ? WIN : LOSS;
                changed = 1;
            }
        }
    }
}

/* Smith's defining conditions, with the counter: (A) a finite value is the
 * mex of the finite follower values; (B') a follower of larger or infinite
 * value has a follower of value gamma(u) with a smaller counter; (C) an
 * infinite u has an infinite follower v with mex K(u) not in K(v); and
 * K(u) is exactly the set of finite follower values. */
static void check_definition(const gr_ggraph *g)
{
    /* values are at most the largest out-degree, so at most g->moves */
    unsigned char *has = malloc(g->moves + 2);
    assert_non_null(has);
    for (uint32_t u = 0; u < g->positions; u++) {
        memset(has, 0, g->moves + 2);
        for (size_t e = g->follow_off[u]; e < g->follow_off[u + 1]; e++) {
            uint64_t x = g->value[g->follow[e]];
            if (x != GR_GGRAPH_INFINITY) {
                assert_true(x <= g->moves);
                has[x] = 1;
            }
        }
        uint64_t mex = 0;
        while (has[mex]) {
            mex++;
        }
        uint64_t gu = g->value[u];
        if (gu != GR_GGRAPH_INFINITY) {
            assert_int_equal(gu, mex);
            assert_int_equal(g->k_off[u + 1], g->k_off[u]);
            for (size_t e = g->follow_off[u]; e < g->follow_off[u + 1]; e++) {
                uint32_t v = g->follow[e];
                if (g->value[v] != GR_GGRAPH_INFINITY && g->value[v] < gu) {
                    continue;
                }
                int found = 0;
                for (size_t f = g->follow_off[v]; f < g->follow_off[v + 1];
                     f++) {
                    uint32_t w = g->follow[f];
                    if (g->value[w] == gu && g->counter[w] < g->counter[u]) {
                        found = 1;
                    }
                }
                assert_true(found);
            }
            continue;
        }
        size_t nk = 0;
        for (uint64_t x = 0; x <= g->moves; x++) {
            if (has[x]) {
                assert_true(g->k_off[u] + nk < g->k_off[u + 1]);
                assert_int_equal(g->k[g->k_off[u] + nk], x);
                nk++;
            }
        }
        assert_int_equal(g->k_off[u] + nk, g->k_off[u + 1]);
        int found = 0;
        for (size_t e = g->follow_off[u]; e < g->follow_off[u + 1]; e++) {
            uint32_t v = g->follow[e];
            if (g->value[v] != GR_GGRAPH_INFINITY) {
                continue;
            }
            int in_kv = 0;
            for (size_t j = g->k_off[v]; j < g->k_off[v + 1]; j++) {
                in_kv |= g->k[j] == mex;
            }
            found |= !in_kv;
        }
        assert_true(found);
    }
    free(has);
}

/* Every state of k tokens: the winner agrees with the retrograde table,
 * the winning moves are exactly the moves into losses, and *best is one of
 * them.  best_to[s] records the state *best leads to (or SIZE_MAX). */
static void check_sums(gr_arena *a, const graph *gr, const gr_ggraph *g,
                       size_t k, const unsigned char *table, size_t *best_to)
{
    size_t ns = 1;
    for (size_t t = 0; t < k; t++) {
        ns *= gr->n;
    }
    for (size_t s = 0; s < ns; s++) {
        uint32_t pos[MAXT];
        pos_of(s, k, gr->n, pos);
        gr_ggraph_sum sum;
        assert_int_equal(gr_ggraph_sum_value(a, g, pos, k, &sum), GR_OK);
        gr_outcome want = table[s] == WIN    ? GR_OUTCOME_FIRST
                                : table[s] == LOSS ? GR_OUTCOME_SECOND
                                                   : GR_OUTCOME_DRAW;
        if (sum.outcome != want) {
            fprintf(stderr, "state %zu: winner %d, retrograde %d\n", s,
                    (int)sum.outcome, (int)want);
        }
        assert_int_equal(sum.outcome, want);
        assert_true(sum.finite == (sum.infinite_tokens == 0));
        if (!sum.finite && sum.infinite_tokens > 1) {
            assert_int_equal(sum.nk, 0);
        }

        gr_ggraph_move moves[MAXT * 64];
        gr_ggraph_move best = {0, 0, 0};
        uint64_t count = 0;
        assert_int_equal(gr_ggraph_moves_to(a, g, &sum, pos, k, 0, MAXT * 64,
                                            moves, &count, &best),
                         GR_OK);
        /* The moves into losses, as distinct (token, destination) pairs. */
        uint64_t expect = 0;
        for (size_t t = 0; t < k; t++) {
            unsigned char dest[MAXN] = {0};
            for (size_t e = 0; e < gr->m; e++) {
                uint32_t np[MAXT];
                if (!token_move(gr, pos, t, e, np)) {
                    continue;
                }
                if (table[state_of(np, k, gr->n)] == LOSS && !dest[np[t]]) {
                    dest[np[t]] = 1;
                    expect++;
                }
            }
        }
        assert_int_equal(count, expect);
        assert_true((count > 0) == (want == GR_OUTCOME_FIRST));
        for (uint64_t i = 0; i < count; i++) {
            uint32_t np[MAXT];
            memcpy(np, pos, sizeof(np));
            assert_int_equal(moves[i].from, pos[moves[i].token]);
            np[moves[i].token] = moves[i].to;
            assert_int_equal(table[state_of(np, k, gr->n)], LOSS);
            if (i > 0) {
                assert_true(moves[i].token >= moves[i - 1].token);
            }
        }
        best_to[s] = SIZE_MAX;
        if (count > 0) {
            uint32_t np[MAXT];
            memcpy(np, pos, sizeof(np));
            assert_int_equal(best.from, pos[best.token]);
            np[best.token] = best.to;
            best_to[s] = state_of(np, k, gr->n);
            assert_int_equal(table[best_to[s]], LOSS);
        }
        /* Moves to other targets: replay and recompute the sum. */
        uint64_t target = s % 4;
        assert_int_equal(gr_ggraph_moves_to(a, g, &sum, pos, k, target,
                                            MAXT * 64, moves, &count, NULL),
                         GR_OK);
        for (uint64_t i = 0; i < count; i++) {
            uint32_t np[MAXT];
            memcpy(np, pos, sizeof(np));
            np[moves[i].token] = moves[i].to;
            gr_ggraph_sum after;
            assert_int_equal(gr_ggraph_sum_value(a, g, np, k, &after), GR_OK);
            assert_true(after.finite);
            assert_int_equal(after.value, target);
        }
    }
}

/* The winner always plays *best, the loser anything: no play may go on for
 * ever, i.e. the graph of winner-to-move states (W -> best(W) = L -> any
 * follower of L) has no cycle.  Iterative DFS with colours. */
static void check_best_terminates(const graph *gr, size_t k,
                                  const size_t *best_to)
{
    size_t ns = 1;
    for (size_t t = 0; t < k; t++) {
        ns *= gr->n;
    }
    unsigned char colour[MAXS] = {0};
    size_t stack[MAXS], it[MAXS];
    for (size_t root = 0; root < ns; root++) {
        if (best_to[root] == SIZE_MAX || colour[root]) {
            continue;
        }
        size_t sp = 0;
        stack[sp] = root;
        it[sp++] = 0;
        colour[root] = 1;
        while (sp > 0) {
            size_t w = stack[sp - 1];
            size_t l = best_to[w];
            uint32_t pos[MAXT];
            pos_of(l, k, gr->n, pos);
            /* the i-th move of L: token i / m, edge i % m */
            size_t i = it[sp - 1]++;
            if (i >= k * gr->m) {
                colour[w] = 2;
                sp--;
                continue;
            }
            size_t t = i / gr->m, e = i % gr->m;
            if (gr->moves[2 * e] != pos[t]) {
                continue;
            }
            pos[t] = gr->moves[2 * e + 1];
            size_t next = state_of(pos, k, gr->n);
            assert_true(best_to[next] != SIZE_MAX); /* a loss's follower wins */
            assert_int_not_equal(colour[next], 1);  /* no cycle */
            if (colour[next] == 0) {
                colour[next] = 1;
                stack[sp] = next;
                it[sp++] = 0;
            }
        }
    }
}

static void test_random_loopy_against_retrograde(void **state)
{
    (void)state;
    gr_test_rng r = {0x5eed0001};
    unsigned char table[MAXS];
    size_t best_to[MAXS];
    size_t states_checked = 0;
    for (int round = 0; round < 3000; round++) {
        graph gr;
        uint32_t n = 1 + (uint32_t)gr_test_below(&r, MAXN);
        size_t m = (size_t)gr_test_below(&r, 6 * n + 1);
        random_graph(&r, &gr, n, m);
        gr_arena *a = gr_arena_create(0);
        gr_ggraph g;
        assert_int_equal(gr_ggraph_solve(a, gr.n, gr.moves, gr.m, &g), GR_OK);
        check_definition(&g);
        size_t kmax = n <= 6 ? 3 : 2;
        for (size_t k = 1; k <= kmax; k++) {
            retrograde(&gr, k, table);
            check_sums(a, &gr, &g, k, table, best_to);
            check_best_terminates(&gr, k, best_to);
            states_checked += 1;
        }
        gr_arena_destroy(a);
    }
    assert_true(states_checked > 3000);
}

/* Acyclic graphs: plain mex values (edges go from higher to lower index
 * of a random permutation), never infinity. */
static void test_acyclic_is_mex(void **state)
{
    (void)state;
    gr_test_rng r = {0x5eed0002};
    for (int round = 0; round < 2000; round++) {
        uint32_t n = 1 + (uint32_t)gr_test_below(&r, 40);
        uint32_t perm[40];
        for (uint32_t i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (uint32_t i = n; i > 1; i--) {
            uint32_t j = (uint32_t)gr_test_below(&r, i);
            uint32_t tmp = perm[i - 1];
            perm[i - 1] = perm[j];
            perm[j] = tmp;
        }
        size_t m = n > 1 ? (size_t)gr_test_below(&r, 4 * n) : 0;
        uint32_t moves[2 * 160];
        for (size_t e = 0; e < m; e++) {
            uint32_t x = (uint32_t)gr_test_below(&r, n - 1) + 1;
            uint32_t y = (uint32_t)gr_test_below(&r, x);
            moves[2 * e] = perm[x];
            moves[2 * e + 1] = perm[y];
        }
        uint64_t mex[40];
        for (uint32_t x = 0; x < n; x++) { /* topological: low index first */
            unsigned char has[41] = {0};
            for (size_t e = 0; e < m; e++) {
                if (moves[2 * e] == perm[x]) {
                    for (uint32_t y = 0; y < x; y++) {
                        if (perm[y] == moves[2 * e + 1]) {
                            has[mex[y]] = 1;
                        }
                    }
                }
            }
            mex[x] = 0;
            while (has[mex[x]]) {
                mex[x]++;
            }
        }
        gr_arena *a = gr_arena_create(0);
        gr_ggraph g;
        assert_int_equal(gr_ggraph_solve(a, n, moves, m, &g), GR_OK);
        assert_int_equal(g.infinite_count, 0);
        for (uint32_t x = 0; x < n; x++) {
            assert_int_equal(g.value[perm[x]], mex[x]);
        }
        gr_arena_destroy(a);
    }
}

static void test_small_cases(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    gr_ggraph g;
    gr_ggraph_sum sum;
    /* No positions, no tokens: the empty sum, value 0. */
    assert_int_equal(gr_ggraph_solve(a, 0, NULL, 0, &g), GR_OK);
    assert_int_equal(gr_ggraph_sum_value(a, &g, NULL, 0, &sum), GR_OK);
    assert_true(sum.finite);
    assert_int_equal(sum.outcome, GR_OUTCOME_SECOND);

    /* 0 -> 0 (self-loop), 0 -> 1: infinity({0}); one token wins by moving
     * to 1, two tokens on 0 draw. */
    uint32_t m1[] = {0, 0, 0, 1};
    assert_int_equal(gr_ggraph_solve(a, 2, m1, 2, &g), GR_OK);
    assert_int_equal(g.value[0], GR_GGRAPH_INFINITY);
    assert_int_equal(g.value[1], 0);
    assert_int_equal(g.k_off[1] - g.k_off[0], 1);
    uint32_t s1[] = {0, 0};
    assert_int_equal(gr_ggraph_sum_value(a, &g, s1, 1, &sum), GR_OK);
    assert_int_equal(sum.outcome, GR_OUTCOME_FIRST);
    assert_int_equal(sum.nk, 1);
    assert_int_equal(sum.k[0], 0);
    assert_int_equal(gr_ggraph_sum_value(a, &g, s1, 2, &sum), GR_OK);
    assert_int_equal(sum.outcome, GR_OUTCOME_DRAW);
    assert_int_equal(sum.nk, 0);

    /* A 2-cycle: both infinity(empty). */
    uint32_t m2[] = {0, 1, 1, 0};
    assert_int_equal(gr_ggraph_solve(a, 2, m2, 2, &g), GR_OK);
    assert_int_equal(g.value[0], GR_GGRAPH_INFINITY);
    assert_int_equal(g.value[1], GR_GGRAPH_INFINITY);

    /* 0 <-> 1, 1 -> 2 (terminal): gamma(1) = mex{0, 0} = 1 and
     * gamma(0) = mex{1} = 0 although 0 and 1 form a cycle: the only move
     * from 0 is answered by 1 -> 2. */
    uint32_t m3[] = {0, 1, 1, 0, 1, 2};
    assert_int_equal(gr_ggraph_solve(a, 3, m3, 3, &g), GR_OK);
    assert_int_equal(g.value[2], 0);
    assert_int_equal(g.value[1], 1);
    assert_int_equal(g.value[0], 0);

    /* Bad ids. */
    uint32_t bad[] = {0, 3};
    assert_int_equal(gr_ggraph_solve(a, 3, bad, 1, &g), GR_EINVAL);
    gr_arena_destroy(a);

    /* Budget: a small arena fails cleanly. */
    static uint32_t big[2 * 100000];
    for (uint32_t e = 0; e < 100000; e++) {
        big[2 * e] = e;
        big[2 * e + 1] = (e + 1) % 100000;
    }
    gr_arena *tiny = gr_arena_create(256 * 1024);
    assert_non_null(tiny);
    assert_int_equal(gr_ggraph_solve(tiny, 100000, big, 100000, &g), GR_ENOMEM);
    gr_arena_destroy(tiny);
}

/* Medium graphs with large values -- tournaments (values up to the size)
 * mixed with random moves and cycles -- against Smith's conditions. */
static void test_medium_definition(void **state)
{
    (void)state;
    gr_test_rng r = {0x5eed0003};
    uint32_t *mv = malloc(2 * 4000 * sizeof(*mv));
    assert_non_null(mv);
    for (int round = 0; round < 300; round++) {
        uint32_t n = 1 + (uint32_t)gr_test_below(&r, 200);
        uint32_t t = (uint32_t)gr_test_below(&r, n < 60 ? n : 60);
        size_t m = 0;
        for (uint32_t i = 0; i < t; i++) { /* tournament on 0..t-1 */
            for (uint32_t j = 0; j < i; j++) {
                if (gr_test_below(&r, 8) != 0) {
                    mv[2 * m] = i;
                    mv[2 * m + 1] = j;
                    m++;
                }
            }
        }
        size_t extra = (size_t)gr_test_below(&r, 3 * (size_t)n + 1);
        for (size_t e = 0; e < extra && m < 4000; e++, m++) {
            mv[2 * m] = (uint32_t)gr_test_below(&r, n);
            mv[2 * m + 1] = (uint32_t)gr_test_below(&r, n);
        }
        gr_arena *a = gr_arena_create(0);
        gr_ggraph g;
        assert_int_equal(gr_ggraph_solve(a, n, mv, m, &g), GR_OK);
        check_definition(&g);
        gr_arena_destroy(a);
    }
    free(mv);
}

/* A long path and a long cycle: deep inputs use no recursion. */
static void test_deep(void **state)
{
    const uint32_t n = 200000;
    gr_arena *a = *state;
    uint32_t *mv = gr_arena_alloc(a, 2 * (size_t)n * sizeof(*mv));
    for (uint32_t i = 0; i + 1 < n; i++) {
        mv[2 * i] = i + 1;
        mv[2 * i + 1] = i;
    }
    gr_ggraph g;
    assert_int_equal(gr_ggraph_solve(a, n, mv, n - 1, &g), GR_OK);
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(g.value[i], i % 2);
    }
    mv[2 * (n - 1)] = 0;
    mv[2 * (n - 1) + 1] = n - 1; /* close the cycle */
    assert_int_equal(gr_ggraph_solve(a, n, mv, n, &g), GR_OK);
    assert_int_equal(g.infinite_count, n);
}

GR_TEST_MAIN(
        cmocka_unit_test(test_small_cases),
        cmocka_unit_test(test_acyclic_is_mex),
        cmocka_unit_test(test_random_loopy_against_retrograde),
        cmocka_unit_test(test_medium_definition),
        gr_test_with_arena(test_deep))
