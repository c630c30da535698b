/*
 * The misère quotient of a heap game, heap by heap (docs/misere.md; the
 * construction of Plambeck and Siegel, "Misère quotients for impartial
 * games", JCTA 2008, sec. 6-7).
 *
 * Q_{h-1} is the quotient of the positions made of heaps below h, each
 * element kept with the lightest position known to have its image (weight:
 * the sum of the squared heaps, which every move lowers, Grundy's game's
 * splits included) and the images of that position's options.  Heap h's
 * options are sums of smaller heaps, so their images are products in
 * Q_{h-1}.  The candidate for Q_h is Q_{h-1} x <x | x^(K+1) = x^(K-1)>:
 * the outcome of (a, k) -- the lightest position of a plus k heaps of h --
 * follows from its options, (b, k) for b an option image of a's position
 * (lighter, so decided before it) and (a*y, k-1) for y an option image of
 * h, with (a, 0) in P as in Q_{h-1}.  Reducing identifies the elements no
 * position distinguishes (Moore's partition refinement over the heaps'
 * images, which generate the monoid): the new heap's image is then an old
 * element, or a new generator.  The candidate is then proven
 * (misere_verify.c): if the heap images predict every position's outcome,
 * the reduced candidate is the quotient (the map onto it is onto, and
 * reduced means distinct elements are told apart by some position).  A
 * failed proof retries with a larger K; the least K for which the powers
 * of an element repeat with period 2 is all it takes in the quotients
 * met in practice, but a game needing more than GR_MQ_MAX_K is a limit.
 *
 * Completeness: when image[n] = image[n-p] for e+p <= n <= N and N is past
 * 2e+2p+t (3e+3p+t with three-heap moves, e+p+max(S) for subtraction),
 * the options of every heap past N have, heap for heap, the images of
 * the options of the heap p smaller (the Guy-Smith shift of the larger
 * part of a split), so the periodic extension keeps every heap's image
 * and option images among those the proof covered: the quotient holds for
 * every heap size.
 */
#include <string.h>

#include "misere_internal.h"

#define GR_MQ_MAX_STATES (1u << 20) /* verification states per heap */
#define GR_MQ_MAX_K 12u

static const unsigned gr_mq_ks[] = {3, 6, GR_MQ_MAX_K};

static uint64_t sq_sat(uint64_t h)
{
    return h > UINT32_MAX ? UINT64_MAX : h * h;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The images of heap h's options in q (out->v: gr_mq_scratch of q->m + 1
 * elements).  Distinct images are marked as they come: a heap of h has
 * about h options but at most q->m images. */
static gr_status heap_option_images(gr_mq *q, const gr_mis_game *g, uint64_t h, gr_mq_set *out,
                                    const char **why)
{
    size_t count;
    gr_status st = gr_mis_heap_options(g, h, NULL, 0, &count);
    if (st != GR_OK) {
        *why = "a heap has more options than the quotient construction lists";
        return st;
    }
    gr_mis_opt *o = gr_mq_scratch(q->arena, (count + 1) * sizeof(gr_mis_opt));
    uint32_t *v = gr_mq_scratch(q->arena, ((size_t)q->m + 1) * sizeof(uint32_t));
    uint8_t *seen = gr_mq_scratch_zero(q->arena, q->m);
    if (o == NULL || v == NULL || seen == NULL) {
        return GR_ENOMEM;
    }
    gr_mis_heap_options(g, h, o, count, &count);
    uint32_t n = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t e = 0;
        for (uint32_t k = 0; k < o[i].nleaves; k++) {
            e = gr_mq_mul(q, e, q->image[o[i].leaves[k]]);
        }
        if (!seen[e]) {
            seen[e] = 1;
            v[n++] = e;
        }
    }
    out->v = v;
    out->n = gr_mq_set_norm(v, n);
    gr_mq_scratch_free(q->arena, seen, q->m);
    gr_mq_scratch_free(q->arena, o, (count + 1) * sizeof(gr_mis_opt));
    return GR_OK;
}

typedef struct ext {
    uint32_t m, K, E;
    uint8_t *inp;  /* E */
    uint32_t *cls; /* E */
    uint32_t classes;
} ext;

static uint32_t fold(uint32_t K, uint32_t n)
{
    return n <= K ? n : K - 1 + (n - (K - 1)) % 2;
}

/* The outcomes of the candidate's elements; false when an option is not
 * lighter than its position (the candidate then cannot be right). */
