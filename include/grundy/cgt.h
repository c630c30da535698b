/*
 * Short partizan games in canonical form (docs/partizan.md).
 *
 * A gr_cgt_store hash-conses canonical forms: every game it holds is in
 * canonical form (no dominated options, no reversible options), and a
 * canonical form is stored once, so two handles of one store are equal
 * exactly when the games they name are equal.  Handle 0 is the game 0.
 *
 * Numbers are stored like any other game (their options are the canonical
 * ones: n = {n-1|}, m/2^k = {(m-1)/2^k | (m+1)/2^k}) but every node also
 * records whether it is a number and which, so the arithmetic takes the
 * short cuts the theory allows: numbers add and compare as dyadic
 * rationals, a number is added to a non-number by translating its options
 * (number translation), and a non-number is compared with a number through
 * its own options only (number avoidance).  So no operation walks down the
 * chain of options of a number, and the depth of every recursion is
 * bounded by the games' "hot depth" (the longest chain of non-number
 * options), which the store keeps below GR_CGT_MAX_DEPTH.  Games of the form
 * x + n.^ + *m are recognised as they are made and added in closed form.
 *
 * Limits (GR_ELIMIT past them): every number at most GR_CGT_MAX_INTEGER in
 * magnitude, denominators up to 2^GR_CGT_MAX_EXP, hot depth up to
 * GR_CGT_MAX_DEPTH, and GR_CGT_MAX_NODES games in one store.
 *
 * Everything is allocated from the arena given to gr_cgt_store_new; the
 * long loops poll gr_arena_check.  A store is used by one thread at a time.
 */
#ifndef GRUNDY_CGT_H
#define GRUNDY_CGT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/buf.h"
#include "grundy/status.h"

#define GR_CGT_MAX_INTEGER 65536
#define GR_CGT_MAX_EXP 32
#define GR_CGT_MAX_DEPTH 1000
#define GR_CGT_MAX_NODES (1u << 22)

typedef uint32_t gr_cgt;                  /* a handle: equal canonical games have equal handles */
typedef struct gr_cgt_store gr_cgt_store; /* hash-consed canonical forms, in an arena */

/* num / 2^exp, reduced: num odd or exp 0. */
typedef struct gr_dyadic {
    int64_t num;
    unsigned exp;
} gr_dyadic;

gr_status gr_cgt_store_new(gr_arena *a, gr_cgt_store **out);
/* Bounds the work of the store's operations from now on: about `steps`
 * more sums, comparisons and simplifications, then they fail with
 * GR_ELIMIT (0: no bound).  A caller with a cheaper way (a sum's outcome
 * by search, gr_cgt_sum_wins) tries the canonical form first this way. */
void gr_cgt_store_limit(gr_cgt_store *s, uint64_t steps);
/* The same for memory: once the store's arena holds more than `bytes`,
 * checked with the steps (every 4096), operations fail with GR_ELIMIT
 * (0: no bound).  For work that has a cheaper way and must leave the
 * request room for it. */
void gr_cgt_store_limit_bytes(gr_cgt_store *s, size_t bytes);

/* Functions returning gr_status answer GR_EINVAL for a handle that is not
 * the store's; the void and bool ones require valid handles. */

/* ---- construction --------------------------------------------------- */
gr_cgt gr_cgt_zero(const gr_cgt_store *s);
gr_status gr_cgt_integer(gr_cgt_store *s, int64_t n, gr_cgt *out);
/* d need not be reduced; GR_EINVAL when d.exp > 62. */
gr_status gr_cgt_number(gr_cgt_store *s, gr_dyadic d, gr_cgt *out);
gr_status gr_cgt_nimber(gr_cgt_store *s, uint64_t n, gr_cgt *out);
gr_status gr_cgt_up(gr_cgt_store *s, gr_cgt *out); /* ^ = {0|*} */
/* {L1,...|R1,...}: options in any order, possibly with duplicates and
 * dominated or reversible options; writes the canonical form. */
gr_status gr_cgt_make(gr_cgt_store *s, const gr_cgt *left, size_t nl, const gr_cgt *right,
                      size_t nr, gr_cgt *out);

/* ---- arithmetic and order ------------------------------------------- */
gr_status gr_cgt_add(gr_cgt_store *s, gr_cgt a, gr_cgt b, gr_cgt *out);
gr_status gr_cgt_neg(gr_cgt_store *s, gr_cgt a, gr_cgt *out);
gr_status gr_cgt_sub(gr_cgt_store *s, gr_cgt a, gr_cgt b, gr_cgt *out);
/* a <= b.  a = b is a == b (hash-consing); a || b is !(a<=b) && !(b<=a). */
gr_status gr_cgt_leq(gr_cgt_store *s, gr_cgt a, gr_cgt b, bool *out);

