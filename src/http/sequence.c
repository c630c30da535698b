/*
 * GET /v1/<family>/sequence: the query is read and checked on the network
 * thread (json/sequence.c: strict parameters, the ETag), a matching
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
 *  - Accept: text/event-stream: a response from a content-reader callback
 *    (MHD_create_response_from_callback) streams `event: progress` with
 *    {"values_computed", "target"} while the worker computes, then
 *    `event: result` with the same document, or `event: problem` with the
 *    problem document.  The callback runs on a libmicrohttpd network
 *    thread, which serves other connections too, so it never blocks for
 *    long: it waits at most GR_SEQ_WAIT_MS (50 ms) for the worker, and
 *    always returns bytes (returning 0 would make libmicrohttpd call it
 *    again at once, a busy loop): a progress event when one is due (every
 *    GR_SEQ_PROGRESS_MS, so at least once a second), else an SSE comment
 *    line ":" (a heartbeat that EventSource ignores, WHATWG HTML 9.2.6).
 *    When the client goes away libmicrohttpd frees the response; its free
 *    callback raises the job's cancel flag, which the worker's arena stop
 *    carries into the solver loops (gr_arena_check): the computation
 *    stops.
 *
 * A job (malloc'ed: it may outlive the request) is shared by the worker
 * and the request, reference counted under its mutex.  Worker threads are
 * bounded (GR_SEQ_MAX_WORKERS; beyond it 503 overloaded).  The worker's
 * stop conditions are the job's cancel flag, the server's cancel-all flag
 * and the --max-analysis-seconds deadline, as for every analysis
 * (request.c); its arena is --max-request-memory within the process quota
 * (--max-memory), and the table itself is the cache's (json/table_cache.c,
 * charged to the same quota).
 */
#include "http/sequence.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "json/misere_doc.h"
#include "json/sequence.h"

#define GR_SEQ_WAIT_MS 50      /* the most a stream callback waits */
#define GR_SEQ_PROGRESS_MS 500 /* progress events at least this often */
#define GR_SEQ_MAX_WORKERS 64
#define GR_SEQ_MAX_PARAMS 16

typedef struct seq_job {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int refs;
    bool done;
    bool stream;
    gr_arena *arena; /* the worker's: the parsed query, the answer */
    gr_seq_request rq;
    bool quotient;    /* a misère quotient document (json/misere_doc.c) */
    gr_mq_request mq; /* its query */
    unsigned max_order; /* --max-quotient-order */
    gr_status result;
    gr_problem problem;
    char *out;
    size_t out_len;
    bool stable; /* the document may be cached as immutable */
    unsigned time_limit_s;
    gr_tcache *tables;
    _Atomic int cancel;
    gr_stop stop;
    struct MHD_Connection *conn; /* resumed by the worker (not streaming) */
    atomic_int *workers;         /* the server's count of sequence threads */
    gr_conn *watched;            /* not streaming: the suspended connection's entry, whose
                                  * hang-up flag the front door raises (the job's cancel) */
    /* the stream */
    char *buf;
    size_t buf_len, buf_off, buf_cap;
    uint64_t last_progress_ns; /* 0: none sent yet */
    bool finished;
} seq_job;

static void job_unref(seq_job *j)
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

static void cache_headers(struct MHD_Response *r, const seq_job *j, bool stream)
{
    MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, "Accept");
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, j->rq.etag);
    if (!stream && !j->stable) { /* the table still grows: revalidate (304) */
        MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
        return;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, j->quotient ? j->mq.etag : j->rq.etag);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
                            stream ? "no-cache" : "public, max-age=31536000, immutable");
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

static void *worker(void *arg)
{
    seq_job *j = arg;
    atomic_int *workers = j->workers; /* j may be gone by the end */
    gr_jctx c;
    gr_jctx_init(&c, j->arena);
    c.time_limit_s = j->time_limit_s;
    c.tables = j->tables;
    c.max_quotient_order = j->max_order;
    gr_arena_set_stop(j->arena, &j->stop);
    char *out = NULL;
    size_t len = 0;
    bool stable = true;
    gr_status st = j->quotient ? gr_json_misere_qanswer(&c, &j->mq, &out, &len)
                               : gr_seq_answer(&c, &j->rq, &out, &len, &stable);
    if (st != GR_OK && c.problem.status == 0) {
        gr_json_error(&c, GR_EINTERNAL, NULL, "the sequence could not be computed");
    }
    pthread_mutex_lock(&j->lock);
    j->result = st;
    j->problem = c.problem;
    j->out = out;
    j->out_len = len;
    j->stable = stable;
    j->done = true;
    pthread_cond_broadcast(&j->cond);
    pthread_mutex_unlock(&j->lock);
    if (!j->stream) {
        unwatch(j);
        MHD_resume_connection(j->conn);
    }
    job_unref(j);
    /* last: gr_sequence_quiesce waits for this (the arena is gone) */
    atomic_fetch_sub(workers, 1);
    return NULL;
}

