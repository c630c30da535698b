/*
 * The routing table: the GET routes the daemon serves itself, followed by
 * one POST route per analysis in the endpoint registry (json/registry.h),
 * which is the only list of analyses.  The combined table is built once,
 * on first use, so that route indices (metrics slots) are stable.
 */
#include "http/routes.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const gr_route gr_get_routes[] = {
    {"/healthz", GR_ROUTE_HEALTHZ, NULL},
    {"/readyz", GR_ROUTE_READYZ, NULL},
    {"/metrics", GR_ROUTE_METRICS, NULL},
    {"/v1", GR_ROUTE_INDEX, NULL},
    {"/openapi.yaml", GR_ROUTE_OPENAPI, NULL},
    {"/", GR_ROUTE_PLAYGROUND, NULL},
};

#define GR_GET_ROUTES (sizeof(gr_get_routes) / sizeof(gr_get_routes[0]))
/* Room for the registry's rows (checked when the table is built). */
#define GR_ROUTES_MAX 256

static gr_route gr_routes[GR_ROUTES_MAX];
static size_t gr_routes_n;
/* The paths of the GET routes the game table's rows offer. */
static char gr_routes_paths[GR_ROUTES_MAX][64];

/* GET <path><suffix> for every row offering `offer` (http/sequence.c
 * serves both kinds, and takes the family from the route's row). */
static size_t gr_routes_offered(size_t n, unsigned offer, const char *suffix)
{
    for (size_t i = 0; i < gr_registry_count(); i++) {
        const gr_endpoint *ep = gr_registry_at(i);
        if ((ep->offers & offer) && n < GR_ROUTES_MAX) {
            snprintf(gr_routes_paths[n], sizeof(gr_routes_paths[n]), "%s%s", ep->path, suffix);
            gr_routes[n] = (gr_route){gr_routes_paths[n], GR_ROUTE_SEQUENCE, ep};
            n++;
        }
    }
    return n;
}
static pthread_once_t gr_routes_once = PTHREAD_ONCE_INIT;

static void gr_routes_build(void)
{
    if (3 * gr_registry_count() > GR_ROUTES_MAX - GR_GET_ROUTES) {
        /* a programming error every test run meets at once */
        fprintf(stderr, "grundyd: %zu registry rows, room for %zu routes: raise GR_ROUTES_MAX\n",
                gr_registry_count(), (size_t)GR_ROUTES_MAX);
        abort();
    }
    size_t n = 0;
    for (size_t i = 0; i < GR_GET_ROUTES; i++) {
        gr_routes[n++] = gr_get_routes[i];
    }
    /* the value sequences of heap games, then their misère quotients */
    n = gr_routes_offered(n, GR_OFFER_SEQUENCE, "/sequence");
    n = gr_routes_offered(n, GR_OFFER_QUOTIENT, "/misere-quotient");
    for (size_t i = 0; i < gr_registry_count(); i++) {
        const gr_endpoint *ep = gr_registry_at(i);
        gr_routes[n++] = (gr_route){ep->path, GR_ROUTE_ANALYSE, ep};
    }
    gr_routes_n = n;
}

size_t gr_route_count(void)
{
    pthread_once(&gr_routes_once, gr_routes_build);
    return gr_routes_n;
}

const gr_route *gr_route_at(size_t i)
{
    return i < gr_route_count() ? &gr_routes[i] : NULL;
}

size_t gr_route_index(const gr_route *r)
{
    return r != NULL ? (size_t)(r - gr_routes) : gr_route_count();
}

const gr_route *gr_route_find(const char *path)
{
    size_t n = gr_route_count();
    for (size_t i = 0; i < n; i++) {
        if (strcmp(gr_routes[i].path, path) == 0) {
            return &gr_routes[i];
        }
    }
    return NULL;
}
