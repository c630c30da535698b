/*
 * Domineering: {"board": ["..#.", "...."], "outcome_only": bool}, '.' an
 * empty cell, '#' a filled one; Left places dominoes vertically, Right
 * horizontally.  Moves {"cells": [[r, c], [r + 1, c]]} (Left's) or
 * {"cells": [[r, c], [r, c + 1]]} (Right's).  The solver is
 * include/grundy/domineering.h; the answer is partizan.h's, or with
 * outcome_only just "outcome" and the two winning moves, found by the
 * proof search without a canonical form.
 */
#include "grundy/domineering.h"

#include "games/board_rows.h"
#include "games/endpoints.h"
#include "games/partizan.h"
#include "games/search_games.h"

typedef struct gr_dom_state {
    gr_dom *game;
    const char *ptr;
} gr_dom_state;

static gr_status gr_dom_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    if (st == GR_ELIMIT) {
        return gr_json_search_failed(c, st, ptr);
    }
    return gr_json_cgt_failed(c, st, ptr);
}

/* A row's cell that is neither '.' nor '#', echoed as the character it
 * is (the row is UTF-8, checked by the JSON reader): a code point is
 * counted as one cell, as a person counts the row. */
static gr_status gr_dom_bad_cell(gr_jctx *c, const char *rptr, const char *text, size_t at)
{
    size_t cell = 0;
    for (size_t k = 0; k < at; k++) {
        cell += ((unsigned char)text[k] & 0xC0) != 0x80;
    }
    size_t n = 1;
    while (((unsigned char)text[at + n] & 0xC0) == 0x80 && n < 4) {
        n++;
    }
    unsigned char b = (unsigned char)text[at];
    if (b < 0x20 || b == 0x7f) {
        return gr_json_error(c, GR_EINVAL, rptr,
                             "cell %zu is the control character U+%04X: a cell is '.' (empty) "
                             "or '#' (filled)",
                             cell, (unsigned)b);
    }
    return gr_json_error(c, GR_EINVAL, rptr,
                         "cell %zu is '%.*s': a cell is '.' (empty) or '#' (filled)", cell, (int)n,
                         text + at);
}
/* A Domineering row: '.' and '#' only, kept in empty[] (ctx). */
static gr_status gr_dom_row(gr_jctx *c, void *ctx, const char *rptr, const char *text, size_t i,
                            size_t cols)
{
    uint8_t *empty = ctx;
    for (size_t j = 0; j < cols; j++) {
        if (text[j] != '.' && text[j] != '#') {
            return gr_dom_bad_cell(c, rptr, text, j);
        }
        empty[i * cols + j] = text[j] == '.';
    }
    return GR_OK;
}

/* The board's rows: equal lengths, '.' and '#' only, at most
 * GR_DOM_MAX_CELLS cells. */
static gr_status gr_dom_read(gr_jctx *c, const cJSON *board, const char *ptr, gr_cgt_store *s,
                             gr_dom **out)
{
    static const gr_json_rows_spec spec = {GR_DOM_MAX_CELLS, "solved", true, gr_dom_row};
    const char *bptr = gr_jp_key(c, ptr, "board");
    uint8_t empty[GR_DOM_MAX_CELLS];
    size_t rows, cols;
    gr_status st = gr_json_rows(c, board, bptr, &spec, empty, &rows, &cols);
    if (st != GR_OK) {
        return st;
    }
    gr_search_opts opts = gr_json_search_opts(c);
    st = gr_dom_create(c->arena, s, (uint32_t)rows, (uint32_t)cols, empty, &opts, out);
    return st == GR_OK ? GR_OK : gr_dom_failed(c, st, bptr);
}

/* What the value search may use, in its nodes: the node budget; the
 * request's memory at GR_DOM_EST_BYTES bytes a node (the fewest measured
 * are about 300, bench/RESULTS.md: fewer assumed, so more nodes allowed);
 * its time at GR_DOM_EST_RATE nodes a second (the measured rate is 10^5
 * on this project's machine: more assumed).  Counts, not the clock, so
 * the answer is the same on any machine. */
#define GR_DOM_EST_BYTES 200u
#define GR_DOM_EST_RATE 1000000u
/* The outcome search's rate assumed for the time limit: 2 * 10^6 nodes a
 * second, where 1-4 * 10^5 are measured here (bench/RESULTS.md, "Domineering
 * outcome forecast"): more assumed, fewer refusals. */
#define GR_DOM_OUT_RATE 2000000u

