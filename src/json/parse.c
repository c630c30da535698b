/*
 * Strict JSON text to a cJSON tree in the request arena, in one pass.
 *
 * Why not cJSON_ParseWithLengthOpts: it needed a prescan for what it lets
 * through (a BOM, invalid UTF-8, controls, leading zeros, depth), calls
 * strtod (and localeconv) for every number and allocates through the
 * process-wide hook: ~1.3 us of a small request's ~30.  This parser checks
 * RFC 8259 and builds the tree in the same pass.
 *
 * The tree is genuine cJSON (readers walk it with cJSON's accessors, writers
 * may hang cJSON-made nodes on it):
 *   - a container's child->prev is its last child, the last child's next
 *     is NULL, object members carry their key in `string`;
 *   - strings are NUL-terminated copies in `valuestring`;
 *   - numbers set valuedouble, and valueint saturated to INT_MAX/INT_MIN,
 *     exactly as cJSON's parse_number does; true has valueint 1.
 * Integers of at most 15 digits are below 2^53, exact as doubles, and are
 * converted by hand; every other number goes to strtod on a NUL-terminated
 * copy of its token in the "C" locale (never setlocale'd): cJSON's bits.
 *
 * Memory: nodes come out of arena slabs (zeroed as they are taken, while
 * the line is in cache), strings are packed into arena character chunks;
 * nothing is malloc'ed or freed; running out of budget is GR_ENOMEM.
 * No recursion: open containers sit on an explicit stack, inline for the
 * first levels and in the arena beyond, capped at GR_JSON_NESTING_LIMIT
 * (the same 1000 levels cJSON allowed).  Stricter than cJSON's old
 * prescan (tests/unit/test_json_parse.c lists each case): only space, tab,
 * LF and CR are whitespace (cJSON skipped every byte up to 0x20); numbers
 * follow the grammar exactly ("1.", "-.5", "1.e3" were strtod's); "\u0000"
 * and \u with non-hex digits are refused (cJSON decoded both to a NUL that
 * cut the string short).
 */
#include "json/gr_json.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An open container and its last child so far (NULL while empty). */
typedef struct gr_jopen {
    cJSON *node;
    cJSON *last;
} gr_jopen;

#define GR_JP_STACK_INLINE 32
#define GR_JP_SLAB_FIRST 16u      /* nodes */
#define GR_JP_SLAB_MAX 1024u      /* nodes: 64 KB, still from arena blocks */
#define GR_JP_CHARS_FIRST 4096u   /* bytes */
#define GR_JP_CHARS_MAX 65536u    /* bytes */

typedef struct gr_jp {
    gr_jctx *c;
    gr_arena *arena;
    const unsigned char *text, *end;
    gr_status st; /* why a helper returned NULL */
    cJSON *nodes; /* the untaken rest of the current slab */
    size_t nodes_left, slab;
    char *chars, *chars_end; /* the unused rest of the current chunk */
    size_t chunk;
    gr_jopen *stack;
    size_t depth, cap;
    gr_jopen inline_stack[GR_JP_STACK_INLINE];
} gr_jp;

/* ---- errors ----------------------------------------------------------------
 * Each returns NULL after filling the problem, so a helper can end with
 * `return gr_jp_eof(p);`. */

static const unsigned char *gr_jp_fail(gr_jp *p, gr_status st)
{
    p->st = st;
    return NULL;
}

static const unsigned char *gr_jp_oom(gr_jp *p)
{
    return gr_jp_fail(p, gr_json_oom(p->c));
}

static const unsigned char *gr_jp_eof(gr_jp *p)
{
    return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                       "malformed JSON: unexpected end of "
                                       "input"));
}

/* Where s is, as editors and browsers name it: "line L, column C", both
 * from 1, the column counted in characters (a UTF-8 sequence is one; so is
 * a byte that starts none).  Returned by value, so that each call in an
 * argument list has its own text. */
typedef struct gr_jp_pos {
    char s[64];
} gr_jp_pos;

static gr_jp_pos gr_jp_at(const gr_jp *p, const unsigned char *s)
{
    size_t line = 1, col = 1;
    for (const unsigned char *q = p->text; q < s; q++) {
        if (*q == '\n') {
            line++;
            col = 1;
        } else if ((*q & 0xC0) != 0x80) {
            col++;
        }
    }
    gr_jp_pos pos;
    snprintf(pos.s, sizeof pos.s, "line %zu, column %zu", line, col);
    return pos;
}

