/*
 * Hash tables of the game stores (cgt_store.c, ordinal.c) and of the misère
 * search's memo (misere_search.c): open addressing with linear probing over
 * uint32_t slots, 0 the empty slot (element i is stored as i + 1), the
 * capacity a power of two; and the growth of the tables of whole slots
 * (the value searches' memos).
 */
#ifndef GR_PROBE_H
#define GR_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"

/* The empty slot an element of this hash goes to: the first at or after
 * hash (mod cap) going up.  The table must have one. */
static inline size_t gr_probe_empty(const uint32_t *t, size_t cap, uint64_t hash)
{
    size_t j = (size_t)hash & (cap - 1);
    while (t[j] != 0) {
        j = (j + 1) & (cap - 1);
    }
    return j;
}

/* The hash of element i of the store ctx (gr_probe_rebuild). */
typedef uint64_t (*gr_probe_hash_fn)(const void *ctx, size_t i);

/* Replaces *table (of *table_cap slots, NULL when there is none yet) by
 * one of cap slots (a power of two, more than n) holding the elements
 * first..n-1, element i at the slot its hash_of(ctx, i) probes to: the
 * growth of every such table.  GR_ENOMEM leaves *table as it was. */
gr_status gr_probe_rebuild(gr_arena *arena, uint32_t **table, size_t *table_cap, size_t cap,
                           size_t first, size_t n, gr_probe_hash_fn hash_of, const void *ctx);

/* The hash a slot of a table of slots (gr_probe_double) was placed by. */
typedef uint64_t (*gr_probe_slot_hash_fn)(const void *slot);

/* Doubles a table of *cap slots of `size` bytes each (zeroed when free,
 * the byte at used_at, a flag, non-zero when not; NULL and 0 when there is none
 * yet: then 1024 slots), placing each used slot at the first free one from
 * its hash: the growth of the searches' value tables (cgt_memo.c,
 * pgame_table.c).  GR_ENOMEM leaves *tab as it was. */
gr_status gr_probe_double(gr_arena *arena, void **tab, size_t *cap, size_t size, size_t used_at,
                          gr_probe_slot_hash_fn hash);

#endif
