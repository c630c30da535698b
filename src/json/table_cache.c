/*
 * The table cache (see table_cache.h): a hash table of entries under one
 * mutex, an LRU list through them, a condition variable per entry for the
 * requests waiting on it, and the background workers of the period
 * search.
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
#include "json/table_cache.h"

#include "store/table_convert.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define GR_TCACHE_BUCKETS 1024u
#define GR_TCACHE_COMPUTE_MIN ((size_t)256 << 20)
#define GR_TCACHE_SLICE_NS 100000000u   /* a background worker's slice */
#define GR_TCACHE_REQUEST_MIN 256u /* a request grows a table to at least this */
#define GR_TCACHE_CHECKPOINT_MIN 65536u /* values before a growing table is checkpointed */
#define GR_TCACHE_MAX_WORKERS 64u

typedef enum { GR_TC_COMPUTING, GR_TC_READY, GR_TC_FAILED } gr_tc_state;

struct gr_tcache_entry {
    gr_tcache *tc;
    char *key;
    uint32_t hash;
    gr_tc_state state;
    gr_status failure;
    unsigned pins;
    bool linked;
    size_t bytes;
    gr_arena *arena;
    pthread_cond_t done;
    _Atomic uint64_t progress;
    struct gr_tcache_entry *hnext;               /* hash chain */
    struct gr_tcache_entry *lru_prev, *lru_next; /* most recent first */
    /* octal entries */
    bool octal;
    gr_octal_code code;
    gr_octal_grower *grower; /* NULL: the table is final (read whole from the store) */
    gr_octal_table snap;     /* as last published */
    unsigned gen;            /* bumped when snap.values moves to a new array */
    unsigned pins_old;       /* holds taken before the last bump */
    bool growing;
    bool final;    /* the grower will not grow again (published with snap) */
    bool final_ok; /* ... and not for a failure: the table is whole */
    unsigned waiting; /* requests waiting to grow it */
    _Atomic int yield; /* a background worker's stop: a request needs it */
    bool searching;    /* the background has work left on it */
    bool saving;
    uint64_t saved;   /* values in the store's file */
    uint64_t asked;   /* when a request last asked (ns) */
    uint64_t served;  /* background slices it had */
    _Alignas(16) unsigned char result[GR_TCACHE_RESULT_MAX];
};

struct gr_tcache {
    pthread_mutex_t lock;
    gr_tcache_entry *bucket[GR_TCACHE_BUCKETS];
    gr_tcache_entry *lru_head, *lru_tail;
    size_t max_bytes, bytes;
    uint64_t entries, hits, misses, shared, evictions;
    uint64_t max_octal_values;
    gr_arena_quota *quota;
    gr_tstore *store;
    uint64_t store_loads, store_saves;
    /* background */
    pthread_cond_t work;
    _Atomic int stopping;
    unsigned nworkers;
    pthread_t workers[GR_TCACHE_MAX_WORKERS];
    uint64_t searching, bg_values, bg_ns, bg_slices;
};

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint32_t gr_tc_hash(const char *s)
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

static gr_tcache_entry *gr_tc_find(gr_tcache *tc, const char *key, uint32_t h)
{
    for (gr_tcache_entry *e = tc->bucket[h % GR_TCACHE_BUCKETS]; e != NULL; e = e->hnext) {
        if (e->hash == h && strcmp(e->key, key) == 0) {
            return e;
        }
    }
    return NULL;
}

static void gr_tc_lru_remove(gr_tcache *tc, gr_tcache_entry *e)
{
    if (e->lru_prev != NULL) {
        e->lru_prev->lru_next = e->lru_next;
    } else {
        tc->lru_head = e->lru_next;
    }
    if (e->lru_next != NULL) {
        e->lru_next->lru_prev = e->lru_prev;
    } else {
        tc->lru_tail = e->lru_prev;
    }
    e->lru_prev = e->lru_next = NULL;
}

static void gr_tc_lru_front(gr_tcache *tc, gr_tcache_entry *e)
{
    e->lru_prev = NULL;
    e->lru_next = tc->lru_head;
    if (tc->lru_head != NULL) {
        tc->lru_head->lru_prev = e;
    }
    tc->lru_head = e;
    if (tc->lru_tail == NULL) {
        tc->lru_tail = e;
    }
}

