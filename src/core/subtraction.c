/*
 * Subtraction games: the Grundy sequence of a finite subtraction set and
 * its period.
 *
 * Values.  g(n) = mex { g(n-s) : s in S, s <= n }.  A position has at most
 * |S| options, so g(n) <= |S| < 2^16 and the table is uint16_t.  The mex
 * uses a stamp array (seen[v] == n+1 means "v is an option value of n"), so
 * nothing is cleared between positions and each value costs O(|S|).
 *
 * Period.  With m = max(S), g(n) is a function of the window
 * W(n-m) = g(n-m) .. g(n-1) alone, so W(i) = W(j) for i < j implies
 * g(k + j - i) = g(k) for every k >= i.  Conversely if the sequence is
 * periodic with least preperiod e and least period p, no two windows
 * starting below e + p are equal: an equal pair a < b would make the
 * sequence periodic from a with period b - a, so p divides b - a and
 * e <= a, forcing b >= e + p.  So the windows of one cycle are distinct,
 * and a window of the cycle first comes back after exactly p steps.
 *
 * Windows are compared through a rolling polynomial hash modulo the
 * Mersenne prime 2^61 - 1; a hash match is confirmed value by value, so a
 * collision costs time but never a wrong answer.  The hash table maps the
 * hash to the window's start index (open addressing, load <= 1/2, doubled
 * as it fills), 32 bits of tag beside the 32-bit index.
 *
 * Past the first SAMPLE_ALL windows, only windows whose hash has
 * SAMPLE_MASK's bits clear are looked up and stored: the choice depends on
 * the window's contents, so within the cycle a stored window comes back
 * after exactly p steps, is looked up then and found, and the table is 16
 * times smaller and touched 16 times less often (a table of every window
 * costs a cache miss per value on long sequences).
 * A cycle too short to hold a stored window is caught by Brent's tortoise,
 * a window kept at each power-of-two position and compared with every new
 * one.  Either way the first match is the first return of a window of the
 * cycle, so its distance is the least period p; the least preperiod is
 * then read off the values (the last n with g(n) != g(n+p), plus one).
 */
#include "grundy/subtraction.h"

#include <string.h>

#define HASH_PRIME ((1ull << 61) - 1)
#ifndef SAMPLE_ALL /* (overridable to test the sampled path on small sets) */
#define SAMPLE_ALL 65536u /* windows all stored before this start */
#define SAMPLE_MASK 15u   /* then one in 16 by content */
#endif
#define HASH_BASE (0x1f3a5c7e9b2d4f61ull % HASH_PRIME)

static uint64_t mulmod(uint64_t a, uint64_t b)
{
    __uint128_t p = (__uint128_t)a * b;
    uint64_t lo = (uint64_t)(p & HASH_PRIME);
    uint64_t hi = (uint64_t)(p >> 61);
    uint64_t r = lo + hi;
    return r >= HASH_PRIME ? r - HASH_PRIME : r;
}

static uint64_t addmod(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= HASH_PRIME ? r - HASH_PRIME : r;
}

static uint64_t submod(uint64_t a, uint64_t b)
{
    return a >= b ? a - b : a + HASH_PRIME - b;
}

/* S sorted and deduplicated through a bitmap over 1..max (max <= 10^6). */
static gr_status normalise_set(gr_arena *arena, const gr_sub_rules *rules,
                               gr_sub_table *out)
{
    if (rules->set_len > GR_SUB_MAX_SET) {
        return GR_ELIMIT;
    }
    uint64_t max = 0;
    for (size_t i = 0; i < rules->set_len; i++) {
        if (rules->set[i] == 0) {
            return GR_EINVAL;
        }
        if (rules->set[i] > GR_SUB_MAX_ELEMENT) {
            return GR_ELIMIT;
        }
        if (rules->set[i] > max) {
            max = rules->set[i];
        }
    }
    uint64_t *bits = GR_ARENA_ARRAY(arena, uint64_t, max / 64 + 1);
    uint32_t *set = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, rules->set_len + 1);
    if (bits == NULL || set == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < rules->set_len; i++) {
        bits[rules->set[i] / 64] |= 1ull << (rules->set[i] % 64);
    }
    size_t n = 0;
    for (uint64_t w = 0; w <= max / 64; w++) {
        for (uint64_t word = bits[w]; word != 0; word &= word - 1) {
            set[n++] = (uint32_t)(w * 64 + (uint64_t)__builtin_ctzll(word));
        }
    }
    gr_arena_free(arena, bits, (max / 64 + 1) * sizeof(uint64_t));
    out->set = set;
    out->set_len = n;
    return GR_OK;
}

typedef struct window_index {
    uint64_t *slots; /* (tag << 32) | (start + 1); 0 = empty */
    size_t cap;      /* power of two */
    size_t used;
} window_index;

