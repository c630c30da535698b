/*
 * The table store's file format: encoding and checks (see table_file.h
 * for the layout).  Every field a reader relies on is checked before it is
 * used, lengths first, so a hostile or damaged file can at worst be
 * reported bad: counts are bounded (2^30 values) before anything is
 * allocated from them, the payload length must equal count * width and
 * the file's size the header and payload lengths (table_store.c).
 */
#include "store/table_file.h"

#include <stddef.h>
#include <string.h>

#define GR_FNV_PRIME UINT64_C(0x100000001b3)
#define GR_TFILE_FLAG_PERIODIC 1u
#define GR_TFILE_PLAIN_KEY_MAX 100 /* longer keys get a hashed name */

static const unsigned char gr_tfile_magic[8] = {0x89, 'G', 'R', 'T', 0x0d, 0x0a, 0x1a, 0x0a};

uint64_t gr_tfile_fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ b[i]) * GR_FNV_PRIME;
    }
    return h;
}

static uint32_t gr_get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t gr_get64(const unsigned char *p)
{
    return (uint64_t)gr_get32(p) | (uint64_t)gr_get32(p + 4) << 32;
}

static void gr_put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static void gr_put64(unsigned char *p, uint64_t v)
{
    gr_put32(p, (uint32_t)v);
    gr_put32(p + 4, (uint32_t)(v >> 32));
}

/* The fixed part after the magic (table_file.h): where each field of
 * gr_tfile_head stands and how wide it is, one table for the encoder and
 * the decoder. */
static const struct {
    unsigned char at, width; /* bytes from the file's start; 4 or 8 */
    size_t field;            /* offsetof the gr_tfile_head field */
} gr_tfile_layout[] = {
    {8, 4, offsetof(gr_tfile_head, version)},      {12, 4, offsetof(gr_tfile_head, kind)},
    {16, 4, offsetof(gr_tfile_head, width)},       {20, 4, offsetof(gr_tfile_head, flags)},
    {24, 8, offsetof(gr_tfile_head, count)},       {32, 8, offsetof(gr_tfile_head, preperiod)},
    {40, 8, offsetof(gr_tfile_head, period)},      {48, 8, offsetof(gr_tfile_head, max_value)},
    {56, 8, offsetof(gr_tfile_head, payload_len)}, {64, 8, offsetof(gr_tfile_head, payload_sum)},
    {72, 4, offsetof(gr_tfile_head, key_len)},     {76, 4, offsetof(gr_tfile_head, header_len)},
    {80, 8, offsetof(gr_tfile_head, header_sum)},
};

#define GR_TFILE_NFIELDS (sizeof(gr_tfile_layout) / sizeof(gr_tfile_layout[0]))

static void gr_tfile_get_head(const unsigned char *fixed, gr_tfile_head *h)
{
    for (size_t i = 0; i < GR_TFILE_NFIELDS; i++) {
        const unsigned char *p = fixed + gr_tfile_layout[i].at;
        char *f = (char *)h + gr_tfile_layout[i].field;
        if (gr_tfile_layout[i].width == 4) {
            *(uint32_t *)f = gr_get32(p);
        } else {
            *(uint64_t *)f = gr_get64(p);
        }
    }
}

static void gr_tfile_put_head(unsigned char *fixed, const gr_tfile_head *h)
{
    for (size_t i = 0; i < GR_TFILE_NFIELDS; i++) {
        unsigned char *p = fixed + gr_tfile_layout[i].at;
        const char *f = (const char *)h + gr_tfile_layout[i].field;
        if (gr_tfile_layout[i].width == 4) {
            gr_put32(p, *(const uint32_t *)f);
        } else {
            gr_put64(p, *(const uint64_t *)f);
        }
    }
}

size_t gr_tfile_header_len(size_t key_len)
{
    return (GR_TFILE_FIXED + key_len + 15) & ~(size_t)15;
}

