/*
 * A cJSON tree to JSON text in the request arena.
 */
#include "json/gr_json.h"

#include <string.h>

/* Small answers are printed into one arena buffer: cJSON_PrintUnformatted
 * allocates a 256-byte buffer, grows it, then (with no realloc hook)
 * copies the text into a fresh exact-size one -- ~1.9 us of a small
 * request (bench/RESULTS.md).  A failed preallocated print leaves the
 * buffer unused and the general print runs. */
#define GR_PRINT_SMALL 1024

char *gr_json_print(gr_jctx *c, const cJSON *item, size_t *len)
{
    char *buf = gr_arena_alloc(c->arena, GR_PRINT_SMALL);
    if (buf != NULL && cJSON_PrintPreallocated((cJSON *)item, buf, GR_PRINT_SMALL, 0)) {
        *len = strlen(buf);
        return buf;
    }
    if (buf != NULL) {
        gr_arena_free(c->arena, buf, GR_PRINT_SMALL);
    }
    gr_arena *prev = gr_json_bind(c->arena);
    char *s = cJSON_PrintUnformatted(item);
    gr_json_bind(prev);
    if (s == NULL) {
        return NULL;
    }
    *len = strlen(s);
    return s;
}
