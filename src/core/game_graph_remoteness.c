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

/* The predecessor lists of g in CSR form: pred[pred_off[v] .. pred_off[v+1])
 * are the positions with a move to v (repeats kept). */
static gr_status gr_ggraph_preds(gr_arena *arena, const gr_ggraph *g, size_t **off_out,
                                 uint32_t **pred_out)
{
    const uint32_t n = g->positions;
    size_t *pred_off = GR_ARENA_ARRAY(arena, size_t, (size_t)n + 2);
    uint32_t *pred = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, g->moves + 1);
    if (pred_off == NULL || pred == NULL) {
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
    *off_out = pred_off;
    *pred_out = pred;
    return GR_OK;
}

/* The retrograde analysis over the sums of ntokens tokens on g (states =
 * n^ntokens of them; one token is the graph itself): a state is the tuple
 * of token positions, index sum_t pos_t * n^t.  Its successors move one
 * token along one edge; its predecessors come from the single graph's
 * predecessor lists, so no product edge is stored. */
static gr_status gr_ggraph_retrograde(gr_arena *arena, const gr_ggraph *g, size_t ntokens,
                                      size_t states, uint32_t **out)
{
    const uint32_t n = g->positions;
    uint32_t *rem = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, states + 1);
    uint32_t *left = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, states + 1);
    uint8_t *won = GR_ARENA_ARRAY(arena, uint8_t, states + 1);
    uint32_t *queue = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, states + 1);
    uint32_t *pos = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, ntokens + 1);
    size_t *pred_off;
    uint32_t *pred;
    if (rem == NULL || left == NULL || won == NULL || queue == NULL || pos == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = gr_ggraph_preds(arena, g, &pred_off, &pred);
    if (st != GR_OK) {
        return st;
    }
    size_t head = 0, tail = 0;
    for (size_t sidx = 0; sidx < states; sidx++) {
        size_t x = sidx, deg = 0;
        for (size_t t = 0; t < ntokens; t++, x /= n) {
            uint32_t p = (uint32_t)(x % n);
            deg += g->follow_off[p + 1] - g->follow_off[p];
        }
        left[sidx] = deg > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)deg;
        rem[sidx] = GR_GGRAPH_DRAWN;
        if (deg == 0) {
            rem[sidx] = 0;
            queue[tail++] = (uint32_t)sidx;
        }
    }
    while (head < tail) {
        uint32_t xs = queue[head++];
        if ((head & 4095u) == 0 && (st = gr_arena_check(arena)) != GR_OK) {
            return st;
        }
        size_t x = xs;
        for (size_t t = 0; t < ntokens; t++, x /= n) {
            pos[t] = (uint32_t)(x % n);
        }
        size_t scale = 1;
        for (size_t t = 0; t < ntokens; t++, scale *= n) {
            /* predecessors moving token t: u -> pos[t] */
            for (size_t j = pred_off[pos[t]]; j < pred_off[pos[t] + 1]; j++) {
                size_t p = xs - (size_t)pos[t] * scale + (size_t)pred[j] * scale;
                if (rem[p] != GR_GGRAPH_DRAWN) {
                    continue; /* resolved already, by a nearer option */
                }
                if (!won[xs]) { /* xs lost for its mover: p wins by moving there */
                    won[p] = 1;
                    rem[p] = rem[xs] + 1;
                    queue[tail++] = (uint32_t)p;
                } else if (--left[p] == 0) { /* every option of p is won */
                    rem[p] = rem[xs] + 1;
                    queue[tail++] = (uint32_t)p;
                }
            }
        }
    }
    *out = rem;
    return GR_OK;
}

gr_status gr_ggraph_remoteness(gr_arena *arena, const gr_ggraph *g, uint32_t **out)
{
    return gr_ggraph_retrograde(arena, g, 1, g->positions, out);
}

/*
 * Remoteness of sums of tokens, by the same retrograde analysis over the
 * product graph.  Exponential in the number of tokens, so only for small
 * products (GR_GGRAPH_PRODUCT_STATES states, and GR_GGRAPH_PRODUCT_WORK
 * edge visits): GR_ELIMIT beyond.
 */
static size_t gr_ggraph_pow_check(uint32_t n, size_t k, size_t limit)
{
    size_t s = 1;
    for (size_t i = 0; i < k; i++) {
        if (n != 0 && s > limit / n) {
            return limit + 1;
        }
        s *= n;
    }
    return s;
}

gr_status gr_ggraph_product_remoteness(gr_arena *arena, const gr_ggraph *g, size_t ntokens,
                                       uint32_t **out, size_t *nstates)
{
    const uint32_t n = g->positions;
    size_t states = gr_ggraph_pow_check(n, ntokens, GR_GGRAPH_PRODUCT_STATES);
    if (ntokens == 0 || states > GR_GGRAPH_PRODUCT_STATES ||
        (double)states * (double)ntokens * ((double)g->moves / (n ? n : 1) + 1) >
            (double)GR_GGRAPH_PRODUCT_WORK) {
        return GR_ELIMIT;
    }
    *nstates = states;
    return gr_ggraph_retrograde(arena, g, ntokens, states, out);
}
