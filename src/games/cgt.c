/*
 * POST /v1/cgt: a partizan game expression in, its canonical form and
 * thermographic facts out (docs/partizan.md).
 *
 *   {"expression": "{1, * | -1/2} + ^ - *2"}
 *   -> {"value": "...", "outcome": "N", "mean": "1/4", "temperature": "3/4",
 *       "left_options": [...], "right_options": [...]}
 *
 * The value and the options are printed in CGSuite's notation, so equal
 * games print identically; mean and temperature are exact dyadic
 * rationals written as strings ("1/2", "-1").  A syntax error is a 400 at
 * /expression with the byte offset in the detail; a limit of the game
 * store or of the nesting is a 422 there.
 */
#include "games/endpoints.h"

#include <string.h>

#include "grundy/cgt.h"
#include "games/partizan.h"


static gr_status gr_cgt_json_fail(gr_jctx *c, gr_status st, size_t at, const char *what)
{
    switch (st) {
    case GR_EINVAL:
        return gr_json_error(c, GR_EINVAL, "/expression", "syntax error at byte %zu: %s", at, what);
    case GR_ELIMIT:
        return gr_json_error(c, GR_ELIMIT, "/expression", "at byte %zu: %s", at, what);
    case GR_ENOMEM:
        return gr_json_oom(c);
    default:
        return gr_json_stopped(c, st);
    }
}

static gr_status gr_cgt_json_core(gr_jctx *c, gr_status st)
{
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, "/expression",
                             "the answer is past the limits of the game store");
    }
    st = gr_json_stopped(c, st);
    if (st == GR_ETIME || st == GR_ECANCELLED) {
        return st;
    }
    return gr_json_error(c, GR_EINTERNAL, NULL, "the game analysis failed");
}

static cJSON *gr_cgt_json_options(gr_jctx *c, gr_cgt_store *s, const gr_cgt *o, size_t n,
                                  gr_status *st)
{
    /* in the order the value lists them */
    gr_cgt *sorted = GR_ARENA_ARRAY_UNINIT(c->arena, gr_cgt, n);
    if (sorted == NULL) {
        *st = GR_ENOMEM;
        return NULL;
    }
    if (n > 0) {
        memcpy(sorted, o, n * sizeof(gr_cgt));
    }
    if ((*st = gr_cgt_sort_for_print(s, sorted, n)) != GR_OK) {
        return NULL;
    }
    cJSON *arr = gr_jw_arr(c);
    for (size_t i = 0; i < n && *st == GR_OK; i++) {
        gr_jw_push(c, arr, gr_jw_cgt(c, s, sorted[i], st));
    }
    return arr;
}

/* "all_moves": a move of an expression is to one of its canonical
 * options ({"to": option}, as in /v1/sum), worth that option. */
static gr_status gr_cgt_json_all_moves(gr_jctx *c, gr_cgt_store *s, const gr_cgt *o, size_t n,
                                       int side, uint64_t max, cJSON *r)
{
    gr_cgt *sorted = GR_ARENA_ARRAY_UNINIT(c->arena, gr_cgt, n + 1);
    cJSON **moves = GR_ARENA_ARRAY(c->arena, cJSON *, n + 1);
    if (sorted == NULL || moves == NULL) {
        return gr_json_oom(c);
    }
    if (n > 0) {
        memcpy(sorted, o, n * sizeof(gr_cgt));
    }
    gr_status st = gr_cgt_sort_for_print(s, sorted, n);
    for (size_t i = 0; i < n && i < max && st == GR_OK; i++) {
        moves[i] = gr_jw_obj(c);
        gr_jw_set(c, moves[i], "to", gr_jw_cgt(c, s, sorted[i], &st));
    }
    if (st != GR_OK) {
        return gr_cgt_json_core(c, st);
    }
    return gr_json_pgame_all_moves(c, s, side, moves, sorted, n, max, r);
}

gr_status gr_endpoint_cgt(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    const cJSON *expr_item, *all_item = NULL, *max_item = NULL;
    const gr_jfield fields[] = {{"expression", true, &expr_item},
                                {"all_moves", false, &all_item},
                                {"max_moves", false, &max_item}};
    gr_status st = gr_json_object(c, req, "", fields, 3);
    const char *text;
    bool all_moves = false;
    gr_move_opts opts;
    if (st != GR_OK || (st = gr_json_string(c, expr_item, "/expression", &text)) != GR_OK ||
        (all_item != NULL && (st = gr_json_bool(c, all_item, "/all_moves", &all_moves)) != GR_OK) ||
        (st = gr_json_request_opts(c, req, &opts)) != GR_OK) {
        return st;
    }
    if ((st = gr_json_arm_deadline(c)) != GR_OK) {
        return st;
    }
    gr_cgt_store *s;
    if ((st = gr_cgt_store_new(c->arena, &s)) != GR_OK) {
        return gr_cgt_json_core(c, st);
    }
    gr_cgt g;
    size_t at = 0;
    const char *what = NULL;
    if ((st = gr_cgt_parse(s, text, strlen(text), &g, &at, &what)) != GR_OK) {
        return gr_cgt_json_fail(c, st, at, what);
    }
    gr_cgt_outcome o;
    gr_dyadic mean, temp;
    if ((st = gr_cgt_outcome_of(s, g, &o)) != GR_OK ||
        (st = gr_cgt_mean_temp(s, g, &mean, &temp)) != GR_OK) {
        return gr_cgt_json_core(c, st);
    }
    const gr_cgt *lo, *ro;
    size_t nl, nr;
    gr_cgt_options(s, g, &lo, &nl, &ro, &nr);
    char letter[2] = {gr_cgt_outcome_letter(o), '\0'};
    cJSON *r = gr_jw_obj(c);
    gr_jw_set(c, r, "value", gr_jw_cgt(c, s, g, &st));
    gr_jw_set(c, r, "outcome", gr_jw_str(c, letter));
    gr_jw_set(c, r, "mean", gr_jw_dyadic(c, mean));
    gr_jw_set(c, r, "temperature", gr_jw_dyadic(c, temp));
    if (st == GR_OK) {
        gr_jw_set(c, r, "left_options", gr_cgt_json_options(c, s, lo, nl, &st));
    }
    if (st == GR_OK) {
        gr_jw_set(c, r, "right_options", gr_cgt_json_options(c, s, ro, nr, &st));
    }
    if (st != GR_OK) {
        return gr_cgt_json_core(c, st);
    }
    if (all_moves && ((st = gr_cgt_json_all_moves(c, s, lo, nl, 0, opts.max, r)) != GR_OK ||
                      (st = gr_cgt_json_all_moves(c, s, ro, nr, 1, opts.max, r)) != GR_OK)) {
        return st;
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
