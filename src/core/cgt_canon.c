/*
 * Canonical forms (Conway; Siegel, Combinatorial Game Theory, II.2).
 *
 * gr_cgt_make simplifies {L|R}, whose options are already canonical, by
 * the two rules that preserve the value until none applies:
 *   - a dominated option goes: L1 <= L2 (Left keeps the better) and
 *     R2 <= R1 (Right keeps the smaller);
 *   - a reversible option is bypassed: when a Left option L1 has a Right
 *     option L1R <= G, L1 is replaced by all Left options of L1R (and
 *     symmetrically R1 with R1L >= G is replaced by R1L's Right options).
 * What is left is the canonical form, unique to the value, which is then
 * interned.  When every option is a number and every Left one is below
 * every Right one the simplicity theorem names the value directly.
 *
 * The reversibility tests compare options with G itself, which is not in
 * the store; the comparisons with G (cgt_order.c) are memoised for the
 * whole simplification, which is sound because no step changes G's value.
 */
#include "cgt_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct gr_cgt_list {
    gr_cgt *v;
    size_t n, cap;
} gr_cgt_list;

static int gr_cgt_cmp_handle(const void *a, const void *b)
{
    gr_cgt x = *(const gr_cgt *)a, y = *(const gr_cgt *)b;
    return x < y ? -1 : x > y;
}

#define GR_CGT_INSERTION_SORT 32

static void gr_cgt_list_sort(gr_cgt_list *l)
{
    if (l->n < 2) {
        return;
    }
    if (l->n <= GR_CGT_INSERTION_SORT) {
        /* a region's options are a few dozen: qsort's calls through a
         * pointer cost more than the moves (5 % of a Domineering value) */
        for (size_t i = 1; i < l->n; i++) {
            gr_cgt x = l->v[i];
            size_t j = i;
            for (; j > 0 && l->v[j - 1] > x; j--) {
                l->v[j] = l->v[j - 1];
            }
            l->v[j] = x;
        }
    } else {
        qsort(l->v, l->n, sizeof(gr_cgt), gr_cgt_cmp_handle);
    }
    size_t w = 1;
    for (size_t i = 1; i < l->n; i++) {
        if (l->v[i] != l->v[w - 1]) {
            l->v[w++] = l->v[i];
        }
    }
    l->n = w;
}

static gr_status gr_cgt_list_append(gr_arena *a, gr_cgt_list *l, const gr_cgt *v, size_t n)
{
    if (n == 0) {
        return GR_OK;
    }
    gr_cgt *p = gr_arena_grow(a, l->v, &l->cap, l->n + n, sizeof(gr_cgt), 8);
    if (p == NULL) {
        return GR_ENOMEM;
    }
    l->v = p;
    if (n > 0) {
        memcpy(l->v + l->n, v, n * sizeof(gr_cgt));
    }
    l->n += n;
    return GR_OK;
}

/* An option in the order gr_cgt_drop_dominated visits them: by its stops,
 * best for the owner first (Left: largest (Left stop, Right stop); Right:
 * smallest, kept as the negated stops so one order serves both).  The
 * stops as doubles: rounding is monotone, so the order still puts a
 * dominating option first or at an equal key, and equal keys, which only
 * cost extra comparisons, may be a few more than the exact ones. */
#define GR_CGT_SMALL_LIST 128

typedef struct gr_cgt_ranked {
    double a, b;
    size_t at; /* its index in the list */
} gr_cgt_ranked;

static double gr_dy_double(gr_dyadic d)
{
    /* 2^-exp is exact (exp <= 62) and the product only scales: the same
     * double as ldexp, without libm's call (5 % of a Domineering value) */
    return (double)d.num * (1.0 / (double)(1ULL << d.exp));
}

/* Insertion sort, best first: the lists are short (a region's placements). */
static void gr_cgt_rank_sort(gr_cgt_ranked *r, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        gr_cgt_ranked x = r[i];
        size_t j = i;
        while (j > 0 && (r[j - 1].a < x.a || (r[j - 1].a == x.a && r[j - 1].b < x.b))) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = x;
    }
}

static bool gr_cgt_same_rank(const gr_cgt_ranked *p, const gr_cgt_ranked *q)
{
    return p->a == q->a && p->b == q->b;
}

/* Drops the options dominated for their owner: for Left x with x <= y for
 * another y; for Right x with y <= x.  What stays is the set of maximal
 * (for Right minimal) options, found without comparing every pair: stops
 * are monotone (x <= y gives L(x) <= L(y) and R(x) <= R(y)), so in the
 * order of gr_cgt_rank_cmp whatever dominates x comes before it or has its
 * very stops; x is then compared with the options kept so far only (one
 * dominated by a kept one is dominated by that one's dominator too), and
 * a kept one of x's stops that x dominates is dropped again.  n * kept
 * comparisons instead of n^2: most options of a Domineering region are
 * dominated, and the pairs were most of the value search's time. */
