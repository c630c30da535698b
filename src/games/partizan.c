/* Shared by the partizan rulesets' endpoints; see partizan.h. */
#include "games/partizan.h"

#include <string.h>

gr_status gr_json_pgame_object(gr_jctx *c, const cJSON *obj, const char *ptr,
                               const gr_jfield *fields, size_t nfields)
{
    gr_jfield all[10];
    const cJSON *game = NULL, *all_moves = NULL, *max_moves = NULL;
    if (nfields > 7) {
        return gr_json_error(c, GR_EINTERNAL, ptr, "too many fields");
    }
    memcpy(all, fields, nfields * sizeof(*fields));
    if (ptr[0] != '\0') {
        all[nfields] = (gr_jfield){"game", false, &game};
        return gr_json_object(c, obj, ptr, all, nfields + 1);
    }
    /* a whole request: the options gr_json_pgame_endpoint reads */
    all[nfields] = (gr_jfield){"all_moves", false, &all_moves};
    all[nfields + 1] = (gr_jfield){"max_moves", false, &max_moves};
    return gr_json_object(c, obj, ptr, all, nfields + 2);
}

gr_status gr_json_cgt_store(gr_jctx *c, gr_cgt_store **out)
{
    gr_status st = gr_cgt_store_new(c->arena, out);
    return st == GR_OK ? GR_OK : gr_json_cgt_failed(c, st, NULL);
}

gr_status gr_json_cgt_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    switch (st) {
    case GR_OK:
        return GR_OK;
    case GR_ENOMEM:
        return gr_json_oom(c);
    case GR_ELIMIT:
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "the value is beyond the limits of the canonical-form store "
                             "(integer parts up to %d, denominators up to 2^%d, chains of at "
                             "most %d non-number moves)",
                             GR_CGT_MAX_INTEGER, GR_CGT_MAX_EXP, GR_CGT_MAX_DEPTH);
    case GR_ETIME:
    case GR_ECANCELLED:
        return gr_json_stopped(c, gr_json_error(c, st, ptr, "the analysis was stopped"));
    default:
        return gr_json_error(c, GR_EINTERNAL, ptr, "canonical-form arithmetic failed");
    }
}

cJSON *gr_jw_cgt(gr_jctx *c, gr_cgt_store *s, gr_cgt g, gr_status *st)
{
    gr_buf b;
    gr_buf_init(&b, c->arena);
    *st = gr_cgt_print(s, g, &b);
    if (*st != GR_OK) {
        return NULL;
    }
    const char *t = gr_buf_cstr(&b);
    if (t == NULL) {
        *st = GR_ENOMEM;
        return NULL;
    }
    return gr_jw_str(c, t);
}

cJSON *gr_jw_dyadic(gr_jctx *c, gr_dyadic d)
{
    gr_buf b;
    gr_buf_init(&b, c->arena);
    gr_dyadic_print(d, &b);
    const char *t = gr_buf_cstr(&b);
    if (t == NULL) {
        c->oom = true;
        return NULL;
    }
    return gr_jw_str(c, t);
}

