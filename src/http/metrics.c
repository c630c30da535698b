/*
 * Metrics: counters per (endpoint, status), a latency histogram per
 * endpoint, requests in flight and arena bytes.  Every field is a C11
 * atomic updated with relaxed ordering: a scrape may see one counter a
 * request ahead of another, which Prometheus tolerates, and no request
 * ever waits on a lock to be counted.
 */
#include "http/metrics.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http/routes.h"

static const unsigned gr_statuses[] = {200, 204, 400, 404, 405, 413,
                                       415, 422, 500, 503, 0};
#define GR_NSTATUS (sizeof(gr_statuses) / sizeof(gr_statuses[0]))

/* Upper bounds in seconds; the last bucket is +Inf. */
static const double gr_buckets[] = {0.0005, 0.001, 0.0025, 0.005, 0.01,
                                    0.025,  0.05,  0.1,    0.25,  0.5,
                                    1,      2.5,   5,      10};
#define GR_NBUCKETS (sizeof(gr_buckets) / sizeof(gr_buckets[0]))

struct gr_metrics {
    size_t endpoints;
    atomic_ullong *requests;  /* [(endpoints+1) * GR_NSTATUS] */
    atomic_ullong *histogram; /* [(endpoints+1) * (GR_NBUCKETS+1)] */
    atomic_ullong *sum_ns;    /* [endpoints+1] */
    atomic_long inflight;
    atomic_llong arena_bytes;
    atomic_ullong arena_peak;
};

gr_metrics *gr_metrics_create(size_t endpoints)
{
    gr_metrics *m = calloc(1, sizeof(*m));
    if (m == NULL) {
        return NULL;
    }
    m->endpoints = endpoints;
    m->requests = calloc((endpoints + 1) * GR_NSTATUS, sizeof(*m->requests));
    m->histogram = calloc((endpoints + 1) * (GR_NBUCKETS + 1), sizeof(*m->histogram));
    m->sum_ns = calloc(endpoints + 1, sizeof(*m->sum_ns));
    if (m->requests == NULL || m->histogram == NULL || m->sum_ns == NULL) {
        gr_metrics_destroy(m);
        return NULL;
    }
    return m;
}

void gr_metrics_destroy(gr_metrics *m)
{
    if (m != NULL) {
        free(m->requests);
        free(m->histogram);
        free(m->sum_ns);
        free(m);
    }
}

void gr_metrics_observe(gr_metrics *m, size_t ep, unsigned status,
                        uint64_t duration_ns)
{
    if (ep > m->endpoints) {
        ep = m->endpoints;
    }
    size_t s = 0;
    while (gr_statuses[s] != 0 && gr_statuses[s] != status) {
        s++;
    }
    atomic_fetch_add_explicit(&m->requests[ep * GR_NSTATUS + s], 1,
                              memory_order_relaxed);
    double secs = (double)duration_ns / 1e9;
    size_t b = 0;
    while (b < GR_NBUCKETS && secs > gr_buckets[b]) {
        b++;
    }
    atomic_fetch_add_explicit(&m->histogram[ep * (GR_NBUCKETS + 1) + b], 1,
                              memory_order_relaxed);
    atomic_fetch_add_explicit(&m->sum_ns[ep], duration_ns, memory_order_relaxed);
}

void gr_metrics_inflight(gr_metrics *m, int delta)
{
    atomic_fetch_add_explicit(&m->inflight, delta, memory_order_relaxed);
}

long gr_metrics_inflight_now(gr_metrics *m)
{
    return atomic_load_explicit(&m->inflight, memory_order_relaxed);
}

void gr_metrics_arena(gr_metrics *m, int64_t delta, size_t peak)
{
    atomic_fetch_add_explicit(&m->arena_bytes, delta, memory_order_relaxed);
    unsigned long long old = atomic_load_explicit(&m->arena_peak, memory_order_relaxed);
    while (peak > old &&
           !atomic_compare_exchange_weak_explicit(&m->arena_peak, &old, peak,
                                                  memory_order_relaxed,
                                                  memory_order_relaxed)) {
    }
}

/* A growable text buffer in the arena. */
typedef struct gr_text {
    gr_arena *arena;
    char *s;
    size_t len, cap;
    int failed;
} gr_text;

