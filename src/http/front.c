/*
 * The front door (see front.h for what it does and why).
 *
 * One thread, one epoll set: the listening socket, an eventfd to wake the
 * thread, and the connections the front holds itself (those waiting for
 * their first request head, and refused ones lingering until closed).
 * Connections handed to libmicrohttpd leave the set; the front still sees
 * them in the connection table, which it sweeps every GR_SWEEP_MS for
 * deadlines and hang-ups.
 *
 * A connection waiting for its head is read with MSG_PEEK, so the bytes
 * stay in the kernel for libmicrohttpd to read as if nobody had looked;
 * the set is edge-triggered, so peeked bytes do not wake the thread again
 * until more arrive.
 */
#define _GNU_SOURCE /* accept4 */
#include "http/front.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/front_internal.h"
#include "http/head.h"

/* A problem written on a socket (one the front holds, or a dup of one that
 * libmicrohttpd holds between requests), counted and logged like any
 * answer.  No lock held. */
static void gr_front_answer(gr_front *f, int fd, const struct sockaddr_storage *addr,
                            uint64_t began, gr_problem_kind kind, const char *detail)
{
    char id[48];
    gr_make_request_id(f->srv, id, sizeof(id));
    unsigned status = (unsigned)gr_problem_type_of(kind)->status;
    size_t bytes = gr_write_raw_problem(f->srv, fd, id, kind, detail);
    uint64_t now = gr_now_ns();
    gr_metrics_observe(f->srv->metrics, gr_route_count(), status, now - began);
    gr_log_entry e = {(const struct sockaddr *)addr, NULL, NULL, status, bytes,
                      now > began ? now - began : 0, id};
    gr_log_write(f->srv, &e);
}

static uint64_t gr_front_began(const gr_conn *c)
{
    return c->first_byte_ns != 0 ? c->first_byte_ns : atomic_load(&c->since_ns);
}

/* Under the lock: takes a connection the front holds (GATE or LINGER) out
 * of the table; the caller closes act->fd and frees act->c after. */
void gr_front_take_locked(gr_front *f, gr_conn *c, gr_front_act *act)
{
    epoll_ctl(f->epfd, EPOLL_CTL_DEL, c->fd, NULL);
    gr_conns_remove_locked(&f->srv->conns, c);
    *act = (gr_front_act){.c = c, .fd = c->fd, .answer_fd = -1};
}

/* An answer for a connection the front holds, then linger (fills act
 * only: with or without the lock). */
void gr_front_refusal(gr_conn *c, gr_problem_kind kind, const char *detail, gr_front_act *act)
{
    *act = (gr_front_act){.c = c,
                          .fd = -1,
                          .answer_fd = c->fd,
                          .linger = true,
                          .kind = kind,
                          .detail = detail,
                          .addr = c->addr,
                          .began = gr_front_began(c)};
}

/* Under the lock: a refused connection reads and drops for a while, or is
 * closed at once when too many linger (act->fd then to close). */
static void gr_front_linger_locked(gr_front *f, gr_conn *c, uint64_t now, gr_front_act *act)
{
    act->fd = -1;
    act->c = NULL;
    if (f->srv->conns.lingering >= GR_LINGER_MAX) {
        gr_front_take_locked(f, c, act);
        return;
    }
    gr_conns_move(&f->srv->conns, c, GR_CONN_LINGER, now);
}

/* After the lock: does what act says (the lock is taken again for a
 * lingering move). */
void gr_front_act_on(gr_front *f, gr_front_act *act)
{
    if (act->answer_fd >= 0) {
        gr_front_answer(f, act->answer_fd, &act->addr, act->began, act->kind, act->detail);
        if (act->shut) {
            shutdown(act->answer_fd, SHUT_RDWR);
        }
    }
    if (act->linger) {
        gr_conns_lock(&f->srv->conns);
        gr_front_linger_locked(f, act->c, gr_now_ns(), act);
        gr_conns_unlock(&f->srv->conns);
    }
    if (act->fd >= 0) {
        close(act->fd);
    }
    if (act->c != NULL) {
        gr_conn_free(act->c);
    }
}

/* Under the lock: closes v to make room (an evictable connection); act
 * gets what to close after (nothing for libmicrohttpd's, which is shut
 * down here: it sees the end of the stream and closes it itself, freeing
 * the entry in gr_conn_notify). */
