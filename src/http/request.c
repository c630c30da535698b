/*
 * A request's life, as libmicrohttpd's access handler sees it.
 *
 * One request = one gr_req, created on the first call of the access
 * handler and destroyed in the request-completed callback.  Its arena holds
 * the body, the JSON trees, the solver's scratch and the response text, so
 * the whole request is freed with one gr_arena_destroy (or one reset, when
 * its connection keeps the arena for the next request).
 *
 * The first call sees only the headers: framing, routing, method, content
 * type, the declared body size, draining and overload are decided there,
 * so a request that will be refused is refused before its body is read.
 * From then on the request's phase (gr_phase) says what the next call
 * does: gather body bytes, hand the analysis to the worker pool and wait
 * (the connection suspended: a long analysis never holds up the other
 * connections of a libmicrohttpd thread), deliver the answer, or drop what
 * follows an early answer.
 *
 * Every analysis runs with its stop conditions on the arena (gr_stop): the
 * connection's hang-up flag (set by the front door's watch, front.c), the
 * server's cancel-all flag (set when --shutdown-timeout runs out) and the
 * --max-analysis-seconds deadline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>

#include "http/front.h"
#include "http/head.h"
#include "http/limits.h"
#include "http/sequence.h"
#include "http/server_internal.h"
#include "http/static.h"

/* Body bytes still read (and dropped) after a mid-body 413, so that a
 * client writing its whole body before reading gets the answer. */
#define GR_DISCARD_GRACE ((size_t)1 << 20)

/* The first body buffer; it doubles as bytes arrive. */
#define GR_BODY_FIRST ((size_t)64 << 10)

/* Small bodies of linear-time games are answered inline (gr_endpoint.cost). */
#define GR_INLINE_MAX_BODY 4096

/* The URI callback's verdict on a target that decodes to a control byte
 * (libmicrohttpd cuts the path at a %00 and would route what is left). */
static const char gr_bad_target_mark = 0;
#define GR_BAD_TARGET ((void *)(uintptr_t)&gr_bad_target_mark)

/* ---- GET routes ----------------------------------------------------------- */

static enum MHD_Result gr_serve_index(struct MHD_Connection *conn, gr_req *req)
{
    gr_jctx c;
    gr_jctx_init(&c, req->arena);
    cJSON *r = gr_jw_obj(&c);
    gr_jw_set(&c, r, "service", gr_jw_str(&c, "grundyd"));
    gr_jw_set(&c, r, "version", gr_jw_str(&c, GR_VERSION));
    cJSON *eps = gr_jw_arr(&c);
    for (size_t i = 0; i < gr_route_count(); i++) {
        cJSON *e = gr_jw_obj(&c);
        gr_jw_set(&c, e, "path", gr_jw_str(&c, gr_route_at(i)->path));
        gr_jw_set(&c, e, "method",
                  gr_jw_str(&c, gr_route_at(i)->kind == GR_ROUTE_ANALYSE ? "POST" : "GET"));
        gr_jw_push(&c, eps, e);
    }
    gr_jw_set(&c, r, "endpoints", eps);
    return gr_respond_json(conn, req, &c, r, "out of memory rendering the index");
}

static enum MHD_Result gr_serve_get(struct MHD_Connection *conn, gr_req *req)
{
    gr_server *srv = req->srv;
    switch (req->route->kind) {
    case GR_ROUTE_HEALTHZ: {
        static const char ok[] = "{\"status\":\"ok\"}";
        return gr_respond(conn, req, 200, "application/json", ok, sizeof(ok) - 1);
    }
    case GR_ROUTE_READYZ: {
        if (atomic_load(&srv->draining)) {
            return gr_send_problem(conn, req, GR_PROBLEM_SHUTTING_DOWN,
                                   "the server is draining and accepts no new work", NULL, true);
        }
        static const char ready[] = "{\"status\":\"ready\"}";
        return gr_respond(conn, req, 200, "application/json", ready, sizeof(ready) - 1);
    }
    case GR_ROUTE_METRICS: {
        size_t len = 0;
        char *text = gr_metrics_render(srv->metrics, req->arena, &len);
        if (text == NULL) {
            return MHD_NO;
        }
        return gr_respond(conn, req, 200, "text/plain; version=0.0.4; charset=utf-8", text, len);
    }
    case GR_ROUTE_INDEX:
        return gr_serve_index(conn, req);
    case GR_ROUTE_OPENAPI:
    case GR_ROUTE_PLAYGROUND:
    case GR_ROUTE_STATIC:
        return gr_static_serve(conn, req, req->path);
    case GR_ROUTE_LIMITS:
        return gr_limits_serve(conn, req);
    case GR_ROUTE_SEQUENCE:
        return gr_sequence_serve(conn, req);
    default:
        return MHD_NO;
    }
}

