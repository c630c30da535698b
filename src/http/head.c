/*
 * The request-head check (see head.h for the rules and why they are here).
 *
 * One pass over the lines of the head.  Each complete line is judged as
 * soon as it is seen, so garbage is refused on its first line even when
 * the blank line that ends a head never comes; an incomplete head is
 * judged again, from the start, when more bytes have arrived (heads are
 * at most a pool's worth of bytes, so the repeated scan is cheap and keeps
 * the check stateless).
 */
#include "http/head.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

/* RFC 9110 §5.6.2 tchar */
static bool gr_head_tchar(unsigned char ch)
{
    if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')) {
        return true;
    }
    return ch != '\0' && strchr("!#$%&'*+-.^_`|~", ch) != NULL;
}

/* The length of the token (RFC 9110 tchar+) at s[0..n) when a `sep`
 * follows it; 0 when there is no token or no `sep` after it. */
static size_t gr_head_token(const unsigned char *s, size_t n, unsigned char sep)
{
    size_t i = 0;
    while (i < n && gr_head_tchar(s[i])) {
        i++;
    }
    return i < n && s[i] == sep ? i : 0;
}

static bool gr_head_ows(unsigned char ch)
{
    return ch == ' ' || ch == '\t';
}

static int gr_head_hex(unsigned char ch)
{
    if (ch >= '0' && ch <= '9') {
        return ch - '0';
    }
    ch = (unsigned char)(ch | 0x20);
    return ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
}

int gr_head_target_has_ctl(const char *target, size_t n)
{
    const unsigned char *t = (const unsigned char *)target;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < 0x20 || t[i] == 0x7f) {
            return 1;
        }
        if (t[i] == '%' && i + 2 < n) {
            int hi = gr_head_hex(t[i + 1]), lo = gr_head_hex(t[i + 2]);
            if (hi >= 0 && lo >= 0 && (hi < 2 || (hi == 7 && lo == 15))) {
                return 1;
            }
        }
    }
    return 0;
}

typedef struct gr_head_state {
    int minor;       /* HTTP/1.minor */
    int hosts;       /* Host headers seen */
    int lengths;     /* Content-Length headers seen */
    uint64_t length; /* the first one's value */
    bool te;         /* a Transfer-Encoding header was seen */
    int chunked;     /* "chunked" codings seen */
    bool te_other;   /* a coding other than chunked */
    bool te_empty;   /* an empty list element or value */
} gr_head_state;

static gr_head_verdict gr_head_bad(gr_head_result *out, gr_head_verdict v, const char *why)
{
    out->verdict = v;
    out->why = why;
    return v;
}

/* "METHOD SP target SP HTTP/1.x" */
static bool gr_head_request_line(const unsigned char *s, size_t n, gr_head_state *st,
                                 gr_head_result *out)
{
    size_t i = gr_head_token(s, n, ' ');
    if (i == 0) {
        gr_head_bad(out, GR_HEAD_BAD, "the request line must be METHOD SP target SP HTTP/1.x");
        return false;
    }
    size_t t0 = ++i;
    while (i < n && s[i] > 0x20 && s[i] != 0x7f) {
        i++;
    }
    if (i == t0 || i >= n || s[i] != ' ') {
        gr_head_bad(out, GR_HEAD_BAD, "the request target must be one word of visible characters");
        return false;
    }
    if (gr_head_target_has_ctl((const char *)s + t0, i - t0)) {
        gr_head_bad(out, GR_HEAD_BAD, "the request target encodes a control character");
        return false;
    }
    i++;
    if (n - i != 8 || memcmp(s + i, "HTTP/1.", 7) != 0 || s[i + 7] < '0' || s[i + 7] > '9') {
        gr_head_bad(out, GR_HEAD_BAD, "the request line must end in HTTP/1.0 or HTTP/1.1");
        return false;
    }
    st->minor = s[i + 7] - '0';
    return true;
}

/* Content-Length: 1*DIGIT, no sign, no list, no hex (RFC 9112 §6.3). */
static bool gr_head_length(const unsigned char *v, size_t n, gr_head_state *st, gr_head_result *out)
{
    uint64_t x = 0;
    if (n == 0 || n > 18) {
        gr_head_bad(out, GR_HEAD_BAD, "Content-Length must be a decimal number of bytes");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9') {
            gr_head_bad(out, GR_HEAD_BAD, "Content-Length must be a decimal number of bytes");
            return false;
        }
        x = x * 10 + (uint64_t)(v[i] - '0');
    }
    if (st->lengths > 0 && x != st->length) {
        gr_head_bad(out, GR_HEAD_BAD, "the request has two different Content-Length headers");
        return false;
    }
    st->length = x;
    st->lengths++;
    return true;
}

