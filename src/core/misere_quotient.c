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

static const unsigned gr_mis_q_ks[] = {3, 6, GR_MQ_MAX_K};

/* The images of heap h's options in q (out->v: gr_mis_q_scratch of q->m + 1
 * elements).  Distinct images are marked as they come: a heap of h has
 * about h options but at most q->m images. */
static gr_status heap_option_images(gr_mis_q *q, const gr_mis_game *g, uint64_t h,
                                    gr_mis_q_set *out, const char **why)
{
    size_t count;
    gr_status st = gr_mis_heap_options(g, h, NULL, 0, &count);
    if (st != GR_OK) {
        *why = "a heap has more options than the quotient construction lists";
        return st;
    }
    gr_mis_opt *o = gr_mis_q_scratch(q->arena, (count + 1) * sizeof(gr_mis_opt));
    uint32_t *v = gr_mis_q_scratch(q->arena, ((size_t)q->m + 1) * sizeof(uint32_t));
    uint8_t *seen = gr_mis_q_scratch_zero(q->arena, q->m);
    if (o == NULL || v == NULL || seen == NULL) {
        return GR_ENOMEM;
    }
    gr_mis_heap_options(g, h, o, count, &count);
    uint32_t n = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t e = 0;
        for (uint32_t k = 0; k < o[i].nleaves; k++) {
            e = gr_mis_q_mul(q, e, q->image[o[i].leaves[k]]);
        }
        if (!seen[e]) {
            seen[e] = 1;
            v[n++] = e;
        }
    }
    out->v = v;
    out->n = gr_mis_q_set_norm(v, n);
    gr_mis_q_scratch_free(q->arena, seen, q->m);
    gr_mis_q_scratch_free(q->arena, o, (count + 1) * sizeof(gr_mis_opt));
    return GR_OK;
}

/* One heap: the candidate for each K in turn until one is proven. */
static gr_status add_heap(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
                          bool prove, uint64_t max_states, uint64_t max_nodes, bool learn_first,
                          const char **why)
{
    gr_mis_q_set y;
    gr_status st = heap_option_images(q, g, h, &y, why);
    if (st != GR_OK) {
        return st;
    }
    /* the distinct images of the heaps so far: they generate Q_{h-1} */
    gr_arena *A = q->arena;
    size_t m0 = q->m; /* q is replaced by the proven candidate */
    uint8_t *seen = gr_mis_q_scratch_zero(A, m0);
    uint32_t *letters = gr_mis_q_scratch(A, (m0 + 1) * sizeof(uint32_t));
    uint32_t *by_tok = gr_mis_q_scratch(A, (m0 + 1) * sizeof(uint32_t));
    uint32_t *pi = gr_mis_q_scratch(A, (m0 + 1) * sizeof(uint32_t));
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
    for (size_t t = 0; t < sizeof(gr_mis_q_ks) / sizeof(gr_mis_q_ks[0]) && !accepted; t++) {
        gr_mis_q_ext x = {.m = q->m, .K = gr_mis_q_ks[t]};
        x.E = q->m * (x.K + 1);
        x.inp = gr_mis_q_scratch(A, x.E);
        x.cls = gr_mis_q_scratch(A, x.E * sizeof(uint32_t));
        if (x.inp == NULL || x.cls == NULL) {
            return GR_ENOMEM;
        }
        if (!gr_mis_q_ext_outcomes(q, &y, &x, by_tok)) {
            gr_mis_q_scratch_free(A, x.inp, x.E);
            gr_mis_q_scratch_free(A, x.cls, x.E * sizeof(uint32_t));
            continue;
        }
        if ((st = gr_mis_q_ext_refine(A, q, letters, nl, &x)) != GR_OK) {
            return st;
        }
        if (x.classes > max_order) {
            *why = "the quotient's order passes --max-quotient-order";
            return GR_ELIMIT;
        }
        gr_mis_q nq;
        bool same;
        if ((st = gr_mis_q_ext_rebuild(q, &y, h, &x, &nq, pi, &same)) != GR_OK) {
            return st;
        }
        gr_mis_q_scratch_free(A, x.inp, x.E);
        gr_mis_q_scratch_free(A, x.cls, x.E * sizeof(uint32_t));
        bool ok = true, too_big = false;
        if (prove && (st = gr_mis_q_verify_next(q, same ? pi : NULL, &nq, max_states, &ok,
                                                &too_big)) != GR_OK) {
            return st;
        }
        if (too_big) {
            *why = "proving the quotient would check more states than allowed per heap";
            return GR_ELIMIT;
        }
        if (ok) {
            gr_mis_q_release(q);
            *q = nq;
            accepted = true;
        } else {
            gr_mis_q_release(&nq);
        }
    }
    gr_mis_q_scratch_free(A, pi, (m0 + 1) * sizeof(uint32_t));
    gr_mis_q_scratch_free(A, by_tok, (m0 + 1) * sizeof(uint32_t));
    gr_mis_q_scratch_free(A, letters, (m0 + 1) * sizeof(uint32_t));
    gr_mis_q_scratch_free(A, seen, m0);
    gr_mis_q_scratch_free(A, y.v, (m0 + 1) * sizeof(uint32_t));
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
        if ((st = gr_mis_q_learn(q, g, h, max_order, max_states, max_nodes, &learnt, &lwhy)) !=
            GR_OK) {
            return st;
        }
        if (learnt) {
            return GR_OK;
        }
    }
    for (uint32_t K = 3; prove && K <= 5; K += 2) {
        bool ok;
        if ((st = gr_mis_q_split(q, g, h, K, max_order, max_states, &ok)) != GR_OK) {
            return st;
        }
        if (ok) {
            return GR_OK;
        }
    }
    if (prove && !learn_first) {
        if ((st = gr_mis_q_learn(q, g, h, max_order, max_states, max_nodes, &learnt, &lwhy)) !=
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
static bool periodic(const gr_mis_game *g, const gr_mis_q *q, uint64_t n, uint64_t *e, uint64_t *p)
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
    gr_mis_q q = {.arena = arena, .m = 1, .heaps = 1, .cap = 64};
    q.tab = GR_ARENA_ARRAY(arena, uint32_t, 1);
    q.inp = GR_ARENA_ARRAY(arena, uint8_t, 1);
    q.tok = GR_ARENA_ARRAY(arena, uint64_t, 1);
    q.rep = GR_ARENA_ARRAY(arena, gr_mis_q_set, 1);
    q.image = GR_ARENA_ARRAY(arena, uint32_t, q.cap);
    q.opt = GR_ARENA_ARRAY(arena, gr_mis_q_set, q.cap);
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
            out->last_heap = st == GR_ELIMIT ? h : 0;
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
    out->last_heap = h;
    out->preperiod = complete ? e : 0;
    out->period = complete ? p : 0;
    q.heaps = h + 1;
    gr_mis_q_proof_free(arena, q.proof); /* no heap follows */
    q.proof = NULL;
    gr_status st = gr_mis_q_present_minimal(arena, &q, out);
    if (st == GR_OK && prove && g->kind != GR_MIS_NIM) {
        st = tame(arena, out);
    }
    return st;
}