/* ---- POST routes ---------------------------------------------------------- */

/* "application/json", optionally with a charset parameter that must be
 * UTF-8.  Returns 1 for JSON, 2 for text/plain, 0 otherwise. */
static int gr_content_kind(const char *ct)
{
    if (ct == NULL) {
        return 0;
    }
    while (*ct == ' ' || *ct == '\t') {
        ct++;
    }
    size_t mlen = strcspn(ct, ";");
    while (mlen > 0 && (ct[mlen - 1] == ' ' || ct[mlen - 1] == '\t')) {
        mlen--;
    }
    int kind = 0;
    if (mlen == 16 && strncasecmp(ct, "application/json", 16) == 0) {
        kind = 1;
    } else if (mlen == 10 && strncasecmp(ct, "text/plain", 10) == 0) {
        kind = 2;
    } else {
        return 0;
    }
    const char *p = strchr(ct, ';');
    while (p != NULL) {
        p++;
        while (*p == ' ' || *p == '\t') {
            p++;
        }
        size_t plen = strcspn(p, ";");
        if (plen >= 8 && strncasecmp(p, "charset=", 8) == 0) {
            const char *v = p + 8;
            size_t vlen = plen - 8;
            while (vlen > 0 && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t')) {
                vlen--;
            }
            if (vlen >= 2 && v[0] == '"' && v[vlen - 1] == '"') {
                v++;
                vlen -= 2;
            }
            if (!((vlen == 5 && strncasecmp(v, "utf-8", 5) == 0) ||
                  (vlen == 4 && strncasecmp(v, "utf8", 4) == 0))) {
                return 0;
            }
        }
        p = strchr(p, ';');
    }
    return kind;
}

static enum MHD_Result gr_overloaded(struct MHD_Connection *conn, gr_req *req)
{
    return gr_send_problem(conn, req, GR_PROBLEM_OVERLOADED,
                           "too many analyses in progress (--max-inflight); retry shortly", NULL,
                           true);
}

static enum MHD_Result gr_body_too_large(struct MHD_Connection *conn, gr_req *req, bool now)
{
    char detail[128];
    snprintf(detail, sizeof(detail), "the body may be at most %llu bytes (--max-body)",
             (unsigned long long)req->srv->cfg.max_body);
    if (now) {
        return gr_answer_mid_body(conn, req, GR_PROBLEM_BODY_TOO_LARGE, detail);
    }
    return gr_send_problem(conn, req, GR_PROBLEM_BODY_TOO_LARGE, detail, NULL, true);
}

static enum MHD_Result gr_admit_post(struct MHD_Connection *conn, gr_req *req)
{
    gr_server *srv = req->srv;
    if (atomic_load(&srv->draining)) {
        return gr_send_problem(conn, req, GR_PROBLEM_SHUTTING_DOWN,
                               "the server is draining; retry on another instance", NULL, true);
    }
    int kind = gr_content_kind(req->hdr.content_type);
    if (kind == 0 || (kind == 2 && req->route->endpoint->text == NULL)) {
        return gr_send_problem(conn, req, GR_PROBLEM_UNSUPPORTED_MEDIA_TYPE,
                               req->route->endpoint->text != NULL
                                   ? "send the body as application/json (UTF-8) or text/plain"
                                   : "send the body as application/json (UTF-8)",
                               NULL, false);
    }
    req->text = kind == 2;
    const char *cl = req->hdr.content_length;
    uint64_t declared = UINT64_MAX;
    if (cl != NULL) {
        char *end;
        unsigned long long v = strtoull(cl, &end, 10);
        declared = (end == cl || *end != '\0') ? UINT64_MAX - 1 : v;
    }
    if (declared != UINT64_MAX && declared > srv->cfg.max_body) {
        return gr_body_too_large(conn, req, false);
    }
    /* Already overloaded: refuse before reading the body.  The slot itself
     * is taken only when the body is complete (gr_serve_analysis), so
     * clients that upload slowly or stall cannot hold the solving slots;
     * what they hold is bounded by --max-body, the connection limits and
     * --timeout instead. */
    if (atomic_load(&srv->solving) >= srv->cfg.max_inflight) {
        return gr_overloaded(conn, req);
    }
    req->phase = GR_PHASE_BODY;
    gr_body_init(&req->body, req->arena, declared, (size_t)srv->cfg.max_body, GR_BODY_FIRST);
    return MHD_YES;
}

