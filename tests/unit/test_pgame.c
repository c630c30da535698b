/* The partizan ruleset engine (include/grundy/pgame.h) on a toy ruleset:
 * Red-Blue-Green Hackenbush stalks, a position being stalks separated by
 * '|', each a string of 'L' (blue), 'R' (red), 'G' (green) edges from the
 * ground up.  Cutting edge i removes it and every edge above it.  Values
 * against the textbook ones, sums split by '|', negation through the
 * normalisation (a stalk starting with 'R' is stored as its colour swap),
 * outcomes by search against the canonical form and against a brute
 * force, and the impartial variant against Green Hackenbush (a stalk of n
 * edges is *n). */
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "gr_test_cgt.h"
#include "grundy/pgame.h"

static gr_status stalk_moves(const void *ctx, const uint8_t *pos, size_t len, gr_pg_side side,
                             gr_pg_sink *sink)
{
    (void)ctx;
    uint8_t after[GR_PG_MAX_POS];
    for (size_t i = 0; i < len; i++) {
        if (pos[i] != 'G' && pos[i] != (side == GR_PG_LEFT ? 'L' : 'R')) {
            continue;
        }
        size_t end = i;
        while (end < len && pos[end] != '|') {
            end++;
        }
        memcpy(after, pos, i);
        memcpy(after + i, pos + end, len - end);
        gr_pg_move m = {{(int32_t)i}};
        gr_status st = gr_pg_emit(sink, after, len - (end - i), &m);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static gr_status stalk_split(const void *ctx, const uint8_t *pos, size_t len, gr_pg_sink *sink)
{
    (void)ctx;
    for (size_t start = 0; start < len;) {
        size_t end = start;
        while (end < len && pos[end] != '|') {
            end++;
        }
        gr_status st = end > start ? gr_pg_emit(sink, pos + start, end - start, NULL) : GR_OK;
        if (st != GR_OK) {
            return st;
        }
        start = end + 1;
    }
    return GR_OK;
}

static gr_status stalk_normalise(const void *ctx, const uint8_t *pos, size_t len, uint8_t *out,
                                 size_t *out_len, bool *negated)
{
    (void)ctx;
    *negated = len > 0 && pos[0] == 'R';
    for (size_t i = 0; i < len; i++) {
        out[i] = !*negated ? pos[i] : pos[i] == 'L' ? 'R' : pos[i] == 'R' ? 'L' : pos[i];
    }
    *out_len = len;
    return GR_OK;
}

static const gr_pg_rules stalks = {"stalks", stalk_moves, stalk_split, stalk_normalise, NULL, NULL};
static const gr_pg_rules whole = {"stalks-unsplit", stalk_moves, NULL, NULL, NULL, NULL};

static gr_cgt value_of(gr_test_cgt *fx, const gr_pg_rules *rules, const char *pos)
{
    gr_pg *g;
    gr_cgt v;
    assert_int_equal(gr_pg_create(fx->a, fx->s, rules, NULL, NULL, &g), GR_OK);
    assert_int_equal(gr_pg_value(g, (const uint8_t *)pos, strlen(pos), &v), GR_OK);
    return v;
}

static void test_stalk_values(void **state)
{
    gr_test_cgt *fx = *state;
    static const char *const cases[][2] = {
        {"", "0"},      {"L", "1"},       {"R", "-1"},       {"G", "*"},     {"LL", "2"},
        {"LR", "1/2"},  {"RL", "-1/2"},   {"GG", "*2"},      {"LG", "1*"},   {"GL", "{0,*|0}"},
        {"LRR", "1/4"}, {"LR|RL", "0"},   {"LLR|R", "1/2"},  {"G|G", "0"},   {"GGG|G", "*2"},
        {"LRL", "3/4"}, {"LR|LR|R", "0"}, {"RLG|L", "1/2*"}, {"LG|RG", "0"}, {"GG|G", "*3"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gr_cgt want = gr_test_parsed(fx, cases[i][1]);
        if (value_of(fx, &stalks, cases[i][0]) != want ||
            value_of(fx, &whole, cases[i][0]) != want) {
            fail_msg("stalks %s: want %s", cases[i][0], cases[i][1]);
        }
    }
}

/* Who wins moving first, by brute force from the rules (depth <= 9). */
static bool brute_wins(const char *pos, int side)
{
    size_t len = strlen(pos);
    char after[32];
    for (size_t i = 0; i < len; i++) {
        if (pos[i] != 'G' && pos[i] != (side == 0 ? 'L' : 'R')) {
            continue;
        }
        size_t end = i;
        while (end < len && pos[end] != '|') {
            end++;
        }
        memcpy(after, pos, i);
        memcpy(after + i, pos + end, len - end + 1);
        if (!brute_wins(after, 1 - side)) {
            return true;
        }
    }
    return false;
}

static void test_stalk_outcomes_against_brute_force(void **state)
{
    gr_test_cgt *fx = *state;
    gr_test_rng rng = {38};
    for (int t = 0; t < 300; t++) {
        char pos[16];
        size_t n = 0, edges = 1 + gr_test_below(&rng, 8);
        for (size_t e = 0; e < edges; e++) {
            if (n > 0 && pos[n - 1] != '|' && gr_test_below(&rng, 3) == 0) {
                pos[n++] = '|';
            }
            pos[n++] = "LRG"[gr_test_below(&rng, 3)];
        }
        pos[n] = '\0';
        bool lw = brute_wins(pos, 0), rw = brute_wins(pos, 1);
        gr_cgt_outcome o;
        assert_int_equal(gr_cgt_outcome_of(fx->s, value_of(fx, &stalks, pos), &o), GR_OK);
        assert_int_equal(o, gr_test_outcome(lw, rw));
        gr_pg *g;
        assert_int_equal(gr_pg_create(fx->a, fx->s, &stalks, NULL, NULL, &g), GR_OK);
        bool slw, srw;
        gr_pg_move lm, rm;
        assert_int_equal(gr_pg_outcome(g, (const uint8_t *)pos, n, &slw, &lm, &srw, &rm), GR_OK);
        assert_int_equal(slw, lw);
        assert_int_equal(srw, rw);
        /* each winning move leaves the other player losing moving first */
        for (int side = 0; side < 2; side++) {
            if (!(side == 0 ? slw : srw)) {
                continue;
            }
            size_t i = (size_t)(side == 0 ? lm : rm).w[0], end = i;
            assert_true(pos[i] == 'G' || pos[i] == (side == 0 ? 'L' : 'R'));
            while (end < n && pos[end] != '|') {
                end++;
            }
            char after[16];
            memcpy(after, pos, i);
            memcpy(after + i, pos + end, n - end + 1);
            assert_false(brute_wins(after, 1 - side));
        }
    }
}

static void test_stalk_options(void **state)
{
    gr_test_cgt *fx = *state;
    gr_pg *g;
    assert_int_equal(gr_pg_create(fx->a, fx->s, &stalks, NULL, NULL, &g), GR_OK);
    gr_pg_option *o;
    size_t n;
    const uint8_t *pos = (const uint8_t *)"LRG|R";
    assert_int_equal(gr_pg_options(g, pos, 5, GR_PG_LEFT, &o, &n), GR_OK);
    assert_int_equal(n, 2); /* edges 0 and 2 */
    assert_int_equal(o[0].move.w[0], 0);
    assert_int_equal(o[0].after, gr_test_parsed(fx, "-1"));
    assert_int_equal(o[1].move.w[0], 2);
    assert_int_equal(o[1].after, gr_test_parsed(fx, "1/2 - 1"));
    assert_int_equal(gr_pg_options(g, pos, 5, GR_PG_RIGHT, &o, &n), GR_OK);
    assert_int_equal(n, 3); /* edges 1, 2 and 4 */
    assert_int_equal(o[0].after, gr_test_parsed(fx, "1 - 1"));
    assert_int_equal(o[2].move.w[0], 4);
    assert_int_equal(o[2].after, gr_test_parsed(fx, "1/2*"));
    assert_int_equal(gr_pg_options(g, (const uint8_t *)"", 0, GR_PG_RIGHT, &o, &n), GR_OK);
    assert_int_equal(n, 0);
}

static void test_stalk_impartial_variant(void **state)
{
    gr_test_cgt *fx = *state;
    gr_pg *g;
    assert_int_equal(gr_pg_create(fx->a, fx->s, &stalks, NULL, NULL, &g), GR_OK);
    /* either player may cut any edge: a stalk of n edges is *n */
    static const struct {
        const char *pos;
        unsigned grundy;
    } cases[] = {{"", 0},       {"L", 1},       {"LR", 2},    {"RRR", 3},
                 {"LLL|GG", 1}, {"LRGL|RR", 6}, {"G|G|G", 1}, {"LRLRLRL", 7}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        unsigned v;
        const uint8_t *pos = (const uint8_t *)cases[i].pos;
        assert_int_equal(gr_pg_grundy(g, pos, strlen(cases[i].pos), &v), GR_OK);
        assert_int_equal(v, cases[i].grundy);
    }
    gr_pg_option *o;
    size_t n;
    /* "GG": Left's cuts and Right's are the same two moves */
    assert_int_equal(gr_pg_grundy_options(g, (const uint8_t *)"GG|L", 4, &o, &n), GR_OK);
    assert_int_equal(n, 3);
    assert_int_equal(o[0].move.w[0], 0);
    assert_int_equal(o[0].grundy, 1);
    assert_int_equal(o[1].grundy, 0); /* G|L: the winning move */
    assert_int_equal(o[2].move.w[0], 3);
    assert_int_equal(o[2].grundy, 2);
}

static void test_budget_and_limits(void **state)
{
    gr_test_cgt *fx = *state;
    gr_pg *g;
    gr_search_opts opts = {3};
    assert_int_equal(gr_pg_create(fx->a, fx->s, &whole, NULL, &opts, &g), GR_OK);
    gr_cgt v;
    assert_int_equal(gr_pg_value(g, (const uint8_t *)"LRLRLR", 6, &v), GR_ELIMIT);
    assert_int_equal(gr_pg_create(fx->a, fx->s, &whole, NULL, NULL, &g), GR_OK);
    uint8_t big[GR_PG_MAX_POS + 1];
    memset(big, 'L', sizeof(big));
    assert_int_equal(gr_pg_value(g, big, sizeof(big), &v), GR_ELIMIT);
    bool lw;
    assert_int_equal(gr_pg_outcome(g, big, sizeof(big), &lw, NULL, NULL, NULL), GR_ELIMIT);
}

GR_TEST_MAIN(gr_test_with_cgt(test_stalk_values),
             gr_test_with_cgt(test_stalk_outcomes_against_brute_force),
             gr_test_with_cgt(test_stalk_options), gr_test_with_cgt(test_stalk_impartial_variant),
             gr_test_with_cgt(test_budget_and_limits))
