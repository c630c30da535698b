/*
 * Boards for the ruleset engine (pgame_grid.h): their encoding, the
 * walk over the mover's pieces, regions and normal form.
 *
 * Regions of a board of at most 64 cells are grown as bit masks by shifts;
 * larger boards (up to GR_GRID_MAX_CELLS) by a breadth-first search with an
 * explicit queue.  The normal form is the bytewise least of up to sixteen
 * images (eight symmetries, times the colour swap), compared in place,
 * each only as far as its first cell that differs from the least so far,
 * and only the least is written: the engine normalises every region it
 * looks up that is not in its table as it stands.  Both produce exactly
 * the bytes of the first versions (tests/unit/test_grid_hooks.c keeps
 * those as the reference), but that a board of at most 64 cells is now
 * normalised without its groups of value 0, which the first versions
 * kept: the outcome search keys whole positions, and a stone that can
 * never move made two equal positions two keys (Clobber 4x5: half the
 * nodes).
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

/* The mover's pieces, row by row: each one's moves handed to sink
 * (count NULL), or counted into *count. */
static gr_status gr_grid_pieces(const gr_grid_game *gg, const uint8_t *pos, size_t len,
                                gr_pg_side side, gr_pg_sink *sink, uint32_t *count)
{
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
            if (count != NULL) {
                *count += gg->piece_count(&t, r, c);
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

gr_status gr_grid_piece_moves(const void *game, const uint8_t *pos, size_t len, gr_pg_side side,
                              gr_pg_sink *sink)
{
    return gr_grid_pieces(game, pos, len, side, sink, NULL);
}

gr_status gr_grid_piece_count(const void *game, const uint8_t *pos, size_t len, gr_pg_side side,
                              uint32_t *out)
{
    *out = 0;
    return gr_grid_pieces(game, pos, len, side, NULL, out);
}

/* The cells of a board of at most 64 cells in spec's sets, as bit masks:
 * set[0] members, set[1] need_a, set[2] need_b. */
static void gr_grid_masks(const gr_grid_split_spec *spec, const uint8_t *pos, uint64_t set[3])
{
    int n = pos[0] * pos[1];
    const uint8_t *cells = pos + GR_GRID_HDR;
    /* each character's sets as bits (1 members, 2 need_a, 4 need_b): a
     * table lookup per cell, not three searches of the sets */
    uint8_t cls[256] = {0};
    const char *sets[3] = {spec->members, spec->need_a, spec->need_b};
    for (unsigned k = 0; k < 3; k++) {
        for (const char *p = sets[k]; *p != '\0'; p++) {
            cls[(uint8_t)*p] |= (uint8_t)(1u << k);
        }
    }
    set[0] = set[1] = set[2] = 0;
    for (int i = 0; i < n; i++) {
        unsigned k = cls[cells[i]];
        uint64_t bit = (k & 1) ? (uint64_t)1 << i : 0;
        set[0] |= bit;
        set[1] |= (k & 2) ? bit : 0;
        set[2] |= (k & 4) ? bit : 0;
    }
}

/* gr_grid_split on a board of at most 64 cells: the same regions, in the
 * same order (by their first cell), as the queue below. */
static gr_status gr_grid_split_bits(const gr_grid_split_spec *spec, const uint8_t *pos,
                                    gr_pg_sink *sink)
{
    int rows = pos[0], cols = pos[1];
    const uint8_t *cells = pos + GR_GRID_HDR;
    uint64_t set3[3];
    gr_grid_masks(spec, pos, set3);
    uint64_t members = set3[0], need_a = set3[1], need_b = set3[2];
    gr_grid_bits b;
    gr_grid_bits_init(rows, cols, &b);
    uint8_t region[GR_GRID_HDR + 64];
    while (members != 0) {
        uint64_t set = gr_grid_fill(&b, members & -members, members, spec->diagonal);
        members &= ~set;
        if ((set & need_a) == 0 || (set & need_b) == 0) {
            continue;
        }
        int r0 = __builtin_ctzll(set) / cols, r1 = (63 - __builtin_clzll(set)) / cols;
        uint64_t colset = 0; /* the region's rows folded onto one */
        for (int r = r0; r <= r1; r++) {
            colset |= set >> (r * cols);
        }
        colset &= b.first_row;
        int c0 = __builtin_ctzll(colset), c1 = 63 - __builtin_clzll(colset);
        int h = r1 - r0 + 1, w = c1 - c0 + 1;
        region[0] = (uint8_t)h;
        region[1] = (uint8_t)w;
        uint8_t *out = region + GR_GRID_HDR;
        for (int r = r0; r <= r1; r++) {
            for (int c = c0; c <= c1; c++) {
                int cell = r * cols + c;
                *out++ = (set >> cell) & 1 ? cells[cell] : spec->fill;
            }
        }
        gr_status st = gr_pg_emit(sink, region, GR_GRID_HDR + (size_t)h * w, NULL);
        if (st != GR_OK) {
            return st;
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
    if (len == GR_GRID_HDR) {
        return GR_OK; /* no cell: no region (the normal form of a board of value 0) */
    }
    if (len - GR_GRID_HDR <= 64) {
        return gr_grid_split_bits(spec, pos, sink);
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

/* One image of a board: its size and where its cell (i, j) is read,
 * src[i * si + j * sj] (the steps negative for a reversed axis). */
typedef struct gr_grid_image {
    const uint8_t *src;
    ptrdiff_t si, sj;
    int rows, cols;
    int size; /* rows << 8 | cols: the header's bytes as one word, compared
               * first (two ints stored then read as one word stalled
               * the store forwarding: 60 % of this function) */
} gr_grid_image;

/* Image t (bit 0: rows reversed, bit 1: columns reversed, bit 2:
 * transposed) of the h x w box whose first cell is cells, rows `stride`
 * apart. */
static void gr_grid_image_of(const uint8_t *cells, int stride, int h, int w, unsigned t,
                             gr_grid_image *im)
{
    ptrdiff_t dr = (t & 1) ? -(ptrdiff_t)stride : stride, dc = (t & 2) ? -1 : 1;
    im->src = cells + ((t & 1) ? (ptrdiff_t)(h - 1) * stride : 0) + ((t & 2) ? w - 1 : 0);
    bool tr = (t & 4) != 0;
    im->si = tr ? dc : dr;
    im->sj = tr ? dr : dc;
    im->rows = tr ? w : h;
    im->cols = tr ? h : w;
    im->size = im->rows << 8 | im->cols;
}

/* The images' bytes (rows, cols, then the cells) compared as memcmp
 * would, read in place: the comparison mostly ends at the first cells,
 * and no image is written but the least. */
static int gr_grid_image_cmp(const gr_grid_image *x, const gr_grid_image *y)
{
    if (x->size != y->size) {
        return x->size - y->size;
    }
    for (int i = 0; i < x->rows; i++) {
        const uint8_t *p = x->src + i * x->si, *q = y->src + i * y->si;
        for (int j = 0; j < x->cols; j++) {
            uint8_t a = p[j * x->sj], b = q[j * y->sj];
            if (a != b) {
                return a < b ? -1 : 1;
            }
        }
    }
    return 0;
}

/* pos with its groups of no value (those gr_grid_split leaves out: no
 * cell of need_a, or none of need_b) written as spec->fill, into clean;
 * *any when there was one.  At most 64 cells. */
static void gr_grid_erase_dead(const gr_grid_split_spec *spec, const uint8_t *pos, size_t len,
                               uint8_t *clean, bool *any)
{
    uint64_t m[3], dead = 0;
    gr_grid_masks(spec, pos, m);
    gr_grid_bits b;
    gr_grid_bits_init(pos[0], pos[1], &b);
    for (uint64_t left = m[0]; left != 0;) {
        uint64_t set = gr_grid_fill(&b, left & -left, m[0], spec->diagonal);
        left &= ~set;
        dead |= (set & m[1]) == 0 || (set & m[2]) == 0 ? set : 0;
    }
    *any = dead != 0;
    if (dead == 0) {
        return;
    }
    memcpy(clean, pos, len);
    for (; dead != 0; dead &= dead - 1) {
        clean[GR_GRID_HDR + __builtin_ctzll(dead)] = spec->fill;
    }
}

gr_status gr_grid_normalise(const void *game, const uint8_t *pos, size_t len, uint8_t *out,
                            size_t *out_len, bool *negated)
{
    const gr_grid_game *gg = game;
    const gr_grid_norm_spec *spec = &gg->norm;
    if (!gr_grid_valid(pos, len) || len > GR_PG_MAX_POS) {
        return GR_EINVAL;
    }
    /* a group of no value is left out (the position keeps its value, and
     * its transpositions meet: the outcome search keys whole positions) */
    uint8_t clean[GR_GRID_HDR + 64];
    bool any = false;
    if (gg->regions.members != NULL && len > GR_GRID_HDR && len - GR_GRID_HDR <= 64) {
        gr_grid_erase_dead(&gg->regions, pos, len, clean, &any);
        pos = any ? clean : pos;
    }
    /* the box of rows and columns with a non-blank cell (blank 0: all) */
    int rows = pos[0], cols = pos[1], r0 = 0, r1 = rows - 1, c0 = 0, c1 = cols - 1;
    if (spec->blank != 0) {
        r0 = rows, r1 = -1, c0 = cols, c1 = -1;
        for (int r = 0; r < rows; r++) {
            const uint8_t *row = pos + GR_GRID_HDR + r * cols;
            for (int c = 0; c < cols; c++) {
                if (row[c] != spec->blank) {
                    r0 = r < r0 ? r : r0;
                    r1 = r;
                    c0 = c < c0 ? c : c0;
                    c1 = c > c1 ? c : c1;
                }
            }
        }
        if (r1 < 0) {
            r0 = c0 = 0; /* all blank: the 0 x 0 board */
        }
    }
    int h = r1 - r0 + 1, w = c1 - c0 + 1;
    const uint8_t *cells = pos + GR_GRID_HDR + r0 * cols + c0;
    uint8_t swapped[GR_PG_MAX_POS];
    gr_grid_image best, cand;
    gr_grid_image_of(cells, cols, h, w, 0, &best);
    *negated = false;
    for (unsigned swap = 0; swap < (spec->swap_a != 0 ? 2u : 1u); swap++) {
        const uint8_t *src = cells;
        int stride = cols;
        if (swap == 1) {
            uint8_t a = spec->swap_a, b = spec->swap_b;
            for (int r = 0; r < h; r++) {
                for (int c = 0; c < w; c++) {
                    uint8_t ch = cells[r * cols + c];
                    swapped[r * w + c] = ch == a ? b : ch == b ? a : ch;
                }
            }
            src = swapped;
            stride = w;
        }
        /* image t's first cell is corner t & 3 (rows, columns reversed),
         * transposed or not: an image whose header or first cell is
         * greater than the least so far's is passed over unread */
        uint8_t corner[4] = {0, 0, 0, 0};
        if (h > 0 && w > 0) {
            const uint8_t *last = src + (ptrdiff_t)(h - 1) * stride;
            corner[0] = src[0], corner[1] = last[0], corner[2] = src[w - 1],
            corner[3] = last[w - 1];
        }
        for (unsigned t = swap == 0 ? 1 : 0; t < 8; t++) {
            int size = (t & 4) ? w << 8 | h : h << 8 | w;
            if (size > best.size ||
                (size == best.size && h > 0 && w > 0 && corner[t & 3] > best.src[0])) {
                continue;
            }
            gr_grid_image_of(src, stride, h, w, t, &cand);
            if (gr_grid_image_cmp(&cand, &best) < 0) {
                best = cand;
                *negated = swap == 1;
            }
        }
    }
    out[0] = (uint8_t)best.rows;
    out[1] = (uint8_t)best.cols;
    uint8_t *o = out + GR_GRID_HDR;
    for (int i = 0; i < best.rows; i++) {
        const uint8_t *p = best.src + i * best.si;
        for (int j = 0; j < best.cols; j++) {
            *o++ = p[j * best.sj];
        }
    }
    *out_len = GR_GRID_HDR + (size_t)h * w;
    return GR_OK;
}