/* After --timeout seconds a body must have come at GR_MIN_BODY_RATE bytes a
 * second on average (Apache's mod_reqtimeout rule).  libmicrohttpd's
 * timeout is an idle timeout that every byte resets, so without this a
 * client sending a byte a second would hold its connection and its buffer
 * for ever. */
#define GR_MIN_BODY_RATE 1024u

static bool gr_body_too_slow(const gr_req *req)
{
    uint64_t elapsed = gr_now_ns() - req->start_ns;
    if (elapsed <= (uint64_t)req->srv->cfg.timeout * 1000000000u) {
        return false;
    }
    return req->body.len < elapsed / 1000000000u * GR_MIN_BODY_RATE;
}

static enum MHD_Result gr_body_too_slow_now(struct MHD_Connection *conn, gr_req *req)
{
    char detail[160];
    snprintf(detail, sizeof(detail),
             "the body arrived at less than %u bytes a second after the first %u "
             "seconds (--timeout)",
             GR_MIN_BODY_RATE, req->srv->cfg.timeout);
    return gr_answer_mid_body(conn, req, GR_PROBLEM_BODY_TOO_SLOW, detail);
}

/* Runs the request's analysis and keeps the answer in req: the 200 body,
 * or the problem. */
void gr_solve(gr_req *req)
{
    gr_jctx c;
    gr_server_jctx(req->srv, req->arena, &c);
    c.client = gr_server_client_id(&req->client_key);
    req->result = gr_json_answer(&c, req->route->endpoint, req->text, req->body.data, req->body.len,
                                 &req->out, &req->out_len);
    req->problem = c.problem;
}

/* The pool's refusal of a request, delivered on the next call. */
void gr_req_refused(gr_req *req, gr_pool_verdict v, unsigned retry_after)
{
    req->result = GR_EDECLINED;
    req->retry_after = retry_after;
    if (v == GR_POOL_INFLIGHT) {
        gr_problem_set(&req->problem, GR_PROBLEM_CLIENT_BUSY,
                       "this client has as many analyses queued or running as it may "
                       "(--max-inflight-per-client); retry when one has finished",
                       NULL);
    } else if (v == GR_POOL_RATE) {
        gr_problem_set(&req->problem, GR_PROBLEM_RATE_LIMITED,
                       "this client sent more requests than --rate-per-client allows; "
                       "retry after the Retry-After seconds",
                       NULL);
    } else {
        gr_problem_set(&req->problem, GR_PROBLEM_OVERLOADED,
                       "the server cannot queue more work just now; retry shortly", NULL);
    }
}

static enum MHD_Result gr_deliver(struct MHD_Connection *conn, gr_req *req)
{
    if (req->result == GR_OK) {
        return gr_respond(conn, req, 200, "application/json", req->out, req->out_len);
    }
    if (req->result == GR_ECANCELLED && req->conn_entry != NULL &&
        atomic_load(&req->conn_entry->cancel)) {
        /* The client hung up: nobody reads an answer (nginx logs 499). */
        req->status = 499;
        req->phase = GR_PHASE_ANSWERED;
        return MHD_NO;
    }
    return gr_problem_from(conn, req, &req->problem, NULL, req->problem.status == 503);
}

