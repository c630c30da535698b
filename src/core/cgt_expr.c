/*
 * Game expressions (include/grundy/cgt.h, docs/partizan.md):
 *
 *   expr    := term (("+" | "-") term | pm term)*
 *   term    := "-"* unit | "-"+ compact
 *   unit    := pm unit | pm "{" list "}" | "(" expr ")" | "{" lists "}" | compact
 *   pm      := "±" | "+-"                   (CGSuite's ASCII spelling of ±)
 *   lists   := list (bars list)+     (bars: a run of "|"; see gr_cgt_expr_build)
 *   list    := empty | expr ("," expr)*
 *   compact := [number] [tiny] [ups] [star], at least one of them
 *   tiny    := ("Tiny(" | "Miny(") expr ")"
 *   number  := digits ["/" digits]          (the denominator a power of 2)
 *   ups     := "^"+ | "^" digits | "v"+ | "v" digits
 *   star    := "*" [digits]
 *
 * Whitespace may stand between any two tokens, also between the parts of a
 * compact group ("123 v 58 *" is 123 + 58.v + *, "^ 3" is ^3), but not
 * inside a number, a run of "^" or "v", or "+-".
 *
 * Reading back what gr_cgt_print writes (cgt_print.c) decides two points:
 * - a unary minus in front of a compact group that starts with a number
 *   negates the number only: "-1^^" is (-1) + ^^, as CGSuite prints that
 *   game, "-13^3*" is (-13) + ^3 + *, and "{1^^|-1^^}" is not a switch.
 *   A binary minus subtracts the whole term ("3 - 1^^" is 2vv), and
 *   "-(1^^)" negates the group;
 * - x ± y is x + ±y: "3+-1" and "3±1" are {4|2}, as in CGSuite (with a
 *   space, "3 + -1" is 2).
 *
 * A recursive descent whose
 * depth is counted: each "(", "{" and "±" is one level, and past
 * GR_CGT_EXPR_MAX_NESTING levels the parse stops with GR_ELIMIT; runs of
 * unary minus are counted in a loop, not recursed on.  Values are built in
 * the store as they are read, so an error can also be a store limit.
 */
#include "cgt_internal.h"

#include <string.h>

typedef struct gr_cgt_parser {
    gr_cgt_store *s;
    const char *p, *end, *start;
    unsigned depth;
    size_t err_at;
    const char *err;
} gr_cgt_parser;

static gr_status gr_cgt_expr_fail(gr_cgt_parser *x, gr_status st, const char *at, const char *what)
{
    if (x->err == NULL) {
        x->err_at = (size_t)(at - x->start);
        x->err = what;
    }
    return st;
}

/* A store failure at `at`: limits and budgets are named, others pass. */
static gr_status gr_cgt_expr_store(gr_cgt_parser *x, gr_status st, const char *at)
{
    if (st == GR_ELIMIT) {
        return gr_cgt_expr_fail(x, st, at, "the value is past the limits of the game store");
    }
    if (st == GR_EINVAL) {
        return gr_cgt_expr_fail(x, st, at, "the value cannot be represented");
    }
    return gr_cgt_expr_fail(x, st, at, "the analysis stopped");
}

static void gr_cgt_expr_space(gr_cgt_parser *x)
{
    while (x->p < x->end && (*x->p == ' ' || *x->p == '\t' || *x->p == '\n' || *x->p == '\r')) {
        x->p++;
    }
}

static bool gr_cgt_expr_digit(const gr_cgt_parser *x)
{
    return x->p < x->end && *x->p >= '0' && *x->p <= '9';
}

/* Decimal digits at p into *v, capped: false when the value passes cap. */
static bool gr_cgt_expr_digits(gr_cgt_parser *x, uint64_t cap, uint64_t *v)
{
    uint64_t n = 0;
    bool ok = true;
    while (gr_cgt_expr_digit(x)) {
        unsigned d = (unsigned)(*x->p++ - '0');
        if (n > (cap - d) / 10) {
            ok = false;
            n = cap;
        } else {
            n = n * 10 + d;
        }
    }
    *v = n;
    return ok;
}

