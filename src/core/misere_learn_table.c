/*
 * The misère learner's positions and their outcomes (exhaustive search of
 * the assumed game), its observation table, and the chains of positions
 * whose broken link gives a new experiment (see misere_learn.c for the
 * method, misere_learn_internal.h for what the files share).
 */
#include <string.h>

#include "misere_learn_internal.h"

/* ---- positions and outcomes ------------------------------------------------ */

gr_status gr_mis_learn_pos_cat(gr_arena *A, const pos *a, const pos *b, const pos *c, pos *out)
{
    uint32_t n = a->n + (b != NULL ? b->n : 0) + (c != NULL ? c->n : 0);
    out->v = GR_ARENA_ARRAY_UNINIT(A, uint64_t, n + 1);
    if (out->v == NULL) {
        return GR_ENOMEM;
    }
    out->n = 0;
    const pos *p[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        if (p[i] != NULL && p[i]->n > 0) {
            memcpy(out->v + out->n, p[i]->v, p[i]->n * sizeof(uint64_t));
            out->n += p[i]->n;
        }
    }
    return GR_OK;
}

bool gr_mis_learn_known(void *ctx, const uint64_t *key, size_t n, bool *p)
{
    const learner *L = ctx;
    uint32_t e = 0;
    for (size_t i = 0; i < n; i++) {
        if (key[i] >= L->h) {
            return false;
        }
        e = gr_mis_q_mul(L->old, e, L->old->image[key[i]]);
    }
    *p = L->old->inp[e] != 0;
    return true;
}

bool gr_mis_learn_expand(void *ctx, uint64_t token, const uint64_t **out, size_t *n)
{
    const learner *L = ctx;
    uint64_t t = GR_MIS_HEAPOF(token);
    if (t >= L->h || L->free_heap[t]) {
        return false;
    }
    *out = L->nf + L->nfoff[t];
    *n = L->nfoff[t + 1] - L->nfoff[t];
    return true;
}

bool gr_mis_learn_is_free(const learner *L, uint64_t t)
{
    return t >= L->h || L->free_heap[t];
}

uint32_t gr_mis_learn_nf_len(const learner *L, uint64_t t)
{
    return t >= L->h || L->free_heap[t] ? 1 : L->nfoff[t + 1] - L->nfoff[t];
}

/* The outcome of a + b + c (b, c may be NULL), each heap played as its
 * normal form. */
gr_status gr_mis_learn_outcome(learner *L, const pos *a, const pos *b, const pos *c, bool *p)
{
    size_t n = 0;
    const pos *q0[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        for (uint32_t j = 0; q0[i] != NULL && j < q0[i]->n; j++) {
            n += gr_mis_learn_nf_len(L, q0[i]->v[j]);
        }
    }
    if (n + 1 > L->tmpcap) {
        uint64_t *t = gr_arena_grow(L->A, L->tmp, &L->tmpcap, n + 1, sizeof(uint64_t), 64);
        if (t == NULL) {
            return GR_ENOMEM;
        }
        L->tmp = t;
    }
    size_t w = 0;
    for (int i = 0; i < 3; i++) {
        for (uint32_t j = 0; q0[i] != NULL && j < q0[i]->n; j++) {
            const uint64_t *x;
            size_t nx;
            if (gr_mis_learn_expand(L, q0[i]->v[j], &x, &nx)) {
                memcpy(L->tmp + w, x, nx * sizeof(uint64_t));
                w += nx;
            } else {
                L->tmp[w++] = q0[i]->v[j];
            }
        }
    }
    gr_status st = gr_mis_is_p(L->srch, L->tmp, w, p);
    /* the game the search plays (normal forms, folded copies) may have a
     * cycle, which the real one has not: a limit of the learner */
    return st == GR_EINTERNAL ? GR_ELIMIT : st;
}

/* ---- the table ---------------------------------------------------------- */

uint64_t *gr_mis_learn_row_of(const learner *L, uint32_t s)
{
    return L->row + (size_t)s * LN_EW;
}

uint64_t *gr_mis_learn_drow_of(const learner *L, uint32_t s, uint32_t l)
{
    return L->drow + ((size_t)s * L->nl + l) * LN_EW;
}

