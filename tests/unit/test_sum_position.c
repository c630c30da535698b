/* Domineering regions searched as positions in a sum
 * (src/core/sum_position.c through gr_cgt_sum_outcome_pos) against the
 * canonical path: for random one-region boards of 13 to 20 empty cells
 * (random walks in a 6-wide frame) the region's value G is found by the
 * value search, and the outcome of G + H (H a small canonical game, or a
 * second region's value, or the region's own transposition) computed by
 * adding canonical forms must be the outcome the search finds with the
 * regions as position handles.  Also: a region said to be its own
 * transposition (G + G cancelled in the search) has G = -G, and the
 * transposed board's handle is the negative's. */
#include "grundy/domineering.h"
#include "grundy/sum_position.h"
#include "gr_test.h"

#define W 6

static uint64_t walk(gr_test_rng *rng, unsigned rows, unsigned want)
{
    uint64_t x = 0;
    unsigned have = 0, r = (unsigned)gr_test_below(rng, rows), c = (unsigned)gr_test_below(rng, W);
    for (unsigned steps = 0; have < want && steps < 4000; steps++) {
        have += !((x >> (W * r + c)) & 1);
        x |= 1ULL << (W * r + c);
        unsigned d = (unsigned)gr_test_below(rng, 4);
        r = d == 0 && r + 1 < rows ? r + 1 : d == 1 && r > 0 ? r - 1 : r;
        c = d == 2 && c + 1 < W ? c + 1 : d == 3 && c > 0 ? c - 1 : c;
    }
    return x;
}

/* The rows x W board x turned about its diagonal: W rows of `rows`. */
static uint64_t transpose(uint64_t x, unsigned rows)
{
    uint64_t t = 0;
    for (uint64_t m = x; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        t |= 1ULL << ((i % W) * rows + i / W);
    }
    return t;
}

static gr_cgt value_of(gr_arena *a, gr_cgt_store *s, uint64_t x, unsigned rows, unsigned cols)
{
    uint8_t empty[64];
    for (unsigned i = 0; i < rows * cols; i++) {
        empty[i] = (x >> i) & 1;
    }
    gr_dom *g;
    gr_cgt v;
    assert_int_equal(gr_dom_create(a, s, rows, cols, empty, NULL, &g), GR_OK);
    assert_int_equal(gr_dom_value(g, &v), GR_OK);
    return v;
}

static void test_regions_as_positions_against_values(void **state)
{
    gr_arena *a = *state;
    gr_cgt_store *s;
    gr_sum_pos *p;
    assert_int_equal(gr_cgt_store_new(a, &s), GR_OK);
    assert_int_equal(gr_sum_pos_new(a, s, NULL, &p), GR_OK);
    gr_cgt small[6];
    assert_int_equal(gr_cgt_nimber(s, 1, &small[0]), GR_OK);
    assert_int_equal(gr_cgt_up(s, &small[1]), GR_OK);
    assert_int_equal(gr_cgt_number(s, (gr_dyadic){1, 1}, &small[2]), GR_OK);
    gr_cgt one, mone;
    assert_int_equal(gr_cgt_integer(s, 1, &one), GR_OK);
    assert_int_equal(gr_cgt_integer(s, -1, &mone), GR_OK);
    assert_int_equal(gr_cgt_make(s, &one, 1, &mone, 1, &small[3]), GR_OK); /* ±1 */
    small[4] = gr_cgt_zero(s);
    assert_int_equal(gr_cgt_integer(s, -1, &small[5]), GR_OK);
    gr_test_rng rng = {20261207};
    unsigned searched = 0, selfneg = 0;
    gr_cgt prev_h = 0, prev_v = 0;
    bool have_prev = false;
    for (unsigned t = 0; t < 60; t++) {
        unsigned rows = 4 + (unsigned)gr_test_below(&rng, 3);
        uint64_t x = walk(&rng, rows, 13 + (unsigned)gr_test_below(&rng, 8));
        gr_cgt h[32], ht[32];
        size_t n, nt;
        assert_int_equal(gr_sum_pos_domineering(p, x, W, h, &n), GR_OK);
        if (n != 1 || !gr_sum_pos_is(h[0])) {
            continue; /* valued or split: not what this test is about */
        }
        searched++;
        gr_cgt v = value_of(a, s, x, rows, W), minus, sum;
        assert_int_equal(gr_cgt_neg(s, v, &minus), GR_OK);
        /* the transposed board is the negative's handle */
        assert_int_equal(gr_sum_pos_domineering(p, transpose(x, rows), rows, ht, &nt), GR_OK);
        assert_int_equal(nt, 1);
        gr_cgt mh;
        if (gr_sum_pos_negative(p, h[0], &mh)) {
            assert_int_equal(mh, ht[0]);
        }
        if (gr_sum_pos_negative(p, h[0], &mh) && mh == h[0]) {
            selfneg++;
            assert_int_equal(v, minus); /* G = -G */
        }
        for (unsigned k = 0; k < 8; k++) {
            gr_cgt games[2] = {h[0], k < 6 ? small[k] : k == 6 ? ht[0] : prev_h};
            gr_cgt other = k < 6 ? small[k] : k == 6 ? minus : prev_v;
            if (k == 7 && !have_prev) {
                continue;
            }
            gr_cgt_outcome got, want;
            assert_int_equal(gr_cgt_add(s, v, other, &sum), GR_OK);
            assert_int_equal(gr_cgt_outcome_of(s, sum, &want), GR_OK);
            assert_int_equal(gr_cgt_sum_outcome_pos(s, p, games, 2, 0, &got), GR_OK);
            if (got != want) {
                print_error("board %llx rows %u, game %u: search %c, values %c\n",
                            (unsigned long long)x, rows, k, gr_cgt_outcome_letter(got),
                            gr_cgt_outcome_letter(want));
            }
            assert_int_equal(got, want);
        }
        prev_h = h[0], prev_v = v, have_prev = true;
    }
    print_message("%u regions searched as positions, %u their own negatives\n", searched,
                  selfneg);
    assert_true(searched >= 30);
}

GR_TEST_MAIN(gr_test_with_arena(test_regions_as_positions_against_values))
