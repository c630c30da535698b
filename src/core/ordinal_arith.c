/*
 * The arithmetic of interned ordinals (include/grundy/ordinal.h): the
 * nim-sum, term by term on the Cantor normal forms, its test for a move
 * that lowers a value, and the import of a label from another context.
 * The storage and the order are src/core/ordinal.c's.
 */
#include "grundy/ordinal.h"

#include "core/ordinal_internal.h"

#include <string.h>

/* ---- arithmetic --------------------------------------------------------- */

gr_status gr_ord_xor(gr_ord_ctx *x, gr_ord a, gr_ord b, gr_ord *out)
{
    const gr_ord_label la = x->labels[a], lb = x->labels[b];
    gr_status st = gr_ord_scratch_reserve(x, (size_t)la.nterms + lb.nterms);
    if (st != GR_OK) {
        return st;
    }
    /* Merge by decreasing exponent, XOR equal powers, drop zeros. */
    size_t i = 0, j = 0, k = 0;
    while (i < la.nterms || j < lb.nterms) {
        gr_ord ea = i < la.nterms ? x->term_exp[la.term_off + i] : 0;
        gr_ord eb = j < lb.nterms ? x->term_exp[lb.term_off + j] : 0;
        int c = i == la.nterms ? -1 : j == lb.nterms ? 1 : gr_ord_cmp(x, ea, eb);
        if (c > 0) {
            x->s_exp[k] = ea;
            x->s_coef[k++] = x->term_coef[la.term_off + i++];
        } else if (c < 0) {
            x->s_exp[k] = eb;
            x->s_coef[k++] = x->term_coef[lb.term_off + j++];
        } else {
            uint64_t v = x->term_coef[la.term_off + i++] ^ x->term_coef[lb.term_off + j++];
            if (v != 0) {
                x->s_exp[k] = ea;
                x->s_coef[k++] = v;
            }
        }
    }
    return gr_ord_intern(x, x->s_exp, x->s_coef, k, out);
}

gr_status gr_ord_nim_sum(gr_ord_ctx *x, const gr_ord *v, size_t n, gr_ord *out)
{
    if (n == 0) {
        *out = GR_ORD_ZERO;
        return GR_OK;
    }
    if (n == 1) {
        *out = v[0];
        return GR_OK;
    }
    if (n == 2) {
        return gr_ord_xor(x, v[0], v[1], out);
    }
    /* Accumulate coefficients per exponent label, then sort the distinct
     * exponents once. */
    size_t L = x->nlabels;
    uint64_t *acc = GR_ARENA_ARRAY(x->arena, uint64_t, L);
    unsigned char *seen = GR_ARENA_ARRAY(x->arena, unsigned char, L);
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        total += x->labels[v[i]].nterms;
    }
    /* The distinct exponents as sort keys with no cached leading term
     * (rank0 = coef0 = 0): sort_keys then orders them by gr_ord_cmp alone. */
    rank_key *dist = GR_ARENA_ARRAY(x->arena, rank_key, 2 * total + 2);
    if (acc == NULL || seen == NULL || dist == NULL) {
        return GR_ENOMEM;
    }
    size_t d = 0;
    for (size_t i = 0; i < n; i++) {
        const gr_ord_label *l = &x->labels[v[i]];
        for (size_t t = 0; t < l->nterms; t++) {
            gr_ord e = x->term_exp[l->term_off + t];
            acc[e] ^= x->term_coef[l->term_off + t];
            if (!seen[e]) {
                seen[e] = 1;
                dist[d++].label = e;
            }
        }
    }
    gr_ord_sort_keys(x, dist, dist + total + 1, d);
    gr_status st = gr_ord_scratch_reserve(x, d);
    if (st != GR_OK) {
        return st;
    }
    size_t k = 0;
    for (size_t i = d; i-- > 0;) {
        gr_ord e = dist[i].label;
        if (acc[e] != 0) {
            x->s_exp[k] = e;
            x->s_coef[k++] = acc[e];
        }
    }
    gr_arena_free(x->arena, dist, (2 * total + 2) * sizeof(*dist));
    gr_arena_free(x->arena, seen, L);
    gr_arena_free(x->arena, acc, L * sizeof(*acc));
    return gr_ord_intern(x, x->s_exp, x->s_coef, k, out);
}

bool gr_ord_xor_decreases(const gr_ord_ctx *x, gr_ord a, gr_ord d)
{
    const gr_ord_label *ld = &x->labels[d];
    if (ld->nterms == 0) {
        return false;
    }
    gr_ord e = x->term_exp[ld->term_off];
    uint64_t c = x->term_coef[ld->term_off];
    int top = 63 - __builtin_clzll(c);
    /* Binary search for w^e among a's decreasing exponents. */
    const gr_ord_label *la = &x->labels[a];
    size_t lo = 0, hi = la->nterms;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int r = gr_ord_cmp(x, x->term_exp[la->term_off + mid], e);
        if (r == 0) {
            return (x->term_coef[la->term_off + mid] >> top) & 1u;
        }
        if (r > 0) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return false;
}

/* ---- import ------------------------------------------------------------- */

gr_status gr_ord_import(gr_ord_ctx *dst, const gr_ord_ctx *src, gr_ord a, gr_ord *out)
{
    if (dst == src || a == GR_ORD_ZERO) {
        *out = a;
        return GR_OK;
    }
    /* Post-order over the exponent DAG below a with an explicit stack
     * (depth <= height(a) + 1); map[] remembers labels already copied. */
    size_t L = src->nlabels;
    gr_ord *map = GR_ARENA_ARRAY_UNINIT(dst->arena, gr_ord, L);
    size_t depth = (size_t)src->labels[a].height + 1;
    gr_ord *stk = GR_ARENA_ARRAY_UNINIT(dst->arena, gr_ord, depth);
    uint32_t *pos = GR_ARENA_ARRAY_UNINIT(dst->arena, uint32_t, depth);
    if (map == NULL || stk == NULL || pos == NULL) {
        return GR_ENOMEM;
    }
    memset(map, 0xff, L * sizeof(*map));
    map[0] = GR_ORD_ZERO;
    size_t sp = 0;
    stk[sp] = a;
    pos[sp++] = 0;
    gr_status st = GR_OK;
    while (sp > 0 && st == GR_OK) {
        gr_ord t = stk[sp - 1];
        const gr_ord_label *l = &src->labels[t];
        while (pos[sp - 1] < l->nterms &&
               map[src->term_exp[l->term_off + pos[sp - 1]]] != GR_ORD_UNMAPPED) {
            pos[sp - 1]++;
        }
        if (pos[sp - 1] < l->nterms) {
            stk[sp] = src->term_exp[l->term_off + pos[sp - 1]];
            pos[sp++] = 0;
            continue;
        }
        st = gr_ord_scratch_reserve(dst, l->nterms);
        if (st != GR_OK) {
            break;
        }
        for (size_t i = 0; i < l->nterms; i++) {
            dst->s_exp[i] = map[src->term_exp[l->term_off + i]];
            dst->s_coef[i] = src->term_coef[l->term_off + i];
        }
        st = gr_ord_intern(dst, dst->s_exp, dst->s_coef, l->nterms, &map[t]);
        sp--;
    }
    if (st == GR_OK) {
        *out = map[a];
    }
    gr_arena_free(dst->arena, pos, depth * sizeof(*pos));
    gr_arena_free(dst->arena, stk, depth * sizeof(*stk));
    gr_arena_free(dst->arena, map, L * sizeof(*map));
    return st;
}
