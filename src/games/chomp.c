/*
 * Chomp: {"rows": r, "cols": c} (a rectangle) or {"columns": [h0, h1, ...]}
 * (column heights, each positive and at most the one to its left), move
 * {"col": i, "row": j}; (0, 0) is poisoned.  The family (gr_family_chomp,
 * game "chomp") serves /v1/chomp and /v1/sum through its registry row; the
 * solver is include/grundy/chomp.h (docs/search.md).
 */
#include "grundy/chomp.h"

#include "games/families.h"
#include "games/search_games.h"

/* {"col": i, "row": j} */
static const gr_move_shape gr_chomp_shape = {.num_key = {"col", "row"}};

static void gr_chomp_move_rec(const void *move, gr_move *m)
{
    const gr_chomp_move *mv = move;
    m->num[0] = mv->col;
    m->num[1] = mv->row;
}

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
    if ((st = gr_json_search_board(c, rows, cols, ptr, &r, &k)) != GR_OK) {
        return st;
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

/* Creates the board of either form (bound: its squares). */
static gr_status gr_chomp_open(gr_jctx *c, const cJSON *const *f, const char *ptr,
                               const gr_search_opts *opts, gr_search_root **game, size_t *bound)
{
    uint32_t *h = NULL;
    size_t n = 0;
    gr_status st = gr_chomp_read(c, f[0], f[1], f[2], ptr, &h, &n);
    if (st != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < n; i++) {
        *bound += h[i];
    }
    size_t bad;
    gr_chomp *g = NULL;
    st = gr_chomp_create(c->arena, h, n, opts, &g, &bad);
    if (st == GR_ELIMIT) {
        return gr_chomp_limit(c, ptr);
    }
    *game = st == GR_OK ? gr_chomp_root(g) : NULL;
    return gr_json_search_created(c, st, ptr);
}

/* Moves by column then row: each square but the poisoned one (bound: the
 * squares, at most GR_CHOMP_MAX_CELLS). */
GR_JSON_SEARCH_FAMILY(gr_family_chomp, "chomp", &gr_chomp_shape,
                      .fields = {{"rows", false}, {"cols", false}, {"columns", false}},
                      .open = gr_chomp_open, .move_rec = gr_chomp_move_rec);
