/* The hackenbush_graph family's state, shared by its JSON reader
 * (hackenbush_graph.c) and its text/plain reader
 * (hackenbush_graph_text.c), which answer through one writer. */
#ifndef GR_JSON_HACKENBUSH_GRAPH_H
#define GR_JSON_HACKENBUSH_GRAPH_H

#include "grundy/hackenbush_graph.h"
#include "json/gr_json.h"

typedef struct gr_hgraph_state {
    uint32_t n;
    size_t m;
    const uint32_t *edges; /* as the request gave them */
    size_t ground_count;
    const uint32_t *ground;
    gr_hgraph *graph;
    gr_hgraph_summary summary;
} gr_hgraph_state;

/* A picture's "ground": a non-empty array of vertex ids 0..top (top <
 * 2^32), as read; problems at ptr.  Shared with the coloured pictures of
 * json/hackenbush_colored.c. */
gr_status gr_json_hackenbush_ground(gr_jctx *c, const cJSON *ground, const char *ptr, uint64_t top,
                                    uint32_t **out, size_t *count);

/* Solves s (n, m, edges, ground filled in); problems go to c. */
gr_status gr_hgraph_json_solve(gr_jctx *c, gr_hgraph_state *s);

/* The endpoint's response for an analysed state. */
gr_status gr_hgraph_json_respond(gr_jctx *c, gr_hgraph_state *s, const gr_move_opts *opts,
                                 cJSON **resp);

#endif
