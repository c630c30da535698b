/*
 * The table cache (see table_cache.h): a hash table of entries under one
 * mutex, an LRU list through them, and a condition variable per entry for
 * the requests waiting on its computation.
 *
 * An entry is COMPUTING while its first requester (the leader) solves it
 * outside the lock, then READY; a failed computation is unlinked and its
 * waiters wake: on GR_ECANCELLED/GR_ETIME of the leader (its own stop, not
 * theirs) a waiter retries and becomes the new leader, on any other status
 * they return it.  Bytes are charged when an entry is READY (its arena's
 * size, the values array and what the solver left); eviction walks the LRU
 * list from the tail and frees READY entries nobody holds.  A table larger
 * than the whole bound is still answered: it is dropped when released.
 * Waiters poll their own stop every 50 ms (a timed wait), so a waiting
 * request can be cancelled or time out like a computing one.
 */
#include "json/table_cache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GR_TCACHE_BUCKETS 1024u
#define GR_TCACHE_COMPUTE_MIN ((size_t)256 << 20)

typedef enum { GR_TC_COMPUTING, GR_TC_READY, GR_TC_FAILED } gr_tc_state;

struct gr_tcache_entry {
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
    _Alignas(16) unsigned char result[GR_TCACHE_RESULT_MAX];
};

static struct {
    pthread_mutex_t lock;
    gr_tcache_entry *bucket[GR_TCACHE_BUCKETS];
    gr_tcache_entry *lru_head, *lru_tail;
    size_t max_bytes, bytes;
    uint64_t entries, hits, misses, shared, evictions;
    uint64_t max_octal_values;
    gr_arena_quota *quota; /* the process memory budget (--max-memory), or NULL */
} gr_tc = {.lock = PTHREAD_MUTEX_INITIALIZER, .max_bytes = GR_TCACHE_DEFAULT_BYTES};

void gr_tcache_configure(size_t max_bytes, uint64_t max_octal_values, gr_arena_quota *quota)
{
    pthread_mutex_lock(&gr_tc.lock);
    gr_tc.quota = quota;
    gr_tc.max_bytes = max_bytes != 0 ? max_bytes : GR_TCACHE_DEFAULT_BYTES;
    gr_tc.max_octal_values = max_octal_values;
    pthread_mutex_unlock(&gr_tc.lock);
}

uint64_t gr_tcache_max_octal_values(void)
{
    pthread_mutex_lock(&gr_tc.lock);
    uint64_t v = gr_tc.max_octal_values;
    pthread_mutex_unlock(&gr_tc.lock);
    return v;
}

static uint32_t gr_tc_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s != '\0'; s++) {
        h = (h ^ (unsigned char)*s) * 16777619u;
    }
    return h;
}

static gr_tcache_entry *gr_tc_find(const char *key, uint32_t h)
{
    for (gr_tcache_entry *e = gr_tc.bucket[h % GR_TCACHE_BUCKETS]; e != NULL; e = e->hnext) {
        if (e->hash == h && strcmp(e->key, key) == 0) {
            return e;
        }
    }
    return NULL;
}

static void gr_tc_lru_remove(gr_tcache_entry *e)
{
    if (e->lru_prev != NULL) {
        e->lru_prev->lru_next = e->lru_next;
    } else {
        gr_tc.lru_head = e->lru_next;
    }
    if (e->lru_next != NULL) {
        e->lru_next->lru_prev = e->lru_prev;
    } else {
        gr_tc.lru_tail = e->lru_prev;
    }
    e->lru_prev = e->lru_next = NULL;
}

static void gr_tc_lru_front(gr_tcache_entry *e)
{
    e->lru_prev = NULL;
    e->lru_next = gr_tc.lru_head;
    if (gr_tc.lru_head != NULL) {
        gr_tc.lru_head->lru_prev = e;
    }
    gr_tc.lru_head = e;
    if (gr_tc.lru_tail == NULL) {
        gr_tc.lru_tail = e;
    }
}

