/* Tables that grow in steps (gr_octal_grower): growing to random targets
 * in random steps, or from a seeded prefix (a stored checkpoint), gives
 * the same values and confirms the same period at the same length as one
 * solve; a stopped run keeps its values and goes on; a table read while
 * it grows stays readable (the replaced arrays are kept until reclaimed). */
#include "gr_test_octal.h"

#include <stdio.h>
#include <string.h>

#include "grundy/octal.h"

static void assert_same(const gr_octal_table *a, const gr_octal_table *b)
{
    assert_int_equal(a->computed, b->computed);
    assert_int_equal(a->periodic, b->periodic);
    assert_int_equal(a->preperiod, b->preperiod);
    assert_int_equal(a->period, b->period);
    assert_int_equal(a->max_value, b->max_value);
    for (uint64_t h = 0; h < a->computed; h++) {
        if (gr_test_octal_raw(a, h) != gr_test_octal_raw(b, h)) {
            fail_msg("g(%llu): %u against %u", (unsigned long long)h, gr_test_octal_raw(a, h),
                     gr_test_octal_raw(b, h));
        }
    }
}

static const char *const codes[] = {"0.77", "0.07",  "0.137", "0.007", "0.4",  "0.106",
                                    "0.56", "0.127", "0.165", "0.7",   "0.B7", "grundy",
                                    "0.F",  "0.35",  "0.16",  "0.354", "0.6",  "0.1337"};

#define CAP 20000u

static void test_steps_match_one_solve(void **state)
{
    (void)state;
    gr_test_rng rng = {12345};
    for (size_t k = 0; k < sizeof(codes) / sizeof(codes[0]); k++) {
        gr_arena *a = gr_arena_create(0);
        gr_octal_code code = gr_test_octal_code(codes[k]);
        gr_octal_table whole;
        assert_int_equal(gr_octal_solve(a, &code, CAP, &whole), GR_OK);
        gr_octal_grower *gw;
        assert_int_equal(gr_octal_grower_new(a, &code, CAP, &gw), GR_OK);
        gr_octal_table t;
        gr_octal_grower_table(gw, &t);
        assert_int_equal(t.computed, 0);
        uint64_t target = 0;
        while (!gr_octal_grower_done(gw)) {
            target += 1 + gr_test_below(&rng, 3000);
            assert_int_equal(gr_octal_grower_run(gw, target, NULL), GR_OK);
            gr_octal_grower_table(gw, &t);
            assert_true(t.computed >= (target < whole.computed ? target : whole.computed) ||
                        t.periodic);
            /* what is there is the one solve's */
            for (uint64_t h = 0; h < t.computed && h < whole.computed; h++) {
                assert_int_equal(gr_test_octal_raw(&t, h), gr_test_octal_raw(&whole, h));
            }
        }
        gr_octal_grower_table(gw, &t);
        assert_same(&t, &whole);
        gr_octal_grower_reclaim(gw);
        gr_arena_destroy(a);
    }
}

static void test_seeded_prefix_matches(void **state)
{
    (void)state;
    gr_test_rng rng = {777};
    for (size_t k = 0; k < sizeof(codes) / sizeof(codes[0]); k++) {
        gr_arena *a = gr_arena_create(0);
        gr_octal_code code = gr_test_octal_code(codes[k]);
        gr_octal_table whole;
        assert_int_equal(gr_octal_solve(a, &code, CAP, &whole), GR_OK);
        /* a checkpoint of any length up to the whole table */
        uint64_t n = gr_test_below(&rng, whole.computed + 1);
        gr_octal_grower *gw;
        assert_int_equal(gr_octal_grower_new(a, &code, CAP, &gw), GR_OK);
        assert_int_equal(gr_octal_grower_seed(gw, whole.values, whole.width, n), GR_OK);
        assert_int_equal(gr_octal_grower_run(gw, UINT64_MAX, NULL), GR_OK);
        gr_octal_table t;
        gr_octal_grower_table(gw, &t);
        assert_true(gr_octal_grower_done(gw));
        if (whole.periodic) {
            /* a checkpoint may confirm the period at a later length than
             * the schedule of checks of one run would, never another */
            assert_true(t.periodic);
            assert_int_equal(t.preperiod, whole.preperiod);
            assert_int_equal(t.period, whole.period);
            for (uint64_t h = 0; h < t.computed && h < whole.computed; h++) {
                assert_int_equal(gr_test_octal_raw(&t, h), gr_test_octal_raw(&whole, h));
            }
        } else {
            assert_same(&t, &whole);
        }
        gr_arena_destroy(a);
    }
}

/* A deadline already past: the run stops at once with GR_ETIME, keeps
 * what it had, and the next run (no deadline) finishes the same table. */
static void test_stopped_run_goes_on(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    gr_octal_code code = gr_test_octal_code("0.106");
    gr_octal_table whole;
    assert_int_equal(gr_octal_solve(a, &code, 50000, &whole), GR_OK);
    gr_octal_grower *gw;
    assert_int_equal(gr_octal_grower_new(a, &code, 50000, &gw), GR_OK);
    assert_int_equal(gr_octal_grower_run(gw, 10000, NULL), GR_OK);
    gr_stop past = {NULL, NULL, 1}; /* 1 ns after the clock's start */
    gr_arena_set_stop(a, &past);
    gr_status st = gr_octal_grower_run(gw, 50000, NULL);
    gr_arena_set_stop(a, NULL);
    assert_int_equal(st, GR_ETIME);
    assert_false(gr_octal_grower_done(gw));
    gr_octal_table t;
    gr_octal_grower_table(gw, &t);
    assert_true(t.computed >= 10000 && t.computed < 50000);
    assert_int_equal(gr_octal_grower_run(gw, UINT64_MAX, NULL), GR_OK);
    gr_octal_grower_table(gw, &t);
    assert_same(&t, &whole);
    gr_arena_destroy(a);
}

/* A table taken before the array grew still reads its values after it. */
static void test_old_tables_stay_readable(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    gr_octal_code code = gr_test_octal_code("0.77");
    gr_octal_grower *gw;
    assert_int_equal(gr_octal_grower_new(a, &code, 0, &gw), GR_OK);
    assert_int_equal(gr_octal_grower_run(gw, 10, NULL), GR_OK);
    gr_octal_table early;
    gr_octal_grower_table(gw, &early);
    uint8_t copy[16];
    for (uint64_t h = 0; h < 10; h++) {
        copy[h] = (uint8_t)gr_test_octal_raw(&early, h);
    }
    assert_int_equal(gr_octal_grower_run(gw, 100000, NULL), GR_OK); /* Kayles: period 12 */
    gr_octal_table late;
    gr_octal_grower_table(gw, &late);
    assert_true(late.periodic);
    assert_int_equal(late.period, 12);
    assert_true(gr_octal_grower_retired(gw) || late.values == early.values);
    for (uint64_t h = 0; h < 10; h++) {
        assert_int_equal(gr_test_octal_raw(&early, h), copy[h]);
        assert_int_equal(gr_test_octal_raw(&late, h), copy[h]);
    }
    gr_octal_grower_reclaim(gw);
    assert_false(gr_octal_grower_retired(gw));
    gr_arena_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_match_one_solve),
        cmocka_unit_test(test_seeded_prefix_matches),
        cmocka_unit_test(test_stopped_run_goes_on),
        cmocka_unit_test(test_old_tables_stay_readable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
