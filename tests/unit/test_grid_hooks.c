/* The grid rulesets' split and normalise hooks (src/core/pgame_grid.c)
 * against their first implementations, kept here as the reference: a
 * queue flood fill over the cells, and every symmetric image written in
 * full and compared.  The tables, keys and sum search depend on the exact
 * bytes, so on thousands of random boards of each grid game (sizes 1 x 1
 * to 9 x 9, a one-row board of 64 cells, and boards past 64 cells, where
 * split keeps the queue) the regions emitted, their order and the normal
 * form with its sign must be the same byte for byte (the normal form of
 * a board of at most 64 cells, since, of the board without the groups
 * split leaves out: ref_erase); so must NoGo's moves, grown as bit masks
 * since, against its queue. */
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "core/pgame_grid.h"

/* ---- the reference: the hooks as first written ------------------------ */

static bool ref_in(const char *set, uint8_t ch)
{
    return ch != 0 && strchr(set, ch) != NULL;
}

static gr_status ref_split(const gr_grid_split_spec *spec, const uint8_t *pos, size_t len,
                           gr_pg_sink *sink)
{
    if (!gr_grid_valid(pos, len) || len - GR_GRID_HDR > GR_GRID_MAX_CELLS) {
        return GR_EINVAL;
    }
    int rows = pos[0], cols = pos[1], n = rows * cols;
    uint16_t label[GR_GRID_MAX_CELLS] = {0}, queue[GR_GRID_MAX_CELLS];
    uint8_t region[GR_GRID_HDR + GR_GRID_MAX_CELLS];
    uint16_t next_label = 0;
    for (int start = 0; start < n; start++) {
        if (label[start] != 0 || !ref_in(spec->members, pos[GR_GRID_HDR + start])) {
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
            has_a = has_a || ref_in(spec->need_a, ch);
            has_b = has_b || ref_in(spec->need_b, ch);
            r0 = r < r0 ? r : r0;
            r1 = r > r1 ? r : r1;
            c0 = c < c0 ? c : c0;
            c1 = c > c1 ? c : c1;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int nr = r + dr, nc = c + dc;
                    if ((dr == 0 && dc == 0) || (dr != 0 && dc != 0 && !spec->diagonal) || nr < 0 ||
                        nr >= rows || nc < 0 || nc >= cols) {
                        continue;
                    }
                    int nb = nr * cols + nc;
                    if (label[nb] == 0 && ref_in(spec->members, pos[GR_GRID_HDR + nb])) {
                        label[nb] = id;
                        queue[qn++] = (uint16_t)nb;
                    }
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

/* Image t of board (bit 0: rows reversed, bit 1: columns reversed, bit 2:
 * transposed), colours swapped when swap, written in full into img. */
static void ref_image(const uint8_t *board, unsigned t, bool swap, const gr_grid_norm_spec *spec,
                      uint8_t *img)
{
    int rows = board[0], cols = board[1];
    int orows = (t & 4) ? cols : rows, ocols = (t & 4) ? rows : cols;
    img[0] = (uint8_t)orows;
    img[1] = (uint8_t)ocols;
    for (int i = 0; i < orows; i++) {
        for (int j = 0; j < ocols; j++) {
            int a = (t & 4) ? j : i, b = (t & 4) ? i : j;
            int r = (t & 1) ? rows - 1 - a : a, c = (t & 2) ? cols - 1 - b : b;
            uint8_t ch = board[GR_GRID_HDR + r * cols + c];
            if (swap) {
                ch = ch == spec->swap_a ? spec->swap_b : ch == spec->swap_b ? spec->swap_a : ch;
            }
            img[GR_GRID_HDR + i * ocols + j] = ch;
        }
    }
}

/* pos (at most 64 cells) with every group split leaves out (no cell of
 * need_a, or none of need_b) written as fill, into out: groups by
 * repeated least-label propagation, not a flood fill. */
static void ref_erase(const gr_grid_split_spec *spec, const uint8_t *pos, size_t len, uint8_t *out)
{
    int rows = pos[0], cols = pos[1], n = rows * cols, label[64];
    const uint8_t *cells = pos + GR_GRID_HDR;
    memcpy(out, pos, len);
    for (int i = 0; i < n; i++) {
        label[i] = ref_in(spec->members, cells[i]) ? i : -1;
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n && label[i] >= 0; j++) {
                int dr = abs(i / cols - j / cols), dc = abs(i % cols - j % cols);
                bool near = dr + dc == 1 || (spec->diagonal && dr == 1 && dc == 1);
                if (near && label[j] >= 0 && label[j] < label[i]) {
                    label[i] = label[j];
                    changed = true;
                }
            }
        }
    }
    for (int g = 0; g < n; g++) {
        bool a = false, b = false;
        for (int i = 0; i < n; i++) {
            a = a || (label[i] == g && ref_in(spec->need_a, cells[i]));
            b = b || (label[i] == g && ref_in(spec->need_b, cells[i]));
        }
        for (int i = 0; i < n && !(a && b); i++) {
            out[GR_GRID_HDR + i] = label[i] == g ? spec->fill : out[GR_GRID_HDR + i];
        }
    }
}

static void ref_normalise(const gr_grid_norm_spec *spec, const uint8_t *pos, size_t len,
                          uint8_t *out, size_t *out_len, bool *negated)
{
    uint8_t board[GR_PG_MAX_POS], cand[GR_PG_MAX_POS];
    int rows = pos[0], cols = pos[1], r0 = rows, r1 = -1, c0 = cols, c1 = -1;
    memcpy(board, pos, len);
    size_t n = len;
    if (spec->blank != 0) {
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (pos[GR_GRID_HDR + r * cols + c] != spec->blank) {
                    r0 = r < r0 ? r : r0;
                    r1 = r > r1 ? r : r1;
                    c0 = c < c0 ? c : c0;
                    c1 = c > c1 ? c : c1;
                }
            }
        }
        int h = r1 < 0 ? 0 : r1 - r0 + 1, w = r1 < 0 ? 0 : c1 - c0 + 1;
        board[0] = (uint8_t)h;
        board[1] = (uint8_t)w;
        for (int r = 0; r < h; r++) {
            memcpy(board + GR_GRID_HDR + r * w, pos + GR_GRID_HDR + (r0 + r) * cols + c0,
                   (size_t)w);
        }
        n = GR_GRID_HDR + (size_t)h * w;
    }
    memcpy(out, board, n);
    *negated = false;
    for (unsigned swap = 0; swap < (spec->swap_a != 0 ? 2u : 1u); swap++) {
        for (unsigned t = swap == 0 ? 1 : 0; t < 8; t++) {
            ref_image(board, t, swap == 1, spec, cand);
            if (memcmp(cand, out, n) < 0) {
                memcpy(out, cand, n);
                *negated = swap == 1;
            }
        }
    }
    *out_len = n;
}

