/*
 * A cJSON tree to JSON text in the request arena.
 *
 * The text is byte-identical to cJSON_PrintUnformatted (cJSON 1.7.15) for
 * every tree, but made differently:
 *
 *  - one pass that appends into one arena buffer, grown by doubling with
 *    gr_arena_realloc.  Only a spilled stack (answers deeper than 64) is
 *    allocated while printing, so the buffer normally stays the arena's
 *    last allocation and grows in place inside a block; past the arena's
 *    large-chunk size it is a malloc'ed chunk that realloc grows (mremap
 *    for big ones: no copy).  cJSON instead grows its own buffer by malloc
 *    + copy (its hooks have no realloc) and copies the whole text once
 *    more into an exact-size string: for a 46 MB answer the arena peaked
 *    at 187 MB printing with cJSON against 67 MB now (bench/print_bench.c);
 *  - iteratively, with an explicit stack of open containers, because the
 *    depth of an answer can follow the depth of the request (cJSON's
 *    printer recurses once per level);
 *  - with no per-item snprintf/strlen of the output and no dispatch through
 *    cJSON: small answers (the common case, a few hundred bytes) cost one
 *    bump allocation, one pass and one in-place shrink.
 *
 * Only cJSON_Number items that are not small integers reach snprintf
 * (answers write integers as cJSON_Raw, gr_jw_u64); they follow the
 * print_number of the cJSON we link (Debian's 1.7.15): "%1.15g", or
 * "%1.17g" when that does not read back within DBL_EPSILON; NaN and
 * infinities print as null.  valueint plays no part (the "%d" branch
 * keyed on it came in a later cJSON: 1.7.15 prints -0.0 as "-0" and an
 * item with valuedouble 7 and valueint 3 as "7" -- the differential test
 * in tests/unit/test_json_print.c pins this down).
 */
#include "json/gr_json.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first buffer: most answers fit, and what is not used is given back
 * by the final in-place shrink. */
#define GR_PRINT_FIRST 1024
/* Open containers kept on the C stack; deeper answers spill to the arena. */
#define GR_PRINT_STACK 64
/* The arena's large-chunk threshold (src/core/arena.c GR_LARGE): above it
 * a resize never copies through the arena, so shrinking is always cheap. */
#define GR_PRINT_LARGE (64u * 1024u)

/* The output: written up to w; end is one byte short of the allocation,
 * so there is always room for the closing NUL. */
typedef struct gr_pbuf {
    gr_arena *arena;
    char *buf, *w, *end;
} gr_pbuf;

/* Makes room for need more bytes (and the NUL).  Doubling keeps the copies
 * (when a resize cannot happen in place) linear in the output.  When the
 * doubled size is over the memory budget, sizes halfway down to the exact
 * need are tried (a refusal costs no allocation), so an answer that fits
 * the budget is never refused for the slack, and near the budget the
 * buffer still grows by a fraction of the room left, not byte by byte. */
static bool gr_pbuf_grow(gr_pbuf *b, size_t need)
{
    size_t len = (size_t)(b->w - b->buf), cap = (size_t)(b->end - b->buf) + 1;
    if (need > SIZE_MAX / 4 - len) {
        return false;
    }
    size_t min = len + need + 1;
    size_t want = cap * 2 > min ? cap * 2 : min;
    char *p;
    while ((p = gr_arena_realloc(b->arena, b->buf, cap, want)) == NULL) {
        if (want == min) {
            return false;
        }
        want = min + (want - min) / 2;
    }
    b->buf = p;
    b->w = p + len;
    b->end = p + want - 1;
    return true;
}

static inline bool gr_pbuf_reserve(gr_pbuf *b, size_t need)
{
    return (size_t)(b->end - b->w) >= need || gr_pbuf_grow(b, need);
}

static inline bool gr_pbuf_put(gr_pbuf *b, const char *s, size_t n)
{
    if (!gr_pbuf_reserve(b, n)) {
        return false;
    }
    memcpy(b->w, s, n);
    b->w += n;
    return true;
}

static inline bool gr_pbuf_put1(gr_pbuf *b, char ch)
{
    if (b->w == b->end && !gr_pbuf_grow(b, 1)) {
        return false;
    }
    *b->w++ = ch;
    return true;
}

