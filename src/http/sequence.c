/*
 * GET /v1/<family>/sequence: the query is read and checked on the network
 * thread (games/heap_tables.c: strict parameters, the ETag), a matching
 * If-None-Match answered 304 at once; the document itself is computed on
 * a thread of its own (a table may take seconds: 0.354 needs 2 x 10^7
 * values), so no network thread waits on a computation:
 *
 *  - application/json (the default): the request enters GR_PHASE_SEQUENCE
 *    with its connection suspended; the worker computes (through the
 *    shared table cache: a second request is a hit and costs
 *    milliseconds) and resumes it; libmicrohttpd calls request.c's access
 *    handler again, which calls gr_sequence_resume: 200 with
 *    Cache-Control immutable and the ETag, or the problem.
 *  - Accept: text/event-stream (the reader and the timer in
 *    sequence_stream.c): a response from a content-reader callback
 *    (MHD_create_response_from_callback) streams `event: progress` with
 *    {"values_computed", "target"} while the worker computes, then
 *    `event: result` with the same document, or `event: problem` with the
 *    problem document.  The callback runs on a libmicrohttpd network
 *    thread, which serves other connections too, so it never waits: when
 *    nothing is due it parks the stream (MHD_suspend_connection, return
 *    0) and the stream is resumed when its job has news -- the worker's
 *    result, the worker starting (progress becomes worth reporting), or
 *    the next tick of the streams' timer thread: while the job runs, a
 *    progress event every GR_SEQ_PROGRESS_MS and an SSE comment line ":"
 *    (a heartbeat that EventSource ignores, WHATWG HTML 9.2.6) every
 *    GR_SEQ_BEAT_MS; while it waits in its queue, a heartbeat every
 *    GR_SEQ_IDLE_BEAT_MS only (what keeps proxies from timing the stream
 *    out, and what finds out that its client has gone).  A parked stream
 *    costs no CPU until then: 1,000 waiting streams are a list the timer
 *    looks at a few times a minute.  When the client goes away
 *    libmicrohttpd frees the response; its free callback raises the job's
 *    cancel flag, which the worker's arena stop carries into the solver
 *    loops (gr_arena_check): the computation stops, or a job still queued
 *    ends at once when its turn comes.
 *
 * The computation runs on the worker pool (pool.c), queued per client and
 * served round-robin like any analysis, and counted against --max-inflight
 * and --max-inflight-per-client.  A job (malloc'ed: it may outlive the
 * request) is shared by the worker and the request, reference counted
 * under its mutex.  The pool calls every job it took exactly once (run,
 * expired in its queue, or dropped at shutdown) and joins its workers when
 * it stops, so no job's worker outlives the server.  The worker's stop
 * conditions are the job's cancel flag, the server's cancel-all flag and
 * the --max-analysis-seconds deadline, as for every analysis (request.c);
 * its arena is --max-request-memory within the process quota
 * (--max-memory), and the table itself is the cache's
 * (tables/table_cache.c, charged to the same quota).
 *
 * Locks: a job's lock, then the streams' lock (parking), then
 * libmicrohttpd's own (MHD_suspend_connection under both, so a stream is
 * suspended before anyone can find it parked); MHD_resume_connection is
 * called with neither held.
 */
#include "http/sequence.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <stddef.h>
#include <time.h>

#include "http/etag.h"
#include "http/quotient_doc.h"
#include "http/sequence_doc.h"

#include "http/sequence_internal.h"

#define GR_SEQ_MAX_PARAMS 16

void gr_seq_job_unref(seq_job *j)
{
    pthread_mutex_lock(&j->lock);
    int left = --j->refs;
    pthread_mutex_unlock(&j->lock);
    if (left == 0) {
        pthread_cond_destroy(&j->cond);
        pthread_mutex_destroy(&j->lock);
        gr_arena_destroy(j->arena);
        free(j->buf);
        free(j);
    }
}

/* The document's tag (http/etag.c), as its table stands in j. */
static void job_etag(const seq_job *j, char out[GR_ETAG_SIZE])
{
    if (j->quotient) {
        gr_etag_quotient(&j->mq, out);
    } else {
        gr_etag_sequence(&j->rq, out);
    }
}

static void cache_headers(struct MHD_Response *r, const seq_job *j, bool stream)
{
    /* one tag, the one If-None-Match is compared with (a document whose
     * table still grows has a tag naming its state: revalidate, 304) */
    char tag[GR_ETAG_SIZE];
    job_etag(j, tag);
    MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept");
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, tag);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
                            stream || !j->stable ? "no-cache"
                                                 : "public, max-age=31536000, immutable");
}

