/*
 * What the files of the daemon share: the server, a request, and the
 * request's phase.
 *
 *   server.c      lifecycle: start, libmicrohttpd's options, drain, stop
 *   front.c       the front door: accept, first request heads, connection
 *                 pressure, header deadlines, hang-up watch
 *   request.c     a request's life: the access handler and its phases
 *   respond.c     responses and problem responses
 *   access_log.c  the access-log line
 *   body.c        body intake;  head.c  the request-head check
 *   conns.c       the connection table;  pool.c  the worker pool, fair
 *                 across clients, and its per-client limits
 *   client.c      who the client of a request is (--trusted-proxies)
 *   sequence.c    GET sequences and their event streams
 */
#ifndef GR_SERVER_INTERNAL_H
#define GR_SERVER_INTERNAL_H

#include <microhttpd.h>
#include <sys/socket.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "http/body.h"
#include "http/client.h"
#include "http/config.h"
#include "http/conns.h"
#include "http/head.h"
#include "http/log.h"
#include "tables/table_cache.h"
#include "http/metrics.h"
#include "http/pool.h"
#include "http/routes.h"
#include "http/server.h"
#include "json/gr_json.h"
#include "json/problem.h"
#include "store/table_store.h"

typedef struct gr_front gr_front;
typedef struct gr_seq_streams gr_seq_streams;

/* Retry-After of a 503 for a job that waited too long in its queue:
 * longer than the usual second, since the queue was long just now. */
#define GR_RETRY_QUEUED 5

/* The light lane (pool_job.c): requests with bodies up to
 * GR_LIGHT_MAX_BODY bytes run first on a worker of their own within
 * GR_LIGHT_BUDGET_MS; one that does not end within it goes to the main
 * pool and benches its client from the lane for GR_LIGHT_BENCH_S. */
#define GR_LIGHT_MAX_BODY 1024
#define GR_LIGHT_BUDGET_MS 100
#define GR_LIGHT_BENCH_S 30
#define GR_LIGHT_THREADS 1
#define GR_LIGHT_PER_CLIENT 4

struct gr_server {
    gr_config cfg;
    struct MHD_Daemon *daemon;
    gr_pool *pool;
    gr_pool *light; /* the light lane */
    gr_metrics *metrics;
    gr_log *log; /* the access log; NULL with --log-format off */
    gr_front *front;
    gr_conns conns;
    gr_arena_quota quota;    /* --max-memory: every request arena together */
    gr_proxies proxies;      /* --trusted-proxies */
    gr_fwd_header fwd;       /* --forwarded-header */
    gr_seq_streams *streams; /* sequence.c: parked event streams and their timer */
    gr_tstore *tables;       /* --table-dir; NULL without one */
    gr_tcache *tcache;       /* the tables of the heap games, with their background search */
    atomic_bool draining;
    _Atomic int cancel_all; /* set at --shutdown-timeout: running work stops */
    atomic_uint solving;   /* --max-inflight: analyses and plain sequences */
    atomic_uint streaming; /* --max-streams: open event streams */
    atomic_ullong next_id;
    unsigned id_prefix;
    unsigned port;
};

/* Where a request is; gr_access switches on it (nginx keeps a request's
 * progress in its phase, not in a ladder of flags). */
typedef enum gr_phase {
    GR_PHASE_DEFERRED,    /* bodyless: dispatched on libmicrohttpd's second call */
    GR_PHASE_BODY,        /* admitted; body bytes arriving */
    GR_PHASE_QUEUED,      /* with the worker pool; the connection suspended */
    GR_PHASE_SEQUENCE,    /* a GET sequence on its own thread; suspended (sequence.c) */
    GR_PHASE_ANSWERED,    /* a response is queued: what follows is dropped */
    GR_PHASE_RAW_ANSWERED /* answered on the socket mid-body: drain, then close */
} gr_phase;

/* The request headers grundyd reads, gathered in one pass over the list
 * libmicrohttpd keeps (each lookup by name is a scan of it); the framing
 * itself is judged by head.c (request.c's gr_check_framing). */
