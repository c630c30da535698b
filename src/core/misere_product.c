/*
 * A misère position as a product in its game's quotient (misere.h): the
 * oracle behind the misère answers whenever a quotient covers the heaps.
 *
 * The image of a sum is the product of its heaps' images, and the outcome
 * is membership of that product in the P-portion (Plambeck and Siegel,
 * "Misère quotients for impartial games", JCTA 2008).  A move replaces
 * one heap by its leaves, so the position after it is rest[i] times the
 * leaves' images, where rest[i] -- the product of every heap but heap i --
 * comes from one pass of prefix products and one of suffix products
 * (the monoid is commutative, but the passes keep each product at two
 * multiplications a heap).
 */
#include "grundy/misere.h"

bool gr_mis_product_by_period(const gr_mis_product *x, const gr_mis_game *g, uint64_t h)
{
    const gr_mis_quotient *q = x->q;
    if (q == NULL || !q->complete || h <= q->max_heap || h <= (UINT64_C(1) << 16)) {
        return false;
    }
    return g->kind == GR_MIS_OCTAL;
}

gr_status gr_mis_product_init(gr_arena *arena, const gr_mis_quotient *q, const uint64_t *heaps,
                              size_t n, gr_mis_product *out)
{
    out->q = q;
    out->n = n;
    out->rest = GR_ARENA_ARRAY(arena, uint32_t, n + 1);
    uint32_t *img = GR_ARENA_ARRAY(arena, uint32_t, n + 1);
    if (out->rest == NULL || img == NULL) {
        return GR_ENOMEM;
    }
    uint32_t acc = 0;
    for (size_t i = 0; i < n; i++) {
        gr_status st = gr_mis_quotient_image(q, heaps[i], &img[i]);
        if (st != GR_OK) {
            return st;
        }
        out->rest[i] = acc; /* prefix product */
        acc = gr_mis_mul(q, acc, img[i]);
    }
    out->total = acc;
    acc = 0;
    for (size_t i = n; i-- > 0;) {
        out->rest[i] = gr_mis_mul(q, out->rest[i], acc); /* times the suffix */
        acc = gr_mis_mul(q, acc, img[i]);
    }
    return GR_OK;
}

gr_status gr_mis_product_after_is_p(const gr_mis_product *x, size_t i, const uint64_t *leaves,
                                    uint32_t nleaves, bool *p)
{
    uint32_t e = x->rest[i];
    for (uint32_t k = 0; k < nleaves; k++) {
        uint32_t img;
        gr_status st = gr_mis_quotient_image(x->q, leaves[k], &img);
        if (st != GR_OK) {
            return st;
        }
        e = gr_mis_mul(x->q, e, img);
    }
    *p = x->q->in_p[e] != 0;
    return GR_OK;
}
