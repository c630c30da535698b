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

/* A picture: its edges (u, v) and their colours, the ground vertex 0;
 * and the input a game made of it reads for as long as it lives. */
typedef struct picture {
    uint32_t uv[2 * MAXE];
    uint8_t col[MAXE];
    size_t m;
    gr_hbc_input in;
} picture;

static void add_edge(picture *p, uint32_t u, uint32_t v, uint8_t col)
{
    assert_true(p->m < MAXE);
    p->uv[2 * p->m] = u, p->uv[2 * p->m + 1] = v, p->col[p->m++] = col;
}

/* The picture made in the test's arena (its value not yet asked). */
static gr_hbc *made(gr_test_cgt *fx, picture *p)
{
    static const uint32_t ground[1] = {0};
    p->in = (gr_hbc_input){p->m, p->uv, p->col, 1, ground};
    gr_hbc *g;
    assert_int_equal(gr_hbc_create(fx->a, fx->s, &p->in, NULL, &g), GR_OK);
    return g;
}

/* The value of the picture, and whether it was valued as a tree. */
static gr_cgt value_of(gr_test_cgt *fx, picture *p, bool *tree)
{
    gr_hbc *g = made(fx, p);
    gr_cgt v;
    assert_int_equal(gr_hbc_value(g, &v), GR_OK);
    if (tree != NULL) {
        *tree = gr_hbc_is_tree(g);
    }
    return v;
}

/* Every cut's value against the picture without that edge. */
static void check_cuts(gr_test_cgt *fx, picture *p)
{
    gr_hbc *g = made(fx, p);
    for (size_t e = 0; e < p->m; e++) {
        if (!gr_hbc_in_play(g, e)) {
            continue;
        }
        gr_cgt got;
        assert_int_equal(gr_hbc_after(g, e, &got), GR_OK);
        picture rest = {.m = 0};
        for (size_t i = 0; i < p->m; i++) {
            if (i != e) {
                add_edge(&rest, p->uv[2 * i], p->uv[2 * i + 1], p->col[i]);
            }
        }
        assert_int_equal(got, value_of(fx, &rest, NULL));
    }
}

/* A random red-blue tree of 1..24 edges on the vertices 0..m. */
static picture random_tree(gr_test_rng *rng)
{
    picture p = {.m = 0};
    size_t m = 1 + gr_test_below(rng, 24);
    unsigned red_odds = 1 + (unsigned)gr_test_below(rng, 4); /* 1 in red_odds+1 red */
    for (size_t i = 0; i < m; i++) {
        /* vertex i+1 hangs from a vertex before it */
        uint32_t u = (uint32_t)gr_test_below(rng, i + 1), v = (uint32_t)i + 1;
        uint8_t col = gr_test_below(rng, red_odds + 1) == 0 ? GR_HBC_RED : GR_HBC_BLUE;
        if (gr_test_below(rng, 2)) { /* either orientation */
            add_edge(&p, v, u, col);
        } else {
            add_edge(&p, u, v, col);
        }
    }
    return p;
}

/* A random all-green picture of 1..9 edges among the vertices 0..4. */
static picture random_green(gr_test_rng *rng)
{
    picture p = {.m = 0};
    size_t m = 1 + gr_test_below(rng, 9);
    for (size_t i = 0; i < m; i++) {
        uint32_t u = (uint32_t)gr_test_below(rng, 5);
        add_edge(&p, u, (uint32_t)gr_test_below(rng, 5), GR_HBC_GREEN);
    }
    return p;
}

static void test_tree_cuts(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {20261203};
    for (int t = 0; t < 300; t++) {
        picture p = random_tree(&rng);
        gr_hbc *g = made(fx, &p);
        gr_cgt v;
        assert_true(gr_hbc_is_tree(g));
        if (gr_hbc_value(g, &v) != GR_OK) {
            continue; /* past the store's numbers: not this test's subject */
        }
        check_cuts(fx, &p);
    }
}

/* Bundles of parallel edges hanging to a leaf: valued as a tree now, and
 * equal to the same edges each on a leaf of its own. */
static void test_bundles(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {77};
    for (int t = 0; t < 200; t++) {
        /* a stalk 0-1-2, then bundles of 1..4 edges to leaves 3.. (sep:
         * each edge of a bundle to a leaf of its own) */
        picture p = {.m = 0}, sep = {.m = 0};
        uint32_t next_leaf = 3, next_own = 100;
        for (uint32_t i = 0; i < 2; i++) {
            uint8_t col = gr_test_below(&rng, 3) == 0 ? GR_HBC_RED : GR_HBC_BLUE;
            add_edge(&p, i, i + 1, col);
            add_edge(&sep, i, i + 1, col);
        }
        size_t bundles = 1 + gr_test_below(&rng, 3);
        for (size_t b = 0; b < bundles; b++) {
            uint32_t at = (uint32_t)gr_test_below(&rng, 3), leaf = next_leaf++;
            size_t k = 1 + gr_test_below(&rng, 4);
            for (size_t i = 0; i < k; i++) {
                uint8_t col = gr_test_below(&rng, 2) ? GR_HBC_RED : GR_HBC_BLUE;
                add_edge(&p, at, leaf, col);
                add_edge(&sep, at, next_own++, col);
            }
        }
        bool tree;
        gr_cgt a = value_of(fx, &p, &tree), b = value_of(fx, &sep, NULL);
        assert_true(tree);
        assert_int_equal(a, b);
        check_cuts(fx, &p);
    }
    /* 10 blue and 10 red edges from the ground to one vertex: 0 */
    picture p = {.m = 0};
    for (int i = 0; i < 20; i++) {
        add_edge(&p, 0, 1, i < 10 ? GR_HBC_BLUE : GR_HBC_RED);
    }
    bool tree;
    assert_int_equal(value_of(fx, &p, &tree), gr_cgt_zero(fx->s));
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
        picture p = random_green(&rng);
        gr_cgt fused = value_of(fx, &p, NULL);
        /* the same with a blue and a red edge to a vertex far away: 0 */
        picture searched = p;
        add_edge(&searched, 0, 50, GR_HBC_BLUE);
        add_edge(&searched, 0, 51, GR_HBC_RED);
        assert_int_equal(fused, value_of(fx, &searched, NULL));
        check_cuts(fx, &p);
    }
    /* K8, 28 green edges with one vertex on the ground */
    picture k8 = {.m = 0};
    for (uint32_t i = 0; i < 8; i++) {
        for (uint32_t j = i + 1; j < 8; j++) {
            add_edge(&k8, i, j, GR_HBC_GREEN);
        }
    }
    /* fused: one vertex with 28 loops, each worth *: 0, found at once */
    assert_int_equal(value_of(fx, &k8, NULL), gr_cgt_zero(fx->s));
}

GR_TEST_MAIN(gr_test_with_cgt(test_tree_cuts), gr_test_with_cgt(test_bundles),
             gr_test_with_cgt(test_green))
