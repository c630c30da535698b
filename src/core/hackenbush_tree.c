/*
 * Green Hackenbush on rooted trees and forests (see
 * include/grundy/hackenbush_tree.h for the contract).
 *
 * Value.  The vertices are put in BFS order from the roots (children found
 * through a temporary CSR child array), so every parent comes before its
 * children.  All later work happens in that order's positions: the BFS
 * records each position's parent position, and since BFS appends the
 * children of position h before those of h + 1, parent positions never
 * decrease along the order -- the sweeps read and write memory almost
 * sequentially.  One sweep in reverse order folds each vertex into its
 * parent: g(p) ^= g(v) + 1 (colon principle: the stick of length g(v)
 * standing on v plus the edge p-v is a stick of length g(v) + 1 on p, and
 * sticks on one vertex add as Nim heaps).  The same sweep counts subtree
 * sizes.  No recursion, so a path of a million edges is as easy as a star.
 *
 * Moves to a target.  A move cuts one edge p -> c and changes the values
 * only along the path from p up to its root.  So targets are pushed down
 * from the roots: root r must end with t(r) = target ^ value ^ g(r) (the
 * other trees keep their values).  At a vertex v that must end with t(v):
 *   - cutting the edge to child c leaves g(v) ^ (g(c) + 1), so it works
 *     exactly when g(v) ^ (g(c) + 1) == t(v);
 *   - otherwise the move must lie strictly inside c's subtree and leave
 *     c with a value x such that g(v) ^ (g(c) + 1) ^ (x + 1) == t(v), i.e.
 *     x = w - 1 with w = t(v) ^ g(v) ^ (g(c) + 1) >= 1 (w == 0 was the
 *     cut above).  Whether x is reachable inside c is the same question one
 *     level down, so c simply gets the target t(c) = x.
 * Each vertex receives at most one target, so all moves to a target come
 * out of one more sweep in BFS order: O(n).  A vertex needs no target when
 * t(v) == g(v) (no move keeps a value: a position differs from each of its
 * followers) or when t(v) exceeds the number of edges above v (no tree
 * with m edges is worth more than m, since XOR never exceeds the sum);
 * the second rule also keeps every stored target below 2^32, so
 * UINT64_MAX can mark "no target".
 */
#include "grundy/hackenbush_tree.h"

#include <stddef.h>
#include <stdint.h>

#define GR_HTREE_NO_TARGET UINT64_MAX

/* n < 2^32 elements of at most 8 bytes cannot overflow size_t on the
 * 64-bit targets we build for, so plain gr_arena_alloc is used rather than
 * GR_ARENA_ARRAY_UNINIT (whose overflow test trips -Wtype-limits on a
 * uint32_t count). */

/* The smallest vertex lying on a cycle of parent pointers.  Called only
 * when the BFS from the roots left some vertex unreached; every unreached
 * vertex has an unreached parent (a reached parent would have reached it),
 * so following parents from one must close a cycle.  state: 0 unseen, 1 on
 * the walk in progress, 2 finished; reached vertices start as finished. */
static gr_status gr_htree_find_cycle(gr_arena *arena, const uint32_t *parent, uint32_t n,
                                     const uint32_t *order, uint32_t reached, uint32_t *bad_vertex)
{
    uint8_t *state = GR_ARENA_ARRAY(arena, uint8_t, n);
    if (state == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t i = 0; i < reached; i++) {
        state[order[i]] = 2;
    }
    uint32_t best = GR_HTREE_ROOT;
    for (uint32_t v = 0; v < n; v++) {
        if (state[v] != 0) {
            continue;
        }
        uint32_t u = v;
        while (state[u] == 0) {
            state[u] = 1;
            u = parent[u];
        }
        if (state[u] == 1) {
            /* u is on a new cycle: go round it once. */
            uint32_t w = u;
            do {
                if (w < best) {
                    best = w;
                }
                w = parent[w];
            } while (w != u);
        }
        for (u = v; state[u] == 1; u = parent[u]) {
            state[u] = 2;
        }
    }
    gr_arena_free(arena, state, n);
    if (bad_vertex != NULL) {
        *bad_vertex = best;
    }
    return GR_EINVAL;
}