/* Whether If-None-Match (a list of entity tags, or *) names etag. */
static bool etag_matches(const char *inm, const char *etag)
{
    size_t el = strlen(etag);
    const char *s = inm;
    while (*s != '\0') {
        while (*s == ' ' || *s == '\t' || *s == ',') {
            s++;
        }
        if (*s == '*') {
            return true;
        }
        if (s[0] == 'W' && s[1] == '/') {
            s += 2; /* weak comparison (RFC 9110 13.1.2) */
        }
        const char *e = s;
        while (*e != '\0' && *e != ',') {
            e++;
        }
        const char *end = e;
        while (end > s && (end[-1] == ' ' || end[-1] == '\t')) {
            end--;
        }
        if ((size_t)(end - s) == el && memcmp(s, etag, el) == 0) {
            return true;
        }
        s = e;
    }
    return false;
}

/* The connection is about to be resumed: the front door stops peeking at
 * it (the entry lives while the connection is suspended). */
static void unwatch(seq_job *j)
{
    if (j->watched != NULL) {
        atomic_store(&j->watched->watch, 0);
        j->watched = NULL;
    }
}

/* The job's end, after the pool counted it ended (pool.h): the answer
 * marked done, the connection given back (or the stream woken), the
 * worker's reference dropped. */
static void job_done(gr_pool_job *pj)
{
    seq_job *j = (seq_job *)((char *)pj - offsetof(seq_job, pjob));
    pthread_mutex_lock(&j->lock);
    j->done = true;
    j->running = false;
    pthread_cond_broadcast(&j->cond);
    pthread_mutex_unlock(&j->lock);
    if (j->stream) {
        gr_seq_wake_stream(j);
    } else {
        unwatch(j);
        MHD_resume_connection(j->conn);
    }
    gr_seq_job_unref(j);
}

/* The answer in place, for job_done to hand back. */
static bool job_answer(seq_job *j, gr_status st, const gr_problem *problem, char *out, size_t len,
                       bool stable)
{
    pthread_mutex_lock(&j->lock);
    j->result = st;
    j->problem = *problem;
    j->out = out;
    j->out_len = len;
    j->stable = stable;
    pthread_mutex_unlock(&j->lock);
    return true;
}

/* The pool's call (pool.h): compute, or answer without computing. */
bool gr_seq_worker(gr_pool_job *pj, gr_pool_how how)
{
    seq_job *j = (seq_job *)((char *)pj - offsetof(seq_job, pjob));
    if (how != GR_POOL_RUN) {
        gr_problem p = {0};
        if (how == GR_POOL_EXPIRED) {
            gr_problem_set(&p, GR_PROBLEM_QUEUE_TIMEOUT,
                           j->quotient
                               ? "the misère quotient waited in its queue longer than "
                                 "--max-queue-seconds; retry later"
                               : "the sequence waited in its queue longer than "
                                 "--max-queue-seconds; retry later",
                           NULL);
        } else {
            gr_problem_set(&p, GR_PROBLEM_SHUTTING_DOWN,
                           "the server stopped before this sequence could be computed", NULL);
        }
        return job_answer(j, GR_EDECLINED, &p, NULL, 0, true);
    }
    return gr_seq_compute(j, 0);
}

bool gr_seq_compute(seq_job *j, uint64_t budget_ns)
{
    gr_jctx c;
    gr_jctx_init(&c, j->arena);
    c.time_limit_s = j->time_limit_s;
    c.tables = j->tables;
    c.max_quotient_order = j->max_order;
    c.client = gr_server_client_id(&j->client_key); /* its share of the background queue */
    /* the time limit counts from the start, not from the queue */
    uint64_t now = gr_now_ns();
    uint64_t full = now + (uint64_t)j->time_limit_s * 1000000000u;
    j->stop.deadline_ns = budget_ns != 0 && now + budget_ns < full ? now + budget_ns : full;
    gr_arena_set_stop(j->arena, &j->stop);
    char *out = NULL;
    size_t len = 0;
    bool stable = true;
    gr_status st = gr_arena_check(j->arena);
    if (st != GR_OK) {
        /* its client left while it was queued (or the server stops) */
        gr_json_error(&c, st, NULL, "the sequence was cancelled before it started");
    } else {
        pthread_mutex_lock(&j->lock);
        j->running = true;
        pthread_mutex_unlock(&j->lock);
        if (j->stream) {
            gr_seq_wake_stream(j); /* from idle beats to progress */
        }
        st = j->quotient ? gr_quotient_answer(&c, &j->mq, &out, &len)
                         : gr_seq_answer(&c, &j->rq, &out, &len, &stable);
    }
    if (st != GR_OK && j->stop.deadline_ns < full && gr_now_ns() >= j->stop.deadline_ns &&
        gr_arena_check(j->arena) == GR_ETIME) {
        /* cut by the light lane's budget, not by its time limit: not
         * answered (what it grew of a shared table stays grown) */
        pthread_mutex_lock(&j->lock);
        j->running = false;
        pthread_mutex_unlock(&j->lock);
        return false;
    }
    if (st != GR_OK && c.problem.status == 0) {
        gr_json_error(&c, GR_EINTERNAL, NULL, "the sequence could not be computed");
    }
    return job_answer(j, st, &c.problem, out, len, stable);
}

