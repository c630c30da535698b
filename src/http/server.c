/*
 * The HTTP daemon.
 *
 * One request = one gr_req, created on the first call of the access
 * handler and destroyed in the request-completed callback.  Its arena holds
 * the body, the JSON trees, the solver's scratch and the response text, so
 * the whole request is freed with one gr_arena_destroy.
 *
 * The first call sees only the headers: routing, method, content type,
 * the declared body size, draining and overload are decided there, so a
 * request that will be refused is refused before its body is read.  The
 * --max-inflight slot is taken when the body is complete, so slow uploads
 * never hold one.  Later calls append body chunks (consuming each one:
 * *upload_data_size = 0); the last call, with no data, runs the endpoint.
 *
 * Analyses do not run on libmicrohttpd's threads: when the body is
 * complete the connection is suspended and the request goes to the solver
 * pool (src/http/solver.c), which resumes it with the answer ready; MHD
 * calls the handler again and the answer is queued (gr_deliver).  So a
 * long analysis never holds up the other connections of an MHD worker.
 *
 * Problem responses are rendered with malloc, not the arena: the arena may
 * be exactly what ran out.  They carry no request id in the body (it is in
 * the X-Request-Id header) so that the same input gives the same bytes.
 */
#include "http/server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "http/log.h"
#include "http/metrics.h"
#include "http/routes.h"
#include "http/sequence.h"
#include "http/solver.h"
#include "json/gr_json.h"

extern const char gr_embed_openapi[], gr_embed_openapi_end[];
extern const char gr_embed_index[], gr_embed_index_end[];

struct gr_server {
    gr_config cfg;
    struct MHD_Daemon *daemon;
    gr_solver *solver;
    gr_metrics *metrics;
    gr_log *log; /* the access log; NULL with --log-format off */
    atomic_bool draining;
    atomic_uint solving;
    atomic_ullong next_id;
    unsigned id_prefix;
    unsigned port;
};

/* Body bytes still read (and dropped) after a mid-body 413, so that a
 * client writing its whole body before reading gets the answer. */
#define GR_DISCARD_GRACE ((size_t)1 << 20)

/* Draining ends after this many 10 ms polls in a row with no request in
 * flight. */
#define GR_DRAIN_QUIET_POLLS 10

/* libmicrohttpd's per-connection pool holds the request line, headers
 * and the read buffer.  0.9.75 zeroes the whole pool between keep-alive
 * requests: at 32 KiB (its default) that memset was ~3 us of a ~20 us small
 * request, the largest single item (bench/RESULTS.md).  16 KiB still takes
 * request headers of up to ~15.5 KiB (measured); larger ones get MHD's 431. */
#define GR_MHD_POOL ((size_t)16 << 10)

/* The first body buffer; it doubles as bytes arrive. */
#define GR_BODY_FIRST ((size_t)64 << 10)

typedef struct gr_req {
    gr_server *srv;
    gr_arena *arena;
    const gr_route *route;
    size_t endpoint;
    uint64_t start_ns;
    char id[48];
    char *body;
    size_t len, cap;
    size_t limit; /* the body buffer never grows past this (length + 1) */
    bool too_large, out_of_memory, solving, text, answered;
    bool cors;         /* the request carries Origin (a browser's CORS request) */
    bool raw_answered; /* a 413/408 written to the socket mid-body */
    bool deferred;     /* bodyless: dispatched on MHD's second call */
    bool queued;       /* handed to the solver pool (connection suspended) */
    bool done;         /* the solver has finished: result/problem/out set */
    struct MHD_Connection *conn; /* for MHD_resume_connection */
    gr_status result;
    gr_problem problem;
    char *out;         /* the 200 body, in the arena */
    size_t out_len;
    size_t discarded;  /* body bytes dropped after raw_answered */
    unsigned status;
    size_t bytes;
    size_t arena_charged;
    void *ext;         /* sequence.c's state of a GR_ROUTE_SEQUENCE request */
    char method[16];
    const char *path;
} gr_req;

static uint64_t gr_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- responses ------------------------------------------------------------ */

/* Access-Control-Expose-Headers matters only to a browser reading a CORS
 * response, and every CORS request carries Origin.  So a POST without
 * Origin (curl, servers, wrk) goes without it: each header costs
 * libmicrohttpd ~1,100 instructions (a malloc and two strdups to add it,
 * case-insensitive scans to send it), about a twentieth of a small
 * request.  GET and HEAD answers may be stored by a cache and replayed to
 * a browser later, so they always carry it; POST answers are never stored
 * (no freshness information is sent). */
static void gr_add_common_headers(gr_req *req, struct MHD_Response *r)
{
    MHD_add_response_header(r, "Access-Control-Allow-Origin", req->srv->cfg.cors_origin);
    if (strcmp(req->srv->cfg.cors_origin, "*") != 0) {
        MHD_add_response_header(r, "Vary", "Origin");
    }
    if (req->cors || strcmp(req->method, "POST") != 0) {
        MHD_add_response_header(r, "Access-Control-Expose-Headers", "X-Request-Id, Retry-After");
    }
    MHD_add_response_header(r, "X-Request-Id", req->id);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
}

/* Queues a response whose body lives in the request arena (or is static). */
static enum MHD_Result gr_respond(struct MHD_Connection *conn, gr_req *req,
                                  unsigned status, const char *type,
                                  const char *body, size_t len)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)body, MHD_RESPMEM_PERSISTENT);
    if (r == NULL) {
        return MHD_NO;
    }
    if (type != NULL) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    }
    gr_add_common_headers(req, r);
    req->status = status;
    req->bytes = len;
    req->answered = true;
    enum MHD_Result ret = MHD_queue_response(conn, status, r);
    MHD_destroy_response(r);
    return ret;
}

