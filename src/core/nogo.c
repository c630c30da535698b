/*
 * NoGo as a ruleset of the engine (include/grundy/grid_games.h): a stone
 * of one's colour on an empty point, illegal when afterwards any group of
 * either colour has no liberty (an orthogonally adjacent empty point).
 *
 * A stone placed never gives any group a liberty, so only the groups it
 * touches can lose their last one: after checking once that every group
 * of the position has a liberty (else no move is legal at all), a move is
 * legal when the new stone's group and each group of the other colour
 * beside it still have one.  On boards of at most 64 cells a group is a bit
 * mask grown by shifts (pgame_grid.h) and its liberties one AND away; on
 * larger ones it is walked by a breadth-first search with an explicit
 * queue.  No split (a stone counts for the liberties of
 * every group it touches); a board is normalised under its symmetries and
 * the colour swap.
 */
#include <string.h>

#include "core/pgame_grid.h"

/* Whether the group of the stone at cell `start` of board b has a liberty. */
static bool gr_nogo_breathes(const uint8_t *b, int rows, int cols, int start)
{
    uint8_t seen[GR_GRID_MAX_CELLS];
    uint16_t queue[GR_GRID_MAX_CELLS];
    memset(seen, 0, (size_t)(rows * cols));
    uint8_t colour = b[start];
    int qn = 0;
    seen[start] = 1;
    queue[qn++] = (uint16_t)start;
    for (int qi = 0; qi < qn; qi++) {
        int r = queue[qi] / cols, c = queue[qi] % cols;
        for (int d = 0; d < 4; d++) {
            int nr = r + gr_grid_dr4[d], nc = c + gr_grid_dc4[d], nb = nr * cols + nc;
            if (!gr_grid_inside(rows, cols, nr, nc) || seen[nb]) {
                continue;
            }
            if (b[nb] == '.') {
                return true;
            }
            if (b[nb] == colour) {
                seen[nb] = 1;
                queue[qn++] = (uint16_t)nb;
            }
        }
    }
    return false;
}

/* Whether every group of `stones` has a liberty among `empty`: the stones
 * reached from the liberties are all of them. */
static bool gr_nogo_all_breathe(const gr_grid_bits *bb, uint64_t stones, uint64_t empty)
{
    return gr_grid_fill(bb, gr_grid_grow(bb, empty, false), stones, false) == stones;
}

/* gr_nogo_moves on a board of at most 64 cells of '.', 'x' and 'o' (as
 * the adapter reads it): the same moves in the same order, each group
 * grown as a bit mask and its liberties one AND away. */
static gr_status gr_nogo_moves_bits(const uint8_t *pos, size_t len, gr_pg_side side,
                                    uint64_t stones[2], uint64_t empty, gr_pg_sink *sink)
{
    int rows = pos[0], cols = pos[1];
    gr_grid_bits bb;
    gr_grid_bits_init(rows, cols, &bb);
    if (!gr_nogo_all_breathe(&bb, stones[0], empty) ||
        !gr_nogo_all_breathe(&bb, stones[1], empty)) {
        return GR_OK; /* a group without liberty stays so: no move is legal */
    }
    uint64_t mine = stones[side == GR_PG_LEFT ? 0 : 1], theirs = stones[side == GR_PG_LEFT ? 1 : 0];
    uint8_t me = side == GR_PG_LEFT ? 'x' : 'o';
    uint8_t after[GR_PG_MAX_POS], *b = after + GR_GRID_HDR;
    memcpy(after, pos, len);
    for (uint64_t todo = empty; todo != 0; todo &= todo - 1) {
        uint64_t bit = todo & -todo, left = empty & ~bit;
        bool legal =
            (gr_grid_grow(&bb, gr_grid_fill(&bb, bit, mine | bit, false), false) & left) != 0;
        /* each group of the other colour beside the stone keeps a liberty */
        for (uint64_t beside = gr_grid_grow(&bb, bit, false) & theirs; legal && beside != 0;) {
            uint64_t group = gr_grid_fill(&bb, beside & -beside, theirs, false);
            legal = (gr_grid_grow(&bb, group, false) & left) != 0;
            beside &= ~group;
        }
        if (!legal) {
            continue;
        }
        int i = __builtin_ctzll(bit);
        b[i] = me;
        gr_pg_move m = {{i / cols, i % cols, me}};
        gr_status st = gr_pg_emit(sink, after, len, &m);
        b[i] = '.';
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static gr_status gr_nogo_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                               gr_pg_sink *sink)
{
    (void)ctx;
    if (!gr_grid_valid(pos, len) || len - GR_GRID_HDR > GR_GRID_MAX_CELLS) {
        return GR_EINVAL;
    }
    int rows = pos[0], cols = pos[1], n = rows * cols;
    if (n <= 64) {
        uint64_t stones[2] = {0, 0}, empty = 0, other = 0;
        for (int i = 0; i < n; i++) {
            uint8_t ch = pos[GR_GRID_HDR + i];
            uint64_t bit = (uint64_t)1 << i;
            stones[0] |= ch == 'x' ? bit : 0;
            stones[1] |= ch == 'o' ? bit : 0;
            empty |= ch == '.' ? bit : 0;
            other |= ch != 'x' && ch != 'o' && ch != '.' ? bit : 0;
        }
        if (other == 0) {
            return gr_nogo_moves_bits(pos, len, side, stones, empty, sink);
        }
    }
    uint8_t after[GR_PG_MAX_POS], *b = after + GR_GRID_HDR;
    memcpy(after, pos, len);
    for (int i = 0; i < n; i++) {
        if (b[i] != '.' && !gr_nogo_breathes(b, rows, cols, i)) {
            return GR_OK; /* a group without liberty stays so: no move is legal */
        }
    }
    uint8_t me = side == GR_PG_LEFT ? 'x' : 'o';
    for (int i = 0; i < n; i++) {
        if (b[i] != '.') {
            continue;
        }
        b[i] = me;
        bool legal = gr_nogo_breathes(b, rows, cols, i);
        for (int d = 0; d < 4 && legal; d++) {
            int nr = i / cols + gr_grid_dr4[d], nc = i % cols + gr_grid_dc4[d];
            int nb = nr * cols + nc;
            if (gr_grid_inside(rows, cols, nr, nc) && b[nb] != '.' && b[nb] != me) {
                legal = gr_nogo_breathes(b, rows, cols, nb);
            }
        }
        gr_status st = GR_OK;
        if (legal) {
            gr_pg_move m = {{i / cols, i % cols, me}};
            st = gr_pg_emit(sink, after, len, &m);
        }
        b[i] = '.';
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static const gr_grid_game gr_nogo_game = {"xo", NULL, NULL, {0}, {0, 'x', 'o'}};

const gr_pg_rules gr_pg_nogo = {"nogo",        gr_nogo_moves, NULL, gr_grid_normalise,
                                &gr_nogo_game, NULL};
