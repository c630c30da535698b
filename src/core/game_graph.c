/*
 * The generalised Sprague-Grundy function of a finite directed game graph
 * (Smith 1966), computed by Fraenkel and Yesha's level-by-level algorithm:
 *
 *   for i = 0, 1, 2, ... while some position is unlabeled:
 *     (2) while some unlabeled u has no follower labeled i, and every
 *         follower of u that is unlabeled or labeled infinity has a
 *         follower labeled i: label u with i;
 *     (3) label infinity every unlabeled position with no follower
 *         labeled i.
 *
 * A position still unlabeled after level i has a follower of every value
 * 0..i, so the levels stop after at most (largest out-degree + 1) rounds,
 * and the finite values are exactly the mex of the finite follower values.
 *
 * Each level is a retrograde analysis (positions labeled i play the role
 * of losses, "has a follower labeled i" -- stamped -- that of wins) over the
 * set U of positions that are unlabeled or infinite:
 *   - labeling v with i stamps every predecessor of v in U;
 *   - an unlabeled q is labeled i once every follower of q in U is stamped
 *     and q itself is not.
 * The second rule is checked with watches, as in unit propagation of SAT
 * solvers, rather than with counters: each unlabeled, unstamped q watches
 * one follower in U that is not stamped; when that follower gets stamped,
 * q moves its cursor on to the next such follower, and when none is left q
 * is labeled i.  Followers that got a finite label are dropped from q's
 * live list for good.  Counters would charge every stamp of p to all of
 * p's predecessors at every level; watches charge it only to the
 * predecessors still waiting on p, and a predecessor that is itself
 * stamped by the same label is dropped first (all predecessors of a new
 * label are stamped before any watcher moves).  On a transitive tournament
 * of L positions (values 0..L-1) this is O(L^2) instead of O(L^3).
 *
 * The unlabeled positions form a list compacted after every level; a
 * position unlabeled at level i has out-degree >= i, so restarting the
 * watches costs O(V + E) over all levels.  The labels of one level are a
 * queue segment, and the position in that queue is Smith's counter: when
 * u is labeled, each follower of u in U already has a follower labeled
 * before u, which is property (B') in include/grundy/game_graph.h.
 *
 * Cost: O(V + E) plus the cursor moves, at most O(E) per level and far
 * fewer in practice -- within Fraenkel-Yesha's O(V * E).  Everything is
 * iterative; all memory comes from the arena.
 */
#include "grundy/game_graph.h"

#include <stdlib.h>
#include <string.h>

#define UNLABELED (GR_GGRAPH_INFINITY - 1)

/* n elements of `size` bytes, uninitialised; NULL on overflow or budget.
 * (A function rather than GR_ARENA_ARRAY_UNINIT: with a 32-bit count the
 * macro's overflow test is provably false and -Wtype-limits objects.) */
static void *uninit(gr_arena *arena, size_t n, size_t size)
{
    if (size != 0 && n > (size_t)-1 / size) {
        return NULL;
    }
    return gr_arena_alloc(arena, n * size);
}

/* Compressed adjacency in the direction heads[] -> tails[]: for each u the
 * list of v with an edge (u, v), stable in input order.  `swap` builds the
 * reverse graph from the same move list. */
static gr_status build_csr(gr_arena *arena, uint32_t n, const uint32_t *moves, size_t m, int swap,
                           size_t **off_out, uint32_t **adj_out)
{
    size_t *off = GR_ARENA_ARRAY(arena, size_t, (size_t)n + 1);
    uint32_t *adj = uninit(arena, m, sizeof(uint32_t));
    if (off == NULL || adj == NULL) {
        return GR_ENOMEM;
    }
    for (size_t e = 0; e < m; e++) {
        off[moves[2 * e + (swap ? 1 : 0)] + 1]++;
    }
    for (uint32_t u = 0; u < n; u++) {
        off[u + 1] += off[u];
    }
    /* off[u] is used as the fill cursor of u, then restored. */
    for (size_t e = 0; e < m; e++) {
        uint32_t from = moves[2 * e + (swap ? 1 : 0)];
        uint32_t to = moves[2 * e + (swap ? 0 : 1)];
        adj[off[from]++] = to;
    }
    for (uint32_t u = n; u > 0; u--) {
        off[u] = off[u - 1];
    }
    off[0] = 0;
    *off_out = off;
    *adj_out = adj;
    return GR_OK;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a;
    uint64_t y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The distinct finite values among u's followers, written to out (when
 * not NULL) in the order met; their number.  seen[x] == u + 1 marks a
 * value already taken for u. */
