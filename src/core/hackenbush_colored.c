/*
 * Red-Blue-Green Hackenbush (include/grundy/hackenbush_colored.h).
 *
 * Building: vertex ids are relabelled (ground vertices all become vertex
 * 0: which ground vertex an edge stands on never matters), a breadth-first
 * search from the ground marks the edges in play, and the position is a
 * red-blue tree when no edge in play is green and the edges in play are
 * one fewer than the vertices they reach (no loop, no cycle, no parallel
 * edge).
 *
 * Trees: Berlekamp's rule bottom-up in reverse breadth-first order, in
 * exact dyadic arithmetic; the value after a cut is the root's sum with the
 * branch values on the path from the cut edge to the ground recomputed
 * (O(depth) per move).
 *
 * Search: the edges in play (at most 64) are bits of a word, a position is
 * the set standing.  After a cut, the edges left split into parts joined
 * only through the ground, each a game, each grown from one of its edges
 * on the ground (what no part reaches has fallen), and each part's value
 * is memoised by its set (of counts of interchangeable edges).  A part is valued from its
 * options ({cuts of blue and green edges | cuts of red and green}) with
 * gr_cgt_make; parts not valued yet are pushed on an explicit work stack
 * first, as in the Domineering search (domineering_value.c).
 */
#include "grundy/hackenbush_colored.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/hackenbush_colored_internal.h"
#include "grundy/hackenbush_graph.h"
#include "core/search_budget.h"

/* ---- building -------------------------------------------------------------- */

static int gr_hbc_cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint32_t gr_hbc_label(const uint32_t *ids, size_t n, uint32_t id)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (ids[mid] < id) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return (uint32_t)lo;
}

/* Relabels vertices: ground 0, the others 1.. in id order. */
static gr_status gr_hbc_relabel(gr_hbc *g)
{
    const gr_hbc_input *in = g->in;
    size_t n = 2 * in->m, ng = in->ground_count;
    uint32_t *ids = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, n + 1);
    uint32_t *gids = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, ng + 1);
    g->eu = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, in->m + 1);
    g->ev = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, in->m + 1);
    if (ids == NULL || gids == NULL || g->eu == NULL || g->ev == NULL) {
        return GR_ENOMEM;
    }
    memcpy(ids, in->edges, n * sizeof(*ids));
    memcpy(gids, in->ground, ng * sizeof(*gids));
    qsort(ids, n, sizeof(*ids), gr_hbc_cmp_u32);
    qsort(gids, ng, sizeof(*gids), gr_hbc_cmp_u32);
    size_t u = 0;
    for (size_t i = 0; i < n; i++) {
        if (u == 0 || ids[u - 1] != ids[i]) {
            ids[u++] = ids[i];
        }
    }
    for (size_t i = 0; i < in->m; i++) {
        for (int k = 0; k < 2; k++) {
            uint32_t id = in->edges[2 * i + k];
            size_t gi = gr_hbc_label(gids, ng, id);
            uint32_t l = gi < ng && gids[gi] == id ? 0 : gr_hbc_label(ids, u, id) + 1;
            (k == 0 ? g->eu : g->ev)[i] = l;
        }
    }
    g->nv = (uint32_t)u + 1;
    return GR_OK;
}

/* A vertex whose edges all go to one other vertex -- a bundle of parallel
 * edges hanging to a leaf -- is the same game as those edges each on a
 * leaf of its own (cutting one leaves the others standing, and all fall
 * with the vertex they hang from), so each edge after the first gets a new
 * vertex: a red-blue tree with bundles (k blue edges from the ground to
 * one vertex: k) is valued by Berlekamp's rule, not by a search of 2^k
 * positions. */
