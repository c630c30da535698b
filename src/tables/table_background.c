/*
 * The table cache's background period search: workers at the lowest
 * priority grow the octal tables that are still searching, in slices,
 * yielding to any request that waits for the same table, and write due
 * tables to the store.
 */
#include "tables/table_cache_internal.h"

#include <sched.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/* ---- the background period search --------------------------------------- */

/* The next entry to grow (lock held): alternately the one asked most
 * recently and the one served least, among those searching that no
 * request waits for; NULL: none.  *save: e is only due for a write. */
static gr_tcache_entry *bg_pick(gr_tcache *tc, bool *save)
{
    gr_tcache_entry *recent = NULL, *least = NULL;
    *save = false;
    for (gr_link *l = tc->lru.next; l != &tc->lru; l = l->next) {
        gr_tcache_entry *e = GR_LINK_ENTRY(l, gr_tcache_entry, lru);
        if (!e->octal || e->state != GR_TC_READY || e->growing) {
            continue;
        }
        if (gr_tcache_octal_save_due(tc, e)) {
            *save = true;
            return e;
        }
        if (!e->searching || e->waiting > 0 || !gr_tcache_bg_budget_left(tc, e) ||
            e->elsewhere_until > gr_tcache_now_ns()) {
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

void *gr_tcache_background(void *arg)
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
            gr_tcache_deadline(&ts, 1000);
            pthread_cond_timedwait(&tc->work, &tc->lock, &ts);
            continue;
        }
        e->pins++;
        if (save) {
            e->saving = true;
            gr_octal_table t = e->snap;
            pthread_mutex_unlock(&tc->lock);
            gr_tcache_octal_save(tc, e, &t);
            gr_tcache_release(e);
            pthread_mutex_lock(&tc->lock);
            continue;
        }
        e->growing = true;
        if (gr_tcache_replica_elsewhere(tc, e, UINT64_MAX)) {
            pthread_mutex_unlock(&tc->lock); /* another replica grows it */
            gr_tcache_release(e);
            pthread_mutex_lock(&tc->lock);
            continue;
        }
        e->served++;
        tc->bg_slices++;
        uint64_t before = e->snap.computed, t0 = gr_tcache_now_ns();
        gr_stop stop = {&e->yield, &tc->stopping, t0 + GR_TCACHE_SLICE_NS};
        gr_tcache_octal_grow(tc, e, &stop, UINT64_MAX);
        tc->bg_values += e->snap.computed - before;
        uint64_t spent = gr_tcache_now_ns() - t0;
        tc->bg_ns += spent;
        e->bg_ns += spent; /* wall time: at least the CPU time it took */
        pthread_mutex_unlock(&tc->lock);
        gr_tcache_release(e);
        pthread_mutex_lock(&tc->lock);
    }
    pthread_mutex_unlock(&tc->lock);
    return NULL;
}
