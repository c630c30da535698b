/* Shared by the families solved by search; see search_games.h.
 *
 * The move hooks are one code path for the three games: each game only
 * says how big its move struct is, where the value after a move sits in
 * it and how a move is written, so the order (the core enumerator's), the
 * counting and the failure wording cannot drift apart between them. */
#include "json/search_games.h"

#include <string.h>

gr_search_opts gr_json_search_opts(const gr_jctx *c)
{
    gr_search_opts o = {.max_nodes = c->max_search_nodes != 0 ? c->max_search_nodes
                                                              : GR_SEARCH_DEFAULT_NODES};
    return o;
}

gr_status gr_json_search_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    gr_search_opts o = gr_json_search_opts(c);
    switch (st) {
    case GR_ENOMEM:
        return gr_json_oom(c);
    case GR_ELIMIT:
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "the position is too large to solve by search: it needs more "
                             "than %llu search nodes (--max-search-nodes)",
                             (unsigned long long)o.max_nodes);
    case GR_ETIME:
    case GR_ECANCELLED:
        /* the request's stop conditions (gr_arena_check): main's wording */
        return gr_json_stopped(c, gr_json_error(c, st, ptr, "the search was stopped"));
    default:
        return gr_json_error(c, GR_EINTERNAL, ptr, "search failed");
    }
}

gr_status gr_json_search_solve(gr_jctx *c, gr_search_state *s, gr_status created, void *game,
                               gr_value *value)
{
    if (created != GR_OK) {
        return created == GR_ENOMEM ? gr_json_oom(c)
                                    : gr_json_error(c, GR_EINTERNAL, s->ptr, "invalid position");
    }
    s->game = game;
    unsigned v;
    gr_status st = s->kind->value(game, &v);
    if (st != GR_OK) {
        return gr_json_search_failed(c, st, s->ptr);
    }
    *value = (gr_value){.kind = GR_VALUE_FINITE, .n = v};
    return GR_OK;
}

static const void *gr_search_move_at(const gr_search_game *k, const void *mv, size_t i)
{
    return (const char *)mv + i * k->move_size;
}

static unsigned gr_search_move_value(const gr_search_game *k, const void *mv)
{
    unsigned v;
    memcpy(&v, (const char *)mv + k->grundy_offset, sizeof(v));
    return v;
}

/* Up to `want` moves to positions of value target (-1: every move, each
 * with its value) into *mv from the arena; *n all such moves when
 * count_all, else at least the listed ones. */
static gr_status gr_search_enumerate(gr_jctx *c, gr_search_state *s, int target, size_t want,
                                     bool count_all, void **mv, size_t *n)
{
    const gr_search_game *k = s->kind;
    *mv = gr_arena_alloc_array(c->arena, want + 1, k->move_size);
    if (*mv == NULL) {
        return gr_json_oom(c);
    }
    *n = 0;
    gr_status st = k->moves(s->game, target, *mv, want, count_all, n);
    return st == GR_OK ? GR_OK : gr_json_search_failed(c, st, s->ptr);
}

gr_status gr_json_search_moves_to(gr_jctx *c, void *state, const gr_value *target, uint64_t max,
                                  bool count_all, cJSON *arr, uint64_t *count)
{
    gr_search_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite target for a search game");
    }
    if (target->n > GR_SEARCH_MAX_MOVES) {
        return GR_OK; /* every position the search reaches is worth less */
    }
    size_t want = arr == NULL ? 0 : (size_t)(max < s->bound ? max : s->bound);
    void *mv;
    size_t n;
    gr_status st = gr_search_enumerate(c, s, (int)target->n, want, count_all, &mv, &n);
    if (st != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_jw_push(c, arr, s->kind->move_obj(c, gr_search_move_at(s->kind, mv, i)));
    }
    *count = n;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* Every move ("all_moves", docs/contract.md) in the enumerator's order,
 * each with the value after it; the outcome is normal play's (win iff
 * that value is 0), the default of gr_move_value. */
gr_status gr_json_search_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_search_state *s = state;
    const gr_search_game *k = s->kind;
    size_t want = s->bound;
    if (k->bound_is_count) {
        list->count += s->bound;
        want = (size_t)(list->room < s->bound ? list->room : s->bound);
        if (want == 0) {
            return GR_OK;
        }
    }
    void *mv;
    size_t n;
    gr_status st = gr_search_enumerate(c, s, -1, want, !k->bound_is_count, &mv, &n);
    if (st != GR_OK) {
        return st;
    }
    if (!k->bound_is_count) {
        list->count += n;
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            break;
        }
        const void *m = gr_search_move_at(k, mv, i);
        e->move = k->move_obj(c, m);
        e->after = (gr_value){.kind = GR_VALUE_FINITE, .n = gr_search_move_value(k, m)};
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}
