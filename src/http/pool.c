/*
 * The worker pool (see pool.h for what it promises).
 *
 * libmicrohttpd's worker threads each own a set of connections; a worker
 * that runs a long analysis itself serves none of its other connections
 * meanwhile (health probes, small requests, even the accepting of new
 * connections it had already taken).  So the daemon suspends a connection
 * whose body is complete, hands the request to this pool, and the pool
 * resumes the connection when the answer is ready: MHD's threads only ever
 * do I/O.
 *
 * One mutex guards everything here: the client table (open hashing with
 * chains over a fixed array of entries), the ring of clients with queued
 * jobs (the round-robin order: a worker takes the oldest job of the client
 * with the fewest jobs running that was served least recently, see
 * gr_next_client), and the list of idle
 * clients in order of last use (the eviction order, least recently seen
 * first, as nginx's limit_req expires its oldest states).  The lock is
 * held for list and counter updates only: jobs run, expire and are
 * dropped with it released.
 *
 * The token bucket (nginx limit_req, HAProxy's sc_http_req_rate): each
 * client holds up to `burst` tokens, regains `rate` a second, and spends
 * one a request; kept in millionths of a token so that rates below one
 * a second per tick still add up.
 */
#include "http/pool.h"
#include "http/cond.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "core/list.h"
#include "http/server_internal.h"

#define GR_MICRO 1000000u

struct gr_pool_client {
    gr_ip key;
    gr_pool_client *chain;    /* the hash bucket's next */
    gr_link link;             /* in the ring (queued jobs) or the idle list */
    gr_pool_job *head, *tail; /* queued jobs, oldest first */
    unsigned queued, running;
    unsigned waiting; /* jobs waiting for memory (the pool's mem_wait list) */
    unsigned streams; /* event streams open (gr_pool_stream_open) */
    uint64_t served;  /* the pool's dispatch count when it was last served */
    uint64_t benched_until; /* gr_pool_bench */
    uint64_t tokens;        /* millionths */
    uint64_t refilled_ns;
    bool used;
};

struct gr_pool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    gr_pool_limits lim;
    gr_pool_client *entries;
    size_t nentries, used;
    gr_pool_client **buckets;
    size_t nbuckets; /* a power of two */
    gr_link ring;    /* gr_pool_client.link: clients with queued jobs, in serving order */
    gr_link idle;    /* gr_pool_client.link: clients with no job, least recently seen first */
    gr_pool_client *free_list;
    uint64_t queued, running, clients_queued;
    uint64_t dispatched; /* jobs given to workers, ever: the clients' turn order */
    uint64_t refused_rate, refused_inflight, expired;
    bool stopping, stopped;
    unsigned nthreads;
    pthread_t *threads;
    gr_pool_job *mem_wait, **mem_tail; /* jobs waiting for memory, in arrival order */
    uint64_t waiting, memory_waits;
    bool timer_started;
    pthread_t timer; /* answers jobs queued past max_queue_ns */
    pthread_cond_t timer_cv;
};

/* How often queued jobs are checked against max_queue_ns. */
#define GR_POOL_EXPIRE_MS 100

/* ---- lists and the table (lock held) -------------------------------------- */

/* The client whose link l is. */
static gr_pool_client *gr_client_of(gr_link *l)
{
    return GR_LINK_ENTRY(l, gr_pool_client, link);
}

static size_t gr_hash(const gr_ip *k, size_t mask)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (int i = 0; i < 16; i++) {
        h = (h ^ k->b[i]) * 1099511628211ull;
    }
    return (size_t)(h ^ (h >> 29)) & mask;
}

static void gr_table_remove(gr_pool *p, gr_pool_client *c)
{
    gr_pool_client **at = &p->buckets[gr_hash(&c->key, p->nbuckets - 1)];
    while (*at != c) {
        at = &(*at)->chain;
    }
    *at = c->chain;
    gr_link_unlink(&c->link);
    c->used = false;
    c->chain = p->free_list;
    p->free_list = c;
    p->used--;
}

/* The entry of key, made if need be (evicting the client idle the
 * longest when the table is full); NULL when every entry has work. */
