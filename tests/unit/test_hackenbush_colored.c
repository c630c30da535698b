/* Coloured Hackenbush's fast paths against plain recomputation: the value
 * after every cut of a red-blue tree (jump tables, hackenbush_colored_tree.c)
 * equals the value of the picture with that edge taken out, made again
 * from scratch; bundles of parallel edges to a leaf are valued as the
 * search values them; and all-green pictures (Green Hackenbush's fusion)
 * give the nimber the search gives, before and after every cut. */
#include "gr_test.h"
#include "gr_test_cgt.h"

#include <string.h>

#include "grundy/hackenbush_colored.h"

#define MAXE 48

/* The value of the picture (edges uv, colours col, ground 0), and whether
 * it was valued as a tree. */
static gr_cgt value_of(gr_test_cgt *fx, const uint32_t *uv, const uint8_t *col, size_t m,
                       bool *tree)
{
    static const uint32_t ground[1] = {0};
    gr_hbc_input in = {m, uv, col, 1, ground};
    gr_hbc *g;
    gr_cgt v;
    assert_int_equal(gr_hbc_create(fx->a, fx->s, &in, NULL, &g), GR_OK);
    assert_int_equal(gr_hbc_value(g, &v), GR_OK);
    if (tree != NULL) {
        *tree = gr_hbc_is_tree(g);
    }
    return v;
}

/* Every cut's value against the picture without that edge. */
static void check_cuts(gr_test_cgt *fx, const uint32_t *uv, const uint8_t *col, size_t m)
{
    static const uint32_t ground[1] = {0};
    gr_hbc_input in = {m, uv, col, 1, ground};
    gr_hbc *g;
    assert_int_equal(gr_hbc_create(fx->a, fx->s, &in, NULL, &g), GR_OK);
    for (size_t e = 0; e < m; e++) {
        if (!gr_hbc_in_play(g, e)) {
            continue;
        }
        gr_cgt got, want;
        assert_int_equal(gr_hbc_after(g, e, &got), GR_OK);
        uint32_t uv2[2 * MAXE];
        uint8_t col2[MAXE];
        size_t k = 0;
        for (size_t i = 0; i < m; i++) {
            if (i != e) {
                uv2[2 * k] = uv[2 * i], uv2[2 * k + 1] = uv[2 * i + 1], col2[k++] = col[i];
            }
        }
        want = value_of(fx, uv2, col2, k, NULL);
        assert_int_equal(got, want);
    }
}

static void test_tree_cuts(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {20261203};
    for (int t = 0; t < 300; t++) {
        size_t m = 1 + gr_test_below(&rng, 24);
        uint32_t uv[2 * MAXE];
        uint8_t col[MAXE];
        unsigned red_odds = 1 + (unsigned)gr_test_below(&rng, 4); /* 1 in red_odds+1 red */
        for (size_t i = 0; i < m; i++) {
            /* vertex i+1 hangs from a vertex before it: a tree on 0..m */
            uv[2 * i] = (uint32_t)gr_test_below(&rng, i + 1);
            uv[2 * i + 1] = (uint32_t)i + 1;
            col[i] = gr_test_below(&rng, red_odds + 1) == 0 ? GR_HBC_RED : GR_HBC_BLUE;
            if (gr_test_below(&rng, 2)) { /* either orientation */
                uint32_t x = uv[2 * i];
                uv[2 * i] = uv[2 * i + 1], uv[2 * i + 1] = x;
            }
        }
        static const uint32_t ground[1] = {0};
        gr_hbc_input in = {m, uv, col, 1, ground};
        gr_hbc *g;
        gr_cgt v;
        assert_int_equal(gr_hbc_create(fx->a, fx->s, &in, NULL, &g), GR_OK);
        assert_true(gr_hbc_is_tree(g));
        if (gr_hbc_value(g, &v) != GR_OK) {
            continue; /* past the store's numbers: not this test's subject */
        }
        check_cuts(fx, uv, col, m);
    }
}

/* Bundles of parallel edges hanging to a leaf: valued as a tree now, and
 * equal to the same edges each on a leaf of its own. */