/* What a table's shape must satisfy, whether it comes from a file or
 * from a caller: shared by gr_tfile_decode and gr_tfile_check_table. */
static const char *gr_tfile_check_shape(uint32_t kind, uint32_t width, uint64_t count,
                                        uint64_t key_len, bool periodic, uint64_t preperiod,
                                        uint64_t period, uint64_t max_value)
{
    if (kind != GR_TSTORE_OCTAL && kind != GR_TSTORE_SUBTRACTION) {
        return "unknown kind";
    }
    if (width != 1 && width != 2) {
        return "width is not 1 or 2";
    }
    if (count == 0 || count > GR_TSTORE_MAX_COUNT) {
        return "value count out of range";
    }
    if (key_len == 0 || key_len > GR_TSTORE_MAX_KEY) {
        return "key length out of range";
    }
    if (periodic) {
        if (period == 0) {
            return "periodic with period 0";
        }
        /* the period was seen inside the table: e + p values at least */
        if (preperiod > count || period > count - preperiod) {
            return "period longer than the table";
        }
    } else if (preperiod != 0 || period != 0) {
        return "period given but not periodic";
    }
    if (max_value > (width == 1 ? 0xffu : 0xffffu)) {
        return "largest value wider than the width";
    }
    return NULL;
}

const char *gr_tfile_decode(const unsigned char fixed[GR_TFILE_FIXED], gr_tfile_head *h)
{
    if (memcmp(fixed, gr_tfile_magic, sizeof(gr_tfile_magic)) != 0) {
        return "not a table file (magic)";
    }
    gr_tfile_get_head(fixed, h);
    if (h->version != GR_TFILE_VERSION) {
        return "unsupported format version";
    }
    if ((h->flags & ~GR_TFILE_FLAG_PERIODIC) != 0) {
        return "unknown flags";
    }
    const char *why = gr_tfile_check_shape(h->kind, h->width, h->count, h->key_len,
                                           (h->flags & GR_TFILE_FLAG_PERIODIC) != 0, h->preperiod,
                                           h->period, h->max_value);
    if (why != NULL) {
        return why;
    }
    /* count <= 2^30 and width <= 2: the product cannot wrap */
    if (h->payload_len != h->count * h->width) {
        return "payload length is not count * width";
    }
    if (h->header_len != gr_tfile_header_len(h->key_len)) {
        return "header length does not fit the key";
    }
    return NULL;
}

const char *gr_tfile_check_header(const gr_tfile_head *h, const unsigned char *header)
{
    static const unsigned char zero[8] = {0};
    uint64_t sum = gr_tfile_fnv(GR_FNV_OFFSET, header, 80);
    sum = gr_tfile_fnv(sum, zero, sizeof(zero));
    sum = gr_tfile_fnv(sum, header + GR_TFILE_FIXED, h->header_len - GR_TFILE_FIXED);
    if (sum != h->header_sum) {
        return "header checksum mismatch";
    }
    if (memchr(header + GR_TFILE_FIXED, '\0', h->key_len) != NULL) {
        return "key holds a NUL byte";
    }
    for (size_t i = GR_TFILE_FIXED + h->key_len; i < h->header_len; i++) {
        if (header[i] != 0) {
            return "header padding not zero";
        }
    }
    return NULL;
}

static uint64_t gr_tfile_max(const void *values, unsigned width, uint64_t count)
{
    uint64_t max = 0;
    const unsigned char *b = values;
    if (width == 1) {
        for (uint64_t i = 0; i < count; i++) {
            max = b[i] > max ? b[i] : max;
        }
    } else {
        for (uint64_t i = 0; i < count; i++) {
            uint64_t v = (uint64_t)b[2 * i] | (uint64_t)b[2 * i + 1] << 8;
            max = v > max ? v : max;
        }
    }
    return max;
}