static void gr_tc_link(gr_tcache *tc, gr_tcache_entry *e)
{
    e->linked = true;
    e->hnext = tc->bucket[e->hash % GR_TCACHE_BUCKETS];
    tc->bucket[e->hash % GR_TCACHE_BUCKETS] = e;
    gr_tc_lru_front(tc, e);
    tc->entries++;
}

/* Unlinks e from the hash chain and the LRU list. */
static void gr_tc_unlink(gr_tcache *tc, gr_tcache_entry *e)
{
    if (!e->linked) {
        return;
    }
    gr_tcache_entry **pp = &tc->bucket[e->hash % GR_TCACHE_BUCKETS];
    while (*pp != e) {
        pp = &(*pp)->hnext;
    }
    *pp = e->hnext;
    gr_tc_lru_remove(tc, e);
    e->linked = false;
    tc->bytes -= e->bytes;
    tc->entries--;
    if (e->searching) {
        e->searching = false;
        tc->searching--;
    }
}

static void gr_tc_free(gr_tcache_entry *e)
{
    if (e->arena != NULL) {
        gr_arena_destroy(e->arena);
    }
    pthread_cond_destroy(&e->done);
    free(e->key);
    free(e);
}

static bool gr_tc_idle(const gr_tcache_entry *e)
{
    return e->pins == 0 && e->state == GR_TC_READY && !e->growing && !e->saving;
}

/* Unlinks idle entries from the LRU tail while over the bound; returns
 * them, to be freed after unlocking. */
static gr_tcache_entry *gr_tc_evict(gr_tcache *tc, size_t bound)
{
    gr_tcache_entry *freed = NULL;
    gr_tcache_entry *e = tc->lru_tail;
    while (tc->bytes > bound && e != NULL) {
        gr_tcache_entry *prev = e->lru_prev;
        if (gr_tc_idle(e)) {
            gr_tc_unlink(tc, e);
            tc->evictions++;
            e->hnext = freed;
            freed = e;
        }
        e = prev;
    }
    return freed;
}

static void gr_tc_free_list(gr_tcache_entry *e)
{
    while (e != NULL) {
        gr_tcache_entry *next = e->hnext;
        gr_tc_free(e);
        e = next;
    }
}

static void gr_tc_deadline(struct timespec *ts, long ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_nsec += ms * 1000000L;
    while (ts->tv_nsec >= 1000000000L) {
        ts->tv_nsec -= 1000000000L;
        ts->tv_sec++;
    }
}

/* Re-reads e's arena size into the cache's byte count. */
static void gr_tc_recharge(gr_tcache *tc, gr_tcache_entry *e)
{
    size_t now = gr_arena_bytes(e->arena) + sizeof(*e) + strlen(e->key) + 1;
    if (e->linked) {
        tc->bytes = tc->bytes - e->bytes + now;
    }
    e->bytes = now;
}

/* A new entry (COMPUTING, held once by its maker), linked. */
static gr_tcache_entry *gr_tc_new(gr_tcache *tc, const char *key, uint32_t h)
{
    gr_tcache_entry *e = calloc(1, sizeof(*e));
    char *k = strdup(key);
    if (e == NULL || k == NULL || pthread_cond_init(&e->done, NULL) != 0) {
        free(e);
        free(k);
        return NULL;
    }
    e->tc = tc;
    e->key = k;
    e->hash = h;
    e->state = GR_TC_COMPUTING;
    e->pins = 1;
    gr_tc_link(tc, e);
    return e;
}

/* Waits (lock held) until e is no longer COMPUTING, polling req_arena's
 * stop; GR_OK, or the request's stop status (e's hold already dropped). */