/* cJSON's print_string_ptr (NULL prints as ""; the escapes are
 * gr_buf_escape_table, grundy/buf.h), in one pass: bytes are
 * copied while at least one escape and the closing quote still fit, and
 * the buffer grows when they might not.  No strlen, no second scan: the
 * strings of an answer are short keys and words. */
static bool gr_print_string(gr_pbuf *b, const char *str)
{
    const unsigned char *p = (const unsigned char *)(str != NULL ? str : "");
    if (!gr_pbuf_put1(b, '"')) {
        return false;
    }
    for (;;) {
        /* 7 = the longest escape (\u00xx) and the closing quote */
        if (b->end - b->w < 8 && !gr_pbuf_grow(b, 64)) {
            return false;
        }
        char *w = b->w, *stop = b->end - 7;
        while (w < stop) {
            unsigned char ch = *p++, e = gr_buf_escape_table[ch];
            if (e == 0) {
                *w++ = (char)ch;
            } else if (ch == '\0') {
                *w++ = '"';
                b->w = w;
                return true;
            } else {
                w += gr_buf_escape_write(w, ch, e);
            }
        }
        b->w = w;
    }
}

/* A cJSON_Raw item's text, verbatim, in the same single pass. */
static bool gr_print_raw(gr_pbuf *b, const char *str)
{
    const char *p = str;
    for (;;) {
        if (b->w == b->end && !gr_pbuf_grow(b, 64)) {
            return false;
        }
        char *w = b->w, *stop = b->end;
        while (w < stop && *p != '\0') {
            *w++ = *p++;
        }
        b->w = w;
        if (*p == '\0') {
            return true;
        }
    }
}

/* An integral double below 10^15 in magnitude as "%1.15g" prints it --
 * its decimal digits, "-0" for negative zero -- without snprintf. */