static void gr_text_printf(gr_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#include <stdarg.h>

static void gr_text_printf(gr_text *t, const char *fmt, ...)
{
    if (t->failed) {
        return;
    }
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = 1;
            return;
        }
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        size_t ncap = t->cap * 2 + (size_t)n;
        char *s = gr_arena_realloc(t->arena, t->s, t->cap, ncap);
        if (s == NULL) {
            t->failed = 1;
            return;
        }
        t->s = s;
        t->cap = ncap;
    }
}

static const char *gr_metrics_endpoint_name(const gr_metrics *m, size_t ep)
{
    return ep < m->endpoints ? gr_routes[ep].path : "other";
}

char *gr_metrics_render(gr_metrics *m, gr_arena *arena, size_t *len)
{
    gr_text t = {arena, gr_arena_alloc(arena, 8192), 0, 8192, 0};
    if (t.s == NULL) {
        return NULL;
    }
    gr_text_printf(&t, "# HELP grundyd_requests_total Requests answered, by endpoint and status.\n"
                       "# TYPE grundyd_requests_total counter\n");
    for (size_t ep = 0; ep <= m->endpoints; ep++) {
        for (size_t s = 0; s < GR_NSTATUS; s++) {
            unsigned long long v = atomic_load_explicit(&m->requests[ep * GR_NSTATUS + s],
                                                        memory_order_relaxed);
            if (v == 0) {
                continue;
            }
            char code[16];
            if (gr_statuses[s] != 0) {
                snprintf(code, sizeof(code), "%u", gr_statuses[s]);
            } else {
                snprintf(code, sizeof(code), "other");
            }
            gr_text_printf(&t, "grundyd_requests_total{endpoint=\"%s\",status=\"%s\"} %llu\n",
                           gr_metrics_endpoint_name(m, ep), code, v);
        }
    }
    gr_text_printf(&t, "# HELP grundyd_request_duration_seconds Time from first byte to response queued.\n"
                       "# TYPE grundyd_request_duration_seconds histogram\n");
    for (size_t ep = 0; ep <= m->endpoints; ep++) {
        unsigned long long cum = 0;
        const atomic_ullong *h = &m->histogram[ep * (GR_NBUCKETS + 1)];
        unsigned long long total = 0;
        for (size_t b = 0; b <= GR_NBUCKETS; b++) {
            total += atomic_load_explicit(&h[b], memory_order_relaxed);
        }
        if (total == 0) {
            continue;
        }
        const char *name = gr_metrics_endpoint_name(m, ep);
        for (size_t b = 0; b <= GR_NBUCKETS; b++) {
            cum += atomic_load_explicit(&h[b], memory_order_relaxed);
            if (b < GR_NBUCKETS) {
                gr_text_printf(&t, "grundyd_request_duration_seconds_bucket{endpoint=\"%s\",le=\"%g\"} %llu\n",
                               name, gr_buckets[b], cum);
            } else {
                gr_text_printf(&t, "grundyd_request_duration_seconds_bucket{endpoint=\"%s\",le=\"+Inf\"} %llu\n",
                               name, cum);
            }
        }
        gr_text_printf(&t, "grundyd_request_duration_seconds_sum{endpoint=\"%s\"} %.9f\n"
                           "grundyd_request_duration_seconds_count{endpoint=\"%s\"} %llu\n",
                       name,
                       (double)atomic_load_explicit(&m->sum_ns[ep], memory_order_relaxed) / 1e9,
                       name, cum);
    }
    gr_text_printf(&t,
                   "# HELP grundyd_requests_in_flight Requests being received or analysed.\n"
                   "# TYPE grundyd_requests_in_flight gauge\n"
                   "grundyd_requests_in_flight %ld\n"
                   "# HELP grundyd_arena_bytes Bytes held by the arenas of live requests.\n"
                   "# TYPE grundyd_arena_bytes gauge\n"
                   "grundyd_arena_bytes %lld\n"
                   "# HELP grundyd_arena_peak_bytes Largest arena of any single request so far.\n"
                   "# TYPE grundyd_arena_peak_bytes gauge\n"
                   "grundyd_arena_peak_bytes %llu\n",
                   atomic_load_explicit(&m->inflight, memory_order_relaxed),
                   atomic_load_explicit(&m->arena_bytes, memory_order_relaxed),
                   atomic_load_explicit(&m->arena_peak, memory_order_relaxed));
    if (t.failed) {
        return NULL;
    }
    *len = t.len;
    return t.s;
}