/* Appends s to a JSON string literal (without quotes) in out; returns the
 * length written; with out NULL only measures. */
static size_t gr_json_escape(char *out, const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        char buf[8];
        const char *e = NULL;
        size_t el = 0;
        switch (*p) {
        case '"': e = "\\\""; el = 2; break;
        case '\\': e = "\\\\"; el = 2; break;
        case '\n': e = "\\n"; el = 2; break;
        case '\r': e = "\\r"; el = 2; break;
        case '\t': e = "\\t"; el = 2; break;
        default:
            if (*p < 0x20 || *p == 0x7f) {
                snprintf(buf, sizeof(buf), "\\u%04x", *p);
                e = buf;
                el = 6;
            }
        }
        if (e != NULL) {
            if (out != NULL) {
                memcpy(out + n, e, el);
            }
            n += el;
        } else {
            if (out != NULL) {
                out[n] = (char)*p;
            }
            n++;
        }
    }
    return n;
}

/* The problem document, malloc'ed; NULL when malloc fails. */
static char *gr_problem_json(unsigned status, const char *type, const char *title,
                             const char *detail, const char *pointer, size_t *len)
{
    static const char prefix[] = "https://grundyd.dev/problems/";
    size_t need = 160 + sizeof(prefix) + gr_json_escape(NULL, type) +
                  gr_json_escape(NULL, title) + gr_json_escape(NULL, detail) +
                  (pointer != NULL ? gr_json_escape(NULL, pointer) : 0);
    char *buf = malloc(need);
    if (buf == NULL) {
        return NULL;
    }
    size_t n = 0;
#define GR_PUT(lit) (memcpy(buf + n, lit, sizeof(lit) - 1), n += sizeof(lit) - 1)
    GR_PUT("{\"type\":\"");
    GR_PUT(prefix);
    n += gr_json_escape(buf + n, type);
    GR_PUT("\",\"title\":\"");
    n += gr_json_escape(buf + n, title);
    n += (size_t)snprintf(buf + n, need - n, "\",\"status\":%u,\"detail\":\"", status);
    n += gr_json_escape(buf + n, detail);
    GR_PUT("\"");
    if (pointer != NULL) {
        GR_PUT(",\"pointer\":\"");
        n += gr_json_escape(buf + n, pointer);
        GR_PUT("\"");
    }
    GR_PUT("}");
#undef GR_PUT
    *len = n;
    return buf;
}

static enum MHD_Result gr_send_problem(struct MHD_Connection *conn, gr_req *req,
                                  unsigned status, const char *type,
                                  const char *title, const char *detail,
                                  const char *pointer, const char *allow,
                                  bool close_after)
{
    size_t n = 0;
    char *buf = gr_problem_json(status, type, title, detail, pointer, &n);
    if (buf == NULL) {
        return MHD_NO;
    }
    struct MHD_Response *r = MHD_create_response_from_buffer(n, buf, MHD_RESPMEM_MUST_FREE);
    if (r == NULL) {
        free(buf);
        return MHD_NO;
    }
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, "application/problem+json");
    gr_add_common_headers(req, r);
    if (allow != NULL) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, allow);
    }
    if (status == 503) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    }
    if (close_after) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    req->status = status;
    req->bytes = n;
    req->answered = true;
    enum MHD_Result ret = MHD_queue_response(conn, status, r);
    MHD_destroy_response(r);
    return ret;
}

/* ---- GET routes ----------------------------------------------------------- */

static enum MHD_Result gr_serve_index(struct MHD_Connection *conn, gr_req *req)
{
    gr_jctx c;
    gr_jctx_init(&c, req->arena);
    gr_arena *prev = gr_json_bind(req->arena);
    cJSON *r = gr_jw_obj(&c);
    gr_jw_set(&c, r, "service", gr_jw_str(&c, "grundyd"));
    gr_jw_set(&c, r, "version", gr_jw_str(&c, GR_VERSION));
    cJSON *eps = gr_jw_arr(&c);
    for (size_t i = 0; i < gr_route_count; i++) {
        cJSON *e = gr_jw_obj(&c);
        gr_jw_set(&c, e, "path", gr_jw_str(&c, gr_routes[i].path));
        gr_jw_set(&c, e, "method",
                  gr_jw_str(&c, gr_routes[i].kind == GR_ROUTE_ANALYSE ? "POST" : "GET"));
        gr_jw_push(&c, eps, e);
    }
    gr_jw_set(&c, r, "endpoints", eps);
    size_t len = 0;
    char *out = gr_jw_ok(&c) ? gr_json_print(&c, r, &len) : NULL;
    gr_json_bind(prev);
    if (out == NULL) {
        return gr_send_problem(conn, req, 413, "memory-budget-exceeded",
                          "Request needs more memory than allowed",
                          "out of memory rendering the index", NULL, NULL, false);
    }
    return gr_respond(conn, req, 200, "application/json", out, len);
}

static void gr_seq_headers(void *req, struct MHD_Response *r)
{
    gr_add_common_headers(req, r);
}

