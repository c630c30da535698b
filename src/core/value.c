/*
 * The value algebra (see include/grundy/value.h and docs/values.md): the
 * nim-sum of finite, ordinal and loopy values and the outcome of a sum.
 */
#include "grundy/value.h"

#include <stdlib.h>
#include <string.h>

/* The nim-sum of every finite or ordinal component: the XOR, or with an
 * ordinal component the ordinal nim-sum in one common context. */
static gr_status gr_value_combine(gr_arena *arena, gr_value_sum *s)
{
    if (!s->ordinal) {
        for (size_t i = 0; i < s->n; i++) {
            if (s->part[i].kind == GR_VALUE_FINITE) {
                s->total ^= s->part[i].n;
            }
        }
        return GR_OK;
    }
    gr_status st = gr_ord_ctx_create(arena, &s->ctx);
    if (st != GR_OK) {
        return st;
    }
    s->label = GR_ARENA_ARRAY(arena, gr_ord, s->n);
    gr_ord *labels = GR_ARENA_ARRAY(arena, gr_ord, s->n);
    if (s->label == NULL || labels == NULL) {
        return GR_ENOMEM;
    }
    size_t nl = 0;
    for (size_t i = 0; i < s->n && st == GR_OK; i++) {
        const gr_value *v = &s->part[i];
        if (v->kind == GR_VALUE_ORDINAL) {
            st = gr_ord_import(s->ctx, v->ordinal->ctx, v->ordinal->ord, &s->label[i]);
        } else if (v->kind == GR_VALUE_FINITE) {
            st = gr_ord_from_u64(s->ctx, v->n, &s->label[i]);
        } else {
            continue;
        }
        labels[nl++] = s->label[i];
    }
    return st == GR_OK ? gr_ord_nim_sum(s->ctx, labels, nl, &s->total_ord) : st;
}

static int gr_value_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* One infinite component infinity(K), the others summing to a: the sum is
 * infinity(K XOR a) (Smith).  With ordinals a = A + a0 (A transfinite, a0
 * finite), and k XOR a = A + (k XOR a0) since k is finite: the elements
 * sort like k XOR a0.  The first player wins iff a is in K, i.e. A = 0 and
 * some k XOR a0 = 0. */
static gr_status gr_value_one_loopy(gr_arena *arena, gr_value_sum *s)
{
    const gr_value *v = &s->part[s->first_loopy];
    s->a0 = s->total;
    s->high = GR_ORD_ZERO;
    gr_status st;
    if (s->ordinal) {
        const gr_ord *exps;
        const uint64_t *coefs;
        size_t nt =
            s->total_ord == GR_ORD_ZERO ? 0 : gr_ord_terms(s->ctx, s->total_ord, &exps, &coefs);
        s->a0 = nt > 0 && exps[nt - 1] == GR_ORD_ZERO ? coefs[nt - 1] : 0;
        gr_ord fin;
        if ((st = gr_ord_from_u64(s->ctx, s->a0, &fin)) != GR_OK ||
            (st = gr_ord_xor(s->ctx, s->total_ord, fin, &s->high)) != GR_OK) {
            return st;
        }
    }
    s->k = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, v->nk + 1);
    if (s->k == NULL) {
        return GR_ENOMEM;
    }
    bool first = false;
    for (size_t i = 0; i < v->nk; i++) {
        s->k[i] = v->k[i] ^ s->a0;
        first |= s->k[i] == 0;
    }
    s->nk = v->nk;
    qsort(s->k, s->nk, sizeof(*s->k), gr_value_cmp_u64);
    /* labels are canonical, so a transfinite part is exactly non-zero */
    first &= s->high == GR_ORD_ZERO;
    s->outcome = first ? GR_OUTCOME_FIRST : GR_OUTCOME_DRAW;
    return GR_OK;
}

gr_status gr_value_sum_of(gr_arena *arena, const gr_value *parts, size_t n, gr_value_sum *out)
{
    memset(out, 0, sizeof(*out));
    out->part = parts;
    out->n = n;
    for (size_t i = 0; i < n; i++) {
        if (parts[i].kind == GR_VALUE_LOOPY) {
            if (out->loopy == 0) {
                out->first_loopy = i;
            } else if (out->loopy == 1) {
                out->next_loopy = i;
            }
            out->loopy++;
        }
        out->ordinal |= parts[i].kind == GR_VALUE_ORDINAL;
    }
    gr_status st = gr_value_combine(arena, out);
    if (st != GR_OK) {
        return st;
    }
    if (out->loopy >= 2) {
        out->kind = GR_VALUE_LOOPY;
        out->outcome = GR_OUTCOME_DRAW;
        return GR_OK;
    }
    if (out->loopy == 1) {
        out->kind = GR_VALUE_LOOPY;
        return gr_value_one_loopy(arena, out);
    }
    out->kind = out->ordinal ? GR_VALUE_ORDINAL : GR_VALUE_FINITE;
    bool first = out->ordinal ? out->total_ord != GR_ORD_ZERO : out->total != 0;
    out->outcome = first ? GR_OUTCOME_FIRST : GR_OUTCOME_SECOND;
    return GR_OK;
}

