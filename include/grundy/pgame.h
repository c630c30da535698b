/*
 * The partizan ruleset engine: any short partizan game given by its rules
 * (docs/partizan.md, "Rulesets").
 *
 * A ruleset (gr_pg_rules) says only how a position moves; the engine does
 * the rest, the same way for every game:
 *
 *   - a position is a string of bytes, in an encoding the ruleset chooses
 *     (at most GR_PG_MAX_POS bytes; the grid games of src/core/pgame_grid.h
 *     use rows, cols, then one character per cell);
 *   - `moves` emits, for Left or Right, every position after one move of
 *     that player, each with a move record (gr_pg_move: up to six numbers
 *     the ruleset's adapter prints, e.g. from, to, arrow);
 *   - `split` (optional) emits the independent regions of a position, whose
 *     values add (a Clobber board is a sum of its groups of stones); a
 *     region with no move for either player may be left out (it is 0);
 *   - `normalise` (optional) rewrites a region into one representative
 *     of the regions of the same value (crop to the bounding box, least of
 *     the board's symmetries) or of its negative (colours swapped: then
 *     *negated), so that transpositions share one memo entry.
 *
 * The engine answers:
 *   - gr_pg_value: the canonical form (include/grundy/cgt.h), memoised by
 *     normalised region bytes;
 *   - gr_pg_options: every move of one player with the value after it
 *     (all_moves; a winning move for Left is one to a value >= 0, for Right
 *     one to a value <= 0);
 *   - gr_pg_outcome: who wins moving first, and a winning move for each
 *     player, by an AND-OR search with a transposition table over whole
 *     positions, without any canonical form;
 *   - gr_pg_grundy / gr_pg_grundy_options: the impartial variant, where the
 *     player to move may make any move Left or Right could: its Grundy value
 *     (regions XOR) and every move with the Grundy value after it.
 *
 * Every search runs on explicit stacks in the arena (no recursion on the
 * game's depth), counts the positions it expands against the node budget of
 * gr_search_opts (GR_ELIMIT past it) and polls gr_arena_check (GR_ETIME,
 * GR_ECANCELLED).  An engine is used by one thread at a time; it keeps its
 * tables between calls, so asking for the value, then the options, then the
 * outcome of one position shares the work.
 *
 * Example: a stalk of Red-Blue-Green Hackenbush as a string of 'L', 'R',
 * 'G' edges from the ground up (tests/unit/test_pgame.c):
 *
 *     static gr_status stalk_moves(const void *ctx, const uint8_t *pos, size_t len,
 *                                  gr_pg_side side, gr_pg_sink *sink)
 *     {
 *         for (size_t i = 0; i < len; i++) {
 *             if (pos[i] == 'G' || pos[i] == (side == GR_PG_LEFT ? 'L' : 'R')) {
 *                 gr_pg_move m = {{(int32_t)i}};
 *                 gr_status st = gr_pg_emit(sink, pos, i, &m); // cut edge i: i edges stay
 *                 if (st != GR_OK) return st;
 *             }
 *         }
 *         return GR_OK;
 *     }
 *     static const gr_pg_rules stalk = {"stalk", stalk_moves, NULL, NULL, NULL, NULL};
 *
 *     gr_pg *g;  gr_cgt v;
 *     gr_pg_create(arena, store, &stalk, NULL, NULL, &g);
 *     gr_pg_value(g, (const uint8_t *)"LR", 2, &v);     // 1/2
 */
#ifndef GRUNDY_PGAME_H
#define GRUNDY_PGAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/cgt.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_PG_MAX_POS 1024 /* bytes of one position (GR_ELIMIT past it) */
#define GR_PG_MOVE_WORDS 6

typedef enum gr_pg_side { GR_PG_LEFT = 0, GR_PG_RIGHT = 1 } gr_pg_side;

/* A move as its ruleset records it (unused words 0). */
typedef struct gr_pg_move {
    int32_t w[GR_PG_MOVE_WORDS];
} gr_pg_move;

/* Where a ruleset's `moves` and `split` hand their positions: the engine
 * makes it, the ruleset only passes it to gr_pg_emit. */
typedef struct gr_pg_sink gr_pg_sink;
struct gr_pg_sink {
    gr_status (*emit)(gr_pg_sink *sink, const uint8_t *pos, size_t len, const gr_pg_move *move);
};

/* Hands one position (after a move, or a region) to the engine, which has
 * finished with pos when it returns; move NULL for a region.  A ruleset
 * returns a status other than GR_OK at once. */
gr_status gr_pg_emit(gr_pg_sink *sink, const uint8_t *pos, size_t len, const gr_pg_move *move);

