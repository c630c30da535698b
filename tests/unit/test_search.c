/* The games solved by search (Node Kayles, Cram, Chomp) against naive
 * references written independently here: every position of a small game
 * valued by mex over all subsets (bitmasks, or heights for Chomp) in an
 * order where a position's options come first -- no recursion, no shared
 * code with src/core.  Also: every listed move's value, every winning move
 * replayed from scratch to a position of value 0, published tables (Cram
 * nimbers of Beling's igs README, Dawson's chess OEIS A002187 for Node
 * Kayles on paths), and the errors with the index they blame. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "grundy/chomp.h"
#include "grundy/cram.h"
#include "grundy/node_kayles.h"

/* OEIS A002187, Dawson's chess (octal 0.137) on n = 0, 1, ... */
static const unsigned dawson_chess[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2,
                                        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1,
                                        1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2};

/* The fixture of the error tests: an arena of 64 MiB, as the solvers get. */
static int arena64_setup(void **state)
{
    *state = gr_arena_create(64 << 20);
    return *state != NULL ? 0 : -1;
}

#define with_arena64(f) cmocka_unit_test_setup_teardown(f, arena64_setup, gr_test_arena_teardown)

/* `call`, which names the input it blames in `bad`, fails with `status`
 * and blames input `at` (bad is reset first: a call that leaves it alone
 * fails). */
#define ASSERT_BLAMES(call, status, at)                                                            \
    do {                                                                                           \
        bad = 99;                                                                                  \
        assert_int_equal((call), (status));                                                        \
        assert_int_equal(bad, (at));                                                               \
    } while (0)

static unsigned mex64(uint64_t seen_lo, uint64_t seen_hi)
{
    unsigned v = 0;
    while (v < 64 ? (seen_lo >> v) & 1 : (seen_hi >> (v - 64)) & 1) {
        v++;
    }
    return v;
}

/* ---- Node Kayles ----------------------------------------------------------- */

typedef struct nk_graph {
    unsigned n;
    uint64_t closed[24];
    uint32_t edges[2 * 200];
    size_t m;
} nk_graph;

static void nk_random(gr_test_rng *r, unsigned n, unsigned p_percent, nk_graph *g)
{
    memset(g, 0, sizeof(*g));
    g->n = n;
    for (unsigned v = 0; v < n; v++) {
        g->closed[v] = 1ULL << v;
    }
    for (unsigned u = 0; u < n; u++) {
        for (unsigned v = u; v < n; v++) {
            /* loops (u == v) and a few repeated edges: allowed, change nothing */
            if (gr_test_below(r, 100) < p_percent && g->m < 200) {
                g->edges[2 * g->m] = u;
                g->edges[2 * g->m + 1] = v;
                g->m++;
                if (gr_test_below(r, 8) == 0 && g->m < 200) {
                    g->edges[2 * g->m] = v;
                    g->edges[2 * g->m + 1] = u;
                    g->m++;
                }
                g->closed[u] |= 1ULL << v;
                g->closed[v] |= 1ULL << u;
            }
        }
    }
}

/* g[mask] for every subset: a move's result is a proper subset, so it is a
 * smaller number and already known. */
static unsigned char *nk_naive(const nk_graph *g)
{
    size_t total = (size_t)1 << g->n;
    unsigned char *val = malloc(total);
    for (size_t mask = 0; mask < total; mask++) {
        uint64_t seen = 0;
        for (unsigned v = 0; v < g->n; v++) {
            if ((mask >> v) & 1) {
                seen |= 1ULL << val[mask & ~g->closed[v]];
            }
        }
        val[mask] = (unsigned char)mex64(seen, 0);
    }
    return val;
}

