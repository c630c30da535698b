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
#include <linux/tcp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/head.h"
#include "http/server_internal.h"

/* The most a request head may take: what libmicrohttpd's per-connection
 * pool can hold of it (server.c's GR_MHD_POOL) less its own bookkeeping. */
#define GR_HEAD_LIMIT ((size_t)15 << 10)

/* How often the table is swept for deadlines and hang-ups. */
#define GR_SWEEP_MS 100

/* A connection idle between requests for longer than this has its
 * received-byte count read only once every GR_IDLE_POLL_NS, not every
 * sweep: the reads cost a system call each, and a connection that has
 * been quiet for a second is far more often about to close than to send
 * (1,000 idle keep-alive connections: 1,000 reads a second, not 10,000).
 * A head begun then is seen up to that much later, well inside --timeout
 * (its resolution is a second). */
#define GR_IDLE_YOUNG_NS (1000ull * 1000000u)
#define GR_IDLE_POLL_NS (1000ull * 1000000u)

/* A refused connection is read and dropped for at most this long (or
 * GR_LINGER_BYTES), so that a client still writing its request reads the
 * answer instead of a reset; then it is closed. */
#define GR_LINGER_NS (2ull * 1000000000u)
#define GR_LINGER_BYTES ((size_t)1 << 20)

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
    char peek[GR_HEAD_LIMIT + 1];
};

/* A problem written on a socket the front still holds (or that
 * libmicrohttpd holds between requests), counted and logged like any
 * answer. */
static void gr_front_answer(gr_front *f, gr_conn *c, gr_problem_kind kind, const char *detail)
{
    char id[48];
    gr_make_request_id(f->srv, id, sizeof(id));
    unsigned status = (unsigned)gr_problem_type_of(kind)->status;
    size_t bytes = gr_write_raw_problem(f->srv, c->fd, id, kind, detail);
    uint64_t now = gr_now_ns();
    uint64_t began = c->first_byte_ns != 0 ? c->first_byte_ns : atomic_load(&c->since_ns);
    gr_metrics_observe(f->srv->metrics, gr_route_count(), status, now - began);
    gr_log_entry e = {(const struct sockaddr *)&c->addr, NULL, NULL, status, bytes,
                      now > began ? now - began : 0,     id};
    gr_log_write(f->srv, &e);
}

/* Under the lock: closes a connection the front holds (GATE or LINGER). */
static void gr_front_close_locked(gr_front *f, gr_conn *c)
{
    epoll_ctl(f->epfd, EPOLL_CTL_DEL, c->fd, NULL);
    close(c->fd);
    gr_conns_remove_locked(&f->srv->conns, c);
    gr_conn_free(c);
}

/* Under the lock: a refused connection reads and drops for a while. */
static void gr_front_linger_locked(gr_front *f, gr_conn *c, uint64_t now)
{
    if (f->srv->conns.lingering >= GR_LINGER_MAX) {
        gr_front_close_locked(f, c);
        return;
    }
    gr_conns_move(&f->srv->conns, c, GR_CONN_LINGER, now);
}

/* Under the lock: closes v to make room (an evictable connection). */
static int gr_front_evict_locked(gr_front *f, gr_conn *v, uint64_t now)
{
    if (v == NULL) {
        return -1;
    }
    if (atomic_load(&v->state) == GR_CONN_IDLE) {
        /* libmicrohttpd's: it sees the end of the stream and closes it
         * (and frees the entry, gr_conn_notify). */
        if (!gr_conns_cas(v, GR_CONN_IDLE, GR_CONN_KILLED, now)) {
            return -1; /* it just became busy */
        }
        shutdown(v->fd, SHUT_RDWR);
    } else {
        gr_front_close_locked(f, v);
    }
    gr_metrics_evicted(f->srv->metrics);
    return 0;
}

/* Under the lock: whether a new connection from addr may be admitted,
 * evicting to make room: the connection idle (or unfinished) the longest,
 * of the same peer when --max-connections-per-ip is what is reached, else
 * of the whole table. */
