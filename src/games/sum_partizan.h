/* /v1/sum with partizan components (src/json/sum_partizan.c). */
#ifndef GR_JSON_SUM_PARTIZAN_H
#define GR_JSON_SUM_PARTIZAN_H

#include <stdbool.h>

#include "json/gr_json.h"

/* Whether some component of the array names a partizan game. */
bool gr_sum_is_partizan(const cJSON *components);

/* The whole answer of a sum with partizan components (see the file). */
gr_status gr_sum_partizan(gr_jctx *c, const cJSON *req, const cJSON *components, cJSON **resp);

#endif