static void test_nk_random_graphs(void **state)
{
    (void)state;
    gr_test_rng r = {20};
    for (unsigned trial = 0; trial < 120; trial++) {
        unsigned n =
            trial < 100 ? 1 + (unsigned)gr_test_below(&r, 14) : 17 + (unsigned)gr_test_below(&r, 3);
        nk_graph g;
        nk_random(&r, n, 5 + (unsigned)gr_test_below(&r, 50), &g);
        unsigned char *ref = nk_naive(&g);
        uint64_t all = (1ULL << n) - 1;
        gr_arena *a = gr_arena_create(64 << 20);
        gr_nk *nk;
        size_t bad;
        assert_int_equal(gr_nk_create(a, n, g.edges, g.m, NULL, &nk, &bad), GR_OK);
        unsigned v;
        assert_int_equal(gr_nk_value(nk, &v), GR_OK);
        assert_int_equal(v, ref[all]);
        gr_nk_move mv[24];
        size_t count;
        assert_int_equal(gr_nk_moves(nk, -1, mv, 24, true, &count), GR_OK);
        assert_int_equal(count, n);
        for (size_t i = 0; i < count; i++) {
            assert_int_equal(mv[i].vertex, i);
            assert_int_equal(mv[i].grundy, ref[all & ~g.closed[i]]);
        }
        /* winning moves: exactly the moves to 0, each replayed */
        size_t want = 0;
        for (unsigned u = 0; u < n; u++) {
            want += ref[all & ~g.closed[u]] == 0;
        }
        assert_int_equal(gr_nk_moves(nk, 0, mv, 24, true, &count), GR_OK);
        assert_int_equal(count, want);
        for (size_t i = 0; i < count; i++) {
            assert_int_equal(ref[all & ~g.closed[mv[i].vertex]], 0);
            assert_int_equal(mv[i].grundy, 0);
        }
        if (want > 0) {
            assert_int_equal(gr_nk_moves(nk, 0, mv, 1, false, &count), GR_OK);
            assert_true(count >= 1);
        }
        gr_arena_destroy(a);
        free(ref);
    }
}

static unsigned nk_path_value(unsigned n)
{
    uint32_t e[2 * 64];
    for (unsigned i = 0; i + 1 < n; i++) {
        e[2 * i] = i;
        e[2 * i + 1] = i + 1;
    }
    gr_arena *a = gr_arena_create(64 << 20);
    gr_nk *nk;
    size_t bad;
    unsigned v = 999;
    assert_int_equal(gr_nk_create(a, n, e, n ? n - 1 : 0, NULL, &nk, &bad), GR_OK);
    assert_int_equal(gr_nk_value(nk, &v), GR_OK);
    gr_arena_destroy(a);
    return v;
}

/* A move on a path takes one, two or three consecutive vertices: Dawson's
 * chess, OEIS A002187.  (Kayles, 0.77, takes one or two pins and is not
 * Node Kayles on a path: P_2 is worth 1, Kayles on 2 pins 2.) */
static void test_nk_paths_are_dawsons_chess(void **state)
{
    (void)state;
    for (unsigned n = 0; n < sizeof(dawson_chess) / sizeof(dawson_chess[0]); n++) {
        assert_int_equal(nk_path_value(n), dawson_chess[n]);
    }
}

static void test_nk_errors(void **state)
{
    gr_arena *a = *state;
    gr_nk *nk;
    size_t bad;
    ASSERT_BLAMES(gr_nk_create(a, 5, (uint32_t[]){0, 1, 1, 5}, 2, NULL, &nk, &bad), GR_EINVAL, 1);
    /* a path of 64 vertices is one component of the largest size; 65 is over */
    uint32_t p[2 * 70];
    for (unsigned i = 0; i < 69; i++) {
        p[2 * i] = i + 1;
        p[2 * i + 1] = i + 2;
    }
    assert_int_equal(gr_nk_create(a, 66, p, 63, NULL, &nk, &bad), GR_OK);
    ASSERT_BLAMES(gr_nk_create(a, 67, p, 64, NULL, &nk, &bad), GR_ELIMIT, 1);
    /* the node budget */
    gr_search_opts tiny = {.max_nodes = 5};
    nk_graph g;
    gr_test_rng r = {3};
    nk_random(&r, 20, 20, &g);
    unsigned v;
    assert_int_equal(gr_nk_create(a, 20, g.edges, g.m, &tiny, &nk, &bad), GR_OK);
    assert_int_equal(gr_nk_value(nk, &v), GR_ELIMIT);
}

