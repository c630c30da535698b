/*
 * The access-log line: one per request, text or JSON (--log-format),
 * handed whole to the buffered writer in log.c.
 *
 * The line is built by hand: snprintf with %.3f, strftime and inet_ntop
 * cost ~8,000 instructions a request, as much as the rest of a small
 * request's own work (bench/RESULTS.md).
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "http/server_internal.h"

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

static void gr_line_str(gr_line *l, const char *s)
{
    gr_line_put(l, s, strlen(s));
}

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

static void gr_log_client(const struct sockaddr *sa, char *addr, size_t cap)
{
    if (sa == NULL) {
        return;
    }
    if (sa->sa_family == AF_INET) {
        const unsigned char *b =
            (const unsigned char *)&((const struct sockaddr_in *)(const void *)sa)->sin_addr;
        gr_line l = {addr, 0, cap - 1};
        for (int i = 0; i < 4; i++) {
            if (i > 0) {
                gr_line_put(&l, ".", 1);
            }
            gr_line_u64(&l, b[i], 1);
        }
        addr[l.n] = '\0';
    } else if (sa->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, addr,
                  (socklen_t)cap);
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

void gr_log_request(gr_server *srv, struct MHD_Connection *conn, const gr_req *req, uint64_t dur_ns)
{
    if (srv->cfg.log_format == GR_LOG_OFF) {
        return;
    }
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *client = ci != NULL ? ci->client_addr : NULL;
    /* behind a trusted proxy the line names the client it forwarded for
     * (as nginx's real_ip module sets $remote_addr) */
    struct sockaddr_storage fwd;
    if (srv->proxies.n > 0 && gr_ip_to_sockaddr(&req->client, &fwd)) {
        client = (const struct sockaddr *)&fwd;
    }
    gr_log_entry e = {client, req->method, req->path, req->status, req->bytes, dur_ns, req->id};
    gr_log_write(srv, &e);
}

void gr_log_write(gr_server *srv, const gr_log_entry *e)
{
    if (srv->cfg.log_format == GR_LOG_OFF) {
        return;
    }
    char addr[INET6_ADDRSTRLEN] = "-";
    gr_log_client(e->client, addr, sizeof(addr));
    char path[512];
    gr_log_escape(path, sizeof(path), e->path != NULL ? e->path : "-");
    const char *method = e->method != NULL ? e->method : "-";
    uint64_t dur_ns = e->dur_ns;
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
        gr_line_str(&l, method);
        gr_line_str(&l, "\",\"path\":\"");
        gr_line_str(&l, path);
        gr_line_str(&l, "\",\"status\":");
        gr_line_u64(&l, e->status, 1);
        gr_line_str(&l, ",\"bytes\":");
        gr_line_u64(&l, e->bytes, 1);
        gr_line_str(&l, ",\"duration_ms\":");
        gr_line_u64(&l, us / 1000, 1);
        gr_line_put(&l, ".", 1);
        gr_line_u64(&l, us % 1000, 3);
        gr_line_str(&l, ",\"request_id\":\"");
        gr_line_str(&l, e->id);
        gr_line_str(&l, "\"}\n");
    } else {
        gr_line_str(&l, "Z ");
        gr_line_str(&l, addr);
        gr_line_str(&l, " \"");
        gr_line_str(&l, method);
        gr_line_put(&l, " ", 1);
        gr_line_str(&l, path);
        gr_line_str(&l, "\" ");
        gr_line_u64(&l, e->status, 1);
        gr_line_put(&l, " ", 1);
        gr_line_u64(&l, e->bytes, 1);
        gr_line_put(&l, " ", 1);
        gr_line_u64(&l, us / 1000, 1);
        gr_line_put(&l, ".", 1);
        gr_line_u64(&l, us % 1000, 3);
        gr_line_str(&l, "ms id=");
        gr_line_str(&l, e->id);
        gr_line_put(&l, "\n", 1);
    }
    if (l.n == l.cap) {
        line[l.n - 1] = '\n'; /* truncated: still one whole line */
    }
    gr_log_line(srv->log, line, l.n);
}
