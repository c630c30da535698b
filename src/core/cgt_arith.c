/*
 * Sum and negation of canonical games.
 *
 * G + H = {G^L + H, G + H^L | G^R + H, G + H^R}, then simplified.  Numbers
 * add as dyadic rationals, and a number x added to a non-number G is
 * translated through G's options only: G + x = {G^L + x | G^R + x}
 * (number translation, Siegel II.3), so no recursion follows the option
 * chain of a number.  Each call steps down one non-number level of one
 * summand: the recursion is at most depth(G) + depth(H) deep.  Sums are
 * memoised per unordered pair.
 *
 * -G = {-G^R | -G^L} is canonical when G is, so it needs no simplifying;
 * the negative is remembered in both nodes.
 */
#include "cgt_internal.h"

#include <stdlib.h>

static int gr_cgt_cmp_h(const void *a, const void *b)
{
    gr_cgt x = *(const gr_cgt *)a, y = *(const gr_cgt *)b;
    return x < y ? -1 : x > y;
}

static bool gr_cgt_valid(const gr_cgt_store *s, gr_cgt g)
{
    return g < s->count;
}

gr_status gr_cgt_neg(gr_cgt_store *s, gr_cgt a, gr_cgt *out)
{
    if (!gr_cgt_valid(s, a)) {
        return GR_EINVAL;
    }
    const gr_cgt_node *n = &s->nodes[a];
    if (n->neg != GR_CGT_NONE) {
        *out = n->neg;
        return GR_OK;
    }
    gr_status st = gr_cgt_tick(s);
    if (st != GR_OK) {
        return st;
    }
    if (n->flags & GR_CGT_F_NUMBER) {
        st = gr_cgt_number(s, gr_dy_neg(n->value), out);
    } else {
        size_t nl = n->nl, nr = n->nr;
        const gr_cgt *opts = n->opts;
        gr_cgt *neg = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, nl + nr);
        if (neg == NULL) {
            return GR_ENOMEM;
        }
        /* the new Left options are the negated Right ones, and back */
        for (size_t i = 0; i < nr && st == GR_OK; i++) {
            st = gr_cgt_neg(s, opts[nl + i], &neg[i]);
        }
        for (size_t i = 0; i < nl && st == GR_OK; i++) {
            st = gr_cgt_neg(s, opts[i], &neg[nr + i]);
        }
        if (st != GR_OK) {
            return st;
        }
        qsort(neg, nr, sizeof(gr_cgt), gr_cgt_cmp_h);
        qsort(neg + nr, nl, sizeof(gr_cgt), gr_cgt_cmp_h);
        st = gr_cgt_intern(s, neg, nr, neg + nr, nl, out);
        gr_arena_free(s->arena, neg, (nl + nr) * sizeof(gr_cgt));
    }
    if (st == GR_OK) {
        s->nodes[a].neg = *out;
        s->nodes[*out].neg = a;
    }
    return st;
}

/* The options of a + b on one side (left true: Left's) into sums[], which
 * has room for both summands' options on that side. */
static gr_status gr_cgt_add_side(gr_cgt_store *s, gr_cgt a, gr_cgt b, bool left, gr_cgt *sums,
                                 size_t *n)
{
    gr_cgt pair[2] = {a, b};
    *n = 0;
    for (int k = 0; k < 2; k++) {
        gr_cgt move = pair[k], other = pair[1 - k];
        const gr_cgt_node *m = &s->nodes[move];
        if (m->flags & GR_CGT_F_NUMBER) {
            continue; /* number translation: never move in the number */
        }
        const gr_cgt *opts = left ? m->opts : m->opts + m->nl;
        size_t no = left ? m->nl : m->nr;
        for (size_t i = 0; i < no; i++) {
            gr_status st = gr_cgt_add(s, opts[i], other, &sums[(*n)++]);
            if (st != GR_OK) {
                return st;
            }
        }
    }
    return GR_OK;
}

/* The positions a translation's proof may search (it is given up past
 * them, and the sum made the general way): in proportion to what the
 * proof of a true translation visits -- G's options against U's
 * infinitesimal part, 16 (m + 1)(options + 1) positions (*400 + {0|-1}
 * needs under 4,096 of its 19,248) -- and at most 2^18.  A proof that
 * fails costs its whole budget, and a sum of hot games adds *m to every
 * option of every option: with a flat 2^18, the ten components
 * {k|-k} + *k (139 bytes) spent 16 s in failed proofs, 1 s with this. */
#define GR_CGT_TRANSLATE_MAX (1u << 18)
static uint64_t gr_cgt_translate_nodes(const gr_cgt_node *g, const gr_cgt_node *u)
{
    uint64_t m = (uint64_t)(u->ups < 0 ? -(int64_t)u->ups : u->ups) + u->nim;
    uint64_t n = 16 * (m + 1) * ((uint64_t)g->nl + g->nr + 1);
    return n < 1024 ? 1024 : n > GR_CGT_TRANSLATE_MAX ? GR_CGT_TRANSLATE_MAX : n;
}

/* G + U for U = x + n.^ + *m, not a number, and G neither: first the
 * translate {G^L + U | G^R + U} is made, which is G + U for the hot games
 * of long chains (*400 + {0|-1} = {*400 | -1*400}) and costs only G's
 * options; it is kept when a search of translate - G - U (cgt_sum.c) finds
 * a second-player win, i.e. the two are equal.  Otherwise *out is
 * GR_CGT_NONE and the caller simplifies the sum, whose G + *j options for
 * every j < m make a game of m options and O(m^4) comparisons in all. */