/* GET /v1/<family>/sequence: served by http/sequence.c. */
static enum MHD_Result gr_serve_sequence(struct MHD_Connection *conn, gr_req *req)
{
    gr_seq_io io = {&req->srv->cfg, req->arena, &req->ext, gr_seq_headers, req,
                    &req->status, &req->bytes, &req->answered};
    return gr_sequence_serve(conn, req->route, &io);
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
            return gr_send_problem(conn, req, 503, "shutting-down", "Service is shutting down",
                              "the server is draining and accepts no new work",
                              NULL, NULL, true);
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
        return gr_respond(conn, req, 200, "text/plain; version=0.0.4; charset=utf-8",
                          text, len);
    }
    case GR_ROUTE_INDEX:
        return gr_serve_index(conn, req);
    case GR_ROUTE_OPENAPI:
        return gr_respond(conn, req, 200, "application/yaml; charset=utf-8",
                          gr_embed_openapi,
                          (size_t)(gr_embed_openapi_end - gr_embed_openapi));
    case GR_ROUTE_PLAYGROUND:
        return gr_respond(conn, req, 200, "text/html; charset=utf-8", gr_embed_index,
                          (size_t)(gr_embed_index_end - gr_embed_index));
    case GR_ROUTE_SEQUENCE:
        return gr_serve_sequence(conn, req);
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
    return gr_send_problem(conn, req, 503, "overloaded", "Service overloaded",
                      "too many analyses in progress (--max-inflight); retry shortly",
                      NULL, NULL, true);
}

static enum MHD_Result gr_admit_post(struct MHD_Connection *conn, gr_req *req)
{
    gr_server *srv = req->srv;
    if (atomic_load(&srv->draining)) {
        return gr_send_problem(conn, req, 503, "shutting-down", "Service is shutting down",
                          "the server is draining; retry on another instance", NULL,
                          NULL, true);
    }
    const char *ct = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                 MHD_HTTP_HEADER_CONTENT_TYPE);
    int kind = gr_content_kind(ct);
    if (kind == 0 || (kind == 2 && req->route->text == NULL)) {
        return gr_send_problem(conn, req, 415, "unsupported-media-type",
                          "Unsupported media type",
                          req->route->text != NULL
                              ? "send the body as application/json (UTF-8) or text/plain"
                              : "send the body as application/json (UTF-8)",
                          NULL, NULL, false);
    }
    req->text = kind == 2;
    const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                 MHD_HTTP_HEADER_CONTENT_LENGTH);
    uint64_t declared = 0;
    if (cl != NULL) {
        char *end;
        unsigned long long v = strtoull(cl, &end, 10);
        declared = (end == cl || *end != '\0') ? UINT64_MAX : v;
    }
    if (declared > srv->cfg.max_body) {
        char detail[128];
        snprintf(detail, sizeof(detail), "the body may be at most %llu bytes (--max-body)",
                 (unsigned long long)srv->cfg.max_body);
        return gr_send_problem(conn, req, 413, "body-too-large", "Request body too large",
                          detail, NULL, NULL, true);
    }
    /* Already overloaded: refuse before reading the body.  The slot itself
     * is taken only when the body is complete (gr_take_slot), so clients
     * that upload slowly or stall cannot hold the solving slots and starve
     * everyone else; what they hold is bounded by --max-body, the
     * connection limits and --timeout instead. */
    if (atomic_load(&srv->solving) >= srv->cfg.max_inflight) {
        return gr_overloaded(conn, req);
    }
    /* Memory follows the bytes that actually arrive (doubling up to the
     * declared length), not the declared length: a client announcing
     * 64 MB and sending nothing costs 64 KB. */
    req->limit = cl != NULL ? (size_t)declared + 1 : (size_t)srv->cfg.max_body + 1;
    size_t cap = req->limit < GR_BODY_FIRST ? req->limit : GR_BODY_FIRST;
    req->body = gr_arena_alloc(req->arena, cap);
    if (req->body == NULL) {
        req->out_of_memory = true;
        cap = 0;
    }
    req->cap = cap;
    return MHD_YES;
}

static void gr_append_body(gr_req *req, const char *data, size_t n)
{
    if (req->too_large || req->out_of_memory) {
        return;
    }
    if (req->len + n > req->srv->cfg.max_body) {
        req->too_large = true;
        return;
    }
    if (req->len + n + 1 > req->cap) {
        size_t ncap = req->cap * 2;
        if (ncap < req->len + n + 1) {
            ncap = req->len + n + 1;
        }
        /* limit comes from Content-Length, a header: a hint for how far
         * to grow, never a bound below what is being copied (a chunked
         * body may be longer than a Content-Length sent beside it). */
        if (ncap > req->limit && req->limit >= req->len + n + 1) {
            ncap = req->limit;
        }
        char *b = gr_arena_realloc(req->arena, req->body, req->cap, ncap);
        if (b == NULL) {
            req->out_of_memory = true;
            return;
        }
        req->body = b;
        req->cap = ncap;
    }
    memcpy(req->body + req->len, data, n);
    req->len += n;
}

static enum MHD_Result gr_problem_from(struct MHD_Connection *conn, gr_req *req,
                                       const gr_problem *p)
{
    return gr_send_problem(conn, req, (unsigned)p->status, p->type, p->title,
                      p->detail != NULL ? p->detail : "", p->pointer, NULL, false);
}

static enum MHD_Result gr_body_too_large(struct MHD_Connection *conn, gr_req *req)
{
    char detail[128];
    snprintf(detail, sizeof(detail), "the body may be at most %llu bytes (--max-body)",
             (unsigned long long)req->srv->cfg.max_body);
    return gr_send_problem(conn, req, 413, "body-too-large", "Request body too large",
                      detail, NULL, NULL, true);
}

