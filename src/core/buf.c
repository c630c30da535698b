/*
 * gr_buf (see include/grundy/buf.h): growth, decimals and the JSON string
 * escaping.
 */
#include "grundy/buf.h"

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
    char *p = gr_arena_realloc(b->arena, b->data, b->cap, want);
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
    char tmp[24], *end = tmp + sizeof(tmp), *w = end;
    do { /* the digits come out lowest first: write them backwards */
        *--w = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    size_t n = (size_t)(end - w);
    memcpy(out, w, n);
    out[n] = '\0';
    return n;
}

void gr_buf_u64(gr_buf *b, uint64_t v)
{
    char d[24];
    gr_buf_put(b, d, gr_dec_u64(d, v));
}

const unsigned char gr_buf_escape_table[256] = {
    1,   'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b',         't',           'n', 'u',
    'f', 'r', 'u', 'u', 'u', 'u', 'u', 'u', 'u',         'u',           'u', 'u',
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', ['"'] = '"', ['\\'] = '\\',
};

void gr_buf_escape(gr_buf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p != '\0') {
        const unsigned char *q = p;
        while (gr_buf_escape_table[*q] == 0) {
            q++; /* a run that needs no escape is copied in one go */
        }
        gr_buf_put(b, (const char *)p, (size_t)(q - p));
        for (p = q; *p != '\0' && gr_buf_escape_table[*p] != 0; p++) {
            char e[6];
            gr_buf_put(b, e, gr_buf_escape_write(e, *p, gr_buf_escape_table[*p]));
        }
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
    gr_arena_free(b->arena, b->data, b->cap);
    gr_buf_init(b, b->arena);
}
