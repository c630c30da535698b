/* A fixed pool of threads that run analyses off libmicrohttpd's threads. */
#ifndef GR_SOLVER_H
#define GR_SOLVER_H

#include <stddef.h>

typedef struct gr_solver gr_solver;
typedef void gr_solver_fn(void *job);

/* Starts `threads` threads that call run(job) for each submitted job, in
 * order.  capacity bounds the jobs waiting.  NULL on failure. */
gr_solver *gr_solver_start(unsigned threads, size_t capacity, gr_solver_fn *run);

/* Queues a job; 0, or -1 when the queue is full or the pool is stopping. */
int gr_solver_submit(gr_solver *s, void *job);

/* Stops the pool: each thread finishes the job at hand and exits; jobs
 * still waiting are passed to drop() on the calling thread.  Frees s. */
void gr_solver_stop(gr_solver *s, gr_solver_fn *drop);

#endif
