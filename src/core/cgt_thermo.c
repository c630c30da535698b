/*
 * Stops and thermographs (Conway, On Numbers and Games, ch. 9; Berlekamp,
 * Conway and Guy, Winning Ways, ch. 6; Siegel, Combinatorial Game Theory,
 * II.5).
 *
 * Stops.  The Left stop of a number is itself, otherwise the greatest
 * Right stop of a Left option; the Right stop symmetrically.
 *
 * Thermographs.  A number x is a mast at x.  For any other game the left
 * scaffold is LS(t) = max over G^L of (RW(G^L)(t) - t) and the right
 * scaffold RS(t) = min over G^R of (LW(G^R)(t) + t), where LW and RW are
 * the options' walls.  LS(0) and RS(0) are G's stops, LS(0) >= RS(0); LS
 * falls and RS rises with t, and the temperature T is the least t >= 0 at
 * which they meet, the mean m their common value there; above T both
 * walls are the mast at m.  Walls are piecewise linear with integer slopes,
 * kept as lists of breakpoints with dyadic coordinates; the breakpoint
 * where two lines of slopes differing by 2 meet is where a halving comes
 * in.  Only t >= 0 is ever needed: a game that is not a number has
 * temperature >= 0, and a number's own mast is vertical from there.
 *
 * As in CGSuite, a number x has mean x and temperature -1 when x is an
 * integer, -1/2^k when x = m/2^k with m odd (where its scaffolds would
 * meet if drawn below 0).
 *
 * Each game's thermograph is computed once and kept in the store; the
 * recursion is at most depth(G) deep.
 */
#include "cgt_internal.h"

#include <string.h>

/* ---- stops ------------------------------------------------------------ */

gr_status gr_cgt_stops(gr_cgt_store *s, gr_cgt g, gr_dyadic *left_stop, gr_dyadic *right_stop)
{
    if (g >= s->count) {
        return GR_EINVAL;
    }
    /* every node has its stops from its interning on (cgt_store.c) */
    *left_stop = s->nodes[g].lstop;
    *right_stop = s->nodes[g].rstop;
    return GR_OK;
}

/* ---- walls ------------------------------------------------------------ */

/* Dyadic arithmetic that fails with GR_ELIMIT: each helper returns false
 * (and sets *st) when a value outgrows gr_dyadic. */
typedef struct gr_cgt_calc {
    gr_status st;
} gr_cgt_calc;

static gr_dyadic gr_cgt_calc_add(gr_cgt_calc *c, gr_dyadic a, gr_dyadic b)
{
    gr_dyadic r = {0, 0};
    if (!gr_dy_add(a, b, &r)) {
        c->st = GR_ELIMIT;
    }
    return r;
}

static gr_dyadic gr_cgt_calc_sub(gr_cgt_calc *c, gr_dyadic a, gr_dyadic b)
{
    return gr_cgt_calc_add(c, a, gr_dy_neg(b));
}

/* a * k for a small integer k. */
static gr_dyadic gr_cgt_calc_mul(gr_cgt_calc *c, gr_dyadic a, int k)
{
    gr_dyadic r = {0, 0};
    for (int i = 0; i < (k < 0 ? -k : k); i++) {
        r = gr_cgt_calc_add(c, r, a);
    }
    return k < 0 ? gr_dy_neg(r) : r;
}

/* a / k for k in {1, 2, 4} up to sign (the slopes' differences). */
static gr_dyadic gr_cgt_calc_div(gr_cgt_calc *c, gr_dyadic a, int k)
{
    if (k < 0) {
        a = gr_dy_neg(a);
        k = -k;
    }
    for (; k > 1; k /= 2) {
        if (k % 2 != 0 || !gr_dy_half(a, &a)) {
            c->st = k % 2 != 0 ? GR_EINTERNAL : GR_ELIMIT;
            return a;
        }
    }
    return a;
}

/* The index of the segment that holds t (the last point at or before t). */
static uint32_t gr_wall_seg(const gr_cgt_wall *w, gr_dyadic t)
{
    uint32_t i = 0;
    while (i + 1 < w->n && gr_dy_cmp(w->t[i + 1], t) <= 0) {
        i++;
    }
    return i;
}

