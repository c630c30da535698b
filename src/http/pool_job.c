/*
 * A request's job on the worker pool (pool.c runs it): the analysis in an
 * arena of its own, the answers of jobs the pool did not run (expired in
 * their queue, out of memory, stopped), and the hand-back of the
 * connection to libmicrohttpd.
 *
 * The light lane: a request small by its size (request.c) goes first to a
 * pool of its own (srv->light, one worker, fair across clients like the
 * main one) and runs there within GR_LIGHT_BUDGET_MS.  What ends within
 * the budget is answered; what does not was not light after all: its
 * work is thrown away, it goes to the main pool to run in full, and its
 * client is benched from the light lane for GR_LIGHT_BENCH_S, so a client
 * whose small bodies ask heavy questions costs the lane one budget per
 * bench, and a light request never waits behind more than one budget of
 * each other client.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "http/server_internal.h"

/* The end of a queued request: the front stops watching its socket, the
 * answer is marked done and libmicrohttpd gets the connection back. */
void gr_req_finish(gr_req *req)
{
    if (req->conn_entry != NULL) {
        atomic_store(&req->conn_entry->watch, 0);
    }
    atomic_store(&req->done, true);
    MHD_resume_connection(req->conn);
}

/* The 503 of a request the pool did not run. */
static void gr_req_unrun(gr_req *req, gr_problem_kind kind, const char *detail)
{
    req->result = kind == GR_PROBLEM_SHUTTING_DOWN ? GR_ECANCELLED : GR_EDECLINED;
    gr_problem_set(&req->problem, kind, detail, NULL);
}

/* The analysis of a pooled request, in an arena of its own beside the
 * request's (which holds the body), so that an analysis that ran out of
 * the process memory gives all it took back and can run again later.
 * Returns whether that happened (req->problem is then memory-unavailable);
 * else the answer is in req and its arena in req->solve_arena until the
 * request completes. */
static bool gr_solve_apart(gr_req *req)
{
    gr_server *srv = req->srv;
    size_t used = gr_arena_bytes(req->arena);
    size_t budget = srv->cfg.max_request_memory > used ? srv->cfg.max_request_memory - used : 0;
    gr_arena *sa = budget >= ((size_t)64 << 10) ? gr_arena_create_in(budget, &srv->quota) : NULL;
    if (sa == NULL) {
        gr_solve(req); /* in the request's own arena, as an inline analysis */
        return false;
    }
    gr_arena_set_stop(sa, &req->stop);
    gr_jctx c;
    gr_server_jctx(srv, sa, &c);
    c.client = gr_server_client_id(&req->client_key);
    req->result = gr_json_answer(&c, req->route->endpoint, req->text, req->body.data, req->body.len,
                                 &req->out, &req->out_len);
    req->problem = c.problem;
    const char *slug = gr_problem_type_of(GR_PROBLEM_MEMORY_UNAVAILABLE)->slug;
    if (req->result != GR_OK && (gr_arena_quota_hit(sa) || c.problem.type == slug)) {
        gr_arena_destroy(sa); /* the problem's strings may have lived there */
        req->out = NULL;
        req->result = GR_EDECLINED;
        gr_problem_set(&req->problem, GR_PROBLEM_MEMORY_UNAVAILABLE,
                       "the memory the server may use for all requests together "
                       "(--max-memory) is taken by requests under way; retry shortly",
                       NULL);
        return true;
    }
    gr_metrics_arena(srv->metrics, 0, gr_arena_peak(sa));
    req->solve_arena = sa;
    return false;
}

/* A worker-pool job: solve (unless the server stopped it meanwhile:
 * queued work of a vanished client stops at its first check); the pool
 * then calls gr_pool_done, which gives the connection back to
 * libmicrohttpd, which calls gr_access again to send the answer. */
