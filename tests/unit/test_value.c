/* The core's value algebra (include/grundy/value.h) with nothing but the
 * core: this test links libgrundy.a alone (see its rule in the Makefile),
 * so a C program can analyse a sum without the JSON layer.
 *
 *  - Smith's rule against brute force: for random game graphs G and H
 *    (cycles allowed) the product graph G x H -- a token on each, a move
 *    moves one of them -- is solved directly by the generalised
 *    Sprague-Grundy solver, and for every pair of positions its value and
 *    outcome must be what gr_value_sum_of gives from the two values;
 *  - finite sums of two core games (Nim and a Green Hackenbush tree) with
 *    their winning targets, each replayed to a sum of value 0;
 *  - ordinal components: omega + 3 against a finite 3;
 *  - the value after a move (gr_value_sum_after, what all_moves lists):
 *    for sums of three random game graphs' positions and every move of
 *    every component, the same as gr_value_sum_of over the components with
 *    that one replaced (checked above against product graphs), and
 *    gr_value_outcome the same as that sum's outcome. */
#include "gr_test.h"

#include <stdlib.h>
#include <string.h>

#include "grundy/game_graph.h"
#include "grundy/hackenbush_tree.h"
#include "grundy/nim.h"
#include "grundy/value.h"

/* u's value as the algebra's gr_value. */
static gr_value graph_value(const gr_ggraph *g, uint32_t u)
{
    gr_value v = {.kind = GR_VALUE_FINITE, .n = g->value[u]};
    if (g->value[u] == GR_GGRAPH_INFINITY) {
        v.kind = GR_VALUE_LOOPY;
        v.k = g->k + g->k_off[u];
        v.nk = g->k_off[u + 1] - g->k_off[u];
    }
    return v;
}

static uint32_t *random_moves(gr_test_rng *r, uint32_t n, size_t m)
{
    uint32_t *mv = malloc(2 * m * sizeof(*mv));
    for (size_t i = 0; i < m; i++) {
        mv[2 * i] = (uint32_t)gr_test_below(r, n);
        mv[2 * i + 1] = (uint32_t)gr_test_below(r, n);
    }
    return mv;
}

static void test_smith_rule_against_product_graphs(void **state)
{
    (void)state;
    gr_test_rng r = {20261201};
    size_t loopy_pairs = 0, draws = 0, wins = 0;
    for (int round = 0; round < 60; round++) {
        gr_arena *a = gr_arena_create(0);
        uint32_t n1 = 1 + (uint32_t)gr_test_below(&r, 7), n2 = 1 + (uint32_t)gr_test_below(&r, 7);
        size_t m1 = gr_test_below(&r, 2 * n1 + 1), m2 = gr_test_below(&r, 2 * n2 + 1);
        uint32_t *e1 = random_moves(&r, n1, m1), *e2 = random_moves(&r, n2, m2);
        gr_ggraph g1, g2, gp;
        assert_int_equal(gr_ggraph_solve(a, n1, e1, m1, &g1), GR_OK);
        assert_int_equal(gr_ggraph_solve(a, n2, e2, m2, &g2), GR_OK);
        /* the product: (u, v) is u * n2 + v */
        size_t mp = m1 * n2 + m2 * n1;
        uint32_t *ep = malloc((2 * mp + 1) * sizeof(*ep));
        size_t k = 0;
        for (size_t i = 0; i < m1; i++) {
            for (uint32_t v = 0; v < n2; v++) {
                ep[k++] = e1[2 * i] * n2 + v;
                ep[k++] = e1[2 * i + 1] * n2 + v;
            }
        }
        for (size_t i = 0; i < m2; i++) {
            for (uint32_t u = 0; u < n1; u++) {
                ep[k++] = u * n2 + e2[2 * i];
                ep[k++] = u * n2 + e2[2 * i + 1];
            }
        }
        assert_int_equal(gr_ggraph_solve(a, n1 * n2, ep, mp, &gp), GR_OK);
        for (uint32_t u = 0; u < n1; u++) {
            for (uint32_t v = 0; v < n2; v++) {
                gr_value parts[2] = {graph_value(&g1, u), graph_value(&g2, v)};
                gr_value_sum s;
                assert_int_equal(gr_value_sum_of(a, parts, 2, &s), GR_OK);
                gr_value want = graph_value(&gp, u * n2 + v);
                assert_int_equal(s.kind, want.kind);
                if (want.kind == GR_VALUE_FINITE) {
                    assert_int_equal(s.total, want.n);
                    assert_int_equal(s.outcome, want.n != 0 ? GR_OUTCOME_FIRST : GR_OUTCOME_SECOND);
                    continue;
                }
                loopy_pairs++;
                assert_int_equal(s.nk, want.nk);
                for (size_t i = 0; i < want.nk; i++) {
                    assert_int_equal(s.k[i], want.k[i]);
                }
                /* a loopy position is won iff it can move to a 0 */
                bool zero = want.nk > 0 && want.k[0] == 0;
                assert_int_equal(s.outcome, zero ? GR_OUTCOME_FIRST : GR_OUTCOME_DRAW);
                draws += !zero;
                wins += zero;
                if (zero) {
                    /* the winning move is in the loopy component, to a0 */
                    size_t li = s.first_loopy;
                    gr_ord_ref ref;
                    gr_value t;
                    bool any;
                    assert_int_equal(gr_value_sum_target(&s, li, &ref, &t, &any), GR_OK);
                    assert_true(any);
                    assert_int_equal(t.kind, GR_VALUE_FINITE);
                    const gr_value *other = &parts[1 - li];
                    assert_int_equal(other->kind, GR_VALUE_FINITE);
                    assert_int_equal(t.n, other->n); /* a0: then a0 XOR a0 = 0 */
                    assert_int_equal(gr_value_sum_target(&s, 1 - li, &ref, &t, &any), GR_OK);
                    assert_false(any);
                }
            }
        }
        free(e1);
        free(e2);
        free(ep);
        gr_arena_destroy(a);
    }
    /* the random graphs must exercise the loopy rules, not only XOR */
    assert_true(loopy_pairs > 100);
    assert_true(draws > 20 && wins > 20);
}