static gr_status gr_cgt_add_translate(gr_cgt_store *s, gr_cgt g, gr_cgt u, gr_cgt *out)
{
    *out = GR_CGT_NONE;
    const gr_cgt_node *n = &s->nodes[g]; /* its option array stays put */
    uint64_t budget = gr_cgt_translate_nodes(n, &s->nodes[u]);
    const gr_cgt *gopts = n->opts;
    size_t nl = n->nl, nr = n->nr;
    gr_cgt *opts = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, nl + nr + 3);
    if (opts == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = GR_OK;
    for (size_t i = 0; i < nl + nr && st == GR_OK; i++) {
        st = gr_cgt_add(s, gopts[i], u, &opts[i]);
    }
    gr_cgt c, *proof = opts + nl + nr;
    if (st == GR_OK) {
        st = gr_cgt_make(s, opts, nl, opts + nl, nr, &c);
    }
    if (st == GR_OK) {
        proof[0] = c;
        st = gr_cgt_neg(s, g, &proof[1]);
    }
    if (st == GR_OK) {
        st = gr_cgt_neg(s, u, &proof[2]);
    }
    gr_cgt_outcome o = GR_CGT_N;
    if (st == GR_OK) {
        st = gr_cgt_sum_outcome(s, proof, 3, budget, &o);
        if (st == GR_ELIMIT) {
            st = GR_OK; /* not proved within the bound: the general way */
        }
    }
    if (st == GR_OK && o == GR_CGT_P) {
        *out = c;
    }
    gr_arena_free(s->arena, opts, (nl + nr + 3) * sizeof(gr_cgt));
    return st;
}

/* Whether a is worth translating b by: an infinitesimal part big enough
 * that the general sum would cost more than the proof. */
static bool gr_cgt_translates(const gr_cgt_node *a, const gr_cgt_node *b)
{
    if ((a->flags & GR_CGT_F_UPTIMAL) == 0 || (b->flags & (GR_CGT_F_UPTIMAL | GR_CGT_F_NUMBER))) {
        return false;
    }
    return (uint64_t)(a->ups < 0 ? -(int64_t)a->ups : a->ups) + a->nim >= 4;
}

gr_status gr_cgt_add(gr_cgt_store *s, gr_cgt a, gr_cgt b, gr_cgt *out)
{
    if (!gr_cgt_valid(s, a) || !gr_cgt_valid(s, b)) {
        return GR_EINVAL;
    }
    if (a == 0 || b == 0) {
        *out = a == 0 ? b : a;
        return GR_OK;
    }
    const gr_cgt_node *na = &s->nodes[a], *nb = &s->nodes[b];
    if ((na->flags & nb->flags & GR_CGT_F_NUMBER) != 0) {
        gr_dyadic x;
        if (!gr_dy_add(na->value, nb->value, &x)) {
            return GR_ELIMIT;
        }
        return gr_cgt_number(s, x, out);
    }
    if ((na->flags & nb->flags & GR_CGT_F_UPTIMAL) != 0) {
        /* (x1 + n1.^ + *m1) + (x2 + n2.^ + *m2), in closed form */
        gr_dyadic x;
        if (!gr_dy_add(na->value, nb->value, &x)) {
            return GR_ELIMIT;
        }
        return gr_cgt_uptimal(s, x, (int64_t)na->ups + nb->ups, na->nim ^ nb->nim, out);
    }
    uint64_t key = a < b ? gr_cgt_pair(a, b) : gr_cgt_pair(b, a);
    uint32_t memo;
    if (gr_cgt_map_get(&s->add_memo, key, &memo)) {
        *out = memo;
        return GR_OK;
    }
    gr_status st = gr_cgt_tick(s);
    if (st != GR_OK) {
        return st;
    }
    bool ta = gr_cgt_translates(na, nb), tb = !ta && gr_cgt_translates(nb, na);
    if (ta || tb) {
        if ((st = gr_cgt_add_translate(s, ta ? b : a, ta ? a : b, out)) != GR_OK) {
            return st;
        }
        if (*out != GR_CGT_NONE) {
            return gr_cgt_map_put(s->arena, &s->add_memo, key, *out);
        }
        na = &s->nodes[a], nb = &s->nodes[b]; /* the node array may have moved */
    }
    size_t nl = (size_t)na->nl + nb->nl, nr = (size_t)na->nr + nb->nr, kl, kr;
    gr_cgt *sums = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, nl + nr);
    if (sums == NULL) {
        return GR_ENOMEM;
    }
    st = gr_cgt_add_side(s, a, b, true, sums, &kl);
    if (st == GR_OK) {
        st = gr_cgt_add_side(s, a, b, false, sums + nl, &kr);
    }
    if (st == GR_OK) {
        st = gr_cgt_make(s, sums, kl, sums + nl, kr, out);
    }
    gr_arena_free(s->arena, sums, (nl + nr) * sizeof(gr_cgt));
    if (st == GR_OK) {
        st = gr_cgt_map_put(s->arena, &s->add_memo, key, *out);
    }
    return st;
}

gr_status gr_cgt_sub(gr_cgt_store *s, gr_cgt a, gr_cgt b, gr_cgt *out)
{
    gr_cgt nb;
    gr_status st = gr_cgt_neg(s, b, &nb);
    return st != GR_OK ? st : gr_cgt_add(s, a, nb, out);
}
