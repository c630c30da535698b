/*
 * Green Hackenbush on graphs: the analysed position shared by the files
 * of this module (build, cuts, fold, moves).  Not a public header.
 *
 * Everything hangs off one depth-first search tree of the part attached to
 * the ground, rooted at the merged ground vertex.  In an undirected DFS
 * every non-tree edge joins a vertex to one of its ancestors ("back edge"),
 * so each tree edge (v, parent v) is described by the back edges that
 * cover it -- those with exactly one end in v's subtree:
 *   - it is a bridge iff no back edge covers it (cnt[v] == 0);
 *   - two edges form a 2-edge cut of their component iff they are covered
 *     by the same set of back edges (for a back edge: iff that set is
 *     {it}).  See hackenbush_graph_cuts.c.
 * The 2-edge-connected components are then the vertex sets left after
 * cutting the bridges, each a connected piece of the DFS tree whose first
 * vertex (its "root") is where it hangs from its parent component.
 */
#ifndef GR_HACKENBUSH_GRAPH_INTERNAL_H
#define GR_HACKENBUSH_GRAPH_INTERNAL_H

#include <stdbool.h>

#include "grundy/hackenbush_graph.h"

#define GR_HGRAPH_NONE UINT32_MAX

/* What the analysis keeps per attached vertex, in one record: the DFS
 * writes it in one go when v closes, and later passes find every field of
 * a vertex in one cache line rather than one line per array. */
typedef struct gr_hgraph_vertex {
    uint32_t parent;      /* parent vertex (NONE for the root) */
    uint32_t parent_edge; /* edge id from the parent (NONE likewise) */
    /* For v != root: back edges covering the tree edge (v, parent v);
     * 0 means a bridge. */
    uint32_t cnt;
    /* Over the part of v's subtree inside v's component: in_edges = edges
     * with both ends there, sub_value = XOR of g(D)+1 over the child
     * components D hanging there (colon principle).  For a component root
     * r: in_edges = k_C and g(C) = (k_C mod 2) XOR sub_value.  32 bits
     * hold it: a Grundy value is at most the number of edges, below 2^31
     * (GR_HGRAPH_MAX_EDGES), so each g(D)+1 and their XOR are below 2^32;
     * 24 bytes a vertex instead of 32. */
    uint32_t in_edges;
    uint32_t comp; /* component id */
    uint32_t sub_value;
} gr_hgraph_vertex;

struct gr_hgraph {
    uint32_t n;             /* vertices of the input */
    size_t m;               /* edges of the input */
    const uint32_t *edges;  /* the input's edge list (not copied) */
    const uint64_t *ground; /* bit v set: v is merged into root (a bitmap,
                               so the per-edge lookup stays in cache) */
    uint32_t root;          /* the merged ground vertex (first ground id) */

    /* DFS over the attached part, vertices in preorder. */
    uint32_t nv;              /* attached vertices */
    uint32_t *order;          /* order[0..nv): preorder; order[0] == root */
    const uint64_t *attached; /* bitmap: v reached from the ground */
    gr_hgraph_vertex *vx;     /* per vertex, valid for attached ones */
    uint32_t ncomp;
    uint32_t *comp_root; /* in creation order == preorder of roots */

    uint32_t nback; /* back edges (listed when moves need them) */
    uint32_t max_cnt;

    uint64_t grundy;
    uint64_t detached;
    uint64_t bridges;
    uint64_t attached_edges;
};

/* ---- 2-edge-cut classes (hackenbush_graph_cuts.c) -----------------------
 * For the components selected by want[comp] (NULL: all): every non-bridge
 * tree edge that shares a 2-edge-cut class with other edges is chained to
 * the next class edge below it.  A class is listed by its top vertex v_1
 * (tree edge (v_1, parent v_1)) in preorder; down[v_j] = v_{j+1} walks it
 * to the bottom v_m; back[cls] is the back edge id closing the class, or
 * NONE when the class is made of tree edges only (then m >= 2).
 * in_class[e] marks the edge ids of non-singleton classes. */
