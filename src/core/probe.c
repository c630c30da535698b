/*
 * Growth of the linear-probing tables of probe.h: one rebuild for the
 * game stores and the misère search's memo.
 */
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