/* The request's least budget in a search's nodes (gr_json_least_cap):
 * with_memory, the value search's memory budget at GR_DOM_EST_BYTES a
 * node counts too (the outcome search's table stops growing instead of
 * failing). */
static gr_json_cap gr_dom_least_cap(const gr_jctx *c, bool with_memory, uint64_t rate)
{
    return gr_json_least_cap(c, with_memory ? GR_DOM_EST_BYTES : 0, rate);
}

/* The problem of a refusal up front: the detail (the caller's, already
 * in c->problem) is kept, the forecast becomes the "estimate" member. */
static gr_status gr_dom_refused(gr_jctx *c, uint64_t est, const gr_json_cap *cap)
{
    gr_json_estimate(c, est, cap->nodes, cap->flag);
    return cap->st;
}

/* The refusal up front of a board whose value search would surely not fit
 * the request's budgets (gr_dom_value_estimate): the problem a client got
 * after the search ran out (413 for memory, 422 for nodes or time), with
 * the forecast as its "estimate" member. */
static gr_status gr_dom_forecast(gr_jctx *c, const gr_dom *g, const char *ptr)
{
    uint64_t est;
    gr_status st = gr_dom_value_estimate(g, &est);
    gr_json_cap cap = gr_dom_least_cap(c, true, GR_DOM_EST_RATE);
    if (st != GR_OK || est <= cap.nodes) {
        return GR_OK; /* no forecast: the search's own limits still hold */
    }
    gr_json_error(c, cap.st, ptr[0] != '\0' ? ptr : NULL,
                  "the board's canonical value needs at least about %llu search nodes, more "
                  "than the request's %s (%s) allows (about %llu): refused before searching; "
                  "\"outcome_only\": true says who wins without the value",
                  (unsigned long long)est, cap.what, cap.flag, (unsigned long long)cap.nodes);
    return gr_dom_refused(c, est, &cap);
}

static gr_status gr_dom_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, gr_cgt_store *s,
                                void **state, gr_cgt *value)
{
    const cJSON *board = NULL, *outcome_only = NULL;
    const gr_jfield fields[] = {{"board", true, &board}, {"outcome_only", false, &outcome_only}};
    gr_status st = gr_json_pgame_object(c, obj, ptr, fields, ptr[0] == '\0' ? 2 : 1);
    if (st != GR_OK) {
        return st;
    }
    gr_dom_state *ds = GR_ARENA_ARRAY(c->arena, gr_dom_state, 1);
    if (ds == NULL) {
        return gr_json_oom(c);
    }
    ds->ptr = ptr;
    if ((st = gr_dom_read(c, board, ptr, s, &ds->game)) != GR_OK ||
        (st = gr_dom_forecast(c, ds->game, ptr)) != GR_OK) {
        return st;
    }
    if ((st = gr_dom_value(ds->game, value)) != GR_OK) {
        return gr_dom_failed(c, st, ptr);
    }
    *state = ds;
    return GR_OK;
}

static cJSON *gr_dom_cell(gr_jctx *c, uint32_t r, uint32_t col)
{
    cJSON *a = gr_jw_arr(c);
    gr_jw_push(c, a, gr_jw_u64(c, r));
    gr_jw_push(c, a, gr_jw_u64(c, col));
    return a;
}

static cJSON *gr_dom_move_obj(gr_jctx *c, int side, const gr_dom_move *m)
{
    cJSON *o = gr_jw_obj(c), *cells = gr_jw_arr(c);
    gr_jw_push(c, cells, gr_dom_cell(c, m->r, m->c));
    gr_jw_push(c, cells,
               side == GR_DOM_LEFT ? gr_dom_cell(c, m->r + 1, m->c)
                                   : gr_dom_cell(c, m->r, m->c + 1));
    gr_jw_set(c, o, "cells", cells);
    return o;
}

