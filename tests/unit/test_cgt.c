/* Canonical partizan games against the definitions: random game trees of
 * small birthday, not simplified, are played out by exhaustive search
 * (Left first, Right first), and the store's canonical forms must agree on
 * outcomes, on order (G <= H iff Left moving first loses G - H), on sums
 * and on equality (equal handles iff G - H is a second-player win).  Then
 * published values: CGSuite's printing of its own test cases, and means and
 * temperatures of known games. */
#include "gr_test.h"
#include "gr_test_cgt.h"

#include <stdio.h>
#include <string.h>

#include "grundy/cgt.h"

/* ---- raw game trees and exhaustive search -------------------------------- */

#define RAW_MAX 4096
#define RAW_OPTS 3

typedef struct raw {
    int nl, nr;
    int l[RAW_OPTS], r[RAW_OPTS];
} raw;

static raw pool[RAW_MAX];
static int pool_n;

/* A random game of birthday <= b (options of birthday < b). */
static int raw_random(gr_test_rng *rng, int b)
{
    assert_true(pool_n < RAW_MAX);
    int g = pool_n++;
    raw *x = &pool[g];
    x->nl = x->nr = 0;
    if (b == 0) {
        return g;
    }
    int nl = (int)gr_test_below(rng, RAW_OPTS + 1), nr = (int)gr_test_below(rng, RAW_OPTS + 1);
    for (int i = 0; i < nl; i++) {
        int o = raw_random(rng, (int)gr_test_below(rng, (uint64_t)b));
        pool[g].l[pool[g].nl++] = o;
    }
    for (int i = 0; i < nr; i++) {
        int o = raw_random(rng, (int)gr_test_below(rng, (uint64_t)b));
        pool[g].r[pool[g].nr++] = o;
    }
    return g;
}

/* A sum of up to two raw games, each possibly negated (sign -1: Left and
 * Right swap their options).  Whether the player to move wins. */
typedef struct comp {
    int g, sign;
} comp;

static bool wins(const comp *c, int n, bool left);

static bool wins(const comp *c, int n, bool left)
{
    for (int k = 0; k < n; k++) {
        const raw *x = &pool[c[k].g];
        bool own_left = (c[k].sign > 0) == left;
        int no = own_left ? x->nl : x->nr;
        const int *o = own_left ? x->l : x->r;
        for (int i = 0; i < no; i++) {
            comp next[2];
            memcpy(next, c, (size_t)n * sizeof(comp));
            next[k].g = o[i];
            if (!wins(next, n, !left)) {
                return true;
            }
        }
    }
    return false;
}

/* wins() for three components. */
static bool wins3(const comp *c, bool left)
{
    for (int k = 0; k < 3; k++) {
        const raw *x = &pool[c[k].g];
        bool own_left = (c[k].sign > 0) == left;
        int no = own_left ? x->nl : x->nr;
        const int *o = own_left ? x->l : x->r;
        for (int i = 0; i < no; i++) {
            comp next[3] = {c[0], c[1], c[2]};
            next[k].g = o[i];
            if (!wins3(next, !left)) {
                return true;
            }
        }
    }
    return false;
}

static gr_cgt_outcome outcome_of(const comp *c, int n)
{
    return gr_test_outcome(wins(c, n, true), wins(c, n, false));
}

/* The canonical form of a raw game, bottom-up through gr_cgt_make. */
static gr_cgt canon(gr_cgt_store *s, int g)
{
    const raw *x = &pool[g];
    gr_cgt l[RAW_OPTS], r[RAW_OPTS];
    for (int i = 0; i < x->nl; i++) {
        l[i] = canon(s, x->l[i]);
    }
    for (int i = 0; i < x->nr; i++) {
        r[i] = canon(s, x->r[i]);
    }
    gr_cgt out;
    assert_int_equal(gr_cgt_make(s, l, (size_t)x->nl, r, (size_t)x->nr, &out), GR_OK);
    return out;
}

/* One side's options o[0..n-1] of g: no two comparable (of two, Left
 * would never play the smaller, Right the larger: dominated), and none
 * reversible (no reply of the opponent from it at least as good for him as
 * g itself). */
