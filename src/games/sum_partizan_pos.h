/* /v1/sum's Domineering components searched as positions
 * (src/games/sum_partizan_pos.c). */
#ifndef GR_JSON_SUM_PARTIZAN_POS_H
#define GR_JSON_SUM_PARTIZAN_POS_H

#include <stdbool.h>

#include "games/partizan.h"
#include "games/ruleset.h"
#include "games/search_games.h"
#include "games/families.h"
#include "grundy/sum_position.h"
#include "json/gr_json.h"

/* A Domineering component's board: empty cells (bit r * cols + c). */
typedef struct gr_psum_board {
    uint64_t empty;
    uint32_t rows, cols;
} gr_psum_board;

/* The most handles a position component's board or a move's result has. */
#define GR_PSUM_POS_MAX GR_SUM_POS_OUT

/* Whether the Domineering component obj ({"game", "board"}) is searched as
 * a position: a well-formed board whose value would cost more than the
 * sum's search (more than GR_PSUM_POS_CELLS empty cells, or a value
 * forecast past a share of the node budget).  Anything else (a malformed
 * board included) is left to Domineering's own reader: *yes false. */
gr_status gr_psum_dom_position(gr_jctx *c, gr_cgt_store *s, const cJSON *obj, gr_psum_board *b,
                               bool *yes);

/* Every move of side (0 Left) on the board, in board order, as Domineering
 * writes it ({"cells": ...}), and the handles of the position after each:
 * after[k * GR_PSUM_POS_MAX ..] holding nafter[k]. */
gr_status gr_psum_dom_moves(gr_jctx *c, gr_sum_pos *pos, const gr_psum_board *b, int side,
                            cJSON ***moves, gr_cgt **after, size_t **nafter, size_t *n);

/* A ruleset component's position (src/games/sum_partizan_pg.c): its
 * ruleset, the rules' ctx its reader gave, its bytes. */
typedef struct gr_psum_rspos {
    const gr_ruleset *rs;
    const void *ctx;
    uint8_t *pos;
    size_t len;
} gr_psum_rspos;

/* Reads the component obj (at ptr) of ruleset rs into *out, by the
 * ruleset's reader (its errors as its endpoint answers them). */
gr_status gr_psum_rs_read(gr_jctx *c, const gr_ruleset *rs, const cJSON *obj, const char *ptr,
                          gr_psum_rspos *out);

/* Every move of side (0 Left) in the component, as its endpoint writes
 * it, and the handles of the position after each (as gr_psum_dom_moves).
 * A failure of the search's core is returned without a problem: the
 * caller writes it. */
gr_status gr_psum_rs_moves(gr_jctx *c, gr_sum_pos *pos, const gr_psum_rspos *rp, int side,
                           cJSON ***moves, gr_cgt **after, size_t **nafter, size_t *n);

/* A component of a partizan sum (src/games/sum_partizan.c). */
typedef struct gr_psum_part {
    const gr_pgame *pg;   /* a partizan game, or NULL */
    const gr_family *fam; /* else the impartial family */
    const char *name;
    void *state;
    uint64_t grundy;
    gr_cgt value;
    bool position;      /* a board searched as a position: no value */
    gr_psum_board board; /* its board (Domineering) */
    gr_psum_rspos rpos;  /* or its ruleset position (rpos.rs not NULL) */
    gr_cgt *h;          /* the handles it stands for in the search: value, or regions */
    size_t nh;
} gr_psum_part;

/* A search's failure: past its node budget the search's problem, else
 * the store's. */
static inline gr_status gr_psum_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    return st == GR_ELIMIT ? gr_json_search_failed(c, st, ptr) : gr_json_cgt_failed(c, st, ptr);
}

/* A partizan component's value, or, for a ruleset whose value the value
 * search does not find within a share of the node budget, its position as
 * handles of pos (p->position; src/games/sum_partizan_pg.c). */
gr_status gr_psum_analyse(gr_jctx *c, gr_cgt_store *s, gr_sum_pos *pos, const cJSON *it,
                          const char *ptr, gr_psum_part *p);

#endif