static gr_status gr_tc_wait_made(gr_tcache_entry *e, gr_arena *req_arena)
{
    while (e->state == GR_TC_COMPUTING) {
        struct timespec ts;
        gr_tc_deadline(&ts, 50);
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
static void gr_tc_drop_failed(gr_tcache_entry *e, gr_tcache_entry **freed)
{
    e->pins--;
    if (e->pins == 0) {
        e->hnext = *freed;
        *freed = e;
    }
}

static size_t gr_tc_arena_budget(const gr_tcache *tc)
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
    uint32_t h = gr_tc_hash(key);
    gr_tcache_entry *freed = NULL;
    pthread_mutex_lock(&tc->lock);
    bool waited = false;
    for (;;) {
        gr_tcache_entry *e = gr_tc_find(tc, key, h);
        if (e == NULL) {
            break;
        }
        e->pins++;
        gr_status st = gr_tc_wait_made(e, req_arena);
        if (st != GR_OK) {
            pthread_mutex_unlock(&tc->lock);
            return st;
        }
        if (e->state == GR_TC_READY) {
            waited ? tc->shared++ : tc->hits++;
            if (e->linked) {
                gr_tc_lru_remove(tc, e);
                gr_tc_lru_front(tc, e);
            }
            pthread_mutex_unlock(&tc->lock);
            *out = e;
            *result = e->result;
            return GR_OK;
        }
        waited = true;
        gr_status f = e->failure;
        gr_tc_drop_failed(e, &freed); /* unlinked by its leader */
        if (f != GR_ECANCELLED && f != GR_ETIME) {
            pthread_mutex_unlock(&tc->lock);
            gr_tc_free_list(freed);
            return f;
        }
        /* the leader was stopped, not us: try again */
    }
    /* A miss: this request computes. */
    gr_tcache_entry *e = gr_tc_new(tc, key, h);
    if (e == NULL) {
        pthread_mutex_unlock(&tc->lock);
        gr_tc_free_list(freed);
        return GR_ENOMEM;
    }
    tc->misses++;
    pthread_mutex_unlock(&tc->lock);
    gr_tc_free_list(freed);
    freed = NULL;

    gr_status st = GR_ENOMEM;
    bool keep = true;
    e->arena = gr_arena_create_in(gr_tc_arena_budget(tc), tc->quota);
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
        gr_tc_recharge(tc, e);
        if (!keep) {
            gr_tc_unlink(tc, e); /* its holders read it; the last one frees it */
        }
        freed = gr_tc_evict(tc, tc->max_bytes);
        *out = e;
        *result = e->result;
    } else {
        e->state = GR_TC_FAILED;
        e->failure = st;
        gr_tc_unlink(tc, e);
        dead = e->arena;
        e->arena = NULL;
        gr_tc_drop_failed(e, &freed);
    }
    pthread_cond_broadcast(&e->done);
    pthread_mutex_unlock(&tc->lock);
    if (dead != NULL) {
        gr_arena_destroy(dead);
    }
    gr_tc_free_list(freed);
    return st;
}

/* ---- octal entries ------------------------------------------------------- */

void gr_tcache_octal_key(const gr_octal_code *code, char *key, size_t cap)
{
    char canon[GR_OCTAL_MAX_DIGITS + 4];
    gr_octal_canonical(code, canon);
    snprintf(key, cap, "octal:%s", canon);
}

static void store_key(const gr_octal_code *code, char *key)
{
    gr_octal_canonical(code, key);
}

/* The table of a new octal entry, outside the lock: what the store has,
 * else an empty grower. */
static gr_status octal_make(gr_tcache_entry *e)
{
    gr_tcache *tc = e->tc;
    e->arena = gr_arena_create_in(gr_tc_arena_budget(tc), tc->quota);
    if (e->arena == NULL) {
        return GR_EDECLINED;
    }
    gr_tstore_table st = {0};
    bool found = false;
    if (tc->store != NULL) {
        char key[GR_OCTAL_MAX_DIGITS + 4];
        store_key(&e->code, key);
        gr_status s = gr_tstore_load(tc->store, GR_TSTORE_OCTAL, key, e->arena, &st, &found);
        if (s != GR_OK) {
            found = false; /* no room to read it: compute instead */
        }
        if (found && st.max_value > GR_OCTAL_MAX_GRUNDY) {
            found = false;
        }
    }
    const char *why = NULL;
    if (found && st.periodic && gr_tstore_to_octal(&st, e->arena, &e->snap, &why) == GR_OK) {
        /* final (its period re-checked on its values): no grower at all */
        e->saved = st.count;
        e->final = e->final_ok = true;
        return GR_OK;
    }
    gr_status s = gr_octal_grower_new(e->arena, &e->code, tc->max_octal_values, &e->grower);
    if (s == GR_OK && found) {
        s = gr_octal_grower_seed(e->grower, st.values, st.width, st.count);
        e->saved = st.count;
    }
    if (s != GR_OK) {
        return s == GR_ENOMEM && gr_arena_quota_hit(e->arena) ? GR_EDECLINED : s;
    }
    gr_octal_grower_table(e->grower, &e->snap);
    e->final = gr_octal_grower_done(e->grower);
    e->final_ok = e->final && gr_octal_grower_failure(e->grower) == GR_OK;
    atomic_store_explicit(&e->progress, e->snap.computed, memory_order_relaxed);
    return GR_OK;
}