static gr_status gr_cgt_drop_dominated(gr_cgt_store *s, gr_cgt_list *l, bool left)
{
    size_t n = l->n;
    if (n < 2) {
        return GR_OK;
    }
    /* on the stack for the usual lists: the arena only takes back its last
     * allocation, and the comparisons allocate in between */
    gr_cgt_ranked r_small[GR_CGT_SMALL_LIST];
    size_t kept_small[GR_CGT_SMALL_LIST];
    bool keep_small[GR_CGT_SMALL_LIST] = {false};
    bool small = n <= GR_CGT_SMALL_LIST;
    gr_cgt_ranked *r = small ? r_small : GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt_ranked, n);
    size_t *kept = small ? kept_small : GR_ARENA_ARRAY_UNINIT(s->arena, size_t, n);
    bool *keep = small ? keep_small : GR_ARENA_ARRAY(s->arena, bool, n);
    gr_status st = r != NULL && kept != NULL && keep != NULL ? GR_OK : GR_ENOMEM;
    for (size_t i = 0; i < n && st == GR_OK; i++) {
        const gr_cgt_node *x = &s->nodes[l->v[i]];
        double a = gr_dy_double(x->lstop), b = gr_dy_double(x->rstop);
        r[i] = (gr_cgt_ranked){left ? a : -a, left ? b : -b, i};
    }
    if (st == GR_OK) {
        gr_cgt_rank_sort(r, n);
    }
    size_t nk = 0;
    for (size_t i = 0; i < n && st == GR_OK; i++) {
        gr_cgt x = l->v[r[i].at];
        bool dominated = false;
        for (size_t j = 0; j < nk && !dominated && st == GR_OK; j++) {
            gr_cgt y = l->v[r[kept[j]].at];
            st = left ? gr_cgt_leq(s, x, y, &dominated) : gr_cgt_leq(s, y, x, &dominated);
        }
        if (dominated || st != GR_OK) {
            continue;
        }
        /* a kept option with x's stops may be below x: it goes.  Two
         * distinct canonical games are never equal, so x stays. */
        size_t w = 0;
        for (size_t j = 0; j < nk && st == GR_OK; j++) {
            bool below = false;
            if (gr_cgt_same_rank(&r[kept[j]], &r[i])) {
                gr_cgt y = l->v[r[kept[j]].at];
                st = left ? gr_cgt_leq(s, y, x, &below) : gr_cgt_leq(s, x, y, &below);
            }
            if (!below) {
                kept[w++] = kept[j];
            }
        }
        nk = w;
        kept[nk++] = i;
    }
    if (st == GR_OK) {
        for (size_t j = 0; j < nk; j++) {
            keep[r[kept[j]].at] = true;
        }
        size_t w = 0; /* in the list's own order: sorted by handle */
        for (size_t i = 0; i < n; i++) {
            if (keep[i]) {
                l->v[w++] = l->v[i];
            }
        }
        l->n = w;
    }
    if (!small) {
        gr_arena_free(s->arena, r, n * sizeof(*r));
        gr_arena_free(s->arena, kept, n * sizeof(*kept));
        gr_arena_free(s->arena, keep, n * sizeof(*keep));
    }
    return st;
}

/* Bypasses every reversible option of one side (left true: Left's) in one
 * pass; *changed says whether one was.  A bypass keeps G's value, so each
 * option is judged against the G the pass started from (the lists l and r
 * as they were), and the new side is built beside it and swapped in at the
 * end.  One pass for all (not one option per round of domination checks)
 * keeps a game of m reversible options at O(m^2) comparisons, not O(m^3):
 * *n + {0|-1} has n of them. */
