/*
 * The routing table: every path grundyd answers, in one place.
 *
 * Analysis endpoints are POST with a JSON body and are served by a
 * gr_json_handler; the rest are GET routes served by the daemon itself.
 */
#include "http/routes.h"

#include <string.h>

#include "json/endpoints.h"

const gr_route gr_routes[] = {
    {"/healthz", GR_ROUTE_HEALTHZ, NULL, NULL, NULL, false},
    {"/readyz", GR_ROUTE_READYZ, NULL, NULL, NULL, false},
    {"/metrics", GR_ROUTE_METRICS, NULL, NULL, NULL, false},
    {"/v1", GR_ROUTE_INDEX, NULL, NULL, NULL, false},
    {"/openapi.yaml", GR_ROUTE_OPENAPI, NULL, NULL, NULL, false},
    {"/", GR_ROUTE_PLAYGROUND, NULL, NULL, NULL, false},
    {"/v1/nim", GR_ROUTE_ANALYSE, gr_endpoint_nim, NULL, NULL, true},
    {"/v1/hackenbush/tree", GR_ROUTE_ANALYSE, gr_endpoint_hackenbush_tree, NULL, NULL, true},
    {"/v1/ordinal-trees", GR_ROUTE_ANALYSE, gr_endpoint_ordinal_trees, NULL, NULL, false},
    {"/v1/subtraction", GR_ROUTE_ANALYSE, gr_endpoint_subtraction, NULL, NULL, false},
    {"/v1/octal", GR_ROUTE_ANALYSE, gr_endpoint_octal, NULL, NULL, false},
    {"/v1/hackenbush/graph", GR_ROUTE_ANALYSE, gr_endpoint_hackenbush_graph,
     gr_endpoint_hackenbush_graph_text, gr_endpoint_hackenbush_graph_json_fast, true},
    {"/v1/game-graph", GR_ROUTE_ANALYSE, gr_endpoint_game_graph, NULL, NULL, false},
    {"/v1/sum", GR_ROUTE_ANALYSE, gr_endpoint_sum, NULL, NULL, false},
    {"/v1/octal/sequence", GR_ROUTE_SEQUENCE, NULL, NULL, NULL, false},
    {"/v1/subtraction/sequence", GR_ROUTE_SEQUENCE, NULL, NULL, NULL, false},
    /* @@ routes: add new analysis endpoints above this line @@ */
};

const size_t gr_route_count = sizeof(gr_routes) / sizeof(gr_routes[0]);

const gr_route *gr_route_find(const char *path)
{
    for (size_t i = 0; i < gr_route_count; i++) {
        if (strcmp(gr_routes[i].path, path) == 0) {
            return &gr_routes[i];
        }
    }
    return NULL;
}
