/* Tables through the store and back into the core: solved octal and
 * subtraction tables saved, loaded and converted answer every heap (far
 * past the table, through the period) and list the same moves as the
 * tables they came from; loaded tables whose key or period the core
 * cannot stand behind are refused. */
#define _GNU_SOURCE /* nftw */
#include "gr_test.h"
#include "gr_test_dir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/table_convert.h"
#include "store/table_store.h"

/* The fixture of a round-trip test: a store on a fresh temporary
 * directory, removed after the test. */
typedef struct tmp_store {
    char *dir;
    gr_tstore *s;
} tmp_store;

static int tmp_store_setup(void **state)
{
    tmp_store *t = malloc(sizeof(*t));
    assert_non_null(t);
    t->dir = gr_test_tmpdir("grundy-tconv");
    assert_int_equal(gr_tstore_open(t->dir, NULL, NULL, &t->s), GR_OK);
    *state = t;
    return 0;
}

static int tmp_store_teardown(void **state)
{
    tmp_store *t = *state;
    gr_tstore_close(t->s);
    gr_test_rmtree(t->dir);
    free(t);
    return 0;
}

#define with_tmp_store(f) cmocka_unit_test_setup_teardown(f, tmp_store_setup, tmp_store_teardown)

/* Heaps to compare: every one in the table and a spread far past it. */
static uint64_t probe(uint64_t i, uint64_t computed)
{
    return i < computed ? i : computed + (i - computed) * 7919u * (i - computed);
}

/* Saves st to s and loads it back into b: the table must be found. */
static gr_tstore_table saved_and_loaded(gr_tstore *s, const gr_tstore_table *st, gr_arena *b)
{
    assert_int_equal(gr_tstore_save(s, st), GR_OK);
    gr_tstore_table loaded;
    bool found = false;
    assert_int_equal(gr_tstore_load(s, st->kind, st->key, b, &loaded, &found), GR_OK);
    assert_true(found);
    return loaded;
}

/* conv(loaded, arena, out, &why) accepts the loaded table: GR_OK, and why
 * (set before) comes back NULL. */
#define ACCEPTED(conv, loaded, arena, out)                                                         \
    do {                                                                                           \
        const char *why_ = "unset";                                                                \
        assert_int_equal(conv((loaded), (arena), (out), &why_), GR_OK);                            \
        assert_null(why_);                                                                         \
    } while (0)

/* A table back from the store keeps the solve's length and period. */
#define ASSERT_SAME_PERIOD(back, solved)                                                           \
    do {                                                                                           \
        assert_int_equal((back).periodic, (solved).periodic);                                      \
        assert_int_equal((back).preperiod, (solved).preperiod);                                    \
        assert_int_equal((back).period, (solved).period);                                          \
        assert_int_equal((back).computed, (solved).computed);                                      \
    } while (0)

static void octal_through_store(gr_tstore *s, const char *text, uint64_t max_values)
{
    gr_arena *a = gr_arena_create(0);
    gr_octal_code code;
    size_t bad;
    assert_int_equal(gr_octal_parse(text, &code, &bad), GR_OK);
    gr_octal_table solved;
    assert_int_equal(gr_octal_solve(a, &code, max_values, &solved), GR_OK);
    char key[GR_OCTAL_MAX_DIGITS + 3];
    gr_tstore_table st;
    gr_tstore_of_octal(&solved, key, &st);
    assert_string_equal(st.key, key);

    gr_arena *b = gr_arena_create(0);
    gr_tstore_table loaded = saved_and_loaded(s, &st, b);
    gr_octal_table back;
    ACCEPTED(gr_tstore_to_octal, &loaded, b, &back);
    ASSERT_SAME_PERIOD(back, solved);
    uint64_t n = solved.periodic ? solved.computed + 200 : solved.computed;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t h = probe(i, solved.computed), g1 = 0, g2 = 0;
        assert_int_equal(gr_octal_grundy(&solved, h, &g1), GR_OK);
        assert_int_equal(gr_octal_grundy(&back, h, &g2), GR_OK);
        assert_int_equal(g1, g2);
    }
    /* moves to a zero position from a few heaps, in and past the table */
    gr_octal_table own;
    gr_octal_table_view(&solved, a, &own);
    for (uint64_t i = 1; i < 40; i++) {
        uint64_t h = solved.periodic ? solved.computed + 37 * i : i;
        gr_octal_move m1[8], m2[8];
        uint64_t c1 = 0, c2 = 0;
        assert_int_equal(gr_octal_moves_to(&own, h, 0, true, m1, 8, &c1), GR_OK);
        assert_int_equal(gr_octal_moves_to(&back, h, 0, true, m2, 8, &c2), GR_OK);
        assert_int_equal(c1, c2);
        for (uint64_t j = 0; j < c1 && j < 8; j++) {
            assert_int_equal(m1[j].take, m2[j].take);
            assert_int_equal(m1[j].nleaves, m2[j].nleaves);
            for (uint32_t l = 0; l < m1[j].nleaves; l++) {
                assert_int_equal(m1[j].leaves[l], m2[j].leaves[l]);
            }
        }
    }
    gr_arena_destroy(b);
    gr_arena_destroy(a);
}