static gr_dyadic gr_wall_eval(gr_cgt_calc *c, const gr_cgt_wall *w, gr_dyadic t)
{
    uint32_t i = gr_wall_seg(w, t);
    return gr_cgt_calc_add(c, w->v[i], gr_cgt_calc_mul(c, gr_cgt_calc_sub(c, t, w->t[i]), w->s[i]));
}

/* A wall under construction (arrays grown in the arena). */
typedef struct gr_wall_build {
    gr_cgt_wall w;
    size_t cap;
} gr_wall_build;

static gr_status gr_wall_push(gr_arena *a, gr_wall_build *b, gr_dyadic t, gr_dyadic v, int s)
{
    gr_cgt_wall *w = &b->w;
    if (w->n > 0 && w->s[w->n - 1] == s) {
        return GR_OK; /* on the line of the previous point: no breakpoint */
    }
    if (w->n > 0 && gr_dy_eq(w->t[w->n - 1], t)) {
        w->v[w->n - 1] = v; /* a point replaced at the same temperature */
        w->s[w->n - 1] = (int8_t)s;
        return GR_OK;
    }
    if (w->n == b->cap) {
        void *const cols[] = {&w->t, &w->v, &w->s};
        const size_t sizes[] = {sizeof(gr_dyadic), sizeof(gr_dyadic), sizeof(int8_t)};
        gr_status st = gr_arena_grow_columns(a, cols, sizes, 3, w->n, &b->cap, 8);
        if (st != GR_OK) {
            return st;
        }
    }
    w->t[w->n] = t;
    w->v[w->n] = v;
    w->s[w->n] = (int8_t)s;
    w->n++;
    return GR_OK;
}

/* w(t) + k*t. */
static gr_status gr_wall_shear(gr_cgt_store *s, const gr_cgt_wall *w, int k, gr_cgt_wall *out)
{
    gr_cgt_calc c = {GR_OK};
    gr_wall_build b = {{NULL, NULL, NULL, 0}, 0};
    for (uint32_t i = 0; i < w->n; i++) {
        gr_dyadic v = gr_cgt_calc_add(&c, w->v[i], gr_cgt_calc_mul(&c, w->t[i], k));
        gr_status st = gr_wall_push(s->arena, &b, w->t[i], v, w->s[i] + k);
        if (st != GR_OK) {
            return st;
        }
    }
    *out = b.w;
    return c.st;
}

/* Moves the breakpoint cursors i, j of walls a and b past t and writes
 * the next breakpoint of either into *next; false when neither has one. */
static bool gr_walls_next(const gr_cgt_wall *a, const gr_cgt_wall *b, gr_dyadic t, uint32_t *i,
                          uint32_t *j, gr_dyadic *next)
{
    while (*i < a->n && gr_dy_cmp(a->t[*i], t) <= 0) {
        (*i)++;
    }
    while (*j < b->n && gr_dy_cmp(b->t[*j], t) <= 0) {
        (*j)++;
    }
    *next = (gr_dyadic){0, 0};
    if (*i < a->n && (*j >= b->n || gr_dy_cmp(a->t[*i], b->t[*j]) <= 0)) {
        *next = a->t[*i];
    } else if (*j < b->n) {
        *next = b->t[*j];
    }
    return *i < a->n || *j < b->n;
}

