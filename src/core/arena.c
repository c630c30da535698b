/*
 * The per-request arena (see include/grundy/arena.h for the contract).
 *
 * Layout.  Small allocations are carved from the current block by moving
 * `pos` towards `end`.  When a block is full a new one is chained in front;
 * block sizes double from GR_BLOCK_FIRST up to GR_BLOCK_MAX so a request
 * that needs a few kilobytes pays one malloc, and one that needs hundreds
 * of megabytes pays a few dozen.  Anything above GR_LARGE goes to its own
 * malloc'ed chunk on a doubly linked list, so it can be resized with
 * realloc and released early without scanning.
 *
 * Whether an allocation is small or large is decided by its size alone,
 * which is why realloc and free take the size: no header lookups, no
 * guessing from addresses.
 *
 * Budget.  `bytes` counts everything obtained from malloc (block headers
 * and chunk headers included).  Before each malloc the arena checks that
 * bytes + request <= budget; over it the allocation fails with NULL.
 */
#include "grundy/arena.h"

#include "core/list.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GR_BLOCK_FIRST (8u * 1024u)
#define GR_BLOCK_MAX (1024u * 1024u)
#define GR_LARGE (64u * 1024u)

#define GR_ALIGN_UP(n) (((n) + (GR_ARENA_ALIGNMENT - 1)) & ~(size_t)(GR_ARENA_ALIGNMENT - 1))

typedef struct gr_block {
    struct gr_block *next;
    size_t size; /* total bytes of this block, header included */
    max_align_t align_;
} gr_block;

typedef struct gr_large {
    gr_link link; /* on the arena's list of large chunks */
    size_t size;  /* total bytes of this chunk, header included */
    max_align_t align_;
} gr_large;

typedef struct gr_cleanup {
    struct gr_cleanup *next;
    void (*fn)(void *);
    void *data;
} gr_cleanup;

struct gr_arena {
    gr_block *blocks; /* current block first */
    unsigned char *pos, *end;
    unsigned char *last; /* start of the most recent small allocation */
    gr_link large;       /* the gr_large chunks */
    gr_cleanup *cleanups;
    size_t bytes, peak, budget;
    size_t next_block;
    const gr_stop *stop;
    gr_arena_quota *quota; /* shared with other arenas; NULL: none */
    int quota_hit;         /* the last refusal came from the quota */
};

#define GR_BLOCK_HDR GR_ALIGN_UP(sizeof(gr_block))
#define GR_LARGE_HDR GR_ALIGN_UP(sizeof(gr_large))

static int gr_arena_charge(gr_arena *a, size_t n)
{
    if (a->budget != 0 && (n > a->budget || a->bytes > a->budget - n)) {
        a->quota_hit = 0;
        return -1;
    }
    gr_arena_quota *q = a->quota;
    if (q != NULL) {
        size_t before = atomic_fetch_add_explicit(&q->used, n, memory_order_relaxed);
        if (q->limit != 0 && (n > q->limit || before > q->limit - n)) {
            atomic_fetch_sub_explicit(&q->used, n, memory_order_relaxed);
            a->quota_hit = 1;
            return -1;
        }
    }
    a->bytes += n;
    if (a->bytes > a->peak) {
        a->peak = a->bytes;
    }
    return 0;
}

/* Gives n bytes back to the budget and the quota. */
static void gr_arena_uncharge(gr_arena *a, size_t n)
{
    a->bytes -= n;
    if (a->quota != NULL) {
        atomic_fetch_sub_explicit(&a->quota->used, n, memory_order_relaxed);
    }
}

static int gr_arena_new_block(gr_arena *a, size_t need)
{
    size_t size = a->next_block;
    while (size - GR_BLOCK_HDR < need) {
        size *= 2;
    }
    if (gr_arena_charge(a, size) != 0) {
        return -1;
    }
    gr_block *b = malloc(size);
    if (b == NULL) {
        gr_arena_uncharge(a, size);
        return -1;
    }
    b->size = size;
    b->next = a->blocks;
    a->blocks = b;
    a->pos = (unsigned char *)b + GR_BLOCK_HDR;
    a->end = (unsigned char *)b + size;
    a->last = NULL;
    if (a->next_block < GR_BLOCK_MAX) {
        a->next_block *= 2;
    }
    return 0;
}

