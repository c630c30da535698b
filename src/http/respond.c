/*
 * Responses: the headers every answer carries, 200 bodies from the arena,
 * RFC 9457 problem documents, and problems written straight to a socket
 * where libmicrohttpd cannot frame them (mid-body, or before a connection
 * is handed to it).
 *
 * Problem documents are rendered with malloc, not the arena: the arena may
 * be exactly what ran out.  They carry no request id in the body (it is in
 * the X-Request-Id header) so that the same input gives the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "http/server_internal.h"

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

/* Queues r (which the caller built and may now forget) and records what
 * the access log says of it; the request is answered from here on. */
static enum MHD_Result gr_queue(struct MHD_Connection *conn, gr_req *req, struct MHD_Response *r,
                                unsigned status, size_t bytes)
{
    req->status = status;
    req->bytes = bytes;
    req->phase = GR_PHASE_ANSWERED;
    enum MHD_Result ret = MHD_queue_response(conn, status, r);
    MHD_destroy_response(r);
    return ret;
}

/* Queues a response whose body lives in the request arena (or is static). */
enum MHD_Result gr_respond(struct MHD_Connection *conn, gr_req *req, unsigned status,
                           const char *type, const char *body, size_t len)
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
    return gr_queue(conn, req, r, status, len);
}

enum MHD_Result gr_respond_with(struct MHD_Connection *conn, gr_req *req, unsigned status,
                                struct MHD_Response *r, size_t bytes)
{
    if (r == NULL) {
        return MHD_NO;
    }
    gr_add_common_headers(req, r);
    return gr_queue(conn, req, r, status, bytes);
}

enum MHD_Result gr_respond_json(struct MHD_Connection *conn, gr_req *req, gr_jctx *c,
                                const cJSON *doc, const char *oom)
{
    size_t len = 0;
    char *out = gr_jw_ok(c) ? gr_json_print(c, doc, &len) : NULL;
    if (out == NULL) {
        return gr_send_problem(conn, req, GR_PROBLEM_MEMORY_BUDGET, oom, NULL, false);
    }
    return gr_respond(conn, req, 200, "application/json", out, len);
}

/* The problem document, malloc'ed (json/problem.c renders it, for the CLI
 * too); NULL when malloc fails. */
static char *gr_problem_json(const gr_problem *p, size_t *len)
{
    char *out = NULL;
    return gr_problem_render(p, &out, len) == GR_OK ? out : NULL;
}

enum MHD_Result gr_problem_from(struct MHD_Connection *conn, gr_req *req, const gr_problem *p,
                                const char *allow, bool close_after)
{
    unsigned status = (unsigned)p->status;
    size_t n = 0;
    char *buf = gr_problem_json(p, &n);
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
    if (status == 503 || status == 429) {
        char secs[16];
        snprintf(secs, sizeof(secs), "%u", req->retry_after != 0 ? req->retry_after : 1);
        MHD_add_response_header(r, MHD_HTTP_HEADER_RETRY_AFTER, secs);
    }
    if (close_after) {
        MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
    }
    return gr_queue(conn, req, r, status, n);
}

enum MHD_Result gr_send_problem(struct MHD_Connection *conn, gr_req *req, gr_problem_kind kind,
                                const char *detail, const char *allow, bool close_after)
{
    gr_problem p;
    gr_problem_set(&p, kind, detail, NULL);
    return gr_problem_from(conn, req, &p, allow, close_after);
}

enum MHD_Result gr_send_options(struct MHD_Connection *conn, gr_req *req, const char *allow)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
    if (r == NULL) {
        return MHD_NO;
    }
    gr_add_common_headers(req, r);
    MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, allow);
    MHD_add_response_header(r, "Access-Control-Allow-Methods", allow);
    MHD_add_response_header(r, "Access-Control-Allow-Headers", "Content-Type, X-Request-Id");
    MHD_add_response_header(r, "Access-Control-Max-Age", "86400");
    return gr_queue(conn, req, r, 204, 0);
}

/* The response libmicrohttpd would have written, by hand: the socket is
 * non-blocking and the answer is a few hundred bytes, so one send nearly
 * always takes it all; if the buffer is full the client is not reading
 * and loses nothing it would have read.  Then FIN: the client sees the
 * answer end at once. */
