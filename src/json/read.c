/*
 * The readers: each checks the type and range of one item of a request
 * and names it by its pointer on failure, under the number rules of
 * gr_json.h (exact integers up to 2^53-1 as numbers, up to 2^63-1 as
 * decimal strings).
 */
#include "json/gr_json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

gr_status gr_json_object(gr_jctx *c, const cJSON *obj, const char *ptr, const gr_jfield *fields,
                         size_t nfields)
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
                                 "field \"%s\" appears more than once", it->string);
        }
        *fields[f].out = it;
    }
    for (size_t f = 0; f < nfields; f++) {
        if (fields[f].required && *fields[f].out == NULL) {
            return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, fields[f].name),
                                 "missing required field \"%s\"", fields[f].name);
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
static int gr_json_decimal(const char *s, int allow_minus, int *neg, uint64_t *mag)
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
static gr_status gr_json_integer(gr_jctx *c, const cJSON *item, const char *ptr, int allow_minus,
                                 int *neg, uint64_t *mag, const char *range)
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
    return gr_json_error(c, GR_EINVAL, ptr, "must be an integer %s, not %s", range,
                         gr_json_type_name(item));
}

gr_status gr_json_u64(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t max, uint64_t *out)
{
    char range[64];
    snprintf(range, sizeof(range), "between 0 and %llu", (unsigned long long)max);
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

gr_status gr_json_i64(gr_jctx *c, const cJSON *item, const char *ptr, int64_t min, int64_t max,
                      int64_t *out)
{
    char range[80];
    snprintf(range, sizeof(range), "between %lld and %lld", (long long)min, (long long)max);
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
static gr_status array_room(gr_jctx *c, const cJSON *item, const char *ptr, size_t per, size_t size,
                            void **room, size_t *count)
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
static inline __attribute__((always_inline)) gr_status whole_item(gr_jctx *c, const cJSON *it,
                                                                  const char *ptr, size_t i, int k,
                                                                  uint64_t max, double exact_max,
                                                                  uint64_t *out)
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
static inline __attribute__((always_inline)) gr_status wholes(gr_jctx *c, const cJSON *item,
                                                              const char *ptr, size_t per,
                                                              size_t width, uint64_t max,
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

gr_status gr_json_u64_array(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t max,
                            uint64_t **out, size_t *count)
{
    void *v = NULL;
    gr_status st = wholes(c, item, ptr, 1, sizeof(uint64_t), max, &v, count);
    *out = v;
    return st;
}

gr_status gr_json_pairs(gr_jctx *c, const cJSON *item, const char *ptr, uint32_t max,
                        uint32_t **out, size_t *count)
{
    void *v = NULL;
    gr_status st = wholes(c, item, ptr, 2, sizeof(uint32_t), max, &v, count);
    *out = v;
    return st;
}

gr_status gr_json_edges(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t n, uint32_t **out,
                        size_t *count)
{
    gr_status st = gr_json_pairs(c, item, ptr, UINT32_MAX - 1, out, count);
    for (size_t i = 0; st == GR_OK && i < 2 * *count; i++) {
        if ((*out)[i] >= n) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, gr_jp_idx(c, ptr, i / 2), i % 2),
                                 "vertex %u does not exist (vertices are 0..%lld)", (*out)[i],
                                 (long long)n - 1);
        }
    }
    return st;
}

gr_status gr_json_move_opts(gr_jctx *c, const cJSON *all, const cJSON *max, const char *base,
                            gr_move_opts *out)
{
    out->all = false;
    out->max = GR_MAX_MOVES_DEFAULT;
    gr_status st;
    if (all != NULL &&
        (st = gr_json_bool(c, all, gr_jp_key(c, base, "all_winning_moves"), &out->all)) != GR_OK) {
        return st;
    }
    if (max != NULL && (st = gr_json_u64(c, max, gr_jp_key(c, base, "max_moves"),
                                         GR_MAX_MOVES_LIMIT, &out->max)) != GR_OK) {
        return st;
    }
    return GR_OK;
}

gr_status gr_json_request_opts(gr_jctx *c, const cJSON *req, gr_move_opts *opts)
{
    return gr_json_move_opts(c, cJSON_GetObjectItemCaseSensitive(req, "all_winning_moves"),
                             cJSON_GetObjectItemCaseSensitive(req, "max_moves"), "", opts);
}
