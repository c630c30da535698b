/*
 * The store of canonical forms (include/grundy/cgt.h).
 *
 * Nodes live in one array indexed by handle; each node's option lists are
 * a separate arena allocation, so a pointer to them stays valid while the
 * node array grows.  An open-addressing table over (left list, right list)
 * interns nodes: a canonical form is unique (Conway), so equal games meet
 * in one node and equality is a comparison of handles.
 *
 * Numbers get a second index by value, so gr_cgt_number of a number seen
 * before is one lookup, and a new integer n is built from the nearest
 * integer already there towards 0, one node per step (n = {n-1|}).
 */
#include "cgt_internal.h"
#include "core/probe.h"

#include <string.h>

#define GR_CGT_FIRST_NODES 256u

gr_status gr_cgt_tick(gr_cgt_store *s)
{
    if ((++s->steps & 4095u) == 0) {
        if ((s->step_limit != 0 && s->steps > s->step_limit) ||
            (s->byte_limit != 0 && gr_arena_bytes(s->arena) > s->byte_limit)) {
            return GR_ELIMIT;
        }
        return gr_arena_check(s->arena);
    }
    return GR_OK;
}

void gr_cgt_store_limit(gr_cgt_store *s, uint64_t steps)
{
    s->step_limit = steps == 0 ? 0 : s->steps + steps;
}

void gr_cgt_store_limit_bytes(gr_cgt_store *s, size_t bytes)
{
    s->byte_limit = bytes;
}

static uint32_t gr_cgt_hash_lists(const gr_cgt *left, size_t nl, const gr_cgt *right, size_t nr)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)nl * 0x100000001b3ULL;
    for (size_t i = 0; i < nl; i++) {
        h = (h ^ left[i]) * 0x100000001b3ULL;
    }
    h = (h ^ 0xabcdefULL) * 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < nr; i++) {
        h = (h ^ right[i]) * 0x100000001b3ULL;
    }
    h ^= h >> 29;
    return (uint32_t)h ^ (uint32_t)(h >> 32);
}

static bool gr_cgt_same(const gr_cgt_node *n, const gr_cgt *left, size_t nl, const gr_cgt *right,
                        size_t nr)
{
    return n->nl == nl && n->nr == nr &&
           (nl == 0 || memcmp(n->opts, left, nl * sizeof(gr_cgt)) == 0) &&
           (nr == 0 || memcmp(n->opts + nl, right, nr * sizeof(gr_cgt)) == 0);
}

static uint64_t gr_cgt_hash_at(const void *store, size_t i)
{
    return ((const gr_cgt_store *)store)->nodes[i].hash;
}

static gr_status gr_cgt_table_grow(gr_cgt_store *s)
{
    return gr_probe_rebuild(s->arena, &s->table, &s->table_cap, s->table_cap * 2, 0, s->count,
                            gr_cgt_hash_at, s);
}

/* A new node's stops from its options', which every node has from its
 * interning on: the Left stop is the best Right stop of a Left option,
 * the Right stop the least Left stop of a Right option.  Kept at once
 * because gr_cgt_leq rejects most pairs by them before any recursion. */
static void gr_cgt_set_stops(gr_cgt_store *s, gr_cgt_node *n)
{
    gr_dyadic ls = {0, 0}, rs = {0, 0};
    for (size_t i = 0; i < n->nl + n->nr; i++) {
        const gr_cgt_node *o = &s->nodes[n->opts[i]];
        if (i < n->nl && (i == 0 || gr_dy_cmp(o->rstop, ls) > 0)) {
            ls = o->rstop;
        }
        if (i >= n->nl && (i == n->nl || gr_dy_cmp(o->lstop, rs) < 0)) {
            rs = o->lstop;
        }
    }
    n->lstop = ls;
    n->rstop = rs;
    n->flags |= GR_CGT_F_STOPS;
}