typedef struct gr_headers {
    const char *content_type;
    const char *content_length; /* the first */
    const char *request_id;
    bool origin;
    int lengths;  /* Content-Length headers */
    int codings;  /* Transfer-Encoding headers */
    int fwd_kind; /* the forwarding header to gather (a gr_fwd_header), -1: none */
    const char *fwd[GR_CLIENT_MAX_HEADERS]; /* its lines, the rightmost kept */
    size_t nfwd;
} gr_headers;

typedef struct gr_req {
    gr_pool_job job; /* GR_PHASE_QUEUED: the worker pool's link */
    gr_server *srv;
    gr_arena *arena;
    gr_conn *conn_entry; /* the connection table's entry, or NULL */
    const gr_route *route;
    size_t endpoint;
    uint64_t start_ns;
    char id[48];
    gr_phase phase;
    gr_headers hdr;
    gr_body body;
    bool text;                   /* a text/plain body */
    bool cors;                   /* the request carries Origin (a browser's CORS request) */
    bool solving;                /* holds a --max-inflight slot */
    bool streaming;              /* holds a --max-streams slot (and its client's) */
    atomic_bool done;            /* the worker has finished: result/problem/out set */
    struct MHD_Connection *conn; /* for MHD_resume_connection */
    gr_stop stop;                /* cancel flags and deadline, attached to the arena */
    gr_status result;
    gr_problem problem;
    char *out;             /* the 200 body, in the arena (or solve_arena) */
    gr_arena *solve_arena; /* a pooled analysis's own (pool.c), freed at completion */
    size_t out_len;
    size_t discarded; /* body bytes dropped after a raw answer */
    unsigned status;
    size_t bytes;
    size_t arena_charged;
    void *seq;            /* GR_PHASE_SEQUENCE: sequence.c's job */
    gr_ip client;         /* the client (client.c), */
    gr_ip client_key;     /* and the key its limits are counted under */
    unsigned retry_after; /* seconds, for a 429 or 503; 0: 1 */
    char method[16];
    const char *path;
} gr_req;

uint64_t gr_now_ns(void);

/* respond.c */
enum MHD_Result gr_respond(struct MHD_Connection *conn, gr_req *req, unsigned status,
                           const char *type, const char *body, size_t len);
/* Queues r (NULL: MHD_NO) with the common headers; bytes for the log. */
enum MHD_Result gr_respond_with(struct MHD_Connection *conn, gr_req *req, unsigned status,
                                struct MHD_Response *r, size_t bytes);
/* A 200 with the JSON document doc (built in c, in the request arena);
 * the memory-budget problem with detail `oom` when building or printing
 * it ran out. */
enum MHD_Result gr_respond_json(struct MHD_Connection *conn, gr_req *req, gr_jctx *c,
                                const cJSON *doc, const char *oom);
/* A problem of the vocabulary (json/problem.h) with this detail. */
/* request_head.c: the headers the server reads into req->hdr (an
 * MHD_KeyValueIterator), and the framing check of a later head on a
 * keep-alive connection (the first was checked raw by the front door);
 * *refused when it answered. */
enum MHD_Result gr_header_seen(void *cls, enum MHD_ValueKind kind, const char *key,
                               const char *value);
/* The problem a head refused by gr_head_check is answered with. */
gr_problem_kind gr_head_problem(gr_head_verdict v);
enum MHD_Result gr_check_framing(struct MHD_Connection *conn, gr_req *req, const char *version,
                                 bool *refused);
enum MHD_Result gr_send_problem(struct MHD_Connection *conn, gr_req *req, gr_problem_kind kind,
                                const char *detail, const char *allow, bool close_after);
/* A problem the JSON layer filled (any status, with its pointer). */
enum MHD_Result gr_problem_from(struct MHD_Connection *conn, gr_req *req, const gr_problem *p,
                                const char *allow, bool close_after);
