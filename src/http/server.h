/* The HTTP daemon: a front door that accepts, and libmicrohttpd with an
 * internal epoll thread pool behind it (see server_internal.h). */
#ifndef GR_SERVER_H
#define GR_SERVER_H

#include "http/config.h"

typedef struct gr_server gr_server;

/* Starts listening; NULL on failure (message printed). */
gr_server *gr_server_start(const gr_config *cfg);

/* The port actually bound (useful with --port 0). */
unsigned gr_server_port(const gr_server *srv);

/* The configuration in force (--max-connections fitted to the descriptor
 * limit, which was raised to the hard limit). */
const gr_config *gr_server_config(const gr_server *srv);

/* Graceful stop: readiness fails, no new connections are accepted, new
 * requests on open connections get 503, in-flight requests finish (up to
 * the shutdown timeout), then everything is released. */
void gr_server_drain_and_stop(gr_server *srv);

#endif
