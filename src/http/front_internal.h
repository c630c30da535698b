/*
 * What front.c and front_sweep.c share: the front door's state, the
 * actions decided under the connection table's lock, and its timing.
 */
#ifndef GR_HTTP_FRONT_INTERNAL_H
#define GR_HTTP_FRONT_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "http/front.h"
#include "http/server_internal.h"

/* The most a request head may take: what libmicrohttpd's per-connection
 * pool can hold of it (server.c's GR_MHD_POOL) less its own bookkeeping. */
#define GR_HEAD_LIMIT ((size_t)15 << 10)

/* How often the table is swept for deadlines and hang-ups. */
#define GR_SWEEP_MS 100

/* A connection idle between requests for longer than this has its
 * received-byte count read only on a full poll, a quarter of --timeout
 * apart (at least 1 s, at most GR_IDLE_POLL_MAX_NS), not every sweep: the
 * reads cost a system call each, and a connection that has been quiet for
 * a second is far more often about to close than to send (10,000 idle
 * keep-alive connections read every second cost 1.6% of a core, every
 * 5 s 0.3%: bench/RESULTS.md).  A head begun then is seen up to that much
 * later: its deadline is --timeout and at most a quarter more. */
#define GR_IDLE_YOUNG_NS (1000ull * 1000000u)
#define GR_IDLE_POLL_MAX_NS (5000ull * 1000000u)

/* A refused connection is read and dropped for at most this long (or
 * GR_LINGER_BYTES), so that a client still writing its request reads the
 * answer instead of a reset; then it is closed. */
#define GR_LINGER_NS (2ull * 1000000000u)
#define GR_LINGER_BYTES ((size_t)8 << 20)

/* Refused connections lingering at once at most; past it they are closed
 * at once (an attacker could otherwise fill the table with them). */
#define GR_LINGER_MAX 64

struct gr_front {
    gr_server *srv;
    int listen_fd;
    int epfd;
    int wake_fd;
    pthread_t thread;
    _Atomic int quiesce, stop;
    _Atomic int listening; /* the listening socket is open */
    uint64_t last_sweep;
    uint64_t last_idle_poll; /* the last sweep that read every idle connection */
    bool accept_paused;      /* EMFILE: the listening socket is out of the set */
    uint64_t paused_ns;
    size_t paused_count; /* connections open when it paused */
    char peek[GR_HEAD_LIMIT + 1];
};

/* What the front decided under the table's lock and does after it: a
 * problem to write and log, a descriptor to close, an entry to free.
 * Under the lock only non-blocking system calls that keep a descriptor's
 * identity run (epoll_ctl, shutdown, dup, a MSG_PEEK recv): no send, no
 * log write, no allocation (conns.h). */
typedef struct gr_front_act {
    gr_conn *c;    /* a front-held entry to answer (then linger), or to free */
    int fd;        /* a descriptor to close (the entry's, or a dup), or -1 */
    int answer_fd; /* write the problem here first, or -1 */
    bool linger;   /* c: answered, then lingering (else: freed) */
    bool shut;     /* shutdown(answer_fd) after the answer (libmicrohttpd's connection) */
    gr_problem_kind kind;
    const char *detail;
    struct sockaddr_storage addr;
    uint64_t began;
} gr_front_act;

/* Actions a sweep takes at most; the rest wait for the next sweep. */
#define GR_FRONT_ACTS 128

/* Under the lock: takes a connection the front holds (GATE or LINGER) out
 * of the table; the caller closes act->fd and frees act->c after. */
void gr_front_take_locked(gr_front *f, gr_conn *c, gr_front_act *act);
/* An answer for a connection the front holds, then linger (fills act
 * only: with or without the lock). */
void gr_front_refusal(gr_conn *c, gr_problem_kind kind, const char *detail, gr_front_act *act);
/* After the lock: does what act says. */
void gr_front_act_on(gr_front *f, gr_front_act *act);
/* Deadlines and hang-ups, every GR_SWEEP_MS. */
void gr_front_sweep(gr_front *f);

#endif
