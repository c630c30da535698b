/*
 * The light lane for sequence GETs.  A query whose table is small by its
 * size (from + count within GR_SEQ_LIGHT_VALUES values; not an event
 * stream, not a misère quotient) runs first on the light pool within
 * GR_LIGHT_BUDGET_MS, as a small POST does (pool_job.c), so a student's
 * "the first 50 values of 0.07" never queues behind other clients' table
 * searches of millions of values on the main workers.  What the budget
 * cuts was not light after all: it goes on to the main pool to run in
 * full and its client is benched from the lane for GR_LIGHT_BENCH_S.
 * Handing on loses only the budget: what the cut attempt grew of a shared
 * table stays grown (the table cache publishes a growth that stops).
 */
#include <stddef.h>

#include "http/sequence_internal.h"

/* Values: a table of this many costs milliseconds for every code the
 * cache grows (three-heap moves included, whose growth stops at need) */
#define GR_SEQ_LIGHT_VALUES ((uint64_t)1 << 16)

bool gr_seq_light_fits(const seq_job *j)
{
    return !j->stream && !j->quotient && j->rq.from <= GR_SEQ_LIGHT_VALUES &&
           j->rq.count <= GR_SEQ_LIGHT_VALUES - j->rq.from;
}

/* To the main pool: false when queued there (its fn runs there), true
 * with the refusal answered when the main pool would not take it. */
static bool seq_hand_on(seq_job *j)
{
    j->pjob.fn = gr_seq_worker;
    unsigned retry = 1;
    gr_pool_verdict v = gr_pool_submit(j->pool, &j->pjob, &j->client_key, gr_now_ns(), &retry);
    if (v == GR_POOL_OK) {
        return false;
    }
    gr_req_refused(j->req, v, retry); /* the request is suspended: it is there */
    pthread_mutex_lock(&j->lock);
    j->result = GR_EDECLINED;
    j->problem = j->req->problem;
    pthread_mutex_unlock(&j->lock);
    return true;
}

bool gr_seq_light_worker(gr_pool_job *pj, gr_pool_how how)
{
    seq_job *j = (seq_job *)((char *)pj - offsetof(seq_job, pjob));
    if (how != GR_POOL_RUN) {
        return gr_seq_worker(pj, how); /* the main pool's answers */
    }
    uint64_t now = gr_now_ns();
    if (gr_pool_benched(j->light, &j->client_key, now)) {
        return seq_hand_on(j); /* benched while it waited here */
    }
    if (gr_seq_compute(j, (uint64_t)GR_LIGHT_BUDGET_MS * 1000000u)) {
        return true; /* answered within the budget (or a real problem) */
    }
    gr_pool_bench(j->light, &j->client_key, now,
                  gr_now_ns() + (uint64_t)GR_LIGHT_BENCH_S * 1000000000u);
    return seq_hand_on(j);
}