static size_t follower_values(const gr_ggraph *g, const uint64_t *value, uint32_t u, uint32_t *seen,
                              uint64_t *out)
{
    size_t w = 0;
    for (size_t e = g->follow_off[u]; e < g->follow_off[u + 1]; e++) {
        uint64_t x = value[g->follow[e]];
        if (x != GR_GGRAPH_INFINITY && seen[x] != u + 1) {
            seen[x] = u + 1;
            if (out != NULL) {
                out[w] = x;
            }
            w++;
        }
    }
    return w;
}

/* K(u) for every infinite u: its distinct finite follower values, sorted;
 * counted in a first pass, written in a second. */
static gr_status collect_k(gr_arena *arena, gr_ggraph *g, uint64_t *value)
{
    uint32_t n = g->positions;
    size_t *k_off = GR_ARENA_ARRAY(arena, size_t, (size_t)n + 1);
    if (k_off == NULL) {
        return GR_ENOMEM;
    }
    /* seen[x] == u + 1 when value x was already taken for u; values are at
     * most the largest out-degree, hence <= max_finite. */
    uint32_t *seen = GR_ARENA_ARRAY(arena, uint32_t, g->max_finite + 1);
    if (seen == NULL) {
        return GR_ENOMEM;
    }
    size_t total = 0;
    for (uint32_t u = 0; u < n; u++) {
        k_off[u] = total;
        if (value[u] == GR_GGRAPH_INFINITY) {
            total += follower_values(g, value, u, seen, NULL);
        }
    }
    k_off[n] = total;
    uint64_t *k = uninit(arena, total, sizeof(uint64_t));
    if (k == NULL) {
        return GR_ENOMEM;
    }
    memset(seen, 0, (g->max_finite + 1) * sizeof(*seen));
    for (uint32_t u = 0; u < n; u++) {
        if (value[u] == GR_GGRAPH_INFINITY) {
            size_t w = follower_values(g, value, u, seen, k + k_off[u]);
            qsort(k + k_off[u], w, sizeof(*k), cmp_u64);
        }
    }
    g->k_off = k_off;
    g->k = k;
    return GR_OK;
}

/* The working state of the levels (see the top of the file). */
typedef struct levels {
    uint64_t *value;
    uint32_t *counter;
    uint32_t *stamp;      /* stamp[p] == mark: p has a follower labeled i */
    uint32_t *queue;      /* labeled positions, in label order */
    uint32_t seq;         /* queue length = labels given so far */
    uint32_t level, mark; /* i and i + 1 */
    uint32_t *live;       /* per position, followers not yet finite */
    size_t *live_end;     /* live list of u: live[off[u] .. live_end[u]) */
    size_t *cursor;       /* the watched follower's index in live */
    uint32_t *watch_head; /* first watcher of w (valid if stamp matches) */
    uint32_t *watch_stamp;
    uint32_t *watch_next; /* next watcher in the same list */
} levels;

#define NO_WATCHER UINT32_MAX

/* Moves q's cursor from index j to the next follower that could still
 * stop q from being labeled at this level -- one in U (unlabeled or
 * infinite) without a follower labeled i -- and makes q watch it.  On
 * the way, followers with a finite label below i are dropped from q's live
 * list for good.  A follower labeled i (still in the queue) means q will
 * be stamped: q then watches nothing.  No such follower left: q is
 * labeled i. */
static void watch_from(levels *L, uint32_t q, size_t j)
{
    size_t end = L->live_end[q];
    while (j < end) {
        uint32_t w = L->live[j];
        uint64_t vw = L->value[w];
        if (vw < L->level) {
            L->live[j] = L->live[--end];
            continue;
        }
        if (vw == L->level) {
            L->live_end[q] = end;
            return;
        }
        if (L->stamp[w] == L->mark) {
            j++;
            continue;
        }
        if (L->watch_stamp[w] != L->mark) {
            L->watch_stamp[w] = L->mark;
            L->watch_head[w] = NO_WATCHER;
        }
        L->watch_next[q] = L->watch_head[w];
        L->watch_head[w] = q;
        L->cursor[q] = j;
        L->live_end[q] = end;
        return;
    }
    L->live_end[q] = end;
    L->value[q] = L->level;
    L->counter[q] = L->seq;
    L->queue[L->seq++] = q;
}

