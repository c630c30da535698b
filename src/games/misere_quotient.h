/*
 * The misère quotients the JSON layer uses (src/games/misere_quotient.c).
 */
#ifndef GR_JSON_MISERE_QUOTIENT_H
#define GR_JSON_MISERE_QUOTIENT_H

#include "games/misere.h"

/* A quotient of game g that covers every heap of heaps[0..n) (complete,
 * or built up to the largest of them), or *q NULL when none is found
 * within the request's limits: the caller then searches.  Errors only for
 * memory and stops. */
gr_status gr_json_misere_quotient_for(gr_jctx *c, const gr_mis_game *g, const uint64_t *heaps,
                                      size_t n, const gr_mis_quotient **q);

/* The quotient GET's build of g for heaps <= max_heap (misere_shared.c):
 * built once through the table cache and shared; a 422 at ptr when a
 * limit stops it, as gr_json_misere_build words it. */
gr_status gr_json_misere_quotient_shared(gr_jctx *c, const gr_mis_game *g, uint64_t max_heap,
                                         const char *ptr, gr_mis_quotient *q);

/* The table cache's key of a quotient of g: "misere:<order limit>:<what>:<game>". */
char *gr_json_misere_key(gr_jctx *c, const char *what, const gr_mis_game *g);

/* A copy of *from in arena (its table, P-portion and images, and with
 * presentation its generators, words and relations; else none). */
gr_status gr_json_misere_copy(gr_arena *arena, const gr_mis_quotient *from, bool presentation,
                              gr_mis_quotient *to);

/* A failed cache lookup's problem: the build's own (its stop, its
 * memory), or the cache's (the process's memory taken: retry). */
gr_status gr_json_misere_cache_problem(gr_jctx *c, gr_status st);

#endif
