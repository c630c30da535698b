/*
 * GET /v1/octal/sequence and GET /v1/subtraction/sequence (issue 17): the
 * value sequence of a heap game as a cacheable document, or as a stream
 * of progress events (text/event-stream) while the table is computed.
 */
#ifndef GR_HTTP_SEQUENCE_H
#define GR_HTTP_SEQUENCE_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>

#include "grundy/arena.h"
#include "http/config.h"
#include "http/routes.h"

/* What the daemon lends this module for one request. */
typedef struct gr_seq_io {
    const gr_config *cfg;
    gr_arena *arena; /* the request's */
    void **slot;     /* this module's per-request state; NULL at first */
    /* adds the daemon's common headers (CORS, X-Request-Id, ...) */
    void (*headers)(void *req, struct MHD_Response *r);
    void *req;
    unsigned *status; /* for the access log and metrics */
    size_t *bytes;
    bool *answered;
} gr_seq_io;

/* Serves the request; called again (with *slot set) after a suspended
 * request is resumed. */
enum MHD_Result gr_sequence_serve(struct MHD_Connection *conn, const gr_route *route,
                                  gr_seq_io *io);

#endif
