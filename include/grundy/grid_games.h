/*
 * Partizan games on a rectangular board, as rulesets of the engine of
 * include/grundy/pgame.h (docs/partizan.md, "Rulesets"):
 *
 *   Clobber  'x' Left's stones, 'o' Right's, '.' empty.  A stone moves onto
 *            an orthogonally adjacent stone of the other colour, which is
 *            removed.  Regions: the 4-connected groups of stones.
 *            Move {from r, c, to r, c}.
 *   Konane   the same board.  A stone jumps orthogonally over an adjacent
 *            stone of the other colour into the empty cell beyond,
 *            capturing it, and may go on jumping in the same direction;
 *            every stopping point is a move.  Move {from r, c, to r, c}.
 *   NoGo     'x' Left (Black), 'o' Right (White), '.' empty.  A stone of
 *            one's colour on an empty point, illegal when afterwards any
 *            group of either colour has no liberty.  Move {r, c, 'x' | 'o'}.
 *   Amazons  'L' Left's amazons, 'R' Right's, '#' burned, '.' empty.  An
 *            amazon slides like a chess queen over empty squares, then
 *            shoots an arrow like a queen from its new square onto an empty
 *            square (the one it left is empty), which burns.  Regions: the
 *            8-connected areas of unburned squares.
 *            Move {from r, c, to r, c, arrow r, c}.
 *
 * Every board is normalised under its eight symmetries and the swap of
 * colours (which negates the value), Clobber and Amazons regions cropped
 * to their bounding box first, so equal regions share one memo entry.
 *
 * A position is gr_grid_position's encoding: rows, cols, then the cells
 * row by row as the characters above.
 */
#ifndef GRUNDY_GRID_GAMES_H
#define GRUNDY_GRID_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/pgame.h"
#include "grundy/status.h"

#define GR_GRID_MAX_SIDE 255 /* rows and columns, each */
#define GR_GRID_MAX_CELLS 256

extern const gr_pg_rules gr_pg_clobber;
extern const gr_pg_rules gr_pg_konane;
extern const gr_pg_rules gr_pg_nogo;
extern const gr_pg_rules gr_pg_amazons;

/* The position of a rows x cols board (cells: rows * cols characters, row
 * by row) in out (2 + rows * cols bytes, at most GR_PG_MAX_POS); GR_ELIMIT
 * past GR_GRID_MAX_CELLS cells. */
gr_status gr_grid_position(uint32_t rows, uint32_t cols, const char *cells, uint8_t *out,
                           size_t *len);

#endif