/* The arena's stop conditions end a long search with their status. */
static void test_search_stops(void **state)
{
    (void)state;
    static _Atomic int cancel = 1;
    gr_stop stop_now = {.cancel = &cancel};
    gr_stop past_deadline = {.deadline_ns = 1};
    const gr_stop *stops[2] = {&stop_now, &past_deadline};
    gr_status want[2] = {GR_ECANCELLED, GR_ETIME};
    for (int i = 0; i < 2; i++) {
        gr_arena *a = gr_arena_create(256 << 20);
        gr_arena_set_stop(a, stops[i]);
        gr_cram *g;
        size_t bad;
        unsigned v;
        assert_int_equal(gr_cram_create(a, 4, 6, NULL, 0, NULL, &g, &bad), GR_OK);
        assert_int_equal(gr_cram_value(g, &v), want[i]);
        gr_arena_destroy(a);
    }
}

/* ---- Cram -------------------------------------------------------------------- */

static unsigned char *cram_naive(unsigned rows, unsigned cols)
{
    unsigned n = rows * cols;
    size_t total = (size_t)1 << n;
    unsigned char *val = malloc(total);
    for (size_t mask = 0; mask < total; mask++) {
        uint64_t seen = 0;
        for (unsigned i = 0; i < n; i++) {
            if (!((mask >> i) & 1)) {
                continue;
            }
            if (i % cols + 1 < cols && ((mask >> (i + 1)) & 1)) {
                seen |= 1ULL << val[mask & ~((size_t)3 << i)];
            }
            if (i + cols < n && ((mask >> (i + cols)) & 1)) {
                seen |= 1ULL << val[mask & ~(((size_t)1 << i) | ((size_t)1 << (i + cols)))];
            }
        }
        val[mask] = (unsigned char)mex64(seen, 0);
    }
    return val;
}

static unsigned cram_solve(unsigned rows, unsigned cols, const uint32_t *blocked, size_t nb)
{
    gr_arena *a = gr_arena_create(256 << 20);
    gr_cram *g;
    size_t bad;
    unsigned v = 999;
    assert_int_equal(gr_cram_create(a, rows, cols, blocked, nb, NULL, &g, &bad), GR_OK);
    assert_int_equal(gr_cram_value(g, &v), GR_OK);
    gr_arena_destroy(a);
    return v;
}

