/*
 * Node Kayles on the search engine (src/core/search.c).
 *
 * Encoding.  The input graph is cut into connected components (union-find,
 * no recursion); a component of at most 64 vertices is numbered 0..k-1 in
 * increasing vertex id, and each vertex has the bitmask of its closed
 * neighbourhood.  A position inside component t is the mask of the
 * vertices still there: key (mask, t).  A move at v leaves mask & ~N[v],
 * which splits again into connected components (a flood fill over the
 * masks); each goes to the engine as its own key and the values are XORed.
 *
 * Shapes known by formula (isomorphism classes of small components, so
 * they never reach the table): a clique is worth 1 (every move empties
 * it); a path of k vertices is Dawson's chess on k (a move takes one,
 * two or three consecutive vertices), whose value is Dawson's Kayles on
 * k + 1 (octal 0.137 and 0.07, Winning Ways ch. 4); a cycle of k vertices
 * has the single option "path of k - 3", so it is worth 1 if that path is
 * worth 0 and 0 otherwise; a star with k - 1 >= 3 leaves has the options 0
 * (its centre) and k - 2 isolated vertices (a leaf).  Every component of
 * at most three vertices is one of these.
 *
 * The root (search_root.c): its parts are the graph's components, each
 * valued once, and its candidate moves the vertices in order (every
 * vertex is a move).
 */
#include "grundy/node_kayles.h"

#include <stddef.h>
#include <string.h>

#include "core/search_internal.h"

typedef struct gr_nk_comp {
    uint32_t *vertex; /* local index -> vertex id, increasing */
    unsigned size;
    uint64_t *closed; /* N[v] as local masks, one per vertex */
    uint64_t all;
} gr_nk_comp;

struct gr_nk {
    gr_search_root root; /* its value and moves (search_root.c) */
    gr_arena *arena;
    uint32_t n;
    uint32_t *comp_of, *local; /* per vertex */
    gr_nk_comp *comp;
    size_t ncomp;
    unsigned dawson[GR_NK_MAX_COMPONENT + 2];
};

