/*
 * The analysis endpoints, as the HTTP layer (and the CLI) call them.
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

gr_endpoint_json gr_endpoint_nim;
gr_endpoint_json gr_endpoint_hackenbush_tree;
gr_endpoint_json gr_endpoint_ordinal_trees;
gr_endpoint_json gr_endpoint_subtraction;
gr_endpoint_json gr_endpoint_octal;
gr_endpoint_json gr_endpoint_hackenbush_graph;
gr_endpoint_text gr_endpoint_hackenbush_graph_text;
/* A JSON body of the plain common shape, read without a cJSON tree; GR_OK
 * with *resp NULL means "declined: parse it and call the JSON endpoint". */
gr_endpoint_text gr_endpoint_hackenbush_graph_json_fast;
gr_endpoint_json gr_endpoint_game_graph;
gr_endpoint_json gr_endpoint_sum;
gr_endpoint_json gr_endpoint_node_kayles;
gr_endpoint_json gr_endpoint_cram;
gr_endpoint_json gr_endpoint_chomp;
/* @@ endpoints: add new declarations above this line @@ */

/* Answers one request body end to end, as the daemon and the CLI both do:
 * binds cJSON to c's arena; a text body goes to `text`; a JSON body goes to
 * `json_fast` first where there is one (a streaming reader that declines
 * anything unusual by answering GR_OK with *resp NULL), else through
 * gr_json_parse to `json`; then prints.  On failure c->problem is filled
 * (an unexplained failure becomes a 500 problem, never a silent one). */
gr_status gr_json_answer(gr_jctx *c, gr_endpoint_json *json, gr_endpoint_text *json_fast,
                         gr_endpoint_text *text, bool is_text, const char *body, size_t len,
                         char **out, size_t *out_len);

#endif
