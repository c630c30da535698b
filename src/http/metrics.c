/*
 * Metrics: counters per (endpoint, status), a latency histogram per
 * endpoint, requests in flight and arena bytes.  Every field is a C11
 * atomic updated with relaxed ordering: a scrape may see one counter a
 * request ahead of another, which Prometheus tolerates, and no request
 * ever waits on a lock to be counted.
 *
 * The counters live in per-thread shards, summed when /metrics is
 * rendered: with one set, every request made the cache lines of the
 * counters, the histogram and the gauges bounce between the cores (ten
 * contended read-modify-writes a request).  Shards are picked per thread
 * by gr_shard_pick (http/shard.h).
 */
#include "http/metrics.h"

#include "tables/table_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "http/pool.h"
#include "http/routes.h"
#include "http/shard.h"

static const unsigned gr_statuses[] = {200, 204, 304, 400, 404, 405, 408, 413, 414,
                                       415, 422, 429, 431, 499, 500, 501, 503, 0};
#define GR_NSTATUS (sizeof(gr_statuses) / sizeof(gr_statuses[0]))

/* Upper bounds in seconds; the last bucket is +Inf. */
static const double gr_buckets[] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                    0.1,    0.25,  0.5,    1,     2.5,  5,     10};
#define GR_NBUCKETS (sizeof(gr_buckets) / sizeof(gr_buckets[0]))

#define GR_NSHARDS 16
#define GR_CACHE_LINE 64

/* One shard: [requests | histogram | sum_ns | inflight, arena_bytes],
 * padded to whole cache lines so that neighbours never share one. */
typedef struct gr_shard {
    atomic_ullong *requests;  /* [(endpoints+1) * GR_NSTATUS] */
    atomic_ullong *histogram; /* [(endpoints+1) * (GR_NBUCKETS+1)] */
    atomic_ullong *sum_ns;    /* [endpoints+1] */
    atomic_llong *gauges;     /* [0] in flight, [1] arena bytes */
} gr_shard;

struct gr_metrics {
    size_t endpoints;
    void *block;
    gr_shard shards[GR_NSHARDS];
    atomic_uint next_shard;
    atomic_ullong arena_peak; /* rarely written: a max, read before the CAS */
    atomic_ullong evicted;    /* rare events: no shards */
    atomic_ullong cancelled;
    atomic_ullong accept_paused;
    const gr_arena_quota *quota;
    struct gr_tcache *tables;
    struct gr_pool *pool;
};

static _Thread_local unsigned gr_metrics_my_shard; /* see gr_shard_pick */

static gr_shard *gr_shard_of(gr_metrics *m)
{
    return &m->shards[gr_shard_pick(&gr_metrics_my_shard, &m->next_shard, GR_NSHARDS)];
}

gr_metrics *gr_metrics_create(size_t endpoints)
{
    gr_metrics *m = calloc(1, sizeof(*m));
    if (m == NULL) {
        return NULL;
    }
    m->endpoints = endpoints;
    size_t counters = (endpoints + 1) * (GR_NSTATUS + GR_NBUCKETS + 1 + 1) + 2;
    size_t bytes =
        (counters * sizeof(atomic_ullong) + GR_CACHE_LINE - 1) / GR_CACHE_LINE * GR_CACHE_LINE;
    m->block = aligned_alloc(GR_CACHE_LINE, bytes * GR_NSHARDS);
    if (m->block == NULL) {
        free(m);
        return NULL;
    }
    memset(m->block, 0, bytes * GR_NSHARDS);
    for (size_t i = 0; i < GR_NSHARDS; i++) {
        atomic_ullong *p = (atomic_ullong *)((char *)m->block + i * bytes);
        gr_shard *sh = &m->shards[i];
        sh->requests = p;
        sh->histogram = sh->requests + (endpoints + 1) * GR_NSTATUS;
        sh->sum_ns = sh->histogram + (endpoints + 1) * (GR_NBUCKETS + 1);
        sh->gauges = (atomic_llong *)(sh->sum_ns + endpoints + 1);
    }
    return m;
}

