/*
 * Red-Blue-Green Hackenbush (Winning Ways, ch. 1-2): an undirected
 * multigraph of blue, red and green edges, some vertices on the ground.
 * Left cuts a blue or a green edge, Right a red or a green one; whatever
 * is no longer connected to the ground falls away.  Who cannot move
 * loses.  Values are canonical forms (include/grundy/cgt.h),
 * docs/partizan.md "Coloured Hackenbush".
 *
 * Red-blue trees (no green edge, and the part standing on the ground is a
 * tree once the ground is one vertex) are valued without search, by
 * Berlekamp's rule: a vertex is worth the sum of its branches, and an edge
 * carrying a subtree worth x is worth, if blue, (x + n) / 2^(n-1) for the
 * least integer n >= 1 with x + n > 1 (so x + 1 when x > 0), and if red
 * the negative of the blue edge's value over -x.  A string (a path from
 * the ground) is the special case whose value is its sign expansion.
 *
 * A bundle of parallel edges hanging to a leaf is the same game as its
 * edges each on a leaf of its own, so it is split before the tree test
 * (k blue edges from the ground to one vertex: the tree worth k).  The
 * cuts of a tree are valued in about constant time each (jump tables over
 * the edges where Berlekamp's rule is x + 1 or x - 1).  A picture whose
 * edges in play are all green is Green Hackenbush: the fusion principle
 * values it in linear time, a nimber (include/grundy/hackenbush_graph.h).
 *
 * Every other position is valued by a canonical-form search over its
 * positions -- the sets of edges still standing, at most
 * GR_HBC_MAX_SEARCH_EDGES edges in play -- memoised, split into the parts
 * that meet only at the ground (independent games whose values add), on an
 * explicit stack, with a node budget (GR_ELIMIT past it).
 */
#ifndef GRUNDY_HACKENBUSH_COLORED_H
#define GRUNDY_HACKENBUSH_COLORED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/cgt.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_HBC_MAX_EDGES 16384        /* edges in a request: a cut of a tree costs its depth */
#define GR_HBC_MAX_SEARCH_EDGES 64    /* edges in play of a position that is searched */
#define GR_HBC_MAX_VERTEX 0x7FFFFFFFu /* vertex ids: 0 .. 2^31 - 1 */

typedef enum gr_hbc_colour { GR_HBC_BLUE = 0, GR_HBC_RED = 1, GR_HBC_GREEN = 2 } gr_hbc_colour;

typedef struct gr_hbc_input {
    size_t m;               /* edges */
    const uint32_t *edges;  /* edge i joins edges[2i] and edges[2i+1] */
    const uint8_t *colour;  /* colour[i]: a gr_hbc_colour */
    size_t ground_count;    /* at least 1 */
    const uint32_t *ground; /* ground vertex ids (repeats allowed) */
} gr_hbc_input;

typedef struct gr_hbc gr_hbc;

/* Builds the position.  GR_EINVAL for a bad colour or no ground vertex;
 * GR_ELIMIT when m > GR_HBC_MAX_EDGES, or when the position needs a search
 * and has more than GR_HBC_MAX_SEARCH_EDGES edges in play.  The input
 * arrays must outlive *out. */
gr_status gr_hbc_create(gr_arena *arena, gr_cgt_store *store, const gr_hbc_input *in,
                        const gr_search_opts *opts, gr_hbc **out);

/* Whether the position was valued by Berlekamp's rule (no search). */
bool gr_hbc_is_tree(const gr_hbc *g);

/* Whether request edge e is in play (standing on the ground). */
bool gr_hbc_in_play(const gr_hbc *g, size_t e);

/* The value.  GR_ELIMIT for a red-blue tree whose value (or a cut's) is
 * past the store's numbers (include/grundy/cgt.h: denominators up to
 * 2^GR_CGT_MAX_EXP) or Berlekamp's exact arithmetic (2^62); for a
 * searched position, past the node budget. */
gr_status gr_hbc_value(gr_hbc *g, gr_cgt *out);

/* The value after cutting request edge e (in play; GR_EINVAL otherwise). */
gr_status gr_hbc_after(gr_hbc *g, size_t e, gr_cgt *out);

/* A forecast of the positions the search of g expands, before it runs
 * (*nodes; 0 when there is none: a tree, all green, or edges that are
 * interchangeable).  The search values every part that can stand -- a
 * set of edges joined to the ground through vertices other than the
 * ground -- so their number is a floor of its nodes; it is estimated from
 * a fixed sample of the subsets of the edges in play (the same on every
 * machine).  docs/partizan.md, "Coloured Hackenbush's refusal". */
gr_status gr_hbc_estimate(const gr_hbc *g, uint64_t *nodes);

/* The positions the search has expanded so far (its node count). */
uint64_t gr_hbc_nodes(const gr_hbc *g);

#endif
