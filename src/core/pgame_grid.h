/*
 * What the grid rulesets share (include/grundy/grid_games.h): the board
 * encoding, the split of a board into regions, and the normalisation under
 * the board's symmetries and the swap of colours.
 */
#ifndef GR_PGAME_GRID_H
#define GR_PGAME_GRID_H

#include <stdbool.h>

#include "grundy/grid_games.h"

#define GR_GRID_HDR 2 /* rows, cols */

static inline uint8_t gr_grid_at(const uint8_t *pos, int r, int c)
{
    return pos[GR_GRID_HDR + r * pos[1] + c];
}

/* The four orthogonal steps (row, column). */
static const int gr_grid_dr4[4] = {-1, 0, 0, 1}, gr_grid_dc4[4] = {0, -1, 1, 0};

/* The mover's stone and the other player's: colours[0] Left's, [1] Right's. */
static inline void gr_grid_colours(gr_pg_side side, const char colours[2], uint8_t *me,
                                   uint8_t *them)
{
    *me = (uint8_t)colours[side == GR_PG_LEFT ? 0 : 1];
    *them = (uint8_t)colours[side == GR_PG_LEFT ? 1 : 0];
}

/* Whether (r, c) is a cell of a rows x cols board. */
static inline bool gr_grid_inside(int rows, int cols, int r, int c)
{
    return r >= 0 && r < rows && c >= 0 && c < cols;
}

/* Whether the position is a well-formed board (len matches its size). */
static inline bool gr_grid_valid(const uint8_t *pos, size_t len)
{
    return len >= GR_GRID_HDR && len == GR_GRID_HDR + (size_t)pos[0] * pos[1];
}

/* How a board falls apart: the connected sets of `members` cells (4- or,
 * with diagonal, 8-connected), each emitted in its bounding box with every
 * other cell `fill`; a set with no cell among `need_a` or none among
 * `need_b` has no move for either player and is left out. */
typedef struct gr_grid_split_spec {
    const char *members;
    bool diagonal;
    uint8_t fill;
    const char *need_a, *need_b;
} gr_grid_split_spec;

/* The least (bytewise) of the board's eight symmetric images and, when
 * swap_a is set, their images with swap_a and swap_b exchanged (then
 * *negated); rows and columns of `blank` cells only are cropped first
 * (blank 0: none). */
typedef struct gr_grid_norm_spec {
    uint8_t blank;
    uint8_t swap_a, swap_b;
} gr_grid_norm_spec;

/* One player's turn, as gr_grid_piece_moves hands it to a ruleset's piece
 * function: the board, the mover's piece and the other player's, and
 * `after`, a copy of the position (header too) to write each position
 * after a move into and hand to sink, which the piece function leaves as
 * it found it. */
typedef struct gr_grid_turn {
    const uint8_t *pos;
    size_t len;
    int rows, cols;
    uint8_t me, them;
    uint8_t *after;
    gr_pg_sink *sink;
} gr_grid_turn;

/* A grid ruleset, the rules' ctx (gr_pg_rules.ctx) that the hooks below
 * read: its pieces, how one moves, its regions and its normal form. */
typedef struct gr_grid_game {
    const char pieces[3]; /* Left's, Right's */
    /* Every move of the mover's piece at (r, c) (gr_grid_piece_moves). */
    gr_status (*piece)(const gr_grid_turn *t, int r, int c);
    gr_grid_split_spec regions; /* gr_grid_split */
    gr_grid_norm_spec norm;     /* gr_grid_normalise */
} gr_grid_game;

/* The hooks of a gr_grid_game (the rules' ctx).  moves: game->piece for
 * each of the mover's pieces, row by row (Clobber, Konane, Amazons);
 * split: by game->regions; normalise: by game->norm. */
gr_pg_moves_fn gr_grid_piece_moves;
gr_pg_split_fn gr_grid_split;
gr_pg_normalise_fn gr_grid_normalise;

#endif
