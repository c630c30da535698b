/*
 * Errors as values: a failure fills the request's problem (RFC 9457
 * status, detail, JSON pointer) and returns its gr_status, so every layer
 * above only passes the status on.  The memory and stop problems live here
 * too, since every family reports them alike.
 */
#include "json/gr_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void gr_jctx_init(gr_jctx *c, gr_arena *arena)
{
    memset(c, 0, sizeof(*c));
    c->arena = arena;
}

static char *gr_json_vprintf(gr_arena *a, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) {
        return NULL;
    }
    char *s = gr_arena_alloc(a, (size_t)n + 1);
    if (s != NULL) {
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    }
    return s;
}

static void gr_json_set_problem(gr_jctx *c, gr_status st)
{
    gr_problem_set(&c->problem, gr_problem_kind_of(st), NULL, NULL);
}

gr_status gr_json_error(gr_jctx *c, gr_status st, const char *pointer, const char *fmt, ...)
{
    gr_json_set_problem(c, st);
    va_list ap;
    va_start(ap, fmt);
    const char *d = gr_json_vprintf(c->arena, fmt, ap);
    va_end(ap);
    c->problem.detail = d != NULL ? d : "invalid input";
    c->problem.pointer = pointer;
    return st;
}

gr_status gr_json_stopped(gr_jctx *c, gr_status st)
{
    gr_status why = gr_arena_check(c->arena);
    if (why == GR_OK) {
        return st;
    }
    /* A solver that stopped may have reported its stop as any failure (a
     * family maps core statuses to its own wording); the stop is the
     * reason.  A pointer already set to a part (a sum's component) is
     * kept; the whole body's ("") says nothing about a time limit or a
     * cancellation, so none is given then. */
    const char *ptr = c->problem.status == 422 ? c->problem.pointer : NULL;
    if (ptr != NULL && ptr[0] == '\0') {
        ptr = NULL;
    }
    if (why == GR_ETIME) {
        return gr_json_error(c, GR_ETIME, ptr,
                             "the analysis ran past the time limit of %u s "
                             "(--max-analysis-seconds); ask for a smaller position or "
                             "ask the operator for a longer limit",
                             c->time_limit_s);
    }
    return gr_json_error(c, GR_ECANCELLED, ptr,
                         "the analysis was cancelled: the client went away or the "
                         "server is stopping");
}

gr_status gr_json_oom(gr_jctx *c)
{
    if (gr_arena_quota_hit(c->arena)) {
        gr_problem_set(&c->problem, GR_PROBLEM_MEMORY_UNAVAILABLE,
                       "the memory the server may use for all requests together "
                       "(--max-memory) is taken by requests under way; retry shortly",
                       NULL);
        return GR_ENOMEM;
    }
    gr_json_set_problem(c, GR_ENOMEM);
    c->problem.detail = "the request needs more memory than the per-request "
                        "budget (--max-request-memory) allows";
    c->problem.pointer = NULL;
    return GR_ENOMEM;
}
