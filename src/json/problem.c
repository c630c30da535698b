/*
 * The problem table and the problem document renderer (see problem.h).
 */
#include "json/problem.h"

#include <stdlib.h>
#include <string.h>

#include "grundy/buf.h"

static const gr_problem_type gr_problem_types[GR_PROBLEM_KIND_COUNT] = {
    [GR_PROBLEM_INVALID_INPUT] = {"invalid-input", "Invalid input", 400},
    [GR_PROBLEM_NOT_FOUND] = {"not-found", "Not found", 404},
    [GR_PROBLEM_METHOD_NOT_ALLOWED] = {"method-not-allowed", "Method not allowed", 405},
    [GR_PROBLEM_BODY_TOO_SLOW] = {"body-too-slow", "Request body too slow", 408},
    [GR_PROBLEM_BODY_TOO_LARGE] = {"body-too-large", "Request body too large", 413},
    [GR_PROBLEM_MEMORY_BUDGET] = {"memory-budget-exceeded",
                                  "Request needs more memory than allowed", 413},
    [GR_PROBLEM_UNSUPPORTED_MEDIA_TYPE] = {"unsupported-media-type", "Unsupported media type", 415},
    [GR_PROBLEM_LIMIT_EXCEEDED] = {"limit-exceeded", "Input outside a documented limit", 422},
    [GR_PROBLEM_INTERNAL] = {"internal-error", "Internal error", 500},
    [GR_PROBLEM_OVERLOADED] = {"overloaded", "Service overloaded", 503},
    [GR_PROBLEM_SHUTTING_DOWN] = {"shutting-down", "Service is shutting down", 503},
    [GR_PROBLEM_CANCELLED] = {"cancelled", "Analysis cancelled", 503},
    [GR_PROBLEM_INVALID_REQUEST] = {"invalid-request", "Malformed HTTP request", 400},
    [GR_PROBLEM_REQUEST_TIMEOUT] = {"request-timeout", "Request head too slow", 408},
    [GR_PROBLEM_URI_TOO_LONG] = {"uri-too-long", "Request target too long", 414},
    [GR_PROBLEM_HEADER_TOO_LARGE] = {"header-too-large", "Request head too large", 431},
    [GR_PROBLEM_NOT_IMPLEMENTED] = {"not-implemented", "Not implemented", 501},
    [GR_PROBLEM_TOO_MANY_CONNECTIONS] = {"too-many-connections", "Too many connections", 503},
    [GR_PROBLEM_MEMORY_UNAVAILABLE] = {"memory-unavailable", "Server memory in use", 503},
    [GR_PROBLEM_RATE_LIMITED] = {"rate-limited", "Too many requests from this client", 429},
    [GR_PROBLEM_CLIENT_BUSY] = {"client-busy", "Too much work in progress for this client", 429},
    [GR_PROBLEM_QUEUE_TIMEOUT] = {"queue-timeout", "Queued too long", 503},
};

const gr_problem_type *gr_problem_type_of(gr_problem_kind kind)
{
    return &gr_problem_types[kind < GR_PROBLEM_KIND_COUNT ? kind : GR_PROBLEM_INTERNAL];
}

gr_problem_kind gr_problem_kind_of(gr_status st)
{
    switch (st) {
    case GR_ENOMEM:
        return GR_PROBLEM_MEMORY_BUDGET;
    case GR_ELIMIT:
        return GR_PROBLEM_LIMIT_EXCEEDED;
    case GR_ETIME:
        /* the time limit is a documented limit too: the slug the contract
         * has always given a sum stopped by it */
        return GR_PROBLEM_LIMIT_EXCEEDED;
    case GR_ECANCELLED:
        return GR_PROBLEM_CANCELLED;
    case GR_EUNAVAILABLE:
        return GR_PROBLEM_SHUTTING_DOWN;
    case GR_EDECLINED:
        return GR_PROBLEM_OVERLOADED;
    case GR_EINTERNAL:
        return GR_PROBLEM_INTERNAL;
    default:
        return GR_PROBLEM_INVALID_INPUT;
    }
}

void gr_problem_set(gr_problem *p, gr_problem_kind kind, const char *detail, const char *pointer)
{
    const gr_problem_type *t = gr_problem_type_of(kind);
    p->status = t->status;
    p->type = t->slug;
    p->title = t->title;
    p->detail = detail;
    p->pointer = pointer;
    p->estimate = NULL;
}

gr_status gr_problem_render(const gr_problem *p, char **out, size_t *len)
{
    /* Its own small arena, not the request's: that may be what ran out. */
    gr_arena *a = gr_arena_create(0);
    if (a == NULL) {
        return GR_ENOMEM;
    }
    gr_buf b;
    gr_buf_init(&b, a);
    gr_buf_puts(&b, "{\"type\":\"" GR_PROBLEM_BASE);
    gr_buf_escape(&b, p->type != NULL ? p->type : "internal-error");
    gr_buf_puts(&b, "\",\"title\":\"");
    gr_buf_escape(&b, p->title != NULL ? p->title : "Internal error");
    gr_buf_puts(&b, "\",\"status\":");
    gr_buf_u64(&b, p->status > 0 ? (uint64_t)p->status : 0);
    gr_buf_puts(&b, ",\"detail\":\"");
    gr_buf_escape(&b, p->detail != NULL ? p->detail : "");
    gr_buf_putc(&b, '"');
    if (p->pointer != NULL) {
        gr_buf_puts(&b, ",\"pointer\":\"");
        gr_buf_escape(&b, p->pointer);
        gr_buf_putc(&b, '"');
    }
    if (p->estimate != NULL) {
        gr_buf_puts(&b, ",\"estimate\":");
        gr_buf_puts(&b, p->estimate);
    }
    gr_buf_putc(&b, '}');
    const char *text = gr_buf_cstr(&b);
    *out = text != NULL ? malloc(b.len + 1) : NULL;
    if (*out != NULL) {
        memcpy(*out, text, b.len + 1);
        *len = b.len;
    }
    gr_arena_destroy(a);
    return *out != NULL ? GR_OK : GR_ENOMEM;
}