static gr_status gr_cgt_bypass_side(gr_cgt_store *s, gr_cgt_list *l, gr_cgt_list *r, bool left,
                                    bool *changed)
{
    gr_cgt_temp g = {l->v, r->v, l->n, r->n};
    gr_cgt_list *own = left ? l : r;
    gr_cgt_list next = {NULL, 0, 0};
    gr_status st = GR_OK;
    bool any = false;
    for (size_t i = 0; i < own->n && st == GR_OK; i++) {
        const gr_cgt_node *n = &s->nodes[own->v[i]];
        /* Left's option reverses through its Right options, and back */
        const gr_cgt *through = left ? n->opts + n->nl : n->opts;
        size_t nt = left ? n->nr : n->nl;
        bool rev = false;
        size_t k = 0;
        for (; k < nt && !rev; k++) {
            st = left ? gr_cgt_leq_temp_x(s, through[k], &g, &rev)
                      : gr_cgt_leq_temp_y(s, &g, through[k], &rev);
            if (st != GR_OK) {
                break;
            }
        }
        if (st != GR_OK) {
            break;
        }
        if (!rev) {
            st = gr_cgt_list_append(s->arena, &next, &own->v[i], 1);
            continue;
        }
        const gr_cgt_node *m = &s->nodes[through[k - 1]];
        const gr_cgt *repl = left ? m->opts : m->opts + m->nl;
        size_t nrepl = left ? m->nl : m->nr;
        st = gr_cgt_list_append(s->arena, &next, repl, nrepl);
        any = true;
    }
    if (st != GR_OK || !any) {
        gr_arena_free(s->arena, next.v, next.cap * sizeof(gr_cgt));
        *changed = false;
        return st;
    }
    gr_cgt_list_sort(&next);
    gr_arena_free(s->arena, own->v, own->cap * sizeof(gr_cgt));
    *own = next;
    *changed = true;
    return GR_OK;
}

/* When every option is a number and Left's are below Right's, the
 * simplest number between them (*is_number false otherwise). */
static gr_status gr_cgt_number_between(gr_cgt_store *s, const gr_cgt_list *l, const gr_cgt_list *r,
                                       bool *is_number, gr_cgt *out)
{
    *is_number = false;
    gr_dyadic lo = {0, 0}, hi = {0, 0};
    for (size_t i = 0; i < l->n; i++) {
        const gr_cgt_node *n = &s->nodes[l->v[i]];
        if ((n->flags & GR_CGT_F_NUMBER) == 0) {
            return GR_OK;
        }
        if (i == 0 || gr_dy_cmp(n->value, lo) > 0) {
            lo = n->value;
        }
    }
    for (size_t i = 0; i < r->n; i++) {
        const gr_cgt_node *n = &s->nodes[r->v[i]];
        if ((n->flags & GR_CGT_F_NUMBER) == 0) {
            return GR_OK;
        }
        if (i == 0 || gr_dy_cmp(n->value, hi) < 0) {
            hi = n->value;
        }
    }
    gr_dyadic x;
    if (l->n > 0 && r->n > 0 && gr_dy_cmp(lo, hi) >= 0) {
        return GR_OK;
    }
    if (!gr_dy_simplest(l->n > 0, lo, r->n > 0, hi, &x)) {
        return GR_ELIMIT;
    }
    *is_number = true;
    return gr_cgt_number(s, x, out);
}

gr_status gr_cgt_make(gr_cgt_store *s, const gr_cgt *left, size_t nl, const gr_cgt *right,
                      size_t nr, gr_cgt *out)
{
    for (size_t i = 0; i < nl + nr; i++) {
        if ((i < nl ? left[i] : right[i - nl]) >= s->count) {
            return GR_EINVAL;
        }
    }
    gr_cgt_list l = {NULL, 0, 0}, r = {NULL, 0, 0};
    gr_status st = gr_cgt_list_append(s->arena, &l, left, nl);
    if (st == GR_OK) {
        st = gr_cgt_list_append(s->arena, &r, right, nr);
    }
    if (st != GR_OK) {
        return st;
    }
    gr_cgt_list_sort(&l);
    gr_cgt_list_sort(&r);
    bool is_number;
    st = gr_cgt_number_between(s, &l, &r, &is_number, out);
    if (st != GR_OK || is_number) {
        goto done;
    }
    gr_cgt_map_clear(&s->temp_memo);
    for (bool changed = true; changed;) {
        if ((st = gr_cgt_drop_dominated(s, &l, true)) != GR_OK ||
            (st = gr_cgt_drop_dominated(s, &r, false)) != GR_OK ||
            (st = gr_cgt_bypass_side(s, &l, &r, true, &changed)) != GR_OK) {
            goto done;
        }
        if (!changed && (st = gr_cgt_bypass_side(s, &l, &r, false, &changed)) != GR_OK) {
            goto done;
        }
        if ((st = gr_cgt_tick(s)) != GR_OK) {
            goto done;
        }
    }
    st = gr_cgt_number_between(s, &l, &r, &is_number, out);
    if (st == GR_OK && !is_number) {
        st = gr_cgt_intern(s, l.v, l.n, r.v, r.n, out);
    }
done:
    gr_arena_free(s->arena, l.v, l.cap * sizeof(gr_cgt));
    gr_arena_free(s->arena, r.v, r.cap * sizeof(gr_cgt));
    return st;
}
