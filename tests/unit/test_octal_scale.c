/* Octal games at research scale: the published periods of every
 * solved game of up to three digits (tests/data/octal_reference.txt, its
 * sources named there), published first values (OEIS), hexadecimal codes
 * and Grundy's game against a naive mex over explicitly enumerated moves,
 * moves of three-heap splits and of Grundy's game replayed, winning moves
 * of huge heaps of the long-period games replayed through the period, and
 * the compact value storage. */
#include "gr_test_octal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/octal.h"

#define HUGE_PILE 9223372036854775807ull

static uint64_t G(const gr_octal_table *t, uint64_t h)
{
    uint64_t g = 0;
    assert_int_equal(gr_octal_grundy(t, h, &g), GR_OK);
    return g;
}

static FILE *reference(void)
{
    FILE *f = fopen("tests/data/octal_reference.txt", "r");
    if (f == NULL) {
        fail_msg("tests/data/octal_reference.txt not found (run from the repository root)");
    }
    return f;
}

/* The last heap of the run 0, 1, ... of heaps without a move.  The tables
 * count heaps from there (their heap 0 is this one, e.g. 0.4's heap 2):
 * the preperiod published is max(e, D) - D for our e in plain heap
 * sizes (the convention of Winning Ways and the OEIS). */
static uint64_t dead_heaps(const gr_octal_code *c)
{
    for (uint64_t h = 1;; h++) {
        for (unsigned j = 1; j <= c->len && j <= h; j++) {
            unsigned d = c->digit[j];
            if (((d & 1) && j == h) || ((d & 2) && j < h) || ((d & 4) && h - j >= 2) ||
                ((d & 8) && h - j >= 3)) {
                return h - 1;
            }
        }
    }
}

static void test_published_periods(void **state)
{
    (void)state;
    FILE *f = reference();
    char line[4096];
    int checked = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        char code[80], kind[16];
        unsigned long long e, p;
        if (sscanf(line, "%15s %79s %llu %llu", kind, code, &e, &p) != 4 ||
            (strcmp(kind, "period") != 0 && strcmp(kind, "tperiod") != 0)) {
            continue;
        }
        gr_arena *a = gr_arena_create(0);
        gr_octal_table t = gr_test_octal_solve(a, code, 0);
        uint64_t D = kind[0] == 't' ? dead_heaps(&t.code) : 0;
        uint64_t shifted = (t.preperiod > D ? t.preperiod : D) - D;
        if (!t.periodic || shifted != e || t.period != p) {
            fail_msg("%s: got periodic %d preperiod %llu (%llu from heap %llu) period %llu, "
                     "published %llu / %llu",
                     code, t.periodic, (unsigned long long)t.preperiod, (unsigned long long)shifted,
                     (unsigned long long)D, (unsigned long long)t.period, e, p);
        }
        /* the table holds what Guy-Smith needed, 2e + 2p + t values, and at
         * most what one postponed check (a quarter of the table) adds */
        uint64_t need = 2 * (t.preperiod > 0 ? t.preperiod : 1) + 2 * t.period + t.code.len;
        if (t.computed < need || t.computed > need + need / 4 + 2) {
            fail_msg("%s: %llu values for a confirmation needing %llu", code,
                     (unsigned long long)t.computed, (unsigned long long)need);
        }
        gr_arena_destroy(a);
        checked++;
    }
    fclose(f);
    assert_true(checked >= 75);
}

static void test_published_values(void **state)
{
    (void)state;
    FILE *f = reference();
    static char line[1 << 14];
    int checked = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        char name[16], code[80];
        unsigned off;
        int pos = 0;
        if (sscanf(line, "values %15s %79s %u %n", name, code, &off, &pos) != 3) {
            continue;
        }
        gr_arena *a = gr_arena_create(0);
        gr_octal_table t = gr_test_octal_solve(a, code, 4096);
        uint64_t n = off;
        for (char *s = line + pos; *s != '\0' && *s != '\n'; n++) {
            char *end;
            unsigned long v = strtoul(s, &end, 10);
            if (G(&t, n) != v) {
                fail_msg("%s (%s): a(%llu) = %lu, solver %llu", name, code, (unsigned long long)n,
                         v, (unsigned long long)G(&t, n));
            }
            s = *end == ',' ? end + 1 : end;
        }
        assert_true(n - off >= 80);
        gr_arena_destroy(a);
        checked++;
    }
    fclose(f);
    assert_int_equal(checked, 8);
}

