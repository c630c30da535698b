/*
 * Core tables <-> store tables (see table_convert.h): the checks a loaded
 * table must pass before the core answers from it.
 */
#include "store/table_convert.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t gr_tconv_value(const gr_tstore_table *t, uint64_t h)
{
    const unsigned char *v = t->values;
    return t->width == 1 ? v[h] : (uint64_t)v[2 * h] | (uint64_t)v[2 * h + 1] << 8;
}

/* Whether g(n + p) = g(n) for every e <= n < count - p. */
static bool gr_tconv_repeats(const gr_tstore_table *t)
{
    for (uint64_t n = t->preperiod; n + t->period < t->count; n++) {
        if (gr_tconv_value(t, n) != gr_tconv_value(t, n + t->period)) {
            return false;
        }
    }
    return true;
}

void gr_tstore_of_octal(const gr_octal_table *t, char *key, gr_tstore_table *out)
{
    gr_octal_canonical(&t->code, key);
    *out = (gr_tstore_table){.kind = GR_TSTORE_OCTAL,
                             .key = key,
                             .count = t->computed,
                             .width = t->width,
                             .values = t->values,
                             .max_value = t->max_value,
                             .periodic = t->periodic,
                             .preperiod = t->periodic ? t->preperiod : 0,
                             .period = t->periodic ? t->period : 0};
}

gr_status gr_tstore_to_octal(const gr_tstore_table *in, gr_arena *arena, gr_octal_table *out,
                             const char **why)
{
    *why = NULL;
    memset(out, 0, sizeof(*out));
    gr_octal_code code;
    size_t bad = 0;
    char canon[GR_OCTAL_MAX_DIGITS + 3];
    if (in->kind != GR_TSTORE_OCTAL || in->count == 0 || (in->width != 1 && in->width != 2)) {
        *why = "not an octal table";
        return GR_EINVAL;
    }
    if (gr_octal_parse(in->key, &code, &bad) != GR_OK ||
        (gr_octal_canonical(&code, canon), strcmp(canon, in->key) != 0)) {
        *why = "the key is not a canonical octal code";
        return GR_EINVAL;
    }
    uint64_t most = code.leaves >= 3 ? GR_OCTAL_MAX_VALUES3 : GR_OCTAL_VALUES_CEILING;
    if (in->count > most || in->max_value > GR_OCTAL_MAX_GRUNDY) {
        *why = "more values, or larger ones, than the core computes";
        return GR_EINVAL;
    }
    if (in->periodic) {
        /* the confirmation of src/core/octal.c, on these values */
        uint64_t L = code.leaves < 2 ? 2 : code.leaves;
        uint64_t e = in->preperiod, p = in->period;
        if (code.kind == GR_OCTAL_GRUNDY) {
            *why = "Grundy's game is never confirmed periodic";
            return GR_EINVAL;
        }
        if (p == 0 || L * (e > 0 ? e : 1) + L * p + code.len > in->count || !gr_tconv_repeats(in)) {
            *why = "the period does not pass Guy-Smith on the values";
            return GR_EINVAL;
        }
    }
    gr_octal_table t = {0};
    t.code = code;
    t.values = in->values;
    t.width = in->width;
    t.computed = in->count;
    t.max_value = in->max_value;
    t.periodic = in->periodic;
    t.preperiod = in->periodic ? in->preperiod : 0;
    t.period = in->periodic ? in->period : 0;
    gr_octal_table_view(&t, arena, out);
    return GR_OK;
}

