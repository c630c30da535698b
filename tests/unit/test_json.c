/* The JSON layer's readers, number rules, pointers, parse checks and the
 * arena binding. */
#include "gr_test_json.h"

#include <string.h>

#include "json/gr_json.h"

static int setup(void **state)
{
    return gr_test_json_setup(state, 64u << 20, false);
}

static int teardown(void **state)
{
    return gr_test_json_teardown(state);
}

static cJSON *parse_ok(fixture *f, const char *text)
{
    cJSON *doc = NULL;
    assert_int_equal(gr_json_parse(&f->c, text, strlen(text), &doc), GR_OK);
    assert_non_null(doc);
    return doc;
}

static void parse_fails(fixture *f, const char *text, size_t len, gr_status want)
{
    cJSON *doc = NULL;
    assert_int_equal(gr_json_parse(&f->c, text, len, &doc), want);
    assert_null(doc);
    assert_non_null(f->c.problem.detail);
}

static void test_parse_checks(void **state)
{
    fixture *f = *state;
    parse_ok(f, "{\"a\": [1, 2, {\"b\": \"\\u00e9\xc3\xa9\"}]}");
    parse_fails(f, "", 0, GR_EINVAL);
    parse_fails(f, "\xef\xbb\xbf{}", 5, GR_EINVAL);          /* BOM */
    parse_fails(f, "{\"a\": \"\xc0\xaf\"}", 11, GR_EINVAL);    /* overlong */
    parse_fails(f, "{\"a\": \"\xed\xa0\x80\"}", 12, GR_EINVAL); /* surrogate */
    parse_fails(f, "{\"a\": \"x\x01y\"}", 12, GR_EINVAL);      /* control char */
    parse_fails(f, "{\"a\": 01}", 9, GR_EINVAL);
    parse_fails(f, "[1] [2]", 7, GR_EINVAL);
    parse_fails(f, "[1,]", 4, GR_EINVAL);
    char deep[3000];
    memset(deep, '[', 1500);
    memset(deep + 1500, ']', 1500);
    parse_fails(f, deep, 3000, GR_ELIMIT);
    assert_int_equal(f->c.problem.status, 422);
    parse_ok(f, "[1e-05, -0, 0.5, 10]");
}

static void test_integers(void **state)
{
    fixture *f = *state;
    cJSON *doc = parse_ok(f, "[0, 9007199254740991, \"9223372036854775807\", 1e3, 2.0,"
                             " 9007199254740992, -1, 1.5, \"9223372036854775808\", \"1e3\","
                             " \"-5\", true, 1e400]");
    uint64_t v;
    cJSON *it = doc->child;
    uint64_t want[] = {0, 9007199254740991ULL, 9223372036854775807ULL, 1000, 2};
    for (int i = 0; i < 5; i++, it = it->next) {
        assert_int_equal(gr_json_u64(&f->c, it, "/x", UINT64_MAX, &v), GR_OK);
        assert_true(v == want[i]);
    }
    for (int i = 0; i < 8; i++, it = it->next) {
        assert_int_equal(gr_json_u64(&f->c, it, "/x", UINT64_MAX, &v), GR_EINVAL);
        assert_string_equal(f->c.problem.pointer, "/x");
        assert_int_equal(f->c.problem.status, 400);
    }
    int64_t s;
    cJSON *neg = parse_ok(f, "[-5, \"-9223372036854775808\", \"-9223372036854775809\"]");
    assert_int_equal(gr_json_i64(&f->c, neg->child, "", -10, 10, &s), GR_OK);
    assert_int_equal(s, -5);
    assert_int_equal(gr_json_i64(&f->c, neg->child->next, "", INT64_MIN, 0, &s), GR_OK);
    assert_true(s == INT64_MIN);
    assert_int_equal(gr_json_i64(&f->c, neg->child->next->next, "", INT64_MIN, 0, &s),
                     GR_EINVAL);
}