static void assert_same_value(const gr_value *got, const gr_value_sum *want)
{
    assert_int_equal(got->kind, want->kind);
    if (want->kind == GR_VALUE_FINITE) {
        assert_int_equal(got->n, want->total);
        return;
    }
    assert_int_equal(got->nk, want->nk);
    for (size_t i = 0; i < want->nk; i++) {
        assert_int_equal(got->k[i], want->k[i]);
    }
}

static void test_value_after_a_move(void **state)
{
    gr_arena *a = *state;
    gr_test_rng r = {20261202};
    size_t checked = 0, by_kind[3] = {0, 0, 0}, two_loopy = 0;
    for (int round = 0; round < 40; round++) {
        gr_arena_reset(a); /* a fresh start each round */
        gr_ggraph g[3];
        uint32_t n[3];
        uint32_t *e[3];
        for (int j = 0; j < 3; j++) {
            n[j] = 1 + (uint32_t)gr_test_below(&r, 5);
            size_t m = gr_test_below(&r, 2 * n[j] + 1);
            e[j] = random_moves(&r, n[j], m);
            assert_int_equal(gr_ggraph_solve(a, n[j], e[j], m, &g[j]), GR_OK);
        }
        for (uint32_t p = 0; p < n[0] * n[1] * n[2]; p++) {
            uint32_t pos[3] = {p % n[0], (p / n[0]) % n[1], p / (n[0] * n[1])};
            gr_value parts[3], moved[3];
            for (int j = 0; j < 3; j++) {
                parts[j] = graph_value(&g[j], pos[j]);
            }
            gr_value_sum s;
            assert_int_equal(gr_value_sum_of(a, parts, 3, &s), GR_OK);
            two_loopy += s.loopy >= 2;
            for (size_t i = 0; i < 3; i++) {
                const gr_ggraph *gi = &g[i];
                for (size_t f = gi->follow_off[pos[i]]; f < gi->follow_off[pos[i] + 1]; f++) {
                    gr_value to = graph_value(gi, gi->follow[f]), got;
                    assert_int_equal(gr_value_sum_after(a, &s, i, &to, &got), GR_OK);
                    memcpy(moved, parts, sizeof(parts));
                    moved[i] = to;
                    gr_value_sum want;
                    assert_int_equal(gr_value_sum_of(a, moved, 3, &want), GR_OK);
                    assert_same_value(&got, &want);
                    assert_int_equal(gr_value_outcome(&got), want.outcome);
                    by_kind[want.outcome]++;
                    checked++;
                }
            }
        }
        for (int j = 0; j < 3; j++) {
            free(e[j]);
        }
    }
    /* every outcome and the two-loopy rule must be reached */
    assert_true(checked > 1000);
    assert_true(by_kind[GR_OUTCOME_FIRST] > 50 && by_kind[GR_OUTCOME_SECOND] > 50 &&
                by_kind[GR_OUTCOME_DRAW] > 50);
    assert_true(two_loopy > 50);
}

