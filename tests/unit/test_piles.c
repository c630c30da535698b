/* Pile games beyond Nim: subtraction games and octal games.
 *
 * Every fast path is checked against a brute-force mex over all moves for
 * random sets and codes, against the published tables (Kayles A002186,
 * Dawson's chess A002187, Dawson's Kayles), and, for huge piles answered
 * through a period, against the mex rule itself (the value of n is the mex
 * of the values of n's options, each found through the period too).  Every
 * move returned is replayed. */
#include "gr_test_json.h"
#include "gr_test_octal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/octal.h"
#include "grundy/subtraction.h"
#include "games/families.h"

#define HUGE_PILE 9223372036854775807ull /* 2^63 - 1 */

/* ---- brute force ------------------------------------------------------ */

static unsigned brute_mex(const unsigned char *seen, unsigned n)
{
    unsigned v = 0;
    while (v < n && seen[v]) {
        v++;
    }
    return v;
}

/* g(0..n-1) of the subtraction game S by the definition. */
static void brute_sub(const uint64_t *set, size_t k, uint16_t *g, size_t n)
{
    unsigned char seen[64];
    for (size_t i = 0; i < n; i++) {
        memset(seen, 0, sizeof(seen));
        for (size_t s = 0; s < k; s++) {
            if (set[s] <= i) {
                seen[g[i - set[s]]] = 1;
            }
        }
        g[i] = (uint16_t)brute_mex(seen, sizeof(seen));
    }
}

/* g(0..n-1) of an octal game by the definition (digits[1..len]); seen[v]
 * == h + 1 marks an option value of h (values stay below 2^16). */
static void brute_octal(const unsigned char *digits, unsigned len, uint16_t *g, size_t n)
{
    static uint32_t seen[1u << 16];
    memset(seen, 0, sizeof(seen));
    for (size_t h = 0; h < n; h++) {
        uint32_t mark = (uint32_t)h + 1;
        for (unsigned j = 1; j <= len && j <= h; j++) {
            if ((digits[j] & 1) && j == h) {
                seen[0] = mark;
            }
            if ((digits[j] & 2) && j < h) {
                seen[g[h - j]] = mark;
            }
            if (digits[j] & 4) {
                for (size_t a = 1; a + j < h; a++) {
                    seen[g[a] ^ g[h - j - a]] = mark;
                }
            }
        }
        unsigned v = 0;
        while (seen[v] == mark) {
            v++;
        }
        g[h] = (uint16_t)v;
    }
}

static uint64_t sub_g(const gr_sub_table *t, uint64_t n)
{
    uint64_t g = 0;
    assert_int_equal(gr_sub_grundy(t, n, &g), GR_OK);
    return g;
}

static uint64_t oct_g(const gr_octal_table *t, uint64_t n)
{
    uint64_t g = 0;
    assert_int_equal(gr_octal_grundy(t, n, &g), GR_OK);
    return g;
}

/* ---- subtraction ------------------------------------------------------ */

static gr_sub_table solve_set(gr_arena *a, const uint64_t *set, size_t k)
{
    gr_sub_rules r = {0, set, k};
    gr_sub_table t;
    assert_int_equal(gr_sub_solve(a, &r, &t), GR_OK);
    return t;
}

static void test_sub_known_periods(void **state)
{
    gr_arena *a = *state;
    static const uint64_t s12[] = {1, 2}, s13[] = {1, 3}, s134[] = {1, 3, 4}, s257[] = {2, 5, 7};
    gr_sub_table t = solve_set(a, s12, 2);
    assert_true(t.periodic);
    assert_int_equal(t.period, 3);
    assert_int_equal(t.preperiod, 0);
    t = solve_set(a, s13, 2);
    assert_int_equal(t.period, 2);
    assert_int_equal(t.preperiod, 0);
    t = solve_set(a, s134, 3);
    assert_int_equal(t.period, 7);
    assert_int_equal(t.preperiod, 0);
    /* 0,1,0,1,2,3,2 repeating */
    static const unsigned g134[] = {0, 1, 0, 1, 2, 3, 2};
    for (uint64_t n = 0; n < 100; n++) {
        assert_int_equal(sub_g(&t, n), g134[n % 7]);
    }
    assert_int_equal(sub_g(&t, HUGE_PILE), g134[HUGE_PILE % 7]);
    t = solve_set(a, s257, 3);
    assert_true(t.periodic);
    assert_int_equal(t.period, 22);
    /* Cross-check the preperiod with a long brute-force sequence. */
    uint16_t g[400];
    brute_sub(s257, 3, g, 400);
    for (uint64_t n = t.preperiod; n + 22 < 400; n++) {
        assert_int_equal(g[n], g[n + 22]);
    }
    if (t.preperiod > 0) {
        assert_int_not_equal(g[t.preperiod - 1], g[t.preperiod + 21]);
    }
    /* Order and repeats of S do not matter. */
    static const uint64_t messy[] = {7, 2, 5, 2, 7};
    gr_sub_table u = solve_set(a, messy, 5);
    assert_int_equal(u.set_len, 3);
    assert_int_equal(u.period, 22);
    assert_int_equal(u.preperiod, t.preperiod);
}