bool gr_pool_run(gr_pool_job *job, gr_pool_how how)
{
    gr_req *req = (gr_req *)((char *)job - offsetof(gr_req, job));
    if (how == GR_POOL_STOPPED) {
        gr_req_unrun(req, GR_PROBLEM_SHUTTING_DOWN,
                     "the server stopped before this analysis could run");
        return true;
    }
    if (how == GR_POOL_EXPIRED && job->waited_memory) {
        /* what it waited for was memory: say so */
        gr_req_unrun(req, GR_PROBLEM_MEMORY_UNAVAILABLE,
                     "the memory the server may use for all requests together (--max-memory) "
                     "stayed taken by requests under way for --max-queue-seconds; retry later");
    } else if (how == GR_POOL_EXPIRED) {
        req->retry_after = GR_RETRY_QUEUED;
        gr_req_unrun(req, GR_PROBLEM_QUEUE_TIMEOUT,
                     "the analysis waited in its queue longer than --max-queue-seconds; "
                     "retry later");
    } else if (gr_arena_check(req->arena) == GR_ECANCELLED) {
        gr_req_unrun(req, GR_PROBLEM_SHUTTING_DOWN,
                     "the server stopped before this analysis could finish");
    } else {
        /* --max-analysis-seconds counts from here: waiting is bounded by
         * --max-queue-seconds instead */
        req->stop.deadline_ns = gr_now_ns() + (uint64_t)req->srv->cfg.max_analysis * 1000000000u;
        if (gr_solve_apart(req)) {
            int wait = gr_pool_wait_memory(req->srv->pool, &req->job, gr_now_ns());
            if (wait == 1 && gr_solve_apart(req)) {
                /* still short with nothing else running: memory held
                 * outside the pool (bodies being read) -- wait if a job
                 * has started since, else answer 503 */
                wait = gr_pool_wait_memory(req->srv->pool, &req->job, gr_now_ns());
            }
            if (wait == 0) {
                return false; /* runs again when memory is back; the connection stays suspended */
            }
        }
    }
    return true;
}

/* ---- the light lane ------------------------------------------------------ */

/* To the main pool: false when queued there (its fn runs there), true
 * with the refusal in req when the main pool would not take it. */
static bool gr_light_hand_on(gr_req *req)
{
    gr_server *srv = req->srv;
    req->job.fn = gr_pool_run;
    unsigned retry = 1;
    gr_pool_verdict v = gr_pool_submit(srv->pool, &req->job, &req->client_key, gr_now_ns(), &retry);
    if (v == GR_POOL_OK) {
        return false;
    }
    gr_req_refused(req, v, retry);
    return true;
}

bool gr_pool_run_light(gr_pool_job *job, gr_pool_how how)
{
    gr_req *req = (gr_req *)((char *)job - offsetof(gr_req, job));
    gr_server *srv = req->srv;
    uint64_t now = gr_now_ns();
    if (how != GR_POOL_RUN || gr_arena_check(req->arena) == GR_ECANCELLED) {
        return gr_pool_run(job, how); /* the same answers as the main pool's */
    }
    if (gr_pool_benched(srv->light, &req->client_key, now)) {
        return gr_light_hand_on(req); /* benched while it waited here */
    }
    uint64_t budget = now + (uint64_t)GR_LIGHT_BUDGET_MS * 1000000u;
    uint64_t full = now + (uint64_t)srv->cfg.max_analysis * 1000000000u;
    req->stop.deadline_ns = budget < full ? budget : full;
    bool memory = gr_solve_apart(req);
    bool over = req->result != GR_OK && gr_now_ns() >= req->stop.deadline_ns &&
                req->stop.deadline_ns < full && gr_arena_check(req->arena) != GR_ECANCELLED;
    if (!memory && !over) {
        return true; /* answered within the budget (or a real problem) */
    }
    /* not light after all (or out of memory, which the main pool waits
     * for): the work is dropped and done again in full there */
    if (req->solve_arena != NULL) {
        gr_arena_destroy(req->solve_arena);
        req->solve_arena = NULL;
    }
    req->out = NULL;
    req->out_len = 0;
    req->result = GR_OK;
    memset(&req->problem, 0, sizeof(req->problem));
    if (over) {
        gr_pool_bench(srv->light, &req->client_key, now,
                      gr_now_ns() + (uint64_t)GR_LIGHT_BENCH_S * 1000000000u);
    }
    return gr_light_hand_on(req);
}

gr_pool_verdict gr_submit_lanes(gr_server *srv, gr_pool_job *job, const gr_ip *key,
                                gr_pool_fn *light_fn, gr_pool_fn *main_fn, unsigned *retry)
{
    *retry = 1;
    if (light_fn != NULL) {
        job->fn = light_fn;
        if (gr_pool_submit(srv->light, job, key, gr_now_ns(), retry) == GR_POOL_OK) {
            return GR_POOL_OK;
        }
    }
    job->fn = main_fn;
    return gr_pool_submit(srv->pool, job, key, gr_now_ns(), retry);
}

/* After the pool counted the job ended: the answer goes back. */
void gr_pool_done(gr_pool_job *job)
{
    gr_req_finish((gr_req *)((char *)job - offsetof(gr_req, job)));
}
