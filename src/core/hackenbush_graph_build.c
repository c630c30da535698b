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
 *  4. When a vertex v closes (its subtree complete): cnt[v] (back edges
 *     covering (v, parent v)) sums "+1 at the deeper end, -1 at the
 *     shallower end" over the subtree; cnt == 0 is a bridge.  At the same
 *     moment each component's edge count and the colon-principle XOR of its
 *     children are gathered into the parent's stack frame, and a component
 *     is finished when its root closes:
 *         g(C) = (k_C mod 2) XOR  XOR_{child D} (g(D) + 1)
 *     -- the fusion principle turns C into one vertex carrying k_C loops,
 *     each a stick of value 1.
 *  5. Preorder: component ids (a new one below every bridge).
 */
#include <stdbool.h>
#include <string.h>

#include "core/hackenbush_graph_internal.h"
#include "core/huge_pages.h"

/* One open vertex of the DFS.  Everything the search touches between
 * discovering v and closing it lives here, on top of the stack and so in
 * cache: the scan position in v's adjacency, its entering edge, and the
 * subtree sums of step 4, which move to the parent's frame when v closes.
 * A random graph's DFS otherwise pays a cache miss for each of it[v],
 * off[v + 1], parent_edge[v], cnt[v], ... every time it returns to v.
 * When v closes, its record (gr_hgraph_vertex) is written in one go. */
typedef struct gr_hgraph_frame {
    uint32_t v;
    uint32_t i;   /* next entry of v's adjacency to scan (GR_HGRAPH_NONE: done) */
    uint32_t pe;  /* the edge v was entered by (skipped, not its twin) */
    uint32_t cnt; /* back edges covering (v, parent v), subtree so far */
    uint32_t in;  /* edges inside v's component below v, so far */
    uint32_t sub; /* XOR of g(D) + 1 over child components D, so far:
                     g(D) <= edges < 2^31 (GR_HGRAPH_MAX_EDGES) */
} gr_hgraph_frame;

/* One adjacency entry: v's neighbour u by edge e, u's block at start. */
typedef struct gr_hgraph_adj {
    uint32_t u, e, start;
} gr_hgraph_adj;

/* How many frames below the top the DFS prefetches when it backs up. */
#ifndef GR_HGRAPH_AHEAD
#define GR_HGRAPH_AHEAD 16
#endif

/* Steps 1-4 in one search: the value needs no further pass over the
 * vertices or the edge list. */
