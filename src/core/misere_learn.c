/*
 * The quotient of heaps <= h learnt from outcomes when heap h splits
 * elements of the quotient of the smaller heaps (docs/misere.md, "Splits:
 * the learner").
 *
 * For a commutative set of positions the quotient is the minimal automaton
 * of the P-positions over the alphabet of heaps: its states, reached from
 * the empty position by adding heaps, are the elements, and adding a
 * representative of b to a is a*b.  The automaton is learnt in the manner
 * of Angluin's L* (Angluin, "Learning regular sets from queries and
 * counterexamples", 1987): representatives S (positions, the first the
 * empty one) with pairwise different rows, experiments E (positions, the
 * first the empty one), row(s) = the outcomes of s + e for e in E.  The
 * table is closed when s + heap has the row of a representative for every
 * s and heap; its hypothesis is then checked to be a commutative monoid
 * (the product of a and b: the state reached from a by adding b's heaps).
 * Every failure -- a product that disagrees with a transition, a product
 * that is not commutative or associative, a position the proof
 * (misere_verify.c) finds where the recursion fails on images -- is turned
 * into a chain of positions, consecutive ones claimed to have one outcome
 * by the table (X + C and Y + C with X and Y of one row), whose ends have
 * different true outcomes; a binary search finds a link that breaks, and
 * its C is a new experiment (Rivest and Schapire, "Inference of finite
 * automata using homing sequences", 1993).  A new experiment separates
 * two positions of one row, so every round refines the table.
 *
 * Outcomes come from exhaustive search (misere_search.c) of another game,
 * close to the real one and much smaller to search: a position of heaps
 * below h is decided at once by the proven quotient of those heaps, a
 * heap below h is played as its normal form in that quotient's
 * generators, and more than K copies of a heap as K - 1 or K of them.
 * Nothing here is trusted: the learnt quotient is returned only when
 * gr_mis_q_verify proves it for the real game, whatever the search assumed.
 * When the proof fails where the assumed game agrees with the
 * hypothesis, a heap of that position is not its normal form; it is
 * played as itself in the next attempt.  A limit (states, experiments,
 * attempts, the search's budget) gives up cleanly.
 */
#include <string.h>

#include "misere_learn_internal.h"

/* copies of a heap past K folded (x^(K+1) = x^(K-1)): K = 4, then 6 when
 * the proof keeps failing */
static const unsigned ln_folds[] = {4, 6};

/* Starts the table from the proven quotient of the smaller heaps: its
 * elements' lightest positions as representatives (Dijkstra over the
 * heaps' images, weight the squared heaps) and, as experiments, the
 * lightest positions of elements that separate them (greedily, until
 * every element has a row of its own).  All of these are positions of
 * heaps below h, whose outcomes the old quotient gives at once; only
 * those with heap h need search. */