static void assert_side_canonical(gr_cgt_store *s, gr_cgt g, const gr_cgt *o, size_t n, bool left)
{
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            bool le;
            assert_int_equal(gr_cgt_leq(s, o[i], o[j], &le), GR_OK);
            assert_true(i == j || !le);
        }
        const gr_cgt *ol, *orr;
        size_t nol, nor;
        gr_cgt_options(s, o[i], &ol, &nol, &orr, &nor);
        const gr_cgt *reply = left ? orr : ol;
        size_t nreply = left ? nor : nol;
        for (size_t k = 0; k < nreply; k++) {
            bool le;
            gr_status st = left ? gr_cgt_leq(s, reply[k], g, &le) : gr_cgt_leq(s, g, reply[k], &le);
            assert_int_equal(st, GR_OK);
            assert_false(le);
        }
    }
}

/* No dominated and no reversible options: the canonical form's defining
 * property, checked with the store's own order. */
static void assert_canonical(gr_cgt_store *s, gr_cgt g)
{
    const gr_cgt *lo, *ro;
    size_t nl, nr;
    gr_cgt_options(s, g, &lo, &nl, &ro, &nr);
    assert_side_canonical(s, g, lo, nl, true);
    assert_side_canonical(s, g, ro, nr, false);
}

static int dy_cmp(gr_dyadic a, gr_dyadic b)
{
    long double x = (long double)a.num / (long double)((uint64_t)1 << a.exp);
    long double y = (long double)b.num / (long double)((uint64_t)1 << b.exp);
    return x < y ? -1 : x > y;
}

/* Means add (Conway, ONAG ch. 9), stops bracket the mean, and a sum is no
 * hotter than its hotter summand. */
static void assert_means_add(gr_cgt_store *s, gr_cgt g, gr_cgt h, gr_cgt sum)
{
    gr_dyadic mg, tg, mh, th, ms, ts, ls, rs;
    assert_int_equal(gr_cgt_mean_temp(s, g, &mg, &tg), GR_OK);
    assert_int_equal(gr_cgt_mean_temp(s, h, &mh, &th), GR_OK);
    assert_int_equal(gr_cgt_mean_temp(s, sum, &ms, &ts), GR_OK);
    assert_int_equal(gr_cgt_stops(s, sum, &ls, &rs), GR_OK);
    long double want = (long double)mg.num / (long double)((uint64_t)1 << mg.exp) +
                       (long double)mh.num / (long double)((uint64_t)1 << mh.exp);
    long double got = (long double)ms.num / (long double)((uint64_t)1 << ms.exp);
    assert_true(want == got);
    assert_true(dy_cmp(rs, ms) <= 0 && dy_cmp(ms, ls) <= 0);
    assert_true(dy_cmp(ts, dy_cmp(tg, th) > 0 ? tg : th) <= 0);
}

static void test_against_search(void **state)
{
    gr_test_cgt *fx = *state;
    gr_cgt_store *s = fx->s;
    gr_test_rng rng = {20261201};
    enum { GAMES = 120 };
    int raw_g[GAMES];
    gr_cgt can[GAMES];
    pool_n = 0;
    for (int i = 0; i < GAMES; i++) {
        raw_g[i] = raw_random(&rng, 1 + (int)gr_test_below(&rng, 3));
        can[i] = canon(s, raw_g[i]);
        comp c = {raw_g[i], 1};
        gr_cgt_outcome o;
        assert_int_equal(gr_cgt_outcome_of(s, can[i], &o), GR_OK);
        assert_int_equal(o, outcome_of(&c, 1));
        assert_canonical(s, can[i]);
        gr_cgt n, z;
        assert_int_equal(gr_cgt_neg(s, can[i], &n), GR_OK);
        assert_int_equal(gr_cgt_add(s, can[i], n, &z), GR_OK);
        assert_int_equal(z, gr_cgt_zero(s));
    }
    for (int i = 0; i < GAMES; i++) {
        for (int j = 0; j < GAMES; j++) {
            comp diff[2] = {{raw_g[i], 1}, {raw_g[j], -1}};
            bool left_first = wins(diff, 2, true), right_first = wins(diff, 2, false);
            bool le;
            assert_int_equal(gr_cgt_leq(s, can[i], can[j], &le), GR_OK);
            assert_int_equal(le, !left_first); /* G <= H iff Left loses G - H first */
            assert_int_equal(can[i] == can[j], !left_first && !right_first);
            if (j % 3 == 0) {
                comp sum[2] = {{raw_g[i], 1}, {raw_g[j], 1}};
                gr_cgt g;
                gr_cgt_outcome o;
                assert_int_equal(gr_cgt_add(s, can[i], can[j], &g), GR_OK);
                assert_int_equal(gr_cgt_outcome_of(s, g, &o), GR_OK);
                assert_int_equal(o, outcome_of(sum, 2));
                assert_canonical(s, g);
                assert_means_add(s, can[i], can[j], g);
            }
        }
    }
}

