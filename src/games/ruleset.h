/*
 * The endpoints of partizan games given by their rules (the engine of
 * include/grundy/pgame.h): what every ruleset's adapter shares, so a
 * game's own file (src/games/clobber.c, ...) keeps only its request
 * fields, how they become a position, and how its move is written.
 *
 * A request holds the game's fields and the options:
 *   (none)              value, outcome, mean, temperature, left_move,
 *                       right_move (partizan.h's answer);
 *   "all_moves": true   adds "left_moves" and "right_moves": every move of
 *                       that player, [{"move", "value"}] (at most
 *                       "max_moves" each), and "left_move_count",
 *                       "right_move_count";
 *   "outcome_only": true  outcome, left_move, right_move by the outcome
 *                       search, without a canonical form;
 *   "impartial": true   the impartial variant (the player to move may make
 *                       any move Left or Right could): grundy, winner,
 *                       winning_move, and with all_moves "moves"
 *                       [{"move", "grundy", "outcome"}] and "move_count".
 * As a /v1/sum component ({"game": name, ...fields}) a ruleset is a
 * gr_pgame (partizan.h) answering values and moves.
 */
#ifndef GR_GAMES_RULESET_H
#define GR_GAMES_RULESET_H

#include "games/partizan.h"
#include "grundy/pgame.h"

#define GR_RULESET_FIELDS 4

typedef struct gr_ruleset {
    const char *name; /* as a /v1/sum component's "game" */
    const gr_pg_rules *rules;
    /* The position's keys, ended by a NULL name. */
    struct {
        const char *name;
        bool required;
    } fields[GR_RULESET_FIELDS];
    /* Reads the fields (f[i]: fields[i]'s value, NULL when absent) into a
     * position (GR_PG_MAX_POS bytes at pos) and the rules' ctx; answers its
     * own errors in c->problem. */
    gr_status (*read)(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos, size_t *len,
                      const void **ctx);
    /* A move as JSON; impartial: in the impartial variant's answer. */
    cJSON *(*move)(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial);
} gr_ruleset;

/* The whole endpoint of ruleset rs. */
gr_status gr_ruleset_endpoint(gr_jctx *c, const gr_ruleset *rs, const cJSON *req, cJSON **resp);

/* gr_pgame's hooks for ruleset rs (a /v1/sum component). */
gr_status gr_ruleset_analyse(gr_jctx *c, const gr_ruleset *rs, const cJSON *obj, const char *ptr,
                             gr_cgt_store *s, void **state, gr_cgt *value);
gr_status gr_ruleset_moves(gr_jctx *c, void *state, int side, cJSON ***moves, gr_cgt **after,
                           size_t *n);

/* The adapter of a ruleset `rs` named id: its gr_pgame gr_pgame_<id>
 * (partizan.h) and its endpoint gr_endpoint_<id> (endpoints.h). */
#define GR_RULESET_ADAPTER(id, rs)                                                                 \
    static gr_status gr_##id##_analyse(gr_jctx *c, const cJSON *obj, const char *ptr,              \
                                       gr_cgt_store *s, void **state, gr_cgt *value)               \
    {                                                                                              \
        return gr_ruleset_analyse(c, &(rs), obj, ptr, s, state, value);                            \
    }                                                                                              \
    const gr_pgame gr_pgame_##id = {#id, gr_##id##_analyse, gr_ruleset_moves, &(rs)};              \
    gr_status gr_endpoint_##id(gr_jctx *c, const cJSON *req, cJSON **resp)                         \
    {                                                                                              \
        return gr_ruleset_endpoint(c, &(rs), req, resp);                                           \
    }

/* A board of equal rows of the characters in `alphabet` (item at ptr,
 * the request's "board"): its position in pos (2 + rows * cols bytes: the
 * grid encoding of include/grundy/grid_games.h).  A ragged row or an
 * unknown character is a 400 at that row, more than GR_GRID_MAX_CELLS
 * cells a 422. */
gr_status gr_json_grid_board(gr_jctx *c, const cJSON *item, const char *ptr, const char *alphabet,
                             uint8_t *pos, size_t *len);

/* [r, c] */
cJSON *gr_jw_cell(gr_jctx *c, int32_t r, int32_t col);

/* The stone games' (Clobber, Konane, NoGo) reader: "board" of 'x', 'o'
 * and '.' (gr_ruleset.read), and a move {"from": [r, c], "to": [r, c]}
 * from words 0-3 (gr_ruleset.move). */
gr_status gr_json_stones_board(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                               size_t *len, const void **ctx);
cJSON *gr_jw_from_to(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial);

#endif
