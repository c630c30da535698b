/*
 * What the table cache's files share (table_cache.c: the table, solved
 * entries and the object; table_octal.c: octal entries; table_background.c:
 * the background period search): the entries, the cache, and the
 * functions over them that take the lock as their comments say.
 */
#ifndef GR_JSON_TABLE_CACHE_INTERNAL_H
#define GR_JSON_TABLE_CACHE_INTERNAL_H

#include "core/list.h"
#include "tables/table_cache.h"

#include <pthread.h>
#include <time.h>

#define GR_TCACHE_BUCKETS 1024u
#define GR_TCACHE_COMPUTE_MIN ((size_t)256 << 20)
#define GR_TCACHE_SLICE_NS 100000000u   /* a background worker's slice */
#define GR_TCACHE_REQUEST_MIN 256u      /* a request grows a table to at least this */
#define GR_TCACHE_CHECKPOINT_MIN 65536u /* values before a growing table is checkpointed */
#define GR_TCACHE_MAX_WORKERS 64u
#define GR_TCACHE_BG_PER_CLIENT 64u /* tables one client may have in the background queue */
#define GR_TCACHE_BG_QUEUE 256u     /* tables in the background queue, all clients */
#define GR_TCACHE_LEASE_RENEW_NS 2000000000u /* a growing owner renews its lease */
#define GR_TCACHE_LEASE_MIN 16384u           /* growths to more values take a lease */
#define GR_TCACHE_REPLICA_POLL_NS 500000000u /* a non-owner reads the store again */

typedef enum { GR_TC_COMPUTING, GR_TC_READY, GR_TC_FAILED } gr_tcache_state;

struct gr_tcache_entry {
    gr_tcache *tc;
    uint32_t hash;
    gr_tcache_state state;
    gr_status failure;
    unsigned pins;
    bool linked;
    size_t bytes;
    gr_arena *arena;
    pthread_cond_t done;
    _Atomic uint64_t progress;
    struct gr_tcache_entry *hnext; /* hash chain */
    gr_link lru;                   /* on gr_tcache.lru while linked */
    /* octal entries */
    bool octal;
    gr_octal_code code;
    gr_octal_grower *grower; /* NULL: the table is final (read whole from the store) */
    gr_octal_table snap;     /* as last published */
    unsigned gen;            /* bumped when snap.values moves to a new array */
    unsigned pins_old;       /* holds taken before the last bump */
    bool growing;
    bool final;        /* the grower will not grow again (published with snap) */
    bool final_ok;     /* ... and not for a failure: the table is whole */
    unsigned waiting;  /* requests waiting to grow it */
    _Atomic int yield; /* a background worker's stop: a request needs it */
    bool searching;    /* the background has work left on it */
    bool saving;
    uint64_t saved;           /* values in the store's file */
    uint64_t asked;           /* when a request last asked (ns) */
    uint64_t served;          /* background slices it had */
    uint64_t bg_ns;           /* background time spent since a request last asked beyond it */
    bool bg_queued;           /* in the background queue (admitted within the bounds) */
    uint64_t bg_client;       /* whose share it counts against */
    uint64_t lease_ns;        /* when this daemon took or renewed its lease; 0: none */
    uint64_t elsewhere_until; /* another replica grows it: not before this (ns) */
    uint64_t replica_seen;    /* the store file's size and time when last read */
    _Alignas(16) unsigned char result[GR_TCACHE_RESULT_MAX];
    char key[]; /* in the entry's own allocation */
};

struct gr_tcache {
    pthread_mutex_t lock;
    gr_tcache_entry *bucket[GR_TCACHE_BUCKETS];
    gr_link lru; /* the linked entries, most recently used first */
    size_t max_bytes, bytes;
    uint64_t entries, hits, misses, shared, evictions;
    uint64_t max_octal_values;
    gr_arena_quota *quota;
    gr_tstore *store;
    uint64_t store_loads, store_saves;
    _Atomic uint64_t quotient_builds;
    /* background */
    pthread_cond_t work;
    _Atomic int stopping;
    unsigned nworkers;
    pthread_t workers[GR_TCACHE_MAX_WORKERS];
    uint64_t searching, bg_values, bg_ns, bg_slices;
    uint64_t bg_budget_ns;  /* --background-seconds a code; 0: no bound */
    uint64_t replica_loads; /* checkpoints of other replicas adopted */
    uint64_t bg_refused;    /* asks past a table the background queue had no room for */
    char owner[128];        /* this daemon's name on leases (table_replica.c) */
};

/* Whether the background may still grow e (lock held): its per-code
 * budget is not spent.  An idle daemon is idle: a code nobody asks about
 * any more stops costing CPU once its budget is spent. */
