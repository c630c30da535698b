/*
 * GET <path>/sequence and GET <path>/misere-quotient of the game table's
 * rows that offer them (GR_OFFER_SEQUENCE, GR_OFFER_QUOTIENT; the route's
 * row names the family): the value sequence of a heap game, or its misère
 * quotient, as a cacheable document, or as a stream of progress events
 * (text/event-stream) while the table is computed (docs/octal.md,
 * "Sequences over HTTP").
 */
#ifndef GR_HTTP_SEQUENCE_H
#define GR_HTTP_SEQUENCE_H

#include <microhttpd.h>

#include "http/server_internal.h"

/* A GR_ROUTE_SEQUENCE request, dispatched by request.c's gr_serve_get. */
enum MHD_Result gr_sequence_serve(struct MHD_Connection *conn, gr_req *req);
/* GR_PHASE_SEQUENCE: called again after the worker resumed the
 * connection; queues the answer. */
enum MHD_Result gr_sequence_resume(struct MHD_Connection *conn, gr_req *req);
/* At the request's completion: drops the request's hold on a job it never
 * delivered (the connection closed while the sequence was computed). */
void gr_sequence_release(gr_req *req);
/* At start: the timer that resumes parked event streams.  0 or -1. */
int gr_sequence_start(gr_server *srv);
/* At shutdown, after the worker pool has stopped (every sequence job is
 * done): resumes any stream still parked and stops the timer. */
void gr_sequence_quiesce(gr_server *srv, unsigned timeout_ms);

#endif
