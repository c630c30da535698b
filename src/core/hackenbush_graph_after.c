/*
 * Green Hackenbush on graphs: the value after removing given edges, for
 * the analysis board's list of every move (all_moves).
 *
 * Removing edge e changes one component of the bridge tree and, through
 * the colon principle, only that component's ancestors:
 *   - a bridge above component D: D's subtree falls, so its parent
 *     component P becomes g(P) XOR (g(D) + 1);
 *   - a non-bridge edge alone in its 2-edge-cut class: C stays
 *     2-edge-connected and loses one loop, g(C) XOR 1 (parity principle);
 *   - an edge of a larger class: C splits into a path of pieces; the value
 *     of C's subtree is the class fold of hackenbush_graph_moves.c, which
 *     gives it for every edge of the class at once.
 * Then each ancestor A above a changed child X (old value g(X), new y)
 * becomes g(A) XOR (g(X) + 1) XOR (y + 1), up to the root component, whose
 * new value is the position's.  The walk costs the depth of the changed
 * component in the bridge tree; the caller bounds the total -- there is no known way to evaluate
 * these compositions of y -> (a XOR y) + 1 at arbitrary points for every edge in linear time (the
 * fold evaluates them at 0 along one path, which is what a target pushed down the tree needs, not
 * this).
 */
#include <string.h>

#include "core/hackenbush_graph_internal.h"

/* The edge's kind: 0 detached, 1 bridge, 2 non-bridge. */
static int gr_hgraph_edge_kind(const gr_hgraph *g, size_t e, uint32_t *lower)
{
    uint32_t u = gr_hgraph_map(g, g->edges[2 * e]);
    uint32_t v = gr_hgraph_map(g, g->edges[2 * e + 1]);
    if (!gr_hgraph_attached(g, u)) {
        return 0;
    }
    *lower = g->vx[u].parent_edge == e ? u : v;
    if (u != v && g->vx[*lower].parent_edge == e && g->vx[*lower].cnt == 0) {
        return 1;
    }
    *lower = u;
    return 2;
}

bool gr_hgraph_edge_in_play(const gr_hgraph *g, size_t e)
{
    uint32_t lower;
    return e < g->m && gr_hgraph_edge_kind(g, e, &lower) != 0;
}

/* The values of C after removing each listed class edge: local[i] for
 * the listed edges whose slot says so. */
static gr_status gr_hgraph_class_locals(gr_arena *a, const gr_hgraph *g, const uint32_t *slot,
                                        uint64_t *local)
{
    gr_hgraph_cuts cuts;
    gr_status st = gr_hgraph_cuts_build(a, g, NULL, &cuts);
    if (st != GR_OK) {
        return st;
    }
    gr_hgraph_class_scratch sc;
    if ((st = gr_hgraph_class_scratch_create(a, g, &cuts, &sc)) != GR_OK) {
        return st;
    }
    for (uint32_t cls = 0; cls < cuts.nclass; cls++) {
        /* fold only the classes holding a listed edge */
        bool needed = cuts.back[cls] != GR_HGRAPH_NONE && slot[cuts.back[cls]] != GR_HGRAPH_NONE;
        for (uint32_t x = cuts.top[cls]; x != GR_HGRAPH_NONE && !needed; x = cuts.down[x]) {
            needed = slot[g->vx[x].parent_edge] != GR_HGRAPH_NONE;
        }
        if (!needed) {
            continue;
        }
        uint32_t n = gr_hgraph_class_values(g, &cuts, cls, &sc);
        for (uint32_t i = 0; i < n; i++) {
            if (slot[sc.edges[i]] != GR_HGRAPH_NONE) {
                local[slot[sc.edges[i]]] = sc.values[i];
            }
        }
        if ((cls & 1023u) == 0 && (st = gr_arena_check(a)) != GR_OK) {
            break;
        }
    }
    gr_hgraph_class_scratch_release(a, &sc);
    gr_hgraph_cuts_release(a, g, &cuts);
    return st;
}

gr_status gr_hgraph_values_after(gr_arena *a, const gr_hgraph *g, const uint32_t *edges, size_t k,
                                 uint64_t max_steps, uint64_t *values)
{
    /* start[i]: the component whose subtree value changes first, to
     * local[i] */
    uint32_t *start = GR_ARENA_ARRAY_UNINIT(a, uint32_t, k + 1);
    uint64_t *local = GR_ARENA_ARRAY_UNINIT(a, uint64_t, k + 1);
    if (start == NULL || local == NULL) {
        return GR_ENOMEM;
    }
    uint32_t *slot = NULL; /* per edge id: its index among the listed class edges */
    for (size_t i = 0; i < k; i++) {
        uint32_t lower;
        int kind = gr_hgraph_edge_kind(g, edges[i], &lower);
        if (kind == 0) {
            return GR_EINVAL;
        }
        uint32_t comp = g->vx[lower].comp;
        uint64_t gc = gr_hgraph_comp_value(g, g->comp_root[comp]);
        if (kind == 1) {
            uint32_t pc = g->vx[g->vx[lower].parent].comp;
            start[i] = pc;
            local[i] = gr_hgraph_comp_value(g, g->comp_root[pc]) ^ (gc + 1);
            continue;
        }
        start[i] = comp;
        local[i] = gc ^ 1u; /* alone in its class, unless the cuts say otherwise */
        if (slot == NULL) {
            slot = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->m);
            if (slot == NULL) {
                return GR_ENOMEM;
            }
            memset(slot, 0xff, g->m * sizeof(uint32_t));
        }
        slot[edges[i]] = (uint32_t)i;
    }
    if (slot != NULL) {
        gr_status st = gr_hgraph_class_locals(a, g, slot, local);
        gr_arena_free(a, slot, g->m * sizeof(uint32_t));
        if (st != GR_OK) {
            return st;
        }
    }
    uint64_t walked = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t x = start[i];
        uint64_t y = local[i];
        while (x != 0) {
            uint32_t r = g->comp_root[x];
            uint32_t p = g->vx[g->vx[r].parent].comp;
            y = gr_hgraph_comp_value(g, g->comp_root[p]) ^ (gr_hgraph_comp_value(g, r) + 1) ^
                (y + 1);
            x = p;
            if (++walked > max_steps) {
                return GR_ELIMIT;
            }
            if ((walked & 4095u) == 0) {
                gr_status st = gr_arena_check(a);
                if (st != GR_OK) {
                    return st;
                }
            }
        }
        values[i] = y;
    }
    return GR_OK;
}
