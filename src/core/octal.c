/*
 * Octal games: values by mex (sparse space where it pays), periodicity by
 * Guy-Smith.  The moves are found in octal_moves.c.
 *
 * Values.  For a heap n the options are 0 (take all, bit 1), g(n-j)
 * (bit 2) and every g(a) ^ g(b) with a + b = n - j, a, b >= 1 (bit 4).  The
 * split values of a remainder c form the nim-sum set
 *     X(c) = { g(a) ^ g(c-a) : 1 <= a <= c/2 },
 * which every take j shares (c = n - j), so X(c) is computed once, as a
 * bitset, when c = n - 1 first becomes complete, and kept in a ring of the
 * last t remainders.  The bitsets are sized by the largest value so far,
 * rounded up to a power of two times 64 bits: XORs of values below 2^b stay
 * below 2^b, so no set ever needs a bit past that size.  The mex is the
 * first zero bit of the union.  Cost O(n) per value, O(N^2) in all.
 *
 * Periodicity (Guy-Smith, Winning Ways ch. 4): if g(n+p) = g(n) for all
 * e <= n < 2e + p + t, with t the largest take and e >= 1, then for all
 * n >= e.  guy_smith() looks for the least p whose last mismatch (the
 * largest n with g(n) != g(n+p)) is low enough; that p is the least period
 * and 1 + its last mismatch the least preperiod: a confirmed p is a true
 * period, hence a multiple of the least one p*, and the mismatch at e*-1
 * (e* the least preperiod) is a mismatch for every multiple of p*, so p*
 * is confirmed first and with e = e*.
 */
#include "grundy/octal.h"

#include <string.h>

#include "octal_internal.h"

gr_status gr_octal_parse(const char *text, gr_octal_code *out, size_t *bad_at)
{
    memset(out, 0, sizeof(*out));
    *bad_at = 0;
    if (text[0] != '0') {
        return GR_EINVAL;
    }
    if (text[1] != '.') {
        *bad_at = 1;
        return GR_EINVAL;
    }
    size_t j = 0;
    for (const char *s = text + 2; *s != '\0'; s++) {
        if (*s < '0' || *s > '7') {
            *bad_at = (size_t)(s - text);
            return GR_EINVAL;
        }
        if (++j > GR_OCTAL_MAX_DIGITS) {
            *bad_at = (size_t)(s - text);
            return GR_ELIMIT;
        }
        out->digit[j] = (uint8_t)(*s - '0');
        if (out->digit[j] != 0) {
            out->len = (unsigned)j;
        }
    }
    if (j == 0) {
        *bad_at = 2; /* "0." with no digit */
        return GR_EINVAL;
    }
    return GR_OK;
}

typedef struct split_ring {
    uint64_t *bits; /* slots * words */
    unsigned slots; /* t */
    size_t words;   /* per bitset, a power of two */
} split_ring;

/* Doubles the bitsets' width until value fits, keeping their contents. */
static gr_status ring_widen(gr_arena *arena, split_ring *r, uint64_t value)
{
    size_t words = r->words;
    while (value >= 64 * (uint64_t)words) {
        words *= 2;
    }
    if (words == r->words) {
        return GR_OK;
    }
    uint64_t *bits = GR_ARENA_ARRAY(arena, uint64_t, (size_t)r->slots * words);
    if (bits == NULL) {
        return GR_ENOMEM;
    }
    for (unsigned s = 0; s < r->slots; s++) {
        memcpy(bits + s * words, r->bits + s * r->words,
               r->words * sizeof(uint64_t));
    }
    gr_arena_free(arena, r->bits,
                  (size_t)r->slots * r->words * sizeof(uint64_t));
    r->bits = bits;
    r->words = words;
    return GR_OK;
}

/* X(c) into out (words wide).  With every value below 64 the set is one
 * word, built with four independent accumulators so the OR chain does not
 * serialise the loop; wider sets go through a byte per value (stores to
 * distinct bytes do not depend on each other) packed into bits at the end,
 * seen[] holding 64 * words bytes, unless the set is so wide that packing
 * would cost more than the pairs. */
