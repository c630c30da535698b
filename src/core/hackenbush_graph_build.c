/*
 * Green Hackenbush on graphs: the value, in O(V + E).
 *
 *  1. Every ground vertex maps to one root (several grounds act as one).
 *  2. Compressed adjacency of the non-loop edges (loops are never tree or
 *     back edges; they only count as edges of their vertex's component).
 *  3. One iterative DFS from the root (explicit stack: a path of 10^6
 *     vertices is fine).  The entering edge's id, not the parent vertex, is
 *     skipped, so a parallel edge to the parent is a back edge and a
 *     doubled edge is never a bridge.  Vertices not reached are detached
 *     and their edges fall away.
 *  4. Reverse preorder: cnt[v] (back edges covering (v, parent v)) sums
 *     "+1 at the deeper end, -1 at the shallower end" over the subtree;
 *     cnt == 0 is a bridge.  In the same pass each component's edge count
 *     and the colon-principle XOR of its children are gathered, and a
 *     component is finished when its root is reached:
 *         g(C) = (k_C mod 2) XOR  XOR_{child D} (g(D) + 1)
 *     -- the fusion principle turns C into one vertex carrying k_C loops,
 *     each a stick of value 1.
 *  5. Preorder: component ids (a new one below every bridge).
 */
#include <stdbool.h>
#include <string.h>

#include "core/hackenbush_graph_internal.h"

static inline uint32_t gr_hgraph_map(const gr_hgraph *g, uint32_t v)
{
    return g->ground[v] ? g->root : v;
}

/* Steps 1-3.  Fills order/depth/parent/parent_edge and the per-vertex
 * counters that step 4 starts from (loops and back edges are counted
 * here, so the value never needs another pass over the edge list). */
