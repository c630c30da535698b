/* The table cache keeps a table cut by the time limit only when the
 * request that computed it had the whole limit for it: a request with
 * less (late in a sum, or after waiting) answers from its cut table but
 * must not leave it for everyone else. */
#include "gr_test.h"

#include <string.h>
#include <time.h>

#include "json/sequence.h"
#include "json/table_cache.h"

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The table of 0.6 (no period is known: it fills until stopped) for a
 * request with limit_s of --max-analysis-seconds whose deadline is `left`
 * from now. */
static void table_0_6(unsigned limit_s, uint64_t left, uint64_t *computed, bool *timed_out,
                      double *secs)
{
    gr_arena *a = gr_arena_create(0);
    gr_stop stop = {NULL, NULL, now_ns() + left};
    gr_arena_set_stop(a, &stop);
    gr_jctx c;
    gr_jctx_init(&c, a);
    c.time_limit_s = limit_s;
    gr_octal_code code;
    size_t bad;
    assert_int_equal(gr_octal_parse("0.6", &code, &bad), GR_OK);
    gr_octal_table t;
    uint64_t t0 = now_ns();
    assert_int_equal(gr_json_octal_table(&c, &code, "", &t), GR_OK);
    *secs = (double)(now_ns() - t0) / 1e9;
    *computed = t.computed;
    *timed_out = t.timed_out;
    gr_arena_destroy(a); /* releases the entry */
}

static void test_cut_table_kept_only_with_the_whole_limit(void **state)
{
    (void)state;
    gr_tcache_stats st;
    uint64_t short_n, full_n, again_n;
    bool cut;
    double secs;
    /* a fifth of the limit: answered from the cut table, not cached */
    table_0_6(1, 200000000u, &short_n, &cut, &secs);
    assert_true(cut);
    gr_tcache_stats_get(&st);
    assert_int_equal(st.entries, 0);
    /* the whole limit: computed again, further, and cached */
    table_0_6(1, 1000000000u, &full_n, &cut, &secs);
    assert_true(cut);
    assert_true(full_n > short_n);
    gr_tcache_stats_get(&st);
    assert_int_equal(st.entries, 1);
    /* then a hit: the same table at once */
    table_0_6(1, 1000000000u, &again_n, &cut, &secs);
    assert_int_equal(again_n, full_n);
    assert_true(secs < 0.2);
    gr_tcache_clear();
}

GR_TEST_MAIN(
        cmocka_unit_test(test_cut_table_kept_only_with_the_whole_limit))
