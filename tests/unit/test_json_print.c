/* gr_json_print (src/json/print.c) against cJSON_PrintUnformatted: the same
 * bytes for random trees of every item kind cJSON has, the same refusals,
 * no recursion on deep answers, and NULL when the arena's budget runs out. */
#include "gr_test_json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/gr_json.h"

#define SEED 0x9e11u

/* ---- random trees ----------------------------------------------------------
 * Built with cJSON's own constructors while bound to an arena, so they die
 * with it (and a reference item may share another item's children). */

/* A string of every kind of byte cJSON treats differently: plain ASCII,
 * the seven short escapes, other control bytes, DEL, valid UTF-8 and stray
 * bytes >= 0x80. */
static char *rand_string(gr_test_rng *r, gr_arena *a)
{
    size_t n = (size_t)gr_test_below(r, 4) == 0 ? 0 : (size_t)gr_test_below(r, 24);
    char *s = gr_arena_alloc(a, 4 * n + 1), *w = s;
    static const char special[] = "\"\\\b\f\n\r\t/\x7f";
    for (size_t i = 0; i < n; i++) {
        switch (gr_test_below(r, 6)) {
        case 0:
            *w++ = (char)(1 + gr_test_below(r, 31));
            break;
        case 1:
            *w++ = special[gr_test_below(r, sizeof(special) - 1)];
            break;
        case 2: /* U+0080..U+07FF */
            *w++ = (char)(0xc2 + gr_test_below(r, 30));
            *w++ = (char)(0x80 + gr_test_below(r, 64));
            break;
        case 3: /* U+1F600.. */
            *w++ = (char)0xf0;
            *w++ = (char)0x9f;
            *w++ = (char)(0x80 + gr_test_below(r, 64));
            *w++ = (char)(0x80 + gr_test_below(r, 64));
            break;
        case 4:
            *w++ = (char)(0x80 + gr_test_below(r, 128));
            break;
        default:
            *w++ = (char)(' ' + gr_test_below(r, 95));
            break;
        }
    }
    *w = '\0';
    return s;
}

static double rand_double(gr_test_rng *r)
{
    static const double special[] = {
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.5,
        1e300,
        -1e300,
        1e-300,
        5e-324,
        2.2250738585072014e-308,
        1.7976931348623157e308,
        9007199254740993.0,
        9007199254740992.0,
        2147483647.0,
        -2147483648.0,
        2147483648.0,
        -2147483649.0,
        2147483647.5,
        1e15,
        1e16,
        1e17,
        123456789012345678.0,
        0.30000000000000004,
        1.0 / 3.0,
        2.0 / 3.0,
        1e-7,
        123456789.123,
        3.141592653589793,
        -2.718281828459045,
        1e21,
        1e22,
        4.35,
        0.000001,
        999999999999999.0,
        -999999999999999.0,
        1e15,
        1e15 + 1.0,
        123456789012345.0,
        -1e14,
        0.99999999999999989,
        1e-5,
        1e-4,
        12345.678,
    };
    uint64_t bits;
    double d;
    switch (gr_test_below(r, 8)) {
    case 0:
        return special[gr_test_below(r, sizeof(special) / sizeof(special[0]))];
    case 1:
        return gr_test_below(r, 3) == 0 ? NAN : gr_test_below(r, 2) ? INFINITY : -INFINITY;
    case 2: /* any bit pattern: subnormals, NaNs with payloads, huge */
        bits = gr_test_next(r);
        memcpy(&d, &bits, sizeof(d));
        return d;
    case 3: /* integers around int's range */
        return (double)((int64_t)gr_test_below(r, 1ull << 33) - (1ll << 32));
    case 4: /* small decimals: the 15-digit form usually reads back */
        return (double)((int64_t)gr_test_below(r, 2000001) - 1000000) /
               pow(10.0, (double)gr_test_below(r, 12));
    case 5: /* 17 significant digits at every exponent */
        return ((double)gr_test_next(r) / 18446744073709551616.0) *
               pow(10.0, (double)((int)gr_test_below(r, 600) - 300));
    case 6:
        return (double)(int64_t)gr_test_next(r);
    default:
        return (double)((int)gr_test_below(r, 200) - 100);
    }
}

