/*
 * Octal game values: mex over the options, by sparse space where it pays.
 *
 * For a heap n the options are 0 (take all, bit 1), g(n-j) (bit 2), every
 * g(a) ^ g(b) with a + b = n - j, a, b >= 1 (bit 4; in Grundy's game
 * a + b = n, a != b), and, for hexadecimal digits, every g(a) ^ g(b) ^ g(c)
 * with a + b + c = n - j (bit 8).  Scanning every split costs O(n) per
 * value, O(N^2) in all, which is what limits a table to some 10^5 values.
 *
 * Sparse space (Gangolli and Plambeck 1989; Winning Ways ch. 4 extras;
 * the method of Flammenkamp's octal-game programs).  Extend each value
 * with the parity of its heap, e(h) = 2 g(h) + (h mod 2), and pick a mask
 * M; the heaps of one class, parity(e(h) & M) = 0 or 1, whichever is
 * smaller, are rare, the others common.
 * Parity is additive under XOR and a + b = c fixes the parity bit of
 * e(a) ^ e(b) to c mod 2, so a split value x of c is of class
 * parity((2x + c mod 2) & M), the XOR of its heaps' classes, and a value
 * of class 1 ("common for c") can only come from a pair with exactly one
 * rare heap, whichever class the rare heaps are.  For a good M the rare
 * heaps are few (a few hundred among millions), so:
 *   1. walking the rare list finds every common option of n, and the
 *      rare-rare ones, in O(#rare) per remainder;
 *   2. the mex candidate v is then the least value not seen; if v is
 *      common for every remainder it is the mex;
 *   3. otherwise v might come from a common-common pair: the full split
 *      scan of that remainder resumes (from where it stopped for n) until
 *      v turns up -- then the next candidate -- or the scan ends and v is
 *      the mex.  Rare values that are present turn up after a few pairs;
 *      a scan runs to the end only when the mex is rare, at rare heaps.
 * So a value costs O(t #rare) instead of O(t n).  M minimises the number
 * of rare heaps in the whole table (what the walks cost), found for all masks at
 * once by a Walsh-Hadamard transform of the histogram of e(h): with
 * W(M) = sum_e hist[e] (-1)^parity(e & M), class 0 has (total + W(M)) / 2.
 * It is chosen at SPARSE_START values and again at every doubling (the
 * rare set of a game drifts as it grows), and the method is used while it
 * costs less than the full scans would; either way the values are exact,
 * the choice is only about speed.  The heap-parity bit matters for games
 * whose rare heaps are rare only together with their parity.
 *
 * Three-heap moves (bit 8) use whole sets: X(c) = the two-heap split
 * values of c, kept for every c, and Y(m) = U_a g(a) ^ X(m - a).  Their
 * tables are bounded by GR_OCTAL_MAX_VALUES3 (octal.h).
 */
#include <string.h>

#include "octal_internal.h"

#define SPARSE_START 1024u
#define POLL_WORK (1u << 20) /* pairs between gr_arena_check calls */

/* Whether a split value v of remainder c is common for c (class 1). */
static bool common_for(const gr_octal_engine *E, uint64_t c, uint64_t v)
{
    return __builtin_parity((unsigned)((v << 1) | (c & 1)) & E->mask);
}

static gr_status poll(gr_octal_engine *E)
{
    E->work = 0;
    if (E->progress != NULL) {
        atomic_store_explicit(E->progress, E->n, memory_order_relaxed);
    }
    return gr_arena_check(E->arena);
}

static gr_status grow_values(gr_octal_engine *E, uint64_t cap)
{
    if (E->n < E->alloc) {
        return GR_OK;
    }
    uint64_t na = E->alloc < 4096 ? 4096 : 2 * E->alloc;
    if (na > cap) {
        na = cap;
    }
    size_t old = (size_t)E->alloc * sizeof(uint16_t), want = (size_t)na * sizeof(uint16_t);
    if (!E->stable_g || E->g == NULL) {
        uint16_t *g = gr_arena_realloc(E->arena, E->g, old, want);
        if (g == NULL) {
            return GR_ENOMEM;
        }
        E->g = g;
        E->alloc = na;
        return GR_OK;
    }
    /* a reader may hold the old array: copy, and keep it until reclaimed */
    uint16_t *g = GR_ARENA_ARRAY_UNINIT(E->arena, uint16_t, na);
    gr_octal_retired *r = gr_arena_alloc(E->arena, sizeof(*r));
    if (g == NULL || r == NULL) {
        return GR_ENOMEM;
    }
    memcpy(g, E->g, (size_t)E->n * sizeof(uint16_t));
    r->p = E->g;
    r->bytes = old;
    r->next = E->retired;
    E->retired = r;
    E->g = g;
    E->alloc = na;
    return GR_OK;
}

