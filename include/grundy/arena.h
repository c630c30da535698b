/*
 * Per-request arena.
 *
 * Every allocation a request makes -- body buffer, JSON tree, solver
 * scratch, response text -- comes from one arena and is released at once
 * when the request ends.  The design follows nginx's pool: small requests
 * are bump-allocated from a chain of blocks; requests larger than a block's
 * worth go to a separate list of individually malloc'ed chunks, so a large
 * array never wastes the tail of a block.
 *
 * An arena carries a memory budget.  An allocation that would take the total
 * past the budget returns NULL, and callers turn that into GR_ENOMEM, which
 * the HTTP layer answers with 413.  Nothing aborts.
 *
 * An arena is used by one thread at a time; the core never shares one.
 */
#ifndef GRUNDY_ARENA_H
#define GRUNDY_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

#define GR_ARENA_ALIGNMENT 16

typedef struct gr_arena gr_arena;

/* budget: the most bytes (blocks + large chunks + bookkeeping) the arena may
 * hold; 0 means unlimited.  Returns NULL when malloc fails. */
gr_arena *gr_arena_create(size_t budget);

/* A budget shared by many arenas (the daemon's --max-memory): each arena
 * charges what it takes from the system to `used` and gives it back when
 * it lets go, so the sum over every live request is bounded.  `used` is
 * updated atomically, a few times per block, never per allocation. */
typedef struct gr_arena_quota {
    _Atomic size_t used;
    size_t limit; /* 0: unlimited */
} gr_arena_quota;

/* As gr_arena_create, charging quota too (NULL: none).  NULL also when the
 * quota cannot hold the first block. */
gr_arena *gr_arena_create_in(size_t budget, gr_arena_quota *quota);

/* Whether the arena's last refused allocation was refused by the shared
 * quota rather than its own budget: the process is busy (503, retry),
 * not the request too large (413). */
int gr_arena_quota_hit(const gr_arena *arena);
void gr_arena_destroy(gr_arena *arena);

/* Releases everything but the first block; the arena can be used again. */
void gr_arena_reset(gr_arena *arena);

/* GR_ARENA_ALIGNMENT-aligned memory, or NULL over budget / out of memory.
 * size 0 returns a valid unique pointer. */
void *gr_arena_alloc(gr_arena *arena, size_t size);

/* Zeroed n*size bytes; NULL also when n*size overflows. */
void *gr_arena_calloc(gr_arena *arena, size_t n, size_t size);

/* Grows (or shrinks) an allocation made by this arena, keeping its first
 * min(old_size, new_size) bytes.  The last small allocation and large
 * chunks are resized in place when possible; otherwise a copy is made and
 * the old space is simply abandoned until the arena dies. */
void *gr_arena_realloc(gr_arena *arena, void *ptr, size_t old_size, size_t new_size);

/* A copy of the string s in arena; NULL when out of memory. */
char *gr_arena_strdup(gr_arena *arena, const char *s);

/* Room for at least `need` elements of `size` bytes in buf, an array
 * of *cap elements from arena (buf NULL, *cap 0: none yet): the capacity
 * doubles, from `first` when there is none, until it holds need, and the
 * contents are kept.  Returns the array (buf itself when it is large
 * enough) and sets *cap; NULL when out of memory, buf and *cap then
 * unchanged. */
void *gr_arena_grow(gr_arena *arena, void *buf, size_t *cap, size_t need, size_t size,
                    size_t first);

/* The most parallel arrays gr_arena_grow_columns grows together. */
#define GR_ARENA_MAX_COLUMNS 8

/* Room for row n of k parallel arrays of *cap rows each (a table kept as
 * columns): when n == *cap every array is replaced by one of twice the
 * rows (`first` when there are none), its first n rows copied and the old
 * one freed.  cols[i] is the address of the i-th array's pointer (a T **
 * for an array of T), whose rows are sizes[i] bytes.  All or none: on
 * GR_ENOMEM the arrays and *cap are as they were. */
gr_status gr_arena_grow_columns(gr_arena *arena, void *const cols[], const size_t sizes[], size_t k,
                                size_t n, size_t *cap, size_t first);

/* Releases an allocation early: large chunks go back to the system at
 * once, small ones are abandoned until the arena dies.  size must be the
 * size the allocation was made (or last resized) with.  Useful for a
 * temporary array of many megabytes in a long solve. */
void gr_arena_free(gr_arena *arena, void *ptr, size_t size);

/* Bytes currently held from the system, and the most ever held. */
size_t gr_arena_bytes(const gr_arena *arena);
size_t gr_arena_peak(const gr_arena *arena);
size_t gr_arena_budget(const gr_arena *arena);

/* Registers fn(data) to run when the arena is destroyed or reset, last
 * registered first.  Returns 0, or -1 when over budget. */
int gr_arena_on_cleanup(gr_arena *arena, void (*fn)(void *), void *data);

/* Stop conditions.  A request's work may have to end before it is done:
 * its client hung up, the server is stopping, or its analysis time ran
 * out.  The core has no globals, so the conditions travel with the
 * request's arena: the HTTP layer attaches a gr_stop, and every solver
 * whose work can be long calls gr_arena_check every few thousand steps
 * and returns its status (GR_ECANCELLED or GR_ETIME) as it would any
 * other error.  `cancel` is written by another thread, hence atomic; a
 * NULL stop (the default, and the CLI's) never stops. */
typedef struct gr_stop {
    const _Atomic int *cancel;     /* non-zero: stop now; may be NULL */
    const _Atomic int *cancel_all; /* a second flag (the server's); may be NULL */
    uint64_t deadline_ns;          /* CLOCK_MONOTONIC; 0 means no deadline */
} gr_stop;

/* Attaches stop (which must outlive the arena's use; NULL detaches). */
void gr_arena_set_stop(gr_arena *arena, const gr_stop *stop);
const gr_stop *gr_arena_stop(const gr_arena *arena);

/* GR_OK, GR_ECANCELLED or GR_ETIME.  Costs two relaxed loads and, with a
 * deadline, one clock read (~20 ns): call it every few thousand steps of
 * a long loop, not every step. */
gr_status gr_arena_check(const gr_arena *arena);

/* Convenience: typed array allocation, NULL on overflow or budget. */
#define GR_ARENA_ARRAY(arena, type, n) ((type *)gr_arena_calloc((arena), (n), sizeof(type)))
#define GR_ARENA_ARRAY_UNINIT(arena, type, n)                                                      \
    ((type *)gr_arena_alloc_array((arena), (n), sizeof(type)))

static inline void *gr_arena_alloc_array(gr_arena *arena, size_t n, size_t size)
{
    if (size != 0 && n > ((size_t)-1) / size) {
        return NULL;
    }
    return gr_arena_alloc(arena, n * size);
}

#endif