/* ---- sums by search, and sums with a big infinitesimal part ------------- */

/* gr_cgt_sum_wins on sums of three canonical games (some negated) against
 * the exhaustive search of the raw trees; and G + U for U = n.^ + *m big
 * enough to be made by translation (cgt_arith.c) is canonical, and minus
 * G it is U again, by the general sum of two non-uptimal games. */
static void test_sum_search(void **state)
{
    gr_test_cgt *fx = *state;
    gr_cgt_store *s = fx->s;
    gr_test_rng rng = {20261203};
    pool_n = 0;
    for (int t = 0; t < 150; t++) {
        pool_n = 0; /* each sum's trees are used only by this round */
        comp c[3];
        gr_cgt g[3];
        for (int k = 0; k < 3; k++) {
            c[k].g = raw_random(&rng, 1 + (int)gr_test_below(&rng, 3));
            c[k].sign = gr_test_below(&rng, 2) ? 1 : -1;
            g[k] = canon(s, c[k].g);
            if (c[k].sign < 0) {
                assert_int_equal(gr_cgt_neg(s, g[k], &g[k]), GR_OK);
            }
        }
        for (int side = 0; side < 2; side++) {
            bool w;
            assert_int_equal(gr_cgt_sum_wins(s, g, 3, side == 0, 0, &w), GR_OK);
            assert_int_equal(w, wins3(c, side == 0));
        }
    }
    static const char *const parts[] = {"*4", "*9", "^4", "v3*5", "^*7", "^^*6"};
    for (int t = 0; t < 60; t++) {
        pool_n = 0;
        gr_cgt h = canon(s, raw_random(&rng, 1 + (int)gr_test_below(&rng, 3))), u, sum, back;
        const char *p = parts[t % 6];
        size_t at;
        const char *what;
        assert_int_equal(gr_cgt_parse(s, p, strlen(p), &u, &at, &what), GR_OK);
        assert_int_equal(gr_cgt_add(s, h, u, &sum), GR_OK);
        assert_canonical(s, sum);
        gr_cgt_outcome o, o2;
        gr_cgt parts2[2] = {h, u};
        assert_int_equal(gr_cgt_outcome_of(s, sum, &o), GR_OK);
        assert_int_equal(gr_cgt_sum_outcome(s, parts2, 2, 0, &o2), GR_OK);
        assert_int_equal(o, o2);
        if (!gr_cgt_is_number(s, h, NULL)) {
            assert_int_equal(gr_cgt_sub(s, sum, h, &back), GR_OK);
            assert_int_equal(back, u);
        }
    }
}

/* ---- published values ------------------------------------------------------ */

static const char *print_expr(gr_arena *a, gr_cgt_store *s, const char *expr, gr_cgt *g)
{
    size_t at;
    const char *what;
    gr_status st = gr_cgt_parse(s, expr, strlen(expr), g, &at, &what);
    if (st != GR_OK) {
        fprintf(stderr, "%s: %s at %zu\n", expr, what, at);
        return "(error)";
    }
    gr_buf b;
    gr_buf_init(&b, a);
    assert_int_equal(gr_cgt_print(s, *g, &b), GR_OK);
    return gr_buf_cstr(&b);
}