static gr_status gr_cgt_intern_ex(gr_cgt_store *s, const gr_cgt *left, size_t nl,
                                  const gr_cgt *right, size_t nr, const gr_dyadic *number,
                                  gr_cgt *out)
{
    uint32_t h = gr_cgt_hash_lists(left, nl, right, nr);
    size_t j = h & (s->table_cap - 1);
    for (; s->table[j] != 0; j = (j + 1) & (s->table_cap - 1)) {
        const gr_cgt_node *n = &s->nodes[s->table[j] - 1];
        if (n->hash == h && gr_cgt_same(n, left, nl, right, nr)) {
            *out = s->table[j] - 1;
            return GR_OK;
        }
    }
    if (s->count >= GR_CGT_MAX_NODES) {
        return GR_ELIMIT;
    }
    uint32_t depth = 0;
    if (number == NULL) {
        for (size_t i = 0; i < nl + nr; i++) {
            uint32_t d = s->nodes[i < nl ? left[i] : right[i - nl]].depth;
            depth = d > depth ? d : depth;
        }
        depth++;
        if (depth > GR_CGT_MAX_DEPTH) {
            return GR_ELIMIT;
        }
    }
    gr_cgt *opts = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, nl + nr);
    if (opts == NULL) {
        return GR_ENOMEM;
    }
    if (nl > 0) {
        memcpy(opts, left, nl * sizeof(gr_cgt));
    }
    if (nr > 0) {
        memcpy(opts + nl, right, nr * sizeof(gr_cgt));
    }
    if (s->count == s->cap) {
        gr_cgt_node *nodes = gr_arena_grow(s->arena, s->nodes, &s->cap, s->count + 1,
                                           sizeof(gr_cgt_node), GR_CGT_FIRST_NODES);
        if (nodes == NULL) {
            return GR_ENOMEM;
        }
        s->nodes = nodes;
    }
    gr_cgt g = (gr_cgt)s->count++;
    gr_cgt_node *n = &s->nodes[g];
    memset(n, 0, sizeof(*n));
    n->opts = opts;
    n->nl = (uint32_t)nl;
    n->nr = (uint32_t)nr;
    n->hash = h;
    n->depth = depth;
    n->neg = GR_CGT_NONE;
    n->thermo = GR_CGT_NONE;
    if (number != NULL) {
        n->flags = GR_CGT_F_NUMBER | GR_CGT_F_UPTIMAL | GR_CGT_F_STOPS;
        n->value = n->lstop = n->rstop = *number;
    } else {
        gr_cgt_classify(s, g);
        gr_cgt_set_stops(s, n);
    }
    s->table[j] = g + 1;
    *out = g;
    if (4 * s->count > 3 * s->table_cap) {
        return gr_cgt_table_grow(s);
    }
    return GR_OK;
}

gr_status gr_cgt_intern(gr_cgt_store *s, const gr_cgt *left, size_t nl, const gr_cgt *right,
                        size_t nr, gr_cgt *out)
{
    return gr_cgt_intern_ex(s, left, nl, right, nr, NULL, out);
}

/* The number index's key: exp below 64, num offset to be non-negative. */
static uint64_t gr_cgt_number_key(gr_dyadic d)
{
    return ((uint64_t)(d.num + ((int64_t)1 << 56)) << 6) | d.exp;
}

gr_status gr_cgt_store_new(gr_arena *a, gr_cgt_store **out)
{
    gr_cgt_store *s = GR_ARENA_ARRAY(a, gr_cgt_store, 1);
    if (s == NULL) {
        return GR_ENOMEM;
    }
    s->arena = a;
    s->table_cap = 1024;
    s->table = GR_ARENA_ARRAY(a, uint32_t, s->table_cap);
    gr_status st = s->table == NULL ? GR_ENOMEM : GR_OK;
    if (st == GR_OK) {
        st = gr_cgt_leq_map_init(a, &s->leq_memo, 1024);
    }
    if (st == GR_OK) {
        st = gr_cgt_map_init(a, &s->add_memo, 1024);
    }
    if (st == GR_OK) {
        st = gr_cgt_map_init(a, &s->temp_memo, 256);
    }
    if (st == GR_OK) {
        st = gr_cgt_map_init(a, &s->number_index, 256);
    }
    gr_cgt zero;
    gr_dyadic z = {0, 0};
    if (st == GR_OK) {
        st = gr_cgt_intern_ex(s, NULL, 0, NULL, 0, &z, &zero);
    }
    if (st == GR_OK) {
        st = gr_cgt_map_put(a, &s->number_index, gr_cgt_number_key(z), zero);
    }
    if (st != GR_OK) {
        return st;
    }
    s->nodes[zero].neg = zero;
    *out = s;
    return GR_OK;
}

gr_cgt gr_cgt_zero(const gr_cgt_store *s)
{
    (void)s;
    return 0;
}

/* |d| <= GR_CGT_MAX_INTEGER: then every option of d (its neighbours of
 * smaller denominator, towards the integers around it) fits too. */
static bool gr_cgt_number_fits(gr_dyadic d)
{
    if (d.exp > GR_CGT_MAX_EXP) {
        return false;
    }
    int64_t bound = (int64_t)GR_CGT_MAX_INTEGER << d.exp;
    return d.num <= bound && d.num >= -bound;
}

static gr_status gr_cgt_number_node(gr_cgt_store *s, gr_dyadic d, const gr_cgt *left, size_t nl,
                                    const gr_cgt *right, size_t nr, gr_cgt *out)
{
    gr_status st = gr_cgt_intern_ex(s, left, nl, right, nr, &d, out);
    if (st == GR_OK) {
        st = gr_cgt_map_put(s->arena, &s->number_index, gr_cgt_number_key(d), *out);
    }
    return st;
}

