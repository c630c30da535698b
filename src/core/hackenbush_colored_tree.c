/*
 * Red-blue trees by Berlekamp's rule (include/grundy/hackenbush_colored.h),
 * and the value after each cut in about constant time.
 *
 * The value after cutting edge e is the root's sum with the branches on
 * the path from e to the ground recomputed: O(depth) a cut, so O(n^2) for
 * the moves of a path of n edges.  But most edges pass a change of the sum
 * above them on unchanged: a blue edge carrying x >= 0 is worth x + 1, a
 * red one carrying x <= 0 is worth x - 1 (Berlekamp's rule in its linear
 * part), so a change d of x changes the branch by d as long as x + d stays
 * on the same side.  Jump tables (binary lifting) over those linear edges
 * record, for 2^k edges up from a vertex, the interval of changes they
 * pass on; a cut walks up by jumps, and recomputes exactly only at an edge
 * outside its linear part, where the change then shrinks (a blue edge
 * carrying x < 0 halves it at least) or stops.  A path of blue edges is
 * then O(log n) a cut.
 */
#include "core/hackenbush_colored_internal.h"

#include <string.h>

/* ---- exact dyadic arithmetic for Berlekamp's rule ----------------------- */

#define GR_HBC_DY_MAX ((__int128)1 << 62)

static gr_dyadic gr_hbc_reduce(__int128 num, unsigned exp, gr_status *st)
{
    while (exp > 0 && (num & 1) == 0) {
        num /= 2;
        exp--;
    }
    if (num >= GR_HBC_DY_MAX || num <= -GR_HBC_DY_MAX || exp > 62) {
        *st = GR_ELIMIT;
        return (gr_dyadic){0, 0};
    }
    return (gr_dyadic){(int64_t)num, exp};
}

static gr_dyadic gr_hbc_add(gr_dyadic a, gr_dyadic b, int sign, gr_status *st)
{
    unsigned e = a.exp > b.exp ? a.exp : b.exp;
    __int128 x = (__int128)a.num * ((__int128)1 << (e - a.exp));
    __int128 y = (__int128)b.num * ((__int128)1 << (e - b.exp));
    return gr_hbc_reduce(sign > 0 ? x + y : x - y, e, st);
}

/* A blue edge carrying x: x + 1 when x > 0, else (x + n) / 2^(n-1) for
 * the least n with x + n > 1, i.e. n = floor(1 - x) + 1. */
static gr_dyadic gr_hbc_blue(gr_dyadic x, gr_status *st)
{
    if (x.num > 0) {
        return gr_hbc_add(x, (gr_dyadic){1, 0}, 1, st);
    }
    __int128 fl = (((__int128)1 << x.exp) - x.num) >> x.exp; /* floor(1 - x), >= 1 */
    __int128 n = fl + 1;
    if (n - 1 > 62) {
        *st = GR_ELIMIT;
        return (gr_dyadic){0, 0};
    }
    __int128 num = (__int128)x.num + (n << x.exp);
    return gr_hbc_reduce(num, x.exp + (unsigned)(n - 1), st);
}

static gr_dyadic gr_hbc_edge_value(uint8_t colour, gr_dyadic x, gr_status *st)
{
    if (colour == GR_HBC_BLUE) {
        return gr_hbc_blue(x, st);
    }
    gr_dyadic v = gr_hbc_blue((gr_dyadic){-x.num, x.exp}, st);
    return (gr_dyadic){-v.num, v.exp};
}

gr_status gr_hbc_tree_values(gr_hbc *g, const uint32_t *order, size_t n)
{
    g->sum = GR_ARENA_ARRAY(g->vs.arena, gr_dyadic, g->nv);
    g->branch = GR_ARENA_ARRAY(g->vs.arena, gr_dyadic, g->m + 1);
    g->upper = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, g->m + 1);
    if (g->sum == NULL || g->branch == NULL || g->upper == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = GR_OK;
    for (size_t i = n; i-- > 1 && st == GR_OK;) {
        uint32_t v = order[i], e = g->parent_edge[v];
        uint32_t p = g->eu[e] == v ? g->ev[e] : g->eu[e];
        g->upper[e] = v;
        g->branch[e] = gr_hbc_edge_value(g->in->colour[e], g->sum[v], &st);
        g->sum[p] = gr_hbc_add(g->sum[p], g->branch[e], 1, &st);
    }
    return st;
}

/* a <= b for dyadics whose numerators may be the sentinels +-2^63 - 1 of
 * an unbounded interval (every real value is below 2^62). */
static bool gr_hbc_le(gr_dyadic a, gr_dyadic b)
{
    unsigned e = a.exp > b.exp ? a.exp : b.exp;
    return (__int128)a.num * ((__int128)1 << (e - a.exp)) <=
           (__int128)b.num * ((__int128)1 << (e - b.exp));
}