static gr_status gr_cgt_expr_expr(gr_cgt_parser *x, gr_cgt *out);

static bool gr_cgt_expr_at_end_of_list(const gr_cgt_parser *x)
{
    return x->p < x->end && (*x->p == '|' || *x->p == '}');
}

static gr_status gr_cgt_expr_list(gr_cgt_parser *x, gr_cgt **v, size_t *n)
{
    size_t cap = 0;
    *v = NULL;
    *n = 0;
    gr_cgt_expr_space(x);
    if (gr_cgt_expr_at_end_of_list(x)) {
        return GR_OK;
    }
    for (;;) {
        gr_cgt g;
        gr_status st = gr_cgt_expr_expr(x, &g);
        if (st != GR_OK) {
            return st;
        }
        gr_cgt *grown = gr_arena_grow(x->s->arena, *v, &cap, *n + 1, sizeof(gr_cgt), 4);
        if (grown == NULL) {
            return gr_cgt_expr_fail(x, GR_ENOMEM, x->p, "out of memory");
        }
        *v = grown;
        (*v)[(*n)++] = g;
        gr_cgt_expr_space(x);
        if (x->p < x->end && *x->p == ',') {
            x->p++;
            continue;
        }
        if (gr_cgt_expr_at_end_of_list(x)) {
            return GR_OK;
        }
        return gr_cgt_expr_fail(x, GR_EINVAL, x->p,
                                x->p < x->end ? "expected ',', '|' or '}' after an option"
                                              : "unexpected end of the expression: '}' missing");
    }
}

/* Tiny(G) = {0||0|-G} and Miny(G) = {G|0||0}, as CGSuite prints them. */
static gr_status gr_cgt_expr_tiny(gr_cgt_parser *x, gr_cgt *out)
{
    const char *at = x->p;
    bool tiny = *x->p == 'T';
    if (x->depth >= GR_CGT_EXPR_MAX_NESTING) {
        return gr_cgt_expr_fail(x, GR_ELIMIT, x->p, "the expression nests too deeply");
    }
    x->p += 5;
    x->depth++;
    gr_cgt g;
    gr_status st = gr_cgt_expr_expr(x, &g);
    x->depth--;
    if (st != GR_OK) {
        return st;
    }
    gr_cgt_expr_space(x);
    if (x->p >= x->end || *x->p != ')') {
        return gr_cgt_expr_fail(x, GR_EINVAL, x->p, "expected ')'");
    }
    x->p++;
    gr_cgt zero = 0, ng, inner;
    if ((st = gr_cgt_neg(x->s, g, &ng)) != GR_OK ||
        (st = tiny ? gr_cgt_make(x->s, &zero, 1, &ng, 1, &inner)
                   : gr_cgt_make(x->s, &g, 1, &zero, 1, &inner)) != GR_OK ||
        (st = tiny ? gr_cgt_make(x->s, &zero, 1, &inner, 1, out)
                   : gr_cgt_make(x->s, &inner, 1, &zero, 1, out)) != GR_OK) {
        return gr_cgt_expr_store(x, st, at);
    }
    return GR_OK;
}

/* Whether, after optional whitespace, the text goes on with one of the
 * bytes of `set`; if so the whitespace is skipped, else nothing is. */
static bool gr_cgt_expr_next_is(gr_cgt_parser *x, const char *set)
{
    const char *q = x->p;
    while (q < x->end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')) {
        q++;
    }
    if (q < x->end && *q != '\0' && strchr(set, *q) != NULL) {
        x->p = q;
        return true;
    }
    return false;
}

/* Whether "Tiny(" or "Miny(" follows, after optional whitespace (skipped
 * when it does). */
