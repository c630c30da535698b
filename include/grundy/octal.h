/*
 * Octal and hexadecimal (take-and-break) games on heaps, and Grundy's game
 * (docs/octal.md: the games, sparse space, Guy-Smith periodicity).
 *
 * A code "d0.d1d2...dk" with hexadecimal digits dj (0-9, A-F, either case;
 * octal codes are the special case of digits below 8).  From a heap of h
 * tokens a move takes j tokens (0 <= j <= k, j <= h) and then, as dj
 * allows:
 *   bit 1: leaves no heap           (only when j == h),
 *   bit 2: leaves one heap          h - j >= 1,
 *   bit 4: leaves two heaps         a + b = h - j, a, b >= 1,
 *   bit 8: leaves three heaps       a + b + c = h - j, a, b, c >= 1.
 * Kayles 0.77, Dawson's Kayles 0.07, Dawson's chess 0.137, Treblecross
 * 0.007, take 1..K 0.33..3.  d0, the digit before the point, is the move
 * that takes nothing (Winning Ways ch. 4, as in 4.07): bit 4 splits a heap
 * into two nonempty heaps (a = b allowed), bit 8 into three.  Its bits 1
 * and 2 would be "take nothing and leave nothing" (no heap to play on) and
 * "take nothing and leave the heap" (a pass that never ends the game), not
 * moves of a finite game, so d0 is 0, 4, 8 or C and anything else is
 * refused at offset 0 (gr_octal_d0_unplayable tells that case apart).
 * Exactly one digit comes before the point.
 * Trailing zeros are allowed and ignored; t, the largest take with a
 * nonzero digit after the point (0 for "4.0"), is what the periodicity
 * test uses.  Names: "grundy"
 * (Grundy's game: split one heap into two unequal heaps, nothing taken),
 * and the aliases "kayles", "dawsons-kayles", "dawsons-chess",
 * "treblecross" for the codes above.
 *
 * Values g(h) = mex of the option values (the XOR of the leaves' values)
 * are computed in order, by sparse space where it pays (octal_values.c).
 * Periodicity is confirmed by the Guy-Smith theorem (Winning Ways ch. 4):
 * if g(n+p) = g(n) for all e <= n < 2e + p + t then for every n >= e (for
 * codes with three-heap moves the window is 3e + 2p + t, see octal.c).
 * The least such p (and, for it, the least e) is searched for as the table
 * grows; once found, heaps up to 2^63-1 are answered.  Before confirmation
 * only heaps below `computed` are answered; the table stops growing at the
 * caller's max_values (GR_OCTAL_MAX_VALUES by default, GR_OCTAL_MAX_VALUES3
 * for codes with three-heap moves, whose values cost O(n) set operations
 * each).  Grundy's game has no known period and is never reported periodic:
 * its splits must be unequal, and the Guy-Smith step (take p from the
 * largest part) can make two parts equal, so the argument does not apply;
 * a d0 split allows equal parts and the theorem holds for it with take 0
 * (docs/octal.md).  Values are
 * at most GR_OCTAL_MAX_GRUNDY (GR_ELIMIT if reached).
 */
#ifndef GRUNDY_OCTAL_H
#define GRUNDY_OCTAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

#define GR_OCTAL_MAX_DIGITS 64
#define GR_OCTAL_MAX_VALUES (1u << 25)     /* the default table bound */
#define GR_OCTAL_VALUES_CEILING (1u << 30) /* the largest bound accepted */
#define GR_OCTAL_MAX_VALUES3 2048u         /* bound for codes with three-heap moves */
#define GR_OCTAL_MAX_GRUNDY 65535u
#define GR_OCTAL_MAX_MOVE_WORK (1ull << 29) /* pair checks, see moves_to */

typedef enum gr_octal_kind {
    GR_OCTAL_CODE = 0,  /* take-and-break by digits */
    GR_OCTAL_GRUNDY = 1 /* Grundy's game */
} gr_octal_kind;

