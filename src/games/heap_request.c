/*
 * The heaps and the sequence of a heap game's request (json/heap_request.h).
 */
#include "games/heap_request.h"

#include "games/sequence.h"

gr_status gr_json_heaps_read(gr_jctx *c, const cJSON *heaps, const cJSON *seq, const char *ptr,
                             const char *key, const char *endpoint, gr_json_heaps *h)
{
    *h = (gr_json_heaps){.ptr = gr_jp_key(c, ptr, key), .sequence_asked = seq != NULL};
    gr_status st = gr_json_u64_array(c, heaps, h->ptr, GR_JSON_MAX_I64, &h->heaps, &h->n);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_sequence_option(c, seq, ptr, endpoint, &h->seq_ptr, &h->from, &h->count);
}

uint64_t gr_json_heaps_need(const gr_json_heaps *h)
{
    uint64_t need = h->count > 0 ? h->from + h->count : 0;
    for (size_t i = 0; i < h->n; i++) {
        need = h->heaps[i] >= need ? h->heaps[i] + 1 : need;
    }
    return need;
}

gr_status gr_json_heaps_of_octal(gr_jctx *c, const gr_octal_table *t, gr_json_heaps *h)
{
    gr_status st = GR_OK;
    if (h->sequence_asked) {
        st = gr_json_octal_values(c, t, h->from, h->count, h->seq_ptr, &h->sequence);
    }
    return st != GR_OK ? st : gr_json_octal_heaps(c, t, h->heaps, h->n, h->ptr, &h->pos);
}

gr_status gr_json_heaps_of_sub(gr_jctx *c, const gr_sub_table *t, gr_json_heaps *h)
{
    gr_status st = GR_OK;
    if (h->sequence_asked) {
        st = gr_json_sub_values(c, t, h->from, h->count, h->seq_ptr, &h->sequence);
    }
    return st != GR_OK ? st : gr_json_sub_heaps(c, t, h->heaps, h->n, h->ptr, &h->pos);
}

void gr_json_heaps_put_values(gr_jctx *c, cJSON *resp, const char *grundy_key,
                              const gr_json_heaps *h, bool periodic, uint64_t preperiod,
                              uint64_t period)
{
    gr_jw_set(c, resp, grundy_key, gr_jw_u64_array(c, h->pos.grundy, h->n));
    gr_jw_set(c, resp, "period", gr_jw_period(c, periodic, preperiod, period));
}

gr_status gr_json_heaps_put_sequence(gr_jctx *c, cJSON *resp, const gr_json_heaps *h)
{
    if (h->sequence != NULL) {
        gr_jw_set(c, resp, "sequence", h->sequence);
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}
