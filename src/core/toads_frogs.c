/*
 * Toads and Frogs (Winning Ways, ch. 1; include/grundy/strip_games.h) on
 * the ruleset engine.
 *
 * Split.  A boundary between squares i and i+1 is never crossed, and the
 * two sides never meet, when
 *   - no toad stands left of it and no frog right of it: frogs only move
 *     left and toads only right, so the frogs on the left and the toads on
 *     the right walk away from each other for ever; or
 *   - it is the middle of a block TTFF: each of the four needs a square of
 *     the block to empty before it can move (a toad moves into an empty
 *     square or over a frog, and its right neighbour is a toad or a frog
 *     backed by a frog; the same for the frogs), so none ever moves, and no
 *     piece outside can jump into it (toads jump frogs, frogs jump toads:
 *     the block shows toads to the left and frogs to the right).
 * So the block's toads stay at the right end of the left part and its
 * frogs at the left end of the right part.
 *
 * Normalisation.  Frogs at the left end of the row can never move and no
 * toad can jump them (toads jump rightwards), so they are dropped; toads
 * at the right end likewise.  The mirror image with toads and frogs
 * exchanged is the negative (each toad's moves become a frog's): the
 * bytewise lesser of the two is kept.
 */
#include "grundy/strip_games.h"

#include <string.h>

static gr_status gr_tf_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                             gr_pg_sink *sink)
{
    (void)ctx;
    uint8_t after[GR_PG_MAX_POS];
    uint8_t me = side == GR_PG_LEFT ? 'T' : 'F', other = side == GR_PG_LEFT ? 'F' : 'T';
    long step = side == GR_PG_LEFT ? 1 : -1;
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    for (size_t i = 0; i < len; i++) {
        if (pos[i] != me) {
            continue;
        }
        long to = (long)i + step;
        if (to >= 0 && to < (long)len && pos[to] == other) {
            to += step; /* a jump over exactly one opposing piece */
        }
        if (to < 0 || to >= (long)len || pos[to] != '.') {
            continue;
        }
        memcpy(after, pos, len);
        after[i] = '.';
        after[to] = me;
        gr_pg_move m = {{(int32_t)i, (int32_t)to}};
        gr_status st = gr_pg_emit(sink, after, len, &m);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static gr_status gr_tf_split(const void *ctx, const uint8_t *pos, size_t len, gr_pg_sink *sink)
{
    (void)ctx;
    /* frogs_after[i]: some frog at i or right of it */
    bool frogs_after[GR_PG_MAX_POS + 1];
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    frogs_after[len] = false;
    for (size_t i = len; i-- > 0;) {
        frogs_after[i] = frogs_after[i + 1] || pos[i] == 'F';
    }
    bool toads_before = false;
    size_t start = 0;
    for (size_t i = 0; i + 1 < len; i++) {
        toads_before = toads_before || pos[i] == 'T';
        bool cut = !toads_before && !frogs_after[i + 1];
        cut = cut || (i >= 1 && i + 2 < len && memcmp(pos + i - 1, "TTFF", 4) == 0);
        if (cut) {
            gr_status st = gr_pg_emit(sink, pos + start, i + 1 - start, NULL);
            if (st != GR_OK) {
                return st;
            }
            start = i + 1;
            toads_before = false;
        }
    }
    return len > start ? gr_pg_emit(sink, pos + start, len - start, NULL) : GR_OK;
}

static gr_status gr_tf_normalise(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                                 size_t *out_len, bool *negated)
{
    (void)ctx;
    size_t lo = 0, hi = len;
    while (lo < hi && pos[lo] == 'F') {
        lo++;
    }
    while (hi > lo && pos[hi - 1] == 'T') {
        hi--;
    }
    size_t n = hi - lo;
    /* the mirror image with the pieces exchanged, compared as it is made */
    int cmp = 0;
    for (size_t i = 0; i < n && cmp == 0; i++) {
        uint8_t c = pos[hi - 1 - i], m = c == 'T' ? 'F' : c == 'F' ? 'T' : c;
        cmp = (m > pos[lo + i]) - (m < pos[lo + i]);
    }
    *negated = cmp < 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = pos[hi - 1 - i];
        out[i] = !*negated ? pos[lo + i] : c == 'T' ? 'F' : c == 'F' ? 'T' : c;
    }
    *out_len = n;
    return GR_OK;
}

/* The moves gr_tf_moves makes, counted on the strip as it stands. */
static gr_status gr_tf_count(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                             uint32_t *out)
{
    (void)ctx;
    uint8_t me = side == GR_PG_LEFT ? 'T' : 'F', other = side == GR_PG_LEFT ? 'F' : 'T';
    long step = side == GR_PG_LEFT ? 1 : -1;
    uint32_t n = 0;
    for (size_t i = 0; i < len; i++) {
        long to = (long)i + step;
        if (pos[i] != me) {
            continue;
        }
        if (to >= 0 && to < (long)len && pos[to] == other) {
            to += step;
        }
        n += to >= 0 && to < (long)len && pos[to] == '.';
    }
    *out = n;
    return GR_OK;
}

const gr_pg_rules gr_pg_toads_frogs = {"toads_and_frogs", gr_tf_moves, gr_tf_split,
                                       gr_tf_normalise,   NULL,        gr_tf_count};