void gr_metrics_destroy(gr_metrics *m)
{
    if (m != NULL) {
        free(m->block);
        free(m);
    }
}

void gr_metrics_observe(gr_metrics *m, size_t ep, unsigned status, uint64_t duration_ns)
{
    if (ep > m->endpoints) {
        ep = m->endpoints;
    }
    size_t s = 0;
    while (gr_statuses[s] != 0 && gr_statuses[s] != status) {
        s++;
    }
    gr_shard *sh = gr_shard_of(m);
    atomic_fetch_add_explicit(&sh->requests[ep * GR_NSTATUS + s], 1, memory_order_relaxed);
    double secs = (double)duration_ns / 1e9;
    size_t b = 0;
    while (b < GR_NBUCKETS && secs > gr_buckets[b]) {
        b++;
    }
    atomic_fetch_add_explicit(&sh->histogram[ep * (GR_NBUCKETS + 1) + b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&sh->sum_ns[ep], duration_ns, memory_order_relaxed);
}

void gr_metrics_evicted(gr_metrics *m)
{
    atomic_fetch_add_explicit(&m->evicted, 1, memory_order_relaxed);
}

void gr_metrics_cancelled(gr_metrics *m)
{
    atomic_fetch_add_explicit(&m->cancelled, 1, memory_order_relaxed);
}

void gr_metrics_tables(gr_metrics *m, struct gr_tcache *tc)
{
    m->tables = tc;
}

void gr_metrics_accept_paused(gr_metrics *m)
{
    atomic_fetch_add_explicit(&m->accept_paused, 1, memory_order_relaxed);
}

void gr_metrics_pool(gr_metrics *m, struct gr_pool *pool)
{
    m->pool = pool;
}

void gr_metrics_quota(gr_metrics *m, const gr_arena_quota *quota)
{
    m->quota = quota;
}

void gr_metrics_inflight(gr_metrics *m, int delta)
{
    atomic_fetch_add_explicit(&gr_shard_of(m)->gauges[0], delta, memory_order_relaxed);
}

/* A gauge is the sum of its shards' deltas (a request may end on another
 * thread than it began; only the sum means anything). */
static long long gr_gauge(gr_metrics *m, size_t g)
{
    long long v = 0;
    for (size_t i = 0; i < GR_NSHARDS; i++) {
        v += atomic_load_explicit(&m->shards[i].gauges[g], memory_order_relaxed);
    }
    return v;
}

static unsigned long long gr_sum(const gr_metrics *m, size_t offset_in_requests)
{
    unsigned long long v = 0;
    for (size_t i = 0; i < GR_NSHARDS; i++) {
        v += atomic_load_explicit(&m->shards[i].requests[offset_in_requests], memory_order_relaxed);
    }
    return v;
}

long gr_metrics_inflight_now(gr_metrics *m)
{
    return (long)gr_gauge(m, 0);
}

void gr_metrics_arena(gr_metrics *m, int64_t delta, size_t peak)
{
    atomic_fetch_add_explicit(&gr_shard_of(m)->gauges[1], delta, memory_order_relaxed);
    unsigned long long old = atomic_load_explicit(&m->arena_peak, memory_order_relaxed);
    while (peak > old &&
           !atomic_compare_exchange_weak_explicit(&m->arena_peak, &old, peak, memory_order_relaxed,
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

static void gr_text_printf(gr_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

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
    return ep < m->endpoints ? gr_route_at(ep)->path : "other";
}

/* A metric's HELP and TYPE lines (the exposition format's header). */
static void gr_metric_head(gr_text *t, const char *name, const char *type, const char *help)
{
    gr_text_printf(t, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A metric of one sample without labels: its header, then "name value". */
static void gr_metric_u64(gr_text *t, const char *name, const char *type, const char *help,
                          unsigned long long v)
{
    gr_metric_head(t, name, type, help);
    gr_text_printf(t, "%s %llu\n", name, v);
}

static void gr_metric_int(gr_text *t, const char *name, const char *type, const char *help,
                          long long v)
{
    gr_metric_head(t, name, type, help);
    gr_text_printf(t, "%s %lld\n", name, v);
}

/* The same for one of the process's atomic counters (read relaxed: a
 * scrape needs no order). */
static void gr_metric_atomic(gr_text *t, const char *name, const char *type, const char *help,
                             atomic_ullong *v)
{
    gr_metric_u64(t, name, type, help, atomic_load_explicit(v, memory_order_relaxed));
}

/* The same for a real value, with `decimals` digits after the point. */
static void gr_metric_real(gr_text *t, const char *name, const char *type, const char *help,
                           int decimals, double v)
{
    gr_metric_head(t, name, type, help);
    gr_text_printf(t, "%s %.*f\n", name, decimals, v);
}

/* The worker pool's queue and the clients' limits (http/pool.c). */
static void gr_render_pool(gr_text *t, struct gr_pool *pool)
{
    gr_pool_stats ps;
    gr_pool_stats_get(pool, &ps);
    gr_metric_u64(t, "grundyd_queue_jobs", "gauge", "Analyses and sequences waiting for a worker.",
                  ps.queued);
    gr_metric_u64(t, "grundyd_queue_memory_waits", "gauge",
                  "Analyses of those waiting for memory (--max-memory) taken by others under way.",
                  ps.waiting_memory);
    gr_metric_u64(t, "grundyd_queue_running_jobs", "gauge", "Analyses and sequences on a worker.",
                  ps.running);
    gr_metric_u64(t, "grundyd_queue_clients", "gauge",
                  "Clients with a job waiting (served round-robin).", ps.clients_queued);
    gr_metric_u64(t, "grundyd_clients_tracked", "gauge", "Clients whose limits are remembered.",
                  ps.clients);
    gr_metric_head(t, "grundyd_client_refusals_total", "counter",
                   "Requests answered 429, by the limit reached.");
    gr_text_printf(t,
                   "grundyd_client_refusals_total{reason=\"rate\"} %llu\n"
                   "grundyd_client_refusals_total{reason=\"inflight\"} %llu\n",
                   (unsigned long long)ps.refused_rate, (unsigned long long)ps.refused_inflight);
    gr_metric_u64(t, "grundyd_queue_timeouts_total", "counter",
                  "Jobs answered 503 after waiting longer than --max-queue-seconds.", ps.expired);
    gr_metric_u64(t, "grundyd_memory_waits_total", "counter",
                  "Analyses that ran out of --max-memory while others ran and waited to run again.",
                  ps.memory_waits);
}

/* The table cache's counters and gauges as they are printed: a row each,
 * read from gr_tcache_stats by offset. */
typedef struct gr_table_metric {
    const char *name, *type, *help;
    size_t offset;
} gr_table_metric;

static const gr_table_metric gr_table_metrics[] = {
#define GR_TABLE_METRIC(name, type, help, field)                                                   \
    {name, type, help, offsetof(gr_tcache_stats, field)},
#include "http/table_metrics.def"
#undef GR_TABLE_METRIC
};

/* The shared table cache (tables/table_cache.c), its store and its
 * background search; zeros when there is none. */
static void gr_render_tables(gr_text *t, struct gr_tcache *tables)
{
    gr_tcache_stats cs;
    memset(&cs, 0, sizeof(cs));
    if (tables != NULL) {
        gr_tcache_stats_get(tables, &cs);
    }
    for (size_t i = 0; i < sizeof(gr_table_metrics) / sizeof(gr_table_metrics[0]); i++) {
        const gr_table_metric *r = &gr_table_metrics[i];
        uint64_t v;
        memcpy(&v, (const char *)&cs + r->offset, sizeof(v));
        gr_metric_u64(t, r->name, r->type, r->help, v);
    }
    gr_metric_real(t, "grundyd_background_seconds_total", "counter",
                   "Time the background search spent computing.", 3,
                   (double)cs.background_ns / 1e9);
    gr_metric_real(
        t, "grundyd_background_values_per_second", "gauge",
        "Values per second of computing time of the background search, since start.", 0,
        cs.background_ns > 0 ? (double)cs.background_values * 1e9 / (double)cs.background_ns : 0.0);
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
            unsigned long long v = gr_sum(m, ep * GR_NSTATUS + s);
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
    gr_text_printf(
        &t, "# HELP grundyd_request_duration_seconds Time from first byte to response queued.\n"
            "# TYPE grundyd_request_duration_seconds histogram\n");
    for (size_t ep = 0; ep <= m->endpoints; ep++) {
        unsigned long long cum = 0;
        /* offsets relative to `requests`: the shard's arrays are contiguous */
        size_t h = (m->endpoints + 1) * GR_NSTATUS + ep * (GR_NBUCKETS + 1);
        unsigned long long total = 0;
        for (size_t b = 0; b <= GR_NBUCKETS; b++) {
            total += gr_sum(m, h + b);
        }
        if (total == 0) {
            continue;
        }
        const char *name = gr_metrics_endpoint_name(m, ep);
        for (size_t b = 0; b <= GR_NBUCKETS; b++) {
            cum += gr_sum(m, h + b);
            if (b < GR_NBUCKETS) {
                gr_text_printf(
                    &t, "grundyd_request_duration_seconds_bucket{endpoint=\"%s\",le=\"%g\"} %llu\n",
                    name, gr_buckets[b], cum);
            } else {
                gr_text_printf(
                    &t,
                    "grundyd_request_duration_seconds_bucket{endpoint=\"%s\",le=\"+Inf\"} %llu\n",
                    name, cum);
            }
        }
        gr_text_printf(
            &t,
            "grundyd_request_duration_seconds_sum{endpoint=\"%s\"} %.9f\n"
            "grundyd_request_duration_seconds_count{endpoint=\"%s\"} %llu\n",
            name, (double)gr_sum(m, (m->endpoints + 1) * (GR_NSTATUS + GR_NBUCKETS + 1) + ep) / 1e9,
            name, cum);
    }
    gr_metric_int(&t, "grundyd_requests_in_flight", "gauge", "Requests being received or analysed.",
                  gr_gauge(m, 0));
    gr_metric_int(&t, "grundyd_arena_bytes", "gauge", "Bytes held by the arenas of live requests.",
                  gr_gauge(m, 1));
    gr_metric_atomic(&t, "grundyd_arena_peak_bytes", "gauge",
                     "Largest arena of any single request so far.", &m->arena_peak);
    gr_metric_atomic(&t, "grundyd_connections_evicted_total", "counter",
                     "Idle or unfinished connections closed to make room for new ones.",
                     &m->evicted);
    gr_metric_atomic(&t, "grundyd_requests_cancelled_total", "counter",
                     "Analyses and sequence computations (streamed or not) cancelled because their "
                     "client went away.",
                     &m->cancelled);
    gr_metric_atomic(&t, "grundyd_accept_pauses_total", "counter",
                     "Times accepting paused because the process was out of descriptors.",
                     &m->accept_paused);
    if (m->quota != NULL) {
        gr_metric_u64(&t, "grundyd_memory_bytes", "gauge",
                      "Bytes held by every request arena and the table cache together (counted "
                      "against --max-memory).",
                      atomic_load_explicit(&m->quota->used, memory_order_relaxed));
        gr_metric_u64(&t, "grundyd_memory_limit_bytes", "gauge", "--max-memory.", m->quota->limit);
    }
    if (m->pool != NULL) {
        gr_render_pool(&t, m->pool);
    }
    gr_render_tables(&t, m->tables);
    if (t.failed) {
        return NULL;
    }
    *len = t.len;
    return t.s;
}
