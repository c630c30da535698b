/*
 * Node Kayles: a move picks a vertex of an undirected graph and removes it
 * with all its neighbours; who cannot move loses.  Solved by the search
 * engine (include/grundy/search.h): each connected component is searched
 * on its own (at most GR_NK_MAX_COMPONENT vertices, one bit each) and the
 * values are XORed.
 */
#ifndef GRUNDY_NODE_KAYLES_H
#define GRUNDY_NODE_KAYLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_NK_MAX_COMPONENT 64

typedef struct gr_nk gr_nk;

typedef struct gr_nk_move {
    uint32_t vertex;
    unsigned grundy; /* the value of the position after the move */
} gr_nk_move;

/* The graph on vertices 0..n-1 with edges (edges[2i], edges[2i+1]), i < m;
 * loops and repeated edges change nothing.  GR_EINVAL when an id is >= n
 * (*bad = the edge's index); GR_ELIMIT when a connected component has more
 * than GR_NK_MAX_COMPONENT vertices (*bad = its least vertex). */
gr_status gr_nk_create(gr_arena *arena, uint32_t n, const uint32_t *edges, size_t m,
                       const gr_search_opts *opts, gr_nk **out, size_t *bad);

/* The Grundy value (the components' XOR).  GR_ELIMIT past the node
 * budget; GR_ETIME / GR_ECANCELLED from the arena's stop conditions. */
gr_status gr_nk_value(gr_nk *g, unsigned *value);

/* Moves in vertex order.  target < 0: every move, each with the value it
 * leads to; target >= 0: the moves to positions of that value.  Writes at
 * most max into out and the number of such moves into *count -- all of
 * them when count_all, else the search stops once max are found. */
gr_status gr_nk_moves(gr_nk *g, int target, gr_nk_move *out, size_t max, bool count_all,
                      size_t *count);

void gr_nk_stats(const gr_nk *g, gr_search_stats *out);

/* g as the engine's generic game (include/grundy/search.h): the same value
 * and moves through gr_search_value / gr_search_moves. */
gr_search_root *gr_nk_root(gr_nk *g);

#endif