typedef struct gr_octal_code {
    unsigned len;                           /* t: last nonzero digit */
    uint8_t digit[GR_OCTAL_MAX_DIGITS + 1]; /* digit[0..len] (0..15); digit[0]: 0, 4, 8, 12 */
    uint8_t kind;                           /* gr_octal_kind */
    uint8_t leaves;                         /* the most heaps a move leaves */
} gr_octal_code;

/* Parses "d0.d1...dk" (hex digits, d0 one of 0, 4, 8, C) or one of the
 * names above.  GR_EINVAL (with *bad_at the offending byte offset) for
 * anything else; GR_ELIMIT for more than GR_OCTAL_MAX_DIGITS digits. */
gr_status gr_octal_parse(const char *text, gr_octal_code *out, size_t *bad_at);

/* Whether text was refused only for its first digit: a hex digit with bit 1
 * or 2 before the point ("1.07", "6.0"), a move that takes nothing and
 * splits nothing. */
bool gr_octal_d0_unplayable(const char *text);

/* The canonical text of a code: "grundy", or d0, "." and the digits up to
 * t in upper case ("0.0700" and "dawsons-kayles" are both "0.07", "c.0" is
 * "C.0").  out holds at least GR_OCTAL_MAX_DIGITS + 3 bytes. */
void gr_octal_canonical(const gr_octal_code *code, char *out);

typedef struct gr_octal_split_cache gr_octal_split_cache;

typedef struct gr_octal_table {
    gr_octal_code code;
    const void *values; /* g(0) .. g(computed-1), `width` bytes each */
    unsigned width;     /* 1 while every value is below 256, else 2 */
    uint64_t computed;
    uint64_t max_value; /* the largest value in the table */
    bool periodic;      /* confirmed by Guy-Smith */
    bool timed_out;     /* stopped by the deadline (opts->keep_on_time) */
    uint64_t preperiod; /* e */
    uint64_t period;    /* p */
    /* Move-finding state (gr_octal_moves_to), per user of the table: */
    uint32_t *residues;          /* scratch (period), or NULL until needed */
    gr_arena *arena;             /* where the scratch and caches below live */
    gr_octal_split_cache *cache; /* split counts, built lazily */
    uint64_t move_work;          /* pair checks made by gr_octal_moves_to */
} gr_octal_table;

typedef struct gr_octal_opts {
    uint64_t max_values; /* 0: the default for the code */
    /* If non-NULL, the number of values computed so far, stored (relaxed)
     * every few thousand values, for another thread to read. */
    _Atomic uint64_t *progress;
    /* On the arena's deadline (GR_ETIME), keep the values computed so far
     * as an unconfirmed table (timed_out set) instead of failing. */
    bool keep_on_time;
} gr_octal_opts;

/* Computes values until periodicity is confirmed or max_values values
 * exist (0 means the code's default; at most GR_OCTAL_VALUES_CEILING, at
 * most GR_OCTAL_MAX_VALUES3 with three-heap moves).  An unconfirmed table
 * is not an error.  Polls gr_arena_check (GR_ECANCELLED, GR_ETIME). */
gr_status gr_octal_solve_opts(gr_arena *arena, const gr_octal_code *code, const gr_octal_opts *opts,
                              gr_octal_table *out);
gr_status gr_octal_solve(gr_arena *arena, const gr_octal_code *code, uint64_t max_values,
                         gr_octal_table *out);

/* A table that grows in steps: values are computed only as far as asked,
 * and the periodicity check runs at the same table lengths as in one long
 * solve, so the same period is confirmed at the same point whichever steps
 * got there.  All of its memory is in arena.  One thread at a time may run
 * it; others may read the tables it gives (gr_octal_grower_table) while it
 * runs, because values below `computed` never change and an array that
 * has to grow is replaced, not moved: the old one stays readable until
 * gr_octal_grower_reclaim, which the owner calls once no reader holds a
 * table given before the replacement (gr_octal_grower_retired tells
 * whether there is anything to reclaim). */
