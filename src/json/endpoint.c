/*
 * The family endpoint: one path from a request object through a family's
 * hooks (games/registry.c lists them) to its answer -- the value, the
 * winner, the winning moves, all_moves and the family's extras -- shared
 * by every /v1/<family> and, through gr_json_family_respond, the
 * streaming readers.
 */
#include "json/gr_json.h"

#include <string.h>

gr_status gr_json_finite(void **state, void *s, gr_value *value, uint64_t n)
{
    value->kind = GR_VALUE_FINITE;
    value->n = n;
    *state = s;
    return GR_OK;
}

static gr_status family_begin(gr_jctx *c, const gr_family *fam, const cJSON *req, void **state,
                              gr_value *value, gr_move_opts *opts)
{
    *state = NULL;
    memset(value, 0, sizeof(*value));
    gr_status st = fam->analyse(c, req, "", state, value);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_request_opts(c, req, opts);
}

void gr_json_put_moves(gr_jctx *c, cJSON *r, cJSON *moves, uint64_t count, const gr_move_opts *opts)
{
    if (moves != NULL && moves->child != NULL && !opts->all) {
        /* The list itself is not printed: move its first item, no copy. */
        gr_jw_set(c, r, "winning_move", cJSON_DetachItemViaPointer(moves, moves->child));
    } else if (moves != NULL && moves->child != NULL) {
        /* The same move in both places: a second node over the same
         * children (nothing is changed or freed after this, and the
         * printer only reads). */
        cJSON *again = gr_jw_null(c); /* a node, overwritten below */
        if (again != NULL) {
            *again = *moves->child;
            again->next = again->prev = NULL;
            again->string = NULL;
            again->type &= ~cJSON_StringIsConst;
        }
        gr_jw_set(c, r, "winning_move", again);
        if (opts->all && opts->max == 0) {
            moves = gr_jw_arr(c);
        }
    } else {
        gr_jw_set(c, r, "winning_move", gr_jw_null(c));
    }
    if (opts->all) {
        gr_jw_set(c, r, "winning_moves", moves);
        gr_jw_set(c, r, "winning_move_count", gr_jw_u64(c, count));
    }
}

/* The answer of a family with finite values under normal play (or its
 * own first_wins): its value as "grundy", the winner, and the winning
 * moves. */
static gr_status standard_answer(gr_jctx *c, const gr_family *fam, void *state,
                                 const gr_value *value, const gr_move_opts *opts, cJSON *r)
{
    bool first = fam->first_wins != NULL ? fam->first_wins(state, value)
                                         : (value->kind == GR_VALUE_FINITE && value->n != 0);
    gr_jw_set(c, r, "grundy", gr_jw_u64(c, value->n));
    gr_jw_set(c, r, "winner", gr_jw_winner(c, first ? GR_OUTCOME_FIRST : GR_OUTCOME_SECOND));
    gr_move_list list = {.arena = c->arena, .room = opts->all && opts->max > 0 ? opts->max : 1};
    uint64_t count = 0;
    if (first) {
        gr_value zero = {.kind = GR_VALUE_FINITE};
        gr_status st = fam->moves_to(c, state, &zero, opts->all, &list, &count);
        if (st != GR_OK) {
            return st;
        }
        /* A won position without moves exists only in misère play (the
         * empty position): the winner need not move. */
    }
    gr_json_put_moves(c, r, gr_jw_move_list(c, fam->move_shape, &list), count, opts);
    return GR_OK;
}

gr_status gr_json_family_endpoint(gr_jctx *c, const gr_family *fam, const cJSON *req, cJSON **resp)
{
    void *state;
    gr_value value;
    gr_move_opts opts;
    gr_status st = family_begin(c, fam, req, &state, &value, &opts);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_family_respond(c, fam, state, &value, &opts, req, resp);
}

gr_status gr_json_family_respond(gr_jctx *c, const gr_family *fam, void *state,
                                 const gr_value *value, const gr_move_opts *opts, const cJSON *req,
                                 cJSON **resp)
{
    cJSON *r = gr_jw_obj(c);
    gr_status st = fam->answer != NULL ? fam->answer(c, state, value, opts, r)
                                       : standard_answer(c, fam, state, value, opts, r);
    if (st != GR_OK) {
        return st;
    }
    if ((st = gr_json_put_all_moves(c, fam, state, req, r)) != GR_OK) {
        return st;
    }
    if (fam->extras != NULL && (st = fam->extras(c, state, r)) != GR_OK) {
        return st;
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