static gr_status gr_hgraph_dfs(gr_arena *a, gr_hgraph *g)
{
    const uint32_t n = g->n;
    const size_t m = g->m;
    /* 2 * m < 2^32 (GR_HGRAPH_MAX_EDGES), so 32-bit offsets suffice */
    uint32_t *off = GR_ARENA_ARRAY_UNINIT(a, uint32_t, (size_t)n + 1);
    uint32_t *loops = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    if (off == NULL || loops == NULL) {
        return GR_ENOMEM;
    }
    gr_huge_pages(off, ((size_t)n + 1) * sizeof(uint32_t));
    gr_huge_pages(loops, (size_t)n * sizeof(uint32_t));
    memset(off, 0, ((size_t)n + 1) * sizeof(uint32_t));
    memset(loops, 0, (size_t)n * sizeof(uint32_t));
    /* Counting sort by vertex: degrees, then running sums so that off[v]
     * is the end of v's block, then each entry is put just before the
     * end it finds, the edges taken last to first -- which leaves off[v]
     * at the block's start, each block in increasing edge order, and
     * needs no second cursor array. */
    size_t nonloop = 0;
    for (size_t e = 0; e < m; e++) {
        uint32_t u = gr_hgraph_map(g, g->edges[2 * e]);
        uint32_t v = gr_hgraph_map(g, g->edges[2 * e + 1]);
        if (u != v) {
            off[u]++;
            off[v]++;
            nonloop++;
        } else {
            loops[u]++; /* a loop: an edge of u's component */
        }
    }
    for (uint32_t v = 0; v < n; v++) {
        off[v + 1] += off[v];
    }
    /* An entry names the neighbour, the edge, and where the neighbour's
     * own block starts: the DFS, stepping to a new vertex, then goes
     * straight to its block instead of first missing in off[].  A bit
     * marks the last entry of each block. */
    gr_hgraph_adj *adj = GR_ARENA_ARRAY_UNINIT(a, gr_hgraph_adj, 2 * nonloop);
    uint64_t *last = GR_ARENA_ARRAY(a, uint64_t, nonloop / 32 + 1);
    if (adj == NULL || last == NULL) {
        return GR_ENOMEM;
    }
    gr_huge_pages(adj, 2 * nonloop * sizeof(gr_hgraph_adj));
    for (size_t e = m; e-- > 0;) {
        uint32_t u = gr_hgraph_map(g, g->edges[2 * e]);
        uint32_t v = gr_hgraph_map(g, g->edges[2 * e + 1]);
        if (u != v) {
            uint32_t i = --off[u];
            adj[i].u = v;
            adj[i].e = (uint32_t)e;
            i = --off[v];
            adj[i].u = u;
            adj[i].e = (uint32_t)e;
        }
    }
    for (size_t i = 0; i < 2 * nonloop; i++) {
        adj[i].start = off[adj[i].u];
    }
    for (uint32_t v = 0; v < n; v++) {
        if (off[v + 1] > off[v]) {
            last[(off[v + 1] - 1) >> 6] |= (uint64_t)1 << ((off[v + 1] - 1) & 63);
        }
    }
    /* The root's block, the only one not reached through an entry. */
    const uint32_t root_start = off[g->root] < off[g->root + 1] ? off[g->root] : GR_HGRAPH_NONE;
    gr_arena_free(a, off, ((size_t)n + 1) * sizeof(uint32_t));

    /* Per-vertex results: written for attached vertices only (the rest is
     * never read: the `seen` bitmap below becomes g->attached), so no
     * zeroing. */
    g->order = GR_ARENA_ARRAY_UNINIT(a, uint32_t, n);
    g->vx = GR_ARENA_ARRAY_UNINIT(a, gr_hgraph_vertex, n);
    gr_hgraph_frame *stack = GR_ARENA_ARRAY_UNINIT(a, gr_hgraph_frame, n);
    if (g->order == NULL || g->vx == NULL || stack == NULL) {
        return GR_ENOMEM;
    }
    gr_huge_pages(g->order, (size_t)n * sizeof(uint32_t));
    gr_huge_pages(g->vx, (size_t)n * sizeof(gr_hgraph_vertex));
    gr_huge_pages(stack, (size_t)n * sizeof(gr_hgraph_frame));

    /* Two bitmaps small enough to stay in cache answer the per-edge
     * question "seen? on the stack?".  In an undirected DFS a seen
     * neighbour u of the top vertex v is either on the stack (an ancestor:
     * a back edge seen from its deeper end) or finished (a descendant: the
     * same back edge seen from its shallower end) -- there are no cross
     * edges.  So both ends of a back edge are counted while each is the
     * top of the stack, in its own frame. */
    uint64_t *seen = GR_ARENA_ARRAY(a, uint64_t, (size_t)n / 64 + 1);
    uint64_t *open = GR_ARENA_ARRAY(a, uint64_t, (size_t)n / 64 + 1);
    if (seen == NULL || open == NULL) {
        return GR_ENOMEM;
    }
#define GR_BIT(b, x) ((b)[(x) >> 6] >> ((x)&63) & 1u)
#define GR_SET(b, x) ((b)[(x) >> 6] |= (uint64_t)1 << ((x)&63))
#define GR_CLR(b, x) ((b)[(x) >> 6] &= ~((uint64_t)1 << ((x)&63)))
    uint32_t *order = g->order;
    gr_hgraph_vertex *vx = g->vx;
    uint32_t nv = 0, sp = 0, nback = 0, max_cnt = 0;
    uint64_t bridges = 0;
    const uint32_t root = g->root;
    uint64_t nloops = loops[root];
    order[nv++] = root;
    GR_SET(seen, root);
    GR_SET(open, root);
    stack[sp++] = (gr_hgraph_frame){root, root_start, GR_HGRAPH_NONE, 0, loops[root], 0};
    while (sp > 0) {
        gr_hgraph_frame *f = &stack[sp - 1];
        const uint32_t v = f->v, pe = f->pe;
        uint32_t i = f->i, next = GR_HGRAPH_NONE;
        for (; i != GR_HGRAPH_NONE; i = next) {
            uint32_t u = adj[i].u, e = adj[i].e;
            next = GR_BIT(last, i) ? GR_HGRAPH_NONE : i + 1;
            if (e == pe) {
                continue;
            }
            if (!GR_BIT(seen, u)) {
                break;
            }
            if (GR_BIT(open, u)) {
                f->cnt++; /* (v, u) covers (v, parent v) */
            } else {
                /* (u, v) ends at v: it covers the tree edges from u up
                 * to v's child, not (v, parent v); it wraps, and the
                 * subtree sums are exact.  It lies inside v's subtree. */
                f->cnt--;
                f->in++;
                nback++;
            }
        }
        if (i != GR_HGRAPH_NONE) {
            /* descend to u by the tree edge e */
            uint32_t u = adj[i].u, e = adj[i].e, lu = loops[u];
            f->i = next;
            GR_SET(seen, u);
            GR_SET(open, u);
            order[nv] = u;
            nloops += lu;
            stack[sp++] = (gr_hgraph_frame){u, adj[i].start, e, 0, lu, 0};
            nv++;
            continue;
        }
        /* Step 4: v's subtree is complete.  cnt == 0: v roots a component
         * D hanging from its parent by a bridge, and by the colon principle
         * D acts on the parent's component as a stick of value g(D) + 1;
         * otherwise v's part joins the parent's component (with the tree
         * edge between them). */
        GR_CLR(open, v);
        sp--;
        vx[v] = (gr_hgraph_vertex){.parent = sp > 0 ? stack[sp - 1].v : GR_HGRAPH_NONE,
                                   .parent_edge = pe,
                                   .cnt = f->cnt,
                                   .in_edges = f->in,
                                   .comp = 0, /* step 5 */
                                   .sub_value = f->sub};
        if (sp > GR_HGRAPH_AHEAD) {
            /* Backing up a long path, each ancestor's adjacency is read
             * next and its record written, both evicted long ago: ask
             * for them some frames ahead, so those misses overlap
             * instead of queueing. */
            const gr_hgraph_frame *q = &stack[sp - 1 - GR_HGRAPH_AHEAD];
            if (q->i != GR_HGRAPH_NONE) {
                __builtin_prefetch(&adj[q->i]);
            }
            __builtin_prefetch(&vx[q->v], 1); /* its record, written at close */
        }
        if (sp > 0) {
            gr_hgraph_frame *p = &stack[sp - 1];
            if (f->cnt == 0) {
                p->sub ^= ((f->in & 1u) ^ f->sub) + 1;
                bridges++;
            } else {
                p->cnt += f->cnt;
                p->in += f->in + 1;
                p->sub ^= f->sub;
                max_cnt = f->cnt > max_cnt ? f->cnt : max_cnt;
            }
        }
    }
#undef GR_BIT
#undef GR_SET
#undef GR_CLR
    gr_arena_free(a, open, ((size_t)n / 64 + 1) * sizeof(uint64_t));
    g->attached = seen;
    gr_arena_free(a, stack, (size_t)n * sizeof(gr_hgraph_frame));
    gr_arena_free(a, last, (nonloop / 32 + 1) * sizeof(uint64_t));
    gr_arena_free(a, adj, 2 * nonloop * sizeof(gr_hgraph_adj));
    gr_arena_free(a, loops, (size_t)n * sizeof(uint32_t));
    g->nv = nv;
    g->nback = nback;
    g->attached_edges = nloops + (nv - 1) + nback;
    g->detached = g->m - g->attached_edges;
    g->bridges = bridges;
    g->max_cnt = max_cnt;
    g->grundy = gr_hgraph_comp_value(g, root);
    return GR_OK;
}