/* The least period and preperiod of g[0..n) found by brute force, given
 * that it becomes periodic well before n. */
static void brute_period(const uint16_t *g, size_t n, uint64_t *e, uint64_t *p)
{
    for (uint64_t q = 1; q < n / 3; q++) {
        /* last mismatch for q */
        uint64_t last = 0;
        for (uint64_t i = 0; i + q < n; i++) {
            if (g[i] != g[i + q]) {
                last = i + 1;
            }
        }
        if (last + 2 * q < n / 2) {
            *e = last;
            *p = q;
            return;
        }
    }
    *e = *p = 0;
}

static void test_sub_random_vs_brute(void **state)
{
    gr_arena *a = *state;
    gr_test_rng rng = {0x5eed0001};
    enum { N = 4000 };
    static uint16_t g[N];
    for (int iter = 0; iter < 400; iter++) {
        gr_arena_reset(a); /* a fresh start each round */
        uint64_t set[6];
        size_t k = 1 + gr_test_below(&rng, 6);
        for (size_t i = 0; i < k; i++) {
            set[i] = 1 + gr_test_below(&rng, iter < 200 ? 12 : 30);
        }
        brute_sub(set, k, g, N);
        gr_sub_table t = solve_set(a, set, k);
        assert_true(t.periodic);
        for (uint64_t n = 0; n < N; n++) {
            if (sub_g(&t, n) != g[n]) {
                fail_msg("iter %d n %llu", iter, (unsigned long long)n);
            }
        }
        uint64_t e, p;
        brute_period(g, N, &e, &p);
        if (p != 0) { /* short periods: check they are the least ones */
            assert_int_equal(t.period, p);
            assert_int_equal(t.preperiod, e);
        }
        /* Huge piles: the value is the mex of the options' values. */
        for (int r = 0; r < 20; r++) {
            uint64_t n = HUGE_PILE - gr_test_below(&rng, 1000000);
            unsigned char seen[64] = {0};
            for (size_t i = 0; i < t.set_len; i++) {
                seen[sub_g(&t, n - t.set[i])] = 1;
            }
            assert_int_equal(sub_g(&t, n), brute_mex(seen, 64));
        }
    }
}

/* A long sequence, where the period search samples its windows: 40 takes
 * up to 1000 (seeded), preperiod 1,745,966 and period 271,630, checked
 * against brute force over 2.3 million values, the period's least-ness by
 * its prime factors. */
static void test_sub_long_period_sampled(void **state)
{
    static const uint64_t set[] = {16,  17,  28,  57,  122, 148, 169, 192, 203, 215,
                                   223, 225, 316, 317, 320, 334, 352, 363, 377, 429,
                                   432, 467, 520, 537, 614, 680, 699, 716, 771, 791,
                                   810, 850, 870, 871, 879, 884, 936, 954, 971, 974};
    enum { N = 2300000 };
    static uint16_t g[N];
    gr_arena *a = *state;
    gr_sub_table t = solve_set(a, set, 40);
    assert_true(t.periodic);
    assert_int_equal(t.preperiod, 1745966);
    assert_int_equal(t.period, 271630);
    brute_sub(set, 40, g, N);
    uint64_t e = t.preperiod, p = t.period;
    for (uint64_t n = 0; n < N; n++) {
        if (sub_g(&t, n) != g[n]) {
            fail_msg("n %llu", (unsigned long long)n);
        }
    }
    assert_int_not_equal(g[e - 1], g[e - 1 + p]);
    uint64_t rest = p;
    for (uint64_t q = 2; q <= rest; q++) {
        if (rest % q != 0) {
            continue;
        }
        while (rest % q == 0) {
            rest /= q;
        }
        uint64_t d = p / q;
        bool differs = false;
        for (uint64_t n = e; n + d < N && !differs; n++) {
            differs = g[n] != g[n + d];
        }
        assert_true(differs); /* p / q is not a period */
    }
    assert_int_equal(sub_g(&t, HUGE_PILE), g[e + (HUGE_PILE - e) % p]);
}

