/*
 * Misère quotients at the JSON layer: which quotient answers a position,
 * the summary written with every quotient answer, and (misere_doc.c) the
 * whole document of the GET.
 */
#include "json/misere_quotient.h"

#include <string.h>

/* The heaps a POST builds a quotient for (the largest heap asked about,
 * or, to prove it complete, this many). */
#define GR_MIS_POST_HEAPS 256u
#define GR_MIS_POST_HEAPS3 16u

gr_status gr_json_misere_quotient_for(gr_jctx *c, const gr_mis_game *g, const uint64_t *heaps,
                                      size_t n, const gr_mis_quotient **q)
{
    *q = NULL;
    if (g->kind == GR_MIS_NIM) {
        return GR_OK;
    }
    uint64_t top = 0;
    for (size_t i = 0; i < n; i++) {
        top = heaps[i] > top ? heaps[i] : top;
    }
    gr_mis_quotient *out = GR_ARENA_ARRAY(c->arena, gr_mis_quotient, 1);
    if (out == NULL) {
        return gr_json_oom(c);
    }
    /* three-heap splits cost O(h^2) options a heap */
    uint64_t cap =
        g->kind == GR_MIS_OCTAL && g->code.leaves >= 3 ? GR_MIS_POST_HEAPS3 : GR_MIS_POST_HEAPS;
    uint64_t want = top < cap ? (top > 0 ? top : 1) : cap;
    gr_status st = gr_json_misere_build(c, g, want, true, cap, NULL, out);
    if (st == GR_ELIMIT) {
        /* no quotient within the limits: exhaustive search answers */
        memset(&c->problem, 0, sizeof(c->problem));
        return GR_OK;
    }
    if (st != GR_OK) {
        return st;
    }
    if (out->complete || out->max_heap >= top) {
        *q = out;
    }
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