/* An answer in the middle of the body: a chunked body has just passed
 * --max-body (413), or a body trickles in too slowly (408).  libmicrohttpd
 * 0.9.75 accepts a response only before the body or after all of it, and
 * a hostile client may never send the rest.  So the answer is written to
 * the socket here, as MHD would have written it with "Connection: close".
 * The socket is non-blocking and the answer is a few hundred bytes, so one
 * send nearly always takes it all; if the buffer is full the client is not
 * reading and loses nothing it would have read.
 *
 * Then the connection must close without MHD answering again: gr_access
 * keeps discarding what still arrives, up to GR_DISCARD_GRACE bytes (a
 * client that writes its whole body before reading, as many do, would
 * otherwise meet a reset instead of the answer), and returns MHD_NO at the
 * end of the body or past the grace.  MHD logs "Application reported
 * internal error" for that; the access log shows the status.  A client that
 * stalls has its answer at once and is closed by --timeout. */
static enum MHD_Result gr_answer_mid_body(struct MHD_Connection *conn, gr_req *req,
                                          unsigned status, const char *reason,
                                          const char *type, const char *title,
                                          const char *detail)
{
    size_t blen = 0;
    char *body = gr_problem_json(status, type, title, detail, NULL, &blen);
    req->status = status;
    req->bytes = blen;
    req->answered = true;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (body == NULL || ci == NULL) {
        free(body);
        return MHD_NO;
    }
    const char *origin = req->srv->cfg.cors_origin;
    int vary = strcmp(origin, "*") != 0;
    size_t hcap = 512 + strlen(reason) + strlen(origin) + strlen(req->id);
    char *msg = malloc(hcap + blen);
    if (msg == NULL) {
        free(body);
        return MHD_NO;
    }
    int hl = snprintf(msg, hcap,
                      "HTTP/1.1 %u %s\r\n"
                      "Connection: close\r\n"
                      "Content-Length: %zu\r\n"
                      "Content-Type: application/problem+json\r\n"
                      "Access-Control-Allow-Origin: %s\r\n%s"
                      "Access-Control-Expose-Headers: X-Request-Id, Retry-After\r\n"
                      "X-Request-Id: %s\r\n"
                      "X-Content-Type-Options: nosniff\r\n\r\n",
                      status, reason, blen, origin, vary ? "Vary: Origin\r\n" : "", req->id);
    if (hl > 0 && (size_t)hl < hcap) {
        memcpy(msg + hl, body, blen);
        size_t total = (size_t)hl + blen, off = 0;
        while (off < total) {
            ssize_t w = send(ci->connect_fd, msg + off, total - off, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (w <= 0) {
                break;
            }
            off += (size_t)w;
        }
    }
    /* FIN now: the client sees the answer end at once; its further
     * bytes are still read (and dropped) until the grace or --timeout. */
    shutdown(ci->connect_fd, SHUT_WR);
    free(msg);
    free(body);
    req->raw_answered = true;
    return MHD_YES;
}

static enum MHD_Result gr_body_too_large_now(struct MHD_Connection *conn, gr_req *req)
{
    char detail[128];
    snprintf(detail, sizeof(detail), "the body may be at most %llu bytes (--max-body)",
             (unsigned long long)req->srv->cfg.max_body);
    return gr_answer_mid_body(conn, req, 413, "Content Too Large", "body-too-large",
                              "Request body too large", detail);
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
    return req->len < elapsed / 1000000000u * GR_MIN_BODY_RATE;
}

static enum MHD_Result gr_body_too_slow_now(struct MHD_Connection *conn, gr_req *req)
{
    char detail[160];
    snprintf(detail, sizeof(detail),
             "the body arrived at less than %u bytes a second after the first %u "
             "seconds (--timeout)",
             GR_MIN_BODY_RATE, req->srv->cfg.timeout);
    return gr_answer_mid_body(conn, req, 408, "Request Timeout", "body-too-slow",
                              "Request body too slow", detail);
}

/* Runs the request's analysis (on a solver thread) and keeps the answer
 * in req: the 200 body, or the problem. */
static void gr_solve(gr_req *req)
{
    gr_jctx c;
    gr_jctx_init(&c, req->arena);
    c.time_limit_s = req->srv->cfg.max_analysis;
    req->body[req->len] = '\0';
    const gr_route *r = req->route;
    req->result = gr_json_answer(&c, r->json, r->json_fast, r->text, req->text, req->body,
                                 req->len, &req->out, &req->out_len);
    req->problem = c.problem;
}

/* A solver-pool job: solve, then give the connection back to MHD, which
 * calls gr_access again to send the answer (gr_deliver). */
static void gr_solve_job(void *job)
{
    gr_req *req = job;
    gr_solve(req);
    req->done = true;
    MHD_resume_connection(req->conn);
}

/* A job still queued when the pool stops (shutdown timeout passed). */
static void gr_drop_job(void *job)
{
    gr_req *req = job;
    req->result = GR_ELIMIT;
    req->problem = (gr_problem){503, "shutting-down", "Service is shutting down",
                                "the server stopped before this analysis could run", NULL};
    req->done = true;
    MHD_resume_connection(req->conn);
}

static enum MHD_Result gr_deliver(struct MHD_Connection *conn, gr_req *req)
{
    if (req->result == GR_OK) {
        return gr_respond(conn, req, 200, "application/json", req->out, req->out_len);
    }
    return gr_problem_from(conn, req, &req->problem);
}

/* Small bodies of linear-time games are answered inline (gr_route.linear). */
#define GR_INLINE_MAX_BODY 4096

static enum MHD_Result gr_serve_analysis(struct MHD_Connection *conn, gr_req *req)
{
    if (req->too_large) {
        return gr_body_too_large(conn, req);
    }
    /* The body is complete: take a solving slot (see gr_admit_post). */
    unsigned solving = atomic_fetch_add(&req->srv->solving, 1);
    req->solving = true;
    if (solving >= req->srv->cfg.max_inflight) {
        return gr_overloaded(conn, req);
    }
    if (req->out_of_memory) {
        gr_jctx c;
        gr_jctx_init(&c, req->arena);
        gr_json_oom(&c);
        return gr_problem_from(conn, req, &c.problem);
    }
    if (req->route->linear && req->len <= GR_INLINE_MAX_BODY) {
        gr_solve(req);
        req->done = true;
        return gr_deliver(conn, req);
    }
    /* Suspend before queueing: the job may finish and resume at once. */
    req->conn = conn;
    req->queued = true;
    MHD_suspend_connection(conn);
    if (gr_solver_submit(req->srv->solver, req) != 0) {
        gr_drop_job(req);
    }
    return MHD_YES;
}

/* ---- the access handler --------------------------------------------------- */

static void gr_request_id(gr_server *srv, struct MHD_Connection *conn, gr_req *req)
{
    const char *given = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Request-Id");
    if (given != NULL) {
        size_t n = strlen(given);
        bool ok = n > 0 && n < sizeof(req->id);
        for (size_t i = 0; ok && i < n; i++) {
            char ch = given[i];
            ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                 (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' || ch == '.';
        }
        if (ok) {
            memcpy(req->id, given, n + 1);
            return;
        }
    }
    unsigned long long seq = atomic_fetch_add(&srv->next_id, 1);
    /* "%08x-%llu" by hand: snprintf was ~900 instructions a request. */
    static const char hex[] = "0123456789abcdef";
    char *o = req->id;
    for (int sh = 28; sh >= 0; sh -= 4) {
        *o++ = hex[(srv->id_prefix >> sh) & 15u];
    }
    *o++ = '-';
    char dig[24];
    size_t nd = 0;
    do {
        dig[nd++] = (char)('0' + seq % 10);
        seq /= 10;
    } while (seq != 0);
    while (nd > 0) {
        *o++ = dig[--nd];
    }
    *o = '\0';
}

/* Routing, method and the early answers of a request whose headers are
 * in.  For a bodyless request this runs on MHD's second call (see
 * gr_access). */
static enum MHD_Result gr_dispatch(struct MHD_Connection *conn, gr_req *req)
{
    const char *method = req->method;
    if (req->route == NULL) {
        return gr_send_problem(conn, req, 404, "not-found", "Not found",
                          "no such endpoint; GET /v1 lists them", NULL, NULL, false);
    }
    bool post = req->route->kind == GR_ROUTE_ANALYSE;
    const char *allow = post ? "POST, OPTIONS" : "GET, HEAD, OPTIONS";
    if (strcmp(method, "OPTIONS") == 0) {
        struct MHD_Response *r =
            MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        if (r == NULL) {
            return MHD_NO;
        }
        gr_add_common_headers(req, r);
        MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, allow);
        MHD_add_response_header(r, "Access-Control-Allow-Methods", allow);
        MHD_add_response_header(r, "Access-Control-Allow-Headers",
                                "Content-Type, X-Request-Id");
        MHD_add_response_header(r, "Access-Control-Max-Age", "86400");
        req->status = 204;
        req->answered = true;
        enum MHD_Result ret = MHD_queue_response(conn, 204, r);
        MHD_destroy_response(r);
        return ret;
    }
    bool method_ok = post ? strcmp(method, "POST") == 0
                          : (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0);
    if (!method_ok) {
        char detail[96];
        snprintf(detail, sizeof(detail), "%s is not allowed here; use %s",
                 req->method, post ? "POST" : "GET");
        return gr_send_problem(conn, req, 405, "method-not-allowed", "Method not allowed",
                          detail, NULL, allow, false);
    }
    if (!post) {
        return gr_serve_get(conn, req);
    }
    return gr_admit_post(conn, req);
}

/* Per connection: the arena its last request left, reset, so that the next
 * request on a keep-alive connection need not create one.  MHD's socket
 * context points at this holder (gr_conn_notify). */
typedef struct gr_conn {
    gr_arena *arena;
} gr_conn;
static gr_conn *gr_conn_of(struct MHD_Connection *conn);

static enum MHD_Result gr_access(void *cls, struct MHD_Connection *conn,
                                 const char *url, const char *method,
                                 const char *version, const char *upload_data,
                                 size_t *upload_data_size, void **con_cls)
{
    (void)version;
    gr_server *srv = cls;
    gr_req *req = *con_cls;
    if (req == NULL) {
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
            arena = gr_arena_create(srv->cfg.max_request_memory);
        }
        if (arena == NULL) {
            return MHD_NO;
        }
        req = gr_arena_calloc(arena, 1, sizeof(*req));
        size_t ulen = strlen(url);
        char *path = gr_arena_alloc(arena, ulen + 1);
        if (req == NULL || path == NULL) {
            gr_arena_destroy(arena);
            return MHD_NO;
        }
        memcpy(path, url, ulen + 1);
        req->srv = srv;
        req->arena = arena;
        req->path = path;
        req->start_ns = gr_now_ns();
        size_t mlen = strnlen(method, sizeof(req->method) - 1);
        memcpy(req->method, method, mlen);
        req->method[mlen] = '\0';
        gr_request_id(srv, conn, req);
        req->cors = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Origin") != NULL;
        req->route = gr_route_find(url);
        req->endpoint = req->route != NULL ? (size_t)(req->route - gr_routes) : gr_route_count;
        req->arena_charged = gr_arena_bytes(arena);
        gr_metrics_arena(srv->metrics, (int64_t)req->arena_charged, 0);
        gr_metrics_inflight(srv->metrics, 1);
        *con_cls = req;
        /* libmicrohttpd 0.9.75 closes the connection after any response
         * queued on this first call (it cannot know whether a body follows
         * and discards the request).  So a request without a body is
         * answered on the next call, which comes at once with no data, and
         * the connection stays open for the next request; refusals of
         * POSTs with a body still come here, before the body is read. */
        const char *cl = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        bool has_body = (cl != NULL && strcmp(cl, "0") != 0) ||
                        MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                    MHD_HTTP_HEADER_TRANSFER_ENCODING) != NULL;
        bool analysis = req->route != NULL && req->route->kind == GR_ROUTE_ANALYSE &&
                        strcmp(method, "POST") == 0;
        if (!has_body && !analysis) {
            req->deferred = true;
            return MHD_YES;
        }
        return gr_dispatch(conn, req);
    }
    if (req->queued) {
        /* Called again after the solver resumed the connection. */
        *upload_data_size = 0;
        return req->done ? gr_deliver(conn, req) : MHD_YES;
    }
    if (req->ext != NULL) { /* a sequence resumed by its worker */
        *upload_data_size = 0;
        return gr_serve_sequence(conn, req);
    }
    if (req->deferred) {
        req->deferred = false;
        *upload_data_size = 0;
        return gr_dispatch(conn, req);
    }
    if (req->raw_answered) {
        /* See gr_answer_mid_body: drain a little, then close. */
        req->discarded += *upload_data_size;
        bool more = *upload_data_size != 0 && req->discarded <= GR_DISCARD_GRACE;
        *upload_data_size = 0;
        return more ? MHD_YES : MHD_NO;
    }
    if (req->answered) {
        *upload_data_size = 0; /* discard what follows an early answer */
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        gr_append_body(req, upload_data, *upload_data_size);
        *upload_data_size = 0;
        if (req->too_large) {
            /* A chunked body (no Content-Length to refuse up front) has
             * just passed --max-body: answer now instead of reading on
             * to the end, which a hostile client may never send. */
            return gr_body_too_large_now(conn, req);
        }
        /* a body complete in this chunk is not too slow (no clock read) */
        if (req->len + 1 < req->limit && gr_body_too_slow(req)) {
            return gr_body_too_slow_now(conn, req);
        }
        return MHD_YES;
    }
    return gr_serve_analysis(conn, req);
}

