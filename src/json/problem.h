/*
 * The problem vocabulary: every kind of RFC 9457 problem grundyd answers,
 * with its slug, title and HTTP status, in one table (json/problem.c), and
 * the one renderer of problem documents, used by the daemon and the `grundy`
 * command alike so that both write the same bytes by construction
 * (docs/architecture.md, "Problems").
 */
#ifndef GR_PROBLEM_H
#define GR_PROBLEM_H

#include <stddef.h>

#include "grundy/status.h"

/* The base of every problem's type URI: base + slug. */
#define GR_PROBLEM_BASE "https://grundyd.dev/problems/"

typedef enum gr_problem_kind {
    GR_PROBLEM_INVALID_INPUT,          /* 400 */
    GR_PROBLEM_NOT_FOUND,              /* 404 */
    GR_PROBLEM_METHOD_NOT_ALLOWED,     /* 405 */
    GR_PROBLEM_BODY_TOO_SLOW,          /* 408 */
    GR_PROBLEM_BODY_TOO_LARGE,         /* 413: --max-body */
    GR_PROBLEM_MEMORY_BUDGET,          /* 413: --max-request-memory */
    GR_PROBLEM_UNSUPPORTED_MEDIA_TYPE, /* 415 */
    GR_PROBLEM_LIMIT_EXCEEDED,         /* 422: a documented limit */
    GR_PROBLEM_INTERNAL,               /* 500 */
    GR_PROBLEM_OVERLOADED,             /* 503: no solving slot free */
    GR_PROBLEM_SHUTTING_DOWN,          /* 503: draining or stopped */
    GR_PROBLEM_CANCELLED,              /* 503: the request was cancelled */
    /* HTTP framing and connection pressure (the daemon's front door): */
    GR_PROBLEM_INVALID_REQUEST,      /* 400: RFC 9112 framing */
    GR_PROBLEM_REQUEST_TIMEOUT,      /* 408: the head past --timeout */
    GR_PROBLEM_URI_TOO_LONG,         /* 414 */
    GR_PROBLEM_HEADER_TOO_LARGE,     /* 431 */
    GR_PROBLEM_NOT_IMPLEMENTED,      /* 501: a transfer coding */
    GR_PROBLEM_TOO_MANY_CONNECTIONS, /* 503: every connection busy */
    GR_PROBLEM_MEMORY_UNAVAILABLE,   /* 503: --max-memory in use */
    /* Fairness between clients (the daemon's worker pool): */
    GR_PROBLEM_RATE_LIMITED,  /* 429: --rate-per-client */
    GR_PROBLEM_CLIENT_BUSY,   /* 429: --max-inflight-per-client */
    GR_PROBLEM_QUEUE_TIMEOUT, /* 503: queued past --max-queue-seconds */
    GR_PROBLEM_KIND_COUNT
} gr_problem_kind;

typedef struct gr_problem_type {
    const char *slug;  /* "invalid-input" */
    const char *title; /* "Invalid input" */
    int status;        /* 400 */
} gr_problem_type;

/* A kind's row (kind < GR_PROBLEM_KIND_COUNT). */
const gr_problem_type *gr_problem_type_of(gr_problem_kind kind);

/* The kind a status reports when nothing more precise is known:
 * GR_EINVAL invalid-input, GR_ENOMEM memory-budget-exceeded, GR_ELIMIT
 * limit-exceeded, GR_ETIME limit-exceeded (the time limit), GR_ECANCELLED
 * cancelled, GR_EUNAVAILABLE shutting-down, GR_EDECLINED overloaded,
 * GR_EINTERNAL internal-error. */
gr_problem_kind gr_problem_kind_of(gr_status st);

/* An RFC 9457 problem.  Strings are the caller's (the request's arena, or
 * literals); type and title are a table row's. */
typedef struct gr_problem {
    int status;          /* HTTP status */
    const char *type;    /* short slug, e.g. "invalid-input" */
    const char *title;   /* short human summary of the type */
    const char *detail;  /* this occurrence, one sentence */
    const char *pointer; /* RFC 6901 pointer into the request, or NULL */
    /* A JSON object's text written as the member "estimate" (a search
     * refused up front by its forecast cost), or NULL. */
    const char *estimate;
} gr_problem;

/* Fills p from kind's row with this detail and pointer. */
void gr_problem_set(gr_problem *p, gr_problem_kind kind, const char *detail, const char *pointer);

/* The problem document, compact, fields in the order type, title, status,
 * detail[, pointer][, estimate]: {"type":"https://grundyd.dev/problems/<slug>",...}.
 * A missing type, title or detail is written as internal-error, "Internal
 * error" and "".  The text is malloc'ed (the request's arena may be what
 * ran out), NUL-terminated; the caller frees *out.  GR_ENOMEM when malloc
 * fails. */
gr_status gr_problem_render(const gr_problem *p, char **out, size_t *len);

#endif
