/*
 * When a heap splits an element of the quotient built so far
 * (docs/misere.md, "Limit of the method"): the quotient of heaps <= h is
 * rebuilt from the free commutative monoid on the generator heaps and h,
 * each exponent truncated by x^(K+1) = x^(K-1), every other heap taken as
 * its normal form in those generators.  Elements are then concrete
 * positions (so relations among generators that heap h breaks, such as
 * Kayles' 5 + 5 = 0 among heaps <= 8, are not assumed); their outcomes are
 * decided through the options of those positions, the result reduced by
 * partition refinement and proven as every step is (misere_verify.c).  A
 * failure (the normal forms of the other heaps do not hold either, a
 * cycle, too many elements) leaves the caller's quotient as it was.
 */
#include <string.h>

#include "misere_internal.h"

#define GR_MQ_SPLIT_MAX_ELEMENTS (1u << 16)
#define GR_MQ_SPLIT_ROUNDS 3u

typedef struct amb {
    uint32_t R, K, E;
    uint32_t *radix;   /* K + 1 powers */
    uint64_t *gen;     /* R generator heaps */
    uint32_t *word;    /* (h + 1) * R: each heap's vector */
    uint8_t *st;       /* E: 0 unknown, 1 open, 2 P, 3 N */
    uint32_t *cls;     /* E */
    gr_mis_opt **opts; /* per generator */
    size_t *nopts;
} amb;

static uint32_t fold(uint32_t K, uint32_t n)
{
    return n <= K ? n : K - 1 + (n - (K - 1)) % 2;
}

/* The element w * (the vector v), v given as exponents. */
static uint32_t mul_vec(const amb *A, uint32_t w, const uint32_t *v)
{
    uint32_t out = 0;
    for (uint32_t i = 0; i < A->R; i++) {
        uint32_t e = (w / A->radix[i]) % (A->K + 1);
        out += fold(A->K, e + v[i]) * A->radix[i];
    }
    return out;
}

/* The child of w where one heap of generator i moves by option o (the
 * leaves as vectors). */
static uint32_t child(const amb *A, uint32_t w, uint32_t i, const gr_mis_opt *o, uint32_t *tmp)
{
    memset(tmp, 0, A->R * sizeof(uint32_t));
    for (uint32_t k = 0; k < o->nleaves; k++) {
        const uint32_t *v = A->word + (size_t)o->leaves[k] * A->R;
        for (uint32_t j = 0; j < A->R; j++) {
            tmp[j] += v[j];
        }
    }
    uint32_t w0 = w - A->radix[i];
    return mul_vec(A, w0, tmp);
}

/* Outcomes of every element, depth first on an explicit stack of frames
 * (element, generator, option); a frame whose child is decided looks at it
 * again when it is back on top.  false on a cycle (the normal forms
 * assumed are then inconsistent). */
static gr_status outcomes(gr_arena *arena, amb *A, bool *ok)
{
    uint32_t *stack = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, 3 * (size_t)A->E + 3);
    uint32_t *tmp = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, A->R + 1);
    if (stack == NULL || tmp == NULL) {
        return GR_ENOMEM;
    }
    *ok = true;
    for (uint32_t root = 0; root < A->E; root++) {
        if (A->st[root] != 0) {
            continue;
        }
        size_t d = 1;
        stack[0] = root;
        stack[1] = stack[2] = 0;
        A->st[root] = 1;
        while (d > 0) {
            uint32_t *f = stack + 3 * (d - 1);
            uint32_t w = f[0];
            uint8_t result = 0;
            bool descended = false, any = false;
            while (f[1] < A->R) {
                uint32_t i = f[1];
                if ((w / A->radix[i]) % (A->K + 1) == 0 || f[2] >= A->nopts[i]) {
                    f[1]++;
                    f[2] = 0;
                    continue;
                }
                uint32_t c = child(A, w, i, &A->opts[i][f[2]], tmp);
                if (A->st[c] == 1) {
                    *ok = false;
                    return GR_OK;
                }
                if (A->st[c] == 0) {
                    A->st[c] = 1;
                    stack[3 * d] = c;
                    stack[3 * d + 1] = stack[3 * d + 2] = 0;
                    d++;
                    descended = true;
                    break;
                }
                if (A->st[c] == 2) {
                    result = 3; /* a move to P */
                    break;
                }
                f[2]++;
            }
            if (descended) {
                continue;
            }
            if (result == 0) {
                for (uint32_t i = 0; i < A->R && !any; i++) {
                    any = (w / A->radix[i]) % (A->K + 1) != 0 && A->nopts[i] > 0;
                }
                result = any ? 2 : 3; /* every move led to N */
            }
            A->st[w] = result;
            d--;
        }
    }
    gr_arena_free(arena, stack, (3 * (size_t)A->E + 3) * sizeof(uint32_t));
    return GR_OK;
}

