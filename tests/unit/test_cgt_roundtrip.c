/* Every value grundyd prints reads back as the same game (issue 38, item
 * 8): a few thousand canonical forms — numbers with ups and stars of
 * either sign, switches, Tinies, random games made from earlier ones, their
 * sums and negatives — are printed and parsed again, and must give the same
 * handle.  Then CGSuite's notation that the printer never writes but users
 * do: "+-" for ±, whitespace inside a compact group. */
#include "gr_test.h"
#include "gr_test_cgt.h"

#include <stdio.h>
#include <string.h>

#include "grundy/cgt.h"

static gr_cgt parse_ok(gr_cgt_store *s, const char *text)
{
    gr_cgt g;
    size_t at;
    const char *what;
    gr_status st = gr_cgt_parse(s, text, strlen(text), &g, &at, &what);
    if (st != GR_OK) {
        fail_msg("%s: %s at %zu", text, what, at);
    }
    return g;
}

static const char *print_of(gr_arena *a, gr_cgt_store *s, gr_cgt g)
{
    gr_buf b;
    gr_buf_init(&b, a);
    assert_int_equal(gr_cgt_print(s, g, &b), GR_OK);
    return gr_buf_cstr(&b);
}

#define POOL_MAX 6000
#define POOL_WANT 4000

typedef struct pool {
    gr_cgt g[POOL_MAX];
    size_t text[POOL_MAX]; /* the printed length: the game's size, roughly */
    size_t n;
} pool;

static const char *print_of(gr_arena *a, gr_cgt_store *s, gr_cgt g);

static void pool_add(gr_arena *a, gr_cgt_store *s, pool *p, gr_cgt g)
{
    for (size_t i = 0; i < p->n; i++) {
        if (p->g[i] == g) {
            return;
        }
    }
    if (p->n < POOL_MAX) {
        p->text[p->n] = strlen(print_of(a, s, g));
        p->g[p->n++] = g;
    }
}

/* A pool member printed in at most 40 bytes, so that the random games made
 * from it stay small. */
static gr_cgt pool_pick(gr_cgt_store *s, const pool *p, gr_test_rng *rng)
{
    (void)s;
    for (;;) {
        size_t i = gr_test_below(rng, p->n);
        if (p->text[i] <= 40) {
            return p->g[i];
        }
    }
}

/* x + n.^ + *m for a dyadic x of either sign. */
static gr_cgt uptimal(gr_cgt_store *s, gr_test_rng *rng)
{
    gr_dyadic x = {(int64_t)gr_test_below(rng, 41) - 20, (unsigned)gr_test_below(rng, 4)};
    int n = (int)gr_test_below(rng, 11) - 5;
    gr_cgt g, up, star;
    assert_int_equal(gr_cgt_number(s, x, &g), GR_OK);
    assert_int_equal(gr_cgt_up(s, &up), GR_OK);
    if (n < 0) {
        assert_int_equal(gr_cgt_neg(s, up, &up), GR_OK);
    }
    for (int i = 0; i < (n < 0 ? -n : n); i++) {
        assert_int_equal(gr_cgt_add(s, g, up, &g), GR_OK);
    }
    assert_int_equal(gr_cgt_nimber(s, gr_test_below(rng, 5), &star), GR_OK);
    assert_int_equal(gr_cgt_add(s, g, star, &g), GR_OK);
    return g;
}

