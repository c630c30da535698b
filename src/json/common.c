/*
 * The JSON layer's shared machinery: the number rules, pointer-carrying
 * errors, the readers, the writers (nodes made in the request's arena) and
 * the generic family endpoint (the registry is json/registry.c).
 */
#include "json/gr_json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/buf.h"
#include "json/families.h"

void gr_jctx_init(gr_jctx *c, gr_arena *arena)
{
    memset(c, 0, sizeof(*c));
    c->arena = arena;
}

/* ---- errors --------------------------------------------------------------- */


static char *gr_json_vprintf(gr_arena *a, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) {
        return NULL;
    }
    char *s = gr_arena_alloc(a, (size_t)n + 1);
    if (s != NULL) {
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    }
    return s;
}

static void gr_json_set_problem(gr_jctx *c, gr_status st)
{
    gr_problem_set(&c->problem, gr_problem_kind_of(st), NULL, NULL);
}

gr_status gr_json_error(gr_jctx *c, gr_status st, const char *pointer,
                        const char *fmt, ...)
{
    gr_json_set_problem(c, st);
    va_list ap;
    va_start(ap, fmt);
    const char *d = gr_json_vprintf(c->arena, fmt, ap);
    va_end(ap);
    c->problem.detail = d != NULL ? d : "invalid input";
    c->problem.pointer = pointer;
    return st;
}

