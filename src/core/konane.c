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

static gr_status gr_konane_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                                 gr_pg_sink *sink)
{
    (void)ctx;
    if (!gr_grid_valid(pos, len)) {
        return GR_EINVAL;
    }
    uint8_t me, them;
    gr_grid_colours(side, "xo", &me, &them);
    int rows = pos[0], cols = pos[1];
    uint8_t after[GR_PG_MAX_POS];
    memcpy(after, pos, len);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            if (gr_grid_at(pos, r, c) != me) {
                continue;
            }
            for (int d = 0; d < 4; d++) {
                after[GR_GRID_HDR + r * cols + c] = '.';
                gr_status st = GR_OK;
                for (int k = 1; st == GR_OK; k++) {
                    int mr = r + (2 * k - 1) * gr_grid_dr4[d],
                        mc = c + (2 * k - 1) * gr_grid_dc4[d];
                    int lr = r + 2 * k * gr_grid_dr4[d], lc = c + 2 * k * gr_grid_dc4[d];
                    if (lr < 0 || lr >= rows || lc < 0 || lc >= cols ||
                        gr_grid_at(pos, mr, mc) != them || gr_grid_at(pos, lr, lc) != '.') {
                        break;
                    }
                    after[GR_GRID_HDR + mr * cols + mc] = '.';
                    after[GR_GRID_HDR + lr * cols + lc] = me;
                    gr_pg_move m = {{r, c, lr, lc}};
                    st = gr_pg_emit(sink, after, len, &m);
                    after[GR_GRID_HDR + lr * cols + lc] = '.';
                }
                memcpy(after, pos, len);
                if (st != GR_OK) {
                    return st;
                }
            }
        }
    }
    return GR_OK;
}

static const gr_grid_norm_spec gr_konane_norm = {0, 'x', 'o'};

static gr_status gr_konane_normalise(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                                     size_t *out_len, bool *negated)
{
    (void)ctx;
    return gr_grid_normalise(&gr_konane_norm, pos, len, out, out_len, negated);
}

const gr_pg_rules gr_pg_konane = {"konane", gr_konane_moves, NULL, gr_konane_normalise};
