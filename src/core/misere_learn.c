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
 * gr_mq_verify proves it for the real game, whatever the search assumed.
 * When the proof fails where the assumed game agrees with the
 * hypothesis, a heap of that position is not its normal form; it is
 * played as itself in the next attempt.  A limit (states, experiments,
 * attempts, the search's budget) gives up cleanly.
 */
#include <string.h>

#include "misere_internal.h"

#define LN_MAX_STATES 1024u
#define LN_MAX_EXPS 512u
#define LN_EW (LN_MAX_EXPS / 64u)
#define LN_MAX_HEAP 4096u
#define LN_NODES (1u << 18)
#define LN_ATTEMPTS 6u
/* copies of a heap past K folded (x^(K+1) = x^(K-1)): K = 4, then 6 when
 * the proof keeps failing */
static const unsigned ln_folds[] = {4, 6};
#define LN_FOLD_TOP 3u /* positions the searches may memoise */

/* A position: heaps in the order they were added (sorted for S). */
typedef struct pos {
    uint64_t *v;
    uint32_t n;
} pos;

typedef struct learner {
    gr_arena *A;
    const gr_mis_game *g;
    const gr_mq *old; /* the proven quotient of heaps < h */
    uint64_t h;
    gr_mis_search *srch;
    uint64_t *letter; /* the heaps 1..h with a move */
    uint32_t nl;
    uint32_t *lix; /* heap -> letter index + 1, 0 for no move */
    pos *S, *E;    /* LN_MAX_STATES, LN_MAX_EXPS */
    uint32_t ns, ne;
    uint64_t *row;   /* ns * LN_EW */
    uint64_t *drow;  /* ns * nl * LN_EW: rows of S[i] + letter */
    uint32_t *delta; /* ns * nl */
    uint32_t *done;  /* ns: experiments filled */
    uint32_t *map;   /* row hash: state + 1 */
    uint32_t mapcap;
    uint32_t *tab; /* ns * ns */
    size_t tabsize;
    uint64_t *tmp;
    size_t tmpcap;
    /* normal forms: heap t < h not free is played as the heaps
     * nf[nfoff[t] .. nfoff[t + 1]) (its normal form in the generators) */
    const uint8_t *free_heap; /* h + 1: kept as itself */
    uint64_t *nf;
    uint32_t *nfoff;
    uint8_t *promote; /* h + 1: heaps to keep free in the next attempt */
    bool mismatch;    /* the normal forms are wrong somewhere */
} learner;

/* ---- positions and outcomes ------------------------------------------------ */

static gr_status pos_cat(gr_arena *A, const pos *a, const pos *b, const pos *c, pos *out)
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

static bool known(void *ctx, const uint64_t *key, size_t n, bool *p)
{
    const learner *L = ctx;
    uint32_t e = 0;
    for (size_t i = 0; i < n; i++) {
        if (key[i] >= L->h) {
            return false;
        }
        e = gr_mq_mul(L->old, e, L->old->image[key[i]]);
    }
    *p = L->old->inp[e] != 0;
    return true;
}

static bool expand(void *ctx, uint64_t token, const uint64_t **out, size_t *n)
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

static bool is_free(const learner *L, uint64_t t)
{
    return t >= L->h || L->free_heap[t];
}

static uint32_t nf_len(const learner *L, uint64_t t)
{
    return t >= L->h || L->free_heap[t] ? 1 : L->nfoff[t + 1] - L->nfoff[t];
}

/* The outcome of a + b + c (b, c may be NULL), each heap played as its
 * normal form. */
static gr_status outcome(learner *L, const pos *a, const pos *b, const pos *c, bool *p)
{
    size_t n = 0;
    const pos *q0[3] = {a, b, c};
    for (int i = 0; i < 3; i++) {
        for (uint32_t j = 0; q0[i] != NULL && j < q0[i]->n; j++) {
            n += nf_len(L, q0[i]->v[j]);
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
            if (expand(L, q0[i]->v[j], &x, &nx)) {
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

static uint64_t *row_of(const learner *L, uint32_t s)
{
    return L->row + (size_t)s * LN_EW;
}

static uint64_t *drow_of(const learner *L, uint32_t s, uint32_t l)
{
    return L->drow + ((size_t)s * L->nl + l) * LN_EW;
}

static uint32_t row_hash(const uint64_t *r)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < LN_EW; i++) {
        h = (h ^ r[i]) * 1099511628211ull;
        h ^= h >> 31;
    }
    return (uint32_t)h;
}

/* The state whose row is r, or UINT32_MAX. */
static uint32_t lookup(const learner *L, const uint64_t *r)
{
    for (uint32_t k = row_hash(r) & (L->mapcap - 1);; k = (k + 1) & (L->mapcap - 1)) {
        if (L->map[k] == 0) {
            return UINT32_MAX;
        }
        if (memcmp(row_of(L, L->map[k] - 1), r, LN_EW * sizeof(uint64_t)) == 0) {
            return L->map[k] - 1;
        }
    }
}

static void insert(learner *L, uint32_t s)
{
    uint32_t k = row_hash(row_of(L, s)) & (L->mapcap - 1);
    while (L->map[k] != 0) {
        k = (k + 1) & (L->mapcap - 1);
    }
    L->map[k] = s + 1;
}

static void set_bit(uint64_t *r, uint32_t i, bool v)
{
    if (v) {
        r[i / 64] |= 1ull << (i % 64);
    } else {
        r[i / 64] &= ~(1ull << (i % 64));
    }
}

static bool get_bit(const uint64_t *r, uint32_t i)
{
    return (r[i / 64] >> (i % 64)) & 1u;
}

/* Fills the experiments not yet filled of state s and of s + each letter. */
static gr_status fill(learner *L, uint32_t s)
{
    gr_status st;
    for (uint32_t e = L->done[s]; e < L->ne; e++) {
        bool p;
        if ((st = outcome(L, &L->S[s], &L->E[e], NULL, &p)) != GR_OK) {
            return st;
        }
        set_bit(row_of(L, s), e, p);
        for (uint32_t l = 0; l < L->nl; l++) {
            pos one = {.v = &L->letter[l], .n = 1};
            if (!is_free(L, L->letter[l])) {
                continue; /* its transitions follow its normal form's */
            }
            if ((st = outcome(L, &L->S[s], &one, &L->E[e], &p)) != GR_OK) {
                return st;
            }
            set_bit(drow_of(L, s, l), e, p);
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
static gr_status close_table(learner *L, bool *full)
{
    gr_status st;
    *full = false;
    for (uint32_t s = 0; s < L->ns; s++) {
        if ((st = fill(L, s)) != GR_OK) {
            return st;
        }
    }
    memset(L->map, 0, L->mapcap * sizeof(uint32_t));
    for (uint32_t s = 0; s < L->ns; s++) {
        insert(L, s);
    }
    for (uint32_t s = 0; s < L->ns; s++) {
        for (uint32_t l = 0; l < L->nl; l++) {
            if (!is_free(L, L->letter[l])) {
                continue;
            }
            uint32_t d = lookup(L, drow_of(L, s, l));
            if (d == UINT32_MAX) {
                if (L->ns >= LN_MAX_STATES) {
                    *full = true;
                    return GR_OK;
                }
                d = L->ns++;
                pos one = {.v = &L->letter[l], .n = 1};
                if ((st = pos_cat(L->A, &L->S[s], &one, NULL, &L->S[d])) != GR_OK) {
                    return st;
                }
                memcpy(row_of(L, d), drow_of(L, s, l), LN_EW * sizeof(uint64_t));
                L->done[d] = 0;
                if ((st = fill(L, d)) != GR_OK) {
                    return st;
                }
                insert(L, d);
            }
            L->delta[(size_t)s * L->nl + l] = d;
        }
    }
    /* a heap played as its normal form: the walk over its heaps */
    for (uint32_t s = 0; s < L->ns; s++) {
        for (uint32_t l = 0; l < L->nl; l++) {
            uint64_t t = L->letter[l];
            if (is_free(L, t)) {
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

static uint32_t walk_to(const learner *L, uint32_t s, const pos *w)
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

/* p[0..n]: positions; c[i]: the context of the link p[i] - p[i+1]. */
typedef struct chain {
    pos p[2 * LN_MAX_STATES];
    pos c[2 * LN_MAX_STATES];
    pos x[2 * LN_MAX_STATES], y[2 * LN_MAX_STATES]; /* link i: X + c, Y + c */
    uint32_t n;
} chain;

/* p[n] = S[s] + w + r; appends S[d] + w[j+1..] + r for each heap w[j]
 * (d = s after w[j]), and returns the last state. */
static gr_status ch_walk(learner *L, chain *ch, uint32_t *s, const pos *w0, const pos *r)
{
    /* heaps played as their normal forms are walked heap by heap */
    uint32_t n = 0;
    for (uint32_t j = 0; j < w0->n; j++) {
        n += nf_len(L, w0->v[j]);
    }
    pos wx = {.v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, n + 1), .n = 0}, *w = &wx;
    if (wx.v == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t j = 0; j < w0->n; j++) {
        const uint64_t *x;
        size_t nx;
        if (expand(L, w0->v[j], &x, &nx)) {
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
        gr_status st = pos_cat(L->A, &L->S[*s], &one, NULL, &ch->x[ch->n]);
        if (st != GR_OK) {
            return st;
        }
        *s = L->delta[(size_t)*s * L->nl + l - 1];
        ch->y[ch->n] = L->S[*s];
        pos rest = {.v = w->v + j + 1, .n = w->n - j - 1};
        st = pos_cat(L->A, &rest, r, NULL, &ch->c[ch->n]);
        if (st == GR_OK) {
            st = pos_cat(L->A, &L->S[*s], &ch->c[ch->n], NULL, &ch->p[ch->n + 1]);
        }
        if (st != GR_OK) {
            return st;
        }
        ch->n++;
    }
    return GR_OK;
}

/* p[n] = X + c; appends Y + c (X and Y of one row), c = c1 + c2. */
static gr_status ch_link(learner *L, chain *ch, const pos *x, const pos *y, const pos *c1,
                         const pos *c2)
{
    if (ch->n + 1 >= 2 * LN_MAX_STATES) {
        return GR_ELIMIT;
    }
    ch->x[ch->n] = *x;
    ch->y[ch->n] = *y;
    gr_status st = pos_cat(L->A, c1, c2, NULL, &ch->c[ch->n]);
    if (st == GR_OK) {
        st = pos_cat(L->A, y, &ch->c[ch->n], NULL, &ch->p[ch->n + 1]);
    }
    if (st == GR_OK) {
        ch->n++;
    }
    return st;
}

static gr_status add_exp(learner *L, const pos *e, bool *stuck)
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
static gr_status shorten_and_add(learner *L, const pos *x, const pos *y, const pos *c, bool *stuck)
{
    pos e;
    gr_status st = pos_cat(L->A, c, NULL, NULL, &e);
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
        if ((st = outcome(L, x, &t, NULL, &a)) != GR_OK ||
            (st = outcome(L, y, &t, NULL, &b)) != GR_OK) {
            return st == GR_ELIMIT ? add_exp(L, &e, stuck) : st;
        }
        if (a != b) {
            e = t;
        }
    }
    return add_exp(L, &e, stuck);
}

/* The ends of ch have different outcomes (o0 the first's): the link
 * that breaks gives an experiment. */
static gr_status resolve(learner *L, const chain *ch, bool o0, bool *stuck)
{
    uint32_t lo = 0, hi = ch->n;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        bool p;
        gr_status st = outcome(L, &ch->p[mid], NULL, NULL, &p);
        if (st != GR_OK) {
            return st;
        }
        if (p == o0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return shorten_and_add(L, &ch->x[lo], &ch->y[lo], &ch->c[lo], stuck);
}

/* Two chains from one position to ends whose outcomes differ: the one
 * whose end differs from the start is resolved. */
static gr_status resolve2(learner *L, chain *a, chain *b, bool *stuck)
{
    bool p0, pa, pb;
    gr_status st = outcome(L, &a->p[0], NULL, NULL, &p0);
    if (st == GR_OK) {
        st = outcome(L, &a->p[a->n], NULL, NULL, &pa);
    }
    if (st == GR_OK) {
        st = outcome(L, &b->p[b->n], NULL, NULL, &pb);
    }
    if (st != GR_OK) {
        return st;
    }
    if (pa != p0) {
        return resolve(L, a, p0, stuck);
    }
    if (pb != p0) {
        return resolve(L, b, p0, stuck);
    }
    *stuck = true; /* the rows said the ends differ: the oracle disagrees */
    return GR_OK;
}

/* An experiment where the rows of states x and y differ. */
static const pos *differ(const learner *L, uint32_t x, uint32_t y)
{
    for (uint32_t e = 0; e < L->ne; e++) {
        if (get_bit(row_of(L, x), e) != get_bit(row_of(L, y), e)) {
            return &L->E[e];
        }
    }
    return &L->E[0];
}

/* ---- the hypothesis as a monoid ------------------------------------------------ */

/* The products, checked: a * image(letter) is the transition, the table
 * is commutative and (Light's test over the letters' images, which
 * generate it) associative.  *fixed when a failure gave an experiment. */
static gr_status monoid(learner *L, chain *c1, chain *c2, bool *fixed, bool *stuck)
{
    uint32_t m = L->ns;
    *fixed = false;
    for (uint32_t a = 0; a < m; a++) {
        for (uint32_t b = 0; b < m; b++) {
            L->tab[(size_t)a * m + b] = walk_to(L, a, &L->S[b]);
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
            const pos *e = differ(L, t, d);
            pos one = {.v = &L->letter[l], .n = 1};
            uint32_t s = a;
            c1->n = c2->n = 0;
            if ((st = pos_cat(L->A, &L->S[a], &one, e, &c1->p[0])) != GR_OK ||
                (st = ch_walk(L, c1, &s, &one, e)) != GR_OK) {
                return st;
            }
            c2->p[0] = c1->p[0];
            s = a;
            if ((st = ch_link(L, c2, &one, &L->S[x], &L->S[a], e)) != GR_OK ||
                (st = ch_walk(L, c2, &s, &L->S[x], e)) != GR_OK) {
                return st;
            }
            *fixed = true;
            return resolve2(L, c1, c2, stuck);
        }
    }
    for (uint32_t a = 0; a < m; a++) {
        for (uint32_t b = a + 1; b < m; b++) {
            uint32_t t = L->tab[(size_t)a * m + b], u = L->tab[(size_t)b * m + a];
            if (t == u) {
                continue;
            }
            const pos *e = differ(L, t, u);
            uint32_t s = a;
            c1->n = c2->n = 0;
            if ((st = pos_cat(L->A, &L->S[a], &L->S[b], e, &c1->p[0])) != GR_OK ||
                (st = ch_walk(L, c1, &s, &L->S[b], e)) != GR_OK) {
                return st;
            }
            if ((st = pos_cat(L->A, &L->S[b], &L->S[a], e, &c2->p[0])) != GR_OK) {
                return st;
            }
            s = b;
            if ((st = ch_walk(L, c2, &s, &L->S[a], e)) != GR_OK) {
                return st;
            }
            *fixed = true;
            return resolve2(L, c1, c2, stuck);
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
                const pos *e = differ(L, t, u);
                pos one = {.v = &L->letter[l], .n = 1}, ye;
                c1->n = c2->n = 0;
                if ((st = pos_cat(L->A, &L->S[y], e, NULL, &ye)) != GR_OK ||
                    (st = pos_cat(L->A, &L->S[x], &one, &ye, &c1->p[0])) != GR_OK) {
                    return st;
                }
                uint32_t s = x;
                if ((st = ch_walk(L, c1, &s, &one, &ye)) != GR_OK ||
                    (st = ch_walk(L, c1, &s, &L->S[y], e)) != GR_OK) {
                    return st;
                }
                pos xe;
                c2->p[0] = c1->p[0];
                if ((st = pos_cat(L->A, &L->S[x], e, NULL, &xe)) != GR_OK ||
                    (st = ch_link(L, c2, &one, &L->S[a], &L->S[x], &ye)) != GR_OK) {
                    return st;
                }
                s = a;
                if ((st = ch_walk(L, c2, &s, &L->S[y], &xe)) != GR_OK) {
                    return st;
                }
                s = x;
                if ((st = ch_walk(L, c2, &s, &L->S[ay], e)) != GR_OK) {
                    return st;
                }
                *fixed = true;
                gr_arena_free(L->A, seen, m);
                return resolve2(L, c1, c2, stuck);
            }
        }
    }
    gr_arena_free(L->A, seen, m);
    return GR_OK;
}

/* The image of a position under the hypothesis. */
static uint32_t image_of(const learner *L, const uint64_t *v, uint32_t n)
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
static gr_status option_images(learner *L, const uint64_t *v, uint32_t n, gr_mq_set *out)
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
    gr_status st = gr_mq_set_make(L->A, buf, (uint32_t)cnt, out);
    gr_arena_free(L->A, buf, cap * sizeof(uint32_t));
    return st;
}

/* The hypothesis as a candidate quotient nq (representatives: the least
 * heavy positions of each element, Dijkstra over the transitions, so that
 * an option of a representative is lighter than its own image's). */
static gr_status hypothesis(learner *L, const gr_mq *q, gr_mq *nq)
{
    gr_arena *A = L->A;
    uint32_t m = L->ns;
    gr_status st = gr_mq_alloc(A, m, nq);
    if (st != GR_OK) {
        return st;
    }
    nq->heaps = L->h + 1;
    nq->cap = q->cap > L->h + 1 ? q->cap : 2 * (L->h + 1);
    nq->image = GR_ARENA_ARRAY(A, uint32_t, nq->cap);
    nq->opt = GR_ARENA_ARRAY(A, gr_mq_set, nq->cap);
    if (nq->image == NULL || nq->opt == NULL) {
        return GR_ENOMEM;
    }
    memcpy(nq->tab, L->tab, (size_t)m * m * sizeof(uint32_t));
    for (uint32_t s = 0; s < m; s++) {
        nq->inp[s] = get_bit(row_of(L, s), 0);
    }
    for (uint64_t t = 1; t <= L->h; t++) {
        uint32_t l = L->lix[t];
        nq->image[t] = l != 0 ? L->delta[l - 1] : 0;
        uint64_t one = t;
        if ((st = option_images(L, &one, 1, &nq->opt[t])) != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* Lightest positions per element, their weights and option images. */
static gr_status lightest(learner *L, gr_mq *nq)
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
        gr_status st = option_images(L, v, n, &nq->rep[s]);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* From a position where the recursion fails on images, a position whose
 * outcome the hypothesis gets wrong: the position itself, or one of its
 * options (if the position's outcome is right, an option's is not). */
static gr_status mispredicted(learner *L, pos *G)
{
    pos orig = *G;
    uint32_t n = 0;
    for (uint32_t i = 0; i < orig.n; i++) {
        n += nf_len(L, orig.v[i]);
    }
    G->v = GR_ARENA_ARRAY_UNINIT(L->A, uint64_t, n + 1);
    if (G->v == NULL) {
        return GR_ENOMEM;
    }
    G->n = 0;
    for (uint32_t i = 0; i < orig.n; i++) {
        const uint64_t *x;
        size_t nx;
        if (expand(L, orig.v[i], &x, &nx)) {
            memcpy(G->v + G->n, x, nx * sizeof(uint64_t));
            G->n += (uint32_t)nx;
        } else {
            G->v[G->n++] = orig.v[i];
        }
    }
    bool p;
    gr_status st = outcome(L, G, NULL, NULL, &p);
    if (st != GR_OK) {
        return st;
    }
    bool pred = L->tab != NULL && get_bit(row_of(L, image_of(L, G->v, G->n)), 0);
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
            bool cp, cpred = get_bit(row_of(L, image_of(L, c.v, c.n)), 0);
            if ((st = outcome(L, &c, NULL, NULL, &cp)) != GR_OK) {
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

/* Starts the table from the proven quotient of the smaller heaps: its
 * elements' lightest positions as representatives (Dijkstra over the
 * heaps' images, weight the squared heaps) and, as experiments, the
 * lightest positions of elements that separate them (greedily, until
 * every element has a row of its own).  All of these are positions of
 * heaps below h, whose outcomes the old quotient gives at once; only
 * those with heap h need search. */
static gr_status seed(learner *L)
{
    const gr_mq *q = L->old;
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
            uint32_t d = gr_mq_mul(q, best, q->image[t]);
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
            size_t k = 2 * (size_t)cls[a] + q->inp[gr_mq_mul(q, a, z)];
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

static gr_status learn_once(gr_mq *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
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
    gr_mis_search_set_known(L->srch, known, L);
    gr_mis_search_largest_first(L->srch);
    gr_mis_search_set_expand(L->srch, expand, L);
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
        st = close_table(L, &full);
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
        st = monoid(L, c1, c2, &fixed, &stuck);
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
        gr_mq nq;
        if ((st = hypothesis(L, q, &nq)) != GR_OK) {
            return st;
        }
        bool proven = false, too_big = false;
        gr_mq_witness w;
        if ((st = gr_mq_verify_witness(&nq, max_states, &proven, &too_big, &w)) != GR_OK) {
            return st;
        }
        if (too_big) {
            return GR_OK;
        }
        if (proven) {
            if ((st = lightest(L, &nq)) != GR_OK) {
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
        if ((st = pos_cat(A, base != NULL ? base : &wh, base != NULL ? &wh : NULL, NULL, &G)) !=
            GR_OK) {
            return st;
        }
        st = mispredicted(L, &G);
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
        if ((st = ch_walk(L, c1, &s, &G, &none)) != GR_OK) {
            return st == GR_ELIMIT ? GR_OK : st;
        }
        bool p0;
        if ((st = outcome(L, &G, NULL, NULL, &p0)) != GR_OK) {
            return st;
        }
        if ((st = resolve(L, c1, p0, &stuck)) != GR_OK) {
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
gr_status gr_mq_learn(gr_mq *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
                      uint64_t max_states, uint64_t max_nodes, bool *ok, const char **why)
{
    *ok = false;
    if (h > LN_MAX_HEAP) {
        return GR_OK;
    }
    gr_arena *A = q->arena;
    gr_mis_quotient old;
    memset(&old, 0, sizeof(old));
    gr_status st = gr_mq_present(A, q, &old);
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