static void test_printed_values_read_back(void **state)
{
    gr_test_cgt *fx = *state;
    gr_cgt_store *s = fx->s;
    static pool p;
    p.n = 0;
    gr_test_rng rng = {0x38};
    static const char *const seeds[] = {"0",     "1",         "-1",     "1/2",  "-3/4",
                                        "*",     "*2",        "^",      "v",    "^*",
                                        "{1|0}", "{0||0|-1}", "{2|-1}", "-1^^", "-13^3*"};
    for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
        pool_add(fx->a, s, &p, parse_ok(s, seeds[i]));
    }
    while (p.n < POOL_WANT) {
        gr_cgt g;
        switch (gr_test_below(&rng, 6)) {
        case 0:
            g = uptimal(s, &rng);
            break;
        case 1: { /* a random game from earlier ones */
            gr_cgt l[3], r[3];
            size_t nl = gr_test_below(&rng, 4), nr = gr_test_below(&rng, 4);
            for (size_t i = 0; i < nl; i++) {
                l[i] = pool_pick(s, &p, &rng);
            }
            for (size_t i = 0; i < nr; i++) {
                r[i] = pool_pick(s, &p, &rng);
            }
            assert_int_equal(gr_cgt_make(s, l, nl, r, nr, &g), GR_OK);
            break;
        }
        case 2: { /* a switch ±G, translated */
            gr_cgt a = pool_pick(s, &p, &rng), na, x;
            assert_int_equal(gr_cgt_neg(s, a, &na), GR_OK);
            assert_int_equal(gr_cgt_make(s, &a, 1, &na, 1, &g), GR_OK);
            assert_int_equal(gr_cgt_integer(s, (int64_t)gr_test_below(&rng, 7) - 3, &x), GR_OK);
            assert_int_equal(gr_cgt_add(s, g, x, &g), GR_OK);
            break;
        }
        case 3: { /* x + Tiny(d) or Miny(d) */
            char text[64];
            snprintf(text, sizeof(text), "%d %s(%u/2)", (int)gr_test_below(&rng, 9) - 4,
                     gr_test_below(&rng, 2) ? "Tiny" : "Miny",
                     1 + 2 * (unsigned)gr_test_below(&rng, 3));
            g = parse_ok(s, text);
            break;
        }
        case 4: /* a sum, which keeps the store's closed forms honest */
            assert_int_equal(gr_cgt_add(s, pool_pick(s, &p, &rng), pool_pick(s, &p, &rng), &g),
                             GR_OK);
            break;
        default:
            assert_int_equal(gr_cgt_neg(s, pool_pick(s, &p, &rng), &g), GR_OK);
            break;
        }
        pool_add(fx->a, s, &p, g);
    }
    for (size_t i = 0; i < p.n; i++) {
        const char *text = print_of(fx->a, s, p.g[i]);
        gr_cgt back = parse_ok(s, text);
        if (back != p.g[i]) {
            fail_msg("%s read back as %s", text, print_of(fx->a, s, back));
        }
    }
}

/* The same game, as two texts. */
static void same(gr_arena *a, gr_cgt_store *s, const char *x, const char *y)
{
    gr_cgt g = parse_ok(s, x), h = parse_ok(s, y);
    if (g != h) {
        fail_msg("%s is %s, %s is %s", x, print_of(a, s, g), y, print_of(a, s, h));
    }
}

static void test_cgsuite_notation(void **state)
{
    gr_test_cgt *fx = *state;
    gr_arena *a = fx->a;
    gr_cgt_store *s = fx->s;
    /* a unary minus before a number negates the number only */
    same(a, s, "-1^^", "(-1) + ^^");
    same(a, s, "-13^3*", "-13 + ^3 + *");
    same(a, s, "-1/2v*", "-1/2 + v + *");
    same(a, s, "-1Tiny(2)", "-1 + Tiny(2)");
    same(a, s, "-(1^^)", "-1vv");
    same(a, s, "--1^^", "1^^");
    same(a, s, "3 - 1^^", "2vv");
    same(a, s, "3 + -1^^", "2^^");
    same(a, s, "-^^", "vv");
    assert_string_equal(print_of(a, s, parse_ok(s, "{1^^|-1^^}")), "{1^^|-1^^}");
    assert_string_equal(print_of(a, s, parse_ok(s, "-1^^")), "-1^^");
    assert_string_equal(print_of(a, s, parse_ok(s, "-13^3*")), "-13^3*");
    /* CGSuite's "+-" is ±, also between two terms: x ± y = x + ±y */
    same(a, s, "+-1", "{1|-1}");
    same(a, s, "3+-1", "{4|2}");
    same(a, s,
         "3\xc2\xb1"
         "1",
         "{4|2}");
    same(a, s, "3 +- 1 + 1", "{5|3}");
    same(a, s, "+-{1, {2|0}}", "\xc2\xb1{1,{2|0}}");
    same(a, s, "{+-1 | 0}", "{{1|-1}|0}");
    same(a, s, "2 - +-1", "{3|1}");
    same(a, s, "3 + -1", "2");
    /* whitespace between the parts of a compact group */
    same(a, s, "123 v 58 *", "123v58*");
    same(a, s, "1/2 ^ *", "1/2^*");
    same(a, s, "^ 3", "^3");
    same(a, s, "* 2", "*2");
    same(a, s, "1 Tiny(2)", "1Tiny(2)");
    same(a, s, "{ 1 * | 0 }", "{1*|0}");
    /* but not inside a number or a run, nor between "+" and "-" */
    size_t at;
    const char *what;
    gr_cgt g;
    assert_int_equal(gr_cgt_parse(s, "1 2", 3, &g, &at, &what), GR_EINVAL);
    assert_int_equal(at, 2);
    assert_int_equal(gr_cgt_parse(s, "^ ^", 3, &g, &at, &what), GR_EINVAL);
    assert_int_equal(at, 2);
    assert_int_equal(gr_cgt_parse(s, "+-", 2, &g, &at, &what), GR_EINVAL);
    assert_int_equal(at, 2);
}

GR_TEST_MAIN(gr_test_with_cgt(test_printed_values_read_back),
             gr_test_with_cgt(test_cgsuite_notation))
