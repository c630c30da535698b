/*
 * Boards for the ruleset engine (pgame_grid.h): their encoding, the
 * walk over the mover's pieces, regions and normal form.
 *
 * Regions are found by a breadth-first search with an explicit queue over
 * the board's cells (at most GR_GRID_MAX_CELLS).  The normal form is the
 * bytewise least of up to sixteen images (eight symmetries, times the
 * colour swap), each written in full and compared: a board is small, and
 * a region is normalised once per lookup.
 */
#include <string.h>

#include "core/pgame_grid.h"

gr_status gr_grid_position(uint32_t rows, uint32_t cols, const char *cells, uint8_t *out,
                           size_t *len)
{
    if (rows == 0 || cols == 0) {
        return GR_EINVAL;
    }
    if (rows > GR_GRID_MAX_SIDE || cols > GR_GRID_MAX_SIDE ||
        (uint64_t)rows * cols > GR_GRID_MAX_CELLS) {
        return GR_ELIMIT;
    }
    out[0] = (uint8_t)rows;
    out[1] = (uint8_t)cols;
    memcpy(out + GR_GRID_HDR, cells, (size_t)rows * cols);
    *len = GR_GRID_HDR + (size_t)rows * cols;
    return GR_OK;
}

static bool gr_grid_in(const char *set, uint8_t ch)
{
    /* sets are two or three characters: a loop beats strchr's call */
    for (; *set != '\0'; set++) {
        if ((uint8_t)*set == ch) {
            return true;
        }
    }
    return false;
}

gr_status gr_grid_piece_moves(const void *game, const uint8_t *pos, size_t len, gr_pg_side side,
                              gr_pg_sink *sink)
{
    const gr_grid_game *gg = game;
    if (!gr_grid_valid(pos, len)) {
        return GR_EINVAL;
    }
    uint8_t after[GR_PG_MAX_POS];
    gr_grid_turn t = {pos, len, pos[0], pos[1], 0, 0, after, sink};
    gr_grid_colours(side, gg->pieces, &t.me, &t.them);
    memcpy(after, pos, len);
    for (int r = 0; r < t.rows; r++) {
        for (int c = 0; c < t.cols; c++) {
            if (gr_grid_at(pos, r, c) != t.me) {
                continue;
            }
            gr_status st = gg->piece(&t, r, c);
            if (st != GR_OK) {
                return st;
            }
        }
    }
    return GR_OK;
}

gr_status gr_grid_split(const void *game, const uint8_t *pos, size_t len, gr_pg_sink *sink)
{
    const gr_grid_split_spec *spec = &((const gr_grid_game *)game)->regions;
    if (!gr_grid_valid(pos, len) || len - GR_GRID_HDR > GR_GRID_MAX_CELLS) {
        return GR_EINVAL;
    }
    int rows = pos[0], cols = pos[1], n = rows * cols;
    uint16_t label[GR_GRID_MAX_CELLS], queue[GR_GRID_MAX_CELLS];
    uint8_t region[GR_GRID_HDR + GR_GRID_MAX_CELLS];
    memset(label, 0, sizeof(label[0]) * (size_t)n);
    uint16_t next_label = 0;
    for (int start = 0; start < n; start++) {
        if (label[start] != 0 || !gr_grid_in(spec->members, pos[GR_GRID_HDR + start])) {
            continue;
        }
        uint16_t id = ++next_label;
        int qn = 0, r0 = rows, r1 = -1, c0 = cols, c1 = -1;
        bool has_a = false, has_b = false;
        label[start] = id;
        queue[qn++] = (uint16_t)start;
        for (int qi = 0; qi < qn; qi++) {
            int cell = queue[qi], r = cell / cols, c = cell % cols;
            uint8_t ch = pos[GR_GRID_HDR + cell];
            has_a |= gr_grid_in(spec->need_a, ch);
            has_b |= gr_grid_in(spec->need_b, ch);
            r0 = r < r0 ? r : r0;
            r1 = r > r1 ? r : r1;
            c0 = c < c0 ? c : c0;
            c1 = c > c1 ? c : c1;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int nr = r + dr, nc = c + dc, nb = nr * cols + nc;
                    bool diagonal = dr != 0 && dc != 0;
                    if ((dr == 0 && dc == 0) || (diagonal && !spec->diagonal)) {
                        continue;
                    }
                    if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || label[nb] != 0 ||
                        !gr_grid_in(spec->members, pos[GR_GRID_HDR + nb])) {
                        continue;
                    }
                    label[nb] = id;
                    queue[qn++] = (uint16_t)nb;
                }
            }
        }
        if (!has_a || !has_b) {
            continue;
        }
        int h = r1 - r0 + 1, w = c1 - c0 + 1;
        region[0] = (uint8_t)h;
        region[1] = (uint8_t)w;
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                int cell = (r0 + r) * cols + c0 + c;
                region[GR_GRID_HDR + r * w + c] =
                    label[cell] == id ? pos[GR_GRID_HDR + cell] : spec->fill;
            }
        }
        gr_status st = gr_pg_emit(sink, region, GR_GRID_HDR + (size_t)h * w, NULL);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* The board pos cropped to its rows and columns with a non-blank cell. */
