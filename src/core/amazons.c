/*
 * The Game of the Amazons as a ruleset of the engine
 * (include/grundy/grid_games.h): an amazon slides like a chess queen over
 * empty squares, then from its new square shoots an arrow like a queen
 * onto an empty square (the square it left is empty by then), which burns.
 *
 * Queens move along the eight directions, so the unburned squares fall
 * into 8-connected areas that never interact: those are the regions (an
 * area with no amazon, or no empty square, has no move: 0), each cropped
 * to its bounding box with the squares outside it burned, and normalised
 * under the symmetries and the swap of Left's and Right's amazons.
 */
#include "core/pgame_grid.h"

static const int gr_amazons_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int gr_amazons_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};

/* Every arrow from (r, c) on board `after` (the amazon already there). */
static gr_status gr_amazons_shoot(uint8_t *after, size_t len, const int from[4], gr_pg_sink *sink)
{
    int rows = after[0], cols = after[1], r = from[2], c = from[3];
    uint8_t *b = after + GR_GRID_HDR;
    for (int d = 0; d < 8; d++) {
        for (int ar = r + gr_amazons_dr[d], ac = c + gr_amazons_dc[d];
             gr_grid_inside(rows, cols, ar, ac) && b[ar * cols + ac] == '.';
             ar += gr_amazons_dr[d], ac += gr_amazons_dc[d]) {
            b[ar * cols + ac] = '#';
            gr_pg_move m = {{from[0], from[1], r, c, ar, ac}};
            gr_status st = gr_pg_emit(sink, after, len, &m);
            b[ar * cols + ac] = '.';
            if (st != GR_OK) {
                return st;
            }
        }
    }
    return GR_OK;
}

static gr_status gr_amazons_piece(const gr_grid_turn *t, int r, int c)
{
    /* locals: the stores into the board may alias *t */
    int rows = t->rows, cols = t->cols;
    uint8_t me = t->me, *b = t->after + GR_GRID_HDR;
    b[r * cols + c] = '.';
    for (int d = 0; d < 8; d++) {
        for (int tr = r + gr_amazons_dr[d], tc = c + gr_amazons_dc[d];
             gr_grid_inside(rows, cols, tr, tc) && b[tr * cols + tc] == '.';
             tr += gr_amazons_dr[d], tc += gr_amazons_dc[d]) {
            b[tr * cols + tc] = me;
            const int from[4] = {r, c, tr, tc};
            gr_status st = gr_amazons_shoot(t->after, t->len, from, t->sink);
            b[tr * cols + tc] = '.';
            if (st != GR_OK) {
                b[r * cols + c] = me;
                return st;
            }
        }
    }
    b[r * cols + c] = me;
    return GR_OK;
}

/* The empty squares a queen at (r, c) reaches on board b. */
static uint32_t gr_amazons_reach(const uint8_t *b, int rows, int cols, int r, int c)
{
    uint32_t n = 0;
    for (int d = 0; d < 8; d++) {
        for (int tr = r + gr_amazons_dr[d], tc = c + gr_amazons_dc[d];
             gr_grid_inside(rows, cols, tr, tc) && b[tr * cols + tc] == '.';
             tr += gr_amazons_dr[d], tc += gr_amazons_dc[d]) {
            n++;
        }
    }
    return n;
}

/* The moves gr_amazons_piece makes from (r, c), counted: for each square
 * the amazon reaches, the squares its arrow reaches from there, the
 * square it left empty.  No position is written but the board with the
 * amazon lifted (and put back). */
static uint32_t gr_amazons_piece_count(const gr_grid_turn *t, int r, int c)
{
    int rows = t->rows, cols = t->cols;
    uint8_t *b = t->after + GR_GRID_HDR;
    uint32_t n = 0;
    b[r * cols + c] = '.';
    for (int d = 0; d < 8; d++) {
        for (int tr = r + gr_amazons_dr[d], tc = c + gr_amazons_dc[d];
             gr_grid_inside(rows, cols, tr, tc) && b[tr * cols + tc] == '.';
             tr += gr_amazons_dr[d], tc += gr_amazons_dc[d]) {
            n += gr_amazons_reach(b, rows, cols, tr, tc);
        }
    }
    b[r * cols + c] = t->me;
    return n;
}

static const gr_grid_game gr_amazons_game = {
    "LR", gr_amazons_piece, gr_amazons_piece_count, {".LR", true, '#', "LR", "."}, {'#', 'L', 'R'}};

const gr_pg_rules gr_pg_amazons = {"amazons",         gr_grid_piece_moves, gr_grid_split,
                                   gr_grid_normalise, &gr_amazons_game,    gr_grid_piece_count};