gr_arena *gr_arena_create(size_t budget)
{
    return gr_arena_create_in(budget, NULL);
}

gr_arena *gr_arena_create_in(size_t budget, gr_arena_quota *quota)
{
    gr_arena *a = calloc(1, sizeof(*a));
    if (a == NULL) {
        return NULL;
    }
    a->budget = budget;
    a->quota = quota;
    a->next_block = GR_BLOCK_FIRST;
    gr_link_init(&a->large);
    if (gr_arena_charge(a, sizeof(*a)) != 0) {
        free(a);
        return NULL;
    }
    if (gr_arena_new_block(a, 0) != 0) {
        gr_arena_uncharge(a, sizeof(*a));
        free(a);
        return NULL;
    }
    return a;
}

int gr_arena_quota_hit(const gr_arena *a)
{
    return a->quota_hit;
}

static void gr_arena_run_cleanups(gr_arena *a)
{
    while (a->cleanups != NULL) {
        gr_cleanup *c = a->cleanups;
        a->cleanups = c->next;
        c->fn(c->data);
    }
}

static void gr_arena_release(gr_arena *a, int keep_first)
{
    gr_arena_run_cleanups(a);
    while (!gr_link_empty(&a->large)) {
        gr_large *l = GR_LINK_ENTRY(a->large.next, gr_large, link);
        gr_link_unlink(&l->link);
        gr_arena_uncharge(a, l->size);
        free(l);
    }
    gr_block *keep = NULL;
    for (gr_block *b = a->blocks, *next; b != NULL; b = next) {
        next = b->next;
        if (keep_first && next == NULL) {
            keep = b;
            break;
        }
        gr_arena_uncharge(a, b->size);
        free(b);
    }
    a->blocks = keep;
    if (keep != NULL) {
        keep->next = NULL;
        a->pos = (unsigned char *)keep + GR_BLOCK_HDR;
        a->end = (unsigned char *)keep + keep->size;
        a->next_block = GR_BLOCK_FIRST * 2;
    }
    a->last = NULL;
    a->stop = NULL;
}

void gr_arena_destroy(gr_arena *a)
{
    if (a == NULL) {
        return;
    }
    gr_arena_release(a, 0);
    gr_arena_uncharge(a, a->bytes); /* the arena's own header */
    free(a);
}

void gr_arena_reset(gr_arena *a)
{
    gr_arena_release(a, 1);
}

static void *gr_arena_alloc_large(gr_arena *a, size_t size)
{
    if (size > SIZE_MAX - GR_LARGE_HDR) {
        return NULL;
    }
    size_t total = GR_LARGE_HDR + size;
    if (gr_arena_charge(a, total) != 0) {
        return NULL;
    }
    gr_large *l = malloc(total);
    if (l == NULL) {
        gr_arena_uncharge(a, total);
        return NULL;
    }
    l->size = total;
    gr_link_push_front(&a->large, &l->link);
    return (unsigned char *)l + GR_LARGE_HDR;
}

void *gr_arena_alloc(gr_arena *a, size_t size)
{
    if (size > GR_LARGE) {
        return gr_arena_alloc_large(a, size);
    }
    size_t n = GR_ALIGN_UP(size == 0 ? 1 : size);
    if ((size_t)(a->end - a->pos) < n && gr_arena_new_block(a, n) != 0) {
        return NULL;
    }
    a->last = a->pos;
    a->pos += n;
    return a->last;
}

void *gr_arena_calloc(gr_arena *a, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size) {
        return NULL;
    }
    void *p = gr_arena_alloc(a, n * size);
    if (p != NULL) {
        memset(p, 0, n * size);
    }
    return p;
}

static gr_large *gr_large_of(void *ptr)
{
    return (gr_large *)((unsigned char *)ptr - GR_LARGE_HDR);
}

