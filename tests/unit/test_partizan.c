/* Domineering and Red-Blue-Green Hackenbush on the core: outcomes against
 * exhaustive search from the definitions, values through the group (G = H
 * exactly when G - H is a second-player win), Berlekamp's rule against the
 * canonical-form search, and winning moves that win. */
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "gr_test_cgt.h"
#include "grundy/domineering.h"
#include "grundy/hackenbush_colored.h"

/* ---- Domineering by brute force: a board of at most 24 cells as a mask ---- */

typedef struct ref_board {
    unsigned rows, cols;
    uint8_t *memo; /* per mask: bit 0 known, bit 1 Left-first wins, bit 2 known, bit 3 Right */
} ref_board;

/* The brute forces' memo byte of a position: bit 0 known, bit 1 Left
 * moving first wins; bits 2 and 3 the same for Right.  Whether side's
 * answer is known (then in *w). */
static bool memo_known(uint8_t m, int side, bool *w)
{
    *w = (m & (side == 0 ? 2 : 8)) != 0;
    return (m & (side == 0 ? 1 : 4)) != 0;
}

static bool memo_put(uint8_t *m, int side, bool w)
{
    *m |= (uint8_t)((side == 0 ? 1 : 4) | (w ? (side == 0 ? 2 : 8) : 0));
    return w;
}

/* Whether side, moving first from pos, wins: from memo, else by search. */
typedef bool ref_search(void *ref, uint32_t pos, int side);

static bool memoised(uint8_t *memo, uint32_t pos, int side, ref_search *search, void *ref)
{
    bool w;
    if (memo_known(memo[pos], side, &w)) {
        return w;
    }
    return memo_put(&memo[pos], side, search(ref, pos, side));
}

static bool ref_wins(ref_board *b, uint32_t mask, int side);

static bool board_search(void *ref, uint32_t mask, int side)
{
    /* explicit recursion is fine here: depth <= cells / 2 <= 12 */
    ref_board *b = ref;
    bool w = false;
    for (unsigned r = 0; r < b->rows && !w; r++) {
        for (unsigned c = 0; c < b->cols && !w; c++) {
            unsigned i = r * b->cols + c, j;
            if (side == 0) {
                if (r + 1 >= b->rows) {
                    continue;
                }
                j = i + b->cols;
            } else {
                if (c + 1 >= b->cols) {
                    continue;
                }
                j = i + 1;
            }
            if ((mask >> i & 1) && (mask >> j & 1)) {
                w = !ref_wins(b, mask & ~(1u << i) & ~(1u << j), 1 - side);
            }
        }
    }
    return w;
}

static bool ref_wins(ref_board *b, uint32_t mask, int side)
{
    return memoised(b->memo, mask, side, board_search, b);
}

static gr_cgt dom_value(gr_arena *a, gr_cgt_store *s, unsigned rows, unsigned cols,
                        const uint8_t *empty)
{
    gr_dom *g;
    gr_cgt v;
    assert_int_equal(gr_dom_create(a, s, rows, cols, empty, NULL, &g), GR_OK);
    assert_int_equal(gr_dom_value(g, &v), GR_OK);
    return v;
}

static void random_cells(gr_test_rng *rng, uint8_t *empty, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        empty[i] = gr_test_below(rng, 4) != 0;
    }
}

