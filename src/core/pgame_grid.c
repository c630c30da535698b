/*
 * Boards for the ruleset engine (pgame_grid.h): their encoding, regions
 * and normal form.
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
    return ch != 0 && strchr(set, ch) != NULL;
}

gr_status gr_grid_split(const gr_grid_split_spec *spec, const uint8_t *pos, size_t len,
                        gr_pg_sink *sink)
{
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

/* Image t of the board (bit 0: rows reversed, bit 1: columns reversed,
 * bit 2: transposed), colours swapped by map. */
static void gr_grid_image(const uint8_t *pos, unsigned t, const uint8_t map[256], uint8_t *out)
{
    int rows = pos[0], cols = pos[1];
    int orows = (t & 4) ? cols : rows, ocols = (t & 4) ? rows : cols;
    out[0] = (uint8_t)orows;
    out[1] = (uint8_t)ocols;
    for (int i = 0; i < orows; i++) {
        for (int j = 0; j < ocols; j++) {
            int a = (t & 4) ? j : i, b = (t & 4) ? i : j;
            int r = (t & 1) ? rows - 1 - a : a, c = (t & 2) ? cols - 1 - b : b;
            out[GR_GRID_HDR + i * ocols + j] = map[gr_grid_at(pos, r, c)];
        }
    }
}

gr_status gr_grid_normalise(const gr_grid_norm_spec *spec, const uint8_t *pos, size_t len,
                            uint8_t *out, size_t *out_len, bool *negated)
{
    if (!gr_grid_valid(pos, len) || len > GR_PG_MAX_POS) {
        return GR_EINVAL;
    }
    uint8_t board[GR_PG_MAX_POS], image[GR_PG_MAX_POS], map[2][256];
    size_t n = len;
    if (spec->blank != 0) {
        n = gr_grid_crop(spec->blank, pos, board);
    } else {
        memcpy(board, pos, len);
    }
    for (unsigned i = 0; i < 256; i++) {
        map[0][i] = map[1][i] = (uint8_t)i;
    }
    map[1][spec->swap_a] = spec->swap_b;
    map[1][spec->swap_b] = spec->swap_a;
    *negated = false;
    gr_grid_image(board, 0, map[0], out);
    for (unsigned swap = 0; swap < (spec->swap_a != 0 ? 2u : 1u); swap++) {
        for (unsigned t = swap == 0 ? 1 : 0; t < 8; t++) {
            gr_grid_image(board, t, map[swap], image);
            if (memcmp(image, out, n) < 0) {
                memcpy(out, image, n);
                *negated = swap == 1;
            }
        }
    }
    *out_len = n;
    return GR_OK;
}
