/*
 * The ruleset engine's tables keyed by position bytes and its stack of
 * positions (pgame_internal.h).
 */
#include <string.h>

#include "core/pgame_internal.h"
#include "core/probe.h"

uint64_t gr_pg_hash(const uint8_t *k, size_t len)
{
    /* FNV-1a over 8-byte words, then a finaliser (splitmix64's) */
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    uint64_t tail = 0;
    for (size_t j = 0; i < len; i++, j++) {
        tail |= (uint64_t)k[i] << (8 * j);
    }
    h = (h ^ tail) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 29);
}

static size_t gr_pg_find(const gr_pg_table *t, uint32_t h, const uint8_t *k, size_t len,
                         bool *found)
{
    size_t i = (size_t)h & (t->cap - 1);
    for (;; i = (i + 1) & (t->cap - 1)) {
        const gr_pg_slot *s = &t->slots[i];
        if (!s->used) {
            *found = false;
            return i;
        }
        if (s->hash == h && s->len == len && memcmp(t->keys + s->off, k, len) == 0) {
            *found = true;
            return i;
        }
    }
}

bool gr_pg_table_get(const gr_pg_table *t, const uint8_t *k, size_t len, uint32_t *val)
{
    return gr_pg_table_get_h(t, gr_pg_hash(k, len), k, len, val);
}

bool gr_pg_table_get_h(const gr_pg_table *t, uint64_t h, const uint8_t *k, size_t len,
                       uint32_t *val)
{
    if (t->cap == 0) {
        return false;
    }
    bool found;
    size_t i = gr_pg_find(t, (uint32_t)h, k, len, &found);
    if (found) {
        *val = t->slots[i].val;
    }
    return found;
}

static uint64_t gr_pg_slot_hash(const void *slot)
{
    return ((const gr_pg_slot *)slot)->hash;
}

static gr_status gr_pg_table_grow(gr_arena *a, gr_pg_table *t)
{
    void *slots = t->slots;
    gr_status st = gr_probe_double(a, &slots, &t->cap, sizeof(*t->slots),
                                   offsetof(gr_pg_slot, used), gr_pg_slot_hash);
    t->slots = slots;
    return st;
}

gr_status gr_pg_table_put(gr_arena *a, gr_pg_table *t, const uint8_t *k, size_t len, uint32_t val)
{
    return gr_pg_table_put_h(a, t, gr_pg_hash(k, len), k, len, val);
}

gr_status gr_pg_table_put_h(gr_arena *a, gr_pg_table *t, uint64_t hash, const uint8_t *k,
                            size_t len, uint32_t val)
{
    gr_status st;
    if (len > UINT16_MAX) {
        return GR_EINTERNAL; /* a key is at most GR_PG_MAX_POS + 1 bytes */
    }
    if (2 * (t->used + 1) > t->cap) {
        if (t->cap > ((size_t)1 << 31)) {
            return GR_ENOMEM; /* the slot's hash word places at most 2^32 slots */
        }
        if ((st = gr_pg_table_grow(a, t)) != GR_OK) {
            return st;
        }
    }
    uint32_t h = (uint32_t)hash;
    bool found;
    size_t i = gr_pg_find(t, h, k, len, &found);
    if (found) {
        t->slots[i].val = val;
        return GR_OK;
    }
    if (t->klen + len > UINT32_MAX) {
        return GR_ENOMEM;
    }
    uint8_t *keys = gr_arena_grow(a, t->keys, &t->kcap, t->klen + len + 1, 1, 4096);
    if (keys == NULL) {
        return GR_ENOMEM;
    }
    t->keys = keys;
    memcpy(keys + t->klen, k, len);
    t->slots[i] = (gr_pg_slot){h, (uint32_t)t->klen, val, (uint16_t)len, 1};
    t->klen += len;
    t->used++;
    return GR_OK;
}

gr_status gr_pg_stack_push(gr_arena *a, gr_pg_stack *s, const uint8_t *pos, size_t len)
{
    uint8_t *bytes = gr_arena_grow(a, s->bytes, &s->cb, s->nb + len + 1, 1, 4096);
    if (bytes == NULL) {
        return GR_ENOMEM;
    }
    s->bytes = bytes;
    size_t *ends = gr_arena_grow(a, s->ends, &s->cap, s->n + 1, sizeof(*ends), 64);
    if (ends == NULL) {
        return GR_ENOMEM;
    }
    s->ends = ends;
    memcpy(bytes + s->nb, pos, len);
    s->nb += len;
    s->ends[s->n++] = s->nb;
    return GR_OK;
}