/* ---- the event stream --------------------------------------------------- */

static bool buf_put(seq_job *j, const char *s, size_t n)
{
    if (j->buf_len + n > j->buf_cap) {
        size_t cap = j->buf_cap ? j->buf_cap : 4096;
        while (cap < j->buf_len + n) {
            cap *= 2;
        }
        char *b = realloc(j->buf, cap);
        if (b == NULL) {
            return false;
        }
        j->buf = b;
        j->buf_cap = cap;
    }
    memcpy(j->buf + j->buf_len, s, n);
    j->buf_len += n;
    return true;
}

/* The next event into j->buf (lock held, j->buf sent): the result or
 * problem once the worker is done, a progress event when one is due, a
 * heartbeat comment otherwise. */
static bool next_event(seq_job *j)
{
    j->buf_len = j->buf_off = 0;
    if (!j->done) {
        uint64_t now = gr_now_ns();
        if (j->last_progress_ns != 0 &&
            now - j->last_progress_ns < (uint64_t)GR_SEQ_PROGRESS_MS * 1000000u) {
            return buf_put(j, ":\n\n", 3);
        }
        j->last_progress_ns = now;
        uint64_t values = 0, target = j->mq.max_heap;
        if (!j->quotient) {
            gr_seq_progress(&j->rq, &values, &target);
        }
        char line[160];
        int n = snprintf(line, sizeof(line),
                         "event: progress\ndata: {\"values_computed\":%llu,\"target\":%llu}\n\n",
                         (unsigned long long)values, (unsigned long long)target);
        return buf_put(j, line, (size_t)n);
    }
    j->finished = true;
    if (j->result == GR_OK) {
        return buf_put(j, "event: result\ndata: ", 20) && buf_put(j, j->out, j->out_len) &&
               buf_put(j, "\n\n", 2);
    }
    char *doc = NULL;
    size_t len = 0;
    if (gr_problem_render(&j->problem, &doc, &len) != GR_OK) {
        return false;
    }
    bool ok =
        buf_put(j, "event: problem\ndata: ", 21) && buf_put(j, doc, len) && buf_put(j, "\n\n", 2);
    free(doc);
    return ok;
}

static ssize_t stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
    (void)pos;
    seq_job *j = cls;
    pthread_mutex_lock(&j->lock);
    if (j->buf_off == j->buf_len) {
        if (j->finished) {
            pthread_mutex_unlock(&j->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        if (j->last_progress_ns != 0 && !j->done) {
            /* not the first event: wait for the result, at most
             * GR_SEQ_WAIT_MS (this is a network thread) */
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            ts.tv_nsec += GR_SEQ_WAIT_MS * 1000000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_nsec -= 1000000000L;
                ts.tv_sec++;
            }
            while (!j->done && pthread_cond_timedwait(&j->cond, &j->lock, &ts) == 0) {
            }
        }
        if (!next_event(j)) {
            pthread_mutex_unlock(&j->lock);
            return MHD_CONTENT_READER_END_WITH_ERROR;
        }
    }
    size_t n = j->buf_len - j->buf_off;
    if (n > max) {
        n = max;
    }
    memcpy(out, j->buf + j->buf_off, n);
    j->buf_off += n;
    pthread_mutex_unlock(&j->lock);
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    seq_job *j = cls;
    atomic_store(&j->cancel, 1); /* the client is gone, or all was sent */
    job_unref(j);
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
        ret = gr_problem_from(conn, req, &j->problem, NULL, j->problem.status == 503);
    }
    job_unref(j);
    return ret;
}

