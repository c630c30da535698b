/*
 * One cache of solved tables (octal games, subtraction games) for every
 * request of the process, /v1/sum components included.
 *
 * A table is keyed by a canonical text ("octal:0.77", "sub:1,3,4") and
 * lives in an arena of its own, malloc'ed outside any request, so it
 * outlives the request that computed it.  Lookups are thread-safe (one
 * mutex; the computations run outside it).  Concurrent requests for the
 * same key share one computation (single flight): the first computes, the
 * others wait for its result; if the first is stopped (its client left,
 * its time ran out) the entry is dropped and a waiter computes instead.
 * Entries in use are pinned; the others are evicted, least recently used
 * first, while the cache holds more than its byte bound (--cache-memory).
 * The core stays free of locks: the cache only calls its solvers.
 */
#ifndef GR_TABLE_CACHE_H
#define GR_TABLE_CACHE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

#define GR_TCACHE_DEFAULT_BYTES ((size_t)256 << 20)
#define GR_TCACHE_RESULT_MAX 512 /* bytes of a solver's result struct */

typedef struct gr_tcache_entry gr_tcache_entry;

/* Solves into arena (the entry's own), writing the result struct (at most
 * GR_TCACHE_RESULT_MAX bytes, pointers into arena) to result; progress
 * may be stored to for readers of gr_tcache_progress.  *keep (true on
 * entry) false: the result answers the requests that share this
 * computation but is not cached -- it depends on the caller (a table cut
 * short by a deadline the caller had less of than the full limit). */
typedef gr_status gr_tcache_solve_fn(void *ctx, gr_arena *arena, _Atomic uint64_t *progress,
                                     void *result, bool *keep);

/* Sets the byte bound (0: the default), the octal value bound handed to
 * the JSON layer's solvers (0: the core's default) and the process memory
 * quota (--max-memory; NULL: none).  Every entry's arena is created in
 * that quota, so a table's bytes are charged to the process budget as
 * they are allocated and given back when the entry is evicted (the
 * quota's used count, /metrics grundyd_memory_bytes, includes the cache),
 * and a table that would take the process past --max-memory is refused:
 * gr_tcache_get returns GR_EDECLINED (503 memory-unavailable, retry).
 * Call before serving; later calls only change the bounds for new
 * entries. */
void gr_tcache_configure(size_t max_bytes, uint64_t max_octal_values, gr_arena_quota *quota);
uint64_t gr_tcache_max_octal_values(void);

/* The solved result for key: a cache hit, a computation shared with a
 * concurrent request for the same key, or a new one (solve(ctx, ...)
 * on the calling thread, in an arena whose stop conditions are those of
 * req_arena's, so a stopped request stops it).  *result points to the
 * entry's copy of the result struct, valid until gr_tcache_release(*out).
 * Failures: the solver's status (not cached), GR_EDECLINED when the
 * process quota refused the table's memory, or GR_ECANCELLED/GR_ETIME
 * from req_arena's stop while waiting. */
gr_status gr_tcache_get(const char *key, gr_tcache_solve_fn *solve, void *ctx, size_t result_size,
                        gr_arena *req_arena, gr_tcache_entry **out, const void **result);
void gr_tcache_release(gr_tcache_entry *e);

/* The progress counter of key's computation, if one is running or done
 * (0 and false otherwise). */
bool gr_tcache_progress(const char *key, uint64_t *values);

typedef struct gr_tcache_stats {
    uint64_t hits, misses, shared, evictions;
    uint64_t bytes, entries, max_bytes;
} gr_tcache_stats;
void gr_tcache_stats_get(gr_tcache_stats *out);

/* Bytes held by cached tables: what the process memory budget is to be
 * charged for the cache. */
size_t gr_tcache_bytes(void);

/* Drops every unpinned entry (tests, shutdown). */
void gr_tcache_clear(void);

#endif
