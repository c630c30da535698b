/*
 * The front door: the daemon's own accept loop in front of libmicrohttpd.
 *
 * libmicrohttpd 0.9.75 accepts every connection it can and knows nothing
 * of the others when its table is full; its timeout is an idle timer that
 * every byte resets; it parses a request head leniently.  So grundyd
 * accepts connections itself (libmicrohttpd runs with no listening
 * socket and is handed each connection with MHD_add_connection) and:
 *   - holds a new connection until its first request head is complete,
 *     checks that head's framing on the raw bytes (head.c), answers a bad
 *     one with a problem document, and only then hands the connection on;
 *   - keeps every connection in one table (conns.c) and, when it is full,
 *     evicts the oldest connection that is idle between requests or has
 *     not finished its head, so a new client is served (503 when every
 *     connection is busy);
 *   - closes a connection whose head has not arrived whole within
 *     --timeout of its first byte (408), for the first request by the
 *     bytes it holds, for later ones by the socket's received-byte count;
 *   - watches the sockets of suspended requests for a hang-up, and sets
 *     the request's cancel flag when the client has gone.
 */
#ifndef GR_FRONT_H
#define GR_FRONT_H

#include <stddef.h>
#include <sys/socket.h>

typedef struct gr_server gr_server;
typedef struct gr_front gr_front;

/* Listens on the configured address and starts the front thread, setting
 * srv->front before the thread starts (so every thread the front hands a
 * connection to sees it).  NULL (with a message on stderr) when the
 * address cannot be bound.  *port is the port bound (--port 0 picks one). */
gr_front *gr_front_start(gr_server *srv, unsigned *port);

/* Stops accepting (the listening socket closes); the thread goes on
 * watching connections until gr_front_stop. */
void gr_front_quiesce(gr_front *f);

/* libmicrohttpd is about to close fd with request bytes unread (a later
 * head refused while its body still arrives; pipelined requests after a
 * closing answer): closed now, the kernel would answer those bytes with
 * a reset, which can destroy the answer just sent before the client reads
 * it.  A duplicate of fd keeps the socket open past libmicrohttpd's close,
 * shut for writing, and the front reads and drops what arrives on it as
 * on its own refusals (GR_LINGER_NS, GR_LINGER_BYTES, at most
 * GR_LINGER_MAX at once; past that it closes at once).  Any thread, no
 * lock held. */
void gr_front_linger_closing(gr_front *f, int fd, const struct sockaddr_storage *addr,
                             socklen_t alen);

/* Stops the thread and closes the connections it still holds; from here
 * on a closing connection does not linger. */
void gr_front_stop(gr_front *f);

/* Frees the front: after libmicrohttpd has stopped, since its threads'
 * closing connections call gr_front_linger_closing until then. */
void gr_front_free(gr_front *f);

#endif
