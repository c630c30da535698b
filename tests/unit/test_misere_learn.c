/* The misère quotient learnt from outcomes when a heap splits elements
 * (src/core/misere_learn.c): misère Kayles built with the learner first
 * gives, at every split heap, the quotient the rebuild from the
 * generators gives (heap 9 splits 5 + 5 from 0), proven and complete with
 * the same period; each quotient's algebra (identity, commutative,
 * associative, reduced) is checked and its predictions compared with
 * exhaustive search on random sums.  A learner out of its search budget
 * gives up cleanly. */
#include "gr_test.h"

#include <stdlib.h>

#include "gr_test_misere.h"

static gr_status build(gr_arena *a, const char *code, uint64_t n, bool complete, bool learn,
                       uint64_t learn_nodes, gr_mis_game *g, gr_mis_quotient *q)
{
    *g = gr_test_mis_octal(code);
    gr_mis_quotient_opts o = {.max_heap = complete ? 1 : n,
                              .until_complete = complete,
                              .max_heap_limit = n,
                              .learn_first = learn,
                              .learn_nodes = learn_nodes};
    const char *why;
    return gr_mis_quotient_build(a, g, &o, q, &why);
}

/* Random sums of up to four heaps <= top (18 tokens in all, so that the
 * search stays small) against exhaustive search. */
static void check_predictions(const gr_mis_game *g, const gr_mis_quotient *q, uint64_t top,
                              gr_test_rng *rng)
{
    gr_arena *a = gr_arena_create(0);
    gr_mis_search *s;
    assert_int_equal(gr_mis_search_new(a, g, 1, 0, &s), GR_OK);
    int checked = 0;
    for (int k = 0; k < 120; k++) {
        size_t n = 1 + (size_t)gr_test_below(rng, 4);
        uint64_t t[4], left = 18;
        uint32_t e = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t h = gr_test_below(rng, (top < left ? top : left) + 1);
            left -= h;
            uint32_t img;
            assert_int_equal(gr_mis_quotient_image(q, h, &img), GR_OK);
            e = gr_mis_mul(q, e, img);
            t[i] = GR_MIS_TOKEN(0, h);
        }
        bool p;
        gr_status st = gr_mis_is_p(s, t, n, &p);
        if (st == GR_ELIMIT) {
            continue;
        }
        assert_int_equal(st, GR_OK);
        assert_int_equal(p, q->in_p[e] != 0);
        checked++;
    }
    assert_true(checked > 60);
    gr_arena_destroy(a);
}

/* A quotient to learn and what it must be. */
typedef struct learn_case {
    const char *code;
    uint64_t heaps; /* built of heaps <= heaps, or on until complete */
    bool complete;  /* built on until proven periodic (to heaps at most) */
    bool learn;     /* learnt first, not after the rebuild */
    uint64_t nodes; /* the learner's search budget (0: the default) */
    uint32_t order; /* the quotient's order */
    uint32_t p;     /* and |P| */
    uint64_t top;   /* random sums of heaps <= top against the search */
    uint64_t seed;  /* of those sums */
} learn_case;

/* The quotient of the case, built in a: its order and |P| as given, its
 * algebra, and its predictions on random sums. */
static void check_learnt(gr_arena *a, learn_case c, gr_mis_game *g, gr_mis_quotient *q)
{
    assert_int_equal(build(a, c.code, c.heaps, c.complete, c.learn, c.nodes, g, q), GR_OK);
    assert_int_equal(q->order, c.order);
    assert_int_equal(q->p_count, c.p);
    assert_int_equal(q->complete, c.complete);
    gr_test_mis_algebra(q);
    gr_test_rng rng = {.s = c.seed};
    check_predictions(g, q, c.top, &rng);
}

/* Kayles' split heaps (9: order 18; 12: 24; 25: 32; 27 and on: 40):
 * the learner's quotient and the rebuild's agree in order and |P|, and
 * heap 9 tells 5 + 5 from the identity. */
static void test_learn_kayles_splits(void **state)
{
    (void)state;
    static const struct {
        uint64_t heaps;
        uint32_t order, p;
    } want[] = {{8, 12, 3}, {9, 18, 6}, {12, 24, 8}, {25, 32, 9}, {30, 40, 9}};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        gr_arena *a = gr_arena_create(0), *b = gr_arena_create(0);
        gr_mis_game g, g2;
        gr_mis_quotient q, r;
        uint64_t n = want[i].heaps;
        learn_case c = {.code = "0.77", .heaps = n, .learn = true, .order = want[i].order,
                        .p = want[i].p, .top = n, .seed = 1987 + i};
        check_learnt(a, c, &g, &q);
        c.learn = false; /* the rebuild's quotient */
        check_learnt(b, c, &g2, &r);
        if (n >= 9) {
            assert_int_not_equal(gr_mis_mul(&q, q.image[5], q.image[5]), 0);
        }
        gr_arena_destroy(b);
        gr_arena_destroy(a);
    }
}

/* Learnt first at every split, misère Kayles is still complete: order 40,
 * |P| 9, period 12 from heap 71 (Sibert-Conway), with the presentation's
 * seven generators (heaps 1, 2, 5, 9, 12, 25, 27). */