static gr_status gr_hgraph_dfs(gr_arena *a, gr_hgraph *g)
{
    const uint32_t n = g->n;
    const size_t m = g->m;
    /* 2 * m < 2^32 (GR_HGRAPH_MAX_EDGES), so 32-bit offsets suffice */
    uint32_t *off = GR_ARENA_ARRAY(a, uint32_t, (size_t)n + 1);
    g->cnt = GR_ARENA_ARRAY(a, uint32_t, n);
    g->in_edges = GR_ARENA_ARRAY(a, uint32_t, n);
    if (off == NULL || g->cnt == NULL || g->in_edges == NULL) {
        return GR_ENOMEM;
    }
    size_t nonloop = 0;
    for (size_t e = 0; e < m; e++) {
        uint32_t u = gr_hgraph_map(g, g->edges[2 * e]);
        uint32_t v = gr_hgraph_map(g, g->edges[2 * e + 1]);
        if (u != v) {
            off[u + 1]++;
            off[v + 1]++;
            nonloop++;
        } else {
            g->in_edges[u]++; /* a loop: an edge of u's component */
        }
    }
    for (uint32_t v = 0; v < n; v++) {
        off[v + 1] += off[v];
    }
    /* adj[2i] = neighbour, adj[2i+1] = edge id */
    uint32_t *adj = GR_ARENA_ARRAY_UNINIT(a, uint32_t, 4 * nonloop);
    uint32_t *it = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    if (adj == NULL || it == NULL) {
        return GR_ENOMEM;
    }
    memcpy(it, off, (size_t)n * sizeof(*it));
    for (size_t e = 0; e < m; e++) {
        uint32_t u = gr_hgraph_map(g, g->edges[2 * e]);
        uint32_t v = gr_hgraph_map(g, g->edges[2 * e + 1]);
        if (u != v) {
            uint32_t i = it[u]++;
            adj[2 * i] = v;
            adj[2 * i + 1] = (uint32_t)e;
            i = it[v]++;
            adj[2 * i] = u;
            adj[2 * i + 1] = (uint32_t)e;
        }
    }
    memcpy(it, off, (size_t)n * sizeof(*it));

    g->order = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    g->depth = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    g->parent = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    g->parent_edge = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    uint32_t *stack = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    if (g->order == NULL || g->depth == NULL || g->parent == NULL || g->parent_edge == NULL ||
        stack == NULL) {
        return GR_ENOMEM;
    }
    memset(g->depth, 0xff, (size_t)n * sizeof(uint32_t));

    /* Two bitmaps small enough to stay in cache answer the per-edge
     * question "seen? on the stack?"; the per-vertex arrays are touched
     * once per vertex.  In an undirected DFS a seen neighbour is either on
     * the stack (an ancestor: a back edge, met from its deeper end) or a
     * finished descendant (the same back edge, met earlier from below). */
    uint64_t *seen = GR_ARENA_ARRAY(a, uint64_t, (size_t)n / 64 + 1);
    uint64_t *open = GR_ARENA_ARRAY(a, uint64_t, (size_t)n / 64 + 1);
    if (seen == NULL || open == NULL) {
        return GR_ENOMEM;
    }
#define GR_BIT(b, x) ((b)[(x) >> 6] >> ((x)&63) & 1u)
#define GR_SET(b, x) ((b)[(x) >> 6] |= (uint64_t)1 << ((x)&63))
#define GR_CLR(b, x) ((b)[(x) >> 6] &= ~((uint64_t)1 << ((x)&63)))
    uint32_t *depth = g->depth, *cnt = g->cnt;
    uint32_t nv = 0, sp = 0, nback = 0;
    /* Loops at attached vertices: in_edges holds just the loops when a
     * vertex is discovered (back edges reach it only while it is open). */
    uint64_t loops = g->in_edges[g->root];
    const uint32_t root = g->root;
    depth[root] = 0;
    g->parent[root] = GR_HGRAPH_NONE;
    g->parent_edge[root] = GR_HGRAPH_NONE;
    g->order[nv++] = root;
    GR_SET(seen, root);
    GR_SET(open, root);
    stack[sp++] = root;
    while (sp > 0) {
        uint32_t v = stack[sp - 1];
        uint32_t i = it[v], end = off[v + 1], pe = g->parent_edge[v];
        bool descended = false;
        for (; i < end; i++) {
            uint32_t u = adj[2 * i], e = adj[2 * i + 1];
            if (e == pe) {
                continue;
            }
            if (!GR_BIT(seen, u)) {
                GR_SET(seen, u);
                GR_SET(open, u);
                depth[u] = depth[v] + 1;
                g->parent[u] = v;
                g->parent_edge[u] = e;
                g->order[nv++] = u;
                loops += g->in_edges[u];
                stack[sp++] = u;
                it[v] = i + 1;
                descended = true;
                break;
            }
            if (GR_BIT(open, u)) {
                cnt[v]++;
                cnt[u]--;         /* wraps; the subtree sums are exact */
                g->in_edges[u]++; /* inside every subtree holding u */
                nback++;
            }
        }
        if (!descended) {
            it[v] = end;
            GR_CLR(open, v);
            sp--;
        }
    }
#undef GR_BIT
#undef GR_SET
#undef GR_CLR
    gr_arena_free(a, open, ((size_t)n / 64 + 1) * sizeof(uint64_t));
    gr_arena_free(a, seen, ((size_t)n / 64 + 1) * sizeof(uint64_t));
    g->nv = nv;
    g->nback = nback;
    g->attached_edges = loops + (nv - 1) + nback;
    g->detached = g->m - g->attached_edges;
    /* The adjacency is not needed again: give the big arrays back. */
    gr_arena_free(a, stack, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, it, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, adj, 4 * nonloop * sizeof(uint32_t));
    gr_arena_free(a, off, ((size_t)n + 1) * sizeof(uint32_t));
    return GR_OK;
}

/* Steps 4 and 5. */
static gr_status gr_hgraph_components(gr_arena *a, gr_hgraph *g)
{
    const uint32_t nv = g->nv;
    uint32_t *cnt = g->cnt, *in_edges = g->in_edges;
    g->sub_value = GR_ARENA_ARRAY(a, uint64_t, g->n);
    g->comp = GR_ARENA_ARRAY_UNINIT(a, uint32_t, g->n);
    if (g->sub_value == NULL || g->comp == NULL) {
        return GR_ENOMEM;
    }
    uint64_t *sub = g->sub_value;
    uint64_t bridges = 0;
    uint32_t max_cnt = 0;
    for (uint32_t i = nv; i-- > 1;) {
        uint32_t v = g->order[i], p = g->parent[v];
        cnt[p] += cnt[v];
        if (cnt[v] > max_cnt) {
            max_cnt = cnt[v];
        }
        if (cnt[v] == 0) {
            /* v roots a component D hanging from p by a bridge: D is
             * complete, and by the colon principle it acts on p's
             * component as a stick of value g(D) + 1. */
            sub[p] ^= gr_hgraph_comp_value(g, v) + 1;
            bridges++;
        } else {
            in_edges[p] += in_edges[v] + 1;
            sub[p] ^= sub[v];
        }
    }
    g->bridges = bridges;
    g->max_cnt = max_cnt;
    g->grundy = gr_hgraph_comp_value(g, g->root);

    g->comp_root = GR_ARENA_ARRAY_UNINIT(a, uint32_t, (size_t)bridges + 1);
    if (g->comp_root == NULL) {
        return GR_ENOMEM;
    }
    uint32_t nc = 0;
    g->comp[g->root] = nc;
    g->comp_root[nc++] = g->root;
    for (uint32_t i = 1; i < nv; i++) {
        uint32_t v = g->order[i];
        if (cnt[v] == 0) {
            g->comp[v] = nc;
            g->comp_root[nc++] = v;
        } else {
            g->comp[v] = g->comp[g->parent[v]];
        }
    }
    g->ncomp = nc;
    return GR_OK;
}