/* ---- the request -------------------------------------------------------- */

typedef struct qcollect {
    gr_arena *arena;
    gr_qparam *q;
    size_t n;
    bool too_many, oom;
} qcollect;

static enum MHD_Result collect(void *cls, enum MHD_ValueKind kind, const char *key,
                               const char *value)
{
    (void)kind;
    qcollect *qc = cls;
    if (qc->n == GR_SEQ_MAX_PARAMS) {
        qc->too_many = true;
        return MHD_NO;
    }
    size_t kl = strlen(key), vl = value != NULL ? strlen(value) : 0;
    char *k = gr_arena_alloc(qc->arena, kl + 1), *v = gr_arena_alloc(qc->arena, vl + 1);
    if (k == NULL || v == NULL) {
        qc->oom = true;
        return MHD_NO;
    }
    memcpy(k, key, kl + 1);
    if (value != NULL) {
        memcpy(v, value, vl + 1);
    } else {
        v[0] = '\0';
    }
    qc->q[qc->n].key = k;
    qc->q[qc->n].value = v;
    qc->n++;
    return MHD_YES;
}

enum MHD_Result gr_sequence_resume(struct MHD_Connection *conn, gr_req *req)
{
    seq_job *j = req->seq;
    pthread_mutex_lock(&j->lock);
    bool done = j->done;
    pthread_mutex_unlock(&j->lock);
    if (!done) {
        return MHD_YES;
    }
    req->seq = NULL;
    enum MHD_Result ret;
    if (j->result == GR_OK) {
        struct MHD_Response *r =
            MHD_create_response_from_buffer(j->out_len, j->out, MHD_RESPMEM_MUST_COPY);
        if (r != NULL) {
            MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
            cache_headers(r, j, false);
        }
        ret = gr_respond_with(conn, req, 200, r, j->out_len);
    } else {
        if (j->problem.type == gr_problem_type_of(GR_PROBLEM_QUEUE_TIMEOUT)->slug) {
            req->retry_after = GR_RETRY_QUEUED; /* as for a POST's (pool_job.c) */
        }
        ret = gr_problem_from(conn, req, &j->problem, NULL, j->problem.status == 503);
    }
    gr_seq_job_unref(j);
    return ret;
}

/* The job for req's query, or NULL with the problem answered (*ret). */
static seq_job *job_for(struct MHD_Connection *conn, gr_req *req, enum MHD_Result *ret)
{
    gr_server *srv = req->srv;
    gr_seq_family fam = req->route->endpoint->seq;
    seq_job *j = calloc(1, sizeof(*j));
    gr_arena *arena = gr_arena_create_in(srv->cfg.max_request_memory, &srv->quota);
    gr_qparam *q = arena != NULL ? GR_ARENA_ARRAY(arena, gr_qparam, GR_SEQ_MAX_PARAMS) : NULL;
    if (j == NULL || q == NULL || pthread_mutex_init(&j->lock, NULL) != 0) {
        free(j);
        if (arena != NULL) {
            gr_arena_destroy(arena);
        }
        *ret =
            gr_send_problem(conn, req, GR_PROBLEM_MEMORY_UNAVAILABLE,
                            "no memory for the sequence's computation (--max-memory)", NULL, true);
        return NULL;
    }
    pthread_cond_init(&j->cond, NULL);
    j->arena = arena;
    j->refs = 1;
    j->stable = true;
    qcollect qc = {arena, q, 0, false, false};
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect, &qc);
    gr_jctx c;
    gr_jctx_init(&c, arena);
    c.tables = req->srv->tcache;
    gr_status st;
    if (qc.oom) {
        st = gr_json_oom(&c);
    } else if (qc.too_many) {
        st = gr_json_error(&c, GR_EINVAL, "/query", "has more than %u parameters",
                           GR_SEQ_MAX_PARAMS);
    } else if ((j->quotient = strstr(req->route->path, "/misere-quotient") != NULL)) {
        st = gr_quotient_parse(&c, fam, q, qc.n, &j->mq);
    } else {
        st = gr_seq_parse(&c, fam, q, qc.n, &j->rq);
    }
    if (st != GR_OK) {
        /* the problem's strings live in the job's arena: render first */
        *ret = gr_problem_from(conn, req, &c.problem, NULL, false);
        gr_seq_job_unref(j);
        return NULL;
    }
    return j;
}