static gr_status index_grow(gr_arena *arena, window_index *ix)
{
    size_t cap = ix->cap ? ix->cap * 2 : 1024;
    uint64_t *slots = GR_ARENA_ARRAY(arena, uint64_t, cap);
    if (slots == NULL) {
        return GR_ENOMEM;
    }
    /* Re-insertion needs the slot position, which is the hash's low bits;
     * the tag keeps the hash's bits 29..60, so positions are recomputed
     * from the tag (the table never exceeds 2^29 slots). */
    for (size_t i = 0; i < ix->cap; i++) {
        uint64_t e = ix->slots[i];
        if (e == 0) {
            continue;
        }
        size_t pos = (size_t)(e >> 32) & (cap - 1);
        while (slots[pos] != 0) {
            pos = (pos + 1) & (cap - 1);
        }
        slots[pos] = e;
    }
    if (ix->slots != NULL) {
        gr_arena_free(arena, ix->slots, ix->cap * sizeof(uint64_t));
    }
    ix->slots = slots;
    ix->cap = cap;
    return GR_OK;
}

/* Reports an earlier equal window in *match (UINT64_MAX when none), and
 * otherwise inserts window `start` (hash h) if `insert`. */
static gr_status index_find_or_add(gr_arena *arena, window_index *ix,
                                   const uint16_t *values, uint32_t m,
                                   uint64_t h, uint32_t start, bool insert,
                                   uint64_t *match)
{
    *match = UINT64_MAX;
    if (ix->cap == 0 || (insert && (ix->used + 1) * 2 > ix->cap)) {
        gr_status st = index_grow(arena, ix);
        if (st != GR_OK) {
            return st;
        }
    }
    uint64_t tag = (h >> 29) & 0xffffffffull;
    size_t pos = (size_t)tag & (ix->cap - 1);
    for (;; pos = (pos + 1) & (ix->cap - 1)) {
        uint64_t e = ix->slots[pos];
        if (e == 0) {
            break;
        }
        if ((e >> 32) == tag) {
            uint32_t other = (uint32_t)(e & 0xffffffffu) - 1;
            if (memcmp(values + other, values + start,
                       (size_t)m * sizeof(uint16_t)) == 0) {
                *match = other;
                return GR_OK;
            }
        }
    }
    if (insert) {
        ix->slots[pos] = (tag << 32) | ((uint64_t)start + 1);
        ix->used++;
    }
    return GR_OK;
}

static gr_status solve_set(gr_arena *arena, gr_sub_table *out)
{
    const uint32_t *set = out->set;
    size_t k = out->set_len;
    if (k == 0) {
        /* No moves at all: every pile is worth 0. */
        uint16_t *zero = GR_ARENA_ARRAY(arena, uint16_t, 1);
        if (zero == NULL) {
            return GR_ENOMEM;
        }
        out->values = zero;
        out->computed = 1;
        out->periodic = true;
        out->preperiod = 0;
        out->period = 1;
        return GR_OK;
    }
    uint32_t m = set[k - 1];
    uint64_t limit = GR_SUB_MAX_VALUES;
    if (limit > GR_SUB_MAX_WORK / k) {
        limit = GR_SUB_MAX_WORK / k;
    }
    if (limit == 0) {
        limit = 1;
    }
    /* limit <= m means no window can repeat: the table is then only good
     * for piles below limit. */
    size_t cap = 4096;
    uint16_t *g = GR_ARENA_ARRAY_UNINIT(arena, uint16_t, cap);
    uint32_t *seen = GR_ARENA_ARRAY(arena, uint32_t, k + 2);
    if (g == NULL || seen == NULL) {
        return GR_ENOMEM;
    }
    window_index ix = {NULL, 0, 0};
    uint64_t tortoise = 0, tortoise_hash = UINT64_MAX, next_tortoise = 1;
    uint64_t top = 1; /* B^(m-1) */
    for (uint32_t i = 1; i < m; i++) {
        top = mulmod(top, HASH_BASE);
    }
    uint64_t h = 0;
    out->periodic = false;
    uint64_t n = 0;
    for (; n < limit; n++) {
        if ((n & 0xffff) == 0xffff) {
            gr_status stop = gr_arena_check(arena);
            if (stop != GR_OK) {
                return stop;
            }
        }
        if (n == cap) {
            uint16_t *grown = gr_arena_realloc(arena, g, cap * sizeof(*g),
                                               2 * cap * sizeof(*g));
            if (grown == NULL) {
                return GR_ENOMEM;
            }
            g = grown;
            cap *= 2;
        }
        uint32_t stamp = (uint32_t)n + 1;
        if (n >= m) { /* every take fits: no bound test in the hot loop */
            const uint16_t *base = g + n;
            for (size_t i = 0; i < k; i++) {
                seen[base[-(ptrdiff_t)set[i]]] = stamp;
            }
        } else {
            for (size_t i = 0; i < k && set[i] <= n; i++) {
                seen[g[n - set[i]]] = stamp;
            }
        }
        uint16_t v = 0;
        while (seen[v] == stamp) {
            v++;
        }
        g[n] = v;
        /* Window W(n-m+1) = g(n-m+1) .. g(n) is now complete. */
        if (n + 1 < m) {
            h = addmod(mulmod(h, HASH_BASE), v);
            continue;
        }
        if (n + 1 == m) {
            h = addmod(mulmod(h, HASH_BASE), v);
        } else {
            h = addmod(mulmod(submod(h, mulmod(g[n - m], top)), HASH_BASE), v);
        }
        uint64_t start = n + 1 - m, match = UINT64_MAX;
        if (start > 0 && h == tortoise_hash &&
            memcmp(g + tortoise, g + start, (size_t)m * sizeof(uint16_t)) ==
                0) {
            match = tortoise;
        } else if (start < SAMPLE_ALL || (h & SAMPLE_MASK) == 0) {
            gr_status st = index_find_or_add(arena, &ix, g, m, h,
                                             (uint32_t)start, true, &match);
            if (st != GR_OK) {
                return st;
            }
        }
        if (match != UINT64_MAX) {
            out->periodic = true;
            out->period = start - match;
            n++;
            break;
        }
        if (start == next_tortoise) {
            tortoise = start;
            tortoise_hash = h;
            next_tortoise *= 2;
        }
    }
    if (out->periodic) {
        /* The least preperiod: one past the last n with g(n) != g(n+p).
         * Everything from the matched window on agrees, so the scan from
         * the top stops at e - 1 after about p + m steps. */
        uint64_t e = n - out->period;
        while (e > 0 && g[e - 1] == g[e - 1 + out->period]) {
            e--;
        }
        out->preperiod = e;
    }
    if (ix.slots != NULL) {
        gr_arena_free(arena, ix.slots, ix.cap * sizeof(uint64_t));
    }
    out->values = g;
    out->computed = n;
    return GR_OK;
}

