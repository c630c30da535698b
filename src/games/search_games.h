/* What the three families solved by search (src/games/node_kayles.c,
 * cram.c, chomp.c) share: the engine's options from the request context,
 * one wording for the engine's failures, and every gr_family hook --
 * analyse (the request object, the state, the value) and the move hooks
 * (winning moves to a target, every move with its value) -- written once
 * over the core's generic game (gr_search_root, include/grundy/search.h:
 * gr_search_moves with target -1 lists every move with the value after
 * it; docs/search.md).  A game's own file keeps only what is its own: its
 * request fields and how they are read and checked (its `open`), and how
 * its move becomes a record (its `move_rec`, written by the shape its family names), in one
 * gr_json_search_kind. */
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

/* The "estimate" member of a refusal up front (Domineering, the rulesets,
 * coloured Hackenbush), set in c->problem: est, the forecast in the
 * search's nodes; limit_nodes, the budget in those nodes; flag, the
 * option the budget comes from. */
void gr_json_estimate(gr_jctx *c, uint64_t est, uint64_t limit_nodes, const char *flag);

/* One of a request's budgets in a search's nodes: the status a search
 * that runs out of it ends with, the option it comes from and its name in
 * a problem's words. */
typedef struct gr_json_cap {
    uint64_t nodes;
    gr_status st;
    const char *flag, *what;
} gr_json_cap;

/* The least of c's budgets in a search's nodes, the first of equals:
 * the node budget, the memory budget at `bytes` a node (0: the search is
 * not judged on memory), the time limit at `rate` nodes a second -- a
 * constant, not a clock, so the same answer on every machine.  What a
 * refusal up front (Domineering, the rulesets, coloured Hackenbush)
 * measures its forecast against. */
gr_json_cap gr_json_least_cap(const gr_jctx *c, unsigned bytes, uint64_t rate);

/* A board's "rows" and "cols" (Cram, a Chomp rectangle): integers, both
 * at least 1; the game checks its own size limits. */
gr_status gr_json_search_board(gr_jctx *c, const cJSON *rows, const cJSON *cols, const char *ptr,
                               uint64_t *r, uint64_t *k);

/* The most request fields of a search game's object. */
#define GR_JSON_SEARCH_FIELDS 4

/* A search game as the JSON layer sees it. */
typedef struct gr_json_search_kind {
    /* Its object's keys, in the order open receives them; ended by a NULL
     * name (or GR_JSON_SEARCH_FIELDS of them). */
    struct {
        const char *name;
        bool required;
    } fields[GR_JSON_SEARCH_FIELDS];
    /* Reads the fields (f[i]: fields[i]'s value, NULL when absent) and
     * creates the game with opts: *game its root, *bound the most moves
     * it can have.  Answers its own errors in c->problem; the core
     * constructor's status goes through gr_json_search_created. */
    gr_status (*open)(gr_jctx *c, const cJSON *const *f, const char *ptr,
                      const gr_search_opts *opts, gr_search_root **game, size_t *bound);
    /* Every one of the state's `bound` moves exists (Node Kayles: one per
     * vertex), so all_moves counts them without a search and values only
     * the listed ones; otherwise every move is enumerated and counted. */
    bool bound_is_count;
    void (*move_rec)(const void *mv, gr_move *m); /* a core move struct as a record */
} gr_json_search_kind;

/* The state of each search family (its gr_json_family_state). */
typedef struct gr_json_search_state {
    const gr_json_search_kind *kind;
    gr_search_root *game;
    size_t bound;    /* the most moves the position has */
    const char *ptr; /* the position's pointer, for failures */
} gr_json_search_state;

/* The end of an open: `created` is the core constructor's status
 * (GR_ENOMEM: the 413; anything else but GR_OK: a 500, the game having
 * answered the errors it documents). */
gr_status gr_json_search_created(gr_jctx *c, gr_status created, const char *ptr);

/* gr_family.analyse of the game `kind`: its object, the state, kind->open,
 * then the value. */
gr_status gr_json_search_analyse(gr_jctx *c, const gr_json_search_kind *kind, const cJSON *obj,
                                 const char *ptr, void **state, gr_value *value);

/* gr_family.moves_to and gr_family.moves_all over state->kind. */
gr_status gr_json_search_moves_to(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                                  gr_move_list *list, uint64_t *count);
gr_status gr_json_search_moves_all(gr_jctx *c, void *state, gr_move_list *list);

/* Defines the family FAMILY (its gr_family, game name GAME, its moves
 * written as SHAPE says) of the kind whose gr_json_search_kind
 * initialisers follow: the kind FAMILY_kind, an
 * analyse binding it (gr_family's hooks take no family argument, so the
 * binding is one small function per game) and the shared hooks above.
 * Written once here so that a game is declared in one place and the
 * three families cannot drift. */
#define GR_JSON_SEARCH_FAMILY(FAMILY, GAME, SHAPE, ...)                                            \
    static const gr_json_search_kind FAMILY##_kind = {__VA_ARGS__};                                \
    static gr_status FAMILY##_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state, \
                                      gr_value *value)                                             \
    {                                                                                              \
        return gr_json_search_analyse(c, &FAMILY##_kind, obj, ptr, state, value);                  \
    }                                                                                              \
    const gr_family FAMILY = {.name = (GAME),                                                      \
                              .analyse = FAMILY##_analyse,                                         \
                              .moves_to = gr_json_search_moves_to,                                 \
                              .move_shape = (SHAPE),                                               \
                              .moves_all = gr_json_search_moves_all}

#endif
