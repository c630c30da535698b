/* The routing table (src/http/routes.c): the daemon's own GET routes, then
 * one analysis route per row of the endpoint registry (json/registry.h). */
#ifndef GR_ROUTES_H
#define GR_ROUTES_H

#include <stdbool.h>
#include <stddef.h>

#include "games/registry.h"

typedef enum gr_route_kind {
    GR_ROUTE_HEALTHZ,
    GR_ROUTE_READYZ,
    GR_ROUTE_METRICS,
    GR_ROUTE_INDEX,
    GR_ROUTE_OPENAPI,
    GR_ROUTE_PLAYGROUND,
    GR_ROUTE_SEQUENCE, /* GET with a query, served by http/sequence.c */
    GR_ROUTE_ANALYSE /* POST, JSON body (and text/plain where endpoint->text) */
} gr_route_kind;

typedef struct gr_route {
    const char *path;
    gr_route_kind kind;
    const gr_endpoint *endpoint; /* ANALYSE and SEQUENCE: its game table row */
} gr_route;

/* Every route, GET ones first, in the order GET /v1 lists them; the
 * index of a route is its metrics slot. */
size_t gr_route_count(void);
const gr_route *gr_route_at(size_t i);
size_t gr_route_index(const gr_route *r);

const gr_route *gr_route_find(const char *path);

#endif