static void test_sub_max_take(void **state)
{
    gr_test_rng rng = {0x5eed0002};
    gr_arena *a = *state;
    for (int iter = 0; iter < 2000; iter++) {
        uint64_t k = iter < 1000 ? 1 + gr_test_below(&rng, 20) : 1 + gr_test_below(&rng, HUGE_PILE);
        gr_sub_rules r = {k, NULL, 0};
        gr_sub_table t;
        assert_int_equal(gr_sub_solve(a, &r, &t), GR_OK);
        assert_int_equal(t.period, k + 1);
        uint64_t n =
            gr_test_below(&rng, 2) ? gr_test_below(&rng, 100) : gr_test_below(&rng, HUGE_PILE);
        uint64_t gn = sub_g(&t, n);
        assert_int_equal(gn, n % (k + 1));
        uint64_t target = gr_test_below(&rng, 3) == 0 ? gn : gr_test_below(&rng, k + 2);
        uint64_t take = 0;
        size_t count;
        assert_int_equal(gr_sub_moves_to(&t, n, target, &take, 1, &count), GR_OK);
        /* Expected: the one option n - s (1 <= s <= min(k, n)) with
         * residue target. */
        bool exists =
            target <= k && target != gn && (gn > target ? gn - target : gn + k + 1 - target) <= n;
        assert_int_equal(count, exists ? 1 : 0);
        if (exists) {
            assert_true(take >= 1 && take <= k && take <= n);
            assert_int_equal(sub_g(&t, n - take), target);
        }
    }
    /* max_take K and S = {1..K} agree. */
    for (uint64_t k = 1; k <= 12; k++) {
        uint64_t set[12];
        for (uint64_t i = 0; i < k; i++) {
            set[i] = i + 1;
        }
        gr_sub_table t = solve_set(a, set, k);
        assert_int_equal(t.period, k + 1);
        assert_int_equal(t.preperiod, 0);
        for (uint64_t n = 0; n < 200; n++) {
            assert_int_equal(sub_g(&t, n), n % (k + 1));
        }
    }
}

static void test_sub_moves_replay(void **state)
{
    gr_arena *a = *state;
    gr_test_rng rng = {0x5eed0003};
    for (int iter = 0; iter < 300; iter++) {
        gr_arena_reset(a); /* a fresh start each round */
        uint64_t set[8];
        size_t k = 1 + gr_test_below(&rng, 8);
        for (size_t i = 0; i < k; i++) {
            set[i] = 1 + gr_test_below(&rng, 40);
        }
        gr_sub_table t = solve_set(a, set, k);
        assert_true(t.periodic);
        uint64_t piles[5];
        size_t np = 1 + gr_test_below(&rng, 5);
        uint64_t total = 0;
        for (size_t i = 0; i < np; i++) {
            piles[i] = gr_test_below(&rng, 2) ? gr_test_below(&rng, 200)
                                              : HUGE_PILE - gr_test_below(&rng, 1u << 30);
            total ^= sub_g(&t, piles[i]);
        }
        size_t found = 0;
        for (size_t i = 0; i < np; i++) {
            uint64_t gi = sub_g(&t, piles[i]);
            uint64_t takes[8];
            size_t count;
            assert_int_equal(gr_sub_moves_to(&t, piles[i], gi ^ total, takes, 8, &count), GR_OK);
            /* Count against the definition. */
            size_t expect = 0;
            for (size_t s = 0; s < t.set_len; s++) {
                if (t.set[s] <= piles[i] && sub_g(&t, piles[i] - t.set[s]) == (gi ^ total)) {
                    expect++;
                }
            }
            assert_int_equal(count, expect);
            for (size_t m = 0; m < count; m++) {
                assert_true(m == 0 || takes[m] > takes[m - 1]);
                uint64_t after = total ^ gi ^ sub_g(&t, piles[i] - takes[m]);
                assert_int_equal(after, 0);
            }
            found += count;
        }
        /* Sprague-Grundy: a winning move exists iff the total is nonzero. */
        assert_int_equal(found > 0, total != 0);
    }
}

