/*
 * Ordinals below epsilon_0 as interned Cantor normal forms (see
 * include/grundy/ordinal.h for the representation).
 *
 * Storage.  A label is a slice of two parallel term arrays (exponent
 * labels, coefficients) plus its height, tree size, hash and rank.  An
 * open-addressing table keyed by the term list makes interning O(k) for a
 * k-term form, so equal ordinals always get equal labels.  All arrays grow
 * by doubling inside the arena and are addressed by offset, never by a
 * pointer kept across a growth.
 *
 * Order.  Heights separate ordinals: with m_h the value of the path of h
 * edges (m_0 = 0, m_{h+1} = w^{m_h}), a tree of height h has a value in
 * [m_h, m_{h+1}), because its largest child has height h-1 and every
 * child has height <= h-1.  So a < b when height(a) < height(b); at equal
 * heights the CNF term lists are compared lexicographically (a larger
 * leading exponent wins, then a larger coefficient, then the longer list),
 * the exponents having smaller heights.  Ranking therefore goes height by
 * height, each group sorted with the comparison that the ranks of the
 * lower groups make O(1) per exponent.
 */
#include "grundy/ordinal.h"

#include "core/ordinal_internal.h"
#include "core/probe.h"

#include <string.h>

/* ---- small helpers ------------------------------------------------------ */

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint32_t hash_terms(const gr_ord *exps, const uint64_t *coefs, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)n;
    for (size_t i = 0; i < n; i++) {
        h = mix64(h ^ exps[i]);
        h = mix64(h + coefs[i]);
    }
    return (uint32_t)(h ^ (h >> 32));
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    if (a != 0 && b > UINT64_MAX / a) {
        return UINT64_MAX;
    }
    return a * b;
}

/* Grows *p (n elements of `size` bytes, capacity *cap) to hold `need`. */
static gr_status grow(gr_arena *arena, void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) {
        return GR_OK;
    }
    size_t ncap = *cap ? *cap : 16;
    while (ncap < need) {
        if (ncap > ((size_t)-1) / 2 / size) {
            return GR_ENOMEM;
        }
        ncap *= 2;
    }
    void *np = gr_arena_realloc(arena, *p, *cap * size, ncap * size);
    if (np == NULL) {
        return GR_ENOMEM;
    }
    *p = np;
    *cap = ncap;
    return GR_OK;
}

gr_status gr_ord_scratch_reserve(gr_ord_ctx *x, size_t need)
{
    size_t cap = x->s_cap;
    gr_status st = grow(x->arena, (void **)&x->s_exp, &cap, need, sizeof(*x->s_exp));
    if (st != GR_OK) {
        return st;
    }
    cap = x->s_cap;
    st = grow(x->arena, (void **)&x->s_coef, &cap, need, sizeof(*x->s_coef));
    if (st != GR_OK) {
        return st;
    }
    x->s_cap = cap;
    return GR_OK;
}

static uint64_t label_hash(const void *ctx, size_t i)
{
    return ((const gr_ord_ctx *)ctx)->labels[i].hash;
}

static gr_status table_rebuild(gr_ord_ctx *x, size_t cap)
{
    /* Label 0 is never looked up (intern short-cuts n == 0). */
    return gr_probe_rebuild(x->arena, &x->table, &x->table_cap, cap, 1, x->nlabels, label_hash, x);
}

/*
 * The label of the canonical term list (exps strictly decreasing, coefs
 * positive), made if new.  exps/coefs must not point into x's term arrays
 * (they may move).
 */
static gr_status intern(gr_ord_ctx *x, const gr_ord *exps, const uint64_t *coefs, size_t n,
                        gr_ord *out)
{
    return gr_ord_intern(x, exps, coefs, n, out);
}

