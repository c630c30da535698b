/* gr_json_parse (src/json/parse.c) against cJSON: random valid documents
 * give the same tree, node for node; random mutations that we accept
 * cJSON accepts with the same tree; every class of rejection has its
 * status and message; the cases where we are stricter than cJSON are
 * listed one by one; budget exhaustion is GR_ENOMEM.  Also prints (never
 * asserts) parse times against cJSON's. */
#include "gr_test_json.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "json/gr_json.h"

static int setup(void **state)
{
    return gr_test_json_setup(state, 256u << 20, true);
}

static int teardown(void **state)
{
    return gr_test_json_teardown(state);
}

static void reset(fixture *f)
{
    gr_arena_reset(f->arena);
    gr_arena_reset(f->ref);
    gr_jctx_init(&f->c, f->arena);
}

/* The text in a malloc'ed block of exactly len bytes, so that ASan sees
 * any read past the end (the body buffer has no terminator either). */
static char *exact_copy(const char *text, size_t len)
{
    char *t = malloc(len ? len : 1);
    assert_non_null(t);
    memcpy(t, text, len);
    return t;
}

static gr_status ours(fixture *f, const char *text, size_t len, cJSON **doc)
{
    char *t = exact_copy(text, len);
    gr_status st = gr_json_parse(&f->c, t, len, doc);
    /* The tree must not point into the body: the caller may free it. */
    memset(t, 0, len);
    free(t);
    return st;
}

/* cJSON as the old path called it: a document, then only whitespace. */
static cJSON *theirs(const char *text, size_t len)
{
    char *t = exact_copy(text, len);
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(t, len, &end, 0);
    if (doc != NULL) {
        size_t off = (size_t)(end - t);
        while (off < len && (t[off] == ' ' || t[off] == '\t' || t[off] == '\n' || t[off] == '\r')) {
            off++;
        }
        if (off != len) {
            doc = NULL;
        }
    }
    free(t);
    return doc;
}

