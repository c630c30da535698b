/* Positions of the heap games (grundy/heap_position.h): the position's
 * value, its winning moves and every move with its value, for octal and
 * subtraction games, against a brute force written here from the rules
 * (every option of every heap enumerated, values by the mex definition).
 * Every move returned is replayed: its heap, take and leaves are legal and
 * the value after it is the XOR the brute force gives. */
#include "gr_test_octal.h"

#include "grundy/heap_position.h"

enum { N = 120 }; /* heaps below N: the brute-force tables */

/* gr_*_pos_moves_to into a fresh list of room max: its records, their
 * number in *listed. */
static const gr_heap_move *oct_to(gr_arena *a, gr_octal_table *t, const gr_heap_pos *p,
                                  uint64_t target, uint64_t max, bool all, uint64_t *listed,
                                  uint64_t *count)
{
    gr_heap_moves l = {.arena = a, .room = max};
    gr_heap_limit limit;
    assert_int_equal(gr_octal_pos_moves_to(t, p, target, all, &l, count, &limit), GR_OK);
    *listed = l.listed;
    return l.item;
}

static const gr_heap_move *sub_to(gr_arena *a, const gr_sub_table *t, const gr_heap_pos *p,
                                  uint64_t target, uint64_t max, uint64_t *listed, uint64_t *count)
{
    gr_heap_moves l = {.arena = a, .room = max};
    assert_int_equal(gr_sub_pos_moves_to(t, p, target, true, &l, count), GR_OK);
    *listed = l.listed;
    return l.item;
}

/* ---- octal brute force ------------------------------------------------ */

typedef struct oct_ref {
    unsigned char digit[8];
    unsigned len;
    uint64_t g[N];
} oct_ref;

/* Calls f(take, nleaves, a, b) for every option of a heap of h, in no
 * particular order (the core's order is checked separately). */
#define OCT_OPTIONS(r, h, BODY)                                                                    \
    for (unsigned j = 1; j <= (r)->len && j <= (h); j++) {                                         \
        unsigned d = (r)->digit[j];                                                                \
        if ((d & 1) && j == (h)) {                                                                 \
            unsigned nl = 0;                                                                       \
            uint64_t a = 0, b = 0;                                                                 \
            BODY                                                                                   \
        }                                                                                          \
        if ((d & 2) && j < (h)) {                                                                  \
            unsigned nl = 1;                                                                       \
            uint64_t a = (h)-j, b = 0;                                                             \
            BODY                                                                                   \
        }                                                                                          \
        for (uint64_t a = 1; (d & 4) && 2 * a <= (h)-j; a++) {                                     \
            unsigned nl = 2;                                                                       \
            uint64_t b = (h)-j - a;                                                                \
            BODY                                                                                   \
        }                                                                                          \
    }

static void oct_ref_build(oct_ref *r, const char *text)
{
    memset(r, 0, sizeof(*r));
    r->len = (unsigned)strlen(text) - 2;
    for (unsigned j = 1; j <= r->len; j++) {
        r->digit[j] = (unsigned char)(text[1 + j] - '0');
    }
    for (uint64_t h = 0; h < N; h++) {
        unsigned char seen[N + 2] = {0};
        OCT_OPTIONS(r, h, {
            (void)j;
            uint64_t v = (nl >= 1 ? r->g[a] : 0) ^ (nl == 2 ? r->g[b] : 0);
            if (v < N + 2) {
                seen[v] = 1;
            }
        })
        uint64_t m = 0;
        while (seen[m]) {
            m++;
        }
        r->g[h] = m;
    }
}

static uint64_t oct_leaves_value(const oct_ref *r, const gr_heap_move *m)
{
    uint64_t v = 0;
    for (uint32_t i = 0; i < m->nleaves; i++) {
        assert_true(m->leaves[i] >= 1 && m->leaves[i] < N);
        v ^= r->g[m->leaves[i]];
    }
    return v;
}