/* Every split of c (a = 1..half) into uni. */
static void full_scan(gr_octal_engine *E, uint64_t c, uint64_t half, uint64_t *restrict uni)
{
    const uint16_t *restrict g = E->g;
    if (E->words == 1) {
        /* four independent accumulators: the OR chain does not serialise */
        uint64_t m0 = 0, m1 = 0, m2 = 0, m3 = 0, a = 1;
        for (; a + 3 <= half; a += 4) {
            m0 |= 1ull << (g[a] ^ g[c - a]);
            m1 |= 1ull << (g[a + 1] ^ g[c - a - 1]);
            m2 |= 1ull << (g[a + 2] ^ g[c - a - 2]);
            m3 |= 1ull << (g[a + 3] ^ g[c - a - 3]);
        }
        for (; a <= half; a++) {
            m0 |= 1ull << (g[a] ^ g[c - a]);
        }
        uni[0] |= m0 | m1 | m2 | m3;
    } else if (half > 4 * 64 * E->words) {
        /* a byte per value (independent stores), packed at the end */
        unsigned char *restrict seen = E->seen;
        size_t nv = 64 * E->words;
        memset(seen, 0, nv);
        for (uint64_t a = 1; a <= half; a++) {
            seen[g[a] ^ g[c - a]] = 1;
        }
        for (size_t v = 0; v < nv; v++) {
            uni[v >> 6] |= (uint64_t)seen[v] << (v & 63);
        }
    } else {
        for (uint64_t a = 1; a <= half; a++) {
            gr_octal_set_bit(uni, (unsigned)(g[a] ^ g[c - a]));
        }
    }
    E->work += half;
}

/* X(c), the split values of c, from the ring of the last t + 1 remainders
 * n - t .. n (computed on first use: every take j, 0 included, shares
 * X(n - j), and X(c) depends on g(1..c-1) only, so a slot holding c stays
 * right), OR'ed into uni.
 * Long codes with many split digits pay one scan per value, not t. */
static gr_status ring_or(gr_octal_engine *E, uint64_t c)
{
    unsigned t = E->code->len + 1; /* slots */
    if (E->ring == NULL) {
        E->ring = GR_ARENA_ARRAY(E->arena, uint64_t, (size_t)t * E->words);
        E->ring_c = GR_ARENA_ARRAY_UNINIT(E->arena, uint64_t, t);
        if (E->ring == NULL || E->ring_c == NULL) {
            return GR_ENOMEM;
        }
        memset(E->ring_c, 0xff, t * sizeof(uint64_t));
        E->ring_words = E->words;
    }
    uint64_t *x = E->ring + (c % t) * E->ring_words;
    if (E->ring_c[c % t] != c) {
        memset(x, 0, E->ring_words * sizeof(uint64_t));
        full_scan(E, c, c / 2, x);
        E->ring_c[c % t] = c;
    }
    for (size_t w = 0; w < E->ring_words; w++) {
        E->uni[w] |= x[w];
    }
    return GR_OK;
}

static uint64_t first_zero(const uint64_t *uni, size_t words)
{
    size_t w = 0;
    while (w < words && uni[w] == ~0ull) {
        w++;
    }
    return 64 * (uint64_t)w + (w < words ? (uint64_t)__builtin_ctzll(~uni[w]) : 0);
}

/* What both sparse mexes do once the rare pairs are in: take the least
 * value v not seen, walk each remainder's common pairs on from its cursor
 * until one gives v, and try the next v; v is the mex when no remainder
 * can give it.  `wide` picks the set: a byte per value (seen), or the one
 * word uni[0] (the narrow form is called only while E->words == 1).  It is
 * a constant at each call, so each form compiles to its own loop. */