gr_status gr_json_cgt_fields_text(gr_jctx *c, gr_cgt_store *s, gr_cgt g, cJSON *v, cJSON *r,
                                  const char *ptr)
{
    gr_cgt_outcome o;
    gr_dyadic mean, temp;
    gr_status st;
    if ((st = gr_cgt_outcome_of(s, g, &o)) != GR_OK ||
        (st = gr_cgt_mean_temp(s, g, &mean, &temp)) != GR_OK) {
        return gr_json_cgt_failed(c, st, ptr);
    }
    char letter[2] = {gr_cgt_outcome_letter(o), '\0'};
    if (v != NULL) {
        gr_jw_set(c, r, "value", v);
    } else {
        gr_jw_set(c, r, "value_omitted",
                  gr_jw_str(c, "the canonical form's text passes 1048576 bytes"));
    }
    gr_jw_set(c, r, "outcome", gr_jw_str(c, letter));
    gr_jw_set(c, r, "mean", gr_jw_dyadic(c, mean));
    gr_jw_set(c, r, "temperature", gr_jw_dyadic(c, temp));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

_Static_assert(GR_CGT_MAX_TEXT == 1048576u, "the texts below and value_omitted name the limit");

gr_status gr_json_cgt_fields(gr_jctx *c, gr_cgt_store *s, gr_cgt g, cJSON *r, const char *ptr)
{
    gr_status st;
    cJSON *v = gr_jw_cgt(c, s, g, &st);
    /* a GR_ELIMIT here is the printer's limit, not the store's: the value
     * exists, its text is too long */
    const char *too_long = "the value's canonical form is too long to write (its text passes "
                           "1048576 bytes)";
    return st == GR_ELIMIT ? gr_json_error(c, st, ptr, "%s", too_long)
           : st != GR_OK   ? gr_json_cgt_failed(c, st, ptr)
                           : gr_json_cgt_fields_text(c, s, g, v, r, ptr);
}

const char *gr_json_outcome_letter(bool left_wins, bool right_wins)
{
    return left_wins ? (right_wins ? "N" : "L") : (right_wins ? "R" : "P");
}

gr_status gr_json_cgt_winning(gr_cgt_store *s, int side, const gr_cgt *after, size_t n,
                              size_t *found)
{
    gr_cgt zero = gr_cgt_zero(s);
    for (size_t i = 0; i < n; i++) {
        bool wins;
        /* Left wants after >= 0, Right after <= 0: then the opponent,
         * moving first in `after`, loses */
        gr_status st =
            side == 0 ? gr_cgt_leq(s, zero, after[i], &wins) : gr_cgt_leq(s, after[i], zero, &wins);
        if (st != GR_OK) {
            return st;
        }
        if (wins) {
            *found = i;
            return GR_OK;
        }
    }
    *found = n;
    return GR_OK;
}

/* A copy of a move object in c's arena.  Moves are the adapters' own
 * shallow objects ({"cells": [[r, c], [r, c]]} at most three levels deep),
 * so the recursion is bounded by their shape, not by the input. */
static cJSON *gr_pgame_copy(gr_jctx *c, const cJSON *m)
{
    if (cJSON_IsObject(m) || cJSON_IsArray(m)) {
        cJSON *out = cJSON_IsObject(m) ? gr_jw_obj(c) : gr_jw_arr(c);
        for (const cJSON *k = m->child; k != NULL; k = k->next) {
            if (cJSON_IsObject(m)) {
                gr_jw_set(c, out, k->string, gr_pgame_copy(c, k));
            } else {
                gr_jw_push(c, out, gr_pgame_copy(c, k));
            }
        }
        return out;
    }
    if (cJSON_IsNumber(m)) {
        return gr_jw_i64(c, (int64_t)m->valuedouble);
    }
    if (cJSON_IsString(m)) {
        return gr_jw_str(c, m->valuestring);
    }
    if (cJSON_IsRaw(m)) {
        return gr_jw_raw(c, m->valuestring);
    }
    return cJSON_IsBool(m) ? gr_jw_bool(c, cJSON_IsTrue(m)) : gr_jw_null(c);
}

gr_status gr_json_pgame_all_moves(gr_jctx *c, gr_cgt_store *s, int side, cJSON *const *moves,
                                  const gr_cgt *after, size_t n, uint64_t max, cJSON *r)
{
    static const char *const lists[2] = {"left_moves", "right_moves"};
    static const char *const counts[2] = {"left_move_count", "right_move_count"};
    cJSON *arr = gr_jw_arr(c);
    gr_status st = GR_OK;
    for (size_t i = 0; i < n && i < max && st == GR_OK; i++) {
        cJSON *o = gr_jw_obj(c);
        /* the move object may be the winning move's already: a copy here */
        gr_jw_set(c, o, "move", gr_pgame_copy(c, moves[i]));
        gr_jw_set(c, o, "value", gr_jw_cgt(c, s, after[i], &st));
        gr_jw_push(c, arr, o);
    }
    if (st != GR_OK) {
        return gr_json_cgt_failed(c, st, "");
    }
    gr_jw_set(c, r, lists[side], arr);
    gr_jw_set(c, r, counts[side], gr_jw_u64(c, n));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

gr_status gr_json_pgame_endpoint(gr_jctx *c, const gr_pgame *g, const cJSON *req, cJSON **resp)
{
    gr_cgt_store *s;
    gr_status st;
    if ((st = gr_json_cgt_store(c, &s)) != GR_OK) {
        return st;
    }
    void *state;
    gr_cgt value;
    if ((st = g->analyse(c, req, "", s, &state, &value)) != GR_OK) {
        return st;
    }
    cJSON *r = gr_jw_obj(c);
    if ((st = gr_json_cgt_fields(c, s, value, r, "")) != GR_OK) {
        return st;
    }
    bool all_moves = false;
    gr_move_opts opts;
    const cJSON *am = cJSON_GetObjectItemCaseSensitive(req, "all_moves");
    if ((am != NULL && (st = gr_json_bool(c, am, "/all_moves", &all_moves)) != GR_OK) ||
        (st = gr_json_request_opts(c, req, &opts)) != GR_OK) {
        return st;
    }
    static const char *const keys[2] = {"left_move", "right_move"};
    for (int side = 0; side < 2; side++) {
        cJSON **moves;
        gr_cgt *after;
        size_t n, found;
        if ((st = g->moves(c, state, side, &moves, &after, &n)) != GR_OK) {
            return st;
        }
        if ((st = gr_json_cgt_winning(s, side, after, n, &found)) != GR_OK) {
            return gr_json_cgt_failed(c, st, "");
        }
        gr_jw_set(c, r, keys[side], found < n ? moves[found] : gr_jw_null(c));
        if (all_moves && (st = gr_json_pgame_all_moves(c, s, side, moves, after, n, opts.max, r)) !=
                             GR_OK) {
            return st;
        }
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