static int gr_front_evict_locked(gr_front *f, gr_conn *v, uint64_t now, gr_front_act *act)
{
    *act = (gr_front_act){.fd = -1, .answer_fd = -1};
    if (v == NULL) {
        return -1;
    }
    if (atomic_load(&v->state) == GR_CONN_IDLE) {
        if (!gr_conns_cas(v, GR_CONN_IDLE, GR_CONN_KILLED, now)) {
            return -1; /* it just became busy */
        }
        shutdown(v->fd, SHUT_RDWR);
    } else {
        gr_front_take_locked(f, v, act);
    }
    gr_metrics_evicted(f->srv->metrics);
    return 0;
}

/* Under the lock: whether a new connection from addr may be admitted,
 * evicting to make room: the connection idle (or unfinished) the longest,
 * of the same peer when --max-connections-per-ip is what is reached, else
 * of the whole table.  acts[0..2) get what to do after. */
static bool gr_front_make_room_locked(gr_front *f, const struct sockaddr_storage *addr,
                                      uint64_t now, gr_front_act acts[2])
{
    gr_server *srv = f->srv;
    unsigned per_ip = srv->cfg.max_conn_per_ip;
    acts[0] = acts[1] = (gr_front_act){.fd = -1, .answer_fd = -1};
    if (per_ip != 0) {
        gr_conn *oldest;
        if (gr_conns_same_peer_locked(&srv->conns, addr, &oldest) >= per_ip &&
            gr_front_evict_locked(f, oldest, now, &acts[0]) != 0) {
            return false;
        }
    }
    if (srv->conns.count >= srv->cfg.max_connections &&
        gr_front_evict_locked(f, gr_conns_oldest_locked(&srv->conns), now, &acts[1]) != 0) {
        return false;
    }
    return true;
}

/* Out of descriptors: stop taking connections off the listen queue (they
 * wait there, in the kernel) until one of ours closes or a while has
 * passed, instead of waking for the same EMFILE again and again. */
#define GR_ACCEPT_PAUSE_NS (1000ull * 1000000u)

static void gr_front_pause_accept(gr_front *f)
{
    if (!f->accept_paused) {
        epoll_ctl(f->epfd, EPOLL_CTL_DEL, f->listen_fd, NULL);
        f->accept_paused = true;
        f->paused_ns = gr_now_ns();
        gr_conns_lock(&f->srv->conns);
        f->paused_count = f->srv->conns.count;
        gr_conns_unlock(&f->srv->conns);
    }
}

static void gr_front_maybe_resume_accept(gr_front *f, uint64_t now)
{
    if (!f->accept_paused || f->listen_fd < 0) {
        return;
    }
    gr_conns_lock(&f->srv->conns);
    size_t count = f->srv->conns.count;
    gr_conns_unlock(&f->srv->conns);
    if (count < f->paused_count || now - f->paused_ns >= GR_ACCEPT_PAUSE_NS) {
        struct epoll_event lev = {.events = EPOLLIN, .data.fd = f->listen_fd};
        epoll_ctl(f->epfd, EPOLL_CTL_ADD, f->listen_fd, &lev);
        f->accept_paused = false;
    }
}

static void gr_front_accept(gr_front *f)
{
    gr_server *srv = f->srv;
    for (;;) {
        struct sockaddr_storage addr;
        socklen_t alen = sizeof(addr);
        int fd =
            accept4(f->listen_fd, (struct sockaddr *)&addr, &alen, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED) {
                continue;
            }
            if (errno == EMFILE || errno == ENFILE) {
                gr_front_pause_accept(f);
                gr_metrics_accept_paused(srv->metrics);
            }
            return;
        }
        uint64_t now = gr_now_ns();
        gr_conn *c = gr_conn_new(fd, now); /* allocated before the lock */
        if (c == NULL) {
            close(fd);
            continue;
        }
        memcpy(&c->addr, &addr, alen);
        c->addrlen = alen;
        gr_front_act acts[3];
        acts[2] = (gr_front_act){.fd = -1, .answer_fd = -1};
        gr_conns_lock(&srv->conns);
        /* before making room: a stale entry of this descriptor is not a
         * connection to evict (shutting it down would cut the new one) */
        acts[2].c = gr_conns_take_stale_locked(&srv->conns, fd);
        bool refuse = !gr_front_make_room_locked(f, &addr, now, acts);
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.fd = fd};
        bool added = gr_conns_insert_locked(&srv->conns, c) == 0;
        if (added && epoll_ctl(f->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
            gr_conns_remove_locked(&srv->conns, c);
            added = false;
        }
        gr_front_act refusal = {.fd = -1, .answer_fd = -1};
        if (added && refuse) {
            gr_front_refusal(c, GR_PROBLEM_TOO_MANY_CONNECTIONS,
                             "every connection is busy with a request (--max-connections); "
                             "retry shortly",
                             &refusal);
        }
        gr_conns_unlock(&srv->conns);
        for (int i = 0; i < 3; i++) {
            gr_front_act_on(f, &acts[i]);
        }
        if (!added) {
            gr_conn_free(c);
            close(fd);
            continue;
        }
        gr_front_act_on(f, &refusal);
    }
}

