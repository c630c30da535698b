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

/* What painting touches per vertex, packed together: a union-find step
 * then costs one cache miss instead of three. */
typedef struct gr_hgraph_pvert {
    uint32_t uf; /* union-find parent: painted edges point upwards */
    uint32_t depth;
    uint32_t parent;
    uint32_t high;  /* result: greatest target depth over cover(v) */
    uint32_t paint; /* result: the back edge that realises it */
} gr_hgraph_pvert;

static uint32_t gr_hgraph_find(gr_hgraph_pvert *pv, uint32_t x)
{
    uint32_t r = x;
    while (pv[r].uf != r) {
        r = pv[r].uf;
    }
    while (pv[x].uf != r) {
        uint32_t next = pv[x].uf;
        pv[x].uf = r;
        x = next;
    }
    return r;
}

/* high and paint for every non-bridge tree edge of the wanted components;
 * pv[] has one entry per vertex. */
static gr_status gr_hgraph_paint(gr_arena *a, const gr_hgraph *g, const uint8_t *want,
                                 gr_hgraph_pvert *pv)
{
    uint32_t maxd = 0;
    for (uint32_t i = 0; i < g->nv; i++) {
        uint32_t v = g->order[i];
        pv[v].uf = v;
        pv[v].parent = g->vx[v].parent;
        /* preorder: the parent's depth is already there */
        pv[v].depth = i == 0 ? 0 : pv[pv[v].parent].depth + 1;
        maxd = pv[v].depth > maxd ? pv[v].depth : maxd;
    }
    /* The wanted back edges, from one pass over the edge list (a non-loop
     * attached edge is a back edge unless it entered its deeper end in
     * the DFS), counting-sorted by target depth, deepest first. */
    uint32_t *start = GR_ARENA_ARRAY(a, uint32_t, (size_t)maxd + 2);
    uint32_t *blo = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->nback);
    uint32_t *bhi = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->nback);
    uint32_t *bid = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->nback);
    uint32_t *sorted = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->nback);
    if (start == NULL || blo == NULL || bhi == NULL || bid == NULL || sorted == NULL) {
        return GR_ENOMEM;
    }
    uint32_t nb = 0;
    for (size_t e = 0; e < g->m; e++) {
        uint32_t u = g->edges[2 * e], v = g->edges[2 * e + 1];
        u = gr_hgraph_map(g, u);
        v = gr_hgraph_map(g, v);
        if (u == v || !gr_hgraph_attached(g, u)) {
            continue;
        }
        uint32_t lo = pv[u].depth > pv[v].depth ? u : v;
        uint32_t hi = lo == u ? v : u;
        if (g->vx[lo].parent_edge == (uint32_t)e || (want != NULL && !want[g->vx[hi].comp])) {
            continue;
        }
        blo[nb] = lo;
        bhi[nb] = hi;
        bid[nb] = (uint32_t)e;
        start[maxd - pv[hi].depth + 1]++;
        nb++;
    }
    for (uint32_t d = 0; d <= maxd; d++) {
        start[d + 1] += start[d];
    }
    for (uint32_t b = 0; b < nb; b++) {
        sorted[start[maxd - pv[bhi[b]].depth]++] = b;
    }
    uint32_t nsorted = start[maxd];
    for (uint32_t i = 0; i < nsorted; i++) {
        uint32_t b = sorted[i];
        uint32_t dhi = pv[bhi[b]].depth, id = bid[b];
        uint32_t x = gr_hgraph_find(pv, blo[b]);
        while (pv[x].depth > dhi) {
            pv[x].high = dhi;
            pv[x].paint = id;
            pv[x].uf = pv[x].parent;
            x = gr_hgraph_find(pv, pv[x].parent);
        }
    }
    gr_arena_free(a, sorted, (size_t)g->nback * sizeof(uint32_t));
    gr_arena_free(a, bid, (size_t)g->nback * sizeof(uint32_t));
    gr_arena_free(a, bhi, (size_t)g->nback * sizeof(uint32_t));
    gr_arena_free(a, blo, (size_t)g->nback * sizeof(uint32_t));
    gr_arena_free(a, start, ((size_t)maxd + 2) * sizeof(uint32_t));
    return GR_OK;
}

