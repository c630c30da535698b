/*
 * The connection table: every open client connection, in one place, so
 * that connection pressure and deadlines can be decided across them.
 *
 * Entries join one list when accepted and leave it when closed, under one
 * mutex; that is a connection's only cost in locks.  Between those, a
 * request's start and end only store the entry's state and time stamp
 * (atomics): the request path takes no lock.  The decisions that need
 * the whole table -- which connection to evict when it is full (the one
 * idle between requests, or not done sending its head, for the longest:
 * as nginx reuses its idle keep-alive connections), which heads are past
 * their deadline, which suspended requests' clients have hung up -- are
 * made by the front door's thread (front.c), scanning the list under the
 * mutex, when a connection arrives at a full table and every 100 ms.
 * Entries are found by descriptor (by_fd), which is how libmicrohttpd's
 * callbacks find theirs.
 *
 * Lock order: the table's mutex is taken alone; nothing else is locked
 * while it is held.  The front door decides under it and acts after it:
 * no send, no log write, no allocation or free under the lock, only
 * system calls that never block and that must see the descriptor still
 * belonging to the entry (epoll_ctl, shutdown, dup, a MSG_PEEK recv,
 * getsockopt).
 */
#ifndef GR_CONNS_H
#define GR_CONNS_H

#include <pthread.h>
#include <sys/socket.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/list.h"
#include "grundy/arena.h"

typedef enum gr_conn_state {
    GR_CONN_GATE,   /* accepted; the front door waits for its first request head */
    GR_CONN_IDLE,   /* inside libmicrohttpd, between requests */
    GR_CONN_LINGER, /* refused by the front door: answer written, closing */
    GR_CONN_BUSY,   /* inside libmicrohttpd, a request under way */
    GR_CONN_KILLED  /* shut down by us; libmicrohttpd will close it */
} gr_conn_state;

#define GR_CONN_RX_UNKNOWN UINT64_MAX

typedef struct gr_conn {
    gr_link link; /* on the table's `all` or `quiet` list */
    int fd;
    _Atomic int state;         /* a gr_conn_state */
    _Atomic uint64_t since_ns; /* entered its current state */
    _Atomic unsigned requests; /* requests completed on it */
    /* The front thread's own (read and written only by it): */
    unsigned seen_requests;       /* `requests` when it last looked */
    uint64_t first_byte_ns;       /* first byte of the head being received; 0: none yet */
    uint64_t rx_mark;             /* bytes received when it went idle (TCP_INFO) */
    size_t discarded;             /* LINGER: bytes read and dropped */
    struct sockaddr_storage addr; /* the peer, for libmicrohttpd (set before hand-on) */
    socklen_t addrlen;
    /* The libmicrohttpd thread's own: */
    gr_arena *arena;    /* the arena its last request left (reset), for the next */
    _Atomic int cancel; /* the current request's client has gone */
    _Atomic int watch;  /* suspended for the worker pool: watch for a hang-up */
    bool quiet;         /* on the quiet list (under the table's lock) */
} gr_conn;

/* The connection whose link l is. */
static inline gr_conn *gr_conn_of_link(gr_link *l)
{
    return GR_LINK_ENTRY(l, gr_conn, link);
}

typedef struct gr_conns {
    pthread_mutex_t lock;
    gr_conn **by_fd;
    size_t nfd;
    gr_link all; /* gr_conn.link: the entries the front sweeps often */
    /* Connections idle between requests and long quiet, which the front
     * reads only on its full polls: its frequent sweeps walk `all` alone,
     * so 10,000 idle keep-alive connections cost a walk every few seconds,
     * not ten a second. */
    gr_link quiet;
    size_t count;     /* every entry */
    size_t lingering; /* entries in LINGER */
} gr_conns;

int gr_conns_init(gr_conns *t, size_t nfd);
void gr_conns_fini(gr_conns *t);

/* The following take and release t->lock themselves. */

/* Locks/unlocks the table, for callers that walk it (the front's reaper). */
void gr_conns_lock(gr_conns *t);
void gr_conns_unlock(gr_conns *t);

/* A new entry (state GATE) for fd, not yet in the table: allocated
 * before the lock is taken.  NULL on malloc failure. */
gr_conn *gr_conn_new(int fd, uint64_t now);
/* Under the lock: adds c; -1 when its descriptor is past the table or
 * taken. */
int gr_conns_insert_locked(gr_conns *t, gr_conn *c);
/* Under the lock: takes out the entry of fd, if any (the caller frees it
 * after the lock): a descriptor that was closed without our hearing of it
 * (a connection libmicrohttpd dropped before announcing it), now reused by
 * accept. */
gr_conn *gr_conns_take_stale_locked(gr_conns *t, int fd);
/* Moves c to state s as of now: two atomic stores, no lock.  Into and out
 * of LINGER only under the lock (it is counted). */
void gr_conns_move(gr_conns *t, gr_conn *c, gr_conn_state s, uint64_t now);
/* Moves c from state `from` to `to` if it is still in `from` (another
 * thread may have killed it meanwhile); no lock.  Returns whether it did. */
bool gr_conns_cas(gr_conn *c, gr_conn_state from, gr_conn_state to, uint64_t now);
/* Under the lock: takes c out of the table (the caller frees it). */
void gr_conns_remove_locked(gr_conns *t, gr_conn *c);
/* Under the lock: the evictable connection (GATE, IDLE, LINGER) that has
 * been so the longest, or NULL. */
gr_conn *gr_conns_oldest_locked(gr_conns *t);

/* Under the lock: how many entries have the peer address of `addr` (port
 * aside), and the evictable one of them that has been so the longest (or
 * NULL). */
size_t gr_conns_same_peer_locked(gr_conns *t, const struct sockaddr_storage *addr,
                                 gr_conn **oldest);

/* Under the lock: moves c (IDLE, the front's) to the quiet list. */
void gr_conns_quiet_locked(gr_conns *t, gr_conn *c);
/* Under the lock: every quiet entry back to the frequently swept list (a
 * splice: the front's full poll). */
void gr_conns_wake_all_locked(gr_conns *t);
/* A request suspended on c: the front watches its socket for a hang-up
 * from its next sweep on (c leaves the quiet list).  Takes the lock. */
void gr_conns_watch(gr_conns *t, gr_conn *c);

/* The entry for fd, or NULL. */
gr_conn *gr_conns_find(gr_conns *t, int fd);
/* Locked wrapper of gr_conns_remove_locked. */
void gr_conns_remove(gr_conns *t, gr_conn *c);

void gr_conn_free(gr_conn *c);

#endif
