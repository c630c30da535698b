/* Clobber, Konane, NoGo and Amazons on the ruleset engine
 * (include/grundy/grid_games.h): published Clobber values (Albert,
 * Grossman, Nowakowski, Wolfe, "An introduction to Clobber", 2005), and on
 * random small boards of each game: the value with regions and
 * normalisation equals the value found on the whole board with neither
 * (the same moves, hooks NULL), and the outcome search agrees with the
 * outcome of the value, both players first, its winning moves leading to
 * positions the other player loses. */
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "gr_test_cgt.h"
#include "gr_test_pg.h"
#include "grundy/grid_games.h"

/* The board "rows" joined by '/' as a position. */
static size_t board(const char *text, uint8_t *pos)
{
    char cells[GR_GRID_MAX_CELLS];
    size_t rows = 0, cols = 0, n = 0, w = 0;
    for (const char *p = text;; p++) {
        if (*p == '/' || *p == '\0') {
            cols = w;
            w = 0;
            rows++;
            if (*p == '\0') {
                break;
            }
            continue;
        }
        cells[n++] = *p;
        w++;
    }
    size_t len;
    assert_int_equal(gr_grid_position((uint32_t)rows, (uint32_t)cols, cells, pos, &len), GR_OK);
    return len;
}

static gr_cgt value_of(gr_test_cgt *fx, const gr_pg_rules *rules, const char *text)
{
    uint8_t pos[GR_PG_MAX_POS];
    size_t len = board(text, pos);
    gr_pg *g;
    gr_cgt v;
    assert_int_equal(gr_pg_create(fx->a, fx->s, rules, NULL, NULL, &g), GR_OK);
    assert_int_equal(gr_pg_value(g, pos, len, &v), GR_OK);
    return v;
}

static void test_clobber_published(void **state)
{
    gr_test_cgt *fx = *state;
    static const char *const cases[][2] = {
        {"xo", "*"},  {"xxo", "^"},  {"xxxo", "^^*"}, {"xoo", "v"},
        {"x/o", "*"}, {"xxoo", "0"}, {"xo.xo", "0"},  {"xo.xxo", "^*"},
        {"xox", "*"}, {"oxo", "*"},  {"xo/..", "*"},  {"x.o", "0"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (value_of(fx, &gr_pg_clobber, cases[i][0]) != gr_test_parsed(fx, cases[i][1])) {
            fail_msg("clobber %s: want %s", cases[i][0], cases[i][1]);
        }
    }
}

static void random_board(gr_test_rng *rng, const char *alphabet, unsigned rows, unsigned cols,
                         char *text)
{
    size_t n = 0, k = strlen(alphabet);
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++) {
            text[n++] = alphabet[gr_test_below(rng, k)];
        }
        text[n++] = r + 1 < rows ? '/' : '\0';
    }
}

static void check_game(gr_test_cgt *fx, const gr_pg_rules *rules, const char *alphabet,
                       unsigned max_cells, int trials)
{
    gr_pg_rules plain = {rules->name, rules->moves, NULL, NULL, rules->ctx, NULL};
    gr_test_rng rng = {(uint64_t)strlen(rules->name) * 77};
    for (int t = 0; t < trials; t++) {
        unsigned rows = 1 + (unsigned)gr_test_below(&rng, 4);
        unsigned cols = 1 + (unsigned)gr_test_below(&rng, max_cells / rows);
        char text[64];
        random_board(&rng, alphabet, rows, cols, text);
        gr_cgt v = value_of(fx, rules, text);
        if (v != value_of(fx, &plain, text)) {
            fail_msg("%s %s: regions and normal form change the value", rules->name, text);
        }
        uint8_t pos[GR_PG_MAX_POS];
        size_t len = board(text, pos);
        gr_pg *g;
        assert_int_equal(gr_pg_create(fx->a, fx->s, rules, NULL, NULL, &g), GR_OK);
        bool lw, rw;
        gr_pg_move lm, rm;
        assert_int_equal(gr_pg_outcome(g, pos, len, &lw, &lm, &rw, &rm), GR_OK);
        gr_cgt_outcome o;
        assert_int_equal(gr_cgt_outcome_of(fx->s, v, &o), GR_OK);
        if (o != gr_test_outcome(lw, rw)) {
            fail_msg("%s %s: outcome by search differs from the value's", rules->name, text);
        }
        for (int side = 0; side < 2; side++) {
            gr_pg_option *opts;
            size_t n;
            assert_int_equal(gr_pg_options(g, pos, len, (gr_pg_side)side, &opts, &n), GR_OK);
            const gr_pg_move *win = side == 0 ? (lw ? &lm : NULL) : (rw ? &rm : NULL);
            bool found = win == NULL;
            for (size_t i = 0; i < n && win != NULL; i++) {
                if (memcmp(&opts[i].move, win, sizeof(*win)) == 0) {
                    gr_cgt_outcome after;
                    assert_int_equal(gr_cgt_outcome_of(fx->s, opts[i].after, &after), GR_OK);
                    /* the other player, moving first there, loses */
                    assert_true(side == 0 ? (after == GR_CGT_P || after == GR_CGT_L)
                                          : (after == GR_CGT_P || after == GR_CGT_R));
                    found = true;
                }
            }
            assert_true(found);
        }
        unsigned gv, gplain;
        gr_pg *gp;
        assert_int_equal(gr_pg_create(fx->a, fx->s, &plain, NULL, NULL, &gp), GR_OK);
        assert_int_equal(gr_pg_grundy(g, pos, len, &gv), GR_OK);
        assert_int_equal(gr_pg_grundy(gp, pos, len, &gplain), GR_OK);
        assert_int_equal(gv, gplain);
    }
}

