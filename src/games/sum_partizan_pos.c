/*
 * A Domineering component of /v1/sum searched as a position
 * (include/grundy/sum_position.h) instead of valued: its board is read
 * here, the choice made, and its moves listed for the winning move.
 */
#include "games/sum_partizan_pos.h"

#include <string.h>

#include "games/partizan.h"
#include "games/search_games.h"
#include "grundy/domineering.h"

/* Empty cells past which a Domineering component is searched as a
 * position: below them its value takes less than the sum's search does
 * with the region played move by move (bench/sum_positions.sh). */
#ifndef GR_PSUM_POS_CELLS
#define GR_PSUM_POS_CELLS 20
#endif
/* ... or when the value forecast passes this share of the node budget. */
#define GR_PSUM_POS_SHARE 64

/* The board of obj when it is exactly {"game", "board": rows of '.' and
 * '#', equal lengths, at most 64 cells}; false for anything else. */
static bool gr_psum_dom_read(const cJSON *obj, gr_psum_board *b)
{
    const cJSON *board = cJSON_GetObjectItemCaseSensitive(obj, "board");
    if (cJSON_GetArraySize(obj) != 2 || !cJSON_IsArray(board) || board->child == NULL) {
        return false;
    }
    size_t rows = 0, cols = 0;
    b->empty = 0;
    for (const cJSON *row = board->child; row != NULL; row = row->next, rows++) {
        if (!cJSON_IsString(row)) {
            return false;
        }
        size_t len = strlen(row->valuestring);
        if (rows == 0) {
            cols = len;
        }
        if (len != cols || len == 0 || (rows + 1) * cols > GR_DOM_MAX_CELLS) {
            return false;
        }
        for (size_t j = 0; j < len; j++) {
            char ch = row->valuestring[j];
            if (ch != '.' && ch != '#') {
                return false;
            }
            b->empty |= (uint64_t)(ch == '.') << (rows * cols + j);
        }
    }
    b->rows = (uint32_t)rows, b->cols = (uint32_t)cols;
    return true;
}

gr_status gr_psum_dom_position(gr_jctx *c, gr_cgt_store *s, const cJSON *obj, gr_psum_board *b,
                               bool *yes)
{
    *yes = false;
    if (!gr_psum_dom_read(obj, b)) {
        return GR_OK;
    }
    if (__builtin_popcountll(b->empty) > GR_PSUM_POS_CELLS) {
        *yes = true;
        return GR_OK;
    }
    uint8_t empty[GR_DOM_MAX_CELLS];
    for (uint32_t i = 0; i < b->rows * b->cols; i++) {
        empty[i] = (b->empty >> i) & 1;
    }
    gr_search_opts opts = gr_json_search_opts(c);
    gr_dom *g;
    uint64_t est;
    gr_status st = gr_dom_create(c->arena, s, b->rows, b->cols, empty, &opts, &g);
    if (st == GR_OK && (st = gr_dom_value_estimate(g, &est)) == GR_OK) {
        uint64_t budget = opts.max_nodes != 0 ? opts.max_nodes : GR_SEARCH_DEFAULT_NODES;
        *yes = est > budget / GR_PSUM_POS_SHARE;
    }
    return st == GR_ENOMEM ? gr_json_oom(c) : GR_OK; /* else Domineering's reader says it */
}

static cJSON *gr_psum_dom_cell(gr_jctx *c, uint32_t i, uint32_t cols)
{
    cJSON *a = gr_jw_arr(c);
    gr_jw_push(c, a, gr_jw_u64(c, i / cols));
    gr_jw_push(c, a, gr_jw_u64(c, i % cols));
    return a;
}

gr_status gr_psum_dom_moves(gr_jctx *c, gr_sum_pos *pos, const gr_psum_board *b, int side,
                            cJSON ***moves, gr_cgt **after, size_t **nafter, size_t *n)
{
    unsigned w = b->cols, step = side == 0 ? w : 1;
    uint64_t m = b->empty, last = 0;
    for (unsigned r = 0; r < b->rows; r++) {
        last |= 1ULL << (r * w + w - 1);
    }
    /* Left's vertical dominoes start above an empty cell, Right's
     * horizontal ones left of one, off the last column */
    uint64_t starts = side == 0 ? (w >= 64 ? 0 : m & (m >> w)) : m & (m >> 1) & ~last;
    size_t count = (size_t)__builtin_popcountll(starts), k = 0;
    *moves = GR_ARENA_ARRAY(c->arena, cJSON *, count + 1);
    *after = GR_ARENA_ARRAY(c->arena, gr_cgt, (count + 1) * GR_PSUM_POS_MAX);
    *nafter = GR_ARENA_ARRAY(c->arena, size_t, count + 1);
    if (*moves == NULL || *after == NULL || *nafter == NULL) {
        return gr_json_oom(c);
    }
    for (; starts != 0; starts &= starts - 1, k++) {
        unsigned i = (unsigned)__builtin_ctzll(starts);
        uint64_t d = (1ULL << i) | (1ULL << (i + step));
        gr_status st = gr_sum_pos_domineering(pos, m & ~d, w, *after + k * GR_PSUM_POS_MAX,
                                              &(*nafter)[k]);
        if (st != GR_OK) {
            return gr_json_cgt_failed(c, st, NULL);
        }
        cJSON *o = gr_jw_obj(c), *cells = gr_jw_arr(c);
        gr_jw_push(c, cells, gr_psum_dom_cell(c, i, w));
        gr_jw_push(c, cells, gr_psum_dom_cell(c, i + step, w));
        gr_jw_set(c, o, "cells", cells);
        (*moves)[k] = o;
    }
    *n = count;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}