/* Fills t->order with t's vertices in BFS order from the roots (roots in
 * increasing id, children in increasing id), t->up with each position's
 * parent position and t->nroots; *reached is how many were reached, less
 * than n exactly when there is a cycle. */
static gr_status gr_htree_bfs(gr_arena *arena, gr_htree *t, uint32_t *reached)
{
    uint32_t n = t->n, *order = t->order, *up = t->up;
    const uint32_t *parent = t->parent;
    uint32_t *start = GR_ARENA_ARRAY(arena, uint32_t, (size_t)n + 1);
    uint32_t *children = gr_arena_alloc(arena, (size_t)n * sizeof(uint32_t));
    if (start == NULL || children == NULL) {
        return GR_ENOMEM;
    }
    /* CSR: start[p + 1] counts p's children, then prefix sums. */
    uint32_t tail = 0;
    for (uint32_t v = 0; v < n; v++) {
        if (parent[v] == GR_HTREE_ROOT) {
            up[tail] = GR_HTREE_ROOT;
            order[tail++] = v;
        } else {
            start[parent[v] + 1]++;
        }
    }
    t->nroots = tail;
    for (uint32_t v = 0; v < n; v++) {
        start[v + 1] += start[v];
    }
    /* Placing children by a moving cursor per parent: use start[p] as the
     * cursor, then shift back (start[p] ends where start[p + 1] began). */
    for (uint32_t v = 0; v < n; v++) {
        if (parent[v] != GR_HTREE_ROOT) {
            children[start[parent[v]]++] = v;
        }
    }
    for (uint32_t v = n; v > 0; v--) {
        start[v] = start[v - 1];
    }
    start[0] = 0;
    for (uint32_t head = 0; head < tail; head++) {
        uint32_t v = order[head];
        for (uint32_t k = start[v]; k < start[v + 1]; k++) {
            up[tail] = head;
            order[tail++] = children[k];
        }
    }
    *reached = tail;
    gr_arena_free(arena, children, (size_t)n * sizeof(uint32_t));
    gr_arena_free(arena, start, ((size_t)n + 1) * sizeof(uint32_t));
    return GR_OK;
}

gr_status gr_htree_solve(gr_arena *arena, const gr_htree_input *in, gr_htree *out,
                         uint32_t *bad_vertex)
{
    uint32_t n = in->n;
    const uint32_t *parent = in->parent;
    if (n > GR_HTREE_MAX_VERTICES) {
        return GR_ELIMIT;
    }
    for (uint32_t v = 0; v < n; v++) {
        if (parent[v] != GR_HTREE_ROOT && parent[v] >= n) {
            if (bad_vertex != NULL) {
                *bad_vertex = v;
            }
            return GR_EINVAL;
        }
    }
    /* built here, and *out only once it is whole */
    gr_htree t = {.n = n, .parent = parent};
    t.order = gr_arena_alloc(arena, (size_t)n * sizeof(uint32_t));
    t.up = gr_arena_alloc(arena, (size_t)n * sizeof(uint32_t));
    if (t.order == NULL || t.up == NULL) {
        return GR_ENOMEM;
    }
    uint32_t reached = 0;
    gr_status st = gr_htree_bfs(arena, &t, &reached);
    if (st != GR_OK) {
        return st;
    }
    if (reached < n) {
        return gr_htree_find_cycle(arena, parent, n, t.order, reached, bad_vertex);
    }
    t.grundy = GR_ARENA_ARRAY(arena, uint64_t, n);
    t.subtree = gr_arena_alloc(arena, (size_t)n * sizeof(uint32_t));
    if (t.grundy == NULL || t.subtree == NULL) {
        return GR_ENOMEM;
    }
    uint64_t *grundy = t.grundy;
    uint32_t *subtree = t.subtree;
    for (uint32_t i = 0; i < n; i++) {
        subtree[i] = 1;
    }
    /* Reverse BFS order: each position is final before its parent reads
     * it. */
    for (uint32_t i = n; i > 0; i--) {
        uint32_t p = t.up[i - 1];
        if (p == GR_HTREE_ROOT) {
            t.value ^= grundy[i - 1];
        } else {
            grundy[p] ^= grundy[i - 1] + 1;
            subtree[p] += subtree[i - 1];
        }
    }
    *out = t;
    return GR_OK;
}