/* ---- brute force over explicit moves --------------------------------- */

/* g(0..n-1) by listing every move of every heap: take j, leave 0, 1, 2 or
 * 3 non-empty heaps as digit j allows (a <= b <= c), or in Grundy's game
 * split into two unequal heaps. */
static void brute(const gr_octal_code *code, uint16_t *g, unsigned n)
{
    static unsigned char seen[1 << 12];
    for (unsigned h = 0; h < n; h++) {
        memset(seen, 0, sizeof(seen));
        if (code->kind == GR_OCTAL_GRUNDY) {
            for (unsigned a = 1; 2 * a < h; a++) {
                seen[g[a] ^ g[h - a]] = 1;
            }
        }
        for (unsigned j = 1; code->kind == GR_OCTAL_CODE && j <= code->len && j <= h; j++) {
            unsigned d = code->digit[j], r = h - j;
            if ((d & 1) && r == 0) {
                seen[0] = 1;
            }
            if ((d & 2) && r >= 1) {
                seen[g[r]] = 1;
            }
            for (unsigned a = 1; (d & 4) && 2 * a <= r; a++) {
                seen[g[a] ^ g[r - a]] = 1;
            }
            for (unsigned a = 1; (d & 8) && 3 * a <= r; a++) {
                for (unsigned b = a; 2 * b <= r - a; b++) {
                    seen[g[a] ^ g[b] ^ g[r - a - b]] = 1;
                }
            }
        }
        unsigned v = 0;
        while (seen[v]) {
            v++;
        }
        g[h] = (uint16_t)v;
    }
}

/* The number of moves from h to value target, by enumeration. */
static uint64_t brute_count(const gr_octal_table *t, uint64_t h, uint64_t target)
{
    uint64_t count = 0;
    const gr_octal_code *code = &t->code;
    if (code->kind == GR_OCTAL_GRUNDY) {
        for (uint64_t a = 1; 2 * a < h; a++) {
            count += (G(t, a) ^ G(t, h - a)) == target;
        }
        return count;
    }
    for (unsigned j = 1; j <= code->len && j <= h; j++) {
        unsigned d = code->digit[j];
        uint64_t r = h - j;
        count += (d & 1) && r == 0 && target == 0;
        count += (d & 2) && r >= 1 && G(t, r) == target;
        for (uint64_t a = 1; (d & 4) && 2 * a <= r; a++) {
            count += (G(t, a) ^ G(t, r - a)) == target;
        }
        for (uint64_t a = 1; (d & 8) && 3 * a <= r; a++) {
            for (uint64_t b = a; 2 * b <= r - a; b++) {
                count += (G(t, a) ^ G(t, b) ^ G(t, r - a - b)) == target;
            }
        }
    }
    return count;
}

/* A move is legal for the code and lands on value target. */
static void check_move(const gr_octal_table *t, uint64_t h, uint64_t target, const gr_octal_move *m)
{
    uint64_t left = 0, v = 0;
    for (uint32_t i = 0; i < m->nleaves; i++) {
        assert_true(m->leaves[i] >= 1);
        assert_true(i == 0 || m->leaves[i - 1] <= m->leaves[i]);
        left += m->leaves[i];
        v ^= G(t, m->leaves[i]);
    }
    assert_int_equal(left + m->take, h);
    assert_int_equal(v, target);
    if (t->code.kind == GR_OCTAL_GRUNDY) {
        assert_int_equal(m->take, 0);
        assert_int_equal(m->nleaves, 2);
        assert_true(m->leaves[0] < m->leaves[1]);
    } else {
        assert_true(m->take >= 1 && m->take <= t->code.len);
        assert_true(t->code.digit[m->take] & (1u << m->nleaves));
    }
}