static void test_cram_boards_with_holes(void **state)
{
    (void)state;
    gr_test_rng r = {21};
    static const unsigned dims[][2] = {{1, 9}, {2, 7}, {3, 5}, {4, 4}, {3, 6}, {4, 5}, {2, 9}};
    for (size_t d = 0; d < sizeof(dims) / sizeof(dims[0]); d++) {
        unsigned rows = dims[d][0], cols = dims[d][1], n = rows * cols;
        unsigned char *ref = cram_naive(rows, cols);
        for (unsigned trial = 0; trial < 12; trial++) {
            uint32_t blocked[2 * 64];
            size_t nb = 0;
            uint64_t empty = (n == 64 ? ~0ULL : (1ULL << n) - 1);
            unsigned holes = trial == 0 ? 0 : (unsigned)gr_test_below(&r, n / 3 + 1);
            for (unsigned h = 0; h < holes; h++) {
                unsigned c = (unsigned)gr_test_below(&r, n);
                blocked[2 * nb] = c / cols;
                blocked[2 * nb + 1] = c % cols;
                nb++;
                empty &= ~(1ULL << c);
            }
            gr_arena *a = gr_arena_create(256 << 20);
            gr_cram *g;
            size_t bad;
            unsigned v;
            assert_int_equal(gr_cram_create(a, rows, cols, blocked, nb, NULL, &g, &bad), GR_OK);
            assert_int_equal(gr_cram_value(g, &v), GR_OK);
            assert_int_equal(v, ref[empty]);
            gr_cram_move mv[128];
            size_t count, zeros = 0, moves = 0;
            assert_int_equal(gr_cram_moves(g, -1, mv, 128, true, &count), GR_OK);
            for (size_t i = 0; i < count; i++) {
                unsigned c1 = mv[i].r1 * cols + mv[i].c1, c2 = mv[i].r2 * cols + mv[i].c2;
                assert_true(((empty >> c1) & 1) && ((empty >> c2) & 1));
                assert_true((mv[i].r1 == mv[i].r2 && mv[i].c2 == mv[i].c1 + 1) ||
                            (mv[i].c1 == mv[i].c2 && mv[i].r2 == mv[i].r1 + 1));
                assert_int_equal(mv[i].grundy, ref[empty & ~((1ULL << c1) | (1ULL << c2))]);
                zeros += mv[i].grundy == 0;
            }
            for (unsigned i = 0; i < n; i++) {
                moves += ((empty >> i) & 1) && i % cols + 1 < cols && ((empty >> (i + 1)) & 1);
                moves += ((empty >> i) & 1) && i + cols < n && ((empty >> (i + cols)) & 1);
            }
            assert_int_equal(count, moves);
            /* winning moves, replayed on a fresh board with two more holes */
            assert_int_equal(gr_cram_moves(g, 0, mv, 128, true, &count), GR_OK);
            assert_int_equal(count, zeros);
            for (size_t i = 0; i < count; i++) {
                blocked[2 * nb] = mv[i].r1;
                blocked[2 * nb + 1] = mv[i].c1;
                blocked[2 * nb + 2] = mv[i].r2;
                blocked[2 * nb + 3] = mv[i].c2;
                assert_int_equal(cram_solve(rows, cols, blocked, nb + 2), 0);
            }
            gr_arena_destroy(a);
        }
        free(ref);
    }
}

/* Beling's published table (igs README: 4x4 0, 4x5 2, 4x6 0, 5x5 0; the
 * 4x7 3, 5x6 2 and larger ones are in bench/) and 1 x n = Dawson's Kayles
 * (0.07 on n = Dawson's chess on n - 1). */
static void test_cram_published(void **state)
{
    (void)state;
    assert_int_equal(cram_solve(4, 4, NULL, 0), 0);
    assert_int_equal(cram_solve(4, 5, NULL, 0), 2);
    assert_int_equal(cram_solve(5, 4, NULL, 0), 2);
    assert_int_equal(cram_solve(5, 5, NULL, 0), 0);
    assert_int_equal(cram_solve(4, 6, NULL, 0), 0);
    for (unsigned n = 1; n < sizeof(dawson_chess) / sizeof(dawson_chess[0]); n++) {
        assert_int_equal(cram_solve(1, n, NULL, 0), dawson_chess[n - 1]);
        assert_int_equal(cram_solve(n, 1, NULL, 0), dawson_chess[n - 1]);
    }
    /* 1 x 1: no move */
    assert_int_equal(cram_solve(1, 1, NULL, 0), 0);
}

static void test_cram_errors(void **state)
{
    gr_arena *a = *state;
    gr_cram *g;
    size_t bad;
    ASSERT_BLAMES(gr_cram_create(a, 2, 3, (uint32_t[]){0, 0, 2, 1}, 2, NULL, &g, &bad), GR_EINVAL,
                  1);
    assert_int_equal(gr_cram_create(a, 0, 0, NULL, 0, NULL, &g, &bad), GR_EINVAL);
    assert_int_equal(gr_cram_create(a, 8, 8, NULL, 0, NULL, &g, &bad), GR_OK);
    assert_int_equal(gr_cram_create(a, 5, 13, NULL, 0, NULL, &g, &bad), GR_ELIMIT);
}

