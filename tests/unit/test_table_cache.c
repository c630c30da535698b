/* The table cache: octal tables grow to the question (a small heap costs
 * a chunk, not the whole table), a later question grows the same table,
 * the background confirms the period, several threads growing and reading
 * one table at once see the values of one solve (run under TSan by
 * `make tsan`), and a table one cache wrote to a store is read by another
 * cache on the same directory. */
#define _GNU_SOURCE /* nftw */
#include "gr_test_dir.h"
#include "gr_test_octal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tables/table_cache.h"
#include "store/table_store.h"

static gr_tcache *cache(unsigned workers, gr_tstore *store)
{
    gr_tcache_config cfg = {0, 0, NULL, store, workers, 0};
    gr_tcache *tc;
    assert_int_equal(gr_tcache_create(&cfg, &tc), GR_OK);
    return tc;
}

/* One question to the cache and its answer: the table (valid while the
 * entry is held) and the period search's state. */
typedef struct ask {
    gr_tcache_entry *e;
    gr_octal_table t;
    gr_period_status ps;
} ask;

/* Asks tc for code's table up to need (a: the request's arena, or NULL);
 * the status of gr_tcache_octal. */
static gr_status ask_for(gr_tcache *tc, const gr_octal_code *code, uint64_t need, gr_arena *a,
                         ask *q)
{
    return gr_tcache_octal(tc, code, need, a, &q->e, &q->t, &q->ps);
}

/* The same, for a question that must be answered in full. */
static void ask_ok(gr_tcache *tc, const gr_octal_code *code, uint64_t need, ask *q)
{
    assert_int_equal(ask_for(tc, code, need, NULL, q), GR_OK);
}

/* The fixture of a test on one cache without a store: the number of
 * background workers comes as the test's initial state. */
static int cache_setup(void **state)
{
    *state = cache(*(const unsigned *)*state, NULL);
    return 0;
}

static int cache_teardown(void **state)
{
    gr_tcache_destroy(*state);
    return 0;
}

static const unsigned no_workers = 0, one_worker = 1;

#define with_cache(t, workers)                                                                     \
    cmocka_unit_test_prestate_setup_teardown(t, cache_setup, cache_teardown, (void *)&(workers))

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Grundy's game has no known period; heap 5 needs six values, and the
 * table holds a chunk of them, not 2^25. */
static void test_small_heaps_compute_little(void **state)
{
    gr_tcache *tc = *state;
    gr_octal_code code = gr_test_octal_code("grundy");
    ask q;
    ask_ok(tc, &code, 6, &q);
    assert_true(q.t.computed >= 6 && q.t.computed <= 256);
    assert_int_equal(gr_test_octal_raw(&q.t, 5), 2); /* A002188: 0,0,0,1,0,2,... */
    assert_int_equal(q.ps, GR_PERIOD_NOT_FOUND);     /* no background search here */
    gr_tcache_release(q.e);
    /* a larger heap grows the same table */
    ask_ok(tc, &code, 10000, &q);
    assert_true(q.t.computed >= 10000 && q.t.computed < 20000);
    assert_int_equal(gr_test_octal_raw(&q.t, 5), 2);
    gr_tcache_release(q.e);
    gr_tcache_stats st;
    gr_tcache_stats_get(tc, &st);
    assert_int_equal(st.misses, 1);
    assert_int_equal(st.hits, 1);
}

/* 0.127's period (4, last exception at 46577, A071464) needs some 10^5
 * values to confirm: far more than a small heap asks for.  The background
 * worker finds it; the wait is a liveness bound, not a timing. */
static void test_background_confirms_the_period(void **state)
{
    gr_tcache *tc = *state;
    gr_octal_code code = gr_test_octal_code("0.127");
    ask q;
    ask_ok(tc, &code, 10, &q);
    assert_int_equal(q.ps, GR_PERIOD_SEARCHING);
    assert_false(q.t.periodic);
    gr_tcache_release(q.e);
    for (int i = 0; i < 6000; i++) { /* 10 minutes at most */
        uint64_t values;
        assert_true(gr_tcache_octal_state(tc, &code, &values, &q.ps));
        if (q.ps != GR_PERIOD_SEARCHING) {
            break;
        }
        sleep_ms(100);
    }
    assert_int_equal(q.ps, GR_PERIOD_CONFIRMED);
    ask_ok(tc, &code, 1, &q);
    assert_true(q.t.periodic);
    assert_int_equal(q.t.period, 4);
    assert_int_equal(q.t.preperiod, 46578);
    gr_tcache_release(q.e);
    gr_tcache_stats st;
    gr_tcache_stats_get(tc, &st);
    assert_true(st.background_values > 0);
    assert_int_equal(st.searching, 0);
}

/* Several threads ask for one table at random needs while the background
 * grows it too: every table they are given agrees with one solve. */
typedef struct grow_arg {
    gr_tcache *tc;
    const gr_octal_table *whole;
    uint64_t seed;
    int bad;
} grow_arg;