gr_status gr_sub_solve(gr_arena *arena, const gr_sub_rules *rules,
                       gr_sub_table *out)
{
    memset(out, 0, sizeof(*out));
    if (rules->max_take > 0) {
        /* docs/periodicity.md: from n the options are n-1 .. n-K, whose residues mod
         * K+1 are every residue but n's own, so g(n) = n mod (K+1). */
        out->max_take = rules->max_take;
        out->periodic = true;
        out->preperiod = 0;
        out->period = rules->max_take + 1; /* <= 2^63, no overflow */
        return GR_OK;
    }
    if (rules->set == NULL && rules->set_len > 0) {
        return GR_EINVAL;
    }
    gr_status st = normalise_set(arena, rules, out);
    if (st != GR_OK) {
        return st;
    }
    return solve_set(arena, out);
}

gr_status gr_sub_reduce(const gr_sub_table *t, uint64_t n, uint64_t *reduced)
{
    if (t->max_take > 0) {
        *reduced = n;
        return GR_OK;
    }
    if (n < t->computed) {
        *reduced = n;
        return GR_OK;
    }
    if (!t->periodic) {
        return GR_ELIMIT;
    }
    /* Every option n-s (s <= m) is at least base - m = preperiod, inside
     * the periodic part, so shifting n by whole periods changes nothing.
     * base + period <= computed, so the result is a computed pile. */
    uint64_t m = t->set_len ? t->set[t->set_len - 1] : 0;
    uint64_t base = t->preperiod + m;
    *reduced = base + (n - base) % t->period;
    return GR_OK;
}

gr_status gr_sub_grundy(const gr_sub_table *t, uint64_t n, uint64_t *g)
{
    if (t->max_take > 0) {
        *g = n % (t->max_take + 1);
        return GR_OK;
    }
    /* a reduced pile is computed and, by periodicity, has n's value */
    uint64_t r;
    gr_status st = gr_sub_reduce(t, n, &r);
    if (st == GR_OK) {
        *g = t->values[r];
    }
    return st;
}

gr_status gr_sub_moves_to(const gr_sub_table *t, uint64_t n, uint64_t target,
                          uint64_t *takes, size_t max, size_t *count)
{
    *count = 0;
    if (t->max_take > 0) {
        /* The K options have every residue mod K+1 except n's own; the one
         * with residue `target` is reached by taking (g(n) - target) mod
         * (K+1) tokens, if that many are there. */
        uint64_t mod = t->max_take + 1;
        uint64_t gn = n % mod;
        if (target >= mod || target == gn) {
            return GR_OK;
        }
        uint64_t s = gn > target ? gn - target : gn + mod - target;
        if (s <= n) {
            if (max > 0) {
                takes[0] = s;
            }
            *count = 1;
        }
        return GR_OK;
    }
    if (target > t->set_len) {
        return GR_OK; /* no value exceeds |S| */
    }
    uint64_t r;
    gr_status st = gr_sub_reduce(t, n, &r);
    if (st != GR_OK) {
        return st;
    }
    size_t c = 0;
    for (size_t i = 0; i < t->set_len && t->set[i] <= r; i++) {
        if (t->values[r - t->set[i]] == target) {
            if (c < max) {
                takes[c] = t->set[i];
            }
            c++;
        }
    }
    *count = c;
    return GR_OK;
}
