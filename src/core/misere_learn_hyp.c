/*
 * The misère learner's hypothesis: the closed table as a commutative
 * monoid (products checked against transitions, commutativity and
 * associativity), its images and option images as a candidate quotient
 * for the proof, and the search for a position it mispredicts (see
 * misere_learn.c).
 */
#include <string.h>

#include "misere_learn_internal.h"

/* ---- the hypothesis as a monoid ------------------------------------------------ */

/* The products, checked: a * image(letter) is the transition, the table
 * is commutative and (Light's test over the letters' images, which
 * generate it) associative.  *fixed when a failure gave an experiment. */
gr_status gr_mis_learn_monoid(learner *L, chain *c1, chain *c2, bool *fixed, bool *stuck)
{
    uint32_t m = L->ns;
    *fixed = false;
    for (uint32_t a = 0; a < m; a++) {
        for (uint32_t b = 0; b < m; b++) {
            L->tab[(size_t)a * m + b] = gr_mis_learn_walk_to(L, a, &L->S[b]);
        }
    }
    gr_status st;
    for (uint32_t a = 0; a < m; a++) {
        for (uint32_t l = 0; l < L->nl; l++) {
            uint32_t x = L->delta[l], d = L->delta[(size_t)a * L->nl + l];
            uint32_t t = L->tab[(size_t)a * m + x];
            if (t == d) {
                continue;
            }
            const pos *e = gr_mis_learn_differ(L, t, d);
            pos one = {.v = &L->letter[l], .n = 1};
            uint32_t s = a;
            c1->n = c2->n = 0;
            if ((st = gr_mis_learn_pos_cat(L->A, &L->S[a], &one, e, &c1->p[0])) != GR_OK ||
                (st = gr_mis_learn_ch_walk(L, c1, &s, &one, e)) != GR_OK) {
                return st;
            }
            c2->p[0] = c1->p[0];
            s = a;
            if ((st = gr_mis_learn_ch_link(L, c2, &one, &L->S[x], &L->S[a], e)) != GR_OK ||
                (st = gr_mis_learn_ch_walk(L, c2, &s, &L->S[x], e)) != GR_OK) {
                return st;
            }
            *fixed = true;
            return gr_mis_learn_resolve2(L, c1, c2, stuck);
        }
    }
    for (uint32_t a = 0; a < m; a++) {
        for (uint32_t b = a + 1; b < m; b++) {
            uint32_t t = L->tab[(size_t)a * m + b], u = L->tab[(size_t)b * m + a];
            if (t == u) {
                continue;
            }
            const pos *e = gr_mis_learn_differ(L, t, u);
            uint32_t s = a;
            c1->n = c2->n = 0;
            if ((st = gr_mis_learn_pos_cat(L->A, &L->S[a], &L->S[b], e, &c1->p[0])) != GR_OK ||
                (st = gr_mis_learn_ch_walk(L, c1, &s, &L->S[b], e)) != GR_OK) {
                return st;
            }
            if ((st = gr_mis_learn_pos_cat(L->A, &L->S[b], &L->S[a], e, &c2->p[0])) != GR_OK) {
                return st;
            }
            s = b;
            if ((st = gr_mis_learn_ch_walk(L, c2, &s, &L->S[a], e)) != GR_OK) {
                return st;
            }
            *fixed = true;
            return gr_mis_learn_resolve2(L, c1, c2, stuck);
        }
    }
    uint8_t *seen = GR_ARENA_ARRAY(L->A, uint8_t, m);
    if (seen == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t l = 0; l < L->nl; l++) {
        uint32_t a = L->delta[l];
        if (seen[a]) {
            continue;
        }
        seen[a] = 1;
        if ((st = gr_arena_check(L->A)) != GR_OK) {
            return st;
        }
        for (uint32_t x = 0; x < m; x++) {
            uint32_t xa = L->tab[(size_t)x * m + a];
            for (uint32_t y = 0; y < m; y++) {
                uint32_t ay = L->tab[(size_t)a * m + y];
                uint32_t t = L->tab[(size_t)xa * m + y], u = L->tab[(size_t)x * m + ay];
                if (t == u) {
                    continue;
                }
                /* S[x] + letter + S[y] + e, two ways */
                const pos *e = gr_mis_learn_differ(L, t, u);
                pos one = {.v = &L->letter[l], .n = 1}, ye;
                c1->n = c2->n = 0;
                if ((st = gr_mis_learn_pos_cat(L->A, &L->S[y], e, NULL, &ye)) != GR_OK ||
                    (st = gr_mis_learn_pos_cat(L->A, &L->S[x], &one, &ye, &c1->p[0])) != GR_OK) {
                    return st;
                }
                uint32_t s = x;
                if ((st = gr_mis_learn_ch_walk(L, c1, &s, &one, &ye)) != GR_OK ||
                    (st = gr_mis_learn_ch_walk(L, c1, &s, &L->S[y], e)) != GR_OK) {
                    return st;
                }
                pos xe;
                c2->p[0] = c1->p[0];
                if ((st = gr_mis_learn_pos_cat(L->A, &L->S[x], e, NULL, &xe)) != GR_OK ||
                    (st = gr_mis_learn_ch_link(L, c2, &one, &L->S[a], &L->S[x], &ye)) != GR_OK) {
                    return st;
                }
                s = a;
                if ((st = gr_mis_learn_ch_walk(L, c2, &s, &L->S[y], &xe)) != GR_OK) {
                    return st;
                }
                s = x;
                if ((st = gr_mis_learn_ch_walk(L, c2, &s, &L->S[ay], e)) != GR_OK) {
                    return st;
                }
                *fixed = true;
                gr_arena_free(L->A, seen, m);
                return gr_mis_learn_resolve2(L, c1, c2, stuck);
            }
        }
    }
    gr_arena_free(L->A, seen, m);
    return GR_OK;
}

