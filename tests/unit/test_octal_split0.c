/* Codes with a digit before the point (d0, the move that takes nothing:
 * 4 splits a heap into two nonempty heaps, 8 into three), as in 4.07.
 *
 * Values are checked against a brute-force mex over every move, for random
 * codes with d0 in {4, 8, C}, inside the table and through the confirmed
 * period past it (heaps up to four times the table); the moves the table
 * lists are checked against the same enumeration, in order; published
 * sequences: OEIS A125938 (4.102, 4.103, 4.112, 4.113) and A077069
 * (4.777), from Flammenkamp's tables; and 4.0, which every heap of h >= 1
 * plays for exactly h - 1 moves. */
#include "gr_test_octal.h"

#include <stdlib.h>
#include <string.h>

#include "grundy/misere.h"
#include "grundy/octal.h"
#include "store/table_convert.h"

#define MAXV 1024

/* g(0..n-1) by the definition, digits dig[0..k]. */
static void brute_values(const unsigned *dig, unsigned k, uint16_t *g, size_t n)
{
    static unsigned char seen[MAXV];
    for (size_t h = 0; h < n; h++) {
        memset(seen, 0, sizeof(seen));
        for (unsigned j = 0; j <= k && j <= h; j++) {
            unsigned d = dig[j];
            size_t r = h - j;
            if ((d & 1) && r == 0) {
                seen[0] = 1;
            }
            if ((d & 2) && r >= 1) {
                seen[g[r]] = 1;
            }
            if (d & 4) {
                for (size_t a = 1; 2 * a <= r; a++) {
                    seen[g[a] ^ g[r - a]] = 1;
                }
            }
            if (d & 8) {
                for (size_t a = 1; 3 * a <= r; a++) {
                    for (size_t b = a; a + 2 * b <= r; b++) {
                        seen[g[a] ^ g[b] ^ g[r - a - b]] = 1;
                    }
                }
            }
        }
        unsigned v = 0;
        while (seen[v]) {
            v++;
        }
        assert_true(v < MAXV);
        g[h] = (uint16_t)v;
    }
}

/* The moves of h to target by the definition, in the table's order. */
static size_t brute_moves(const unsigned *dig, unsigned k, const uint16_t *g, size_t h,
                          unsigned target, gr_octal_move *out, size_t max)
{
    size_t n = 0;
#define ADD(T, NL, A, B, C)                                                                        \
    do {                                                                                           \
        assert_true(n < max);                                                                      \
        out[n] = (gr_octal_move){(uint32_t)(T), (NL), {(A), (B), (C)}};                            \
        n++;                                                                                       \
    } while (0)
    for (unsigned j = 0; j <= k && j <= h; j++) {
        unsigned d = dig[j];
        size_t r = h - j;
        if ((d & 1) && r == 0 && target == 0) {
            ADD(j, 0, 0, 0, 0);
        }
        if ((d & 2) && r >= 1 && g[r] == target) {
            ADD(j, 1, r, 0, 0);
        }
        if (d & 4) {
            for (size_t a = 1; 2 * a <= r; a++) {
                if ((g[a] ^ g[r - a]) == target) {
                    ADD(j, 2, a, r - a, 0);
                }
            }
        }
        if (d & 8) {
            for (size_t a = 1; 3 * a <= r; a++) {
                for (size_t b = a; a + 2 * b <= r; b++) {
                    if ((g[a] ^ g[b] ^ g[r - a - b]) == target) {
                        ADD(j, 3, a, b, r - a - b);
                    }
                }
            }
        }
    }
#undef ADD
    return n;
}

static void code_text(const unsigned *dig, unsigned k, char *text)
{
    static const char hex[] = "0123456789ABCDEF";
    text[0] = hex[dig[0]];
    text[1] = '.';
    for (unsigned j = 1; j <= k; j++) {
        text[1 + j] = hex[dig[j]];
    }
    text[2 + k] = '\0';
}

static void random_code(gr_test_rng *rng, unsigned *dig, unsigned *k, bool *three)
{
    static const unsigned d0s[] = {4, 4, 8, 12};
    dig[0] = d0s[gr_test_below(rng, 4)];
    bool hex = dig[0] != 4 || gr_test_below(rng, 4) == 0;
    *k = 1 + (unsigned)gr_test_below(rng, 3);
    *three = (dig[0] & 8) != 0;
    for (unsigned j = 1; j <= *k; j++) {
        dig[j] = (unsigned)gr_test_below(rng, hex ? 16 : 8);
        *three = *three || (dig[j] & 8);
    }
}

