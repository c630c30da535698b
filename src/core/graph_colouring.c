/*
 * Col and Snort positions (include/grundy/graph_games.h): k uncoloured
 * vertices, each with its tint and request number, and the upper triangle
 * of their adjacency matrix as bits.
 *
 * Every operation makes a new position from an old one by choosing which
 * old vertices stay, in which order and with which tint (gr_ggraph_induce):
 * a move drops the vertex coloured and the neighbours it leaves with no
 * colour, a region keeps one component, a normalisation reorders.
 *
 * Normalisation.  Equal graphs met in different vertex orders (a path
 * entered from either end, the same component in two places) should share
 * a memo entry, but a canonical labelling is costly; instead the vertices
 * are sorted by a label refined twice from their neighbours' (tint and
 * degree, then the labels around them, as in colour refinement), ties
 * kept in their old order, and request numbers cleared.  Any order gives
 * a position equal to the old one, so this is always right and usually
 * finds the transposition.  With blue and red exchanged the position is
 * the negative: the bytewise lesser of the two is kept.
 */
#include "core/graph_colouring.h"

#include <string.h>

#define GR_GG_HDR 1
#define GR_GG_VERT 3 /* tint, request number low, high */

static size_t gr_ggraph_bits_at(size_t k)
{
    return GR_GG_HDR + GR_GG_VERT * k;
}

static size_t gr_ggraph_size(size_t k)
{
    return gr_ggraph_bits_at(k) + (k * (k - (k > 0)) / 2 + 7) / 8;
}

/* The bit of pair a < b. */
static size_t gr_ggraph_pair(size_t k, size_t a, size_t b)
{
    return a * k - a * (a + 1) / 2 + (b - a - 1);
}

static bool gr_ggraph_adj(const uint8_t *pos, size_t k, size_t a, size_t b)
{
    if (a == b) {
        return false;
    }
    size_t i = a < b ? gr_ggraph_pair(k, a, b) : gr_ggraph_pair(k, b, a);
    return (pos[gr_ggraph_bits_at(k) + i / 8] >> (i % 8)) & 1;
}

static bool gr_ggraph_valid(const uint8_t *pos, size_t len)
{
    return len >= GR_GG_HDR && pos[0] <= GR_GG_MAX_LIVE && len == gr_ggraph_size(pos[0]);
}

/* The position of old vertices order[0..k2) with tints tint[0..k2), into
 * out; request numbers kept when `ids`. */
static size_t gr_ggraph_induce(const uint8_t *pos, const uint8_t *order, const uint8_t *tint,
                               size_t k2, bool ids, uint8_t *out)
{
    size_t k = pos[0], len = gr_ggraph_size(k2);
    memset(out, 0, len);
    out[0] = (uint8_t)k2;
    for (size_t i = 0; i < k2; i++) {
        uint8_t *v = out + GR_GG_HDR + GR_GG_VERT * i;
        const uint8_t *old = pos + GR_GG_HDR + GR_GG_VERT * order[i];
        v[0] = tint[i];
        v[1] = ids ? old[1] : 0;
        v[2] = ids ? old[2] : 0;
    }
    for (size_t a = 0; a < k2; a++) {
        for (size_t b = a + 1; b < k2; b++) {
            if (gr_ggraph_adj(pos, k, order[a], order[b])) {
                size_t i = gr_ggraph_pair(k2, a, b);
                out[gr_ggraph_bits_at(k2) + i / 8] |= (uint8_t)(1u << (i % 8));
            }
        }
    }
    return len;
}

static uint8_t gr_ggraph_tint(const uint8_t *pos, size_t v)
{
    return pos[GR_GG_HDR + GR_GG_VERT * v];
}