gr_status gr_tstore_of_sub(const gr_sub_table *t, gr_arena *arena, gr_tstore_table *out)
{
    memset(out, 0, sizeof(*out));
    if (t->max_take > 0 || t->set_len == 0 || t->computed == 0) {
        return GR_EINVAL;
    }
    char *key = gr_arena_alloc(arena, t->set_len * 11 + 1);
    if (key == NULL) {
        return GR_ENOMEM;
    }
    size_t n = 0;
    for (size_t i = 0; i < t->set_len; i++) {
        n += (size_t)sprintf(key + n, i == 0 ? "%u" : ",%u", (unsigned)t->set[i]);
    }
    key[n] = '\0';
    uint64_t max = 0;
    for (uint64_t h = 0; h < t->computed; h++) {
        max = t->values[h] > max ? t->values[h] : max;
    }
    /* 2 bytes a value, as the core keeps them: a loaded table is used as
     * it is */
    *out = (gr_tstore_table){.kind = GR_TSTORE_SUBTRACTION,
                             .key = key,
                             .count = t->computed,
                             .width = 2,
                             .values = t->values,
                             .max_value = max,
                             .periodic = t->periodic,
                             .preperiod = t->periodic ? t->preperiod : 0,
                             .period = t->periodic ? t->period : 0};
    return GR_OK;
}

/* "1,3,4" into an ascending set in the core's limits; the count, or 0
 * when the text is anything else. */
static size_t gr_tconv_parse_set(const char *key, uint32_t *set, size_t cap)
{
    size_t n = 0;
    const char *c = key;
    for (;;) {
        if (*c < '1' || *c > '9' || n == cap) {
            return 0; /* no leading zeros: one text per set */
        }
        uint64_t v = 0;
        while (*c >= '0' && *c <= '9') {
            v = v * 10 + (uint64_t)(*c++ - '0');
            if (v > GR_SUB_MAX_ELEMENT) {
                return 0;
            }
        }
        if (n > 0 && v <= set[n - 1]) {
            return 0;
        }
        set[n++] = (uint32_t)v;
        if (*c == '\0') {
            return n;
        }
        if (*c++ != ',') {
            return 0;
        }
    }
}

gr_status gr_tstore_to_sub(const gr_tstore_table *in, gr_arena *arena, gr_sub_table *out,
                           const char **why)
{
    *why = NULL;
    memset(out, 0, sizeof(*out));
    if (in->kind != GR_TSTORE_SUBTRACTION || in->count == 0 || (in->width != 1 && in->width != 2)) {
        *why = "not a subtraction table";
        return GR_EINVAL;
    }
    size_t cap = 1;
    for (const char *c = in->key; *c != '\0'; c++) {
        cap += *c == ',';
    }
    if (cap > GR_SUB_MAX_SET) {
        *why = "the key is not a subtraction set in the core's limits";
        return GR_EINVAL;
    }
    uint32_t *set = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, cap);
    if (set == NULL) {
        return GR_ENOMEM;
    }
    size_t n = gr_tconv_parse_set(in->key, set, cap);
    if (n == 0) {
        *why = "the key is not a subtraction set in the core's limits";
        return GR_EINVAL;
    }
    if (in->max_value > n) {
        *why = "a value above the size of the set"; /* g <= |S| */
        return GR_EINVAL;
    }
    if (in->periodic) {
        /* a window of max(S) values repeated p later: everything after
         * repeats too, and gr_sub_reduce reads up to e + max(S) + p */
        uint64_t m = set[n - 1];
        if (in->period == 0 || in->preperiod + m + in->period > in->count ||
            !gr_tconv_repeats(in)) {
            *why = "the period's windows do not repeat in the values";
            return GR_EINVAL;
        }
    }
    const uint16_t *values = in->values;
    if (in->width != 2 || ((uintptr_t)in->values & 1) != 0) {
        uint16_t *wide = GR_ARENA_ARRAY_UNINIT(arena, uint16_t, in->count);
        if (wide == NULL) {
            return GR_ENOMEM;
        }
        for (uint64_t h = 0; h < in->count; h++) {
            wide[h] = (uint16_t)gr_tconv_value(in, h);
        }
        values = wide;
    }
    *out = (gr_sub_table){.max_take = 0,
                          .set = set,
                          .set_len = n,
                          .values = values,
                          .computed = in->count,
                          .periodic = in->periodic,
                          .preperiod = in->periodic ? in->preperiod : 0,
                          .period = in->periodic ? in->period : 0};
    return GR_OK;
}

