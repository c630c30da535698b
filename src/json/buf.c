/*
 * gr_buf (see buf.h): growth, decimals and the JSON string escaping.
 */
#include "json/buf.h"

#include <stdlib.h>

#include "json/gr_json.h"

bool gr_buf_grow(gr_buf *b, size_t n)
{
    if (b->oom) {
        return false;
    }
    if (n > SIZE_MAX / 4 - b->len) {
        b->oom = true;
        return false;
    }
    size_t want = b->cap != 0 ? b->cap : 256;
    while (want < b->len + n + 1) {
        want *= 2;
    }
    char *p = b->arena != NULL ? gr_arena_realloc(b->arena, b->data, b->cap, want)
                               : realloc(b->data, want);
    if (p == NULL) {
        b->oom = true;
        return false;
    }
    b->data = p;
    b->cap = want;
    return true;
}

void gr_buf_repeat(gr_buf *b, size_t off, size_t n)
{
    /* reserve first: growing may move the bytes being copied */
    if (gr_buf_reserve(b, n)) {
        memcpy(b->data + b->len, b->data + off, n);
        b->len += n;
    }
}

size_t gr_dec_u64(char *out, uint64_t v)
{
    char tmp[24];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    for (size_t i = 0; i < n; i++) {
        out[i] = tmp[n - 1 - i];
    }
    out[n] = '\0';
    return n;
}

void gr_buf_u64(gr_buf *b, uint64_t v)
{
    char d[24];
    gr_buf_put(b, d, gr_dec_u64(d, v));
}

void gr_buf_json_u64(gr_buf *b, uint64_t v)
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

void gr_buf_escape(gr_buf *b, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        /* copy the run of bytes that need no escape in one go */
        const unsigned char *q = p;
        while (*q >= 0x20 && *q != 0x7f && *q != '"' && *q != '\\') {
            q++;
        }
        if (q != p) {
            gr_buf_put(b, (const char *)p, (size_t)(q - p));
            p = q;
            if (*p == '\0') {
                return;
            }
        }
        char e[6] = {'\\', 0, 0, 0, 0, 0};
        size_t n = 2;
        switch (*p) {
        case '"':
            e[1] = '"';
            break;
        case '\\':
            e[1] = '\\';
            break;
        case '\n':
            e[1] = 'n';
            break;
        case '\r':
            e[1] = 'r';
            break;
        case '\t':
            e[1] = 't';
            break;
        default:
            memcpy(e + 1, "u00", 3);
            e[4] = hex[*p >> 4];
            e[5] = hex[*p & 15];
            n = 6;
        }
        gr_buf_put(b, e, n);
    }
}

const char *gr_buf_cstr(gr_buf *b)
{
    if (b->oom || !gr_buf_reserve(b, 0)) {
        return NULL;
    }
    b->data[b->len] = '\0';
    return b->data;
}

void gr_buf_release(gr_buf *b)
{
    if (b->arena != NULL) {
        gr_arena_free(b->arena, b->data, b->cap);
    } else {
        free(b->data);
    }
    gr_buf_init(b, b->arena);
}
