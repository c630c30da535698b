/*
 * Value sequences of the heap games as data: the tables of
 * octal and subtraction games from the shared table cache, the
 * "sequence": {"from", "count"} request option, and the GET documents of
 * /v1/octal/sequence and /v1/subtraction/sequence.
 */
#ifndef GR_JSON_SEQUENCE_H
#define GR_JSON_SEQUENCE_H

#include "grundy/heap_position.h"
#include "grundy/octal.h"
#include "grundy/subtraction.h"
#include "json/gr_json.h"
#include "tables/table_cache.h"

#define GR_SEQUENCE_MAX_COUNT 100000u

/* An octal or hexadecimal code's text parsed (json/octal.c), or the 400 or
 * 422 at ptr that every endpoint taking a code answers. */
gr_status gr_json_octal_code_text(gr_jctx *c, const char *text, const char *ptr,
                                  gr_octal_code *code);

/* Code's table through the cache, grown to at least need values (or its
 * period), as a view of the request's own (moves found in c->arena);
 * problems point at ptr.  A table that stopped short of need for the
 * request's time limit is answered (timed_out set): heaps past it are the
 * caller's 422.  *status: where the period search stands.  The cache
 * entry is held until c->arena is destroyed. */
gr_status gr_json_octal_table(gr_jctx *c, const gr_octal_code *code, uint64_t need, const char *ptr,
                              gr_octal_table *view, gr_period_status *status);
/* The same for a subtraction game (finite sets through the cache). */
gr_status gr_json_sub_table(gr_jctx *c, const gr_sub_rules *rules, const char *ptr,
                            gr_sub_table *out);

/* Reads {"from": a, "count": k} (k <= GR_SEQUENCE_MAX_COUNT). */
gr_status gr_json_read_sequence(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t *from,
                                uint64_t *count);
/* The optional "sequence" member of a request object at ptr: *sp is its
 * pointer; when seq is not NULL it is read into *from and *count, and it is a
 * 400 inside a sum's component (ptr not empty), since only the top-level
 * POST <endpoint> answers a sequence.  *from = *count = 0 when absent. */
gr_status gr_json_sequence_option(gr_jctx *c, const cJSON *seq, const char *ptr,
                                  const char *endpoint, const char **sp, uint64_t *from,
                                  uint64_t *count);
/* The 422 at ptr for a heap at or past t->computed when no period was
 * confirmed (Guy-Smith) before the table stopped. */
gr_status gr_json_octal_unconfirmed(gr_jctx *c, const gr_octal_table *t, const char *ptr);
/* The position of the heaps under the table (gr_octal_pos_init,
 * gr_sub_pos_init, in c->arena); a heap past what the table answers is a
 * 422 at its index under hp. */
gr_status gr_json_octal_heaps(gr_jctx *c, const gr_octal_table *t, const uint64_t *heaps, size_t n,
                              const char *hp, gr_heap_pos *pos);
gr_status gr_json_sub_heaps(gr_jctx *c, const gr_sub_table *t, const uint64_t *piles, size_t n,
                            const char *pp, gr_heap_pos *pos);
/* [g(from), ..., g(from+count-1)], or a 422 at ptr when the table cannot
 * answer that far (no period confirmed). */
gr_status gr_json_octal_values(gr_jctx *c, const gr_octal_table *t, uint64_t from, uint64_t count,
                               const char *ptr, cJSON **out);
gr_status gr_json_sub_values(gr_jctx *c, const gr_sub_table *t, uint64_t from, uint64_t count,
                             const char *ptr, cJSON **out);

/* ---- GET /v1/<family>/sequence ---------------------------------------- */
typedef enum gr_seq_family { GR_SEQ_OCTAL, GR_SEQ_SUBTRACTION } gr_seq_family;

typedef struct gr_qparam {
    const char *key, *value;
} gr_qparam;

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
