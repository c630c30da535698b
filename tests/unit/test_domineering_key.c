/* Domineering's region keys (domineering_internal.h): the eight images of
 * a region under the box's symmetries share one key, and the transposed
 * images carry the opposite `neg` (unless the region is its own
 * transposition up to mirrors, where the value is 0 and neg is false for
 * all).  Random regions of random boxes up to 8 x 8 (up to 64 cells),
 * each placed at a random offset of a board of width 8 or of another
 * width; and the key is the least of the eight images packed a byte a
 * row (width 8), flagged when only a transposed image is that least. */
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
        /* the reference: the eight images a byte a row, by the cell */
        uint64_t least_plain = ~0ULL, least_turned = ~0ULL;
        for (unsigned t = 0; t < 8; t++) {
            uint64_t img = 0;
            for (uint64_t x = cells; x != 0; x &= x - 1) {
                unsigned i = (unsigned)__builtin_ctzll(x), ih, iw;
                unsigned at = image(t, i / w, i % w, h, w, &ih, &iw);
                img |= 1ULL << ((at / 64) * 8 + at % 64);
            }
            /* the image's own box starts at row 0, column 0 */
            while ((img & 0xffULL) == 0) {
                img >>= 8;
            }
            while ((img & 0x0101010101010101ULL) == 0) {
                img >>= 1;
            }
            if (t < 4 && img < least_plain) {
                least_plain = img;
            } else if (t >= 4 && img < least_turned) {
                least_turned = img;
            }
        }
        for (unsigned t = 0; t < 8; t++) {
            unsigned oh, ow;
            (void)image(t, 0, 0, h, w, &oh, &ow);
            /* the image placed in a board of width 8, or of another width
             * where it fits, at an offset: the key must not see either */
            unsigned bw = 1 + (unsigned)gr_test_below(&rng, 12);
            if (bw < ow || 64 / bw < oh) {
                bw = 8;
            }
            unsigned r0 = (unsigned)gr_test_below(&rng, 64 / bw - oh + 1),
                     c0 = (unsigned)gr_test_below(&rng, bw - ow + 1);
            uint64_t board = 0;
            for (uint64_t x = cells; x != 0; x &= x - 1) {
                unsigned i = (unsigned)__builtin_ctzll(x), ih, iw;
                unsigned at = image(t, i / w, i % w, h, w, &ih, &iw);
                board |= 1ULL << ((at / 64 + r0) * bw + at % 64 + c0);
            }
            gr_dom_key k = gr_dom_key_of(board, bw);
            assert_int_equal(__builtin_popcountll(k.bits), __builtin_popcountll(cells));
            assert_int_equal(k.w, 8);
            if (t == 0) {
                first = k;
                assert_true(k.bits == (least_plain < least_turned ? least_plain : least_turned));
                assert_int_equal(k.neg, least_turned < least_plain);
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