uint32_t gr_mis_learn_row_hash(const uint64_t *r)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < LN_EW; i++) {
        h = (h ^ r[i]) * 1099511628211ull;
        h ^= h >> 31;
    }
    return (uint32_t)h;
}

/* The state whose row is r, or UINT32_MAX. */
uint32_t gr_mis_learn_lookup(const learner *L, const uint64_t *r)
{
    for (uint32_t k = gr_mis_learn_row_hash(r) & (L->mapcap - 1);; k = (k + 1) & (L->mapcap - 1)) {
        if (L->map[k] == 0) {
            return UINT32_MAX;
        }
        if (memcmp(gr_mis_learn_row_of(L, L->map[k] - 1), r, LN_EW * sizeof(uint64_t)) == 0) {
            return L->map[k] - 1;
        }
    }
}

void gr_mis_learn_insert(learner *L, uint32_t s)
{
    uint32_t k = gr_mis_learn_row_hash(gr_mis_learn_row_of(L, s)) & (L->mapcap - 1);
    while (L->map[k] != 0) {
        k = (k + 1) & (L->mapcap - 1);
    }
    L->map[k] = s + 1;
}

void gr_mis_learn_set_bit(uint64_t *r, uint32_t i, bool v)
{
    if (v) {
        r[i / 64] |= 1ull << (i % 64);
    } else {
        r[i / 64] &= ~(1ull << (i % 64));
    }
}

bool gr_mis_learn_get_bit(const uint64_t *r, uint32_t i)
{
    return (r[i / 64] >> (i % 64)) & 1u;
}

/* Fills the experiments not yet filled of state s and of s + each letter. */
gr_status gr_mis_learn_fill(learner *L, uint32_t s)
{
    gr_status st;
    for (uint32_t e = L->done[s]; e < L->ne; e++) {
        bool p;
        if ((st = gr_mis_learn_outcome(L, &L->S[s], &L->E[e], NULL, &p)) != GR_OK) {
            return st;
        }
        gr_mis_learn_set_bit(gr_mis_learn_row_of(L, s), e, p);
        for (uint32_t l = 0; l < L->nl; l++) {
            pos one = {.v = &L->letter[l], .n = 1};
            if (!gr_mis_learn_is_free(L, L->letter[l])) {
                continue; /* its transitions follow its normal form's */
            }
            if ((st = gr_mis_learn_outcome(L, &L->S[s], &one, &L->E[e], &p)) != GR_OK) {
                return st;
            }
            gr_mis_learn_set_bit(gr_mis_learn_drow_of(L, s, l), e, p);
        }
        if ((e & 15) == 0 && (st = gr_arena_check(L->A)) != GR_OK) {
            return st;
        }
    }
    L->done[s] = L->ne;
    return GR_OK;
}

/* Fills every row and closes the table: a row of s + letter that no
 * representative has makes s + letter a representative. */
gr_status gr_mis_learn_close_table(learner *L, bool *full)
{
    gr_status st;
    *full = false;
    for (uint32_t s = 0; s < L->ns; s++) {
        if ((st = gr_mis_learn_fill(L, s)) != GR_OK) {
            return st;
        }
    }
    memset(L->map, 0, L->mapcap * sizeof(uint32_t));
    for (uint32_t s = 0; s < L->ns; s++) {
        gr_mis_learn_insert(L, s);
    }
    for (uint32_t s = 0; s < L->ns; s++) {
        for (uint32_t l = 0; l < L->nl; l++) {
            if (!gr_mis_learn_is_free(L, L->letter[l])) {
                continue;
            }
            uint32_t d = gr_mis_learn_lookup(L, gr_mis_learn_drow_of(L, s, l));
            if (d == UINT32_MAX) {
                if (L->ns >= LN_MAX_STATES) {
                    *full = true;
                    return GR_OK;
                }
                d = L->ns++;
                pos one = {.v = &L->letter[l], .n = 1};
                if ((st = gr_mis_learn_pos_cat(L->A, &L->S[s], &one, NULL, &L->S[d])) != GR_OK) {
                    return st;
                }
                memcpy(gr_mis_learn_row_of(L, d), gr_mis_learn_drow_of(L, s, l),
                       LN_EW * sizeof(uint64_t));
                L->done[d] = 0;
                if ((st = gr_mis_learn_fill(L, d)) != GR_OK) {
                    return st;
                }
                gr_mis_learn_insert(L, d);
            }
            L->delta[(size_t)s * L->nl + l] = d;
        }
    }
    /* a heap played as its normal form: the walk over its heaps */
    for (uint32_t s = 0; s < L->ns; s++) {
        for (uint32_t l = 0; l < L->nl; l++) {
            uint64_t t = L->letter[l];
            if (gr_mis_learn_is_free(L, t)) {
                continue;
            }
            uint32_t d = s;
            for (uint32_t k = L->nfoff[t]; k < L->nfoff[t + 1]; k++) {
                uint32_t j = L->lix[L->nf[k]];
                if (j != 0) {
                    d = L->delta[(size_t)d * L->nl + j - 1];
                }
            }
            L->delta[(size_t)s * L->nl + l] = d;
        }
    }
    return GR_OK;
}