static void test_sub_limits(void **state)
{
    gr_arena *a = *state;
    gr_sub_table t;
    static const uint64_t zero[] = {3, 0};
    gr_sub_rules r = {0, zero, 2};
    assert_int_equal(gr_sub_solve(a, &r, &t), GR_EINVAL);
    static const uint64_t big[] = {GR_SUB_MAX_ELEMENT + 1};
    r = (gr_sub_rules){0, big, 1};
    assert_int_equal(gr_sub_solve(a, &r, &t), GR_ELIMIT);
    /* The empty set: no moves, every pile is 0. */
    r = (gr_sub_rules){0, NULL, 0};
    assert_int_equal(gr_sub_solve(a, &r, &t), GR_OK);
    assert_int_equal(sub_g(&t, HUGE_PILE), 0);
    size_t count;
    uint64_t take;
    assert_int_equal(gr_sub_moves_to(&t, HUGE_PILE, 0, &take, 1, &count), GR_OK);
    assert_int_equal(count, 0);
    /* One huge element: g(n) = floor(n / m) mod 2, period 2m, found by
     * the window test with m = 10^6. */
    static const uint64_t one[] = {GR_SUB_MAX_ELEMENT};
    t = solve_set(a, one, 1);
    assert_true(t.periodic);
    assert_int_equal(t.period, 2 * GR_SUB_MAX_ELEMENT);
    assert_int_equal(t.preperiod, 0);
    assert_int_equal(sub_g(&t, HUGE_PILE), (HUGE_PILE / GR_SUB_MAX_ELEMENT) % 2);
    /* A set too large for its period to be searched: small piles are still
     * answered, huge ones are GR_ELIMIT. */
    uint64_t *many = GR_ARENA_ARRAY(a, uint64_t, GR_SUB_MAX_SET);
    for (size_t i = 0; i < GR_SUB_MAX_SET; i++) {
        many[i] = GR_SUB_MAX_ELEMENT - i * 7;
    }
    t = solve_set(a, many, GR_SUB_MAX_SET);
    assert_false(t.periodic);
    assert_true(t.computed > 1000);
    assert_int_equal(sub_g(&t, 999), 0);
    uint64_t g;
    assert_int_equal(gr_sub_grundy(&t, HUGE_PILE, &g), GR_ELIMIT);
    assert_int_equal(gr_sub_moves_to(&t, HUGE_PILE, 0, &take, 1, &count), GR_ELIMIT);
    r = (gr_sub_rules){0, many, GR_SUB_MAX_SET + 1};
    assert_int_equal(gr_sub_solve(a, &r, &t), GR_ELIMIT);
}

/* ---- octal -------------------------------------------------------------- */

static void test_octal_parse(void **state)
{
    (void)state;
    gr_octal_code c;
    size_t bad;
    assert_int_equal(gr_octal_parse("0.137", &c, &bad), GR_OK);
    assert_int_equal(c.len, 3);
    assert_int_equal(c.digit[1], 1);
    assert_int_equal(c.digit[3], 7);
    assert_int_equal(gr_octal_parse("0.0700", &c, &bad), GR_OK);
    assert_int_equal(c.len, 2);
    assert_int_equal(gr_octal_parse("0.000", &c, &bad), GR_OK);
    assert_int_equal(c.len, 0);
    assert_int_equal(gr_octal_parse("0.7G", &c, &bad), GR_EINVAL);
    assert_int_equal(bad, 3);
    assert_int_equal(gr_octal_parse("77", &c, &bad), GR_EINVAL);
    assert_int_equal(gr_octal_parse(".77", &c, &bad), GR_EINVAL);
    assert_int_equal(gr_octal_parse("5.07", &c, &bad), GR_EINVAL); /* d0 bit 1 */
    assert_int_equal(bad, 0);
    assert_true(gr_octal_d0_unplayable("5.07"));
    assert_int_equal(gr_octal_parse("4.07", &c, &bad), GR_OK); /* d0 splits */
    assert_int_equal(c.digit[0], 4);
    assert_int_equal(gr_octal_parse("0.", &c, &bad), GR_EINVAL);
    assert_int_equal(gr_octal_parse("0,7", &c, &bad), GR_EINVAL);
    assert_int_equal(gr_octal_parse("0.7 ", &c, &bad), GR_EINVAL);
    assert_int_equal(gr_octal_parse("", &c, &bad), GR_EINVAL);
    char longc[GR_OCTAL_MAX_DIGITS + 4] = "0.";
    memset(longc + 2, '3', GR_OCTAL_MAX_DIGITS);
    longc[GR_OCTAL_MAX_DIGITS + 2] = '\0';
    assert_int_equal(gr_octal_parse(longc, &c, &bad), GR_OK);
    longc[GR_OCTAL_MAX_DIGITS + 2] = '3';
    longc[GR_OCTAL_MAX_DIGITS + 3] = '\0';
    assert_int_equal(gr_octal_parse(longc, &c, &bad), GR_ELIMIT);
}

/* OEIS A002186, Kayles (0.77), from n = 0. */
static const unsigned kayles[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
                                  4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4,
                                  7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2,
                                  8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7};

/* OEIS A002187, Dawson's chess (0.137), from n = 0. */
static const unsigned dawson[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0,
                                  1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1,
                                  0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
                                  4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
                                  5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4};

