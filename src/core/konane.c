/*
 * Konane as a ruleset of the engine (include/grundy/grid_games.h): a stone
 * jumps orthogonally over an adjacent stone of the other colour into the
 * empty cell beyond, capturing it, and may go on jumping in the same
 * direction; every stopping point is a move of its own.
 *
 * No split: a stone lands on empty cells, so groups of stones a few cells
 * apart can still meet, and the board's edge limits the landings; a board
 * is only normalised under its symmetries and the colour swap (not cropped).
 */
#include <string.h>

#include "core/pgame_grid.h"

static gr_status gr_konane_piece(const gr_grid_turn *t, int r, int c)
{
    /* locals: the stores into the board may alias *t */
    int rows = t->rows, cols = t->cols;
    uint8_t me = t->me, them = t->them, *b = t->after + GR_GRID_HDR;
    for (int d = 0; d < 4; d++) {
        b[r * cols + c] = '.';
        gr_status st = GR_OK;
        for (int k = 1; st == GR_OK; k++) {
            int mr = r + (2 * k - 1) * gr_grid_dr4[d], mc = c + (2 * k - 1) * gr_grid_dc4[d];
            int lr = r + 2 * k * gr_grid_dr4[d], lc = c + 2 * k * gr_grid_dc4[d];
            if (!gr_grid_inside(rows, cols, lr, lc) || gr_grid_at(t->pos, mr, mc) != them ||
                gr_grid_at(t->pos, lr, lc) != '.') {
                break;
            }
            b[mr * cols + mc] = '.';
            b[lr * cols + lc] = me;
            gr_pg_move m = {{r, c, lr, lc}};
            st = gr_pg_emit(t->sink, t->after, t->len, &m);
            b[lr * cols + lc] = '.';
        }
        memcpy(t->after, t->pos, t->len);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* The moves gr_konane_piece makes from (r, c), counted on the board as
 * it stands: a jump only ever lands beyond the stone, so the square it
 * leaves is never crossed. */
static uint32_t gr_konane_piece_count(const gr_grid_turn *t, int r, int c)
{
    uint32_t n = 0;
    for (int d = 0; d < 4; d++) {
        int dr = gr_grid_dr4[d], dc = gr_grid_dc4[d];
        for (int mr = r + dr, mc = c + dc;
             gr_grid_inside(t->rows, t->cols, mr + dr, mc + dc) &&
             gr_grid_at(t->pos, mr, mc) == t->them && gr_grid_at(t->pos, mr + dr, mc + dc) == '.';
             mr += 2 * dr, mc += 2 * dc) {
            n++;
        }
    }
    return n;
}

static const gr_grid_game gr_konane_game = {
    "xo", gr_konane_piece, gr_konane_piece_count, {0}, {0, 'x', 'o'}};

const gr_pg_rules gr_pg_konane = {"konane",          gr_grid_piece_moves, NULL,
                                  gr_grid_normalise, &gr_konane_game,     gr_grid_piece_count};
