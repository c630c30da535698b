/*
 * Replicas sharing one store (docs/octal.md, "Replicas"): a table that
 * grows past what the store holds is grown by the one replica holding its
 * lease (store/table_lease.c); the others, asked for values past their
 * copy, read the owner's checkpoints from the store instead of computing
 * the same values again, and wait for the next one.  A lease expires
 * unless renewed (the owner renews it every GR_TCACHE_LEASE_RENEW_NS of
 * growth), so a replica that died or stopped growing hands the table on:
 * the next replica that needs it grown takes the lease over.
 */
#include "tables/table_cache_internal.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "store/table_convert.h"
#include "store/table_file.h"

#include <fcntl.h>
#include <sys/stat.h>

#define GR_TCACHE_LEASE_TTL_MS 10000u

void gr_tcache_owner_init(gr_tcache *tc)
{
    char host[64] = {0};
    gethostname(host, sizeof(host) - 1);
    for (char *p = host; *p != '\0'; p++) {
        *p = *p == ' ' ? '_' : *p;
    }
    snprintf(tc->owner, sizeof(tc->owner), "%s-%ld-%llx", host, (long)getpid(),
             (unsigned long long)gr_tcache_now_ns());
}

/* A table the store holds past what e has, as e's table (outside the lock,
 * e->growing claimed so that nobody else touches its grower): a confirmed
 * one final, a checkpoint through a new grower seeded with it.  The
 * replaced grower's arrays stay in e's arena (holders may read them) until
 * the entry goes.  *out: the new grower, or NULL for a final table. */
static bool replica_adopt(gr_tcache *tc, gr_tcache_entry *e, const char *key,
                          gr_octal_grower **grower, gr_octal_table *final)
{
    gr_arena *tmp = gr_arena_create_in(gr_tcache_arena_budget(tc), tc->quota);
    if (tmp == NULL) {
        return false;
    }
    gr_tstore_table st = {0};
    bool found = false, adopted = false;
    if (gr_tstore_load(tc->store, GR_TSTORE_OCTAL, key, tmp, &st, &found) == GR_OK && found &&
        st.max_value <= GR_OCTAL_MAX_GRUNDY && gr_tstore_trust(&st) == NULL &&
        (st.periodic || st.count > e->snap.computed)) {
        const char *why = NULL;
        *grower = NULL;
        if (st.periodic) {
            /* a final table shares its values: they move to e's arena */
            size_t bytes = (size_t)st.count * st.width;
            void *v = gr_arena_alloc(e->arena, bytes);
            if (v != NULL) {
                memcpy(v, st.values, bytes);
                st.values = v;
                adopted = gr_tstore_to_octal(&st, e->arena, final, &why) == GR_OK;
            }
        } else if (gr_octal_grower_new(e->arena, &e->code, tc->max_octal_values, grower) == GR_OK &&
                   gr_octal_grower_seed(*grower, st.values, st.width, st.count) == GR_OK) {
            adopted = true;
        }
    }
    gr_arena_destroy(tmp);
    return adopted;
}

/* Whether key's file changed since e last looked (its size and time): a
 * look costs a stat, a load reads the whole file. */
static bool replica_changed(gr_tcache *tc, gr_tcache_entry *e, const char *key)
{
    char name[GR_TFILE_NAME_MAX];
    gr_tfile_name(GR_TSTORE_OCTAL, key, name);
    struct stat sb;
    if (fstatat(gr_tstore_dir_fd(tc->store), name, &sb, 0) != 0) {
        return false;
    }
    uint64_t seen = (uint64_t)sb.st_size * 1000003u ^ (uint64_t)sb.st_mtim.tv_sec * 1000000000u ^
                    (uint64_t)sb.st_mtim.tv_nsec;
    if (seen == e->replica_seen) {
        return false;
    }
    e->replica_seen = seen; /* written by the thread that claimed e */
    return true;
}

bool gr_tcache_replica_elsewhere(gr_tcache *tc, gr_tcache_entry *e, uint64_t target)
{
    if (tc->store == NULL || e->grower == NULL) {
        return false;
    }
    uint64_t now = gr_tcache_now_ns();
    if (e->lease_ns != 0 && now - e->lease_ns < GR_TCACHE_LEASE_RENEW_NS) {
        return false; /* ours, renewed lately */
    }
    if (target <= GR_TCACHE_LEASE_MIN) {
        return false; /* a small growth: cheaper to do than to share */
    }
    bool taken = e->lease_ns == 0; /* a new lease (maybe a dead owner's): its checkpoint too */
    char key[GR_OCTAL_MAX_DIGITS + 4];
    gr_octal_canonical(&e->code, key);
    pthread_mutex_unlock(&tc->lock);
    gr_tlease_state ls =
        gr_tlease_take(tc->store, GR_TSTORE_OCTAL, key, tc->owner, GR_TCACHE_LEASE_TTL_MS);
    gr_octal_grower *grower = NULL;
    gr_octal_table final;
    bool adopted = (ls == GR_TLEASE_OTHER || (ls == GR_TLEASE_MINE && taken)) &&
                   replica_changed(tc, e, key) && replica_adopt(tc, e, key, &grower, &final);
    pthread_mutex_lock(&tc->lock);
    e->lease_ns = ls == GR_TLEASE_MINE ? now : 0;
    if (adopted) {
        if (grower == NULL) {
            e->grower = NULL;
            e->gen++;
            e->pins_old = e->pins;
            e->snap = final;
            e->final = e->final_ok = true;
            e->saved = final.computed;
        } else {
            e->grower = grower;
            gr_tcache_octal_publish(tc, e);
            e->saved = e->snap.computed;
        }
        atomic_store_explicit(&e->progress, e->snap.computed, memory_order_relaxed);
        tc->store_loads++;
        tc->replica_loads++;
    }
    if (e->grower == NULL && e->searching) {
        e->searching = false; /* confirmed elsewhere: nothing left to grow */
        tc->searching--;
    }
    if (ls != GR_TLEASE_OTHER && e->grower != NULL) {
        return false;
    }
    /* another's, or final now: not grown here (at once looked at again
     * when final, the caller's loop then ends) */
    e->elsewhere_until = e->grower != NULL ? now + GR_TCACHE_REPLICA_POLL_NS : 0;
    e->growing = false;
    pthread_cond_broadcast(&e->done);
    return true;
}

void gr_tcache_replica_release(gr_tcache *tc, gr_tcache_entry *e)
{
    if (tc->store != NULL && e->octal && e->lease_ns != 0) {
        char key[GR_OCTAL_MAX_DIGITS + 4];
        gr_octal_canonical(&e->code, key);
        gr_tlease_drop(tc->store, GR_TSTORE_OCTAL, key, tc->owner);
    }
}
