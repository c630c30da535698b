/*
 * Sparse space for octal values (octal_values.c describes the method): the
 * choice of the mask by a Walsh-Hadamard transform of the extended
 * values' histogram, and the list of rare heaps it implies.
 */
#include <string.h>

#include "octal_internal.h"

gr_status gr_octal_rare_push(gr_octal_engine *E, uint64_t h)
{
    if (E->nrare == E->rcap) {
        uint32_t *r =
            gr_arena_grow(E->arena, E->rare, &E->rcap, E->nrare + 1, sizeof(uint32_t), 256);
        if (r == NULL) {
            return GR_ENOMEM;
        }
        E->rare = r;
    }
    E->rare[E->nrare++] = (uint32_t)h;
    return GR_OK;
}

/* (Re)chooses the mask from e(h) over the whole table by a
 * Walsh-Hadamard transform, rebuilds the rare list and decides whether the
 * method pays: a value costs about #remainders x #rare pairs on top of
 * the lazy scans, against about #remainders x n/2 for full scans. */
gr_status gr_octal_sparse_choose(gr_octal_engine *E)
{
    uint64_t n = E->n;
    if (E->on) {
        /* the full scans of the last half would have cost about
         * #remainders x (3/16) n^2 pairs; give up if this cost more */
        uint64_t whole = (uint64_t)E->nrem * (3 * n / 16) * n;
        if (E->sparse_work > whole) {
            E->given_up = true;
        }
    }
    E->on = false;
    E->nrare = 0;
    E->sparse_work = 0;
    if (E->given_up) {
        return GR_OK;
    }
    size_t vals = 2 * 64 * E->words; /* extended values */
    if (vals > (1u << 17)) {
        return GR_OK;
    }
    int64_t *w = GR_ARENA_ARRAY(E->arena, int64_t, vals);
    if (w == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t h = 1; h < n; h++) {
        w[((size_t)E->g[h] << 1) | (h & 1)]++;
    }
    for (size_t len = 1; len < vals; len <<= 1) { /* in-place WHT */
        for (size_t i = 0; i < vals; i += 2 * len) {
            for (size_t k = i; k < i + len; k++) {
                int64_t a = w[k], b = w[k + len];
                w[k] = a + b;
                w[k + len] = a - b;
            }
        }
    }
    /* Which class may be the rare one.  A common heap's value is the mex
     * of its options, and it is cheap only when it is of class 1 for the
     * remainders (then no scan has to prove it absent).  For remainder
     * c = n - j its class is the heap's class of n flipped by the parity
     * bit of M when j is odd; so without that bit the rare class is 0,
     * and with it the split takes must all have one parity: all odd (the
     * rare class is 1, as in 0.127, "1+pos" in Flammenkamp's tables) or
     * all even (Grundy's game and d0 take 0: class 0). */
    int parity_class = -1; /* the rare class for masks with bit 0, -1: none */
    {
        unsigned odd = 0, even = 0;
        if (E->code->kind == GR_OCTAL_GRUNDY) {
            even++;
        }
        for (unsigned j = 0; j <= E->code->len; j++) { /* j = 0: d0 */
            if (E->code->digit[j] & 4) {
                odd += j & 1;
                even += !(j & 1);
            }
        }
        parity_class = odd && even ? -1 : odd ? 1 : 0;
    }
    int64_t total = w[0], best = INT64_MAX;
    uint32_t old = E->mask, pick = 0;
    unsigned old_class = E->rare_class, pick_class = 0;
    for (size_t m = 2; m < vals; m++) { /* m = 1 is heap parity alone */
        if ((m & 1) && parity_class < 0) {
            continue;
        }
        unsigned cls = (m & 1) ? (unsigned)parity_class : 0;
        int64_t c0 = (total + w[m]) / 2, rare = cls == 0 ? c0 : total - c0;
        if (rare < best) {
            best = rare;
            pick = (uint32_t)m;
            pick_class = cls;
        }
    }
    /* keep the mask in use unless another is clearly better: the rare
     * heaps of the whole table are what the walks cost */
    if (old >= 2 && old < vals) {
        int64_t c0 = (total + w[old]) / 2, cur = old_class == 0 ? c0 : total - c0;
        if (cur <= best + best / 4 + 16) {
            best = cur;
            pick = old;
            pick_class = old_class;
        }
    }
    E->mask = pick;
    E->rare_class = pick_class;
    gr_arena_free(E->arena, w, vals * sizeof(int64_t));
    if (best == INT64_MAX || (uint64_t)best * 8 > n) {
        return GR_OK; /* no mask leaves few rare heaps */
    }
    for (uint64_t h = 1; h < n; h++) {
        if (gr_octal_is_rare(E, h, E->g[h])) {
            gr_status st = gr_octal_rare_push(E, h);
            if (st != GR_OK) {
                return st;
            }
        }
    }
    E->on = E->nrare * 8 <= n;
    return GR_OK;
}