static void test_bundles(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {77};
    for (int t = 0; t < 200; t++) {
        /* a stalk 0-1-2, then bundles of 1..4 edges to leaves 3.. */
        uint32_t uv[2 * MAXE], sep[2 * MAXE];
        uint8_t col[MAXE];
        size_t m = 0;
        uint32_t next_leaf = 3, next_own = 100;
        for (uint32_t i = 0; i < 2; i++) {
            uv[2 * m] = i, uv[2 * m + 1] = i + 1;
            sep[2 * m] = i, sep[2 * m + 1] = i + 1;
            col[m++] = gr_test_below(&rng, 3) == 0 ? GR_HBC_RED : GR_HBC_BLUE;
        }
        size_t bundles = 1 + gr_test_below(&rng, 3);
        for (size_t b = 0; b < bundles; b++) {
            uint32_t at = (uint32_t)gr_test_below(&rng, 3), leaf = next_leaf++;
            size_t k = 1 + gr_test_below(&rng, 4);
            for (size_t i = 0; i < k; i++) {
                uv[2 * m] = at, uv[2 * m + 1] = leaf;
                sep[2 * m] = at, sep[2 * m + 1] = next_own++;
                col[m++] = gr_test_below(&rng, 2) ? GR_HBC_RED : GR_HBC_BLUE;
            }
        }
        bool tree;
        gr_cgt a = value_of(fx, uv, col, m, &tree), b = value_of(fx, sep, col, m, NULL);
        assert_true(tree);
        assert_int_equal(a, b);
        check_cuts(fx, uv, col, m);
    }
    /* 10 blue and 10 red edges from the ground to one vertex: 0 */
    uint32_t uv[40];
    uint8_t col[20];
    for (int i = 0; i < 20; i++) {
        uv[2 * i] = 0, uv[2 * i + 1] = 1, col[i] = i < 10 ? GR_HBC_BLUE : GR_HBC_RED;
    }
    bool tree;
    assert_int_equal(value_of(fx, uv, col, 20, &tree), gr_cgt_zero(fx->s));
    assert_true(tree);
}

/* All-green pictures: the search (a blue and a red copy of nothing: the
 * green picture with one extra blue and one extra red edge on the ground,
 * which add up to 0, forces the search) agrees with the fusion. */
static void test_green(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {5};
    for (int t = 0; t < 120; t++) {
        size_t m = 1 + gr_test_below(&rng, 9);
        uint32_t uv[2 * MAXE];
        uint8_t col[MAXE];
        for (size_t i = 0; i < m; i++) {
            uv[2 * i] = (uint32_t)gr_test_below(&rng, 5);
            uv[2 * i + 1] = (uint32_t)gr_test_below(&rng, 5);
            col[i] = GR_HBC_GREEN;
        }
        gr_cgt fused = value_of(fx, uv, col, m, NULL);
        /* the same with a blue and a red edge to a vertex far away: 0 */
        uv[2 * m] = 0, uv[2 * m + 1] = 50, col[m] = GR_HBC_BLUE;
        uv[2 * m + 2] = 0, uv[2 * m + 3] = 51, col[m + 1] = GR_HBC_RED;
        gr_cgt searched = value_of(fx, uv, col, m + 2, NULL);
        assert_int_equal(fused, searched);
        check_cuts(fx, uv, col, m);
    }
    /* K8, 28 green edges with one vertex on the ground */
    uint32_t uv[56];
    uint8_t col[28];
    size_t m = 0;
    for (uint32_t i = 0; i < 8; i++) {
        for (uint32_t j = i + 1; j < 8; j++) {
            uv[2 * m] = i, uv[2 * m + 1] = j, col[m++] = GR_HBC_GREEN;
        }
    }
    /* fused: one vertex with 28 loops, each worth *: 0, found at once */
    assert_int_equal(value_of(fx, uv, col, m, NULL), gr_cgt_zero(fx->s));
}

GR_TEST_MAIN(gr_test_with_cgt(test_tree_cuts), gr_test_with_cgt(test_bundles),
             gr_test_with_cgt(test_green))
