/*
 * A board of equal rows of characters, as the grid rulesets read it
 * (ruleset.h: gr_json_grid_board), and a cell as their moves write it.
 */
#include <string.h>

#include "games/board_rows.h"
#include "games/ruleset.h"
#include "grundy/grid_games.h"

/* The size check of gr_json_rows. */
static gr_status gr_json_rows_fit(gr_jctx *c, const char *ptr, const gr_json_rows_spec *spec,
                                  size_t rows, size_t cols)
{
    if (rows > spec->max_cells || cols > spec->max_cells || rows * cols > spec->max_cells) {
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "boards of at most %zu cells are %s (this one is %zu x %zu)",
                             spec->max_cells, spec->verb, rows, cols);
    }
    return GR_OK;
}

gr_status gr_json_rows(gr_jctx *c, const cJSON *item, const char *ptr,
                       const gr_json_rows_spec *spec, void *ctx, size_t *rows_out, size_t *cols_out)
{
    size_t rows;
    gr_status st = gr_json_array(c, item, ptr, &rows);
    if (st != GR_OK) {
        return st;
    }
    if (rows == 0) {
        return gr_json_error(c, GR_EINVAL, ptr, "a board has at least one row");
    }
    size_t cols = 0, i = 0;
    for (const cJSON *row = item->child; row != NULL; row = row->next, i++) {
        const char *rptr = gr_jp_idx(c, ptr, i), *text;
        if ((st = gr_json_string(c, row, rptr, &text)) != GR_OK) {
            return st;
        }
        size_t n = strlen(text);
        if (i == 0) {
            cols = n;
            if (cols == 0) {
                return gr_json_error(c, GR_EINVAL, rptr, "a row has at least one cell");
            }
        } else if (n != cols) {
            return gr_json_error(c, GR_EINVAL, rptr,
                                 "every row must have the first row's %zu cells (this one has %zu)",
                                 cols, n);
        }
        if (spec->size_first && (st = gr_json_rows_fit(c, ptr, spec, rows, cols)) != GR_OK) {
            return st;
        }
        if ((st = spec->row(c, ctx, rptr, text, i, cols)) != GR_OK) {
            return st;
        }
        if (!spec->size_first && (st = gr_json_rows_fit(c, ptr, spec, rows, cols)) != GR_OK) {
            return st;
        }
    }
    *rows_out = rows;
    *cols_out = cols;
    return GR_OK;
}

typedef struct gr_grid_rows {
    const char *alphabet;
    char *cells;
} gr_grid_rows;

/* A grid ruleset's row: the alphabet's characters only. */
static gr_status gr_grid_row(gr_jctx *c, void *ctx, const char *rptr, const char *text, size_t i,
                             size_t cols)
{
    gr_grid_rows *g = ctx;
    for (size_t j = 0; j < cols; j++) {
        if (strchr(g->alphabet, text[j]) == NULL) {
            unsigned char ch = (unsigned char)text[j];
            return gr_json_error(c, GR_EINVAL, rptr, "cell %zu is '%c': a cell is one of \"%s\"", j,
                                 ch >= 0x20 && ch < 0x7f ? ch : '?', g->alphabet);
        }
    }
    if (i * cols + cols <= GR_GRID_MAX_CELLS) { /* else the size check that follows says so */
        memcpy(g->cells + i * cols, text, cols);
    }
    return GR_OK;
}

gr_status gr_json_grid_board(gr_jctx *c, const cJSON *item, const char *ptr, const char *alphabet,
                             uint8_t *pos, size_t *len)
{
    static const gr_json_rows_spec spec = {GR_GRID_MAX_CELLS, "played", false, gr_grid_row};
    gr_grid_rows g = {alphabet, GR_ARENA_ARRAY_UNINIT(c->arena, char, GR_GRID_MAX_CELLS)};
    if (g.cells == NULL) {
        return gr_json_oom(c);
    }
    size_t rows, cols;
    gr_status st = gr_json_rows(c, item, ptr, &spec, &g, &rows, &cols);
    if (st != GR_OK) {
        return st;
    }
    return gr_grid_position((uint32_t)rows, (uint32_t)cols, g.cells, pos, len) == GR_OK
               ? GR_OK
               : gr_json_error(c, GR_EINTERNAL, ptr, "board encoding failed");
}

cJSON *gr_jw_cell(gr_jctx *c, int32_t r, int32_t col)
{
    cJSON *a = gr_jw_arr(c);
    gr_jw_push(c, a, gr_jw_u64(c, (uint64_t)r));
    gr_jw_push(c, a, gr_jw_u64(c, (uint64_t)col));
    return a;
}

gr_status gr_json_stones_board(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                               size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_grid_board(c, f[0], gr_jp_key(c, ptr, "board"), "xo.", pos, len);
}

cJSON *gr_jw_from_to(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx;
    (void)impartial;
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "from", gr_jw_cell(c, m->w[0], m->w[1]));
    gr_jw_set(c, o, "to", gr_jw_cell(c, m->w[2], m->w[3]));
    return o;
}
