/*
 * A board as an array of equal rows of characters (Domineering's, the grid
 * rulesets'): the one reader of its shape, the game checking each row's
 * cells (src/games/grid_board.c).
 */
#ifndef GR_GAMES_BOARD_ROWS_H
#define GR_GAMES_BOARD_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "json/gr_json.h"

typedef struct gr_json_rows_spec {
    size_t max_cells; /* rows, columns and cells each: more is a 422 */
    const char *verb; /* its detail: "boards of at most N cells are <verb>" */
    bool size_first;  /* a board too large is said before a bad cell of row 0 */
    /* Checks row i (cols characters at text, pointer rptr) and keeps it;
     * answers its own error in c->problem. */
    gr_status (*row)(gr_jctx *c, void *ctx, const char *rptr, const char *text, size_t i,
                     size_t cols);
} gr_json_rows_spec;

/* The board at item (pointer ptr): a non-empty array of non-empty strings
 * of one length, each handed to spec->row; its size in *rows, *cols.  A
 * ragged or empty row is a 400 at that row, more than spec->max_cells a
 * 422 at the board. */
gr_status gr_json_rows(gr_jctx *c, const cJSON *item, const char *ptr,
                       const gr_json_rows_spec *spec, void *ctx, size_t *rows, size_t *cols);

#endif