gr_status gr_json_arm_deadline(gr_jctx *c)
{
    const gr_stop *old = gr_arena_stop(c->arena);
    if (c->time_limit_s == 0 || (old != NULL && old->deadline_ns != 0)) {
        return GR_OK;
    }
    gr_stop *s = gr_arena_alloc(c->arena, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    s->cancel = old != NULL ? old->cancel : NULL;
    s->cancel_all = old != NULL ? old->cancel_all : NULL;
    s->deadline_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec +
                     (uint64_t)c->time_limit_s * 1000000000u;
    gr_arena_set_stop(c->arena, s);
    return GR_OK;
}

bool gr_json_past_deadline(gr_jctx *c, const char *ptr)
{
    if (gr_json_arm_deadline(c) != GR_OK) {
        return true; /* the 413 is set */
    }
    switch (gr_arena_check(c->arena)) {
    case GR_ECANCELLED:
        gr_json_error(c, GR_ECANCELLED, ptr,
                      "the analysis was cancelled: the client went away or the server is "
                      "stopping");
        return true;
    case GR_ETIME:
        gr_json_error(c, GR_ELIMIT, ptr,
                      "the analysis ran past the time limit of %u s "
                      "(--max-analysis-seconds); split the sum or ask the "
                      "operator for a longer limit",
                      c->time_limit_s);
        return true;
    default:
        return false;
    }
}

gr_status gr_json_stopped(gr_jctx *c, gr_status st)
{
    gr_status why = gr_arena_check(c->arena);
    if (why == GR_OK) {
        return st;
    }
    /* A solver that stopped may have reported its stop as any failure (a
     * family maps core statuses to its own wording); the stop is the
     * reason.  A pointer already set (a sum's component) is kept. */
    const char *ptr = c->problem.status == 422 ? c->problem.pointer : NULL;
    if (why == GR_ETIME) {
        return gr_json_error(c, GR_ETIME, ptr,
                             "the analysis ran past the time limit of %u s "
                             "(--max-analysis-seconds); ask for a smaller position or "
                             "ask the operator for a longer limit",
                             c->time_limit_s);
    }
    return gr_json_error(c, GR_ECANCELLED, ptr,
                         "the analysis was cancelled: the client went away or the "
                         "server is stopping");
}

gr_status gr_json_oom(gr_jctx *c)
{
    if (gr_arena_quota_hit(c->arena)) {
        gr_problem_set(&c->problem, GR_PROBLEM_MEMORY_UNAVAILABLE,
                       "the memory the server may use for all requests together "
                       "(--max-memory) is taken by requests under way; retry shortly",
                       NULL);
        return GR_ENOMEM;
    }
    gr_json_set_problem(c, GR_ENOMEM);
    c->problem.detail = "the request needs more memory than the per-request "
                        "budget (--max-request-memory) allows";
    c->problem.pointer = NULL;
    return GR_ENOMEM;
}

/* RFC 6901: '~' is written "~0" and '/' is written "~1". */
const char *gr_jp_key(gr_jctx *c, const char *base, const char *key)
{
    size_t bl = strlen(base), extra = 0, kl = strlen(key);
    for (size_t i = 0; i < kl; i++) {
        extra += (key[i] == '~' || key[i] == '/');
    }
    char *s = gr_arena_alloc(c->arena, bl + 1 + kl + extra + 1);
    if (s == NULL) {
        return base;
    }
    memcpy(s, base, bl);
    char *w = s + bl;
    *w++ = '/';
    for (size_t i = 0; i < kl; i++) {
        if (key[i] == '~') {
            *w++ = '~';
            *w++ = '0';
        } else if (key[i] == '/') {
            *w++ = '~';
            *w++ = '1';
        } else {
            *w++ = key[i];
        }
    }
    *w = '\0';
    return s;
}

const char *gr_jp_idx(gr_jctx *c, const char *base, size_t index)
{
    size_t bl = strlen(base);
    char *s = gr_arena_alloc(c->arena, bl + 24);
    if (s == NULL) {
        return base;
    }
    snprintf(s, bl + 24, "%s/%zu", base, index);
    return s;
}

/* ---- readers -------------------------------------------------------------- */

static const char *gr_json_type_name(const cJSON *item)
{
    if (item == NULL) {
        return "nothing";
    }
    switch (item->type & 0xFF) {
    case cJSON_False:
    case cJSON_True:
        return "a boolean";
    case cJSON_NULL:
        return "null";
    case cJSON_Number:
        return "a number";
    case cJSON_String:
        return "a string";
    case cJSON_Array:
        return "an array";
    case cJSON_Object:
        return "an object";
    default:
        return "an invalid value";
    }
}

gr_status gr_json_object(gr_jctx *c, const cJSON *obj, const char *ptr,
                         const gr_jfield *fields, size_t nfields)
{
    if (!cJSON_IsObject(obj)) {
        return gr_json_error(c, GR_EINVAL, ptr, "must be a JSON object, not %s",
                             gr_json_type_name(obj));
    }
    for (size_t f = 0; f < nfields; f++) {
        *fields[f].out = NULL;
    }
    for (const cJSON *it = obj->child; it != NULL; it = it->next) {
        size_t f = 0;
        while (f < nfields && strcmp(fields[f].name, it->string) != 0) {
            f++;
        }
        if (f == nfields) {
            return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, it->string),
                                 "unknown field \"%s\"", it->string);
        }
        if (*fields[f].out != NULL) {
            return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, it->string),
                                 "field \"%s\" appears more than once",
                                 it->string);
        }
        *fields[f].out = it;
    }
    for (size_t f = 0; f < nfields; f++) {
        if (fields[f].required && *fields[f].out == NULL) {
            return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, fields[f].name),
                                 "missing required field \"%s\"",
                                 fields[f].name);
        }
    }
    return GR_OK;
}

gr_status gr_json_family_object(gr_jctx *c, const cJSON *obj, const char *ptr,
                                const gr_jfield *fields, size_t nfields)
{
    gr_jfield all[24 + 4];
    const cJSON *shared[4] = {NULL, NULL, NULL, NULL};
    if (nfields > 24) {
        return gr_json_error(c, GR_EINTERNAL, ptr, "too many fields in a family's object");
    }
    for (size_t i = 0; i < nfields; i++) {
        all[i] = fields[i];
    }
    all[nfields] = (gr_jfield){"all_winning_moves", false, &shared[0]};
    all[nfields + 1] = (gr_jfield){"max_moves", false, &shared[1]};
    all[nfields + 2] = (gr_jfield){"all_moves", false, &shared[3]};
    all[nfields + 3] = (gr_jfield){"game", false, &shared[2]};
    return gr_json_object(c, obj, ptr, all, nfields + (ptr[0] != '\0' ? 4 : 3));
}

