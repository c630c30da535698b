/* Toads and Frogs, Toppling Dominoes, Col and Snort on the ruleset engine
 * (include/grundy/strip_games.h, graph_games.h).
 *
 * - Values: T.F = * (Winning Ways, ch. 1), a green row of n dominoes is *n,
 *   the rest the canonical forms of the game trees that the independent
 *   Python rules (tests/api/rules_line_ref.py) write out.
 * - The split into regions and the normalisation are shortcuts: on random
 *   small positions the value with them equals the value of the same
 *   moves with neither (the position as one region, stored as it is).
 * - Outcomes by search agree with the canonical value's, both players
 *   first, and so do the impartial variants' Grundy values with and
 *   without the shortcuts.
 * - Col values are numbers or numbers plus * (Winning Ways, ch. 2).
 * The independent brute force from the definitions is in Python
 * (tests/api/test_rules_line.py). */
#include <string.h>

#include "gr_test.h"
#include "gr_test_cgt.h"
#include "gr_test_pg.h"
#include "grundy/graph_games.h"
#include "grundy/strip_games.h"

static gr_pg *engine(gr_test_cgt *fx, const gr_pg_rules *rules)
{
    gr_pg *g;
    assert_int_equal(gr_pg_create(fx->a, fx->s, rules, NULL, NULL, &g), GR_OK);
    return g;
}

static gr_cgt value_of(gr_pg *g, const uint8_t *pos, size_t len)
{
    gr_cgt v;
    assert_int_equal(gr_pg_value(g, pos, len, &v), GR_OK);
    return v;
}

static void assert_value(gr_test_cgt *fx, gr_pg *g, const char *pos, const char *want)
{
    gr_cgt v = value_of(g, (const uint8_t *)pos, strlen(pos));
    if (v != gr_test_parsed(fx, want)) {
        gr_buf b;
        gr_buf_init(&b, fx->a);
        assert_int_equal(gr_cgt_print(fx->s, v, &b), GR_OK);
        fail_msg("%s is %s, want %s", pos, gr_buf_cstr(&b), want);
    }
}

static void test_published_values(void **state)
{
    gr_test_cgt *fx = *state;
    gr_pg *tf = engine(fx, &gr_pg_toads_frogs), *td = engine(fx, &gr_pg_toppling_dominoes);
    static const char *const toads[][2] = {
        {"", "0"},
        {"T.", "1"},
        {".F", "-1"},
        {"TF", "0"},
        {"T.F", "*"},
        {"TF.", "0"},
        {".TF", "0"},
        {"T..", "2"},
        {"TTFF", "0"},
        {"T.F.", "1/2"},
        {"TT.FF", "*"},
        {"T.T.F", "1*"},
        {"F.T.", "1"},
        {"T..F", "0"},
        {"TT..FF", "*"},
        {"T.FF", "{0|-1/2}"},
        {"TTFF.T.F", "-1/2"},
        {"TTT.FFF", "*"},
    };
    for (size_t i = 0; i < sizeof(toads) / sizeof(toads[0]); i++) {
        assert_value(fx, tf, toads[i][0], toads[i][1]);
    }
    /* green rows are nim heaps; blue dominoes are Left's moves */
    static const char *const dominoes[][2] = {
        {"g", "*"},      {"ggg", "*3"},   {"b", "1"},    {"bbb", "3"},   {"r", "-1"},
        {"br", "*"},     {"bg", "{1|0}"}, {"bgb", "1*"}, {"brb", "1/2"}, {"gbg", "{0,{1|0}|0}"},
        {"bbrr", "+-1"}, {"rbg", "*2"},
    };
    for (size_t i = 0; i < sizeof(dominoes) / sizeof(dominoes[0]); i++) {
        assert_value(fx, td, dominoes[i][0], dominoes[i][1]);
    }
}

/* ---- the shortcuts against no shortcuts --------------------------------- */

static const gr_pg_rules *bare(const gr_pg_rules *r, gr_pg_rules *copy)
{
    *copy = (gr_pg_rules){r->name, r->moves, NULL, NULL, r->ctx, NULL};
    return copy;
}

/* Value, outcome and Grundy value of pos agree between the ruleset and
 * its bare moves. */
