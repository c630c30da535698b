/*
 * What Col and Snort share (include/grundy/graph_games.h): the position's
 * bytes, a move by either rule, the split into components and the
 * normalisation (src/core/graph_colouring.c).  Core-private.
 */
#ifndef GR_GRAPH_COLOURING_H
#define GR_GRAPH_COLOURING_H

#include <stdbool.h>

#include "grundy/graph_games.h"

/* Which of a vertex's neighbours' tints a colouring takes away: in Col the
 * colour just played (no two neighbours alike), in Snort the other one (no
 * two neighbours different). */
typedef enum gr_ggraph_rule { GR_GG_COL = 0, GR_GG_SNORT = 1 } gr_ggraph_rule;

static inline uint8_t gr_ggraph_forbids(gr_ggraph_rule rule, uint8_t colour)
{
    return rule == GR_GG_COL ? colour : (uint8_t)(colour ^ (GR_GG_LEFT | GR_GG_RIGHT));
}

/* The hooks of Col and Snort; the moves' ctx (gr_pg_rules.ctx) is the
 * game's gr_ggraph_rule. */
gr_pg_moves_fn gr_ggraph_moves;
gr_pg_split_fn gr_ggraph_split;
gr_pg_normalise_fn gr_ggraph_normalise;
gr_pg_count_fn gr_ggraph_count;

#endif