typedef struct gr_octal_grower gr_octal_grower;

/* An empty table of code, to grow to at most max_values values (0: the
 * code's default, as in gr_octal_solve_opts). */
gr_status gr_octal_grower_new(gr_arena *arena, const gr_octal_code *code, uint64_t max_values,
                              gr_octal_grower **out);
/* Starts from n values known to be g(0..n-1) (a stored table), width 1 or
 * 2 bytes each, and checks them for a period at once.  Only before the
 * first run. */
gr_status gr_octal_grower_seed(gr_octal_grower *gw, const void *values, unsigned width, uint64_t n);
/* Computes values until at least target exist (at most the cap), the
 * period is confirmed, or gr_arena_check on the grower's arena fails:
 * GR_ETIME / GR_ECANCELLED then, with the values so far kept and a later
 * run going on from them.  Another failure (GR_ENOMEM, GR_ELIMIT: a value
 * above GR_OCTAL_MAX_GRUNDY) ends the growth for good; the values below
 * `computed` stay valid.  progress, if not NULL, gets the number of values
 * every few thousand. */
gr_status gr_octal_grower_run(gr_octal_grower *gw, uint64_t target, _Atomic uint64_t *progress);
/* The table as it stands (values, computed, period if confirmed; the
 * move-finding fields empty: take a view for them). */
void gr_octal_grower_table(const gr_octal_grower *gw, gr_octal_table *out);
/* Whether the table will not grow again: period confirmed, cap reached, or
 * a failure (gr_octal_grower_failure: GR_OK while it may grow). */
bool gr_octal_grower_done(const gr_octal_grower *gw);
gr_status gr_octal_grower_failure(const gr_octal_grower *gw);
bool gr_octal_grower_retired(const gr_octal_grower *gw);
void gr_octal_grower_reclaim(gr_octal_grower *gw);

/* A copy of a solved table whose move-finding state is its own, in arena:
 * the values are shared (read only), so one solved table can serve many
 * threads, each through its own view. */
void gr_octal_table_view(const gr_octal_table *shared, gr_arena *arena, gr_octal_table *out);

/* Bytes of the values array (what a cache of tables is charged). */
size_t gr_octal_table_bytes(const gr_octal_table *t);

/* g(h); GR_ELIMIT when h >= computed and no period is confirmed. */
gr_status gr_octal_grundy(const gr_octal_table *t, uint64_t h, uint64_t *g);

typedef struct gr_octal_move {
    uint32_t take;      /* 0 in Grundy's game */
    uint32_t nleaves;   /* 0, 1, 2 or 3 */
    uint64_t leaves[3]; /* ascending */
} gr_octal_move;

/* The moves from a heap of h to a position of value target, ordered by
 * take, then leaves ([], [h-j], then splits by the smaller heap, then
 * three-heap splits by (a, b)): the first min(count, max) go to out[],
 * their number to *count (saturating at UINT64_MAX).  Without count_all
 * the search may stop once max moves (and at least one) are found, leaving
 * *count a lower bound >= 1.  Costs O(t * (h/2)) for a heap below
 * `computed`, O(t * (e + p)) above, but splits are counted (and remainders
 * without a split of the value needed skipped) from caches built in the
 * table's arena on first use: per remainder below the table, per residue
 * above, after which a heap costs O(t) below and O(t log p) above plus the
 * moves it lists.  Three-heap splits are enumerated (O(h^2)).  Uses the
 * table's scratch and caches, so one table (view) serves one thread at a
 * time.  GR_ELIMIT once the table's calls together have made
 * GR_OCTAL_MAX_MOVE_WORK pair checks with count_all (only codes with very
 * large values, whose caches do not fit, come near it), or, for three-heap
 * splits, with or without it. */
gr_status gr_octal_moves_to(gr_octal_table *t, uint64_t h, uint64_t target, bool count_all,
                            gr_octal_move *out, size_t max, uint64_t *count);

#endif
