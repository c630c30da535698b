/* The HTTP layer's pure parts: the request-head check (src/http/head.c)
 * and body intake (src/http/body.c); plus the arena's shared quota and
 * stop conditions that the daemon relies on. */
#include "gr_test.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/arena.h"
#include "http/body.h"
#include "http/head.h"

#define LIMIT ((size_t)15 << 10)

static gr_head_verdict verdict(const char *s)
{
    gr_head_result r;
    gr_head_check(s, strlen(s), LIMIT, &r);
    if (r.verdict != GR_HEAD_OK && r.verdict != GR_HEAD_INCOMPLETE) {
        assert_non_null(r.why);
    }
    return r.verdict;
}

#define H(x) "POST /v1/nim HTTP/1.1\r\nHost: x\r\n" x "\r\n"

static void test_head_accepts(void **state)
{
    (void)state;
    assert_int_equal(verdict("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), GR_HEAD_OK);
    assert_int_equal(verdict("GET / HTTP/1.0\r\n\r\n"), GR_HEAD_OK);
    assert_int_equal(verdict("\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"), GR_HEAD_OK);
    assert_int_equal(verdict("GET / HTTP/1.1\nHost: x\n\n"), GR_HEAD_OK); /* bare LF */
    assert_int_equal(verdict(H("Content-Length: 17\r\n")), GR_HEAD_OK);
    assert_int_equal(verdict(H("Content-Length: 17\r\nContent-Length: 17\r\n")), GR_HEAD_OK);
    assert_int_equal(verdict(H("Transfer-Encoding: Chunked\r\n")), GR_HEAD_OK);
    assert_int_equal(verdict(H("X-Id: a\tb\x7f\x80\r\n")), GR_HEAD_OK);
    assert_int_equal(verdict("GET /a%20b?x=%41 HTTP/1.1\r\nHost: x\r\n\r\n"), GR_HEAD_OK);
    gr_head_result r;
    const char *two = "GET / HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE";
    gr_head_check(two, strlen(two), LIMIT, &r);
    assert_int_equal(r.verdict, GR_HEAD_OK);
    assert_int_equal(r.head_len, strlen(two) - strlen("GARBAGE"));
}

static void test_head_refuses(void **state)
{
    (void)state;
    static const char *bad[] = {
        H("Content-Length: 1\r\nTransfer-Encoding: chunked\r\n"),
        H("Content-Length: 16\r\nContent-Length: 17\r\n"),
        H("Content-Length: -1\r\n"),
        H("Content-Length: +17\r\n"),
        H("Content-Length: 17, 17\r\n"),
        H("Content-Length: 0x11\r\n"),
        H("Content-Length: \r\n"),
        H("Content-Length: 99999999999999999999\r\n"),
        H("Transfer-Encoding: chunked, chunked\r\n"),
        H("Transfer-Encoding: ,\r\n"),
        "GET /healthz%00 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a%0d%0a HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /a%7F HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        "GET / HTTP/1.1\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/2.0\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 \r\nHost: x\r\n\r\n",
        "G\x01T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\x01b\r\n\r\n",
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        gr_head_verdict v = verdict(bad[i]);
        if (v != GR_HEAD_BAD) {
            fail_msg("case %zu: verdict %d for %s", i, (int)v, bad[i]);
        }
    }
    assert_int_equal(verdict(H("Transfer-Encoding: gzip\r\n")), GR_HEAD_TE_UNKNOWN);
    assert_int_equal(verdict(H("Transfer-Encoding: gzip, chunked\r\n")), GR_HEAD_TE_UNKNOWN);
}

static void test_head_incomplete_and_limits(void **state)
{
    (void)state;
    assert_int_equal(verdict(""), GR_HEAD_INCOMPLETE);
    assert_int_equal(verdict("GET / HT"), GR_HEAD_INCOMPLETE);
    assert_int_equal(verdict("GET / HTTP/1.1\r\nHost: x\r\n"), GR_HEAD_INCOMPLETE);
    assert_int_equal(verdict("GARBAGE LINE\r\n"), GR_HEAD_BAD); /* judged on its first line */
    char *big = malloc(LIMIT + 64);
    memset(big, 'a', LIMIT + 63);
    big[LIMIT + 63] = '\0';
    assert_int_equal(verdict(big), GR_HEAD_URI_TOO_LONG);
    memcpy(big, "GET / HTTP/1.1\r\nX: ", 19);
    assert_int_equal(verdict(big), GR_HEAD_TOO_LARGE);
    free(big);
    /* every prefix of a good head is incomplete, never refused */
    const char *good = H("Content-Length: 17\r\nX-Request-Id: abc\r\n");
    for (size_t n = 0; n + 1 < strlen(good); n++) {
        gr_head_result r;
        gr_head_check(good, n, LIMIT, &r);
        if (r.verdict != GR_HEAD_INCOMPLETE) {
            fail_msg("prefix %zu: verdict %d", n, (int)r.verdict);
        }
    }
}

static void test_target_ctl(void **state)
{
    (void)state;
    assert_true(gr_head_target_has_ctl("/a%00", 5));
    assert_true(gr_head_target_has_ctl("/a%1f", 5));
    assert_true(gr_head_target_has_ctl("/a%7f", 5));
    assert_false(gr_head_target_has_ctl("/a%20", 5));
    assert_false(gr_head_target_has_ctl("/a%0", 4)); /* incomplete escape: not decoded */
    assert_false(gr_head_target_has_ctl("/a%zz", 5));
}

/* A crash once found here: a declared length (a header) smaller than what
 * arrives never bounds the copy. */
static void test_body_longer_than_declared(void **state)
{
    gr_arena *a = *state;
    gr_body b;
    assert_int_equal(gr_body_init(&b, a, 1, 1 << 20, 64 << 10), GR_BODY_OK);
    char chunk[4096];
    memset(chunk, 'x', sizeof(chunk));
    for (int i = 0; i < 256; i++) { /* 1 MiB in 4 KiB chunks */
        assert_int_equal(gr_body_append(&b, a, chunk, sizeof(chunk)), GR_BODY_OK);
        assert_true(b.cap > b.len);
        assert_int_equal(b.data[b.len], '\0');
    }
    assert_int_equal(b.len, 1 << 20);
    assert_int_equal(gr_body_append(&b, a, chunk, 1), GR_BODY_TOO_LARGE);
    assert_int_equal(gr_body_append(&b, a, chunk, 0), GR_BODY_TOO_LARGE); /* sticky */
}

static void test_body_random_chunks(void **state)
{
    (void)state;
    gr_test_rng rng = {16};
    for (int round = 0; round < 200; round++) {
        gr_arena *a = gr_arena_create(0);
        size_t total = (size_t)gr_test_below(&rng, 300000);
        uint64_t declared = gr_test_below(&rng, 3) == 0 ? UINT64_MAX : gr_test_below(&rng, 400000);
        size_t max = 350000;
        gr_body b;
        gr_body_status st = gr_body_init(&b, a, declared, max, (size_t)1 + gr_test_below(&rng, 70000));
        if (declared != UINT64_MAX && declared > max) {
            assert_int_equal(st, GR_BODY_TOO_LARGE);
            gr_arena_destroy(a);
            continue;
        }
        assert_int_equal(st, GR_BODY_OK);
        unsigned char *want = malloc(total + 1);
        size_t off = 0;
        while (off < total) {
            size_t n = (size_t)gr_test_below(&rng, 20000) + 1;
            if (n > total - off) {
                n = total - off;
            }
            for (size_t i = 0; i < n; i++) {
                want[off + i] = (unsigned char)gr_test_next(&rng);
            }
            assert_int_equal(gr_body_append(&b, a, (const char *)want + off, n), GR_BODY_OK);
            off += n;
        }
        assert_int_equal(b.len, total);
        assert_memory_equal(b.data, want, total);
        free(want);
        gr_arena_destroy(a);
    }
}

/* A body of exactly --max-body, declared or chunked (or under a smaller
 * declared length), is held in at most max + 1 bytes, not twice that. */
static void test_body_cap_at_the_bound(void **state)
{
    gr_arena *a = *state;
    const size_t max = 1 << 20;
    const uint64_t declared[] = {max, max - 1, UINT64_MAX, 1};
    char chunk[4096];
    memset(chunk, 'y', sizeof(chunk));
    for (size_t d = 0; d < sizeof(declared) / sizeof(declared[0]); d++) {
        gr_arena_reset(a); /* a fresh start each round */
        gr_body b;
        assert_int_equal(gr_body_init(&b, a, declared[d], max, 64 << 10), GR_BODY_OK);
        for (size_t got = 0; got < max; got += sizeof(chunk)) {
            assert_int_equal(gr_body_append(&b, a, chunk, sizeof(chunk)), GR_BODY_OK);
        }
        assert_int_equal(b.len, max);
        assert_true(b.cap <= max + 1);
        assert_int_equal(b.data[max], '\0');
    }
}

static void test_body_budget(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(200 << 10);
    gr_body b;
    assert_int_equal(gr_body_init(&b, a, UINT64_MAX, 10 << 20, 64 << 10), GR_BODY_OK);
    char chunk[8192] = {0};
    gr_body_status st = GR_BODY_OK;
    for (int i = 0; i < 100 && st == GR_BODY_OK; i++) {
        st = gr_body_append(&b, a, chunk, sizeof(chunk));
    }
    assert_int_equal(st, GR_BODY_NOMEM);
    gr_arena_destroy(a);
}

static void test_quota_shared_and_returned(void **state)
{
    (void)state;
    gr_arena_quota q = {0, 4 << 20};
    gr_arena *a = gr_arena_create_in(0, &q);
    gr_arena *b = gr_arena_create_in(0, &q);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(gr_arena_alloc(a, 3 << 20));
    assert_null(gr_arena_alloc(b, 2 << 20)); /* the two together would pass 4 MiB */
    assert_true(gr_arena_quota_hit(b));
    void *small = gr_arena_alloc(b, 100);
    assert_non_null(small);
    gr_arena_destroy(a);
    assert_non_null(gr_arena_alloc(b, 2 << 20));
    gr_arena_destroy(b);
    assert_int_equal(atomic_load(&q.used), 0); /* every byte given back */
}

static void test_stop_conditions(void **state)
{
    gr_arena *a = *state;
    assert_int_equal(gr_arena_check(a), GR_OK);
    _Atomic int cancel = 0, all = 0;
    gr_stop s = {&cancel, &all, 0};
    gr_arena_set_stop(a, &s);
    assert_int_equal(gr_arena_check(a), GR_OK);
    atomic_store(&all, 1);
    assert_int_equal(gr_arena_check(a), GR_ECANCELLED);
    atomic_store(&all, 0);
    s.deadline_ns = 1; /* long past */
    assert_int_equal(gr_arena_check(a), GR_ETIME);
    gr_arena_reset(a); /* a reset arena starts with no stop attached */
    assert_int_equal(gr_arena_check(a), GR_OK);
}

GR_TEST_MAIN(
        cmocka_unit_test(test_head_accepts),
        cmocka_unit_test(test_head_refuses),
        cmocka_unit_test(test_head_incomplete_and_limits),
        cmocka_unit_test(test_target_ctl),
        gr_test_with_arena(test_body_longer_than_declared),
        cmocka_unit_test(test_body_random_chunks),
        gr_test_with_arena(test_body_cap_at_the_bound),
        cmocka_unit_test(test_body_budget),
        cmocka_unit_test(test_quota_shared_and_returned),
        gr_test_with_arena(test_stop_conditions))
