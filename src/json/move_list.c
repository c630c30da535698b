/*
 * "all_moves": every move of a position with the value it leads to.  A
 * family appends entries to a gr_move_list (grown from the arena, never
 * past max_moves, counting the rest); the entries are written as
 * {"move", "grundy", "outcome"[, "remoteness"]}.
 */
#include "json/gr_json.h"

#include <string.h>

gr_move_value *gr_move_list_add(gr_move_list *l)
{
    if (l->listed >= l->room) {
        return NULL;
    }
    if (l->listed == l->cap) {
        /* grown by doubling: max_moves may be 10^6 while a position has
         * three moves, so the room is never allocated up front */
        uint64_t cap = l->cap == 0 ? 16 : 2 * l->cap;
        cap = cap < l->room ? cap : l->room;
        gr_move_value *p =
            gr_arena_realloc(l->arena, l->item, l->cap * sizeof(*p), cap * sizeof(*p));
        if (p == NULL) {
            l->oom = true;
            return NULL;
        }
        l->item = p;
        l->cap = cap;
    }
    gr_move_value *e = &l->item[l->listed++];
    memset(e, 0, sizeof(*e));
    e->mover_wins = -1;
    e->remoteness = -1;
    return e;
}

cJSON *gr_json_move_entry(gr_jctx *c, cJSON *move, const gr_value *after, const char *outcome,
                          int64_t remoteness)
{
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "move", move);
    gr_jw_set(c, o, "grundy", gr_jw_value(c, after));
    gr_jw_set(c, o, "outcome", gr_jw_str(c, outcome != NULL ? outcome : gr_json_outcome(after)));
    if (remoteness >= 0) {
        gr_jw_set(c, o, "remoteness", gr_jw_u64(c, (uint64_t)remoteness));
    }
    return o;
}

gr_status gr_json_put_all_moves(gr_jctx *c, const gr_family *fam, void *state, const cJSON *req,
                                cJSON *r)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(req, "all_moves");
    bool want = false;
    gr_status st;
    if (item == NULL) {
        return GR_OK;
    }
    if ((st = gr_json_bool(c, item, "/all_moves", &want)) != GR_OK || !want) {
        return st;
    }
    gr_move_opts opts;
    st = gr_json_move_opts(c, NULL, cJSON_GetObjectItemCaseSensitive(req, "max_moves"), "", &opts);
    if (st != GR_OK) {
        return st;
    }
    if (fam->moves_all == NULL) {
        return gr_json_error(c, GR_ELIMIT, "/all_moves", "all_moves is not available for %s",
                             fam->name);
    }
    gr_move_list list = {.arena = c->arena, .room = opts.max};
    if ((st = fam->moves_all(c, state, &list)) != GR_OK) {
        return st;
    }
    if (list.oom) {
        return gr_json_oom(c);
    }
    cJSON *arr = gr_jw_arr(c);
    for (uint64_t i = 0; i < list.listed && gr_jw_ok(c); i++) {
        const gr_move_value *e = &list.item[i];
        const char *outcome = NULL;
        if (e->mover_wins >= 0) {
            /* the family decides (misère) */
            outcome = gr_json_mover_outcome(e->mover_wins ? GR_OUTCOME_SECOND : GR_OUTCOME_FIRST);
        }
        cJSON *move = gr_jw_move(c, fam->move_shape, &e->move);
        gr_jw_push(c, arr, gr_json_move_entry(c, move, &e->after, outcome, e->remoteness));
    }
    gr_jw_set(c, r, "moves", arr);
    gr_jw_set(c, r, "move_count", gr_jw_u128(c, list.count));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}