/* The image of a position under the hypothesis. */
uint32_t gr_mis_learn_image_of(const learner *L, const uint64_t *v, uint32_t n)
{
    uint32_t e = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t l = L->lix[v[i]];
        if (l != 0) {
            e = L->tab[(size_t)e * L->ns + L->delta[l - 1]];
        }
    }
    return e;
}

/* The option images of a position (v[0..n), heaps). */
gr_status gr_mis_learn_option_images(learner *L, const uint64_t *v, uint32_t n, gr_mis_q_set *out)
{
    size_t cnt = 0, cap = 64;
    uint32_t *buf = GR_ARENA_ARRAY_UNINIT(L->A, uint32_t, cap);
    if (buf == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (i > 0 && v[i] == v[i - 1]) {
            continue;
        }
        uint32_t rest = 0;
        for (uint32_t j = 0; j < n; j++) {
            uint32_t l = L->lix[v[j]];
            if (j != i && l != 0) {
                rest = L->tab[(size_t)rest * L->ns + L->delta[l - 1]];
            }
        }
        const gr_mis_opt *o;
        size_t no;
        gr_status st = gr_mis_token_options(L->srch, v[i], &o, &no);
        if (st != GR_OK) {
            return st;
        }
        for (size_t k = 0; k < no; k++) {
            uint32_t e = rest;
            for (uint32_t j = 0; j < o[k].nleaves; j++) {
                uint32_t l = L->lix[o[k].leaves[j]];
                if (l != 0) {
                    e = L->tab[(size_t)e * L->ns + L->delta[l - 1]];
                }
            }
            if (cnt == cap) {
                uint32_t *nb = gr_arena_grow(L->A, buf, &cap, cnt + 1, sizeof(uint32_t), 64);
                if (nb == NULL) {
                    return GR_ENOMEM;
                }
                buf = nb;
            }
            buf[cnt++] = e;
        }
    }
    gr_status st = gr_mis_q_set_make(L->A, buf, (uint32_t)cnt, out);
    gr_arena_free(L->A, buf, cap * sizeof(uint32_t));
    return st;
}

/* The hypothesis as a candidate quotient nq (representatives: the least
 * heavy positions of each element, Dijkstra over the transitions, so that
 * an option of a representative is lighter than its own image's). */