/* Hands a connection whose first head is complete to libmicrohttpd.  No
 * lock held; c is the front's until MHD_add_connection. */
static void gr_front_hand_on(gr_front *f, gr_conn *c, uint64_t now)
{
    gr_server *srv = f->srv;
    epoll_ctl(f->epfd, EPOLL_CTL_DEL, c->fd, NULL);
    /* the head is whole: no deadline runs until a next head begins (the
     * sweep marks the byte count first, so this head's bytes do not count) */
    c->first_byte_ns = 0;
    c->rx_mark = GR_CONN_RX_UNKNOWN;
    c->seen_requests = 0;
    int fd = c->fd;
    struct sockaddr_storage addr;
    memcpy(&addr, &c->addr, sizeof(addr));
    socklen_t alen = c->addrlen;
    /* IDLE until the access handler takes it (BUSY): still evictable, but
     * the newest, so the last to go. */
    gr_conns_lock(&srv->conns);
    gr_conns_move(&srv->conns, c, GR_CONN_IDLE, now);
    gr_conns_unlock(&srv->conns);
    /* c may be freed by a libmicrohttpd thread from here on. */
    if (MHD_add_connection(srv->daemon, fd, (const struct sockaddr *)&addr, alen) != MHD_YES) {
        /* libmicrohttpd closed the socket; nothing else can have taken the
         * descriptor, since only this thread accepts. */
        gr_conns_lock(&srv->conns);
        gr_conn *same = srv->conns.by_fd[fd];
        if (same != NULL) {
            gr_conns_remove_locked(&srv->conns, same);
        }
        gr_conns_unlock(&srv->conns);
        gr_conn_free(same);
    }
}

/* Bytes on a connection the front holds (GATE or LINGER: only this thread
 * changes or frees those entries, so no lock is needed to read them). */
static void gr_front_readable(gr_front *f, gr_conn *c, uint64_t now)
{
    gr_front_act act = {.fd = -1, .answer_fd = -1};
    if (atomic_load(&c->state) == GR_CONN_LINGER) {
        char sink[4096];
        for (;;) {
            ssize_t n = recv(c->fd, sink, sizeof(sink), MSG_DONTWAIT);
            if (n > 0) {
                c->discarded += (size_t)n;
                if (c->discarded <= GR_LINGER_BYTES) {
                    continue;
                }
            } else if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
                return;
            }
            break; /* done lingering */
        }
    } else {
        ssize_t n = recv(c->fd, f->peek, GR_HEAD_LIMIT, MSG_PEEK | MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
            return;
        }
        if (n > 0) {
            if (c->first_byte_ns == 0) {
                c->first_byte_ns = now;
            }
            gr_head_result res;
            gr_head_check(f->peek, (size_t)n, GR_HEAD_LIMIT, &res);
            if (res.verdict == GR_HEAD_INCOMPLETE) {
                return;
            }
            if (res.verdict == GR_HEAD_OK) {
                gr_front_hand_on(f, c, now);
                return;
            }
            gr_front_refusal(c, gr_head_problem(res.verdict), res.why, &act);
            gr_front_act_on(f, &act);
            return;
        }
        /* n == 0 or an error: gone before saying anything */
    }
    gr_conns_lock(&f->srv->conns);
    gr_front_take_locked(f, c, &act);
    gr_conns_unlock(&f->srv->conns);
    gr_front_act_on(f, &act);
}

