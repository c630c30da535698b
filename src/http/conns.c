/*
 * The connection table (see conns.h for the design).  Its two lists are
 * core/list.h's, circular with a sentinel, so insertion and removal never
 * test for an empty list.
 */
#include "http/conns.h"

#include <stdatomic.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>

static bool gr_conn_evictable(int s)
{
    return s == GR_CONN_GATE || s == GR_CONN_IDLE || s == GR_CONN_LINGER;
}

int gr_conns_init(gr_conns *t, size_t nfd)
{
    t->by_fd = calloc(nfd, sizeof(*t->by_fd));
    if (t->by_fd == NULL) {
        return -1;
    }
    if (pthread_mutex_init(&t->lock, NULL) != 0) {
        free(t->by_fd);
        return -1;
    }
    t->nfd = nfd;
    gr_link_init(&t->all);
    gr_link_init(&t->quiet);
    t->count = 0;
    t->lingering = 0;
    return 0;
}

void gr_conn_free(gr_conn *c)
{
    if (c != NULL) {
        gr_arena_destroy(c->arena);
        free(c);
    }
}

void gr_conns_fini(gr_conns *t)
{
    for (size_t i = 0; i < t->nfd; i++) {
        gr_conn_free(t->by_fd[i]);
    }
    free(t->by_fd);
    pthread_mutex_destroy(&t->lock);
}

void gr_conns_lock(gr_conns *t)
{
    pthread_mutex_lock(&t->lock);
}
void gr_conns_unlock(gr_conns *t)
{
    pthread_mutex_unlock(&t->lock);
}

gr_conn *gr_conns_take_stale_locked(gr_conns *t, int fd)
{
    if (fd >= 0 && (size_t)fd < t->nfd && t->by_fd[fd] != NULL) {
        gr_conn *old = t->by_fd[fd];
        gr_conns_remove_locked(t, old);
        return old;
    }
    return NULL;
}

gr_conn *gr_conn_new(int fd, uint64_t now)
{
    gr_conn *c = calloc(1, sizeof(*c));
    if (c == NULL) {
        return NULL;
    }
    c->fd = fd;
    gr_link_init(&c->link);
    atomic_init(&c->state, GR_CONN_GATE);
    atomic_init(&c->since_ns, now);
    c->rx_mark = 0;
    return c;
}

int gr_conns_insert_locked(gr_conns *t, gr_conn *c)
{
    if (c->fd < 0 || (size_t)c->fd >= t->nfd || t->by_fd[c->fd] != NULL) {
        return -1;
    }
    gr_link_push_back(&t->all, &c->link);
    t->by_fd[c->fd] = c;
    t->count++;
    return 0;
}

void gr_conns_move(gr_conns *t, gr_conn *c, gr_conn_state s, uint64_t now)
{
    int was = atomic_load(&c->state);
    if (was == GR_CONN_LINGER) {
        t->lingering--;
    }
    if (s == GR_CONN_LINGER) {
        t->lingering++;
    }
    atomic_store_explicit(&c->since_ns, now, memory_order_relaxed);
    atomic_store_explicit(&c->state, (int)s, memory_order_release);
}

bool gr_conns_cas(gr_conn *c, gr_conn_state from, gr_conn_state to, uint64_t now)
{
    int expected = (int)from;
    atomic_store_explicit(&c->since_ns, now, memory_order_relaxed);
    return atomic_compare_exchange_strong(&c->state, &expected, (int)to);
}

void gr_conns_remove_locked(gr_conns *t, gr_conn *c)
{
    if (atomic_load(&c->state) == GR_CONN_LINGER) {
        t->lingering--;
    }
    gr_link_unlink(&c->link);
    c->quiet = false;
    if (c->fd >= 0 && (size_t)c->fd < t->nfd && t->by_fd[c->fd] == c) {
        t->by_fd[c->fd] = NULL;
    }
    t->count--;
}