/* The length of the valid UTF-8 sequence at s (1 for ASCII), or 0 when it
 * is invalid: overlong, a surrogate, above U+10FFFF, or cut short. */
static size_t gr_utf8_seq(const unsigned char *s, size_t left)
{
    unsigned char b = s[0];
    size_t n;
    unsigned cp;
    if (b < 0x80) {
        return 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
        n = 2;
        cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        cp = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        cp = b & 0x07;
    } else {
        return 0;
    }
    if (left < n) {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
        return 0;
    }
    return n;
}

static const unsigned char *gr_jp_bad_utf8(gr_jp *p, const unsigned char *s)
{
    return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                       "invalid UTF-8 at %s",
                                       gr_jp_at(p, s).s));
}

/* s is where the grammar allows none of what is there.  A byte that is
 * not even UTF-8 says so: that is the more useful message. */
static const unsigned char *gr_jp_unexpected(gr_jp *p, const unsigned char *s)
{
    if (s == p->end) {
        return gr_jp_eof(p);
    }
    if (*s >= 0x80 && gr_utf8_seq(s, (size_t)(p->end - s)) == 0) {
        return gr_jp_bad_utf8(p, s);
    }
    return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                       "malformed JSON at %s",
                                       gr_jp_at(p, s).s));
}

/* ---- allocation ------------------------------------------------------------ */

static cJSON *gr_jp_node_refill(gr_jp *p)
{
    cJSON *slab = gr_arena_alloc_array(p->arena, p->slab, sizeof(cJSON));
    if (slab == NULL) {
        return NULL;
    }
    p->nodes = slab;
    p->nodes_left = p->slab;
    if (p->slab < GR_JP_SLAB_MAX) {
        p->slab *= 2;
    }
    return slab;
}

static inline cJSON *gr_jp_node(gr_jp *p, int type)
{
    if (p->nodes_left == 0 && gr_jp_node_refill(p) == NULL) {
        return NULL;
    }
    cJSON *n = p->nodes++;
    p->nodes_left--;
    memset(n, 0, sizeof(*n));
    n->type = type;
    return n;
}

static char *gr_jp_chars_refill(gr_jp *p, size_t n)
{
    /* A long string gets its own allocation and leaves the chunk alone. */
    if (n > GR_JP_CHARS_MAX / 4) {
        return gr_arena_alloc(p->arena, n);
    }
    size_t size = p->chunk;
    while (size < n) {
        size *= 2;
    }
    char *d = gr_arena_alloc(p->arena, size);
    if (d == NULL) {
        return NULL;
    }
    if (p->chunk < GR_JP_CHARS_MAX) {
        p->chunk *= 2;
    }
    p->chars = d + n;
    p->chars_end = d + size;
    return d;
}

static inline char *gr_jp_chars(gr_jp *p, size_t n)
{
    if ((size_t)(p->chars_end - p->chars) >= n) {
        char *d = p->chars;
        p->chars += n;
        return d;
    }
    return gr_jp_chars_refill(p, n);
}

/* ---- strings -----------------------------------------------------------------
 * Bytes that may stand for themselves inside a string: printable ASCII but
 * '"' and '\\'.  Controls, escapes, the end and UTF-8 leave the fast loop. */
static const unsigned char gr_jp_plain[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x00 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* 0x10 */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x20: '"' */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x30 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x40 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, /* 0x50: '\\' */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x60 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* 0x70 */
};

static int gr_jp_hex(unsigned char b)
{
    if (b >= '0' && b <= '9') {
        return b - '0';
    }
    b |= 0x20;
    if (b >= 'a' && b <= 'f') {
        return b - 'a' + 10;
    }
    return -1;
}

/* The four hex digits at s, or -1 when one is not a hex digit, or -2 when
 * the input ends first. */
static long gr_jp_hex4(const unsigned char *s, const unsigned char *end)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        if (s + i == end) {
            return -2;
        }
        int h = gr_jp_hex(s[i]);
        if (h < 0) {
            return -1;
        }
        v = (v << 4) | h;
    }
    return v;
}

