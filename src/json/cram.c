/*
 * Cram: {"rows": r, "cols": c, "blocked": [[row, col], ...]} (blocked
 * optional), move {"cells": [[r1, c1], [r2, c2]]}.  The family
 * (gr_family_cram, game "cram") serves /v1/cram and /v1/sum through its
 * registry row; the solver is include/grundy/cram.h (docs/search.md).
 */
#include "grundy/cram.h"

#include "json/families.h"
#include "json/search_games.h"

typedef struct gr_cram_state {
    gr_cram *game;
    const char *ptr;
} gr_cram_state;

static gr_status gr_cram_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                 gr_value *value)
{
    const cJSON *rows, *cols, *blocked;
    const gr_jfield fields[] = {
        {"rows", true, &rows},
        {"cols", true, &cols},
        {"blocked", false, &blocked},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 3, sizeof(gr_cram_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_cram_state *s = *state;
    uint64_t r, k;
    const char *rptr = gr_jp_key(c, ptr, "rows"), *cptr = gr_jp_key(c, ptr, "cols");
    if ((st = gr_json_u64(c, rows, rptr, GR_JSON_MAX_I64, &r)) != GR_OK ||
        (st = gr_json_u64(c, cols, cptr, GR_JSON_MAX_I64, &k)) != GR_OK) {
        return st;
    }
    if (r == 0 || k == 0) {
        return gr_json_error(c, GR_EINVAL, r == 0 ? rptr : cptr,
                             "a board has at least one row and one column");
    }
    if (r > GR_CRAM_MAX_CELLS || k > GR_CRAM_MAX_CELLS || r * k > GR_CRAM_MAX_CELLS) {
        return gr_json_error(c, GR_ELIMIT, ptr[0] != '\0' ? ptr : "",
                             "boards of at most %d cells are solved (this one has %llu)",
                             GR_CRAM_MAX_CELLS, (unsigned long long)(r * k));
    }
    uint32_t *b = NULL;
    size_t nb = 0;
    const char *bptr = gr_jp_key(c, ptr, "blocked");
    if (blocked != NULL &&
        (st = gr_json_pairs(c, blocked, bptr, UINT32_MAX - 1, &b, &nb)) != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < nb; i++) {
        bool row_off = b[2 * i] >= r;
        if (row_off || b[2 * i + 1] >= k) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, gr_jp_idx(c, bptr, i), row_off ? 0 : 1),
                                 "cell [%u, %u] is off the %llu x %llu board", b[2 * i],
                                 b[2 * i + 1], (unsigned long long)r, (unsigned long long)k);
        }
    }
    s->ptr = ptr;
    gr_search_opts opts = gr_json_search_opts(c);
    size_t bad;
    st = gr_cram_create(c->arena, (uint32_t)r, (uint32_t)k, b, nb, &opts, &s->game, &bad);
    if (st != GR_OK) {
        return st == GR_ENOMEM ? gr_json_oom(c)
                               : gr_json_error(c, GR_EINTERNAL, ptr, "invalid board");
    }
    unsigned v;
    if ((st = gr_cram_value(s->game, &v)) != GR_OK) {
        return gr_json_search_failed(c, st, ptr);
    }
    value->kind = GR_VALUE_FINITE;
    value->n = v;
    return GR_OK;
}

static cJSON *gr_cram_cell(gr_jctx *c, uint32_t row, uint32_t col)
{
    cJSON *a = gr_jw_arr(c);
    gr_jw_push(c, a, gr_jw_u64(c, row));
    gr_jw_push(c, a, gr_jw_u64(c, col));
    return a;
}

/* {"cells": [[r1, c1], [r2, c2]]} */
static cJSON *gr_cram_move_obj(gr_jctx *c, const gr_cram_move *mv)
{
    cJSON *m = gr_jw_obj(c), *cells = gr_jw_arr(c);
    gr_jw_push(c, cells, gr_cram_cell(c, mv->r1, mv->c1));
    gr_jw_push(c, cells, gr_cram_cell(c, mv->r2, mv->c2));
    gr_jw_set(c, m, "cells", cells);
    return m;
}

static gr_status gr_cram_moves_json(gr_jctx *c, void *state, const gr_value *target, uint64_t max,
                                    bool count_all, cJSON *arr, uint64_t *count)
{
    gr_cram_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite cram target");
    }
    if (target->n > 255) {
        return GR_OK; /* every position the search reaches is worth less */
    }
    /* a board of 64 cells has at most 112 dominoes */
    gr_cram_move mv[2 * GR_CRAM_MAX_CELLS];
    size_t want =
        arr == NULL ? 0 : (size_t)(max < 2 * GR_CRAM_MAX_CELLS ? max : 2 * GR_CRAM_MAX_CELLS);
    size_t n = 0;
    gr_status st = gr_cram_moves(s->game, (int)target->n, mv, want, count_all, &n);
    if (st != GR_OK) {
        return gr_json_search_failed(c, st, s->ptr);
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_jw_push(c, arr, gr_cram_move_obj(c, &mv[i]));
    }
    *count = n;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* Every move ("all_moves", docs/contract.md), in board order, each with
 * the value after it (gr_cram_moves with target -1).  A board has at most
 * 2 * GR_CRAM_MAX_CELLS dominoes, each already valued by the search, so
 * all of them are enumerated and counted. */
static gr_status gr_cram_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_cram_state *s = state;
    gr_cram_move mv[2 * GR_CRAM_MAX_CELLS];
    size_t n = 0;
    gr_status st = gr_cram_moves(s->game, -1, mv, 2 * GR_CRAM_MAX_CELLS, true, &n);
    if (st != GR_OK) {
        return gr_json_search_failed(c, st, s->ptr);
    }
    list->count += n;
    for (size_t i = 0; i < n; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            break;
        }
        e->move = gr_cram_move_obj(c, &mv[i]);
        e->after = (gr_value){.kind = GR_VALUE_FINITE, .n = mv[i].grundy};
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_family gr_family_cram = {.name = "cram",
                                  .analyse = gr_cram_analyse,
                                  .moves_to = gr_cram_moves_json,
                                  .moves_all = gr_cram_moves_all};
