/*
 * gr_buf: the one text buffer of the core and the JSON layer -- append
 * bytes, decimal integers and JSON-escaped strings to a growing buffer.
 *
 * It grows by doubling (linear total copying) inside an arena, so the text
 * counts against the request's memory budget and dies with it; a big
 * buffer is a large chunk that gr_arena_realloc grows in place.
 *
 * Errors are sticky, as with the gr_jw_* writers: after a failed growth
 * every append is a no-op and gr_buf_cstr answers NULL, so a caller checks
 * once at the end.  There is always room for the closing NUL.
 */
#ifndef GRUNDY_BUF_H
#define GRUNDY_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "grundy/arena.h"

typedef struct gr_buf {
    gr_arena *arena;
    char *data;
    size_t len, cap;
    bool oom;
} gr_buf;

static inline void gr_buf_init(gr_buf *b, gr_arena *arena)
{
    b->arena = arena;
    b->data = NULL;
    b->len = b->cap = 0;
    b->oom = false;
}

/* Room for n more bytes and the NUL; false (and sticky) when it cannot grow. */
bool gr_buf_grow(gr_buf *b, size_t n);

static inline bool gr_buf_reserve(gr_buf *b, size_t n)
{
    return (!b->oom && b->cap - b->len > n) || gr_buf_grow(b, n);
}

static inline void gr_buf_put(gr_buf *b, const char *s, size_t n)
{
    if (gr_buf_reserve(b, n)) {
        memcpy(b->data + b->len, s, n);
        b->len += n;
    }
}

static inline void gr_buf_puts(gr_buf *b, const char *s)
{
    gr_buf_put(b, s, strlen(s));
}
static inline void gr_buf_putc(gr_buf *b, char ch)
{
    gr_buf_put(b, &ch, 1);
}

/* Appends n bytes already in the buffer at off (a memoised span). */
void gr_buf_repeat(gr_buf *b, size_t off, size_t n);

/* Decimal digits of v, by hand (snprintf costs ~600 instructions a number). */
void gr_buf_u64(gr_buf *b, uint64_t v);
/* The one JSON string escaping, cJSON's, which every answer is printed
 * with (json/print.c reads this table; gr_buf_escape writes the problem
 * documents with it): by byte value, 0 copies the byte, 'u' writes
 * \u00xx, any other letter a backslash and that letter ('"', '\\', \b,
 * \f, \n, \r, \t).  DEL and bytes >= 0x80 are copied as they are
 * (strings are escaped byte by byte, UTF-8 passes through).  NUL is 1:
 * the end of the string, so a copy loop tests one entry per byte. */
extern const unsigned char gr_buf_escape_table[256];

/* Writes the escape of ch (whose table entry e is neither 0 nor 1) at w:
 * 2 or 6 bytes, their number returned. */
static inline size_t gr_buf_escape_write(char *w, unsigned char ch, unsigned char e)
{
    static const char hex[] = "0123456789abcdef";
    w[0] = '\\';
    if (e != 'u') {
        w[1] = (char)e;
        return 2;
    }
    memcpy(w + 1, "u00", 3);
    w[4] = hex[ch >> 4];
    w[5] = hex[ch & 15];
    return 6;
}

/* The inside of a JSON string literal for s, escaped by
 * gr_buf_escape_table. */
void gr_buf_escape(gr_buf *b, const char *s);

/* The text, NUL-terminated; NULL after a failure (or when empty and never
 * grown).  Valid until the next append. */
const char *gr_buf_cstr(gr_buf *b);

/* Gives the memory back to the arena and empties the buffer. */
void gr_buf_release(gr_buf *b);

/* Decimal digits of v into out (at least 21 bytes), NUL-terminated; returns
 * the number of digits. */
size_t gr_dec_u64(char *out, uint64_t v);

#endif