static void assert_move_equal(const gr_octal_move *a, const gr_octal_move *b)
{
    assert_int_equal(a->take, b->take);
    assert_int_equal(a->nleaves, b->nleaves);
    for (uint32_t i = 0; i < a->nleaves; i++) {
        assert_int_equal(a->leaves[i], b->leaves[i]);
    }
}

static void test_parse_d0(void **state)
{
    (void)state;
    gr_octal_code c;
    size_t bad;
    char canon[GR_OCTAL_MAX_DIGITS + 3];
    /* a code, its d0, last nonzero digit, most heaps a move leaves, and
     * how it is written back */
    static const struct {
        const char *code;
        uint8_t d0;
        unsigned len, leaves;
        const char *canon;
    } parsed[] = {{"4.56", 4, 2, 2, "4.56"},
                  {"c.00", 12, 0, 3, "C.0"},
                  {"8.7", 8, 1, 3, "8.7"},
                  {"0.77", 0, 2, 2, "0.77"}};
    for (size_t i = 0; i < sizeof(parsed) / sizeof(parsed[0]); i++) {
        assert_int_equal(gr_octal_parse(parsed[i].code, &c, &bad), GR_OK);
        assert_int_equal(c.digit[0], parsed[i].d0);
        assert_int_equal(c.len, parsed[i].len);
        assert_int_equal(c.leaves, parsed[i].leaves);
        gr_octal_canonical(&c, canon);
        assert_string_equal(canon, parsed[i].canon);
    }
    /* bits 1 and 2 of d0 are no moves: refused at the digit */
    const char *unplayable[] = {"1.0", "2.07", "3.7", "5.6", "6.0", "7.77",
                                "9.0", "A.0",  "b.1", "D.0", "E.0", "F.7"};
    for (size_t i = 0; i < sizeof(unplayable) / sizeof(unplayable[0]); i++) {
        assert_int_equal(gr_octal_parse(unplayable[i], &c, &bad), GR_EINVAL);
        assert_int_equal(bad, 0);
        assert_true(gr_octal_d0_unplayable(unplayable[i]));
    }
    /* the other faults are where they were: a code and the offset of its fault */
    static const struct {
        const char *code;
        size_t bad;
    } faults[] = {{"4.", 2}, {"4.0G", 3}, {"44.0", 0}, {"4", 0}, {"G.0", 0}};
    for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
        assert_int_equal(gr_octal_parse(faults[i].code, &c, &bad), GR_EINVAL);
        assert_int_equal(bad, faults[i].bad);
    }
    assert_false(gr_octal_d0_unplayable("77"));
    assert_false(gr_octal_d0_unplayable("4.0"));
    assert_false(gr_octal_d0_unplayable("0.7"));
}

/* OEIS A125938 (offset 1): 4.102, and 4.103, 4.112, 4.113 with the same
 * values; A077069 (offset 1): 4.777. */
static const uint8_t a125938[] = {1, 1, 1, 2, 2, 2, 0, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1,
                                  1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2,
                                  2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2,
                                  1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4,
                                  4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1};
static const uint8_t a077069[] = {1, 2,  4, 6,  1, 2,  8, 10, 1,  13, 2,  16, 1,  4,  13, 14, 1, 8,
                                  4, 13, 1, 2,  4, 8,  1, 13, 16, 8,  1,  4,  2,  13, 1,  4,  8, 13,
                                  1, 16, 4, 13, 1, 2,  4, 8,  1,  13, 16, 8,  1,  4,  2,  13, 1, 4,
                                  8, 13, 1, 16, 4, 13, 1, 2,  4,  8,  1,  13, 16, 8,  1,  4,  2, 13,
                                  1, 4,  8, 13, 1, 16, 4, 13, 1,  2,  4,  8,  1,  13, 16, 8,  1};

static void check_published(const char *code, const uint8_t *seq, size_t n, uint64_t period)
{
    gr_arena *a = gr_arena_create(0);
    gr_octal_table t = gr_test_octal_solve(a, code, 0);
    assert_true(t.periodic);
    assert_int_equal(t.period, period);
    for (size_t i = 0; i < n; i++) {
        uint64_t g;
        assert_int_equal(gr_octal_grundy(&t, i + 1, &g), GR_OK);
        assert_int_equal(g, seq[i]);
    }
    gr_arena_destroy(a);
}

