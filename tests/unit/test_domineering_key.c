/* Domineering's region keys (domineering_internal.h): the eight images of
 * a region under the box's symmetries share one key, and the transposed
 * images carry the opposite `neg` (unless the region is its own
 * transposition up to mirrors, where the value is 0 and neg is false for
 * all).  Random regions of random boxes up to 8 x 8 (up to 64 cells),
 * each placed at a random offset of a wider board; and the key is a
 * packing of the region (as many cells) in a box no wider than its own. */
#include "core/domineering_internal.h"
#include "gr_test.h"

/* The image of cell (r, c) of an h x w box under symmetry t (0-3 the
 * mirrors, 4-7 the transposition and then the mirrors), in a board of
 * width bw at row offset r0 and column offset c0. */
static unsigned image(unsigned t, unsigned r, unsigned c, unsigned h, unsigned w, unsigned *oh,
                      unsigned *ow)
{
    if (t & 1) {
        r = h - 1 - r;
    }
    if (t & 2) {
        c = w - 1 - c;
    }
    *oh = h;
    *ow = w;
    if (t & 4) {
        unsigned x = r;
        r = c;
        c = x;
        *oh = w;
        *ow = h;
    }
    return r * 64 + c; /* decoded by the caller */
}

static void test_keys_under_symmetries(void **state)
{
    (void)state;
    gr_test_rng rng = {4242};
    for (unsigned round = 0; round < 4000; round++) {
        unsigned h = 1 + (unsigned)gr_test_below(&rng, 8), w = 1 + (unsigned)gr_test_below(&rng, 8);
        uint64_t cells = 0;
        for (unsigned i = 0; i < h * w; i++) {
            if (gr_test_below(&rng, 3) != 0) {
                cells |= 1ULL << i;
            }
        }
        if (cells == 0) {
            continue;
        }
        gr_dom_key first = {0, 0, false};
        bool neg[8], any_neg = false;
        for (unsigned t = 0; t < 8; t++) {
            unsigned oh, ow;
            (void)image(t, 0, 0, h, w, &oh, &ow);
            /* the image placed in a board of width 8 at an offset: the
             * key must not see the offset */
            unsigned bw = 8, r0 = (unsigned)gr_test_below(&rng, 9 - oh),
                     c0 = (unsigned)gr_test_below(&rng, 9 - ow);
            uint64_t board = 0;
            for (uint64_t x = cells; x != 0; x &= x - 1) {
                unsigned i = (unsigned)__builtin_ctzll(x), ih, iw;
                unsigned at = image(t, i / w, i % w, h, w, &ih, &iw);
                board |= 1ULL << ((at / 64 + r0) * bw + at % 64 + c0);
            }
            gr_dom_key k = gr_dom_key_of(board, bw);
            assert_int_equal(__builtin_popcountll(k.bits), __builtin_popcountll(cells));
            assert_true(k.w >= 1 && k.w <= (h > w ? h : w));
            if (t == 0) {
                first = k;
            }
            assert_true(k.bits == first.bits);
            assert_int_equal(k.w, first.w);
            neg[t] = k.neg;
            any_neg |= k.neg;
        }
        /* all false (a region its own transposition up to mirrors), or the
         * mirrors alike and the transposed images the other way */
        for (unsigned t = 1; t < 8 && any_neg; t++) {
            assert_int_equal(neg[t], t < 4 ? neg[0] : !neg[0]);
        }
    }
}

GR_TEST_MAIN(cmocka_unit_test(test_keys_under_symmetries))
