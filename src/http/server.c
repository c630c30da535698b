/*
 * The daemon's lifecycle: start (descriptor limit, memory quota, worker
 * pool, libmicrohttpd, the front door), drain and stop.
 *
 * libmicrohttpd runs its internal epoll thread pool with no listening
 * socket of its own: the front door (front.c) accepts, checks each
 * connection's first request head and hands the connection on.  Requests
 * are served by request.c; long analyses run on the worker pool (pool.c).
 *
 * Memory: every request arena charges one process-wide quota
 * (--max-memory), and glibc is told to map large blocks on their own
 * (a fixed mmap threshold), so that what a large request took goes back to
 * the system when it ends instead of staying in the heap for ever.
 */
#include "http/server.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "http/front.h"
#include "http/sequence.h"
#include "http/server_internal.h"
#include "tables/table_cache.h"

/* Draining ends after this many 10 ms polls in a row with no request in
 * flight. */
#define GR_DRAIN_QUIET_POLLS 10

/* libmicrohttpd's per-connection pool holds the request line, headers
 * and the read buffer.  0.9.75 zeroes the whole pool between keep-alive
 * requests: at 32 KiB (its default) that memset was ~3 us of a ~20 us small
 * request, the largest single item (bench/RESULTS.md).  16 KiB still takes
 * request heads of up to ~15.5 KiB (measured); the front door refuses
 * larger first heads with a 431 problem (front.c's GR_HEAD_LIMIT). */
#define GR_MHD_POOL ((size_t)16 << 10)

/* Descriptors kept back from --max-connections for everything else: the
 * listening socket, epoll sets, eventfds, the log, files. */
#define GR_FD_RESERVE 64

/* Allocations from this size up are mapped on their own and unmapped when
 * freed.  glibc's default threshold adapts upwards after each large free
 * (up to 32 MiB), after which big arena chunks come from the heap and are
 * never given back; a fixed threshold turns the adaptation off. */
#define GR_MMAP_THRESHOLD (256 * 1024)

/* Clients remembered by the worker pool beyond those with work: their
 * token buckets (~150 bytes each); past it the longest-idle is forgotten. */
#define GR_POOL_CLIENTS 16384

uint64_t gr_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void gr_mhd_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls;
    char msg[512];
    vsnprintf(msg, sizeof(msg), fmt, ap);
    fprintf(stderr, "grundyd: microhttpd: %s%s", msg,
            msg[0] != '\0' && msg[strlen(msg) - 1] == '\n' ? "" : "\n");
}

/* Raises the soft descriptor limit to the hard one (service managers
 * often start daemons at 1024) and fits --max-connections to it.  Returns
 * the soft limit now in force. */
static size_t gr_fit_descriptors(gr_config *cfg)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) {
        return 1024;
    }
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t want = rl.rlim_max == RLIM_INFINITY ? (rlim_t)1 << 20 : rl.rlim_max;
        struct rlimit raised = {want, rl.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
            rl.rlim_cur = want;
        }
    }
    size_t nofile = rl.rlim_cur == RLIM_INFINITY ? (size_t)1 << 20 : (size_t)rl.rlim_cur;
    if (nofile > ((size_t)1 << 20)) {
        nofile = (size_t)1 << 20;
    }
    size_t avail = nofile > 2 * GR_FD_RESERVE ? nofile - GR_FD_RESERVE : nofile / 2;
    if (cfg->max_connections > avail) {
        cfg->max_connections = (unsigned)avail;
        cfg->max_connections_fitted = true;
    }
    return nofile;
}

/* The table store's events (a file set aside, the directory read-only or
 * full) on standard error beside the daemon's other messages, one write a
 * line so that lines of several threads never mix. */