static gr_status gr_hbc_split_bundles(gr_hbc *g)
{
    uint32_t nv = g->nv;
    uint32_t *other = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, nv);
    uint8_t *seen = GR_ARENA_ARRAY(g->vs.arena, uint8_t, nv),
            *mixed = GR_ARENA_ARRAY(g->vs.arena, uint8_t, nv);
    if (other == NULL || seen == NULL || mixed == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < g->m; i++) {
        uint32_t u = g->eu[i], v = g->ev[i];
        if (u == v) {
            mixed[u] = 1; /* a loop */
            continue;
        }
        for (int k = 0; k < 2; k++, u ^= v, v ^= u, u ^= v) {
            if (!seen[u]) {
                seen[u] = 1, other[u] = v;
            } else if (other[u] != v) {
                mixed[u] = 1;
            }
        }
    }
    memset(seen, 0, nv);
    for (size_t i = 0; i < g->m; i++) {
        uint32_t *ends[2] = {&g->eu[i], &g->ev[i]};
        for (int k = 0; k < 2; k++) {
            uint32_t v = *ends[k];
            if (v == 0 || mixed[v] || v == *ends[1 - k]) {
                continue;
            }
            if (seen[v]++ && g->nv < UINT32_MAX) {
                *ends[k] = g->nv++; /* a leaf of its own */
            }
            break; /* the other end is the bundle's root: it stays */
        }
    }
    return GR_OK;
}

/* Marks the edges in play (breadth-first from the ground) and decides
 * whether the position is a red-blue tree; for a tree, records parents
 * and the order. */
static gr_status gr_hbc_grounded(gr_hbc *g, uint32_t **order_out, size_t *norder)
{
    size_t m = g->m;
    uint32_t nv = g->nv;
    uint32_t *deg = GR_ARENA_ARRAY(g->vs.arena, uint32_t, nv + 1);
    uint32_t *adj = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, 2 * m + 1);
    uint32_t *order = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, nv);
    uint8_t *seen = GR_ARENA_ARRAY(g->vs.arena, uint8_t, nv);
    g->in_play = GR_ARENA_ARRAY(g->vs.arena, uint8_t, m + 1);
    g->parent_edge = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, nv);
    if (deg == NULL || adj == NULL || order == NULL || seen == NULL || g->in_play == NULL ||
        g->parent_edge == NULL) {
        return GR_ENOMEM;
    }
    memset(g->parent_edge, 0xFF, nv * sizeof(*g->parent_edge)); /* none: not reached */
    for (size_t i = 0; i < m; i++) {
        deg[g->eu[i] + 1]++;
        if (g->ev[i] != g->eu[i]) {
            deg[g->ev[i] + 1]++;
        }
    }
    for (uint32_t v = 0; v < nv; v++) {
        deg[v + 1] += deg[v];
    }
    uint32_t *fill = GR_ARENA_ARRAY_UNINIT(g->vs.arena, uint32_t, nv);
    if (fill == NULL) {
        return GR_ENOMEM;
    }
    memcpy(fill, deg, nv * sizeof(*fill));
    for (size_t i = 0; i < m; i++) {
        adj[fill[g->eu[i]]++] = (uint32_t)i;
        if (g->ev[i] != g->eu[i]) {
            adj[fill[g->ev[i]]++] = (uint32_t)i;
        }
    }
    size_t head = 0, tail = 0, edges = 0;
    bool green = false, red_blue = false;
    order[tail++] = 0;
    seen[0] = 1;
    g->parent_edge[0] = UINT32_MAX;
    while (head < tail) {
        uint32_t v = order[head++];
        for (uint32_t k = deg[v]; k < deg[v + 1]; k++) {
            uint32_t e = adj[k];
            if (g->in_play[e]) {
                continue;
            }
            g->in_play[e] = 1;
            edges++;
            green |= g->in->colour[e] == GR_HBC_GREEN;
            red_blue |= g->in->colour[e] != GR_HBC_GREEN;
            uint32_t w = g->eu[e] == v ? g->ev[e] : g->eu[e];
            if (!seen[w]) {
                seen[w] = 1;
                g->parent_edge[w] = e;
                order[tail++] = w;
            }
        }
        if ((head & 4095) == 0) {
            gr_status st = gr_arena_check(g->vs.arena);
            if (st != GR_OK) {
                return st;
            }
        }
    }
    g->ne = edges;
    g->tree = !green && edges + 1 == tail;
    g->green = green && !red_blue;
    *order_out = order;
    *norder = tail;
    return GR_OK;
}