static gr_period_status octal_status(const gr_tcache_entry *e)
{
    if (e->snap.periodic) {
        return GR_PERIOD_CONFIRMED;
    }
    /* without background workers nothing searches: the table grows only
     * as requests need it */
    if (!e->final && e->linked && e->tc->nworkers > 0) {
        return GR_PERIOD_SEARCHING;
    }
    return GR_PERIOD_NOT_FOUND;
}

/* Whether the background has more to do on e (lock held). */
static void octal_mark(gr_tcache *tc, gr_tcache_entry *e)
{
    bool more = e->linked && !e->final;
    if (more != e->searching) {
        e->searching = more;
        more ? tc->searching++ : tc->searching--;
    }
}

/* Publishes what the grower has (lock held, by the thread that grew). */
static void octal_publish(gr_tcache *tc, gr_tcache_entry *e)
{
    gr_octal_table t;
    gr_octal_grower_table(e->grower, &t);
    if (t.values != e->snap.values) {
        e->gen++;
        e->pins_old = e->pins; /* every hold now is of an older array */
    }
    e->snap = t;
    e->final = gr_octal_grower_done(e->grower);
    e->final_ok = e->final && gr_octal_grower_failure(e->grower) == GR_OK;
    gr_tc_recharge(tc, e);
    octal_mark(tc, e);
}

/* Whether the grower's replaced arrays may go (lock held): no hold taken
 * before the last replacement remains. */
static bool octal_reclaimable(const gr_tcache_entry *e)
{
    return e->grower != NULL && e->pins_old == 0 && gr_octal_grower_retired(e->grower);
}

/* The store gets e's table when it is final or has doubled since the
 * last write (lock held: *t is then a table the caller holds). */
static bool octal_save_due(const gr_tcache *tc, const gr_tcache_entry *e)
{
    if (tc->store == NULL || e->saving || !gr_tstore_writable(tc->store) || e->grower == NULL) {
        return false;
    }
    const gr_octal_table *t = &e->snap;
    if (t->computed <= e->saved) {
        return false;
    }
    return e->final_ok || (t->computed >= GR_TCACHE_CHECKPOINT_MIN && t->computed >= 2 * e->saved);
}

/* Writes e's published table to the store, the caller holding e and
 * e->saving set (so no other thread saves it meanwhile). */
static void octal_save(gr_tcache *tc, gr_tcache_entry *e, const gr_octal_table *t)
{
    char key[GR_OCTAL_MAX_DIGITS + 4];
    gr_tstore_table st;
    gr_tstore_of_octal(t, key, &st);
    gr_status s = gr_tstore_save(tc->store, &st);
    pthread_mutex_lock(&tc->lock);
    e->saving = false;
    if (s == GR_OK) {
        e->saved = t->computed;
        tc->store_saves++;
    }
    pthread_mutex_unlock(&tc->lock);
}

/* Runs e's grower on this thread to target (lock held on entry and on
 * return; e->growing set by the caller).  Frees the replaced arrays first
 * when nobody reads them. */
