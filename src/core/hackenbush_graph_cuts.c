/*
 * Green Hackenbush on graphs: the 2-edge-cut classes of every component,
 * exactly and in O(E alpha(V)) -- no random labels, so no input can make
 * two edges look alike by collision.
 *
 * Take the DFS tree (hackenbush_graph_internal.h).  Inside a 2-edge-
 * connected component C every tree edge t_v = (v, parent v) is covered by
 * cnt[v] >= 1 back edges, forming the set cover(v).
 *   - {t_u, t_v} is a 2-edge cut of C iff cover(u) == cover(v); such edges
 *     lie on one vertical path, since each back edge covers one.
 *   - {t_v, b} (b a back edge) is a cut iff cover(v) == {b}.
 *   - two back edges never form a cut (the tree keeps C connected).
 * For v below u on a vertical path, let high[v] be the greatest depth of a
 * back-edge target over cover(v).  Every back edge of cover(v) passes
 * above u iff high[v] < depth[u]; then cover(v) is a subset of cover(u),
 * and the two are equal iff also cnt[u] == cnt[v].  So the class edge just
 * above t_v is the nearest ancestor u with cnt[u] == cnt[v], provided
 * depth[u] > high[v] (a farther one would have to pass the nearest, whose
 * cover would then equal both).  A DFS-order walk keeps, per count c, the
 * nearest ancestor with that count (last[c]), saved and restored on the
 * way out of each subtree: linear.
 *
 * high[] is computed by "painting": back edges in decreasing depth of
 * their target each claim the still-unpainted tree edges on their path,
 * found with a union-find that skips painted edges; the first painter of
 * an edge is the one with the deepest target.  When cnt[v] == 1 the
 * painter is the single back edge of cover(v), which closes v's class.
 *
 * The class edges of a class lie on one cycle of C in the order top tree
 * edge ... bottom tree edge (then the back edge, if any); removing all of
 * them splits C into the pieces between consecutive edges.
 */
#include <string.h>

#include "core/hackenbush_graph_internal.h"

static uint32_t gr_hgraph_find(uint32_t *uf, uint32_t x)
{
    uint32_t r = x;
    while (uf[r] != r) {
        r = uf[r];
    }
    while (uf[x] != r) {
        uint32_t next = uf[x];
        uf[x] = r;
        x = next;
    }
    return r;
}

/* high[v] (as a depth) and the painting back edge paint[v], for every
 * non-bridge tree edge of the wanted components. */
static gr_status gr_hgraph_paint(gr_arena *a, const gr_hgraph *g,
                                 const uint8_t *want, uint32_t *high,
                                 uint32_t *paint, uint32_t *uf)
{
    /* Counting sort of back edges by target depth, deepest first. */
    uint32_t maxd = 0;
    for (uint32_t i = 0; i < g->nv; i++) {
        uint32_t d = g->depth[g->order[i]];
        maxd = d > maxd ? d : maxd;
    }
    uint32_t *start = GR_ARENA_ARRAY(a, uint32_t, (size_t)maxd + 2);
    uint32_t *sorted = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->nback);
    if (start == NULL || sorted == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t b = 0; b < g->nback; b++) {
        if (want == NULL || want[g->comp[g->back_hi[b]]]) {
            start[maxd - g->depth[g->back_hi[b]] + 1]++;
        }
    }
    for (uint32_t d = 0; d <= maxd; d++) {
        start[d + 1] += start[d];
    }
    for (uint32_t b = 0; b < g->nback; b++) {
        if (want == NULL || want[g->comp[g->back_hi[b]]]) {
            sorted[start[maxd - g->depth[g->back_hi[b]]]++] = b;
        }
    }
    uint32_t nsorted = start[maxd];
    for (uint32_t i = 0; i < g->nv; i++) {
        uf[g->order[i]] = g->order[i];
    }
    for (uint32_t i = 0; i < nsorted; i++) {
        uint32_t b = sorted[i];
        uint32_t hi = g->back_hi[b], dhi = g->depth[hi];
        uint32_t x = gr_hgraph_find(uf, g->back_lo[b]);
        while (g->depth[x] > dhi) {
            high[x] = dhi;
            paint[x] = g->back_id[b];
            uf[x] = g->parent[x];
            x = gr_hgraph_find(uf, g->parent[x]);
        }
    }
    gr_arena_free(a, sorted, (size_t)g->nback * sizeof(uint32_t));
    gr_arena_free(a, start, ((size_t)maxd + 2) * sizeof(uint32_t));
    return GR_OK;
}