static void test_octal_published_tables(void **state)
{
    gr_arena *a = *state;
    size_t nk = sizeof(kayles) / sizeof(kayles[0]);
    size_t nd = sizeof(dawson) / sizeof(dawson[0]);
    uint16_t brute[400];

    /* Kayles: the table, our brute force, period 12 from 71. */
    static const unsigned char d77[] = {0, 7, 7};
    brute_octal(d77, 2, brute, 400);
    gr_octal_table t = gr_test_octal_solve(a, "0.77", 0);
    for (size_t n = 0; n < nk; n++) {
        assert_int_equal(brute[n], kayles[n]);
        assert_int_equal(oct_g(&t, n), kayles[n]);
    }
    for (size_t n = 0; n < 400; n++) {
        assert_int_equal(oct_g(&t, n), brute[n]);
    }
    assert_true(t.periodic);
    assert_int_equal(t.period, 12);
    assert_int_equal(t.preperiod, 71);
    assert_int_equal(oct_g(&t, HUGE_PILE), kayles[71 + (HUGE_PILE - 71) % 12]);

    /* Dawson's chess 0.137: A002187, period 34, last exception 51. */
    static const unsigned char d137[] = {0, 1, 3, 7};
    brute_octal(d137, 3, brute, 400);
    t = gr_test_octal_solve(a, "0.137", 0);
    for (size_t n = 0; n < nd; n++) {
        assert_int_equal(brute[n], dawson[n]);
        assert_int_equal(oct_g(&t, n), dawson[n]);
    }
    for (size_t n = 0; n < 400; n++) {
        assert_int_equal(oct_g(&t, n), brute[n]);
    }
    assert_int_equal(t.period, 34);
    assert_int_equal(t.preperiod, 52);

    /* Dawson's Kayles 0.07: g(n) = A002187(n-1). */
    t = gr_test_octal_solve(a, "0.07", 0);
    assert_int_equal(oct_g(&t, 0), 0);
    for (size_t n = 1; n <= nd; n++) {
        assert_int_equal(oct_g(&t, n), dawson[n - 1]);
    }
    assert_int_equal(t.period, 34);
    assert_int_equal(t.preperiod, 53);
    gr_octal_table chess = gr_test_octal_solve(a, "0.137", 0);
    for (uint64_t n = HUGE_PILE - 1000; n < HUGE_PILE; n++) {
        assert_int_equal(oct_g(&t, n + 1), oct_g(&chess, n));
    }

    /* take 1..K = 0.33...3: n mod (K+1). */
    for (unsigned k = 1; k <= 10; k++) {
        char code[16] = "0.";
        memset(code + 2, '3', k);
        code[2 + k] = '\0';
        t = gr_test_octal_solve(a, code, 0);
        assert_int_equal(t.period, k + 1);
        assert_int_equal(t.preperiod, 0);
        assert_int_equal(oct_g(&t, HUGE_PILE), HUGE_PILE % (k + 1));
    }
    /* No moves at all. */
    t = gr_test_octal_solve(a, "0.0", 0);
    assert_true(t.periodic);
    assert_int_equal(oct_g(&t, HUGE_PILE), 0);
}

static void random_code(gr_test_rng *rng, char *text, unsigned char *digits, unsigned *len)
{
    unsigned k = 1 + (unsigned)gr_test_below(rng, 4);
    strcpy(text, "0.");
    *len = 0;
    for (unsigned j = 1; j <= k; j++) {
        digits[j] = (unsigned char)gr_test_below(rng, 8);
        text[1 + j] = (char)('0' + digits[j]);
        if (digits[j]) {
            *len = j;
        }
    }
    text[2 + k] = '\0';
}

/* Moves from h to target by the definition, for h small enough. */
static uint64_t brute_octal_count(const gr_octal_table *t, uint64_t h, uint64_t target)
{
    uint64_t count = 0;
    for (unsigned j = 1; j <= t->code.len && j <= h; j++) {
        unsigned d = t->code.digit[j];
        count += (d & 1) && j == h && target == 0;
        count += (d & 2) && j < h && oct_g(t, h - j) == target;
        if (d & 4) {
            for (uint64_t x = 1; 2 * x <= h - j; x++) {
                count += (oct_g(t, x) ^ oct_g(t, h - j - x)) == target;
            }
        }
    }
    return count;
}

static void check_move(const gr_octal_table *t, uint64_t h, uint64_t target, const gr_octal_move *m)
{
    uint64_t left = 0, v = 0;
    for (uint32_t i = 0; i < m->nleaves; i++) {
        assert_true(m->leaves[i] >= 1);
        left += m->leaves[i];
        v ^= oct_g(t, m->leaves[i]);
    }
    assert_true(m->take >= 1 && m->take <= t->code.len);
    assert_int_equal(left + m->take, h);
    unsigned d = t->code.digit[m->take];
    assert_true(d & (1u << m->nleaves)); /* bit 1, 2 or 4 */
    if (m->nleaves == 2) {
        assert_true(m->leaves[0] <= m->leaves[1]);
    }
    assert_int_equal(v, target);
}

