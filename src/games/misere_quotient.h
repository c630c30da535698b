/*
 * The misère quotients the JSON layer uses (src/json/misere_quotient.c).
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

#endif