gr_status gr_ggraph_solve(gr_arena *arena, uint32_t positions, const uint32_t *moves, size_t nmoves,
                          gr_ggraph *out)
{
    uint32_t n = positions;
    if (nmoves > GR_GGRAPH_MAX_MOVES) {
        return GR_ELIMIT;
    }
    for (size_t e = 0; e < 2 * nmoves; e++) {
        if (moves[e] >= n) {
            return GR_EINVAL;
        }
    }
    memset(out, 0, sizeof(*out));
    out->positions = n;
    out->moves = nmoves;

    size_t *fwd_off, *rev_off;
    uint32_t *fwd, *rev;
    gr_status st = build_csr(arena, n, moves, nmoves, 0, &fwd_off, &fwd);
    if (st != GR_OK) {
        return st;
    }
    st = build_csr(arena, n, moves, nmoves, 1, &rev_off, &rev);
    if (st != GR_OK) {
        return st;
    }

    levels L;
    memset(&L, 0, sizeof(L));
    L.value = uninit(arena, n, sizeof(uint64_t));
    L.counter = GR_ARENA_ARRAY(arena, uint32_t, n);
    L.stamp = GR_ARENA_ARRAY(arena, uint32_t, n);
    L.queue = uninit(arena, n, sizeof(uint32_t));
    L.live = uninit(arena, nmoves, sizeof(uint32_t));
    L.live_end = uninit(arena, n, sizeof(size_t));
    L.cursor = uninit(arena, n, sizeof(size_t));
    L.watch_head = uninit(arena, n, sizeof(uint32_t));
    L.watch_stamp = GR_ARENA_ARRAY(arena, uint32_t, n);
    L.watch_next = uninit(arena, n, sizeof(uint32_t));
    uint32_t *unlabeled = uninit(arena, n, sizeof(uint32_t));
    uint32_t *fresh = uninit(arena, n, sizeof(uint32_t));
    if (L.value == NULL || L.counter == NULL || L.stamp == NULL || L.queue == NULL ||
        L.live == NULL || L.live_end == NULL || L.cursor == NULL || L.watch_head == NULL ||
        L.watch_stamp == NULL || L.watch_next == NULL || unlabeled == NULL || fresh == NULL) {
        return GR_ENOMEM;
    }
    if (nmoves > 0) {
        memcpy(L.live, fwd, nmoves * sizeof(*fwd));
    }
    for (uint32_t u = 0; u < n; u++) {
        L.value[u] = UNLABELED;
        L.live_end[u] = fwd_off[u + 1];
        unlabeled[u] = u;
    }
    uint32_t nunl = n;
    uint64_t max_finite = 0;

    for (uint32_t level = 0; nunl > 0; level++) {
        gr_status stop = gr_arena_check(arena);
        if (stop != GR_OK) {
            return stop;
        }
        L.level = level;
        L.mark = level + 1;
        uint32_t head = L.seq;
        /* Step (2).  Every unlabeled position watches its first live
         * follower (or is labeled at once when it has none left). */
        for (uint32_t j = 0; j < nunl; j++) {
            watch_from(&L, unlabeled[j], fwd_off[unlabeled[j]]);
        }
        while (head < L.seq) {
            uint32_t v = L.queue[head++];
            max_finite = level;
            /* First stamp every predecessor in U, then wake the watchers
             * of the newly stamped: watchers that are themselves among
             * them are dropped without moving their cursors. */
            uint32_t nfresh = 0;
            for (size_t e = rev_off[v]; e < rev_off[v + 1]; e++) {
                uint32_t p = rev[e];
                if (L.value[p] < UNLABELED || L.stamp[p] == L.mark) {
                    continue; /* p finite, or already stamped */
                }
                L.stamp[p] = L.mark;
                fresh[nfresh++] = p;
            }
            for (uint32_t f = 0; f < nfresh; f++) {
                uint32_t w = fresh[f];
                if (L.watch_stamp[w] != L.mark) {
                    continue; /* nobody watches w at this level */
                }
                uint32_t q = L.watch_head[w];
                L.watch_head[w] = NO_WATCHER;
                while (q != NO_WATCHER) {
                    uint32_t next = L.watch_next[q];
                    if (L.value[q] == UNLABELED && L.stamp[q] != L.mark) {
                        watch_from(&L, q, L.cursor[q] + 1);
                    }
                    q = next;
                }
            }
        }
        /* Step (3): unlabeled and no follower labeled `level` -> infinity;
         * the rest stay for the next level. */
        uint32_t keep = 0;
        for (uint32_t j = 0; j < nunl; j++) {
            uint32_t u = unlabeled[j];
            if (L.value[u] != UNLABELED) {
                continue;
            }
            if (L.stamp[u] == L.mark) {
                unlabeled[keep++] = u;
            } else {
                L.value[u] = GR_GGRAPH_INFINITY;
                out->infinite_count++;
            }
        }
        nunl = keep;
    }

    out->follow_off = fwd_off;
    out->follow = fwd;
    out->value = L.value;
    out->counter = L.counter;
    out->max_finite = max_finite;
    /* The reverse graph and the level scratch are no longer needed. */
    gr_arena_free(arena, rev, nmoves * sizeof(*rev));
    gr_arena_free(arena, L.live, nmoves * sizeof(*L.live));
    gr_arena_free(arena, L.live_end, (size_t)n * sizeof(*L.live_end));
    gr_arena_free(arena, L.cursor, (size_t)n * sizeof(*L.cursor));
    return collect_k(arena, out, L.value);
}

