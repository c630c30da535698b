/* Nim against an exhaustive game search: outcomes and the full set of
 * winning moves, normal and misère. */
#include "gr_test.h"

#include <string.h>

#include "grundy/nim.h"

#define MAXP 4
#define MAXV 6 /* piles 0..5 */

/* Position index in base MAXV over MAXP piles. */
static int enc(const uint64_t *p, size_t n)
{
    int x = 0;
    for (size_t i = 0; i < n; i++) {
        x = x * MAXV + (int)p[i];
    }
    return x;
}

/* win[pos] by increasing total: every move lowers the sum. */
static void solve(size_t n, int misere, signed char *win)
{
    int total = 1;
    for (size_t i = 0; i < n; i++) {
        total *= MAXV;
    }
    /* iterate by increasing digit sum */
    for (int sum = 0; sum <= (int)n * (MAXV - 1); sum++) {
        for (int x = 0; x < total; x++) {
            uint64_t p[MAXP];
            int y = x, s = 0;
            for (size_t i = n; i-- > 0;) {
                p[i] = (uint64_t)(y % MAXV);
                y /= MAXV;
                s += (int)p[i];
            }
            if (s != sum) {
                continue;
            }
            int w = sum == 0 ? misere : 0;
            for (size_t i = 0; i < n && !w; i++) {
                uint64_t keep = p[i];
                for (uint64_t to = 0; to < keep && !w; to++) {
                    p[i] = to;
                    w = !win[enc(p, n)];
                }
                p[i] = keep;
            }
            win[x] = (signed char)w;
        }
    }
}

static void check(size_t n, int misere)
{
    signed char win[MAXV * MAXV * MAXV * MAXV];
    solve(n, misere, win);
    int total = 1;
    for (size_t i = 0; i < n; i++) {
        total *= MAXV;
    }
    for (int x = 0; x < total; x++) {
        uint64_t p[MAXP];
        int y = x;
        for (size_t i = n; i-- > 0;) {
            p[i] = (uint64_t)(y % MAXV);
            y /= MAXV;
        }
        bool first = misere ? gr_nim_misere_first_wins(p, n) : gr_nim_value(p, n) != 0;
        assert_int_equal(first, win[x]);
        gr_nim_move mv[64];
        size_t count;
        if (misere) {
            gr_nim_misere_moves(p, n, mv, 64, &count);
        } else {
            gr_nim_moves_to(p, n, gr_nim_value(p, n), 0, mv, 64, &count);
        }
        size_t expect = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t keep = p[i];
            for (uint64_t to = 0; to < keep; to++) {
                p[i] = to;
                if (!win[enc(p, n)]) {
                    expect++;
                    int found = 0;
                    for (size_t k = 0; k < count; k++) {
                        found |= mv[k].pile == i && mv[k].to == to && mv[k].from == keep;
                    }
                    assert_true(found);
                }
            }
            p[i] = keep;
        }
        assert_int_equal(count, expect);
    }
}

static void test_normal(void **state)
{
    (void)state;
    for (size_t n = 0; n <= MAXP; n++) {
        check(n, 0);
    }
}

static void test_misere(void **state)
{
    (void)state;
    for (size_t n = 0; n <= MAXP; n++) {
        check(n, 1);
    }
}

static void test_targets(void **state)
{
    (void)state;
    gr_test_rng rng = {7};
    for (int t = 0; t < 2000; t++) {
        uint64_t p[8];
        size_t n = 1 + gr_test_below(&rng, 8);
        for (size_t i = 0; i < n; i++) {
            p[i] = gr_test_next(&rng) >> (gr_test_below(&rng, 64));
        }
        uint64_t v = gr_nim_value(p, n), target = gr_test_below(&rng, 2) ? 0 : gr_test_next(&rng) % (v + 1);
        gr_nim_move mv[8];
        size_t count;
        gr_nim_moves_to(p, n, v, target, mv, 8, &count);
        for (size_t k = 0; k < count; k++) {
            assert_true(mv[k].to < mv[k].from);
            assert_true((v ^ mv[k].from ^ mv[k].to) == target);
        }
        if (target < v) {
            assert_true(count > 0); /* every smaller value is reachable */
        }
    }
}

GR_TEST_MAIN(
        cmocka_unit_test(test_normal),
        cmocka_unit_test(test_misere),
        cmocka_unit_test(test_targets))
