/*
 * The request-head check: RFC 9112 framing rules that libmicrohttpd 0.9.75
 * applies leniently or not at all, decided on the raw bytes of a request
 * head before libmicrohttpd parses them (src/http/front.c peeks at a new
 * connection's first request and runs this on it).
 *
 * Pure and allocation-free, so the unit tests and the fuzz harness call it
 * directly.
 */
#ifndef GR_HEAD_H
#define GR_HEAD_H

#include <stddef.h>

typedef enum gr_head_verdict {
    GR_HEAD_OK,          /* a complete, well-framed head: hand it on */
    GR_HEAD_INCOMPLETE,  /* no end of head yet: wait for more bytes */
    GR_HEAD_BAD,         /* 400: malformed or ambiguous framing */
    GR_HEAD_TE_UNKNOWN,  /* 501: a transfer coding other than chunked */
    GR_HEAD_TOO_LARGE,   /* 431: the head does not fit (see gr_head_check) */
    GR_HEAD_URI_TOO_LONG /* 414: the request line alone does not fit */
} gr_head_verdict;

typedef struct gr_head_result {
    gr_head_verdict verdict;
    const char *why; /* a sentence for the problem's detail (static) */
    size_t head_len; /* GR_HEAD_OK: bytes up to and including the blank line */
} gr_head_result;

/* Checks the head at the start of buf[0..n).  `limit` is the most bytes
 * a head may take: an incomplete head of `limit` bytes or more is
 * GR_HEAD_TOO_LARGE (GR_HEAD_URI_TOO_LONG when no line has ended yet).
 *
 * Rules (RFC 9112 §2.2, §3, §5, §6): lines end in CRLF (a bare LF is
 * accepted, a bare CR is not); no line folding; the request line is
 * "METHOD SP target SP HTTP/1.x"; the target holds no control byte, raw or
 * percent-encoded (%00-%1F, %7F); header names are tokens followed
 * directly by ':', values hold no control byte but HTAB; Content-Length is
 * 1*DIGIT, at most one such header (repeats must be identical);
 * Transfer-Encoding and Content-Length never together; a transfer coding
 * other than a single "chunked" is GR_HEAD_TE_UNKNOWN; HTTP/1.1 needs Host. */
void gr_head_check(const char *buf, size_t n, size_t limit, gr_head_result *out);

/* Whether a request target, as received (percent-encoded), decodes to a
 * control byte: the path libmicrohttpd passes on is cut at a %00. */
int gr_head_target_has_ctl(const char *target, size_t n);

#endif