void gr_ggraph_value(const gr_ggraph *g, uint32_t u, gr_value *out)
{
    memset(out, 0, sizeof(*out));
    if (g->value[u] != GR_GGRAPH_INFINITY) {
        out->kind = GR_VALUE_FINITE;
        out->n = g->value[u];
        return;
    }
    out->kind = GR_VALUE_LOOPY;
    out->k = g->k + g->k_off[u];
    out->nk = g->k_off[u + 1] - g->k_off[u];
}

gr_status gr_ggraph_sum_value(gr_arena *arena, const gr_ggraph *g, const uint32_t *start,
                              size_t ntokens, gr_ggraph_sum *out)
{
    memset(out, 0, sizeof(*out));
    gr_value *parts = GR_ARENA_ARRAY_UNINIT(arena, gr_value, ntokens + 1);
    if (parts == NULL) {
        return GR_ENOMEM;
    }
    for (size_t t = 0; t < ntokens; t++) {
        if (start[t] >= g->positions) {
            return GR_EINVAL;
        }
        gr_ggraph_value(g, start[t], &parts[t]);
    }
    /* Smith's rule is the value algebra's: one infinite token infinity(K),
     * the others XOR to a, gives infinity(K XOR a); two or more give
     * infinity(empty set) -- no move makes every token finite. */
    gr_value_sum vs;
    gr_status st = gr_value_sum_of(arena, parts, ntokens, &vs);
    if (st != GR_OK) {
        return st;
    }
    out->infinite_tokens = vs.loopy;
    out->first_infinite = vs.first_loopy;
    out->finite = vs.loopy == 0;
    out->finite_xor = vs.total; /* no ordinals: the XOR of the finite tokens */
    out->value = out->finite ? vs.total : 0;
    out->k = vs.k;
    out->nk = vs.nk;
    out->outcome = vs.outcome;
    return GR_OK;
}

/* An element of the multiset of token (value, counter) pairs, compared
 * lexicographically; infinity sorts above every finite value. */
typedef struct vc {
    uint64_t value;
    uint32_t counter;
} vc;

static int vc_cmp(vc a, vc b)
{
    if (a.value != b.value) {
        return a.value < b.value ? -1 : 1;
    }
    return (a.counter > b.counter) - (a.counter < b.counter);
}

/* Candidate i replaces a_i by b_i in the same multiset M.  M - a1 + b1 is
 * below M - a2 + b2 exactly when {a2, b1} is below {a1, b2} (adding the
 * same elements to both sides keeps the multiset order), and two-element
 * multisets compare by their larger elements first. */