static gr_pool_client *gr_client_get(gr_pool *p, const gr_ip *key, uint64_t now)
{
    size_t b = gr_hash(key, p->nbuckets - 1);
    for (gr_pool_client *c = p->buckets[b]; c != NULL; c = c->chain) {
        if (memcmp(c->key.b, key->b, 16) == 0) {
            return c;
        }
    }
    if (p->free_list == NULL) {
        if (gr_link_empty(&p->idle)) {
            return NULL;
        }
        gr_table_remove(p, gr_client_of(p->idle.next));
    }
    gr_pool_client *c = p->free_list;
    p->free_list = c->chain;
    memset(c, 0, sizeof(*c));
    c->key = *key;
    c->used = true;
    c->tokens = (uint64_t)p->lim.burst * GR_MICRO;
    c->refilled_ns = now;
    c->chain = p->buckets[b];
    p->buckets[b] = c;
    gr_link_init(&c->link);
    gr_link_push_back(&p->idle, &c->link);
    p->used++;
    return c;
}

/* A client whose last job ended (or that was only seen): to the end of
 * the idle list. */
static void gr_client_touch(gr_pool *p, gr_pool_client *c)
{
    if (c->queued == 0 && c->running == 0 && c->waiting == 0) {
        gr_link_unlink(&c->link);
        if (c->streams == 0) {
            gr_link_push_back(&p->idle, &c->link);
        } /* else on no list: not evictable while its streams are open */
    }
}

static gr_pool_job *gr_client_pop(gr_pool *p, gr_pool_client *c)
{
    gr_pool_job *j = c->head;
    c->head = j->next;
    if (c->head == NULL) {
        c->tail = NULL;
    }
    j->next = NULL;
    c->queued--;
    p->queued--;
    if (c->queued == 0) {
        p->clients_queued--;
    }
    return j;
}

/* ---- waiting for memory --------------------------------------------------- */

/* Jobs that ran out of the process memory (--max-memory) while others ran
 * wait in mem_wait, in arrival order, and go back to the front of their
 * clients' queues when a running job ends (its memory is back) -- or, if
 * none is running any more, on the timer's next tick.  Lock held. */
static void gr_requeue_waiting_locked(gr_pool *p)
{
    /* reversed, so that pushing each to the front of its client's queue
     * keeps every client's jobs in arrival order */
    gr_pool_job *rev = NULL;
    while (p->mem_wait != NULL) {
        gr_pool_job *j = p->mem_wait;
        p->mem_wait = j->next;
        j->next = rev;
        rev = j;
    }
    p->mem_tail = &p->mem_wait;
    while (rev != NULL) {
        gr_pool_job *j = rev;
        rev = j->next;
        gr_pool_client *c = j->client;
        c->waiting--;
        p->waiting--;
        j->next = c->head;
        c->head = j;
        if (c->tail == NULL) {
            c->tail = j;
        }
        if (c->queued++ == 0) {
            p->clients_queued++;
            gr_link_unlink(&c->link);
            gr_link_push_back(&p->ring, &c->link);
        }
        p->queued++;
    }
    pthread_cond_broadcast(&p->cv);
}

/* Whether a job has waited past --max-queue-seconds at now.  now may be a
 * little older than the job: the timer reads the clock before it takes the
 * lock, and a job submitted in between must not look 2^64 ns old. */
static bool gr_job_late(const gr_pool *p, const gr_pool_job *job, uint64_t now)
{
    return p->lim.max_queue_ns != 0 && now > job->queued_ns &&
           now - job->queued_ns > p->lim.max_queue_ns;
}

int gr_pool_wait_memory(gr_pool *p, gr_pool_job *job, uint64_t now)
{
    pthread_mutex_lock(&p->mu);
    /* worth waiting only while another job runs (this one is counted) and
     * within the queue's bound, measured from the job's arrival */
    bool go = !p->stopping && !gr_job_late(p, job, now);
    bool alone = go && p->running <= 1, ok = go && !alone;
    if (ok) {
        job->next = NULL;
        *p->mem_tail = job;
        p->mem_tail = &job->next;
        job->client->waiting++;
        job->waited_memory = true;
        p->waiting++;
        p->memory_waits++;
        pthread_cond_signal(&p->timer_cv); /* it retries the waiters when nothing runs */
    }
    pthread_mutex_unlock(&p->mu);
    return ok ? 0 : alone ? 1 : -1;
}

/* ---- the workers ---------------------------------------------------------- */

/* A job the pool answers without a worker (expired, stopped): no slot to
 * free first. */
static void gr_pool_call(gr_pool_job *job, gr_pool_how how)
{
    gr_pool_done_fn *done = job->done;
    if (job->fn(job, how) && done != NULL) {
        done(job);
    }
}

