/*
 * The hackenbush_graph family: Green Hackenbush on any graph (docs/hackenbush.md),
 * POST /v1/hackenbush/graph and a /v1/sum component.
 *
 *   {"vertices": 5, "edges": [[0, 1], [1, 2], [2, 0], [2, 2], [0, 1]],
 *    "ground": [0]}
 *
 * `vertices` may be omitted (largest id + 1).  Loops and parallel edges
 * are allowed, ground vertices act as one, parts not connected to the
 * ground fall away and are counted in "detached_edges".  A move is
 * {"edge": i, "endpoints": [u, v]}, i indexing the request's `edges`.
 *
 * The same endpoint reads Content-Type text/plain (see
 * hackenbush_graph_text.c): both forms end in gr_hgraph_json_respond, so
 * they answer with the same bytes.
 */
#include "games/hackenbush_graph.h"

#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"

/* Largest vertex id: n = id + 1 must fit the core's uint32_t. */
#define GR_HGRAPH_MAX_ID (GR_HGRAPH_MAX_VERTICES - 1u)

gr_status gr_hgraph_json_solve(gr_jctx *c, gr_hgraph_state *s)
{
    gr_hgraph_input in = {s->n, s->m, s->edges, s->ground_count, s->ground};
    gr_status st = gr_hgraph_solve(c->arena, &in, &s->graph);
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    if (st != GR_OK) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "the graph solver rejected validated input");
    }
    gr_hgraph_summarize(s->graph, &s->summary);
    return GR_OK;
}

gr_status gr_json_hackenbush_ground(gr_jctx *c, const cJSON *ground, const char *ptr, uint64_t top,
                                    uint32_t **out, size_t *count)
{
    uint64_t *g64 = NULL;
    size_t ng = 0;
    gr_status st = gr_json_u64_array(c, ground, ptr, top, &g64, &ng);
    if (st != GR_OK) {
        return st;
    }
    if (ng == 0) {
        return gr_json_error(c, GR_EINVAL, ptr, "must list at least one ground vertex");
    }
    uint32_t *g32 = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, ng);
    if (g32 == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < ng; i++) {
        g32[i] = (uint32_t)g64[i];
    }
    *out = g32;
    *count = ng;
    return GR_OK;
}

static gr_status gr_hgraph_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                   gr_value *value)
{
    const cJSON *vertices, *edges, *ground;
    const gr_jfield fields[] = {
        {"edges", true, &edges}, {"ground", true, &ground}, {"vertices", false, &vertices}};
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 3, sizeof(gr_hgraph_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_hgraph_state *s = *state;
    uint64_t top = GR_HGRAPH_MAX_ID;
    if (vertices != NULL) {
        uint64_t n = 0;
        const char *vp = gr_jp_key(c, ptr, "vertices");
        st = gr_json_u64(c, vertices, vp, GR_HGRAPH_MAX_VERTICES, &n);
        if (st != GR_OK) {
            return st;
        }
        if (n == 0) {
            return gr_json_error(c, GR_EINVAL, vp, "must be at least 1 (the ground is a vertex)");
        }
        top = n - 1;
    }
    uint32_t *e = NULL;
    size_t m = 0;
    st = gr_json_pairs(c, edges, gr_jp_key(c, ptr, "edges"), (uint32_t)top, &e, &m);
    if (st != GR_OK) {
        return st;
    }
    if (m > GR_HGRAPH_MAX_EDGES) {
        return gr_json_error(c, GR_ELIMIT, gr_jp_key(c, ptr, "edges"), "at most %u edges",
                             (unsigned)GR_HGRAPH_MAX_EDGES);
    }
    uint32_t *g32;
    size_t ng;
    st = gr_json_hackenbush_ground(c, ground, gr_jp_key(c, ptr, "ground"), top, &g32, &ng);
    if (st != GR_OK) {
        return st;
    }
    uint32_t maxid = 0;
    for (size_t i = 0; i < ng; i++) {
        maxid = g32[i] > maxid ? g32[i] : maxid;
    }
    if (vertices == NULL) {
        for (size_t i = 0; i < 2 * m; i++) {
            maxid = e[i] > maxid ? e[i] : maxid;
        }
        s->n = maxid + 1;
    } else {
        s->n = (uint32_t)(top + 1);
    }
    s->edges = e;
    s->m = m;
    s->ground = g32;
    s->ground_count = ng;
    if ((st = gr_hgraph_json_solve(c, s)) != GR_OK) {
        return st;
    }
    return gr_json_finite(state, s, value, s->summary.grundy);
}

/* {"edge", "endpoints": [u, v]} */
static const gr_move_shape gr_hgraph_shape = {.num_key = {"edge"}, .list_key = "endpoints"};

static void gr_hgraph_move_rec(const gr_hgraph_state *s, uint32_t edge, gr_move *m)
{
    m->num[0] = edge;
    m->list[0] = s->edges[2 * (size_t)edge];
    m->list[1] = s->edges[2 * (size_t)edge + 1];
    m->nlist = 2;
}

static gr_status gr_hgraph_moves_json(gr_jctx *c, void *state, const gr_value *target,
                                      bool count_all, gr_move_list *list, uint64_t *count)
{
    const gr_hgraph_state *s = state;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite graph target");
    }
    size_t limit = 0;
    if (!count_all) {
        limit = list->room == 0 ? 1 : (size_t)list->room;
    }
    uint32_t *mv = NULL;
    size_t n = 0;
    gr_status st = gr_hgraph_moves_to(c->arena, s->graph, target->n, limit, &mv, &n);
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    if (st != GR_OK) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "graph move search failed");
    }
    for (size_t i = 0; i < n && i < list->room; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            return gr_json_oom(c);
        }
        gr_hgraph_move_rec(s, mv[i], &e->move);
    }
    *count = n;
    return GR_OK;
}

