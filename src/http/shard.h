/* Per-thread shards of shared counters and buffers (metrics, access log):
 * a thread takes the next shard on its first use and keeps it, so the
 * threads of the daemon's pools each write their own cache lines.  More
 * threads than shards share, which is correct, only contended. */
#ifndef GR_SHARD_H
#define GR_SHARD_H

#include <stdatomic.h>

/* mine: the caller's _Thread_local slot (shard + 1; 0 until chosen);
 * next: the owner's counter of shards handed out; n: the shard count. */
static inline unsigned gr_shard_pick(unsigned *mine, atomic_uint *next, unsigned n)
{
    if (*mine == 0) {
        *mine = atomic_fetch_add_explicit(next, 1, memory_order_relaxed) % n + 1;
    }
    return *mine - 1;
}

#endif