static void test_clobber_random(void **state)
{
    check_game(*state, &gr_pg_clobber, "xxoo.", 12, 150);
}

static void test_konane_random(void **state)
{
    check_game(*state, &gr_pg_konane, "xo...", 12, 150);
}

static void test_nogo_random(void **state)
{
    check_game(*state, &gr_pg_nogo, "xo....", 9, 120);
}

static void test_amazons_random(void **state)
{
    check_game(*state, &gr_pg_amazons, "LR##....", 8, 100);
}

/* A ruleset's count hook says as many moves as its moves hook makes, for
 * both players, on random boards up to 16 x 16 (past the 64 cells of the
 * bit-mask paths), of few stones and of many (NoGo's crowded boards: many
 * groups with one liberty). */
static void test_counts_match_moves(void **state)
{
    (void)state;
    static const struct {
        const gr_pg_rules *rules;
        const char *alphabets[3];
    } games[] = {
        {&gr_pg_clobber, {"xo", "xxoo.", "xo...."}},
        {&gr_pg_konane, {"xo.", "xxoo.", "xo...."}},
        {&gr_pg_amazons, {"LR#.......", "LR##....", "L#R#."}},
        {&gr_pg_nogo, {"xo.", "xxoo.", "xo...."}},
    };
    gr_test_rng rng = {2026};
    for (size_t g = 0; g < sizeof(games) / sizeof(games[0]); g++) {
        const gr_pg_rules *rules = games[g].rules;
        assert_non_null(rules->count);
        for (int t = 0; t < 300; t++) {
            unsigned rows = 1 + (unsigned)gr_test_below(&rng, 16);
            unsigned cols = 1 + (unsigned)gr_test_below(&rng, 16);
            const char *alphabet = games[g].alphabets[gr_test_below(&rng, 3)];
            char text[16 * 17];
            random_board(&rng, alphabet, rows, cols, text);
            uint8_t pos[GR_PG_MAX_POS];
            size_t len = board(text, pos);
            gr_test_assert_counts(rules, pos, len, text);
        }
    }
}

static void test_limits(void **state)
{
    (void)state;
    uint8_t pos[GR_PG_MAX_POS];
    size_t len;
    char cells[300];
    memset(cells, '.', sizeof(cells));
    assert_int_equal(gr_grid_position(17, 16, cells, pos, &len), GR_ELIMIT);
    assert_int_equal(gr_grid_position(0, 16, cells, pos, &len), GR_EINVAL);
    assert_int_equal(gr_grid_position(16, 16, cells, pos, &len), GR_OK);
    assert_int_equal(len, 258);
}

GR_TEST_MAIN(gr_test_with_cgt(test_clobber_published), gr_test_with_cgt(test_clobber_random),
             gr_test_with_cgt(test_konane_random), gr_test_with_cgt(test_nogo_random),
             gr_test_with_cgt(test_amazons_random), gr_test_with_cgt(test_counts_match_moves),
             gr_test_with_cgt(test_limits))