static void test_octal_random_vs_brute(void **state)
{
    (void)state;
    gr_test_rng rng = {0x5eed0004};
    enum { N = 600, LIMIT = 300 };
    static uint16_t brute[N];
    int periodic = 0;
    for (int iter = 0; iter < 300; iter++) {
        gr_arena *a = gr_arena_create(0);
        char text[8];
        unsigned char digits[8];
        unsigned len;
        random_code(&rng, text, digits, &len);
        brute_octal(digits, len, brute, N);
        gr_octal_table t = gr_test_octal_solve(a, text, LIMIT);
        assert_true(t.computed <= LIMIT);
        for (uint64_t n = 0; n < N; n++) {
            uint64_t g;
            if (gr_test_octal_grundy(&t, n, &g) && g != brute[n]) {
                fail_msg("code %s n %llu: %llu vs %u", text, (unsigned long long)n,
                         (unsigned long long)g, brute[n]);
            }
        }
        /* Heaps inside the table: counting only (the per-remainder
         * histogram cache) against brute force and the direct scan. */
        for (int r = 0; r < 8; r++) {
            uint64_t h = gr_test_below(&rng, t.computed);
            gr_octal_table nocache = t;
            nocache.arena = NULL;
            nocache.cache = NULL;
            for (uint64_t v = 0; v < 8; v++) {
                uint64_t cached, direct;
                gr_octal_move mv1;
                assert_int_equal(gr_octal_moves_to(&t, h, v, true, &mv1, 0, &cached), GR_OK);
                assert_int_equal(gr_octal_moves_to(&nocache, h, v, true, &mv1, 0, &direct), GR_OK);
                assert_int_equal(cached, direct);
                assert_int_equal(cached, brute_octal_count(&t, h, v));
            }
        }
        if (!t.periodic) {
            gr_arena_destroy(a);
            continue;
        }
        periodic++;
        /* Huge heaps: g(h) is the mex of the values reachable, checked
         * through moves_to (whose splits run through the period); and the
         * split counting by residues against direct counting just above
         * the table. */
        for (int r = 0; r < 6; r++) {
            uint64_t h = r < 3 ? HUGE_PILE - gr_test_below(&rng, 1000)
                               : t.computed + gr_test_below(&rng, 300);
            uint64_t gh = oct_g(&t, h);
            gr_octal_move mv[4];
            uint64_t count;
            for (uint64_t v = 0; v <= gh + 1; v++) {
                assert_int_equal(gr_octal_moves_to(&t, h, v, true, mv, 4, &count), GR_OK);
                if (v <= gh) { /* mex: every smaller value, not gh */
                    assert_int_equal(count > 0, v != gh);
                }
                if (r >= 3) {
                    assert_int_equal(count, brute_octal_count(&t, h, v));
                }
                /* Counting only (the per-residue cache) agrees with the
                 * direct residue count of a table without a cache. */
                gr_octal_table nocache = t;
                nocache.arena = NULL;
                nocache.cache = NULL;
                uint64_t cached, direct;
                assert_int_equal(gr_octal_moves_to(&t, h, v, true, mv, 0, &cached), GR_OK);
                assert_int_equal(gr_octal_moves_to(&nocache, h, v, true, mv, 0, &direct), GR_OK);
                assert_int_equal(cached, direct);
                assert_int_equal(cached, count);
                for (uint64_t m = 0; m < count && m < 4; m++) {
                    check_move(&t, h, v, &mv[m]);
                }
            }
        }
        gr_arena_destroy(a);
    }
    assert_true(periodic > 100);
}

/* Long tables, where the solver may switch to the sparse-space method (at
 * 2048 values and each doubling), against brute force: the switch is only
 * about speed, the values must not change. */
static void test_octal_sparse_space_vs_brute(void **state)
{
    (void)state;
    enum { N = 4300 }; /* past the choices at 2048 and 4096 */
    static uint16_t brute[N];
    static const char *codes[] = {"0.6",   "0.16", "0.14",  "0.37", "0.344", "0.4444444444444444",
                                  "0.164", "0.56", "0.326", "0.054"};
    gr_test_rng rng = {0x5eed0007};
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]) + 4; i++) {
        char text[8];
        unsigned char digits[GR_OCTAL_MAX_DIGITS + 1] = {0};
        unsigned len = 0;
        const char *code = text;
        if (i < sizeof(codes) / sizeof(codes[0])) {
            code = codes[i];
            for (unsigned j = 1; code[1 + j] != '\0'; j++) {
                digits[j] = (unsigned char)(code[1 + j] - '0');
                if (digits[j]) {
                    len = j;
                }
            }
        } else {
            random_code(&rng, text, digits, &len);
        }
        brute_octal(digits, len, brute, N);
        gr_arena *a = gr_arena_create(0);
        gr_octal_table t = gr_test_octal_solve(a, code, N);
        for (uint64_t n = 0; n < t.computed; n++) {
            if (oct_g(&t, n) != brute[n]) {
                fail_msg("code %s n %llu: %u vs %u", code, (unsigned long long)n,
                         (unsigned)oct_g(&t, n), brute[n]);
            }
        }
        gr_arena_destroy(a);
    }
}

