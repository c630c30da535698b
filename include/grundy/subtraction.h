/*
 * Subtraction games (docs/periodicity.md).
 *
 * A move takes s tokens from one pile, s drawn from a subtraction set S.
 * Two forms:
 *   - take 1..K (max_take = K): g(n) = n mod (K+1), docs/periodicity.md;
 *     piles and K up to 2^63-1, O(1) per pile;
 *   - a finite set S: g(n) = mex { g(n-s) : s in S, s <= n }.  Each value
 *     depends only on the previous m = max(S) values, so the sequence is a
 *     deterministic function of a sliding window of m values; as soon as a
 *     window repeats, everything after repeats too.  gr_sub_solve finds the
 *     first repeated window by hashing the windows (verifying any hash match
 *     value by value), which gives the least preperiod e and least period p
 *     (any earlier repeat would contradict minimality), after which any pile
 *     is answered in O(1) for its value and O(|S|) for its moves.
 *
 * Limits (GR_ELIMIT, 422 at the API): |S| <= GR_SUB_MAX_SET, elements in
 * 1..GR_SUB_MAX_ELEMENT.  The period search computes at most
 * GR_SUB_MAX_VALUES values and at most GR_SUB_MAX_WORK option look-ups
 * (values * |S|); if no window has repeated by then, the table stays
 * non-periodic and only piles below `computed` can be answered.
 */
#ifndef GRUNDY_SUBTRACTION_H
#define GRUNDY_SUBTRACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

#define GR_SUB_MAX_SET 10000u
#define GR_SUB_MAX_ELEMENT 1000000u
#define GR_SUB_MAX_VALUES (1u << 22) /* 4194304 values */
#define GR_SUB_MAX_WORK (1ull << 28) /* 268435456 look-ups */

typedef struct gr_sub_rules {
    uint64_t max_take;   /* > 0: take 1..max_take (set ignored) */
    const uint64_t *set; /* else: S, any order, repeats allowed */
    size_t set_len;
} gr_sub_rules;

typedef struct gr_sub_table {
    uint64_t max_take;   /* > 0: closed form, nothing below is used */
    const uint32_t *set; /* S ascending, distinct */
    size_t set_len;
    const uint16_t *values; /* g(0) .. g(computed-1); g <= |S| < 2^16 */
    uint64_t computed;
    bool periodic; /* g(n+period) = g(n) for all n >= preperiod */
    uint64_t preperiod;
    uint64_t period; /* for max_take: preperiod 0, period K+1 */
} gr_sub_table;

/* Validates the rules (GR_EINVAL: an element 0 or no rule at all;
 * GR_ELIMIT: over the limits above) and computes the table.  Not finding a
 * period within the bounds is not an error: out->periodic is false. */
gr_status gr_sub_solve(gr_arena *arena, const gr_sub_rules *rules,
                       gr_sub_table *out);

/* g(n); GR_ELIMIT when n >= computed and no period is known. */
gr_status gr_sub_grundy(const gr_sub_table *t, uint64_t n, uint64_t *g);

/* A pile n' < computed with the same option values as pile n (s <= n iff
 * s <= n', g(n-s) = g(n'-s) for every s in S), so that per-pile work can be
 * memoised on n'.  Finite sets only; n itself when n < computed.  Returns
 * GR_ELIMIT as gr_sub_grundy does. */
gr_status gr_sub_reduce(const gr_sub_table *t, uint64_t n, uint64_t *reduced);

/* The takes s (ascending) that move a pile of n to a pile of value target:
 * writes the first min(count, max) of them to takes[] and their number to
 * *count (at most |S|, at most 1 for max_take). */
gr_status gr_sub_moves_to(const gr_sub_table *t, uint64_t n, uint64_t target,
                          uint64_t *takes, size_t max, size_t *count);

#endif
