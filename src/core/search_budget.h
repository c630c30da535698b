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
#include "grundy/cgt.h"
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

/* What the value searches (the ruleset engine, Domineering's, Coloured
 * Hackenbush's) start from: the arena they allocate in and poll, the
 * store their values are made in, and their node budget. */
typedef struct gr_value_search {
    gr_arena *arena;
    gr_cgt_store *store;
    uint64_t nodes, max_nodes;
} gr_value_search;

/* A zeroed engine of `size` bytes in arena whose first member is its
 * gr_value_search, set up; NULL when out of memory. */
static inline void *gr_value_search_new(gr_arena *arena, size_t size, gr_cgt_store *store,
                                        const gr_search_opts *opts)
{
    gr_value_search *vs = gr_arena_calloc(arena, 1, size);
    if (vs != NULL) {
        *vs = (gr_value_search){arena, store, 0, gr_search_max_nodes(opts)};
    }
    return vs;
}

/* One more position expanded by the value search. */
static inline gr_status gr_value_search_tick(gr_value_search *vs)
{
    return gr_search_tick(&vs->nodes, vs->max_nodes, vs->arena);
}

#endif