static gr_status refine(gr_arena *arena, amb *A, uint32_t *classes)
{
    uint32_t E = A->E, w = A->R + 1;
    uint32_t *sig = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, (size_t)E * w);
    uint32_t *next = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, E);
    uint32_t *unit = GR_ARENA_ARRAY(arena, uint32_t, A->R);
    size_t hcap = 1;
    while (hcap < 2 * (size_t)E) {
        hcap <<= 1;
    }
    uint32_t *slot = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, hcap);
    if (sig == NULL || next == NULL || slot == NULL || unit == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t e = 0; e < E; e++) {
        A->cls[e] = A->st[e] == A->st[0] ? 0 : 1;
    }
    uint32_t count = 0, have = 2;
    for (;;) {
        memset(slot, 0, hcap * sizeof(uint32_t));
        count = 0;
        for (uint32_t e = 0; e < E; e++) {
            uint32_t *s = sig + (size_t)e * w;
            s[0] = A->cls[e];
            for (uint32_t i = 0; i < A->R; i++) {
                unit[i] = 1;
                s[1 + i] = A->cls[mul_vec(A, e, unit)];
                unit[i] = 0;
            }
            count = gr_mis_q_number(sig, w, e, slot, hcap, next, count);
        }
        memcpy(A->cls, next, E * sizeof(uint32_t));
        if (count == have) {
            break;
        }
        have = count;
    }
    *classes = count;
    gr_arena_free(arena, sig, (size_t)E * w * sizeof(uint32_t));
    gr_arena_free(arena, next, E * sizeof(uint32_t));
    gr_arena_free(arena, slot, hcap * sizeof(uint32_t));
    return GR_OK;
}

/* One rebuild: generators the old quotient's generator heaps, the heaps
 * extra[0..nextra) (taken as free generators instead of their normal
 * forms) and h.  With probe (the last extra), only whether that heap's
 * class differs from its normal form's is found (*differs), for the
 * caller to know it must stay a generator. */
