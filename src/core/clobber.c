/*
 * Clobber (Albert, Grossman, Nowakowski, Wolfe 2005) as a ruleset of the
 * engine (include/grundy/grid_games.h): a stone moves onto an orthogonally
 * adjacent stone of the other colour, which is removed.  Empty cells never
 * fill again, so stones only ever meet stones of their own 4-connected
 * group: the groups are independent regions, and a group of one colour
 * is 0 (nobody can move in it).
 */
#include <string.h>

#include "core/pgame_grid.h"

static gr_status gr_clobber_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
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
                int tr = r + gr_grid_dr4[d], tc = c + gr_grid_dc4[d];
                if (tr < 0 || tr >= rows || tc < 0 || tc >= cols ||
                    gr_grid_at(pos, tr, tc) != them) {
                    continue;
                }
                size_t from = GR_GRID_HDR + (size_t)(r * cols + c);
                size_t to = GR_GRID_HDR + (size_t)(tr * cols + tc);
                after[from] = '.';
                after[to] = me;
                gr_pg_move m = {{r, c, tr, tc}};
                gr_status st = gr_pg_emit(sink, after, len, &m);
                after[from] = me;
                after[to] = them;
                if (st != GR_OK) {
                    return st;
                }
            }
        }
    }
    return GR_OK;
}

static const gr_grid_split_spec gr_clobber_regions = {"xo", false, '.', "x", "o"};
static const gr_grid_norm_spec gr_clobber_norm = {'.', 'x', 'o'};

static gr_status gr_clobber_split(const void *ctx, const uint8_t *pos, size_t len, gr_pg_sink *sink)
{
    (void)ctx;
    return gr_grid_split(&gr_clobber_regions, pos, len, sink);
}

static gr_status gr_clobber_normalise(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                                      size_t *out_len, bool *negated)
{
    (void)ctx;
    return gr_grid_normalise(&gr_clobber_norm, pos, len, out, out_len, negated);
}

const gr_pg_rules gr_pg_clobber = {"clobber", gr_clobber_moves, gr_clobber_split,
                                   gr_clobber_normalise};