void gr_conns_quiet_locked(gr_conns *t, gr_conn *c)
{
    if (!c->quiet) {
        gr_link_unlink(&c->link);
        gr_link_push_back(&t->quiet, &c->link);
        c->quiet = true;
    }
}

void gr_conns_wake_all_locked(gr_conns *t)
{
    for (gr_link *l = t->quiet.next; l != &t->quiet; l = l->next) {
        gr_conn_of_link(l)->quiet = false;
    }
    gr_link_splice_back(&t->all, &t->quiet); /* the quiet list, whole, onto the end of `all` */
}

void gr_conns_watch(gr_conns *t, gr_conn *c)
{
    pthread_mutex_lock(&t->lock);
    if (c->quiet) {
        gr_link_unlink(&c->link);
        gr_link_push_back(&t->all, &c->link);
        c->quiet = false;
    }
    atomic_store(&c->watch, 1);
    pthread_mutex_unlock(&t->lock);
}

/* The entries of both lists, `all` first (NULL after the last). */
static gr_conn *gr_conns_step(gr_conns *t, gr_conn *c)
{
    gr_link *l = c->link.next;
    if (l == &t->all) {
        l = t->quiet.next;
    }
    return l == &t->quiet ? NULL : gr_conn_of_link(l);
}

static gr_conn *gr_conns_first(gr_conns *t)
{
    gr_link *l = t->all.next;
    if (l == &t->all) {
        l = t->quiet.next;
    }
    return l == &t->quiet ? NULL : gr_conn_of_link(l);
}

gr_conn *gr_conns_oldest_locked(gr_conns *t)
{
    gr_conn *best = NULL;
    uint64_t best_since = UINT64_MAX;
    for (gr_conn *c = gr_conns_first(t); c != NULL; c = gr_conns_step(t, c)) {
        uint64_t since = atomic_load_explicit(&c->since_ns, memory_order_relaxed);
        if (gr_conn_evictable(atomic_load_explicit(&c->state, memory_order_acquire)) &&
            since < best_since) {
            best = c;
            best_since = since;
        }
    }
    return best;
}

static bool gr_same_peer(const struct sockaddr_storage *a, const struct sockaddr_storage *b)
{
    if (a->ss_family != b->ss_family) {
        return false;
    }
    if (a->ss_family == AF_INET) {
        return ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
               ((const struct sockaddr_in *)b)->sin_addr.s_addr;
    }
    if (a->ss_family == AF_INET6) {
        return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
                      &((const struct sockaddr_in6 *)b)->sin6_addr, sizeof(struct in6_addr)) == 0;
    }
    return false;
}

size_t gr_conns_same_peer_locked(gr_conns *t, const struct sockaddr_storage *addr, gr_conn **oldest)
{
    size_t n = 0;
    uint64_t best_since = UINT64_MAX;
    *oldest = NULL;
    for (gr_conn *c = gr_conns_first(t); c != NULL; c = gr_conns_step(t, c)) {
        if (!gr_same_peer(&c->addr, addr)) {
            continue;
        }
        int st = atomic_load_explicit(&c->state, memory_order_acquire);
        if (st == GR_CONN_KILLED) {
            continue; /* going: no longer held against its peer */
        }
        n++;
        uint64_t since = atomic_load_explicit(&c->since_ns, memory_order_relaxed);
        if (gr_conn_evictable(st) && since < best_since) {
            *oldest = c;
            best_since = since;
        }
    }
    return n;
}

gr_conn *gr_conns_find(gr_conns *t, int fd)
{
    gr_conn *c = NULL;
    pthread_mutex_lock(&t->lock);
    if (fd >= 0 && (size_t)fd < t->nfd) {
        c = t->by_fd[fd];
    }
    pthread_mutex_unlock(&t->lock);
    return c;
}

void gr_conns_remove(gr_conns *t, gr_conn *c)
{
    pthread_mutex_lock(&t->lock);
    gr_conns_remove_locked(t, c);
    pthread_mutex_unlock(&t->lock);
}
