/* The worker pool: a fixed set of threads that run analyses off libmicrohttpd's threads. */
#ifndef GR_POOL_H
#define GR_POOL_H

#include <stddef.h>

typedef struct gr_pool gr_pool;
typedef void gr_pool_fn(void *job);

/* Starts `threads` threads that call run(job) for each submitted job, in
 * order.  capacity bounds the jobs waiting.  NULL on failure. */
gr_pool *gr_pool_start(unsigned threads, size_t capacity, gr_pool_fn *run);

/* Queues a job; 0, or -1 when the queue is full or the pool is stopping. */
int gr_pool_submit(gr_pool *s, void *job);

/* Stops the pool: each thread finishes the job at hand and exits; jobs
 * still waiting are passed to drop() on the calling thread.  Frees s. */
void gr_pool_stop(gr_pool *s, gr_pool_fn *drop);

#endif