/* The reason phrase of the statuses written by hand (RFC 9110 §15). */
static const char *gr_reason(unsigned status)
{
    switch (status) {
    case 400:
        return "Bad Request";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 431:
        return "Request Header Fields Too Large";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    default:
        return "Error";
    }
}

size_t gr_write_raw_problem(const gr_server *srv, int fd, const char *request_id,
                            gr_problem_kind kind, const char *detail)
{
    gr_problem p;
    gr_problem_set(&p, kind, detail, NULL);
    unsigned status = (unsigned)p.status;
    const char *reason = gr_reason(status);
    size_t blen = 0;
    char *body = gr_problem_json(&p, &blen);
    if (body == NULL) {
        shutdown(fd, SHUT_WR);
        return 0;
    }
    const char *origin = srv->cfg.cors_origin;
    int vary = strcmp(origin, "*") != 0;
    size_t hcap = 512 + strlen(reason) + strlen(origin) + strlen(request_id);
    char *msg = malloc(hcap + blen);
    if (msg == NULL) {
        free(body);
        shutdown(fd, SHUT_WR);
        return 0;
    }
    int hl = snprintf(msg, hcap,
                      "HTTP/1.1 %u %s\r\n"
                      "Connection: close\r\n"
                      "Content-Length: %zu\r\n"
                      "Content-Type: application/problem+json\r\n"
                      "Access-Control-Allow-Origin: %s\r\n%s"
                      "Access-Control-Expose-Headers: X-Request-Id, Retry-After\r\n"
                      "X-Request-Id: %s\r\n%s"
                      "X-Content-Type-Options: nosniff\r\n\r\n",
                      status, reason, blen, origin, vary ? "Vary: Origin\r\n" : "", request_id,
                      status == 503 ? "Retry-After: 1\r\n" : "");
    if (hl > 0 && (size_t)hl < hcap) {
        memcpy(msg + hl, body, blen);
        size_t total = (size_t)hl + blen, off = 0;
        while (off < total) {
            ssize_t w = send(fd, msg + off, total - off, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (w <= 0) {
                break;
            }
            off += (size_t)w;
        }
    }
    shutdown(fd, SHUT_WR);
    free(msg);
    free(body);
    return blen;
}

/* An answer in the middle of the body: a chunked body has just passed
 * --max-body (413), or a body trickles in too slowly (408).  libmicrohttpd
 * 0.9.75 accepts a response only before the body or after all of it, and
 * a hostile client may never send the rest, so the answer goes straight to
 * the socket (gr_write_raw_problem).
 *
 * Then the connection must close without libmicrohttpd answering again:
 * gr_access keeps discarding what still arrives, up to GR_DISCARD_GRACE
 * bytes (a client that writes its whole body before reading, as many do,
 * would otherwise meet a reset instead of the answer), and returns MHD_NO
 * at the end of the body or past the grace.  libmicrohttpd logs
 * "Application reported internal error" for that; the access log shows
 * the status.  A client that stalls is closed by --timeout. */
enum MHD_Result gr_answer_mid_body(struct MHD_Connection *conn, gr_req *req, gr_problem_kind kind,
                                   const char *detail)
{
    req->status = (unsigned)gr_problem_type_of(kind)->status;
    req->phase = GR_PHASE_RAW_ANSWERED;
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (ci == NULL) {
        return MHD_NO;
    }
    req->bytes = gr_write_raw_problem(req->srv, ci->connect_fd, req->id, kind, detail);
    return req->bytes != 0 ? MHD_YES : MHD_NO;
}

/* "%08x-%llu" by hand: snprintf was ~900 instructions a request. */
void gr_make_request_id(gr_server *srv, char *out, size_t cap)
{
    (void)cap; /* 8 + 1 + 20 + 1 bytes at most */
    unsigned long long seq = atomic_fetch_add(&srv->next_id, 1);
    static const char hex[] = "0123456789abcdef";
    char *o = out;
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

void gr_request_id(gr_server *srv, gr_req *req)
{
    const char *given = req->hdr.request_id;
    if (given != NULL) {
        size_t n = strlen(given);
        bool ok = n > 0 && n < sizeof(req->id);
        for (size_t i = 0; ok && i < n; i++) {
            char ch = given[i];
            ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
                 ch == '-' || ch == '_' || ch == '.';
        }
        if (ok) {
            memcpy(req->id, given, n + 1);
            return;
        }
    }
    gr_make_request_id(srv, req->id, sizeof(req->id));
}
