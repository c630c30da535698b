/*
 * RFC 6901 JSON pointers for problems: every reader names the item it
 * rejects, built from its parent's pointer in the request's arena.
 */
#include "json/gr_json.h"

#include <stdio.h>
#include <string.h>

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