gr_status gr_json_family_state(gr_jctx *c, const cJSON *obj, const char *ptr,
                               const gr_jfield *fields, size_t nfields, size_t size, void **state)
{
    gr_status st = gr_json_family_object(c, obj, ptr, fields, nfields);
    if (st != GR_OK) {
        return st;
    }
    *state = gr_arena_calloc(c->arena, 1, size);
    return *state != NULL ? GR_OK : gr_json_oom(c);
}

/* Parses an optionally signed decimal string; 1 on success. */
static int gr_json_decimal(const char *s, int allow_minus, int *neg,
                           uint64_t *mag)
{
    *neg = 0;
    if (allow_minus && *s == '-') {
        *neg = 1;
        s++;
    }
    if (*s == '\0') {
        return 0;
    }
    uint64_t v = 0;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9') {
            return 0;
        }
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) {
            return 0;
        }
        v = v * 10 + d;
    }
    *mag = v;
    return 1;
}

/* Reads an exact integer as sign + magnitude; the caller checks the range. */
static gr_status gr_json_integer(gr_jctx *c, const cJSON *item,
                                 const char *ptr, int allow_minus, int *neg,
                                 uint64_t *mag, const char *range)
{
    if (cJSON_IsNumber(item)) {
        double d = item->valuedouble;
        if (!isfinite(d) || floor(d) != d || fabs(d) > (double)GR_JSON_MAX_SAFE) {
            return gr_json_error(c, GR_EINVAL, ptr,
                                 "must be an exact integer %s (JSON numbers "
                                 "up to 2^53-1; larger values as decimal "
                                 "strings)",
                                 range);
        }
        *neg = d < 0;
        *mag = (uint64_t)fabs(d);
        return GR_OK;
    }
    if (cJSON_IsString(item)) {
        if (!gr_json_decimal(item->valuestring, allow_minus, neg, mag) ||
            *mag > GR_JSON_MAX_I64 + (uint64_t)*neg) {
            return gr_json_error(c, GR_EINVAL, ptr,
                                 "must be an integer %s written in decimal "
                                 "digits (at most 2^63-1)",
                                 range);
        }
        return GR_OK;
    }
    return gr_json_error(c, GR_EINVAL, ptr, "must be an integer %s, not %s",
                         range, gr_json_type_name(item));
}

gr_status gr_json_u64(gr_jctx *c, const cJSON *item, const char *ptr,
                      uint64_t max, uint64_t *out)
{
    char range[64];
    snprintf(range, sizeof(range), "between 0 and %llu",
             (unsigned long long)max);
    int neg;
    uint64_t mag;
    gr_status st = gr_json_integer(c, item, ptr, 0, &neg, &mag, range);
    if (st != GR_OK) {
        return st;
    }
    if ((neg && mag != 0) || mag > max) {
        return gr_json_error(c, GR_EINVAL, ptr, "must be an integer %s", range);
    }
    *out = mag;
    return GR_OK;
}

gr_status gr_json_i64(gr_jctx *c, const cJSON *item, const char *ptr,
                      int64_t min, int64_t max, int64_t *out)
{
    char range[80];
    snprintf(range, sizeof(range), "between %lld and %lld", (long long)min,
             (long long)max);
    int neg;
    uint64_t mag;
    gr_status st = gr_json_integer(c, item, ptr, 1, &neg, &mag, range);
    if (st != GR_OK) {
        return st;
    }
    int64_t v;
    if (neg) {
        v = mag == GR_JSON_MAX_I64 + 1 ? INT64_MIN : -(int64_t)mag;
    } else {
        v = (int64_t)mag;
    }
    if (v < min || v > max) {
        return gr_json_error(c, GR_EINVAL, ptr, "must be an integer %s", range);
    }
    *out = v;
    return GR_OK;
}

/* GR_OK when item's cJSON type is one of the bits of `types`; else the
 * 400 at ptr: "must be <what>, not <its type>". */