static void test_printing(void **state)
{
    /* CGSuite's output for these inputs (its own test cases where marked) */
    static const char *const cases[][2] = {
        {"0", "0"},
        {"5", "5"},
        {"-1/2", "-1/2"},
        {"25/16", "25/16"},
        {"*8", "*8"},
        {"9/8+*", "9/8*"}, /* CGSuite */
        {"^", "^"},
        {"v*", "v*"},                   /* CGSuite */
        {"6+^*", "6^*"},                /* CGSuite */
        {"^*6", "^*6"},                 /* CGSuite */
        {"73/16+v9*8", "73/16v9*8"},    /* CGSuite */
        {"{0||0|vvv}", "{0||0|v3}"},    /* CGSuite */
        {"{^^^|vv}", "{^3|vv}"},        /* CGSuite */
        {"{0||0|-3/2}", "Tiny(3/2)"},   /* CGSuite */
        {"{1|^^||^}", "{1|^^||^}"},     /* CGSuite */
        {"{1|^^^||^}", "{1|^3||^}"},    /* CGSuite */
        {"{3||2+*|1+*}", "{3||2*|1*}"}, /* CGSuite */
        {"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
         "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"}, /* CGSuite */
        {"{0|}", "1"},
        {"{|0}", "-1"},
        {"{0|0}", "*"},
        {"{0|*}", "^"},
        {"{*|0}", "v"},
        {"^+^", "^^"},
        {"{1|0}", "{1|0}"},
        {"{1/2|1}", "3/4"},
        {"{1|-1}", "\xc2\xb1"
                   "1"},
        {"1+*", "1*"},
        {"{1*|-1*}", "\xc2\xb1(1*)"},
        {"{1,{2|0}|-1,{0|-2}}", "\xc2\xb1{1,{2|0}}"},
        {"{^|v}", "*"},
        {"\xc2\xb1{1, {2|0}}", "\xc2\xb1{1,{2|0}}"},
        {"1/2 + *", "1/2*"},
        {"1+^", "1^"},
        {"^+*", "^*"},
        {"*2+*3", "*"},
        {"{*|*}", "0"},
        {"{0,*|0,*}", "*2"},
        {"{0,*|0}", "^*"},
        {"- - 3/8 + 1/8", "1/2"},
        {"{2|0} - 1", "\xc2\xb1"
                      "1"},
        {"(1 + (2 - 3)) + {5|-5}", "\xc2\xb1"
                                   "5"},
    };
    gr_test_cgt *fx = *state;
    gr_arena *a = fx->a;
    gr_cgt_store *s = fx->s;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gr_cgt g, h;
        const char *text = print_expr(a, s, cases[i][0], &g);
        if (strcmp(text, cases[i][1]) != 0) {
            fail_msg("%s printed %s, want %s", cases[i][0], text, cases[i][1]);
        }
        /* the printed form reads back as the same game */
        print_expr(a, s, text, &h);
        assert_int_equal(g, h);
    }
}

/* {G^L + H, G + H^L | G^R + H, G + H^R}, simplified. */
static gr_status sum_by_definition(gr_cgt_store *s, gr_cgt g, gr_cgt h, gr_cgt *out)
{
    gr_cgt l[64], r[64];
    size_t nl = 0, nr = 0;
    gr_cgt pair[2] = {g, h};
    for (int k = 0; k < 2; k++) {
        const gr_cgt *lo, *ro;
        size_t a, b;
        gr_cgt_options(s, pair[k], &lo, &a, &ro, &b);
        for (size_t i = 0; i < a; i++) {
            gr_status st = gr_cgt_add(s, lo[i], pair[1 - k], &l[nl++]);
            if (st != GR_OK) {
                return st;
            }
        }
        for (size_t i = 0; i < b; i++) {
            gr_status st = gr_cgt_add(s, ro[i], pair[1 - k], &r[nr++]);
            if (st != GR_OK) {
                return st;
            }
        }
    }
    return gr_cgt_make(s, l, nl, r, nr, out);
}