/* Step 5, in preorder: a component's id is its root's rank in preorder,
 * and every other vertex takes its parent's.  In a deep DFS the parent is
 * mostly the vertex just before in preorder, whose record is still in
 * cache. */
static gr_status gr_hgraph_components(gr_arena *a, gr_hgraph *g)
{
    const uint32_t nv = g->nv;
    gr_hgraph_vertex *vx = g->vx;
    g->comp_root = GR_ARENA_ARRAY_UNINIT(a, uint32_t, (size_t)g->bridges + 1);
    if (g->comp_root == NULL) {
        return GR_ENOMEM;
    }
    uint32_t nc = 0;
    vx[g->root].comp = nc;
    g->comp_root[nc++] = g->root;
    for (uint32_t k = 1; k < nv; k++) {
        uint32_t v = g->order[k];
        if (vx[v].cnt == 0) {
            g->comp_root[nc] = v;
            vx[v].comp = nc++;
        } else {
            vx[v].comp = vx[vx[v].parent].comp;
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
    uint64_t *ground = GR_ARENA_ARRAY(arena, uint64_t, (size_t)in->n / 64 + 1);
    if (g == NULL || ground == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < in->ground_count; i++) {
        ground[in->ground[i] >> 6] |= (uint64_t)1 << (in->ground[i] & 63);
    }
    g->n = in->n;
    g->m = in->m;
    g->edges = in->edges;
    g->ground = ground;
    g->root = in->ground[0];

    gr_status st = gr_hgraph_dfs(arena, g);
    if (st == GR_OK) {
        st = gr_hgraph_components(arena, g);
    }
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