void gr_front_linger_closing(gr_front *f, int fd, const struct sockaddr_storage *addr,
                             socklen_t alen)
{
    int d = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (d < 0) {
        return; /* closed as before: a reset at worst */
    }
    shutdown(d, SHUT_WR); /* the answer is sent: its end, then nothing */
    uint64_t now = gr_now_ns();
    gr_conn *c = gr_conn_new(d, now);
    if (c == NULL) {
        close(d);
        return;
    }
    if (addr != NULL && alen <= sizeof(c->addr)) {
        memcpy(&c->addr, addr, alen);
        c->addrlen = alen;
    }
    gr_conns *t = &f->srv->conns;
    gr_conns_lock(t);
    gr_conn *stale = gr_conns_take_stale_locked(t, d);
    /* once the front is stopping (its last sweep takes what it holds, under
     * this lock), nobody would close an entry added now */
    bool added =
        !atomic_load(&f->stop) && t->lingering < GR_LINGER_MAX && gr_conns_insert_locked(t, c) == 0;
    if (added) {
        gr_conns_move(t, c, GR_CONN_LINGER, now);
        /* edge-triggered: bytes already waiting are reported at once */
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.fd = d};
        if (epoll_ctl(f->epfd, EPOLL_CTL_ADD, d, &ev) != 0) {
            gr_conns_remove_locked(t, c);
            added = false;
        }
    }
    gr_conns_unlock(t);
    gr_conn_free(stale);
    if (!added) {
        gr_conn_free(c);
        close(d);
    }
}

static void gr_front_close_listener(gr_front *f)
{
    if (f->listen_fd >= 0) {
        if (!f->accept_paused) {
            epoll_ctl(f->epfd, EPOLL_CTL_DEL, f->listen_fd, NULL);
        }
        close(f->listen_fd);
        f->listen_fd = -1;
        atomic_store(&f->listening, 0);
    }
}

static void *gr_front_main(void *arg)
{
    prctl(PR_SET_NAME, "gr-front"); /* for top -H and /proc/<pid>/task */
    gr_front *f = arg;
    gr_server *srv = f->srv;
    struct epoll_event evs[64];
    while (!atomic_load(&f->stop)) {
        if (atomic_load(&f->quiesce)) {
            gr_front_close_listener(f);
        }
        int n = epoll_wait(f->epfd, evs, 64, GR_SWEEP_MS);
        uint64_t now = gr_now_ns();
        for (int i = 0; i < n; i++) {
            int fd = evs[i].data.fd;
            if (fd == f->wake_fd) {
                uint64_t v;
                ssize_t r = read(f->wake_fd, &v, sizeof(v));
                (void)r;
                continue;
            }
            if (fd == f->listen_fd) {
                gr_front_accept(f);
                continue;
            }
            gr_conns_lock(&srv->conns);
            gr_conn *c = fd >= 0 && (size_t)fd < srv->conns.nfd ? srv->conns.by_fd[fd] : NULL;
            int st = c != NULL ? atomic_load(&c->state) : -1;
            gr_conns_unlock(&srv->conns);
            if (st == GR_CONN_GATE || st == GR_CONN_LINGER) {
                gr_front_readable(f, c, gr_now_ns()); /* the front's own entry */
            }
        }
        gr_front_maybe_resume_accept(f, now);
        if (now - f->last_sweep >= (uint64_t)GR_SWEEP_MS * 1000000u) {
            f->last_sweep = now;
            gr_front_sweep(f);
        }
    }
    gr_front_close_listener(f);
    /* What the front still holds never reached libmicrohttpd. */
    for (bool more = true; more;) {
        gr_front_act acts[GR_FRONT_ACTS];
        size_t nacts = 0;
        gr_conns_lock(&srv->conns);
        gr_link *head = &srv->conns.all;
        for (gr_link *l = head->next, *next; l != head && nacts < GR_FRONT_ACTS; l = next) {
            next = l->next;
            gr_conn *c = gr_conn_of_link(l);
            int st = atomic_load(&c->state);
            if (st == GR_CONN_GATE || st == GR_CONN_LINGER) {
                gr_front_take_locked(f, c, &acts[nacts++]);
            }
        }
        gr_conns_unlock(&srv->conns);
        more = nacts == GR_FRONT_ACTS;
        for (size_t i = 0; i < nacts; i++) {
            gr_front_act_on(f, &acts[i]);
        }
    }
    return NULL;
}

