/*
 * What the heap games' endpoints (octal, subtraction) read and answer
 * alike: the heaps, the "sequence" option, the heaps' values under the
 * family's table and the fields written from them.  Each family only
 * brings its table (json/sequence.h).
 */
#ifndef GR_JSON_HEAP_REQUEST_H
#define GR_JSON_HEAP_REQUEST_H

#include "grundy/heap_position.h"
#include "json/gr_json.h"

typedef struct gr_json_heaps {
    uint64_t *heaps;
    size_t n;
    const char *ptr;      /* the heaps' pointer, for problems found later */
    bool sequence_asked;  /* the "sequence" option was given */
    const char *seq_ptr;  /* its pointer */
    uint64_t from, count; /* its heaps (0, 0 when not given) */
    gr_heap_pos pos;      /* the heaps' values and their XOR */
    cJSON *sequence;      /* the sequence's values, or NULL */
} gr_json_heaps;

/* The array `heaps` (the member `key` of the object at ptr) and the
 * "sequence" option `seq` (NULL when absent) of POST endpoint into h;
 * its values and position are the table's (gr_json_heaps_of_octal,
 * gr_json_heaps_of_sub). */
gr_status gr_json_heaps_read(gr_jctx *c, const cJSON *heaps, const cJSON *seq, const char *ptr,
                             const char *key, const char *endpoint, gr_json_heaps *h);

/* The first heap past those h's request reads (its heaps, its sequence). */
uint64_t gr_json_heaps_need(const gr_json_heaps *h);

/* The sequence asked for (when it was) and the heaps' position under the
 * table; the 422s at the sequence or at a heap the table cannot answer. */
gr_status gr_json_heaps_of_octal(gr_jctx *c, const gr_octal_table *t, gr_json_heaps *h);
gr_status gr_json_heaps_of_sub(gr_jctx *c, const gr_sub_table *t, gr_json_heaps *h);

/* The response's `grundy_key` (each heap's value) and "period" from the
 * table's period. */
void gr_json_heaps_put_values(gr_jctx *c, cJSON *resp, const char *grundy_key,
                              const gr_json_heaps *h, bool periodic, uint64_t preperiod,
                              uint64_t period);

/* The response's "sequence" when it was asked for; then GR_OK, or the 413
 * when the response did not fit. */
gr_status gr_json_heaps_put_sequence(gr_jctx *c, cJSON *resp, const gr_json_heaps *h);

#endif
