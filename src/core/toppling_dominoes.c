/*
 * Toppling Dominoes (Albert, Nowakowski and Wolfe, Lessons in Play, and
 * Fink, Nowakowski, Siegel and Wolfe, "Toppling Conjectures";
 * include/grundy/strip_games.h) on the ruleset engine.
 *
 * Toppling domino i to the left leaves the dominoes right of it, to the
 * right those left of it: every position met is a contiguous piece of the
 * starting row, so a row of n dominoes has at most n(n+1)/2 of them, and
 * the engine's memo holds each once.  A row and its mirror image are the
 * same game; with blue and red exchanged it is the negative: of the four
 * images the bytewise least is kept.
 */
#include "grundy/strip_games.h"

#include <string.h>

static gr_status gr_td_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                             gr_pg_sink *sink)
{
    (void)ctx;
    uint8_t mine = side == GR_PG_LEFT ? 'b' : 'r';
    for (size_t i = 0; i < len; i++) {
        if (pos[i] != mine && pos[i] != 'g') {
            continue;
        }
        gr_pg_move left = {{(int32_t)i, GR_TD_LEFT}}, right = {{(int32_t)i, GR_TD_RIGHT}};
        gr_status st = gr_pg_emit(sink, pos + i + 1, len - i - 1, &left);
        if (st == GR_OK) {
            st = gr_pg_emit(sink, pos, i, &right);
        }
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* Each domino the mover may topple falls either way: two moves. */
static gr_status gr_td_count(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                             uint32_t *out)
{
    (void)ctx;
    uint8_t mine = side == GR_PG_LEFT ? 'b' : 'r';
    uint32_t n = 0;
    for (size_t i = 0; i < len; i++) {
        n += pos[i] == mine || pos[i] == 'g' ? 2 : 0;
    }
    *out = n;
    return GR_OK;
}

static uint8_t gr_td_swap(uint8_t c)
{
    return c == 'b' ? 'r' : c == 'r' ? 'b' : c;
}

static gr_status gr_td_normalise(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                                 size_t *out_len, bool *negated)
{
    (void)ctx;
    /* image k: bit 0 mirrored, bit 1 colours swapped */
    int best = 0;
    for (int k = 1; k < 4; k++) {
        int cmp = 0;
        for (size_t i = 0; i < len && cmp == 0; i++) {
            uint8_t a = pos[k & 1 ? len - 1 - i : i], b = pos[best & 1 ? len - 1 - i : i];
            a = k & 2 ? gr_td_swap(a) : a;
            b = best & 2 ? gr_td_swap(b) : b;
            cmp = (a > b) - (a < b);
        }
        best = cmp < 0 ? k : best;
    }
    for (size_t i = 0; i < len; i++) {
        uint8_t c = pos[best & 1 ? len - 1 - i : i];
        out[i] = best & 2 ? gr_td_swap(c) : c;
    }
    *out_len = len;
    *negated = (best & 2) != 0;
    return GR_OK;
}

const gr_pg_rules gr_pg_toppling_dominoes = {"toppling_dominoes", gr_td_moves, NULL,
                                             gr_td_normalise,     NULL,        gr_td_count};
