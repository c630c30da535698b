/*
 * Explicit finite game graphs that may loop: the generalised Sprague-Grundy
 * function (C. A. B. Smith 1966; A. S. Fraenkel and Y. Yesha 1986).
 *
 * A game graph has positions 0..n-1 and directed moves (cycles, self-loops
 * and repeated moves allowed).  Tokens stand on positions; a move slides one
 * token along one edge; the player who cannot move loses, and play may go on
 * for ever (a draw).
 *
 * Every position u gets a value gamma(u): a natural number, or infinity
 * together with K(u), the set of finite values among u's followers.  The
 * value of a sum of tokens (Smith):
 *   - all finite:            the XOR g; the first player wins iff g != 0;
 *   - exactly one infinite, infinity(K), the others XOR to a:
 *                            infinity(K XOR a) = { k ^ a : k in K }; the first
 *                            player wins iff a in K, otherwise a draw;
 *   - two or more infinite:  infinity(empty set); a draw.
 * A sum position is a second-player win exactly when its value is 0, so the
 * winning moves are the moves to a sum of value 0.
 *
 * Besides gamma the solver keeps Smith's counter function: the order in
 * which finite values were assigned.  It has the property (B') that if
 * gamma(u) is finite and a follower v of u has a larger or infinite value,
 * then v has a follower w with gamma(w) = gamma(u) assigned before u.  The
 * preferred winning move (see gr_ggraph_moves_to) uses it so that a player
 * who always plays it wins in finitely many moves.
 */
#ifndef GRUNDY_GAME_GRAPH_H
#define GRUNDY_GAME_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"
#include "grundy/value.h"

/* gamma(u) = infinity. */
#define GR_GGRAPH_INFINITY UINT64_MAX

/* The most moves a graph may have (offsets and counters are 32-bit). */
#define GR_GGRAPH_MAX_MOVES ((size_t)UINT32_MAX - 1)

typedef struct gr_ggraph {
    uint32_t positions;
    size_t moves;
    /* Followers of u: follow[follow_off[u] .. follow_off[u+1]), in the order
     * the moves were given (repeats kept). */
    const size_t *follow_off;
    const uint32_t *follow;
    /* gamma(u), or GR_GGRAPH_INFINITY. */
    const uint64_t *value;
    /* For finite u: the counter (0, 1, 2, ... in order of assignment). */
    const uint32_t *counter;
    /* For infinite u: K(u) = k[k_off[u] .. k_off[u+1]), increasing;
     * empty for finite u. */
    const size_t *k_off;
    const uint64_t *k;
    uint64_t max_finite;     /* the largest finite value (0 if none) */
    uint32_t infinite_count; /* positions of infinite value */
} gr_ggraph;

/* Computes gamma for the graph with `positions` positions and `nmoves`
 * moves moves[2i] -> moves[2i+1].  O((V + E) * (1 + max finite value)) time
 * in the worst case, O(V + E) memory.  GR_EINVAL if a move names a position
 * >= positions, GR_ELIMIT above GR_GGRAPH_MAX_MOVES, GR_ENOMEM over
 * budget. */
gr_status gr_ggraph_solve(gr_arena *arena, uint32_t positions,
                          const uint32_t *moves, size_t nmoves, gr_ggraph *out);

/* The value of position u as the value algebra takes it (grundy/value.h):
 * finite gamma(u), or infinity(K(u)) pointing into g. */
void gr_ggraph_value(const gr_ggraph *g, uint32_t u, gr_value *out);

/* The value of the sum of tokens on start[0..ntokens): the value algebra's
 * sum (gr_value_sum_of, Smith's rule) of the tokens' values, with what the
 * move search needs. */
typedef struct gr_ggraph_sum {
    bool finite;
    uint64_t value;         /* when finite: the XOR of all tokens */
    uint64_t finite_xor;    /* XOR of the finite tokens' values */
    size_t infinite_tokens; /* how many tokens stand on infinite positions */
    size_t first_infinite;  /* index of the first of them */
    const uint64_t *k;      /* when not finite: K of the sum, increasing */
    size_t nk;
    gr_outcome outcome;
} gr_ggraph_sum;

/* Positions in start[] must be < g->positions (GR_EINVAL otherwise). */
gr_status gr_ggraph_sum_value(gr_arena *arena, const gr_ggraph *g,
                              const uint32_t *start, size_t ntokens,
                              gr_ggraph_sum *out);

typedef struct gr_ggraph_move {
    size_t token;
    uint32_t from;
    uint32_t to;
} gr_ggraph_move;

/* The moves (one token along one edge; repeated edges to the same
 * destination count once) after which the sum has the finite value
 * `target` -- target 0 gives the winning moves.  Writes the first
 * min(max, count) of them, ordered by token and then by the order of the
 * edges, into moves[] (may be NULL when max is 0) and their number into
 * *count.
 *
 * When some exist, *best is the preferred one: the move whose resulting
 * multiset of (value, counter) pairs over the tokens is least (the
 * multiset ordering; ties to the earliest in the listing).  For target 0
 * this makes the strategy "always play *best" win in finitely many moves:
 * after each of the winner's moves that multiset is smaller than after the
 * previous one -- if the loser raised a token, reversing it to a follower
 * of the old value with a smaller counter (property B') is a candidate; if
 * the loser lowered a token, an ordinary Nim move on another token is --
 * and the multiset ordering is well founded (Dershowitz-Manna). */
gr_status gr_ggraph_moves_to(gr_arena *arena, const gr_ggraph *g,
                             const gr_ggraph_sum *sum, const uint32_t *start,
                             size_t ntokens, uint64_t target, uint64_t max,
                             gr_ggraph_move *moves, uint64_t *count,
                             gr_ggraph_move *best);

/* Remoteness of a single token (src/core/game_graph_remoteness.c): how
 * many moves the game lasts from u with perfect play, the winner hurrying
 * and the loser delaying; GR_GGRAPH_DRAWN for drawn positions.
 * (*out)[u] for u < positions, arena-allocated.  O(V + E). */
#define GR_GGRAPH_DRAWN UINT32_MAX
gr_status gr_ggraph_remoteness(gr_arena *arena, const gr_ggraph *g, uint32_t **out);

/* Remoteness of every sum of ntokens tokens, by retrograde analysis of the
 * product graph: (*out)[s] for the state s = sum_t pos_t * positions^t
 * (GR_GGRAPH_DRAWN when drawn), *nstates = positions^ntokens.  GR_ELIMIT
 * above GR_GGRAPH_PRODUCT_STATES states or GR_GGRAPH_PRODUCT_WORK edge
 * visits (the product is exponential in the tokens).  O(states * tokens *
 * (E / V + 1)). */
#define GR_GGRAPH_PRODUCT_STATES (1u << 18)
#define GR_GGRAPH_PRODUCT_WORK (1u << 25)
gr_status gr_ggraph_product_remoteness(gr_arena *arena, const gr_ggraph *g, size_t ntokens,
                                       uint32_t **out, size_t *nstates);

#endif