/* ---- completion and logging ----------------------------------------------- */

static size_t gr_log_escape(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && n + 7 < cap; p++) {
        if (*p < 0x20 || *p == '"' || *p == '\\' || *p >= 0x7f) {
            n += (size_t)snprintf(out + n, cap - n, "\\u%04x", *p);
        } else {
            out[n++] = (char)*p;
        }
    }
    out[n] = '\0';
    return n;
}

/* The access log line is built by hand: snprintf with %.3f, strftime and
 * inet_ntop cost ~8,000 instructions a request, as much as the rest of a
 * small request's own work (bench/RESULTS.md). */
typedef struct gr_line {
    char *s;
    size_t n, cap;
} gr_line;

static void gr_line_put(gr_line *l, const char *s, size_t n)
{
    if (n > l->cap - l->n) {
        n = l->cap - l->n;
    }
    memcpy(l->s + l->n, s, n);
    l->n += n;
}

static void gr_line_str(gr_line *l, const char *s) { gr_line_put(l, s, strlen(s)); }

/* v in decimal, at least `width` digits (zero-padded). */
static void gr_line_u64(gr_line *l, uint64_t v, int width)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[sizeof(tmp) - 1 - n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0 || n < width);
    gr_line_put(l, tmp + sizeof(tmp) - n, (size_t)n);
}