/* NoGo's moves as first written: each group walked by a queue. */
static bool ref_breathes(const uint8_t *b, int rows, int cols, int start)
{
    uint8_t seen[GR_GRID_MAX_CELLS] = {0};
    uint16_t queue[GR_GRID_MAX_CELLS];
    int qn = 0;
    seen[start] = 1;
    queue[qn++] = (uint16_t)start;
    for (int qi = 0; qi < qn; qi++) {
        int r = queue[qi] / cols, c = queue[qi] % cols;
        for (int d = 0; d < 4; d++) {
            int nr = r + gr_grid_dr4[d], nc = c + gr_grid_dc4[d], nb = nr * cols + nc;
            if (!gr_grid_inside(rows, cols, nr, nc) || seen[nb]) {
                continue;
            }
            if (b[nb] == '.') {
                return true;
            }
            if (b[nb] == b[start]) {
                seen[nb] = 1;
                queue[qn++] = (uint16_t)nb;
            }
        }
    }
    return false;
}

static gr_status ref_nogo_moves(const uint8_t *pos, size_t len, gr_pg_side side, gr_pg_sink *sink)
{
    int rows = pos[0], cols = pos[1], n = rows * cols;
    uint8_t after[GR_PG_MAX_POS], *b = after + GR_GRID_HDR;
    memcpy(after, pos, len);
    for (int i = 0; i < n; i++) {
        if (b[i] != '.' && !ref_breathes(b, rows, cols, i)) {
            return GR_OK;
        }
    }
    uint8_t me = side == GR_PG_LEFT ? 'x' : 'o';
    for (int i = 0; i < n; i++) {
        if (b[i] != '.') {
            continue;
        }
        b[i] = me;
        bool legal = ref_breathes(b, rows, cols, i);
        for (int d = 0; d < 4 && legal; d++) {
            int nr = i / cols + gr_grid_dr4[d], nc = i % cols + gr_grid_dc4[d];
            if (gr_grid_inside(rows, cols, nr, nc) && b[nr * cols + nc] != '.' &&
                b[nr * cols + nc] != me) {
                legal = ref_breathes(b, rows, cols, nr * cols + nc);
            }
        }
        gr_status st = GR_OK;
        if (legal) {
            gr_pg_move m = {{i / cols, i % cols, me}};
            st = gr_pg_emit(sink, after, len, &m);
        }
        b[i] = '.';
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

/* ---- the comparison ---------------------------------------------------- */

/* The regions a split emits, one after another, each length first. */
typedef struct collect {
    gr_pg_sink sink;
    uint8_t bytes[1 << 18]; /* NoGo 16 x 16: 200 moves of 284 bytes */
    size_t n, count;
} collect;

static gr_status collect_emit(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                              const gr_pg_move *move)
{
    collect *c = (collect *)sink;
    assert_true(c->n + len + 2 + sizeof(*move) <= sizeof(c->bytes));
    if (move != NULL) {
        memcpy(c->bytes + c->n, move, sizeof(*move));
        c->n += sizeof(*move);
    }
    c->bytes[c->n++] = (uint8_t)(len >> 8);
    c->bytes[c->n++] = (uint8_t)len;
    memcpy(c->bytes + c->n, pos, len);
    c->n += len;
    c->count++;
    return GR_OK;
}

/* A random rows x cols board of `alphabet`'s characters, a density of
 * its first one or two (the pieces) drawn per board so that regions are
 * large on some and many on others. */
static size_t random_board(gr_test_rng *rng, const char *alphabet, int rows, int cols, uint8_t *pos)
{
    size_t k = strlen(alphabet);
    uint64_t dense = 1 + gr_test_below(rng, 9);
    pos[0] = (uint8_t)rows;
    pos[1] = (uint8_t)cols;
    for (int i = 0; i < rows * cols; i++) {
        size_t pick =
            gr_test_below(rng, 10) < dense ? gr_test_below(rng, 2) : gr_test_below(rng, k);
        pos[GR_GRID_HDR + i] = (uint8_t)alphabet[pick];
    }
    return GR_GRID_HDR + (size_t)rows * cols;
}

/* Two collectors, static: too large for the stack. */
static collect *collect_reset(int which)
{
    static collect c[2];
    c[which] = (collect){{collect_emit}, {0}, 0, 0};
    return &c[which];
}

static void check_board(const gr_pg_rules *rules, const uint8_t *pos, size_t len)
{
    const gr_grid_game *gg = rules->ctx;
    if (rules->split != NULL) {
        collect *got = collect_reset(0), *want = collect_reset(1);
        assert_int_equal(rules->split(gg, pos, len, &got->sink), GR_OK);
        assert_int_equal(ref_split(&gg->regions, pos, len, &want->sink), GR_OK);
        assert_int_equal(got->count, want->count);
        assert_int_equal(got->n, want->n);
        assert_memory_equal(got->bytes, want->bytes, want->n);
    }
    if (rules == &gr_pg_nogo) {
        for (int side = 0; side < 2; side++) {
            collect *got = collect_reset(0), *want = collect_reset(1);
            assert_int_equal(rules->moves(gg, pos, len, (gr_pg_side)side, &got->sink), GR_OK);
            assert_int_equal(ref_nogo_moves(pos, len, (gr_pg_side)side, &want->sink), GR_OK);
            assert_int_equal(got->count, want->count);
            assert_int_equal(got->n, want->n);
            assert_memory_equal(got->bytes, want->bytes, want->n);
        }
    }
    uint8_t got[GR_PG_MAX_POS], want[GR_PG_MAX_POS];
    size_t got_len = 0, want_len = 0;
    bool got_neg = true, want_neg = false;
    assert_int_equal(rules->normalise(gg, pos, len, got, &got_len, &got_neg), GR_OK);
    /* a board of at most 64 cells is normalised without its groups of no
     * value (the outcome search's keys meet more often) */
    uint8_t clean[GR_PG_MAX_POS];
    memcpy(clean, pos, len);
    if (rules->split != NULL && len - GR_GRID_HDR <= 64) {
        ref_erase(&gg->regions, pos, len, clean);
    }
    ref_normalise(&gg->norm, clean, len, want, &want_len, &want_neg);
    assert_int_equal(got_len, want_len);
    assert_memory_equal(got, want, want_len);
    assert_int_equal(got_neg, want_neg);
}

static void check_game(const gr_pg_rules *rules, const char *alphabet, uint64_t seed)
{
    gr_test_rng rng = {seed};
    uint8_t pos[GR_PG_MAX_POS];
    for (int i = 0; i < 3000; i++) {
        int rows = 1 + (int)gr_test_below(&rng, 9), cols = 1 + (int)gr_test_below(&rng, 9);
        check_board(rules, pos, random_board(&rng, alphabet, rows, cols, pos));
    }
    /* the edges of the bit masks: 64 cells in one row or column, 8 x 8,
     * and past 64 cells */
    static const int sizes[][2] = {{1, 64}, {64, 1}, {8, 8}, {2, 32}, {9, 8}, {11, 13}, {16, 16}};
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        for (int i = 0; i < 200; i++) {
            check_board(rules, pos, random_board(&rng, alphabet, sizes[s][0], sizes[s][1], pos));
        }
    }
}

/* Boards whose images tie: all of one cell, and symmetric under the swap. */
static void check_ties(const gr_pg_rules *rules, const char *alphabet)
{
    uint8_t pos[GR_PG_MAX_POS];
    for (size_t k = 0; alphabet[k] != '\0'; k++) {
        for (int rows = 1; rows <= 6; rows++) {
            for (int cols = 1; cols <= 6; cols++) {
                pos[0] = (uint8_t)rows;
                pos[1] = (uint8_t)cols;
                for (int i = 0; i < rows * cols; i++) {
                    /* one cell, or a checkerboard of the first two */
                    pos[GR_GRID_HDR + i] =
                        (uint8_t)(k == 0 ? alphabet[(i / cols + i % cols) % 2] : alphabet[k]);
                }
                check_board(rules, pos, GR_GRID_HDR + (size_t)rows * cols);
            }
        }
    }
}

/* Each grid game, its random alphabet (dots repeated for NoGo, whose
 * crowded boards mostly have no move) and its alphabet for the ties. */
static const struct {
    const gr_pg_rules *rules;
    const char *alphabet, *ties;
} games[] = {
    {&gr_pg_clobber, "xo.", "xo."},
    {&gr_pg_amazons, "..#LR", "LR.#"},
    {&gr_pg_nogo, "xo....", "xo."},
    {&gr_pg_konane, "xo.", "xo."},
};

static void test_hooks(void **state)
{
    (void)state;
    for (size_t g = 0; g < sizeof(games) / sizeof(games[0]); g++) {
        check_game(games[g].rules, games[g].alphabet, 1 + g);
        check_ties(games[g].rules, games[g].ties);
    }
}

GR_TEST_MAIN(cmocka_unit_test(test_hooks))
