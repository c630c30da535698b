/* Domineering's canonical values with the fast order (stop short cut,
 * cgt_order.c) against the slow reference: the same boards valued in a
 * second store that compares by Conway's definition alone
 * (gr_cgt_store_reference_order), printed and compared as text.  Every
 * board of 3 x 4 and 2 x 6 (each subset of cells), and random boards of
 * 4 x 4 (up to 16 cells) and 5 x 5 (about 19 cells); then the order of
 * every pair of the first 300 games by both. */
#include <stdlib.h>
#include <string.h>

#include "core/cgt_internal.h"
#include "gr_test.h"
#include "grundy/buf.h"
#include "grundy/domineering.h"

typedef struct side {
    gr_arena *a;
    gr_cgt_store *s;
} side;

static side side_new(bool reference)
{
    side x;
    x.a = gr_arena_create(0);
    assert_non_null(x.a);
    assert_int_equal(gr_cgt_store_new(x.a, &x.s), GR_OK);
    gr_cgt_store_reference_order(x.s, reference);
    return x;
}

/* The printed value of the board, in a malloc'd string. */
static char *value_text(side *x, unsigned rows, unsigned cols, const uint8_t *empty)
{
    gr_dom *g;
    gr_cgt v;
    assert_int_equal(gr_dom_create(x->a, x->s, rows, cols, empty, NULL, &g), GR_OK);
    assert_int_equal(gr_dom_value(g, &v), GR_OK);
    gr_buf b;
    gr_buf_init(&b, x->a);
    assert_int_equal(gr_cgt_print(x->s, v, &b), GR_OK);
    char *t = malloc(b.len + 1);
    assert_non_null(t);
    memcpy(t, b.data, b.len);
    t[b.len] = 0;
    return t;
}

static void same_value(side *fast, side *ref, unsigned rows, unsigned cols, const uint8_t *empty)
{
    char *f = value_text(fast, rows, cols, empty), *r = value_text(ref, rows, cols, empty);
    assert_string_equal(f, r);
    free(f);
    free(r);
}

static void every_subset(side *fast, side *ref, unsigned rows, unsigned cols)
{
    unsigned n = rows * cols;
    uint8_t empty[64];
    for (uint32_t mask = 0; mask < (1u << n); mask++) {
        for (unsigned i = 0; i < n; i++) {
            empty[i] = (mask >> i) & 1;
        }
        same_value(fast, ref, rows, cols, empty);
    }
}

static void random_boards(side *fast, side *ref, gr_test_rng *rng, unsigned rows, unsigned cols,
                          int count)
{
    uint8_t empty[64];
    for (int t = 0; t < count; t++) {
        for (unsigned i = 0; i < rows * cols; i++) {
            empty[i] = gr_test_below(rng, 4) != 0;
        }
        same_value(fast, ref, rows, cols, empty);
    }
}

static void test_values_against_reference_order(void **state)
{
    (void)state;
    side fast = side_new(false), ref = side_new(true);
    gr_test_rng rng = {37};
    every_subset(&fast, &ref, 3, 4);
    every_subset(&fast, &ref, 2, 6);
    random_boards(&fast, &ref, &rng, 4, 4, 300);
    random_boards(&fast, &ref, &rng, 5, 5, 60);
    /* the full rectangles of up to 20 cells */
    uint8_t full[64];
    memset(full, 1, sizeof(full));
    same_value(&fast, &ref, 4, 5, full);
    same_value(&fast, &ref, 3, 6, full);
    same_value(&fast, &ref, 2, 10, full);
    /* and the order itself: every pair of the first games of the store,
     * by the definition first (its answers go to the memo), then by the
     * stops, which come before the memo */
    for (gr_cgt x = 0; x < 300; x++) {
        for (gr_cgt y = 0; y < 300; y++) {
            bool by_def, by_stops;
            gr_cgt_store_reference_order(fast.s, true);
            assert_int_equal(gr_cgt_leq(fast.s, x, y, &by_def), GR_OK);
            gr_cgt_store_reference_order(fast.s, false);
            assert_int_equal(gr_cgt_leq(fast.s, x, y, &by_stops), GR_OK);
            assert_int_equal(by_def, by_stops);
        }
    }
    gr_arena_destroy(fast.a);
    gr_arena_destroy(ref.a);
}

GR_TEST_MAIN(cmocka_unit_test(test_values_against_reference_order))