/* ---- search ------------------------------------------------------------------- */

/* Two edges are interchangeable when swapping them maps the graph onto
 * itself: the same colour and the same ends (parallel edges), or the same
 * colour from one vertex to two leaves.  A standing set is then the same
 * game as the one with the same count of each class standing, so the
 * search keys a set by those counts (gr_hbc_canon) and cuts one edge of a
 * class, not each: k parallel edges cost k + 1 positions, not 2^k. */
typedef struct gr_hbc_key {
    uint32_t colour, a, b; /* b UINT32_MAX: a leaf of a */
    uint32_t first, e;     /* first: the least edge of the class */
} gr_hbc_key;

static bool gr_hbc_key_same(const gr_hbc_key *x, const gr_hbc_key *y)
{
    return x->colour == y->colour && x->a == y->a && x->b == y->b;
}

/* Classes in the order of their first edges, so that a graph without
 * any keeps the request's edge order (the search's cost depends on it). */
static bool gr_hbc_key_less(const gr_hbc_key *x, const gr_hbc_key *y)
{
    return x->first != y->first ? x->first < y->first : x->e < y->e;
}

/* The edges in play in class order, at most 64 (the caller checked). */
static gr_status gr_hbc_classes(gr_hbc *g, gr_hbc_key *keys, size_t *n)
{
    uint32_t *deg = GR_ARENA_ARRAY(g->vs.arena, uint32_t, g->nv);
    if (deg == NULL) {
        return GR_ENOMEM;
    }
    for (size_t e = 0; e < g->m; e++) {
        if (g->in_play[e]) {
            deg[g->eu[e]]++;
            deg[g->ev[e]] += g->ev[e] != g->eu[e];
        }
    }
    size_t k = 0;
    for (size_t e = 0; e < g->m; e++) {
        if (!g->in_play[e]) {
            continue;
        }
        uint32_t a = g->eu[e] < g->ev[e] ? g->eu[e] : g->ev[e];
        uint32_t b = g->eu[e] ^ g->ev[e] ^ a;
        if (a != b && b != 0 && deg[b] == 1) {
            b = UINT32_MAX;
        } else if (a != b && a != 0 && deg[a] == 1) {
            a = b, b = UINT32_MAX;
        }
        gr_hbc_key key = {g->in->colour[e], a, b, (uint32_t)e, (uint32_t)e};
        for (size_t j = 0; j < k; j++) {
            if (gr_hbc_key_same(&keys[j], &key)) {
                key.first = keys[j].first;
                break;
            }
        }
        size_t i = k++;
        for (; i > 0 && gr_hbc_key_less(&key, &keys[i - 1]); i--) {
            keys[i] = keys[i - 1]; /* insertion: at most 64 edges */
        }
        keys[i] = key;
    }
    *n = k;
    return GR_OK;
}

