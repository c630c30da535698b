/*
 * The table cache: solved tables (octal games, subtraction games) shared by
 * every request of a process, /v1/sum components included.  One object,
 * made by the daemon (or the CLI, or a test) and handed to the JSON layer
 * in the request context (gr_jctx.tables).
 *
 * Octal tables grow to the question.  A request asks for a table holding at
 * least `need` values (its largest heap + 1, the end of its sequence) or a
 * confirmed period; what the table already has answers at once, and only
 * what is missing is computed, on the request's thread and under its stop
 * conditions (time limit, hang-up), by the table's one grower
 * (gr_octal_grower), while other requests keep reading what was computed
 * before.  A table that has not confirmed its period is then searched
 * further in the background: --background-threads workers at the lowest
 * scheduling priority grow the tables that are still searching, a slice
 * at a time, alternately the one asked most recently and the one the
 * background has served least, until Guy-Smith confirms the period or the
 * table reaches its cap (--max-octal-values); they yield a table at once to
 * a request that needs it grown, pause while the cache or the process's
 * memory budget is nearly full, and stop at shutdown.
 *
 * With a table store (--table-dir), a miss reads the store before
 * computing, and finished tables and checkpoints of growing ones (each
 * time the table doubles) are written to it, by the background workers
 * when there are any; so a table one daemon computed is answered by the
 * next one, or by a replica on the same directory.  Replicas growing one
 * table hand it to the holder of its lease (table_replica.c): the others
 * adopt its checkpoints instead of computing the same values.
 *
 * Other tables (subtraction sets) are solved whole once (gr_tcache_get),
 * concurrent requests for one key sharing the computation.
 *
 * Memory: every entry's arena is charged to the process quota
 * (--max-memory); entries nobody holds are evicted, least recently used
 * first, while the cache holds more than its byte bound (--cache-memory).
 * Nothing is freed, and no file touched, while the cache's lock is held.
 * The core stays free of locks and threads: the cache only calls it.
 */
#ifndef GR_TABLE_CACHE_H
#define GR_TABLE_CACHE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/octal.h"
#include "grundy/status.h"
#include "store/table_store.h"

#define GR_TCACHE_DEFAULT_BYTES ((size_t)256 << 20)
#define GR_TCACHE_RESULT_MAX 512 /* bytes of a solver's result struct */

typedef struct gr_tcache gr_tcache;
typedef struct gr_tcache_entry gr_tcache_entry;

typedef struct gr_tcache_config {
    size_t max_bytes;            /* 0: GR_TCACHE_DEFAULT_BYTES */
    uint64_t max_octal_values;   /* 0: the core's default per code */
    gr_arena_quota *quota;       /* the process budget, or NULL */
    gr_tstore *store;            /* the table store, or NULL */
    unsigned background_threads; /* period searches run at once; 0: none */
    uint64_t background_ns;      /* per code: background time until a request asks
                                  * beyond what is computed again; 0: no bound */
} gr_tcache_config;

gr_status gr_tcache_create(const gr_tcache_config *cfg, gr_tcache **out);
/* Stops and joins the background workers, then frees every entry: call
 * when no request holds one. */
void gr_tcache_destroy(gr_tcache *tc);

uint64_t gr_tcache_max_octal_values(const gr_tcache *tc);
gr_tstore *gr_tcache_store(const gr_tcache *tc);

/* Where a table's period search stands, as every answer reports it. */
typedef enum gr_period_status {
    GR_PERIOD_CONFIRMED,
    GR_PERIOD_SEARCHING,
    GR_PERIOD_NOT_FOUND /* the cap was reached (or the search failed) */
} gr_period_status;
const char *gr_period_status_name(gr_period_status s);

/* Code's table with at least need values or its period confirmed, as far
 * as req_arena's stop allows: *table is the shared table as it stands
 * (read only; take a gr_octal_table_view for moves), valid until
 * gr_tcache_release(*held).  A table short of need is not an error here
 * (the caller answers what it can and says why not the rest); the status
 * tells why it stopped: GR_ETIME / GR_ECANCELLED (the request's stop),
 * GR_ELIMIT (a value above GR_OCTAL_MAX_GRUNDY), GR_EDECLINED (the
 * process memory budget is taken: retry).  *held is set (and must be
 * released) whenever *table is. */