static inline __attribute__((always_inline)) uint64_t common_mex(gr_octal_engine *E, bool wide)
{
    const uint16_t *restrict g = E->g;
    uint64_t *restrict uni = E->uni;
    unsigned char *restrict seen = E->seen;
    const uint64_t nv = 64 * (uint64_t)E->words;
    uint64_t v = 0;
    for (;;) {
        if (wide) {
            while (v < nv && seen[v]) {
                v++;
            }
        } else {
            v = first_zero(uni, 1);
        }
        if (v >= nv) {
            return v; /* above every XOR of values seen */
        }
        bool found = false;
        for (unsigned i = 0; i < E->nrem && !found; i++) {
            uint64_t c = E->rem[i], half = E->half[i], a = E->cursor[i];
            if (a > half || common_for(E, c, v)) {
                continue; /* scanned out, or every pair giving v was walked */
            }
            uint64_t a0 = a;
            /* blocks of 32 pairs, then the test: at most 31 pairs are
             * scanned beyond v's */
            while (a <= half && !found) {
                uint64_t end = a + 32 <= half + 1 ? a + 32 : half + 1;
                if (wide) {
                    for (; a < end; a++) {
                        seen[g[a] ^ g[c - a]] = 1;
                    }
                    found = seen[v];
                } else {
                    /* into registers: a bit chain through memory costs a
                     * store-forwarding stall a pair */
                    uint64_t m0 = 0, m1 = 0;
                    for (; a + 1 < end; a += 2) {
                        m0 |= 1ull << (g[a] ^ g[c - a]);
                        m1 |= 1ull << (g[a + 1] ^ g[c - a - 1]);
                    }
                    if (a < end) {
                        m0 |= 1ull << (g[a] ^ g[c - a]);
                        a++;
                    }
                    uni[0] |= m0 | m1;
                    found = (uni[0] >> v) & 1;
                }
            }
            E->work += a - a0;
            E->sparse_work += a - a0;
            E->cursor[i] = a;
        }
        if (!found) {
            return v;
        }
    }
}

/* The mex of n's options by sparse space; uni holds the others already. */
static uint64_t sparse_mex(gr_octal_engine *E)
{
    const uint16_t *restrict g = E->g;
    uint64_t *restrict uni = E->uni;
    bool grundy = E->code->kind == GR_OCTAL_GRUNDY;
    for (unsigned i = 0; i < E->nrem; i++) {
        uint64_t c = E->rem[i];
        size_t k = 0;
        const uint32_t *rare = E->rare;
        if (!grundy) {
            for (; k < E->nrare && rare[k] < c; k++) {
                uint32_t r = rare[k];
                gr_octal_set_bit(uni, (unsigned)(g[r] ^ g[c - r]));
            }
        } else {
            for (; k < E->nrare && rare[k] < c; k++) {
                uint32_t r = rare[k];
                if (2 * (uint64_t)r != c) { /* (c/2, c/2) is not a move */
                    gr_octal_set_bit(uni, (unsigned)(g[r] ^ g[c - r]));
                }
            }
        }
        E->cursor[i] = 1;
        E->work += k;
        E->sparse_work += k;
    }
    return common_mex(E, false);
}

/* sparse_mex for values of more than 6 bits: the set is a byte per value
 * (stores to distinct bytes do not wait on each other, where a bitset's
 * read-modify-write of one word serialises the walk), and the candidates
 * only grow during one mex, so they are found by one upward sweep. */
static uint64_t sparse_mex_wide(gr_octal_engine *E)
{
    const uint16_t *restrict g = E->g;
    unsigned char *restrict seen = E->seen;
    size_t nv = 64 * E->words;
    memset(seen, 0, nv);
    for (size_t w = 0; w < E->words; w++) { /* the one-heap options */
        uint64_t bits = E->uni[w];
        while (bits != 0) {
            seen[64 * w + (size_t)__builtin_ctzll(bits)] = 1;
            bits &= bits - 1;
        }
    }
    bool grundy = E->code->kind == GR_OCTAL_GRUNDY;
    const uint32_t *rare = E->rare;
    for (unsigned i = 0; i < E->nrem; i++) {
        uint64_t c = E->rem[i];
        size_t k = 0;
        for (; k < E->nrare && rare[k] < c; k++) {
            uint32_t r = rare[k];
            seen[g[r] ^ g[c - r]] = 1;
        }
        if (grundy && (c & 1) == 0 && gr_octal_is_rare(E, c / 2, g[c / 2])) {
            /* (c/2, c/2) is not a move: undo its 0 unless another rare
             * pair gives 0 (the scans find common-common ones) */
            seen[0] = 0;
            for (size_t q = 0; q < k; q++) {
                if (2 * (uint64_t)rare[q] != c && g[rare[q]] == g[c - rare[q]]) {
                    seen[0] = 1;
                    break;
                }
            }
        }
        E->cursor[i] = 1;
        E->work += k;
        E->sparse_work += k;
    }
    return common_mex(E, true);
}

