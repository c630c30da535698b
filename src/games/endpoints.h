/*
 * The analysis endpoints' own readers, as the game table (games/games.def)
 * names them.  A game with nothing but the standard answer needs none: its
 * row's .json is NULL and the table calls gr_json_family_endpoint (an
 * impartial game) or gr_json_pgame_endpoint (a partizan one).
 *
 * A JSON endpoint receives the parsed request document and returns the
 * response document; a text endpoint receives the raw body (for formats
 * such as the plain-text edge list).  Errors go into c->problem.
 */
#ifndef GR_ENDPOINTS_H
#define GR_ENDPOINTS_H

#include "json/gr_json.h"

typedef gr_status gr_endpoint_json(gr_jctx *c, const cJSON *req,
                                   cJSON **resp);
typedef gr_status gr_endpoint_text(gr_jctx *c, const char *body, size_t len,
                                   cJSON **resp);

gr_endpoint_json gr_endpoint_hackenbush_graph;
gr_endpoint_text gr_endpoint_hackenbush_graph_text;
/* A JSON body of the plain common shape, read without a cJSON tree; GR_OK
 * with *resp NULL means "declined: parse it and call the JSON endpoint". */
gr_endpoint_text gr_endpoint_hackenbush_graph_json_fast;
gr_endpoint_json gr_endpoint_sum;
gr_endpoint_json gr_endpoint_cgt;
gr_endpoint_json gr_endpoint_domineering;
/* The family endpoints, or under "misere": true json/misere.c's answers. */
gr_endpoint_json gr_endpoint_octal;
gr_endpoint_json gr_endpoint_subtraction;
/* @@ endpoints: add new declarations above this line @@ */

#endif