static gr_status gr_hbc_local(gr_hbc *g)
{
    gr_hbc_key keys[64];
    size_t n;
    gr_status st = gr_hbc_classes(g, keys, &n);
    if (st != GR_OK) {
        return st;
    }
    uint32_t *vmap = (uint32_t *)g->parent_edge; /* reused: per vertex, local id + 1 */
    memset(vmap, 0, g->nv * sizeof(*vmap));
    vmap[0] = 1;
    unsigned nl = 1;
    for (unsigned b = 0; b < n; b++) {
        uint32_t e = keys[b].e;
        uint32_t ends[2] = {g->eu[e], g->ev[e]};
        uint8_t loc[2];
        for (int k = 0; k < 2; k++) {
            if (vmap[ends[k]] == 0) {
                vmap[ends[k]] = ++nl;
            }
            loc[k] = (uint8_t)(vmap[ends[k]] - 1);
        }
        g->local[b] = e;
        g->bit_of[e] = (int32_t)b;
        g->lu[b] = loc[0];
        g->lv[b] = loc[1];
        g->lcol[b] = g->in->colour[e];
        g->inc[loc[0]] |= 1ULL << b;
        g->inc[loc[1]] |= 1ULL << b;
        /* non-ground ends, a bit each (local vertex v > 0 is bit v - 1) */
        g->vends[b] = (loc[0] ? 1ULL << (loc[0] - 1) : 0) | (loc[1] ? 1ULL << (loc[1] - 1) : 0);
    }
    g->all = n == 64 ? ~0ULL : (1ULL << n) - 1;
    g->single = 0;
    for (unsigned b = 0; b < n;) {
        unsigned end = b + 1;
        while (end < n && gr_hbc_key_same(&keys[b], &keys[end])) {
            end++;
        }
        uint64_t cls = (end - b == 64 ? ~0ULL : (1ULL << (end - b)) - 1) << b;
        g->single |= end - b == 1 ? cls : 0;
        for (; b < end; b++) {
            g->cls[b] = cls;
        }
    }
    return GR_OK;
}

/* The standing set with each class's standing edges moved to its lowest
 * bits: one key for every set of the same counts. */
static uint64_t gr_hbc_canon(const gr_hbc *g, uint64_t mask)
{
    uint64_t out = mask & g->single;
    for (uint64_t r = mask & ~g->single; r != 0;) {
        uint64_t cls = g->cls[__builtin_ctzll(r)];
        unsigned k = (unsigned)__builtin_popcountll(mask & cls);
        out |= (k == 64 ? ~0ULL : (1ULL << k) - 1) << __builtin_ctzll(cls);
        r &= ~cls;
    }
    return out;
}

/* The edges of mask joined to the edges es (taken, a subset) through
 * vertices other than the ground: a vertex set a word (the edges in play
 * reach at most 64 vertices besides the ground), each round adding the
 * edges at the vertices newly met.  Growing the set edge by edge until
 * nothing changed was a third of the search's instructions. */
static uint64_t gr_hbc_grow(const gr_hbc *g, uint64_t mask, uint64_t taken, uint64_t es)
{
    uint64_t seen = 0;
    for (;;) {
        uint64_t todo = 0;
        for (; es != 0; es &= es - 1) {
            todo |= g->vends[__builtin_ctzll(es)];
        }
        if ((todo &= ~seen) == 0) {
            return taken;
        }
        seen |= todo;
        for (; todo != 0; todo &= todo - 1) {
            es |= g->inc[1 + __builtin_ctzll(todo)];
        }
        es &= mask & ~taken;
        taken |= es;
    }
}

/* The sum of the values of the parts of the edges of mask still standing,
 * pushing the parts not valued yet (*missing counts them).  Each part
 * standing holds an edge on the ground and is grown from it; what no part
 * reaches has fallen. */
static gr_status gr_hbc_split_value(gr_hbc *g, uint64_t mask, gr_cgt *out, size_t *missing)
{
    gr_cgt sum = gr_cgt_zero(g->vs.store);
    gr_status st;
    *missing = 0;
    for (uint64_t r = mask & g->inc[0]; r != 0;) {
        uint64_t part = gr_hbc_grow(g, mask, r & -r, r & -r);
        r &= ~part;
        part = gr_hbc_canon(g, part);
        gr_cgt v;
        if (!gr_cgt_memo_get(&g->memo, part, 0, &v)) {
            (*missing)++;
            if ((st = gr_cgt_memo_push(g->vs.arena, &g->memo, part, 0)) != GR_OK) {
                return st;
            }
            continue;
        }
        if (*missing == 0 && (st = gr_cgt_add(g->vs.store, sum, v, &sum)) != GR_OK) {
            return st;
        }
    }
    *out = sum;
    return GR_OK;
}