static void split_set(const uint16_t *restrict g, uint64_t c,
                      uint64_t *restrict out, size_t words,
                      unsigned char *restrict seen)
{
    memset(out, 0, words * sizeof(uint64_t));
    if (c < 2) {
        return;
    }
    uint64_t half = c / 2;
    if (words == 1) {
        uint64_t m0 = 0, m1 = 0, m2 = 0, m3 = 0;
        uint64_t a = 1;
        for (; a + 3 <= half; a += 4) {
            m0 |= 1ull << (g[a] ^ g[c - a]);
            m1 |= 1ull << (g[a + 1] ^ g[c - a - 1]);
            m2 |= 1ull << (g[a + 2] ^ g[c - a - 2]);
            m3 |= 1ull << (g[a + 3] ^ g[c - a - 3]);
        }
        for (; a <= half; a++) {
            m0 |= 1ull << (g[a] ^ g[c - a]);
        }
        out[0] = m0 | m1 | m2 | m3;
        return;
    }
    size_t nv = 64 * words;
    if (nv > half / 4) {
        /* few pairs for so wide a set: packing bytes would cost more than
         * setting bits directly */
        for (uint64_t a = 1; a <= half; a++) {
            unsigned x = (unsigned)(g[a] ^ g[c - a]);
            out[x >> 6] |= 1ull << (x & 63);
        }
        return;
    }
    memset(seen, 0, nv);
    for (uint64_t a = 1; a <= half; a++) {
        seen[g[a] ^ g[c - a]] = 1;
    }
    for (size_t v = 0; v < nv; v++) {
        out[v >> 6] |= (uint64_t)seen[v] << (v & 63);
    }
}

/* The Guy-Smith test on g[0..have): the least p, and its least e, with
 * g(n+p) = g(n) for e <= n < have - p and 2 max(e, 1) + 2p + t <= have.
 * (The theorem's induction maps a split (a, b) of n + p to (a, b - p) of n,
 * which needs b - p >= e >= 1, an empty heap not being a legal leaf; if the
 * data also show g(p) = g(0) the sequence is periodic from 0 and e = 0 is
 * reported.  0.4 shows why: g = 0,0,0,1,... is not periodic from 0.)
 * For each p the last mismatch is looked for from the top down, which for
 * a wrong p stops at once and for a right one costs have - e. */
static bool guy_smith(const uint16_t *g, uint64_t have, unsigned t,
                      uint64_t *e_out, uint64_t *p_out)
{
    for (uint64_t p = 1; 2 * p + t + 2 <= have; p++) {
        uint64_t bound = (have - 2 * p - t) / 2; /* largest e allowed */
        uint64_t n = have - p;                   /* g(n-1) vs g(n-1+p) */
        while (n > 0 && g[n - 1] == g[n - 1 + p]) {
            n--;
        }
        uint64_t e = n; /* 1 + the last mismatch, or 0 */
        if ((e > 0 ? e : 1) <= bound) {
            *e_out = e;
            *p_out = p;
            return true;
        }
    }
    return false;
}

/* ---- sparse space -------------------------------------------------------
 * Many octal games (0.6, 0.16, 0.14...) have "sparse space" (Gangolli and
 * Plambeck; Winning Ways ch. 4 extras): for some mask M the values with
 * parity(v & M) = 0 -- call them rare -- occur at only a few heaps, while
 * the common values (odd parity) fill the rest.  Parity is additive under
 * XOR, so a common value in X(c) needs a rare heap in its pair: the common
 * part of every X(c) is found by walking the few rare positions.  The mex
 * is then exact without scanning all pairs: walking upwards, a common value
 * not yet seen is certainly absent, and a rare value not yet seen is looked
 * for among the remaining pairs, scanned lazily (present rare values are
 * usually met within a few pairs).  Only when the mex itself is rare does
 * a scan run to the end.  The mask is chosen at SPARSE_START values and
 * again at every doubling, from the later half of the table (the one
 * leaving the fewest rare heaps there), and the method is used while
 * walking the rare heaps costs less than about n/2 per value (computing
 * X(c) outright), with some hysteresis; either way the values are exact,
 * the choice is only about speed.
 */