static bool same_str(const char *a, const char *b)
{
    return (a == NULL && b == NULL) || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Node for node, in order, with cJSON's link convention checked on ours.
 * Iterative: a walk of both trees side by side. */
static bool same_tree(const cJSON *a, const cJSON *b)
{
    const cJSON **sa = malloc(2048 * sizeof(*sa));
    const cJSON **sb = malloc(2048 * sizeof(*sb));
    size_t n = 0;
    bool ok = true;
    sa[n] = a;
    sb[n++] = b;
    while (ok && n > 0) {
        n--;
        a = sa[n];
        b = sb[n];
        if (a->type != b->type || !same_str(a->string, b->string) ||
            !same_str(a->valuestring, b->valuestring) || a->valueint != b->valueint ||
            memcmp(&a->valuedouble, &b->valuedouble, sizeof(double)) != 0) {
            fprintf(stderr, "differ: type %d/%d key %s/%s str %s/%s int %d/%d dbl %.17g/%.17g\n",
                    a->type, b->type, a->string ? a->string : "-", b->string ? b->string : "-",
                    a->valuestring ? a->valuestring : "-", b->valuestring ? b->valuestring : "-",
                    a->valueint, b->valueint, a->valuedouble, b->valuedouble);
            ok = false;
            break;
        }
        const cJSON *ca = a->child, *cb = b->child;
        const cJSON *last = NULL;
        size_t first = n;
        while (ca != NULL && cb != NULL) {
            if (ca != a->child && ca->prev != last) {
                ok = false;
            }
            if (n >= 2048) {
                ok = false;
                break;
            }
            sa[n] = ca;
            sb[n++] = cb;
            last = ca;
            ca = ca->next;
            cb = cb->next;
        }
        if (ca != NULL || cb != NULL || (a->child != NULL && a->child->prev != last)) {
            fprintf(stderr, "differ: children or links\n");
            ok = false;
        }
        /* pre-order: visit the first child first */
        for (size_t i = first, j = n; i + 1 < j; i++) {
            j--;
            const cJSON *t = sa[i];
            sa[i] = sa[j];
            sa[j] = t;
            t = sb[i];
            sb[i] = sb[j];
            sb[j] = t;
        }
    }
    free(sa);
    free(sb);
    return ok;
}

/* ---- a generator of random valid documents ------------------------------- */

typedef struct buf {
    char *b;
    size_t n, cap;
} buf;

static void put(buf *o, const char *s, size_t n)
{
    if (o->n + n > o->cap) {
        o->cap = (o->n + n) * 2 + 64;
        o->b = realloc(o->b, o->cap);
        assert_non_null(o->b);
    }
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

static void puts_(buf *o, const char *s)
{
    put(o, s, strlen(s));
}

static void putc_(buf *o, char ch)
{
    put(o, &ch, 1);
}

static void repeat(buf *o, const char *s, int n)
{
    for (int i = 0; i < n; i++) {
        puts_(o, s);
    }
}

static void gen_ws(gr_test_rng *r, buf *o)
{
    if (gr_test_below(r, 3) == 0) {
        for (uint64_t k = gr_test_below(r, 3) + 1; k > 0; k--) {
            putc_(o, " \t\n\r"[gr_test_below(r, 4)]);
        }
    }
}

static void put_utf8(buf *o, uint32_t cp)
{
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    put(o, u, n);
}

static void put_u_escape(gr_test_rng *r, buf *o, uint32_t v)
{
    char e[8];
    snprintf(e, sizeof(e), gr_test_below(r, 2) ? "\\u%04x" : "\\u%04X", (unsigned)v);
    puts_(o, e);
}

static uint32_t random_scalar(gr_test_rng *r, uint32_t lo)
{
    for (;;) {
        uint32_t cp;
        switch (gr_test_below(r, 3)) {
        case 0:
            cp = (uint32_t)gr_test_below(r, 0x800);
            break;
        case 1:
            cp = (uint32_t)gr_test_below(r, 0x10000);
            break;
        default:
            cp = (uint32_t)gr_test_below(r, 0x110000);
            break;
        }
        if (cp >= lo && (cp < 0xD800 || cp > 0xDFFF)) {
            return cp;
        }
    }
}

static void gen_string(gr_test_rng *r, buf *o)
{
    putc_(o, '"');
    uint64_t len = gr_test_below(r, 4) == 0 ? gr_test_below(r, 40) : gr_test_below(r, 8);
    for (uint64_t i = 0; i < len; i++) {
        switch (gr_test_below(r, 8)) {
        case 0: {
            static const char *const esc[] = {"\\\"", "\\\\", "\\/", "\\b",
                                              "\\f",  "\\n",  "\\r", "\\t"};
            puts_(o, esc[gr_test_below(r, 8)]);
            break;
        }
        case 1: { /* a BMP character as \uXXXX, U+0001 up */
            uint32_t cp;
            do {
                cp = 1 + (uint32_t)gr_test_below(r, 0xFFFF);
            } while (cp >= 0xD800 && cp <= 0xDFFF);
            put_u_escape(r, o, cp);
            break;
        }
        case 2: { /* a supplementary character as a surrogate pair */
            uint32_t cp = 0x10000 + (uint32_t)gr_test_below(r, 0x100000);
            put_u_escape(r, o, 0xD800 + ((cp - 0x10000) >> 10));
            put_u_escape(r, o, 0xDC00 + ((cp - 0x10000) & 0x3FF));
            break;
        }
        case 3:
            put_utf8(o, random_scalar(r, 0x80));
            break;
        case 4:
            putc_(o, 0x7F);
            break;
        default: {
            char ch = (char)(0x20 + gr_test_below(r, 0x5F));
            if (ch == '"' || ch == '\\') {
                ch = 'x';
            }
            putc_(o, ch);
            break;
        }
        }
    }
    putc_(o, '"');
}

static void put_digits(gr_test_rng *r, buf *o, uint64_t n, bool lead_nonzero)
{
    for (uint64_t i = 0; i < n; i++) {
        putc_(o, (char)('0' + ((i == 0 && lead_nonzero) ? 1 + gr_test_below(r, 9)
                                                        : gr_test_below(r, 10))));
    }
}

static void gen_number(gr_test_rng *r, buf *o)
{
    static const char *const edge[] = {"2147483647",
                                       "2147483648",
                                       "-2147483648",
                                       "-2147483649",
                                       "2147483646.5",
                                       "-2147483648.5",
                                       "9007199254740991",
                                       "9007199254740993",
                                       "999999999999999",
                                       "1000000000000000",
                                       "-999999999999999",
                                       "1e400",
                                       "-1e400",
                                       "1e-400",
                                       "4.9e-324",
                                       "1.7976931348623157e308",
                                       "0.1",
                                       "-0.0",
                                       "0e0",
                                       "0E-0",
                                       "123456789012345678901234567890"};
    switch (gr_test_below(r, 9)) {
    case 0:
        puts_(o, gr_test_below(r, 2) ? "0" : "-0");
        return;
    case 1:
        puts_(o, edge[gr_test_below(r, sizeof(edge) / sizeof(edge[0]))]);
        return;
    default:
        break;
    }
    if (gr_test_below(r, 3) == 0) {
        putc_(o, '-');
    }
    uint64_t kind = gr_test_below(r, 4);
    uint64_t nd = kind == 0 ? 16 + gr_test_below(r, 10) : 1 + gr_test_below(r, 15);
    if (gr_test_below(r, 6) == 0) {
        putc_(o, '0');
    } else {
        put_digits(r, o, nd, true);
    }
    if (kind == 2 || (kind == 3 && gr_test_below(r, 2))) {
        putc_(o, '.');
        put_digits(r, o, 1 + gr_test_below(r, 20), false);
    }
    if (kind == 3) {
        putc_(o, gr_test_below(r, 2) ? 'e' : 'E');
        uint64_t sign = gr_test_below(r, 3);
        if (sign) {
            putc_(o, sign == 1 ? '+' : '-');
        }
        put_digits(r, o, 1 + gr_test_below(r, 3), false);
    }
}

/* Recursion here is the test's, on its own bounded depth. */
static void gen_value(gr_test_rng *r, buf *o, int depth)
{
    uint64_t k = gr_test_below(r, depth < 6 ? 8 : 6);
    switch (k) {
    case 0:
        gen_string(r, o);
        break;
    case 1:
        gen_number(r, o);
        break;
    case 2:
        puts_(o, "true");
        break;
    case 3:
        puts_(o, "false");
        break;
    case 4:
        puts_(o, "null");
        break;
    case 5:
        gen_number(r, o);
        break;
    default: { /* an array, or an object with keys possibly repeated (cJSON keeps both) */
        bool object = k == 7;
        putc_(o, object ? '{' : '[');
        gen_ws(r, o);
        uint64_t n = gr_test_below(r, 6);
        for (uint64_t i = 0; i < n; i++) {
            if (i > 0) {
                putc_(o, ',');
                gen_ws(r, o);
            }
            if (object) {
                if (gr_test_below(r, 4) == 0) {
                    puts_(o, gr_test_below(r, 2) ? "\"a\"" : "\"\"");
                } else {
                    gen_string(r, o);
                }
                gen_ws(r, o);
                putc_(o, ':');
                gen_ws(r, o);
            }
            gen_value(r, o, depth + 1);
            gen_ws(r, o);
        }
        putc_(o, object ? '}' : ']');
        break;
    }
    }
}

static void gen_document(gr_test_rng *r, buf *o)
{
    o->n = 0;
    gen_ws(r, o);
    if (gr_test_below(r, 10) == 0) {
        gen_value(r, o, 5); /* sometimes a scalar or a small container */
    } else {
        gen_value(r, o, gr_test_below(r, 2) ? 0 : 3);
    }
    gen_ws(r, o);
}

/* ---- differential tests ---------------------------------------------------- */

static void test_random_documents_match_cjson(void **state)
{
    fixture *f = *state;
    gr_test_rng r = {20261130};
    buf o = {0};
    size_t nodes_total = 0;
    for (int iter = 0; iter < 4000; iter++) {
        gen_document(&r, &o);
        cJSON *mine = NULL;
        gr_status st = ours(f, o.b, o.n, &mine);
        if (st != GR_OK) {
            fprintf(stderr, "iter %d: %s in %.*s\n", iter, f->c.problem.detail, (int)o.n, o.b);
        }
        assert_int_equal(st, GR_OK);
        cJSON *ref = theirs(o.b, o.n);
        assert_non_null(ref);
        if (!same_tree(mine, ref)) {
            fprintf(stderr, "iter %d: trees differ for %.*s\n", iter, (int)o.n, o.b);
            fail();
        }
        nodes_total += o.n;
        reset(f);
    }
    fprintf(stderr, "  4000 random documents, %zu bytes, same trees as cJSON\n", nodes_total);
    free(o.b);
}

/* Mutated documents: whenever we accept, cJSON accepts the same tree.
 * (The other way round we may be stricter; those cases are counted here
 * and listed one by one in test_stricter_than_cjson.) */
static void test_mutations(void **state)
{
    fixture *f = *state;
    gr_test_rng r = {77};
    buf o = {0};
    static const char pool[] =
        "{}[],:\"\\0123456789.eE+-tfnlrsu \t\n\x01\x7f\x80\xbf\xc0\xed\xf4\xff";
    size_t both = 0, neither = 0, stricter = 0, total = 0;
    for (int iter = 0; iter < 3000; iter++) {
        gen_document(&r, &o);
        for (int m = 0; m < 8; m++) {
            buf t = {0};
            put(&t, o.b, o.n);
            for (uint64_t k = 1 + gr_test_below(&r, 2); k > 0; k--) {
                size_t at = t.n ? (size_t)gr_test_below(&r, t.n) : 0;
                char ch = gr_test_below(&r, 4) ? pool[gr_test_below(&r, sizeof(pool) - 1)]
                                               : (char)gr_test_below(&r, 256);
                switch (gr_test_below(&r, 3)) {
                case 0:
                    if (t.n) {
                        t.b[at] = ch;
                    }
                    break;
                case 1:
                    if (t.n) {
                        memmove(t.b + at, t.b + at + 1, t.n - at - 1);
                        t.n--;
                    }
                    break;
                default:
                    putc_(&t, 0);
                    memmove(t.b + at + 1, t.b + at, t.n - at - 1);
                    t.b[at] = ch;
                    break;
                }
            }
            cJSON *mine = NULL;
            gr_status st = ours(f, t.b, t.n, &mine);
            cJSON *ref = theirs(t.b, t.n);
            total++;
            if (st == GR_OK) {
                if (ref == NULL || !same_tree(mine, ref)) {
                    fprintf(stderr, "iter %d: we accept, cJSON %s: %.*s\n", iter,
                            ref == NULL ? "rejects" : "differs", (int)t.n, t.b);
                    fail();
                }
                both++;
            } else {
                assert_null(mine);
                assert_true(st == GR_EINVAL || st == GR_ELIMIT);
                assert_non_null(f->c.problem.detail);
                assert_int_equal(f->c.problem.status, 400);
                if (ref != NULL) {
                    if (getenv("GR_TEST_VERBOSE") != NULL) {
                        fprintf(stderr, "only cJSON accepts (%s): %.*s\n", f->c.problem.detail,
                                (int)t.n, t.b);
                    }
                    stricter++;
                } else {
                    neither++;
                }
            }
            free(t.b);
            reset(f);
        }
    }
    fprintf(stderr, "  %zu mutations: both accept %zu, both reject %zu, only cJSON accepts %zu\n",
            total, both, neither, stricter);
    free(o.b);
}

/* ---- rejections ---------------------------------------------------------------- */

static void rejects(fixture *f, const char *text, size_t len, int status, const char *frag)
{
    cJSON *doc = (cJSON *)1;
    gr_status st = ours(f, text, len, &doc);
    assert_null(doc);
    if (st == GR_OK || f->c.problem.status != status || strstr(f->c.problem.detail, frag) == NULL) {
        fprintf(stderr, "input %.*s: status %d, detail \"%s\"; want %d and \"%s\"\n", (int)len,
                text, f->c.problem.status, f->c.problem.detail ? f->c.problem.detail : "(none)",
                status, frag);
        fail();
    }
    assert_null(f->c.problem.pointer);
    reset(f);
}

/* A rejected input: its bytes (NULs included) and a fragment of the
 * detail of its 400. */
typedef struct rejected {
    const char *text;
    size_t len;
    const char *frag;
} rejected;

/* Each of cases[0..n-1] is refused with a 400 that says its fragment. */
static void rejects_all(fixture *f, const rejected *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        rejects(f, cases[i].text, cases[i].len, 400, cases[i].frag);
    }
}

#define REJECTED(lit, frag)                                                                        \
    {                                                                                              \
        (lit), sizeof(lit) - 1, (frag)                                                             \
    }

static const rejected classes[] = {
    REJECTED("", "the body is empty; send a JSON object"),
    REJECTED("  \n", "malformed JSON: unexpected end of input"),
    REJECTED("{", "malformed JSON: unexpected end of input"),
    REJECTED("{\"a\"", "unexpected end of input"),
    REJECTED("{\"a\":", "unexpected end of input"),
    REJECTED("[1,", "unexpected end of input"),
    REJECTED("[\"abc", "unexpected end of input"),
    REJECTED("[\"a\\", "unexpected end of input"),
    REJECTED("[\"\\u12", "unexpected end of input"),
    REJECTED("[\"\\ud800", "unexpected end of input"),
    REJECTED("[\"\\ud800\\", "unexpected end of input"),
    REJECTED("[\"\\ud800\\udc", "unexpected end of input"),
    REJECTED("[tru", "unexpected end of input"),
    REJECTED("[-", "unexpected end of input"),
    REJECTED("[1.", "unexpected end of input"),
    REJECTED("[1e+", "unexpected end of input"),
    /* BOM */
    REJECTED("\xef\xbb\xbf{}",
             "the body starts with a UTF-8 byte order mark; send plain UTF-8 JSON without one"),
    /* invalid UTF-8, in strings and out */
    REJECTED("[\"\xc0\xaf\"]", "invalid UTF-8 at line 1, column 3"),         /* overlong */
    REJECTED("[\"\xe0\x80\xaf\"]", "invalid UTF-8 at line 1, column 3"),     /* overlong */
    REJECTED("[\"\xed\xa0\x80\"]", "invalid UTF-8 at line 1, column 3"),     /* surrogate */
    REJECTED("[\"\xf4\x90\x80\x80\"]", "invalid UTF-8 at line 1, column 3"), /* > U+10FFFF */
    REJECTED("[\"\xf5\x80\x80\x80\"]", "invalid UTF-8 at line 1, column 3"),
    REJECTED("[\"\x80\"]", "invalid UTF-8 at line 1, column 3"), /* lone continuation */
    REJECTED("[\"ab\xc3", "invalid UTF-8 at line 1, column 5"),  /* cut short */
    REJECTED("[\"\xc3(\"]", "invalid UTF-8 at line 1, column 3"),
    REJECTED("{\"\xff\":1}", "invalid UTF-8 at line 1, column 3"),  /* in a key */
    REJECTED("[1,\xff]", "invalid UTF-8 at line 1, column 4"),      /* between tokens */
    REJECTED("[1,\xc3\xa9]", "malformed JSON at line 1, column 4"), /* valid, misplaced */
    /* raw control characters */
    REJECTED("[\"a\x01\"]", "unescaped control character 0x01 in a string at line 1, column 4"),
    REJECTED("[\"a\nb\"]", "unescaped control character 0x0a in a string at line 1, column 4"),
    REJECTED("{\"a\x1f\":1}", "unescaped control character 0x1f in a string at line 1, column 4"),
    {"[\"a\0\"]", 6, "unescaped control character 0x00 in a string at line 1, column 4"},
    /* escapes */
    REJECTED("[\"\\x\"]", "malformed JSON: an invalid escape sequence at line 1, column 3"),
    REJECTED("[\"\\U0041\"]", "an invalid escape sequence at line 1, column 3"),
    REJECTED("[\"\\u12G4\"]", "an invalid escape sequence at line 1, column 3"),
    REJECTED("[\"\\u0000\"]", "NUL characters are not supported"),
    REJECTED("{\"a\\u0000b\":1}", "\\u0000 at line 1, column 4; NUL characters are not supported"),
    REJECTED("[\"\\ud800\"]",
             "malformed JSON: an unpaired UTF-16 surrogate escape at line 1, column 3"),
    REJECTED("[\"\\udc00\\ud800\"]", "unpaired UTF-16 surrogate escape at line 1, column 3"),
    REJECTED("[\"\\uDBFF\\u0041\"]", "unpaired UTF-16 surrogate escape at line 1, column 3"),
    REJECTED("[\"\\ud800\\n\"]", "unpaired UTF-16 surrogate escape at line 1, column 3"),
    REJECTED("[\"\\ud800x\"]", "unpaired UTF-16 surrogate escape at line 1, column 3"),
    REJECTED("[\"\\ud800\\ud800\"]", "unpaired UTF-16 surrogate escape at line 1, column 3"),
    REJECTED("[\"\\ud800\\uzzzz\"]", "an invalid escape sequence at line 1, column 9"),
    /* numbers, exactly the JSON grammar */
    REJECTED("[1.]", "malformed JSON at line 1, column 4"),
    REJECTED("[.5]", "malformed JSON at line 1, column 2"),
    REJECTED("[+1]", "malformed JSON at line 1, column 2"),
    REJECTED("[01]", "malformed JSON: a number with a leading zero at line 1, column 2"),
    REJECTED("[-01]", "a number with a leading zero at line 1, column 3"),
    REJECTED("[00]", "a number with a leading zero at line 1, column 2"),
    REJECTED("[1e]", "malformed JSON at line 1, column 4"),
    REJECTED("[1e+]", "malformed JSON at line 1, column 5"),
    REJECTED("[-]", "malformed JSON at line 1, column 3"),
    REJECTED("[--1]", "malformed JSON at line 1, column 3"),
    REJECTED("[-a]", "malformed JSON at line 1, column 3"),
    REJECTED("[1.e3]", "malformed JSON at line 1, column 4"),
    REJECTED("[-.5]", "malformed JSON at line 1, column 3"),
    REJECTED("[0x10]", "malformed JSON at line 1, column 3"),
    REJECTED("[1.5.2]", "malformed JSON at line 1, column 5"),
    REJECTED("[1e5e5]", "malformed JSON at line 1, column 5"),
    REJECTED("[NaN]", "malformed JSON at line 1, column 2"),
    REJECTED("[Infinity]", "malformed JSON at line 1, column 2"),
    REJECTED("[-Infinity]", "malformed JSON at line 1, column 3"),
    REJECTED("1 2", "malformed JSON: unexpected text after the document at line 1, column 3"),
    /* literals */
    REJECTED("[True]", "malformed JSON at line 1, column 2"),
    REJECTED("[truE]", "malformed JSON at line 1, column 5"),
    REJECTED("[nul]", "malformed JSON at line 1, column 5"),
    REJECTED("[nulll]", "malformed JSON at line 1, column 6"),
    REJECTED("[falsey]", "malformed JSON at line 1, column 7"),
    /* structure */
    REJECTED("[1,]", "malformed JSON at line 1, column 4"),
    REJECTED("[,1]", "malformed JSON at line 1, column 2"),
    REJECTED("{\"a\":1,}", "malformed JSON at line 1, column 8"),
    REJECTED("{a:1}", "malformed JSON at line 1, column 2"),
    REJECTED("{'a':1}", "malformed JSON at line 1, column 2"),
    REJECTED("{\"a\" 1}", "malformed JSON at line 1, column 6"),
    REJECTED("{\"a\":1 \"b\":2}", "malformed JSON at line 1, column 8"),
    REJECTED("[1}", "malformed JSON at line 1, column 3"),
    REJECTED("{\"a\":1]", "malformed JSON at line 1, column 7"),
    REJECTED("]", "malformed JSON at line 1, column 1"),
    REJECTED("[1] [2]", "malformed JSON: unexpected text after the document at line 1, column 5"),
    REJECTED("{} x", "unexpected text after the document at line 1, column 4"),
    {"{}\0", 3, "unexpected text after the document at line 1, column 3"},
    REJECTED("[1]//", "unexpected text after the document at line 1, column 4"),
    REJECTED("[/*c*/1]", "malformed JSON at line 1, column 2"),
    /* A line and a column from 1, as editors and browsers give them: a newline
     * starts the next line; a character of several UTF-8 bytes is one column. */
    REJECTED("{\n  \"a\": 1,\n  x}", "malformed JSON at line 3, column 3"),
    REJECTED("{\"piles\": [1, 2}\n", "malformed JSON at line 1, column 16"),
    REJECTED("[\"\xc3\xa9\", x]", "malformed JSON at line 1, column 7"),
    REJECTED("[\n\"\xe2\x82\xac\xf0\x9f\x98\x80\", 1 1]", "malformed JSON at line 2, column 9"),
    REJECTED("[1,\n\n\xff]", "invalid UTF-8 at line 3, column 1"),
};

static void test_rejection_classes(void **state)
{
    rejects_all(*state, classes, sizeof(classes) / sizeof(classes[0]));
}

/* Inputs cJSON (behind the old prescan, or without it) took and we refuse:
 * each is cJSON-accepted here, so the list stays honest. */
static const rejected stricter[] = {
    /* whitespace is space, tab, LF, CR (cJSON skipped every byte <= 0x20) */
    REJECTED("[1,\x0b 2]", "malformed JSON at line 1, column 4"),
    REJECTED("\x0c[1]", "malformed JSON at line 1, column 1"),
    REJECTED("[1,\x01 2]", "malformed JSON at line 1, column 4"),
    REJECTED("[1,\0 2]", "malformed JSON at line 1, column 4"),
    /* numbers beyond the JSON grammar that strtod reads */
    REJECTED("[1.]", "malformed JSON at line 1, column 4"),
    REJECTED("[-.5]", "malformed JSON at line 1, column 3"),
    REJECTED("[1.e3]", "malformed JSON at line 1, column 4"),
    REJECTED("[01]", "leading zero at line 1, column 2"),
    /* \u0000 and non-hex \u escapes (cJSON: a NUL that cuts the string) */
    REJECTED("[\"a\\u0000b\"]", "NUL characters are not supported"),
    REJECTED("[\"\\uzzzz\"]", "an invalid escape sequence at line 1, column 3"),
    /* what the prescan used to refuse before cJSON saw it */
    REJECTED("\xef\xbb\xbf[1]", "byte order mark"),
    REJECTED("[\"\xc0\xaf\"]", "invalid UTF-8 at line 1, column 3"),
    REJECTED("[\"a\x01\"]", "unescaped control character 0x01"),
};

static void test_stricter_than_cjson(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < sizeof(stricter) / sizeof(stricter[0]); i++) {
        if (theirs(stricter[i].text, stricter[i].len) == NULL) {
            fprintf(stderr, "case %zu: cJSON rejects it too\n", i);
            fail();
        }
    }
    rejects_all(f, stricter, sizeof(stricter) / sizeof(stricter[0]));
}