/* Every move: the edges in play by index.  Values come from
 * gr_hgraph_values_after (bridges and lone non-bridge edges O(1), other
 * classes folded once, then a walk up the bridge tree per listed edge):
 * the walks are bounded by GR_HGRAPH_ALL_MOVES_WORK steps (a 422 naming
 * max_moves past it), never a re-solve per edge. */
#define GR_HGRAPH_ALL_MOVES_WORK (1ull << 28)

static gr_status gr_hgraph_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    const gr_hgraph_state *s = state;
    uint64_t in_play = s->m - s->summary.detached_edges;
    list->count += in_play;
    uint64_t k = in_play < list->room ? in_play : list->room;
    uint32_t *edges = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, k + 1);
    uint64_t *values = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, k + 1);
    if (edges == NULL || values == NULL) {
        return gr_json_oom(c);
    }
    uint64_t n = 0;
    for (size_t e = 0; e < s->m && n < k; e++) {
        if (gr_hgraph_edge_in_play(s->graph, e)) {
            edges[n++] = (uint32_t)e;
        }
    }
    gr_status st =
        gr_hgraph_values_after(c->arena, s->graph, edges, n, GR_HGRAPH_ALL_MOVES_WORK, values);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, "/max_moves",
                             "listing the value after each of this many edge removals walks "
                             "more than %llu steps up this graph's bridge tree; ask for fewer "
                             "moves",
                             (unsigned long long)GR_HGRAPH_ALL_MOVES_WORK);
    }
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    if (st != GR_OK) {
        return gr_json_error(c, st, NULL, "stopped while listing moves");
    }
    for (uint64_t i = 0; i < n; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            break;
        }
        gr_hgraph_move_rec(s, edges[i], &e->move);
        e->after.kind = GR_VALUE_FINITE;
        e->after.n = values[i];
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static gr_status gr_hgraph_extras(gr_jctx *c, void *state, cJSON *resp)
{
    const gr_hgraph_state *s = state;
    gr_jw_set(c, resp, "detached_edges", gr_jw_u64(c, s->summary.detached_edges));
    gr_jw_set(c, resp, "bridges", gr_jw_u64(c, s->summary.bridges));
    gr_jw_set(c, resp, "components", gr_jw_u64(c, s->summary.components));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

GR_JSON_FAMILY(gr_family_hackenbush_graph, "hackenbush_graph", gr_hgraph,
               .extras = gr_hgraph_extras);

/* The response of the generic family endpoint (json/endpoint.c), for a state the
 * text reader built: same keys, same order, same bytes. */
gr_status gr_hgraph_json_respond(gr_jctx *c, gr_hgraph_state *s, const gr_move_opts *opts,
                                 cJSON **resp)
{
    gr_value value = {.kind = GR_VALUE_FINITE, .n = s->summary.grundy};
    return gr_json_family_respond(c, &gr_family_hackenbush_graph, s, &value, opts, NULL, resp);
}

gr_status gr_endpoint_hackenbush_graph(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    return gr_json_family_endpoint(c, &gr_family_hackenbush_graph, req, resp);
}
