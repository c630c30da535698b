/*
 * A misère position at the JSON layer: components (a game and its heaps
 * each) flattened into tokens, and the oracle that decides outcomes
 * (src/json/misere_answer.c).
 */
#ifndef GR_JSON_MISERE_POS_H
#define GR_JSON_MISERE_POS_H

#include "games/misere.h"

typedef struct gr_mis_comp {
    const char *name; /* "octal", "subtraction", "nim" */
    gr_mis_game game;
    uint64_t *heaps;
    size_t n;
    const char *heaps_ptr;
} gr_mis_comp;

typedef struct gr_mis_pos {
    gr_mis_comp *comp;
    size_t ncomp;
    bool sum; /* moves wrapped as /v1/sum writes them */
} gr_mis_pos;

/* Decides pos and writes the whole answer (the move options are read
 * from req). */
gr_status gr_json_misere_answer(gr_jctx *c, gr_mis_pos *pos, const cJSON *req, cJSON **resp);

#endif