static const unsigned char *gr_jp_bad_escape(gr_jp *p, const unsigned char *s,
                                             long code)
{
    if (code == -2) {
        return gr_jp_eof(p);
    }
    return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                       "malformed JSON: an invalid escape "
                                       "sequence at %s",
                                       gr_jp_at(p, s).s));
}

static const unsigned char *gr_jp_unpaired(gr_jp *p, const unsigned char *s)
{
    return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                       "malformed JSON: an unpaired UTF-16 "
                                       "surrogate escape at %s",
                                       gr_jp_at(p, s).s));
}

/* Checks the \u escape at q (q[0] == '\\', q[1] == 'u'): a code point other
 * than U+0000, and a surrogate only as a high-low pair.  Returns the byte
 * after it. */
static const unsigned char *gr_jp_check_u(gr_jp *p, const unsigned char *q)
{
    const unsigned char *end = p->end;
    long cp = gr_jp_hex4(q + 2, end);
    if (cp < 0) {
        return gr_jp_bad_escape(p, q, cp);
    }
    if (cp == 0) {
        /* Keys and strings are C strings all the way to the solvers. */
        return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                           "malformed JSON: \\u0000 at "
                                           "%s; NUL characters are not "
                                           "supported in strings",
                                           gr_jp_at(p, q).s));
    }
    if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return gr_jp_unpaired(p, q);
    }
    if (cp < 0xD800 || cp > 0xDBFF) {
        return q + 6;
    }
    if (q + 6 == end || (q[6] == '\\' && q + 7 == end)) {
        return gr_jp_eof(p);
    }
    if (q[6] != '\\' || q[7] != 'u') {
        return gr_jp_unpaired(p, q);
    }
    long lo = gr_jp_hex4(q + 8, end);
    if (lo < 0) {
        return gr_jp_bad_escape(p, q + 6, lo);
    }
    if (lo < 0xDC00 || lo > 0xDFFF) {
        return gr_jp_unpaired(p, q);
    }
    return q + 12;
}

static char *gr_jp_put_utf8(char *d, unsigned long cp)
{
    if (cp < 0x80) {
        *d++ = (char)cp;
    } else if (cp < 0x800) {
        *d++ = (char)(0xC0 | (cp >> 6));
        *d++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *d++ = (char)(0xE0 | (cp >> 12));
        *d++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *d++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *d++ = (char)(0xF0 | (cp >> 18));
        *d++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *d++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *d++ = (char)(0x80 | (cp & 0x3F));
    }
    return d;
}

/* Decodes the already checked string body [s, q) into d. */
static void gr_jp_unescape(char *d, const unsigned char *s, const unsigned char *q)
{
    while (s < q) {
        const unsigned char *bs = memchr(s, '\\', (size_t)(q - s));
        if (bs == NULL) {
            memcpy(d, s, (size_t)(q - s));
            d += q - s;
            break;
        }
        memcpy(d, s, (size_t)(bs - s));
        d += bs - s;
        s = bs + 2;
        switch (bs[1]) {
        case 'b': *d++ = '\b'; break;
        case 'f': *d++ = '\f'; break;
        case 'n': *d++ = '\n'; break;
        case 'r': *d++ = '\r'; break;
        case 't': *d++ = '\t'; break;
        case 'u': {
            unsigned long cp = (unsigned long)gr_jp_hex4(bs + 2, q);
            s = bs + 6;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned long lo = (unsigned long)gr_jp_hex4(bs + 8, q);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                s = bs + 12;
            }
            d = gr_jp_put_utf8(d, cp);
            break;
        }
        default: *d++ = (char)bs[1]; break; /* '"', '\\', '/' */
        }
    }
    *d = '\0';
}

/* The string whose body starts at s (after the opening quote), from q on,
 * where the fast loop stopped: checks every byte to the closing quote,
 * then copies with the escapes decoded. */