/* The upper (upper true) or lower envelope of walls a and b. */
static gr_status gr_wall_envelope(gr_cgt_store *s, const gr_cgt_wall *a, const gr_cgt_wall *b,
                                  bool upper, gr_cgt_wall *out)
{
    gr_cgt_calc c = {GR_OK};
    gr_wall_build r = {{NULL, NULL, NULL, 0}, 0};
    uint32_t i = 0, j = 0;
    gr_dyadic t = {0, 0};
    for (;;) {
        uint32_t ia = gr_wall_seg(a, t), ib = gr_wall_seg(b, t);
        gr_dyadic fa = gr_wall_eval(&c, a, t), fb = gr_wall_eval(&c, b, t);
        int sa = a->s[ia], sb = b->s[ib];
        int cmp = gr_dy_cmp(fa, fb);
        int sign = upper ? 1 : -1;
        /* who is the envelope just after t: the better value, or on a tie
         * the better slope */
        bool take_a = cmp * sign > 0 || (cmp == 0 && (sa - sb) * sign >= 0);
        gr_status st = gr_wall_push(s->arena, &r, t, take_a ? fa : fb, take_a ? sa : sb);
        if (st != GR_OK) {
            return st;
        }
        /* the next breakpoint of either wall */
        gr_dyadic next;
        bool has_next = gr_walls_next(a, b, t, &i, &j, &next);
        /* do they cross before it?  d(t') = (fa - fb) + (sa - sb)(t' - t) */
        gr_dyadic d = gr_cgt_calc_sub(&c, fa, fb);
        if (cmp != 0 && sa != sb && (cmp > 0) != (sa - sb > 0)) {
            gr_dyadic x = gr_cgt_calc_add(&c, t, gr_cgt_calc_div(&c, gr_dy_neg(d), sa - sb));
            if (c.st != GR_OK) {
                return c.st;
            }
            if (!has_next || gr_dy_cmp(x, next) < 0) {
                gr_dyadic fx = gr_wall_eval(&c, a, x);
                /* past the crossing the other one leads */
                st = gr_wall_push(s->arena, &r, x, fx, take_a ? sb : sa);
                if (st != GR_OK) {
                    return st;
                }
            }
        }
        if (c.st != GR_OK || !has_next) {
            break;
        }
        t = next;
    }
    *out = r.w;
    return c.st;
}

/* w up to temperature T, then the mast at m. */
static gr_status gr_wall_cut(gr_cgt_store *s, const gr_cgt_wall *w, gr_dyadic T, gr_dyadic m,
                             gr_cgt_wall *out)
{
    gr_wall_build b = {{NULL, NULL, NULL, 0}, 0};
    for (uint32_t i = 0; i < w->n && gr_dy_cmp(w->t[i], T) < 0; i++) {
        gr_status st = gr_wall_push(s->arena, &b, w->t[i], w->v[i], w->s[i]);
        if (st != GR_OK) {
            return st;
        }
    }
    gr_status st = gr_wall_push(s->arena, &b, T, m, 0);
    *out = b.w;
    return st;
}

static gr_status gr_wall_mast(gr_cgt_store *s, gr_dyadic x, gr_cgt_wall *out)
{
    gr_wall_build b = {{NULL, NULL, NULL, 0}, 0};
    gr_dyadic zero = {0, 0};
    gr_status st = gr_wall_push(s->arena, &b, zero, x, 0);
    *out = b.w;
    return st;
}

/* ---- thermographs -------------------------------------------------------- */

static gr_status gr_cgt_thermo_of(gr_cgt_store *s, gr_cgt g, const gr_cgt_thermo **out);

/* The wall of option o that the scaffold uses (its right wall for a Left
 * option, its left wall for a Right one), sheared by k. */
static gr_status gr_cgt_option_wall(gr_cgt_store *s, gr_cgt o, bool right_wall, int k,
                                    gr_cgt_wall *out)
{
    gr_cgt_wall w;
    if (s->nodes[o].flags & GR_CGT_F_UPTIMAL) {
        /* a number, or one infinitesimally close: the mast at x from 0 */
        gr_status st = gr_wall_mast(s, s->nodes[o].value, &w);
        if (st != GR_OK) {
            return st;
        }
    } else {
        const gr_cgt_thermo *th;
        gr_status st = gr_cgt_thermo_of(s, o, &th);
        if (st != GR_OK) {
            return st;
        }
        w = right_wall ? th->right : th->left;
    }
    return gr_wall_shear(s, &w, k, out);
}

static gr_status gr_cgt_scaffold(gr_cgt_store *s, const gr_cgt *opts, size_t n, bool left,
                                 gr_cgt_wall *out)
{
    for (size_t i = 0; i < n; i++) {
        gr_cgt_wall w;
        gr_status st = gr_cgt_option_wall(s, opts[i], left, left ? -1 : 1, &w);
        if (st == GR_OK && i > 0) {
            st = gr_wall_envelope(s, out, &w, left, &w);
        }
        if (st != GR_OK) {
            return st;
        }
        *out = w;
    }
    return GR_OK;
}

