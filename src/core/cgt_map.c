/*
 * The memo tables of the cgt store: 64-bit keys (usually a pair of
 * handles) to 32-bit values, open addressing with linear probing, doubled
 * at half load.  Entries are never deleted one by one; a whole map is
 * emptied by moving to the next generation, which is what the comparisons
 * with a game under simplification need between two simplifications.
 */
#include "cgt_internal.h"

#include <string.h>

#include "core/huge_pages.h"

static size_t gr_cgt_map_hash(uint64_t key, size_t cap)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ULL;
    key ^= key >> 33;
    return (size_t)key & (cap - 1);
}

gr_status gr_cgt_map_init(gr_arena *a, gr_cgt_map *m, size_t cap)
{
    m->slots = GR_ARENA_ARRAY(a, gr_cgt_map_slot, cap);
    if (m->slots == NULL) {
        return GR_ENOMEM;
    }
    m->cap = cap;
    m->count = 0;
    m->gen = 1;
    return GR_OK;
}

bool gr_cgt_map_get(const gr_cgt_map *m, uint64_t key, uint32_t *value)
{
    for (size_t i = gr_cgt_map_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        const gr_cgt_map_slot *e = &m->slots[i];
        if (e->gen != m->gen) {
            return false;
        }
        if (e->key == key) {
            *value = e->value;
            return true;
        }
    }
}

static void gr_cgt_map_place(gr_cgt_map *m, uint64_t key, uint32_t value)
{
    for (size_t i = gr_cgt_map_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        gr_cgt_map_slot *e = &m->slots[i];
        if (e->gen != m->gen) {
            e->key = key;
            e->value = value;
            e->gen = m->gen;
            m->count++;
            return;
        }
        if (e->key == key) {
            e->value = value;
            return;
        }
    }
}

gr_status gr_cgt_map_put(gr_arena *a, gr_cgt_map *m, uint64_t key, uint32_t value)
{
    if (2 * (m->count + 1) > m->cap) {
        gr_cgt_map old = *m;
        gr_cgt_map_slot *slots = GR_ARENA_ARRAY_UNINIT(a, gr_cgt_map_slot, 2 * old.cap);
        if (slots == NULL) {
            return GR_ENOMEM;
        }
        gr_huge_pages(slots, 2 * old.cap * sizeof(gr_cgt_map_slot)); /* as the leq map's */
        memset(slots, 0, 2 * old.cap * sizeof(gr_cgt_map_slot));
        m->slots = slots;
        m->cap = 2 * old.cap;
        m->count = 0;
        m->gen = 1;
        for (size_t i = 0; i < old.cap; i++) {
            if (old.slots[i].gen == old.gen) {
                gr_cgt_map_place(m, old.slots[i].key, old.slots[i].value);
            }
        }
        gr_arena_free(a, old.slots, old.cap * sizeof(gr_cgt_map_slot));
    }
    gr_cgt_map_place(m, key, value);
    return GR_OK;
}

void gr_cgt_map_clear(gr_cgt_map *m)
{
    m->count = 0;
    m->gen++;
    if (m->gen == 0) { /* wrapped: wipe for real */
        memset(m->slots, 0, m->cap * sizeof(gr_cgt_map_slot));
        m->gen = 1;
    }
}

gr_status gr_cgt_leq_map_init(gr_arena *a, gr_cgt_leq_map *m, size_t cap)
{
    m->slots = GR_ARENA_ARRAY(a, uint64_t, cap);
    m->cap = m->slots != NULL ? cap : 0;
    m->count = 0;
    return m->slots != NULL ? GR_OK : GR_ENOMEM;
}

static void gr_cgt_leq_map_place(uint64_t *slots, size_t cap, uint64_t e)
{
    uint64_t key = e & ~(1ULL << 63), h = key * 0x9E3779B97F4A7C15ULL;
    size_t i = (size_t)(h ^ (h >> 29)) & (cap - 1);
    while (slots[i] != 0) {
        i = (i + 1) & (cap - 1);
    }
    slots[i] = e;
}

gr_status gr_cgt_leq_map_put(gr_arena *a, gr_cgt_leq_map *m, gr_cgt x, gr_cgt y, bool le)
{
    if (x >= (1u << 31) || y >= (1u << 31)) {
        return GR_ELIMIT;
    }
    if (2 * (m->count + 1) > m->cap) {
        /* huge pages asked before the first touch: the table is read at
         * random, and with 4 KiB pages nearly every read past a few MB
         * also misses the TLB */
        uint64_t *slots = GR_ARENA_ARRAY_UNINIT(a, uint64_t, 2 * m->cap);
        if (slots == NULL) {
            return GR_ENOMEM;
        }
        gr_huge_pages(slots, 2 * m->cap * sizeof(uint64_t));
        memset(slots, 0, 2 * m->cap * sizeof(uint64_t));
        for (size_t i = 0; i < m->cap; i++) {
            if (m->slots[i] != 0) {
                gr_cgt_leq_map_place(slots, 2 * m->cap, m->slots[i]);
            }
        }
        gr_arena_free(a, m->slots, m->cap * sizeof(uint64_t));
        m->slots = slots;
        m->cap *= 2;
    }
    /* the caller asked gr_cgt_leq_map_get first: the pair is new */
    gr_cgt_leq_map_place(m->slots, m->cap, ((uint64_t)x << 32) | y | (uint64_t)le << 63);
    m->count++;
    return GR_OK;
}