/* Number tokens of any length (upstream cJSON 1.7.15 cut its copy of the
 * token at 63 bytes; Debian's copies it all, and so do we): inf for a
 * 100,000-digit integer, which the readers refuse as not finite. */
static void test_long_number_tokens(void **state)
{
    fixture *f = *state;
    char *text = malloc(100002);
    text[0] = '[';
    text[1] = '1';
    memset(text + 2, '0', 99999);
    text[100001] = ']';
    cJSON *doc = NULL;
    assert_int_equal(ours(f, text, 100002, &doc), GR_OK);
    assert_true(isinf(doc->child->valuedouble));
    assert_int_equal(doc->child->valueint, INT_MAX);
    cJSON *ref = theirs(text, 100002);
    if (ref != NULL) {
        assert_true(same_tree(doc, ref));
    }
    free(text);
    reset(f);
    const char *neg = "[-1000000000000000000000000000000000000000000000000000000000000000000.5]";
    assert_int_equal(ours(f, neg, strlen(neg), &doc), GR_OK);
    assert_true(doc->child->valuedouble == -1e66);
    assert_int_equal(doc->child->valueint, INT_MIN);
    ref = theirs(neg, strlen(neg));
    if (ref != NULL) {
        assert_true(same_tree(doc, ref));
    }
    reset(f);
}