static cJSON *rand_scalar(gr_test_rng *r, gr_arena *a)
{
    cJSON *item;
    switch (gr_test_below(r, 8)) {
    case 0:
        return cJSON_CreateNull();
    case 1:
        return cJSON_CreateBool(gr_test_below(r, 2) != 0);
    case 2:
    case 3:
        item = cJSON_CreateNumber(rand_double(r));
        if (gr_test_below(r, 16) == 0) {
            /* valueint out of step with valuedouble (a hand-set item):
             * cJSON 1.7.15 prints from valuedouble alone */
            item->valueint = (int)gr_test_below(r, 5) - 2;
            if (gr_test_below(r, 2)) {
                item->valuedouble = item->valueint;
            }
        }
        return item;
    case 4: {
        /* integers as the writers make them (gr_jw_u64) */
        char digits[32];
        uint64_t v = gr_test_next(r);
        v >>= gr_test_below(r, 64);
        snprintf(digits, sizeof(digits), "%llu", (unsigned long long)v);
        return cJSON_CreateRaw(digits);
    }
    case 5:
        return cJSON_CreateRaw(rand_string(r, a)); /* raw is copied verbatim */
    default:
        item = cJSON_CreateString(rand_string(r, a));
        if (gr_test_below(r, 32) == 0) {
            item->valuestring = NULL; /* printed as "" */
        }
        return item;
    }
}

/* Adds child to parent under a random key (escapes included), sometimes a
 * constant key (cJSON_StringIsConst) or none at all (printed as ""). */
static void add_child(gr_test_rng *r, gr_arena *a, cJSON *parent, cJSON *child)
{
    if (cJSON_IsArray(parent)) {
        cJSON_AddItemToArray(parent, child);
        return;
    }
    switch (gr_test_below(r, 10)) {
    case 0:
        cJSON_AddItemToObjectCS(parent, "const\tkey", child);
        break;
    case 1:
        cJSON_AddItemToArray(parent, child);
        break;
    default:
        cJSON_AddItemToObject(parent, rand_string(r, a), child);
        break;
    }
}

/* A random tree of at most `depth` levels; bounded recursion (test only). */
static cJSON *rand_tree(gr_test_rng *r, gr_arena *a, int depth)
{
    if (depth == 0 || gr_test_below(r, 3) == 0) {
        return rand_scalar(r, a);
    }
    cJSON *node = gr_test_below(r, 2) ? cJSON_CreateArray() : cJSON_CreateObject();
    size_t n = (size_t)gr_test_below(r, 7);
    cJSON *prev = NULL;
    for (size_t i = 0; i < n; i++) {
        cJSON *child;
        if (prev != NULL && gr_test_below(r, 12) == 0) {
            /* a reference shares prev's value (the cJSON_IsReference flag) */
            if (cJSON_IsArray(prev)) {
                child = cJSON_CreateArrayReference(prev->child);
            } else if (cJSON_IsObject(prev)) {
                child = cJSON_CreateObjectReference(prev->child);
            } else {
                child = cJSON_CreateStringReference(
                    cJSON_IsString(prev) && prev->valuestring != NULL ? prev->valuestring : "r");
            }
        } else {
            child = rand_tree(r, a, depth - 1);
        }
        add_child(r, a, node, child);
        prev = child;
    }
    return node;
}

static int setup(void **state)
{
    return gr_test_json_setup(state, 0, false);
}

static int teardown(void **state)
{
    return gr_test_json_teardown(state);
}

/* Both printers on one item: the same bytes, or both refuse. */
static void assert_same_print(gr_jctx *c, const cJSON *item, uint64_t seed)
{
    char *want = cJSON_PrintUnformatted(item);
    size_t len = 12345;
    char *got = gr_json_print(c, item, &len);
    if (want == NULL || got == NULL) {
        if (want != got) {
            print_error("seed %llu: cJSON %s, gr_json_print %s\n", (unsigned long long)seed,
                        want != NULL ? want : "NULL", got != NULL ? got : "NULL");
            fail();
        }
        return;
    }
    size_t n = strlen(want), at = 0;
    while (at < n && at < len && got[at] == want[at]) {
        at++;
    }
    if (len != n || at < n || got[n] != '\0') {
        size_t from = at > 30 ? at - 30 : 0;
        print_error("seed %llu: lengths %zu (cJSON) and %zu differ at byte %zu\n",
                    (unsigned long long)seed, n, len, at);
        print_error("  cJSON: ");
        for (size_t i = from; i < n && i < at + 30; i++) {
            print_error(i == at ? "[%02x]" : "%02x ", (unsigned char)want[i]);
        }
        print_error("\n    got: ");
        for (size_t i = from; i < len && i < at + 30; i++) {
            print_error(i == at ? "[%02x]" : "%02x ", (unsigned char)got[i]);
        }
        print_error("\n");
        fail();
    }
}