static gr_status widen(gr_octal_engine *E, uint64_t v)
{
    size_t words = E->words;
    while (v >= 64 * (uint64_t)words) {
        words *= 2;
    }
    if (words == E->words) {
        return GR_OK;
    }
    gr_arena_free(E->arena, E->uni, E->words * sizeof(uint64_t));
    gr_arena_free(E->arena, E->seen, 64 * E->words);
    if (E->ring != NULL) { /* rebuilt at the new width on next use */
        size_t slots = (size_t)E->code->len + 1;
        gr_arena_free(E->arena, E->ring, slots * E->ring_words * sizeof(uint64_t));
        gr_arena_free(E->arena, E->ring_c, slots * sizeof(uint64_t));
        E->ring = NULL;
        E->ring_c = NULL;
    }
    E->uni = GR_ARENA_ARRAY(E->arena, uint64_t, words);
    E->seen = GR_ARENA_ARRAY_UNINIT(E->arena, unsigned char, 64 * words);
    if (E->uni == NULL || E->seen == NULL) {
        return GR_ENOMEM;
    }
    E->words = words;
    return GR_OK;
}

gr_status gr_octal_engine_init(gr_octal_engine *E, gr_arena *arena, const gr_octal_code *code,
                               uint64_t cap, gr_octal_check_fn *check, void *ctx)
{
    memset(E, 0, sizeof(*E));
    E->arena = arena;
    E->code = code;
    E->cap = cap;
    E->words = 1;
    E->check = check;
    E->check_ctx = ctx;
    E->next_check = 1;
    E->uni = GR_ARENA_ARRAY(arena, uint64_t, 1);
    E->seen = GR_ARENA_ARRAY_UNINIT(arena, unsigned char, 64);
    return E->uni != NULL && E->seen != NULL ? GR_OK : GR_ENOMEM;
}

static bool has_splits(const gr_octal_code *code)
{
    bool splits = code->kind == GR_OCTAL_GRUNDY;
    for (unsigned j = 0; j <= code->len; j++) {
        splits |= (code->digit[j] & 4) != 0;
    }
    return splits;
}

gr_status gr_octal_engine_seed(gr_octal_engine *E, const void *values, unsigned width, uint64_t n)
{
    if (n > E->cap) {
        n = E->cap;
    }
    if (n > 0 && E->alloc < n) {
        /* room for the seed and what follows, as grow_values would give */
        uint64_t na = n + n / 2 < E->cap ? n + n / 2 : E->cap;
        uint16_t *g = gr_arena_realloc(E->arena, E->g, (size_t)E->alloc * sizeof(uint16_t),
                                       (size_t)na * sizeof(uint16_t));
        if (g == NULL) {
            return GR_ENOMEM;
        }
        E->g = g;
        E->alloc = na;
    }
    uint64_t maxv = 0;
    for (uint64_t h = 0; h < n; h++) {
        unsigned v = width == 1 ? ((const uint8_t *)values)[h] : ((const uint16_t *)values)[h];
        E->g[h] = (uint16_t)v;
        maxv = v > maxv ? v : maxv;
    }
    E->n = n;
    E->maxv = maxv;
    gr_status st = widen(E, maxv);
    if (st != GR_OK) {
        return st;
    }
    if (E->code->leaves >= 3 && n >= 2) {
        if ((st = gr_octal_sets3_grow(E, &E->s3, n)) != GR_OK) {
            return st;
        }
        for (uint64_t c = 0; c + 1 < n; c++) {
            gr_octal_sets3_fill(E, &E->s3, c);
        }
        E->s3.filled = n - 1;
    } else if (has_splits(E->code) && n >= SPARSE_START) {
        /* what the last doubling would have chosen: full scans of a large
         * table are what sparse space is for */
        if ((st = gr_octal_sparse_choose(E)) != GR_OK) {
            return st;
        }
    }
    E->next_check = n; /* check at the next value */
    return GR_OK;
}

void gr_octal_engine_settle(gr_octal_engine *E)
{
    if (!E->stopped && E->checked != E->n && E->n > 0) {
        uint64_t unused = 0;
        E->checked = E->n;
        E->stopped = E->check(E->check_ctx, E->g, E->n, &unused);
    }
}