static void test_published(void **state)
{
    (void)state;
    const char *same[] = {"4.102", "4.103", "4.112", "4.113"};
    for (size_t i = 0; i < 4; i++) {
        check_published(same[i], a125938, sizeof(a125938), 10);
    }
    check_published("4.777", a077069, sizeof(a077069), 20);
    /* 4.0: a heap of h >= 1 lasts h - 1 moves whatever is played */
    gr_arena *a = gr_arena_create(0);
    gr_octal_table t = gr_test_octal_solve(a, "4.0", 0);
    assert_true(t.periodic);
    assert_int_equal(t.preperiod, 1);
    assert_int_equal(t.period, 2);
    uint64_t g;
    assert_int_equal(gr_octal_grundy(&t, 9223372036854775807ull, &g), GR_OK);
    assert_int_equal(g, 0);
    assert_int_equal(gr_octal_grundy(&t, 9223372036854775806ull, &g), GR_OK);
    assert_int_equal(g, 1);
    gr_arena_destroy(a);
}

static void test_random_vs_brute(void **state)
{
    (void)state;
    gr_test_rng rng = {0x5eed0d00};
    enum { N2 = 320, N3 = 72, MOVES = 1 << 14 };
    static uint16_t brute[N2];
    static gr_octal_move want[MOVES], got[MOVES];
    int periodic = 0, past = 0;
    for (int iter = 0; iter < 160; iter++) {
        unsigned dig[4], k;
        bool three;
        random_code(&rng, dig, &k, &three);
        char text[8];
        code_text(dig, k, text);
        size_t N = three ? N3 : N2;
        brute_values(dig, k, brute, N);
        gr_arena *a = gr_arena_create(0);
        gr_octal_table t = gr_test_octal_solve(a, text, N / 4);
        periodic += t.periodic;
        for (uint64_t h = 0; h < N; h++) {
            uint64_t g;
            gr_status st = gr_octal_grundy(&t, h, &g);
            if (h >= t.computed && !t.periodic) {
                assert_int_equal(st, GR_ELIMIT);
                continue;
            }
            assert_int_equal(st, GR_OK);
            if (g != brute[h]) {
                fail_msg("%s: g(%llu) = %llu, brute force %u", text, (unsigned long long)h,
                         (unsigned long long)g, brute[h]);
            }
            /* the moves to each value, in order, inside the table and past
             * it (through the period) */
            if (h > (three ? N3 : 90u)) {
                continue;
            }
            past += h >= t.computed;
            for (unsigned target = 0; target <= 16; target++) {
                size_t nw = brute_moves(dig, k, brute, h, target, want, MOVES);
                uint64_t count;
                assert_int_equal(gr_octal_moves_to(&t, h, target, true, got, MOVES, &count), GR_OK);
                assert_int_equal(count, nw);
                for (size_t m = 0; m < nw; m++) {
                    assert_move_equal(&got[m], &want[m]);
                }
                if (nw > 0) { /* the first move, without counting them all */
                    assert_int_equal(gr_octal_moves_to(&t, h, target, false, got, 1, &count),
                                     GR_OK);
                    assert_true(count >= 1);
                    assert_move_equal(&got[0], &want[0]);
                }
            }
        }
        gr_arena_destroy(a);
    }
    assert_true(periodic >= 40); /* the period path is exercised */
    assert_true(past >= 100);
}

/* Codes whose tables grow past where sparse space is chosen (1024 values):
 * whatever the engine picks (rare lists, narrow or wide; full scans; the
 * ring of remainders, take 0 included), the values are the definition's.
 * 4.364, 4.376 (values below 64) and 4.004, 4.045, 4.406, 4.606 (above
 * it) are not periodic within 4096 values; 4.344 is, from 998 with period
 * 51, checked here past its table up to 4096.  Codes with three-heap
 * splits (8.0, C.0, 8.7, C.45) go to 300 values. */