static bool outcomes(const gr_mq *q, const gr_mq_set *y, ext *x, const uint32_t *by_tok)
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
            const gr_mq_set *r = &q->rep[a];
            for (uint32_t j = 0; j < r->n && !to_p; j++) {
                uint32_t e = r->v[j] * K1 + k;
                if (!done[e]) {
                    return false;
                }
                any = true;
                to_p = x->inp[e];
            }
            for (uint32_t j = 0; j < y->n && !to_p; j++) {
                uint32_t e = gr_mq_mul(q, a, y->v[j]) * K1 + (k - 1);
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
static gr_status refine(gr_arena *arena, const gr_mq *q, const uint32_t *letters, uint32_t nl,
                        ext *x)
{
    uint32_t K1 = x->K + 1, E = x->E, w = nl + 2;
    uint32_t *sig = gr_mq_scratch(arena, (size_t)E * w * sizeof(uint32_t));
    uint32_t *next = gr_mq_scratch(arena, E * sizeof(uint32_t));
    size_t hcap = 1;
    while (hcap < 2 * (size_t)E) {
        hcap <<= 1;
    }
    uint32_t *slot = gr_mq_scratch(arena, hcap * sizeof(uint32_t));
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
                s[1 + l] = x->cls[gr_mq_mul(q, a, letters[l]) * K1 + k];
            }
            s[1 + nl] = x->cls[a * K1 + fold(x->K, k + 1)];
            count = gr_mq_number(sig, w, e, slot, hcap, next, count);
        }
        bool stable = count == x->classes;
        memcpy(x->cls, next, E * sizeof(uint32_t));
        x->classes = count;
        if (stable) {
            break;
        }
    }
    gr_mq_scratch_free(arena, sig, (size_t)E * w * sizeof(uint32_t));
    gr_mq_scratch_free(arena, next, E * sizeof(uint32_t));
    gr_mq_scratch_free(arena, slot, hcap * sizeof(uint32_t));
    return GR_OK;
}

/* Carves n bytes (aligned to 8) from a block being laid out. */
static void *carve(unsigned char *base, size_t *at, size_t n)
{
    void *p = base == NULL ? NULL : base + *at;
    *at += (n + 7) & ~(size_t)7;
    return p;
}

/* nq's arrays in one block (gr_mq.block): the layout is measured with
 * base NULL, then carved from the allocation. */
static void layout(unsigned char *base, size_t *size, gr_mq *nq, size_t pool_n, uint32_t **pool)
{
    uint32_t m = nq->m;
    size_t at = 0;
    nq->tok = carve(base, &at, m * sizeof(uint64_t));
    nq->rep = carve(base, &at, m * sizeof(gr_mq_set));
    nq->opt = carve(base, &at, nq->cap * sizeof(gr_mq_set));
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
static gr_status rebuild(const gr_mq *q, const gr_mq_set *y, uint64_t h, const ext *x, gr_mq *nq,
                         uint32_t *pi, bool *same)
{
    gr_arena *A = q->arena;
    uint32_t K1 = x->K + 1, m = x->classes;
    uint32_t *member = gr_mq_scratch(A, m * sizeof(uint32_t));
    uint32_t *label = gr_mq_scratch(A, m * sizeof(uint32_t)); /* class -> label */
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
    unsigned char *base = gr_mq_scratch(A, size);
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
            nq->omap[v] = pi[gr_mq_opt_elem(q, v)];
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
            nq->tab[(size_t)c * m + d] = x->cls[gr_mq_mul(q, a, b) * K1 + fold(x->K, k + j)];
        }
        uint32_t n = 0;
        for (uint32_t i = 0; i < q->rep[a].n; i++) {
            at[n++] = x->cls[q->rep[a].v[i] * K1 + k];
        }
        for (uint32_t i = 0; k > 0 && i < y->n; i++) {
            at[n++] = x->cls[gr_mq_mul(q, a, y->v[i]) * K1 + (k - 1)];
        }
        nq->rep[c].v = at;
        nq->rep[c].n = gr_mq_set_norm(at, n);
        at += nq->rep[c].n;
    }
    /* the heaps: old images carried over, heap h the class of x */
    memset(nq->opt, 0, nq->cap * sizeof(gr_mq_set));
    uint32_t *buf = gr_mq_scratch(A, ((size_t)q->m + 1) * sizeof(uint32_t));
    if (buf == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t g = 0; g < h; g++) {
        nq->image[g] = x->cls[q->image[g] * K1];
        const gr_mq_set *o = &q->opt[g];
        if (apart) {
            nq->opt[g] = *o;
            continue;
        }
        for (uint32_t i = 0; i < o->n; i++) {
            buf[i] = x->cls[gr_mq_opt_elem(q, o->v[i]) * K1];
        }
        gr_status st = gr_mq_set_make(A, buf, o->n, &nq->opt[g]);
        if (st != GR_OK) {
            return st;
        }
    }
    nq->image[h] = x->cls[1];
    for (uint32_t i = 0; i < y->n; i++) {
        uint32_t c = x->cls[y->v[i] * K1];
        buf[i] = apart ? label[c] : c;
    }
    gr_status st = gr_mq_set_make(A, buf, y->n, &nq->opt[h]);
    if (st != GR_OK) {
        return st;
    }
    if (!apart) {
        nq->omap = NULL;
        nq->omap_n = 0;
    }
    gr_mq_scratch_free(A, buf, ((size_t)q->m + 1) * sizeof(uint32_t));
    gr_mq_scratch_free(A, label, m * sizeof(uint32_t));
    gr_mq_scratch_free(A, member, m * sizeof(uint32_t));
    return GR_OK;
}

