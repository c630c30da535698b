/* Common includes for the cmocka unit tests, the tests' own cJSON arena
 * binding (gr_test_cjson.h), and a seeded PRNG so random tests are
 * reproducible (the seed is printed on failure by the tests). */
#ifndef GR_TEST_H
#define GR_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

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

#endif