static bool gr_cgt_expr_next_tiny(gr_cgt_parser *x)
{
    const char *keep = x->p;
    if (gr_cgt_expr_next_is(x, "TM") && x->end - x->p >= 5 &&
        (memcmp(x->p, "Tiny(", 5) == 0 || memcmp(x->p, "Miny(", 5) == 0)) {
        return true;
    }
    x->p = keep;
    return false;
}

/* number, tiny, ups, star: at least one, in this order, whitespace allowed
 * between them.  `negative`: the number is negated (a unary minus stood
 * before it, see the top of the file); the caller sees a digit first. */
static gr_status gr_cgt_expr_compact(gr_cgt_parser *x, gr_cgt *out, bool negative)
{
    const char *at = x->p;
    gr_cgt_store *s = x->s;
    gr_cgt sum = 0;
    bool any = false;
    gr_status st;
    if (gr_cgt_expr_digit(x)) {
        uint64_t num, den = 1;
        if (!gr_cgt_expr_digits(x, (uint64_t)GR_CGT_MAX_INTEGER << GR_CGT_MAX_EXP, &num)) {
            return gr_cgt_expr_fail(x, GR_ELIMIT, at,
                                    "the number is past the limits of the game store");
        }
        if (x->p < x->end && *x->p == '/') {
            x->p++;
            const char *dat = x->p;
            if (!gr_cgt_expr_digit(x)) {
                return gr_cgt_expr_fail(x, GR_EINVAL, x->p, "expected the denominator after '/'");
            }
            if (!gr_cgt_expr_digits(x, UINT64_MAX / 2, &den) || den == 0 ||
                (den & (den - 1)) != 0) {
                return gr_cgt_expr_fail(x, GR_EINVAL, dat, "the denominator must be a power of 2");
            }
        }
        unsigned exp = 0;
        while ((den >> exp) > 1) {
            exp++;
        }
        if (exp > GR_CGT_MAX_EXP) {
            return gr_cgt_expr_fail(x, GR_ELIMIT, at, "the denominator is past 2^32");
        }
        gr_dyadic d = {negative ? -(int64_t)num : (int64_t)num, exp};
        if ((st = gr_cgt_number(s, d, &sum)) != GR_OK) {
            return gr_cgt_expr_store(x, st, at);
        }
        any = true;
    }
    if (gr_cgt_expr_next_tiny(x)) {
        gr_cgt t;
        const char *tat = x->p;
        if ((st = gr_cgt_expr_tiny(x, &t)) != GR_OK) {
            return st;
        }
        if ((st = gr_cgt_add(s, sum, t, &sum)) != GR_OK) {
            return gr_cgt_expr_store(x, st, tat);
        }
        any = true;
    }
    if (gr_cgt_expr_next_is(x, "^v")) {
        const char *uat = x->p;
        char sym = *x->p;
        uint64_t k = 0;
        while (x->p < x->end && *x->p == sym) {
            x->p++;
            k++;
        }
        if (k == 1 && gr_cgt_expr_next_is(x, "0123456789")) {
            if (!gr_cgt_expr_digits(x, GR_CGT_MAX_DEPTH + 1, &k)) {
                k = GR_CGT_MAX_DEPTH + 1;
            }
        }
        if (k > GR_CGT_MAX_DEPTH) {
            return gr_cgt_expr_fail(x, GR_ELIMIT, uat, "too many ups for the game store");
        }
        gr_cgt up, ups = 0;
        if ((st = gr_cgt_up(s, &up)) != GR_OK ||
            (sym == 'v' && (st = gr_cgt_neg(s, up, &up)) != GR_OK)) {
            return gr_cgt_expr_store(x, st, uat);
        }
        for (uint64_t i = 0; i < k; i++) { /* k <= GR_CGT_MAX_DEPTH additions */
            if ((st = gr_cgt_add(s, ups, up, &ups)) != GR_OK) {
                return gr_cgt_expr_store(x, st, uat);
            }
        }
        if ((st = gr_cgt_add(s, sum, ups, &sum)) != GR_OK) {
            return gr_cgt_expr_store(x, st, uat);
        }
        any = true;
    }
    if (gr_cgt_expr_next_is(x, "*")) {
        const char *sat = x->p++;
        uint64_t n = 1;
        if (gr_cgt_expr_next_is(x, "0123456789") &&
            !gr_cgt_expr_digits(x, GR_CGT_MAX_DEPTH + 1, &n)) {
            n = GR_CGT_MAX_DEPTH + 1;
        }
        if (n > GR_CGT_MAX_DEPTH) {
            return gr_cgt_expr_fail(x, GR_ELIMIT, sat, "a nimber is at most *1000");
        }
        gr_cgt star;
        if ((st = gr_cgt_nimber(s, n, &star)) != GR_OK ||
            (st = gr_cgt_add(s, sum, star, &sum)) != GR_OK) {
            return gr_cgt_expr_store(x, st, sat);
        }
        any = true;
    }
    if (!any) {
        return gr_cgt_expr_fail(x, GR_EINVAL, at,
                                x->p < x->end ? "expected a game"
                                              : "unexpected end of the expression");
    }
    *out = sum;
    return GR_OK;
}