static bool gr_front_make_room_locked(gr_front *f, const struct sockaddr_storage *addr,
                                      uint64_t now)
{
    gr_server *srv = f->srv;
    unsigned per_ip = srv->cfg.max_conn_per_ip;
    if (per_ip != 0) {
        gr_conn *oldest;
        if (gr_conns_same_peer_locked(&srv->conns, addr, &oldest) >= per_ip &&
            gr_front_evict_locked(f, oldest, now) != 0) {
            return false;
        }
    }
    if (srv->conns.count >= srv->cfg.max_connections &&
        gr_front_evict_locked(f, gr_conns_oldest_locked(&srv->conns), now) != 0) {
        return false;
    }
    return true;
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
                /* Out of descriptors (a limit lowered under us): make room
                 * for the next round. */
                gr_conns_lock(&srv->conns);
                gr_front_evict_locked(f, gr_conns_oldest_locked(&srv->conns), gr_now_ns());
                gr_conns_unlock(&srv->conns);
            }
            return;
        }
        uint64_t now = gr_now_ns();
        gr_conns_lock(&srv->conns);
        /* before making room: a stale entry of this descriptor is not a
         * connection to evict (shutting it down would cut the new one) */
        gr_conns_drop_stale_locked(&srv->conns, fd);
        bool refuse = !gr_front_make_room_locked(f, &addr, now);
        gr_conn *c = gr_conns_add_locked(&srv->conns, fd, now);
        if (c == NULL) {
            gr_conns_unlock(&srv->conns);
            close(fd);
            continue;
        }
        memcpy(&c->addr, &addr, alen);
        c->addrlen = alen;
        struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP | EPOLLET, .data.fd = fd};
        if (epoll_ctl(f->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
            gr_conns_remove_locked(&srv->conns, c);
            gr_conns_unlock(&srv->conns);
            gr_conn_free(c);
            close(fd);
            continue;
        }
        if (refuse) {
            gr_front_answer(f, c, GR_PROBLEM_TOO_MANY_CONNECTIONS,
                            "every connection is busy with a request (--max-connections); "
                            "retry shortly");
            gr_front_linger_locked(f, c, now);
        }
        gr_conns_unlock(&srv->conns);
    }
}

/* Hands a connection whose first head is complete to libmicrohttpd. */
static void gr_front_hand_on(gr_front *f, gr_conn *c, uint64_t now)
{
    gr_server *srv = f->srv;
    epoll_ctl(f->epfd, EPOLL_CTL_DEL, c->fd, NULL);
    /* IDLE until the access handler takes it (BUSY): still evictable, but
     * the newest, so the last to go. */
    gr_conns_move(&srv->conns, c, GR_CONN_IDLE, now);
    /* the head is whole: no deadline runs until a next head begins (the
     * sweep marks the byte count first, so this head's bytes do not count) */
    c->first_byte_ns = 0;
    c->rx_mark = GR_CONN_RX_UNKNOWN;
    c->seen_requests = 0;
    int fd = c->fd;
    struct sockaddr_storage addr;
    memcpy(&addr, &c->addr, sizeof(addr));
    socklen_t alen = c->addrlen;
    gr_conns_unlock(&srv->conns);
    /* c may be freed by a libmicrohttpd thread from here on. */
    if (MHD_add_connection(srv->daemon, fd, (const struct sockaddr *)&addr, alen) != MHD_YES) {
        /* libmicrohttpd closed the socket; nothing else can have taken the
         * descriptor, since only this thread accepts. */
        gr_conns_lock(&srv->conns);
        gr_conn *same = srv->conns.by_fd[fd];
        if (same != NULL) {
            gr_conns_remove_locked(&srv->conns, same);
            gr_conn_free(same);
        }
        return; /* locked, as the caller expects */
    }
    gr_conns_lock(&srv->conns);
}

/* Under the lock: bytes on a connection the front holds. */
static void gr_front_readable_locked(gr_front *f, gr_conn *c, uint64_t now)
{
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
            gr_front_close_locked(f, c);
            return;
        }
    }
    ssize_t n = recv(c->fd, f->peek, GR_HEAD_LIMIT, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
        return;
    }
    if (n <= 0) {
        gr_front_close_locked(f, c); /* gone before saying anything */
        return;
    }
    if (c->first_byte_ns == 0) {
        c->first_byte_ns = now;
    }
    gr_head_result res;
    gr_head_check(f->peek, (size_t)n, GR_HEAD_LIMIT, &res);
    switch (res.verdict) {
    case GR_HEAD_INCOMPLETE:
        return;
    case GR_HEAD_OK:
        gr_front_hand_on(f, c, now);
        return;
    case GR_HEAD_TE_UNKNOWN:
        gr_front_answer(f, c, GR_PROBLEM_NOT_IMPLEMENTED, res.why);
        break;
    case GR_HEAD_TOO_LARGE:
        gr_front_answer(f, c, GR_PROBLEM_HEADER_TOO_LARGE, res.why);
        break;
    case GR_HEAD_URI_TOO_LONG:
        gr_front_answer(f, c, GR_PROBLEM_URI_TOO_LONG, res.why);
        break;
    case GR_HEAD_BAD:
    default:
        gr_front_answer(f, c, GR_PROBLEM_INVALID_REQUEST, res.why);
        break;
    }
    gr_front_linger_locked(f, c, now);
}

/* Bytes the kernel has received on a socket, all told (0 if unknown). */
static uint64_t gr_rx_bytes(int fd)
{
    struct tcp_info ti;
    socklen_t len = sizeof(ti);
    memset(&ti, 0, sizeof(ti));
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0) {
        return 0;
    }
    return ti.tcpi_bytes_received;
}

