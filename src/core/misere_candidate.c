/*
 * The candidate for Q_h and its reduction (misere_quotient.c's step, the
 * construction of docs/misere.md): Q_{h-1} x <x | x^(K+1) = x^(K-1)>, the
 * outcomes of its elements from their options, Moore's refinement by P and
 * by the heap images, and the reduced candidate laid out as the new
 * quotient, with the old heaps' option lists kept and only their labels
 * renamed.
 */
#include <string.h>

#include "misere_internal.h"

static uint64_t sq_sat(uint64_t h)
{
    return h > UINT32_MAX ? UINT64_MAX : h * h;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint32_t fold(uint32_t K, uint32_t n)
{
    return n <= K ? n : K - 1 + (n - (K - 1)) % 2;
}

/* The outcomes of the candidate's elements; false when an option is not
 * lighter than its position (the candidate then cannot be right). */
bool gr_mis_q_ext_outcomes(const gr_mis_q *q, const gr_mis_q_set *y, gr_mis_q_ext *x,
                           const uint32_t *by_tok)
{
    uint32_t K1 = x->K + 1;
    uint8_t *done = (uint8_t *)x->cls; /* scratch: cls is filled later */
    memset(done, 0, x->E);
    for (uint32_t a = 0; a < q->m; a++) {
        x->inp[a * K1] = q->inp[a];
        done[a * K1] = 1;
    }
    for (uint32_t k = 1; k <= x->K; k++) {
        for (uint32_t i = 0; i < q->m; i++) {
            uint32_t a = by_tok[i];
            bool any = false, to_p = false;
            const gr_mis_q_set *r = &q->rep[a];
            for (uint32_t j = 0; j < r->n && !to_p; j++) {
                uint32_t e = r->v[j] * K1 + k;
                if (!done[e]) {
                    return false;
                }
                any = true;
                to_p = x->inp[e];
            }
            for (uint32_t j = 0; j < y->n && !to_p; j++) {
                uint32_t e = gr_mis_q_mul(q, a, y->v[j]) * K1 + (k - 1);
                any = true;
                to_p = x->inp[e];
            }
            x->inp[a * K1 + k] = any && !to_p;
            done[a * K1 + k] = 1;
        }
    }
    return true;
}

/* Moore's refinement of the candidate by P and by multiplication with the
 * letters (the distinct heap images, and x). */
gr_status gr_mis_q_ext_refine(gr_arena *arena, const gr_mis_q *q, const uint32_t *letters,
                              uint32_t nl, gr_mis_q_ext *x)
{
    uint32_t K1 = x->K + 1, E = x->E, w = nl + 2;
    uint32_t *sig = gr_mis_q_scratch(arena, (size_t)E * w * sizeof(uint32_t));
    uint32_t *next = gr_mis_q_scratch(arena, E * sizeof(uint32_t));
    size_t hcap = 1;
    while (hcap < 2 * (size_t)E) {
        hcap <<= 1;
    }
    uint32_t *slot = gr_mis_q_scratch(arena, hcap * sizeof(uint32_t));
    if (sig == NULL || next == NULL || slot == NULL) {
        return GR_ENOMEM;
    }
    /* first classes by P, numbered by first appearance */
    int first_p = -1;
    for (uint32_t e = 0; e < E; e++) {
        x->cls[e] = x->inp[e] == x->inp[0] ? 0 : 1;
        if (x->cls[e] == 1) {
            first_p = 1;
        }
    }
    x->classes = first_p > 0 ? 2 : 1;
    for (;;) {
        if (gr_arena_check(arena) != GR_OK) {
            return gr_arena_check(arena);
        }
        memset(slot, 0, hcap * sizeof(uint32_t));
        uint32_t count = 0;
        for (uint32_t e = 0; e < E; e++) {
            uint32_t a = e / K1, k = e % K1;
            uint32_t *s = sig + (size_t)e * w;
            s[0] = x->cls[e];
            for (uint32_t l = 0; l < nl; l++) {
                s[1 + l] = x->cls[gr_mis_q_mul(q, a, letters[l]) * K1 + k];
            }
            s[1 + nl] = x->cls[a * K1 + fold(x->K, k + 1)];
            count = gr_mis_q_number(sig, w, e, slot, hcap, next, count);
        }
        bool stable = count == x->classes;
        memcpy(x->cls, next, E * sizeof(uint32_t));
        x->classes = count;
        if (stable) {
            break;
        }
    }
    gr_mis_q_scratch_free(arena, sig, (size_t)E * w * sizeof(uint32_t));
    gr_mis_q_scratch_free(arena, next, E * sizeof(uint32_t));
    gr_mis_q_scratch_free(arena, slot, hcap * sizeof(uint32_t));
    return GR_OK;
}

/* Carves n bytes (aligned to 8) from a block being laid out. */
static void *carve(unsigned char *base, size_t *at, size_t n)
{
    void *p = base == NULL ? NULL : base + *at;
    *at += (n + 7) & ~(size_t)7;
    return p;
}

/* nq's arrays in one block (gr_mis_q.block): the layout is measured with
 * base NULL, then carved from the allocation. */
static void layout(unsigned char *base, size_t *size, gr_mis_q *nq, size_t pool_n, uint32_t **pool)
{
    uint32_t m = nq->m;
    size_t at = 0;
    nq->tok = carve(base, &at, m * sizeof(uint64_t));
    nq->rep = carve(base, &at, m * sizeof(gr_mis_q_set));
    nq->opt = carve(base, &at, nq->cap * sizeof(gr_mis_q_set));
    nq->tab = carve(base, &at, (size_t)m * m * sizeof(uint32_t));
    nq->image = carve(base, &at, nq->cap * sizeof(uint32_t));
    nq->omap = carve(base, &at, (size_t)nq->omap_n * sizeof(uint32_t));
    nq->inp = carve(base, &at, m);
    *pool = carve(base, &at, pool_n * sizeof(uint32_t));
    *size = at;
}

/* The reduced candidate as the new quotient nq.  pi[a] is the class of
 * Q_{h-1}'s element a; old elements stay apart in the candidate (a
 * position of heaps below h tells them apart), so the old heaps' option
 * lists are kept as they are and only the labels' map (omap) is renamed;
 * should they not, every list is rewritten.  *same: nq is Q_{h-1} renamed
 * by pi (heap h's image is an old element). */
gr_status gr_mis_q_ext_rebuild(const gr_mis_q *q, const gr_mis_q_set *y, uint64_t h,
                               const gr_mis_q_ext *x, gr_mis_q *nq, uint32_t *pi, bool *same)
{
    gr_arena *A = q->arena;
    uint32_t K1 = x->K + 1, m = x->classes;
    uint32_t *member = gr_mis_q_scratch(A, m * sizeof(uint32_t));
    uint32_t *label = gr_mis_q_scratch(A, m * sizeof(uint32_t)); /* class -> label */
    if (member == NULL || label == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t c = 0; c < m; c++) {
        label[c] = UINT32_MAX;
    }
    bool apart = true;
    for (uint32_t a = 0; a < q->m; a++) {
        pi[a] = x->cls[a * K1];
        apart = apart && label[pi[a]] == UINT32_MAX;
        label[pi[a]] = a;
    }
    *same = apart && m == q->m;
    memset(nq, 0, sizeof(*nq));
    nq->arena = A;
    nq->m = m;
    nq->cap = q->cap;
    nq->heaps = h + 1;
    if (nq->heaps > nq->cap) {
        nq->cap = nq->heaps * 2;
    }
    /* the labels: q's, renamed; a label more for each new class */
    uint32_t old_n = q->omap != NULL ? q->omap_n : q->m;
    nq->omap_n = apart ? old_n : 0;
    if (apart) {
        for (uint32_t c = 0; c < m; c++) {
            if (label[c] == UINT32_MAX) {
                nq->omap_n++;
            }
        }
    }
    /* the pool of the elements' lists (two of at most q->m each); the
     * heaps' lists outlive the block, kept by the next candidates */
    size_t pool_n = (size_t)m * (2 * (size_t)q->m);
    size_t size;
    uint32_t *at;
    layout(NULL, &size, nq, pool_n, &at);
    unsigned char *base = gr_mis_q_scratch(A, size);
    if (base == NULL) {
        return GR_ENOMEM;
    }
    layout(base, &size, nq, pool_n, &at);
    nq->block = base;
    nq->block_size = size;
    for (uint32_t c = 0; c < m; c++) {
        label[c] = UINT32_MAX;
    }
    if (apart) {
        for (uint32_t v = 0; v < old_n; v++) {
            nq->omap[v] = pi[gr_mis_q_opt_elem(q, v)];
            label[nq->omap[v]] = v;
        }
        uint32_t v = old_n;
        for (uint32_t c = 0; c < m; c++) {
            if (label[c] == UINT32_MAX) {
                nq->omap[v] = c;
                label[c] = v++;
            }
        }
    }
    for (uint32_t c = 0; c < m; c++) {
        nq->tok[c] = UINT64_MAX;
        member[c] = UINT32_MAX;
    }
    uint64_t wh = sq_sat(h);
    for (uint32_t e = 0; e < x->E; e++) {
        uint32_t c = x->cls[e], a = e / K1, k = e % K1;
        uint64_t t = add_sat(q->tok[a], k == 0 ? 0 : (wh > UINT64_MAX / k ? UINT64_MAX : wh * k));
        if (member[c] == UINT32_MAX || t < nq->tok[c]) {
            nq->tok[c] = t;
            member[c] = e;
        }
    }
    for (uint32_t c = 0; c < m; c++) {
        uint32_t e = member[c], a = e / K1, k = e % K1;
        nq->inp[c] = x->inp[e];
        for (uint32_t d = 0; d < m; d++) {
            uint32_t f = member[d], b = f / K1, j = f % K1;
            nq->tab[(size_t)c * m + d] = x->cls[gr_mis_q_mul(q, a, b) * K1 + fold(x->K, k + j)];
        }
        uint32_t n = 0;
        for (uint32_t i = 0; i < q->rep[a].n; i++) {
            at[n++] = x->cls[q->rep[a].v[i] * K1 + k];
        }
        for (uint32_t i = 0; k > 0 && i < y->n; i++) {
            at[n++] = x->cls[gr_mis_q_mul(q, a, y->v[i]) * K1 + (k - 1)];
        }
        nq->rep[c].v = at;
        nq->rep[c].n = gr_mis_q_set_norm(at, n);
        at += nq->rep[c].n;
    }
    /* the heaps: old images carried over, heap h the class of x */
    memset(nq->opt, 0, nq->cap * sizeof(gr_mis_q_set));
    uint32_t *buf = gr_mis_q_scratch(A, ((size_t)q->m + 1) * sizeof(uint32_t));
    if (buf == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t g = 0; g < h; g++) {
        nq->image[g] = x->cls[q->image[g] * K1];
        const gr_mis_q_set *o = &q->opt[g];
        if (apart) {
            nq->opt[g] = *o;
            continue;
        }
        for (uint32_t i = 0; i < o->n; i++) {
            buf[i] = x->cls[gr_mis_q_opt_elem(q, o->v[i]) * K1];
        }
        gr_status st = gr_mis_q_set_make(A, buf, o->n, &nq->opt[g]);
        if (st != GR_OK) {
            return st;
        }
    }
    nq->image[h] = x->cls[1];
    for (uint32_t i = 0; i < y->n; i++) {
        uint32_t c = x->cls[y->v[i] * K1];
        buf[i] = apart ? label[c] : c;
    }
    gr_status st = gr_mis_q_set_make(A, buf, y->n, &nq->opt[h]);
    if (st != GR_OK) {
        return st;
    }
    if (!apart) {
        nq->omap = NULL;
        nq->omap_n = 0;
    }
    gr_mis_q_scratch_free(A, buf, ((size_t)q->m + 1) * sizeof(uint32_t));
    gr_mis_q_scratch_free(A, label, m * sizeof(uint32_t));
    gr_mis_q_scratch_free(A, member, m * sizeof(uint32_t));
    return GR_OK;
}

void gr_mis_q_release(gr_mis_q *q)
{
    gr_mis_q_proof_free(q->arena, q->proof);
    q->proof = NULL;
    if (q->block != NULL) {
        gr_mis_q_scratch_free(q->arena, q->block, q->block_size);
        q->block = NULL;
        return;
    }
    gr_arena_free(q->arena, q->tab, (size_t)q->m * q->m * sizeof(uint32_t));
    gr_arena_free(q->arena, q->inp, q->m);
    gr_arena_free(q->arena, q->tok, q->m * sizeof(uint64_t));
    gr_arena_free(q->arena, q->rep, q->m * sizeof(gr_mis_q_set));
    gr_arena_free(q->arena, q->image, q->cap * sizeof(uint32_t));
    gr_arena_free(q->arena, q->opt, q->cap * sizeof(gr_mis_q_set));
}