static void test_values(void **state)
{
    fixture *f = *state;
    const char *text =
        "{\"k\\u00e9\\ud83d\\ude00\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u20AC\xe2\x82\xac\","
        " \"n\": [0, -0, 2147483647, 2147483648, -2147483648, -2147483649,"
        " 2.9, -2.9, 123456789012345, 1234567890123456, 1e2, 0.1],"
        " \"t\": true, \"f\": false, \"z\": null, \"e\": {}, \"a\": []}";
    cJSON *doc = NULL;
    assert_int_equal(ours(f, text, strlen(text), &doc), GR_OK);
    assert_true(same_tree(doc, theirs(text, strlen(text))));
    assert_true(cJSON_IsObject(doc));
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(doc, "k\xc3\xa9\xf0\x9f\x98\x80");
    assert_non_null(s);
    assert_string_equal(cJSON_GetStringValue(s), "\"\\/\b\f\n\r\t\xe2\x82\xac\xe2\x82\xac");
    cJSON *n = cJSON_GetObjectItemCaseSensitive(doc, "n");
    assert_int_equal(cJSON_GetArraySize(n), 12);
    const int ints[] = {0, 0,  INT_MAX,    INT_MAX,    INT_MIN, INT_MIN,
                        2, -2, 2147483647, 2147483647, 100,     0};
    for (int i = 0; i < 12; i++) {
        const cJSON *it = cJSON_GetArrayItem(n, i);
        assert_true(cJSON_IsNumber(it));
        assert_int_equal(it->valueint, ints[i]);
    }
    assert_true(signbit(cJSON_GetArrayItem(n, 1)->valuedouble));
    assert_true(cJSON_GetArrayItem(n, 9)->valuedouble == 1234567890123456.0);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "t")));
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(doc, "t")->valueint, 1);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(doc, "f")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(doc, "z")));
    assert_null(cJSON_GetObjectItemCaseSensitive(doc, "e")->child);
    assert_null(cJSON_GetObjectItemCaseSensitive(doc, "a")->child);
    /* cJSON-made nodes can be attached to the tree */
    cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(doc, "a"), cJSON_CreateNumber(7));
    cJSON_AddItemToArray(n, cJSON_CreateString("x"));
    assert_int_equal(cJSON_GetArraySize(n), 13);
    assert_string_equal(cJSON_GetArrayItem(n, 12)->valuestring, "x");
    char *printed = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(doc, "a"));
    assert_string_equal(printed, "[7]");
    reset(f);
    /* scalars at the top, whitespace around */
    assert_int_equal(ours(f, " \t\r\n\"x\"\n", 8, &doc), GR_OK);
    assert_string_equal(doc->valuestring, "x");
    assert_int_equal(ours(f, "-12", 3, &doc), GR_OK);
    assert_true(doc->valuedouble == -12.0);
    assert_int_equal(ours(f, "null", 4, &doc), GR_OK);
    assert_true(cJSON_IsNull(doc));
    reset(f);
}

