/*
 * Body intake (see body.h).  The buffer doubles as bytes arrive; a
 * declared length caps the doubling (so a 64 MB body declared as such is
 * not rounded up to 128 MB) but never the copy: a chunked body sent beside
 * a smaller Content-Length once overflowed a buffer sized from the header.
 * Every growth stops at max + 1 (the largest body and its NUL), so a
 * chunked body of max bytes is not held in 2 * max either.
 */
#include "http/body.h"

#include <string.h>

gr_body_status gr_body_init(gr_body *b, gr_arena *arena, uint64_t declared, size_t max,
                            size_t first)
{
    memset(b, 0, sizeof(*b));
    b->max = max;
    b->hint = declared <= (uint64_t)max ? (size_t)declared + 1 : 0;
    size_t cap = b->hint != 0 && b->hint < first ? b->hint : first;
    if (cap == 0) {
        cap = 1;
    }
    if (declared != UINT64_MAX && declared > (uint64_t)max) {
        b->status = GR_BODY_TOO_LARGE;
        return b->status;
    }
    b->data = gr_arena_alloc(arena, cap);
    if (b->data == NULL) {
        b->status = GR_BODY_NOMEM;
        return b->status;
    }
    b->cap = cap;
    b->data[0] = '\0';
    return GR_BODY_OK;
}

gr_body_status gr_body_append(gr_body *b, gr_arena *arena, const char *data, size_t n)
{
    if (b->status != GR_BODY_OK) {
        return b->status;
    }
    if (n > b->max - b->len) {
        b->status = GR_BODY_TOO_LARGE;
        return b->status;
    }
    size_t need = b->len + n + 1; /* the NUL the JSON readers rely on */
    if (need > b->cap) {
        size_t ncap = b->cap * 2 > b->cap ? b->cap * 2 : need;
        if (ncap < need) {
            ncap = need;
        }
        if (b->hint != 0 && ncap > b->hint && b->hint >= need) {
            ncap = b->hint;
        }
        if (ncap > b->max + 1) { /* need <= max + 1: the body's bound */
            ncap = b->max + 1;
        }
        char *grown = gr_arena_realloc(arena, b->data, b->cap, ncap);
        if (grown == NULL) {
            b->status = GR_BODY_NOMEM;
            return b->status;
        }
        b->data = grown;
        b->cap = ncap;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = '\0';
    return GR_BODY_OK;
}

/* ---- the light lane's estimate (request.c) ---- */

/* Whether the body holds word (a light-lane estimate: bodies of at most
 * GR_LIGHT_MAX_BODY bytes, so a scan costs nothing). */
static bool body_names(const gr_body *b, const char *word)
{
    size_t n = strlen(word);
    for (size_t i = 0; i + n <= b->len; i++) {
        if (memcmp(b->data + i, word, n) == 0) {
            return true;
        }
    }
    return false;
}

/* Whether the body holds a run of six digits or more: a heap that may
 * need a large shared table (a light-lane estimate, like the above). */
static bool body_long_number(const gr_body *b)
{
    size_t run = 0;
    for (size_t i = 0; i < b->len; i++) {
        run = b->data[i] >= '0' && b->data[i] <= '9' ? run + 1 : 0;
        if (run >= 6) {
            return true;
        }
    }
    return false;
}

bool gr_body_light(const gr_body *b, bool tables)
{
    tables = tables || body_names(b, "octal") || body_names(b, "subtraction");
    return !body_names(b, "misere") && !(tables && body_long_number(b));
}