static void test_ups_and_stars(void **state)
{
    gr_test_cgt *fx = *state;
    gr_arena *a = fx->a;
    gr_cgt_store *s = fx->s;
    /* every n.^ + *m made by sums is recognised and printed compactly */
    gr_cgt up, down;
    assert_int_equal(gr_cgt_up(s, &up), GR_OK);
    assert_int_equal(gr_cgt_neg(s, up, &down), GR_OK);
    for (int n = -5; n <= 5; n++) {
        for (unsigned m = 0; m < 6; m++) {
            gr_cgt g;
            assert_int_equal(gr_cgt_nimber(s, m, &g), GR_OK);
            for (int k = 0; k < (n < 0 ? -n : n); k++) {
                assert_int_equal(gr_cgt_add(s, g, n < 0 ? down : up, &g), GR_OK);
            }
            char want[32] = "";
            int at = 0;
            int u = n < 0 ? -n : n;
            const char *sym = n < 0 ? "v" : "^";
            if (u == 1) {
                at += snprintf(want + at, sizeof(want) - (size_t)at, "%s", sym);
            } else if (u == 2) {
                at += snprintf(want + at, sizeof(want) - (size_t)at, "%s%s", sym, sym);
            } else if (u > 2) {
                at += snprintf(want + at, sizeof(want) - (size_t)at, "%s%d", sym, u);
            }
            if (m == 1) {
                at += snprintf(want + at, sizeof(want) - (size_t)at, "*");
            } else if (m > 1) {
                at += snprintf(want + at, sizeof(want) - (size_t)at, "*%u", m);
            }
            if (at == 0) {
                snprintf(want, sizeof(want), "0");
            }
            gr_buf b;
            gr_buf_init(&b, a);
            assert_int_equal(gr_cgt_print(s, g, &b), GR_OK);
            assert_string_equal(gr_buf_cstr(&b), want);
            /* sums of such games are added in closed form: check that
             * against one level of the definition, simplified by make */
            gr_cgt h = n < 0 ? down : up, sum, by_def;
            assert_int_equal(gr_cgt_add(s, g, h, &sum), GR_OK);
            assert_int_equal(sum_by_definition(s, g, h, &by_def), GR_OK);
            assert_int_equal(sum, by_def);
            /* and translated by a number */
            gr_dyadic x = {-3, 1};
            gr_cgt num, gx, hx;
            assert_int_equal(gr_cgt_number(s, x, &num), GR_OK);
            assert_int_equal(gr_cgt_add(s, g, num, &gx), GR_OK);
            assert_int_equal(gr_cgt_add(s, h, num, &hx), GR_OK);
            assert_int_equal(gr_cgt_add(s, gx, hx, &sum), GR_OK);
            assert_int_equal(sum_by_definition(s, gx, hx, &by_def), GR_OK);
            assert_int_equal(sum, by_def);
        }
    }
}