static void test_octal_round_trip(void **state)
{
    gr_tstore *s = ((tmp_store *)*state)->s;
    octal_through_store(s, "kayles", 0); /* 0.77: period 12 after 71 */
    octal_through_store(s, "0.07", 0);   /* Dawson's Kayles: period 34 */
    octal_through_store(s, "0.137", 0);  /* Dawson's chess */
    octal_through_store(s, "0.4", 0);    /* periodic with preperiod */
    octal_through_store(s, "grundy", 3000);
    octal_through_store(s, "0.6", 5000); /* no period in reach */
    octal_through_store(s, "0.F", 0);    /* three-heap moves */
}

static void sub_through_store(gr_tstore *s, const uint64_t *set, size_t n)
{
    gr_arena *a = gr_arena_create(0);
    gr_sub_rules rules = {.max_take = 0, .set = set, .set_len = n};
    gr_sub_table solved;
    assert_int_equal(gr_sub_solve(a, &rules, &solved), GR_OK);
    gr_tstore_table st;
    assert_int_equal(gr_tstore_of_sub(&solved, a, &st), GR_OK);
    gr_arena *b = gr_arena_create(0);
    gr_tstore_table loaded = saved_and_loaded(s, &st, b);
    gr_sub_table back;
    ACCEPTED(gr_tstore_to_sub, &loaded, b, &back);
    assert_int_equal(back.set_len, solved.set_len);
    assert_memory_equal(back.set, solved.set, solved.set_len * sizeof(uint32_t));
    ASSERT_SAME_PERIOD(back, solved);
    uint64_t total = solved.computed + 300;
    for (uint64_t i = 0; i < total; i++) {
        uint64_t h = probe(i, solved.computed), g1 = 0, g2 = 0;
        assert_int_equal(gr_sub_grundy(&solved, h, &g1), GR_OK);
        assert_int_equal(gr_sub_grundy(&back, h, &g2), GR_OK);
        assert_int_equal(g1, g2);
        uint64_t t1[16], t2[16];
        size_t c1 = 0, c2 = 0;
        assert_int_equal(gr_sub_moves_to(&solved, h, 0, t1, 16, &c1), GR_OK);
        assert_int_equal(gr_sub_moves_to(&back, h, 0, t2, 16, &c2), GR_OK);
        assert_int_equal(c1, c2);
        assert_memory_equal(t1, t2, (c1 < 16 ? c1 : 16) * sizeof(t1[0]));
    }
    gr_arena_destroy(b);
    gr_arena_destroy(a);
}

static void test_sub_round_trip(void **state)
{
    gr_tstore *s = ((tmp_store *)*state)->s;
    static const uint64_t s1[] = {4, 1, 3, 1}, s2[] = {2, 5, 7}, s3[] = {1}, s4[] = {3, 17, 40};
    sub_through_store(s, s1, 4);
    sub_through_store(s, s2, 3);
    sub_through_store(s, s3, 1);
    sub_through_store(s, s4, 3);
}