static gr_status split_try(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t K,
                           const gr_mis_quotient *oldq, const uint64_t *extra, uint32_t nextra,
                           bool probe, uint32_t max_order, uint64_t max_states, bool *ok,
                           bool *differs)
{
    *ok = false;
    *differs = false;
    gr_arena *arena = q->arena;
    const gr_mis_quotient old = *oldq;
    gr_status st;
    amb A = {.R = old.ngens + nextra + 1, .K = K};
    uint64_t E = 1;
    for (uint32_t i = 0; i < A.R; i++) {
        E *= K + 1;
        if (E > GR_MQ_SPLIT_MAX_ELEMENTS) {
            return GR_OK;
        }
    }
    A.E = (uint32_t)E;
    A.radix = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, A.R);
    A.gen = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, A.R);
    A.word = GR_ARENA_ARRAY(arena, uint32_t, (size_t)(h + 1) * A.R);
    A.st = GR_ARENA_ARRAY(arena, uint8_t, A.E);
    A.cls = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, A.E);
    A.opts = GR_ARENA_ARRAY(arena, gr_mis_opt *, A.R);
    A.nopts = GR_ARENA_ARRAY(arena, size_t, A.R);
    uint32_t *buf = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, A.E + 1);
    if (A.radix == NULL || A.gen == NULL || A.word == NULL || A.st == NULL || A.cls == NULL ||
        A.opts == NULL || A.nopts == NULL || buf == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t i = 0, r = 1; i < A.R; i++, r *= K + 1) {
        A.radix[i] = r;
        A.gen[i] = i < old.ngens            ? old.gen_heap[i]
                   : i < old.ngens + nextra ? extra[i - old.ngens]
                                            : h;
    }
    for (uint64_t l = 1; l < h; l++) {
        const uint32_t *w = old.word + (size_t)q->image[l] * old.ngens;
        for (uint32_t i = 0; i < old.ngens; i++) {
            A.word[l * A.R + i] = w[i];
        }
    }
    for (uint32_t i = 0; i < nextra; i++) {
        memset(A.word + extra[i] * A.R, 0, A.R * sizeof(uint32_t));
        A.word[extra[i] * A.R + old.ngens + i] = 1;
    }
    A.word[h * A.R + A.R - 1] = 1;
    for (uint32_t i = 0; i < A.R; i++) {
        size_t n;
        if ((st = gr_mis_heap_options(g, A.gen[i], NULL, 0, &n)) != GR_OK) {
            return st == GR_ELIMIT ? GR_OK : st;
        }
        A.opts[i] = GR_ARENA_ARRAY_UNINIT(arena, gr_mis_opt, n + 1);
        if (A.opts[i] == NULL) {
            return GR_ENOMEM;
        }
        gr_mis_heap_options(g, A.gen[i], A.opts[i], n, &n);
        A.nopts[i] = n;
    }
    bool consistent;
    if ((st = outcomes(arena, &A, &consistent)) != GR_OK || !consistent) {
        return st;
    }
    uint32_t m;
    if ((st = refine(arena, &A, &m)) != GR_OK) {
        return st;
    }
    if (probe) {
        /* the probed heap against its normal form in the old generators */
        uint64_t l = extra[nextra - 1];
        const uint32_t *w = old.word + (size_t)q->image[l] * old.ngens;
        uint32_t *v = GR_ARENA_ARRAY(arena, uint32_t, A.R);
        if (v == NULL) {
            return GR_ENOMEM;
        }
        memcpy(v, w, old.ngens * sizeof(uint32_t));
        *differs = A.cls[A.radix[old.ngens + nextra - 1]] != A.cls[mul_vec(&A, 0, v)];
        gr_arena_free(arena, A.st, A.E);
        gr_arena_free(arena, A.cls, A.E * sizeof(uint32_t));
        gr_arena_free(arena, buf, (A.E + 1) * sizeof(uint32_t));
        gr_arena_free(arena, A.word, (size_t)(h + 1) * A.R * sizeof(uint32_t));
        return GR_OK;
    }
    if (m > max_order) {
        return GR_OK;
    }
    /* the new quotient: members of least weight represent their classes */
    gr_mis_q nq;
    if ((st = gr_mis_q_alloc(arena, m, &nq)) != GR_OK) {
        return st;
    }
    uint32_t *member = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, m);
    uint32_t *tmp = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, A.R + 1);
    uint32_t *vec = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, A.R + 1);
    if (member == NULL || tmp == NULL || vec == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t c = 0; c < m; c++) {
        nq.tok[c] = UINT64_MAX;
    }
    for (uint32_t e = 0; e < A.E; e++) {
        uint64_t t = 0;
        for (uint32_t i = 0; i < A.R; i++) {
            uint64_t x = (e / A.radix[i]) % (K + 1);
            t += x * A.gen[i] * A.gen[i];
        }
        uint32_t c = A.cls[e];
        if (t < nq.tok[c]) {
            nq.tok[c] = t;
            member[c] = e;
        }
    }
    for (uint32_t c = 0; c < m; c++) {
        uint32_t e = member[c];
        nq.inp[c] = A.st[e] == 2;
        for (uint32_t i = 0; i < A.R; i++) {
            vec[i] = (e / A.radix[i]) % (K + 1);
        }
        for (uint32_t d = 0; d < m; d++) {
            uint32_t f = member[d];
            for (uint32_t i = 0; i < A.R; i++) {
                tmp[i] = (f / A.radix[i]) % (K + 1);
            }
            nq.tab[(size_t)c * m + d] = A.cls[mul_vec(&A, e, tmp)];
        }
        uint32_t n = 0;
        for (uint32_t i = 0; i < A.R; i++) {
            if (vec[i] == 0) {
                continue;
            }
            for (size_t j = 0; j < A.nopts[i]; j++) {
                buf[n++ % (A.E + 1)] = A.cls[child(&A, e, i, &A.opts[i][j], tmp)];
                if (n > A.E) {
                    n = A.E; /* more options than elements: duplicates */
                }
            }
        }
        if ((st = gr_mis_q_set_make(arena, buf, n, &nq.rep[c])) != GR_OK) {
            return st;
        }
    }
    /* every heap's image and option images */
    nq.heaps = h + 1;
    nq.cap = q->cap > h + 1 ? q->cap : 2 * (h + 1);
    nq.image = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, nq.cap);
    nq.opt = GR_ARENA_ARRAY(arena, gr_mis_q_set, nq.cap);
    if (nq.image == NULL || nq.opt == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t l = 0; l <= h; l++) {
        nq.image[l] = A.cls[mul_vec(&A, 0, A.word + l * A.R)];
        size_t n;
        if ((st = gr_mis_heap_options(g, l, NULL, 0, &n)) != GR_OK) {
            return st == GR_ELIMIT ? GR_OK : st;
        }
        gr_mis_opt *o = GR_ARENA_ARRAY_UNINIT(arena, gr_mis_opt, n + 1);
        uint32_t *v = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, n + 1);
        if (o == NULL || v == NULL) {
            return GR_ENOMEM;
        }
        gr_mis_heap_options(g, l, o, n, &n);
        for (size_t j = 0; j < n; j++) {
            memset(tmp, 0, A.R * sizeof(uint32_t));
            for (uint32_t k = 0; k < o[j].nleaves; k++) {
                for (uint32_t i = 0; i < A.R; i++) {
                    tmp[i] += A.word[o[j].leaves[k] * A.R + i];
                }
            }
            v[j] = A.cls[mul_vec(&A, 0, tmp)];
        }
        if ((st = gr_mis_q_set_make(arena, v, (uint32_t)n, &nq.opt[l])) != GR_OK) {
            return st;
        }
    }
    bool proven, too_big;
    if ((st = gr_mis_q_verify(&nq, max_states, &proven, &too_big)) != GR_OK) {
        return st;
    }
    if (proven && !too_big) {
        *q = nq;
        *ok = true;
    }
    return GR_OK;
}

