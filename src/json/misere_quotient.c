/*
 * Misère quotients at the JSON layer: which quotient answers a position,
 * the summary written with every quotient answer, and (misere_doc.c) the
 * whole document of the GET.
 */
#include "json/misere_quotient.h"

gr_status gr_json_misere_quotient_for(gr_jctx *c, const gr_mis_game *g, const uint64_t *heaps,
                                      size_t n, const gr_mis_quotient **q)
{
    (void)c;
    (void)g;
    (void)heaps;
    (void)n;
    *q = NULL;
    return GR_OK;
}

cJSON *gr_json_misere_summary(gr_jctx *c, const gr_mis_quotient *q)
{
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "order", gr_jw_u64(c, q->order));
    gr_jw_set(c, o, "p_count", gr_jw_u64(c, q->p_count));
    gr_jw_set(c, o, "max_heap", gr_jw_u64(c, q->max_heap));
    gr_jw_set(c, o, "complete", gr_jw_bool(c, q->complete));
    return o;
}