static gr_status seed(learner *L)
{
    const gr_mis_q *q = L->old;
    uint32_t m = q->m;
    if (m > LN_MAX_STATES || m > LN_MAX_EXPS) {
        return GR_OK; /* S = E = {empty} */
    }
    gr_arena *A = L->A;
    uint64_t *w = GR_ARENA_ARRAY_UNINIT(A, uint64_t, m);
    uint32_t *from = GR_ARENA_ARRAY_UNINIT(A, uint32_t, m);
    uint64_t *via = GR_ARENA_ARRAY_UNINIT(A, uint64_t, m);
    uint32_t *order = GR_ARENA_ARRAY_UNINIT(A, uint32_t, m);
    uint8_t *fin = GR_ARENA_ARRAY(A, uint8_t, m);
    uint32_t *cls = GR_ARENA_ARRAY(A, uint32_t, m);
    uint32_t *ncls = GR_ARENA_ARRAY(A, uint32_t, 2 * (size_t)m);
    if (w == NULL || from == NULL || via == NULL || order == NULL || fin == NULL || cls == NULL ||
        ncls == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t s = 0; s < m; s++) {
        w[s] = UINT64_MAX;
    }
    w[0] = 0;
    uint32_t nord = 0;
    for (;;) {
        uint32_t best = UINT32_MAX;
        for (uint32_t s = 0; s < m; s++) {
            if (!fin[s] && w[s] != UINT64_MAX && (best == UINT32_MAX || w[s] < w[best])) {
                best = s;
            }
        }
        if (best == UINT32_MAX) {
            break;
        }
        fin[best] = 1;
        order[nord++] = best;
        for (uint32_t l = 0; l < L->nl && L->letter[l] < L->h; l++) {
            uint64_t t = L->letter[l];
            uint32_t d = gr_mis_q_mul(q, best, q->image[t]);
            if (!fin[d] && w[best] + t * t < w[d]) {
                w[d] = w[best] + t * t;
                from[d] = best;
                via[d] = t;
            }
        }
    }
    if (nord != m) {
        return GR_OK; /* not onto: leave the table empty */
    }
    pos *rep = GR_ARENA_ARRAY(A, pos, m);
    if (rep == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t s = 0; s < m; s++) {
        uint32_t n = 0;
        for (uint32_t x = s; x != 0; x = from[x]) {
            n++;
        }
        rep[s].v = GR_ARENA_ARRAY_UNINIT(A, uint64_t, n + 1);
        if (rep[s].v == NULL) {
            return GR_ENOMEM;
        }
        for (uint32_t x = s; x != 0; x = from[x]) {
            rep[s].v[rep[s].n++] = via[x];
        }
    }
    /* separate the elements: z joins E when it splits a class */
    uint32_t classes = 1;
    L->ne = 1;
    L->E[0] = (pos){.v = NULL, .n = 0};
    for (uint32_t a = 0; a < m; a++) {
        cls[a] = q->inp[a];
    }
    classes = 1;
    for (uint32_t a = 0; a < m; a++) {
        if (cls[a] != cls[0]) {
            classes = 2;
        }
    }
    for (uint32_t i = 0; i < m && classes < m && L->ne < LN_MAX_EXPS; i++) {
        uint32_t z = order[i];
        /* new class: (old class, a z in P), numbered by first appearance */
        for (size_t k = 0; k < 2 * (size_t)m; k++) {
            ncls[k] = UINT32_MAX;
        }
        uint32_t n = 0, *nc = GR_ARENA_ARRAY_UNINIT(A, uint32_t, m);
        if (nc == NULL) {
            return GR_ENOMEM;
        }
        for (uint32_t a = 0; a < m; a++) {
            size_t k = 2 * (size_t)cls[a] + q->inp[gr_mis_q_mul(q, a, z)];
            if (ncls[k] == UINT32_MAX) {
                ncls[k] = n++;
            }
            nc[a] = ncls[k];
        }
        if (n > classes) {
            memcpy(cls, nc, m * sizeof(uint32_t));
            classes = n;
            L->E[L->ne++] = rep[z];
        }
        gr_arena_free(A, nc, m * sizeof(uint32_t));
    }
    if (classes < m) {
        L->ne = 1;
        return GR_OK;
    }
    for (uint32_t s = 0; s < m; s++) {
        L->S[s] = rep[order[s]];
    }
    L->ns = m;
    return GR_OK;
}

