/*
 * The table cache (see table_cache.h): a hash table of entries under one
 * mutex, an LRU list through them, a condition variable per entry for the
 * requests waiting on it, and the background workers of the period
 * search.  This file holds the table, the solved entries and the object;
 * the octal entries are table_octal.c's, the background search
 * table_background.c's (table_cache_internal.h joins them).
 *
 * A solved entry (gr_tcache_get) is COMPUTING while its first requester
 * (the leader) solves it outside the lock, then READY; a failed
 * computation is unlinked and its waiters wake: on GR_ECANCELLED/GR_ETIME
 * of the leader (its own stop, not theirs) a waiter retries and becomes
 * the new leader, on any other status they return it.
 *
 * An octal entry is COMPUTING only while it is made (read from the store,
 * or started empty), then READY for good: it is grown, never replaced.
 * `snap` is the table as last published; `growing` says a thread (a
 * request, or a background worker) runs the grower, outside the lock; a
 * request that needs more while another grows waits for it, and a worker
 * that grows is asked to yield (`yield`, one of its stop flags) whenever a
 * request waits.  Arrays the grower replaced stay readable until no hold
 * taken before the replacement remains (`pins_old`), and are then freed
 * by whoever next holds the grower.  An entry whose grower failed for
 * want of memory is unlinked (its holders finish with what it had) so
 * that the next request starts the table again.
 *
 * Bytes are charged when an entry is made and after every growth (its
 * arena's size); eviction walks the LRU list from the tail and frees
 * entries nobody holds or grows.  Waiters poll their own stop every 50 ms
 * (a timed wait), so a waiting request can be cancelled or time out like
 * a computing one.
 */
#include "tables/table_cache_internal.h"

#include "store/table_convert.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t gr_tcache_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint32_t gr_tcache_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s != '\0'; s++) {
        h = (h ^ (unsigned char)*s) * 16777619u;
    }
    return h;
}

const char *gr_period_status_name(gr_period_status s)
{
    switch (s) {
    case GR_PERIOD_CONFIRMED:
        return "confirmed";
    case GR_PERIOD_SEARCHING:
        return "searching";
    default:
        return "not found";
    }
}

uint64_t gr_tcache_max_octal_values(const gr_tcache *tc)
{
    return tc->max_octal_values; /* set once, at creation */
}

gr_tstore *gr_tcache_store(const gr_tcache *tc)
{
    return tc->store;
}

/* ---- the table: lookup, LRU, eviction (lock held) ----------------------- */

gr_tcache_entry *gr_tcache_find(gr_tcache *tc, const char *key, uint32_t h)
{
    for (gr_tcache_entry *e = tc->bucket[h % GR_TCACHE_BUCKETS]; e != NULL; e = e->hnext) {
        if (e->hash == h && strcmp(e->key, key) == 0) {
            return e;
        }
    }
    return NULL;
}

void gr_tcache_lru_touch(gr_tcache *tc, gr_tcache_entry *e)
{
    if (e->linked) {
        gr_link_unlink(&e->lru);
        gr_link_push_front(&tc->lru, &e->lru);
    }
}

static void gr_tcache_link(gr_tcache *tc, gr_tcache_entry *e)
{
    e->linked = true;
    e->hnext = tc->bucket[e->hash % GR_TCACHE_BUCKETS];
    tc->bucket[e->hash % GR_TCACHE_BUCKETS] = e;
    gr_link_push_front(&tc->lru, &e->lru);
    tc->entries++;
}

/* Unlinks e from the hash chain and the LRU list. */
void gr_tcache_unlink(gr_tcache *tc, gr_tcache_entry *e)
{
    if (!e->linked) {
        return;
    }
    gr_tcache_entry **pp = &tc->bucket[e->hash % GR_TCACHE_BUCKETS];
    while (*pp != e) {
        pp = &(*pp)->hnext;
    }
    *pp = e->hnext;
    gr_link_unlink(&e->lru);
    e->linked = false;
    tc->bytes -= e->bytes;
    tc->entries--;
    if (e->searching) {
        e->searching = false;
        tc->searching--;
    }
}

static void gr_tcache_free(gr_tcache_entry *e)
{
    gr_tcache_replica_release(e->tc, e);
    if (e->arena != NULL) {
        gr_arena_destroy(e->arena);
    }
    pthread_cond_destroy(&e->done);
    free(e);
}