static void test_thermography(void **state)
{
    static const char *const cases[][5] = {
        /* expression, mean, temperature, left stop, right stop */
        {"{2|-1}", "1/2", "3/2", "2", "-1"},
        {"{1|-1}", "0", "1", "1", "-1"},
        {"{1|0}", "1/2", "1/2", "1", "0"},
        {"*", "0", "0", "0", "0"},
        {"^", "0", "0", "0", "0"},
        {"0", "0", "-1", "0", "0"},
        {"5", "5", "-1", "5", "5"},
        {"1/2", "1/2", "-1/2", "1/2", "1/2"},
        {"3/4", "3/4", "-1/4", "3/4", "3/4"},
        {"25/16", "25/16", "-1/16", "25/16", "25/16"}, /* CGSuite */
        {"9/8+*", "9/8", "0", "9/8", "9/8"},           /* CGSuite */
        {"{0||0|-3/2}", "0", "0", "0", "0"},
        /* ludology's tests: {5/2, {4|2} | {-1|-2}, {0|-4}}: mean 1/2, temp 5/2 */
        {"{5/2, {4|2} | {-1|-2}, {0|-4}}", "1/2", "5/2", "5/2", "-1"},
        /* the means of a sum add */
        {"{4|2} + {-1|-2}", "3/2", "1", "2", "1"},
        {"{3||2|1}", "9/4", "3/4", "3", "2"},
    };
    gr_test_cgt *fx = *state;
    gr_arena *a = fx->a;
    gr_cgt_store *s = fx->s;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gr_cgt g;
        size_t at;
        const char *what;
        assert_int_equal(gr_cgt_parse(s, cases[i][0], strlen(cases[i][0]), &g, &at, &what), GR_OK);
        gr_dyadic d[4];
        assert_int_equal(gr_cgt_mean_temp(s, g, &d[0], &d[1]), GR_OK);
        assert_int_equal(gr_cgt_stops(s, g, &d[2], &d[3]), GR_OK);
        for (int k = 0; k < 4; k++) {
            gr_buf b;
            gr_buf_init(&b, a);
            gr_dyadic_print(d[k], &b);
            if (strcmp(gr_buf_cstr(&b), cases[i][1 + k]) != 0) {
                fail_msg("%s: field %d is %s, want %s", cases[i][0], k, gr_buf_cstr(&b),
                         cases[i][1 + k]);
            }
        }
    }
}

/* expr is refused with status st at offset at, and a reason. */
static void refused(gr_cgt_store *s, const char *expr, gr_status want, size_t want_at)
{
    gr_cgt g;
    size_t at = 999;
    const char *what = NULL;
    gr_status st = gr_cgt_parse(s, expr, strlen(expr), &g, &at, &what);
    if (st != want || at != want_at) {
        fail_msg("%s: status %d at %zu (%s)", expr, st, at, what ? what : "");
    }
    assert_non_null(what);
}

static void test_errors_and_limits(void **state)
{
    gr_test_cgt *fx = *state;
    gr_cgt_store *s = fx->s;
    /* malformed, with the offset the parser reports */
    static const struct {
        const char *expr;
        size_t at;
    } bad[] = {
        {"", 0},   {"1 +", 3}, {"3/5", 2},     {"{1|", 3}, {"{1,|0}", 3},
        {"(1", 2}, {"1 2", 2}, {"{0|1|2}", 0}, {"x", 0},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        refused(s, bad[i].expr, GR_EINVAL, bad[i].at);
    }
    /* well formed, past the store's numbers and nimbers */
    static const char *const big[] = {"99999999999", "1/8589934592", "*5000"};
    for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++) {
        refused(s, big[i], GR_ELIMIT, 0);
    }
    /* nesting past the documented limit stops with a limit, not the stack */
    char deep[3 * GR_CGT_EXPR_MAX_NESTING + 16];
    size_t n = 0;
    for (int i = 0; i <= GR_CGT_EXPR_MAX_NESTING; i++) {
        deep[n++] = '(';
    }
    deep[n++] = '1';
    for (int i = 0; i <= GR_CGT_EXPR_MAX_NESTING; i++) {
        deep[n++] = ')';
    }
    gr_cgt g;
    size_t at;
    const char *what;
    assert_int_equal(gr_cgt_parse(s, deep, n, &g, &at, &what), GR_ELIMIT);
    assert_int_equal(gr_cgt_parse(s, deep + 1, n - 2, &g, &at, &what), GR_OK);
    /* the deepest braces allowed: 1/2^k chains and up-ladders stay cheap */
    gr_dyadic tiny = {1, GR_CGT_MAX_EXP};
    assert_int_equal(gr_cgt_number(s, tiny, &g), GR_OK);
    assert_int_equal(gr_cgt_integer(s, GR_CGT_MAX_INTEGER, &g), GR_OK);
    assert_int_equal(gr_cgt_add(s, g, g, &g), GR_ELIMIT);
}

GR_TEST_MAIN(gr_test_with_cgt(test_against_search), gr_test_with_cgt(test_printing),
             gr_test_with_cgt(test_ups_and_stars), gr_test_with_cgt(test_thermography),
             gr_test_with_cgt(test_errors_and_limits), gr_test_with_cgt(test_sum_search))