/* ---- Chomp ------------------------------------------------------------------- */

#define CH_R 7
#define CH_C 7

static size_t ch_code(const unsigned *h)
{
    size_t code = 0;
    for (unsigned i = CH_C; i-- > 0;) {
        code = code * (CH_R + 1) + h[i];
    }
    return code;
}

static void ch_decode(size_t code, unsigned *h)
{
    for (unsigned i = 0; i < CH_C; i++) {
        h[i] = (unsigned)(code % (CH_R + 1));
        code /= CH_R + 1;
    }
}

/* Every diagram in the 7 x 7 box, by number of squares: options first. */
static unsigned char *ch_naive(void)
{
    size_t total = 1;
    for (unsigned i = 0; i < CH_C; i++) {
        total *= CH_R + 1;
    }
    unsigned char *val = calloc(total, 1);
    for (unsigned cells = 1; cells <= CH_R * CH_C; cells++) {
        for (size_t code = 0; code < total; code++) {
            unsigned h[CH_C], sum = 0;
            bool ok = true;
            ch_decode(code, h);
            for (unsigned i = 0; i < CH_C; i++) {
                sum += h[i];
                ok &= i == 0 ? h[0] >= 1 : h[i] <= h[i - 1];
            }
            if (!ok || sum != cells) {
                continue;
            }
            uint64_t lo = 0, hi = 0;
            for (unsigned i = 0; i < CH_C; i++) {
                for (unsigned j = 0; j < h[i]; j++) {
                    if (i == 0 && j == 0) {
                        continue;
                    }
                    unsigned c[CH_C];
                    for (unsigned k = 0; k < CH_C; k++) {
                        c[k] = k >= i && h[k] > j ? j : h[k];
                    }
                    unsigned v = val[ch_code(c)];
                    if (v < 64) {
                        lo |= 1ULL << v;
                    } else {
                        hi |= 1ULL << (v - 64);
                    }
                }
            }
            val[code] = (unsigned char)mex64(lo, hi);
        }
    }
    return val;
}

static unsigned ch_solve(const unsigned *h)
{
    uint32_t hh[CH_C];
    size_t n = 0;
    while (n < CH_C && h[n] > 0) {
        hh[n] = h[n];
        n++;
    }
    gr_arena *a = gr_arena_create(64 << 20);
    gr_chomp *g;
    size_t bad;
    unsigned v = 999;
    assert_int_equal(gr_chomp_create(a, hh, n, NULL, &g, &bad), GR_OK);
    assert_int_equal(gr_chomp_value(g, &v), GR_OK);
    gr_arena_destroy(a);
    return v;
}