static inline bool gr_tcache_bg_budget_left(const gr_tcache *tc, const gr_tcache_entry *e)
{
    return e->bg_queued && (tc->bg_budget_ns == 0 || e->bg_ns < tc->bg_budget_ns);
}

/* FNV-1a of a key: its hash bucket. */
uint32_t gr_tcache_hash(const char *s);

/* The linked entry of key (hash h), or NULL (lock held). */
gr_tcache_entry *gr_tcache_find(gr_tcache *tc, const char *key, uint32_t h);

/* A linked e becomes the most recently used (lock held). */
void gr_tcache_lru_touch(gr_tcache *tc, gr_tcache_entry *e);

/* Unlinks e from the hash chain and the LRU list. */
void gr_tcache_unlink(gr_tcache *tc, gr_tcache_entry *e);

/* Nobody holds, grows or saves e (lock held). */
bool gr_tcache_idle(const gr_tcache_entry *e);

/* Unlinks idle entries from the LRU tail while over the bound; returns
 * them, to be freed after unlocking. */
gr_tcache_entry *gr_tcache_evict(gr_tcache *tc, size_t bound);

/* Frees a list of let-go entries (through hnext), lock not held. */
void gr_tcache_free_list(gr_tcache_entry *e);

/* ms from now on the clock the condition variables wait by. */
void gr_tcache_deadline(struct timespec *ts, long ms);

/* Re-reads e's arena size into the cache's byte count. */
void gr_tcache_recharge(gr_tcache *tc, gr_tcache_entry *e);

/* A new entry (COMPUTING, held once by its maker), linked. */
gr_tcache_entry *gr_tcache_new(gr_tcache *tc, const char *key, uint32_t h);

/* Finds key's entry (lock held) and waits while it is computed: *found
 * is it, READY and held, or NULL when there is none (a miss: the caller
 * computes).  An entry whose computation failed is let go; when its leader
 * was stopped (time, cancellation) and not this request, it is looked up
 * again, with *waited set.  Entries let go for the last time go to *freed
 * (freed after unlocking).  Else the failure, or this request's stop. */
gr_status gr_tcache_lookup(gr_tcache *tc, const char *key, uint32_t h, gr_arena *req_arena,
                           gr_tcache_entry **found, bool *waited, gr_tcache_entry **freed);

/* Marks a computing entry FAILED with st (lock held), unlinked, its hold
 * dropped; returns its arena, to be destroyed after unlocking. */
gr_arena *gr_tcache_fail(gr_tcache *tc, gr_tcache_entry *e, gr_status st, gr_tcache_entry **freed);

/* Unlocks, then frees what the lock-held work let go. */
void gr_tcache_unlock(gr_tcache *tc, gr_arena *dead, gr_tcache_entry *freed);

/* The memory budget of an entry's arena. */
size_t gr_tcache_arena_budget(const gr_tcache *tc);

/* The monotonic clock, ns. */
uint64_t gr_tcache_now_ns(void);

/* The store gets e's table when it is final or has doubled since the
 * last write (lock held: *t is then a table the caller holds). */
bool gr_tcache_octal_save_due(const gr_tcache *tc, const gr_tcache_entry *e);

/* Writes e's published table to the store, the caller holding e and
 * e->saving set (so no other thread saves it meanwhile). */
void gr_tcache_octal_save(gr_tcache *tc, gr_tcache_entry *e, const gr_octal_table *t);

/* Runs e's grower on this thread to target (lock held on entry and on
 * return; e->growing set by the caller).  Frees the replaced arrays first
 * when nobody reads them. */
gr_status gr_tcache_octal_grow(gr_tcache *tc, gr_tcache_entry *e, const gr_stop *stop,
                               uint64_t target);

/* Publishes what e's grower has (lock held, by the thread that grew). */
void gr_tcache_octal_publish(gr_tcache *tc, gr_tcache_entry *e);

/* This daemon's lease owner name (host, pid, start time). */
void gr_tcache_owner_init(gr_tcache *tc);

/* Before growing e to target (lock held, e->growing claimed by the
 * caller; past GR_TCACHE_LEASE_MIN values, smaller growths are not
 * shared): false when this daemon may grow it (its lease, taken or
 * renewed, or no store to share); true when another replica's live lease
 * has it, or the store's confirmed table was adopted (nothing to grow),
 * e->growing then cleared: the owner's latest checkpoint (if
 * larger) is adopted meanwhile, and e->elsewhere_until says when to look
 * again.  Drops the lock around the file I/O. */
bool gr_tcache_replica_elsewhere(gr_tcache *tc, gr_tcache_entry *e, uint64_t target);

/* Gives e's lease up when this daemon holds it (lock not held). */
void gr_tcache_replica_release(gr_tcache *tc, gr_tcache_entry *e);

/* A background worker of the period search (pthread_create's start). */
void *gr_tcache_background(void *arg);

#endif
