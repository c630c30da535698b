/*
 * The worker pool: a fixed set of threads that run the heavy work
 * (analyses, sequence tables) off libmicrohttpd's threads, fairly across
 * clients, and the per-client limits in front of it.
 *
 * Every client (client.h's key) has a queue of its own; the workers serve
 * the clients with queued work round-robin, one job each in turn, so a
 * client with fifty jobs queued waits behind itself, not in front of the
 * others.  Past its limits a client is refused (429): more than
 * inflight_per_client jobs queued or running, or a request past its token
 * bucket (rate per second, burst).  A job that waited longer than
 * max_queue_ns is answered instead of started late.
 *
 * Per-client state lives in a table of fixed size, allocated at start:
 * a client with nothing queued or running is only remembered for its
 * token bucket, and the one seen least recently gives its place to a new
 * client when the table is full, so a flood of (spoofed) addresses costs
 * no memory beyond the table.
 */
#ifndef GR_POOL_H
#define GR_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "http/client.h"

typedef struct gr_pool gr_pool;
typedef struct gr_pool_client gr_pool_client;
typedef struct gr_pool_job gr_pool_job;

/* How a job ends up being called. */
typedef enum gr_pool_how {
    GR_POOL_RUN,     /* on a worker: do the work */
    GR_POOL_EXPIRED, /* queued past max_queue_ns: answer 503 without running */
    GR_POOL_STOPPED  /* still queued when the pool stopped: answer 503 */
} gr_pool_how;

/* Returns true when the job is over here: the pool counts it ended (its
 * client's slot free), and only then calls done, which hands the answer
 * back -- so a client that sends its next request the moment it has its
 * answer finds its slot free.  false: fn handed the job on
 * (gr_pool_wait_memory, or a submit to another pool) and done is not
 * called; the job may already be running elsewhere. */
typedef bool gr_pool_fn(gr_pool_job *job, gr_pool_how how);
typedef void gr_pool_done_fn(gr_pool_job *job);

/* Embedded in the caller's job; the pool links it while queued.  fn is
 * called exactly once per submit; with done NULL the job may be freed
 * from within fn, else from within done. */
struct gr_pool_job {
    gr_pool_job *next;
    gr_pool_fn *fn;
    gr_pool_done_fn *done; /* NULL: nothing to do after */
    gr_pool_client *client; /* the pool's */
    uint64_t queued_ns;
    bool waited_memory; /* taken back by gr_pool_wait_memory at least once */
};

typedef struct gr_pool_limits {
    unsigned threads;
    unsigned inflight_per_client; /* jobs queued or running per client; 0: no limit */
    unsigned rate;                /* requests a second per client; 0: no limit */
    unsigned burst;               /* the token bucket's depth */
    uint64_t max_queue_ns;        /* 0: no limit */
    size_t clients;               /* per-client entries kept */
} gr_pool_limits;

typedef enum gr_pool_verdict {
    GR_POOL_OK,
    GR_POOL_RATE,     /* 429: past --rate-per-client */
    GR_POOL_INFLIGHT, /* 429: past --max-inflight-per-client */
    GR_POOL_BUSY,     /* 503: stopping, or no room to track the client */
    GR_POOL_BENCHED   /* not queued: the client is benched here (gr_pool_bench) */
} gr_pool_verdict;

typedef struct gr_pool_stats {
    uint64_t queued;         /* jobs waiting, for a worker or for memory */
    uint64_t waiting_memory; /* of which for memory (gr_pool_wait_memory) */
    uint64_t running;        /* jobs on a worker */
    uint64_t clients_queued; /* clients with a job waiting */
    uint64_t clients;        /* clients remembered */
    uint64_t refused_rate, refused_inflight, expired;
    uint64_t memory_waits; /* times a job was taken back to wait for memory */
} gr_pool_stats;

/* NULL on failure. */
gr_pool *gr_pool_start(const gr_pool_limits *lim);

/* A request of client `key` at `now`: takes a token from its bucket.
 * GR_POOL_RATE with *retry_after (seconds until a token is back). */
gr_pool_verdict gr_pool_rate(gr_pool *p, const gr_ip *key, uint64_t now, unsigned *retry_after);

/* Queues job for client `key`.  Anything but GR_POOL_OK: not queued, fn
 * never called, *retry_after set. */
gr_pool_verdict gr_pool_submit(gr_pool *p, gr_pool_job *job, const gr_ip *key, uint64_t now,
                               unsigned *retry_after);

/* An event stream of client `key` opens: GR_POOL_INFLIGHT when it has
 * `per_client` open already (0: no limit), GR_POOL_BUSY when there is no
 * room to track it; GR_POOL_OK counts it until gr_pool_stream_close.
 * Streams are counted apart from jobs: a parked stream holds no job slot
 * (its computation, while queued or running, is a job like any other). */
gr_pool_verdict gr_pool_stream_open(gr_pool *p, const gr_ip *key, uint64_t now,
                                    unsigned per_client);
void gr_pool_stream_close(gr_pool *p, const gr_ip *key);

/* Benches client `key` until `until`: gr_pool_submit answers
 * GR_POOL_BENCHED for it meanwhile (the light lane's way of sending a
 * client whose small requests proved heavy to the main pool). */
void gr_pool_bench(gr_pool *p, const gr_ip *key, uint64_t now, uint64_t until);
/* Whether client `key` is benched at now. */
bool gr_pool_benched(gr_pool *p, const gr_ip *key, uint64_t now);

/* Called from a job's fn (GR_POOL_RUN) that ran out of the process
 * memory: the pool takes the job back to run again when a running job
 * has ended (and so given its memory back), ahead of its client's later
 * jobs, within max_queue_ns of its arrival.  0: taken back (fn returns
 * without answering); 1: no other job runs now -- the one whose memory it
 * lacked may have ended between the failure and this call, so run it
 * again at once, once; -1: not worth waiting (stopping, or past the
 * bound), answer it now. */
int gr_pool_wait_memory(gr_pool *p, gr_pool_job *job, uint64_t now);

/* Takes out the jobs queued longer than max_queue_ns and calls their fn
 * (GR_POOL_EXPIRED) on the calling thread, with no lock held. */
void gr_pool_expire(gr_pool *p, uint64_t now);

void gr_pool_stats_get(gr_pool *p, gr_pool_stats *out);

/* Stops the pool: each thread finishes the job at hand and is joined;
 * jobs still waiting get fn(GR_POOL_STOPPED) on the calling thread.
 * From then on gr_pool_submit refuses (GR_POOL_BUSY); gr_pool_rate and
 * the statistics still work, for the network threads that still run. */
void gr_pool_stop(gr_pool *p);
/* Stops (if need be) and frees p. */
void gr_pool_free(gr_pool *p);

#endif
