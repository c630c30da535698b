/*
 * Components of a sum searched as positions, not as canonical forms
 * (src/core/sum_position.c): a Domineering region, or a region of a
 * ruleset of the engine (include/grundy/pgame.h; src/core/sum_position_pg.c),
 * whose canonical form would cost more than the outcome of the sum it is in.  The sum search
 * (gr_cgt_sum_wins_pos, cgt_sum.c) plays such a region move by move: each
 * region gets a handle of its own (GR_SUM_POS_BIT set, never a store's
 * handle), one per region up to the symmetries that keep a domino's
 * orientation, so equal regions share a handle and the search's
 * transposition key (its sorted handles) holds the regions' keys.  After a
 * move the region splits into its connected regions; a small one is
 * valued by the value search (memoised) and becomes a canonical form.
 */
#ifndef GRUNDY_SUM_POSITION_H
#define GRUNDY_SUM_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/cgt.h"
#include "grundy/pgame.h"
#include "grundy/search.h"
#include "grundy/status.h"

#define GR_SUM_POS_BIT 0x80000000u
/* The most handles a component's position, or what a move in a region
 * leaves, stands for (gr_sum_pos_move's out). */
#define GR_SUM_POS_OUT 32

typedef struct gr_sum_pos gr_sum_pos;

/* The regions' table, the value search of small regions (sharing store and
 * opts' node budget) and the sum search's table kept between searches. */
gr_status gr_sum_pos_new(gr_arena *arena, gr_cgt_store *store, const gr_search_opts *opts,
                         gr_sum_pos **out);

static inline bool gr_sum_pos_is(gr_cgt h)
{
    return (h & GR_SUM_POS_BIT) != 0;
}

/* A Domineering position (empty cells `empty`, width cols, at most 64
 * cells) as the handles of its regions: a region with few cells (or one
 * player's moves only) by its canonical value, a larger one by a
 * position handle.  At most 32 handles (a region has two cells at least);
 * regions where no domino fits are left out. */
gr_status gr_sum_pos_domineering(gr_sum_pos *p, uint64_t empty, unsigned cols, gr_cgt *out,
                                 size_t *n);

/* A position of the ruleset engine's `rules` (ctx as gr_pg_create takes
 * it) as handles: its regions (rules->split) normalised, each by its
 * canonical value when the value search finds it within a small node
 * budget (GR_SUM_POS_PG_SMALL), else by a position handle (one per
 * normalised region and sign), at most GR_SUM_POS_OUT handles (the valued
 * ones added up when there are more; GR_ELIMIT when the position handles
 * alone are more).  The regions' value searches share the node budget of
 * gr_sum_pos_new's opts (GR_ELIMIT past it). */
gr_status gr_sum_pos_ruleset(gr_sum_pos *p, const gr_pg_rules *rules, const void *ctx,
                             const uint8_t *pos, size_t len, gr_cgt *out, size_t *n);

/* Every move of the player (left: Left) in that position, in the
 * ruleset's order: (*moves)[k] its record and after[k * GR_SUM_POS_OUT ..]
 * the nafter[k] handles of the position after it (arena arrays, *n
 * moves). */
gr_status gr_sum_pos_ruleset_moves(gr_sum_pos *p, const gr_pg_rules *rules, const void *ctx,
                                   const uint8_t *pos, size_t len, bool left, gr_pg_move **moves,
                                   gr_cgt **after, size_t **nafter, size_t *n);

/* Move j (0, 1, ...) of the player (left: Left) in position handle h, in
 * the search's move order: the handles of the position after it in
 * out[0 .. *n) (at most 32); *has false when h has no move j. */
gr_status gr_sum_pos_move(gr_sum_pos *p, gr_cgt h, bool left, uint32_t j, gr_cgt *out, size_t *n,
                          bool *has);

/* A sum of position handles h[0 .. n) and the integer x, the player to
 * move (left: Left), settled by counting, as Obsequi's safe moves do: the
 * mover's dominoes that no move of the opponent can touch (disjoint, on
 * cells only the mover can cover) against the most dominoes the opponent
 * can ever place (floor(run / 2) in each of its runs), an integer n > 0
 * counting n of both for Left (-n for Right).  More sure moves than the
 * opponent's most: the mover wins (it plays those only); the opponent's
 * sure moves at least the mover's most: it loses.  *res: 1 wins, 0 loses,
 * -1 not settled. */
void gr_sum_pos_bound(const gr_sum_pos *p, const gr_cgt *h, size_t n, int64_t x, bool left,
                      int *res);

/* The handle of -h (the transposed region) when p has one: h itself for a
 * region that is its own transposition up to mirrors. */
bool gr_sum_pos_negative(const gr_sum_pos *p, gr_cgt h, gr_cgt *out);

/* Whether h is a handle of p. */
bool gr_sum_pos_valid(const gr_sum_pos *p, gr_cgt h);

/* The sum search's state kept in p between searches (cgt_sum.c owns it). */
void **gr_sum_pos_search_slot(gr_sum_pos *p);

/* gr_cgt_sum_wins and gr_cgt_sum_outcome whose games may hold position
 * handles of p (p may be NULL: none).  With p the transposition table is
 * kept in p for the next search of the same request. */
gr_status gr_cgt_sum_wins_pos(gr_cgt_store *s, gr_sum_pos *p, const gr_cgt *games, size_t n,
                              bool left, uint64_t max_nodes, bool *wins);
/* Whether the table kept in p (a search of this request) already decides
 * the sum for the player to move (left: Left), without searching: *known,
 * then *wins.  The winning moves are first looked for this way: the
 * outcome's search has proved one of them already. */
gr_status gr_cgt_sum_known_pos(gr_cgt_store *s, gr_sum_pos *p, const gr_cgt *games, size_t n,
                               bool left, bool *known, bool *wins);
gr_status gr_cgt_sum_outcome_pos(gr_cgt_store *s, gr_sum_pos *p, const gr_cgt *games, size_t n,
                                 uint64_t max_nodes, gr_cgt_outcome *out);

#endif