static void gr_store_log(void *ud, const char *line)
{
    (void)ud;
    char buf[1200];
    int n = snprintf(buf, sizeof(buf), "grundyd: %s\n", line);
    if (n > 0) {
        size_t len = (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1;
        buf[len - 1] = '\n';
        ssize_t w = write(STDERR_FILENO, buf, len);
        (void)w;
    }
}

static void gr_server_free(gr_server *srv)
{
    gr_pool_free(srv->pool); /* joins the workers first */
    gr_sequence_quiesce(srv, 0);
    gr_log_destroy(srv->log);
    gr_metrics_destroy(srv->metrics);
    gr_conns_fini(&srv->conns);
    /* the cached tables are charged to srv->quota and may write to the
     * store: the cache goes first (joining its background workers) */
    gr_tcache_destroy(srv->tcache);
    gr_tstore_close(srv->tables);
    free(srv);
}

gr_server *gr_server_start(const gr_config *cfg)
{
    mallopt(M_MMAP_THRESHOLD, GR_MMAP_THRESHOLD);
    gr_server *srv = calloc(1, sizeof(*srv));
    if (srv == NULL) {
        return NULL;
    }
    srv->cfg = *cfg;
    srv->cfg.descriptors = gr_fit_descriptors(&srv->cfg);
    srv->quota.limit = (size_t)srv->cfg.max_memory;
    if (gr_conns_init(&srv->conns, srv->cfg.descriptors) != 0) {
        free(srv);
        return NULL;
    }
    /* A directory that is read-only or full is served from without saving
     * (logged); only a path that cannot be a directory stops the start. */
    if (cfg->table_dir != NULL && *cfg->table_dir != '\0' &&
        gr_tstore_open(cfg->table_dir, gr_store_log, NULL, &srv->tables) != GR_OK) {
        fprintf(stderr, "grundyd: --table-dir %s: not a directory\n", cfg->table_dir);
        gr_server_free(srv);
        return NULL;
    }
    /* the table cache's bytes count against --max-memory too */
    gr_tcache_config tcc = {(size_t)srv->cfg.cache_memory, srv->cfg.max_octal_values, &srv->quota,
                            srv->tables, srv->cfg.background_threads};
    if (gr_tcache_create(&tcc, &srv->tcache) != GR_OK) {
        fprintf(stderr, "grundyd: cannot make the table cache\n");
        gr_server_free(srv);
        return NULL;
    }
    srv->metrics = gr_metrics_create(gr_route_count());
    if (srv->metrics != NULL) {
        gr_metrics_quota(srv->metrics, &srv->quota);
        gr_metrics_tables(srv->metrics, srv->tcache);
    }
    const char *bad;
    if (cfg->trusted_proxies != NULL) {
        gr_proxies_parse(cfg->trusted_proxies, &srv->proxies, &bad); /* checked by config.c */
    }
    srv->fwd = strcasecmp(cfg->forwarded_header, "forwarded") == 0 ? GR_FWD_FORWARDED : GR_FWD_XFF;
    /* Room for every client with work (at most --max-inflight of them)
     * and many more remembered only for their token buckets. */
    gr_pool_limits lim = {
        .threads = cfg->threads,
        .inflight_per_client = cfg->max_inflight_client,
        .rate = cfg->rate_per_client,
        .burst = cfg->rate_burst,
        .max_queue_ns = (uint64_t)cfg->max_queue * 1000000000u,
        .clients = GR_POOL_CLIENTS + (size_t)cfg->max_inflight,
    };
    srv->pool = gr_pool_start(&lim);
    if (srv->metrics != NULL && srv->pool != NULL) {
        gr_metrics_pool(srv->metrics, srv->pool);
    }
    if (srv->metrics == NULL || srv->pool == NULL || gr_sequence_start(srv) != 0) {
        fprintf(stderr, "grundyd: cannot start the worker threads\n");
        gr_server_free(srv);
        return NULL;
    }
    if (getrandom(&srv->id_prefix, sizeof(srv->id_prefix), 0) != sizeof(srv->id_prefix)) {
        srv->id_prefix = (unsigned)time(NULL) ^ (unsigned)getpid();
    }
    if (cfg->log_format != GR_LOG_OFF) {
        srv->log = gr_log_create(STDERR_FILENO, cfg->log_flush_ms);
        if (srv->log == NULL) {
            gr_server_free(srv);
            return NULL;
        }
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC |
                     MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_NO_LISTEN_SOCKET;
    /* libmicrohttpd's own table is larger than --max-connections: the
     * front door evicts before admitting, and an evicted connection stays
     * in libmicrohttpd's table until its thread has closed it.  The
     * per-address limit is the front door's too (front.c), for the same
     * reason and because it also counts connections not yet handed on. */
    size_t mhd_limit = srv->cfg.descriptors - GR_FD_RESERVE / 2;
    struct MHD_OptionItem opts[] = {
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)gr_completed, srv},
        {MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)gr_conn_notify, srv},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)gr_uri_seen, srv},
        {MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)cfg->timeout, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, (intptr_t)mhd_limit, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)GR_MHD_POOL, NULL},
        {cfg->threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t)cfg->threads,
         NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    srv->daemon = MHD_start_daemon(flags, 0, NULL, NULL, gr_access, srv, MHD_OPTION_EXTERNAL_LOGGER,
                                   gr_mhd_log, NULL, MHD_OPTION_ARRAY, opts, MHD_OPTION_END);
    if (srv->daemon == NULL) {
        fprintf(stderr, "grundyd: cannot start libmicrohttpd\n");
        gr_server_free(srv);
        return NULL;
    }
    srv->port = cfg->port;
    if (gr_front_start(srv, &srv->port) == NULL) { /* sets srv->front */
        fprintf(stderr, "grundyd: cannot listen on %s:%u\n",
                cfg->bind != NULL ? cfg->bind : "0.0.0.0", cfg->port);
        MHD_stop_daemon(srv->daemon);
        gr_server_free(srv);
        return NULL;
    }
    return srv;
}

