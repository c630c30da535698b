/*
 * Octal games: the moves from a heap to a position of a given value
 * (gr_octal_moves_to), listed in order and counted.
 *
 * Moves are ordered by take j, then by what is left: nothing (bit 1), one
 * heap (bit 2), then the splits (bit 4) by their smaller heap, then the
 * three-heap splits (bit 8) by (a, b); take 0 comes first (the splits of
 * d0, as in 4.07); in Grundy's game the only moves are splits into unequal
 * heaps, with take 0.  A split of
 * a huge heap is found through the period; counting all splits of a
 * remainder c never enumerates them: below the table a histogram of X(c),
 * above it a per-residue summary (see "counting splits" below).  Counts
 * saturate at 2^64-1.
 */
#include "grundy/octal.h"

#include <string.h>

#include "octal_internal.h"

typedef struct move_sink {
    gr_octal_move *out;
    size_t max;
    size_t listed;
    uint64_t count;
    bool count_all;
} move_sink;

static void sink_add(move_sink *s, uint64_t k)
{
    s->count = s->count > UINT64_MAX - k ? UINT64_MAX : s->count + k;
}

static void sink_list(move_sink *s, uint32_t take, uint32_t nleaves, uint64_t a, uint64_t b)
{
    if (s->listed < s->max) {
        gr_octal_move *m = &s->out[s->listed++];
        m->take = take;
        m->nleaves = nleaves;
        m->leaves[0] = a;
        m->leaves[1] = b;
    }
}

/* Enough found for a caller that does not need the exact count. */
static bool sink_done(const move_sink *s)
{
    return !s->count_all && s->count >= 1 && s->listed >= s->max;
}

/* ---- counting splits without listing them -------------------------------
 * Below the table: the multiset of X(c), hist[c][T] = #{a <= c/2 :
 * g(a) ^ g(c-a) = T}, built in O(c) the first time c is asked about, so
 * many heaps (or many takes) cost O(1) per remainder afterwards instead of
 * O(c) each.
 *
 * Above the table, whether a split (a, c-a) of a remainder c is worth T
 * depends on c only through c mod p: for a < E = max(e, 1) through
 * g(c - a), for a >= E through the residue r = (a - E) mod p.  So for each
 * residue of c one O(e + p) pass records, for every value T, the number of
 * small a worth T and the residues r worth T (sorted); a count is then
 *     E_T + |OK_T| (q + 1) - #{r in OK_T : r > rem},
 * with half - E = q p + rem: residues up to rem have q + 1 members in
 * [E, half], the others q.  Many huge heaps then cost O(log p) each.
 *
 * Both caches live in the table's arena and give up (the caller then counts
 * directly) past GR_OCTAL_CACHE_WORDS words / GR_OCTAL_HIST_BYTES bytes or
 * on allocation failure.
 */
#define GR_OCTAL_CACHE_WORDS (1u << 24)
#define GR_OCTAL_HIST_BYTES (64u << 20)

struct gr_octal_split_cache {
    uint32_t vals;      /* a power of two above every value */
    uint32_t *block_of; /* per residue of c mod p: pool offset, or none */
    uint32_t *pool;     /* blocks: E[vals], group start[vals + 1], r[p] */
    size_t len, cap;
    bool disabled;   /* the residue cache gave up */
    uint32_t **hist; /* per c below the table, or NULL */
    size_t hist_bytes;
    bool hist_disabled;
};

static gr_octal_split_cache *cache_get(gr_octal_table *t)
{
    if (t->cache != NULL) {
        return t->cache;
    }
    if (t->arena == NULL) {
        return NULL;
    }
    gr_octal_split_cache *k = gr_arena_calloc(t->arena, 1, sizeof(*k));
    if (k == NULL) {
        return NULL;
    }
    t->cache = k;
    k->vals = 1;
    while (k->vals <= t->max_value) {
        k->vals *= 2;
    }
    k->disabled = !t->periodic;
    if (t->periodic) {
        k->block_of = GR_ARENA_ARRAY_UNINIT(t->arena, uint32_t, t->period);
        if (k->block_of == NULL) {
            k->disabled = true;
        } else {
            memset(k->block_of, 0xff, t->period * sizeof(uint32_t));
        }
    }
    return k;
}