#define SPARSE_START 2048u

typedef struct sparse_space {
    bool on;
    uint32_t mask;
    unsigned splitters; /* takes j whose digit has bit 4 */
    uint32_t *rare;     /* heaps a >= 1 with a rare value, ascending */
    size_t nrare, cap;
    uint64_t *cursor; /* per take: next a of the lazy scan of X(n - j) */
    uint64_t work;    /* pairs looked at since the last choice */
    bool given_up;    /* measured slower than whole sets: stay off */
} sparse_space;

static bool is_rare(const sparse_space *sp, uint64_t v)
{
    return !__builtin_parity((unsigned)(v & sp->mask));
}

static gr_status sparse_note(gr_arena *arena, sparse_space *sp, uint64_t n,
                             uint64_t v)
{
    if (n == 0 || !is_rare(sp, v)) {
        return GR_OK;
    }
    if (sp->nrare == sp->cap) {
        size_t cap = sp->cap ? 2 * sp->cap : 256;
        uint32_t *rare =
            gr_arena_realloc(arena, sp->rare, sp->cap * sizeof(uint32_t),
                             cap * sizeof(uint32_t));
        if (rare == NULL) {
            return GR_ENOMEM;
        }
        sp->rare = rare;
        sp->cap = cap;
    }
    sp->rare[sp->nrare++] = (uint32_t)n;
    return GR_OK;
}

/* (Re)chooses the mask from the later half of g(1..have-1), where the
 * game has settled, rebuilds the rare list and turns the method on or off:
 * per value it costs about (split takes) x (rare heaps), plus the lazy
 * scans, against about n/2 for the full sets. */
static gr_status sparse_choose(gr_arena *arena, sparse_space *sp,
                               const gr_octal_code *code, const uint16_t *g,
                               uint64_t have, size_t words)
{
    if (sp->on) {
        /* Measured: the whole sets of the last half would have cost about
         * (3/16) have^2 pairs (shared by the takes), a pair there costing
         * about a quarter of one here when the sets fit one word and
         * twice one here when they go through bytes. */
        uint64_t whole = 3 * have / 16 * have;
        if (sp->work * (words == 1 ? 4 : 1) >= whole * (words == 1 ? 1 : 2)) {
            sp->given_up = true;
        }
    }
    sp->on = false;
    sp->nrare = 0;
    sp->work = 0;
    if (sp->given_up) {
        return GR_OK;
    }
    size_t vals = 64 * words;
    if (vals > 1024) {
        return GR_OK; /* values too spread for a parity split to pay */
    }
    uint32_t *hist = GR_ARENA_ARRAY(arena, uint32_t, vals);
    if (hist == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t n = have / 2; n < have; n++) {
        hist[g[n]]++;
    }
    uint64_t best = UINT64_MAX;
    for (uint32_t m = 1; m < vals; m++) {
        uint64_t rare = 0;
        for (uint32_t v = 0; v < vals && rare < best; v++) {
            rare += __builtin_parity(v & m) ? 0 : hist[v];
        }
        if (rare < best) {
            best = rare;
            sp->mask = m;
        }
    }
    gr_arena_free(arena, hist, vals * sizeof(uint32_t));
    sp->splitters = 0;
    for (unsigned j = 1; j <= code->len; j++) {
        sp->splitters += (code->digit[j] & 4) != 0;
    }
    if (sp->cursor == NULL) {
        sp->cursor = GR_ARENA_ARRAY(arena, uint64_t, code->len + 1);
        if (sp->cursor == NULL) {
            return GR_ENOMEM;
        }
    }
    for (uint64_t n = 1; n < have; n++) {
        gr_status st = sparse_note(arena, sp, n, g[n]);
        if (st != GR_OK) {
            return st;
        }
    }
    sp->on = (uint64_t)sp->splitters * sp->nrare * 2 <= have;
    return GR_OK;
}