static size_t gr_grid_crop(uint8_t blank, const uint8_t *pos, uint8_t *out)
{
    int rows = pos[0], cols = pos[1], r0 = rows, r1 = -1, c0 = cols, c1 = -1;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            if (gr_grid_at(pos, r, c) != blank) {
                r0 = r < r0 ? r : r0;
                r1 = r > r1 ? r : r1;
                c0 = c < c0 ? c : c0;
                c1 = c > c1 ? c : c1;
            }
        }
    }
    if (r1 < 0) {
        out[0] = out[1] = 0;
        return GR_GRID_HDR;
    }
    int h = r1 - r0 + 1, w = c1 - c0 + 1;
    out[0] = (uint8_t)h;
    out[1] = (uint8_t)w;
    for (int r = 0; r < h; r++) {
        memcpy(out + GR_GRID_HDR + r * w, pos + GR_GRID_HDR + (r0 + r) * cols + c0, (size_t)w);
    }
    return GR_GRID_HDR + (size_t)h * w;
}

/* Cell (i, j) of image t of the board (bit 0: rows reversed, bit 1:
 * columns reversed, bit 2: transposed), colours swapped when swap. */
static inline uint8_t gr_grid_image_at(const uint8_t *pos, unsigned t, int i, int j,
                                       const gr_grid_norm_spec *spec, bool swap)
{
    int a = (t & 4) ? j : i, b = (t & 4) ? i : j;
    int r = (t & 1) ? pos[0] - 1 - a : a, c = (t & 2) ? pos[1] - 1 - b : b;
    uint8_t ch = gr_grid_at(pos, r, c);
    if (swap) {
        ch = ch == spec->swap_a ? spec->swap_b : ch == spec->swap_b ? spec->swap_a : ch;
    }
    return ch;
}

/* Writes image (t, swap) of board into out when it is less than out's
 * current contents (n bytes; the comparison stops at the first cell that
 * is greater); whether it was. */
static bool gr_grid_image_less(const uint8_t *board, size_t n, unsigned t, bool swap,
                               const gr_grid_norm_spec *spec, uint8_t *out, uint8_t *cand)
{
    int rows = board[0], cols = board[1];
    int orows = (t & 4) ? cols : rows, ocols = (t & 4) ? rows : cols;
    cand[0] = (uint8_t)orows;
    cand[1] = (uint8_t)ocols;
    int cmp = memcmp(cand, out, GR_GRID_HDR);
    if (cmp > 0) {
        return false;
    }
    size_t k = GR_GRID_HDR;
    for (int i = 0; i < orows; i++) {
        for (int j = 0; j < ocols; j++, k++) {
            uint8_t ch = gr_grid_image_at(board, t, i, j, spec, swap);
            cand[k] = ch;
            if (cmp == 0) {
                if (ch > out[k]) {
                    return false;
                }
                cmp = ch < out[k] ? -1 : 0;
            }
        }
    }
    if (cmp < 0) {
        memcpy(out, cand, n);
    }
    return cmp < 0;
}

gr_status gr_grid_normalise(const void *game, const uint8_t *pos, size_t len, uint8_t *out,
                            size_t *out_len, bool *negated)
{
    const gr_grid_norm_spec *spec = &((const gr_grid_game *)game)->norm;
    if (!gr_grid_valid(pos, len) || len > GR_PG_MAX_POS) {
        return GR_EINVAL;
    }
    uint8_t board[GR_PG_MAX_POS], cand[GR_PG_MAX_POS];
    size_t n = len;
    if (spec->blank != 0) {
        n = gr_grid_crop(spec->blank, pos, board);
    } else {
        memcpy(board, pos, len);
    }
    memcpy(out, board, n);
    *negated = false;
    for (unsigned swap = 0; swap < (spec->swap_a != 0 ? 2u : 1u); swap++) {
        for (unsigned t = swap == 0 ? 1 : 0; t < 8; t++) {
            if (gr_grid_image_less(board, n, t, swap == 1, spec, out, cand)) {
                *negated = swap == 1;
            }
        }
    }
    *out_len = n;
    return GR_OK;
}
