/*
 * GET /v1/limits: the limits a client meets, read from the configuration in
 * force (flags, environment, defaults), so that a client such as the
 * playground can pace itself instead of learning them from 429s and 503s.
 * 0 means unlimited where the flag says so (per-client in-flight, rate,
 * queue wait).  Names follow the flags (--max-inflight-per-client is
 * max_inflight_per_client); byte sizes are bytes.
 */
#include "http/limits.h"

static const char *const gr_limit_keys[] = {
    "max_inflight",       "max_inflight_per_client", "rate_per_client",
    "rate_burst",         "max_queue_seconds",       "max_body",
    "max_request_memory", "max_analysis_seconds",    "max_search_nodes",
    "max_quotient_order", "max_octal_values",
};

#define GR_LIMITS_N (sizeof(gr_limit_keys) / sizeof(gr_limit_keys[0]))

enum MHD_Result gr_limits_serve(struct MHD_Connection *conn, gr_req *req)
{
    const gr_config *cfg = &req->srv->cfg;
    const uint64_t vals[GR_LIMITS_N] = {
        cfg->max_inflight,       cfg->max_inflight_client, cfg->rate_per_client,
        cfg->rate_burst,         cfg->max_queue,           cfg->max_body,
        cfg->max_request_memory, cfg->max_analysis,        cfg->max_search_nodes,
        cfg->max_quotient_order, cfg->max_octal_values,
    };
    gr_jctx c;
    gr_jctx_init(&c, req->arena);
    cJSON *r = gr_jw_obj(&c);
    gr_jw_set_u64s(&c, r, GR_LIMITS_N, gr_limit_keys, vals);
    return gr_respond_json(conn, req, &c, r, "out of memory rendering the limits");
}
