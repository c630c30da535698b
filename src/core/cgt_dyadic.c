/*
 * Dyadic rationals num / 2^exp: the values of numbers, stops, means and
 * temperatures.  Kept reduced (num odd, or exp 0), so equal values have
 * equal representations; |num| stays below 2^62 and exp at most 62, which
 * leaves room for one addition without overflow.  A result that would pass
 * those bounds is refused (false), never wrapped.
 */
#include "cgt_internal.h"

#define GR_DY_MAX_NUM ((int64_t)1 << 62)
#define GR_DY_MAX_EXP 62u

static bool gr_dy_fits(int64_t num)
{
    return num < GR_DY_MAX_NUM && num > -GR_DY_MAX_NUM;
}

bool gr_dy_reduce(gr_dyadic *d)
{
    if (d->num == 0) {
        d->exp = 0;
    }
    while (d->exp > 0 && (d->num & 1) == 0) {
        d->num /= 2;
        d->exp--;
    }
    return d->exp <= GR_DY_MAX_EXP && gr_dy_fits(d->num);
}

gr_dyadic gr_dy_int(int64_t n)
{
    gr_dyadic d = {n, 0};
    return d;
}

gr_dyadic gr_dy_neg(gr_dyadic a)
{
    a.num = -a.num;
    return a;
}

/* a.num scaled to exponent e >= a.exp, or false on overflow. */
static bool gr_dy_scale(gr_dyadic a, unsigned e, int64_t *out)
{
    int64_t n = a.num;
    for (unsigned i = a.exp; i < e; i++) {
        if (!gr_dy_fits(n) || !gr_dy_fits(2 * n)) {
            return false;
        }
        n *= 2;
    }
    *out = n;
    return gr_dy_fits(n);
}

bool gr_dy_add(gr_dyadic a, gr_dyadic b, gr_dyadic *out)
{
    unsigned e = a.exp > b.exp ? a.exp : b.exp;
    int64_t x, y;
    if (!gr_dy_scale(a, e, &x) || !gr_dy_scale(b, e, &y)) {
        return false;
    }
    gr_dyadic r = {x + y, e}; /* both below 2^62: no overflow */
    *out = r;
    return gr_dy_reduce(out);
}

bool gr_dy_sub(gr_dyadic a, gr_dyadic b, gr_dyadic *out)
{
    return gr_dy_add(a, gr_dy_neg(b), out);
}

bool gr_dy_half(gr_dyadic a, gr_dyadic *out)
{
    gr_dyadic r = a;
    if (r.num != 0) {
        r.exp++;
    }
    *out = r;
    return gr_dy_reduce(out);
}

/* floor(a * 2^k) for k >= 0, in 128 bits (|a| < 2^62, k <= 62). */
static __int128 gr_dy_floor_scaled(gr_dyadic a, unsigned k)
{
    if (k >= a.exp) {
        return (__int128)a.num * ((__int128)1 << (k - a.exp));
    }
    __int128 d = (__int128)1 << (a.exp - k), n = a.num;
    __int128 q = n / d;
    if (n % d != 0 && n < 0) {
        q--;
    }
    return q;
}

bool gr_dy_simplest(bool has_lo, gr_dyadic lo, bool has_hi, gr_dyadic hi, gr_dyadic *out)
{
    gr_dyadic zero = {0, 0};
    if ((!has_lo || gr_dy_cmp(lo, zero) < 0) && (!has_hi || gr_dy_cmp(hi, zero) > 0)) {
        *out = zero;
        return true;
    }
    if (!has_hi) { /* lo >= 0: the least integer above it */
        *out = gr_dy_int((int64_t)gr_dy_floor_scaled(lo, 0) + 1);
        return gr_dy_reduce(out);
    }
    if (!has_lo) { /* hi <= 0: the greatest integer below it, by symmetry */
        gr_dyadic m;
        if (!gr_dy_simplest(true, gr_dy_neg(hi), false, zero, &m)) {
            return false;
        }
        *out = gr_dy_neg(m);
        return true;
    }
    if (gr_dy_cmp(lo, hi) >= 0) {
        return false;
    }
    if (gr_dy_cmp(hi, zero) <= 0) { /* mirror into the positive half */
        gr_dyadic m;
        if (!gr_dy_simplest(true, gr_dy_neg(hi), true, gr_dy_neg(lo), &m)) {
            return false;
        }
        *out = gr_dy_neg(m);
        return true;
    }
    /* 0 <= lo < hi: the first denominator 2^k with a multiple of 2^-k
     * strictly between; the least such multiple is the simplest. */
    for (unsigned k = 0; k <= GR_DY_MAX_EXP; k++) {
        __int128 m = gr_dy_floor_scaled(lo, k) + 1;
        gr_dyadic c = {(int64_t)m, k};
        if (gr_dy_cmp(c, hi) < 0) {
            *out = c;
            return gr_dy_reduce(out);
        }
    }
    return false;
}

void gr_dyadic_print(gr_dyadic d, gr_buf *out)
{
    if (d.num < 0) {
        gr_buf_putc(out, '-');
    }
    gr_buf_u64(out, d.num < 0 ? (uint64_t)0 - (uint64_t)d.num : (uint64_t)d.num);
    if (d.exp > 0) {
        gr_buf_putc(out, '/');
        gr_buf_u64(out, (uint64_t)1 << d.exp);
    }
}