gr_status gr_ord_intern(gr_ord_ctx *x, const gr_ord *exps, const uint64_t *coefs, size_t n,
                        gr_ord *out)
{
    if (n == 0) {
        *out = GR_ORD_ZERO;
        return GR_OK;
    }
    uint32_t h = hash_terms(exps, coefs, n);
    size_t mask = x->table_cap - 1;
    size_t j = h & mask;
    while (x->table[j] != 0) {
        const gr_ord_label *l = &x->labels[x->table[j] - 1u];
        if (l->hash == h && l->nterms == n &&
            memcmp(&x->term_exp[l->term_off], exps, n * sizeof(*exps)) == 0 &&
            memcmp(&x->term_coef[l->term_off], coefs, n * sizeof(*coefs)) == 0) {
            *out = x->table[j] - 1u;
            return GR_OK;
        }
        j = (j + 1) & mask;
    }
    if (x->nlabels >= GR_ORD_MAX_LABELS || n > UINT32_MAX) {
        return GR_ELIMIT;
    }
    size_t cap = x->cap_labels;
    gr_status st = grow(x->arena, (void **)&x->labels, &cap, x->nlabels + 1, sizeof(*x->labels));
    if (st != GR_OK) {
        return st;
    }
    x->cap_labels = cap;
    cap = x->cap_terms;
    st = grow(x->arena, (void **)&x->term_exp, &cap, x->nterms + n, sizeof(*x->term_exp));
    if (st != GR_OK) {
        return st;
    }
    cap = x->cap_terms;
    st = grow(x->arena, (void **)&x->term_coef, &cap, x->nterms + n, sizeof(*x->term_coef));
    if (st != GR_OK) {
        return st;
    }
    x->cap_terms = cap;

    gr_ord id = (gr_ord)x->nlabels;
    gr_ord_label *l = &x->labels[id];
    l->term_off = x->nterms;
    l->nterms = (uint32_t)n;
    /* exps[0] is the largest exponent, hence the highest child. */
    l->height = x->labels[exps[0]].height + 1u;
    l->rank = GR_ORD_UNRANKED;
    l->hash = h;
    l->refs = 0;
    uint64_t size = 1;
    for (size_t i = 0; i < n; i++) {
        gr_ord_label *e = &x->labels[exps[i]];
        size = sat_add(size, sat_mul(coefs[i], e->size));
        e->refs += e->refs < 2;
    }
    l->size = size;
    memcpy(&x->term_exp[x->nterms], exps, n * sizeof(*exps));
    memcpy(&x->term_coef[x->nterms], coefs, n * sizeof(*coefs));
    x->nterms += n;
    x->nlabels++;

    x->table[j] = id + 1u;
    if (x->nlabels * 2 > x->table_cap) {
        st = table_rebuild(x, x->table_cap * 2);
        if (st != GR_OK) {
            return st;
        }
    }
    *out = id;
    return GR_OK;
}

/* ---- contexts ----------------------------------------------------------- */

gr_status gr_ord_ctx_create(gr_arena *arena, gr_ord_ctx **out)
{
    gr_ord_ctx *x = gr_arena_calloc(arena, 1, sizeof(*x));
    if (x == NULL) {
        return GR_ENOMEM;
    }
    x->arena = arena;
    gr_status st = grow(arena, (void **)&x->labels, &x->cap_labels, 64, sizeof(*x->labels));
    if (st != GR_OK) {
        return st;
    }
    /* The term and scratch arrays exist from the start, so no pointer
     * arithmetic or memcpy ever sees NULL (the value 0 has no terms). */
    size_t cap = 0;
    st = grow(arena, (void **)&x->term_exp, &cap, 64, sizeof(*x->term_exp));
    if (st == GR_OK) {
        cap = 0;
        st = grow(arena, (void **)&x->term_coef, &cap, 64, sizeof(*x->term_coef));
    }
    if (st == GR_OK) {
        x->cap_terms = cap;
        st = gr_ord_scratch_reserve(x, 64);
    }
    if (st != GR_OK) {
        return st;
    }
    /* Label 0: the empty term list, the ordinal 0, the one-node tree. */
    x->labels[0] = (gr_ord_label){
        .size = 1, .term_off = 0, .nterms = 0, .height = 0, .rank = 0, .hash = 0, .refs = 2};
    x->nlabels = 1;
    x->next_rank = 1;
    st = table_rebuild(x, 128);
    if (st != GR_OK) {
        return st;
    }
    *out = x;
    return GR_OK;
}

gr_arena *gr_ord_arena(const gr_ord_ctx *x)
{
    return x->arena;
}

size_t gr_ord_count(const gr_ord_ctx *x)
{
    return x->nlabels;
}

gr_status gr_ord_from_u64(gr_ord_ctx *x, uint64_t n, gr_ord *out)
{
    if (n == 0) {
        *out = GR_ORD_ZERO;
        return GR_OK;
    }
    gr_ord e = GR_ORD_ZERO;
    return intern(x, &e, &n, 1, out);
}