/* Integer n: walk from the nearest known integer towards n, one step each
 * (the loop, not recursion, carries the chain n = {n-1|}). */
static gr_status gr_cgt_integer_build(gr_cgt_store *s, int64_t n, gr_cgt *out)
{
    int64_t step = n > 0 ? 1 : -1;
    int64_t k = n;
    uint32_t h;
    while (!gr_cgt_map_get(&s->number_index, gr_cgt_number_key(gr_dy_int(k)), &h)) {
        k -= step;
    }
    gr_cgt prev = h;
    while (k != n) {
        k += step;
        gr_status st = step > 0 ? gr_cgt_number_node(s, gr_dy_int(k), &prev, 1, NULL, 0, &prev)
                                : gr_cgt_number_node(s, gr_dy_int(k), NULL, 0, &prev, 1, &prev);
        if (st == GR_OK) {
            st = gr_cgt_tick(s);
        }
        if (st != GR_OK) {
            return st;
        }
    }
    *out = prev;
    return GR_OK;
}

gr_status gr_cgt_number(gr_cgt_store *s, gr_dyadic d, gr_cgt *out)
{
    if (d.exp > 62 || !gr_dy_reduce(&d)) {
        return GR_EINVAL;
    }
    if (!gr_cgt_number_fits(d)) {
        return GR_ELIMIT;
    }
    uint32_t h;
    if (gr_cgt_map_get(&s->number_index, gr_cgt_number_key(d), &h)) {
        *out = h;
        return GR_OK;
    }
    if (d.exp == 0) {
        return gr_cgt_integer_build(s, d.num, out);
    }
    /* m/2^k = {(m-1)/2^k | (m+1)/2^k}: both have smaller denominators, so
     * this recursion is at most GR_CGT_MAX_EXP deep. */
    gr_dyadic lo = {d.num - 1, d.exp}, hi = {d.num + 1, d.exp};
    gr_dy_reduce(&lo);
    gr_dy_reduce(&hi);
    gr_cgt l, r;
    gr_status st = gr_cgt_number(s, lo, &l);
    if (st == GR_OK) {
        st = gr_cgt_number(s, hi, &r);
    }
    if (st != GR_OK) {
        return st;
    }
    return gr_cgt_number_node(s, d, &l, 1, &r, 1, out);
}

gr_status gr_cgt_integer(gr_cgt_store *s, int64_t n, gr_cgt *out)
{
    if (n > GR_CGT_MAX_INTEGER || n < -GR_CGT_MAX_INTEGER) {
        return GR_ELIMIT;
    }
    return gr_cgt_number(s, gr_dy_int(n), out);
}

gr_status gr_cgt_nimber(gr_cgt_store *s, uint64_t n, gr_cgt *out)
{
    if (n > GR_CGT_MAX_DEPTH) {
        return GR_ELIMIT;
    }
    gr_cgt *opts = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, n + 1);
    if (opts == NULL) {
        return GR_ENOMEM;
    }
    /* *k = {0,*,...,*(k-1) | 0,*,...,*(k-1)}: handles grow with k, so the
     * list opts[0..k) is sorted as it is built. */
    opts[0] = 0;
    for (uint64_t k = 1; k <= n; k++) {
        gr_status st = gr_cgt_intern(s, opts, k, opts, k, &opts[k]);
        if (st == GR_OK) {
            st = gr_cgt_tick(s);
        }
        if (st != GR_OK) {
            return st;
        }
    }
    *out = opts[n];
    gr_arena_free(s->arena, opts, (n + 1) * sizeof(gr_cgt));
    return GR_OK;
}

gr_status gr_cgt_up(gr_cgt_store *s, gr_cgt *out)
{
    gr_cgt star, zero = 0;
    gr_status st = gr_cgt_nimber(s, 1, &star);
    if (st != GR_OK) {
        return st;
    }
    return gr_cgt_intern(s, &zero, 1, &star, 1, out);
}

void gr_cgt_options(const gr_cgt_store *s, gr_cgt g, const gr_cgt **left, size_t *nl,
                    const gr_cgt **right, size_t *nr)
{
    const gr_cgt_node *n = &s->nodes[g];
    *left = n->opts;
    *nl = n->nl;
    *right = n->opts + n->nl;
    *nr = n->nr;
}

bool gr_cgt_is_number(const gr_cgt_store *s, gr_cgt g, gr_dyadic *value)
{
    const gr_cgt_node *n = &s->nodes[g];
    if ((n->flags & GR_CGT_F_NUMBER) == 0) {
        return false;
    }
    if (value != NULL) {
        *value = n->value;
    }
    return true;
}