static gr_status of_type(gr_jctx *c, const cJSON *item, const char *ptr, int types,
                         const char *what)
{
    if (item != NULL && (item->type & types) != 0) {
        return GR_OK;
    }
    return gr_json_error(c, GR_EINVAL, ptr, "must be %s, not %s", what, gr_json_type_name(item));
}

gr_status gr_json_bool(gr_jctx *c, const cJSON *item, const char *ptr, bool *out)
{
    gr_status st = of_type(c, item, ptr, cJSON_True | cJSON_False, "true or false");
    *out = st == GR_OK && cJSON_IsTrue(item);
    return st;
}

gr_status gr_json_string(gr_jctx *c, const cJSON *item, const char *ptr, const char **out)
{
    gr_status st = of_type(c, item, ptr, cJSON_String, "a string");
    *out = st == GR_OK ? item->valuestring : NULL;
    return st;
}

gr_status gr_json_array(gr_jctx *c, const cJSON *item, const char *ptr, size_t *count)
{
    gr_status st = of_type(c, item, ptr, cJSON_Array, "an array");
    if (st != GR_OK) {
        return st;
    }
    size_t n = 0;
    for (const cJSON *it = item->child; it != NULL; it = it->next) {
        n++;
    }
    *count = n;
    return GR_OK;
}

/* The array at ptr, its length, and room for `per` elements of `size`
 * bytes for each of its items (uninitialised, from the request's arena). */
static gr_status array_room(gr_jctx *c, const cJSON *item, const char *ptr, size_t per,
                            size_t size, void **room, size_t *count)
{
    gr_status st = gr_json_array(c, item, ptr, count);
    if (st != GR_OK) {
        return st;
    }
    *room = *count > ((size_t)-1) / per ? NULL : gr_arena_alloc_array(c->arena, per * *count, size);
    return *room != NULL || *count == 0 ? GR_OK : gr_json_oom(c);
}

/* A whole number in [0, max] at ptr[i] (or ptr[i][k] when k >= 0).  The
 * common case, a small exact number, is taken directly and makes no
 * pointer; anything else goes through gr_json_u64, which names the
 * problem. */
/* (inlined, like wholes: with per and width constants at each call each
 * reader compiles to its own loop, as the two separate readers did) */
static inline __attribute__((always_inline)) gr_status
whole_item(gr_jctx *c, const cJSON *it, const char *ptr, size_t i, int k, uint64_t max,
           double exact_max, uint64_t *out)
{
    double d = it->valuedouble; /* exact_max: max, at most 2^53 - 1 */
    if (cJSON_IsNumber(it) && d >= 0 && d <= exact_max && (double)(uint64_t)d == d) {
        *out = (uint64_t)d;
        return GR_OK;
    }
    const char *at = gr_jp_idx(c, ptr, i);
    return gr_json_u64(c, it, k >= 0 ? gr_jp_idx(c, at, (size_t)k) : at, max, out);
}

/* The array at ptr whose items each give `per` whole numbers in
 * [0, max] -- per 1: the item itself; per 2: a pair [a, b] -- stored in
 * order as integers of `width` bytes (8 or 4). */
static inline __attribute__((always_inline)) gr_status
wholes(gr_jctx *c, const cJSON *item, const char *ptr, size_t per, size_t width, uint64_t max,
       void **out, size_t *count)
{
    gr_status st = array_room(c, item, ptr, per, width, out, count);
    if (st != GR_OK) {
        return st;
    }
    void *room = *out;
    double exact_max = max < GR_JSON_MAX_SAFE ? (double)max : (double)GR_JSON_MAX_SAFE;
    size_t i = 0;
    for (const cJSON *it = item->child; it != NULL; it = it->next, i++) {
        const cJSON *part[2] = {it, NULL};
        if (per == 2) {
            part[0] = cJSON_IsArray(it) ? it->child : NULL;
            part[1] = part[0] != NULL ? part[0]->next : NULL;
            if (part[1] == NULL || part[1]->next != NULL) {
                return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, i),
                                     "must be a pair [a, b] of integers");
            }
        }
        for (size_t k = 0; k < per; k++) {
            uint64_t x;
            st = whole_item(c, part[k], ptr, i, per == 2 ? (int)k : -1, max, exact_max, &x);
            if (st != GR_OK) {
                return st;
            }
            if (width == sizeof(uint64_t)) {
                ((uint64_t *)room)[per * i + k] = x;
            } else {
                ((uint32_t *)room)[per * i + k] = (uint32_t)x;
            }
        }
    }
    return GR_OK;
}