/* A move of position (heaps, n) is legal and leaves `after`. */
static void oct_check_move(const oct_ref *r, const uint64_t *heaps, size_t n, uint64_t value,
                           const gr_heap_move *m)
{
    assert_true(m->heap < n);
    assert_int_equal(m->from, heaps[m->heap]);
    uint64_t left = 0;
    for (uint32_t i = 0; i < m->nleaves; i++) {
        left += m->leaves[i];
    }
    assert_true(m->take >= 1 && m->take <= r->len);
    assert_int_equal(left + m->take, m->from);
    assert_true(r->digit[m->take] & (1u << m->nleaves));
    assert_int_equal(m->after, value ^ r->g[m->from] ^ oct_leaves_value(r, m));
}

static uint64_t oct_brute_count(const oct_ref *r, const uint64_t *heaps, size_t n, uint64_t value,
                                int target)
{
    uint64_t count = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t h = heaps[i], rest = value ^ r->g[h];
        OCT_OPTIONS(r, h, {
            (void)j;
            uint64_t v = (nl >= 1 ? r->g[a] : 0) ^ (nl == 2 ? r->g[b] : 0);
            count += target < 0 || (rest ^ v) == (uint64_t)target;
        })
    }
    return count;
}

static void test_octal_position(void **state)
{
    gr_arena *a = *state;
    static const char *const codes[] = {"0.77", "0.137", "0.07", "0.4", "0.6", "0.15", "0.37"};
    gr_test_rng rng = {0x4ea9};
    for (size_t ci = 0; ci < sizeof(codes) / sizeof(codes[0]); ci++) {
        oct_ref r;
        oct_ref_build(&r, codes[ci]);
        gr_octal_table t = gr_test_octal_solve(a, codes[ci], N);
        for (int iter = 0; iter < 40; iter++) {
            uint64_t heaps[6];
            size_t n = 1 + gr_test_below(&rng, 5);
            uint64_t value = 0;
            for (size_t i = 0; i < n; i++) {
                heaps[i] = gr_test_below(&rng, t.computed < 40 ? t.computed : 40);
                value ^= r.g[heaps[i]];
            }
            gr_heap_pos p;
            size_t bad = 99;
            assert_int_equal(gr_octal_pos_init(a, &t, heaps, n, &p, &bad), GR_OK);
            assert_int_equal(p.value, value);
            for (size_t i = 0; i < n; i++) {
                assert_int_equal(p.grundy[i], r.g[heaps[i]]);
            }
            /* winning moves: every one, and the first alone */
            uint64_t listed, count;
            gr_heap_limit limit;
            const gr_heap_move *out = oct_to(a, &t, &p, 0, 400, true, &listed, &count);
            assert_int_equal(count, oct_brute_count(&r, heaps, n, value, 0));
            assert_int_equal(listed, count);
            for (uint64_t k = 0; k < listed; k++) {
                oct_check_move(&r, heaps, n, value, &out[k]);
                assert_int_equal(out[k].after, 0);
                assert_true(k == 0 || out[k - 1].heap <= out[k].heap);
            }
            uint64_t one_listed, one_count;
            const gr_heap_move *one = oct_to(a, &t, &p, 0, 1, false, &one_listed, &one_count);
            assert_int_equal(one_listed, count > 0);
            assert_true(count == 0 ? one_count == 0 : one_count >= 1);
            if (one_listed) {
                assert_moves_equal(one, 1, &out[0], 1);
            }
            /* every move, then the first three of them */
            gr_heap_moves all = {.arena = a, .room = 100000};
            assert_int_equal(gr_octal_pos_moves_all(&t, &p, &all, &limit), GR_OK);
            uint64_t every = oct_brute_count(&r, heaps, n, value, -1);
            assert_true(all.count == every);
            assert_int_equal(all.listed, every);
            for (size_t k = 0; k < all.listed; k++) {
                oct_check_move(&r, heaps, n, value, &all.item[k]);
            }
            gr_heap_moves few = {.arena = a, .room = 3};
            assert_int_equal(gr_octal_pos_moves_all(&t, &p, &few, &limit), GR_OK);
            assert_true(few.count == every);
            assert_moves_equal(few.item, few.listed, all.item, every < 3 ? every : 3);
        }
    }
}