/* Deadlines and hang-ups, every GR_SWEEP_MS. */
static void gr_front_sweep(gr_front *f)
{
    gr_server *srv = f->srv;
    uint64_t timeout = (uint64_t)srv->cfg.timeout * 1000000000u;
    gr_conns_lock(&srv->conns);
    /* read under the lock: every time stamp in the table is older */
    uint64_t now = gr_now_ns();
    bool poll_all_idle = now - f->last_idle_poll >= GR_IDLE_POLL_NS;
    if (poll_all_idle) {
        f->last_idle_poll = now;
    }
    gr_conn *head = &srv->conns.all;
    for (gr_conn *c = head->next, *next; c != head; c = next) {
        next = c->next; /* c may be closed and freed below */
        uint64_t since = atomic_load_explicit(&c->since_ns, memory_order_relaxed);
        uint64_t age = now > since ? now - since : 0;
        switch (atomic_load(&c->state)) {
        case GR_CONN_GATE:
            if (c->first_byte_ns != 0 && now - c->first_byte_ns > timeout) {
                gr_front_answer(f, c, GR_PROBLEM_REQUEST_TIMEOUT,
                                "the request head did not arrive within --timeout seconds "
                                "of its first byte");
                gr_front_linger_locked(f, c, now);
            } else if (c->first_byte_ns == 0 && age > timeout) {
                gr_front_close_locked(f, c); /* idle since it connected */
            }
            break;
        case GR_CONN_LINGER:
            if (age > GR_LINGER_NS) {
                gr_front_close_locked(f, c);
            }
            break;
        case GR_CONN_IDLE: {
            /* Between requests inside libmicrohttpd: the next head's first
             * byte is seen as growth in the socket's received-byte count
             * (read here, so the request path pays no system call). */
            unsigned done = atomic_load_explicit(&c->requests, memory_order_relaxed);
            if (done != c->seen_requests) {
                c->seen_requests = done; /* a new idle period */
                c->first_byte_ns = 0;
                c->rx_mark = GR_CONN_RX_UNKNOWN;
            }
            /* the count matters only until the first byte is seen, and a
             * long-quiet connection is read on full polls only */
            bool quiet =
                age > GR_IDLE_YOUNG_NS && !poll_all_idle && c->rx_mark != GR_CONN_RX_UNKNOWN;
            if (c->first_byte_ns == 0 && !quiet) {
                uint64_t rx = gr_rx_bytes(c->fd);
                if (c->rx_mark == GR_CONN_RX_UNKNOWN) {
                    c->rx_mark = rx;
                } else if (rx > c->rx_mark) {
                    c->first_byte_ns = now;
                }
            }
            if (c->first_byte_ns != 0 && now - c->first_byte_ns > timeout &&
                gr_conns_cas(c, GR_CONN_IDLE, GR_CONN_KILLED, now)) {
                gr_front_answer(f, c, GR_PROBLEM_REQUEST_TIMEOUT,
                                "the request head did not arrive within --timeout seconds "
                                "of its first byte");
                shutdown(c->fd, SHUT_RDWR);
            }
            break;
        }
        case GR_CONN_BUSY:
            /* A suspended request: libmicrohttpd does not read its socket,
             * so a hang-up would go unseen until the answer was written.
             * End of stream or an error means the client has gone (nginx
             * reads it the same way). */
            if (atomic_load(&c->watch) && !atomic_load(&c->cancel)) {
                char b;
                ssize_t n = recv(c->fd, &b, 1, MSG_PEEK | MSG_DONTWAIT);
                if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                    atomic_store(&c->cancel, 1);
                    gr_metrics_cancelled(srv->metrics);
                }
            }
            break;
        default:
            break;
        }
    }
    gr_conns_unlock(&srv->conns);
}

static void gr_front_close_listener(gr_front *f)
{
    if (f->listen_fd >= 0) {
        epoll_ctl(f->epfd, EPOLL_CTL_DEL, f->listen_fd, NULL);
        close(f->listen_fd);
        f->listen_fd = -1;
        atomic_store(&f->listening, 0);
    }
}

static void *gr_front_main(void *arg)
{
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
            if (st == GR_CONN_GATE || st == GR_CONN_LINGER) {
                gr_front_readable_locked(f, c, gr_now_ns());
            }
            gr_conns_unlock(&srv->conns);
        }
        if (now - f->last_sweep >= (uint64_t)GR_SWEEP_MS * 1000000u) {
            f->last_sweep = now;
            gr_front_sweep(f);
        }
    }
    gr_front_close_listener(f);
    /* What the front still holds never reached libmicrohttpd. */
    gr_conns_lock(&srv->conns);
    for (gr_conn *c = srv->conns.all.next, *next; c != &srv->conns.all; c = next) {
        next = c->next;
        int st = atomic_load(&c->state);
        if (st == GR_CONN_GATE || st == GR_CONN_LINGER) {
            gr_front_close_locked(f, c);
        }
    }
    gr_conns_unlock(&srv->conns);
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
        (atomic_store(&f->listening, 1), pthread_create(&f->thread, NULL, gr_front_main, f)) != 0) {
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
    atomic_store(&f->stop, 1);
    gr_front_wake(f);
    pthread_join(f->thread, NULL);
    close(f->epfd);
    close(f->wake_fd);
    free(f);
}
