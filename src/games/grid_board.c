/*
 * A board of equal rows of characters, as the grid rulesets read it
 * (ruleset.h: gr_json_grid_board), and a cell as their moves write it.
 */
#include <string.h>

#include "games/ruleset.h"
#include "grundy/grid_games.h"

gr_status gr_json_grid_board(gr_jctx *c, const cJSON *item, const char *ptr, const char *alphabet,
                             uint8_t *pos, size_t *len)
{
    size_t rows;
    gr_status st = gr_json_array(c, item, ptr, &rows);
    if (st != GR_OK) {
        return st;
    }
    if (rows == 0) {
        return gr_json_error(c, GR_EINVAL, ptr, "a board has at least one row");
    }
    char *cells = GR_ARENA_ARRAY_UNINIT(c->arena, char, GR_GRID_MAX_CELLS);
    if (cells == NULL) {
        return gr_json_oom(c);
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
        for (size_t j = 0; j < n; j++) {
            if (strchr(alphabet, text[j]) == NULL) {
                unsigned char ch = (unsigned char)text[j];
                return gr_json_error(c, GR_EINVAL, rptr,
                                     "cell %zu is '%c': a cell is one of \"%s\"", j,
                                     ch >= 0x20 && ch < 0x7f ? ch : '?', alphabet);
            }
        }
        if (rows > GR_GRID_MAX_CELLS || cols > GR_GRID_MAX_CELLS ||
            rows * cols > GR_GRID_MAX_CELLS) {
            return gr_json_error(c, GR_ELIMIT, ptr,
                                 "boards of at most %d cells are played (this one is %zu x %zu)",
                                 GR_GRID_MAX_CELLS, rows, cols);
        }
        memcpy(cells + i * cols, text, cols);
    }
    return gr_grid_position((uint32_t)rows, (uint32_t)cols, cells, pos, len) == GR_OK
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