uint32_t gr_mis_learn_walk_to(const learner *L, uint32_t s, const pos *w)
{
    for (uint32_t i = 0; i < w->n; i++) {
        uint32_t l = L->lix[w->v[i]];
        if (l != 0) {
            s = L->delta[(size_t)s * L->nl + l - 1];
        }
    }
    return s;
}

/* ---- chains of positions ----------------------------------------------------- */

/* p[n] = S[s] + w + r; appends S[d] + w[j+1..] + r for each heap w[j]
 * (d = s after w[j]), and returns the last state. */
gr_status gr_mis_learn_ch_walk(learner *L, chain *ch, uint32_t *s, const pos *w0, const pos *r)
{
    /* heaps played as their normal forms are walked heap by heap */
    uint32_t n = 0;
    for (uint32_t j = 0; j < w0->n; j++) {
        n += gr_mis_learn_nf_len(L, w0->v[j]);
    }
    pos wx = {.v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, n + 1), .n = 0}, *w = &wx;
    if (wx.v == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t j = 0; j < w0->n; j++) {
        const uint64_t *x;
        size_t nx;
        if (gr_mis_learn_expand(L, w0->v[j], &x, &nx)) {
            memcpy(wx.v + wx.n, x, nx * sizeof(uint64_t));
            wx.n += (uint32_t)nx;
        } else {
            wx.v[wx.n++] = w0->v[j];
        }
    }
    for (uint32_t j = 0; j < w->n; j++) {
        uint32_t l = L->lix[w->v[j]];
        if (l == 0) {
            continue;
        }
        if (ch->n + 1 >= 2 * LN_MAX_STATES) {
            return GR_ELIMIT;
        }
        pos one = {.v = w->v + j, .n = 1};
        gr_status st = gr_mis_learn_pos_cat(L->A, &L->S[*s], &one, NULL, &ch->x[ch->n]);
        if (st != GR_OK) {
            return st;
        }
        *s = L->delta[(size_t)*s * L->nl + l - 1];
        ch->y[ch->n] = L->S[*s];
        pos rest = {.v = w->v + j + 1, .n = w->n - j - 1};
        st = gr_mis_learn_pos_cat(L->A, &rest, r, NULL, &ch->c[ch->n]);
        if (st == GR_OK) {
            st = gr_mis_learn_pos_cat(L->A, &L->S[*s], &ch->c[ch->n], NULL, &ch->p[ch->n + 1]);
        }
        if (st != GR_OK) {
            return st;
        }
        ch->n++;
    }
    return GR_OK;
}

/* p[n] = X + c; appends Y + c (X and Y of one row), c = c1 + c2. */
gr_status gr_mis_learn_ch_link(learner *L, chain *ch, const pos *x, const pos *y, const pos *c1,
                               const pos *c2)
{
    if (ch->n + 1 >= 2 * LN_MAX_STATES) {
        return GR_ELIMIT;
    }
    ch->x[ch->n] = *x;
    ch->y[ch->n] = *y;
    gr_status st = gr_mis_learn_pos_cat(L->A, c1, c2, NULL, &ch->c[ch->n]);
    if (st == GR_OK) {
        st = gr_mis_learn_pos_cat(L->A, y, &ch->c[ch->n], NULL, &ch->p[ch->n + 1]);
    }
    if (st == GR_OK) {
        ch->n++;
    }
    return st;
}