static gr_status gr_cgt_expr_unit(gr_cgt_parser *x, gr_cgt *out);

/* The lists of one pair of braces, and the runs of bars between them:
 * CGSuite's {a || b | c} = {a | {b | c}}: the longest run splits the game,
 * shorter runs nest inside its sides. */
#define GR_PX_MAX_BARS 32
typedef struct gr_cgt_expr_braced {
    gr_cgt **list;
    size_t *n;
    unsigned *bars; /* bars[k]: the run between list k and list k+1 */
    size_t segs;
} gr_cgt_expr_braced;

static gr_status gr_cgt_expr_build(gr_cgt_parser *x, const gr_cgt_expr_braced *b, size_t i,
                                   size_t j, const char *at, gr_cgt *out)
{
    unsigned m = 0;
    size_t k = i, count = 0;
    for (size_t q = i; q < j; q++) {
        if (b->bars[q] > m) {
            m = b->bars[q], k = q, count = 1;
        } else if (b->bars[q] == m) {
            count++;
        }
    }
    if (count != 1) {
        return gr_cgt_expr_fail(x, GR_EINVAL, at,
                                "ambiguous bars: runs of equal length need braces");
    }
    /* each side: the list itself, or the game its shorter bars make (the
     * longest run shrinks at each level: at most GR_PX_MAX_BARS deep) */
    gr_cgt side[2];
    const gr_cgt *opts[2];
    size_t nopts[2];
    for (int t = 0; t < 2; t++) {
        size_t lo = t == 0 ? i : k + 1, hi = t == 0 ? k : j;
        if (lo == hi) {
            opts[t] = b->list[lo];
            nopts[t] = b->n[lo];
            continue;
        }
        gr_status st = gr_cgt_expr_build(x, b, lo, hi, at, &side[t]);
        if (st != GR_OK) {
            return st;
        }
        opts[t] = &side[t];
        nopts[t] = 1;
    }
    gr_status st = gr_cgt_make(x->s, opts[0], nopts[0], opts[1], nopts[1], out);
    return st == GR_OK ? st : gr_cgt_expr_store(x, st, at);
}

/* Braces; with `plain` non-NULL, braces without bars are a plain list of
 * games (±{a,b} = {a,b | -a,-b}): *plain and *nplain get it. */