static void test_octal_moves_replay(void **state)
{
    gr_arena *a = *state;
    gr_test_rng rng = {0x5eed0005};
    static const char *codes[] = {"0.77", "0.07", "0.137", "0.6", "0.333",
                                  "0.37", "0.4",  "0.14",  "0.51"};
    gr_octal_move mv[64];
    for (int iter = 0; iter < 200; iter++) {
        gr_arena_reset(a); /* a fresh start each round */
        const char *text = codes[iter % (sizeof(codes) / sizeof(codes[0]))];
        gr_octal_table t = gr_test_octal_solve(a, text, 2000);
        uint64_t heaps[4], total = 0;
        size_t nh = 1 + gr_test_below(&rng, 4);
        bool huge_ok = t.periodic;
        for (size_t i = 0; i < nh; i++) {
            heaps[i] = huge_ok && gr_test_below(&rng, 2) ? HUGE_PILE - gr_test_below(&rng, 1u << 20)
                                                         : gr_test_below(&rng, 150);
            total ^= oct_g(&t, heaps[i]);
        }
        uint64_t found = 0;
        for (size_t i = 0; i < nh; i++) {
            uint64_t target = oct_g(&t, heaps[i]) ^ total;
            uint64_t count;
            assert_int_equal(gr_octal_moves_to(&t, heaps[i], target, true, mv, 64, &count), GR_OK);
            if (heaps[i] < 150) {
                assert_int_equal(count, brute_octal_count(&t, heaps[i], target));
            }
            for (uint64_t m = 0; m < count && m < 64; m++) {
                check_move(&t, heaps[i], target, &mv[m]);
                /* Replay: the position after the move is worth 0. */
                uint64_t after = total ^ oct_g(&t, heaps[i]);
                for (uint32_t l = 0; l < mv[m].nleaves; l++) {
                    after ^= oct_g(&t, mv[m].leaves[l]);
                }
                assert_int_equal(after, 0);
            }
            /* Asking for one move finds the first of the full list. */
            uint64_t one;
            gr_octal_move first;
            assert_int_equal(gr_octal_moves_to(&t, heaps[i], target, false, &first, 1, &one),
                             GR_OK);
            assert_int_equal(one > 0, count > 0);
            if (count > 0) {
                assert_int_equal(first.take, mv[0].take);
                assert_int_equal(first.leaves[0], mv[0].leaves[0]);
            }
            found += count;
        }
        assert_int_equal(found > 0, total != 0);
    }
}

static void test_octal_unconfirmed_limit(void **state)
{
    gr_arena *a = *state;
    /* Kayles needs 2*71 + 2*12 + 2 = 168 values to be confirmed. */
    gr_octal_table t = gr_test_octal_solve(a, "0.77", 167);
    assert_false(t.periodic);
    assert_int_equal(t.computed, 167);
    uint64_t g, count;
    assert_int_equal(gr_octal_grundy(&t, 167, &g), GR_ELIMIT);
    gr_octal_move mv;
    assert_int_equal(gr_octal_moves_to(&t, 1000, 0, true, &mv, 1, &count), GR_ELIMIT);
    assert_int_equal(oct_g(&t, 166), kayles[71 + (166 - 71) % 12]);
    t = gr_test_octal_solve(a, "0.77", 168);
    assert_true(t.periodic);
}

/* ---- the JSON families as /v1/sum drives them ------------------------- */

static uint64_t json_u64(const cJSON *item)
{
    if (cJSON_IsString(item) || cJSON_IsRaw(item)) { /* gr_jw_u64 writes raw */
        return strtoull(item->valuestring, NULL, 10);
    }
    return (uint64_t)item->valuedouble;
}

/* Moves to every target T: each listed move, replayed on the core's values,
 * changes the component's value to T, and the count is the sum of the
 * core's per-pile counts (the memo for many piles included). */