gr_status gr_octal_engine_run(gr_octal_engine *E, uint64_t target)
{
    const gr_octal_code *code = E->code;
    unsigned t = code->len;
    bool grundy = code->kind == GR_OCTAL_GRUNDY;
    bool three = code->leaves >= 3;
    bool splits = has_splits(code);
    if (target > E->cap) {
        target = E->cap;
    }
    gr_octal_sets3 *s3 = &E->s3;
    gr_status st = GR_OK;
    for (; E->n < target && !E->stopped; E->n++) {
        uint64_t n = E->n;
        if ((st = grow_values(E, E->cap)) != GR_OK) {
            return st;
        }
        if ((n & 4095) == 0 || E->work >= POLL_WORK) {
            if ((st = poll(E)) != GR_OK) {
                return st;
            }
        }
        if (splits && !three && n >= SPARSE_START && (n & (n - 1)) == 0) {
            if ((st = gr_octal_sparse_choose(E)) != GR_OK) {
                return st;
            }
        } else if (E->on && E->nrare * 4 > n) {
            E->on = false; /* the rare heaps are not rare after all */
        }
        uint64_t *uni = E->uni;
        memset(uni, 0, E->words * sizeof(uint64_t));
        if (three && n >= 1) {
            /* X and Y of n - 1 (take 1), and of n itself when d0 splits
             * (take 0): both need g(1..n-1) only */
            uint64_t upto = (code->digit[0] & 12) != 0 ? n + 1 : n;
            if ((st = gr_octal_sets3_grow(E, s3, upto)) != GR_OK) {
                return st;
            }
            for (; s3->filled < upto; s3->filled++) {
                gr_octal_sets3_fill(E, s3, s3->filled);
            }
        }
        E->nrem = 0;
        if (grundy) {
            if (n >= 3) {
                E->rem[0] = n;
                E->half[0] = (n - 1) / 2;
                E->nrem = 1;
            }
        }
        for (unsigned j = 0; j <= t && j <= n; j++) {
            unsigned d = code->digit[j]; /* j = 0: d0, bits 4 and 8 only */
            if ((d & 1) && j == n) {
                uni[0] |= 1;
            }
            if ((d & 2) && j < n) {
                gr_octal_set_bit(uni, E->g[n - j]);
            }
            if (three) {
                if ((d & 4) && n - j >= 2) {
                    for (size_t k = 0; k < s3->words; k++) {
                        uni[k] |= s3->x[(n - j) * s3->words + k];
                    }
                }
                if ((d & 8) && n - j >= 3) {
                    for (size_t k = 0; k < s3->words; k++) {
                        uni[k] |= s3->y[(n - j) * s3->words + k];
                    }
                }
            } else if ((d & 4) && n - j >= 2) {
                E->rem[E->nrem] = n - j;
                E->half[E->nrem] = (n - j) / 2;
                E->nrem++;
            }
        }
        uint64_t v;
        if (E->on) {
            v = E->words == 1 ? sparse_mex(E) : sparse_mex_wide(E);
        } else {
            for (unsigned i = 0; i < E->nrem; i++) {
                if (grundy) {
                    full_scan(E, E->rem[i], E->half[i], uni); /* c = n: no reuse */
                } else if ((st = ring_or(E, E->rem[i])) != GR_OK) {
                    return st;
                }
            }
            v = first_zero(uni, E->words);
        }
        if (v > GR_OCTAL_MAX_GRUNDY) {
            return GR_ELIMIT;
        }
        E->g[n] = (uint16_t)v;
        if (v > E->maxv) {
            if ((st = widen(E, v)) != GR_OK) {
                return st;
            }
            E->maxv = v;
        }
        if (E->on && n >= 1 && gr_octal_is_rare(E, n, (unsigned)v)) {
            if ((st = gr_octal_rare_push(E, n)) != GR_OK) {
                return st;
            }
        }
        uint64_t have = n + 1;
        if (have >= E->next_check) {
            E->checked = have;
            /* Every value while the table is small (most games settle
             * early), then every 1/64 of the table: the answer does not
             * depend on when the test runs, only the table's length. */
            E->next_check = have < 2048 ? have + 1 : have + have / 64;
            E->stopped = E->check(E->check_ctx, E->g, have, &E->next_check);
        }
    }
    if (E->progress != NULL) {
        atomic_store_explicit(E->progress, E->n, memory_order_relaxed);
    }
    return GR_OK;
}

void gr_octal_engine_reclaim(gr_octal_engine *E)
{
    for (gr_octal_retired *r = E->retired; r != NULL;) {
        gr_octal_retired *next = r->next;
        gr_arena_free(E->arena, r->p, r->bytes);
        gr_arena_free(E->arena, r, sizeof(*r));
        r = next;
    }
    E->retired = NULL;
}

void gr_octal_engine_fini(gr_octal_engine *E)
{
    gr_octal_sets3 *s3 = &E->s3;
    if (s3->x != NULL) {
        gr_arena_free(E->arena, s3->x, (size_t)s3->len * s3->words * sizeof(uint64_t));
        gr_arena_free(E->arena, s3->y, (size_t)s3->len * s3->words * sizeof(uint64_t));
        s3->x = s3->y = NULL;
    }
    if (E->rare != NULL) {
        gr_arena_free(E->arena, E->rare, E->rcap * sizeof(uint32_t));
        E->rare = NULL;
    }
}