/* The number of splits of c (< computed) worth target < k->vals, from
 * c's histogram of pair values; false when there is no room for it. */
static bool hist_count(gr_octal_table *t, gr_octal_split_cache *k, uint64_t c, uint64_t target,
                       uint64_t *count)
{
    if (k->hist == NULL) {
        k->hist = GR_ARENA_ARRAY(t->arena, uint32_t *, t->computed);
        if (k->hist == NULL) {
            k->hist_disabled = true;
            return false;
        }
    }
    uint32_t *hist = k->hist[c];
    if (hist == NULL) {
        size_t bytes = k->vals * sizeof(uint32_t);
        if (k->hist_bytes + bytes > GR_OCTAL_HIST_BYTES ||
            (hist = GR_ARENA_ARRAY(t->arena, uint32_t, k->vals)) == NULL) {
            k->hist_disabled = true;
            return false;
        }
        /* c/2 < 2^31 pairs: the counts fit 32 bits */
        t->move_work += c / 2;
        for (uint64_t a = 1; a <= c / 2; a++) {
            hist[gr_octal_raw(t, a) ^ gr_octal_raw(t, c - a)]++;
        }
        k->hist[c] = hist;
        k->hist_bytes += bytes;
    }
    *count = hist[target];
    if (t->code.kind == GR_OCTAL_GRUNDY && (c & 1) == 0 && target == 0) {
        *count -= 1; /* (c/2, c/2), counted above, is not a move there */
    }
    return true;
}

/* The block of c's residue, built on first use; NULL to count directly. */
static const uint32_t *cache_block(gr_octal_table *t, gr_octal_split_cache *k, uint64_t c,
                                   uint64_t start)
{
    uint64_t p = t->period, cm = c % p;
    if (k->block_of[cm] != UINT32_MAX) {
        return k->pool + k->block_of[cm];
    }
    size_t need = 2 * (size_t)k->vals + 1 + p;
    if (k->len + need > GR_OCTAL_CACHE_WORDS) {
        k->disabled = true;
        return NULL;
    }
    if (k->len + need > k->cap) {
        uint32_t *pool =
            gr_arena_grow(t->arena, k->pool, &k->cap, k->len + need, sizeof(uint32_t), 4096);
        if (pool == NULL) {
            k->disabled = true;
            return NULL;
        }
        k->pool = pool;
    }
    t->move_work += start + 2 * p;
    uint32_t *b = k->pool + k->len;
    uint32_t *small = b, *group = b + k->vals, *res = group + k->vals + 1;
    memset(b, 0, (2 * (size_t)k->vals + 1) * sizeof(uint32_t));
    for (uint64_t a = 1; a < start; a++) {
        small[gr_octal_raw(t, a) ^ gr_octal_value_at(t, c - a)]++;
    }
    /* counting sort of the residues by their value T */
    for (uint64_t r = 0; r < p; r++) {
        group[(gr_octal_value_at(t, start + r) ^ gr_octal_value_at(t, c - start - r)) + 1]++;
    }
    for (uint32_t v = 0; v < k->vals; v++) {
        group[v + 1] += group[v];
    }
    for (uint64_t r = 0; r < p; r++) {
        uint64_t v = gr_octal_value_at(t, start + r) ^ gr_octal_value_at(t, c - start - r);
        res[group[v]++] = (uint32_t)r;
    }
    for (uint32_t v = k->vals; v > 0; v--) { /* undo the shift */
        group[v] = group[v - 1];
    }
    group[0] = 0;
    k->block_of[cm] = (uint32_t)k->len;
    k->len += need;
    return b;
}

