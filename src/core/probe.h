/*
 * Hash tables of the game stores (cgt_store.c, ordinal.c) and of the misère
 * search's memo (misere_search.c): open addressing with linear probing over
 * uint32_t slots, 0 the empty slot (element i is stored as i + 1), the
 * capacity a power of two.
 */
#ifndef GR_PROBE_H
#define GR_PROBE_H

#include <stddef.h>
#include <stdint.h>

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

#endif