static void test_domineering_outcomes(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {29};
    ref_board b = {0, 0, calloc(1u << 16, 1)};
    for (int t = 0; t < 150; t++) {
        b.rows = 1 + (unsigned)gr_test_below(&rng, 4);
        b.cols = 1 + (unsigned)gr_test_below(&rng, 4);
        uint8_t empty[16];
        random_cells(&rng, empty, b.rows * b.cols);
        uint32_t mask = 0;
        for (unsigned i = 0; i < b.rows * b.cols; i++) {
            mask |= (uint32_t)empty[i] << i;
        }
        memset(b.memo, 0, 1u << 16);
        bool lw = ref_wins(&b, mask, 0), rw = ref_wins(&b, mask, 1);
        gr_cgt v = dom_value(fx->a, fx->s, b.rows, b.cols, empty);
        gr_cgt_outcome o;
        assert_int_equal(gr_cgt_outcome_of(fx->s, v, &o), GR_OK);
        gr_cgt_outcome want = gr_test_outcome(lw, rw);
        assert_int_equal(o, want);
        /* the proof search agrees, and its moves win */
        gr_dom *g;
        assert_int_equal(gr_dom_create(fx->a, fx->s, b.rows, b.cols, empty, NULL, &g), GR_OK);
        bool olw, orw;
        gr_dom_move lm, rm;
        assert_int_equal(gr_dom_outcome(g, &olw, &lm, &orw, &rm), GR_OK);
        assert_int_equal(olw, lw);
        assert_int_equal(orw, rw);
        if (lw) {
            unsigned i = lm.r * b.cols + lm.c;
            assert_false(ref_wins(&b, mask & ~(1u << i) & ~(1u << (i + b.cols)), 1));
        }
        if (rw) {
            unsigned i = rm.r * b.cols + rm.c;
            assert_false(ref_wins(&b, mask & ~(1u << i) & ~(1u << (i + 1)), 0));
        }
    }
    free(b.memo);
}

/* G and H (3 x 3 each) side by side with a filled column between: the
 * disjoint sum G + H on one 3 x 7 board. */
static void test_domineering_equality_is_difference_zero(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {30};
    ref_board b = {3, 7, calloc(1u << 21, 1)};
    int equal = 0;
    for (int t = 0; t < 120; t++) {
        uint8_t g[9], h[9], ht[9], sum[21];
        random_cells(&rng, g, 9);
        if (t % 4 == 0) {
            /* a mirror image of g: the same value */
            for (unsigned r = 0; r < 3; r++) {
                for (unsigned c = 0; c < 3; c++) {
                    h[r * 3 + c] = g[r * 3 + (2 - c)];
                }
            }
        } else {
            random_cells(&rng, h, 9);
        }
        for (unsigned r = 0; r < 3; r++) {
            for (unsigned c = 0; c < 3; c++) {
                ht[r * 3 + c] = h[c * 3 + r]; /* -H: H transposed */
            }
        }
        uint32_t mask = 0;
        memset(sum, 0, sizeof(sum));
        for (unsigned r = 0; r < 3; r++) {
            for (unsigned c = 0; c < 3; c++) {
                sum[r * 7 + c] = g[r * 3 + c];
                sum[r * 7 + 4 + c] = ht[r * 3 + c];
            }
        }
        for (unsigned i = 0; i < 21; i++) {
            mask |= (uint32_t)sum[i] << i;
        }
        memset(b.memo, 0, 1u << 21);
        bool zero = !ref_wins(&b, mask, 0) && !ref_wins(&b, mask, 1);
        gr_cgt vg = dom_value(fx->a, fx->s, 3, 3, g), vh = dom_value(fx->a, fx->s, 3, 3, h);
        assert_int_equal(vg == vh, zero);
        equal += zero;
        /* and the transposition is the negative */
        gr_cgt vht = dom_value(fx->a, fx->s, 3, 3, ht), neg;
        assert_int_equal(gr_cgt_neg(fx->s, vh, &neg), GR_OK);
        assert_int_equal(vht, neg);
    }
    assert_true(equal >= 30);
    free(b.memo);
}

static void test_domineering_limits(void **state)
{
    gr_test_cgt *fx = *state;
    gr_dom *g;
    uint8_t empty[64];
    memset(empty, 1, sizeof(empty));
    assert_int_equal(gr_dom_create(fx->a, fx->s, 9, 8, empty, NULL, &g), GR_ELIMIT);
    assert_int_equal(gr_dom_create(fx->a, fx->s, 0, 8, empty, NULL, &g), GR_EINVAL);
    gr_search_opts tiny = {.max_nodes = 50};
    assert_int_equal(gr_dom_create(fx->a, fx->s, 6, 6, empty, &tiny, &g), GR_OK);
    gr_cgt v;
    assert_int_equal(gr_dom_value(g, &v), GR_ELIMIT);
    bool lw, rw;
    gr_dom_move lm, rm;
    assert_int_equal(gr_dom_create(fx->a, fx->s, 8, 8, empty, &tiny, &g), GR_OK);
    assert_int_equal(gr_dom_outcome(g, &lw, &lm, &rw, &rm), GR_ELIMIT);
}

