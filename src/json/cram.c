/*
 * Cram: {"rows": r, "cols": c, "blocked": [[row, col], ...]} (blocked
 * optional), move {"cells": [[r1, c1], [r2, c2]]}.  The family
 * (gr_family_cram, game "cram") serves /v1/cram and /v1/sum through its
 * registry row; the solver is include/grundy/cram.h (docs/search.md).
 */
#include "grundy/cram.h"

#include <stddef.h>

#include "json/families.h"
#include "json/search_games.h"

static cJSON *gr_cram_cell(gr_jctx *c, uint32_t row, uint32_t col)
{
    cJSON *a = gr_jw_arr(c);
    gr_jw_push(c, a, gr_jw_u64(c, row));
    gr_jw_push(c, a, gr_jw_u64(c, col));
    return a;
}

/* {"cells": [[r1, c1], [r2, c2]]} */
static cJSON *gr_cram_move_obj(gr_jctx *c, const void *move)
{
    const gr_cram_move *mv = move;
    cJSON *m = gr_jw_obj(c), *cells = gr_jw_arr(c);
    gr_jw_push(c, cells, gr_cram_cell(c, mv->r1, mv->c1));
    gr_jw_push(c, cells, gr_cram_cell(c, mv->r2, mv->c2));
    gr_jw_set(c, m, "cells", cells);
    return m;
}

static gr_status gr_cram_value_any(void *game, unsigned *value)
{
    return gr_cram_value(game, value);
}

static gr_status gr_cram_moves_any(void *game, int target, void *out, size_t max, bool count_all,
                                   size_t *count)
{
    return gr_cram_moves(game, target, out, max, count_all, count);
}

/* In board order (by first cell, the horizontal domino first); a board of
 * GR_CRAM_MAX_CELLS cells has fewer than 2 * GR_CRAM_MAX_CELLS dominoes
 * (the bound), and which of them fit depends on the blocked cells. */
static const gr_search_game gr_cram_kind = {.move_size = sizeof(gr_cram_move),
                                            .grundy_offset = offsetof(gr_cram_move, grundy),
                                            .bound_is_count = false,
                                            .value = gr_cram_value_any,
                                            .moves = gr_cram_moves_any,
                                            .move_obj = gr_cram_move_obj};

static gr_status gr_cram_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                 gr_value *value)
{
    const cJSON *rows, *cols, *blocked;
    const gr_jfield fields[] = {
        {"rows", true, &rows},
        {"cols", true, &cols},
        {"blocked", false, &blocked},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 3, sizeof(gr_search_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_search_state *s = *state;
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
    *s = (gr_search_state){.kind = &gr_cram_kind, .bound = 2 * GR_CRAM_MAX_CELLS, .ptr = ptr};
    gr_search_opts opts = gr_json_search_opts(c);
    size_t bad;
    gr_cram *game = NULL;
    st = gr_cram_create(c->arena, (uint32_t)r, (uint32_t)k, b, nb, &opts, &game, &bad);
    return gr_json_search_solve(c, s, st, game, value);
}

const gr_family gr_family_cram = {.name = "cram",
                                  .analyse = gr_cram_analyse,
                                  .moves_to = gr_json_search_moves_to,
                                  .moves_all = gr_json_search_moves_all};