static gr_status learn_once(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
                            uint64_t max_states, uint64_t nodes, unsigned fold,
                            const uint8_t *free_heap, uint64_t *nf, uint32_t *nfoff,
                            uint8_t *promote, pos *carry, uint32_t *ncarry, bool *mismatch,
                            gr_mis_search **srch, bool *ok, const char **why)
{
    *ok = false;
    *mismatch = false;
    gr_arena *A = q->arena;
    learner *L = GR_ARENA_ARRAY(A, learner, 1);
    chain *c1 = GR_ARENA_ARRAY_UNINIT(A, chain, 1);
    chain *c2 = GR_ARENA_ARRAY_UNINIT(A, chain, 1);
    if (L == NULL || c1 == NULL || c2 == NULL) {
        return GR_ENOMEM;
    }
    L->A = A;
    L->g = g;
    L->old = q;
    L->h = h;
    L->free_heap = free_heap;
    L->nf = nf;
    L->nfoff = nfoff;
    L->promote = promote;
    gr_status st = gr_mis_search_new(A, g, 1, nodes, &L->srch);
    if (st != GR_OK) {
        return st;
    }
    *srch = L->srch;
    gr_mis_search_set_known(L->srch, gr_mis_learn_known, L);
    gr_mis_search_largest_first(L->srch);
    gr_mis_search_set_expand(L->srch, gr_mis_learn_expand, L);
    gr_mis_search_set_fold(L->srch, fold);
    if (fold == ln_folds[0]) {
        gr_mis_search_set_fold_top(L->srch, h, LN_FOLD_TOP);
    }
    L->letter = GR_ARENA_ARRAY_UNINIT(A, uint64_t, h + 1);
    L->lix = GR_ARENA_ARRAY(A, uint32_t, h + 1);
    L->S = GR_ARENA_ARRAY(A, pos, LN_MAX_STATES);
    L->E = GR_ARENA_ARRAY(A, pos, LN_MAX_EXPS);
    if (L->letter == NULL || L->lix == NULL || L->S == NULL || L->E == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t t = 1; t <= h; t++) {
        size_t n;
        if ((st = gr_mis_heap_options(g, t, NULL, 0, &n)) != GR_OK) {
            return st == GR_ELIMIT ? GR_OK : st;
        }
        if (n > 0) {
            L->letter[L->nl] = t;
            L->lix[t] = ++L->nl;
        }
    }
    L->row = GR_ARENA_ARRAY(A, uint64_t, (size_t)LN_MAX_STATES * LN_EW);
    L->drow = GR_ARENA_ARRAY(A, uint64_t, (size_t)LN_MAX_STATES * L->nl * LN_EW);
    L->delta = GR_ARENA_ARRAY(A, uint32_t, (size_t)LN_MAX_STATES * L->nl);
    L->done = GR_ARENA_ARRAY(A, uint32_t, LN_MAX_STATES);
    L->mapcap = 4 * LN_MAX_STATES;
    L->map = GR_ARENA_ARRAY(A, uint32_t, L->mapcap);
    if (L->row == NULL || L->drow == NULL || L->delta == NULL || L->done == NULL ||
        L->map == NULL) {
        return GR_ENOMEM;
    }
    L->ns = L->ne = 1; /* S = {empty}, E = {empty}, unless seeded */
    if ((st = seed(L)) != GR_OK) {
        return st;
    }
    /* the experiments of an earlier attempt: they separated positions
     * then, and likely do again */
    for (uint32_t i = 0; i < *ncarry && L->ne < LN_MAX_EXPS; i++) {
        bool have = false;
        for (uint32_t j = 0; j < L->ne && !have; j++) {
            have = L->E[j].n == carry[i].n &&
                   (carry[i].n == 0 ||
                    memcmp(L->E[j].v, carry[i].v, carry[i].n * sizeof(uint64_t)) == 0);
        }
        if (!have) {
            L->E[L->ne++] = carry[i];
        }
    }
    uint32_t cap_states = max_order < LN_MAX_STATES ? max_order : LN_MAX_STATES;
    for (;;) {
        bool full = false, stuck = false, fixed = false;
        st = gr_mis_learn_close_table(L, &full);
        if (st == GR_ELIMIT) {
            *why = "the searches behind the learnt quotient passed their budget";
            return GR_OK;
        }
        if (st != GR_OK) {
            return st;
        }
        if (full || L->ns > cap_states) {
            return GR_OK;
        }
        if (L->tab != NULL) {
            gr_arena_free(A, L->tab, L->tabsize * sizeof(uint32_t));
        }
        L->tabsize = (size_t)L->ns * L->ns;
        L->tab = GR_ARENA_ARRAY_UNINIT(A, uint32_t, L->tabsize);
        if (L->tab == NULL) {
            return GR_ENOMEM;
        }
        st = gr_mis_learn_monoid(L, c1, c2, &fixed, &stuck);
        if (st == GR_ELIMIT) {
            return GR_OK;
        }
        if (st != GR_OK) {
            return st;
        }
        if (stuck) {
            return GR_OK;
        }
        if (fixed) {
            continue;
        }
        gr_mis_q nq;
        if ((st = gr_mis_learn_hypothesis(L, q, &nq)) != GR_OK) {
            return st;
        }
        bool proven = false, too_big = false;
        gr_mis_q_witness w;
        if ((st = gr_mis_q_verify_witness(&nq, max_states, &proven, &too_big, &w)) != GR_OK) {
            return st;
        }
        if (too_big) {
            return GR_OK;
        }
        if (proven) {
            if ((st = gr_mis_learn_lightest(L, &nq)) != GR_OK) {
                return st;
            }
            *q = nq;
            *ok = true;
            return GR_OK;
        }
        if (w.heaps == NULL) {
            return GR_OK;
        }
        pos G;
        const pos *base = w.has_elem ? &L->S[w.elem] : NULL;
        pos wh = {.v = w.heaps, .n = (uint32_t)w.n};
        if ((st = gr_mis_learn_pos_cat(A, base != NULL ? base : &wh, base != NULL ? &wh : NULL,
                                       NULL, &G)) != GR_OK) {
            return st;
        }
        st = gr_mis_learn_mispredicted(L, &G);
        if (st == GR_ELIMIT) {
            *why = "the searches behind the learnt quotient passed their budget";
            return GR_OK;
        }
        if (st != GR_OK) {
            *mismatch = L->mismatch;
            memcpy(carry, L->E, L->ne * sizeof(pos));
            *ncarry = L->ne;
            return st == GR_EINTERNAL ? GR_OK : st;
        }
        /* G's outcome differs from its image's: walk it from the empty
         * position */
        pos none = {.v = NULL, .n = 0};
        uint32_t s = 0;
        c1->n = 0;
        c1->p[0] = G;
        if ((st = gr_mis_learn_ch_walk(L, c1, &s, &G, &none)) != GR_OK) {
            return st == GR_ELIMIT ? GR_OK : st;
        }
        bool p0;
        if ((st = gr_mis_learn_outcome(L, &G, NULL, NULL, &p0)) != GR_OK) {
            return st;
        }
        if ((st = gr_mis_learn_resolve(L, c1, p0, &stuck)) != GR_OK) {
            return st;
        }
        if (stuck) {
            return GR_OK;
        }
        /* rows of representatives stay distinct; close_table fills the
         * new experiment in */
    }
}

