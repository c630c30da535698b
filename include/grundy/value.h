/*
 * The value algebra of impartial games: finite nimbers, ordinal values
 * below epsilon_0 and the loopy values infinity(K) of the generalised
 * Sprague-Grundy function, their nim-sum, and the outcome of a sum
 * (docs/values.md).
 *
 * A disjunctive sum is played by moving in exactly one component.  By the
 * Sprague-Grundy theorem a sum of finite values n_i is worth their XOR and
 * the player to move wins iff that is not 0, by moving one component i to
 * n_i XOR total.  Ordinal values add the same way coefficient by
 * coefficient (the ordinal nim-sum of include/grundy/ordinal.h).  For
 * loopy values (Smith 1966): one component of value infinity(K), the
 * others summing to a, gives infinity(K XOR a), a first-player win iff a
 * is in K -- by moving that component to value a -- and a draw otherwise;
 * two or more infinite components give infinity(empty), a draw.
 *
 * Everything is computed from values alone, so a program linking only
 * libgrundy.a can analyse a sum of any families' positions: solve each
 * with its own core module, describe its value as a gr_value, and call
 * gr_value_sum.
 */
#ifndef GRUNDY_VALUE_H
#define GRUNDY_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/ordinal.h"
#include "grundy/status.h"

typedef enum gr_value_kind {
    GR_VALUE_FINITE,  /* n */
    GR_VALUE_ORDINAL, /* an ordinal below epsilon_0 */
    GR_VALUE_LOOPY    /* infinity(K) of the generalised SG function */
} gr_value_kind;

typedef struct gr_value {
    gr_value_kind kind;
    uint64_t n;                /* FINITE; ORDINAL: the value when it is finite */
    const gr_ord_ref *ordinal; /* ORDINAL: the value in its own context */
    const uint64_t *k;         /* LOOPY: K, the finite follower values, increasing */
    size_t nk;
} gr_value;

/* Who wins a position with perfect play. */
typedef enum gr_outcome {
    GR_OUTCOME_SECOND, /* the player to move loses */
    GR_OUTCOME_FIRST,  /* the player to move wins */
    GR_OUTCOME_DRAW    /* play goes on for ever (loopy values only) */
} gr_outcome;

/* A sum of components and what it is worth. */
typedef struct gr_value_sum {
    const gr_value *part;
    size_t n;
    gr_value_kind kind; /* of the sum's value */
    gr_outcome outcome;
    size_t loopy;       /* components of infinite value */
    size_t first_loopy; /* the first of them (when loopy > 0) */
    size_t next_loopy;  /* the second of them (when loopy > 1) */
    bool ordinal;       /* some component is ordinal-valued */
    /* FINITE: the XOR of the components.  With one loopy component and no
     * ordinals: the XOR of the others, a. */
    uint64_t total;
    /* With ordinals: the context every label and sum lives in, each finite
     * or ordinal component's value there (label[i]; GR_ORD_ZERO for loopy
     * ones) and the nim-sum of those (ORDINAL: the sum's value). */
    gr_ord_ctx *ctx;
    gr_ord *label;
    gr_ord total_ord;
    /* LOOPY with one loopy component: the others sum to a = high + a0
     * (high the transfinite part, GR_ORD_ZERO without ordinals); the sum
     * is infinity(K'), K' = { high + (k XOR a0) : k in K }, whose finite
     * parts k XOR a0 are k[0..nk), increasing.  The loopy component's
     * winning move goes to value a0 (when high is 0 and a0 is in K).
     * LOOPY with two or more: K' is empty. */
    gr_ord high;
    uint64_t a0;
    uint64_t *k;
    size_t nk;
} gr_value_sum;

/* Adds the n components' values into *out (which keeps a pointer to
 * parts).  Ordinal components may each live in a context of their own;
 * they are imported into one made in arena.  GR_ENOMEM over budget. */
gr_status gr_value_sum_of(gr_arena *arena, const gr_value *parts, size_t n, gr_value_sum *out);

/* The value component i must move to for the whole sum to be worth 0 (a
 * winning move, when the sum's outcome is GR_OUTCOME_FIRST).  *any is
 * false when no move of that component can reach it (a finite-valued
 * component never reaches a transfinite value; with a loopy component only
 * that component can win).  An ordinal target lives in s->ctx, through
 * *ref, which must outlive *target. */
gr_status gr_value_sum_target(gr_value_sum *s, size_t i, gr_ord_ref *ref, gr_value *target,
                              bool *any);

/* With ordinals, element i of a loopy sum's K' as an ordinal in s->ctx:
 * high + k[i]. */
gr_status gr_value_sum_loopy_ord(gr_value_sum *s, size_t i, gr_ord *out);

/* The value the sum would have with component i replaced by `after` (the
 * value of a position component i can move to), in O(|K|) instead of a
 * new gr_value_sum_of: the finite parts XOR to total ^ old ^ new, and by
 * Smith's rule one loopy part left gives infinity(K XOR that), two or more
 * infinity(empty).  K is sorted into arena.  Sums without ordinal
 * components only (GR_EINVAL otherwise: an ordinal position has
 * infinitely many moves to list). */
gr_status gr_value_sum_after(gr_arena *arena, const gr_value_sum *s, size_t i,
                             const gr_value *after, gr_value *out);

/* Who wins a position worth v when it is the next player's turn: finite
 * v != 0 or a loopy v with 0 in K (Smith), GR_OUTCOME_FIRST; finite 0,
 * GR_OUTCOME_SECOND; a loopy v without 0 in K, GR_OUTCOME_DRAW.  Finite
 * and loopy values only. */
gr_outcome gr_value_outcome(const gr_value *v);

#endif
