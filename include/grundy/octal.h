/*
 * Octal (take-and-break) games on heaps (DESIGN §4.7).
 *
 * A code "0.d1d2...dk" with octal digits dj.  From a heap of h tokens a
 * move takes j tokens (1 <= j <= k, j <= h) and then, as dj allows:
 *   bit 1: leaves no heap        (only when j == h),
 *   bit 2: leaves one heap       h - j >= 1,
 *   bit 4: leaves two heaps      a + b = h - j, a, b >= 1.
 * Kayles 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137, take 1..K 0.33..3.
 * Only the form starting "0." is accepted (no "4." or ".77" shorthands: a
 * nonzero digit before the point is a different family of games, and the
 * issue asks for codes without "0." to be refused).  Trailing zeros are
 * allowed and ignored; t, the largest take with a nonzero digit, is what the
 * periodicity test uses.
 *
 * Values g(h) = mex of the option values (the XOR of the leaves' values) are
 * computed in order.  Periodicity is confirmed by the Guy-Smith theorem
 * (Winning Ways ch. 4): if g(n+p) = g(n) for all e <= n < 2e + p + t then
 * g(n+p) = g(n) for every n >= e (applied with e >= 1: a split never
 * leaves an empty heap, see octal.c).  The least such p (and, for it, the least
 * e) is searched for as the table grows; once found, heaps up to 2^63-1 are
 * answered.  Before confirmation only heaps below `computed` are answered;
 * the table stops growing at GR_OCTAL_MAX_VALUES values (GR_ELIMIT beyond,
 * 422 at the API).  Values are at most GR_OCTAL_MAX_GRUNDY (never reached
 * by any game in the literature; GR_ELIMIT if it is).
 */
#ifndef GRUNDY_OCTAL_H
#define GRUNDY_OCTAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

#define GR_OCTAL_MAX_DIGITS 64
#define GR_OCTAL_MAX_VALUES 32768u
#define GR_OCTAL_MAX_GRUNDY 65535u
#define GR_OCTAL_MAX_MOVE_WORK (1ull << 29) /* pair checks, see moves_to */

typedef struct gr_octal_code {
    unsigned len;                           /* t: last nonzero digit */
    uint8_t digit[GR_OCTAL_MAX_DIGITS + 1]; /* digit[1..len]; digit[0] 0 */
} gr_octal_code;

/* Parses "0.d1...dk".  GR_EINVAL (with *bad_at the offending byte offset)
 * for anything else; GR_ELIMIT for more than GR_OCTAL_MAX_DIGITS digits. */
gr_status gr_octal_parse(const char *text, gr_octal_code *out, size_t *bad_at);

typedef struct gr_octal_split_cache gr_octal_split_cache;

typedef struct gr_octal_table {
    gr_octal_code code;
    const uint16_t *values; /* g(0) .. g(computed-1) */
    uint64_t computed;
    uint64_t max_value; /* the largest value in the table */
    bool periodic;      /* confirmed by Guy-Smith */
    uint64_t preperiod; /* e */
    uint64_t period;    /* p */
    uint32_t *residues; /* scratch for gr_octal_moves_to (period) */
    gr_arena *arena;    /* the arena the table (and its cache) live in */
    gr_octal_split_cache *cache; /* split counts, built lazily */
    uint64_t move_work;          /* pair checks made by gr_octal_moves_to */
} gr_octal_table;

/* Computes values until periodicity is confirmed or max_values values
 * exist (0 or more than GR_OCTAL_MAX_VALUES means GR_OCTAL_MAX_VALUES).
 * An unconfirmed table is not an error. */
gr_status gr_octal_solve(gr_arena *arena, const gr_octal_code *code,
                         uint64_t max_values, gr_octal_table *out);

/* g(h); GR_ELIMIT when h >= computed and no period is confirmed. */
gr_status gr_octal_grundy(const gr_octal_table *t, uint64_t h, uint64_t *g);

typedef struct gr_octal_move {
    uint32_t take;
    uint32_t nleaves;   /* 0, 1 or 2 */
    uint64_t leaves[2]; /* ascending when 2 */
} gr_octal_move;

/* The moves from a heap of h to a position of value target, ordered by
 * take, then leaves ([], [h-j], then splits by the smaller heap): the
 * first min(count, max) go to out[], their number to *count (saturating at
 * UINT64_MAX).  Without count_all the search may stop once max moves (and
 * at least one) are found, leaving *count a lower bound >= 1.  Costs
 * O(t * (h/2)) for a heap below `computed`, O(t * (e + p)) above, but
 * splits are counted (and remainders without a split of the value needed
 * skipped) from caches built in the table's arena on first use: per
 * remainder below the table, per residue above, after which a heap costs
 * O(t) below and O(t log p) above plus the moves it lists.  Uses the table's
 * scratch and caches, so one table serves one thread at a time.  With
 * count_all, GR_ELIMIT once the table's calls together have made
 * GR_OCTAL_MAX_MOVE_WORK pair checks (only codes with very large values, whose
 * caches do not fit, come near it). */
gr_status gr_octal_moves_to(gr_octal_table *t, uint64_t h, uint64_t target,
                            bool count_all, gr_octal_move *out, size_t max,
                            uint64_t *count);

#endif