static const unsigned char *gr_jp_string_slow(gr_jp *p, const unsigned char *s,
                                              const unsigned char *q, char **out)
{
    const unsigned char *end = p->end;
    bool escapes = false;
    for (;;) {
        if (q == end) {
            return gr_jp_eof(p);
        }
        unsigned char b = *q;
        if (gr_jp_plain[b]) {
            q++;
        } else if (b == '"') {
            break;
        } else if (b == '\\') {
            escapes = true;
            if (q + 1 == end) {
                return gr_jp_eof(p);
            }
            switch (q[1]) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                q += 2;
                break;
            case 'u':
                q = gr_jp_check_u(p, q);
                if (q == NULL) {
                    return NULL;
                }
                break;
            default:
                return gr_jp_bad_escape(p, q, -1);
            }
        } else if (b < 0x20) {
            return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                               "unescaped control character "
                                               "0x%02x in a string at %s",
                                               b, gr_jp_at(p, q).s));
        } else {
            size_t n = gr_utf8_seq(q, (size_t)(end - q));
            if (n == 0) {
                return gr_jp_bad_utf8(p, q);
            }
            q += n;
        }
    }
    /* Escapes only shrink: the body's length bounds the decoded one. */
    size_t n = (size_t)(q - s);
    char *d = gr_jp_chars(p, n + 1);
    if (d == NULL) {
        return gr_jp_oom(p);
    }
    if (escapes) {
        gr_jp_unescape(d, s, q);
    } else {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    *out = d;
    return q + 1;
}

/* s is just after the opening quote. */
static inline const unsigned char *gr_jp_string(gr_jp *p, const unsigned char *s,
                                                char **out)
{
    const unsigned char *q = s, *end = p->end;
    while (q < end && gr_jp_plain[*q]) {
        q++;
    }
    if (q < end && *q == '"') {
        size_t n = (size_t)(q - s);
        char *d = gr_jp_chars(p, n + 1);
        if (d == NULL) {
            return gr_jp_oom(p);
        }
        memcpy(d, s, n);
        d[n] = '\0';
        *out = d;
        return q + 1;
    }
    return gr_jp_string_slow(p, s, q, out);
}

/* ---- numbers and literals --------------------------------------------------- */

static inline bool gr_jp_digit(unsigned char b)
{
    return (unsigned)(b - '0') < 10u;
}

/* strtod on a NUL-terminated copy of [s, e): its bits are what cJSON's
 * parse_number stored. */
static const unsigned char *gr_jp_strtod(gr_jp *p, const unsigned char *s,
                                         const unsigned char *e, double *out)
{
    char small[64];
    size_t n = (size_t)(e - s);
    char *buf = small;
    if (n >= sizeof(small)) {
        buf = gr_arena_alloc(p->arena, n + 1);
        if (buf == NULL) {
            return gr_jp_oom(p);
        }
    }
    memcpy(buf, s, n);
    buf[n] = '\0';
    *out = strtod(buf, NULL);
    return e;
}

/* One or more digits at s: a fraction's or an exponent's. */
static const unsigned char *gr_jp_digits(gr_jp *p, const unsigned char *s)
{
    if (s == p->end || !gr_jp_digit(*s)) {
        return gr_jp_unexpected(p, s);
    }
    do {
        s++;
    } while (s < p->end && gr_jp_digit(*s));
    return s;
}

static const unsigned char *gr_jp_number(gr_jp *p, const unsigned char *s, cJSON *item)
{
    const unsigned char *start = s, *end = p->end;
    if (*s == '-') {
        s++;
        if (s == end) {
            return gr_jp_eof(p);
        }
    }
    const unsigned char *digits = s;
    uint64_t v = 0;
    if (*s == '0') {
        s++;
        if (s < end && gr_jp_digit(*s)) {
            /* strtod would read "01" as 1; JSON has no leading zeros. */
            return gr_jp_fail(p, gr_json_error(p->c, GR_EINVAL, NULL,
                                               "malformed JSON: a number with a "
                                               "leading zero at %s",
                                               gr_jp_at(p, s - 1).s));
        }
    } else if (gr_jp_digit(*s)) {
        do {
            v = v * 10 + (uint64_t)(*s - '0'); /* wraps harmlessly past 15 digits */
            s++;
        } while (s < end && gr_jp_digit(*s));
    } else {
        return gr_jp_unexpected(p, s);
    }
    size_t ndigits = (size_t)(s - digits);
    bool integer = true;
    if (s < end && *s == '.') {
        s = gr_jp_digits(p, s + 1);
        if (s == NULL) {
            return NULL;
        }
        integer = false;
    }
    if (s < end && (*s | 0x20) == 'e') {
        s++;
        if (s < end && (*s == '+' || *s == '-')) {
            s++;
        }
        s = gr_jp_digits(p, s);
        if (s == NULL) {
            return NULL;
        }
        integer = false;
    }
    double d;
    if (integer && ndigits <= 15) {
        /* < 10^15 < 2^53: exact, so equal to the correctly rounded strtod */
        d = (double)v;
        if (*start == '-') {
            d = -d; /* "-0" is -0.0, as strtod has it */
        }
    } else if (gr_jp_strtod(p, start, s, &d) == NULL) {
        return NULL;
    }
    item->valuedouble = d;
    /* cJSON's saturation, comparison for comparison */
    if (d >= INT_MAX) {
        item->valueint = INT_MAX;
    } else if (d <= (double)INT_MIN) {
        item->valueint = INT_MIN;
    } else {
        item->valueint = (int)d;
    }
    return s;
}

