/*
 * Node Kayles: {"vertices": n, "edges": [[u, v], ...]} (edges optional;
 * loops and repeated edges allowed), move {"vertex": v}.  The family
 * (gr_family_node_kayles, game "node_kayles") serves /v1/node-kayles and
 * /v1/sum through its registry row; the solver is
 * include/grundy/node_kayles.h (docs/search.md).
 */
#include "grundy/node_kayles.h"

#include "games/families.h"
#include "games/search_games.h"

/* Vertices a request may name (memory is a few words per vertex). */
#define GR_NK_MAX_VERTICES 1000000

/* {"vertex": v} */
static const gr_move_shape gr_nk_shape = {.num_key = {"vertex"}};

static void gr_nk_move_rec(const void *move, gr_move *m)
{
    const gr_nk_move *mv = move;
    m->num[0] = mv->vertex;
}

/* The graph, its edges checked against its vertices (bound: the vertices,
 * each a move). */
static gr_status gr_nk_open(gr_jctx *c, const cJSON *const *f, const char *ptr,
                            const gr_search_opts *opts, gr_search_root **game, size_t *bound)
{
    const cJSON *vertices = f[0], *edges = f[1];
    uint64_t n;
    gr_status st;
    const char *vptr = gr_jp_key(c, ptr, "vertices");
    if ((st = gr_json_u64(c, vertices, vptr, GR_JSON_MAX_I64, &n)) != GR_OK) {
        return st;
    }
    if (n > GR_NK_MAX_VERTICES) {
        return gr_json_error(c, GR_ELIMIT, vptr, "at most %u vertices", GR_NK_MAX_VERTICES);
    }
    uint32_t *e = NULL;
    size_t m = 0;
    const char *eptr = gr_jp_key(c, ptr, "edges");
    if (edges != NULL && (st = gr_json_pairs(c, edges, eptr, UINT32_MAX - 1, &e, &m)) != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < 2 * m; i++) {
        if (e[i] >= n) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, gr_jp_idx(c, eptr, i / 2), i % 2),
                                 "vertex %u does not exist (vertices are 0..%lld)", e[i],
                                 (long long)n - 1);
        }
    }
    *bound = (size_t)n;
    size_t bad = 0;
    gr_nk *g = NULL;
    st = gr_nk_create(c->arena, (uint32_t)n, e, m, opts, &g, &bad);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_EINVAL, eptr,
                             "the connected component of vertex %zu has more than %d vertices "
                             "(the search's limit: one bit per vertex)",
                             bad, GR_NK_MAX_COMPONENT);
    }
    *game = st == GR_OK ? gr_nk_root(g) : NULL;
    return gr_json_search_created(c, st, ptr);
}

/* Every vertex is a move, in vertex order. */
GR_JSON_SEARCH_FAMILY(gr_family_node_kayles, "node_kayles", &gr_nk_shape,
                      .fields = {{"vertices", true}, {"edges", false}}, .open = gr_nk_open,
                      .bound_is_count = true, .move_rec = gr_nk_move_rec);
