/*
 * Cram: {"rows": r, "cols": c, "blocked": [[row, col], ...]} (blocked
 * optional), move {"cells": [[r1, c1], [r2, c2]]}.  The family
 * (gr_family_cram, game "cram") serves /v1/cram and /v1/sum through its
 * registry row; the solver is include/grundy/cram.h (docs/search.md).
 */
#include "grundy/cram.h"

#include "games/families.h"
#include "games/search_games.h"

/* {"cells": [[r1, c1], [r2, c2]]} */
static const gr_move_shape gr_cram_shape = {.list_key = "cells", .list_pairs = true};

static void gr_cram_move_rec(const void *move, gr_move *m)
{
    const gr_cram_move *mv = move;
    m->list[0] = mv->r1;
    m->list[1] = mv->c1;
    m->list[2] = mv->r2;
    m->list[3] = mv->c2;
    m->nlist = 4;
}

/* The board, its blocked cells checked against it (bound: a board of
 * GR_CRAM_MAX_CELLS cells has fewer than 2 * GR_CRAM_MAX_CELLS dominoes,
 * and which of them fit depends on the blocked cells). */
static gr_status gr_cram_open(gr_jctx *c, const cJSON *const *f, const char *ptr,
                              const gr_search_opts *opts, gr_search_root **game, size_t *bound)
{
    const cJSON *rows = f[0], *cols = f[1], *blocked = f[2];
    uint64_t r, k;
    gr_status st;
    if ((st = gr_json_search_board(c, rows, cols, ptr, &r, &k)) != GR_OK) {
        return st;
    }
    if (r > GR_CRAM_MAX_CELLS || k > GR_CRAM_MAX_CELLS || r * k > GR_CRAM_MAX_CELLS) {
        /* r and k are checked one by one first: r * k may not fit */
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "boards of at most %d cells are solved (this one is %llu x %llu)",
                             GR_CRAM_MAX_CELLS, (unsigned long long)r, (unsigned long long)k);
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
    *bound = 2 * GR_CRAM_MAX_CELLS;
    size_t bad;
    gr_cram *g = NULL;
    st = gr_cram_create(c->arena, (uint32_t)r, (uint32_t)k, b, nb, opts, &g, &bad);
    *game = st == GR_OK ? gr_cram_root(g) : NULL;
    return gr_json_search_created(c, st, ptr);
}

/* Moves in board order (by first cell, the horizontal domino first). */
GR_JSON_SEARCH_FAMILY(gr_family_cram, "cram", &gr_cram_shape,
                      .fields = {{"rows", true}, {"cols", true}, {"blocked", false}},
                      .open = gr_cram_open, .move_rec = gr_cram_move_rec);