/* The mex of n's options; uni (words wide) holds the one-heap and no-heap
 * options already. */
static uint64_t sparse_mex(const gr_octal_code *code, const uint16_t *g,
                           uint64_t n, sparse_space *sp, uint64_t *uni,
                           size_t words)
{
    unsigned t = code->len;
    for (unsigned j = 1; j <= t && j < n; j++) {
        if (!(code->digit[j] & 4) || n - j < 2) {
            continue;
        }
        uint64_t c = n - j;
        size_t i = 0;
        for (; i < sp->nrare && sp->rare[i] < c; i++) {
            unsigned x = (unsigned)(g[sp->rare[i]] ^ g[c - sp->rare[i]]);
            uni[x >> 6] |= 1ull << (x & 63);
        }
        sp->work += i;
        sp->cursor[j] = 1;
    }
    for (;;) {
        size_t w = 0;
        while (w < words && uni[w] == ~0ull) {
            w++;
        }
        if (w == words) {
            return 64 * (uint64_t)words; /* above every XOR and option */
        }
        uint64_t v = 64 * (uint64_t)w + (uint64_t)__builtin_ctzll(~uni[w]);
        if (!is_rare(sp, v)) {
            return v; /* common: every pair that could give it was seen */
        }
        bool found = false;
        for (unsigned j = 1; j <= t && j < n && !found; j++) {
            if (!(code->digit[j] & 4) || n - j < 2) {
                continue;
            }
            uint64_t c = n - j, a = sp->cursor[j];
            for (; a <= c / 2; a++) {
                unsigned x = (unsigned)(g[a] ^ g[c - a]);
                uni[x >> 6] |= 1ull << (x & 63);
                if (x == v) {
                    found = true;
                    a++;
                    break;
                }
            }
            sp->work += a - sp->cursor[j];
            sp->cursor[j] = a;
        }
        if (!found) {
            return v;
        }
    }
}