/* Many equal heaps: counted through the memo, each heap's moves alike. */
static void test_octal_many_heaps(void **state)
{
    gr_arena *a = *state;
    oct_ref r;
    oct_ref_build(&r, "0.77");
    gr_octal_table t = gr_test_octal_solve(a, "0.77", N);
    enum { H = 1000 };
    uint64_t heaps[H];
    for (size_t i = 0; i < H; i++) {
        heaps[i] = i % 2 == 0 ? 9 : 10; /* 500 of each: the value is 0 */
    }
    heaps[0] = 11; /* now g(9) ^ g(11) */
    gr_heap_pos p;
    size_t bad;
    assert_int_equal(gr_octal_pos_init(a, &t, heaps, H, &p, &bad), GR_OK);
    uint64_t value = r.g[9] ^ r.g[11];
    assert_int_equal(p.value, value);
    uint64_t listed, count;
    gr_heap_limit limit;
    oct_to(a, &t, &p, 0, 4, true, &listed, &count);
    assert_int_equal(count, oct_brute_count(&r, heaps, H, value, 0));
    assert_int_equal(listed, count < 4 ? count : 4);
    gr_heap_moves all = {.arena = a, .room = 5};
    assert_int_equal(gr_octal_pos_moves_all(&t, &p, &all, &limit), GR_OK);
    assert_true(all.count == oct_brute_count(&r, heaps, H, value, -1));
    assert_int_equal(all.listed, 5);
}

/* A heap past an unconfirmed table is named by its index. */
static void test_octal_beyond_table(void **state)
{
    gr_arena *a = *state;
    gr_octal_table t = gr_test_octal_solve(a, "0.137", 20); /* too short for a period */
    assert_false(t.periodic);
    uint64_t heaps[] = {3, 5, t.computed + 4};
    gr_heap_pos p;
    size_t bad = 0;
    assert_int_equal(gr_octal_pos_init(a, &t, heaps, 3, &p, &bad), GR_ELIMIT);
    assert_int_equal(bad, 2);
}

/* ---- subtraction ------------------------------------------------------ */

static void sub_ref(const uint64_t *set, size_t k, uint64_t *g, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char seen[64] = {0};
        for (size_t s = 0; s < k; s++) {
            if (set[s] <= i) {
                seen[g[i - set[s]]] = 1;
            }
        }
        uint64_t m = 0;
        while (seen[m]) {
            m++;
        }
        g[i] = m;
    }
}

static void test_sub_position(void **state)
{
    gr_arena *a = *state;
    static const uint64_t set[] = {2, 3, 7}; /* given unsorted below */
    const uint64_t given[] = {7, 2, 3};
    uint64_t g[N];
    sub_ref(set, 3, g, N);
    gr_sub_rules rules = {.set = given, .set_len = 3};
    gr_sub_table t;
    assert_int_equal(gr_sub_solve(a, &rules, &t), GR_OK);
    gr_test_rng rng = {0x5b};
    for (int iter = 0; iter < 200; iter++) {
        uint64_t piles[5];
        size_t n = 1 + gr_test_below(&rng, 5);
        uint64_t value = 0;
        for (size_t i = 0; i < n; i++) {
            piles[i] = gr_test_below(&rng, N);
            value ^= g[piles[i]];
        }
        gr_heap_pos p;
        size_t bad;
        assert_int_equal(gr_sub_pos_init(a, &t, piles, n, &p, &bad), GR_OK);
        assert_int_equal(p.value, value);
        uint64_t listed, count, want = 0, every = 0;
        const gr_heap_move *out = sub_to(a, &t, &p, 0, 16, &listed, &count);
        for (size_t i = 0; i < n; i++) {
            for (size_t s = 0; s < 3; s++) {
                if (set[s] <= piles[i]) {
                    every++;
                    want += (value ^ g[piles[i]] ^ g[piles[i] - set[s]]) == 0;
                }
            }
        }
        assert_int_equal(count, want);
        assert_int_equal(listed, want);
        for (uint64_t k = 0; k < listed; k++) {
            const gr_heap_move *m = &out[k];
            assert_int_equal(m->from, piles[m->heap]);
            assert_int_equal(m->leaves[0], m->from - m->take);
            assert_int_equal(value ^ g[m->from] ^ g[m->leaves[0]], 0);
        }
        gr_heap_moves all = {.arena = a, .room = 1000};
        assert_int_equal(gr_sub_pos_moves_all(&t, &p, &all), GR_OK);
        assert_true(all.count == every);
        assert_int_equal(all.listed, every);
        for (size_t k = 0; k < all.listed; k++) {
            const gr_heap_move *m = &all.item[k];
            assert_true(m->take == 2 || m->take == 3 || m->take == 7);
            assert_int_equal(m->after, value ^ g[m->from] ^ g[m->from - m->take]);
            /* pile by pile, takes ascending */
            assert_true(k == 0 || all.item[k - 1].heap < m->heap ||
                        (all.item[k - 1].heap == m->heap && all.item[k - 1].take < m->take));
        }
    }
}

