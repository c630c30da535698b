/*
 * What a request's head says, as libmicrohttpd parsed it: the headers the
 * server reads (gr_header_seen), and the framing check of a later head on
 * a keep-alive connection, rebuilt for head.c's checker so that one set
 * of rules (RFC 9112) judges every head, first or later.
 */
#include <stdatomic.h>
#include <string.h>
#include <strings.h>

#include "http/head.h"
#include "http/server_internal.h"

/* A later request head rebuilt for the checker (gr_check_framing): what
 * libmicrohttpd's per-connection pool can hold (server.c's GR_MHD_POOL). */
#define GR_LATER_HEAD_MAX ((size_t)16 << 10)

/* A forwarding header line, in order; the rightmost GR_CLIENT_MAX_HEADERS
 * are kept (client.c walks from the right). */
static void gr_header_forwarding(gr_headers *h, const char *value)
{
    if (h->nfwd == GR_CLIENT_MAX_HEADERS) {
        memmove(h->fwd, h->fwd + 1, (GR_CLIENT_MAX_HEADERS - 1) * sizeof(h->fwd[0]));
        h->nfwd--;
    }
    h->fwd[h->nfwd++] = value;
}

enum MHD_Result gr_header_seen(void *cls, enum MHD_ValueKind kind, const char *key,
                               const char *value)
{
    (void)kind;
    gr_headers *h = cls;
    switch (key[0] | 0x20) {
    case 'c':
        if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_LENGTH) == 0) {
            if (h->lengths++ == 0) {
                h->content_length = value;
            }
        } else if (strcasecmp(key, MHD_HTTP_HEADER_CONTENT_TYPE) == 0 && h->content_type == NULL) {
            h->content_type = value;
        }
        break;
    case 't':
        if (strcasecmp(key, MHD_HTTP_HEADER_TRANSFER_ENCODING) == 0) {
            h->codings++;
        }
        break;
    case 'o':
        h->origin |= strcasecmp(key, "Origin") == 0;
        break;
    case 'x':
        if (strcasecmp(key, "X-Request-Id") == 0 && h->request_id == NULL) {
            h->request_id = value;
        } else if (h->fwd_kind == GR_FWD_XFF && strcasecmp(key, "X-Forwarded-For") == 0) {
            gr_header_forwarding(h, value);
        }
        break;
    case 'f':
        if (h->fwd_kind == GR_FWD_FORWARDED && strcasecmp(key, "Forwarded") == 0) {
            gr_header_forwarding(h, value);
        }
        break;
    default:
        break;
    }
    return MHD_YES;
}

/* The head of a later request on a keep-alive connection, rebuilt from
 * what libmicrohttpd parsed, for head.c's checker: the one set of framing
 * rules (RFC 9112) for every head, first or later.  The target is
 * written as "/": the raw one was checked by the same rule of head.c in
 * the URI callback (gr_uri_seen); libmicrohttpd has already refused what
 * it cannot parse at all. */
typedef struct gr_rebuilt {
    char *buf;
    size_t len, cap;
    bool over;
} gr_rebuilt;

static void gr_rebuilt_put(gr_rebuilt *b, const char *s, size_t n)
{
    if (b->len + n > b->cap) {
        b->over = true;
        return;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
}

static enum MHD_Result gr_rebuild_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                         const char *value)
{
    (void)kind;
    gr_rebuilt *b = cls;
    gr_rebuilt_put(b, key, strlen(key));
    gr_rebuilt_put(b, ": ", 2);
    if (value != NULL) {
        gr_rebuilt_put(b, value, strlen(value));
    }
    gr_rebuilt_put(b, "\r\n", 2);
    return b->over ? MHD_NO : MHD_YES;
}

gr_problem_kind gr_head_problem(gr_head_verdict v)
{
    switch (v) {
    case GR_HEAD_TE_UNKNOWN:
        return GR_PROBLEM_NOT_IMPLEMENTED;
    case GR_HEAD_TOO_LARGE:
        return GR_PROBLEM_HEADER_TOO_LARGE;
    case GR_HEAD_URI_TOO_LONG:
        return GR_PROBLEM_URI_TOO_LONG;
    default:
        return GR_PROBLEM_INVALID_REQUEST;
    }
}

/* Answers with Connection: close, since the end of such a request cannot
 * be known. */
enum MHD_Result gr_check_framing(struct MHD_Connection *conn, gr_req *req, const char *version,
                                 bool *refused)
{
    *refused = false;
    gr_conn *cc = req->conn_entry;
    if (cc != NULL && atomic_load_explicit(&cc->requests, memory_order_relaxed) == 0) {
        return MHD_YES; /* the first: the front door checked its raw bytes */
    }
    char buf[GR_LATER_HEAD_MAX];
    gr_rebuilt b = {buf, 0, sizeof(buf), false};
    gr_rebuilt_put(&b, req->method, strlen(req->method));
    gr_rebuilt_put(&b, " / ", 3);
    gr_rebuilt_put(&b, version, strlen(version));
    gr_rebuilt_put(&b, "\r\n", 2);
    MHD_get_connection_values(conn, MHD_HEADER_KIND, gr_rebuild_header, &b);
    gr_rebuilt_put(&b, "\r\n", 2);
    if (b.over) {
        /* more than libmicrohttpd's pool could have held: not a head it
         * parsed from fewer bytes; refuse it as the front would */
        *refused = true;
        return gr_send_problem(conn, req, GR_PROBLEM_HEADER_TOO_LARGE,
                               "the request head is too large", NULL, true);
    }
    gr_head_result res;
    gr_head_check(buf, b.len, b.cap + 1, &res);
    if (res.verdict == GR_HEAD_OK) {
        return MHD_YES;
    }
    *refused = true;
    return gr_send_problem(conn, req, gr_head_problem(res.verdict),
                           res.why != NULL ? res.why : "the request head is malformed", NULL, true);
}
