/* GET /v1/limits (src/http/limits.c). */
#ifndef GR_LIMITS_H
#define GR_LIMITS_H

#include "http/server_internal.h"

/* {"max_inflight": n, "max_inflight_per_client": n, ...} from req->srv->cfg. */
enum MHD_Result gr_limits_serve(struct MHD_Connection *conn, gr_req *req);

#endif