/* Unlinks e from the hash chain and the LRU list (lock held). */
static void gr_tc_unlink(gr_tcache_entry *e)
{
    if (!e->linked) {
        return;
    }
    gr_tcache_entry **pp = &gr_tc.bucket[e->hash % GR_TCACHE_BUCKETS];
    while (*pp != e) {
        pp = &(*pp)->hnext;
    }
    *pp = e->hnext;
    gr_tc_lru_remove(e);
    e->linked = false;
    gr_tc.bytes -= e->bytes;
    gr_tc.entries--;
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

/* Evicts unpinned READY entries from the LRU tail while over the bound
 * (lock held); returns those to free after unlocking. */
static gr_tcache_entry *gr_tc_evict(void)
{
    gr_tcache_entry *freed = NULL;
    gr_tcache_entry *e = gr_tc.lru_tail;
    while (gr_tc.bytes > gr_tc.max_bytes && e != NULL) {
        gr_tcache_entry *prev = e->lru_prev;
        if (e->pins == 0 && e->state == GR_TC_READY) {
            gr_tc_unlink(e);
            gr_tc.evictions++;
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

gr_status gr_tcache_get(const char *key, gr_tcache_solve_fn *solve, void *ctx, size_t result_size,
                        gr_arena *req_arena, gr_tcache_entry **out, const void **result)
{
    *out = NULL;
    *result = NULL;
    if (result_size > GR_TCACHE_RESULT_MAX) {
        return GR_EINTERNAL;
    }
    uint32_t h = gr_tc_hash(key);
    pthread_mutex_lock(&gr_tc.lock);
    bool waited = false;
    for (;;) {
        gr_tcache_entry *e = gr_tc_find(key, h);
        if (e == NULL) {
            break;
        }
        if (e->state == GR_TC_READY) {
            e->pins++;
            if (waited) {
                gr_tc.shared++;
            } else {
                gr_tc.hits++;
            }
            gr_tc_lru_remove(e);
            gr_tc_lru_front(e);
            pthread_mutex_unlock(&gr_tc.lock);
            *out = e;
            *result = e->result;
            return GR_OK;
        }
        /* COMPUTING: wait for the leader, watching our own stop */
        e->pins++;
        while (e->state == GR_TC_COMPUTING) {
            struct timespec ts;
            gr_tc_deadline(&ts, 50);
            pthread_cond_timedwait(&e->done, &gr_tc.lock, &ts);
            gr_status st = req_arena != NULL ? gr_arena_check(req_arena) : GR_OK;
            if (st != GR_OK && e->state == GR_TC_COMPUTING) {
                e->pins--;
                pthread_mutex_unlock(&gr_tc.lock);
                return st;
            }
        }
        waited = true;
        e->pins--;
        if (e->state == GR_TC_FAILED) {
            gr_status f = e->failure;
            bool last = e->pins == 0;
            if (last) {
                gr_tc_free(e); /* unlinked by its leader */
            }
            if (f != GR_ECANCELLED && f != GR_ETIME) {
                pthread_mutex_unlock(&gr_tc.lock);
                return f;
            }
            /* the leader was stopped, not us: try again */
        }
    }
    /* A miss: this request computes. */
    gr_tcache_entry *e = calloc(1, sizeof(*e));
    char *k = strdup(key);
    /* the computation may need more than the table keeps (0.354 computes
     * in 16 bits and keeps 8): at least GR_TCACHE_COMPUTE_MIN; a table over
     * the cache's bound is answered and then dropped */
    gr_arena *arena = gr_arena_create_in(
        gr_tc.max_bytes > GR_TCACHE_COMPUTE_MIN ? gr_tc.max_bytes : GR_TCACHE_COMPUTE_MIN,
        gr_tc.quota);
    if (e == NULL || k == NULL || arena == NULL || pthread_cond_init(&e->done, NULL) != 0) {
        pthread_mutex_unlock(&gr_tc.lock);
        free(e);
        free(k);
        if (arena != NULL) {
            gr_arena_destroy(arena);
        }
        return GR_ENOMEM;
    }
    e->key = k;
    e->hash = h;
    e->state = GR_TC_COMPUTING;
    e->pins = 1;
    e->arena = arena;
    e->linked = true;
    e->hnext = gr_tc.bucket[h % GR_TCACHE_BUCKETS];
    gr_tc.bucket[h % GR_TCACHE_BUCKETS] = e;
    gr_tc_lru_front(e);
    gr_tc.entries++;
    gr_tc.misses++;
    pthread_mutex_unlock(&gr_tc.lock);

    gr_arena_set_stop(arena, req_arena != NULL ? gr_arena_stop(req_arena) : NULL);
    bool keep = true;
    gr_status st = solve(ctx, arena, &e->progress, e->result, &keep);
    gr_arena_set_stop(arena, NULL);
    if (st == GR_ENOMEM && gr_arena_quota_hit(arena)) {
        st = GR_EDECLINED; /* the process's memory is in use: retry later */
    }

    pthread_mutex_lock(&gr_tc.lock);
    gr_tcache_entry *freed = NULL;
    if (st == GR_OK) {
        e->state = GR_TC_READY;
        e->bytes = gr_arena_bytes(arena) + sizeof(*e) + strlen(k) + 1;
        gr_tc.bytes += e->bytes;
        if (!keep) {
            gr_tc_unlink(e); /* its holders read it; the last one frees it */
        }
        freed = gr_tc_evict();
        *out = e;
        *result = e->result;
    } else {
        e->state = GR_TC_FAILED;
        e->failure = st;
        gr_tc_unlink(e);
        gr_arena_destroy(e->arena);
        e->arena = NULL;
        e->pins--;
        if (e->pins == 0) {
            freed = e;
            e->hnext = NULL;
        }
    }
    pthread_cond_broadcast(&e->done);
    pthread_mutex_unlock(&gr_tc.lock);
    gr_tc_free_list(freed);
    return st;
}

void gr_tcache_release(gr_tcache_entry *e)
{
    if (e == NULL) {
        return;
    }
    pthread_mutex_lock(&gr_tc.lock);
    e->pins--;
    /* answered, not kept (solve's *keep): out of the cache already, so the
     * eviction below cannot take it too */
    bool last_of_unkept = e->pins == 0 && !e->linked && e->state == GR_TC_READY;
    gr_tcache_entry *freed = gr_tc_evict();
    if (last_of_unkept) {
        e->hnext = freed;
        freed = e;
    }
    pthread_mutex_unlock(&gr_tc.lock);
    gr_tc_free_list(freed);
}

bool gr_tcache_progress(const char *key, uint64_t *values)
{
    uint32_t h = gr_tc_hash(key);
    pthread_mutex_lock(&gr_tc.lock);
    gr_tcache_entry *e = gr_tc_find(key, h);
    *values = e != NULL ? atomic_load_explicit(&e->progress, memory_order_relaxed) : 0;
    pthread_mutex_unlock(&gr_tc.lock);
    return e != NULL;
}

void gr_tcache_stats_get(gr_tcache_stats *out)
{
    pthread_mutex_lock(&gr_tc.lock);
    out->hits = gr_tc.hits;
    out->misses = gr_tc.misses;
    out->shared = gr_tc.shared;
    out->evictions = gr_tc.evictions;
    out->bytes = gr_tc.bytes;
    out->entries = gr_tc.entries;
    out->max_bytes = gr_tc.max_bytes;
    pthread_mutex_unlock(&gr_tc.lock);
}

size_t gr_tcache_bytes(void)
{
    gr_tcache_stats st;
    gr_tcache_stats_get(&st); /* one locked snapshot */
    return (size_t)st.bytes;
}

void gr_tcache_clear(void)
{
    pthread_mutex_lock(&gr_tc.lock);
    size_t keep = gr_tc.max_bytes;
    gr_tc.max_bytes = 0;
    gr_tcache_entry *freed = gr_tc_evict();
    gr_tc.max_bytes = keep;
    pthread_mutex_unlock(&gr_tc.lock);
    gr_tc_free_list(freed);
}
