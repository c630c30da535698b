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
 *
 * The three games are also one kind of object: each game's handle holds a
 * gr_search_root (its root position as parts whose values XOR, and its
 * moves as the game lists them), and gr_nk_value, gr_cram_moves, ... are
 * that root's value and moves under the game's types.  A caller that
 * treats the games alike (the JSON layer's move hooks) takes the root
 * (gr_nk_root, gr_cram_root, gr_chomp_root) and asks it through the
 * functions below: the same code path, so the typed and the generic
 * answers cannot differ.
 */
#ifndef GRUNDY_SEARCH_H
#define GRUNDY_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

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

/* A game solved by search, whichever it is (see the top). */
typedef struct gr_search_root gr_search_root;

/* The Grundy value (the parts' XOR), computed once and kept.  GR_ELIMIT
 * past the node budget; GR_ETIME / GR_ECANCELLED from the arena's stop
 * conditions. */
gr_status gr_search_value(gr_search_root *r, unsigned *value);

/* Moves in the game's order.  target < 0: every move, each with the value
 * it leads to; target >= 0: the moves to positions of that value.  out is
 * an array of the game's move struct (gr_nk_move, gr_cram_move,
 * gr_chomp_move: gr_search_move_size bytes each); writes at most max of
 * them and the number of such moves into *count -- all of them when
 * count_all, else the search stops once max are found. */
gr_status gr_search_moves(gr_search_root *r, int target, void *out, size_t max, bool count_all,
                          size_t *count);

/* sizeof the game's move struct, and the value after the move at `move`
 * (its grundy field). */
size_t gr_search_move_size(const gr_search_root *r);
unsigned gr_search_move_grundy(const gr_search_root *r, const void *move);

void gr_search_root_stats(const gr_search_root *r, gr_search_stats *out);

#endif