/* Sparse ids (say "vertices": 4e9 with ten edges): relabel the ids in use
 * densely through an open-addressing hash table, so per-vertex arrays are
 * proportional to the input.  Edge indices, which moves report, are kept;
 * the caller's edges array is not touched (a relabelled copy is made). */
static gr_status gr_hgraph_compact(gr_arena *a, gr_hgraph_input *in, uint32_t *edges,
                                   uint32_t *ground)
{
    size_t want = 2 * (2 * in->m + in->ground_count) + 16, cap = 16;
    unsigned shift = 60;
    while (cap < want) {
        cap *= 2;
        shift--;
    }
    uint32_t *key = GR_ARENA_ARRAY_UNINIT(a, uint32_t, cap);
    uint32_t *val = GR_ARENA_ARRAY_UNINIT(a, uint32_t, cap);
    if (key == NULL || val == NULL) {
        return GR_ENOMEM;
    }
    memset(key, 0xff, cap * sizeof(uint32_t));
    uint32_t next = 0;
    size_t total = 2 * in->m + in->ground_count;
    for (size_t i = 0; i < total; i++) {
        uint32_t id = i < 2 * in->m ? in->edges[i] : in->ground[i - 2 * in->m];
        size_t h = (size_t)(((uint64_t)id * 0x9E3779B97F4A7C15ULL) >> shift) & (cap - 1);
        while (key[h] != UINT32_MAX && key[h] != id) {
            h = (h + 1) & (cap - 1);
        }
        if (key[h] == UINT32_MAX) {
            key[h] = id;
            val[h] = next++;
        }
        if (i < 2 * in->m) {
            edges[i] = val[h];
        } else {
            ground[i - 2 * in->m] = val[h];
        }
    }
    gr_arena_free(a, val, cap * sizeof(uint32_t));
    gr_arena_free(a, key, cap * sizeof(uint32_t));
    in->n = next;
    in->edges = edges;
    in->ground = ground;
    return GR_OK;
}

gr_status gr_hgraph_solve(gr_arena *arena, const gr_hgraph_input *input, gr_hgraph **out)
{
    gr_hgraph_input copy = *input, *in = &copy;
    if (in->n == 0 || in->m > GR_HGRAPH_MAX_EDGES || in->ground_count == 0) {
        return GR_EINVAL;
    }
    for (size_t i = 0; i < 2 * in->m; i++) {
        if (in->edges[i] >= in->n) {
            return GR_EINVAL;
        }
    }
    for (size_t i = 0; i < in->ground_count; i++) {
        if (in->ground[i] >= in->n) {
            return GR_EINVAL;
        }
    }
    if ((uint64_t)in->n > 4 * ((uint64_t)in->m + in->ground_count) + 1024) {
        uint32_t *edges = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, 2 * in->m);
        uint32_t *grounds = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, in->ground_count);
        if (edges == NULL || grounds == NULL) {
            return GR_ENOMEM;
        }
        gr_status st = gr_hgraph_compact(arena, in, edges, grounds);
        if (st != GR_OK) {
            return st;
        }
    }
    gr_hgraph *g = gr_arena_calloc(arena, 1, sizeof(*g));
    uint8_t *ground = GR_ARENA_ARRAY(arena, uint8_t, in->n);
    if (g == NULL || ground == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < in->ground_count; i++) {
        ground[in->ground[i]] = 1;
    }
    g->n = in->n;
    g->m = in->m;
    g->edges = in->edges;
    g->ground = ground;
    g->root = in->ground[0];

    gr_status st = gr_hgraph_dfs(arena, g);
    if (st != GR_OK) {
        return st;
    }
    st = gr_hgraph_components(arena, g);
    if (st != GR_OK) {
        return st;
    }
    *out = g;
    return GR_OK;
}

void gr_hgraph_summarize(const gr_hgraph *g, gr_hgraph_summary *out)
{
    out->grundy = g->grundy;
    out->detached_edges = g->detached;
    out->bridges = g->bridges;
    out->components = g->ncomp;
}