bool gr_tcache_idle(const gr_tcache_entry *e)
{
    return e->pins == 0 && e->state == GR_TC_READY && !e->growing && !e->saving;
}

/* Unlinks idle entries from the LRU tail while over the bound; returns
 * them, to be freed after unlocking. */
gr_tcache_entry *gr_tcache_evict(gr_tcache *tc, size_t bound)
{
    gr_tcache_entry *freed = NULL;
    for (gr_link *l = tc->lru.prev, *prev; tc->bytes > bound && l != &tc->lru; l = prev) {
        prev = l->prev;
        gr_tcache_entry *e = GR_LINK_ENTRY(l, gr_tcache_entry, lru);
        if (gr_tcache_idle(e)) {
            gr_tcache_unlink(tc, e);
            tc->evictions++;
            e->hnext = freed;
            freed = e;
        }
    }
    return freed;
}

void gr_tcache_free_list(gr_tcache_entry *e)
{
    while (e != NULL) {
        gr_tcache_entry *next = e->hnext;
        gr_tcache_free(e);
        e = next;
    }
}

void gr_tcache_deadline(struct timespec *ts, long ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_nsec += ms * 1000000L;
    while (ts->tv_nsec >= 1000000000L) {
        ts->tv_nsec -= 1000000000L;
        ts->tv_sec++;
    }
}

/* Re-reads e's arena size into the cache's byte count. */
void gr_tcache_recharge(gr_tcache *tc, gr_tcache_entry *e)
{
    size_t now = gr_arena_bytes(e->arena) + sizeof(*e) + strlen(e->key) + 1;
    if (e->linked) {
        tc->bytes = tc->bytes - e->bytes + now;
    }
    e->bytes = now;
}

/* A new entry (COMPUTING, held once by its maker), linked. */
gr_tcache_entry *gr_tcache_new(gr_tcache *tc, const char *key, uint32_t h)
{
    /* the key at the entry's end: one allocation, freed with it */
    size_t len = strlen(key);
    gr_tcache_entry *e = calloc(1, sizeof(*e) + len + 1);
    if (e == NULL || pthread_cond_init(&e->done, NULL) != 0) {
        free(e);
        return NULL;
    }
    memcpy(e->key, key, len + 1);
    e->tc = tc;
    e->hash = h;
    e->state = GR_TC_COMPUTING;
    e->pins = 1;
    gr_tcache_link(tc, e);
    return e;
}

/* Waits (lock held) until e is no longer COMPUTING, polling req_arena's
 * stop; GR_OK, or the request's stop status (e's hold already dropped). */
static gr_status gr_tcache_wait_made(gr_tcache_entry *e, gr_arena *req_arena)
{
    while (e->state == GR_TC_COMPUTING) {
        struct timespec ts;
        gr_tcache_deadline(&ts, 50);
        pthread_cond_timedwait(&e->done, &e->tc->lock, &ts);
        gr_status st = req_arena != NULL ? gr_arena_check(req_arena) : GR_OK;
        if (st != GR_OK && e->state == GR_TC_COMPUTING) {
            e->pins--;
            return st;
        }
    }
    return GR_OK;
}

/* Drops a hold on a FAILED entry (lock held): the last one frees it,
 * after unlocking, through *freed. */
static void gr_tcache_drop_failed(gr_tcache_entry *e, gr_tcache_entry **freed)
{
    e->pins--;
    if (e->pins == 0) {
        e->hnext = *freed;
        *freed = e;
    }
}

/* Finds key's entry (lock held) and waits while it is computed: *found
 * is it, READY and held, or NULL when there is none (a miss: the caller
 * computes).  An entry whose computation failed is let go; when its leader
 * was stopped (time, cancellation) and not this request, it is looked up
 * again, with *waited set.  Entries let go for the last time go to *freed
 * (freed after unlocking).  Else the failure, or this request's stop. */
gr_status gr_tcache_lookup(gr_tcache *tc, const char *key, uint32_t h, gr_arena *req_arena,
                           gr_tcache_entry **found, bool *waited, gr_tcache_entry **freed)
{
    *found = NULL;
    *waited = false;
    for (;;) {
        gr_tcache_entry *e = gr_tcache_find(tc, key, h);
        if (e == NULL) {
            return GR_OK;
        }
        e->pins++;
        gr_status st = gr_tcache_wait_made(e, req_arena);
        if (st != GR_OK) {
            return st;
        }
        if (e->state == GR_TC_READY) {
            *found = e;
            return GR_OK;
        }
        *waited = true;
        gr_status f = e->failure;
        gr_tcache_drop_failed(e, freed); /* unlinked by its leader */
        if (f != GR_ECANCELLED && f != GR_ETIME) {
            return f;
        }
    }
}