static void check_moves_small(gr_octal_table *t, gr_test_rng *rng, unsigned n)
{
    gr_octal_move mv[8];
    for (int r = 0; r < 6; r++) {
        uint64_t h = gr_test_below(rng, n);
        for (uint64_t v = 0; v < 10; v++) {
            uint64_t count;
            assert_int_equal(gr_octal_moves_to(t, h, v, true, mv, 8, &count), GR_OK);
            assert_int_equal(count, brute_count(t, h, v));
            for (uint64_t k = 0; k < count && k < 8; k++) {
                check_move(t, h, v, &mv[k]);
            }
            if (v < G(t, h)) { /* mex: every smaller value is reachable */
                assert_true(count > 0);
            }
            if (v == G(t, h)) {
                assert_int_equal(count, 0);
            }
        }
    }
}

static void test_hex_codes_vs_brute(void **state)
{
    (void)state;
    gr_test_rng rng = {0x4e7c0de5};
    enum { N = 160 };
    static const char hex[] = "0123456789abcdefABCDEF";
    int three = 0;
    for (int iter = 0; iter < 80; iter++) {
        char text[8] = "0.";
        unsigned len = 1 + (unsigned)gr_test_below(&rng, 3);
        for (unsigned j = 0; j < len; j++) {
            text[2 + j] = hex[gr_test_below(&rng, sizeof(hex) - 1)];
        }
        text[2 + len] = '\0';
        gr_arena *a = gr_arena_create(0);
        gr_octal_table t = gr_test_octal_solve(a, text, 1024);
        three += t.code.leaves == 3;
        static uint16_t b[N];
        brute(&t.code, b, N);
        for (unsigned h = 0; h < N; h++) {
            uint64_t g;
            gr_status st = gr_octal_grundy(&t, h, &g);
            if (st == GR_ELIMIT) {
                assert_true(h >= t.computed && !t.periodic);
                continue;
            }
            if (g != b[h]) {
                fail_msg("%s heap %u: %llu, brute force %u", text, h, (unsigned long long)g, b[h]);
            }
        }
        assert_int_equal(t.width, t.max_value < 256 ? 1u : 2u);
        check_moves_small(&t, &rng, t.computed < 60 ? (unsigned)t.computed : 60);
        gr_arena_destroy(a);
    }
    assert_true(three > 25);
}

static void test_hex_parse(void **state)
{
    (void)state;
    gr_octal_code c;
    size_t bad;
    assert_int_equal(gr_octal_parse("0.F", &c, &bad), GR_OK);
    assert_int_equal(c.digit[1], 15);
    assert_int_equal(c.leaves, 3);
    assert_int_equal(gr_octal_parse("0.0aB0", &c, &bad), GR_OK);
    assert_int_equal(c.len, 3);
    assert_int_equal(c.digit[2], 10);
    assert_int_equal(c.digit[3], 11);
    char canon[GR_OCTAL_MAX_DIGITS + 4];
    gr_octal_canonical(&c, canon);
    assert_string_equal(canon, "0.0AB");
    assert_int_equal(gr_octal_parse("0.7g", &c, &bad), GR_EINVAL);
    assert_int_equal(bad, 3);
    const char *names[][2] = {{"kayles", "0.77"},
                              {"dawsons-kayles", "0.07"},
                              {"dawsons-chess", "0.137"},
                              {"treblecross", "0.007"},
                              {"grundy", "grundy"}};
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(gr_octal_parse(names[i][0], &c, &bad), GR_OK);
        gr_octal_canonical(&c, canon);
        assert_string_equal(canon, names[i][1]);
    }
    assert_int_equal(gr_octal_parse("Kayles", &c, &bad), GR_EINVAL);
    assert_int_equal(gr_octal_parse("grundy ", &c, &bad), GR_EINVAL);
}