/* Heaps below h are first played as their normal forms in the old
 * quotient's generators (so that the searches meet few distinct
 * positions); a heap the proof shows is not its normal form is played as
 * itself in the next attempt, a few attempts at most. */
gr_status gr_mis_q_learn(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
                         uint64_t max_states, uint64_t max_nodes, bool *ok, const char **why)
{
    *ok = false;
    if (h > LN_MAX_HEAP) {
        return GR_OK;
    }
    gr_arena *A = q->arena;
    gr_mis_quotient old;
    memset(&old, 0, sizeof(old));
    gr_status st = gr_mis_q_present(A, q, &old);
    if (st != GR_OK) {
        return st == GR_EINTERNAL ? GR_OK : st;
    }
    uint8_t *free_heap = GR_ARENA_ARRAY(A, uint8_t, h + 1);
    uint8_t *promote = GR_ARENA_ARRAY(A, uint8_t, h + 1);
    uint32_t *nfoff = GR_ARENA_ARRAY(A, uint32_t, h + 2);
    if (free_heap == NULL || promote == NULL || nfoff == NULL) {
        return GR_ENOMEM;
    }
    size_t total = 0;
    for (uint64_t t = 0; t < h; t++) {
        const uint32_t *w = old.word + (size_t)q->image[t] * old.ngens;
        for (uint32_t i = 0; i < old.ngens; i++) {
            total += w[i];
        }
    }
    uint64_t *nf = GR_ARENA_ARRAY_UNINIT(A, uint64_t, total + 1);
    if (nf == NULL) {
        return GR_ENOMEM;
    }
    uint32_t at = 0;
    for (uint64_t t = 0; t < h; t++) {
        nfoff[t] = at;
        const uint32_t *w = old.word + (size_t)q->image[t] * old.ngens;
        for (uint32_t i = 0; i < old.ngens; i++) {
            for (uint32_t k = 0; k < w[i]; k++) {
                nf[at++] = old.gen_heap[i];
            }
        }
        if (at - nfoff[t] == 1 && nf[nfoff[t]] == t) {
            free_heap[t] = 1; /* a generator */
        }
    }
    nfoff[h] = nfoff[h + 1] = at;
    free_heap[h] = 1;
    /* a POST's attempt (a small proof budget) learns within less */
    uint64_t nodes = max_nodes != 0             ? max_nodes
                     : max_states <= (1u << 14) ? LN_NODES / 8
                                                : LN_NODES;
    unsigned fi = 0;
    pos *carry = GR_ARENA_ARRAY(A, pos, LN_MAX_EXPS);
    uint32_t ncarry = 0;
    if (carry == NULL) {
        return GR_ENOMEM;
    }
    for (unsigned attempt = 0; attempt < LN_ATTEMPTS; attempt++) {
        bool mismatch = false;
        gr_mis_search *srch = NULL;
        st = learn_once(q, g, h, max_order, max_states, nodes, ln_folds[fi], free_heap, nf, nfoff,
                        promote, carry, &ncarry, &mismatch, &srch, ok, why);
        if (srch != NULL) {
            gr_mis_search_release(srch); /* the next heap's searches start afresh */
        }
        if (st == GR_ELIMIT) {
            *ok = false; /* a search's budget or cycle: not learnt */
            return GR_OK;
        }
        if (st != GR_OK || *ok || !mismatch) {
            return st;
        }
        bool more = false;
        for (uint64_t t = 1; t < h; t++) {
            if (promote[t] && !free_heap[t]) {
                free_heap[t] = 1;
                more = true;
            }
        }
        if (!more) {
            if (++fi == sizeof(ln_folds) / sizeof(ln_folds[0])) {
                return GR_OK;
            }
        }
    }
    return GR_OK;
}