static void gr_log_client(struct MHD_Connection *conn, char *addr, size_t cap)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci == NULL || ci->client_addr == NULL) {
        return;
    }
    const struct sockaddr *sa = ci->client_addr;
    if (sa->sa_family == AF_INET) {
        const unsigned char *b = (const unsigned char *)&(
            (const struct sockaddr_in *)(const void *)sa)->sin_addr;
        gr_line l = {addr, 0, cap - 1};
        for (int i = 0; i < 4; i++) {
            if (i > 0) {
                gr_line_put(&l, ".", 1);
            }
            gr_line_u64(&l, b[i], 1);
        }
        addr[l.n] = '\0';
    } else if (sa->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr,
                  addr, (socklen_t)cap);
    }
}

/* "%Y-%m-%dT%H:%M:%S" of a second, formatted once a second per thread:
 * gmtime_r takes glibc's process-wide time zone lock on every call. */
static _Thread_local time_t gr_log_sec = (time_t)-1;
static _Thread_local char gr_log_sec_text[20];

static const char *gr_log_second(time_t sec)
{
    if (sec != gr_log_sec) {
        struct tm tm;
        gmtime_r(&sec, &tm);
        gr_line l = {gr_log_sec_text, 0, sizeof(gr_log_sec_text) - 1};
        gr_line_u64(&l, (uint64_t)tm.tm_year + 1900, 4);
        gr_line_put(&l, "-", 1);
        gr_line_u64(&l, (uint64_t)tm.tm_mon + 1, 2);
        gr_line_put(&l, "-", 1);
        gr_line_u64(&l, (uint64_t)tm.tm_mday, 2);
        gr_line_put(&l, "T", 1);
        gr_line_u64(&l, (uint64_t)tm.tm_hour, 2);
        gr_line_put(&l, ":", 1);
        gr_line_u64(&l, (uint64_t)tm.tm_min, 2);
        gr_line_put(&l, ":", 1);
        gr_line_u64(&l, (uint64_t)tm.tm_sec, 2);
        gr_log_sec_text[19] = '\0';
        gr_log_sec = sec;
    }
    return gr_log_sec_text;
}

