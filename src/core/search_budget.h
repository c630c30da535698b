/*
 * The node budget every search of the core keeps (the impartial engine of
 * search.c, Domineering's value and outcome searches, Coloured
 * Hackenbush): how many positions it may expand (gr_search_opts, 0 the
 * default), and the count of one more, which stops the search with
 * GR_ELIMIT past the budget and polls the arena's stop conditions (time,
 * cancellation) every GR_SEARCH_CHECK_EVERY positions, so a long search
 * stops soon after its request is given up.
 */
#ifndef GR_SEARCH_BUDGET_H
#define GR_SEARCH_BUDGET_H

#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_SEARCH_CHECK_EVERY 1024u

/* The positions a search with these options may expand. */
static inline uint64_t gr_search_max_nodes(const gr_search_opts *opts)
{
    return opts != NULL && opts->max_nodes != 0 ? opts->max_nodes : GR_SEARCH_DEFAULT_NODES;
}

/* One more position expanded (*nodes counts them). */
static inline gr_status gr_search_tick(uint64_t *nodes, uint64_t max_nodes, gr_arena *arena)
{
    if (++*nodes > max_nodes) {
        return GR_ELIMIT;
    }
    return *nodes % GR_SEARCH_CHECK_EVERY == 0 ? gr_arena_check(arena) : GR_OK;
}

#endif
