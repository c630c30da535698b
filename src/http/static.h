/* The files embedded in the daemon (src/http/embed.S): the playground under
 * /web/, the docs under /docs/, the page at / and /openapi.yaml. */
#ifndef GR_STATIC_H
#define GR_STATIC_H

#include <stdbool.h>
#include <stddef.h>

#include "http/server_internal.h"

typedef struct gr_static_file {
    const char *data; /* followed by a NUL */
    size_t len;
    const char *type; /* its Content-Type, from the name's extension */
} gr_static_file;

/* The embedded file served at URL path `path` ("/web/kit/api.mjs",
 * "/docs/octal"); false when there is none. */
bool gr_static_find(const char *path, gr_static_file *out);

/* GET of an embedded file: the file at `path`, or a 404 problem. */
enum MHD_Result gr_static_serve(struct MHD_Connection *conn, gr_req *req, const char *path);

#endif