/* ---- coloured Hackenbush by brute force over standing edge sets ----------- */

typedef struct ref_hbc {
    size_t m;
    const uint32_t *e;
    const uint8_t *col;
    uint8_t memo[1u << 12];
} ref_hbc;

static uint32_t ref_standing(const ref_hbc *h, uint32_t alive)
{
    uint64_t reach = 1; /* vertex 0 is the ground; ids below 64 */
    uint32_t keep = 0;
    bool grew = true;
    while (grew) {
        grew = false;
        for (size_t i = 0; i < h->m; i++) {
            if ((alive >> i & 1) && !(keep >> i & 1) &&
                ((reach >> h->e[2 * i] & 1) || (reach >> h->e[2 * i + 1] & 1))) {
                keep |= 1u << i;
                reach |= (1ULL << h->e[2 * i]) | (1ULL << h->e[2 * i + 1]);
                grew = true;
            }
        }
    }
    return keep;
}

static bool ref_hwins(ref_hbc *h, uint32_t alive, int side);

static bool hbc_search(void *ref, uint32_t alive, int side)
{
    ref_hbc *h = ref;
    bool w = false;
    for (size_t i = 0; i < h->m && !w; i++) {
        uint8_t forbidden = side == 0 ? GR_HBC_RED : GR_HBC_BLUE;
        if ((alive >> i & 1) && h->col[i] != forbidden) {
            w = !ref_hwins(h, ref_standing(h, alive & ~(1u << i)), 1 - side);
        }
    }
    return w;
}

static bool ref_hwins(ref_hbc *h, uint32_t alive, int side)
{
    return memoised(h->memo, alive, side, hbc_search, h);
}

static gr_cgt hbc_value(gr_arena *a, gr_cgt_store *s, const gr_hbc_input *in, gr_hbc **out)
{
    gr_hbc *g;
    gr_cgt v;
    assert_int_equal(gr_hbc_create(a, s, in, NULL, &g), GR_OK);
    assert_int_equal(gr_hbc_value(g, &v), GR_OK);
    if (out != NULL) {
        *out = g;
    }
    return v;
}

static void test_hackenbush_outcomes(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {31};
    static ref_hbc h;
    uint32_t ground = 0;
    for (int t = 0; t < 200; t++) {
        uint32_t e[24];
        uint8_t col[12];
        size_t m = 1 + gr_test_below(&rng, 10);
        uint32_t nv = 2 + (uint32_t)gr_test_below(&rng, (uint64_t)m);
        for (size_t i = 0; i < m; i++) {
            e[2 * i] = (uint32_t)gr_test_below(&rng, nv);
            e[2 * i + 1] = (uint32_t)gr_test_below(&rng, nv);
            col[i] = (uint8_t)gr_test_below(&rng, t % 2 ? 3 : 2);
        }
        h.m = m;
        h.e = e;
        h.col = col;
        memset(h.memo, 0, sizeof(h.memo));
        uint32_t start = ref_standing(&h, (1u << m) - 1);
        bool lw = ref_hwins(&h, start, 0), rw = ref_hwins(&h, start, 1);
        gr_hbc_input in = {m, e, col, 1, &ground};
        gr_hbc *g;
        gr_cgt v = hbc_value(fx->a, fx->s, &in, &g);
        gr_cgt_outcome o;
        assert_int_equal(gr_cgt_outcome_of(fx->s, v, &o), GR_OK);
        assert_int_equal(o, gr_test_outcome(lw, rw));
        /* a move's value after is the value of the position it leaves */
        for (size_t i = 0; i < m; i++) {
            if (!(start >> i & 1)) {
                assert_false(gr_hbc_in_play(g, i));
                continue;
            }
            gr_cgt after;
            assert_int_equal(gr_hbc_after(g, i, &after), GR_OK);
            uint32_t left = ref_standing(&h, start & ~(1u << i));
            bool alw = ref_hwins(&h, left, 0), arw = ref_hwins(&h, left, 1);
            assert_int_equal(gr_cgt_outcome_of(fx->s, after, &o), GR_OK);
            assert_int_equal(o, gr_test_outcome(alw, arw));
        }
    }
}