gr_status gr_ord_from_terms(gr_ord_ctx *x, const gr_ord *exps, const uint64_t *coefs, size_t n,
                            gr_ord *out)
{
    if (n == 0) {
        *out = GR_ORD_ZERO;
        return GR_OK;
    }
    for (size_t i = 0; i < n; i++) {
        if (exps[i] >= x->nlabels || coefs[i] == 0 ||
            (i > 0 && gr_ord_cmp(x, exps[i - 1], exps[i]) <= 0)) {
            return GR_EINVAL;
        }
    }
    gr_status st = gr_ord_scratch_reserve(x, n);
    if (st != GR_OK) {
        return st;
    }
    memcpy(x->s_exp, exps, n * sizeof(*exps));
    memcpy(x->s_coef, coefs, n * sizeof(*coefs));
    return intern(x, x->s_exp, x->s_coef, n, out);
}

/* ---- inspection --------------------------------------------------------- */

bool gr_ord_is_finite(const gr_ord_ctx *x, gr_ord a, uint64_t *n)
{
    const gr_ord_label *l = &x->labels[a];
    if (l->nterms == 0) {
        if (n != NULL) {
            *n = 0;
        }
        return true;
    }
    if (l->nterms == 1 && x->term_exp[l->term_off] == GR_ORD_ZERO) {
        if (n != NULL) {
            *n = x->term_coef[l->term_off];
        }
        return true;
    }
    return false;
}

size_t gr_ord_nterms(const gr_ord_ctx *x, gr_ord a)
{
    return x->labels[a].nterms;
}

void gr_ord_term(const gr_ord_ctx *x, gr_ord a, size_t j, gr_ord *exp, uint64_t *coef)
{
    size_t off = x->labels[a].term_off + j;
    *exp = x->term_exp[off];
    *coef = x->term_coef[off];
}

size_t gr_ord_terms(const gr_ord_ctx *x, gr_ord a, const gr_ord **exps, const uint64_t **coefs)
{
    const gr_ord_label *l = &x->labels[a];
    *exps = &x->term_exp[l->term_off];
    *coefs = &x->term_coef[l->term_off];
    return l->nterms;
}

uint32_t gr_ord_height(const gr_ord_ctx *x, gr_ord a)
{
    return x->labels[a].height;
}

uint64_t gr_ord_tree_size(const gr_ord_ctx *x, gr_ord a)
{
    return x->labels[a].size;
}

bool gr_ord_is_ranked(const gr_ord_ctx *x, gr_ord a)
{
    return x->labels[a].rank != GR_ORD_UNRANKED;
}

bool gr_ord_shared(const gr_ord_ctx *x, gr_ord a)
{
    return x->labels[a].refs >= 2;
}

uint32_t gr_ord_rank_of(const gr_ord_ctx *x, gr_ord a)
{
    return x->labels[a].rank;
}

/* ---- order -------------------------------------------------------------- */

int gr_ord_cmp(const gr_ord_ctx *x, gr_ord a, gr_ord b)
{
    /* Each round either decides or replaces (a, b) by the first pair of
     * differing exponents, whose order is the answer (CNF comparison);
     * heights strictly decrease, so this ends. */
    for (;;) {
        if (a == b) {
            return 0;
        }
        const gr_ord_label *la = &x->labels[a];
        const gr_ord_label *lb = &x->labels[b];
        if (la->rank != GR_ORD_UNRANKED && lb->rank != GR_ORD_UNRANKED) {
            return la->rank < lb->rank ? -1 : 1;
        }
        if (la->height != lb->height) {
            return la->height < lb->height ? -1 : 1;
        }
        const gr_ord *ea = &x->term_exp[la->term_off];
        const gr_ord *eb = &x->term_exp[lb->term_off];
        const uint64_t *ca = &x->term_coef[la->term_off];
        const uint64_t *cb = &x->term_coef[lb->term_off];
        size_t n = la->nterms < lb->nterms ? la->nterms : lb->nterms;
        size_t i = 0;
        while (i < n && ea[i] == eb[i] && ca[i] == cb[i]) {
            i++;
        }
        if (i == n) {
            return la->nterms < lb->nterms ? -1 : 1;
        }
        if (ea[i] == eb[i]) {
            return ca[i] < cb[i] ? -1 : 1;
        }
        a = ea[i];
        b = eb[i];
    }
}