gr_status gr_value_sum_target(gr_value_sum *s, size_t i, gr_ord_ref *ref, gr_value *target,
                              bool *any)
{
    const gr_value *p = &s->part[i];
    memset(target, 0, sizeof(*target));
    target->kind = GR_VALUE_FINITE;
    *any = true;
    if (s->loopy > 0) {
        /* only the one loopy component can move to a zero sum, to a0 */
        *any = s->loopy == 1 && i == s->first_loopy;
        target->n = s->a0;
        return GR_OK;
    }
    if (!s->ordinal) {
        target->n = p->n ^ s->total;
        return GR_OK;
    }
    gr_ord t;
    gr_status st = gr_ord_xor(s->ctx, s->label[i], s->total_ord, &t);
    if (st != GR_OK) {
        return st;
    }
    if (p->kind == GR_VALUE_ORDINAL) {
        *ref = (gr_ord_ref){.ctx = s->ctx, .ord = t};
        target->kind = GR_VALUE_ORDINAL;
        target->ordinal = ref;
        (void)gr_ord_is_finite(s->ctx, t, &target->n);
        return GR_OK;
    }
    /* a finite family never reaches a transfinite value */
    *any = gr_ord_is_finite(s->ctx, t, &target->n);
    return GR_OK;
}

gr_status gr_value_sum_loopy_ord(gr_value_sum *s, size_t i, gr_ord *out)
{
    gr_ord fin;
    gr_status st = gr_ord_from_u64(s->ctx, s->k[i], &fin);
    return st == GR_OK ? gr_ord_xor(s->ctx, s->high, fin, out) : st;
}

gr_status gr_value_sum_after(gr_arena *arena, const gr_value_sum *s, size_t i,
                             const gr_value *after, gr_value *out)
{
    const gr_value *was = &s->part[i];
    memset(out, 0, sizeof(*out));
    if (s->ordinal || after->kind == GR_VALUE_ORDINAL) {
        return GR_EINVAL;
    }
    /* without ordinals s->total is the XOR of every finite part */
    uint64_t fin = s->total;
    fin ^= was->kind == GR_VALUE_FINITE ? was->n : 0;
    fin ^= after->kind == GR_VALUE_FINITE ? after->n : 0;
    bool was_loopy = was->kind == GR_VALUE_LOOPY, now_loopy = after->kind == GR_VALUE_LOOPY;
    size_t loopy = s->loopy - was_loopy + now_loopy;
    if (loopy == 0) {
        out->kind = GR_VALUE_FINITE;
        out->n = fin;
        return GR_OK;
    }
    out->kind = GR_VALUE_LOOPY;
    if (loopy >= 2) {
        return GR_OK; /* infinity(empty) */
    }
    /* the one loopy part: the moved component's new value, or the other
     * loopy component when component i left its own loopy value */
    const gr_value *v = after;
    if (!now_loopy) {
        v = &s->part[s->first_loopy != i ? s->first_loopy : s->next_loopy];
    }
    uint64_t *k = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, v->nk + 1);
    if (k == NULL) {
        return GR_ENOMEM;
    }
    for (size_t j = 0; j < v->nk; j++) {
        k[j] = v->k[j] ^ fin;
    }
    qsort(k, v->nk, sizeof(*k), gr_value_cmp_u64);
    out->k = k;
    out->nk = v->nk;
    return GR_OK;
}

gr_outcome gr_value_outcome(const gr_value *v)
{
    if (v->kind != GR_VALUE_LOOPY) {
        return v->n != 0 ? GR_OUTCOME_FIRST : GR_OUTCOME_SECOND;
    }
    for (size_t i = 0; i < v->nk; i++) {
        if (v->k[i] == 0) {
            return GR_OUTCOME_FIRST;
        }
    }
    return GR_OUTCOME_DRAW;
}
