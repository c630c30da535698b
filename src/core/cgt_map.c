/*
 * The memo tables of the cgt store: 64-bit keys (usually a pair of
 * handles) to 32-bit values, open addressing with linear probing, doubled
 * at half load.  Entries are never deleted one by one; a whole map is
 * emptied by moving to the next generation, which is what the comparisons
 * with a game under simplification need between two simplifications.
 */
#include "cgt_internal.h"

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
        gr_cgt_map_slot *slots = GR_ARENA_ARRAY(a, gr_cgt_map_slot, 2 * old.cap);
        if (slots == NULL) {
            return GR_ENOMEM;
        }
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