/* Whose job runs next: of the clients with a job waiting, the one with the
 * fewest running, and of those the one served least recently (a client
 * whose job has just started waits for everyone else's turn, however
 * early its next job was queued).  The ring holds only clients with work,
 * at most --max-inflight of them. */
static gr_pool_client *gr_next_client(gr_pool *p)
{
    gr_pool_client *best = gr_client_of(p->ring.next);
    for (gr_link *l = best->link.next; l != &p->ring; l = l->next) {
        gr_pool_client *c = gr_client_of(l);
        if (c->running < best->running ||
            (c->running == best->running && c->served < best->served)) {
            best = c;
        }
    }
    return best;
}

static void *gr_pool_main(void *arg)
{
    prctl(PR_SET_NAME, "gr-worker"); /* for top -H and /proc/<pid>/task */
    gr_pool *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (gr_link_empty(&p->ring) && !p->stopping) {
            pthread_cond_wait(&p->cv, &p->mu);
        }
        if (p->stopping) {
            break;
        }
        gr_pool_client *c = gr_next_client(p);
        gr_pool_job *job = gr_client_pop(p, c);
        if (c->queued == 0) {
            gr_link_unlink(&c->link); /* on no list while it runs: not evictable */
        }
        c->served = ++p->dispatched;
        c->running++;
        p->running++;
        uint64_t now = gr_now_ns();
        bool late = gr_job_late(p, job, now);
        if (late) {
            p->expired++;
        }
        pthread_mutex_unlock(&p->mu);
        /* job may be gone (or running elsewhere) once fn returns false */
        gr_pool_done_fn *done = job->done;
        bool over = job->fn(job, late ? GR_POOL_EXPIRED : GR_POOL_RUN);
        if (!over) {
            done = NULL;
        }
        pthread_mutex_lock(&p->mu);
        c->running--;
        p->running--;
        gr_client_touch(p, c);
        if (done != NULL) {
            /* the slot is free before the answer leaves */
            pthread_mutex_unlock(&p->mu);
            done(job);
            pthread_mutex_lock(&p->mu);
        }
        if (over && p->mem_wait != NULL) {
            gr_requeue_waiting_locked(p); /* a job ended: its memory is back */
        }
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static void *gr_pool_timer(void *arg)
{
    prctl(PR_SET_NAME, "gr-queue-timer"); /* for top -H and /proc/<pid>/task */
    gr_pool *p = arg;
    pthread_mutex_lock(&p->mu);
    while (!p->stopping) {
        /* nothing to expire or retry: sleep until a job is queued or
         * waits for memory (1,000 parked streams' jobs cost no ticks when
         * --max-queue-seconds is off) */
        if (p->mem_wait == NULL && (p->queued == 0 || p->lim.max_queue_ns == 0)) {
            pthread_cond_wait(&p->timer_cv, &p->mu);
            continue;
        }
        gr_cond_wait_ns(&p->timer_cv, &p->mu, GR_POOL_EXPIRE_MS * UINT64_C(1000000));
        if (p->mem_wait != NULL && p->running == 0) {
            gr_requeue_waiting_locked(p); /* nothing left to free memory: try again */
        }
        if (p->stopping || (p->queued == 0 && p->mem_wait == NULL)) {
            continue;
        }
        pthread_mutex_unlock(&p->mu);
        gr_pool_expire(p, gr_now_ns());
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

gr_pool *gr_pool_start(const gr_pool_limits *lim)
{
    gr_pool *p = calloc(1, sizeof(*p));
    if (p == NULL) {
        return NULL;
    }
    p->lim = *lim;
    unsigned threads = lim->threads > 0 ? lim->threads : 1;
    p->nentries = lim->clients > 0 ? lim->clients : 1;
    p->nbuckets = 1;
    while (p->nbuckets < 2 * p->nentries) {
        p->nbuckets *= 2;
    }
    p->entries = calloc(p->nentries, sizeof(*p->entries));
    p->buckets = calloc(p->nbuckets, sizeof(*p->buckets));
    p->threads = calloc(threads, sizeof(*p->threads));
    if (p->entries == NULL || p->buckets == NULL || p->threads == NULL) {
        free(p->entries);
        free(p->buckets);
        free(p->threads);
        free(p);
        return NULL;
    }
    for (size_t i = p->nentries; i-- > 0;) {
        p->entries[i].chain = p->free_list;
        p->free_list = &p->entries[i];
    }
    gr_link_init(&p->ring);
    gr_link_init(&p->idle);
    p->mem_tail = &p->mem_wait;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    gr_cond_init_monotonic(&p->timer_cv);
    /* the timer expires queued jobs and retries those waiting for memory
     * when nothing else runs */
    p->timer_started = pthread_create(&p->timer, NULL, gr_pool_timer, p) == 0;
    for (unsigned i = 0; i < threads; i++) {
        if (pthread_create(&p->threads[i], NULL, gr_pool_main, p) != 0) {
            break;
        }
        p->nthreads++;
    }
    if (p->nthreads == 0) {
        gr_pool_free(p);
        return NULL;
    }
    return p;
}

/* ---- admission ------------------------------------------------------------ */

static void gr_refill(const gr_pool *p, gr_pool_client *c, uint64_t now)
{
    uint64_t cap = (uint64_t)p->lim.burst * GR_MICRO;
    if (now <= c->refilled_ns) {
        return;
    }
    uint64_t dt = now - c->refilled_ns;
    /* past a full refill the product could only overflow */
    uint64_t full_ns = (uint64_t)(p->lim.burst + 1) * 1000000000u / p->lim.rate;
    uint64_t add = dt >= full_ns ? cap : dt / 1000u * p->lim.rate; /* micro-tokens */
    c->tokens = c->tokens + add > cap ? cap : c->tokens + add;
    c->refilled_ns = now;
}

gr_pool_verdict gr_pool_rate(gr_pool *p, const gr_ip *key, uint64_t now, unsigned *retry_after)
{
    if (p->lim.rate == 0) {
        return GR_POOL_OK;
    }
    pthread_mutex_lock(&p->mu);
    gr_pool_verdict v = GR_POOL_OK;
    gr_pool_client *c = gr_client_get(p, key, now);
    if (c != NULL) { /* else every entry has work: let it through uncounted */
        gr_refill(p, c, now);
        if (c->tokens >= GR_MICRO) {
            c->tokens -= GR_MICRO;
        } else {
            uint64_t need = GR_MICRO - c->tokens;
            uint64_t secs =
                (need + (uint64_t)p->lim.rate * GR_MICRO - 1) / ((uint64_t)p->lim.rate * GR_MICRO);
            *retry_after = secs > 0 ? (unsigned)secs : 1;
            p->refused_rate++;
            v = GR_POOL_RATE;
        }
        gr_client_touch(p, c);
    }
    pthread_mutex_unlock(&p->mu);
    return v;
}

gr_pool_verdict gr_pool_submit(gr_pool *p, gr_pool_job *job, const gr_ip *key, uint64_t now,
                               unsigned *retry_after)
{
    *retry_after = 1;
    pthread_mutex_lock(&p->mu);
    gr_pool_verdict v = GR_POOL_OK;
    gr_pool_client *c = p->stopping ? NULL : gr_client_get(p, key, now);
    if (c == NULL) {
        v = GR_POOL_BUSY;
    } else if (c->benched_until > now) {
        v = GR_POOL_BENCHED;
    } else if (p->lim.inflight_per_client != 0 &&
               c->queued + c->running + c->waiting >= p->lim.inflight_per_client) {
        p->refused_inflight++;
        v = GR_POOL_INFLIGHT;
    } else {
        job->next = NULL;
        job->client = c;
        job->queued_ns = now;
        job->waited_memory = false;
        if (c->tail != NULL) {
            c->tail->next = job;
        } else {
            c->head = job;
        }
        c->tail = job;
        if (c->queued++ == 0) {
            p->clients_queued++;
            gr_link_unlink(&c->link); /* from the idle list, or the end of the ring... */
            gr_link_push_back(&p->ring, &c->link); /* ...to the end of the ring */
        }
        if (p->queued++ == 0 && p->lim.max_queue_ns != 0) {
            pthread_cond_signal(&p->timer_cv); /* the timer has a job to watch */
        }
        pthread_cond_signal(&p->cv);
    }
    pthread_mutex_unlock(&p->mu);
    return v;
}

gr_pool_verdict gr_pool_stream_open(gr_pool *p, const gr_ip *key, uint64_t now,
                                    unsigned per_client)
{
    pthread_mutex_lock(&p->mu);
    gr_pool_verdict v = GR_POOL_OK;
    gr_pool_client *c = gr_client_get(p, key, now);
    if (c == NULL) {
        v = GR_POOL_BUSY;
    } else if (per_client != 0 && c->streams >= per_client) {
        v = GR_POOL_INFLIGHT;
    } else {
        c->streams++;
        gr_client_touch(p, c); /* off the idle list */
    }
    pthread_mutex_unlock(&p->mu);
    return v;
}

void gr_pool_stream_close(gr_pool *p, const gr_ip *key)
{
    pthread_mutex_lock(&p->mu);
    gr_pool_client *c = gr_client_get(p, key, 0);
    if (c != NULL && c->streams > 0) {
        c->streams--;
        gr_client_touch(p, c);
    }
    pthread_mutex_unlock(&p->mu);
}

void gr_pool_bench(gr_pool *p, const gr_ip *key, uint64_t now, uint64_t until)
{
    pthread_mutex_lock(&p->mu);
    gr_pool_client *c = gr_client_get(p, key, now);
    if (c != NULL) {
        c->benched_until = until;
    }
    pthread_mutex_unlock(&p->mu);
}

bool gr_pool_benched(gr_pool *p, const gr_ip *key, uint64_t now)
{
    pthread_mutex_lock(&p->mu);
    gr_pool_client *c = gr_client_get(p, key, now);
    bool b = c != NULL && c->benched_until > now;
    pthread_mutex_unlock(&p->mu);
    return b;
}

void gr_pool_expire(gr_pool *p, uint64_t now)
{
    if (p->lim.max_queue_ns == 0) {
        return;
    }
    gr_pool_job *late = NULL, **tail = &late;
    pthread_mutex_lock(&p->mu);
    for (gr_link *l = p->ring.next, *next; l != &p->ring; l = next) {
        next = l->next;
        gr_pool_client *c = gr_client_of(l);
        while (c->head != NULL && gr_job_late(p, c->head, now)) {
            gr_pool_job *j = gr_client_pop(p, c);
            p->expired++;
            *tail = j;
            tail = &j->next;
        }
        if (c->queued == 0) {
            gr_link_unlink(&c->link);
            gr_client_touch(p, c);
        }
    }
    for (gr_pool_job **at = &p->mem_wait; *at != NULL;) {
        gr_pool_job *j = *at;
        if (!gr_job_late(p, j, now)) {
            at = &j->next;
            continue;
        }
        *at = j->next;
        if (p->mem_tail == &j->next) {
            p->mem_tail = at;
        }
        j->client->waiting--;
        p->waiting--;
        gr_client_touch(p, j->client);
        p->expired++;
        *tail = j;
        tail = &j->next;
        j->next = NULL;
    }
    pthread_mutex_unlock(&p->mu);
    while (late != NULL) {
        gr_pool_job *j = late;
        late = j->next;
        gr_pool_call(j, GR_POOL_EXPIRED);
    }
}

void gr_pool_stats_get(gr_pool *p, gr_pool_stats *out)
{
    pthread_mutex_lock(&p->mu);
    out->queued = p->queued + p->waiting;
    out->waiting_memory = p->waiting;
    out->memory_waits = p->memory_waits;
    out->running = p->running;
    out->clients_queued = p->clients_queued;
    out->clients = p->used;
    out->refused_rate = p->refused_rate;
    out->refused_inflight = p->refused_inflight;
    out->expired = p->expired;
    pthread_mutex_unlock(&p->mu);
}

void gr_pool_stop(gr_pool *p)
{
    pthread_mutex_lock(&p->mu);
    if (p->stopped) {
        pthread_mutex_unlock(&p->mu);
        return;
    }
    p->stopping = p->stopped = true;
    pthread_cond_broadcast(&p->cv);
    pthread_cond_broadcast(&p->timer_cv);
    pthread_mutex_unlock(&p->mu);
    for (unsigned i = 0; i < p->nthreads; i++) {
        pthread_join(p->threads[i], NULL);
    }
    if (p->timer_started) {
        pthread_join(p->timer, NULL);
    }
    /* every worker is joined: what is queued is ours alone */
    gr_requeue_waiting_locked(p);
    while (!gr_link_empty(&p->ring)) {
        gr_pool_client *c = gr_client_of(p->ring.next);
        while (c->head != NULL) {
            gr_pool_job *j = gr_client_pop(p, c);
            gr_pool_call(j, GR_POOL_STOPPED);
        }
        gr_link_unlink(&c->link);
        gr_client_touch(p, c);
    }
}

void gr_pool_free(gr_pool *p)
{
    if (p == NULL) {
        return;
    }
    gr_pool_stop(p);
    pthread_cond_destroy(&p->cv);
    pthread_cond_destroy(&p->timer_cv);
    pthread_mutex_destroy(&p->mu);
    free(p->entries);
    free(p->buckets);
    free(p->threads);
    free(p);
}