static void gr_log_request(gr_server *srv, struct MHD_Connection *conn, gr_req *req,
                           uint64_t dur_ns)
{
    if (srv->cfg.log_format == GR_LOG_OFF) {
        return;
    }
    char addr[INET6_ADDRSTRLEN] = "-";
    gr_log_client(conn, addr, sizeof(addr));
    char path[512];
    gr_log_escape(path, sizeof(path), req->path != NULL ? req->path : "-");
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    char line[1024];
    gr_line l = {line, 0, sizeof(line) - 1};
    bool json = srv->cfg.log_format == GR_LOG_JSON;
    if (json) {
        gr_line_str(&l, "{\"time\":\"");
    }
    /* %Y-%m-%dT%H:%M:%S.mmmZ */
    gr_line_put(&l, gr_log_second(ts.tv_sec), 19);
    gr_line_put(&l, ".", 1);
    gr_line_u64(&l, (uint64_t)ts.tv_nsec / 1000000u, 3);
    /* the duration in microseconds, printed as milliseconds with 3 decimals */
    uint64_t us = (dur_ns + 500) / 1000;
    if (json) {
        gr_line_str(&l, "Z\",\"client\":\"");
        gr_line_str(&l, addr);
        gr_line_str(&l, "\",\"method\":\"");
        gr_line_str(&l, req->method);
        gr_line_str(&l, "\",\"path\":\"");
        gr_line_str(&l, path);
        gr_line_str(&l, "\",\"status\":");
        gr_line_u64(&l, req->status, 1);
        gr_line_str(&l, ",\"bytes\":");
        gr_line_u64(&l, req->bytes, 1);
        gr_line_str(&l, ",\"duration_ms\":");
        gr_line_u64(&l, us / 1000, 1);
        gr_line_put(&l, ".", 1);
        gr_line_u64(&l, us % 1000, 3);
        gr_line_str(&l, ",\"request_id\":\"");
        gr_line_str(&l, req->id);
        gr_line_str(&l, "\"}\n");
    } else {
        gr_line_str(&l, "Z ");
        gr_line_str(&l, addr);
        gr_line_str(&l, " \"");
        gr_line_str(&l, req->method);
        gr_line_put(&l, " ", 1);
        gr_line_str(&l, path);
        gr_line_str(&l, "\" ");
        gr_line_u64(&l, req->status, 1);
        gr_line_put(&l, " ", 1);
        gr_line_u64(&l, req->bytes, 1);
        gr_line_put(&l, " ", 1);
        gr_line_u64(&l, us / 1000, 1);
        gr_line_put(&l, ".", 1);
        gr_line_u64(&l, us % 1000, 3);
        gr_line_str(&l, "ms id=");
        gr_line_str(&l, req->id);
        gr_line_put(&l, "\n", 1);
    }
    if (l.n == l.cap) {
        line[l.n - 1] = '\n'; /* truncated: still one whole line */
    }
    gr_log_line(srv->log, line, l.n);
}

static gr_conn *gr_conn_of(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci != NULL ? ci->socket_context : NULL;
}

static void gr_conn_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                           enum MHD_ConnectionNotificationCode code)
{
    (void)cls, (void)conn;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        *socket_context = calloc(1, sizeof(gr_conn)); /* NULL: no caching */
    } else if (*socket_context != NULL) {
        gr_conn *cc = *socket_context;
        gr_arena_destroy(cc->arena);
        free(cc);
        *socket_context = NULL;
    }
}

static void gr_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    gr_server *srv = cls;
    gr_req *req = *con_cls;
    if (req == NULL) {
        return;
    }
    *con_cls = NULL;
    uint64_t dur = gr_now_ns() - req->start_ns;
    gr_log_request(srv, conn, req, dur);
    gr_metrics_observe(srv->metrics, req->endpoint, req->status, dur);
    if (req->solving) {
        atomic_fetch_sub(&srv->solving, 1);
    }
    gr_metrics_arena(srv->metrics, -(int64_t)req->arena_charged, gr_arena_peak(req->arena));
    gr_metrics_inflight(srv->metrics, -1);
    gr_arena *arena = req->arena;
    size_t fresh = req->arena_charged; /* req lives in the arena */
    gr_arena_reset(arena);
    /* keep it for the connection's next request when it is back to one
     * small block; a large one goes back to the system now */
    gr_conn *cc = gr_conn_of(conn);
    if (cc != NULL && cc->arena == NULL && gr_arena_bytes(arena) <= fresh) {
        cc->arena = arena;
    } else {
        gr_arena_destroy(arena);
    }
}

/* ---- lifecycle ------------------------------------------------------------ */

static void gr_mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char msg[512];
    vsnprintf(msg, sizeof(msg), fmt, ap);
    fprintf(stderr, "grundyd: microhttpd: %s%s", msg,
            msg[0] != '\0' && msg[strlen(msg) - 1] == '\n' ? "" : "\n");
}

