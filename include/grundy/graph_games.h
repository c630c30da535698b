/*
 * Partizan games of colouring a graph's vertices, as rulesets of the engine
 * of include/grundy/pgame.h (docs/partizan.md, "Rulesets"): Left colours
 * an uncoloured vertex blue, Right one red;
 *
 *   Col    no two adjacent vertices may have the same colour;
 *   Snort  no two adjacent vertices may have different colours.
 *
 * A coloured vertex plays no further part but to forbid colours to its
 * neighbours, so a position keeps only the uncoloured vertices, each with
 * who may still colour it (its "tint": Left, Right or both; a vertex no
 * one may colour is dropped), and the edges between them.  Regions are the
 * connected components.  A position's bytes: the number k of vertices,
 * then per vertex its tint (GR_GG_LEFT | GR_GG_RIGHT) and its vertex
 * number in the request (two bytes, little-endian; 0 once normalised),
 * then the upper triangle of the adjacency matrix, a bit per pair, so at
 * most GR_GG_MAX_LIVE vertices fit in GR_PG_MAX_POS bytes.
 *
 * Moves {vertex, colour}: the vertex number of the request and the colour
 * played (GR_GG_LEFT or GR_GG_RIGHT), which tells the impartial variant's
 * two moves on one vertex apart.
 */
#ifndef GRUNDY_GRAPH_GAMES_H
#define GRUNDY_GRAPH_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/pgame.h"
#include "grundy/status.h"

#define GR_GG_MAX_LIVE 100       /* uncoloured vertices someone may still colour */
#define GR_GG_MAX_VERTICES 65536 /* vertex numbers of a request */

enum { GR_GG_LEFT = 1, GR_GG_RIGHT = 2 }; /* tints, and colours: blue, red */

extern const gr_pg_rules gr_pg_col;
extern const gr_pg_rules gr_pg_snort;

/* The position of a graph of n vertices and m edges (u, v distinct, below
 * n; repeats allowed) whose vertex i has colour colours[i] (0 none,
 * GR_GG_LEFT blue, GR_GG_RIGHT red; colours may be NULL: none), for
 * `rules` (gr_pg_col or gr_pg_snort), in out (GR_PG_MAX_POS bytes);
 * scratch from a.
 * GR_EINVAL when two coloured vertices break the rule (*bad: the edge),
 * GR_ELIMIT past GR_GG_MAX_VERTICES vertices or GR_GG_MAX_LIVE vertices
 * someone may colour. */
gr_status gr_ggraph_position(gr_arena *a, const gr_pg_rules *rules, size_t n,
                         const uint32_t (*edges)[2], size_t m, const uint8_t *colours, uint8_t *out,
                         size_t *len, size_t *bad);

#endif
