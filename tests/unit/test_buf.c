/* gr_buf, the one text buffer (include/grundy/buf.h), and the integer
 * writers built on its decimals: growth across the arena's large-chunk
 * size, sticky failure at the budget, repeats of earlier spans, every
 * escape, and decimals checked against snprintf. */
#include "gr_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "grundy/buf.h"
#include "json/gr_json.h"

static void test_decimals_match_printf(void **state)
{
    gr_test_rng r = {7};
    for (int i = 0; i < 100000; i++) {
        uint64_t v = gr_test_next(&r) >> (gr_test_below(&r, 64));
        if (i < 3) {
            v = i == 0 ? 0 : i == 1 ? UINT64_MAX : 10;
        }
        char mine[24], want[24];
        size_t n = gr_dec_u64(mine, v);
        snprintf(want, sizeof(want), "%" PRIu64, v);
        assert_string_equal(mine, want);
        assert_int_equal(n, strlen(want));
    }
    /* signed integers through the JSON writer: exact, strings past 2^53-1 */
    gr_arena *a = *state;
    gr_jctx c;
    gr_jctx_init(&c, a);
    static const struct {
        int64_t v;
        const char *text;
    } want[] = {
        {0, "0"},
        {-42, "-42"},
        {-9007199254740991LL, "-9007199254740991"},
        {-9007199254740992LL, "\"-9007199254740992\""},
        {INT64_MIN, "\"-9223372036854775808\""},
        {INT64_MAX, "\"9223372036854775807\""},
    };
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        size_t n;
        char *text = gr_json_print(&c, gr_jw_i64(&c, want[i].v), &n);
        assert_string_equal(text, want[i].text);
    }
}

static void test_growth_repeat_and_budget(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(0);
    gr_buf b;
    gr_buf_init(&b, a);
    /* past the arena's 64 KiB large-chunk size, doubling */
    for (int i = 0; i < 20000; i++) {
        gr_buf_puts(&b, "abc");
        gr_buf_u64(&b, (uint64_t)i);
    }
    size_t len = b.len;
    gr_buf_repeat(&b, 0, len); /* the whole text again: the source moves */
    const char *s = gr_buf_cstr(&b);
    assert_non_null(s);
    assert_int_equal(strlen(s), 2 * len);
    assert_memory_equal(s, s + len, len);
    assert_memory_equal(s, "abc0abc1abc2", 12);
    gr_buf_release(&b);
    assert_null(b.data);
    gr_arena_destroy(a);

    /* over the budget: the failure is sticky and the text is gone */
    a = gr_arena_create(1u << 16);
    gr_buf_init(&b, a);
    for (int i = 0; i < 100000 && !b.oom; i++) {
        gr_buf_puts(&b, "0123456789");
    }
    assert_true(b.oom);
    size_t at = b.len;
    gr_buf_putc(&b, 'x');
    assert_int_equal(b.len, at);
    assert_null(gr_buf_cstr(&b));
    gr_arena_destroy(a);
}

static void test_escapes(void **state)
{
    gr_arena *a = *state;
    gr_buf b;
    gr_buf_init(&b, a);
    /* every byte 1..255 once: each control byte escaped as cJSON does,
     * the rest (DEL, UTF-8 lead and continuation bytes) copied */
    char all[256];
    for (int i = 1; i < 256; i++) {
        all[i - 1] = (char)i;
    }
    all[255] = '\0';
    gr_buf_escape(&b, all);
    const char *s = gr_buf_cstr(&b);
    char want[2048];
    size_t n = 0;
    for (int i = 1; i < 256; i++) {
        const char *two = i == '"'    ? "\\\""
                          : i == '\\' ? "\\\\"
                          : i == '\n' ? "\\n"
                          : i == '\r' ? "\\r"
                          : i == '\t' ? "\\t"
                          : i == '\b' ? "\\b"
                          : i == '\f' ? "\\f"
                                      : NULL;
        if (two != NULL) {
            n += (size_t)snprintf(want + n, sizeof(want) - n, "%s", two);
        } else if (i < 0x20) {
            n += (size_t)snprintf(want + n, sizeof(want) - n, "\\u%04x", (unsigned)i);
        } else {
            want[n++] = (char)i;
        }
    }
    want[n] = '\0';
    assert_string_equal(s, want);
}

GR_TEST_MAIN(gr_test_with_arena(test_decimals_match_printf),
             cmocka_unit_test(test_growth_repeat_and_budget), gr_test_with_arena(test_escapes))
