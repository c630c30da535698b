/*
 * Strict JSON text to a cJSON tree in the request arena.
 */
#include "json/gr_json.h"

#include <string.h>

/* ---- parsing ---------------------------------------------------------------
 * One pass over the text checks what cJSON lets through or reports
 * poorly: a BOM, invalid UTF-8 (overlongs, surrogates, > U+10FFFF), raw
 * control characters inside strings, and nesting beyond cJSON's compiled
 * limit -- the last gets its own problem, because the remedy (the `parent`
 * form for deep trees) is worth telling. */
static size_t gr_utf8_seq(const unsigned char *s, size_t left)
{
    unsigned char b = s[0];
    size_t n;
    unsigned cp;
    if (b < 0x80) {
        return 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
        n = 2;
        cp = b & 0x1F;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        cp = b & 0x0F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        cp = b & 0x07;
    } else {
        return 0;
    }
    if (left < n) {
        return 0;
    }
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
        return 0;
    }
    return n;
}

/* Whether the digit at s[i] is the first digit of a number (and not a
 * later digit, a fraction or an exponent). */
static int gr_json_number_start(const unsigned char *s, size_t i)
{
    if (i == 0) {
        return 1;
    }
    unsigned char p = s[i - 1];
    if (p == '-') {
        return i < 2 || (s[i - 2] != 'e' && s[i - 2] != 'E');
    }
    return !((p >= '0' && p <= '9') || p == '.' || p == 'e' || p == 'E' || p == '+');
}

static gr_status gr_json_prescan(gr_jctx *c, const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    if (len >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) {
        return gr_json_error(c, GR_EINVAL, NULL,
                             "the body starts with a UTF-8 byte order mark; "
                             "send plain UTF-8 JSON without one");
    }
    size_t depth = 0;
    int in_string = 0;
    for (size_t i = 0; i < len;) {
        unsigned char b = s[i];
        if (b >= 0x80) {
            size_t n = gr_utf8_seq(s + i, len - i);
            if (n == 0) {
                return gr_json_error(c, GR_EINVAL, NULL,
                                     "invalid UTF-8 at byte %zu", i);
            }
            i += n;
            continue;
        }
        if (in_string) {
            if (b == '"') {
                in_string = 0;
            } else if (b == '\\') {
                i++; /* the escaped byte cannot end the string */
            } else if (b < 0x20) {
                return gr_json_error(c, GR_EINVAL, NULL,
                                     "unescaped control character 0x%02x in "
                                     "a string at byte %zu",
                                     b, i);
            }
        } else if (b == '"') {
            in_string = 1;
        } else if (b == '0' && i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9' &&
                   gr_json_number_start(s, i)) {
            /* strtod would read "01" as 1; JSON has no leading zeros. */
            return gr_json_error(c, GR_EINVAL, NULL,
                                 "malformed JSON: a number with a leading "
                                 "zero at byte %zu",
                                 i);
        } else if (b == '[' || b == '{') {
            if (++depth > GR_JSON_NESTING_LIMIT) {
                return gr_json_error(
                    c, GR_ELIMIT, NULL,
                    "JSON nested deeper than %d levels (at byte %zu); "
                    "for deep trees use the flat `parent` form",
                    GR_JSON_NESTING_LIMIT, i);
            }
        } else if (b == ']' || b == '}') {
            if (depth > 0) {
                depth--;
            }
        }
        i++;
    }
    return GR_OK;
}

gr_status gr_json_parse(gr_jctx *c, const char *text, size_t len, cJSON **out)
{
    *out = NULL;
    gr_status st = gr_json_prescan(c, text, len);
    if (st != GR_OK) {
        return st;
    }
    size_t before = gr_arena_bytes(c->arena);
    (void)before;
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (doc == NULL) {
        size_t off = (end != NULL && end >= text) ? (size_t)(end - text) : 0;
        /* cJSON reports allocation failure the same way as bad syntax;
         * an exhausted budget is the only way allocation fails here. */
        if (gr_arena_budget(c->arena) != 0 &&
            gr_arena_bytes(c->arena) + (1u << 20) > gr_arena_budget(c->arena)) {
            return gr_json_oom(c);
        }
        if (len == 0 || off >= len) {
            return gr_json_error(c, GR_EINVAL, NULL,
                                 len == 0 ? "the body is empty; send a JSON "
                                            "object"
                                          : "malformed JSON: unexpected end "
                                            "of input");
        }
        return gr_json_error(c, GR_EINVAL, NULL,
                             "malformed JSON at byte %zu", off);
    }
    size_t off = (size_t)(end - text);
    while (off < len && (text[off] == ' ' || text[off] == '\t' ||
                         text[off] == '\n' || text[off] == '\r')) {
        off++;
    }
    if (off != len) {
        return gr_json_error(c, GR_EINVAL, NULL,
                             "malformed JSON: unexpected text after the "
                             "document at byte %zu",
                             off);
    }
    *out = doc;
    return GR_OK;
}