static void test_long_tables(void **state)
{
    (void)state;
    enum { N = 4096 };
    static uint16_t brute[N];
    const struct {
        const char *code;
        size_t n;
    } codes[] = {{"4.364", N}, {"4.376", N}, {"4.004", N}, {"4.045", N}, {"4.406", N}, {"4.606", N},
                 {"4.344", N}, {"8.0", 300}, {"C.0", 300}, {"8.7", 300}, {"C.45", 300}};
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
        const char *text = codes[i].code;
        unsigned dig[8];
        unsigned k = (unsigned)strlen(text) - 2;
        dig[0] = (unsigned)strtoul((char[]){text[0], 0}, NULL, 16);
        for (unsigned j = 1; j <= k; j++) {
            dig[j] = (unsigned)strtoul((char[]){text[1 + j], 0}, NULL, 16);
        }
        brute_values(dig, k, brute, codes[i].n);
        gr_arena *a = gr_arena_create(0);
        gr_octal_table t = gr_test_octal_solve(a, text, codes[i].n);
        assert_true(t.computed >= 300);
        for (uint64_t h = 0; h < codes[i].n; h++) {
            uint64_t g;
            if (h >= t.computed && !t.periodic) {
                break;
            }
            assert_int_equal(gr_octal_grundy(&t, h, &g), GR_OK);
            if (g != brute[h]) {
                fail_msg("%s: g(%llu) = %llu, brute force %u", text, (unsigned long long)h,
                         (unsigned long long)g, brute[h]);
            }
        }
        if (strcmp(text, "4.344") == 0) {
            assert_true(t.periodic);
            assert_int_equal(t.preperiod, 998);
            assert_int_equal(t.period, 51);
        }
        gr_arena_destroy(a);
    }
}

/* Misère play reads the same rules: a heap's options include the splits
 * of d0, with take 0, first. */
static void test_misere_options(void **state)
{
    (void)state;
    gr_mis_game g = {.kind = GR_MIS_OCTAL};
    size_t bad;
    assert_int_equal(gr_octal_parse("C.56", &g.code, &bad), GR_OK);
    unsigned dig[3] = {12, 5, 6};
    static uint16_t vals[16];
    brute_values(dig, 2, vals, 16);
    for (uint64_t h = 0; h < 16; h++) {
        static gr_mis_opt o[512];
        static gr_octal_move want[512];
        size_t n;
        assert_int_equal(gr_mis_heap_options(&g, h, o, 512, &n), GR_OK);
        size_t nw = 0;
        for (unsigned target = 0; target < 64; target++) {
            nw += brute_moves(dig, 2, vals, h, target, want + nw, 512 - nw);
        }
        assert_int_equal(n, nw);
        size_t zero = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t left = o[i].take;
            for (uint32_t l = 0; l < o[i].nleaves; l++) {
                assert_true(o[i].leaves[l] >= 1);
                left += o[i].leaves[l];
            }
            assert_int_equal(left, h);
            if (o[i].take == 0) {
                assert_true(o[i].nleaves >= 2);
                assert_int_equal(i, zero); /* take 0 first */
                zero++;
            }
        }
        /* splits of h into two and three nonempty heaps */
        uint64_t two = h / 2, three3 = 0;
        for (uint64_t a = 1; 3 * a <= h; a++) {
            three3 += (h - a) / 2 >= a ? (h - a) / 2 - a + 1 : 0;
        }
        assert_int_equal(zero, two + three3);
    }
}

/* A d0 table through the store's form and back: its key is the canonical
 * "4.344", Guy-Smith passes again on the values (t = 3 after the point,
 * take 0 counted in nothing but the moves), heaps past the table agree;
 * a key that is not canonical is refused. */
static void test_store_round_trip(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    gr_octal_table solved = gr_test_octal_solve(a, "4.3440", 0);
    assert_true(solved.periodic);
    char key[GR_OCTAL_MAX_DIGITS + 3];
    gr_tstore_table st;
    gr_tstore_of_octal(&solved, key, &st);
    assert_string_equal(key, "4.344");
    gr_octal_table back;
    const char *why = "unset";
    assert_int_equal(gr_tstore_to_octal(&st, a, &back, &why), GR_OK);
    assert_null(why);
    assert_true(back.periodic);
    assert_int_equal(back.preperiod, solved.preperiod);
    assert_int_equal(back.period, solved.period);
    for (uint64_t h = 0; h < 3 * solved.computed; h += 7) {
        uint64_t g1, g2;
        assert_int_equal(gr_octal_grundy(&solved, h, &g1), GR_OK);
        assert_int_equal(gr_octal_grundy(&back, h, &g2), GR_OK);
        assert_int_equal(g1, g2);
    }
    st.key = "4.3440";
    assert_int_equal(gr_tstore_to_octal(&st, a, &back, &why), GR_EINVAL);
    assert_non_null(why);
    st.key = "6.344";
    assert_int_equal(gr_tstore_to_octal(&st, a, &back, &why), GR_EINVAL);
    gr_arena_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_d0),        cmocka_unit_test(test_published),
        cmocka_unit_test(test_random_vs_brute), cmocka_unit_test(test_long_tables),
        cmocka_unit_test(test_misere_options),  cmocka_unit_test(test_store_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
