/*
 * Node Kayles: {"vertices": n, "edges": [[u, v], ...]} (edges optional;
 * loops and repeated edges allowed), move {"vertex": v}.  The family
 * (gr_family_node_kayles, game "node_kayles") serves /v1/node-kayles and
 * /v1/sum through its registry row; the solver is
 * include/grundy/node_kayles.h (docs/search.md).
 */
#include "grundy/node_kayles.h"

#include "json/families.h"
#include "json/search_games.h"

/* Vertices a request may name (memory is a few words per vertex). */
#define GR_NK_MAX_VERTICES 1000000

typedef struct gr_nk_state {
    gr_nk *game;
    uint32_t n;
    const char *ptr;
} gr_nk_state;

static gr_status gr_nk_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                               gr_value *value)
{
    const cJSON *vertices, *edges;
    const gr_jfield fields[] = {
        {"vertices", true, &vertices},
        {"edges", false, &edges},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 2, sizeof(gr_nk_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_nk_state *s = *state;
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
    s->n = (uint32_t)n;
    s->ptr = ptr;
    gr_search_opts opts = gr_json_search_opts(c);
    size_t bad = 0;
    st = gr_nk_create(c->arena, s->n, e, m, &opts, &s->game, &bad);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_EINVAL, eptr,
                             "the connected component of vertex %zu has more than %d vertices "
                             "(the search's limit: one bit per vertex)",
                             bad, GR_NK_MAX_COMPONENT);
    }
    if (st != GR_OK) {
        return st == GR_ENOMEM ? gr_json_oom(c)
                               : gr_json_error(c, GR_EINTERNAL, eptr, "invalid graph");
    }
    unsigned v;
    if ((st = gr_nk_value(s->game, &v)) != GR_OK) {
        return gr_json_search_failed(c, st, ptr);
    }
    value->kind = GR_VALUE_FINITE;
    value->n = v;
    return GR_OK;
}

static cJSON *gr_nk_move_obj(gr_jctx *c, uint32_t vertex)
{
    cJSON *m = gr_jw_obj(c);
    gr_jw_set(c, m, "vertex", gr_jw_u64(c, vertex));
    return m;
}

static gr_status gr_nk_moves_json(gr_jctx *c, void *state, const gr_value *target, uint64_t max,
                                  bool count_all, cJSON *arr, uint64_t *count)
{
    gr_nk_state *s = state;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite node kayles target");
    }
    *count = 0;
    if (target->n > 255) {
        return GR_OK; /* every position the search reaches is worth less */
    }
    size_t want = arr == NULL ? 0 : (size_t)(max < s->n ? max : s->n);
    gr_nk_move *mv = GR_ARENA_ARRAY_UNINIT(c->arena, gr_nk_move, want + 1);
    if (mv == NULL) {
        return gr_json_oom(c);
    }
    size_t n = 0;
    gr_status st = gr_nk_moves(s->game, (int)target->n, mv, want, count_all, &n);
    if (st != GR_OK) {
        return gr_json_search_failed(c, st, s->ptr);
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_jw_push(c, arr, gr_nk_move_obj(c, mv[i].vertex));
    }
    *count = n;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* Every move ("all_moves", docs/contract.md): every vertex is one, so the
 * count is n without a search; the listed ones, in vertex order, carry the
 * value after them from the engine (gr_nk_moves with target -1, which
 * stops once `room` are found). */
static gr_status gr_nk_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_nk_state *s = state;
    list->count += s->n;
    size_t want = (size_t)(list->room < s->n ? list->room : s->n);
    if (want == 0) {
        return GR_OK;
    }
    gr_nk_move *mv = GR_ARENA_ARRAY_UNINIT(c->arena, gr_nk_move, want);
    if (mv == NULL) {
        return gr_json_oom(c);
    }
    size_t n = 0;
    gr_status st = gr_nk_moves(s->game, -1, mv, want, false, &n);
    if (st != GR_OK) {
        return gr_json_search_failed(c, st, s->ptr);
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            break;
        }
        e->move = gr_nk_move_obj(c, mv[i].vertex);
        e->after = (gr_value){.kind = GR_VALUE_FINITE, .n = mv[i].grundy};
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_family gr_family_node_kayles = {.name = "node_kayles",
                                         .analyse = gr_nk_analyse,
                                         .moves_to = gr_nk_moves_json,
                                         .moves_all = gr_nk_moves_all};