typedef struct gr_hgraph_cuts {
    uint32_t nclass;
    uint32_t *top;      /* nclass tops, in preorder */
    uint32_t *back;     /* nclass back-edge ids or NONE */
    uint32_t *down;     /* per vertex: next class vertex below or NONE */
    uint8_t *in_class;  /* per edge id */
    uint32_t max_class; /* most edges in one class */
} gr_hgraph_cuts;

gr_status gr_hgraph_cuts_build(gr_arena *arena, const gr_hgraph *g, const uint8_t *want,
                               gr_hgraph_cuts *out);
/* Gives the arrays of a built gr_hgraph_cuts back to the arena. */
void gr_hgraph_cuts_release(gr_arena *arena, const gr_hgraph *g, gr_hgraph_cuts *cuts);

/* ---- folding a path of pieces (hackenbush_graph_fold.c) ------------------
 * A path P_1 - P_2 - ... - P_k of fused pieces with weights w_1..w_k hangs
 * by P_1's edge from a parent.  By the colon principle the part from P_p
 * down to P_q's end contributes (w_p XOR (inner)) + 1 to its parent, so
 * with phi_j(y) = (w_j XOR y) + 1:
 *     out[p] = phi_1(phi_2(... phi_p(0))),  out[0] = 0,  p = 0..k.
 * bits: every value involved is below 2^bits (a Grundy value is at most
 * the number of edges, so bits <= 31).  Scratch comes from the arena;
 * O(k * bits). */
typedef struct gr_hgraph_folder gr_hgraph_folder;

gr_status gr_hgraph_folder_create(gr_arena *arena, size_t max_k, unsigned bits,
                                  gr_hgraph_folder **out);
void gr_hgraph_folder_release(gr_arena *arena, gr_hgraph_folder *f);
void gr_hgraph_fold_prefixes(gr_hgraph_folder *f, const uint64_t *w, size_t k, uint64_t *out);
/* The same by direct evaluation, O(k^2): small k, and a reference. */
void gr_hgraph_fold_prefixes_naive(const uint64_t *w, size_t k, uint64_t *out);

/* ---- one class's values (hackenbush_graph_moves.c) -----------------------
 * The scratch every class evaluation of one graph shares: the folder and
 * arrays of max_class + 2 entries (vx, w, fa, fb) and the outputs (edges,
 * values). */
typedef struct gr_hgraph_class_scratch {
    size_t mk;
    gr_hgraph_folder *folder;
    uint32_t *vx, *edges;
    uint64_t *w, *fa, *fb, *values;
} gr_hgraph_class_scratch;

gr_status gr_hgraph_class_scratch_create(gr_arena *a, const gr_hgraph *g,
                                         const gr_hgraph_cuts *cuts, gr_hgraph_class_scratch *s);
void gr_hgraph_class_scratch_release(gr_arena *a, gr_hgraph_class_scratch *s);
/* The value of class cls's component C (its whole subtree of the bridge
 * tree) after removing each of the class's edges: writes the edge ids and
 * the values to s->edges[] and s->values[] and returns how many (k + 1). */
uint32_t gr_hgraph_class_values(const gr_hgraph *g, const gr_hgraph_cuts *cuts, uint32_t cls,
                                gr_hgraph_class_scratch *s);
/* Bits of x (the folder's width for values up to x). */
unsigned gr_hgraph_bitlen(uint64_t x);

/* The vertex v stands for: the root for every ground vertex. */
static inline uint32_t gr_hgraph_map(const gr_hgraph *g, uint32_t v)
{
    return (g->ground[v >> 6] >> (v & 63) & 1u) ? g->root : v;
}

static inline bool gr_hgraph_attached(const gr_hgraph *g, uint32_t v)
{
    return g->attached[v >> 6] >> (v & 63) & 1u;
}

/* g(C) of the component C rooted at r. */
static inline uint64_t gr_hgraph_comp_value(const gr_hgraph *g, uint32_t r)
{
    return (uint64_t)(g->vx[r].in_edges & 1u) ^ g->vx[r].sub_value;
}

#endif
