/* Domineering's value search (regions, their keys, the sums of an
 * option's regions) against the game's definition on the raw board:
 * {values after Left's moves | values after Right's moves}, recursively,
 * no regions, no keys, no symmetry, remembered by the board's bits alone.
 * 300 random boards of at most 16 cells (boxes of 4 x 4, 3 x 5, 5 x 3,
 * 2 x 8, 8 x 2), each placed at a random offset of a board of a random
 * width from its own to 12 (so the search starts from widths other than
 * the keys' 8, and past 8), valued by both in one store: canonical forms
 * are unique, so the two handles must be equal.  The keys of boxes up to
 * 8 x 8 are packed a byte a row (domineering_board.c); this is the check
 * that a region and every image of it read back as the same game. */
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "grundy/domineering.h"

#define RAW_CAP (1u << 18)

typedef struct raw {
    gr_cgt_store *s;
    unsigned rows, w;
    uint64_t keys[RAW_CAP];
    gr_cgt vals[RAW_CAP];
    bool used[RAW_CAP];
} raw;

static uint64_t last_col(unsigned w, unsigned rows)
{
    uint64_t m = 0;
    for (unsigned r = 0; r < rows; r++) {
        m |= 1ULL << (r * w + w - 1);
    }
    return m;
}

/* The value of the board `bits` (width r->w) by the definition; the
 * recursion is as deep as the moves left (at most 8 here). */
static gr_cgt raw_value(raw *r, uint64_t bits)
{
    size_t i = (size_t)((bits * 0x9E3779B97F4A7C15ULL) >> 46) & (RAW_CAP - 1);
    for (; r->used[i]; i = (i + 1) & (RAW_CAP - 1)) {
        if (r->keys[i] == bits) {
            return r->vals[i];
        }
    }
    gr_cgt left[64], right[64];
    size_t nl = 0, nr = 0;
    uint64_t vert = r->w < 64 ? bits & (bits >> r->w) : 0;
    uint64_t horiz = bits & (bits >> 1) & ~last_col(r->w, r->rows);
    for (uint64_t m = vert; m != 0; m &= m - 1) {
        unsigned c = (unsigned)__builtin_ctzll(m);
        left[nl++] = raw_value(r, bits & ~((1ULL << c) | (1ULL << (c + r->w))));
    }
    for (uint64_t m = horiz; m != 0; m &= m - 1) {
        unsigned c = (unsigned)__builtin_ctzll(m);
        right[nr++] = raw_value(r, bits & ~((1ULL << c) | (1ULL << (c + 1))));
    }
    gr_cgt v;
    assert_int_equal(gr_cgt_make(r->s, left, nl, right, nr, &v), GR_OK);
    /* the recursion may have filled slots: find a free one again */
    i = (size_t)((bits * 0x9E3779B97F4A7C15ULL) >> 46) & (RAW_CAP - 1);
    while (r->used[i]) {
        i = (i + 1) & (RAW_CAP - 1);
    }
    r->used[i] = true;
    r->keys[i] = bits;
    r->vals[i] = v;
    return v;
}

static void test_values_against_the_raw_board(void **state)
{
    (void)state;
    static const unsigned boxes[][2] = {{4, 4}, {3, 5}, {5, 3}, {2, 8}, {8, 2}};
    gr_arena *a = gr_arena_create(0);
    assert_non_null(a);
    gr_cgt_store *s;
    assert_int_equal(gr_cgt_store_new(a, &s), GR_OK);
    raw *r = calloc(1, sizeof(*r));
    assert_non_null(r);
    gr_test_rng rng = {20261207};
    for (unsigned t = 0; t < 300; t++) {
        unsigned bh = boxes[t % 5][0], bw = boxes[t % 5][1];
        unsigned wmax = 64 / bh < 12 ? 64 / bh : 12; /* the box's rows fit */
        unsigned w = bw + (unsigned)gr_test_below(&rng, wmax - bw + 1);
        unsigned rows = bh + (unsigned)gr_test_below(&rng, 3);
        if (rows * w > 64) {
            rows = 64 / w;
        }
        unsigned r0 = (unsigned)gr_test_below(&rng, rows - bh + 1);
        unsigned c0 = (unsigned)gr_test_below(&rng, w - bw + 1);
        uint8_t empty[64] = {0};
        uint64_t bits = 0;
        for (unsigned i = 0; i < bh * bw; i++) {
            if (gr_test_below(&rng, 5) != 0) {
                unsigned at = (r0 + i / bw) * w + c0 + i % bw;
                empty[at] = 1;
                bits |= 1ULL << at;
            }
        }
        memset(r->used, 0, sizeof(r->used));
        r->s = s;
        r->rows = rows;
        r->w = w;
        gr_cgt want = raw_value(r, bits), got;
        gr_dom *g;
        assert_int_equal(gr_dom_create(a, s, rows, w, empty, NULL, &g), GR_OK);
        assert_int_equal(gr_dom_value(g, &got), GR_OK);
        assert_int_equal(got, want);
    }
    free(r);
    gr_arena_destroy(a);
}

GR_TEST_MAIN(cmocka_unit_test(test_values_against_the_raw_board))
