/* The worker pool's queue bound (src/http/pool.c), on a clock the test
 * controls: this file defines gr_now_ns, which the pool reads (the daemon's
 * is in server.c, not linked here), so "late" is decided by the numbers the
 * test sets, never by how fast the machine is.
 *
 * The case that matters: the queue timer reads the clock, then takes the
 * pool's lock; a job submitted in between carries a later time than the
 * timer's reading.  Its wait is then negative, and must not wrap around to
 * 2^64 ns and be answered 503 the moment it was queued. */
#include "gr_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "http/pool.h"

static _Atomic uint64_t fake_now = 1000000000000u; /* the pool's clock */

uint64_t gr_now_ns(void);
uint64_t gr_now_ns(void)
{
    return atomic_load(&fake_now);
}

#define SECOND UINT64_C(1000000000)

/* A job that records how it was called; the blocker holds the one worker
 * until the test lets it go, so later jobs stay queued. */
typedef struct probe_job {
    gr_pool_job job; /* first: the pool hands back &job */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool block, started, release;
    int calls;
    gr_pool_how how;
} probe_job;

static bool probe_fn(gr_pool_job *job, gr_pool_how how)
{
    probe_job *pj = (probe_job *)job;
    pthread_mutex_lock(&pj->mu);
    pj->calls++;
    pj->how = how;
    pj->started = true;
    pthread_cond_broadcast(&pj->cv);
    while (pj->block && how == GR_POOL_RUN && !pj->release) {
        pthread_cond_wait(&pj->cv, &pj->mu);
    }
    pthread_mutex_unlock(&pj->mu);
    return true;
}

static void probe_init(probe_job *pj, bool block)
{
    memset(pj, 0, sizeof(*pj));
    pthread_mutex_init(&pj->mu, NULL);
    pthread_cond_init(&pj->cv, NULL);
    pj->job.fn = probe_fn;
    pj->block = block;
}

static void probe_wait_started(probe_job *pj)
{
    pthread_mutex_lock(&pj->mu);
    while (!pj->started) {
        pthread_cond_wait(&pj->cv, &pj->mu);
    }
    pthread_mutex_unlock(&pj->mu);
}

static void probe_release(probe_job *pj)
{
    pthread_mutex_lock(&pj->mu);
    pj->release = true;
    pthread_cond_broadcast(&pj->cv);
    pthread_mutex_unlock(&pj->mu);
}

static int probe_calls(probe_job *pj, gr_pool_how *how)
{
    pthread_mutex_lock(&pj->mu);
    int n = pj->calls;
    *how = pj->how;
    pthread_mutex_unlock(&pj->mu);
    return n;
}

static void probe_destroy(probe_job *pj)
{
    pthread_mutex_destroy(&pj->mu);
    pthread_cond_destroy(&pj->cv);
}

/* A pool of one worker, which a blocking job holds from the start, so the
 * jobs a test submits stay queued until it lets the blocker go. */
typedef struct busy_pool {
    gr_pool_limits lim;
    gr_pool *p;
    gr_ip key;
    uint64_t t; /* the clock when the test began */
    probe_job blocker;
} busy_pool;

static gr_pool_verdict busy_submit(busy_pool *b, probe_job *pj, uint64_t queued_at)
{
    unsigned retry;
    return gr_pool_submit(b->p, &pj->job, &b->key, queued_at, &retry);
}

static void busy_start(busy_pool *b)
{
    b->lim = (gr_pool_limits){.threads = 1, .max_queue_ns = 30 * SECOND, .clients = 16};
    b->p = gr_pool_start(&b->lim);
    assert_non_null(b->p);
    assert_true(gr_ip_parse("127.0.0.1", 9, &b->key));
    b->t = atomic_load(&fake_now);
    probe_init(&b->blocker, true);
    assert_int_equal(busy_submit(b, &b->blocker, b->t), GR_POOL_OK);
    probe_wait_started(&b->blocker);
}

/* Lets the blocker go, stops the pool (running what is still queued to
 * its end) and checks the blocker ran once. */
static void busy_stop(busy_pool *b)
{
    probe_release(&b->blocker);
    gr_pool_stop(b->p);
    gr_pool_how how;
    assert_int_equal(probe_calls(&b->blocker, &how), 1);
    assert_int_equal(how, GR_POOL_RUN);
    gr_pool_free(b->p);
    probe_destroy(&b->blocker);
}

static void test_queue_bound_on_a_controlled_clock(void **state)
{
    (void)state;
    busy_pool b;
    busy_start(&b);
    probe_job queued;
    probe_init(&queued, false);

    /* queued 5 ns after the reading the expiry is given: waited "-5 ns" */
    assert_int_equal(busy_submit(&b, &queued, b.t + 5), GR_POOL_OK);
    gr_pool_expire(b.p, b.t);
    gr_pool_how how;
    assert_int_equal(probe_calls(&queued, &how), 0);
    gr_pool_stats st;
    gr_pool_stats_get(b.p, &st);
    assert_int_equal(st.expired, 0);
    assert_int_equal(st.queued, 1);

    /* exactly at the bound it still waits; one nanosecond past, it is answered */
    gr_pool_expire(b.p, b.t + 5 + b.lim.max_queue_ns);
    assert_int_equal(probe_calls(&queued, &how), 0);
    gr_pool_expire(b.p, b.t + 5 + b.lim.max_queue_ns + 1);
    assert_int_equal(probe_calls(&queued, &how), 1);
    assert_int_equal(how, GR_POOL_EXPIRED);
    gr_pool_stats_get(b.p, &st);
    assert_int_equal(st.expired, 1);
    assert_int_equal(st.queued, 0);

    busy_stop(&b);
    probe_destroy(&queued);
}

/* The worker's own check, when it takes a job: a job whose time is ahead
 * of the worker's clock runs; one queued past the bound is not started. */
static void test_worker_checks_the_bound_when_it_takes_a_job(void **state)
{
    (void)state;
    busy_pool b;
    busy_start(&b);
    probe_job ahead, stale;
    probe_init(&ahead, false);
    probe_init(&stale, false);
    assert_int_equal(busy_submit(&b, &ahead, b.t + SECOND), GR_POOL_OK);
    assert_int_equal(busy_submit(&b, &stale, b.t - 31 * SECOND), GR_POOL_OK);
    probe_release(&b.blocker);
    probe_wait_started(&ahead);
    probe_wait_started(&stale);
    gr_pool_how how;
    assert_int_equal(probe_calls(&ahead, &how), 1);
    assert_int_equal(how, GR_POOL_RUN);
    assert_int_equal(probe_calls(&stale, &how), 1);
    assert_int_equal(how, GR_POOL_EXPIRED);

    busy_stop(&b);
    probe_destroy(&ahead);
    probe_destroy(&stale);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_queue_bound_on_a_controlled_clock),
        cmocka_unit_test(test_worker_checks_the_bound_when_it_takes_a_job),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
