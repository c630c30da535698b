/*
 * Node Kayles: {"vertices": n, "edges": [[u, v], ...]} (edges optional;
 * loops and repeated edges allowed), move {"vertex": v}.  The family
 * (gr_family_node_kayles, game "node_kayles") serves /v1/node-kayles and
 * /v1/sum through its registry row; the solver is
 * include/grundy/node_kayles.h (docs/search.md).
 */
#include "grundy/node_kayles.h"

#include <stddef.h>

#include "json/families.h"
#include "json/search_games.h"

/* Vertices a request may name (memory is a few words per vertex). */
#define GR_NK_MAX_VERTICES 1000000

static cJSON *gr_nk_move_obj(gr_jctx *c, const void *move)
{
    const gr_nk_move *mv = move;
    cJSON *m = gr_jw_obj(c);
    gr_jw_set(c, m, "vertex", gr_jw_u64(c, mv->vertex));
    return m;
}

static gr_status gr_nk_value_any(void *game, unsigned *value)
{
    return gr_nk_value(game, value);
}

static gr_status gr_nk_moves_any(void *game, int target, void *out, size_t max, bool count_all,
                                 size_t *count)
{
    return gr_nk_moves(game, target, out, max, count_all, count);
}

/* Every vertex is a move, in vertex order. */
static const gr_search_game gr_nk_kind = {.move_size = sizeof(gr_nk_move),
                                          .grundy_offset = offsetof(gr_nk_move, grundy),
                                          .bound_is_count = true,
                                          .value = gr_nk_value_any,
                                          .moves = gr_nk_moves_any,
                                          .move_obj = gr_nk_move_obj};

static gr_status gr_nk_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                               gr_value *value)
{
    const cJSON *vertices, *edges;
    const gr_jfield fields[] = {
        {"vertices", true, &vertices},
        {"edges", false, &edges},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 2, sizeof(gr_search_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_search_state *s = *state;
    uint64_t n;
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
    *s = (gr_search_state){.kind = &gr_nk_kind, .bound = (size_t)n, .ptr = ptr};
    gr_search_opts opts = gr_json_search_opts(c);
    size_t bad = 0;
    gr_nk *game = NULL;
    st = gr_nk_create(c->arena, (uint32_t)n, e, m, &opts, &game, &bad);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_EINVAL, eptr,
                             "the connected component of vertex %zu has more than %d vertices "
                             "(the search's limit: one bit per vertex)",
                             bad, GR_NK_MAX_COMPONENT);
    }
    return gr_json_search_solve(c, s, st, game, value);
}

const gr_family gr_family_node_kayles = {.name = "node_kayles",
                                         .analyse = gr_nk_analyse,
                                         .moves_to = gr_json_search_moves_to,
                                         .moves_all = gr_json_search_moves_all};