gr_status gr_json_u64_array(gr_jctx *c, const cJSON *item, const char *ptr,
                            uint64_t max, uint64_t **out, size_t *count)
{
    void *v = NULL;
    gr_status st = wholes(c, item, ptr, 1, sizeof(uint64_t), max, &v, count);
    *out = v;
    return st;
}

gr_status gr_json_pairs(gr_jctx *c, const cJSON *item, const char *ptr,
                        uint32_t max, uint32_t **out, size_t *count)
{
    void *v = NULL;
    gr_status st = wholes(c, item, ptr, 2, sizeof(uint32_t), max, &v, count);
    *out = v;
    return st;
}

gr_status gr_json_move_opts(gr_jctx *c, const cJSON *all, const cJSON *max,
                            const char *base, gr_move_opts *out)
{
    out->all = false;
    out->max = GR_MAX_MOVES_DEFAULT;
    gr_status st;
    if (all != NULL &&
        (st = gr_json_bool(c, all, gr_jp_key(c, base, "all_winning_moves"),
                           &out->all)) != GR_OK) {
        return st;
    }
    if (max != NULL &&
        (st = gr_json_u64(c, max, gr_jp_key(c, base, "max_moves"),
                          GR_MAX_MOVES_LIMIT, &out->max)) != GR_OK) {
        return st;
    }
    return GR_OK;
}

gr_status gr_json_finite(void **state, void *s, gr_value *value, uint64_t n)
{
    value->kind = GR_VALUE_FINITE;
    value->n = n;
    *state = s;
    return GR_OK;
}

static gr_status family_begin(gr_jctx *c, const gr_family *fam, const cJSON *req, void **state,
                              gr_value *value, gr_move_opts *opts)
{
    *state = NULL;
    memset(value, 0, sizeof(*value));
    gr_status st = fam->analyse(c, req, "", state, value);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_request_opts(c, req, opts);
}

gr_status gr_json_request_opts(gr_jctx *c, const cJSON *req, gr_move_opts *opts)
{
    return gr_json_move_opts(c, cJSON_GetObjectItemCaseSensitive(req, "all_winning_moves"),
                             cJSON_GetObjectItemCaseSensitive(req, "max_moves"), "", opts);
}

/* ---- writers -------------------------------------------------------------- */

/* Nodes are made here, from the request's arena, exactly as cJSON lays
 * them out (a container's child->prev is its last child), so cJSON's
 * accessors read them; nothing goes through cJSON's allocation hooks and
 * nothing is freed: the arena dies with the request. */
static cJSON *gr_jw_node(gr_jctx *c, int type)
{
    cJSON *n = gr_arena_calloc(c->arena, 1, sizeof(*n));
    if (n == NULL) {
        c->oom = true;
        return NULL;
    }
    n->type = type;
    return n;
}

/* A copy of s in the arena (NULL and c->oom when out of budget). */
static char *gr_jw_strdup(gr_jctx *c, const char *s)
{
    char *d = gr_arena_strdup(c->arena, s);
    c->oom = c->oom || d == NULL;
    return d;
}

/* A string or raw item holding `text`, which lives in the arena already. */
static cJSON *gr_jw_text_node(gr_jctx *c, int type, char *text)
{
    cJSON *n = text != NULL ? gr_jw_node(c, type) : NULL;
    if (n != NULL) {
        n->valuestring = text;
    }
    return n;
}

cJSON *gr_jw_obj(gr_jctx *c) { return gr_jw_node(c, cJSON_Object); }
cJSON *gr_jw_arr(gr_jctx *c) { return gr_jw_node(c, cJSON_Array); }
cJSON *gr_jw_null(gr_jctx *c) { return gr_jw_node(c, cJSON_NULL); }