gr_status gr_hgraph_cuts_build(gr_arena *a, const gr_hgraph *g,
                               const uint8_t *want, gr_hgraph_cuts *out)
{
    const uint32_t n = g->n, nv = g->nv;
    memset(out, 0, sizeof(*out));
    uint32_t *high = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *paint = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *scratch = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *up = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *last = GR_ARENA_ARRAY_UNINIT(a, uint32_t, (size_t)g->max_cnt + 1);
    out->down = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    out->in_class = GR_ARENA_ARRAY(a, uint8_t, g->m);
    if (high == NULL || paint == NULL || scratch == NULL || up == NULL ||
        last == NULL || out->down == NULL || out->in_class == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = gr_hgraph_paint(a, g, want, high, paint, scratch);
    if (st != GR_OK) {
        return st;
    }
    memset(last, 0xff, ((size_t)g->max_cnt + 1) * sizeof(uint32_t));

    /* Preorder walk with an explicit stack of open vertices; scratch[v]
     * keeps the last[] entry that v shadowed, restored when v closes. */
    uint32_t *open = GR_ARENA_ARRAY_UNINIT(a, uint32_t, nv);
    if (open == NULL) {
        return GR_ENOMEM;
    }
    const uint32_t *cnt = g->cnt;
    uint32_t sp = 0;
    open[sp++] = g->root;
    for (uint32_t i = 1; i < nv; i++) {
        uint32_t v = g->order[i], p = g->parent[v];
        while (open[sp - 1] != p) {
            uint32_t x = open[--sp];
            if (cnt[x] != 0) {
                last[cnt[x]] = scratch[x];
            }
        }
        up[v] = GR_HGRAPH_NONE;
        out->down[v] = GR_HGRAPH_NONE;
        if (cnt[v] != 0 && (want == NULL || want[g->comp[v]])) {
            uint32_t u = last[cnt[v]];
            if (u != GR_HGRAPH_NONE && g->depth[u] > high[v]) {
                up[v] = u;
            }
            scratch[v] = u;
            last[cnt[v]] = v;
        } else {
            /* A bridge or an unwanted component: shadow nothing.  Walking
             * it as an "unset" entry keeps the restore uniform. */
            if (cnt[v] != 0) {
                scratch[v] = last[cnt[v]];
            }
        }
        open[sp++] = v;
    }
    gr_arena_free(a, open, (size_t)nv * sizeof(uint32_t));

    /* Link downwards, then list the classes by their tops in preorder. */
    uint32_t nclass = 0;
    for (uint32_t i = 1; i < nv; i++) {
        uint32_t v = g->order[i];
        if (up[v] != GR_HGRAPH_NONE) {
            out->down[up[v]] = v;
        }
    }
    for (uint32_t i = 1; i < nv; i++) {
        uint32_t v = g->order[i];
        if (cnt[v] != 0 && up[v] == GR_HGRAPH_NONE &&
            (want == NULL || want[g->comp[v]]) &&
            (cnt[v] == 1 || out->down[v] != GR_HGRAPH_NONE)) {
            nclass++;
        }
    }
    out->top = GR_ARENA_ARRAY_UNINIT(a, uint32_t, nclass);
    out->back = GR_ARENA_ARRAY_UNINIT(a, uint32_t, nclass);
    if (out->top == NULL || out->back == NULL) {
        return GR_ENOMEM;
    }
    uint32_t c = 0, max_class = 0;
    for (uint32_t i = 1; i < nv; i++) {
        uint32_t v = g->order[i];
        if (!(cnt[v] != 0 && up[v] == GR_HGRAPH_NONE &&
              (want == NULL || want[g->comp[v]]) &&
              (cnt[v] == 1 || out->down[v] != GR_HGRAPH_NONE))) {
            continue;
        }
        uint32_t size = 0, x = v, bottom = v;
        for (; x != GR_HGRAPH_NONE; x = out->down[x]) {
            out->in_class[g->parent_edge[x]] = 1;
            bottom = x;
            size++;
        }
        out->top[c] = v;
        out->back[c] = GR_HGRAPH_NONE;
        if (cnt[v] == 1) {
            /* cover == {b}: b closes the cycle of this class. */
            out->back[c] = paint[bottom];
            out->in_class[paint[bottom]] = 1;
            size++;
        }
        max_class = size > max_class ? size : max_class;
        c++;
    }
    out->nclass = nclass;
    out->max_class = max_class;

    gr_arena_free(a, last, ((size_t)g->max_cnt + 1) * sizeof(uint32_t));
    gr_arena_free(a, up, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, scratch, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, paint, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, high, (size_t)n * sizeof(uint32_t));
    return GR_OK;
}
