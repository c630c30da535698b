/*
 * Green Hackenbush on arbitrary graphs (docs/hackenbush.md).
 *
 * A position is an undirected multigraph: loops and parallel edges are
 * allowed, and any number of vertices stand on the ground.  A move deletes
 * one edge; whatever is no longer connected to the ground falls away.
 *
 * Value (fusion principle + colon principle): every ground vertex is merged
 * into one root; each 2-edge-connected component C of the part attached to
 * the ground fuses to one node whose k_C non-bridge edges become loops, a
 * loop being worth a stick of length 1; the bridges then form a tree rooted
 * at the ground's component and
 *     g(C) = (k_C mod 2) XOR  XOR_{child D} (g(D) + 1).
 * O(V + E) time and memory, no recursion.
 *
 * Moves to any target value (a winning move is a move to 0; /v1/sum asks
 * for other targets): O((V + E) log E) for every such move at once -- see
 * src/core/hackenbush_graph_moves.c for the method.
 */
#ifndef GRUNDY_HACKENBUSH_GRAPH_H
#define GRUNDY_HACKENBUSH_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

/* Most edges a position may have: adjacency offsets (two per edge) are
 * uint32_t. */
#define GR_HGRAPH_MAX_EDGES 0x7FFFFFFFu
#define GR_HGRAPH_MAX_VERTICES 0xFFFFFFFFu /* ids up to 2^32 - 2 */

typedef struct gr_hgraph_input {
    uint32_t n;             /* vertices 0 .. n-1 */
    size_t m;               /* edges */
    const uint32_t *edges;  /* edge i joins edges[2i] and edges[2i+1] */
    size_t ground_count;    /* at least 1 */
    const uint32_t *ground; /* ground vertex ids (repeats allowed) */
} gr_hgraph_input;

/* The analysed position; arena-owned, read-only after gr_hgraph_solve. */
typedef struct gr_hgraph gr_hgraph;

typedef struct gr_hgraph_summary {
    uint64_t grundy;
    uint64_t detached_edges; /* edges not connected to the ground */
    uint64_t bridges;        /* bridges among the attached edges */
    uint64_t components;     /* 2-edge-connected components of the attached
                                part (nodes of the bridge tree, single
                                vertices included) */
} gr_hgraph_summary;

/* Analyses the position.  GR_EINVAL if an id is out of range, there is no
 * ground vertex or m is too large; GR_ENOMEM when the arena's budget runs
 * out.  The input arrays must outlive *out.  Memory is proportional to
 * V + E; when n is far above the ids in use they are relabelled first, so
 * a huge sparse id space costs nothing. */
gr_status gr_hgraph_solve(gr_arena *arena, const gr_hgraph_input *in, gr_hgraph **out);

void gr_hgraph_summarize(const gr_hgraph *g, gr_hgraph_summary *out);

/* Every edge whose removal leaves a position of value `target`.  Stops
 * after `limit` moves when limit > 0 (0: all).  *moves (arena-allocated,
 * *count entries) lists request edge indices in a fixed order: the first
 * one is the same whatever the limit, so a single winning move and the
 * head of the full list agree.  The order: bridges (down the bridge
 * tree), then edges alone in their 2-edge-cut class (by index), then the
 * other non-bridge edges class by class. */
gr_status gr_hgraph_moves_to(gr_arena *arena, const gr_hgraph *g, uint64_t target, size_t limit,
                             uint32_t **moves, size_t *count);

/* Whether request edge e is in play (attached to the ground, so removing
 * it is a move). */
bool gr_hgraph_edge_in_play(const gr_hgraph *g, size_t e);

/* The position's value after removing each of edges[0..k) (request edge
 * ids, each in play) into values[].  Bridges and edges alone in their
 * 2-edge-cut class are O(1) locally, other non-bridge edges one fold of
 * their class (the cut classes are built once, O(V + E), when one is
 * listed); then the changed component's value is walked up the bridge
 * tree, O(its depth): GR_ELIMIT once those walks pass max_steps steps in
 * all.  GR_EINVAL for an edge not in play. */
gr_status gr_hgraph_values_after(gr_arena *arena, const gr_hgraph *g, const uint32_t *edges,
                                 size_t k, uint64_t max_steps, uint64_t *values);

#endif