static void nested(char *text, size_t depth, bool objects)
{
    size_t n = 0;
    for (size_t i = 0; i < depth; i++) {
        if (objects) {
            memcpy(text + n, "{\"a\":", 5);
            n += 5;
        } else {
            text[n++] = '[';
        }
    }
    text[n++] = '1';
    for (size_t i = 0; i < depth; i++) {
        text[n++] = objects ? '}' : ']';
    }
    text[n] = '\0';
}

static void test_depth_limit(void **state)
{
    fixture *f = *state;
    char *text = malloc(6 * 1100 + 2);
    for (int objects = 0; objects < 2; objects++) {
        nested(text, GR_JSON_NESTING_LIMIT, objects);
        cJSON *doc = NULL;
        assert_int_equal(ours(f, text, strlen(text), &doc), GR_OK);
        cJSON *ref = theirs(text, strlen(text));
        assert_non_null(ref);
        assert_true(same_tree(doc, ref));
        size_t depth = 0;
        for (const cJSON *it = doc; it->child != NULL; it = it->child) {
            depth++;
        }
        assert_int_equal(depth, GR_JSON_NESTING_LIMIT);
        reset(f);
        nested(text, GR_JSON_NESTING_LIMIT + 1, objects);
        rejects(f, text, strlen(text), 422,
                "JSON nested deeper than 1000 levels (at line 1, column ");
        rejects(f, text, strlen(text), 422, "for deep trees use the flat `parent` form");
    }
    /* the byte is the opening bracket of level 1001 */
    memset(text, '[', 5000);
    rejects(f, text, 5000, 422, "(at line 1, column 1001)");
    free(text);
}