gr_server *gr_server_start(const gr_config *cfg)
{
    gr_json_init();
    gr_server *srv = calloc(1, sizeof(*srv));
    if (srv == NULL) {
        return NULL;
    }
    srv->cfg = *cfg;
    srv->metrics = gr_metrics_create(gr_route_count);
    if (srv->metrics == NULL) {
        free(srv);
        return NULL;
    }
    srv->solver = gr_solver_start(cfg->threads, cfg->max_inflight, gr_solve_job);
    if (srv->solver == NULL) {
        fprintf(stderr, "grundyd: cannot start the solver threads\n");
        gr_metrics_destroy(srv->metrics);
        free(srv);
        return NULL;
    }
    if (getrandom(&srv->id_prefix, sizeof(srv->id_prefix), 0) != sizeof(srv->id_prefix)) {
        srv->id_prefix = (unsigned)time(NULL) ^ (unsigned)getpid();
    }

    struct sockaddr_in sin;
    struct sockaddr_in6 sin6;
    struct sockaddr *sa = NULL;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC |
                     MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    if (cfg->bind != NULL) {
        memset(&sin, 0, sizeof(sin));
        memset(&sin6, 0, sizeof(sin6));
        if (inet_pton(AF_INET, cfg->bind, &sin.sin_addr) == 1) {
            sin.sin_family = AF_INET;
            sin.sin_port = htons((uint16_t)cfg->port);
            sa = (struct sockaddr *)&sin;
        } else if (inet_pton(AF_INET6, cfg->bind, &sin6.sin6_addr) == 1) {
            sin6.sin6_family = AF_INET6;
            sin6.sin6_port = htons((uint16_t)cfg->port);
            sa = (struct sockaddr *)&sin6;
            flags |= MHD_USE_IPv6;
        } else {
            fprintf(stderr, "grundyd: --bind: \"%s\" is not an IPv4 or IPv6 address\n",
                    cfg->bind);
            gr_solver_stop(srv->solver, NULL);
            gr_metrics_destroy(srv->metrics);
            free(srv);
            return NULL;
        }
    }
    struct MHD_OptionItem opts[] = {
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)gr_completed, srv},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)gr_conn_notify, srv},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)cfg->timeout, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)cfg->max_connections, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, (intptr_t)cfg->max_conn_per_ip, NULL},
        {MHD_OPTION_LISTEN_BACKLOG_SIZE, (intptr_t)cfg->backlog, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)GR_MHD_POOL, NULL},
        {cfg->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
         (intptr_t)cfg->threads, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    if (cfg->log_format != GR_LOG_OFF) {
        srv->log = gr_log_create(STDERR_FILENO, cfg->log_flush_ms);
        if (srv->log == NULL) {
            gr_solver_stop(srv->solver, NULL);
            gr_metrics_destroy(srv->metrics);
            free(srv);
            return NULL;
        }
    }
    srv->daemon = MHD_start_daemon(flags, (uint16_t)cfg->port, NULL, NULL, gr_access, srv,
                                   MHD_OPTION_EXTERNAL_LOGGER, gr_mhd_log, NULL,
                                   MHD_OPTION_SOCK_ADDR, sa, MHD_OPTION_ARRAY, opts,
                                   MHD_OPTION_END);
    if (srv->daemon == NULL) {
        fprintf(stderr, "grundyd: cannot listen on %s:%u\n",
                cfg->bind != NULL ? cfg->bind : "0.0.0.0", cfg->port);
        gr_solver_stop(srv->solver, NULL);
        gr_log_destroy(srv->log);
        gr_metrics_destroy(srv->metrics);
        free(srv);
        return NULL;
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(srv->daemon, MHD_DAEMON_INFO_BIND_PORT);
    srv->port = di != NULL ? di->port : cfg->port;
    return srv;
}

unsigned gr_server_port(const gr_server *srv) { return srv->port; }

void gr_server_drain_and_stop(gr_server *srv)
{
    atomic_store(&srv->draining, true);
    /* MHD stops accepting, but the listening socket must stay open until
     * MHD_stop_daemon (its threads may still look at it).  shutdown()
     * makes the kernel stop listening now: new connections are refused at
     * once instead of waiting in the backlog for the drain to end. */
    MHD_socket fd = MHD_quiesce_daemon(srv->daemon);
    if (fd != MHD_INVALID_SOCKET) {
        shutdown(fd, SHUT_RDWR);
    }
    /* Wait for requests under way, and a little longer: a worker that
     * finishes one request starts the next one already received on
     * another of its connections a moment later (that one is answered
     * 503), so "none in flight" must hold for a while, not one instant. */
    uint64_t deadline = gr_now_ns() + (uint64_t)srv->cfg.shutdown_timeout * 1000000000u;
    int quiet = 0;
    while (quiet < GR_DRAIN_QUIET_POLLS && gr_now_ns() < deadline) {
        quiet = gr_metrics_inflight_now(srv->metrics) > 0 ? 0 : quiet + 1;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    /* Solver threads finish the analysis at hand (past the shutdown
     * timeout, queued ones are answered 503) and resume their
     * connections: MHD must not be stopped with one suspended. */
    gr_solver_stop(srv->solver, gr_drop_job);
    /* Give the answers just resumed (dropped ones: 503) a moment to go out. */
    for (int i = 0; i < 100 && gr_metrics_inflight_now(srv->metrics) > 0; i++) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    MHD_stop_daemon(srv->daemon);
    if (fd != MHD_INVALID_SOCKET) {
        close(fd);
    }
    gr_log_destroy(srv->log); /* writes the lines still buffered */
    gr_metrics_destroy(srv->metrics);
    free(srv);
}