/* The target position i must end with, or GR_HTREE_NO_TARGET when no move
 * inside its subtree can give it (see the file comment). */
static uint64_t gr_htree_keep_target(const gr_htree *t, uint32_t i, uint64_t want)
{
    if (want == t->grundy[i] || want >= t->subtree[i]) {
        return GR_HTREE_NO_TARGET;
    }
    return want;
}

gr_status gr_htree_moves_to(gr_arena *arena, const gr_htree *t, uint64_t target,
                            gr_htree_move *moves, uint64_t max, uint64_t *count)
{
    uint32_t n = t->n;
    const uint32_t *up = t->up;
    const uint64_t *g = t->grundy;
    *count = 0;
    if (target == t->value || n == 0) {
        return GR_OK; /* no move keeps the value */
    }
    uint64_t *tgt = gr_arena_alloc(arena, (size_t)n * sizeof(uint64_t));
    if (tgt == NULL) {
        return GR_ENOMEM;
    }
    /* Push targets down, parents before children, and count the cuts
     * p -> i with g(p) ^ (g(i) + 1) == t(p). */
    uint64_t found = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t p = up[i];
        if (p == GR_HTREE_ROOT) {
            tgt[i] = gr_htree_keep_target(t, i, target ^ t->value ^ g[i]);
            continue;
        }
        if (tgt[p] == GR_HTREE_NO_TARGET) {
            tgt[i] = GR_HTREE_NO_TARGET;
            continue;
        }
        uint64_t w = tgt[p] ^ g[p] ^ (g[i] + 1);
        if (w == 0) {
            found++;
            tgt[i] = GR_HTREE_NO_TARGET;
        } else {
            tgt[i] = gr_htree_keep_target(t, i, w - 1);
        }
    }
    if (found > 0 && max > 0) {
        /* List the first max by increasing child id, so the output is
         * deterministic and independent of the BFS: mark each cut child
         * with its subtree size (>= 1) in an id-indexed array, then scan. */
        uint32_t *cut = GR_ARENA_ARRAY(arena, uint32_t, n);
        if (cut == NULL) {
            return GR_ENOMEM;
        }
        for (uint32_t i = 0; i < n; i++) {
            uint32_t p = up[i];
            if (p != GR_HTREE_ROOT && tgt[p] != GR_HTREE_NO_TARGET && (tgt[p] ^ g[p]) == g[i] + 1) {
                cut[t->order[i]] = t->subtree[i];
            }
        }
        uint64_t want = found < max ? found : max;
        uint64_t k = 0;
        for (uint32_t v = 0; v < n && k < want; v++) {
            if (cut[v] != 0) {
                moves[k].parent = t->parent[v];
                moves[k].child = v;
                moves[k].edges_removed = cut[v];
                k++;
            }
        }
        gr_arena_free(arena, cut, (size_t)n * sizeof(uint32_t));
    }
    gr_arena_free(arena, tgt, (size_t)n * sizeof(uint64_t));
    *count = found;
    return GR_OK;
}

uint64_t gr_htree_value_after_cut(const gr_htree *t, uint32_t q, uint64_t *steps)
{
    const uint32_t *up = t->up;
    const uint64_t *g = t->grundy;
    uint32_t b = up[q];
    uint64_t y = g[b] ^ (g[q] + 1);
    uint64_t walked = 1;
    for (uint32_t a = up[b]; a != GR_HTREE_ROOT; b = a, a = up[a]) {
        y = g[a] ^ (g[b] + 1) ^ (y + 1);
        walked++;
    }
    *steps += walked;
    return t->value ^ g[b] ^ y; /* b is q's root now */
}