static void test_learn_kayles_complete(void **state)
{
    gr_mis_game g;
    gr_mis_quotient q;
    check_learnt(*state,
                 (learn_case){.code = "0.77", .heaps = 300, .complete = true, .learn = true,
                              .order = 40, .p = 9, .top = 24, .seed = 1992},
                 &g, &q);
    assert_int_equal(q.preperiod, 71);
    assert_int_equal(q.period, 12);
    static const uint64_t gens[] = {1, 2, 5, 9, 12, 25, 27};
    assert_int_equal(q.ngens, 7);
    for (size_t i = 0; i < 7; i++) {
        assert_int_equal(q.gen_heap[i], gens[i]);
    }
}

/* Dawson's Kayles splits past what either method reaches within a tiny
 * search budget, and 0.356 past what they reach at all: the build stops
 * with GR_ELIMIT, no crash, no quotient guessed. */
static void test_learn_budget(void **state)
{
    gr_arena *a = *state;
    gr_mis_game g;
    gr_mis_quotient q;
    assert_int_equal(build(a, "0.07", 25, false, true, 500, &g, &q), GR_ELIMIT);
    assert_int_equal(build(a, "0.07", 24, false, true, 500, &g, &q), GR_OK);
    gr_test_mis_algebra(&q);
    gr_test_rng rng = {.s = 7};
    check_predictions(&g, &q, 24, &rng);
    /* the game the learner's search plays may have a cycle (0.356): a
     * limit, not an internal error */
    assert_int_equal(build(a, "0.356", 60, true, true, 0, &g, &q), GR_ELIMIT);
}

/* Dawson's Kayles (0.07): heap 25 splits elements in a way the rebuild
 * from the generators cannot reach (2^16 elements); the learner (first,
 * to spare the test the rebuild's failing attempts) proves the quotient
 * of heaps <= 25, order 144 with 23 P-elements, whose predictions agree
 * with exhaustive search on random sums, heap 25 included. */
static void test_learn_dawson(void **state)
{
    gr_mis_game g;
    gr_mis_quotient q;
    check_learnt(*state,
                 (learn_case){.code = "0.07", .heaps = 25, .learn = true, .order = 144, .p = 23,
                              .top = 25, .seed = 2007},
                 &g, &q);
    /* heap 25 with each small heap, against the search */
    gr_arena *b = gr_arena_create(0);
    gr_mis_search *s;
    assert_int_equal(gr_mis_search_new(b, &g, 1, 0, &s), GR_OK);
    for (uint64_t x = 0; x <= 8; x++) {
        uint64_t t[2] = {GR_MIS_TOKEN(0, x), GR_MIS_TOKEN(0, 25)};
        bool p;
        assert_int_equal(gr_mis_is_p(s, t, 2, &p), GR_OK);
        assert_int_equal(p, q.in_p[gr_mis_mul(&q, q.image[x], q.image[25])] != 0);
    }
    gr_arena_destroy(b);
}

/* Siegel's |Q_30(0.07)| = 360, with the learner's search budget raised
 * to 2^22 positions.  About 40 s of CPU and 300 MB: run only when
 * GRUNDY_LONG_TESTS is set (the suite's tests stay a few seconds each). */
static void test_learn_dawson_30(void **state)
{
    if (getenv("GRUNDY_LONG_TESTS") == NULL) {
        skip();
    }
    gr_mis_game g;
    gr_mis_quotient q;
    check_learnt(*state,
                 (learn_case){.code = "0.07", .heaps = 30, .nodes = 1u << 22, .order = 360,
                              .p = 65, .top = 30, .seed = 30},
                 &g, &q);
}

/* Codes that stop the rebuild and are complete once learnt (first, as
 * above): 0.15 (order 42, |P| 12, pretending period 10 from heap 66) and
 * 0.115, listed as solved in Plambeck and Siegel's supplement (order 42,
 * |P| 12, period 14 from heap 92); predictions on random sums (and, by
 * the period, heaps past those built). */
static void test_learn_complete_codes(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        uint32_t order, p;
        uint64_t preperiod, period, top;
    } want[] = {{"0.15", 42, 12, 66, 10, 24}, {"0.115", 42, 12, 92, 14, 18}};
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        gr_arena *a = gr_arena_create(0);
        gr_mis_game g;
        gr_mis_quotient q;
        check_learnt(a,
                     (learn_case){.code = want[i].code, .heaps = 400, .complete = true,
                                  .learn = true, .order = want[i].order, .p = want[i].p,
                                  .top = want[i].top, .seed = 15 + 100 * i},
                     &g, &q);
        assert_int_equal(q.preperiod, want[i].preperiod);
        assert_int_equal(q.period, want[i].period);
        gr_arena_destroy(a);
    }
}

GR_TEST_MAIN(cmocka_unit_test(test_learn_kayles_splits),
             gr_test_with_arena(test_learn_kayles_complete), gr_test_with_arena(test_learn_budget),
             gr_test_with_arena(test_learn_dawson), gr_test_with_arena(test_learn_dawson_30),
             cmocka_unit_test(test_learn_complete_codes))