static const unsigned char *gr_jp_literal(gr_jp *p, const unsigned char *s,
                                          const char *word, size_t n)
{
    if ((size_t)(p->end - s) >= n && memcmp(s, word, n) == 0) {
        return s + n;
    }
    size_t i = 0;
    while (s + i < p->end && s[i] == (unsigned char)word[i]) {
        i++;
    }
    return gr_jp_unexpected(p, s + i);
}

/* ---- structure ------------------------------------------------------------ */

static inline const unsigned char *gr_jp_ws(const unsigned char *s,
                                            const unsigned char *end)
{
    while (s < end && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')) {
        s++;
    }
    return s;
}

/* Opens container n at s (its bracket).  The stack lives inline for the
 * first levels and moves to the arena beyond. */
static const unsigned char *gr_jp_push(gr_jp *p, const unsigned char *s, cJSON *n)
{
    if (p->depth == p->cap) {
        if (p->depth >= GR_JSON_NESTING_LIMIT) {
            return gr_jp_fail(p, gr_json_error(p->c, GR_ELIMIT, NULL,
                                               "JSON nested deeper than %d levels "
                                               "(at %s); for deep trees use "
                                               "the flat `parent` form",
                                               GR_JSON_NESTING_LIMIT,
                                               gr_jp_at(p, s).s));
        }
        size_t cap = p->cap * 2 < GR_JSON_NESTING_LIMIT ? p->cap * 2
                                                         : GR_JSON_NESTING_LIMIT;
        gr_jopen *st = gr_arena_alloc_array(p->arena, cap, sizeof(*st));
        if (st == NULL) {
            return gr_jp_oom(p);
        }
        memcpy(st, p->stack, p->depth * sizeof(*st));
        p->stack = st;
        p->cap = cap;
    }
    p->stack[p->depth].node = n;
    p->stack[p->depth].last = NULL;
    p->depth++;
    return s;
}

/* Closes the innermost container: cJSON keeps the last child in the first
 * child's prev. */
static inline void gr_jp_pop(gr_jp *p)
{
    gr_jopen *top = &p->stack[--p->depth];
    if (top->last != NULL) {
        top->node->child->prev = top->last;
    }
}

/* Appends n (with its key, for an object member) to the innermost open
 * container. */
static inline void gr_jp_link(gr_jp *p, cJSON *n)
{
    gr_jopen *top = &p->stack[p->depth - 1];
    if (top->last != NULL) {
        top->last->next = n;
        n->prev = top->last;
    } else {
        top->node->child = n;
    }
    top->last = n;
}

/* The type of the value a byte can start, or cJSON_Invalid. */
static inline int gr_jp_type_of(unsigned char b)
{
    switch (b) {
    case '{': return cJSON_Object;
    case '[': return cJSON_Array;
    case '"': return cJSON_String;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return cJSON_Number;
    case 't': return cJSON_True;
    case 'f': return cJSON_False;
    case 'n': return cJSON_NULL;
    default: return cJSON_Invalid;
    }
}