static void release(gr_mq *q)
{
    gr_mq_proof_free(q->arena, q->proof);
    q->proof = NULL;
    if (q->block != NULL) {
        gr_mq_scratch_free(q->arena, q->block, q->block_size);
        q->block = NULL;
        return;
    }
    gr_arena_free(q->arena, q->tab, (size_t)q->m * q->m * sizeof(uint32_t));
    gr_arena_free(q->arena, q->inp, q->m);
    gr_arena_free(q->arena, q->tok, q->m * sizeof(uint64_t));
    gr_arena_free(q->arena, q->rep, q->m * sizeof(gr_mq_set));
    gr_arena_free(q->arena, q->image, q->cap * sizeof(uint32_t));
    gr_arena_free(q->arena, q->opt, q->cap * sizeof(gr_mq_set));
}

/* One heap: the candidate for each K in turn until one is proven. */
static gr_status add_heap(gr_mq *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
                          bool prove, uint64_t max_states, uint64_t max_nodes, bool learn_first,
                          const char **why)
{
    gr_mq_set y;
    gr_status st = heap_option_images(q, g, h, &y, why);
    if (st != GR_OK) {
        return st;
    }
    /* the distinct images of the heaps so far: they generate Q_{h-1} */
    gr_arena *A = q->arena;
    size_t m0 = q->m; /* q is replaced by the proven candidate */
    uint8_t *seen = gr_mq_scratch_zero(A, m0);
    uint32_t *letters = gr_mq_scratch(A, (m0 + 1) * sizeof(uint32_t));
    uint32_t *by_tok = gr_mq_scratch(A, (m0 + 1) * sizeof(uint32_t));
    uint32_t *pi = gr_mq_scratch(A, (m0 + 1) * sizeof(uint32_t));
    if (seen == NULL || letters == NULL || by_tok == NULL || pi == NULL) {
        return GR_ENOMEM;
    }
    uint32_t nl = 0;
    for (uint64_t k = 1; k < h; k++) {
        if (!seen[q->image[k]] && q->image[k] != 0) {
            seen[q->image[k]] = 1;
            letters[nl++] = q->image[k];
        }
    }
    for (uint32_t i = 0; i < q->m; i++) {
        uint32_t j = i;
        while (j > 0 && q->tok[by_tok[j - 1]] > q->tok[i]) {
            by_tok[j] = by_tok[j - 1];
            j--;
        }
        by_tok[j] = i;
    }
    bool accepted = false;
    for (size_t t = 0; t < sizeof(gr_mq_ks) / sizeof(gr_mq_ks[0]) && !accepted; t++) {
        ext x = {.m = q->m, .K = gr_mq_ks[t]};
        x.E = q->m * (x.K + 1);
        x.inp = gr_mq_scratch(A, x.E);
        x.cls = gr_mq_scratch(A, x.E * sizeof(uint32_t));
        if (x.inp == NULL || x.cls == NULL) {
            return GR_ENOMEM;
        }
        if (!outcomes(q, &y, &x, by_tok)) {
            gr_mq_scratch_free(A, x.inp, x.E);
            gr_mq_scratch_free(A, x.cls, x.E * sizeof(uint32_t));
            continue;
        }
        if ((st = refine(A, q, letters, nl, &x)) != GR_OK) {
            return st;
        }
        if (x.classes > max_order) {
            *why = "the quotient's order passes --max-quotient-order";
            return GR_ELIMIT;
        }
        gr_mq nq;
        bool same;
        if ((st = rebuild(q, &y, h, &x, &nq, pi, &same)) != GR_OK) {
            return st;
        }
        gr_mq_scratch_free(A, x.inp, x.E);
        gr_mq_scratch_free(A, x.cls, x.E * sizeof(uint32_t));
        bool ok = true, too_big = false;
        if (prove && (st = gr_mq_verify_next(q, same ? pi : NULL, &nq, max_states, &ok,
                                             &too_big)) != GR_OK) {
            return st;
        }
        if (too_big) {
            *why = "proving the quotient would check more states than allowed per heap";
            return GR_ELIMIT;
        }
        if (ok) {
            release(q);
            *q = nq;
            accepted = true;
        } else {
            release(&nq);
        }
    }
    gr_mq_scratch_free(A, pi, (m0 + 1) * sizeof(uint32_t));
    gr_mq_scratch_free(A, by_tok, (m0 + 1) * sizeof(uint32_t));
    gr_mq_scratch_free(A, letters, (m0 + 1) * sizeof(uint32_t));
    gr_mq_scratch_free(A, seen, m0);
    gr_mq_scratch_free(A, y.v, (m0 + 1) * sizeof(uint32_t));
    if (accepted) {
        return GR_OK;
    }
    /* the heap splits an element: rebuild from the generators
     * (misere_split.c), then learn it from outcomes (misere_learn.c); the
     * learner first when asked (the rebuild is kept first so that the
     * quotients it reaches stay as they were, element for element) */
    bool learnt = false;
    const char *lwhy = NULL;
    if (prove && learn_first) {
        if ((st = gr_mq_learn(q, g, h, max_order, max_states, max_nodes, &learnt, &lwhy)) !=
            GR_OK) {
            return st;
        }
        if (learnt) {
            return GR_OK;
        }
    }
    for (uint32_t K = 3; prove && K <= 5; K += 2) {
        bool ok;
        if ((st = gr_mq_split(q, g, h, K, max_order, max_states, &ok)) != GR_OK) {
            return st;
        }
        if (ok) {
            return GR_OK;
        }
    }
    if (prove && !learn_first) {
        if ((st = gr_mq_learn(q, g, h, max_order, max_states, max_nodes, &learnt, &lwhy)) !=
            GR_OK) {
            return st;
        }
        if (learnt) {
            return GR_OK;
        }
    }
    *why = "no candidate quotient was proven (the heap splits elements in a way the "
           "construction cannot rebuild)";
    return GR_ELIMIT;
}