/* Transfer-Encoding: a comma list of codings (RFC 9112 §6.1). */
static void gr_head_codings(const unsigned char *v, size_t n, gr_head_state *st)
{
    st->te = true;
    size_t i = 0;
    for (;;) {
        while (i < n && gr_head_ows(v[i])) {
            i++;
        }
        size_t a = i;
        while (i < n && v[i] != ',') {
            i++;
        }
        size_t b = i;
        while (b > a && gr_head_ows(v[b - 1])) {
            b--;
        }
        if (b == a) {
            st->te_empty = true;
        } else if (b - a == 7 && strncasecmp((const char *)v + a, "chunked", 7) == 0) {
            st->chunked++;
        } else {
            st->te_other = true;
        }
        if (i >= n) {
            break;
        }
        i++; /* the comma */
    }
}

static bool gr_head_field(const unsigned char *s, size_t n, gr_head_state *st, gr_head_result *out)
{
    if (gr_head_ows(s[0])) {
        gr_head_bad(out, GR_HEAD_BAD, "header lines may not be folded");
        return false;
    }
    size_t i = gr_head_token(s, n, ':');
    if (i == 0) {
        gr_head_bad(out, GR_HEAD_BAD, "a header line must be name \":\" value");
        return false;
    }
    size_t name_len = i++;
    for (size_t k = i; k < n; k++) {
        if (s[k] < 0x20 && s[k] != '\t') {
            gr_head_bad(out, GR_HEAD_BAD, "a header value holds a control character");
            return false;
        }
    }
    while (i < n && gr_head_ows(s[i])) {
        i++;
    }
    size_t e = n;
    while (e > i && gr_head_ows(s[e - 1])) {
        e--;
    }
    const char *name = (const char *)s;
    if (name_len == 14 && strncasecmp(name, "Content-Length", 14) == 0) {
        return gr_head_length(s + i, e - i, st, out);
    }
    if (name_len == 17 && strncasecmp(name, "Transfer-Encoding", 17) == 0) {
        gr_head_codings(s + i, e - i, st);
    } else if (name_len == 4 && strncasecmp(name, "Host", 4) == 0) {
        st->hosts++;
    }
    return true;
}

static void gr_head_finish(gr_head_state *st, size_t head_len, gr_head_result *out)
{
    if (st->te && st->lengths > 0) {
        gr_head_bad(out, GR_HEAD_BAD,
                    "a request may not carry both Content-Length and Transfer-Encoding");
        return;
    }
    if (st->te && (st->te_empty || st->chunked > 1)) {
        gr_head_bad(out, GR_HEAD_BAD, "Transfer-Encoding must be chunked, once");
        return;
    }
    if (st->te && st->te_other) {
        gr_head_bad(out, GR_HEAD_TE_UNKNOWN, "only the chunked transfer coding is implemented");
        return;
    }
    if (st->hosts > 1 || (st->minor >= 1 && st->hosts == 0)) {
        gr_head_bad(out, GR_HEAD_BAD, "an HTTP/1.1 request needs exactly one Host header");
        return;
    }
    out->verdict = GR_HEAD_OK;
    out->why = NULL;
    out->head_len = head_len;
}

void gr_head_check(const char *buf, size_t n, size_t limit, gr_head_result *out)
{
    const unsigned char *s = (const unsigned char *)buf;
    gr_head_state st;
    memset(&st, 0, sizeof(st));
    out->head_len = 0;
    out->why = NULL;
    size_t scan = n < limit ? n : limit;
    size_t pos = 0;
    bool first = true;
    int blank_before = 0;
    while (pos < scan) {
        const unsigned char *nl = memchr(s + pos, '\n', scan - pos);
        if (nl == NULL) {
            break;
        }
        size_t end = (size_t)(nl - s);
        size_t len = end - pos;
        if (len > 0 && s[end - 1] == '\r') {
            len--;
        }
        const unsigned char *line = s + pos;
        pos = end + 1;
        if (first) {
            /* RFC 9112 §2.2: empty lines before the request line are ignored
             * (a client may send a CRLF after a POST body). */
            if (len == 0 && blank_before++ < 4) {
                continue;
            }
            if (!gr_head_request_line(line, len, &st, out)) {
                return;
            }
            first = false;
            continue;
        }
        if (len == 0) {
            gr_head_finish(&st, pos, out);
            return;
        }
        if (!gr_head_field(line, len, &st, out)) {
            return;
        }
    }
    if (n >= limit) {
        gr_head_bad(out, first ? GR_HEAD_URI_TOO_LONG : GR_HEAD_TOO_LARGE,
                    first ? "the request line is too long" : "the request head is too large");
        return;
    }
    /* A control byte in a line not yet ended is already decided. */
    for (size_t k = pos; k < scan; k++) {
        if (s[k] == 0 || (s[k] == '\r' && k + 1 < scan)) {
            gr_head_bad(out, GR_HEAD_BAD, "the request head holds a stray control character");
            return;
        }
    }
    out->verdict = GR_HEAD_INCOMPLETE;
}