/* Whether an Accept header asks for an event stream: a media range
 * text/event-stream named with a q above 0 (RFC 9110 12.5.1; q=0
 * means "not acceptable"). */
bool gr_accepts_event_stream(const char *accept)
{
    for (const char *p = accept; p != NULL && *p != '\0';) {
        while (*p == ' ' || *p == '\t' || *p == ',') {
            p++;
        }
        size_t n = strcspn(p, ",");
        size_t m = strcspn(p, ";,");
        size_t t = m;
        while (t > 0 && (p[t - 1] == ' ' || p[t - 1] == '\t')) {
            t--;
        }
        bool named = (t == 17 && strncasecmp(p, "text/event-stream", 17) == 0);
        bool q0 = false;
        for (const char *q = p + m; q < p + n && *q == ';';) {
            q++;
            while (*q == ' ' || *q == '\t') {
                q++;
            }
            if ((q[0] == 'q' || q[0] == 'Q') && q[1] == '=') {
                /* q=0, q=0.0, q=0.000: not acceptable */
                const char *v = q + 2;
                q0 = *v == '0';
                for (v++; q0 && v < p + n && *v != ';' && *v != ' ' && *v != '\t'; v++) {
                    q0 = *v == '.' || *v == '0';
                }
            }
            q += strcspn(q, ";,");
        }
        if (named && !q0) {
            return true;
        }
        p += n;
    }
    return false;
}

/* A stream's own caps, --max-streams and --max-streams-per-client: false
 * with the refusal answered (*ret). */
static bool stream_admit(struct MHD_Connection *conn, gr_req *req, enum MHD_Result *ret)
{
    gr_server *srv = req->srv;
    if (atomic_fetch_add(&srv->streaming, 1) >= srv->cfg.max_streams) {
        atomic_fetch_sub(&srv->streaming, 1);
        *ret = gr_send_problem(conn, req, GR_PROBLEM_OVERLOADED,
                               "too many event streams open (--max-streams); retry shortly",
                               NULL, true);
        return false;
    }
    gr_pool_verdict v =
        gr_pool_stream_open(srv->pool, &req->client_key, gr_now_ns(), srv->cfg.max_streams_client);
    if (v != GR_POOL_OK) {
        atomic_fetch_sub(&srv->streaming, 1);
        if (v == GR_POOL_INFLIGHT) {
            *ret = gr_send_problem(conn, req, GR_PROBLEM_CLIENT_BUSY,
                                   "this client has as many event streams open as it may "
                                   "(--max-streams-per-client); retry when one has ended",
                                   NULL, false);
        } else {
            *ret = gr_send_problem(conn, req, GR_PROBLEM_OVERLOADED,
                                   "the server cannot track more clients just now; retry shortly",
                                   NULL, true);
        }
        return false;
    }
    req->streaming = true;
    return true;
}