gr_status gr_json_parse(gr_jctx *c, const char *text, size_t len, cJSON **out)
{
    *out = NULL;
    const unsigned char *s = (const unsigned char *)text;
    const unsigned char *end = s + len;
    if (len == 0) {
        return gr_json_error(c, GR_EINVAL, NULL,
                             "the body is empty; send a JSON object");
    }
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        return gr_json_error(c, GR_EINVAL, NULL,
                             "the body starts with a UTF-8 byte order mark; "
                             "send plain UTF-8 JSON without one");
    }
    gr_jp p;
    p.c = c;
    p.arena = c->arena;
    p.text = s;
    p.end = end;
    p.st = GR_OK;
    p.nodes = NULL;
    p.nodes_left = 0;
    /* A value takes at least one byte and a separator: len/2 + 1 nodes
     * at most, so a small body gets one small slab. */
    p.slab = len / 2 + 1 < GR_JP_SLAB_FIRST ? len / 2 + 1 : GR_JP_SLAB_FIRST;
    p.chars = p.chars_end = NULL;
    /* The strings of a body fit in its length (quotes pay for the NULs). */
    p.chunk = len < GR_JP_CHARS_FIRST ? len : GR_JP_CHARS_FIRST;
    p.stack = p.inline_stack;
    p.depth = 0;
    p.cap = GR_JP_STACK_INLINE;

    cJSON *root = NULL, *n;
    int type;
    char *key = NULL; /* the pending object member's name */
    s = gr_jp_ws(s, end);

value: /* s is at a value: whitespace skipped */
    if (s == end) {
        gr_jp_eof(&p);
        return p.st;
    }
    type = gr_jp_type_of(*s);
    if (type == cJSON_Invalid) {
        gr_jp_unexpected(&p, s);
        return p.st;
    }
    n = gr_jp_node(&p, type);
    if (n == NULL) {
        return gr_json_oom(c);
    }
    /* Linked before its value is read: on failure the whole tree goes. */
    n->string = key;
    key = NULL;
    if (p.depth == 0) {
        root = n;
    } else {
        gr_jp_link(&p, n);
    }
    switch (type) {
    case cJSON_Object:
    case cJSON_Array:
        if (gr_jp_push(&p, s, n) == NULL) {
            return p.st;
        }
        s = gr_jp_ws(s + 1, end);
        if (s < end && *s == (type == cJSON_Object ? '}' : ']')) {
            s++;
            gr_jp_pop(&p);
            goto after;
        }
        if (type == cJSON_Object) {
            goto member;
        }
        goto value;
    case cJSON_String:
        s = gr_jp_string(&p, s + 1, &n->valuestring);
        break;
    case cJSON_Number:
        s = gr_jp_number(&p, s, n);
        break;
    case cJSON_True:
        n->valueint = 1; /* as cJSON sets it */
        s = gr_jp_literal(&p, s, "true", 4);
        break;
    case cJSON_False:
        s = gr_jp_literal(&p, s, "false", 5);
        break;
    default:
        s = gr_jp_literal(&p, s, "null", 4);
        break;
    }
    if (s == NULL) {
        return p.st;
    }

after: /* a value ended at s */
    s = gr_jp_ws(s, end);
    if (p.depth == 0) {
        if (s != end) {
            return gr_json_error(c, GR_EINVAL, NULL,
                                 "malformed JSON: unexpected text after the "
                                 "document at %s",
                                 gr_jp_at(&p, s).s);
        }
        *out = root;
        return GR_OK;
    }
    if (s < end && *s == ',') {
        s = gr_jp_ws(s + 1, end);
        if (p.stack[p.depth - 1].node->type == cJSON_Object) {
            goto member;
        }
        goto value;
    }
    if (s < end && *s == (p.stack[p.depth - 1].node->type == cJSON_Object ? '}' : ']')) {
        s++;
        gr_jp_pop(&p);
        goto after;
    }
    gr_jp_unexpected(&p, s);
    return p.st;

member: /* s is at an object member's name: whitespace skipped */
    if (s == end || *s != '"') {
        gr_jp_unexpected(&p, s);
        return p.st;
    }
    s = gr_jp_string(&p, s + 1, &key);
    if (s == NULL) {
        return p.st;
    }
    s = gr_jp_ws(s, end);
    if (s == end || *s != ':') {
        gr_jp_unexpected(&p, s);
        return p.st;
    }
    s = gr_jp_ws(s + 1, end);
    goto value;
}