/* The least t >= 0 with ls(t) <= rs(t). */
static gr_status gr_cgt_meet(const gr_cgt_wall *ls, const gr_cgt_wall *rs, gr_dyadic *T)
{
    gr_cgt_calc c = {GR_OK};
    gr_dyadic t = {0, 0};
    uint32_t i = 0, j = 0;
    for (;;) {
        gr_dyadic h = gr_cgt_calc_sub(&c, gr_wall_eval(&c, ls, t), gr_wall_eval(&c, rs, t));
        if (c.st != GR_OK) {
            return c.st;
        }
        if (h.num <= 0) {
            *T = t;
            return GR_OK;
        }
        int hs = ls->s[gr_wall_seg(ls, t)] - rs->s[gr_wall_seg(rs, t)];
        gr_dyadic next;
        bool has_next = gr_walls_next(ls, rs, t, &i, &j, &next);
        if (hs < 0) {
            gr_dyadic x = gr_cgt_calc_add(&c, t, gr_cgt_calc_div(&c, h, -hs));
            if (c.st != GR_OK) {
                return c.st;
            }
            if (!has_next || gr_dy_cmp(x, next) <= 0) {
                *T = x;
                return GR_OK;
            }
        }
        if (!has_next) {
            return GR_EINTERNAL; /* the scaffolds of a short game always meet */
        }
        t = next;
    }
}

static gr_status gr_cgt_thermo_of(gr_cgt_store *s, gr_cgt g, const gr_cgt_thermo **out)
{
    if (s->nodes[g].thermo != GR_CGT_NONE) {
        *out = &s->thermos[s->nodes[g].thermo];
        return GR_OK;
    }
    gr_cgt_opts x;
    gr_status st = gr_cgt_visit(s, g, &x);
    if (st != GR_OK) {
        return st;
    }
    if (x.nl == 0 || x.nr == 0) {
        return GR_EINTERNAL; /* {|R} and {L|} are integers, so numbers */
    }
    gr_cgt_wall ls, rs;
    if ((st = gr_cgt_scaffold(s, x.opts, x.nl, true, &ls)) != GR_OK ||
        (st = gr_cgt_scaffold(s, x.opts + x.nl, x.nr, false, &rs)) != GR_OK) {
        return st;
    }
    gr_cgt_thermo th;
    gr_cgt_calc c = {GR_OK};
    if ((st = gr_cgt_meet(&ls, &rs, &th.temp)) != GR_OK) {
        return st;
    }
    th.mean = gr_wall_eval(&c, &ls, th.temp);
    if (c.st != GR_OK) {
        return c.st;
    }
    if ((st = gr_wall_cut(s, &ls, th.temp, th.mean, &th.left)) != GR_OK ||
        (st = gr_wall_cut(s, &rs, th.temp, th.mean, &th.right)) != GR_OK) {
        return st;
    }
    gr_cgt_thermo *p = gr_arena_grow(s->arena, s->thermos, &s->thermo_cap, s->thermo_count + 1,
                                     sizeof(gr_cgt_thermo), 64);
    if (p == NULL) {
        return GR_ENOMEM;
    }
    s->thermos = p;
    p[s->thermo_count] = th;
    s->nodes[g].thermo = (uint32_t)s->thermo_count++;
    *out = &p[s->nodes[g].thermo];
    return GR_OK;
}

gr_status gr_cgt_mean_temp(gr_cgt_store *s, gr_cgt g, gr_dyadic *mean, gr_dyadic *temperature)
{
    if (g >= s->count) {
        return GR_EINVAL;
    }
    const gr_cgt_node *n = &s->nodes[g];
    if (n->flags & GR_CGT_F_NUMBER) {
        gr_dyadic t = {-1, n->value.exp};
        *mean = n->value;
        *temperature = t;
        return GR_OK;
    }
    if (n->flags & GR_CGT_F_UPTIMAL) { /* x + an infinitesimal */
        gr_dyadic zero = {0, 0};
        *mean = n->value;
        *temperature = zero;
        return GR_OK;
    }
    const gr_cgt_thermo *th;
    gr_status st = gr_cgt_thermo_of(s, g, &th);
    if (st == GR_OK) {
        *mean = th->mean;
        *temperature = th->temp;
    }
    return st;
}