static gr_status gr_dom_list(gr_jctx *c, void *state, int side, cJSON ***moves, gr_cgt **after,
                             size_t *n)
{
    gr_dom_state *ds = state;
    gr_dom_move buf[GR_DOM_MAX_CELLS];
    size_t count;
    gr_status st = gr_dom_moves(ds->game, (gr_dom_side)side, buf, GR_DOM_MAX_CELLS, &count);
    if (st != GR_OK) {
        return gr_dom_failed(c, st, ds->ptr);
    }
    *moves = GR_ARENA_ARRAY(c->arena, cJSON *, count + 1);
    *after = GR_ARENA_ARRAY(c->arena, gr_cgt, count + 1);
    if (*moves == NULL || *after == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < count; i++) {
        (*moves)[i] = gr_dom_move_obj(c, side, &buf[i]);
        (*after)[i] = buf[i].after;
    }
    *n = count;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_pgame gr_pgame_domineering = {"domineering", gr_dom_analyse, gr_dom_list, NULL};

/* "outcome_only": the proof search (gr_dom_outcome_board), on boards of up
 * to GR_DOM_OUTCOME_MAX_CELLS cells (past GR_DOM_MAX_CELLS, at most
 * GR_DOM_OUTCOME_MAX_SIDE rows and columns: the 128-bit search's frame). */
static gr_status gr_dom_outcome_only(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    const cJSON *board = NULL, *outcome_only = NULL;
    const gr_jfield fields[] = {{"board", true, &board}, {"outcome_only", false, &outcome_only}};
    static const gr_json_rows_spec spec = {GR_DOM_OUTCOME_MAX_CELLS, "solved for the outcome", true,
                                           gr_dom_row};
    uint8_t empty[GR_DOM_OUTCOME_MAX_CELLS];
    size_t rows, cols;
    gr_status st = gr_json_object(c, req, "", fields, 2);
    gr_cgt_store *s;
    if (st != GR_OK || (st = gr_json_cgt_store(c, &s)) != GR_OK ||
        (st = gr_json_rows(c, board, "/board", &spec, empty, &rows, &cols)) != GR_OK) {
        return st;
    }
    if (rows * cols > GR_DOM_MAX_CELLS &&
        (rows > GR_DOM_OUTCOME_MAX_SIDE || cols > GR_DOM_OUTCOME_MAX_SIDE)) {
        return gr_json_error(c, GR_ELIMIT, "/board",
                             "boards of more than %d cells are solved for the outcome up to %d "
                             "rows and %d columns (this one is %zu x %zu)",
                             GR_DOM_MAX_CELLS, GR_DOM_OUTCOME_MAX_SIDE, GR_DOM_OUTCOME_MAX_SIDE,
                             rows, cols);
    }
    bool lw, rw;
    gr_dom_move lm, rm;
    gr_search_opts opts = gr_json_search_opts(c);
    gr_search_stats stats;
    gr_dom_outcome_forecast fc;
    gr_dom_outcome_estimate((uint32_t)rows, (uint32_t)cols, empty, &fc);
    gr_json_cap cap = gr_dom_least_cap(c, false, GR_DOM_OUT_RATE);
    /* over the forecast's line, the search runs first under a hundredth
     * of the budget: a board its bounds or a lopsided fight settle soon is
     * answered, and only one the probe leaves open is refused */
    bool probe = fc.nodes > cap.nodes;
    if (probe) {
        opts.max_nodes = GR_DOM_OUTCOME_PROBE(cap.nodes);
    }
    st = gr_dom_outcome_board(c->arena, s, (uint32_t)rows, (uint32_t)cols, empty, &opts, &lw, &lm,
                              &rw, &rm, &stats);
    if (st == GR_ELIMIT && probe) {
        gr_json_error(c, cap.st, "/board",
                      "the \"outcome_only\" search of this board (its largest region: %u empty "
                      "cells) needs at least about %llu search nodes, more than the request's "
                      "%s (%s) allows (about %llu), and a probe of %llu nodes did not settle it: "
                      "refused before the full search",
                      fc.region, (unsigned long long)fc.nodes, cap.what, cap.flag,
                      (unsigned long long)cap.nodes, (unsigned long long)opts.max_nodes);
        return gr_dom_refused(c, fc.nodes, &cap);
    }
    if (st != GR_OK) {
        return gr_dom_failed(c, st, "");
    }
    cJSON *r = gr_jw_obj(c);
    gr_jw_set(c, r, "outcome", gr_jw_str(c, gr_json_outcome_letter(lw, rw)));
    gr_jw_set(c, r, "left_move", lw ? gr_dom_move_obj(c, GR_DOM_LEFT, &lm) : gr_jw_null(c));
    gr_jw_set(c, r, "right_move", rw ? gr_dom_move_obj(c, GR_DOM_RIGHT, &rm) : gr_jw_null(c));
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}

gr_status gr_endpoint_domineering(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    const cJSON *oo =
        cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "outcome_only") : NULL;
    bool only = false;
    gr_status st;
    if (oo != NULL && (st = gr_json_bool(c, oo, "/outcome_only", &only)) != GR_OK) {
        return st;
    }
    return only ? gr_dom_outcome_only(c, req, resp)
                : gr_json_pgame_endpoint(c, &gr_pgame_domineering, req, resp);
}
