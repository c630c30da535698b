/*
 * What the partizan rulesets' endpoints share (src/games/domineering.c,
 * hackenbush_colored.c) and what /v1/sum reads of them
 * (src/games/sum_partizan.c).
 *
 * A partizan game is read into a canonical value in a gr_cgt_store
 * (include/grundy/cgt.h) and lists its real moves for either player with
 * the value after each; a winning move for Left moving first is one to a
 * position >= 0 (Right then loses moving first), for Right one to a
 * position <= 0.  The answer is {"value", "outcome", "mean",
 * "temperature", "left_move", "right_move"}: value printed as CGSuite
 * prints it, outcome "L" | "R" | "N" | "P", mean and temperature as
 * dyadic rationals in strings ("1/2", "-1").
 */
#ifndef GR_JSON_PARTIZAN_H
#define GR_JSON_PARTIZAN_H

#include "grundy/cgt.h"
#include "json/gr_json.h"

typedef struct gr_pgame {
    const char *name; /* as in /v1/sum's "game" */
    /* Reads obj (pointer ptr; "" for a whole request, where "game" is not
     * a key) and writes its value, keeping what `moves` needs in *state. */
    gr_status (*analyse)(gr_jctx *c, const cJSON *obj, const char *ptr, gr_cgt_store *s,
                         void **state, gr_cgt *value);
    /* Every move of `side` (0 Left, 1 Right) in the game's order: *n of
     * them, (*moves)[i] its JSON object, (*after)[i] the value after it,
     * arena arrays. */
    gr_status (*moves)(gr_jctx *c, void *state, int side, cJSON ***moves, gr_cgt **after,
                       size_t *n);
    /* A ruleset's own table (src/games/ruleset.h), by which a sum searches
     * its component as a position; NULL for a game that is not one. */
    const struct gr_ruleset *ruleset;
} gr_pgame;

/* Each partizan game's gr_pgame_<name> is declared by its row in the
 * game table (games/games.def, games/families.h); /v1/sum finds it there
 * (gr_registry_game). */

/* The fields of a partizan game's object: `fields` and, in a /v1/sum
 * component (ptr not ""), "game" (at most 8 fields). */
gr_status gr_json_pgame_object(gr_jctx *c, const cJSON *obj, const char *ptr,
                               const gr_jfield *fields, size_t nfields);

/* A new store in c's arena (the 413 problem when it does not fit). */
gr_status gr_json_cgt_store(gr_jctx *c, gr_cgt_store **out);

/* Fills c->problem for a status of the cgt core (ptr: where) and returns
 * it: GR_ENOMEM the 413, GR_ELIMIT the store's limits, GR_ETIME /
 * GR_ECANCELLED the request's stop conditions. */
gr_status gr_json_cgt_failed(gr_jctx *c, gr_status st, const char *ptr);

/* The value as text (CGSuite's notation), in c's arena; NULL when out of
 * memory or when the core fails (*st says which). */
cJSON *gr_jw_cgt(gr_jctx *c, gr_cgt_store *s, gr_cgt g, gr_status *st);
/* A dyadic rational as a string ("1/2", "-3"), as the partizan answers
 * write means and temperatures. */
cJSON *gr_jw_dyadic(gr_jctx *c, gr_dyadic d);

/* Writes "value", "outcome", "mean", "temperature" of g into r; a 422
 * when g's text passes GR_CGT_MAX_TEXT. */
gr_status gr_json_cgt_fields(gr_jctx *c, gr_cgt_store *s, gr_cgt g, cJSON *r, const char *ptr);
/* The same with g's text v printed by the caller; v NULL (too long to
 * print) leaves "value" out and says so in "value_omitted". */
gr_status gr_json_cgt_fields_text(gr_jctx *c, gr_cgt_store *s, gr_cgt g, cJSON *v, cJSON *r,
                                  const char *ptr);

/* "outcome" as a letter for r: from who wins moving first. */
const char *gr_json_outcome_letter(bool left_wins, bool right_wins);

/* The first of n moves (values after[i]) that wins for `side` moving
 * first: *found its index, or n when there is none. */
gr_status gr_json_cgt_winning(gr_cgt_store *s, int side, const gr_cgt *after, size_t n,
                              size_t *found);

/* "left_moves" (side 0) or "right_moves" in r: the first `max` of the n
 * moves, each {"move", "value": the value after it}, and
 * "left_move_count" / "right_move_count": n. */
gr_status gr_json_pgame_all_moves(gr_jctx *c, gr_cgt_store *s, int side, cJSON *const *moves,
                                  const gr_cgt *after, size_t n, uint64_t max, cJSON *r);

/* A whole partizan game's answer: analyse the request (pointer ""), then
 * value, outcome, mean, temperature and the winning move of each player
 * (null when that player loses moving first); with "all_moves": true every
 * move of each player with the value after it (gr_json_pgame_all_moves),
 * at most "max_moves" (default 1000) listed a side. */
gr_status gr_json_pgame_endpoint(gr_jctx *c, const gr_pgame *g, const cJSON *req, cJSON **resp);

#endif
