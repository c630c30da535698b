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

/* Boards of at most 64 cells: a set of cells is a mask (bit r * cols + c),
 * and a region is grown from its first cell by shifts, each step adding
 * the members beside it, until it stops growing.  A step costs a few word
 * operations however many cells the region has, where the queue visits
 * every cell and its eight neighbours. */
typedef struct gr_grid_bits {
    int rows, cols;
    uint64_t not_first, not_last; /* cells not in the first / last column */
    uint64_t first_row;
} gr_grid_bits;

static inline uint64_t gr_grid_shl(uint64_t m, int k)
{
    return k < 64 ? m << k : 0; /* a one-row board of 64 columns */
}

static inline uint64_t gr_grid_shr(uint64_t m, int k)
{
    return k < 64 ? m >> k : 0;
}

static inline void gr_grid_bits_init(int rows, int cols, gr_grid_bits *b)
{
    uint64_t first = 0;
    for (int r = 0; r < rows; r++) {
        first |= (uint64_t)1 << (r * cols);
    }
    int n = rows * cols;
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    uint64_t row = cols == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cols) - 1;
    *b = (gr_grid_bits){rows, cols, all & ~first, all & ~(first << (cols - 1)), row};
}

/* The cells of m and those beside them (8-connected with diagonal: the
 * row neighbours spread, then that spread up and down a row). */
static inline uint64_t gr_grid_grow(const gr_grid_bits *b, uint64_t m, bool diagonal)
{
    uint64_t h = m | ((m << 1) & b->not_first) | ((m >> 1) & b->not_last);
    uint64_t v = diagonal ? h : m;
    return h | gr_grid_shl(v, b->cols) | gr_grid_shr(v, b->cols);
}

/* The cells of `within` connected to those of seed through `within`. */
static inline uint64_t gr_grid_fill(const gr_grid_bits *b, uint64_t seed, uint64_t within,
                                    bool diagonal)
{
    uint64_t set = seed & within, grown;
    while ((grown = gr_grid_grow(b, set, diagonal) & within) != set) {
        set = grown;
    }
    return set;
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
 * (blank 0: none).  Before that, on a board of at most 64 cells of a game
 * with regions, the groups gr_grid_split leaves out (of value 0) are
 * written as the split's fill. */
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
    /* How many moves that makes (gr_grid_piece_count; t->sink unused,
     * t->after a copy it may write and must leave as it found it). */
    uint32_t (*piece_count)(const gr_grid_turn *t, int r, int c);
    gr_grid_split_spec regions; /* gr_grid_split */
    gr_grid_norm_spec norm;     /* gr_grid_normalise */
} gr_grid_game;

/* The hooks of a gr_grid_game (the rules' ctx).  moves: game->piece for
 * each of the mover's pieces, row by row (Clobber, Konane, Amazons);
 * count: game->piece_count summed over them;
 * split: by game->regions; normalise: by game->norm. */
gr_pg_moves_fn gr_grid_piece_moves;
gr_pg_count_fn gr_grid_piece_count;
gr_pg_split_fn gr_grid_split;
gr_pg_normalise_fn gr_grid_normalise;

#endif