/* Every allocation failure (nodes, strings, the stack, a long number's
 * copy) is GR_ENOMEM with the 413 problem, never a crash or a tree. */
static void test_budget_exhaustion(void **state)
{
    (void)state;
    buf o = {0};
    puts_(&o, "{\"deep\":");
    repeat(&o, "[", 100);
    repeat(&o, "]", 100);
    puts_(&o, ",\"long\":");
    repeat(&o, "9", 200);
    puts_(&o, ",\"s\":[\"\"");
    repeat(&o, ",\"k\\u00e9y string\"", 3000);
    puts_(&o, "],\"big\":\"");
    repeat(&o, "x", 40000);
    puts_(&o, "\",\"n\":[0");
    repeat(&o, ",1", 20000);
    puts_(&o, "]}");
    int oom = 0, ok = 0;
    for (size_t budget = 16u << 10; budget < (4u << 20); budget += budget / 16) {
        gr_arena *a = gr_arena_create(budget);
        if (a == NULL) {
            continue;
        }
        gr_jctx c;
        gr_jctx_init(&c, a);
        cJSON *doc = (cJSON *)1;
        char *t = exact_copy(o.b, o.n);
        gr_status st = gr_json_parse(&c, t, o.n, &doc);
        free(t);
        if (st == GR_OK) {
            assert_non_null(doc);
            ok++;
        } else {
            assert_int_equal(st, GR_ENOMEM);
            assert_int_equal(c.problem.status, 413);
            assert_null(doc);
            oom++;
        }
        gr_arena_destroy(a);
    }
    assert_true(oom > 10 && ok > 0);
    free(o.b);
}