/* ---- trust: what a loaded file must show before anything uses it ------- */

/* Values recomputed from the game's rules and compared with a loaded
 * table's first ones: milliseconds, and what a checksum cannot give (a
 * file written with valid checksums and wrong values).  Three-heap moves
 * cost a power more per value, so fewer are checked. */
#define GR_TRUST_PREFIX 2048
#define GR_TRUST_PREFIX3 256

static const char *gr_trust_sub(const gr_tstore_table *t)
{
    if (t->width != 2) {
        return "a subtraction table is written 2 bytes a value";
    }
    uint32_t set[GR_SUB_MAX_SET];
    size_t n = gr_tconv_parse_set(t->key, set, GR_SUB_MAX_SET);
    if (n == 0) {
        return "the key is not a subtraction set in the core's limits";
    }
    uint64_t k = t->count < GR_TRUST_PREFIX ? t->count : GR_TRUST_PREFIX;
    for (uint64_t h = 0; h < k; h++) {
        /* g(h) = mex of g(h - s): at most |S| options, so mex <= |S| */
        uint64_t seen = 0; /* bit v: value v among the options (v < 64) */
        bool big = false;
        for (size_t i = 0; i < n && set[i] <= h; i++) {
            uint64_t v = gr_tconv_value(t, h - set[i]);
            if (v < 64) {
                seen |= (uint64_t)1 << v;
            } else {
                big = true;
            }
        }
        uint64_t g = 0;
        while (g < 64 && (seen >> g & 1) != 0) {
            g++;
        }
        if (big || g == 64) {
            /* a value of 64 or more needs 64 options: not in this prefix
             * of a real table, whose values are at most its set's size */
            for (g = 0;; g++) {
                size_t i = 0;
                while (i < n && set[i] <= h && gr_tconv_value(t, h - set[i]) != g) {
                    i++;
                }
                if (i == n || set[i] > h) {
                    break;
                }
            }
        }
        if (gr_tconv_value(t, h) != g) {
            return "its first values differ from the ones the game's rules give";
        }
    }
    return NULL;
}

static const char *gr_trust_octal(const gr_tstore_table *t)
{
    /* 2 bytes a value for small values is what a grower widened early
     * writes (the daemon's own files do, depending on when a checkpoint
     * falls): wasteful, not wrong.  1 byte for a value past 255 is. */
    if ((t->width != 1 && t->width != 2) || (t->width == 1 && t->max_value >= 256)) {
        return "an octal table is 1 or 2 bytes a value, 2 once a value is past 255";
    }
    gr_octal_code code;
    size_t bad = 0;
    if (gr_octal_parse(t->key, &code, &bad) != GR_OK) {
        return "the key is not an octal code";
    }
    uint64_t k = code.leaves >= 3 ? GR_TRUST_PREFIX3 : GR_TRUST_PREFIX;
    k = t->count < k ? t->count : k;
    gr_arena *a = gr_arena_create((size_t)64 << 20);
    if (a == NULL) {
        return NULL; /* no memory to check now: the next load checks it */
    }
    gr_octal_table ref;
    const char *why = NULL;
    if (gr_octal_solve(a, &code, k, &ref) != GR_OK) {
        why = NULL; /* the rules could not be run here: judged by the rest */
    } else {
        for (uint64_t h = 0; h < k && why == NULL; h++) {
            uint64_t g = 0;
            if (gr_octal_grundy(&ref, h, &g) == GR_OK && g != gr_tconv_value(t, h)) {
                why = "its first values differ from the ones the game's rules give";
            }
        }
    }
    gr_arena_destroy(a);
    return why;
}

const char *gr_tstore_trust(const gr_tstore_table *t)
{
    if (t->count == 0 || gr_tconv_value(t, 0) != 0) {
        return "g(0) is not 0 (a heap of 0 has no move)";
    }
    return t->kind == GR_TSTORE_SUBTRACTION ? gr_trust_sub(t) : gr_trust_octal(t);
}

