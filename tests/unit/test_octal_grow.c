/* Tables that grow in steps (gr_octal_grower): growing to random targets
 * in random steps, or from a seeded prefix (a stored checkpoint), gives
 * the same values and confirms the same period at the same length as one
 * solve; a stopped run keeps its values and goes on; a table read while
 * it grows stays readable (the replaced arrays are kept until reclaimed). */
#include "gr_test_octal.h"

#include <stdio.h>
#include <string.h>

#include "grundy/octal.h"

/* The values both tables hold are the same. */
static void assert_common_values(const gr_octal_table *a, const gr_octal_table *b)
{
    for (uint64_t h = 0; h < a->computed && h < b->computed; h++) {
        if (gr_test_octal_raw(a, h) != gr_test_octal_raw(b, h)) {
            fail_msg("g(%llu): %u against %u", (unsigned long long)h, gr_test_octal_raw(a, h),
                     gr_test_octal_raw(b, h));
        }
    }
}

static void assert_same(const gr_octal_table *a, const gr_octal_table *b)
{
    assert_int_equal(a->computed, b->computed);
    assert_int_equal(a->periodic, b->periodic);
    assert_int_equal(a->preperiod, b->preperiod);
    assert_int_equal(a->period, b->period);
    assert_int_equal(a->max_value, b->max_value);
    assert_common_values(a, b);
}

/* One solve of code up to max values, for the growers to be held to. */
static gr_octal_table solved(gr_arena *a, const gr_octal_code *code, uint64_t max)
{
    gr_octal_table t;
    assert_int_equal(gr_octal_solve(a, code, max, &t), GR_OK);
    return t;
}

static gr_octal_grower *grower(gr_arena *a, const gr_octal_code *code, uint64_t max)
{
    gr_octal_grower *gw;
    assert_int_equal(gr_octal_grower_new(a, code, max, &gw), GR_OK);
    return gw;
}

/* What the grower holds now. */
static gr_octal_table held(gr_octal_grower *gw)
{
    gr_octal_table t;
    gr_octal_grower_table(gw, &t);
    return t;
}

static const char *const codes[] = {"0.77", "0.07",  "0.137", "0.007", "0.4",  "0.106",
                                    "0.56", "0.127", "0.165", "0.7",   "0.B7", "grundy",
                                    "0.F",  "0.35",  "0.16",  "0.354", "0.6",  "0.1337"};

#define CAP 20000u

/* A check of one code: its table up to CAP in one solve, a new grower of
 * the same code and bound, the test's random numbers. */
typedef void code_check(const gr_octal_table *whole, gr_octal_grower *gw, gr_test_rng *rng);

static void every_code(code_check *check, uint64_t seed)
{
    gr_test_rng rng = {seed};
    for (size_t k = 0; k < sizeof(codes) / sizeof(codes[0]); k++) {
        gr_arena *a = gr_arena_create(0);
        gr_octal_code code = gr_test_octal_code(codes[k]);
        gr_octal_table whole = solved(a, &code, CAP);
        check(&whole, grower(a, &code, CAP), &rng);
        gr_arena_destroy(a);
    }
}

static void steps_match_one_solve(const gr_octal_table *whole, gr_octal_grower *gw,
                                  gr_test_rng *rng)
{
    gr_octal_table t = held(gw);
    assert_int_equal(t.computed, 0);
    uint64_t target = 0;
    while (!gr_octal_grower_done(gw)) {
        target += 1 + gr_test_below(rng, 3000);
        assert_int_equal(gr_octal_grower_run(gw, target, NULL), GR_OK);
        t = held(gw);
        assert_true(t.computed >= (target < whole->computed ? target : whole->computed) ||
                    t.periodic);
        assert_common_values(&t, whole); /* what is there is the one solve's */
    }
    t = held(gw);
    assert_same(&t, whole);
    gr_octal_grower_reclaim(gw);
}

static void test_steps_match_one_solve(void **state)
{
    (void)state;
    every_code(steps_match_one_solve, 12345);
}

static void seeded_prefix_matches(const gr_octal_table *whole, gr_octal_grower *gw,
                                  gr_test_rng *rng)
{
    /* a checkpoint of any length up to the whole table */
    uint64_t n = gr_test_below(rng, whole->computed + 1);
    assert_int_equal(gr_octal_grower_seed(gw, whole->values, whole->width, n), GR_OK);
    assert_int_equal(gr_octal_grower_run(gw, UINT64_MAX, NULL), GR_OK);
    gr_octal_table t = held(gw);
    assert_true(gr_octal_grower_done(gw));
    if (whole->periodic) {
        /* a checkpoint may confirm the period at a later length than
         * the schedule of checks of one run would, never another */
        assert_true(t.periodic);
        assert_int_equal(t.preperiod, whole->preperiod);
        assert_int_equal(t.period, whole->period);
        assert_common_values(&t, whole);
    } else {
        assert_same(&t, whole);
    }
}

static void test_seeded_prefix_matches(void **state)
{
    (void)state;
    every_code(seeded_prefix_matches, 777);
}

/* A deadline already past: the run stops at once with GR_ETIME, keeps
 * what it had, and the next run (no deadline) finishes the same table. */
static void test_stopped_run_goes_on(void **state)
{
    gr_arena *a = *state;
    gr_octal_code code = gr_test_octal_code("0.106");
    gr_octal_table whole = solved(a, &code, 50000);
    gr_octal_grower *gw = grower(a, &code, 50000);
    assert_int_equal(gr_octal_grower_run(gw, 10000, NULL), GR_OK);
    gr_stop past = {NULL, NULL, 1}; /* 1 ns after the clock's start */
    gr_arena_set_stop(a, &past);
    gr_status st = gr_octal_grower_run(gw, 50000, NULL);
    gr_arena_set_stop(a, NULL);
    assert_int_equal(st, GR_ETIME);
    assert_false(gr_octal_grower_done(gw));
    gr_octal_table t = held(gw);
    assert_true(t.computed >= 10000 && t.computed < 50000);
    assert_int_equal(gr_octal_grower_run(gw, UINT64_MAX, NULL), GR_OK);
    t = held(gw);
    assert_same(&t, &whole);
}

/* A table taken before the array grew still reads its values after it. */
static void test_old_tables_stay_readable(void **state)
{
    gr_arena *a = *state;
    gr_octal_code code = gr_test_octal_code("0.77");
    gr_octal_grower *gw = grower(a, &code, 0);
    assert_int_equal(gr_octal_grower_run(gw, 10, NULL), GR_OK);
    gr_octal_table early = held(gw);
    uint8_t copy[16];
    for (uint64_t h = 0; h < 10; h++) {
        copy[h] = (uint8_t)gr_test_octal_raw(&early, h);
    }
    assert_int_equal(gr_octal_grower_run(gw, 100000, NULL), GR_OK); /* Kayles: period 12 */
    gr_octal_table late = held(gw);
    assert_true(late.periodic);
    assert_int_equal(late.period, 12);
    assert_true(gr_octal_grower_retired(gw) || late.values == early.values);
    for (uint64_t h = 0; h < 10; h++) {
        assert_int_equal(gr_test_octal_raw(&early, h), copy[h]);
        assert_int_equal(gr_test_octal_raw(&late, h), copy[h]);
    }
    gr_octal_grower_reclaim(gw);
    assert_false(gr_octal_grower_retired(gw));
}

GR_TEST_MAIN(cmocka_unit_test(test_steps_match_one_solve),
             cmocka_unit_test(test_seeded_prefix_matches),
             gr_test_with_arena(test_stopped_run_goes_on),
             gr_test_with_arena(test_old_tables_stay_readable))