static void test_random_trees_match_cjson(void **state)
{
    fixture *f = *state;
    for (uint64_t seed = SEED; seed < SEED + 4000; seed++) {
        gr_test_rng r = {seed};
        cJSON *tree = rand_tree(&r, f->arena, 1 + (int)gr_test_below(&r, 6));
        assert_same_print(&f->c, tree, seed);
        /* an inner item prints alone: its siblings are not part of it */
        if (tree->child != NULL) {
            assert_same_print(&f->c, tree->child, seed);
        }
        gr_arena_reset(f->arena);
    }
}

/* A long chain of mixed containers with siblings at each level (deep
 * enough to spill the printer's stack, shallow enough for cJSON's
 * recursion), and answers of megabytes (buffer growth past the arena's
 * large-chunk size). */
static void test_deep_and_large_match_cjson(void **state)
{
    fixture *f = *state;
    gr_test_rng r = {SEED};
    cJSON *root = cJSON_CreateObject(), *cur = root;
    for (int i = 0; i < 300; i++) {
        cJSON *next = i % 3 == 0 ? cJSON_CreateObject() : cJSON_CreateArray();
        if (gr_test_below(&r, 2)) {
            add_child(&r, f->arena, cur, rand_scalar(&r, f->arena));
        }
        add_child(&r, f->arena, cur, next);
        if (gr_test_below(&r, 2)) {
            add_child(&r, f->arena, cur, rand_tree(&r, f->arena, 2));
        }
        cur = next;
    }
    assert_same_print(&f->c, root, 1);
    gr_arena_reset(f->arena);

    cJSON *big = cJSON_CreateArray();
    for (int i = 0; i < 150000; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "edge", rand_scalar(&r, f->arena));
        cJSON_AddItemToObject(o, "to", cJSON_CreateRaw("123456"));
        cJSON_AddItemToArray(big, o);
    }
    assert_same_print(&f->c, big, 2);
}

static void test_refusals_match_cjson(void **state)
{
    fixture *f = *state;
    size_t len = 0;
    assert_null(gr_json_print(&f->c, NULL, &len));
    /* a Raw item without text and an item of no type are refused */
    cJSON *arr = cJSON_CreateArray();
    cJSON_AddItemToArray(arr, cJSON_CreateRaw("1"));
    cJSON *raw = cJSON_CreateRaw("2");
    raw->valuestring = NULL;
    cJSON_AddItemToArray(arr, raw);
    assert_same_print(&f->c, arr, 3);
    assert_null(gr_json_print(&f->c, arr, &len));
    raw->type = cJSON_Invalid;
    assert_same_print(&f->c, arr, 4);
    assert_null(gr_json_print(&f->c, arr, &len));
    raw->type = cJSON_True | cJSON_IsReference; /* flags above 0xFF are ignored */
    assert_same_print(&f->c, arr, 5);
    assert_string_equal(gr_json_print(&f->c, arr, &len), "[1,true]");
    assert_int_equal(len, 8);
}

/* 10^5 levels: cJSON's printer would recurse that deep; ours must not (the
 * ASan build, with its larger frames, runs this too). */
static void test_deep_nesting_is_iterative(void **state)
{
    fixture *f = *state;
    enum { LEVELS = 100000 };
    cJSON *root = cJSON_CreateArray(), *cur = root;
    for (int i = 1; i < LEVELS; i++) {
        cJSON *next = i % 2 ? cJSON_CreateObject() : cJSON_CreateArray();
        if (cJSON_IsArray(cur)) {
            cJSON_AddItemToArray(cur, next);
            cJSON_AddItemToArray(cur, cJSON_CreateRaw("7"));
        } else {
            cJSON_AddItemToObject(cur, "k\n", next);
        }
        cur = next;
    }
    /* expected: level i < LEVELS-1 opens with "[" (even i) or {"k\n": (odd
     * i) and closes with ",7]" or "}"; the innermost (odd) level is {} */
    size_t cap = (size_t)LEVELS * 8 + 16, n = 0;
    char *want = test_malloc(cap);
    for (int i = 0; i < LEVELS - 1; i++) {
        const char *open = i % 2 ? "{\"k\\n\":" : "[";
        memcpy(want + n, open, strlen(open));
        n += strlen(open);
    }
    memcpy(want + n, "{}", 2);
    n += 2;
    for (int i = LEVELS - 2; i >= 0; i--) {
        const char *close = i % 2 ? "}" : ",7]";
        memcpy(want + n, close, strlen(close));
        n += strlen(close);
    }
    want[n] = '\0';
    size_t len = 0;
    char *got = gr_json_print(&f->c, root, &len);
    assert_non_null(got);
    assert_int_equal(len, n);
    assert_memory_equal(got, want, n + 1);
    test_free(want);
}

