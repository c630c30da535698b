/* Octal tables for the unit tests: a code's table, solved up to `max`
 * values (0: the core's default bound), the code being valid. */
#ifndef GR_TEST_OCTAL_H
#define GR_TEST_OCTAL_H

#include "gr_test.h"
#include "grundy/octal.h"

static inline gr_octal_table gr_test_octal_solve(gr_arena *a, const char *text, uint64_t max)
{
    gr_octal_code code;
    size_t bad;
    assert_int_equal(gr_octal_parse(text, &code, &bad), GR_OK);
    gr_octal_table t;
    assert_int_equal(gr_octal_solve(a, &code, max, &t), GR_OK);
    return t;
}

/* A valid code's parse. */
static inline gr_octal_code gr_test_octal_code(const char *text)
{
    gr_octal_code code;
    size_t bad;
    assert_int_equal(gr_octal_parse(text, &code, &bad), GR_OK);
    return code;
}

/* The stored value of heap h, whatever the table's width. */
static inline unsigned gr_test_octal_raw(const gr_octal_table *t, uint64_t h)
{
    return t->width == 1 ? ((const uint8_t *)t->values)[h] : ((const uint16_t *)t->values)[h];
}

/* g(h) by the table t into *g: GR_OK inside the table or through its
 * period (then true); past a table with no period, GR_ELIMIT (then
 * false). */
static inline bool gr_test_octal_grundy(const gr_octal_table *t, uint64_t h, uint64_t *g)
{
    gr_status st = gr_octal_grundy(t, h, g);
    if (h >= t->computed && !t->periodic) {
        assert_int_equal(st, GR_ELIMIT);
        return false;
    }
    assert_int_equal(st, GR_OK);
    return true;
}

#endif
