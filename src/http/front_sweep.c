/*
 * The front door's sweep (front.c calls it every GR_SWEEP_MS): deadlines
 * of heads that are late, lingering refusals that have had their time,
 * the first byte of a keep-alive connection's next head, and hang-ups of
 * suspended requests.  What to do is decided under the table's lock and
 * done after it (gr_front_act).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/front_internal.h"

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

/* Deadlines and hang-ups, every GR_SWEEP_MS: decided under the lock,
 * done after it. */
void gr_front_sweep(gr_front *f)
{
    gr_server *srv = f->srv;
    uint64_t timeout = (uint64_t)srv->cfg.timeout * 1000000000u;
    gr_front_act acts[GR_FRONT_ACTS];
    size_t nacts = 0;
    static const char late[] = "the request head did not arrive within --timeout seconds "
                               "of its first byte";
    gr_conns_lock(&srv->conns);
    /* read under the lock: every time stamp in the table is older */
    uint64_t now = gr_now_ns();
    uint64_t poll_ns = timeout / 4;
    poll_ns = poll_ns < GR_IDLE_YOUNG_NS      ? GR_IDLE_YOUNG_NS
              : poll_ns > GR_IDLE_POLL_MAX_NS ? GR_IDLE_POLL_MAX_NS
                                              : poll_ns;
    bool poll_all_idle = now - f->last_idle_poll >= poll_ns;
    if (poll_all_idle) {
        f->last_idle_poll = now;
        gr_conns_wake_all_locked(&srv->conns); /* walked below; the still quiet go back */
    }
    gr_link *head = &srv->conns.all;
    for (gr_link *l = head->next, *next; l != head && nacts < GR_FRONT_ACTS; l = next) {
        next = l->next; /* c may leave the table below */
        gr_conn *c = gr_conn_of_link(l);
        uint64_t since = atomic_load_explicit(&c->since_ns, memory_order_relaxed);
        uint64_t age = now > since ? now - since : 0;
        switch (atomic_load(&c->state)) {
        case GR_CONN_GATE:
            if (c->first_byte_ns != 0 && now - c->first_byte_ns > timeout) {
                /* answered and moved to LINGER right after the sweep, on
                 * this thread, before anything else can look at it */
                gr_front_refusal(c, GR_PROBLEM_REQUEST_TIMEOUT, late, &acts[nacts++]);
            } else if (c->first_byte_ns == 0 && age > timeout) {
                gr_front_take_locked(f, c, &acts[nacts++]); /* idle since it connected */
            }
            break;
        case GR_CONN_LINGER:
            if (age > GR_LINGER_NS) {
                gr_front_take_locked(f, c, &acts[nacts++]);
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
            if (c->first_byte_ns == 0 && age > GR_IDLE_YOUNG_NS &&
                c->rx_mark != GR_CONN_RX_UNKNOWN) {
                /* read again on the next full poll only: until then the
                 * frequent sweeps do not walk it */
                gr_conns_quiet_locked(&srv->conns, c);
            }
            if (c->first_byte_ns != 0 && now - c->first_byte_ns > timeout &&
                gr_conns_cas(c, GR_CONN_IDLE, GR_CONN_KILLED, now)) {
                /* libmicrohttpd's socket: answered through a descriptor of
                 * our own, which stays this socket whatever libmicrohttpd
                 * does with its own once the lock is let go */
                int dup_fd = fcntl(c->fd, F_DUPFD_CLOEXEC, 0);
                if (dup_fd < 0) {
                    shutdown(c->fd, SHUT_RDWR); /* no descriptor: close unanswered */
                    break;
                }
                acts[nacts++] = (gr_front_act){.fd = dup_fd,
                                               .answer_fd = dup_fd,
                                               .shut = true,
                                               .kind = GR_PROBLEM_REQUEST_TIMEOUT,
                                               .detail = late,
                                               .addr = c->addr,
                                               .began = c->first_byte_ns};
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
    for (size_t i = 0; i < nacts; i++) {
        gr_front_act_on(f, &acts[i]);
    }
}