/* Out of budget: NULL, whether the first buffer, a doubling or the exact
 * size is refused; an answer that fits the budget but not its doubled
 * buffer still prints. */
static void test_budget_exhaustion_returns_null(void **state)
{
    fixture *f = *state; /* the trees live in f's unlimited arena */
    gr_test_rng r = {SEED + 1};
    cJSON *big = cJSON_CreateArray();
    for (int i = 0; i < 60000; i++) {
        cJSON_AddItemToArray(big, cJSON_CreateString(rand_string(&r, f->arena)));
    }
    cJSON *small = cJSON_CreateObject();
    cJSON_AddItemToObject(small, "grundy", cJSON_CreateRaw("6"));
    char *want = cJSON_PrintUnformatted(big);
    size_t want_len = strlen(want);
    assert_true(want_len > (1u << 19));

    gr_jctx c;
    size_t len = 0;
    /* the budget runs out while the buffer grows */
    gr_arena *a = gr_arena_create(1u << 17);
    gr_jctx_init(&c, a);
    assert_null(gr_json_print(&c, big, &len));
    char *s = gr_json_print(&c, small, &len); /* the arena is still usable */
    assert_non_null(s);
    assert_string_equal(s, "{\"grundy\":6}");
    gr_arena_destroy(a);

    /* no room for even the first buffer */
    a = gr_arena_create(1u << 14);
    gr_jctx_init(&c, a);
    while (gr_arena_alloc(a, 256) != NULL) {
    }
    assert_null(gr_json_print(&c, small, &len));
    gr_arena_destroy(a);

    /* room for the answer (and the arena's blocks of the small-buffer
     * phase) but not for the power-of-two buffer doubling would reach */
    size_t budget = want_len + want_len / 8 + (300u << 10), doubled = 1024;
    while (doubled <= want_len) {
        doubled *= 2;
    }
    assert_true(doubled > budget);
    a = gr_arena_create(budget);
    gr_jctx_init(&c, a);
    s = gr_json_print(&c, big, &len);
    assert_non_null(s);
    assert_int_equal(len, want_len);
    assert_memory_equal(s, want, want_len + 1);
    gr_arena_destroy(a);
}

/* One escaper: for each of the 255 bytes a string can hold, alone and
 * between letters, the answers' printer, the problem documents' escaper
 * (gr_buf_escape) and cJSON write the same bytes. */
static void test_one_escaper_for_every_byte(void **state)
{
    fixture *f = *state;
    for (unsigned v = 1; v < 256; v++) {
        for (int framed = 0; framed < 2; framed++) {
            char s[4] = {0};
            if (framed) {
                s[0] = 'a', s[1] = (char)v, s[2] = 'z';
            } else {
                s[0] = (char)v;
            }
            cJSON *item = cJSON_CreateString(s);
            assert_non_null(item);
            char *want = cJSON_PrintUnformatted(item);
            size_t len;
            char *got = gr_json_print(&f->c, item, &len);
            assert_non_null(want);
            assert_non_null(got);
            assert_string_equal(got, want);
            gr_buf b;
            gr_buf_init(&b, f->arena);
            gr_buf_putc(&b, '"');
            gr_buf_escape(&b, s);
            gr_buf_putc(&b, '"');
            assert_string_equal(gr_buf_cstr(&b), want);
            /* the escape is a valid JSON string of the same byte */
            cJSON *back = cJSON_Parse(want);
            assert_non_null(back);
            assert_string_equal(back->valuestring, s);
        }
    }
}

GR_TEST_MAIN(gr_test_fixed(test_random_trees_match_cjson),
             gr_test_fixed(test_one_escaper_for_every_byte),
             gr_test_fixed(test_deep_and_large_match_cjson),
             gr_test_fixed(test_refusals_match_cjson),
             gr_test_fixed(test_deep_nesting_is_iterative),
             gr_test_fixed(test_budget_exhaustion_returns_null))