gr_status gr_octal_solve(gr_arena *arena, const gr_octal_code *code,
                         uint64_t max_values, gr_octal_table *out)
{
    memset(out, 0, sizeof(*out));
    out->code = *code;
    unsigned t = code->len;
    bool splits = false;
    for (unsigned j = 1; j <= t; j++) {
        splits |= (code->digit[j] & 4) != 0;
    }
    const uint64_t cap = max_values == 0 || max_values > GR_OCTAL_MAX_VALUES
                             ? GR_OCTAL_MAX_VALUES
                             : max_values;
    uint16_t *g = GR_ARENA_ARRAY(arena, uint16_t, cap);
    split_ring ring = {NULL, t, 1};
    uint64_t *uni = GR_ARENA_ARRAY(arena, uint64_t, 1);
    unsigned char *seen = GR_ARENA_ARRAY_UNINIT(arena, unsigned char, 64);
    if (g == NULL || uni == NULL || seen == NULL) {
        return GR_ENOMEM;
    }
    if (splits) {
        ring.bits = GR_ARENA_ARRAY(arena, uint64_t, t);
        if (ring.bits == NULL) {
            return GR_ENOMEM;
        }
    }
    size_t uni_words = 1;
    uint64_t maxv = 0;
    uint64_t n = 0;
    uint64_t next_check = 1;
    sparse_space sp;
    memset(&sp, 0, sizeof(sp));
    for (; n < cap && !out->periodic; n++) {
        bool was_on = sp.on;
        if (splits && n >= SPARSE_START && (n & (n - 1)) == 0) {
            /* at 2048, 4096, ...: the game's later values pick the mask */
            gr_status st = sparse_choose(arena, &sp, code, g, n, uni_words);
            if (st != GR_OK) {
                return st;
            }
        } else if (sp.on && (uint64_t)sp.splitters * sp.nrare * 4 > 3 * n) {
            sp.on = false; /* the rare values are not rare after all */
        }
        if (was_on && !sp.on) {
            /* back to whole sets: refill the ring with the remainders it
             * will be asked for */
            for (uint64_t c = n - t; c + 1 < n; c++) {
                split_set(g, c, ring.bits + (c % t) * ring.words, ring.words,
                          seen);
            }
        }
        if (splits && n >= 1 && !sp.on) {
            /* X(n-1) needs g(1..n-2), all known now. */
            split_set(g, n - 1, ring.bits + ((n - 1) % t) * ring.words,
                      ring.words, seen);
        }
        memset(uni, 0, uni_words * sizeof(uint64_t));
        for (unsigned j = 1; j <= t && j <= n; j++) {
            unsigned d = code->digit[j];
            if ((d & 1) && j == n) {
                uni[0] |= 1;
            }
            if ((d & 2) && j < n) {
                uint16_t v = g[n - j];
                uni[v >> 6] |= 1ull << (v & 63);
            }
            if ((d & 4) && n - j >= 2 && !sp.on) {
                const uint64_t *x = ring.bits + ((n - j) % t) * ring.words;
                for (size_t w = 0; w < ring.words; w++) {
                    uni[w] |= x[w];
                }
            }
        }
        uint64_t v = 0;
        if (sp.on) {
            v = sparse_mex(code, g, n, &sp, uni, uni_words);
        } else {
            size_t w = 0;
            while (w < uni_words && uni[w] == ~0ull) {
                w++;
            }
            v = 64 * (uint64_t)w +
                (w < uni_words ? (uint64_t)__builtin_ctzll(~uni[w]) : 0);
        }
        if (v > GR_OCTAL_MAX_GRUNDY) {
            return GR_ELIMIT;
        }
        g[n] = (uint16_t)v;
        if (v > maxv) {
            maxv = v;
            if (v >= 64 * (uint64_t)uni_words) {
                size_t words = uni_words;
                while (v >= 64 * (uint64_t)words) {
                    words *= 2;
                }
                uni = GR_ARENA_ARRAY(arena, uint64_t, words);
                seen = GR_ARENA_ARRAY_UNINIT(arena, unsigned char, 64 * words);
                if (uni == NULL || seen == NULL) {
                    return GR_ENOMEM;
                }
                uni_words = words;
                if (splits) {
                    gr_status st = ring_widen(arena, &ring, v);
                    if (st != GR_OK) {
                        return st;
                    }
                }
            }
        }
        uint64_t have = n + 1;
        if (sp.on) {
            gr_status st = sparse_note(arena, &sp, n, v);
            if (st != GR_OK) {
                return st;
            }
        }
        if (have >= next_check) {
            out->periodic =
                guy_smith(g, have, t, &out->preperiod, &out->period);
            /* Every value while the table is small (most games settle
             * early), then every 1/64 of the table: the answer does not
             * depend on when the test runs, only the table's length. */
            next_check = have < 2048 ? have + 1 : have + have / 64;
        }
    }
    out->values = g;
    out->computed = n;
    out->max_value = maxv;
    if (ring.bits != NULL) {
        gr_arena_free(arena, ring.bits,
                      (size_t)ring.slots * ring.words * sizeof(uint64_t));
    }
    out->arena = arena;
    if (out->periodic) {
        out->residues = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, out->period);
        if (out->residues == NULL) {
            return GR_ENOMEM;
        }
    }
    return GR_OK;
}

gr_status gr_octal_grundy(const gr_octal_table *t, uint64_t h, uint64_t *g)
{
    if (h >= t->computed && !t->periodic) {
        return GR_ELIMIT;
    }
    *g = gr_octal_value_at(t, h);
    return GR_OK;
}