/* rank_key (core/ordinal_internal.h): a group member with its leading
 * term cached. */
static int rank_key_cmp(const gr_ord_ctx *x, const rank_key *a, const rank_key *b)
{
    if (a->rank0 != b->rank0) {
        return a->rank0 < b->rank0 ? -1 : 1;
    }
    if (a->coef0 != b->coef0) {
        return a->coef0 < b->coef0 ? -1 : 1;
    }
    return gr_ord_cmp(x, a->label, b->label);
}

void gr_ord_sort_keys(const gr_ord_ctx *x, rank_key *a, rank_key *tmp, size_t n)
{
    const size_t run = 16;
    for (size_t lo = 0; lo < n; lo += run) {
        size_t hi = lo + run < n ? lo + run : n;
        for (size_t i = lo + 1; i < hi; i++) {
            rank_key v = a[i];
            size_t j = i;
            while (j > lo && rank_key_cmp(x, &a[j - 1], &v) > 0) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = v;
        }
    }
    rank_key *src = a, *dst = tmp;
    for (size_t width = run; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                dst[k++] = rank_key_cmp(x, &src[j], &src[i]) < 0 ? src[j++] : src[i++];
            }
            while (i < mid) {
                dst[k++] = src[i++];
            }
            while (j < hi) {
                dst[k++] = src[j++];
            }
        }
        rank_key *t = src;
        src = dst;
        dst = t;
    }
    if (src != a) {
        memcpy(a, src, n * sizeof(*a));
    }
}

gr_status gr_ord_rank_group(gr_ord_ctx *x, gr_ord *ids, size_t n)
{
    if ((uint64_t)x->next_rank + n >= GR_ORD_UNRANKED) {
        return GR_ELIMIT;
    }
    rank_key *keys = GR_ARENA_ARRAY_UNINIT(x->arena, rank_key, 2 * n + 1);
    if (keys == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        const gr_ord_label *l = &x->labels[ids[i]];
        /* one height >= 1: every member has a leading term, and its
         * exponent (of a lower height) is ranked */
        keys[i].label = ids[i];
        keys[i].rank0 = x->labels[x->term_exp[l->term_off]].rank;
        keys[i].coef0 = x->term_coef[l->term_off];
    }
    gr_ord_sort_keys(x, keys, keys + n, n);
    for (size_t i = 0; i < n; i++) {
        ids[i] = keys[i].label;
        x->labels[ids[i]].rank = x->next_rank++;
    }
    gr_arena_free(x->arena, keys, (2 * n + 1) * sizeof(*keys));
    return GR_OK;
}

gr_status gr_ord_rank(gr_ord_ctx *x)
{
    size_t n = x->nlabels;
    uint32_t maxh = 0;
    for (size_t i = 0; i < n; i++) {
        if (x->labels[i].height > maxh) {
            maxh = x->labels[i].height;
        }
    }
    size_t *start = GR_ARENA_ARRAY(x->arena, size_t, (size_t)maxh + 2);
    gr_ord *order = GR_ARENA_ARRAY_UNINIT(x->arena, gr_ord, n);
    if (start == NULL || order == NULL) {
        return GR_ENOMEM;
    }
    /* Counting sort by height; forget every old rank (old and new ranks
     * must never be compared with each other). */
    for (size_t i = 0; i < n; i++) {
        start[x->labels[i].height + 1]++;
        x->labels[i].rank = GR_ORD_UNRANKED;
    }
    for (size_t h = 0; h <= maxh; h++) {
        start[h + 1] += start[h];
    }
    for (size_t i = 0; i < n; i++) {
        order[start[x->labels[i].height]++] = (gr_ord)i;
    }
    x->labels[0].rank = 0;
    x->next_rank = 1;
    size_t lo = 1; /* height 0 holds only label 0 */
    gr_status st = GR_OK;
    while (lo < n && st == GR_OK) {
        uint32_t h = x->labels[order[lo]].height;
        size_t hi = lo;
        while (hi < n && x->labels[order[hi]].height == h) {
            hi++;
        }
        st = gr_ord_rank_group(x, &order[lo], hi - lo);
        lo = hi;
    }
    gr_arena_free(x->arena, order, n * sizeof(*order));
    gr_arena_free(x->arena, start, ((size_t)maxh + 2) * sizeof(*start));
    return st;
}