static enum MHD_Result gr_serve_analysis(struct MHD_Connection *conn, gr_req *req)
{
    gr_server *srv = req->srv;
    if (req->body.status == GR_BODY_TOO_LARGE) {
        return gr_body_too_large(conn, req, false);
    }
    /* The body is complete: take a solving slot (see gr_admit_post). */
    unsigned solving = atomic_fetch_add(&srv->solving, 1);
    req->solving = true;
    if (solving >= srv->cfg.max_inflight) {
        return gr_overloaded(conn, req);
    }
    if (req->body.status == GR_BODY_NOMEM) {
        gr_jctx c;
        gr_jctx_init(&c, req->arena);
        gr_json_oom(&c);
        return gr_problem_from(conn, req, &c.problem, NULL, true);
    }
    req->stop.deadline_ns = gr_now_ns() + (uint64_t)srv->cfg.max_analysis * 1000000000u;
    if (req->route->endpoint->cost == GR_COST_LINEAR && req->body.len <= GR_INLINE_MAX_BODY) {
        gr_solve(req);
        atomic_store(&req->done, true);
        return gr_deliver(conn, req);
    }
    /* Suspend before queueing: the job may finish and resume at once.
     * While suspended, libmicrohttpd does not read the socket, so the
     * front door watches it for a hang-up. */
    req->conn = conn;
    req->phase = GR_PHASE_QUEUED;
    MHD_suspend_connection(conn);
    if (req->conn_entry != NULL) {
        gr_conns_watch(&srv->conns, req->conn_entry);
    }
    req->job.done = gr_pool_done;
    unsigned retry;
    /* misère play builds shared quotients (seconds, cached for everyone),
     * and octal and subtraction games with a heap of six digits or more
     * (alone or in a sum) load and grow large shared tables: never light,
     * never to be cut short by the lane's budget (a cut load was loaded
     * again, a cut growth searched again by the background) */
    bool light = req->body.len <= GR_LIGHT_MAX_BODY &&
                 gr_body_light(&req->body, (req->route->endpoint->offers & GR_OFFER_TABLES) != 0);
    /* small by its size: the light lane first (pool_job.c) */
    gr_pool_verdict v = gr_submit_lanes(srv, &req->job, &req->client_key,
                                        light ? gr_pool_run_light : NULL, gr_pool_run, &retry);
    if (v != GR_POOL_OK) {
        gr_req_refused(req, v, retry);
        gr_req_finish(req); /* answered on the next call */
    }
    return MHD_YES;
}

/* ---- the access handler --------------------------------------------------- */

/* Routing, method and the early answers of a request whose headers are
 * in.  For a bodyless request this runs on libmicrohttpd's second call. */
static enum MHD_Result gr_dispatch(struct MHD_Connection *conn, gr_req *req)
{
    const char *method = req->method;
    if (req->route == NULL) {
        return gr_send_problem(conn, req, GR_PROBLEM_NOT_FOUND,
                               "no such endpoint; GET /v1 lists them", NULL, false);
    }
    gr_route_kind rk = req->route->kind;
    if (rk != GR_ROUTE_HEALTHZ && rk != GR_ROUTE_READYZ && rk != GR_ROUTE_METRICS &&
        rk != GR_ROUTE_STATIC) {
        /* probes and scrapes come from the platform, not from clients; the
         * playground's thirty-odd files load at once and cost nothing */
        unsigned retry = 1;
        gr_pool_verdict v = gr_pool_rate(req->srv->pool, &req->client_key, req->start_ns, &retry);
        if (v != GR_POOL_OK) {
            req->retry_after = retry;
            char detail[160];
            snprintf(detail, sizeof(detail),
                     "this client sent more than %u requests a second (--rate-per-client, "
                     "bursts of %u); retry in %u s",
                     req->srv->cfg.rate_per_client, req->srv->cfg.rate_burst, retry);
            return gr_send_problem(conn, req, GR_PROBLEM_RATE_LIMITED, detail, NULL, false);
        }
    }
    bool post = req->route->kind == GR_ROUTE_ANALYSE;
    const char *allow = post ? "POST, OPTIONS" : "GET, HEAD, OPTIONS";
    if (strcmp(method, "OPTIONS") == 0) {
        return gr_send_options(conn, req, allow);
    }
    bool method_ok = post ? strcmp(method, "POST") == 0
                          : (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0);
    if (!method_ok) {
        char detail[96];
        snprintf(detail, sizeof(detail), "%s is not allowed here; use %s", req->method,
                 post ? "POST" : "GET");
        return gr_send_problem(conn, req, GR_PROBLEM_METHOD_NOT_ALLOWED, detail, allow, false);
    }
    if (!post) {
        return gr_serve_get(conn, req);
    }
    return gr_admit_post(conn, req);
}

static gr_conn *gr_conn_of(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci != NULL ? ci->socket_context : NULL;
}

/* Who the client is: the peer, or behind a trusted proxy the address the
 * forwarding header names (client.c). */
static void gr_req_client(gr_server *srv, struct MHD_Connection *conn, gr_req *req)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    gr_ip peer;
    memset(&peer, 0, sizeof(peer));
    if (ci != NULL) {
        gr_ip_of_sockaddr(ci->client_addr, &peer);
    }
    gr_client_resolve(&peer, &srv->proxies, srv->fwd, req->hdr.fwd, req->hdr.nfwd, &req->client);
    gr_client_key(&req->client, &req->client_key);
}