/* The number of splits of c (>= computed) worth target < k->vals, from
 * the block of c's residue; false when there is no room for it. */
static bool period_count(gr_octal_table *t, gr_octal_split_cache *k, uint64_t c, uint64_t target,
                         uint64_t *count)
{
    uint64_t e = t->preperiod, p = t->period;
    uint64_t start = e > 0 ? e : 1;
    const uint32_t *b = cache_block(t, k, c, start);
    if (b == NULL) {
        return false;
    }
    const uint32_t *group = b + k->vals, *res = group + k->vals + 1;
    uint64_t span = c / 2 - start;
    uint64_t q = span / p, rem = span % p;
    uint32_t lo = group[target], hi = group[target + 1];
    /* residues of value target above rem: binary search in res[lo, hi) */
    uint32_t first = lo, last = hi;
    while (first < last) {
        uint32_t mid = first + (last - first) / 2;
        if (res[mid] <= rem) {
            first = mid + 1;
        } else {
            last = mid;
        }
    }
    *count = b[target] + (uint64_t)(hi - lo) * (q + 1) - (hi - first);
    return true;
}

/* The number of splits of c worth target, or false when the cache cannot
 * say (no period for c past the table, or no room). */
static bool split_count(gr_octal_table *t, uint64_t c, uint64_t target, uint64_t *count)
{
    gr_octal_split_cache *k = cache_get(t);
    bool small = c < t->computed;
    if (k == NULL || (small ? k->hist_disabled : k->disabled)) {
        return false;
    }
    if (target >= k->vals) {
        *count = 0; /* XORs of values below vals stay below it */
        return true;
    }
    return small ? hist_count(t, k, c, target, count) : period_count(t, k, c, target, count);
}

/* Splits of c = a + b (1 <= a <= b) with g(a) ^ g(b) = target. */
static gr_status split_moves(gr_octal_table *t, uint32_t take, uint64_t c, uint64_t target,
                             move_sink *s)
{
    /* in Grundy's game the halves of c must differ */
    uint64_t half = t->code.kind == GR_OCTAL_GRUNDY ? (c - 1) / 2 : c / 2;
    uint64_t known;
    if (split_count(t, c, target, &known)) {
        if (known == 0) {
            return GR_OK;
        }
        if (s->listed >= s->max) {
            sink_add(s, known); /* nothing left to list: count only */
            return GR_OK;
        }
    }
    if (c < t->computed) {
        t->move_work += half;
        for (uint64_t a = 1; a <= half && !sink_done(s); a++) {
            if ((uint64_t)(gr_octal_raw(t, a) ^ gr_octal_raw(t, c - a)) == target) {
                sink_add(s, 1);
                sink_list(s, take, 2, a, c - a);
            }
        }
        return GR_OK;
    }
    /* c >= computed >= 2e + 2p + t: for a >= E = max(e, 1) both a and
     * c - a >= c/2 >= e + p lie in the periodic part, so whether a works
     * depends only on r = (a - E) mod p; the a of residue r in [E, c/2]
     * number (c/2 - E - r)/p + 1, and c/2 >= E + p - 1 so none is empty. */
    uint64_t e = t->preperiod, p = t->period;
    uint64_t start = e > 0 ? e : 1;
    if (t->residues == NULL &&
        (t->residues = GR_ARENA_ARRAY_UNINIT(t->arena, uint32_t, p)) == NULL) {
        return GR_ENOMEM;
    }
    t->move_work += start + p;
    for (uint64_t a = 1; a < start && !sink_done(s); a++) {
        if ((gr_octal_raw(t, a) ^ gr_octal_value_at(t, c - a)) == target) {
            sink_add(s, 1);
            sink_list(s, take, 2, a, c - a);
        }
    }
    if (sink_done(s)) {
        return GR_OK;
    }
    size_t nok = 0;
    for (uint64_t r = 0; r < p; r++) {
        uint64_t a = start + r;
        if ((gr_octal_value_at(t, a) ^ gr_octal_value_at(t, c - a)) == target) {
            t->residues[nok++] = (uint32_t)r;
            sink_add(s, (half - a) / p + 1);
        }
    }
    for (uint64_t k = 0; nok > 0 && s->listed < s->max; k++) {
        for (size_t i = 0; i < nok && s->listed < s->max; i++) {
            uint64_t a = start + t->residues[i] + k * p;
            if (a > half) {
                return GR_OK;
            }
            sink_list(s, take, 2, a, c - a);
        }
    }
    return GR_OK;
}