static void test_nim_plus_hackenbush_tree(void **state)
{
    gr_arena *a = *state;
    /* a root with children 1 (holding 2) and 3: (1+1 + 1) XOR (0 + 1) = 3 */
    static const uint32_t parent[] = {GR_HTREE_ROOT, 0, 1, 0};
    gr_htree_input in = {parent, 4};
    gr_htree t;
    uint32_t bad;
    assert_int_equal(gr_htree_solve(a, &in, &t, &bad), GR_OK);
    for (uint64_t p0 = 0; p0 < 8; p0++) {
        uint64_t piles[2] = {p0, 5};
        gr_value parts[2] = {
            {.kind = GR_VALUE_FINITE, .n = gr_nim_value(piles, 2)},
            {.kind = GR_VALUE_FINITE, .n = t.value},
        };
        assert_int_equal(t.value, 3);
        gr_value_sum s;
        assert_int_equal(gr_value_sum_of(a, parts, 2, &s), GR_OK);
        assert_int_equal(s.kind, GR_VALUE_FINITE);
        assert_int_equal(s.total, (p0 ^ 5) ^ 3);
        assert_int_equal(s.outcome, s.total != 0 ? GR_OUTCOME_FIRST : GR_OUTCOME_SECOND);
        /* each target, reached, makes the sum 0 */
        for (size_t i = 0; i < 2; i++) {
            gr_ord_ref ref;
            gr_value tg;
            bool any;
            assert_int_equal(gr_value_sum_target(&s, i, &ref, &tg, &any), GR_OK);
            assert_true(any);
            assert_int_equal(tg.n ^ parts[1 - i].n, 0);
        }
    }
}

static void test_ordinal_components(void **state)
{
    gr_arena *a = *state;
    gr_ord_ctx *x;
    assert_int_equal(gr_ord_ctx_create(a, &x), GR_OK);
    gr_ord one, omega, three, w3;
    assert_int_equal(gr_ord_from_u64(x, 1, &one), GR_OK);
    uint64_t c1 = 1;
    assert_int_equal(gr_ord_from_terms(x, &one, &c1, 1, &omega), GR_OK);
    assert_int_equal(gr_ord_from_u64(x, 3, &three), GR_OK);
    assert_int_equal(gr_ord_xor(x, omega, three, &w3), GR_OK); /* omega + 3 */
    gr_ord_ref ref_w3 = {x, w3};
    gr_value parts[2] = {
        {.kind = GR_VALUE_ORDINAL, .ordinal = &ref_w3},
        {.kind = GR_VALUE_FINITE, .n = 3},
    };
    gr_value_sum s;
    assert_int_equal(gr_value_sum_of(a, parts, 2, &s), GR_OK);
    assert_int_equal(s.kind, GR_VALUE_ORDINAL);
    assert_int_equal(s.outcome, GR_OUTCOME_FIRST);
    /* the sum is omega (3 XOR 3 = 0): not finite */
    uint64_t fin;
    assert_false(gr_ord_is_finite(s.ctx, s.total_ord, &fin));
    gr_ord_ref ref;
    gr_value t;
    bool any;
    /* the ordinal component moves to 3 = (omega + 3) XOR omega */
    assert_int_equal(gr_value_sum_target(&s, 0, &ref, &t, &any), GR_OK);
    assert_true(any);
    assert_int_equal(t.kind, GR_VALUE_ORDINAL);
    assert_true(gr_ord_is_finite(s.ctx, t.ordinal->ord, &fin));
    assert_int_equal(fin, 3);
    /* the finite one would have to reach omega: impossible */
    assert_int_equal(gr_value_sum_target(&s, 1, &ref, &t, &any), GR_OK);
    assert_false(any);
    /* omega + 3 against a loopy infinity({0, 1}): a = omega + 3 is not in
     * K, a draw; K' = {omega + 3, omega + 2} sorted by finite part */
    static const uint64_t k[] = {0, 1};
    gr_value loopy[2] = {parts[0], {.kind = GR_VALUE_LOOPY, .k = k, .nk = 2}};
    assert_int_equal(gr_value_sum_of(a, loopy, 2, &s), GR_OK);
    assert_int_equal(s.kind, GR_VALUE_LOOPY);
    assert_int_equal(s.outcome, GR_OUTCOME_DRAW);
    assert_int_equal(s.nk, 2);
    assert_int_equal(s.k[0], 2);
    assert_int_equal(s.k[1], 3);
    gr_ord e, want;
    assert_int_equal(gr_value_sum_loopy_ord(&s, 0, &e), GR_OK);
    assert_int_equal(gr_ord_from_u64(s.ctx, 2, &want), GR_OK);
    gr_ord omega_here;
    assert_int_equal(gr_ord_import(s.ctx, x, omega, &omega_here), GR_OK);
    assert_int_equal(gr_ord_xor(s.ctx, omega_here, want, &want), GR_OK);
    assert_int_equal(e, want); /* labels are canonical */
}

GR_TEST_MAIN(
        cmocka_unit_test(test_smith_rule_against_product_graphs),
        gr_test_with_arena(test_nim_plus_hackenbush_tree),
        gr_test_with_arena(test_ordinal_components),
        gr_test_with_arena(test_value_after_a_move))