/* The largest take, for the completeness window. */
static uint64_t window(const gr_mis_game *g, uint64_t e, uint64_t p)
{
    if (g->kind == GR_MIS_SUB) {
        return e + p + (g->set_len > 0 ? g->set[g->set_len - 1] : 0);
    }
    if (g->kind == GR_MIS_NIM) {
        return UINT64_MAX; /* Nim heaps never repeat an image */
    }
    uint64_t t = g->code.kind == GR_OCTAL_GRUNDY ? 0 : g->code.len;
    return g->code.leaves >= 3 ? 3 * e + 3 * p + t : 2 * e + 2 * p + t;
}

/* The least period p (and for it the least preperiod e >= 1) of the
 * images of heaps 0..n that the window proves, or false. */
static bool periodic(const gr_mis_game *g, const gr_mq *q, uint64_t n, uint64_t *e, uint64_t *p)
{
    for (uint64_t pp = 1; 2 * pp <= n; pp++) {
        uint64_t m = n;
        while (m >= pp + 1 && q->image[m] == q->image[m - pp]) {
            m--;
        }
        /* image[k] = image[k - pp] for m < k <= n */
        uint64_t ee = m + 1 - pp;
        if (ee < 1) {
            ee = 1;
        }
        uint64_t need = window(g, ee, pp);
        if (m + 1 <= n && need != UINT64_MAX && n >= need) {
            *e = ee;
            *p = pp;
            return true;
        }
    }
    return false;
}

static gr_status build(gr_arena *arena, const gr_mis_game *g, const gr_mis_quotient_opts *opts,
                       bool prove, gr_mis_quotient *out, const char **why);

/* Tame: isomorphic (with P) to misère Nim's quotient on the heaps below
 * 2^j (order 2 for j = 1, 2^j + 2 above; order 1 for no move at all).
 * Nim's quotients are known, so they are built without the proof. */