static void assert_same_game(gr_test_cgt *fx, gr_pg *fast, gr_pg *slow, const uint8_t *pos,
                             size_t len)
{
    gr_cgt v = value_of(fast, pos, len);
    assert_int_equal(v, value_of(slow, pos, len));
    bool lw, rw;
    assert_int_equal(gr_pg_outcome(fast, pos, len, &lw, NULL, &rw, NULL), GR_OK);
    gr_cgt_outcome o;
    assert_int_equal(gr_cgt_outcome_of(fx->s, v, &o), GR_OK);
    assert_int_equal(o, gr_test_outcome(lw, rw));
    unsigned g1, g2;
    assert_int_equal(gr_pg_grundy(fast, pos, len, &g1), GR_OK);
    assert_int_equal(gr_pg_grundy(slow, pos, len, &g2), GR_OK);
    assert_int_equal(g1, g2);
}

static void test_strips_shortcuts(void **state)
{
    gr_test_cgt *fx = *state;
    gr_pg_rules c1, c2;
    gr_pg *tf = engine(fx, &gr_pg_toads_frogs), *tf0 = engine(fx, bare(&gr_pg_toads_frogs, &c1));
    gr_pg *td = engine(fx, &gr_pg_toppling_dominoes);
    gr_pg *td0 = engine(fx, bare(&gr_pg_toppling_dominoes, &c2));
    gr_test_rng rng = {38};
    for (int t = 0; t < 400; t++) {
        uint8_t pos[10];
        size_t len = 1 + gr_test_below(&rng, 9);
        for (size_t i = 0; i < len; i++) {
            pos[i] = (uint8_t) "TF."[gr_test_below(&rng, 3)];
        }
        assert_same_game(fx, tf, tf0, pos, len);
        for (size_t i = 0; i < len; i++) {
            pos[i] = (uint8_t) "brg"[gr_test_below(&rng, 3)];
        }
        assert_same_game(fx, td, td0, pos, len);
    }
}

/* A random graph of n vertices, some coloured legally for `rules`. */
static gr_status random_graph(gr_test_cgt *fx, gr_test_rng *rng, const gr_pg_rules *rules,
                              uint8_t *pos, size_t *len)
{
    uint32_t edges[32][2];
    uint8_t colours[8] = {0};
    size_t n = 1 + gr_test_below(rng, 8), m = 0;
    for (size_t u = 0; u < n; u++) {
        for (size_t v = u + 1; v < n; v++) {
            if (m < 32 && gr_test_below(rng, 3) == 0) {
                edges[m][0] = (uint32_t)u, edges[m][1] = (uint32_t)v, m++;
            }
        }
    }
    if (gr_test_below(rng, 2) == 0) {
        colours[gr_test_below(rng, n)] = GR_GG_LEFT;
    }
    size_t bad;
    return gr_ggraph_position(fx->a, rules, n, (const uint32_t(*)[2])edges, m, colours, pos, len,
                              &bad);
}

static void test_graphs_shortcuts(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {0xc01};
    const gr_pg_rules *games[2] = {&gr_pg_col, &gr_pg_snort};
    for (int k = 0; k < 2; k++) {
        gr_pg_rules copy;
        gr_pg *fast = engine(fx, games[k]), *slow = engine(fx, bare(games[k], &copy));
        for (int t = 0; t < 150; t++) {
            uint8_t pos[GR_PG_MAX_POS];
            size_t len;
            assert_int_equal(random_graph(fx, &rng, games[k], pos, &len), GR_OK);
            assert_same_game(fx, fast, slow, pos, len);
            if (games[k] == &gr_pg_col) {
                /* Col: a number, or a number plus * */
                gr_cgt v = value_of(fast, pos, len), star, vs;
                assert_int_equal(gr_cgt_nimber(fx->s, 1, &star), GR_OK);
                assert_int_equal(gr_cgt_add(fx->s, v, star, &vs), GR_OK);
                assert_true(gr_cgt_is_number(fx->s, v, NULL) || gr_cgt_is_number(fx->s, vs, NULL));
            }
        }
    }
}