static uint32_t gr_nk_find(uint32_t *parent, uint32_t v)
{
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

/* The connected component of `rest` holding its lowest vertex. */
static uint64_t gr_nk_flood(const gr_nk_comp *c, uint64_t rest)
{
    uint64_t comp = rest & -rest, frontier = comp;
    while (frontier != 0) {
        unsigned v = (unsigned)__builtin_ctzll(frontier);
        frontier &= frontier - 1;
        uint64_t add = c->closed[v] & rest & ~comp;
        comp |= add;
        frontier |= add;
    }
    return comp;
}

/* The connected components of the vertices in `rest`, one key each. */
static void gr_nk_split(gr_search *s, const gr_nk_comp *c, uint32_t tag, uint64_t rest)
{
    while (rest != 0) {
        uint64_t comp = gr_nk_flood(c, rest);
        rest &= ~comp;
        gr_search_child_add(s, (gr_skey){comp, tag});
    }
}

static void gr_nk_expand(gr_search *s, const void *ctx, gr_skey pos)
{
    const gr_nk *g = ctx;
    const gr_nk_comp *c = &g->comp[pos.tag];
    for (uint64_t m = pos.bits; m != 0; m &= m - 1) {
        unsigned v = (unsigned)__builtin_ctzll(m);
        gr_nk_split(s, c, pos.tag, pos.bits & ~c->closed[v]);
        gr_search_child_end(s);
    }
}

static bool gr_nk_known(const void *ctx, gr_skey pos, unsigned *value)
{
    const gr_nk *g = ctx;
    const gr_nk_comp *c = &g->comp[pos.tag];
    unsigned k = gr_popcount(pos.bits), ends = 0, top = 0;
    bool clique = true;
    for (uint64_t m = pos.bits; m != 0; m &= m - 1) {
        unsigned v = (unsigned)__builtin_ctzll(m);
        unsigned d = gr_popcount(c->closed[v] & pos.bits) - 1;
        clique &= d == k - 1;
        top = d > top ? d : top;
        ends += d == 1;
        if (top > 2 && !clique && d > 1 && d != k - 1) {
            return false; /* neither a clique, a path, a cycle nor a star */
        }
    }
    if (clique) {
        *value = 1;
        return true;
    }
    if (top > 2) {
        /* a star K(1, k-1): the centre empties it, a leaf leaves k - 2
         * isolated vertices; so {0, (k - 2) mod 2} */
        if (top == k - 1 && ends == k - 1) {
            *value = (k - 2) % 2 == 1 ? 2 : 1;
            return true;
        }
        return false;
    }
    /* connected, every degree 1 or 2 */
    if (ends == 2) {
        *value = g->dawson[k + 1];
        return true;
    }
    if (ends == 0) {
        *value = g->dawson[k - 2] == 0 ? 1 : 0;
        return true;
    }
    return false;
}

/* ---- the root (search_root.c) -------------------------------------------- */

static void gr_nk_part(const void *ctx, size_t t, gr_search_rest *out)
{
    const gr_nk *g = ctx;
    *out = (gr_search_rest){.key = {{g->comp[t].all, (uint32_t)t}}, .n = 1};
}

/* Candidate v is the move at vertex v, in the component comp_of[v]: what
 * it leaves of that component, split into its connected components. */
static bool gr_nk_candidate(const void *ctx, size_t v, size_t *part, gr_search_rest *out)
{
    const gr_nk *g = ctx;
    uint32_t tag = g->comp_of[v];
    const gr_nk_comp *c = &g->comp[tag];
    uint64_t rest = c->all & ~c->closed[g->local[v]];
    *part = tag;
    out->n = 0;
    out->extra = 0;
    while (rest != 0) {
        uint64_t comp = gr_nk_flood(c, rest);
        rest &= ~comp;
        out->key[out->n++] = (gr_skey){comp, tag};
    }
    return true;
}

static void gr_nk_write(const void *ctx, size_t v, unsigned value, void *move)
{
    (void)ctx;
    *(gr_nk_move *)move = (gr_nk_move){(uint32_t)v, value};
}

/* gr_nk_value, gr_nk_moves, gr_nk_stats and gr_nk_root (the game's header),
 * and the table gr_nk_top */
GR_SEARCH_ROOT_FACE(gr_nk, gr_nk_move);

gr_status gr_nk_create(gr_arena *arena, uint32_t n, const uint32_t *edges, size_t m,
                       const gr_search_opts *opts, gr_nk **out, size_t *bad)
{
    gr_nk *g = gr_arena_calloc(arena, 1, sizeof(*g));
    uint32_t *parent = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, n);
    if (g == NULL || (parent == NULL && n != 0)) {
        return GR_ENOMEM;
    }
    g->arena = arena;
    g->n = n;
    for (uint32_t v = 0; v < n; v++) {
        parent[v] = v;
    }
    for (size_t i = 0; i < m; i++) {
        uint32_t a = edges[2 * i], b = edges[2 * i + 1];
        if (a >= n || b >= n) {
            *bad = i;
            return GR_EINVAL;
        }
        a = gr_nk_find(parent, a);
        b = gr_nk_find(parent, b);
        if (a != b) {
            parent[a > b ? a : b] = a < b ? a : b; /* the least vertex is the root */
        }
    }
    g->comp_of = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, n);
    g->local = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, n);
    if (n != 0 && (g->comp_of == NULL || g->local == NULL)) {
        return GR_ENOMEM;
    }
    /* roots in increasing order number the components; sizes first */
    size_t ncomp = 0;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t r = gr_nk_find(parent, v);
        if (r == v) {
            g->comp_of[v] = (uint32_t)ncomp++;
            g->local[v] = 0;
        }
    }
    g->comp = GR_ARENA_ARRAY(arena, gr_nk_comp, ncomp);
    if (ncomp != 0 && g->comp == NULL) {
        return GR_ENOMEM;
    }
    g->ncomp = ncomp;
    for (uint32_t v = 0; v < n; v++) {
        gr_nk_comp *c = &g->comp[g->comp_of[gr_nk_find(parent, v)]];
        if (c->size == GR_NK_MAX_COMPONENT) {
            *bad = gr_nk_find(parent, v);
            return GR_ELIMIT;
        }
        g->local[v] = c->size++;
    }
    for (uint32_t v = 0; v < n; v++) {
        g->comp_of[v] = g->comp_of[gr_nk_find(parent, v)];
    }
    for (size_t t = 0; t < ncomp; t++) {
        gr_nk_comp *c = &g->comp[t];
        c->vertex = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, c->size);
        c->closed = GR_ARENA_ARRAY(arena, uint64_t, c->size);
        if (c->vertex == NULL || c->closed == NULL) {
            return GR_ENOMEM;
        }
        c->all = c->size == 64 ? ~0ULL : (1ULL << c->size) - 1;
    }
    for (uint32_t v = 0; v < n; v++) {
        gr_nk_comp *c = &g->comp[g->comp_of[v]];
        c->vertex[g->local[v]] = v;
        c->closed[g->local[v]] |= 1ULL << g->local[v];
    }
    for (size_t i = 0; i < m; i++) {
        uint32_t a = edges[2 * i], b = edges[2 * i + 1];
        gr_nk_comp *c = &g->comp[g->comp_of[a]];
        c->closed[g->local[a]] |= 1ULL << g->local[b];
        c->closed[g->local[b]] |= 1ULL << g->local[a];
    }
    for (unsigned k = 0; k < GR_NK_MAX_COMPONENT + 2; k++) {
        g->dawson[k] = gr_search_dawson(k);
    }
    /* the root's parts are the graph's components; a candidate a vertex */
    gr_search_game game = {g, gr_nk_expand, gr_nk_known, 10};
    gr_status st = gr_search_root_init(&g->root, arena, &game, opts, &gr_nk_top, ncomp, n);
    if (st == GR_OK) {
        *out = g;
    }
    return st;
}