static gr_status tame(gr_arena *arena, gr_mis_quotient *q)
{
    q->tame = q->order == 1;
    uint32_t m = q->order, top = 0;
    if (m == 2) {
        top = 1;
    } else if (m >= 6 && m <= 66 && ((m - 2) & (m - 3)) == 0) {
        top = m - 3; /* heaps below m - 2 = 2^j */
    }
    if (top == 0) {
        return GR_OK;
    }
    gr_mis_game nim = {.kind = GR_MIS_NIM};
    gr_mis_quotient_opts o = {.max_heap = top};
    gr_mis_quotient t;
    const char *why;
    gr_status st = build(arena, &nim, &o, false, &t, &why);
    if (st != GR_OK) {
        return st == GR_ELIMIT ? GR_OK : st;
    }
    bool iso = false;
    st = gr_mis_quotient_isomorphic(arena, q, &t, &iso);
    q->tame = st == GR_OK && iso;
    return st == GR_ELIMIT ? GR_OK : st;
}

gr_status gr_mis_quotient_image(const gr_mis_quotient *q, uint64_t h, uint32_t *e)
{
    if (h <= q->max_heap) {
        *e = q->image[h];
        return GR_OK;
    }
    if (!q->complete) {
        return GR_ELIMIT;
    }
    *e = q->image[q->preperiod + (h - q->preperiod) % q->period];
    return GR_OK;
}

gr_status gr_mis_quotient_build(gr_arena *arena, const gr_mis_game *g,
                                const gr_mis_quotient_opts *opts, gr_mis_quotient *out,
                                const char **why)
{
    return build(arena, g, opts, true, out, why);
}

static gr_status build(gr_arena *arena, const gr_mis_game *g, const gr_mis_quotient_opts *opts,
                       bool prove, gr_mis_quotient *out, const char **why)
{
    *why = NULL;
    memset(out, 0, sizeof(*out));
    uint32_t max_order = opts->max_order != 0 ? opts->max_order : GR_MIS_MAX_QUOTIENT_ORDER;
    gr_mq q = {.arena = arena, .m = 1, .heaps = 1, .cap = 64};
    q.tab = GR_ARENA_ARRAY(arena, uint32_t, 1);
    q.inp = GR_ARENA_ARRAY(arena, uint8_t, 1);
    q.tok = GR_ARENA_ARRAY(arena, uint64_t, 1);
    q.rep = GR_ARENA_ARRAY(arena, gr_mq_set, 1);
    q.image = GR_ARENA_ARRAY(arena, uint32_t, q.cap);
    q.opt = GR_ARENA_ARRAY(arena, gr_mq_set, q.cap);
    if (q.tab == NULL || q.inp == NULL || q.tok == NULL || q.rep == NULL || q.image == NULL ||
        q.opt == NULL) {
        return GR_ENOMEM;
    }
    uint64_t limit = opts->max_heap;
    if (opts->until_complete && opts->max_heap_limit > limit) {
        limit = opts->max_heap_limit;
    }
    bool complete = false;
    uint64_t e = 0, p = 0, h;
    for (h = 1; h <= limit; h++) {
        gr_status st = gr_arena_check(arena);
        if (st == GR_OK) {
            st = add_heap(&q, g, h, max_order, prove,
                          opts->max_states != 0 ? opts->max_states : GR_MQ_MAX_STATES,
                          opts->learn_nodes, opts->learn_first, why);
        }
        if (st == GR_ELIMIT && opts->until_complete && opts->keep_proven && h > opts->max_heap) {
            /* add_heap leaves q as it was on a limit: Q of heaps < h */
            *why = NULL;
            h--;
            break;
        }
        if (st != GR_OK) {
            return st;
        }
        if (periodic(g, &q, h, &e, &p)) {
            complete = true;
            break;
        }
    }
    if (h > limit) {
        h = limit;
    }
    /* heaps past the proof follow the period (out->max_heap: as asked) */
    uint64_t top = complete && opts->max_heap > h ? opts->max_heap : h;
    uint32_t *img = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, top + 1);
    if (img == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t k = 0; k <= top; k++) {
        img[k] = k <= h ? q.image[k] : q.image[e + (k - e) % p];
    }
    out->order = q.m;
    out->table = q.tab;
    out->in_p = q.inp;
    out->p_count = 0;
    for (uint32_t i = 0; i < q.m; i++) {
        out->p_count += q.inp[i];
    }
    out->max_heap = top;
    out->image = img;
    out->complete = complete;
    out->preperiod = complete ? e : 0;
    out->period = complete ? p : 0;
    q.heaps = h + 1;
    gr_mq_proof_free(arena, q.proof); /* no heap follows */
    q.proof = NULL;
    gr_status st = gr_mq_present_minimal(arena, &q, out);
    if (st == GR_OK && prove && g->kind != GR_MIS_NIM) {
        st = tame(arena, out);
    }
    return st;
}