gr_status gr_mis_learn_add_exp(learner *L, const pos *e, bool *stuck)
{
    if (L->ne >= LN_MAX_EXPS) {
        *stuck = true;
        return GR_OK;
    }
    for (uint32_t i = 0; i < L->ne; i++) {
        if (L->E[i].n == e->n &&
            (e->n == 0 || memcmp(L->E[i].v, e->v, e->n * sizeof(uint64_t)) == 0)) {
            *stuck = true; /* cannot separate anything new: give up */
            return GR_OK;
        }
    }
    L->E[L->ne++] = *e;
    return GR_OK;
}

/* X + c and Y + c have different outcomes: c, with
 * every heap dropped that it can do without (X + c' and Y + c' still
 * differ), is the new experiment.  Short experiments keep the searches
 * behind every row small. */
gr_status gr_mis_learn_shorten_and_add(learner *L, const pos *x, const pos *y, const pos *c,
                                       bool *stuck)
{
    pos e;
    gr_status st = gr_mis_learn_pos_cat(L->A, c, NULL, NULL, &e);
    if (st != GR_OK) {
        return st;
    }
    /* ascending, so that the largest heaps (the costliest to search) are
     * tried first */
    for (uint32_t i = 1; i < e.n; i++) {
        uint64_t v = e.v[i];
        uint32_t j = i;
        while (j > 0 && e.v[j - 1] > v) {
            e.v[j] = e.v[j - 1];
            j--;
        }
        e.v[j] = v;
    }
    for (uint32_t i = e.n; i-- > 0;) {
        pos t = {.v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, e.n), .n = 0};
        if (t.v == NULL) {
            return GR_ENOMEM;
        }
        for (uint32_t j = 0; j < e.n; j++) {
            if (j != i) {
                t.v[t.n++] = e.v[j];
            }
        }
        bool a, b;
        if ((st = gr_mis_learn_outcome(L, x, &t, NULL, &a)) != GR_OK ||
            (st = gr_mis_learn_outcome(L, y, &t, NULL, &b)) != GR_OK) {
            return st == GR_ELIMIT ? gr_mis_learn_add_exp(L, &e, stuck) : st;
        }
        if (a != b) {
            e = t;
        }
    }
    return gr_mis_learn_add_exp(L, &e, stuck);
}

/* The ends of ch have different outcomes (o0 the first's): the link
 * that breaks gives an experiment. */
gr_status gr_mis_learn_resolve(learner *L, const chain *ch, bool o0, bool *stuck)
{
    uint32_t lo = 0, hi = ch->n;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        bool p;
        gr_status st = gr_mis_learn_outcome(L, &ch->p[mid], NULL, NULL, &p);
        if (st != GR_OK) {
            return st;
        }
        if (p == o0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return gr_mis_learn_shorten_and_add(L, &ch->x[lo], &ch->y[lo], &ch->c[lo], stuck);
}

/* Two chains from one position to ends whose outcomes differ: the one
 * whose end differs from the start is resolved. */
gr_status gr_mis_learn_resolve2(learner *L, chain *a, chain *b, bool *stuck)
{
    bool p0, pa, pb;
    gr_status st = gr_mis_learn_outcome(L, &a->p[0], NULL, NULL, &p0);
    if (st == GR_OK) {
        st = gr_mis_learn_outcome(L, &a->p[a->n], NULL, NULL, &pa);
    }
    if (st == GR_OK) {
        st = gr_mis_learn_outcome(L, &b->p[b->n], NULL, NULL, &pb);
    }
    if (st != GR_OK) {
        return st;
    }
    if (pa != p0) {
        return gr_mis_learn_resolve(L, a, p0, stuck);
    }
    if (pb != p0) {
        return gr_mis_learn_resolve(L, b, p0, stuck);
    }
    *stuck = true; /* the rows said the ends differ: the oracle disagrees */
    return GR_OK;
}

/* An experiment where the rows of states x and y differ. */
const pos *gr_mis_learn_differ(const learner *L, uint32_t x, uint32_t y)
{
    for (uint32_t e = 0; e < L->ne; e++) {
        if (gr_mis_learn_get_bit(gr_mis_learn_row_of(L, x), e) !=
            gr_mis_learn_get_bit(gr_mis_learn_row_of(L, y), e)) {
            return &L->E[e];
        }
    }
    return &L->E[0];
}