static gr_status octal_grow(gr_tcache *tc, gr_tcache_entry *e, const gr_stop *stop,
                            uint64_t target)
{
    bool reclaim = octal_reclaimable(e);
    pthread_mutex_unlock(&tc->lock);
    if (reclaim) {
        gr_octal_grower_reclaim(e->grower);
    }
    gr_arena_set_stop(e->arena, stop);
    gr_status st = gr_octal_grower_run(e->grower, target, &e->progress);
    gr_arena_set_stop(e->arena, NULL);
    if (st == GR_ENOMEM && gr_arena_quota_hit(e->arena)) {
        st = GR_EDECLINED;
    }
    pthread_mutex_lock(&tc->lock);
    octal_publish(tc, e);
    if (st != GR_OK && st != GR_ETIME && st != GR_ECANCELLED && e->linked) {
        /* the grower cannot go on: the next request starts the table anew
         * (from the store, or from nothing); holders keep what it has */
        gr_tc_unlink(tc, e);
    }
    e->growing = false;
    if (e->waiting == 0) {
        atomic_store(&e->yield, 0);
    }
    pthread_cond_broadcast(&e->done);
    return st;
}

/* What a holder of e reads (lock held; its pin was taken before). */
static void octal_hold(gr_tcache_entry *e, gr_octal_table *table, gr_period_status *status)
{
    *table = e->snap;
    *status = octal_status(e);
}

/* How far a request that needs `need` values grows a table: the next
 * power of two (so a run of larger and larger questions regrows it only
 * log times), at least GR_TCACHE_REQUEST_MIN; with three-heap moves, whose
 * values cost O(n) set operations each, just what it needs. */
static uint64_t octal_target(const gr_octal_code *code, uint64_t need)
{
    if (code->leaves >= 3) {
        return need;
    }
    if (need <= GR_TCACHE_REQUEST_MIN) {
        return GR_TCACHE_REQUEST_MIN;
    }
    if (need > ((uint64_t)1 << 62)) {
        return UINT64_MAX;
    }
    uint64_t t = GR_TCACHE_REQUEST_MIN;
    while (t < need) {
        t *= 2;
    }
    return t;
}

gr_status gr_tcache_octal(gr_tcache *tc, const gr_octal_code *code, uint64_t need,
                          gr_arena *req_arena, gr_tcache_entry **held, gr_octal_table *table,
                          gr_period_status *status)
{
    *held = NULL;
    char key[GR_OCTAL_MAX_DIGITS + 16];
    gr_tcache_octal_key(code, key, sizeof(key));
    uint32_t h = gr_tc_hash(key);
    const gr_stop *stop = req_arena != NULL ? gr_arena_stop(req_arena) : NULL;
    gr_tcache_entry *freed = NULL;
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *e;
    for (;;) {
        e = gr_tc_find(tc, key, h);
        if (e == NULL) {
            break;
        }
        e->pins++;
        gr_status st = gr_tc_wait_made(e, req_arena);
        if (st != GR_OK) {
            pthread_mutex_unlock(&tc->lock);
            return st;
        }
        if (e->state == GR_TC_READY) {
            tc->hits++;
            break;
        }
        gr_status f = e->failure;
        gr_tc_drop_failed(e, &freed);
        if (f != GR_ECANCELLED && f != GR_ETIME) {
            pthread_mutex_unlock(&tc->lock);
            gr_tc_free_list(freed);
            return f;
        }
    }
    if (e == NULL) {
        if ((e = gr_tc_new(tc, key, h)) == NULL) {
            pthread_mutex_unlock(&tc->lock);
            gr_tc_free_list(freed);
            return GR_ENOMEM;
        }
        e->octal = true;
        e->code = *code;
        tc->misses++;
        pthread_mutex_unlock(&tc->lock);
        gr_status st = octal_make(e);
        gr_arena *dead = NULL;
        pthread_mutex_lock(&tc->lock);
        if (st != GR_OK) {
            e->state = GR_TC_FAILED;
            e->failure = st;
            gr_tc_unlink(tc, e);
            dead = e->arena;
            e->arena = NULL;
            gr_tc_drop_failed(e, &freed);
            pthread_cond_broadcast(&e->done);
            pthread_mutex_unlock(&tc->lock);
            if (dead != NULL) {
                gr_arena_destroy(dead);
            }
            gr_tc_free_list(freed);
            return st;
        }
        if (e->saved > 0) {
            tc->store_loads++;
        }
        e->state = GR_TC_READY;
        gr_tc_recharge(tc, e);
        pthread_cond_broadcast(&e->done);
    }
    e->asked = now_ns();
    if (e->linked) {
        gr_tc_lru_remove(tc, e);
        gr_tc_lru_front(tc, e);
    }
    /* grow it as far as this request needs, in whole chunks */
    gr_status st = GR_OK;
    uint64_t target = octal_target(code, need);
    while (!e->final && !e->snap.periodic && e->snap.computed < need) {
        if (e->growing) {
            e->waiting++;
            atomic_store(&e->yield, 1);
            struct timespec ts;
            gr_tc_deadline(&ts, 50);
            pthread_cond_timedwait(&e->done, &tc->lock, &ts);
            e->waiting--;
            st = req_arena != NULL ? gr_arena_check(req_arena) : GR_OK;
            if (st != GR_OK) {
                break;
            }
            continue;
        }
        e->growing = true;
        st = octal_grow(tc, e, stop, target);
        if (st != GR_OK) {
            break;
        }
    }
    freed = gr_tc_evict(tc, tc->max_bytes);
    octal_mark(tc, e);
    bool save = tc->nworkers == 0 && octal_save_due(tc, e);
    if (save) {
        e->saving = true;
    }
    if (e->searching) {
        pthread_cond_signal(&tc->work);
    }
    octal_hold(e, table, status);
    pthread_mutex_unlock(&tc->lock);
    gr_tc_free_list(freed);
    if (save) { /* no background workers: this request writes it */
        octal_save(tc, e, table);
    }
    *held = e;
    return st;
}