/* The first call: the headers are in. */
static enum MHD_Result gr_begin(gr_server *srv, struct MHD_Connection *conn, const char *url,
                                const char *method, const char *version, void **con_cls)
{
    bool bad_target = *con_cls == GR_BAD_TARGET;
    /* A keep-alive connection keeps its last small arena (reset):
     * creating one is a calloc, an 8 KiB malloc and, through glibc's
     * fastbin consolidation, ~2,000 instructions a request. */
    gr_arena *arena = NULL;
    gr_conn *cc = gr_conn_of(conn);
    if (cc != NULL) {
        arena = cc->arena;
        cc->arena = NULL;
    }
    if (arena == NULL) {
        arena = gr_arena_create_in(srv->cfg.max_request_memory, &srv->quota);
    }
    if (arena == NULL) {
        return MHD_NO; /* not even 8 KiB under --max-memory: close */
    }
    gr_req *req = gr_arena_calloc(arena, 1, sizeof(*req));
    char *path = gr_arena_strdup(arena, url);
    if (req == NULL || path == NULL) {
        gr_arena_destroy(arena);
        return MHD_NO;
    }
    req->srv = srv;
    req->arena = arena;
    req->conn_entry = cc;
    req->path = path;
    req->start_ns = gr_now_ns();
    size_t mlen = strnlen(method, sizeof(req->method) - 1);
    memcpy(req->method, method, mlen);
    req->method[mlen] = '\0';
    req->hdr.fwd_kind = srv->proxies.n > 0 ? (int)srv->fwd : -1;
    MHD_get_connection_values(conn, MHD_HEADER_KIND, gr_header_seen, &req->hdr);
    gr_request_id(srv, req);
    gr_req_client(srv, conn, req);
    req->cors = req->hdr.origin;
    req->route = gr_route_find(url);
    req->endpoint = gr_route_index(req->route);
    req->arena_charged = gr_arena_bytes(arena);
    req->stop = (gr_stop){NULL, &srv->cancel_all, 0};
    if (cc != NULL) {
        atomic_store(&cc->cancel, 0);
        req->stop.cancel = &cc->cancel;
        gr_conns_cas(cc, GR_CONN_IDLE, GR_CONN_BUSY, req->start_ns);
    }
    gr_arena_set_stop(arena, &req->stop);
    gr_metrics_arena(srv->metrics, (int64_t)req->arena_charged, 0);
    gr_metrics_inflight(srv->metrics, 1);
    *con_cls = req;
    if (bad_target) {
        return gr_send_problem(conn, req, GR_PROBLEM_INVALID_REQUEST,
                               "the request target encodes a control character", NULL, true);
    }
    bool refused = false;
    enum MHD_Result r = gr_check_framing(conn, req, version, &refused);
    if (refused) {
        return r;
    }
    /* libmicrohttpd 0.9.75 closes the connection after any response
     * queued on this first call (it cannot know whether a body follows
     * and discards the request).  So a request without a body is
     * answered on the next call, which comes at once with no data, and
     * the connection stays open for the next request; refusals of
     * POSTs with a body still come here, before the body is read. */
    const char *cl = req->hdr.content_length;
    bool has_body = (cl != NULL && strcmp(cl, "0") != 0) || req->hdr.codings > 0;
    bool analysis =
        req->route != NULL && req->route->kind == GR_ROUTE_ANALYSE && strcmp(method, "POST") == 0;
    if (!has_body && !analysis) {
        req->phase = GR_PHASE_DEFERRED;
        return MHD_YES;
    }
    return gr_dispatch(conn, req);
}

enum MHD_Result gr_access(void *cls, struct MHD_Connection *conn, const char *url,
                          const char *method, const char *version, const char *upload_data,
                          size_t *upload_data_size, void **con_cls)
{
    gr_req *req = *con_cls;
    if (req == NULL || *con_cls == GR_BAD_TARGET) {
        return gr_begin(cls, conn, url, method, version, con_cls);
    }
    size_t n = *upload_data_size;
    *upload_data_size = 0; /* every byte offered is consumed (or dropped) */
    switch (req->phase) {
    case GR_PHASE_DEFERRED:
        return gr_dispatch(conn, req);
    case GR_PHASE_BODY:
        if (n == 0) {
            return gr_serve_analysis(conn, req);
        }
        if (gr_body_append(&req->body, req->arena, upload_data, n) == GR_BODY_TOO_LARGE) {
            /* A chunked body (no Content-Length to refuse up front) has
             * just passed --max-body: answer now instead of reading on to
             * the end, which a hostile client may never send. */
            return gr_body_too_large(conn, req, true);
        }
        /* a body complete in this chunk is not too slow (no clock read) */
        if (req->body.hint != 0 && req->body.len + 1 >= req->body.hint) {
            return MHD_YES;
        }
        return gr_body_too_slow(req) ? gr_body_too_slow_now(conn, req) : MHD_YES;
    case GR_PHASE_QUEUED:
        /* Called again after the worker resumed the connection. */
        return atomic_load(&req->done) ? gr_deliver(conn, req) : MHD_YES;
    case GR_PHASE_SEQUENCE:
        /* Called again after the sequence's thread resumed it. */
        return gr_sequence_resume(conn, req);
    case GR_PHASE_RAW_ANSWERED: {
        /* See gr_answer_mid_body: drain a little, then close. */
        req->discarded += n;
        return n != 0 && req->discarded <= GR_DISCARD_GRACE ? MHD_YES : MHD_NO;
    }
    case GR_PHASE_ANSWERED:
    default:
        return MHD_YES; /* discard what follows an early answer */
    }
}

