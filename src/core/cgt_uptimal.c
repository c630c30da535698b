/*
 * Games x + n.^ + *m built from their known canonical forms, not by
 * simplifying sums (Winning Ways ch. 3; Siegel, Combinatorial Game
 * Theory, II.4):
 *   x + *m       = {x, x*, ..., x*(m-1) | x, x*, ..., x*(m-1)}
 *   x + n.^ + *m = {x | x + (n-1).^ + *(m xor 1)}   for n >= 1, but
 *   x + ^*       = {x, x* | x},
 * and their mirror images for n < 0.  A sum of two such games is the
 * tag sum (x1 + x2, n1 + n2, m1 xor m2), so gr_cgt_add adds them in time
 * linear in n + m where simplifying would take a power of the birthday:
 * *500 + *499 is one nimber, not a quarter million sums.
 */
#include "cgt_internal.h"

#include <stdlib.h>

static int gr_up_cmp(const void *a, const void *b)
{
    gr_cgt x = *(const gr_cgt *)a, y = *(const gr_cgt *)b;
    return x < y ? -1 : x > y;
}

static gr_status gr_up_pair(gr_cgt_store *s, gr_cgt *l, size_t nl, gr_cgt *r, size_t nr,
                            gr_cgt *out)
{
    qsort(l, nl, sizeof(gr_cgt), gr_up_cmp);
    qsort(r, nr, sizeof(gr_cgt), gr_up_cmp);
    return gr_cgt_intern(s, l, nl, r, nr, out);
}

gr_status gr_cgt_uptimal(gr_cgt_store *s, gr_dyadic x, int64_t n, uint64_t m, gr_cgt *out)
{
    uint64_t un = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    if (un > GR_CGT_MAX_DEPTH || m > GR_CGT_MAX_DEPTH) {
        return GR_ELIMIT;
    }
    gr_cgt base;
    gr_status st = gr_cgt_number(s, x, &base);
    if (st != GR_OK) {
        return st;
    }
    /* the nimbers x + *j for j up to the largest the ladder needs */
    uint64_t top = m | 1u;
    gr_cgt *stars = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, top + 1);
    if (stars == NULL) {
        return GR_ENOMEM;
    }
    stars[0] = base;
    for (uint64_t j = 1; j <= top; j++) {
        /* handles of new nimbers grow with j, so the list is sorted */
        if ((st = gr_cgt_intern(s, stars, j, stars, j, &stars[j])) != GR_OK ||
            (st = gr_cgt_tick(s)) != GR_OK) {
            return st;
        }
    }
    uint64_t m0 = m ^ (un & 1u);
    gr_cgt g = stars[m0];
    for (uint64_t k = 1; k <= un && st == GR_OK; k++) {
        uint64_t mk = m ^ ((un - k) & 1u);
        gr_cgt l[2], r[2];
        if (k == 1 && mk == 1) { /* ^* = {0,*|0}, v* = {0|0,*} */
            l[0] = base, l[1] = stars[1], r[0] = base;
            st = n > 0 ? gr_up_pair(s, l, 2, r, 1, &g) : gr_up_pair(s, r, 1, l, 2, &g);
        } else {
            l[0] = base, r[0] = g;
            st = n > 0 ? gr_up_pair(s, l, 1, r, 1, &g) : gr_up_pair(s, r, 1, l, 1, &g);
        }
        if (st == GR_OK) {
            st = gr_cgt_tick(s);
        }
    }
    gr_arena_free(s->arena, stars, (top + 1) * sizeof(gr_cgt));
    if (st == GR_OK) {
        *out = g;
    }
    return st;
}
