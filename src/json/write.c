/*
 * The writers: response nodes made in the request's arena, integers
 * written exactly (raw text, strings above 2^53-1), and appends in O(1).
 * They never fail loudly: on allocation failure they set c->oom and
 * return NULL, which every adder ignores.
 */
#include "json/gr_json.h"

#include "grundy/buf.h"

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

cJSON *gr_jw_obj(gr_jctx *c)
{
    return gr_jw_node(c, cJSON_Object);
}
cJSON *gr_jw_arr(gr_jctx *c)
{
    return gr_jw_node(c, cJSON_Array);
}
cJSON *gr_jw_null(gr_jctx *c)
{
    return gr_jw_node(c, cJSON_NULL);
}

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

cJSON *gr_jw_raw_ref(gr_jctx *c, const char *text)
{
    /* the printer only reads valuestring: the text is shared, not copied */
    return gr_jw_text_node(c, cJSON_Raw, (char *)(uintptr_t)text);
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