/* ---- times (printed, never asserted) -------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void time_both(fixture *f, const char *what, const char *text, size_t len, int reps)
{
    double best_ours = 1e9, best_cjson = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int i = 0; i < reps; i++) {
            cJSON *doc = NULL;
            gr_status st = gr_json_parse(&f->c, text, len, &doc);
            assert_int_equal(st, GR_OK);
            gr_arena_reset(f->arena);
        }
        double t1 = now();
        for (int i = 0; i < reps; i++) {
            assert_non_null(cJSON_ParseWithLengthOpts(text, len, NULL, 0));
            gr_arena_reset(f->ref);
        }
        double t2 = now();
        best_ours = (t1 - t0) < best_ours ? (t1 - t0) : best_ours;
        best_cjson = (t2 - t1) < best_cjson ? (t2 - t1) : best_cjson;
    }
    double unit = reps > 1 ? 1e9 : 1e3;
    fprintf(stderr, "  %-34s gr_json_parse %9.1f %s, cJSON (no prescan) %9.1f %s\n", what,
            best_ours / reps * unit, reps > 1 ? "ns" : "ms", best_cjson / reps * unit,
            reps > 1 ? "ns" : "ms");
}

static void test_print_times(void **state)
{
    fixture *f = *state;
    const char *small = "{\"piles\":[3,4,5]}";
    time_both(f, "{\"piles\":[3,4,5]}", small, strlen(small), 200000);
    buf o = {0};
    putc_(&o, '[');
    gr_test_rng r = {5};
    for (int i = 0; i < 1000000; i++) {
        char num[24];
        int n = snprintf(num, sizeof(num), i ? ",%llu" : "%llu",
                         (unsigned long long)gr_test_below(&r, 1000000));
        put(&o, num, (size_t)n);
    }
    putc_(&o, ']');
    time_both(f, "10^6 integers (6.9 MB)", o.b, o.n, 1);
    /* an ordinal-trees-like forest: 10^6 nested arrays, depth < 500 */
    o.n = 0;
    putc_(&o, '[');
    size_t depth = 1;
    for (int i = 0; i < 1000000; i++) {
        uint64_t k = gr_test_below(&r, 3);
        if (k == 1 && depth > 1) {
            putc_(&o, ']');
            depth--;
            continue;
        }
        if (o.b[o.n - 1] == ']') {
            putc_(&o, ',');
        }
        if (k == 0 && depth < 500) {
            putc_(&o, '[');
            depth++;
        } else {
            puts_(&o, "[]");
        }
    }
    while (depth-- > 0) {
        putc_(&o, ']');
    }
    time_both(f, "10^6-node nested arrays", o.b, o.n, 1);
    free(o.b);
}

GR_TEST_MAIN(gr_test_fixed(test_random_documents_match_cjson), gr_test_fixed(test_mutations),
             gr_test_fixed(test_rejection_classes), gr_test_fixed(test_stricter_than_cjson),
             gr_test_fixed(test_long_number_tokens), gr_test_fixed(test_values),
             gr_test_fixed(test_depth_limit), cmocka_unit_test(test_budget_exhaustion),
             gr_test_fixed(test_print_times))