/* Take 1..K: one winning move a pile at most; 2^63-1 tokens answered. */
static void test_sub_max_take(void **state)
{
    gr_arena *a = *state;
    gr_sub_rules rules = {.max_take = 3};
    gr_sub_table t;
    assert_int_equal(gr_sub_solve(a, &rules, &t), GR_OK);
    const uint64_t piles[] = {9223372036854775807ull, 5, 7};
    gr_heap_pos p;
    size_t bad;
    assert_int_equal(gr_sub_pos_init(a, &t, piles, 3, &p, &bad), GR_OK);
    assert_int_equal(p.value, (9223372036854775807ull % 4) ^ 1 ^ 3);
    uint64_t listed, count;
    const gr_heap_move *out = sub_to(a, &t, &p, 0, 3, &listed, &count);
    for (uint64_t k = 0; k < listed; k++) {
        uint64_t v = p.value ^ (out[k].from % 4) ^ (out[k].leaves[0] % 4);
        assert_int_equal(v, 0);
        assert_true(out[k].take >= 1 && out[k].take <= 3);
    }
    assert_int_equal(listed, count);
    assert_true(count >= 1);
}

/* Many piles of a large set: the memo per reduced pile answers the same
 * count as each pile searched alone. */
static void test_sub_memo(void **state)
{
    gr_arena *a = *state;
    uint64_t set[48];
    for (size_t i = 0; i < 48; i++) {
        set[i] = 1 + 3 * i;
    }
    gr_sub_rules rules = {.set = set, .set_len = 48};
    gr_sub_table t;
    assert_int_equal(gr_sub_solve(a, &rules, &t), GR_OK);
    enum { P = 30000 }; /* P * |S| > 2^20: memoised */
    uint64_t *piles = GR_ARENA_ARRAY(a, uint64_t, P);
    gr_test_rng rng = {0x77};
    for (size_t i = 0; i < P; i++) {
        piles[i] = gr_test_below(&rng, 400);
    }
    gr_heap_pos p;
    size_t bad;
    assert_int_equal(gr_sub_pos_init(a, &t, piles, P, &p, &bad), GR_OK);
    for (uint64_t target = 0; target < 3; target++) {
        uint64_t listed, count, want = 0;
        sub_to(a, &t, &p, target, 2, &listed, &count);
        for (size_t i = 0; i < P; i++) {
            uint64_t gi = p.grundy[i], after;
            for (size_t s = 0; s < 48 && set[s] <= piles[i]; s++) {
                assert_int_equal(gr_sub_grundy(&t, piles[i] - set[s], &after), GR_OK);
                want += (p.value ^ gi ^ after) == target;
            }
        }
        assert_int_equal(count, want);
    }
}

static void test_add_sat(void **state)
{
    (void)state;
    assert_int_equal(gr_heap_add_sat(2, 3), 5);
    assert_int_equal(gr_heap_add_sat(UINT64_MAX - 1, 1), UINT64_MAX);
    assert_int_equal(gr_heap_add_sat(UINT64_MAX - 1, 2), UINT64_MAX);
    assert_int_equal(gr_heap_add_sat(UINT64_MAX, UINT64_MAX), UINT64_MAX);
}

GR_TEST_MAIN(gr_test_with_arena(test_octal_position), gr_test_with_arena(test_octal_many_heaps),
             gr_test_with_arena(test_octal_beyond_table), gr_test_with_arena(test_sub_position),
             gr_test_with_arena(test_sub_max_take), gr_test_with_arena(test_sub_memo),
             cmocka_unit_test(test_add_sat))
