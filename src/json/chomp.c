/*
 * Chomp: {"rows": r, "cols": c} (a rectangle) or {"columns": [h0, h1, ...]}
 * (column heights, each positive and at most the one to its left), move
 * {"col": i, "row": j}; (0, 0) is poisoned.  The family (gr_family_chomp,
 * game "chomp") serves /v1/chomp and /v1/sum through its registry row; the
 * solver is include/grundy/chomp.h (docs/search.md).
 */
#include "grundy/chomp.h"

#include <stddef.h>

#include "json/families.h"
#include "json/search_games.h"

/* {"col": i, "row": j} */
static cJSON *gr_chomp_move_obj(gr_jctx *c, const void *move)
{
    const gr_chomp_move *mv = move;
    cJSON *m = gr_jw_obj(c);
    gr_jw_set(c, m, "col", gr_jw_u64(c, mv->col));
    gr_jw_set(c, m, "row", gr_jw_u64(c, mv->row));
    return m;
}

static gr_status gr_chomp_value_any(void *game, unsigned *value)
{
    return gr_chomp_value(game, value);
}

static gr_status gr_chomp_moves_any(void *game, int target, void *out, size_t max, bool count_all,
                                    size_t *count)
{
    return gr_chomp_moves(game, target, out, max, count_all, count);
}

/* By column then row: each square but the poisoned one (bound: the
 * squares, at most GR_CHOMP_MAX_CELLS). */
static const gr_search_game gr_chomp_kind = {.move_size = sizeof(gr_chomp_move),
                                             .grundy_offset = offsetof(gr_chomp_move, grundy),
                                             .bound_is_count = false,
                                             .value = gr_chomp_value_any,
                                             .moves = gr_chomp_moves_any,
                                             .move_obj = gr_chomp_move_obj};

static gr_status gr_chomp_limit(gr_jctx *c, const char *ptr)
{
    return gr_json_error(c, GR_ELIMIT, ptr,
                         "boards with columns + rows at most %d and at most %d squares are "
                         "solved",
                         GR_CHOMP_MAX_SPAN, GR_CHOMP_MAX_CELLS);
}

/* The column heights of either form. */
static gr_status gr_chomp_read(gr_jctx *c, const cJSON *rows, const cJSON *cols,
                               const cJSON *columns, const char *ptr, uint32_t **h, size_t *n)
{
    gr_status st;
    if (columns != NULL) {
        const char *cptr = gr_jp_key(c, ptr, "columns");
        if (rows != NULL || cols != NULL) {
            return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, rows != NULL ? "rows" : "cols"),
                                 "give either \"rows\" and \"cols\" or \"columns\", not both");
        }
        uint64_t *v;
        if ((st = gr_json_u64_array(c, columns, cptr, GR_JSON_MAX_I64, &v, n)) != GR_OK) {
            return st;
        }
        if (*n == 0) {
            return gr_json_error(c, GR_EINVAL, cptr, "a board has at least one column");
        }
        for (size_t i = 0; i < *n; i++) {
            if (v[i] == 0) {
                return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, cptr, i),
                                     "column heights are positive");
            }
            if (i > 0 && v[i] > v[i - 1]) {
                return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, cptr, i),
                                     "column %zu is higher (%llu) than the column to its left "
                                     "(%llu): heights must not increase",
                                     i, (unsigned long long)v[i], (unsigned long long)v[i - 1]);
            }
        }
        if (*n + v[0] > GR_CHOMP_MAX_SPAN) {
            return gr_chomp_limit(c, cptr);
        }
        *h = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, *n);
        if (*h == NULL) {
            return gr_json_oom(c);
        }
        for (size_t i = 0; i < *n; i++) {
            (*h)[i] = (uint32_t)v[i];
        }
        return GR_OK;
    }
    if (rows == NULL || cols == NULL) {
        return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, rows == NULL ? "rows" : "cols"),
                             "missing required field \"%s\" (or give \"columns\")",
                             rows == NULL ? "rows" : "cols");
    }
    uint64_t r, k;
    const char *rptr = gr_jp_key(c, ptr, "rows"), *kptr = gr_jp_key(c, ptr, "cols");
    if ((st = gr_json_u64(c, rows, rptr, GR_JSON_MAX_I64, &r)) != GR_OK ||
        (st = gr_json_u64(c, cols, kptr, GR_JSON_MAX_I64, &k)) != GR_OK) {
        return st;
    }
    if (r == 0 || k == 0) {
        return gr_json_error(c, GR_EINVAL, r == 0 ? rptr : kptr,
                             "a board has at least one row and one column");
    }
    if (r + k > GR_CHOMP_MAX_SPAN) {
        return gr_chomp_limit(c, ptr);
    }
    *n = (size_t)k;
    *h = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, *n);
    if (*h == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < *n; i++) {
        (*h)[i] = (uint32_t)r;
    }
    return GR_OK;
}

static gr_status gr_chomp_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                  gr_value *value)
{
    const cJSON *rows, *cols, *columns;
    const gr_jfield fields[] = {
        {"rows", false, &rows},
        {"cols", false, &cols},
        {"columns", false, &columns},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 3, sizeof(gr_search_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_search_state *s = *state;
    uint32_t *h = NULL;
    size_t n = 0;
    if ((st = gr_chomp_read(c, rows, cols, columns, ptr, &h, &n)) != GR_OK) {
        return st;
    }
    *s = (gr_search_state){.kind = &gr_chomp_kind, .ptr = ptr};
    for (size_t i = 0; i < n; i++) {
        s->bound += h[i];
    }
    gr_search_opts opts = gr_json_search_opts(c);
    size_t bad;
    gr_chomp *game = NULL;
    st = gr_chomp_create(c->arena, h, n, &opts, &game, &bad);
    if (st == GR_ELIMIT) {
        return gr_chomp_limit(c, ptr);
    }
    return gr_json_search_solve(c, s, st, game, value);
}

const gr_family gr_family_chomp = {.name = "chomp",
                                   .analyse = gr_chomp_analyse,
                                   .moves_to = gr_json_search_moves_to,
                                   .moves_all = gr_json_search_moves_all};