enum MHD_Result gr_sequence_serve(struct MHD_Connection *conn, gr_req *req)
{
    gr_server *srv = req->srv;
    enum MHD_Result ret = MHD_NO;
    seq_job *j = job_for(conn, req, &ret);
    if (j == NULL) {
        return ret;
    }
    const char *inm =
        MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    char tag[GR_ETAG_SIZE];
    job_etag(j, tag);
    if (inm != NULL && etag_matches(inm, tag)) {
        struct MHD_Response *r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        if (r != NULL) {
            cache_headers(r, j, false);
        }
        ret = gr_respond_with(conn, req, 304, r, 0);
        gr_seq_job_unref(j);
        return ret;
    }
    if (atomic_load(&srv->draining)) {
        gr_seq_job_unref(j);
        return gr_send_problem(conn, req, GR_PROBLEM_SHUTTING_DOWN,
                               "the server is draining; retry on another instance", NULL, true);
    }
    const char *accept = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
    j->stream = strcmp(req->method, "HEAD") != 0 && gr_accepts_event_stream(accept);
    j->stop = (gr_stop){&j->cancel, &srv->cancel_all,
                        gr_now_ns() + (uint64_t)srv->cfg.max_analysis * 1000000000u};
    j->time_limit_s = srv->cfg.max_analysis;
    j->tables = srv->tcache;
    j->max_order = srv->cfg.max_quotient_order;
    j->streams = srv->streams;
    j->metrics = srv->metrics;
    j->client_key = req->client_key;
    if (j->stream) {
        /* a stream holds no --max-inflight slot while it is parked: it has
         * caps of its own (released at the request's completion) */
        enum MHD_Result r;
        if (!stream_admit(conn, req, &r)) {
            gr_seq_job_unref(j);
            return r;
        }
    } else {
        /* counted against --max-inflight like an analysis (released at
         * the request's completion, request.c) */
        req->solving = true;
        if (atomic_fetch_add(&srv->solving, 1) >= srv->cfg.max_inflight) {
            gr_seq_job_unref(j);
            return gr_send_problem(conn, req, GR_PROBLEM_OVERLOADED,
                                   "too many analyses and sequences in progress "
                                   "(--max-inflight); retry shortly",
                                   NULL, true);
        }
    }
    j->conn = conn;
    j->refs = 2; /* the request (or the stream's response) and the worker */
    j->pjob.fn = gr_seq_worker;
    j->pjob.done = job_done;
    j->pool = srv->pool;
    j->light = srv->light;
    if (!j->stream) {
        req->seq = j;
        req->phase = GR_PHASE_SEQUENCE;
        MHD_suspend_connection(conn); /* before the worker may resume it */
        /* libmicrohttpd does not read a suspended socket: the front door
         * watches it, and a hang-up stops the work, as for analyses */
        if (req->conn_entry != NULL) {
            j->watched = req->conn_entry;
            j->stop.cancel = &req->conn_entry->cancel;
            gr_conns_watch(&srv->conns, req->conn_entry);
        }
    }
    unsigned retry;
    bool light = gr_seq_light_fits(j);
    if (light) {
        j->req = req; /* suspended until the job is done (sequence_light.c) */
    }
    gr_pool_verdict v = gr_submit_lanes(srv, &j->pjob, &j->client_key,
                                        light ? gr_seq_light_worker : NULL, gr_seq_worker, &retry);
    if (v != GR_POOL_OK) {
        gr_req_refused(req, v, retry);
        if (!j->stream) {
            /* delivered on the next call, as a job's answer */
            pthread_mutex_lock(&j->lock);
            j->refs--; /* the worker's: it will not run */
            j->result = GR_EDECLINED;
            j->problem = req->problem;
            j->done = true;
            pthread_mutex_unlock(&j->lock);
            unwatch(j);
            MHD_resume_connection(conn);
            return MHD_YES;
        }
        j->refs = 1;
        gr_seq_job_unref(j);
        return gr_problem_from(conn, req, &req->problem, NULL, false);
    }
    if (!j->stream) {
        return MHD_YES;
    }
    struct MHD_Response *r = MHD_create_response_from_callback(
        MHD_SIZE_UNKNOWN, 64 << 10, gr_seq_stream_read, j, gr_seq_stream_free);
    if (r == NULL) {
        atomic_store(&j->cancel, 1);
        gr_seq_job_unref(j); /* the worker holds the other reference */
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream");
    cache_headers(r, j, true);
    return gr_respond_with(conn, req, 200, r, 0);
}

void gr_sequence_release(gr_req *req)
{
    seq_job *j = req->seq;
    if (j != NULL) {
        req->seq = NULL;
        atomic_store(&j->cancel, 1); /* nobody will read its answer */
        gr_seq_job_unref(j);
    }
}

void gr_sequence_quiesce(gr_server *srv, unsigned timeout_ms)
{
    (void)timeout_ms; /* nothing to wait for: the pool joined the workers */
    gr_seq_streams *ss = srv->streams;
    if (ss == NULL) {
        return;
    }
    /* Every job is done (the pool has stopped), so no stream parks any
     * more; any still parked is resumed now: libmicrohttpd must not stop
     * with a connection suspended. */
    pthread_mutex_lock(&ss->lock);
    ss->stop = true;
    seq_job *due = NULL;
    while (!gr_link_empty(&ss->parked)) {
        seq_job *j = GR_LINK_ENTRY(ss->parked.next, seq_job, park);
        gr_seq_unpark_locked(ss, j);
        j->due_next = due;
        due = j;
    }
    pthread_cond_signal(&ss->cond);
    pthread_mutex_unlock(&ss->lock);
    while (due != NULL) {
        seq_job *j = due;
        due = j->due_next;
        MHD_resume_connection(j->conn);
    }
    pthread_join(ss->thread, NULL);
    pthread_cond_destroy(&ss->cond);
    pthread_mutex_destroy(&ss->lock);
    free(ss);
    srv->streams = NULL;
}