#define GR_HBC_NONE UINT32_MAX
static const gr_dyadic gr_hbc_minus_inf = {INT64_MIN + 1, 0}, gr_hbc_plus_inf = {INT64_MAX, 0};

static uint32_t gr_hbc_parent(const gr_hbc *g, uint32_t v)
{
    uint32_t e = g->parent_edge[v];
    return g->eu[e] == v ? g->ev[e] : g->eu[e];
}

/* The jump tables, made at the first cut. */
static gr_status gr_hbc_jumps(gr_hbc *g)
{
    uint32_t nv = g->nv;
    unsigned levels = 1;
    while (levels < 32 && ((uint64_t)1 << levels) < nv) {
        levels++;
    }
    g->jump = GR_ARENA_ARRAY(g->vs.arena, uint32_t *, levels);
    g->lo = GR_ARENA_ARRAY(g->vs.arena, gr_dyadic *, levels);
    g->hi = GR_ARENA_ARRAY(g->vs.arena, gr_dyadic *, levels);
    if (g->jump == NULL || g->lo == NULL || g->hi == NULL) {
        return GR_ENOMEM;
    }
    for (unsigned k = 0; k < levels; k++) {
        g->jump[k] = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, nv);
        g->lo[k] = GR_ARENA_ARRAY_UNINIT(g->vs.arena, gr_dyadic, nv);
        g->hi[k] = GR_ARENA_ARRAY_UNINIT(g->vs.arena, gr_dyadic, nv);
        if (g->jump[k] == NULL || g->lo[k] == NULL || g->hi[k] == NULL) {
            return GR_ENOMEM;
        }
    }
    for (uint32_t v = 0; v < nv; v++) {
        g->jump[0][v] = GR_HBC_NONE;
        uint32_t e = g->parent_edge[v];
        if (v == 0 || e == GR_HBC_NONE || !g->in_play[e]) {
            continue;
        }
        gr_dyadic x = g->sum[v], nx = {-x.num, x.exp};
        bool blue = g->in->colour[e] == GR_HBC_BLUE;
        if (blue ? x.num >= 0 : x.num <= 0) {
            g->jump[0][v] = gr_hbc_parent(g, v);
            g->lo[0][v] = blue ? nx : gr_hbc_minus_inf;
            g->hi[0][v] = blue ? gr_hbc_plus_inf : nx;
        }
    }
    for (unsigned k = 1; k < levels; k++) {
        gr_status st = gr_arena_check(g->vs.arena);
        if (st != GR_OK) {
            return st;
        }
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t mid = g->jump[k - 1][v];
            uint32_t to = mid == GR_HBC_NONE ? GR_HBC_NONE : g->jump[k - 1][mid];
            g->jump[k][v] = to;
            if (to != GR_HBC_NONE) {
                gr_dyadic a = g->lo[k - 1][v], b = g->lo[k - 1][mid];
                gr_dyadic c = g->hi[k - 1][v], d = g->hi[k - 1][mid];
                g->lo[k][v] = gr_hbc_le(a, b) ? b : a;
                g->hi[k][v] = gr_hbc_le(c, d) ? c : d;
            }
        }
    }
    g->levels = levels;
    return GR_OK;
}

gr_status gr_hbc_tree_after(gr_hbc *g, size_t e, gr_cgt *out)
{
    gr_status st = GR_OK;
    if (g->levels == 0 && (st = gr_hbc_jumps(g)) != GR_OK) {
        return st;
    }
    /* the branch of e is gone: the sum below it changes by d */
    uint32_t v = g->upper[e];
    v = g->eu[e] == v ? g->ev[e] : g->eu[e];
    gr_dyadic d = {-g->branch[e].num, g->branch[e].exp};
    for (uint32_t steps = 1; v != 0 && d.num != 0 && st == GR_OK; steps++) {
        if ((steps & 4095) == 0 && (st = gr_arena_check(g->vs.arena)) != GR_OK) {
            return st;
        }
        for (unsigned k = g->levels; k-- > 0 && v != 0;) {
            uint32_t to = g->jump[k][v];
            if (to != GR_HBC_NONE && gr_hbc_le(g->lo[k][v], d) && gr_hbc_le(d, g->hi[k][v])) {
                v = to;
            }
        }
        if (v == 0) {
            break;
        }
        /* an edge outside its linear part: Berlekamp's rule exactly */
        uint32_t pe = g->parent_edge[v];
        gr_dyadic nb = gr_hbc_edge_value(g->in->colour[pe], gr_hbc_add(g->sum[v], d, 1, &st), &st);
        d = gr_hbc_add(nb, g->branch[pe], -1, &st);
        v = gr_hbc_parent(g, v);
    }
    if (st != GR_OK) {
        return st;
    }
    gr_dyadic s = gr_hbc_add(g->sum[0], d, 1, &st);
    return st != GR_OK ? st : gr_cgt_number(g->vs.store, s, out);
}