static gr_status gr_hbc_expand(void *ctx, uint64_t part, unsigned tag, bool *pending)
{
    gr_hbc *g = ctx;
    (void)tag; /* 0: the edges in play say the position */
    gr_cgt opts[2][64];
    size_t nopt[2] = {0, 0};
    gr_status st;
    *pending = false;
    if ((st = gr_value_search_tick(&g->vs)) != GR_OK) {
        return st;
    }
    for (uint64_t r = part; r != 0; r &= r - 1) {
        unsigned b = (unsigned)__builtin_ctzll(r);
        if (part & g->cls[b] & ((1ULL << b) - 1)) {
            continue; /* a lower edge of its class is cut instead: the same game */
        }
        uint64_t rest = part & ~(1ULL << b);
        gr_cgt v;
        size_t missing;
        if ((st = gr_hbc_split_value(g, rest, &v, &missing)) != GR_OK) {
            return st;
        }
        if (missing > 0) {
            *pending = true;
            continue;
        }
        if (g->lcol[b] != GR_HBC_RED) {
            opts[0][nopt[0]++] = v;
        }
        if (g->lcol[b] != GR_HBC_BLUE) {
            opts[1][nopt[1]++] = v;
        }
    }
    if (*pending) {
        return GR_OK;
    }
    gr_cgt v;
    if ((st = gr_cgt_make(g->vs.store, opts[0], nopt[0], opts[1], nopt[1], &v)) != GR_OK) {
        return st;
    }
    return gr_cgt_memo_put(g->vs.arena, &g->memo, part, 0, v);
}

/* The value of the edges of mask still standing, searching what is not
 * valued yet. */
static gr_status gr_hbc_search(gr_hbc *g, uint64_t mask, gr_cgt *out)
{
    for (;;) {
        size_t base = g->memo.sn, missing;
        gr_status st = gr_hbc_split_value(g, mask, out, &missing);
        if (st != GR_OK || missing == 0) {
            g->memo.sn = base;
            return st;
        }
        if ((st = gr_cgt_memo_drain(&g->memo, base, gr_hbc_expand, g)) != GR_OK) {
            return st;
        }
    }
}

/* ---- the API -------------------------------------------------------------------- */

_Static_assert(offsetof(gr_hbc, vs) == 0, "gr_value_search_new sets up the first member");

gr_status gr_hbc_create(gr_arena *arena, gr_cgt_store *store, const gr_hbc_input *in,
                        const gr_search_opts *opts, gr_hbc **out)
{
    if (in->ground_count == 0) {
        return GR_EINVAL;
    }
    if (in->m > GR_HBC_MAX_EDGES) {
        return GR_ELIMIT;
    }
    for (size_t i = 0; i < in->m; i++) {
        if (in->colour[i] > GR_HBC_GREEN) {
            return GR_EINVAL;
        }
    }
    gr_hbc *g = gr_value_search_new(arena, sizeof(gr_hbc), store, opts);
    if (g == NULL) {
        return GR_ENOMEM;
    }
    g->in = in;
    g->m = in->m;
    gr_status st;
    uint32_t *order;
    size_t norder;
    if ((st = gr_hbc_relabel(g)) != GR_OK || (st = gr_hbc_split_bundles(g)) != GR_OK ||
        (st = gr_hbc_grounded(g, &order, &norder)) != GR_OK) {
        return st;
    }
    if (g->tree) {
        /* Berlekamp's rule now; a value past the dyadic limits is kept as
         * the status gr_hbc_value answers */
        g->tree_status = gr_hbc_tree_values(g, order, norder);
        if (g->tree_status == GR_ENOMEM || g->tree_status == GR_ETIME ||
            g->tree_status == GR_ECANCELLED) {
            return g->tree_status;
        }
    } else if (g->green) {
        /* Green Hackenbush: the fusion principle in linear time (a nimber) */
        uint32_t *uv = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, 2 * g->m + 1);
        static const uint32_t ground[1] = {0};
        if (uv == NULL) {
            return GR_ENOMEM;
        }
        for (size_t i = 0; i < g->m; i++) {
            uv[2 * i] = g->eu[i], uv[2 * i + 1] = g->ev[i];
        }
        gr_hgraph_input *gin = GR_ARENA_ARRAY(arena, gr_hgraph_input, 1);
        if (gin == NULL) {
            return GR_ENOMEM;
        }
        *gin = (gr_hgraph_input){g->nv, g->m, uv, 1, ground};
        if ((st = gr_hgraph_solve(arena, gin, &g->hgraph)) != GR_OK) {
            return st;
        }
    } else {
        if (g->ne > GR_HBC_MAX_SEARCH_EDGES) {
            return GR_ELIMIT;
        }
        g->local = GR_ARENA_ARRAY(arena, uint32_t, 64);
        g->bit_of = GR_ARENA_ARRAY_UNINIT(arena, int32_t, g->m + 1);
        if (g->local == NULL || g->bit_of == NULL) {
            return GR_ENOMEM;
        }
        for (size_t e = 0; e < g->m; e++) {
            g->bit_of[e] = -1;
        }
        if ((st = gr_hbc_local(g)) != GR_OK) {
            return st;
        }
    }
    *out = g;
    return GR_OK;
}