void gr_tcache_release(gr_tcache_entry *e)
{
    if (e == NULL) {
        return;
    }
    gr_tcache *tc = e->tc;
    pthread_mutex_lock(&tc->lock);
    e->pins--;
    if (e->pins_old > e->pins) {
        e->pins_old = e->pins; /* an old hold (or not: either way, an upper bound) */
    }
    /* the last reader of replaced arrays is gone and nobody grows the
     * table: free them now (a final table would otherwise keep its 16-bit
     * array beside its bytes until evicted); the entry is claimed as if
     * growing so that nothing else runs its grower meanwhile */
    if (e->linked && !e->growing && !e->saving && octal_reclaimable(e)) {
        e->growing = true;
        e->pins++;
        pthread_mutex_unlock(&tc->lock);
        gr_octal_grower_reclaim(e->grower);
        pthread_mutex_lock(&tc->lock);
        e->growing = false;
        e->pins--;
        gr_tc_recharge(tc, e);
        pthread_cond_broadcast(&e->done);
    }
    /* answered, not kept: out of the cache already, so the eviction below
     * cannot take it too */
    bool last_of_unlinked = !e->linked && gr_tc_idle(e);
    gr_tcache_entry *freed = gr_tc_evict(tc, tc->max_bytes);
    if (last_of_unlinked) {
        e->hnext = freed;
        freed = e;
    }
    pthread_mutex_unlock(&tc->lock);
    gr_tc_free_list(freed);
}

bool gr_tcache_octal_state(gr_tcache *tc, const gr_octal_code *code, uint64_t *values,
                           gr_period_status *status)
{
    char key[GR_OCTAL_MAX_DIGITS + 16];
    gr_tcache_octal_key(code, key, sizeof(key));
    uint32_t h = gr_tc_hash(key);
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *e = gr_tc_find(tc, key, h);
    bool ok = e != NULL && e->octal && e->state == GR_TC_READY;
    if (ok) {
        *values = e->snap.computed;
        *status = octal_status(e);
    }
    pthread_mutex_unlock(&tc->lock);
    return ok;
}

bool gr_tcache_progress(gr_tcache *tc, const char *key, uint64_t *values)
{
    uint32_t h = gr_tc_hash(key);
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *e = gr_tc_find(tc, key, h);
    *values = e != NULL ? atomic_load_explicit(&e->progress, memory_order_relaxed) : 0;
    pthread_mutex_unlock(&tc->lock);
    return e != NULL;
}

/* ---- the background period search --------------------------------------- */

