/*
 * Event streams of the sequence GET (sequence.c serves the request and
 * runs the job): a stream's content reader, which never waits on its
 * network thread -- it writes what is due or parks the stream, its
 * connection suspended -- and the streams' timer thread, which resumes a
 * parked stream when its beat is due.  The job's worker resumes it when
 * it has news (it started, or it is done).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "http/sequence_internal.h"
#include "http/cond.h"

bool gr_seq_unpark_locked(gr_seq_streams *ss, seq_job *j)
{
    if (!j->parked) {
        return false;
    }
    (void)ss; /* j's link finds its neighbours */
    j->parked = false;
    gr_link_unlink(&j->park);
    return true;
}

void gr_seq_wake_stream(seq_job *j)
{
    pthread_mutex_lock(&j->streams->lock);
    bool was = gr_seq_unpark_locked(j->streams, j);
    pthread_mutex_unlock(&j->streams->lock);
    if (was) {
        MHD_resume_connection(j->conn);
    }
}

static bool buf_put(seq_job *j, const char *s, size_t n)
{
    if (j->buf_len + n > j->buf_cap) {
        size_t cap = j->buf_cap ? j->buf_cap : 4096;
        while (cap < j->buf_len + n) {
            cap *= 2;
        }
        char *b = realloc(j->buf, cap);
        if (b == NULL) {
            return false;
        }
        j->buf = b;
        j->buf_cap = cap;
    }
    memcpy(j->buf + j->buf_len, s, n);
    j->buf_len += n;
    return true;
}

#define GR_MS(x) ((uint64_t)(x)*1000000u)

/* When the stream's next event is due (lock held; not done): the first
 * progress event at once, then progress and beats while the job runs, a
 * beat now and then while it waits. */
static uint64_t next_due(const seq_job *j, bool *progress)
{
    *progress = j->last_progress_ns == 0 || j->running;
    if (j->last_progress_ns == 0) {
        return 0;
    }
    if (!j->running) {
        return j->last_send_ns + GR_MS(GR_SEQ_IDLE_BEAT_MS);
    }
    uint64_t p = j->last_progress_ns + GR_MS(GR_SEQ_PROGRESS_MS);
    uint64_t b = j->last_send_ns + GR_MS(GR_SEQ_BEAT_MS);
    *progress = p <= b;
    return p <= b ? p : b;
}

/* The next event into j->buf (lock held, j->buf sent, the event due):
 * the result or problem once the worker is done, a progress event when
 * one is due, a heartbeat comment otherwise. */
static bool next_event(seq_job *j, uint64_t now)
{
    j->buf_len = j->buf_off = 0;
    if (!j->done) {
        bool progress;
        next_due(j, &progress); /* by the last send: what is due is decided before it moves */
        j->last_send_ns = now;
        if (!progress) {
            return buf_put(j, ":\n\n", 3);
        }
        j->last_progress_ns = now;
        uint64_t values = 0, target = j->mq.max_heap;
        if (!j->quotient) {
            gr_seq_progress(&j->rq, &values, &target);
        }
        char line[160];
        int n = snprintf(line, sizeof(line),
                         "event: progress\ndata: {\"values_computed\":%llu,\"target\":%llu}\n\n",
                         (unsigned long long)values, (unsigned long long)target);
        return buf_put(j, line, (size_t)n);
    }
    j->last_send_ns = now;
    j->finished = true;
    if (j->result == GR_OK) {
        j->ext = j->out;
        j->ext_len = j->out_len;
        j->ext_off = 0;
        j->tail = true;
        return buf_put(j, "event: result\ndata: ", 20);
    }
    char *doc = NULL;
    size_t len = 0;
    if (gr_problem_render(&j->problem, &doc, &len) != GR_OK) {
        return false;
    }
    bool ok =
        buf_put(j, "event: problem\ndata: ", 21) && buf_put(j, doc, len) && buf_put(j, "\n\n", 2);
    free(doc);
    return ok;
}

/* Parks the stream until wake_ns (job lock held): on the list, and
 * suspended before the lock is let go, so whoever takes it off the list
 * finds it suspended. */
static void park(seq_job *j, uint64_t wake_ns)
{
    gr_seq_streams *ss = j->streams;
    pthread_mutex_lock(&ss->lock);
    j->parked = true;
    j->wake_ns = wake_ns;
    gr_link_push_front(&ss->parked, &j->park);
    MHD_suspend_connection(j->conn);
    pthread_cond_signal(&ss->cond); /* its wake may be the earliest */
    pthread_mutex_unlock(&ss->lock);
}