const char *gr_tfile_check_payload(const gr_tfile_head *h, const void *payload)
{
    if (gr_tfile_fnv(GR_FNV_OFFSET, payload, (size_t)h->payload_len) != h->payload_sum) {
        return "payload checksum mismatch";
    }
    if (gr_tfile_max(payload, h->width, h->count) != h->max_value) {
        return "largest value differs from the header";
    }
    return NULL;
}

const char *gr_tfile_check_table(const gr_tstore_table *t)
{
    if (t->key == NULL || t->values == NULL) {
        return "no key or no values";
    }
    size_t key_len = strnlen(t->key, GR_TSTORE_MAX_KEY + 1);
    const char *why = gr_tfile_check_shape(t->kind, t->width, t->count, key_len, t->periodic,
                                           t->preperiod, t->period, t->max_value);
    if (why != NULL) {
        return why;
    }
    if (gr_tfile_max(t->values, t->width, t->count) != t->max_value) {
        return "max_value is not the largest value";
    }
    return NULL;
}

void gr_tfile_encode(const gr_tstore_table *t, uint64_t payload_sum, unsigned char *out)
{
    size_t key_len = strlen(t->key);
    size_t len = gr_tfile_header_len(key_len);
    memset(out, 0, len);
    memcpy(out, gr_tfile_magic, sizeof(gr_tfile_magic));
    gr_tfile_head h = {
        .version = GR_TFILE_VERSION,
        .kind = (uint32_t)t->kind,
        .width = t->width,
        .flags = t->periodic ? GR_TFILE_FLAG_PERIODIC : 0,
        .count = t->count,
        .preperiod = t->periodic ? t->preperiod : 0,
        .period = t->periodic ? t->period : 0,
        .max_value = t->max_value,
        .payload_len = t->count * t->width,
        .payload_sum = payload_sum,
        .key_len = (uint32_t)key_len,
        .header_len = (uint32_t)len,
        .header_sum = 0, /* the checksum is taken with its own bytes zero */
    };
    gr_tfile_put_head(out, &h);
    memcpy(out + GR_TFILE_FIXED, t->key, key_len);
    gr_put64(out + 80, gr_tfile_fnv(GR_FNV_OFFSET, out, len));
}

static int gr_tfile_plain(const char *key)
{
    size_t n = 0;
    for (const char *c = key; *c != '\0'; c++, n++) {
        bool ok = (*c >= '0' && *c <= '9') || (*c >= 'A' && *c <= 'Z') ||
                  (*c >= 'a' && *c <= 'z') || *c == '.' || *c == ',' || *c == '_' || *c == '+' ||
                  *c == '-';
        if (!ok || n >= GR_TFILE_PLAIN_KEY_MAX) {
            return 0;
        }
    }
    return n > 0;
}

void gr_tfile_name(gr_tstore_kind kind, const char *key, char *out)
{
    static const char hex[] = "0123456789abcdef";
    const char *prefix = kind == GR_TSTORE_SUBTRACTION ? "sub" : "octal";
    size_t n = strlen(prefix);
    memcpy(out, prefix, n);
    if (gr_tfile_plain(key)) {
        out[n++] = '-';
        size_t k = strlen(key);
        memcpy(out + n, key, k);
        n += k;
    } else {
        uint64_t h = gr_tfile_fnv(GR_FNV_OFFSET, key, strlen(key));
        out[n++] = '~';
        for (int i = 15; i >= 0; i--) {
            out[n++] = hex[(h >> (4 * i)) & 15];
        }
    }
    memcpy(out + n, GR_TFILE_SUFFIX, sizeof(GR_TFILE_SUFFIX));
}

int gr_tfile_is_table_name(const char *name)
{
    size_t n = strlen(name), s = sizeof(GR_TFILE_SUFFIX) - 1;
    if (name[0] == '.' || n <= s || strcmp(name + n - s, GR_TFILE_SUFFIX) != 0) {
        return 0;
    }
    return strncmp(name, "octal", 5) == 0 || strncmp(name, "sub", 3) == 0;
}
