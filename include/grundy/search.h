/*
 * Games solved by search: the options and figures shared by Node Kayles,
 * Cram and Chomp (include/grundy/node_kayles.h, cram.h, chomp.h).
 *
 * These games have no formula.  Their values come from one search engine
 * (src/core/search.c): canonical bitboard encodings, independent
 * components XORed (Sprague-Grundy), a transposition table in the
 * request's arena, an explicit stack, and the pruned mex of Beling and
 * Rogalski ("On pruning search trees of impartial games", Artificial
 * Intelligence 283, 2020).  The work a position needs cannot be read off
 * its size, so a search carries a node budget: past it the solver stops
 * with GR_ELIMIT ("the position is too large").  It also polls the
 * arena's stop conditions (deadline, cancellation).
 */
#ifndef GRUNDY_SEARCH_H
#define GRUNDY_SEARCH_H

#include <stdint.h>

/* Nodes (positions expanded, i.e. transposition-table misses) one request
 * may search; sized to about 10 s of work on one core of the reference
 * machine (bench/RESULTS.md, "Games solved by search"). */
#define GR_SEARCH_DEFAULT_NODES 4000000ULL

/* The most moves a single component may have: nimbers are kept in
 * 256-bit sets, and a value never exceeds the number of moves. */
#define GR_SEARCH_MAX_MOVES 255

typedef struct gr_search_opts {
    uint64_t max_nodes; /* 0: GR_SEARCH_DEFAULT_NODES */
} gr_search_opts;

/* What a search did, for benchmarks and tests. */
typedef struct gr_search_stats {
    uint64_t nodes;      /* positions expanded */
    uint64_t tt_hits;    /* transposition-table answers */
    uint64_t tt_stored;  /* values stored */
    uint64_t tt_entries; /* table capacity at the end */
} gr_search_stats;

#endif