ssize_t gr_seq_stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
    (void)pos;
    seq_job *j = cls;
    pthread_mutex_lock(&j->lock);
    if (j->buf_off == j->buf_len && j->ext_off == j->ext_len && j->tail) {
        j->tail = false;
        j->buf_len = j->buf_off = 0;
        if (!buf_put(j, "\n\n", 2)) {
            pthread_mutex_unlock(&j->lock);
            return MHD_CONTENT_READER_END_WITH_ERROR;
        }
    }
    if (j->buf_off == j->buf_len && j->ext_off == j->ext_len) {
        if (j->finished) {
            pthread_mutex_unlock(&j->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        uint64_t now = gr_now_ns();
        bool progress;
        uint64_t due = j->done ? 0 : next_due(j, &progress);
        if (due > now) {
            /* nothing to say yet: no waiting on a network thread */
            park(j, due);
            pthread_mutex_unlock(&j->lock);
            return 0;
        }
        if (!next_event(j, now)) {
            pthread_mutex_unlock(&j->lock);
            return MHD_CONTENT_READER_END_WITH_ERROR;
        }
    }
    bool from_buf = j->buf_off < j->buf_len;
    size_t n = from_buf ? j->buf_len - j->buf_off : j->ext_len - j->ext_off;
    if (n > max) {
        n = max;
    }
    memcpy(out, from_buf ? j->buf + j->buf_off : j->ext + j->ext_off, n);
    *(from_buf ? &j->buf_off : &j->ext_off) += n;
    pthread_mutex_unlock(&j->lock);
    return (ssize_t)n;
}

/* The streams' timer: resumes each parked stream when its beat is due. */
static void *streams_main(void *arg)
{
    prctl(PR_SET_NAME, "gr-streams"); /* for top -H and /proc/<pid>/task */
    gr_seq_streams *ss = arg;
    pthread_mutex_lock(&ss->lock);
    while (!ss->stop) {
        uint64_t now = gr_now_ns(), next = now + GR_MS(GR_SEQ_IDLE_BEAT_MS);
        seq_job *due = NULL;
        for (gr_link *l = ss->parked.next, *n; l != &ss->parked; l = n) {
            n = l->next;
            seq_job *j = GR_LINK_ENTRY(l, seq_job, park);
            if (j->wake_ns <= now) {
                gr_seq_unpark_locked(ss, j);
                j->due_next = due;
                due = j;
            } else if (j->wake_ns < next) {
                next = j->wake_ns;
            }
        }
        if (due != NULL) {
            pthread_mutex_unlock(&ss->lock);
            while (due != NULL) {
                seq_job *j = due;
                due = j->due_next; /* read first: resumed, j may be freed */
                MHD_resume_connection(j->conn);
            }
            pthread_mutex_lock(&ss->lock);
            continue;
        }
        gr_cond_wait_ns(&ss->cond, &ss->lock, next - now);
    }
    pthread_mutex_unlock(&ss->lock);
    return NULL;
}

int gr_sequence_start(gr_server *srv)
{
    gr_seq_streams *ss = calloc(1, sizeof(*ss));
    if (ss == NULL) {
        return -1;
    }
    pthread_mutex_init(&ss->lock, NULL);
    gr_link_init(&ss->parked);
    gr_cond_init_monotonic(&ss->cond);
    if (pthread_create(&ss->thread, NULL, streams_main, ss) != 0) {
        pthread_cond_destroy(&ss->cond);
        pthread_mutex_destroy(&ss->lock);
        free(ss);
        return -1;
    }
    srv->streams = ss;
    return 0;
}

void gr_seq_stream_free(void *cls)
{
    seq_job *j = cls;
    pthread_mutex_lock(&j->lock);
    bool left = !j->done; /* its client went away while it was computed or queued */
    pthread_mutex_unlock(&j->lock);
    atomic_store(&j->cancel, 1); /* the client is gone, or all was sent */
    if (left && j->metrics != NULL) {
        gr_metrics_cancelled(j->metrics); /* as a suspended request's hang-up is (front_sweep.c) */
    }
    gr_seq_job_unref(j);
}