/* libmicrohttpd's URI log callback: the raw request target, before it is
 * percent-decoded.  Its return value is the request's first *con_cls. */
void *gr_uri_seen(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls, (void)conn;
    return gr_head_target_has_ctl(uri, strlen(uri)) ? GR_BAD_TARGET : NULL;
}

/* ---- completion ----------------------------------------------------------- */

void gr_conn_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                    enum MHD_ConnectionNotificationCode code)
{
    gr_server *srv = cls;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        *socket_context = ci != NULL ? gr_conns_find(&srv->conns, ci->connect_fd) : NULL;
        return;
    }
    gr_conn *cc = *socket_context;
    *socket_context = NULL;
    int unread = 0;
    if (ci != NULL && srv->front != NULL && ioctl(ci->connect_fd, FIONREAD, &unread) == 0 &&
        unread > 0) {
        gr_front_linger_closing(srv->front, ci->connect_fd, cc != NULL ? &cc->addr : NULL,
                                cc != NULL ? cc->addrlen : 0);
    }
    if (cc != NULL) {
        /* Closed: the descriptor is still open until libmicrohttpd
         * closes it after this returns, so nobody can meet a reused one. */
        gr_conns_remove(&srv->conns, cc);
        gr_conn_free(cc);
    }
}

void gr_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                  enum MHD_RequestTerminationCode toe)
{
    gr_server *srv = cls;
    gr_req *req = *con_cls;
    *con_cls = NULL;
    if (req == NULL || (void *)req == GR_BAD_TARGET) {
        return;
    }
    uint64_t now = gr_now_ns();
    uint64_t dur = now - req->start_ns;
    if (req->status == 0) {
        /* No answer of ours: libmicrohttpd answered a broken body itself
         * (its own 400 page), timed the connection out, or the client went
         * away first (nginx's 499, "client closed request"). */
        req->status = toe == MHD_REQUEST_TERMINATED_WITH_ERROR        ? 400
                      : toe == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED ? 408
                                                                      : 499;
    }
    gr_sequence_release(req);
    gr_log_request(srv, conn, req, dur);
    gr_metrics_observe(srv->metrics, req->endpoint, req->status, dur);
    if (req->solving) {
        atomic_fetch_sub(&srv->solving, 1);
    }
    if (req->streaming) {
        atomic_fetch_sub(&srv->streaming, 1);
        gr_pool_stream_close(srv->pool, &req->client_key);
    }
    gr_metrics_arena(srv->metrics, -(int64_t)req->arena_charged, gr_arena_peak(req->arena));
    gr_metrics_inflight(srv->metrics, -1);
    if (req->solve_arena != NULL) {
        gr_arena_destroy(req->solve_arena);
    }
    gr_arena *arena = req->arena;
    size_t fresh = req->arena_charged; /* req lives in the arena */
    gr_conn *cc = req->conn_entry;
    gr_arena_reset(arena);
    /* keep it for the connection's next request when it is back to one
     * small block; a large one goes back to the system now */
    if (cc != NULL && cc->arena == NULL && gr_arena_bytes(arena) <= fresh) {
        cc->arena = arena;
    } else {
        gr_arena_destroy(arena);
    }
    if (cc != NULL) {
        /* Idle again (unless the front door killed it meanwhile); the
         * front sees the new count and starts watching for the next head. */
        atomic_fetch_add_explicit(&cc->requests, 1, memory_order_relaxed);
        gr_conns_cas(cc, GR_CONN_BUSY, GR_CONN_IDLE, now);
    }
}