/* Splits of m into a <= b <= c with g(a) ^ g(b) ^ g(c) = target, by
 * enumeration (O(m^2 / 12) pair checks).  Each check is charged to
 * move_work as it is made -- GR_ELIMIT past GR_OCTAL_MAX_MOVE_WORK -- and
 * the stop conditions are polled, since one a alone may stand for m/2
 * checks: a heap of 10^10 past a confirmed period is accepted. */
static gr_status three_moves(gr_octal_table *t, uint32_t take, uint64_t m, uint64_t target,
                             move_sink *s)
{
    for (uint64_t a = 1; 3 * a <= m && !sink_done(s); a++) {
        uint64_t ga = gr_octal_value_at(t, a);
        uint64_t rest = m - a;
        for (uint64_t b = a; 2 * b <= rest && !sink_done(s); b++) {
            if (++t->move_work > GR_OCTAL_MAX_MOVE_WORK) {
                return GR_ELIMIT;
            }
            if ((t->move_work & 0xfffff) == 0 && t->arena != NULL) {
                gr_status st = gr_arena_check(t->arena);
                if (st != GR_OK) {
                    return st;
                }
            }
            if ((ga ^ gr_octal_value_at(t, b) ^ gr_octal_value_at(t, rest - b)) == target) {
                sink_add(s, 1);
                if (s->listed < s->max) {
                    gr_octal_move *mv = &s->out[s->listed++];
                    mv->take = take;
                    mv->nleaves = 3;
                    mv->leaves[0] = a;
                    mv->leaves[1] = b;
                    mv->leaves[2] = rest - b;
                }
            }
        }
    }
    return GR_OK;
}

gr_status gr_octal_moves_to(gr_octal_table *t, uint64_t h, uint64_t target, bool count_all,
                            gr_octal_move *out, size_t max, uint64_t *count)
{
    *count = 0;
    if (h >= t->computed && !t->periodic) {
        return GR_ELIMIT;
    }
    move_sink s = {out, max, 0, 0, count_all};
    if (t->code.kind == GR_OCTAL_GRUNDY) {
        gr_status st = h >= 3 ? split_moves(t, 0, h, target, &s) : GR_OK;
        *count = s.count;
        return st;
    }
    for (unsigned j = 0; j <= t->code.len && j <= h && !sink_done(&s); j++) { /* j = 0: d0 */
        unsigned d = t->code.digit[j];
        if ((d & 1) && j == h && target == 0) {
            sink_add(&s, 1);
            sink_list(&s, j, 0, 0, 0);
        }
        if ((d & 2) && j < h && gr_octal_value_at(t, h - j) == target) {
            sink_add(&s, 1);
            sink_list(&s, j, 1, h - j, 0);
        }
        if ((d & 4) && h - j >= 2 && !sink_done(&s)) {
            gr_status st = split_moves(t, j, h - j, target, &s);
            if (st != GR_OK) {
                return st;
            }
        }
        if ((d & 8) && h - j >= 3 && !sink_done(&s)) {
            gr_status st = three_moves(t, j, h - j, target, &s);
            if (st != GR_OK) {
                *count = s.count;
                return st;
            }
        }
        if (count_all && t->move_work > GR_OCTAL_MAX_MOVE_WORK) {
            *count = s.count;
            return GR_ELIMIT;
        }
    }
    *count = s.count;
    return GR_OK;
}