/* The heaps whose normal forms heap h breaks become generators too: each
 * non-generator heap is probed (taken as a free generator: does its class
 * differ from its normal form's?), those that differ are kept, and the
 * rebuild is tried again, a few rounds at most. */
gr_status gr_mis_q_split(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t K,
                         uint32_t max_order, uint64_t max_states, bool *ok)
{
    *ok = false;
    gr_arena *arena = q->arena;
    gr_mis_quotient old;
    memset(&old, 0, sizeof(old));
    uint64_t saved = q->heaps;
    q->heaps = h; /* heaps 0..h-1 */
    gr_status st = gr_mis_q_present(arena, q, &old);
    q->heaps = saved;
    if (st != GR_OK) {
        return st == GR_EINTERNAL ? GR_OK : st;
    }
    uint64_t *extra = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, h + 1);
    uint8_t *is_gen = GR_ARENA_ARRAY(arena, uint8_t, h + 1);
    if (extra == NULL || is_gen == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t i = 0; i < old.ngens; i++) {
        is_gen[old.gen_heap[i]] = 1;
    }
    uint32_t nextra = 0;
    bool differs;
    for (unsigned round = 0; round < GR_MQ_SPLIT_ROUNDS; round++) {
        if ((st = split_try(q, g, h, K, &old, extra, nextra, false, max_order, max_states, ok,
                            &differs)) != GR_OK ||
            *ok) {
            return st;
        }
        uint32_t before = nextra;
        for (uint64_t l = h - 1; l >= 1; l--) {
            if (is_gen[l] || q->opt[l].n == 0) {
                continue;
            }
            if ((st = gr_arena_check(arena)) != GR_OK) {
                return st;
            }
            extra[nextra] = l;
            bool unused;
            if ((st = split_try(q, g, h, K, &old, extra, nextra + 1, true, max_order, max_states,
                                &unused, &differs)) != GR_OK) {
                return st;
            }
            if (differs) {
                is_gen[l] = 1;
                nextra++;
            }
        }
        if (nextra == before) {
            return GR_OK; /* nothing more to free */
        }
    }
    return GR_OK;
}