typedef enum { GR_CGT_P = 0, GR_CGT_N, GR_CGT_L, GR_CGT_R } gr_cgt_outcome; /* 'P','N','L','R' */
gr_status gr_cgt_outcome_of(gr_cgt_store *s, gr_cgt g, gr_cgt_outcome *out);
/* 'P', 'N', 'L' or 'R'. */
char gr_cgt_outcome_letter(gr_cgt_outcome o);

/* ---- sums by search (cgt_sum.c) -------------------------------------- */
/* Whether the player to move (left: Left, else Right) wins games[0] + ...
 * + games[n-1], by a minimax over the sum's positions with numbers and
 * x + n.^ + *m parts added in closed form and a transposition table: no
 * canonical form of the sum is made.  At most max_nodes positions are
 * expanded (0: no bound but the arena's), else GR_ELIMIT. */
gr_status gr_cgt_sum_wins(gr_cgt_store *s, const gr_cgt *games, size_t n, bool left,
                          uint64_t max_nodes, bool *wins);
/* Both of the above: the outcome class of the sum. */
gr_status gr_cgt_sum_outcome(gr_cgt_store *s, const gr_cgt *games, size_t n, uint64_t max_nodes,
                             gr_cgt_outcome *out);

/* ---- inspection ------------------------------------------------------ */
/* The canonical options, sorted by handle; valid while the store lives. */
void gr_cgt_options(const gr_cgt_store *s, gr_cgt g, const gr_cgt **left, size_t *nl,
                    const gr_cgt **right, size_t *nr);
/* Whether g is a number, and its value (value may be NULL). */
bool gr_cgt_is_number(const gr_cgt_store *s, gr_cgt g, gr_dyadic *value);

/* ---- thermography ---------------------------------------------------- */
gr_status gr_cgt_stops(gr_cgt_store *s, gr_cgt g, gr_dyadic *left_stop, gr_dyadic *right_stop);
/* The mean and temperature from g's thermograph.  As in CGSuite, a
 * number x has mean x and temperature -1 when x is an integer, -1/2^k when
 * x = m/2^k with m odd; infinitesimals have temperature 0. */
gr_status gr_cgt_mean_temp(gr_cgt_store *s, gr_cgt g, gr_dyadic *mean, gr_dyadic *temperature);

/* ---- printing ------------------------------------------------------------ */
/* CGSuite's notation: 0, 1, -2, 3/8, *, *2, 1*, ^, v, ^*, ^^ (2 ups),
 * ^3, v*, 1/2^*, ±1, 2±1, {1|0}, {0||0|-1}...  Equal games print alike.
 * GR_ELIMIT when the text would pass GR_CGT_MAX_TEXT bytes.  Fills the
 * store's memo of negatives under g (no game changes), which is why it
 * can fail with GR_ENOMEM too. */
#define GR_CGT_MAX_TEXT (1u << 20)
gr_status gr_cgt_print(const gr_cgt_store *s, gr_cgt g, gr_buf *out);
/* Sorts games into the order gr_cgt_print lists options in (CGSuite's:
 * numbers by value, nimbers, then ups and stars, then the rest); GR_ENOMEM
 * when its memo does not fit. */
gr_status gr_cgt_sort_for_print(const gr_cgt_store *s, gr_cgt *games, size_t n);
/* A dyadic rational as "3/8", "-1", "0". */
void gr_dyadic_print(gr_dyadic d, gr_buf *out);

/* ---- expressions (cgt_expr.c) ----------------------------------------- */
/* Reads a game expression (docs/partizan.md, "Expressions"): integers,
 * dyadic fractions 3/8, *, *n, ^, v (and CGSuite's compact forms ^^, ^3,
 * vv, v3, 1*, 1/2^*, ±G), braces {L1,...|R1,...}, binary + and -, unary -,
 * parentheses, whitespace anywhere.  On a syntax error (GR_EINVAL) or a
 * limit (GR_ELIMIT: nesting past GR_CGT_EXPR_MAX_NESTING, or a store limit)
 * *err_offset is the byte offset and *err_what a short sentence. */
#define GR_CGT_EXPR_MAX_NESTING 200
gr_status gr_cgt_parse(gr_cgt_store *s, const char *text, size_t len, gr_cgt *out,
                       size_t *err_offset, const char **err_what);

#endif
