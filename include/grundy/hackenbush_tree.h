/*
 * Green Hackenbush on rooted trees and forests (docs/hackenbush.md).
 *
 * Every root stands on the ground; every other vertex hangs from its parent
 * by one edge.  Cutting the edge above a vertex removes that vertex's whole
 * subtree.  By the colon principle a vertex's children can be replaced by
 * one stick whose length is the XOR of theirs, so
 *
 *     g(v) = XOR over the children c of v of (g(c) + 1)
 *
 * and a forest is worth the XOR of g(root) over its roots (ground vertices
 * can be split and merged freely).
 *
 * Input is a parent array: parent[i] is vertex i's parent, GR_HTREE_ROOT
 * for a root.  Everything here is iterative (no recursion on depth), O(n)
 * time and memory, and allocates only from the arena passed in.
 */
#ifndef GRUNDY_HACKENBUSH_TREE_H
#define GRUNDY_HACKENBUSH_TREE_H

#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

#define GR_HTREE_ROOT UINT32_MAX
/* The most vertices a forest may have (ids must fit below GR_HTREE_ROOT). */
#define GR_HTREE_MAX_VERTICES (UINT32_MAX - 1u)

typedef struct gr_htree_input {
    const uint32_t *parent; /* parent[i] for i < n, or GR_HTREE_ROOT */
    uint32_t n;             /* number of vertices (0: the empty forest) */
} gr_htree_input;

/* A solved forest.  Arrays have n entries and live in the arena.  They are
 * indexed by POSITION in BFS order from the roots, not by vertex id: in
 * that order a parent's position precedes its children's and parents'
 * positions never decrease along the array, so the sweeps below stream
 * through memory instead of jumping around it (a random tree of 10^6
 * vertices is otherwise dominated by cache misses). */
typedef struct gr_htree {
    uint32_t n;
    uint32_t nroots;
    const uint32_t *parent; /* borrowed from the input, by vertex id */
    uint32_t *order;        /* position -> vertex id */
    uint32_t *up;           /* position -> parent's position, or
                               GR_HTREE_ROOT */
    uint64_t *grundy;       /* g of the subtree standing on that vertex */
    uint32_t *subtree;      /* vertices in that subtree = edges removed by
                               cutting the edge above it */
    uint64_t value;         /* XOR of g(root) over all roots */
} gr_htree;

/* A move: cut the edge parent -> child. */
typedef struct gr_htree_move {
    uint32_t parent;
    uint32_t child;
    uint32_t edges_removed;
} gr_htree_move;

/* Validates and solves.  GR_EINVAL when a parent id is neither
 * GR_HTREE_ROOT nor below n (*bad_vertex = that vertex) or when some vertex
 * is its own ancestor (*bad_vertex = the smallest vertex on any cycle);
 * GR_ELIMIT when n > GR_HTREE_MAX_VERTICES; GR_ENOMEM over budget.
 * bad_vertex may be NULL. */
gr_status gr_htree_solve(gr_arena *arena, const gr_htree_input *in,
                         gr_htree *out, uint32_t *bad_vertex);

/* Every move of the solved forest t to a position of value `target`
 * (target 0: the winning moves), in increasing order of child id.
 * *count receives how many there are; the first min(count, max) are
 * written to moves (which may be NULL when max is 0).  O(n). */
gr_status gr_htree_moves_to(gr_arena *arena, const gr_htree *t,
                            uint64_t target, gr_htree_move *moves,
                            uint64_t max, uint64_t *count);

/* The forest's value after cutting the edge above the vertex at BFS
 * position q (q's parent up[q] is not GR_HTREE_ROOT).  By the colon
 * principle only q's ancestors change: the parent p becomes
 * y = g(p) ^ (g(q) + 1), and each ancestor a above a changed child b
 * becomes g(a) ^ (g(b) + 1) ^ (y_b + 1).  O(depth of q): the depth is
 * added to *steps so a caller listing many cuts can bound its work. */
uint64_t gr_htree_value_after_cut(const gr_htree *t, uint32_t q, uint64_t *steps);

#endif
