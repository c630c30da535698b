/*
 * Condition variables whose timed waits count on CLOCK_MONOTONIC, so a
 * change of the wall clock neither stretches nor cuts a wait: the pool's
 * timer, the access log's flusher and the sequence streams' waker.
 */
#ifndef GR_COND_H
#define GR_COND_H

#include <pthread.h>
#include <stdint.h>

/* pthread_cond_init with the monotonic clock. */
void gr_cond_init_monotonic(pthread_cond_t *cv);

/* Waits on cv (mu held) for at most ns nanoseconds, or until signalled
 * (or a spurious wake-up: callers re-check their condition). */
void gr_cond_wait_ns(pthread_cond_t *cv, pthread_mutex_t *mu, uint64_t ns);

#endif
