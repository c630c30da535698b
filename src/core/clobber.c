/*
 * Clobber (Albert, Grossman, Nowakowski, Wolfe 2005) as a ruleset of the
 * engine (include/grundy/grid_games.h): a stone moves onto an orthogonally
 * adjacent stone of the other colour, which is removed.  Empty cells never
 * fill again, so stones only ever meet stones of their own 4-connected
 * group: the groups are independent regions, and a group of one colour
 * is 0 (nobody can move in it).
 */
#include "core/pgame_grid.h"

static gr_status gr_clobber_piece(const gr_grid_turn *t, int r, int c)
{
    /* locals: the stores into the board may alias *t */
    int rows = t->rows, cols = t->cols;
    uint8_t me = t->me, them = t->them, *b = t->after + GR_GRID_HDR;
    for (int d = 0; d < 4; d++) {
        int tr = r + gr_grid_dr4[d], tc = c + gr_grid_dc4[d];
        if (!gr_grid_inside(rows, cols, tr, tc) || b[tr * cols + tc] != them) {
            continue;
        }
        int from = r * cols + c, to = tr * cols + tc;
        b[from] = '.';
        b[to] = me;
        gr_pg_move m = {{r, c, tr, tc}};
        gr_status st = gr_pg_emit(t->sink, t->after, t->len, &m);
        b[from] = me;
        b[to] = them;
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* The moves gr_clobber_piece makes from (r, c): the other's stones beside
 * it. */
static uint32_t gr_clobber_piece_count(const gr_grid_turn *t, int r, int c)
{
    uint32_t n = 0;
    for (int d = 0; d < 4; d++) {
        int tr = r + gr_grid_dr4[d], tc = c + gr_grid_dc4[d];
        n += gr_grid_inside(t->rows, t->cols, tr, tc) && gr_grid_at(t->pos, tr, tc) == t->them;
    }
    return n;
}

static const gr_grid_game gr_clobber_game = {
    "xo", gr_clobber_piece, gr_clobber_piece_count, {"xo", false, '.', "x", "o"}, {'.', 'x', 'o'}};

const gr_pg_rules gr_pg_clobber = {"clobber",         gr_grid_piece_moves, gr_grid_split,
                                   gr_grid_normalise, &gr_clobber_game,    gr_grid_piece_count};