static void test_chomp_young_diagrams(void **state)
{
    (void)state;
    unsigned char *ref = ch_naive();
    gr_test_rng r = {22};
    for (unsigned trial = 0; trial < 150; trial++) {
        unsigned h[CH_C] = {0};
        unsigned cols = 1 + (unsigned)gr_test_below(&r, CH_C);
        h[0] = 1 + (unsigned)gr_test_below(&r, CH_R);
        for (unsigned i = 1; i < cols; i++) {
            h[i] = 1 + (unsigned)gr_test_below(&r, h[i - 1]);
        }
        if (trial < 7) { /* the rectangles 7 x k */
            cols = trial + 1;
            for (unsigned i = 0; i < CH_C; i++) {
                h[i] = i < cols ? CH_R : 0;
            }
        }
        uint32_t hh[CH_C];
        for (unsigned i = 0; i < cols; i++) {
            hh[i] = h[i];
        }
        gr_arena *a = gr_arena_create(64 << 20);
        gr_chomp *g;
        size_t bad;
        unsigned v;
        assert_int_equal(gr_chomp_create(a, hh, cols, NULL, &g, &bad), GR_OK);
        assert_int_equal(gr_chomp_value(g, &v), GR_OK);
        assert_int_equal(v, ref[ch_code(h)]);
        gr_chomp_move mv[64];
        size_t count, zeros = 0, cells = 0;
        assert_int_equal(gr_chomp_moves(g, -1, mv, 64, true, &count), GR_OK);
        for (unsigned i = 0; i < cols; i++) {
            cells += h[i];
        }
        assert_int_equal(count, cells - 1);
        for (size_t k = 0; k < count; k++) {
            unsigned c[CH_C];
            assert_true(mv[k].row < h[mv[k].col]);
            for (unsigned i = 0; i < CH_C; i++) {
                c[i] = i >= mv[k].col && h[i] > mv[k].row ? mv[k].row : h[i];
            }
            assert_int_equal(mv[k].grundy, ref[ch_code(c)]);
            zeros += mv[k].grundy == 0;
        }
        assert_int_equal(gr_chomp_moves(g, 0, mv, 64, true, &count), GR_OK);
        assert_int_equal(count, zeros);
        for (size_t k = 0; k < count; k++) {
            unsigned c[CH_C];
            for (unsigned i = 0; i < CH_C; i++) {
                c[i] = i >= mv[k].col && h[i] > mv[k].row ? mv[k].row : h[i];
            }
            assert_int_equal(ch_solve(c), 0);
        }
        gr_arena_destroy(a);
    }
    free(ref);
}

/* Square boards are won by (1, 1): it leaves two equal arms, which the
 * second player mirrors. */
static void test_chomp_squares(void **state)
{
    (void)state;
    for (unsigned n = 2; n <= 9; n++) {
        uint32_t h[16];
        for (unsigned i = 0; i < n; i++) {
            h[i] = n;
        }
        gr_arena *a = gr_arena_create(64 << 20);
        gr_chomp *g;
        size_t bad, count;
        gr_chomp_move mv[100];
        assert_int_equal(gr_chomp_create(a, h, n, NULL, &g, &bad), GR_OK);
        assert_int_equal(gr_chomp_moves(g, 0, mv, 100, true, &count), GR_OK);
        assert_int_equal(count, 1);
        assert_int_equal(mv[0].col, 1);
        assert_int_equal(mv[0].row, 1);
        gr_arena_destroy(a);
    }
    unsigned one[CH_C] = {1};
    assert_int_equal(ch_solve(one), 0); /* only the poisoned square: lost */
}

static void test_chomp_errors(void **state)
{
    gr_arena *a = *state;
    gr_chomp *g;
    size_t bad;
    uint32_t up[] = {3, 2, 4}, zero[] = {2, 0};
    ASSERT_BLAMES(gr_chomp_create(a, up, 3, NULL, &g, &bad), GR_EINVAL, 2);
    ASSERT_BLAMES(gr_chomp_create(a, zero, 2, NULL, &g, &bad), GR_EINVAL, 1);
    assert_int_equal(gr_chomp_create(a, up, 0, NULL, &g, &bad), GR_EINVAL);
    uint32_t tall[] = {60, 3, 2, 1};
    assert_int_equal(gr_chomp_create(a, tall, 4, NULL, &g, &bad), GR_ELIMIT);
}

GR_TEST_MAIN(cmocka_unit_test(test_nk_random_graphs),
             cmocka_unit_test(test_nk_paths_are_dawsons_chess), with_arena64(test_nk_errors),
             cmocka_unit_test(test_search_stops), cmocka_unit_test(test_cram_boards_with_holes),
             cmocka_unit_test(test_cram_published), with_arena64(test_cram_errors),
             cmocka_unit_test(test_chomp_young_diagrams), cmocka_unit_test(test_chomp_squares),
             with_arena64(test_chomp_errors))
