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
 * mask grown by shifts (pgame_grid.h) and its liberties one AND away, each
 * group's found once, and the legal points are one mask (gr_nogo_legal),
 * which the count hook only counts; on
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

/* The points beside those of m (not m itself unless beside another). */
static uint64_t gr_nogo_beside(const gr_grid_bits *bb, uint64_t m)
{
    return ((m << 1) & bb->not_first) | ((m >> 1) & bb->not_last) | gr_grid_shl(m, bb->cols) |
           gr_grid_shr(m, bb->cols);
}

/* The empty points where the player of `mine` may play, every group
 * having a liberty.  Each group's liberties are found once: a point is
 * illegal when it is the last liberty of a group of the other colour (the
 * stone would take it), or when the stone's own group would have none --
 * no empty point beside it, and each group of its colour beside it has
 * that point as its last liberty. */
static uint64_t gr_nogo_legal(const gr_grid_bits *bb, uint64_t mine, uint64_t theirs,
                              uint64_t empty)
{
    uint64_t forbid = 0, rich = 0;
    for (uint64_t left = theirs; left != 0;) {
        uint64_t group = gr_grid_fill(bb, left & -left, theirs, false);
        uint64_t libs = gr_grid_grow(bb, group, false) & empty;
        forbid |= (libs & (libs - 1)) == 0 ? libs : 0;
        left &= ~group;
    }
    for (uint64_t left = mine; left != 0;) {
        uint64_t group = gr_grid_fill(bb, left & -left, mine, false);
        uint64_t libs = gr_grid_grow(bb, group, false) & empty;
        rich |= (libs & (libs - 1)) != 0 ? libs : 0;
        left &= ~group;
    }
    return empty & ~forbid & (gr_nogo_beside(bb, empty) | rich);
}

/* gr_nogo_moves on a board of at most 64 cells of '.', 'x' and 'o' (as
 * the adapter reads it): the same moves in the same order, from the mask
 * of legal points (gr_nogo_legal); sink NULL: only *count, their number. */
static gr_status gr_nogo_moves_bits(const uint8_t *pos, size_t len, gr_pg_side side,
                                    uint64_t stones[2], uint64_t empty, gr_pg_sink *sink,
                                    uint32_t *count)
{
    int rows = pos[0], cols = pos[1];
    gr_grid_bits bb;
    gr_grid_bits_init(rows, cols, &bb);
    if (!gr_nogo_all_breathe(&bb, stones[0], empty) ||
        !gr_nogo_all_breathe(&bb, stones[1], empty)) {
        return GR_OK; /* a group without liberty stays so: no move is legal */
    }
    uint64_t mine = stones[side == GR_PG_LEFT ? 0 : 1], theirs = stones[side == GR_PG_LEFT ? 1 : 0];
    uint64_t legal = gr_nogo_legal(&bb, mine, theirs, empty);
    *count = (uint32_t)__builtin_popcountll(legal);
    if (sink == NULL) {
        return GR_OK;
    }
    uint8_t me = side == GR_PG_LEFT ? 'x' : 'o';
    uint8_t after[GR_PG_MAX_POS], *b = after + GR_GRID_HDR;
    memcpy(after, pos, len);
    for (; legal != 0; legal &= legal - 1) {
        int i = __builtin_ctzll(legal);
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

/* The moves of `side` handed to sink, or (sink NULL) only counted into
 * *count. */
static gr_status gr_nogo_walk(const uint8_t *pos, size_t len, gr_pg_side side, gr_pg_sink *sink,
                              uint32_t *count)
{
    *count = 0;
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
            return gr_nogo_moves_bits(pos, len, side, stones, empty, sink, count);
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
        if (legal && sink == NULL) {
            (*count)++;
        } else if (legal) {
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

static gr_status gr_nogo_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                               gr_pg_sink *sink)
{
    (void)ctx;
    uint32_t n;
    return gr_nogo_walk(pos, len, side, sink, &n);
}

static gr_status gr_nogo_count(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                               uint32_t *out)
{
    (void)ctx;
    return gr_nogo_walk(pos, len, side, NULL, out);
}

static const gr_grid_game gr_nogo_game = {"xo", NULL, NULL, {0}, {0, 'x', 'o'}};

const gr_pg_rules gr_pg_nogo = {"nogo",        gr_nogo_moves, NULL, gr_grid_normalise,
                                &gr_nogo_game, gr_nogo_count};
