/* /v1/sum's Domineering components searched as positions
 * (src/games/sum_partizan_pos.c). */
#ifndef GR_JSON_SUM_PARTIZAN_POS_H
#define GR_JSON_SUM_PARTIZAN_POS_H

#include <stdbool.h>

#include "grundy/sum_position.h"
#include "json/gr_json.h"

/* A Domineering component's board: empty cells (bit r * cols + c). */
typedef struct gr_psum_board {
    uint64_t empty;
    uint32_t rows, cols;
} gr_psum_board;

/* The most handles a position component's board or a move's result has. */
#define GR_PSUM_POS_MAX 32

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

#endif