static gr_status gr_cgt_expr_braces(gr_cgt_parser *x, const char *at, gr_cgt *out, gr_cgt **plain,
                                    size_t *nplain)
{
    gr_cgt_expr_braced b = {NULL, NULL, NULL, 0};
    size_t cap = 0;
    for (;;) {
        if (b.segs == cap) {
            size_t c2 = cap == 0 ? 4 : 2 * cap;
            gr_cgt **l = GR_ARENA_ARRAY_UNINIT(x->s->arena, gr_cgt *, c2);
            size_t *n = GR_ARENA_ARRAY_UNINIT(x->s->arena, size_t, c2);
            unsigned *bars = GR_ARENA_ARRAY_UNINIT(x->s->arena, unsigned, c2);
            if (l == NULL || n == NULL || bars == NULL) {
                return gr_cgt_expr_fail(x, GR_ENOMEM, x->p, "out of memory");
            }
            if (cap > 0) {
                memcpy(l, b.list, cap * sizeof(*l));
                memcpy(n, b.n, cap * sizeof(*n));
                memcpy(bars, b.bars, cap * sizeof(*bars));
            }
            b.list = l, b.n = n, b.bars = bars, cap = c2;
        }
        gr_status st = gr_cgt_expr_list(x, &b.list[b.segs], &b.n[b.segs]);
        if (st != GR_OK) {
            return st;
        }
        b.segs++;
        if (x->p >= x->end) {
            return gr_cgt_expr_fail(x, GR_EINVAL, x->p,
                                    "unexpected end of the expression: '}' missing");
        }
        if (*x->p == '}') {
            x->p++;
            break;
        }
        const char *run = x->p;
        unsigned k = 0;
        while (x->p < x->end && *x->p == '|') {
            x->p++;
            k++;
        }
        if (k > GR_PX_MAX_BARS) {
            return gr_cgt_expr_fail(x, GR_EINVAL, run, "more than 32 bars in a row");
        }
        b.bars[b.segs - 1] = k;
    }
    if (b.segs == 1 && plain != NULL) {
        *plain = b.list[0];
        *nplain = b.n[0];
        return GR_OK;
    }
    if (b.segs < 2) {
        return gr_cgt_expr_fail(x, GR_EINVAL, x->p - 1,
                                "expected '|' between the Left and Right options");
    }
    return gr_cgt_expr_build(x, &b, 0, b.segs - 1, at, out);
}

