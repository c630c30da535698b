/*
 * The worker pool: the threads that run analyses.
 *
 * libmicrohttpd's worker threads each own a set of connections; a worker
 * that runs a long analysis itself serves none of its other connections
 * meanwhile (health probes, small requests, even the accepting of new
 * connections it had already taken).  So the daemon suspends a connection
 * whose body is complete, hands the request to this pool, and the pool
 * resumes the connection when the answer is ready: MHD's threads only ever
 * do I/O.
 *
 * A mutex-protected ring of job pointers; capacity is --max-inflight, the
 * number of requests that may hold a solving slot, so a slot-holder always
 * finds room.
 */
#include "http/pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

struct gr_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    void **ring;
    size_t cap, head, count;
    bool stopping;
    gr_pool_fn *run;
    unsigned nthreads;
    pthread_t *threads;
};

static void *gr_pool_main(void *arg)
{
    gr_pool *s = arg;
    pthread_mutex_lock(&s->mu);
    for (;;) {
        while (s->count == 0 && !s->stopping) {
            pthread_cond_wait(&s->cv, &s->mu);
        }
        if (s->stopping) {
            break;
        }
        void *job = s->ring[s->head];
        s->head = (s->head + 1) % s->cap;
        s->count--;
        pthread_mutex_unlock(&s->mu);
        s->run(job);
        pthread_mutex_lock(&s->mu);
    }
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

gr_pool *gr_pool_start(unsigned threads, size_t capacity, gr_pool_fn *run)
{
    gr_pool *s = calloc(1, sizeof(*s));
    if (s == NULL) {
        return NULL;
    }
    s->cap = capacity > 0 ? capacity : 1;
    s->ring = calloc(s->cap, sizeof(*s->ring));
    s->threads = calloc(threads > 0 ? threads : 1, sizeof(*s->threads));
    s->run = run;
    if (s->ring == NULL || s->threads == NULL) {
        free(s->ring);
        free(s->threads);
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    for (unsigned i = 0; i < (threads > 0 ? threads : 1); i++) {
        if (pthread_create(&s->threads[i], NULL, gr_pool_main, s) != 0) {
            break;
        }
        s->nthreads++;
    }
    if (s->nthreads == 0) {
        gr_pool_stop(s, NULL);
        return NULL;
    }
    return s;
}

int gr_pool_submit(gr_pool *s, void *job)
{
    pthread_mutex_lock(&s->mu);
    int rc = -1;
    if (!s->stopping && s->count < s->cap) {
        s->ring[(s->head + s->count) % s->cap] = job;
        s->count++;
        pthread_cond_signal(&s->cv);
        rc = 0;
    }
    pthread_mutex_unlock(&s->mu);
    return rc;
}

void gr_pool_stop(gr_pool *s, gr_pool_fn *drop)
{
    pthread_mutex_lock(&s->mu);
    s->stopping = true;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    for (unsigned i = 0; i < s->nthreads; i++) {
        pthread_join(s->threads[i], NULL);
    }
    while (s->count > 0) {
        void *job = s->ring[s->head];
        s->head = (s->head + 1) % s->cap;
        s->count--;
        if (drop != NULL) {
            drop(job);
        }
    }
    pthread_cond_destroy(&s->cv);
    pthread_mutex_destroy(&s->mu);
    free(s->ring);
    free(s->threads);
    free(s);
}