cJSON *gr_jw_bool(gr_jctx *c, bool v)
{
    cJSON *n = gr_jw_node(c, v ? cJSON_True : cJSON_False);
    if (n != NULL) {
        n->valueint = v; /* as cJSON sets it */
    }
    return n;
}

cJSON *gr_jw_str(gr_jctx *c, const char *s)
{
    return gr_jw_text_node(c, cJSON_String, gr_jw_strdup(c, s));
}

cJSON *gr_jw_raw(gr_jctx *c, const char *text)
{
    return gr_jw_text_node(c, cJSON_Raw, gr_jw_strdup(c, text));
}

cJSON *gr_jw_raw_buf(gr_jctx *c, gr_buf *b)
{
    const char *text = gr_buf_cstr(b);
    if (text == NULL) {
        c->oom = true;
        return NULL;
    }
    /* the text stays where it is; the slack goes back */
    char *p = gr_arena_realloc(c->arena, b->data, b->cap, b->len + 1);
    return gr_jw_text_node(c, cJSON_Raw, p != NULL ? p : b->data);
}

void gr_json_buf_u64(gr_buf *b, uint64_t v)
{
    bool quote = v > GR_JSON_MAX_SAFE;
    if (quote) {
        gr_buf_putc(b, '"');
    }
    gr_buf_u64(b, v);
    if (quote) {
        gr_buf_putc(b, '"');
    }
}

/* Integers are written as raw JSON text: cJSON's double formatting rounds
 * values above 10^15 to 15 significant digits, and exactness is the point. */
cJSON *gr_jw_u64(gr_jctx *c, uint64_t v)
{
    char buf[24];
    gr_dec_u64(buf, v);
    if (v <= GR_JSON_MAX_SAFE) {
        return gr_jw_raw(c, buf);
    }
    return gr_jw_str(c, buf);
}

cJSON *gr_jw_i64(gr_jctx *c, int64_t v)
{
    char buf[24];
    /* the magnitude as unsigned: -INT64_MIN does not fit an int64_t */
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    buf[0] = '-';
    gr_dec_u64(buf + (v < 0), mag);
    if (v >= -(int64_t)GR_JSON_MAX_SAFE && v <= (int64_t)GR_JSON_MAX_SAFE) {
        return gr_jw_raw(c, buf);
    }
    return gr_jw_str(c, buf);
}

cJSON *gr_jw_u64_array(gr_jctx *c, const uint64_t *v, size_t n)
{
    cJSON *a = gr_jw_arr(c);
    for (size_t i = 0; i < n && a != NULL; i++) {
        gr_jw_push(c, a, gr_jw_u64(c, v[i]));
    }
    return a;
}

void gr_jw_set_u64s(gr_jctx *c, cJSON *obj, size_t n, const char *const keys[],
                    const uint64_t vals[])
{
    for (size_t i = 0; i < n; i++) {
        gr_jw_set(c, obj, keys[i], gr_jw_u64(c, vals[i]));
    }
}

cJSON *gr_jw_period(gr_jctx *c, bool periodic, uint64_t preperiod, uint64_t period)
{
    if (!periodic) {
        return gr_jw_null(c);
    }
    cJSON *p = gr_jw_obj(c);
    gr_jw_set(c, p, "preperiod", gr_jw_u64(c, preperiod));
    gr_jw_set(c, p, "period", gr_jw_u64(c, period));
    return p;
}

/* Appends item as parent's last child, in O(1) through child->prev. */
static void gr_jw_link(cJSON *parent, cJSON *item)
{
    cJSON *first = parent->child;
    item->next = NULL;
    if (first == NULL) {
        parent->child = item;
        item->prev = item;
    } else {
        first->prev->next = item;
        item->prev = first->prev;
        first->prev = item;
    }
}

void gr_jw_set(gr_jctx *c, cJSON *obj, const char *key, cJSON *item)
{
    (void)c;
    if (obj == NULL || item == NULL) {
        return;
    }
    /* Keys are string literals: no copy (cJSON's "const string" flag). */
    item->string = (char *)key;
    item->type |= cJSON_StringIsConst;
    gr_jw_link(obj, item);
}

