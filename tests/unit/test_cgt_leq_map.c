/* The comparison memo of the cgt store (cgt_internal.h, gr_cgt_leq_map):
 * a word a slot, the pair in bits 0-62 and the answer in bit 63.  Checked
 * against a plain array of the same pairs through several doublings: every
 * stored pair answers what was stored (true and false alike, handle 0 and
 * handles up to 2^31 - 1 included), a pair never stored is not found, and
 * a handle of 2^31 or more is refused (GR_ELIMIT) rather than stored
 * where its top bit would be read as the answer. */
#include <stdlib.h>

#include "core/cgt_internal.h"
#include "gr_test.h"

#define PAIRS 20000

static void test_leq_map_against_array(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    assert_non_null(a);
    gr_cgt_leq_map m;
    assert_int_equal(gr_cgt_leq_map_init(a, &m, 16), GR_OK);
    gr_test_rng rng = {2026};
    gr_cgt *x = malloc(PAIRS * sizeof(gr_cgt)), *y = malloc(PAIRS * sizeof(gr_cgt));
    bool *le = malloc(PAIRS * sizeof(bool));
    assert_true(x != NULL && y != NULL && le != NULL);
    for (size_t i = 0; i < PAIRS; i++) {
        /* distinct pairs: the index in y's low bits; x from the whole range */
        x[i] = i == 0 ? 0 : (i == 1 ? (1u << 31) - 1 : (gr_cgt)gr_test_below(&rng, 1u << 31));
        y[i] = (gr_cgt)(i | gr_test_below(&rng, 1u << 15) << 16);
        le[i] = gr_test_below(&rng, 2) != 0;
        bool got;
        assert_false(gr_cgt_leq_map_get(&m, x[i], y[i], &got));
        assert_int_equal(gr_cgt_leq_map_put(a, &m, x[i], y[i], le[i]), GR_OK);
    }
    assert_true(m.cap >= 2 * PAIRS);
    for (size_t i = 0; i < PAIRS; i++) {
        bool got;
        assert_true(gr_cgt_leq_map_get(&m, x[i], y[i], &got));
        assert_int_equal(got, le[i]);
        /* the reversed pair is another key (y's low bits make it unique) */
        if (x[i] != y[i] && gr_cgt_leq_map_get(&m, y[i], x[i], &got)) {
            bool found = false;
            for (size_t j = 0; j < PAIRS && !found; j++) {
                found = x[j] == y[i] && y[j] == x[i];
            }
            assert_true(found);
        }
    }
    assert_int_equal(gr_cgt_leq_map_put(a, &m, 1u << 31, 5, true), GR_ELIMIT);
    assert_int_equal(gr_cgt_leq_map_put(a, &m, 5, 1u << 31, false), GR_ELIMIT);
    free(x);
    free(y);
    free(le);
    gr_arena_destroy(a);
}

GR_TEST_MAIN(cmocka_unit_test(test_leq_map_against_array))
