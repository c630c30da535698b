/* What the three families solved by search (src/json/node_kayles.c,
 * cram.c, chomp.c) share: the engine's options from the request context,
 * one wording for the engine's failures, and the move hooks of gr_family
 * (winning moves to a target, every move with its value), written once
 * over a small description of each game's core enumerator
 * (gr_nk_moves, gr_cram_moves, gr_chomp_moves: target -1 lists every move
 * with the value after it; docs/search.md). */
#ifndef GR_JSON_SEARCH_GAMES_H
#define GR_JSON_SEARCH_GAMES_H

#include "grundy/search.h"
#include "json/gr_json.h"

/* The search options of this request (node budget from c). */
gr_search_opts gr_json_search_opts(const gr_jctx *c);

/* Fills c->problem for a status the engine returned (ptr: the position's
 * pointer) and returns st: GR_ELIMIT is the node budget ("the position
 * is too large", 422 limit-exceeded), GR_ETIME / GR_ECANCELLED the
 * request's stop conditions (gr_json_stopped), GR_ENOMEM the memory
 * budget. */
gr_status gr_json_search_failed(gr_jctx *c, gr_status st, const char *ptr);

/* A game's core move enumerator, as the shared hooks call it. */
typedef struct gr_search_game {
    size_t move_size;     /* sizeof its move struct */
    size_t grundy_offset; /* offsetof(move, grundy), an unsigned: the value after it */
    /* Every one of the state's `bound` moves exists (Node Kayles: one per
     * vertex), so all_moves counts them without a search and values only
     * the listed ones; otherwise every move is enumerated and counted. */
    bool bound_is_count;
    gr_status (*value)(void *game, unsigned *value);
    gr_status (*moves)(void *game, int target, void *out, size_t max, bool count_all,
                       size_t *count);
    cJSON *(*move_obj)(gr_jctx *c, const void *mv);
} gr_search_game;

/* The state of each search family (its gr_json_family_state). */
typedef struct gr_search_state {
    const gr_search_game *kind;
    void *game;      /* gr_nk, gr_cram or gr_chomp */
    size_t bound;    /* the most moves the position has */
    const char *ptr; /* the position's pointer, for failures */
} gr_search_state;

/* The end of each family's analyse: `created` is the core constructor's
 * status (GR_ENOMEM: the 413; anything else but GR_OK: a 500, the family
 * having answered the errors it documents), then s->game = game is
 * searched for its value. */
gr_status gr_json_search_solve(gr_jctx *c, gr_search_state *s, gr_status created, void *game,
                               gr_value *value);

/* gr_family.moves_to and gr_family.moves_all over state->kind. */
gr_status gr_json_search_moves_to(gr_jctx *c, void *state, const gr_value *target, uint64_t max,
                                  bool count_all, cJSON *arr, uint64_t *count);
gr_status gr_json_search_moves_all(gr_jctx *c, void *state, gr_move_list *list);

#endif