gr_status gr_ggraph_moves(const void *rule, const uint8_t *pos, size_t len, gr_pg_side side,
                          gr_pg_sink *sink)
{
    if (!gr_ggraph_valid(pos, len)) {
        return GR_EINVAL;
    }
    size_t k = pos[0];
    uint8_t colour = side == GR_PG_LEFT ? GR_GG_LEFT : GR_GG_RIGHT;
    uint8_t forbid = gr_ggraph_forbids(*(const gr_ggraph_rule *)rule, colour);
    uint8_t order[GR_GG_MAX_LIVE], tint[GR_GG_MAX_LIVE], after[GR_PG_MAX_POS];
    for (size_t v = 0; v < k; v++) {
        if (!(gr_ggraph_tint(pos, v) & colour)) {
            continue;
        }
        size_t k2 = 0;
        for (size_t u = 0; u < k; u++) {
            uint8_t t = gr_ggraph_tint(pos, u);
            if (u == v) {
                continue;
            }
            if (gr_ggraph_adj(pos, k, u, v)) {
                t = (uint8_t)(t & ~forbid);
            }
            if (t != 0) { /* a vertex no one may colour plays no part */
                order[k2] = (uint8_t)u;
                tint[k2++] = t;
            }
        }
        const uint8_t *id = pos + GR_GG_HDR + GR_GG_VERT * v + 1;
        gr_pg_move m = {{(int32_t)(id[0] | (unsigned)id[1] << 8), colour}};
        size_t n = gr_ggraph_induce(pos, order, tint, k2, true, after);
        gr_status st = gr_pg_emit(sink, after, n, &m);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* A move colours one vertex whose tint allows the mover's colour: one
 * per such vertex, without inducing the graphs after them. */
gr_status gr_ggraph_count(const void *rule, const uint8_t *pos, size_t len, gr_pg_side side,
                          uint32_t *out)
{
    (void)rule;
    if (!gr_ggraph_valid(pos, len)) {
        return GR_EINVAL;
    }
    uint8_t colour = side == GR_PG_LEFT ? GR_GG_LEFT : GR_GG_RIGHT;
    uint32_t n = 0;
    for (size_t v = 0; v < pos[0]; v++) {
        n += (gr_ggraph_tint(pos, v) & colour) != 0;
    }
    *out = n;
    return GR_OK;
}

gr_status gr_ggraph_split(const void *ctx, const uint8_t *pos, size_t len, gr_pg_sink *sink)
{
    (void)ctx;
    if (!gr_ggraph_valid(pos, len)) {
        return GR_EINVAL;
    }
    size_t k = pos[0];
    uint8_t comp[GR_GG_MAX_LIVE], order[GR_GG_MAX_LIVE], tint[GR_GG_MAX_LIVE];
    uint8_t region[GR_PG_MAX_POS];
    memset(comp, 0, sizeof(comp));
    for (size_t s = 0; s < k; s++) {
        if (comp[s]) {
            continue;
        }
        /* the component of s (marked s + 1, k < 255), by a queue over
         * order[] itself */
        uint8_t id = (uint8_t)(s + 1);
        size_t n = 0;
        order[n++] = (uint8_t)s;
        comp[s] = id;
        for (size_t q = 0; q < n; q++) {
            for (size_t u = 0; u < k; u++) {
                if (!comp[u] && gr_ggraph_adj(pos, k, order[q], u)) {
                    comp[u] = id;
                    order[n++] = (uint8_t)u;
                }
            }
        }
        /* its vertices again in their old order (all from s on), so a
         * region keeps its moves' order */
        n = 0;
        for (size_t u = s; u < k; u++) {
            if (comp[u] == id) {
                order[n] = (uint8_t)u;
                tint[n++] = gr_ggraph_tint(pos, u);
            }
        }
        size_t rlen = gr_ggraph_induce(pos, order, tint, n, true, region);
        gr_status st = gr_pg_emit(sink, region, rlen, NULL);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static uint64_t gr_ggraph_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

/* The vertices of pos in refined-label order, with tints (swapped when
 * `swap`), written out as a position without request numbers. */
static size_t gr_ggraph_relabel(const uint8_t *pos, bool swap, uint8_t *out)
{
    size_t k = pos[0];
    uint64_t label[GR_GG_MAX_LIVE], next[GR_GG_MAX_LIVE];
    uint8_t order[GR_GG_MAX_LIVE], tint[GR_GG_MAX_LIVE];
    for (size_t v = 0; v < k; v++) {
        uint8_t t = gr_ggraph_tint(pos, v);
        tint[v] = swap ? (uint8_t)(((t & 1) << 1) | ((t >> 1) & 1)) : t;
        size_t deg = 0;
        for (size_t u = 0; u < k; u++) {
            deg += gr_ggraph_adj(pos, k, u, v);
        }
        label[v] = (uint64_t)tint[v] << 32 | deg;
    }
    for (int round = 0; round < 2; round++) {
        for (size_t v = 0; v < k; v++) {
            uint64_t sum = 0, x = 0; /* a multiset of the neighbours' labels */
            for (size_t u = 0; u < k; u++) {
                if (gr_ggraph_adj(pos, k, u, v)) {
                    uint64_t h = gr_ggraph_mix(label[u]);
                    sum += h;
                    x ^= gr_ggraph_mix(h);
                }
            }
            /* the label's high bits stay the tint and degree, so the order
             * refines the first one */
            next[v] = (label[v] & 0xffffffff00000000ULL) |
                      (gr_ggraph_mix(label[v] ^ sum ^ (x << 1)) >> 32);
        }
        memcpy(label, next, k * sizeof(label[0]));
    }
    for (size_t i = 0; i < k; i++) {
        order[i] = (uint8_t)i;
    }
    for (size_t i = 1; i < k; i++) { /* insertion sort: stable, k <= 100 */
        uint8_t x = order[i];
        size_t j = i;
        for (; j > 0 && label[order[j - 1]] > label[x]; j--) {
            order[j] = order[j - 1];
        }
        order[j] = x;
    }
    uint8_t tints[GR_GG_MAX_LIVE];
    for (size_t i = 0; i < k; i++) {
        tints[i] = tint[order[i]];
    }
    return gr_ggraph_induce(pos, order, tints, k, false, out);
}

gr_status gr_ggraph_normalise(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                              size_t *out_len, bool *negated)
{
    (void)ctx;
    if (!gr_ggraph_valid(pos, len)) {
        return GR_EINVAL;
    }
    uint8_t swapped[GR_PG_MAX_POS];
    size_t n = gr_ggraph_relabel(pos, false, out);
    gr_ggraph_relabel(pos, true, swapped);
    *negated = memcmp(swapped, out, n) < 0;
    if (*negated) {
        memcpy(out, swapped, n);
    }
    *out_len = n;
    return GR_OK;
}

gr_status gr_ggraph_position(gr_arena *a, const gr_pg_rules *rules, size_t n,
                             const uint32_t (*edges)[2], size_t m, const uint8_t *colours,
                             uint8_t *out, size_t *len, size_t *bad)
{
    gr_ggraph_rule rule = *(const gr_ggraph_rule *)rules->ctx;
    if (n > GR_GG_MAX_VERTICES) {
        return GR_ELIMIT;
    }
    uint8_t *tint = GR_ARENA_ARRAY(a, uint8_t, n + 1);
    uint32_t *live = GR_ARENA_ARRAY(a, uint32_t, n + 1); /* vertex -> live index + 1 */
    if (tint == NULL || live == NULL) {
        return GR_ENOMEM;
    }
    for (size_t v = 0; v < n; v++) {
        tint[v] = colours != NULL && colours[v] != 0 ? 0 : GR_GG_LEFT | GR_GG_RIGHT;
    }
    for (size_t e = 0; e < m; e++) {
        uint32_t u = edges[e][0], v = edges[e][1];
        if (u >= n || v >= n || u == v) {
            *bad = e;
            return GR_EINVAL;
        }
        uint8_t cu = colours != NULL ? colours[u] : 0, cv = colours != NULL ? colours[v] : 0;
        if (cu != 0 && cv != 0 && (gr_ggraph_forbids(rule, cu) & cv)) {
            *bad = e;
            return GR_EINVAL;
        }
        tint[v] = (uint8_t)(tint[v] & ~(cu ? gr_ggraph_forbids(rule, cu) : 0));
        tint[u] = (uint8_t)(tint[u] & ~(cv ? gr_ggraph_forbids(rule, cv) : 0));
    }
    size_t k = 0;
    for (size_t v = 0; v < n; v++) {
        live[v] = tint[v] != 0 ? (uint32_t)++k : 0;
    }
    if (k > GR_GG_MAX_LIVE) {
        return GR_ELIMIT;
    }
    *len = gr_ggraph_size(k);
    memset(out, 0, *len);
    out[0] = (uint8_t)k;
    for (size_t v = 0; v < n; v++) {
        if (live[v] != 0) {
            uint8_t *x = out + GR_GG_HDR + GR_GG_VERT * (live[v] - 1);
            x[0] = tint[v];
            x[1] = (uint8_t)(v & 0xff);
            x[2] = (uint8_t)(v >> 8);
        }
    }
    for (size_t e = 0; e < m; e++) {
        uint32_t u = live[edges[e][0]], v = live[edges[e][1]];
        if (u != 0 && v != 0) {
            size_t a2 = (u < v ? u : v) - 1, b2 = (u < v ? v : u) - 1;
            size_t i = gr_ggraph_pair(k, a2, b2);
            out[gr_ggraph_bits_at(k) + i / 8] |= (uint8_t)(1u << (i % 8));
        }
    }
    return GR_OK;
}
