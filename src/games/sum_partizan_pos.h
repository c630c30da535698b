/* /v1/sum's Domineering components searched as positions
 * (src/games/sum_partizan_pos.c). */
#ifndef GR_JSON_SUM_PARTIZAN_POS_H
#define GR_JSON_SUM_PARTIZAN_POS_H

#include <stdbool.h>

#include "games/ruleset.h"
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

/* The ruleset a component's "game" names, when its components can be
 * searched as positions; NULL otherwise. */
const gr_ruleset *gr_psum_rs_find(const char *name);

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

#endif