static void test_graph_values(void **state)
{
    gr_test_cgt *fx = *state;
    static const uint32_t path[3][2] = {{0, 1}, {1, 2}, {2, 3}};
    static const struct {
        const gr_pg_rules *rules;
        size_t n, m;
        uint8_t colours[4];
        const char *want;
    } cases[] = {
        {&gr_pg_col, 1, 0, {0}, "*"},
        {&gr_pg_col, 2, 1, {0}, "0"},
        {&gr_pg_col, 2, 1, {GR_GG_LEFT, 0}, "-1"},
        {&gr_pg_col, 3, 2, {0}, "0"},
        {&gr_pg_col, 3, 2, {0, GR_GG_RIGHT, 0}, "2"},
        {&gr_pg_snort, 1, 0, {0}, "*"},
        {&gr_pg_snort,
         2,
         1,
         {0},
         "\xc2\xb1"
         "1"},
        {&gr_pg_snort, 2, 1, {GR_GG_LEFT, 0}, "1"},
        {&gr_pg_snort, 3, 2, {0, GR_GG_RIGHT, 0}, "-2"},
        {&gr_pg_snort, 4, 3, {GR_GG_LEFT, 0, 0, GR_GG_RIGHT}, "*"},
        {&gr_pg_snort, 3, 2, {0}, "+-2"},
        {&gr_pg_snort, 4, 3, {0}, "+-{2|1}"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint8_t pos[GR_PG_MAX_POS];
        size_t len, bad;
        assert_int_equal(gr_ggraph_position(fx->a, cases[i].rules, cases[i].n, path, cases[i].m,
                                            cases[i].colours, pos, &len, &bad),
                         GR_OK);
        gr_pg *g = engine(fx, cases[i].rules);
        if (value_of(g, pos, len) != gr_test_parsed(fx, cases[i].want)) {
            fail_msg("case %zu: want %s", i, cases[i].want);
        }
    }
    /* colours that break the rule, and a loop, name their edge */
    static const uint32_t bad_edges[2][2] = {{0, 1}, {2, 2}};
    uint8_t pos[GR_PG_MAX_POS], same[3] = {GR_GG_LEFT, GR_GG_LEFT, 0};
    uint8_t differ[3] = {GR_GG_LEFT, GR_GG_RIGHT, 0};
    size_t len, bad = 9;
    assert_int_equal(gr_ggraph_position(fx->a, &gr_pg_col, 3, bad_edges, 1, same, pos, &len, &bad),
                     GR_EINVAL);
    assert_int_equal(bad, 0);
    assert_int_equal(
        gr_ggraph_position(fx->a, &gr_pg_snort, 3, bad_edges, 1, differ, pos, &len, &bad),
        GR_EINVAL);
    assert_int_equal(
        gr_ggraph_position(fx->a, &gr_pg_snort, 3, bad_edges, 2, NULL, pos, &len, &bad), GR_EINVAL);
    assert_int_equal(bad, 1);
    /* more uncoloured vertices than a position holds */
    assert_int_equal(
        gr_ggraph_position(fx->a, &gr_pg_col, GR_GG_MAX_LIVE + 1, NULL, 0, NULL, pos, &len, &bad),
        GR_ELIMIT);
}

/* The count hooks of the strips and the graphs against their moves, on
 * random strips of up to 60 squares and random graphs. */
static void test_counts_match_moves(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {2027};
    for (int t = 0; t < 400; t++) {
        uint8_t pos[GR_PG_MAX_POS];
        size_t len = gr_test_below(&rng, 61);
        for (size_t i = 0; i < len; i++) {
            pos[i] = (uint8_t) "TF.."[gr_test_below(&rng, 4)];
        }
        gr_test_assert_counts(&gr_pg_toads_frogs, pos, len, "strip");
        for (size_t i = 0; i < len; i++) {
            pos[i] = (uint8_t) "brg"[gr_test_below(&rng, 3)];
        }
        gr_test_assert_counts(&gr_pg_toppling_dominoes, pos, len, "row");
        const gr_pg_rules *graph = t % 2 == 0 ? &gr_pg_col : &gr_pg_snort;
        assert_int_equal(random_graph(fx, &rng, graph, pos, &len), GR_OK);
        gr_test_assert_counts(graph, pos, len, "graph");
    }
}

GR_TEST_MAIN(gr_test_with_cgt(test_published_values), gr_test_with_cgt(test_strips_shortcuts),
             gr_test_with_cgt(test_counts_match_moves), gr_test_with_cgt(test_graphs_shortcuts),
             gr_test_with_cgt(test_graph_values))
