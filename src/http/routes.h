/* The routing table (src/http/routes.c). */
#ifndef GR_ROUTES_H
#define GR_ROUTES_H

#include <stdbool.h>
#include <stddef.h>

#include "json/endpoints.h"

typedef enum gr_route_kind {
    GR_ROUTE_HEALTHZ,
    GR_ROUTE_READYZ,
    GR_ROUTE_METRICS,
    GR_ROUTE_INDEX,
    GR_ROUTE_OPENAPI,
    GR_ROUTE_PLAYGROUND,
    GR_ROUTE_SEQUENCE, /* GET with a query, served by http/sequence.c */
    GR_ROUTE_ANALYSE /* POST, JSON body (and text/plain where text != NULL) */
} gr_route_kind;

typedef struct gr_route {
    const char *path;
    gr_route_kind kind;
    gr_endpoint_json *json; /* GR_ROUTE_ANALYSE */
    gr_endpoint_text *text; /* optional text/plain body reader */
    gr_endpoint_text *json_fast; /* optional streaming JSON reader (json/answer.c) */
    /* The work is linear in the input (DESIGN §5), so a small body is
     * answered on the network thread: the solver pool's hand-off costs more
     * than such an analysis.  Games that can take seconds on a few bytes
     * (subtraction, octal, game graphs, sums) always go to the pool. */
    bool linear;
} gr_route;

extern const gr_route gr_routes[];
extern const size_t gr_route_count;

const gr_route *gr_route_find(const char *path);

#endif