gr_status gr_hgraph_cuts_build(gr_arena *a, const gr_hgraph *g, const uint8_t *want,
                               gr_hgraph_cuts *out)
{
    const uint32_t n = g->n, nv = g->nv;
    memset(out, 0, sizeof(*out));
    gr_hgraph_pvert *pv = GR_ARENA_ARRAY_UNINIT(a, gr_hgraph_pvert, n);
    uint32_t *scratch = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *up = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *last = GR_ARENA_ARRAY_UNINIT(a, uint32_t, (size_t)g->max_cnt + 1);
    out->down = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    out->in_class = GR_ARENA_ARRAY(a, uint8_t, g->m);
    if (pv == NULL || scratch == NULL || up == NULL || last == NULL || out->down == NULL ||
        out->in_class == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = gr_hgraph_paint(a, g, want, pv);
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
    const gr_hgraph_vertex *vx = g->vx;
    uint32_t sp = 0;
    open[sp++] = g->root;
    for (uint32_t i = 1; i < nv; i++) {
        uint32_t v = g->order[i], p = g->vx[v].parent;
        while (open[sp - 1] != p) {
            uint32_t x = open[--sp];
            if (vx[x].cnt != 0) {
                last[vx[x].cnt] = scratch[x];
            }
        }
        up[v] = GR_HGRAPH_NONE;
        out->down[v] = GR_HGRAPH_NONE;
        if (vx[v].cnt != 0 && (want == NULL || want[g->vx[v].comp])) {
            uint32_t u = last[vx[v].cnt];
            if (u != GR_HGRAPH_NONE && pv[u].depth > pv[v].high) {
                up[v] = u;
            }
            scratch[v] = u;
            last[vx[v].cnt] = v;
        } else {
            /* A bridge or an unwanted component: shadow nothing.  Walking
             * it as an "unset" entry keeps the restore uniform. */
            if (vx[v].cnt != 0) {
                scratch[v] = last[vx[v].cnt];
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
        if (vx[v].cnt != 0 && up[v] == GR_HGRAPH_NONE && (want == NULL || want[g->vx[v].comp]) &&
            (vx[v].cnt == 1 || out->down[v] != GR_HGRAPH_NONE)) {
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
        if (!(vx[v].cnt != 0 && up[v] == GR_HGRAPH_NONE && (want == NULL || want[g->vx[v].comp]) &&
              (vx[v].cnt == 1 || out->down[v] != GR_HGRAPH_NONE))) {
            continue;
        }
        uint32_t size = 0, x = v, bottom = v;
        for (; x != GR_HGRAPH_NONE; x = out->down[x]) {
            out->in_class[g->vx[x].parent_edge] = 1;
            bottom = x;
            size++;
        }
        out->top[c] = v;
        out->back[c] = GR_HGRAPH_NONE;
        if (vx[v].cnt == 1) {
            /* cover == {b}: b closes the cycle of this class. */
            out->back[c] = pv[bottom].paint;
            out->in_class[pv[bottom].paint] = 1;
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
    gr_arena_free(a, pv, (size_t)n * sizeof(gr_hgraph_pvert));
    return GR_OK;
}

void gr_hgraph_cuts_release(gr_arena *a, const gr_hgraph *g, gr_hgraph_cuts *cuts)
{
    gr_arena_free(a, cuts->back, (size_t)cuts->nclass * sizeof(uint32_t));
    gr_arena_free(a, cuts->top, (size_t)cuts->nclass * sizeof(uint32_t));
    gr_arena_free(a, cuts->in_class, g->m);
    gr_arena_free(a, cuts->down, (size_t)g->n * sizeof(uint32_t));
    memset(cuts, 0, sizeof(*cuts));
}