static void test_families_move_to_targets(void **state)
{
    gr_arena *a = *state;
    gr_json_init();
    gr_test_rng rng = {0x5eed0006};
    const gr_family *sub = gr_family_find("subtraction");
    const gr_family *oct = gr_family_find("octal");
    assert_non_null(sub);
    assert_non_null(oct);
    static char text[1 << 16];
    for (int iter = 0; iter < 60; iter++) {
        gr_arena_reset(a); /* a fresh start each round */
        gr_jctx c;
        gr_jctx_init(&c, a);
        gr_arena *prev = gr_json_bind(a);
        bool is_oct = iter % 2 == 1;
        bool many = iter % 20 <= 1; /* 2000 piles (x 600 takes): the memos */
        size_t np = many ? 2000 : 1 + gr_test_below(&rng, 5);
        size_t len = 0;
        static uint64_t piles[2000], g[2000];
        if (is_oct) {
            static const char *codes[] = {"0.77", "0.137", "0.07", "0.4"};
            len += (size_t)snprintf(text + len, sizeof(text) - len,
                                    "{\"game\":\"octal\",\"code\":\"%s\",\"heaps\":[",
                                    codes[gr_test_below(&rng, 4)]);
        } else {
            size_t k = many ? 600 : 1 + gr_test_below(&rng, 5);
            len += (size_t)snprintf(text + len, sizeof(text) - len,
                                    "{\"game\":\"subtraction\",\"subtraction_set\":[");
            for (size_t i = 0; i < k; i++) {
                len += (size_t)snprintf(text + len, sizeof(text) - len, "%s%llu", i ? "," : "",
                                        (unsigned long long)(1 + gr_test_below(&rng, 3 * k)));
            }
            len += (size_t)snprintf(text + len, sizeof(text) - len, "],\"piles\":[");
        }
        for (size_t i = 0; i < np; i++) {
            /* (a big random set may have no period within the bounds:
             * small piles only there) */
            bool small = gr_test_below(&rng, 3) || many;
            piles[i] = small ? gr_test_below(&rng, 200) : HUGE_PILE - gr_test_below(&rng, 1000);
            len += (size_t)snprintf(text + len, sizeof(text) - len, "%s\"%llu\"", i ? "," : "",
                                    (unsigned long long)piles[i]);
        }
        snprintf(text + len, sizeof(text) - len, "]}");
        cJSON *obj = cJSON_Parse(text);
        assert_non_null(obj);
        const gr_family *fam = is_oct ? oct : sub;
        void *st = NULL;
        gr_value v;
        gr_status ast = fam->analyse(&c, obj, "/components/1", &st, &v);
        if (ast != GR_OK) {
            fail_msg("iter %d: %s at %s", iter, c.problem.detail, c.problem.pointer);
        }
        /* The core's own view of the same position. */
        gr_sub_table *stab = st; /* each state starts with its table */
        gr_octal_table *otab = st;
        uint64_t total = 0;
        for (size_t i = 0; i < np; i++) {
            g[i] = is_oct ? oct_g(otab, piles[i]) : sub_g(stab, piles[i]);
            total ^= g[i];
        }
        assert_int_equal(v.n, total);
        for (uint64_t t = 0; t < 12; t++) {
            uint64_t expect = 0;
            for (size_t i = 0; i < np; i++) {
                uint64_t n = 0;
                if (is_oct) {
                    gr_octal_move mv;
                    assert_int_equal(
                        gr_octal_moves_to(otab, piles[i], g[i] ^ total ^ t, true, &mv, 0, &n),
                        GR_OK);
                } else {
                    size_t m;
                    uint64_t take;
                    assert_int_equal(
                        gr_sub_moves_to(stab, piles[i], g[i] ^ total ^ t, &take, 0, &m), GR_OK);
                    n = m;
                }
                expect = expect > UINT64_MAX - n ? UINT64_MAX : expect + n;
            }
            uint64_t count = 12345;
            cJSON *arr = gr_test_family_moves(&c, fam, st, t, 50, true, &count);
            assert_int_equal(count, expect);
            int listed = cJSON_GetArraySize(arr);
            assert_int_equal((uint64_t)listed, expect < 50 ? expect : 50);
            for (int m = 0; m < listed; m++) {
                const cJSON *mv = cJSON_GetArrayItem(arr, m);
                const char *key = is_oct ? "heap" : "pile";
                size_t i = (size_t)json_u64(cJSON_GetObjectItem(mv, key));
                uint64_t after = total ^ g[i];
                if (is_oct) {
                    const cJSON *leaf;
                    cJSON_ArrayForEach(leaf, cJSON_GetObjectItem(mv, "leaves"))
                    {
                        after ^= oct_g(otab, json_u64(leaf));
                    }
                } else {
                    assert_int_equal(json_u64(cJSON_GetObjectItem(mv, "from")), piles[i]);
                    after ^= sub_g(stab, json_u64(cJSON_GetObjectItem(mv, "to")));
                }
                assert_int_equal(after, t);
            }
            /* Without count_all: at least one when there is one. */
            arr = gr_test_family_moves(&c, fam, st, t, 1, false, &count);
            assert_int_equal(count > 0, expect > 0);
            assert_int_equal(cJSON_GetArraySize(arr), expect > 0 ? 1 : 0);
        }
        gr_json_bind(prev);
    }
}

GR_TEST_MAIN(gr_test_with_arena(test_sub_known_periods),
             gr_test_with_arena(test_sub_random_vs_brute),
             gr_test_with_arena(test_sub_long_period_sampled),
             gr_test_with_arena(test_sub_max_take), gr_test_with_arena(test_sub_moves_replay),
             gr_test_with_arena(test_sub_limits), cmocka_unit_test(test_octal_parse),
             gr_test_with_arena(test_octal_published_tables),
             cmocka_unit_test(test_octal_random_vs_brute),
             cmocka_unit_test(test_octal_sparse_space_vs_brute),
             gr_test_with_arena(test_octal_moves_replay),
             gr_test_with_arena(test_octal_unconfirmed_limit),
             gr_test_with_arena(test_families_move_to_targets))
