/*
 * GET <path>/sequence (the game table's rows offering GR_OFFER_SEQUENCE):
 * the query read and the document computed through the table cache
 * (sequence_doc.c); the request, its job and its stream are sequence.c
 * and sequence_stream.c.
 */
#ifndef GR_HTTP_SEQUENCE_DOC_H
#define GR_HTTP_SEQUENCE_DOC_H

#include "games/heap_tables.h"

typedef struct gr_seq_request {
    gr_seq_family family;
    const char *code_text; /* octal: as given */
    gr_octal_code code;
    gr_sub_rules rules;
    uint64_t from, count;
    gr_tcache *tables;                  /* the context's cache */
    char key[GR_OCTAL_MAX_DIGITS + 48]; /* the cache key (octal) */
    uint64_t query_hash;                /* of the canonical query and the version */
    uint64_t values;                    /* the table as it stands: values computed */
    gr_period_status pstatus;           /* and its period search */
} gr_seq_request;

/* Validates a query strictly (unknown or repeated parameters, numbers
 * that are not plain decimals: 400 with pointer "/query/<name>") and
 * names what the document depends on: the canonical query with the
 * version (query_hash) and the state of the table as it stands in the
 * cache (values, pstatus), from which HTTP makes the ETag
 * (http/etag.c): a 304 needs no computation. */
gr_status gr_seq_parse(gr_jctx *c, gr_seq_family fam, const gr_qparam *q, size_t n,
                       gr_seq_request *out);
/* Computes (through the cache) and prints the document
 * {"code", "from", "sequence", "period", "values_computed",
 * "period_status"}, and sets r's table state to the document's.  *stable is false
 * while the period is not confirmed (the document changes as the table
 * grows): it must be revalidated, not cached as immutable. */
gr_status gr_seq_answer(gr_jctx *c, gr_seq_request *r, char **out, size_t *len, bool *stable);
/* Values computed so far for r's table, and how many it needs. */
void gr_seq_progress(const gr_seq_request *r, uint64_t *values, uint64_t *target);

#endif