bool gr_hbc_is_tree(const gr_hbc *g)
{
    return g->tree;
}

bool gr_hbc_in_play(const gr_hbc *g, size_t e)
{
    return e < g->m && g->in_play[e];
}

gr_status gr_hbc_value(gr_hbc *g, gr_cgt *out)
{
    if (g->tree) {
        return g->tree_status != GR_OK ? g->tree_status
                                       : gr_cgt_number(g->vs.store, g->sum[0], out);
    }
    if (g->green) {
        gr_hgraph_summary sum;
        gr_hgraph_summarize(g->hgraph, &sum);
        return gr_cgt_nimber(g->vs.store, sum.grundy, out);
    }
    return gr_hbc_search(g, g->all, out);
}

gr_status gr_hbc_after(gr_hbc *g, size_t e, gr_cgt *out)
{
    if (!gr_hbc_in_play(g, e)) {
        return GR_EINVAL;
    }
    if (g->tree && g->tree_status != GR_OK) {
        return g->tree_status;
    }
    if (g->green) {
        uint32_t edge = (uint32_t)e;
        uint64_t v;
        gr_status st = gr_hgraph_values_after(g->vs.arena, g->hgraph, &edge, 1, UINT64_MAX, &v);
        return st != GR_OK ? st : gr_cgt_nimber(g->vs.store, v, out);
    }
    if (!g->tree) {
        uint64_t bit = 1ULL << g->bit_of[e];
        return gr_hbc_search(g, g->all & ~bit, out);
    }
    return gr_hbc_tree_after(g, e, out);
}

/* Subsets drawn for the forecast: 4,096 draws put a count of 2^m / 256
 * or more within a few per cent, and a smaller one is under-stated (no
 * draw hits it), the side on which a refusal errs. */
#define GR_HBC_EST_DRAWS 4096u

gr_status gr_hbc_estimate(const gr_hbc *g, uint64_t *nodes)
{
    *nodes = 0;
    if (g->tree || g->green || g->single != g->all) {
        return GR_OK; /* no search, or counts of classes the draws do not see */
    }
    uint64_t x = 0x243F6A8885A308D3ULL, hits = 0; /* fixed: the same draws every time */
    for (unsigned i = 0; i < GR_HBC_EST_DRAWS; i++) {
        uint64_t z = (x += 0x9E3779B97F4A7C15ULL); /* splitmix64 */
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        uint64_t set = (z ^ (z >> 31)) & g->all, ground = set & g->inc[0];
        uint64_t low = ground & -ground;
        hits += ground != 0 && gr_hbc_grow(g, set, low, low) == set;
    }
    double est = ldexp((double)hits / GR_HBC_EST_DRAWS, (int)g->ne);
    *nodes = est >= 1e18 ? (uint64_t)1e18 : (uint64_t)est;
    return GR_OK;
}

uint64_t gr_hbc_nodes(const gr_hbc *g)
{
    return g->vs.nodes;
}