gr_status gr_tcache_octal(gr_tcache *tc, const gr_octal_code *code, uint64_t need,
                          gr_arena *req_arena, gr_tcache_entry **held, gr_octal_table *table,
                          gr_period_status *status);

/* The same for a client (a hash of who asked; gr_jctx.client): a table
 * it asks past what is computed joins the background search's queue only
 * within the client's share (GR_TCACHE_BG_PER_CLIENT tables) and the
 * queue's bound (GR_TCACHE_BG_QUEUE); past them it is answered as far as
 * the request grew it, period_status "not found", and searched only when
 * asked again with room in the queue. */
gr_status gr_tcache_octal_for(gr_tcache *tc, uint64_t client, const gr_octal_code *code,
                              uint64_t need, gr_arena *req_arena, gr_tcache_entry **held,
                              gr_octal_table *table, gr_period_status *status);

/* The cache key of code's table ("octal:<canonical code>"). */
void gr_tcache_octal_key(const gr_octal_code *code, char *key, size_t cap);
/* Code's table as it stands, without growing it: false when not cached. */
bool gr_tcache_octal_state(gr_tcache *tc, const gr_octal_code *code, uint64_t *values,
                           gr_period_status *status);

/* Solves into arena (the entry's own), writing the result struct (at most
 * GR_TCACHE_RESULT_MAX bytes, pointers into arena) to result; progress
 * may be stored to for readers of gr_tcache_progress.  *keep (true on
 * entry) false: the result answers the requests that share this
 * computation but is not cached. */
typedef gr_status gr_tcache_solve_fn(void *ctx, gr_arena *arena, _Atomic uint64_t *progress,
                                     void *result, bool *keep);

/* The solved result for key: a hit, a computation shared with a
 * concurrent request for the same key, or a new one (solve(ctx, ...) on
 * the calling thread, in an arena whose stop conditions are req_arena's).
 * *result points to the entry's copy, valid until gr_tcache_release(*out).
 * Failures: the solver's status (not cached), GR_EDECLINED when the
 * process quota refused the table's memory, or GR_ECANCELLED/GR_ETIME
 * from req_arena's stop while waiting. */
gr_status gr_tcache_get(gr_tcache *tc, const char *key, gr_tcache_solve_fn *solve, void *ctx,
                        size_t result_size, gr_arena *req_arena, gr_tcache_entry **out,
                        const void **result);
void gr_tcache_release(gr_tcache_entry *e);

/* Key's solved result when it is cached and ready, held as by
 * gr_tcache_get (a hit); else false, nothing computed or waited for. */
bool gr_tcache_peek(gr_tcache *tc, const char *key, gr_tcache_entry **out, const void **result);

/* Counts a misère quotient build (grundyd_quotient_builds_total): the
 * work the cache exists to do once. */
void gr_tcache_count_quotient_build(gr_tcache *tc);

/* The values computed so far of key's table ("octal:<canonical code>"),
 * whoever is computing them (false and 0: no such table). */
bool gr_tcache_progress(gr_tcache *tc, const char *key, uint64_t *values);

typedef struct gr_tcache_stats {
    uint64_t hits, misses, shared, evictions;
    uint64_t bytes, entries, max_bytes;
    uint64_t store_loads, store_saves; /* tables read from / written to the store */
    uint64_t searching;                /* tables whose period is being searched */
    uint64_t background_values;        /* values the background workers computed */
    uint64_t background_ns;            /* time they spent computing them */
    uint64_t background_threads;
    uint64_t quotient_builds;    /* misère quotients built (not found cached) */
    uint64_t replica_loads;      /* another replica's checkpoints adopted */
    uint64_t background_queued;  /* tables in the background queue (budget left) */
    uint64_t background_refused; /* asks past a table that the queue had no room for */
} gr_tcache_stats;
void gr_tcache_stats_get(gr_tcache *tc, gr_tcache_stats *out);

/* Drops every entry nobody holds (tests). */
void gr_tcache_clear(gr_tcache *tc);

#endif