/* A table as a writer might have got it wrong. */
static gr_tstore_table table_of(gr_tstore_kind kind, const char *key, const unsigned char *v,
                                uint64_t count)
{
    uint64_t max = 0;
    for (uint64_t i = 0; i < count; i++) {
        max = v[i] > max ? v[i] : max;
    }
    return (gr_tstore_table){
        .kind = kind, .key = key, .count = count, .width = 1, .values = v, .max_value = max};
}

static void test_refused(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    gr_octal_table o;
    gr_sub_table sb;
    const char *why;
    /* Kayles' first 200 values */
    gr_octal_code code;
    size_t bad;
    assert_int_equal(gr_octal_parse("0.77", &code, &bad), GR_OK);
    gr_octal_table k;
    assert_int_equal(gr_octal_solve(a, &code, 0, &k), GR_OK);
    assert_true(k.periodic && k.width == 1);
    unsigned char v[200];
    for (uint64_t h = 0; h < 200; h++) {
        uint64_t g;
        gr_octal_grundy(&k, h, &g);
        v[h] = (unsigned char)g;
    }
    gr_tstore_table t = table_of(GR_TSTORE_OCTAL, "0.77", v, 200);
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_OK);
    t.periodic = true;
    t.preperiod = 71;
    t.period = 12;
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_OK);
    assert_null(why);
    /* a period the values do not show */
    t.period = 11;
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);
    assert_non_null(strstr(why, "Guy-Smith"));
    /* the right period on too few values: 2 * 71 + 2 * 12 + 2 = 168 */
    t.period = 12;
    t.count = 167;
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);
    t.count = 168;
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_OK);
    /* keys the core does not write */
    t.key = "kayles";
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);
    t.key = "0.770";
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);
    t.key = "0.77";
    t.kind = GR_TSTORE_SUBTRACTION;
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);
    /* Grundy's game is never periodic */
    t = table_of(GR_TSTORE_OCTAL, "grundy", v, 200);
    t.periodic = true;
    t.period = 1;
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);
    /* three-heap codes stop at GR_OCTAL_MAX_VALUES3 values */
    unsigned char *many = gr_arena_calloc(a, GR_OCTAL_MAX_VALUES3 + 1, 1);
    t = table_of(GR_TSTORE_OCTAL, "0.F", many, GR_OCTAL_MAX_VALUES3 + 1);
    assert_int_equal(gr_tstore_to_octal(&t, a, &o, &why), GR_EINVAL);

    /* subtraction {1, 2}: 0,1,2,0,1,2,... */
    unsigned char sv[30];
    for (int h = 0; h < 30; h++) {
        sv[h] = (unsigned char)(h % 3);
    }
    t = table_of(GR_TSTORE_SUBTRACTION, "1,2", sv, 30);
    t.periodic = true;
    t.period = 3;
    assert_int_equal(gr_tstore_to_sub(&t, a, &sb, &why), GR_OK);
    uint64_t g = 9;
    assert_int_equal(gr_sub_grundy(&sb, 1000001, &g), GR_OK);
    assert_int_equal(g, 1000001 % 3);
    t.period = 4;
    assert_int_equal(gr_tstore_to_sub(&t, a, &sb, &why), GR_EINVAL);
    t.period = 3;
    t.count = 4; /* e + max(S) + p = 5 values needed */
    assert_int_equal(gr_tstore_to_sub(&t, a, &sb, &why), GR_EINVAL);
    t.count = 30;
    static const char *bad_keys[] = {"2,1", "1,1,2", "01,2", "1,,2",     "1,2,",
                                     "0,1", "x",     "",     "1,2000000"};
    for (size_t i = 0; i < sizeof(bad_keys) / sizeof(bad_keys[0]); i++) {
        t.key = bad_keys[i];
        assert_int_equal(gr_tstore_to_sub(&t, a, &sb, &why), GR_EINVAL);
    }
    /* a value above |S| */
    t.key = "1";
    t.periodic = false;
    assert_int_equal(gr_tstore_to_sub(&t, a, &sb, &why), GR_EINVAL);
    gr_arena_destroy(a);
}

GR_TEST_MAIN(with_tmp_store(test_octal_round_trip), with_tmp_store(test_sub_round_trip),
             cmocka_unit_test(test_refused))