/* The job for req's query, or NULL with the problem answered (*ret). */
static seq_job *job_for(struct MHD_Connection *conn, gr_req *req, enum MHD_Result *ret)
{
    gr_server *srv = req->srv;
    gr_seq_family fam =
        strncmp(req->route->path, "/v1/octal/", 10) == 0 ? GR_SEQ_OCTAL : GR_SEQ_SUBTRACTION;
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
        st = gr_json_misere_qparse(&c, fam, q, qc.n, &j->mq);
    } else {
        st = gr_seq_parse(&c, fam, q, qc.n, &j->rq);
    }
    if (st != GR_OK) {
        /* the problem's strings live in the job's arena: render first */
        *ret = gr_problem_from(conn, req, &c.problem, NULL, false);
        job_unref(j);
        return NULL;
    }
    return j;
}

static void *start_worker(seq_job *j)
{
    pthread_t tid;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&tid, &attr, worker, j);
    pthread_attr_destroy(&attr);
    return rc == 0 ? j : NULL;
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
    if (inm != NULL && etag_matches(inm, j->quotient ? j->mq.etag : j->rq.etag)) {
        struct MHD_Response *r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        if (r != NULL) {
            cache_headers(r, j, false);
        }
        ret = gr_respond_with(conn, req, 304, r, 0);
        job_unref(j);
        return ret;
    }
    if (atomic_load(&srv->draining)) {
        job_unref(j);
        return gr_send_problem(conn, req, GR_PROBLEM_SHUTTING_DOWN,
                               "the server is draining; retry on another instance", NULL, true);
    }
    const char *accept = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT);
    j->stream = strcmp(req->method, "HEAD") != 0 && accept != NULL &&
                strstr(accept, "text/event-stream") != NULL;
    j->stop = (gr_stop){&j->cancel, &srv->cancel_all,
                        gr_now_ns() + (uint64_t)srv->cfg.max_analysis * 1000000000u};
    j->time_limit_s = srv->cfg.max_analysis;
    j->tables = srv->tcache;
    j->max_order = srv->cfg.max_quotient_order;
    j->workers = &srv->seq_workers;
    if (atomic_fetch_add(j->workers, 1) >= GR_SEQ_MAX_WORKERS) {
        atomic_fetch_sub(j->workers, 1);
        job_unref(j);
        return gr_send_problem(conn, req, GR_PROBLEM_OVERLOADED,
                               "too many sequences are being computed; retry shortly", NULL, true);
    }
    j->conn = conn;
    j->refs = 2; /* the request (or the stream's response) and the worker */
    struct MHD_Response *r = NULL;
    if (j->stream) {
        r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, j, stream_free);
        if (r == NULL) {
            atomic_fetch_sub(j->workers, 1);
            j->refs = 1;
            job_unref(j);
            return MHD_NO;
        }
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "text/event-stream");
        cache_headers(r, j, true);
    } else {
        req->seq = j;
        req->phase = GR_PHASE_SEQUENCE;
        MHD_suspend_connection(conn); /* before the worker may resume it */
        /* libmicrohttpd does not read a suspended socket: the front door
         * watches it, and a hang-up stops the work, as for analyses */
        if (req->conn_entry != NULL) {
            j->watched = req->conn_entry;
            j->stop.cancel = &req->conn_entry->cancel;
            atomic_store(&req->conn_entry->watch, 1);
        }
    }
    if (start_worker(j) == NULL) {
        atomic_fetch_sub(j->workers, 1);
        pthread_mutex_lock(&j->lock);
        j->refs--; /* the worker's */
        j->result = GR_EDECLINED;
        gr_problem_set(&j->problem, GR_PROBLEM_OVERLOADED,
                       "no thread could be started for the sequence; retry shortly", NULL);
        j->done = true;
        pthread_mutex_unlock(&j->lock);
        if (!j->stream) {
            unwatch(j);
            MHD_resume_connection(conn);
            return MHD_YES; /* delivered on the next call */
        }
    }
    if (j->stream) {
        return gr_respond_with(conn, req, 200, r, 0);
    }
    return MHD_YES;
}

void gr_sequence_release(gr_req *req)
{
    seq_job *j = req->seq;
    if (j != NULL) {
        req->seq = NULL;
        atomic_store(&j->cancel, 1); /* nobody will read its answer */
        job_unref(j);
    }
}

void gr_sequence_quiesce(gr_server *srv, unsigned timeout_ms)
{
    for (unsigned i = 0; i < timeout_ms / 10 && atomic_load(&srv->seq_workers) > 0; i++) {
        struct timespec ts = {0, 10 * 1000000L};
        nanosleep(&ts, NULL);
    }
}