gr_status gr_mis_learn_hypothesis(learner *L, const gr_mis_q *q, gr_mis_q *nq)
{
    gr_arena *A = L->A;
    uint32_t m = L->ns;
    gr_status st = gr_mis_q_alloc(A, m, nq);
    if (st != GR_OK) {
        return st;
    }
    nq->heaps = L->h + 1;
    nq->cap = q->cap > L->h + 1 ? q->cap : 2 * (L->h + 1);
    nq->image = GR_ARENA_ARRAY(A, uint32_t, nq->cap);
    nq->opt = GR_ARENA_ARRAY(A, gr_mis_q_set, nq->cap);
    if (nq->image == NULL || nq->opt == NULL) {
        return GR_ENOMEM;
    }
    memcpy(nq->tab, L->tab, (size_t)m * m * sizeof(uint32_t));
    for (uint32_t s = 0; s < m; s++) {
        nq->inp[s] = gr_mis_learn_get_bit(gr_mis_learn_row_of(L, s), 0);
    }
    for (uint64_t t = 1; t <= L->h; t++) {
        uint32_t l = L->lix[t];
        nq->image[t] = l != 0 ? L->delta[l - 1] : 0;
        uint64_t one = t;
        if ((st = gr_mis_learn_option_images(L, &one, 1, &nq->opt[t])) != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* Lightest positions per element, their weights and option images. */
gr_status gr_mis_learn_lightest(learner *L, gr_mis_q *nq)
{
    uint32_t m = L->ns;
    uint32_t *from = GR_ARENA_ARRAY_UNINIT(L->A, uint32_t, m);
    uint32_t *via = GR_ARENA_ARRAY_UNINIT(L->A, uint32_t, m);
    uint8_t *fin = GR_ARENA_ARRAY(L->A, uint8_t, m);
    uint64_t *v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, m + 1);
    if (from == NULL || via == NULL || fin == NULL || v == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t s = 0; s < m; s++) {
        nq->tok[s] = UINT64_MAX;
    }
    nq->tok[0] = 0;
    for (;;) {
        uint32_t best = UINT32_MAX;
        for (uint32_t s = 0; s < m; s++) {
            if (!fin[s] && nq->tok[s] != UINT64_MAX &&
                (best == UINT32_MAX || nq->tok[s] < nq->tok[best])) {
                best = s;
            }
        }
        if (best == UINT32_MAX) {
            break;
        }
        fin[best] = 1;
        for (uint32_t l = 0; l < L->nl; l++) {
            uint32_t d = L->delta[(size_t)best * L->nl + l];
            uint64_t w = nq->tok[best] + L->letter[l] * L->letter[l];
            if (!fin[d] && w < nq->tok[d]) {
                nq->tok[d] = w;
                from[d] = best;
                via[d] = l;
            }
        }
    }
    for (uint32_t s = 0; s < m; s++) {
        uint32_t n = 0;
        for (uint32_t x = s; x != 0; x = from[x]) {
            v[n++] = L->letter[via[x]];
        }
        for (uint32_t i = 1; i < n; i++) { /* sorted, so equal heaps are adjacent */
            uint64_t y = v[i];
            uint32_t j = i;
            while (j > 0 && v[j - 1] > y) {
                v[j] = v[j - 1];
                j--;
            }
            v[j] = y;
        }
        gr_status st = gr_mis_learn_option_images(L, v, n, &nq->rep[s]);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* From a position where the recursion fails on images, a position whose
 * outcome the hypothesis gets wrong: the position itself, or one of its
 * options (if the position's outcome is right, an option's is not). */
gr_status gr_mis_learn_mispredicted(learner *L, pos *G)
{
    pos orig = *G;
    uint32_t n = 0;
    for (uint32_t i = 0; i < orig.n; i++) {
        n += gr_mis_learn_nf_len(L, orig.v[i]);
    }
    G->v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, n + 1);
    if (G->v == NULL) {
        return GR_ENOMEM;
    }
    G->n = 0;
    for (uint32_t i = 0; i < orig.n; i++) {
        const uint64_t *x;
        size_t nx;
        if (gr_mis_learn_expand(L, orig.v[i], &x, &nx)) {
            memcpy(G->v + G->n, x, nx * sizeof(uint64_t));
            G->n += (uint32_t)nx;
        } else {
            G->v[G->n++] = orig.v[i];
        }
    }
    bool p;
    gr_status st = gr_mis_learn_outcome(L, G, NULL, NULL, &p);
    if (st != GR_OK) {
        return st;
    }
    bool pred =
        L->tab != NULL &&
        gr_mis_learn_get_bit(gr_mis_learn_row_of(L, gr_mis_learn_image_of(L, G->v, G->n)), 0);
    if (p != pred) {
        return GR_OK;
    }
    for (uint32_t i = 0; i < G->n; i++) {
        const gr_mis_opt *o;
        size_t no;
        if ((st = gr_mis_token_options(L->srch, G->v[i], &o, &no)) != GR_OK) {
            return st;
        }
        for (size_t k = 0; k < no; k++) {
            pos c;
            c.v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, G->n + 3);
            if (c.v == NULL) {
                return GR_ENOMEM;
            }
            c.n = 0;
            for (uint32_t j = 0; j < G->n; j++) {
                if (j != i) {
                    c.v[c.n++] = G->v[j];
                }
            }
            for (uint32_t j = 0; j < o[k].nleaves; j++) {
                if (o[k].leaves[j] > 0) {
                    c.v[c.n++] = o[k].leaves[j];
                }
            }
            bool cp, cpred = gr_mis_learn_get_bit(
                         gr_mis_learn_row_of(L, gr_mis_learn_image_of(L, c.v, c.n)), 0);
            if ((st = gr_mis_learn_outcome(L, &c, NULL, NULL, &cp)) != GR_OK) {
                return st;
            }
            if (cp != cpred) {
                *G = c;
                return GR_OK;
            }
            gr_arena_free(L->A, c.v, (G->n + 3) * sizeof(uint64_t));
        }
    }
    /* the outcomes the normal forms give agree with the hypothesis here,
     * the proof says the real game does not: some heap of G is not its
     * normal form */
    L->mismatch = true;
    for (uint32_t i = 0; i < orig.n; i++) {
        if (orig.v[i] < L->h && !L->free_heap[orig.v[i]]) {
            L->promote[orig.v[i]] = 1;
        }
    }
    return GR_EINTERNAL;
}