/* The next entry to grow (lock held): alternately the one asked most
 * recently and the one served least, among those searching that no
 * request waits for; NULL: none.  *save: e is only due for a write. */
static gr_tcache_entry *bg_pick(gr_tcache *tc, bool *save)
{
    gr_tcache_entry *recent = NULL, *least = NULL;
    *save = false;
    for (gr_tcache_entry *e = tc->lru_head; e != NULL; e = e->lru_next) {
        if (!e->octal || e->state != GR_TC_READY || e->growing) {
            continue;
        }
        if (octal_save_due(tc, e)) {
            *save = true;
            return e;
        }
        if (!e->searching || e->waiting > 0) {
            continue;
        }
        if (recent == NULL || e->asked > recent->asked) {
            recent = e;
        }
        if (least == NULL || e->served < least->served) {
            least = e;
        }
    }
    return (tc->bg_slices & 1) ? least : recent;
}

/* Whether memory is short: the cache at 90% of its bound, or the process
 * at 90% of its budget.  The search waits then. */
static bool bg_memory_short(const gr_tcache *tc)
{
    if (tc->bytes >= tc->max_bytes - tc->max_bytes / 10) {
        return true;
    }
    if (tc->quota != NULL && tc->quota->limit != 0) {
        size_t used = atomic_load_explicit(&tc->quota->used, memory_order_relaxed);
        return used >= tc->quota->limit - tc->quota->limit / 10;
    }
    return false;
}

static void *bg_worker(void *arg)
{
    gr_tcache *tc = arg;
    /* the lowest priority there is: the search uses only idle cores */
    struct sched_param sp = {0};
#ifdef SCHED_IDLE
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &sp);
#else
    (void)sp;
#endif
#ifdef __linux__
    prctl(PR_SET_NAME, "gr-background"); /* for top -H and /proc/<pid>/task */
#endif
    pthread_mutex_lock(&tc->lock);
    while (!atomic_load(&tc->stopping)) {
        bool save = false;
        gr_tcache_entry *e = bg_memory_short(tc) ? NULL : bg_pick(tc, &save);
        if (e == NULL) {
            struct timespec ts;
            gr_tc_deadline(&ts, 1000);
            pthread_cond_timedwait(&tc->work, &tc->lock, &ts);
            continue;
        }
        e->pins++;
        if (save) {
            e->saving = true;
            gr_octal_table t = e->snap;
            pthread_mutex_unlock(&tc->lock);
            octal_save(tc, e, &t);
            gr_tcache_release(e);
            pthread_mutex_lock(&tc->lock);
            continue;
        }
        e->growing = true;
        e->served++;
        tc->bg_slices++;
        uint64_t before = e->snap.computed, t0 = now_ns();
        gr_stop stop = {&e->yield, &tc->stopping, t0 + GR_TCACHE_SLICE_NS};
        octal_grow(tc, e, &stop, UINT64_MAX);
        tc->bg_values += e->snap.computed - before;
        tc->bg_ns += now_ns() - t0;
        pthread_mutex_unlock(&tc->lock);
        gr_tcache_release(e);
        pthread_mutex_lock(&tc->lock);
    }
    pthread_mutex_unlock(&tc->lock);
    return NULL;
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
    if (pthread_cond_init(&tc->work, NULL) != 0) {
        pthread_mutex_destroy(&tc->lock);
        free(tc);
        return GR_ENOMEM;
    }
    tc->max_bytes = cfg->max_bytes != 0 ? cfg->max_bytes : GR_TCACHE_DEFAULT_BYTES;
    tc->max_octal_values = cfg->max_octal_values;
    tc->quota = cfg->quota;
    tc->store = cfg->store;
    unsigned n = cfg->background_threads;
    n = n < GR_TCACHE_MAX_WORKERS ? n : GR_TCACHE_MAX_WORKERS;
    for (unsigned i = 0; i < n; i++) {
        if (pthread_create(&tc->workers[i], NULL, bg_worker, tc) != 0) {
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
    pthread_mutex_unlock(&tc->lock);
}

void gr_tcache_clear(gr_tcache *tc)
{
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *freed = gr_tc_evict(tc, 0);
    pthread_mutex_unlock(&tc->lock);
    gr_tc_free_list(freed);
}