static void test_grundy_game_vs_brute(void **state)
{
    enum { N = 3000 }; /* past the sparse-space switch at 1024 and 2048 */
    gr_arena *a = *state;
    gr_octal_table t = gr_test_octal_solve(a, "grundy", 1u << 15);
    assert_false(t.periodic);
    assert_int_equal(t.computed, 1u << 15);
    static uint16_t b[N];
    brute(&t.code, b, N);
    for (unsigned h = 0; h < N; h++) {
        if (G(&t, h) != b[h]) {
            fail_msg("grundy heap %u: %llu, brute force %u", h, (unsigned long long)G(&t, h), b[h]);
        }
    }
    uint64_t g;
    assert_int_equal(gr_octal_grundy(&t, 1u << 15, &g), GR_ELIMIT);
    gr_test_rng rng = {0x67756e64};
    check_moves_small(&t, &rng, 400);
}

/* The sparse-space values of long tables against a plain O(n^2) mex (the
 * brute force above), for the codes of the long published periods. */
static void test_long_tables_vs_brute(void **state)
{
    gr_arena *a = *state;
    const char *codes[] = {"0.16", "0.56", "0.127", "0.376", "0.354", "0.6", "0.644", "0.165"};
    enum { N = 6000 };
    static uint16_t b[N];
    for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
        gr_arena_reset(a); /* a fresh start each round */
        gr_octal_table t = gr_test_octal_solve(a, codes[i], N);
        brute(&t.code, b, N);
        for (unsigned h = 0; h < N && h < t.computed; h++) {
            if (G(&t, h) != b[h]) {
                fail_msg("%s heap %u: %llu, brute force %u", codes[i], h,
                         (unsigned long long)G(&t, h), b[h]);
            }
        }
    }
}

/* Winning moves of huge heaps of the long-period games: each move listed is
 * legal and lands on value 0 (values of the leaves through the period),
 * and the count agrees with the mex rule (moves to every smaller value). */
static void test_huge_heaps_long_periods(void **state)
{
    gr_arena *a = *state;
    const char *codes[] = {"0.16", "0.56", "0.127"};
    gr_test_rng rng = {0x1d6e};
    for (size_t i = 0; i < 3; i++) {
        gr_arena_reset(a); /* a fresh start each round */
        gr_octal_table t = gr_test_octal_solve(a, codes[i], 0);
        assert_true(t.periodic);
        for (int r = 0; r < 4; r++) {
            uint64_t h = HUGE_PILE - gr_test_below(&rng, 1u << 20);
            uint64_t gh = G(&t, h);
            gr_octal_move mv[16];
            for (uint64_t v = 0; v <= gh; v++) {
                uint64_t count;
                assert_int_equal(gr_octal_moves_to(&t, h, v, v == 0, mv, 16, &count), GR_OK);
                assert_int_equal(count > 0, v != gh);
                for (uint64_t k = 0; k < count && k < 16; k++) {
                    check_move(&t, h, v, &mv[k]);
                }
            }
        }
    }
}

/* Views share the values and keep their own move caches. */
static void test_views(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0), *b = gr_arena_create(0);
    gr_octal_table t = gr_test_octal_solve(a, "0.137", 0);
    gr_octal_table v;
    gr_octal_table_view(&t, b, &v);
    assert_ptr_equal(v.values, t.values);
    assert_ptr_equal(v.arena, b);
    assert_null(v.cache);
    gr_octal_move mv[4];
    uint64_t c1, c2;
    assert_int_equal(gr_octal_moves_to(&v, HUGE_PILE, 0, true, mv, 4, &c1), GR_OK);
    assert_int_equal(gr_octal_moves_to(&t, HUGE_PILE, 0, true, mv, 4, &c2), GR_OK);
    assert_int_equal(c1, c2);
    assert_true(v.cache != NULL && t.cache != NULL && v.cache != t.cache);
    assert_int_equal(gr_octal_table_bytes(&t), t.computed * t.width);
    gr_arena_destroy(b);
    gr_arena_destroy(a);
}

GR_TEST_MAIN(
        cmocka_unit_test(test_hex_parse),
        cmocka_unit_test(test_published_values),
        cmocka_unit_test(test_published_periods),
        cmocka_unit_test(test_hex_codes_vs_brute),
        gr_test_with_arena(test_grundy_game_vs_brute),
        gr_test_with_arena(test_long_tables_vs_brute),
        gr_test_with_arena(test_huge_heaps_long_periods),
        cmocka_unit_test(test_views))
