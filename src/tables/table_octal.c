/*
 * The table cache's octal entries (table_cache.c describes their life):
 * made from the store or started empty, grown as requests need them in
 * whole chunks, published to their holders, written back to the store.
 */
#include "tables/table_cache_internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "store/table_convert.h"

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
    e->arena = gr_arena_create_in(gr_tcache_arena_budget(tc), tc->quota);
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
        const char *bad = found ? gr_tstore_trust(&st) : NULL;
        if (bad != NULL) {
            /* checksums pass, values do not: never grown or promoted */
            gr_tstore_reject(tc->store, GR_TSTORE_OCTAL, key, bad);
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
    if (!e->final && e->linked && e->tc->nworkers > 0 && gr_tcache_bg_budget_left(e->tc, e)) {
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

void gr_tcache_octal_publish(gr_tcache *tc, gr_tcache_entry *e)
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
    gr_tcache_recharge(tc, e);
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
bool gr_tcache_octal_save_due(const gr_tcache *tc, const gr_tcache_entry *e)
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
void gr_tcache_octal_save(gr_tcache *tc, gr_tcache_entry *e, const gr_octal_table *t)
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
/* Whether stop's own deadline has passed. */
static bool octal_stop_due(const gr_stop *stop)
{
    return stop != NULL && stop->deadline_ns != 0 && gr_tcache_now_ns() >= stop->deadline_ns;
}

gr_status gr_tcache_octal_grow(gr_tcache *tc, gr_tcache_entry *e, const gr_stop *stop,
                               uint64_t target)
{
    bool reclaim = octal_reclaimable(e);
    gr_stop lease_stop = stop != NULL ? *stop : (gr_stop){0};
    if (e->lease_ns != 0) {
        /* the lease is renewed between runs: each ends by its renewal */
        uint64_t renew = e->lease_ns + GR_TCACHE_LEASE_RENEW_NS;
        if (lease_stop.deadline_ns == 0 || renew < lease_stop.deadline_ns) {
            lease_stop.deadline_ns = renew;
        }
        stop = &lease_stop;
    }
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
    gr_tcache_octal_publish(tc, e);
    if (st != GR_OK && st != GR_ETIME && st != GR_ECANCELLED && e->linked) {
        /* the grower cannot go on: the next request starts the table anew
         * (from the store, or from nothing); holders keep what it has */
        gr_tcache_unlink(tc, e);
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

/* Where a request's growth toward target stops next (lock held): at the
 * next checkpoint when the store takes one (65,536 values, then each
 * doubling of what the store holds), so the checkpoint is written there. */
static uint64_t octal_step(const gr_tcache *tc, const gr_tcache_entry *e, uint64_t target)
{
    if (tc->store == NULL || !gr_tstore_writable(tc->store)) {
        return target;
    }
    uint64_t next =
        e->saved >= GR_TCACHE_CHECKPOINT_MIN / 2 ? 2 * e->saved : GR_TCACHE_CHECKPOINT_MIN;
    return next > e->snap.computed && next < target ? next : target;
}

/* A request asked e past what is computed (lock held): e's background
 * budget again, when it is in the queue or the queue has room for it
 * within the client's share; the bounds keep a client that asks about a
 * thousand codes from queueing more than its share of the search. */
static void octal_queue(gr_tcache *tc, gr_tcache_entry *e, uint64_t client)
{
    if (!e->bg_queued) {
        unsigned all = 0, mine = 0;
        for (gr_link *l = tc->lru.next; l != &tc->lru; l = l->next) {
            gr_tcache_entry *o = GR_LINK_ENTRY(l, gr_tcache_entry, lru);
            if (o->bg_queued && !o->final && gr_tcache_bg_budget_left(tc, o)) {
                all++;
                mine += o->bg_client == client;
            } else {
                o->bg_queued = false; /* spent or done: out of the queue */
            }
        }
        if (all >= GR_TCACHE_BG_QUEUE || mine >= GR_TCACHE_BG_PER_CLIENT) {
            tc->bg_refused++;
            return;
        }
        e->bg_queued = true;
        e->bg_client = client;
    }
    e->bg_ns = 0;
}

gr_status gr_tcache_octal(gr_tcache *tc, const gr_octal_code *code, uint64_t need,
                          gr_arena *req_arena, gr_tcache_entry **held, gr_octal_table *table,
                          gr_period_status *status)
{
    return gr_tcache_octal_for(tc, 0, code, need, req_arena, held, table, status);
}

gr_status gr_tcache_octal_for(gr_tcache *tc, uint64_t client, const gr_octal_code *code,
                              uint64_t need, gr_arena *req_arena, gr_tcache_entry **held,
                              gr_octal_table *table, gr_period_status *status)
{
    *held = NULL;
    char key[GR_OCTAL_MAX_DIGITS + 16];
    gr_tcache_octal_key(code, key, sizeof(key));
    uint32_t h = gr_tcache_hash(key);
    const gr_stop *stop = req_arena != NULL ? gr_arena_stop(req_arena) : NULL;
    gr_tcache_entry *freed = NULL, *e;
    bool waited;
    pthread_mutex_lock(&tc->lock);
    gr_status found = gr_tcache_lookup(tc, key, h, req_arena, &e, &waited, &freed);
    if (found != GR_OK) {
        gr_tcache_unlock(tc, NULL, freed);
        return found;
    }
    if (e != NULL) {
        tc->hits++;
    }
    if (e == NULL) {
        if ((e = gr_tcache_new(tc, key, h)) == NULL) {
            gr_tcache_unlock(tc, NULL, freed);
            return GR_ENOMEM;
        }
        e->octal = true;
        e->code = *code;
        tc->misses++;
        pthread_mutex_unlock(&tc->lock);
        gr_status st = octal_make(e);
        pthread_mutex_lock(&tc->lock);
        if (st != GR_OK) {
            gr_arena *dead = gr_tcache_fail(tc, e, st, &freed);
            pthread_cond_broadcast(&e->done);
            gr_tcache_unlock(tc, dead, freed);
            return st;
        }
        if (e->saved > 0) {
            tc->store_loads++;
        }
        e->state = GR_TC_READY;
        gr_tcache_recharge(tc, e);
        pthread_cond_broadcast(&e->done);
    }
    e->asked = gr_tcache_now_ns();
    if (need > e->snap.computed && !e->snap.periodic) {
        octal_queue(tc, e, client); /* asked beyond what is computed */
    }
    gr_tcache_lru_touch(tc, e);
    /* grow it as far as this request needs, in whole chunks */
    gr_status st = GR_OK;
    uint64_t target = octal_target(code, need);
    while (!e->final && !e->snap.periodic && e->snap.computed < need) {
        if (e->growing) {
            e->waiting++;
            atomic_store(&e->yield, 1);
            struct timespec ts;
            gr_tcache_deadline(&ts, 50);
            pthread_cond_timedwait(&e->done, &tc->lock, &ts);
            e->waiting--;
            st = req_arena != NULL ? gr_arena_check(req_arena) : GR_OK;
            if (st != GR_OK) {
                break;
            }
            continue;
        }
        e->growing = true;
        uint64_t step = octal_step(tc, e, target);
        if (gr_tcache_replica_elsewhere(tc, e, step)) {
            /* another replica grows it: its next checkpoint, or its lease
             * expiring, comes first */
            while (gr_tcache_now_ns() < e->elsewhere_until && st == GR_OK) {
                struct timespec ts;
                gr_tcache_deadline(&ts, 50);
                pthread_cond_timedwait(&e->done, &tc->lock, &ts);
                st = req_arena != NULL ? gr_arena_check(req_arena) : GR_OK;
            }
            if (st != GR_OK) {
                break;
            }
            continue;
        }
        st = gr_tcache_octal_grow(tc, e, stop, step);
        if (st == GR_ETIME && !octal_stop_due(stop)) {
            st = GR_OK; /* the lease's renewal, not the request's time */
        }
        if (st != GR_OK) {
            break;
        }
        if (gr_tcache_octal_save_due(tc, e)) {
            /* a checkpoint at each doubling, even within one long growth:
             * a daemon killed later restarts from it (the write costs
             * O(values) once per doubling: the growth's own order) */
            e->saving = true;
            gr_octal_table t = e->snap;
            pthread_mutex_unlock(&tc->lock);
            gr_tcache_octal_save(tc, e, &t);
            pthread_mutex_lock(&tc->lock);
        }
    }
    freed = gr_tcache_evict(tc, tc->max_bytes);
    octal_mark(tc, e);
    bool save = tc->nworkers == 0 && gr_tcache_octal_save_due(tc, e);
    if (save) {
        e->saving = true;
    }
    if (e->searching) {
        pthread_cond_signal(&tc->work);
    }
    octal_hold(e, table, status);
    pthread_mutex_unlock(&tc->lock);
    gr_tcache_free_list(freed);
    if (save) { /* no background workers: this request writes it */
        gr_tcache_octal_save(tc, e, table);
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
        gr_tcache_recharge(tc, e);
        pthread_cond_broadcast(&e->done);
    }
    /* answered, not kept: out of the cache already, so the eviction below
     * cannot take it too */
    bool last_of_unlinked = !e->linked && gr_tcache_idle(e);
    gr_tcache_entry *freed = gr_tcache_evict(tc, tc->max_bytes);
    if (last_of_unlinked) {
        e->hnext = freed;
        freed = e;
    }
    pthread_mutex_unlock(&tc->lock);
    gr_tcache_free_list(freed);
}

bool gr_tcache_octal_state(gr_tcache *tc, const gr_octal_code *code, uint64_t *values,
                           gr_period_status *status)
{
    char key[GR_OCTAL_MAX_DIGITS + 16];
    gr_tcache_octal_key(code, key, sizeof(key));
    uint32_t h = gr_tcache_hash(key);
    pthread_mutex_lock(&tc->lock);
    gr_tcache_entry *e = gr_tcache_find(tc, key, h);
    bool ok = e != NULL && e->octal && e->state == GR_TC_READY;
    if (ok) {
        *values = e->snap.computed;
        *status = octal_status(e);
    }
    pthread_mutex_unlock(&tc->lock);
    return ok;
}
