/*
 * The access log's writer.  One write(2) a line was ~3 us of a ~20 us
 * small request (bench/RESULTS.md), so lines gather in per-thread buffers
 * and go out in large writes -- when a buffer fills, and at the latest
 * flush_ms after they were logged, by a flusher thread -- as nginx's
 * `access_log ... buffer= flush=` does.  A write holds only whole lines,
 * so lines from different threads never interleave inside one another;
 * their order across threads is by flush, not by time (each line carries
 * its time).  What a crash loses is at most flush_ms of lines.
 *
 * Buffers are picked per thread by gr_shard_pick (http/shard.h), as the
 * metric shards are.
 */
#include "http/log.h"
#include "http/cond.h"
#include "http/shard.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GR_LOG_SHARDS 16
#define GR_LOG_BUFFER ((size_t)32 << 10)

typedef struct gr_log_shard {
    pthread_mutex_t lock;
    size_t n;
    char buf[GR_LOG_BUFFER];
} gr_log_shard;

struct gr_log {
    int fd;
    unsigned flush_ms;
    atomic_uint next_shard;
    pthread_t flusher;
    bool has_flusher;
    pthread_mutex_t stop_lock;
    pthread_cond_t stop_cond;
    bool stopping;
    gr_log_shard shards[GR_LOG_SHARDS];
};

static _Thread_local unsigned gr_log_my_shard; /* see gr_shard_pick */

static void gr_log_write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            return; /* a log that cannot be written must not stop the server */
        }
        p += w;
        n -= (size_t)w;
    }
}

/* With the shard's lock held. */
static void gr_log_flush_shard(gr_log *log, gr_log_shard *sh)
{
    if (sh->n > 0) {
        gr_log_write_all(log->fd, sh->buf, sh->n);
        sh->n = 0;
    }
}

static void gr_log_flush_all(gr_log *log)
{
    for (size_t i = 0; i < GR_LOG_SHARDS; i++) {
        gr_log_shard *sh = &log->shards[i];
        pthread_mutex_lock(&sh->lock);
        gr_log_flush_shard(log, sh);
        pthread_mutex_unlock(&sh->lock);
    }
}

static void *gr_log_flusher(void *arg)
{
    gr_log *log = arg;
    pthread_mutex_lock(&log->stop_lock);
    while (!log->stopping) {
        gr_cond_wait_ns(&log->stop_cond, &log->stop_lock, log->flush_ms * UINT64_C(1000000));
        pthread_mutex_unlock(&log->stop_lock);
        gr_log_flush_all(log);
        pthread_mutex_lock(&log->stop_lock);
    }
    pthread_mutex_unlock(&log->stop_lock);
    return NULL;
}

gr_log *gr_log_create(int fd, unsigned flush_ms)
{
    gr_log *log = calloc(1, sizeof(*log));
    if (log == NULL) {
        return NULL;
    }
    log->fd = fd;
    log->flush_ms = flush_ms;
    for (size_t i = 0; i < GR_LOG_SHARDS; i++) {
        pthread_mutex_init(&log->shards[i].lock, NULL);
    }
    pthread_mutex_init(&log->stop_lock, NULL);
    gr_cond_init_monotonic(&log->stop_cond);
    if (flush_ms > 0) {
        log->has_flusher = pthread_create(&log->flusher, NULL, gr_log_flusher, log) == 0;
        if (!log->has_flusher) {
            log->flush_ms = 0; /* no flusher: write every line at once */
        }
    }
    return log;
}

void gr_log_line(gr_log *log, const char *line, size_t len)
{
    if (log->flush_ms == 0 || len > GR_LOG_BUFFER) {
        gr_log_write_all(log->fd, line, len);
        return;
    }
    gr_log_shard *sh =
        &log->shards[gr_shard_pick(&gr_log_my_shard, &log->next_shard, GR_LOG_SHARDS)];
    pthread_mutex_lock(&sh->lock);
    if (sh->n + len > GR_LOG_BUFFER) {
        gr_log_flush_shard(log, sh);
    }
    memcpy(sh->buf + sh->n, line, len);
    sh->n += len;
    pthread_mutex_unlock(&sh->lock);
}

void gr_log_destroy(gr_log *log)
{
    if (log == NULL) {
        return;
    }
    if (log->has_flusher) {
        pthread_mutex_lock(&log->stop_lock);
        log->stopping = true;
        pthread_cond_signal(&log->stop_cond);
        pthread_mutex_unlock(&log->stop_lock);
        pthread_join(log->flusher, NULL);
    }
    gr_log_flush_all(log);
    for (size_t i = 0; i < GR_LOG_SHARDS; i++) {
        pthread_mutex_destroy(&log->shards[i].lock);
    }
    pthread_mutex_destroy(&log->stop_lock);
    pthread_cond_destroy(&log->stop_cond);
    free(log);
}
