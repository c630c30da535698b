/*
 * The misère quotient documents of GET /v1/{octal,subtraction}/misere-quotient
 * (src/json/misere_doc.c), served by http/sequence.c's machinery.
 */
#ifndef GR_JSON_MISERE_DOC_H
#define GR_JSON_MISERE_DOC_H

#include "games/misere.h"
#include "games/sequence.h"

typedef struct gr_mq_request {
    gr_seq_family family;
    gr_seq_request rq; /* the game, read by the sequence parser */
    gr_mis_game game;
    uint64_t max_heap;
} gr_mq_request;

/* Validates the query (the game's parameters as for the sequence GET, and
 * max_heap 1..100000; problems at /query/<name>); the ETag is HTTP's
 * (http/etag.c: the game's and max_heap). */
gr_status gr_json_misere_qparse(gr_jctx *c, gr_seq_family fam, const gr_qparam *q, size_t n,
                                gr_mq_request *out);
/* Builds the quotient and prints its document. */
gr_status gr_json_misere_qanswer(gr_jctx *c, const gr_mq_request *r, char **out, size_t *len);

#endif