static int candidate_cmp(vc a1, vc b1, vc a2, vc b2)
{
    vc x_hi = vc_cmp(a2, b1) >= 0 ? a2 : b1;
    vc x_lo = vc_cmp(a2, b1) >= 0 ? b1 : a2;
    vc y_hi = vc_cmp(a1, b2) >= 0 ? a1 : b2;
    vc y_lo = vc_cmp(a1, b2) >= 0 ? b2 : a1;
    int c = vc_cmp(x_hi, y_hi);
    return c != 0 ? c : vc_cmp(x_lo, y_lo);
}

gr_status gr_ggraph_moves_to(gr_arena *arena, const gr_ggraph *g, const gr_ggraph_sum *sum,
                             const uint32_t *start, size_t ntokens, uint64_t target, uint64_t max,
                             gr_ggraph_move *moves, uint64_t *count, gr_ggraph_move *best)
{
    *count = 0;
    if (sum->infinite_tokens > 1 || target == GR_GGRAPH_INFINITY) {
        return GR_OK; /* every follower still holds an infinite token */
    }
    uint32_t n = g->positions;
    /* Per distinct start position p: the value a follower must have
     * ("need"), and the distinct qualifying followers, in edge order. */
    uint64_t *need = uninit(arena, n, sizeof(uint64_t));
    uint32_t *seen = GR_ARENA_ARRAY(arena, uint32_t, n);
    size_t *q_first = uninit(arena, n, sizeof(size_t));
    size_t *q_count = GR_ARENA_ARRAY(arena, size_t, n);
    uint32_t *done = GR_ARENA_ARRAY(arena, uint32_t, n);
    if (need == NULL || seen == NULL || q_first == NULL || q_count == NULL || done == NULL) {
        return GR_ENOMEM;
    }
    size_t cap = 0;
    for (size_t t = 0; t < ntokens; t++) {
        uint32_t p = start[t];
        if (!done[p]) {
            done[p] = 1;
            cap += g->follow_off[p + 1] - g->follow_off[p];
        }
    }
    uint32_t *qual = uninit(arena, cap, sizeof(uint32_t));
    if (qual == NULL) {
        return GR_ENOMEM;
    }
    size_t nqual = 0;
    int have_best = 0;
    vc best_a = {0, 0}, best_b = {0, 0};
    for (size_t t = 0; t < ntokens; t++) {
        uint32_t p = start[t];
        uint64_t vp = g->value[p];
        if (done[p] == 2) {
            *count += q_count[p];
            continue;
        }
        done[p] = 2;
        q_first[p] = nqual;
        /* The other tokens must all be finite: a finite token moves only
         * when no token is infinite; the one infinite token may move. */
        if (vp != GR_GGRAPH_INFINITY && sum->infinite_tokens != 0) {
            continue;
        }
        uint64_t others = vp == GR_GGRAPH_INFINITY ? sum->finite_xor : sum->finite_xor ^ vp;
        need[p] = target ^ others;
        vc a = {vp, vp == GR_GGRAPH_INFINITY ? 0 : g->counter[p]};
        vc b = {need[p], UINT32_MAX};
        for (size_t e = g->follow_off[p]; e < g->follow_off[p + 1]; e++) {
            uint32_t q = g->follow[e];
            if (g->value[q] != need[p] || seen[q] == p + 1) {
                continue;
            }
            seen[q] = p + 1;
            qual[nqual++] = q;
            if (q_count[p] == 0 || g->counter[q] < b.counter) {
                b.counter = g->counter[q]; /* counters are distinct */
            }
            q_count[p]++;
        }
        *count += q_count[p];
        if (q_count[p] == 0) {
            continue;
        }
        if (!have_best || candidate_cmp(a, b, best_a, best_b) < 0) {
            have_best = 1;
            best_a = a;
            best_b = b;
            if (best != NULL) {
                best->token = t;
                best->from = p;
                for (size_t j = q_first[p]; j < nqual; j++) {
                    if (g->counter[qual[j]] == b.counter) {
                        best->to = qual[j];
                        break;
                    }
                }
            }
        }
    }
    /* The listing, token by token. */
    uint64_t written = 0;
    for (size_t t = 0; t < ntokens && written < max; t++) {
        uint32_t p = start[t];
        for (size_t j = 0; j < q_count[p] && written < max; j++) {
            moves[written].token = t;
            moves[written].from = p;
            moves[written].to = qual[q_first[p] + j];
            written++;
        }
    }
    return GR_OK;
}
