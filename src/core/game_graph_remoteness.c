/*
 * Explicit game graphs: remoteness of one token (Steinhaus; Winning Ways
 * ch. 9 "how long does it last").  With perfect play the winner hurries
 * and the loser delays:
 *     terminal u:           R(u) = 0 (a loss for the player to move);
 *     u won (an option lost): R(u) = 1 + min R(v) over lost options v;
 *     u lost (all options won): R(u) = 1 + max R(v) over its options;
 *     u drawn:              no remoteness.
 * Retrograde analysis, breadth first from the terminal positions: a
 * position is resolved from the options resolved before it, and positions
 * leave the queue in non-decreasing remoteness (each is resolved one more
 * than the option that resolves it), so a won position's first lost
 * option is its nearest one and a lost position's last won option is its
 * farthest: both rules hold.  What is never resolved can be kept going for
 * ever by the player who would lose: a draw (the same positions the
 * generalised Sprague-Grundy function calls infinity(K) with 0 not in K).
 * O(V + E) time, O(V + E) memory: the predecessor lists in CSR form.
 */
#include <string.h>

#include "grundy/game_graph.h"

gr_status gr_ggraph_remoteness(gr_arena *arena, const gr_ggraph *g, uint32_t **out)
{
    const uint32_t n = g->positions;
    const size_t m = g->moves;
    uint32_t *rem = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, (size_t)n + 1);
    uint32_t *left = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, (size_t)n + 1);
    uint8_t *won = GR_ARENA_ARRAY(arena, uint8_t, (size_t)n + 1);
    size_t *pred_off = GR_ARENA_ARRAY(arena, size_t, (size_t)n + 2);
    uint32_t *pred = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, m + 1);
    uint32_t *queue = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, (size_t)n + 1);
    if (rem == NULL || left == NULL || won == NULL || pred_off == NULL || pred == NULL ||
        queue == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t u = 0; u < n; u++) {
        for (size_t j = g->follow_off[u]; j < g->follow_off[u + 1]; j++) {
            pred_off[g->follow[j] + 1]++;
        }
    }
    for (uint32_t u = 0; u < n; u++) {
        pred_off[u + 1] += pred_off[u];
    }
    /* fill with pred_off[v] as v's cursor: it ends at v + 1's start, so
     * shifting the offsets up by one restores them */
    for (uint32_t u = 0; u < n; u++) {
        for (size_t j = g->follow_off[u]; j < g->follow_off[u + 1]; j++) {
            pred[pred_off[g->follow[j]]++] = u;
        }
    }
    for (uint32_t u = n; u > 0; u--) {
        pred_off[u] = pred_off[u - 1];
    }
    pred_off[0] = 0;
    size_t head = 0, tail = 0;
    for (uint32_t u = 0; u < n; u++) {
        size_t deg = g->follow_off[u + 1] - g->follow_off[u];
        left[u] = deg > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)deg;
        rem[u] = GR_GGRAPH_DRAWN;
        if (deg == 0) {
            rem[u] = 0;
            queue[tail++] = u;
        }
    }
    while (head < tail) {
        uint32_t x = queue[head++];
        if ((head & 4095u) == 0) {
            gr_status st = gr_arena_check(arena);
            if (st != GR_OK) {
                return st;
            }
        }
        for (size_t j = pred_off[x]; j < pred_off[x + 1]; j++) {
            uint32_t p = pred[j];
            if (rem[p] != GR_GGRAPH_DRAWN) {
                continue; /* resolved already, by a nearer option */
            }
            if (!won[x]) { /* x lost for its mover: p wins by moving there */
                won[p] = 1;
                rem[p] = rem[x] + 1;
                queue[tail++] = p;
            } else if (--left[p] == 0) { /* every option of p is won */
                rem[p] = rem[x] + 1;
                queue[tail++] = p;
            }
        }
    }
    *out = rem;
    return GR_OK;
}
