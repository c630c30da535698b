/* Prometheus metrics of the daemon: lock-free counters, rendered on
 * GET /metrics. */
#ifndef GR_METRICS_H
#define GR_METRICS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"

typedef struct gr_metrics gr_metrics;

/* endpoints: number of routes; index `endpoints` counts unknown paths. */
gr_metrics *gr_metrics_create(size_t endpoints);
void gr_metrics_destroy(gr_metrics *m);

void gr_metrics_observe(gr_metrics *m, size_t endpoint, unsigned status, uint64_t duration_ns);
void gr_metrics_inflight(gr_metrics *m, int delta);
void gr_metrics_arena(gr_metrics *m, int64_t delta_bytes, size_t peak);
long gr_metrics_inflight_now(gr_metrics *m);
void gr_metrics_evicted(gr_metrics *m);
void gr_metrics_cancelled(gr_metrics *m);
void gr_metrics_accept_paused(gr_metrics *m);
/* The process memory quota, shown as grundyd_memory_bytes. */
void gr_metrics_quota(gr_metrics *m, const gr_arena_quota *quota);
/* The table cache whose counters /metrics shows. */
struct gr_tcache;
void gr_metrics_tables(gr_metrics *m, struct gr_tcache *tc);

/* The worker pool, whose queues and refusals are shown. */
struct gr_pool;
void gr_metrics_pool(gr_metrics *m, struct gr_pool *pool);

/* Renders the text exposition format into the arena; NULL over budget. */
char *gr_metrics_render(gr_metrics *m, gr_arena *arena, size_t *len);

#endif