/* Marks a computing entry FAILED with st (lock held), unlinked, its hold
 * dropped; returns its arena, to be destroyed after unlocking. */
gr_arena *gr_tcache_fail(gr_tcache *tc, gr_tcache_entry *e, gr_status st, gr_tcache_entry **freed)
{
    e->state = GR_TC_FAILED;
    e->failure = st;
    gr_tcache_unlink(tc, e);
    gr_arena *dead = e->arena;
    e->arena = NULL;
    gr_tcache_drop_failed(e, freed);
    return dead;
}

/* Unlocks, then frees what the lock-held work let go. */
void gr_tcache_unlock(gr_tcache *tc, gr_arena *dead, gr_tcache_entry *freed)
{
    pthread_mutex_unlock(&tc->lock);
    if (dead != NULL) {
        gr_arena_destroy(dead);
    }
    gr_tcache_free_list(freed);
}

size_t gr_tcache_arena_budget(const gr_tcache *tc)
{
    /* the computation may need more than the table keeps (0.354 computes
     * in 16 bits and keeps 8): at least GR_TCACHE_COMPUTE_MIN; a table
     * over the cache's bound is answered and then dropped */
    return tc->max_bytes > GR_TCACHE_COMPUTE_MIN ? tc->max_bytes : GR_TCACHE_COMPUTE_MIN;
}

/* ---- solved entries ------------------------------------------------------ */

gr_status gr_tcache_get(gr_tcache *tc, const char *key, gr_tcache_solve_fn *solve, void *ctx,
                        size_t result_size, gr_arena *req_arena, gr_tcache_entry **out,
                        const void **result)
{
    *out = NULL;
    *result = NULL;
    if (result_size > GR_TCACHE_RESULT_MAX) {
        return GR_EINTERNAL;
    }
    uint32_t h = gr_tcache_hash(key);
    gr_tcache_entry *freed = NULL, *e;
    bool waited;
    pthread_mutex_lock(&tc->lock);
    gr_status found = gr_tcache_lookup(tc, key, h, req_arena, &e, &waited, &freed);
    if (found != GR_OK || e != NULL) {
        if (e != NULL) {
            waited ? tc->shared++ : tc->hits++;
            gr_tcache_lru_touch(tc, e);
            *out = e;
            *result = e->result;
        }
        gr_tcache_unlock(tc, NULL, freed);
        return found;
    }
    /* A miss: this request computes. */
    if ((e = gr_tcache_new(tc, key, h)) == NULL) {
        gr_tcache_unlock(tc, NULL, freed);
        return GR_ENOMEM;
    }
    tc->misses++;
    gr_tcache_unlock(tc, NULL, freed);
    freed = NULL;

    gr_status st = GR_ENOMEM;
    bool keep = true;
    e->arena = gr_arena_create_in(gr_tcache_arena_budget(tc), tc->quota);
    if (e->arena != NULL) {
        gr_arena_set_stop(e->arena, req_arena != NULL ? gr_arena_stop(req_arena) : NULL);
        st = solve(ctx, e->arena, &e->progress, e->result, &keep);
        gr_arena_set_stop(e->arena, NULL);
        if (st == GR_ENOMEM && gr_arena_quota_hit(e->arena)) {
            st = GR_EDECLINED; /* the process's memory is in use: retry later */
        }
    }

    gr_arena *dead = NULL;
    pthread_mutex_lock(&tc->lock);
    if (st == GR_OK) {
        e->state = GR_TC_READY;
        gr_tcache_recharge(tc, e);
        if (!keep) {
            gr_tcache_unlink(tc, e); /* its holders read it; the last one frees it */
        }
        freed = gr_tcache_evict(tc, tc->max_bytes);
        *out = e;
        *result = e->result;
    } else {
        dead = gr_tcache_fail(tc, e, st, &freed);
    }
    pthread_cond_broadcast(&e->done);
    gr_tcache_unlock(tc, dead, freed);
    return st;
}