enum MHD_Result gr_send_options(struct MHD_Connection *conn, gr_req *req, const char *allow);
/* Writes a whole problem response to a socket libmicrohttpd does not (or
 * no longer) frames for us, with Connection: close; returns the bytes of
 * the problem document, 0 when nothing could be written. */
size_t gr_write_raw_problem(const gr_server *srv, int fd, const char *request_id,
                            gr_problem_kind kind, const char *detail);
enum MHD_Result gr_answer_mid_body(struct MHD_Connection *conn, gr_req *req, gr_problem_kind kind,
                                   const char *detail);
/* X-Request-Id: the client's when it is a safe token, else a new one. */
void gr_request_id(gr_server *srv, gr_req *req);
/* A request id for a connection with no request yet (the front door). */
void gr_make_request_id(gr_server *srv, char *out, size_t cap);

/* request.c: libmicrohttpd's callbacks */
enum MHD_Result gr_access(void *cls, struct MHD_Connection *conn, const char *url,
                          const char *method, const char *version, const char *upload_data,
                          size_t *upload_data_size, void **con_cls);
void gr_completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                  enum MHD_RequestTerminationCode toe);
void *gr_uri_seen(void *cls, const char *uri, struct MHD_Connection *conn);
void gr_conn_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                    enum MHD_ConnectionNotificationCode code);
/* pool_job.c: the request's job on the worker pool, and its hand-back */
bool gr_pool_run(gr_pool_job *job, gr_pool_how how);
bool gr_pool_run_light(gr_pool_job *job, gr_pool_how how);
void gr_pool_done(gr_pool_job *job);
/* Queues job of client key: on the light lane first as light_fn when
 * light_fn is not NULL, else (or when the lane will not take it: benched,
 * or the client's share of it taken) on the main pool as main_fn.
 * Anything but GR_POOL_OK: the main pool's refusal, *retry set. */
gr_pool_verdict gr_submit_lanes(gr_server *srv, gr_pool_job *job, const gr_ip *key,
                                gr_pool_fn *light_fn, gr_pool_fn *main_fn, unsigned *retry);
/* The end of a queued request: marked done, its connection resumed. */
void gr_req_finish(gr_req *req);
/* request.c: runs the request's analysis, keeping the answer in req. */
void gr_solve(gr_req *req);
/* request.c: a refusal of the pool's (429/503) for the next call. */
void gr_req_refused(gr_req *req, gr_pool_verdict v, unsigned retry_after);

/* access_log.c: one line per request; gr_log_write also for answers the
 * front door gives before libmicrohttpd has a request (method and path
 * "-": the head was not read as one). */
typedef struct gr_log_entry {
    const struct sockaddr *client;
    const char *method, *path;
    unsigned status;
    size_t bytes;
    uint64_t dur_ns;
    const char *id;
} gr_log_entry;
void gr_log_write(gr_server *srv, const gr_log_entry *e);
void gr_log_request(gr_server *srv, struct MHD_Connection *conn, const gr_req *req,
                    uint64_t dur_ns);

/* The JSON layer's context for an analysis of srv in arena: every limit and
 * shared object the server hands a request (its time limit, node budget,
 * table cache, quotient bound), set in this one place for every path that
 * answers (inline, pooled, sequences). */
static inline void gr_server_jctx(const gr_server *srv, gr_arena *arena, gr_jctx *c)
{
    gr_jctx_init(c, arena);
    c->time_limit_s = srv->cfg.max_analysis;
    c->max_search_nodes = srv->cfg.max_search_nodes;
    c->tables = srv->tcache;
    c->max_quotient_order = srv->cfg.max_quotient_order;
}

/* The client as gr_jctx.client: a hash of the key its limits count under. */
static inline uint64_t gr_server_client_id(const gr_ip *key)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    const unsigned char *b = (const unsigned char *)key;
    for (size_t i = 0; i < sizeof(*key); i++) {
        h = (h ^ b[i]) * 1099511628211u;
    }
    return h | 1; /* never 0, "nobody in particular" */
}

#endif