static void test_object_and_pointers(void **state)
{
    fixture *f = *state;
    const cJSON *a, *b;
    const gr_jfield fields[] = {{"a", true, &a}, {"b", false, &b}};
    cJSON *doc = parse_ok(f, "{\"a\": 1}");
    assert_int_equal(gr_json_object(&f->c, doc, "", fields, 2), GR_OK);
    assert_non_null(a);
    assert_null(b);
    doc = parse_ok(f, "{\"b\": 1}");
    assert_int_equal(gr_json_object(&f->c, doc, "/c/0", fields, 2), GR_EINVAL);
    assert_string_equal(f->c.problem.pointer, "/c/0/a");
    doc = parse_ok(f, "{\"a\": 1, \"a\": 2}");
    assert_int_equal(gr_json_object(&f->c, doc, "", fields, 2), GR_EINVAL);
    assert_string_equal(f->c.problem.pointer, "/a");
    doc = parse_ok(f, "{\"a\": 1, \"x/y~\": 2}");
    assert_int_equal(gr_json_object(&f->c, doc, "", fields, 2), GR_EINVAL);
    assert_string_equal(f->c.problem.pointer, "/x~1y~0");
    doc = parse_ok(f, "[1]");
    assert_int_equal(gr_json_object(&f->c, doc, "", fields, 2), GR_EINVAL);
}

static void test_pairs_and_arrays(void **state)
{
    fixture *f = *state;
    uint32_t *p;
    size_t n;
    cJSON *doc = parse_ok(f, "[[0, 1], [2, \"3\"], [4294967295, 0]]");
    assert_int_equal(gr_json_pairs(&f->c, doc, "/edges", UINT32_MAX, &p, &n), GR_OK);
    assert_int_equal(n, 3);
    assert_int_equal(p[3], 3);
    assert_true(p[4] == UINT32_MAX);
    doc = parse_ok(f, "[[0, 1], [2]]");
    assert_int_equal(gr_json_pairs(&f->c, doc, "/edges", 10, &p, &n), GR_EINVAL);
    assert_string_equal(f->c.problem.pointer, "/edges/1");
    doc = parse_ok(f, "[[0, 1], [2, 4294967296]]");
    assert_int_equal(gr_json_pairs(&f->c, doc, "/edges", UINT32_MAX, &p, &n), GR_EINVAL);
    assert_string_equal(f->c.problem.pointer, "/edges/1/1");
    uint64_t *v;
    doc = parse_ok(f, "[1, 2, 3, 11]");
    assert_int_equal(gr_json_u64_array(&f->c, doc, "/piles", 10, &v, &n), GR_EINVAL);
    assert_string_equal(f->c.problem.pointer, "/piles/3");
}

static void test_writer_exact_integers(void **state)
{
    fixture *f = *state;
    cJSON *o = gr_jw_obj(&f->c);
    gr_jw_set(&f->c, o, "a", gr_jw_u64(&f->c, 9007199254740991ULL));
    gr_jw_set(&f->c, o, "b", gr_jw_u64(&f->c, 9007199254740992ULL));
    gr_jw_set(&f->c, o, "c", gr_jw_i64(&f->c, -42));
    size_t len;
    char *s = gr_json_print(&f->c, o, &len);
    assert_string_equal(s, "{\"a\":9007199254740991,\"b\":\"9007199254740992\",\"c\":-42}");
    assert_true(gr_jw_ok(&f->c));
}

static void test_budget_exhaustion_is_an_error(void **state)
{
    (void)state;
    gr_arena *small = gr_arena_create(1u << 16);
    gr_arena *prev = gr_json_bind(small);
    gr_jctx c;
    gr_jctx_init(&c, small);
    size_t n = 200000;
    char *text = test_malloc(n * 2 + 2);
    text[0] = '[';
    for (size_t i = 0; i < n; i++) {
        text[1 + 2 * i] = '1';
        text[2 + 2 * i] = i + 1 < n ? ',' : ']';
    }
    cJSON *doc = NULL;
    assert_int_equal(gr_json_parse(&c, text, n * 2 + 1, &doc), GR_ENOMEM);
    assert_int_equal(c.problem.status, 413);
    test_free(text);
    gr_json_bind(prev);
    gr_arena_destroy(small);
}

GR_TEST_MAIN(gr_test_fixed(test_parse_checks), gr_test_fixed(test_integers),
             gr_test_fixed(test_object_and_pointers), gr_test_fixed(test_pairs_and_arrays),
             gr_test_fixed(test_writer_exact_integers),
             cmocka_unit_test(test_budget_exhaustion_is_an_error))
