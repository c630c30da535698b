/*
 * Body intake: the request body gathered into one arena buffer.
 *
 * The declared length (Content-Length, a header the client chose) is only
 * a hint for how far to grow: every copy is bounded by what was actually
 * allocated, and the only hard bound is --max-body.  Memory follows the
 * bytes that arrive, doubling from a first buffer, so a client announcing
 * 64 MB and sending nothing costs the first buffer only.
 */
#ifndef GR_BODY_H
#define GR_BODY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"

typedef enum gr_body_status {
    GR_BODY_OK,
    GR_BODY_TOO_LARGE, /* past --max-body (sticky) */
    GR_BODY_NOMEM      /* the arena's budget ran out (sticky) */
} gr_body_status;

typedef struct gr_body {
    char *data; /* NUL-terminated after each append (cap > len) */
    size_t len, cap;
    size_t hint; /* declared length + 1, or 0 when none was declared */
    size_t max;  /* --max-body */
    gr_body_status status;
} gr_body;

/* The first buffer: min(first, declared + 1).  declared is UINT64_MAX when
 * the request declared no length (chunked). */
gr_body_status gr_body_init(gr_body *b, gr_arena *arena, uint64_t declared, size_t max,
                            size_t first);

/* Appends n bytes; once a call fails, later calls fail the same way and
 * copy nothing. */
gr_body_status gr_body_append(gr_body *b, gr_arena *arena, const char *data, size_t n);

/* Whether a small body may try the light lane (request.c): not misère
 * play, whose quotients are shared and long to build, nor a heap of six
 * digits or more of a game whose tables are shared (`tables`: the route's
 * row keeps them; octal or subtraction named in the body, a sum), whose
 * load or growth a cut at the lane's budget would make twice. */
bool gr_body_light(const gr_body *b, bool tables);

#endif
