/* Shared by the families solved by search; see search_games.h.
 *
 * The hooks are one code path for the three games: each game only says
 * which fields its object has, how they become a core game (open) and how
 * a move is written; the core's generic game (gr_search_root) gives the
 * value, the moves in the game's order and each move's size and value, so
 * the reading order, the counting and the failure wording cannot drift
 * apart between them. */
#include "games/search_games.h"

#include <stdio.h>

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

gr_status gr_json_search_board(gr_jctx *c, const cJSON *rows, const cJSON *cols, const char *ptr,
                               uint64_t *r, uint64_t *k)
{
    gr_status st;
    const char *rptr = gr_jp_key(c, ptr, "rows"), *kptr = gr_jp_key(c, ptr, "cols");
    if ((st = gr_json_u64(c, rows, rptr, GR_JSON_MAX_I64, r)) != GR_OK ||
        (st = gr_json_u64(c, cols, kptr, GR_JSON_MAX_I64, k)) != GR_OK) {
        return st;
    }
    if (*r == 0 || *k == 0) {
        return gr_json_error(c, GR_EINVAL, *r == 0 ? rptr : kptr,
                             "a board has at least one row and one column");
    }
    return GR_OK;
}

gr_status gr_json_search_created(gr_jctx *c, gr_status created, const char *ptr)
{
    if (created == GR_OK) {
        return GR_OK;
    }
    return created == GR_ENOMEM ? gr_json_oom(c)
                                : gr_json_error(c, GR_EINTERNAL, ptr, "invalid position");
}

gr_status gr_json_search_analyse(gr_jctx *c, const gr_json_search_kind *kind, const cJSON *obj,
                                 const char *ptr, void **state, gr_value *value)
{
    const cJSON *f[GR_JSON_SEARCH_FIELDS] = {NULL};
    gr_jfield fields[GR_JSON_SEARCH_FIELDS];
    size_t n = 0;
    for (; n < GR_JSON_SEARCH_FIELDS && kind->fields[n].name != NULL; n++) {
        fields[n] = (gr_jfield){kind->fields[n].name, kind->fields[n].required, &f[n]};
    }
    gr_status st =
        gr_json_family_state(c, obj, ptr, fields, n, sizeof(gr_json_search_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_json_search_state *s = *state;
    *s = (gr_json_search_state){.kind = kind, .ptr = ptr};
    gr_search_opts opts = gr_json_search_opts(c);
    if ((st = kind->open(c, f, ptr, &opts, &s->game, &s->bound)) != GR_OK) {
        return st;
    }
    unsigned v;
    if ((st = gr_search_value(s->game, &v)) != GR_OK) {
        return gr_json_search_failed(c, st, ptr);
    }
    *value = (gr_value){.kind = GR_VALUE_FINITE, .n = v};
    return GR_OK;
}

static const void *gr_json_search_move_at(const gr_json_search_state *s, const void *mv, size_t i)
{
    return (const char *)mv + i * gr_search_move_size(s->game);
}

/* Up to `want` moves to positions of value target (-1: every move, each
 * with its value) into *mv from the arena; *n all such moves when
 * count_all, else at least the listed ones. */
static gr_status gr_json_search_enumerate(gr_jctx *c, gr_json_search_state *s, int target,
                                          size_t want, bool count_all, void **mv, size_t *n)
{
    *mv = gr_arena_alloc_array(c->arena, want + 1, gr_search_move_size(s->game));
    if (*mv == NULL) {
        return gr_json_oom(c);
    }
    *n = 0;
    gr_status st = gr_search_moves(s->game, target, *mv, want, count_all, n);
    return st == GR_OK ? GR_OK : gr_json_search_failed(c, st, s->ptr);
}

gr_status gr_json_search_moves_to(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                                  gr_move_list *list, uint64_t *count)
{
    gr_json_search_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite target for a search game");
    }
    if (target->n > GR_SEARCH_MAX_MOVES) {
        return GR_OK; /* every position the search reaches is worth less */
    }
    size_t want = (size_t)(list->room < s->bound ? list->room : s->bound);
    void *mv;
    size_t n;
    gr_status st = gr_json_search_enumerate(c, s, (int)target->n, want, count_all, &mv, &n);
    if (st != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            return gr_json_oom(c);
        }
        s->kind->move_rec(gr_json_search_move_at(s, mv, i), &e->move);
    }
    *count = n;
    return GR_OK;
}

/* Every move ("all_moves", docs/contract.md) in the enumerator's order,
 * each with the value after it; the outcome is normal play's (win iff
 * that value is 0), the default of gr_move_value. */
gr_status gr_json_search_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_json_search_state *s = state;
    const gr_json_search_kind *k = s->kind;
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
    gr_status st = gr_json_search_enumerate(c, s, -1, want, !k->bound_is_count, &mv, &n);
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
        const void *m = gr_json_search_move_at(s, mv, i);
        k->move_rec(m, &e->move);
        e->after = (gr_value){.kind = GR_VALUE_FINITE, .n = gr_search_move_grundy(s->game, m)};
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

gr_json_cap gr_json_least_cap(const gr_jctx *c, unsigned bytes, uint64_t rate)
{
    size_t mem = gr_arena_budget(c->arena);
    gr_json_cap caps[3] = {
        {gr_json_search_opts(c).max_nodes, GR_ELIMIT, "--max-search-nodes", "node budget"},
        {mem != 0 && bytes != 0 ? mem / bytes : UINT64_MAX, GR_ENOMEM, "--max-request-memory",
         "memory budget"},
        {c->time_limit_s != 0 ? (uint64_t)c->time_limit_s * rate : UINT64_MAX, GR_ETIME,
         "--max-analysis-seconds", "time limit"},
    };
    unsigned k = 0;
    for (unsigned i = 1; i < 3; i++) {
        k = caps[i].nodes < caps[k].nodes ? i : k;
    }
    return caps[k];
}

void gr_json_estimate(gr_jctx *c, uint64_t est, uint64_t limit_nodes, const char *flag)
{
    char *e = gr_arena_alloc(c->arena, 160);
    if (e != NULL) {
        snprintf(e, 160, "{\"search_nodes\":%llu,\"limit_nodes\":%llu,\"limit\":\"%s\"}",
                 (unsigned long long)est, (unsigned long long)limit_nodes, flag);
    }
    c->problem.estimate = e;
}