/* Berlekamp's rule against the search: the tree T alone (rule) and T with
 * two green loops on the ground (T + * + * = T, searched). */
static void test_hackenbush_berlekamp_against_search(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {32};
    uint32_t ground = 0;
    for (int t = 0; t < 100; t++) {
        uint32_t e[2 * 14];
        uint8_t col[14];
        size_t n = 1 + gr_test_below(&rng, 11);
        for (size_t i = 0; i < n; i++) {
            e[2 * i] = (uint32_t)gr_test_below(&rng, i + 1);
            e[2 * i + 1] = (uint32_t)i + 1;
            col[i] = (uint8_t)gr_test_below(&rng, 2);
        }
        gr_hbc_input in = {n, e, col, 1, &ground};
        gr_hbc *g;
        gr_cgt rule = hbc_value(fx->a, fx->s, &in, &g);
        assert_true(gr_hbc_is_tree(g));
        assert_true(gr_cgt_is_number(fx->s, rule, NULL));
        for (size_t k = 0; k < 2; k++) {
            e[2 * (n + k)] = e[2 * (n + k) + 1] = 0;
            col[n + k] = GR_HBC_GREEN;
        }
        gr_hbc_input in2 = {n + 2, e, col, 1, &ground};
        gr_cgt searched = hbc_value(fx->a, fx->s, &in2, &g);
        assert_false(gr_hbc_is_tree(g));
        assert_int_equal(rule, searched);
        /* and every cut agrees too */
        gr_hbc *tree;
        hbc_value(fx->a, fx->s, &in, &tree);
        for (size_t i = 0; i < n; i++) {
            gr_cgt x, y;
            assert_int_equal(gr_hbc_after(tree, i, &x), GR_OK);
            assert_int_equal(gr_hbc_after(g, i, &y), GR_OK);
            assert_int_equal(x, y);
        }
    }
}

static void test_hackenbush_strings(void **state)
{
    gr_test_cgt *fx = *state;
    uint32_t ground = 0;
    /* "lrlrr" from the ground: + - + - - = 1, 1/2, 3/4, 5/8, 9/16 */
    uint32_t e[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 5};
    uint8_t col[5] = {GR_HBC_BLUE, GR_HBC_RED, GR_HBC_BLUE, GR_HBC_RED, GR_HBC_RED};
    gr_hbc_input in = {5, e, col, 1, &ground};
    gr_cgt v = hbc_value(fx->a, fx->s, &in, NULL);
    gr_dyadic d;
    assert_true(gr_cgt_is_number(fx->s, v, &d));
    assert_int_equal(d.num, 9);
    assert_int_equal(d.exp, 4);
    /* a string of 40 red edges above a blue one: 2^-40, past the store's
     * denominators: a limit, not a crash */
    uint32_t le[82];
    uint8_t lc[41];
    for (uint32_t i = 0; i < 41; i++) {
        le[2 * i] = i;
        le[2 * i + 1] = i + 1;
        lc[i] = i == 0 ? GR_HBC_BLUE : GR_HBC_RED;
    }
    gr_hbc_input lin = {41, le, lc, 1, &ground};
    gr_hbc *g;
    assert_int_equal(gr_hbc_create(fx->a, fx->s, &lin, NULL, &g), GR_OK);
    assert_int_equal(gr_hbc_value(g, &v), GR_ELIMIT);
}

GR_TEST_MAIN(gr_test_with_cgt(test_domineering_outcomes),
             gr_test_with_cgt(test_domineering_equality_is_difference_zero),
             gr_test_with_cgt(test_domineering_limits), gr_test_with_cgt(test_hackenbush_outcomes),
             gr_test_with_cgt(test_hackenbush_berlekamp_against_search),
             gr_test_with_cgt(test_hackenbush_strings))