void gr_jw_push(gr_jctx *c, cJSON *arr, cJSON *item)
{
    (void)c;
    if (arr == NULL || item == NULL) {
        return;
    }
    gr_jw_link(arr, item);
}

void gr_json_put_moves(gr_jctx *c, cJSON *r, cJSON *moves, uint64_t count,
                       const gr_move_opts *opts)
{
    if (moves != NULL && moves->child != NULL && !opts->all) {
        /* The list itself is not printed: move its first item, no copy. */
        gr_jw_set(c, r, "winning_move", cJSON_DetachItemViaPointer(moves, moves->child));
    } else if (moves != NULL && moves->child != NULL) {
        /* The same move in both places: a second node over the same
         * children (nothing is changed or freed after this, and the
         * printer only reads). */
        cJSON *again = gr_jw_node(c, moves->child->type);
        if (again != NULL) {
            *again = *moves->child;
            again->next = again->prev = NULL;
            again->string = NULL;
            again->type &= ~cJSON_StringIsConst;
        }
        gr_jw_set(c, r, "winning_move", again);
        if (opts->all && opts->max == 0) {
            moves = gr_jw_arr(c);
        }
    } else {
        gr_jw_set(c, r, "winning_move", gr_jw_null(c));
    }
    if (opts->all) {
        gr_jw_set(c, r, "winning_moves", moves);
        gr_jw_set(c, r, "winning_move_count", gr_jw_u64(c, count));
    }
}

/* ---- families ------------------------------------------------------------- */

/* The answer of a family with finite values under normal play (or its
 * own first_wins): its value as "grundy", the winner, and the winning
 * moves. */
static gr_status standard_answer(gr_jctx *c, const gr_family *fam, void *state,
                                 const gr_value *value, const gr_move_opts *opts, cJSON *r)
{
    bool first = fam->first_wins != NULL ? fam->first_wins(state, value)
                                          : (value->kind == GR_VALUE_FINITE && value->n != 0);
    gr_jw_set(c, r, "grundy", gr_jw_u64(c, value->n));
    gr_jw_set(c, r, "winner", gr_jw_str(c, first ? "first" : "second"));
    cJSON *moves = gr_jw_arr(c);
    uint64_t count = 0;
    if (first && moves != NULL) {
        gr_value zero = {.kind = GR_VALUE_FINITE};
        uint64_t want = opts->all ? (opts->max > 0 ? opts->max : 1) : 1;
        gr_status st = fam->moves_to(c, state, &zero, want, opts->all, moves, &count);
        if (st != GR_OK) {
            return st;
        }
        /* A won position without moves exists only in misère play (the
         * empty position): the winner need not move. */
    }
    gr_json_put_moves(c, r, moves, count, opts);
    return GR_OK;
}

gr_status gr_json_family_endpoint(gr_jctx *c, const gr_family *fam,
                                  const cJSON *req, cJSON **resp)
{
    void *state;
    gr_value value;
    gr_move_opts opts;
    gr_status st = family_begin(c, fam, req, &state, &value, &opts);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_family_respond(c, fam, state, &value, &opts, req, resp);
}

