/*
 * One request body in, one response text out: the path the daemon's solver
 * threads and the CLI share, so the two give the same bytes by
 * construction (tests/api/test_cli.py checks that they do).
 */
#include "games/registry.h"

gr_status gr_json_answer(gr_jctx *c, const gr_endpoint *ep, bool is_text, const char *body,
                         size_t len, char **out, size_t *out_len)
{
    cJSON *resp = NULL;
    gr_status st = GR_OK;
    if (is_text) {
        st = ep->text(c, body, len, &resp);
    } else {
        /* A streaming reader takes the plain form of a large body straight
         * into the solver's arrays (a 10^6-edge graph as cJSON nodes is
         * ~200 MB and most of the time); what it declines, the general
         * reader answers, with the usual problems and pointers. */
        if (ep->json_fast != NULL) {
            st = ep->json_fast(c, body, len, &resp);
        }
        if (st == GR_OK && resp == NULL) {
            cJSON *doc = NULL;
            st = gr_json_parse(c, body, len, &doc);
            if (st == GR_OK) {
                st = gr_registry_json(c, ep, doc, &resp);
            }
        }
    }
    if (st == GR_OK) {
        *out = gr_json_print(c, resp, out_len);
        if (*out == NULL) {
            st = gr_json_oom(c);
        }
    }
    if (st != GR_OK) {
        st = gr_json_stopped(c, st);
    }
    if (st != GR_OK && c->problem.status == 0) {
        gr_json_error(c, GR_EINTERNAL, NULL, "unexplained failure");
    }
    return st;
}
