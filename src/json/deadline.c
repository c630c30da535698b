/*
 * The time limit of the loops whose work multiplies with the input's
 * length (a sum's components): a deadline on the request's arena, armed
 * on the first check, and the problem a stopped loop answers.
 */
#include "json/gr_json.h"

#include <time.h>

gr_status gr_json_arm_deadline(gr_jctx *c)
{
    const gr_stop *old = gr_arena_stop(c->arena);
    if (c->time_limit_s == 0 || (old != NULL && old->deadline_ns != 0)) {
        return GR_OK;
    }
    gr_stop *s = gr_arena_alloc(c->arena, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    s->cancel = old != NULL ? old->cancel : NULL;
    s->cancel_all = old != NULL ? old->cancel_all : NULL;
    s->deadline_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec +
                     (uint64_t)c->time_limit_s * 1000000000u;
    gr_arena_set_stop(c->arena, s);
    return GR_OK;
}

bool gr_json_past_deadline(gr_jctx *c, const char *ptr)
{
    if (ptr != NULL && ptr[0] == '\0') {
        ptr = NULL; /* the whole body's pointer says nothing about a stop */
    }
    if (gr_json_arm_deadline(c) != GR_OK) {
        return true; /* the 413 is set */
    }
    switch (gr_arena_check(c->arena)) {
    case GR_ECANCELLED:
        gr_json_error(c, GR_ECANCELLED, ptr,
                      "the analysis was cancelled: the client went away or the server is "
                      "stopping");
        return true;
    case GR_ETIME:
        gr_json_error(c, GR_ELIMIT, ptr,
                      "the analysis ran past the time limit of %u s "
                      "(--max-analysis-seconds); split the sum or ask the "
                      "operator for a longer limit",
                      c->time_limit_s);
        return true;
    default:
        return false;
    }
}
