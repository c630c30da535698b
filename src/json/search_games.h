/* What the three families solved by search (src/json/node_kayles.c,
 * cram.c, chomp.c) share: the engine's options from the request context,
 * and one wording for the engine's failures. */
#ifndef GR_JSON_SEARCH_GAMES_H
#define GR_JSON_SEARCH_GAMES_H

#include "grundy/search.h"
#include "json/gr_json.h"

/* The search options of this request (node budget from c). */
gr_search_opts gr_json_search_opts(const gr_jctx *c);

/* Fills c->problem for a status the engine returned (ptr: the position's
 * pointer) and returns st: GR_ELIMIT is the node budget ("the position
 * is too large", 422 limit-exceeded), GR_ETIME / GR_ECANCELLED the
 * request's stop conditions (gr_json_stopped), GR_ENOMEM the memory
 * budget. */
gr_status gr_json_search_failed(gr_jctx *c, gr_status st, const char *ptr);

#endif
