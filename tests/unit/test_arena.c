/* The arena: alignment, large allocations, resizing, budget, cleanup. */
#include "gr_test.h"

#include <string.h>

#include "grundy/arena.h"

static void test_alignment_and_distinct(void **state)
{
    gr_arena *a = *state;
    assert_non_null(a);
    unsigned char *prev = NULL;
    for (size_t i = 0; i < 5000; i++) {
        size_t n = (i * 7919) % 300;
        unsigned char *p = gr_arena_alloc(a, n);
        assert_non_null(p);
        assert_int_equal((uintptr_t)p % GR_ARENA_ALIGNMENT, 0);
        assert_ptr_not_equal(p, prev);
        memset(p, 0xAB, n);
        prev = p;
    }
}

static void test_large_and_free(void **state)
{
    gr_arena *a = *state;
    size_t before = gr_arena_bytes(a);
    unsigned char *big = gr_arena_alloc(a, 10u << 20);
    assert_non_null(big);
    assert_int_equal((uintptr_t)big % GR_ARENA_ALIGNMENT, 0);
    memset(big, 1, 10u << 20);
    assert_true(gr_arena_bytes(a) >= before + (10u << 20));
    gr_arena_free(a, big, 10u << 20);
    assert_true(gr_arena_bytes(a) < before + 4096);
    assert_true(gr_arena_peak(a) >= 10u << 20);
}

static void test_realloc_keeps_contents(void **state)
{
    gr_arena *a = *state;
    size_t cap = 8;
    uint32_t *v = gr_arena_alloc(a, cap * sizeof(*v));
    for (uint32_t i = 0; i < 1000000; i++) {
        if (i == cap) {
            v = gr_arena_realloc(a, v, cap * sizeof(*v), 2 * cap * sizeof(*v));
            assert_non_null(v);
            cap *= 2;
        }
        v[i] = i * 3u;
    }
    for (uint32_t i = 0; i < 1000000; i++) {
        assert_int_equal(v[i], i * 3u);
    }
}

static void test_budget(void **state)
{
    (void)state;
    gr_arena *a = gr_arena_create(1u << 20);
    assert_non_null(a);
    assert_null(gr_arena_alloc(a, 2u << 20));
    assert_null(gr_arena_calloc(a, SIZE_MAX / 2, 4));
    size_t got = 0;
    while (gr_arena_alloc(a, 1000) != NULL) {
        got += 1000;
        assert_true(got <= (1u << 20));
    }
    assert_true(gr_arena_bytes(a) <= (1u << 20));
    /* still usable after a failure for something that fits nowhere */
    assert_null(gr_arena_alloc(a, 1u << 19));
    gr_arena_destroy(a);
}

static void note(void *data) { (*(int *)data)++; }

static void test_cleanup_and_reset(void **state)
{
    (void)state;
    int count = 0;
    gr_arena *a = gr_arena_create(0);
    assert_int_equal(gr_arena_on_cleanup(a, note, &count), 0);
    for (int i = 0; i < 100; i++) {
        assert_non_null(gr_arena_alloc(a, 100000));
    }
    gr_arena_reset(a);
    assert_int_equal(count, 1);
    assert_true(gr_arena_bytes(a) < 64 * 1024);
    assert_non_null(gr_arena_alloc(a, 10));
    gr_arena_destroy(a);
    assert_int_equal(count, 1);
}

GR_TEST_MAIN(
        gr_test_with_arena(test_alignment_and_distinct),
        gr_test_with_arena(test_large_and_free),
        gr_test_with_arena(test_realloc_keeps_contents),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_cleanup_and_reset))