bool gr_tcache_peek(gr_tcache *tc, const char *key, gr_tcache_entry **out, const void **result)
{
    uint32_t h = gr_tcache_hash(key);
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *e = gr_tcache_find(tc, key, h);
    bool ready = e != NULL && e->state == GR_TC_READY;
    if (ready) {
        e->pins++;
        tc->hits++;
        gr_tcache_lru_touch(tc, e);
    }
    pthread_mutex_unlock(&tc->lock);
    *out = ready ? e : NULL;
    *result = ready ? e->result : NULL;
    return ready;
}

void gr_tcache_count_quotient_build(gr_tcache *tc)
{
    atomic_fetch_add_explicit(&tc->quotient_builds, 1, memory_order_relaxed);
}

bool gr_tcache_progress(gr_tcache *tc, const char *key, uint64_t *values)
{
    uint32_t h = gr_tcache_hash(key);
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *e = gr_tcache_find(tc, key, h);
    *values = e != NULL ? atomic_load_explicit(&e->progress, memory_order_relaxed) : 0;
    pthread_mutex_unlock(&tc->lock);
    return e != NULL;
}

/* ---- the object ----------------------------------------------------------- */

gr_status gr_tcache_create(const gr_tcache_config *cfg, gr_tcache **out)
{
    *out = NULL;
    gr_tcache *tc = calloc(1, sizeof(*tc));
    if (tc == NULL) {
        return GR_ENOMEM;
    }
    if (pthread_mutex_init(&tc->lock, NULL) != 0) {
        free(tc);
        return GR_ENOMEM;
    }
    gr_link_init(&tc->lru);
    if (pthread_cond_init(&tc->work, NULL) != 0) {
        pthread_mutex_destroy(&tc->lock);
        free(tc);
        return GR_ENOMEM;
    }
    tc->max_bytes = cfg->max_bytes != 0 ? cfg->max_bytes : GR_TCACHE_DEFAULT_BYTES;
    tc->max_octal_values = cfg->max_octal_values;
    tc->quota = cfg->quota;
    tc->store = cfg->store;
    tc->bg_budget_ns = cfg->background_ns;
    gr_tcache_owner_init(tc);
    unsigned n = cfg->background_threads;
    n = n < GR_TCACHE_MAX_WORKERS ? n : GR_TCACHE_MAX_WORKERS;
    for (unsigned i = 0; i < n; i++) {
        if (pthread_create(&tc->workers[i], NULL, gr_tcache_background, tc) != 0) {
            break; /* fewer workers; the search is only slower */
        }
        tc->nworkers++;
    }
    *out = tc;
    return GR_OK;
}

void gr_tcache_destroy(gr_tcache *tc)
{
    if (tc == NULL) {
        return;
    }
    pthread_mutex_lock(&tc->lock);
    atomic_store(&tc->stopping, 1);
    pthread_cond_broadcast(&tc->work);
    pthread_mutex_unlock(&tc->lock);
    for (unsigned i = 0; i < tc->nworkers; i++) {
        pthread_join(tc->workers[i], NULL);
    }
    gr_tcache_clear(tc);
    pthread_cond_destroy(&tc->work);
    pthread_mutex_destroy(&tc->lock);
    free(tc);
}

void gr_tcache_stats_get(gr_tcache *tc, gr_tcache_stats *out)
{
    pthread_mutex_lock(&tc->lock);
    out->hits = tc->hits;
    out->misses = tc->misses;
    out->shared = tc->shared;
    out->evictions = tc->evictions;
    out->bytes = tc->bytes;
    out->entries = tc->entries;
    out->max_bytes = tc->max_bytes;
    out->store_loads = tc->store_loads;
    out->store_saves = tc->store_saves;
    out->searching = tc->searching;
    out->background_values = tc->bg_values;
    out->background_ns = tc->bg_ns;
    out->background_threads = tc->nworkers;
    out->quotient_builds = atomic_load(&tc->quotient_builds);
    out->replica_loads = tc->replica_loads;
    out->background_refused = tc->bg_refused;
    out->background_queued = 0;
    for (gr_link *l = tc->lru.next; l != &tc->lru; l = l->next) {
        gr_tcache_entry *e = GR_LINK_ENTRY(l, gr_tcache_entry, lru);
        out->background_queued += e->searching && gr_tcache_bg_budget_left(tc, e);
    }
    pthread_mutex_unlock(&tc->lock);
}

void gr_tcache_clear(gr_tcache *tc)
{
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *freed = gr_tcache_evict(tc, 0);
    pthread_mutex_unlock(&tc->lock);
    gr_tcache_free_list(freed);
}