gr_status gr_json_family_respond(gr_jctx *c, const gr_family *fam, void *state,
                                 const gr_value *value, const gr_move_opts *opts, const cJSON *req,
                                 cJSON **resp)
{
    cJSON *r = gr_jw_obj(c);
    gr_status st = fam->answer != NULL ? fam->answer(c, state, value, opts, r)
                                       : standard_answer(c, fam, state, value, opts, r);
    if (st != GR_OK) {
        return st;
    }
    if ((st = gr_json_put_all_moves(c, fam, state, req, r)) != GR_OK) {
        return st;
    }
    if (fam->extras != NULL && (st = fam->extras(c, state, r)) != GR_OK) {
        return st;
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}

/* ---- every move with its value (all_moves) ------------------------------ */

gr_move_value *gr_move_list_add(gr_move_list *l)
{
    if (l->listed >= l->room) {
        return NULL;
    }
    if (l->listed == l->cap) {
        /* grown by doubling: max_moves may be 10^6 while a position has
         * three moves, so the room is never allocated up front */
        uint64_t cap = l->cap == 0 ? 16 : 2 * l->cap;
        cap = cap < l->room ? cap : l->room;
        gr_move_value *p =
            gr_arena_realloc(l->arena, l->item, l->cap * sizeof(*p), cap * sizeof(*p));
        if (p == NULL) {
            l->oom = true;
            return NULL;
        }
        l->item = p;
        l->cap = cap;
    }
    gr_move_value *e = &l->item[l->listed++];
    memset(e, 0, sizeof(*e));
    e->mover_wins = -1;
    e->remoteness = -1;
    return e;
}

cJSON *gr_jw_value(gr_jctx *c, const gr_value *v)
{
    if (v->kind == GR_VALUE_FINITE) {
        return gr_jw_u64(c, v->n);
    }
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "infinity", gr_jw_u64_array(c, v->k, v->nk));
    return o;
}

const char *gr_json_outcome(const gr_value *v)
{
    /* the mover's outcome is the opposite of the next player's */
    static const char *const mover[] = {
        [GR_OUTCOME_SECOND] = "win", [GR_OUTCOME_FIRST] = "lose", [GR_OUTCOME_DRAW] = "draw"};
    return mover[gr_value_outcome(v)];
}

cJSON *gr_json_move_entry(gr_jctx *c, cJSON *move, const gr_value *after, const char *outcome,
                          int64_t remoteness)
{
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "move", move);
    gr_jw_set(c, o, "grundy", gr_jw_value(c, after));
    gr_jw_set(c, o, "outcome", gr_jw_str(c, outcome != NULL ? outcome : gr_json_outcome(after)));
    if (remoteness >= 0) {
        gr_jw_set(c, o, "remoteness", gr_jw_u64(c, (uint64_t)remoteness));
    }
    return o;
}

cJSON *gr_jw_u128(gr_jctx *c, unsigned __int128 v)
{
    if (v <= GR_JSON_MAX_SAFE) {
        return gr_jw_u64(c, (uint64_t)v);
    }
    char buf[48];
    size_t n = sizeof(buf) - 1;
    buf[n] = '\0';
    do {
        buf[--n] = (char)('0' + (unsigned)(v % 10));
        v /= 10;
    } while (v != 0);
    return gr_jw_str(c, buf + n);
}

gr_status gr_json_put_all_moves(gr_jctx *c, const gr_family *fam, void *state, const cJSON *req,
                                cJSON *r)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(req, "all_moves");
    bool want = false;
    gr_status st;
    if (item == NULL) {
        return GR_OK;
    }
    if ((st = gr_json_bool(c, item, "/all_moves", &want)) != GR_OK || !want) {
        return st;
    }
    gr_move_opts opts;
    st = gr_json_move_opts(c, NULL, cJSON_GetObjectItemCaseSensitive(req, "max_moves"), "", &opts);
    if (st != GR_OK) {
        return st;
    }
    if (fam->moves_all == NULL) {
        return gr_json_error(c, GR_ELIMIT, "/all_moves", "all_moves is not available for %s",
                             fam->name);
    }
    gr_move_list list = {.arena = c->arena, .room = opts.max};
    if ((st = fam->moves_all(c, state, &list)) != GR_OK) {
        return st;
    }
    if (list.oom) {
        return gr_json_oom(c);
    }
    cJSON *arr = gr_jw_arr(c);
    for (uint64_t i = 0; i < list.listed && gr_jw_ok(c); i++) {
        const gr_move_value *e = &list.item[i];
        const char *outcome = NULL;
        if (e->mover_wins >= 0) {
            outcome = e->mover_wins ? "win" : "lose"; /* the family decides (misère) */
        }
        gr_jw_push(c, arr, gr_json_move_entry(c, e->move, &e->after, outcome, e->remoteness));
    }
    gr_jw_set(c, r, "moves", arr);
    gr_jw_set(c, r, "move_count", gr_jw_u128(c, list.count));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}