/* The hooks of a ruleset, typed once: a hook shared by several rulesets
 * is declared by its type (`gr_pg_split_fn gr_grid_split;`).
 *
 * moves: every move of `side` from pos, gr_pg_emit(sink, after, len,
 * &move) each.  split: the independent regions of pos,
 * gr_pg_emit(sink, region, len, NULL) each.  normalise: writes into out
 * (GR_PG_MAX_POS bytes) a position equal to pos, or to -pos with *negated
 * set.  count: how many moves `side` has from pos, as many as `moves`
 * would emit, without making the positions (the outcome searches order a
 * position's moves by the replies each leaves, so they count the moves of
 * every child they make). */
typedef gr_status gr_pg_moves_fn(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                                 gr_pg_sink *sink);
typedef gr_status gr_pg_split_fn(const void *ctx, const uint8_t *pos, size_t len, gr_pg_sink *sink);
typedef gr_status gr_pg_normalise_fn(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                                     size_t *out_len, bool *negated);
typedef gr_status gr_pg_count_fn(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                                 uint32_t *out);

typedef struct gr_pg_rules {
    const char *name;
    gr_pg_moves_fn *moves;
    gr_pg_split_fn *split;         /* optional (NULL: a position is one region) */
    gr_pg_normalise_fn *normalise; /* optional (NULL: as it is) */
    /* Optional: the ruleset's own fixed data (the grid games' pieces,
     * regions and normal form), the hooks' ctx when gr_pg_create has none. */
    const void *ctx;
    gr_pg_count_fn *count; /* optional (NULL: the moves are made and counted) */
} gr_pg_rules;

typedef struct gr_pg gr_pg;

/* An engine for `rules` (ctx: the ruleset's fixed data, e.g. a graph,
 * passed to every hook, NULL for rules->ctx; both must outlive g).  Values
 * are made in store, which the caller may share with other games to add
 * their values. */
gr_status gr_pg_create(gr_arena *arena, gr_cgt_store *store, const gr_pg_rules *rules,
                       const void *ctx, const gr_search_opts *opts, gr_pg **out);

/* The canonical value of pos (the sum of its regions'). */
gr_status gr_pg_value(gr_pg *g, const uint8_t *pos, size_t len, gr_cgt *out);

/* One move and what it leads to: the canonical value (gr_pg_options) or
 * the impartial variant's Grundy value (gr_pg_grundy_options). */
typedef struct gr_pg_option {
    gr_pg_move move;
    gr_cgt after;
    unsigned grundy;
} gr_pg_option;

/* Every move of `side` from pos, in the ruleset's order, with the value
 * after it: *out an arena array of *n. */
gr_status gr_pg_options(gr_pg *g, const uint8_t *pos, size_t len, gr_pg_side side,
                        gr_pg_option **out, size_t *n);

/* Who wins moving first from pos, by search: *left_wins and then a
 * winning move in *left_move (either may be NULL), the same for Right. */
gr_status gr_pg_outcome(gr_pg *g, const uint8_t *pos, size_t len, bool *left_wins,
                        gr_pg_move *left_move, bool *right_wins, gr_pg_move *right_move);

/* The impartial variant: its Grundy value. */
gr_status gr_pg_grundy(gr_pg *g, const uint8_t *pos, size_t len, unsigned *out);

/* The impartial variant's moves: Left's then Right's (one of Right's with
 * the same record as one of Left's is left out), each with the Grundy
 * value after it (`after` unset). */
gr_status gr_pg_grundy_options(gr_pg *g, const uint8_t *pos, size_t len, gr_pg_option **out,
                               size_t *n);

/* A forecast of the value search's cost from pos (gr_pg_estimate): the
 * distinct normalised regions reachable, each of which the value search
 * (and the impartial variant's) expands once or twice. */
typedef struct gr_pg_forecast {
    uint64_t nodes;    /* the forecast: regions (exact when complete) */
    uint64_t found;    /* distinct regions the probe met */
    uint64_t expanded; /* regions it expanded (at most the probe) */
    unsigned levels;   /* levels (moves from pos) it finished */
    bool complete;     /* it met every region: nodes is exact */
} gr_pg_forecast;

/* Enumerates the regions reachable from pos breadth-first, by hashing
 * only (no values), expanding at most `probe` of them, and extrapolates
 * the levels' growth (src/core/pgame_estimate.c).  Counts, not the clock:
 * the same on every machine.  Leaves the engine's tables as they were
 * (its own are in the arena); GR_ETIME / GR_ECANCELLED from the arena. */
gr_status gr_pg_estimate(gr_pg *g, const uint8_t *pos, size_t len, uint64_t probe,
                         gr_pg_forecast *out);

/* Sets the node budget of g's searches from now on: at most max_nodes
 * positions expanded in all (those expanded so far count), 0 the default;
 * a probe under a small budget then the full search share their tables. */
void gr_pg_set_budget(gr_pg *g, uint64_t max_nodes);

/* Positions the searches expanded so far and the tables' sizes. */
void gr_pg_stats(const gr_pg *g, gr_search_stats *out);

#endif