unsigned gr_server_port(const gr_server *srv)
{
    return srv->port;
}

const gr_config *gr_server_config(const gr_server *srv)
{
    return &srv->cfg;
}

static void gr_sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

void gr_server_drain_and_stop(gr_server *srv)
{
    atomic_store(&srv->draining, true);
    /* New connections are refused by the kernel from here on. */
    gr_front_quiesce(srv->front);
    /* Wait for requests under way, and a little longer: a worker that
     * finishes one request starts the next one already received on
     * another of its connections a moment later (that one is answered
     * 503), so "none in flight" must hold for a while, not one instant. */
    uint64_t deadline = gr_now_ns() + (uint64_t)srv->cfg.shutdown_timeout * 1000000000u;
    int quiet = 0;
    while (quiet < GR_DRAIN_QUIET_POLLS && gr_now_ns() < deadline) {
        quiet = gr_metrics_inflight_now(srv->metrics) > 0 ? 0 : quiet + 1;
        gr_sleep_ms(10);
    }
    /* Past the shutdown timeout: work still running stops at its next
     * check (503 to its client), queued work is answered 503 unrun, and
     * the worker threads resume their connections: libmicrohttpd must not
     * be stopped with one suspended. */
    atomic_store(&srv->cancel_all, 1);
    gr_pool_stop(srv->pool); /* every worker joined: nothing of theirs outlives the server */
    /* no sequence job is left undone: the streams still parked are
     * resumed (libmicrohttpd must not stop with one suspended) */
    gr_sequence_quiesce(srv, 2000);
    /* Give the answers just resumed a moment to go out. */
    for (int i = 0; i < 50 && gr_metrics_inflight_now(srv->metrics) > 0; i++) {
        gr_sleep_ms(10);
    }
    gr_front_stop(srv->front);
    MHD_stop_daemon(srv->daemon);
    gr_front_free(srv->front);
    gr_server_free(srv); /* writes the log lines still buffered */
}
