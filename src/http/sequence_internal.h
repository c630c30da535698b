/*
 * What sequence.c (the request and its job) and sequence_stream.c (the
 * event stream) share: the job, the parked streams, the stream's timing.
 */
#ifndef GR_HTTP_SEQUENCE_INTERNAL_H
#define GR_HTTP_SEQUENCE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/list.h"
#include "http/sequence.h"
#include "http/server_internal.h"
#include "http/quotient_doc.h"
#include "http/sequence_doc.h"

/* Progress events this often while the job runs; a heartbeat after
 * GR_SEQ_BEAT_MS of silence meanwhile (one between progress events), and
 * every GR_SEQ_IDLE_BEAT_MS while the job waits for a worker. */
#define GR_SEQ_PROGRESS_MS 500
#define GR_SEQ_BEAT_MS 250
#define GR_SEQ_IDLE_BEAT_MS 15000

typedef struct seq_job seq_job;

/* The parked streams and the thread that resumes them when a beat is
 * due (one per server). */
struct gr_seq_streams {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    gr_link parked; /* seq_job.park, unordered */
    bool stop;
    pthread_t thread;
};

struct seq_job {
    gr_pool_job pjob; /* the worker pool's link */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int refs;
    bool done;
    bool stream;
    gr_arena *arena; /* the worker's: the parsed query, the answer */
    gr_seq_request rq;
    bool quotient;          /* a misère quotient document (http/quotient_doc.c) */
    gr_quotient_request mq; /* its query */
    unsigned max_order;     /* --max-quotient-order */
    gr_status result;
    gr_problem problem;
    char *out;
    size_t out_len;
    bool stable; /* the document may be cached as immutable */
    unsigned time_limit_s;
    gr_tcache *tables;
    _Atomic int cancel;
    gr_stop stop;
    struct MHD_Connection *conn; /* resumed by the worker, or when parked */
    gr_seq_streams *streams;     /* the server's */
    gr_metrics *metrics;         /* the server's: a stream left before its end is cancelled */
    gr_ip client_key;
    gr_pool *pool, *light; /* the server's main pool and light lane */
    struct gr_req *req;    /* not streaming: the request, suspended until job_done */
    bool running;          /* on a worker */
    gr_conn *watched; /* not streaming: the suspended connection's entry, whose
                       * hang-up flag the front door raises (the job's cancel) */
    /* the stream */
    char *buf;
    size_t buf_len, buf_off, buf_cap;
    /* after buf, the result document itself, read in place (a table's
     * document may be megabytes: copying it per stream cost the network
     * threads of 40 streams that finish together milliseconds each), then
     * the event's closing blank line when `tail` */
    const char *ext;
    size_t ext_len, ext_off;
    bool tail;
    uint64_t last_progress_ns; /* 0: none sent yet */
    uint64_t last_send_ns;
    bool finished;
    /* parked (the streams' lock): */
    bool parked;
    uint64_t wake_ns;
    gr_link park;
    seq_job *due_next;
};

/* Drops a reference; the last frees the job. */
void gr_seq_job_unref(seq_job *j);

/* The main pool's job function of a sequence job (sequence.c). */
bool gr_seq_worker(gr_pool_job *pj, gr_pool_how how);
/* Computes j's document on this thread and answers it (true), unless
 * budget_ns (0: none) cut it short before its time limit: false, nothing
 * answered, j ready to run again. */
bool gr_seq_compute(seq_job *j, uint64_t budget_ns);

/* The light lane (sequence_light.c): whether j is small enough to try it,
 * and its job function there. */
bool gr_seq_light_fits(const seq_job *j);
bool gr_seq_light_worker(gr_pool_job *pj, gr_pool_how how);
/* Takes a parked stream off the list (streams' lock held); whether it
 * was parked, in which case the caller resumes it. */
bool gr_seq_unpark_locked(gr_seq_streams *ss, seq_job *j);
/* The stream has news: resume it if it is parked. */
void gr_seq_wake_stream(seq_job *j);
/* libmicrohttpd's content reader and free callback of a stream. */
ssize_t gr_seq_stream_read(void *cls, uint64_t pos, char *out, size_t max);
void gr_seq_stream_free(void *cls);

#endif
