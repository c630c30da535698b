/*
 * Growth of the linear-probing tables of probe.h: one rebuild for the
 * game stores and the misère search's memo, one doubling for the value
 * searches' tables of whole slots.
 */
#include <string.h>

#include "core/probe.h"

gr_status gr_probe_rebuild(gr_arena *arena, uint32_t **table, size_t *table_cap, size_t cap,
                           size_t first, size_t n, gr_probe_hash_fn hash_of, const void *ctx)
{
    uint32_t *t = GR_ARENA_ARRAY(arena, uint32_t, cap);
    if (t == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = first; i < n; i++) {
        t[gr_probe_empty(t, cap, hash_of(ctx, i))] = (uint32_t)i + 1;
    }
    if (*table != NULL) {
        gr_arena_free(arena, *table, *table_cap * sizeof(uint32_t));
    }
    *table = t;
    *table_cap = cap;
    return GR_OK;
}

gr_status gr_probe_double(gr_arena *arena, void **tab, size_t *cap, size_t size, size_t used_at,
                          gr_probe_slot_hash_fn hash)
{
    size_t ncap = *cap == 0 ? 1024 : 2 * *cap;
    unsigned char *t = gr_arena_calloc(arena, ncap, size), *old = *tab;
    if (t == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < *cap; i++) {
        if (old[i * size + used_at] == 0) {
            continue;
        }
        size_t j = (size_t)hash(old + i * size) & (ncap - 1);
        while (t[j * size + used_at] != 0) {
            j = (j + 1) & (ncap - 1);
        }
        memcpy(t + j * size, old + i * size, size);
    }
    if (old != NULL) {
        gr_arena_free(arena, old, *cap * size);
    }
    *tab = t;
    *cap = ncap;
    return GR_OK;
}