static void *grow_thread(void *p)
{
    grow_arg *g = p;
    gr_test_rng rng = {g->seed};
    gr_octal_code code = gr_test_octal_code("0.106");
    for (int i = 0; i < 40; i++) {
        uint64_t need = 1 + gr_test_below(&rng, 60000);
        ask q;
        if (ask_for(g->tc, &code, need, NULL, &q) != GR_OK || q.t.computed < need) {
            g->bad++;
        }
        for (uint64_t h = 0; h < q.t.computed && h < g->whole->computed; h += 1 + h / 64) {
            if (gr_test_octal_raw(&q.t, h) != gr_test_octal_raw(g->whole, h)) {
                g->bad++;
            }
        }
        gr_tcache_release(q.e);
    }
    return NULL;
}

static void test_concurrent_growth(void **state)
{
    gr_arena *a = gr_arena_create(0);
    gr_octal_code code = gr_test_octal_code("0.106");
    gr_octal_table whole;
    assert_int_equal(gr_octal_solve(a, &code, 70000, &whole), GR_OK);
    gr_tcache *tc = *state;
    pthread_t th[4];
    grow_arg args[4];
    for (int i = 0; i < 4; i++) {
        args[i] = (grow_arg){tc, &whole, 1000u + (uint64_t)i, 0};
        assert_int_equal(pthread_create(&th[i], NULL, grow_thread, &args[i]), 0);
    }
    for (int i = 0; i < 4; i++) {
        pthread_join(th[i], NULL);
        assert_int_equal(args[i].bad, 0);
    }
    gr_arena_destroy(a);
}

/* A deadline that has passed: the request is answered with what the table
 * has (GR_ETIME, still held), and the next request goes on from there. */
static void test_stopped_request_keeps_the_values(void **state)
{
    gr_tcache *tc = *state;
    gr_octal_code code = gr_test_octal_code("0.6");
    ask q;
    ask_ok(tc, &code, 5000, &q);
    uint64_t had = q.t.computed;
    gr_tcache_release(q.e);
    gr_arena *a = gr_arena_create(0);
    gr_stop past = {NULL, NULL, 1};
    gr_arena_set_stop(a, &past);
    assert_int_equal(ask_for(tc, &code, 1000000, a, &q), GR_ETIME);
    assert_non_null(q.e);
    assert_true(q.t.computed >= had && q.t.computed < 1000000);
    gr_tcache_release(q.e);
    gr_arena_destroy(a);
    ask_ok(tc, &code, 20000, &q);
    assert_true(q.t.computed >= 20000);
    gr_tcache_release(q.e);
}

/* One cache confirms 0.127 and writes it to the store; a second cache on
 * the same directory (another replica, or the same daemon restarted)
 * answers a huge heap at once from the file, without computing. */
static void test_store_serves_another_cache(void **state)
{
    (void)state;
    char *dir = gr_test_tmpdir("grundy-tcache");
    gr_tstore *s1, *s2;
    assert_int_equal(gr_tstore_open(dir, NULL, NULL, &s1), GR_OK);
    assert_int_equal(gr_tstore_open(dir, NULL, NULL, &s2), GR_OK);
    gr_octal_code code = gr_test_octal_code("0.127");
    gr_tcache *one = cache(0, s1);
    ask q;
    ask_ok(one, &code, UINT64_MAX, &q);
    assert_int_equal(q.ps, GR_PERIOD_CONFIRMED);
    uint64_t computed = q.t.computed;
    gr_tcache_release(q.e);
    gr_tcache_stats st;
    gr_tcache_stats_get(one, &st);
    /* the final table, after a checkpoint at each doubling from 65,536 */
    uint64_t saves = 1;
    for (uint64_t at = 65536; at < computed; at *= 2) {
        saves++;
    }
    assert_int_equal(st.store_saves, saves);
    gr_tcache_destroy(one);

    gr_tcache *two = cache(0, s2);
    ask_ok(two, &code, UINT64_MAX, &q);
    assert_int_equal(q.ps, GR_PERIOD_CONFIRMED);
    assert_true(q.t.periodic);
    assert_int_equal(q.t.period, 4);
    assert_int_equal(q.t.computed, computed);
    gr_tcache_release(q.e);
    gr_tcache_stats_get(two, &st);
    assert_int_equal(st.store_loads, 1);
    assert_int_equal(st.store_saves, 0);
    gr_tcache_destroy(two);
    gr_tstore_close(s1);
    gr_tstore_close(s2);
    gr_test_rmtree(dir);
}

GR_TEST_MAIN(with_cache(test_small_heaps_compute_little, no_workers),
             with_cache(test_background_confirms_the_period, one_worker),
             with_cache(test_concurrent_growth, one_worker),
             with_cache(test_stopped_request_keeps_the_values, no_workers),
             cmocka_unit_test(test_store_serves_another_cache))
