/* Common includes for the cmocka unit tests, the tests' own cJSON arena
 * binding (gr_test_cjson.h), a seeded PRNG so random tests are
 * reproducible (the seed is printed on failure by the tests), and the
 * assertions the tests share (assert_moves_equal). */
#ifndef GR_TEST_H
#define GR_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "grundy/arena.h"

#include "gr_test_cjson.h"

typedef struct gr_test_rng {
    uint64_t s;
} gr_test_rng;

static inline uint64_t gr_test_next(gr_test_rng *r)
{
    /* splitmix64 */
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* uniform in [0, n) for n > 0 */
static inline uint64_t gr_test_below(gr_test_rng *r, uint64_t n)
{
    return gr_test_next(r) % n;
}

/* Two lists of records (moves, values, ...) are the same, in the same
 * order: the counts first, then each record byte for byte; a failure
 * names the first index that differs.  Records are compared with memcmp,
 * so they must be free of padding (arrays of integers or packed moves). */
static inline void gr_test_records_equal(const void *got, size_t ngot, const void *want,
                                         size_t nwant, size_t size, const char *file, int line)
{
    if (ngot != nwant) {
        print_error("%zu records, want %zu\n", ngot, nwant);
        _fail(file, line);
    }
    for (size_t i = 0; i < ngot; i++) {
        if (memcmp((const char *)got + i * size, (const char *)want + i * size, size) != 0) {
            print_error("record %zu of %zu differs\n", i, ngot);
            _fail(file, line);
        }
    }
}
#define assert_moves_equal(got, ngot, want, nwant)                                                 \
    gr_test_records_equal((got), (ngot), (want), (nwant), sizeof(*(got)) + 0 * sizeof(*(want)),    \
                          __FILE__, __LINE__)

/* The fixture of a test that works in one arena: an unlimited arena in
 * *state, destroyed after the test, a failing one too. */
static inline int gr_test_arena_setup(void **state)
{
    *state = gr_arena_create(0);
    return *state != NULL ? 0 : -1;
}

static inline int gr_test_arena_teardown(void **state)
{
    gr_arena_destroy(*state);
    return 0;
}

#define gr_test_with_arena(f)                                                                      \
    cmocka_unit_test_setup_teardown(f, gr_test_arena_setup, gr_test_arena_teardown)

/* main() of a test file: its tests, run as one group. */
#define GR_TEST_MAIN(...)                                                                          \
    int main(void)                                                                                 \
    {                                                                                              \
        const struct CMUnitTest tests[] = {__VA_ARGS__};                                           \
        return cmocka_run_group_tests_name(__FILE__, tests, NULL, NULL);                           \
    }

#endif