static int gr_front_listen(const gr_config *cfg, unsigned *port)
{
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof(ss));
    socklen_t len;
    int family = AF_INET;
    if (cfg->bind == NULL) {
        struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
        sin->sin_family = AF_INET;
        sin->sin_addr.s_addr = htonl(INADDR_ANY);
        sin->sin_port = htons((uint16_t)cfg->port);
        len = sizeof(*sin);
    } else if (inet_pton(AF_INET, cfg->bind, &((struct sockaddr_in *)&ss)->sin_addr) == 1) {
        struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
        sin->sin_family = AF_INET;
        sin->sin_port = htons((uint16_t)cfg->port);
        len = sizeof(*sin);
    } else if (inet_pton(AF_INET6, cfg->bind, &((struct sockaddr_in6 *)&ss)->sin6_addr) == 1) {
        struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;
        sin6->sin6_family = AF_INET6;
        sin6->sin6_port = htons((uint16_t)cfg->port);
        len = sizeof(*sin6);
        family = AF_INET6;
    } else {
        fprintf(stderr, "grundyd: --bind: \"%s\" is not an IPv4 or IPv6 address\n", cfg->bind);
        return -1;
    }
    int fd = socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return -1;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(fd, (struct sockaddr *)&ss, len) != 0 || listen(fd, (int)cfg->backlog) != 0) {
        close(fd);
        return -1;
    }
    if (getsockname(fd, (struct sockaddr *)&ss, &len) == 0) {
        *port = ntohs(family == AF_INET ? ((struct sockaddr_in *)&ss)->sin_port
                                        : ((struct sockaddr_in6 *)&ss)->sin6_port);
    }
    return fd;
}

gr_front *gr_front_start(gr_server *srv, unsigned *port)
{
    gr_front *f = calloc(1, sizeof(*f));
    if (f == NULL) {
        return NULL;
    }
    f->srv = srv;
    f->listen_fd = gr_front_listen(&srv->cfg, port);
    f->epfd = epoll_create1(EPOLL_CLOEXEC);
    f->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    struct epoll_event lev = {.events = EPOLLIN, .data.fd = f->listen_fd};
    struct epoll_event wev = {.events = EPOLLIN, .data.fd = f->wake_fd};
    if (f->listen_fd < 0 || f->epfd < 0 || f->wake_fd < 0 ||
        epoll_ctl(f->epfd, EPOLL_CTL_ADD, f->listen_fd, &lev) != 0 ||
        epoll_ctl(f->epfd, EPOLL_CTL_ADD, f->wake_fd, &wev) != 0 ||
        (atomic_store(&f->listening, 1), srv->front = f,
         pthread_create(&f->thread, NULL, gr_front_main, f)) != 0) {
        srv->front = NULL;
        if (f->listen_fd >= 0) {
            close(f->listen_fd);
        }
        if (f->epfd >= 0) {
            close(f->epfd);
        }
        if (f->wake_fd >= 0) {
            close(f->wake_fd);
        }
        free(f);
        return NULL;
    }
    return f;
}

static void gr_front_wake(gr_front *f)
{
    uint64_t one = 1;
    ssize_t r = write(f->wake_fd, &one, sizeof(one));
    (void)r;
}

void gr_front_quiesce(gr_front *f)
{
    atomic_store(&f->quiesce, 1);
    gr_front_wake(f);
    /* The thread closes the socket on its next turn; wait for it, so that
     * new connections are refused by the kernel from here on. */
    for (int i = 0; i < 100 && atomic_load(&f->listening); i++) {
        struct timespec ts = {0, 2 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
}

void gr_front_stop(gr_front *f)
{
    if (f == NULL) {
        return;
    }
    gr_conns_lock(&f->srv->conns);
    atomic_store(&f->stop, 1); /* under the lock: see gr_front_linger_closing */
    gr_conns_unlock(&f->srv->conns);
    gr_front_wake(f);
    pthread_join(f->thread, NULL);
}

void gr_front_free(gr_front *f)
{
    if (f == NULL) {
        return;
    }
    close(f->epfd);
    close(f->wake_fd);
    free(f);
}