static gr_status gr_cgt_expr_nested(gr_cgt_parser *x, gr_cgt *out)
{
    const char *at = x->p;
    gr_cgt_store *s = x->s;
    gr_status st;
    if (*x->p == '(') {
        x->p++;
        if ((st = gr_cgt_expr_expr(x, out)) != GR_OK) {
            return st;
        }
        gr_cgt_expr_space(x);
        if (x->p >= x->end || *x->p != ')') {
            return gr_cgt_expr_fail(x, GR_EINVAL, x->p, "expected ')'");
        }
        x->p++;
        return GR_OK;
    }
    if (*x->p == '{') {
        x->p++;
        return gr_cgt_expr_braces(x, at, out, NULL, NULL);
    }
    /* "±" (U+00B1) or "+-", two bytes either way: {G | -G}, or with a
     * plain list ±{a,b} = {a,b | -a,-b} */
    x->p += 2;
    gr_cgt_expr_space(x);
    gr_cgt one, *left = &one;
    size_t n = 1;
    if (x->p < x->end && *x->p == '{') {
        const char *bat = x->p++;
        left = NULL;
        if ((st = gr_cgt_expr_braces(x, bat, &one, &left, &n)) != GR_OK) {
            return st;
        }
        if (n == 0) { /* a plain list, empty */
            return gr_cgt_expr_fail(x, GR_EINVAL, at,
                              "±{} lists no game: write ±G, or ±{a,b} for {a,b | -a,-b}");
        }
        if (left == NULL) {
            left = &one, n = 1;
        }
    } else if ((st = gr_cgt_expr_unit(x, &one)) != GR_OK) {
        return st;
    }
    gr_cgt *right = GR_ARENA_ARRAY_UNINIT(s->arena, gr_cgt, n);
    if (right == NULL) {
        return gr_cgt_expr_fail(x, GR_ENOMEM, at, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        if ((st = gr_cgt_neg(s, left[i], &right[i])) != GR_OK) {
            return gr_cgt_expr_store(x, st, at);
        }
    }
    if ((st = gr_cgt_make(s, left, n, right, n, out)) != GR_OK) {
        return gr_cgt_expr_store(x, st, at);
    }
    return GR_OK;
}

/* "±" or its ASCII spelling "+-" at p. */
static bool gr_cgt_expr_at_pm(const gr_cgt_parser *x)
{
    return x->end - x->p >= 2 && (memcmp(x->p, "\xc2\xb1", 2) == 0 || memcmp(x->p, "+-", 2) == 0);
}

static gr_status gr_cgt_expr_unit(gr_cgt_parser *x, gr_cgt *out)
{
    gr_cgt_expr_space(x);
    if (x->p < x->end && (*x->p == '(' || *x->p == '{' || gr_cgt_expr_at_pm(x))) {
        if (x->depth >= GR_CGT_EXPR_MAX_NESTING) {
            return gr_cgt_expr_fail(x, GR_ELIMIT, x->p, "the expression nests too deeply");
        }
        x->depth++;
        gr_status st = gr_cgt_expr_nested(x, out);
        x->depth--;
        return st;
    }
    return gr_cgt_expr_compact(x, out, false);
}

static gr_status gr_cgt_expr_term(gr_cgt_parser *x, gr_cgt *out)
{
    bool negate = false;
    gr_cgt_expr_space(x);
    const char *at = x->p;
    while (x->p < x->end && *x->p == '-') {
        negate = !negate;
        x->p++;
        gr_cgt_expr_space(x);
    }
    if (negate && gr_cgt_expr_digit(x)) {
        return gr_cgt_expr_compact(x, out, true); /* "-1^^" is (-1) + ^^ */
    }
    gr_status st = gr_cgt_expr_unit(x, out);
    if (st == GR_OK && negate && (st = gr_cgt_neg(x->s, *out, out)) != GR_OK) {
        return gr_cgt_expr_store(x, st, at);
    }
    return st;
}

static gr_status gr_cgt_expr_expr(gr_cgt_parser *x, gr_cgt *out)
{
    gr_cgt acc;
    gr_status st = gr_cgt_expr_term(x, &acc);
    for (;;) {
        if (st != GR_OK) {
            return st;
        }
        gr_cgt_expr_space(x);
        bool pm = gr_cgt_expr_at_pm(x); /* x ± y = x + ±y: the term reads the ± */
        if (!pm && (x->p >= x->end || (*x->p != '+' && *x->p != '-'))) {
            *out = acc;
            return GR_OK;
        }
        const char *at = x->p;
        bool minus = !pm && *x->p == '-';
        x->p += pm ? 0 : 1;
        gr_cgt t;
        if ((st = gr_cgt_expr_term(x, &t)) != GR_OK) {
            return st;
        }
        st = minus ? gr_cgt_sub(x->s, acc, t, &acc) : gr_cgt_add(x->s, acc, t, &acc);
        if (st != GR_OK) {
            return gr_cgt_expr_store(x, st, at);
        }
    }
}

gr_status gr_cgt_parse(gr_cgt_store *s, const char *text, size_t len, gr_cgt *out,
                       size_t *err_offset, const char **err_what)
{
    gr_cgt_parser x = {s, text, text + len, text, 0, 0, NULL};
    gr_status st = gr_cgt_expr_expr(&x, out);
    if (st == GR_OK) {
        gr_cgt_expr_space(&x);
        if (x.p != x.end) {
            st = gr_cgt_expr_fail(&x, GR_EINVAL, x.p, "unexpected character");
        }
    }
    if (st != GR_OK) {
        *err_offset = x.err != NULL ? x.err_at : (size_t)(x.p - text);
        *err_what = x.err != NULL ? x.err : "invalid expression";
    }
    return st;
}