static bool gr_print_integral(gr_pbuf *b, double d)
{
    char tmp[24];
    char *e = tmp + sizeof(tmp), *w = e;
    uint64_t u = (uint64_t)fabs(d);
    do {
        *--w = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (signbit(d)) {
        *--w = '-';
    }
    return gr_pbuf_put(b, w, (size_t)(e - w));
}

/* cJSON's compare_double: equal within a relative DBL_EPSILON. */
static bool gr_print_close(double a, double b)
{
    double max = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= max * DBL_EPSILON;
}

/* cJSON 1.7.15's print_number (see the file comment), including its
 * replacement of the locale's decimal point by '.'. */
static bool gr_print_number(gr_pbuf *b, const cJSON *item)
{
    double d = item->valuedouble;
    if (isnan(d) || isinf(d)) {
        return gr_pbuf_put(b, "null", 4);
    }
    /* "%1.15g" writes an integer of at most 15 digits in full, and it
     * reads back exactly. */
    if (fabs(d) < 1e15 && d == trunc(d)) {
        return gr_print_integral(b, d);
    }
    char num[26];
    int n = snprintf(num, sizeof(num), "%1.15g", d);
    if (n > 0 && (size_t)n < sizeof(num) && !gr_print_close(strtod(num, NULL), d)) {
        n = snprintf(num, sizeof(num), "%1.17g", d);
    }
    if (n <= 0 || (size_t)n >= sizeof(num)) {
        return false;
    }
    const struct lconv *lc = localeconv();
    char point = lc != NULL && lc->decimal_point != NULL ? lc->decimal_point[0] : '.';
    if (point != '.') {
        for (int i = 0; i < n; i++) {
            num[i] = num[i] == point ? '.' : num[i];
        }
    }
    return gr_pbuf_put(b, num, (size_t)n);
}

/* Every item but arrays and objects (cJSON's print_value). */
static bool gr_print_scalar(gr_pbuf *b, const cJSON *item, int type)
{
    switch (type) {
    case cJSON_NULL:
        return gr_pbuf_put(b, "null", 4);
    case cJSON_False:
        return gr_pbuf_put(b, "false", 5);
    case cJSON_True:
        return gr_pbuf_put(b, "true", 4);
    case cJSON_Number:
        return gr_print_number(b, item);
    case cJSON_String:
        return gr_print_string(b, item->valuestring);
    case cJSON_Raw:
        /* cJSON refuses a Raw item without text; so do we. */
        return item->valuestring != NULL && gr_print_raw(b, item->valuestring);
    default:
        return false; /* cJSON_Invalid or a corrupt type */
    }
}

/* The open containers, innermost last. */
typedef struct gr_pstack {
    const cJSON **items;
    size_t depth, cap;
    bool spilled; /* items lives in the arena (after the output buffer) */
} gr_pstack;

static bool gr_pstack_push(gr_pstack *s, gr_arena *a, const cJSON *item)
{
    if (s->depth == s->cap) {
        if (s->cap > SIZE_MAX / (4 * sizeof(*s->items))) {
            return false;
        }
        size_t bytes = s->cap * sizeof(*s->items);
        const cJSON **p;
        if (s->spilled) {
            p = gr_arena_realloc(a, (void *)s->items, bytes, 2 * bytes);
        } else {
            p = gr_arena_alloc(a, 2 * bytes);
            if (p != NULL) {
                memcpy((void *)p, (const void *)s->items, bytes);
            }
        }
        if (p == NULL) {
            return false;
        }
        s->items = p;
        s->cap *= 2;
        s->spilled = true;
    }
    s->items[s->depth++] = item;
    return true;
}

/* A spilled stack of a very deep answer is a large chunk: give it back
 * now rather than when the request ends. */
static void gr_pstack_release(gr_pstack *s, gr_arena *a)
{
    if (s->spilled) {
        gr_arena_free(a, (void *)s->items, s->cap * sizeof(*s->items));
    }
}

static inline bool gr_print_is_object(const cJSON *item)
{
    return (item->type & 0xFF) == cJSON_Object;
}

char *gr_json_print(gr_jctx *c, const cJSON *item, size_t *len)
{
    if (item == NULL) {
        return NULL;
    }
    char *first = gr_arena_alloc(c->arena, GR_PRINT_FIRST);
    if (first == NULL) {
        return NULL;
    }
    gr_pbuf b = {c->arena, first, first, first + GR_PRINT_FIRST - 1};
    const cJSON *local[GR_PRINT_STACK];
    gr_pstack st = {local, 0, GR_PRINT_STACK, false};
    bool in_object = false; /* whether st's innermost container is an object */
    const cJSON *it = item;
    for (;;) {
        if (in_object && (!gr_print_string(&b, it->string) || !gr_pbuf_put1(&b, ':'))) {
            goto fail;
        }
        int type = it->type & 0xFF;
        if (type == cJSON_Array || type == cJSON_Object) {
            if (!gr_pbuf_put1(&b, type == cJSON_Array ? '[' : '{')) {
                goto fail;
            }
            if (it->child != NULL) {
                if (!gr_pstack_push(&st, c->arena, it)) {
                    goto fail;
                }
                in_object = type == cJSON_Object;
                it = it->child;
                continue;
            }
            if (!gr_pbuf_put1(&b, type == cJSON_Array ? ']' : '}')) {
                goto fail;
            }
        } else if (!gr_print_scalar(&b, it, type)) {
            goto fail;
        }
        /* Close every container whose last child this was; the root's own
         * siblings are not part of it. */
        if (it->next == NULL) {
            while (st.depth > 0 && it->next == NULL) {
                it = st.items[--st.depth];
                if (!gr_pbuf_put1(&b, gr_print_is_object(it) ? '}' : ']')) {
                    goto fail;
                }
            }
            if (st.depth == 0) {
                break;
            }
            in_object = gr_print_is_object(st.items[st.depth - 1]);
        } else if (st.depth == 0) {
            break;
        }
        if (!gr_pbuf_put1(&b, ',')) {
            goto fail;
        }
        it = it->next;
    }
    size_t n = (size_t)(b.w - b.buf), cap = (size_t)(b.end - b.buf) + 1;
    *b.w = '\0';
    gr_pstack_release(&st, c->arena);
    /* Give the slack back: in place when the buffer is still the arena's
     * last allocation (no spilled stack after it) or a large chunk; a
     * small buffer behind a spilled stack keeps its slack rather than be
     * copied. */
    if (cap > n + 1 && (!st.spilled || n + 1 > GR_PRINT_LARGE)) {
        char *p = gr_arena_realloc(c->arena, b.buf, cap, n + 1);
        if (p != NULL) {
            b.buf = p;
        }
    }
    *len = n;
    return b.buf;

fail:
    gr_pstack_release(&st, c->arena);
    gr_arena_free(c->arena, b.buf, (size_t)(b.end - b.buf) + 1);
    return NULL;
}
