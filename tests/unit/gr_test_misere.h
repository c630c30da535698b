/* Misère games for the unit tests: an octal or hexadecimal game by its
 * code, and the algebra every misère quotient must have (identity,
 * commutative, associative, reduced, its P-portion counted, heap 0 the
 * identity). */
#ifndef GR_TEST_MISERE_H
#define GR_TEST_MISERE_H

#include "gr_test.h"
#include "grundy/misere.h"

/* A valid code's game. */
static inline gr_mis_game gr_test_mis_octal(const char *code)
{
    gr_mis_game g = {.kind = GR_MIS_OCTAL};
    size_t bad;
    assert_int_equal(gr_octal_parse(code, &g.code, &bad), GR_OK);
    return g;
}

static inline void gr_test_mis_algebra(const gr_mis_quotient *q)
{
    uint32_t m = q->order;
    for (uint32_t a = 0; a < m; a++) {
        assert_int_equal(gr_mis_mul(q, 0, a), a); /* identity */
        for (uint32_t b = 0; b < m; b++) {
            assert_int_equal(gr_mis_mul(q, a, b), gr_mis_mul(q, b, a));
            for (uint32_t c = 0; c < m; c++) {
                assert_int_equal(gr_mis_mul(q, gr_mis_mul(q, a, b), c),
                                 gr_mis_mul(q, a, gr_mis_mul(q, b, c)));
            }
        }
    }
    /* reduced: every two elements are told apart by some element */
    for (uint32_t a = 0; a < m; a++) {
        for (uint32_t b = a + 1; b < m; b++) {
            bool apart = false;
            for (uint32_t c = 0; c < m && !apart; c++) {
                apart = q->in_p[gr_mis_mul(q, a, c)] != q->in_p[gr_mis_mul(q, b, c)];
            }
            assert_true(apart);
        }
    }
    uint32_t p = 0;
    for (uint32_t a = 0; a < m; a++) {
        p += q->in_p[a];
    }
    assert_int_equal(p, q->p_count);
    assert_int_equal(q->image[0], 0);
}

#endif