char *gr_arena_strdup(gr_arena *a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = gr_arena_alloc(a, n);
    if (p != NULL) {
        memcpy(p, s, n);
    }
    return p;
}

void *gr_arena_grow(gr_arena *a, void *buf, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap) {
        return buf;
    }
    size_t n = *cap > 0 ? *cap : (first > 0 ? first : 1);
    while (n < need) {
        if (n > ((size_t)-1) / 2) {
            return NULL;
        }
        n *= 2;
    }
    if (n > ((size_t)-1) / size) {
        return NULL;
    }
    void *p = gr_arena_realloc(a, buf, *cap * size, n * size);
    if (p != NULL) {
        *cap = n;
    }
    return p;
}

void *gr_arena_realloc(gr_arena *a, void *ptr, size_t old_size, size_t new_size)
{
    if (ptr == NULL) {
        return gr_arena_alloc(a, new_size);
    }
    if (old_size > GR_LARGE && new_size > GR_LARGE) {
        gr_large *l = gr_large_of(ptr);
        if (new_size > SIZE_MAX - GR_LARGE_HDR) {
            return NULL;
        }
        size_t total = GR_LARGE_HDR + new_size;
        if (total > l->size && gr_arena_charge(a, total - l->size) != 0) {
            return NULL;
        }
        gr_large *m = realloc(l, total);
        if (m == NULL) {
            if (total > l->size) {
                gr_arena_uncharge(a, total - l->size);
            }
            return NULL;
        }
        if (total < m->size) {
            gr_arena_uncharge(a, m->size - total);
        }
        m->size = total;
        gr_link_moved(&m->link);
        return (unsigned char *)m + GR_LARGE_HDR;
    }
    if (old_size <= GR_LARGE && new_size <= GR_LARGE && ptr == a->last) {
        size_t n = GR_ALIGN_UP(new_size == 0 ? 1 : new_size);
        if ((size_t)(a->end - a->last) >= n) {
            a->pos = a->last + n;
            return ptr;
        }
    }
    void *p = gr_arena_alloc(a, new_size);
    if (p == NULL) {
        return NULL;
    }
    memcpy(p, ptr, old_size < new_size ? old_size : new_size);
    gr_arena_free(a, ptr, old_size);
    return p;
}

void gr_arena_free(gr_arena *a, void *ptr, size_t size)
{
    if (ptr == NULL) {
        return;
    }
    if (size > GR_LARGE) {
        gr_large *l = gr_large_of(ptr);
        gr_link_unlink(&l->link);
        gr_arena_uncharge(a, l->size);
        free(l);
    } else if (ptr == a->last) {
        a->pos = a->last;
        a->last = NULL;
    }
}

size_t gr_arena_bytes(const gr_arena *a)
{
    return a->bytes;
}
size_t gr_arena_peak(const gr_arena *a)
{
    return a->peak;
}
size_t gr_arena_budget(const gr_arena *a)
{
    return a->budget;
}

int gr_arena_on_cleanup(gr_arena *a, void (*fn)(void *), void *data)
{
    gr_cleanup *c = gr_arena_alloc(a, sizeof(*c));
    if (c == NULL) {
        return -1;
    }
    c->fn = fn;
    c->data = data;
    c->next = a->cleanups;
    a->cleanups = c;
    return 0;
}

void gr_arena_set_stop(gr_arena *a, const gr_stop *stop)
{
    a->stop = stop;
}

const gr_stop *gr_arena_stop(const gr_arena *a)
{
    return a->stop;
}

gr_status gr_arena_check(const gr_arena *a)
{
    const gr_stop *s = a->stop;
    if (s == NULL) {
        return GR_OK;
    }
    if ((s->cancel != NULL && atomic_load_explicit(s->cancel, memory_order_relaxed)) ||
        (s->cancel_all != NULL && atomic_load_explicit(s->cancel_all, memory_order_relaxed))) {
        return GR_ECANCELLED;
    }
    if (s->deadline_ns != 0) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        uint64_t now = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
        if (now >= s->deadline_ns) {
            return GR_ETIME;
        }
    }
    return GR_OK;
}
