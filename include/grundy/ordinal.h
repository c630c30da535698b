/*
 * Ordinals below epsilon_0 and the tree-order game (docs/ordinals.md; Xmas
 * Contest 2019 K).
 *
 * Representation.  Every ordinal a < epsilon_0 has a unique Cantor normal
 * form a = w^e1*c1 + ... + w^ek*ck with e1 > ... > ek and ci > 0, and each
 * ei < a is again such an ordinal.  Unfolding the exponents gives a rooted
 * tree (the root's children: ci copies of the tree of ei), and this is a
 * bijection between ordinals below epsilon_0 and isomorphism classes of
 * rooted trees in which the ordinal order is the game's tree order
 * (children sorted decreasingly, compared lexicographically).
 *
 * A gr_ord_ctx interns these forms: a label (gr_ord, a small integer) is
 * the canonical name of one term list [(e1,c1),...,(ek,ck)] whose exponents
 * are themselves labels.  Equal trees <=> equal labels <=> equal ordinals,
 * within one context.  Label 0 is the ordinal 0 (the one-node tree).
 *
 * Order.  A context keeps a rank per label, valid among ranked labels; a
 * comparison of two ranked labels is O(1).  Labels made after the last
 * ranking (nim-sums, imports, targets) are compared structurally, which
 * walks down one chain of exponents and never recurses.  gr_ord_rank
 * re-ranks everything in O(L log L).
 *
 * Nim-sum (docs/ordinals.md): the Grundy value of a forest is the XOR of
 * its trees' values, where the XOR of ordinals XORs the coefficients of
 * equal powers of w (w = 2^w, so CNF coefficients are the "digits").
 *
 * Everything is allocated from the context's arena; no recursion on the
 * depth of an ordinal anywhere.
 */
#ifndef GRUNDY_ORDINAL_H
#define GRUNDY_ORDINAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

typedef uint32_t gr_ord;
#define GR_ORD_ZERO ((gr_ord)0)

typedef struct gr_ord_ctx gr_ord_ctx;

/* What a gr_value of kind GR_VALUE_ORDINAL points at (see
 * src/json/gr_json.h): an ordinal and the context its label lives in.  To
 * combine ordinals of different contexts, gr_ord_import them into one. */
typedef struct gr_ord_ref {
    gr_ord_ctx *ctx;
    gr_ord ord;
} gr_ord_ref;

/* ---- contexts and construction ---------------------------------------- */
gr_status gr_ord_ctx_create(gr_arena *arena, gr_ord_ctx **out);
gr_arena *gr_ord_arena(const gr_ord_ctx *x);
/* Number of labels made so far (label ids are 0 .. count-1). */
size_t gr_ord_count(const gr_ord_ctx *x);

/* The natural number n = w^0*n. */
gr_status gr_ord_from_u64(gr_ord_ctx *x, uint64_t n, gr_ord *out);
/* w^e1*c1 + ... + w^ek*ck; GR_EINVAL unless e1 > ... > ek (labels of x)
 * and every ci > 0. */
gr_status gr_ord_from_terms(gr_ord_ctx *x, const gr_ord *exps,
                            const uint64_t *coefs, size_t n, gr_ord *out);
/* The label in dst of the ordinal `a` of src (dst may equal src). */
gr_status gr_ord_import(gr_ord_ctx *dst, const gr_ord_ctx *src, gr_ord a,
                        gr_ord *out);

/* ---- inspection ------------------------------------------------------- */
/* True when a < w; then *n (if n != NULL) is its value. */
bool gr_ord_is_finite(const gr_ord_ctx *x, gr_ord a, uint64_t *n);
size_t gr_ord_nterms(const gr_ord_ctx *x, gr_ord a);
/* Term j (0 = the largest power) of a's Cantor normal form. */
void gr_ord_term(const gr_ord_ctx *x, gr_ord a, size_t j, gr_ord *exp,
                 uint64_t *coef);
/* All of a's terms at once: *exps and *coefs point into the context and
 * stay valid until the next label is made.  Returns their number. */
size_t gr_ord_terms(const gr_ord_ctx *x, gr_ord a, const gr_ord **exps,
                    const uint64_t **coefs);
/* Height of a's tree (0 for the ordinal 0); bounds every walk's stack. */
uint32_t gr_ord_height(const gr_ord_ctx *x, gr_ord a);
/* Nodes of a's tree, saturating at UINT64_MAX. */
uint64_t gr_ord_tree_size(const gr_ord_ctx *x, gr_ord a);
bool gr_ord_is_ranked(const gr_ord_ctx *x, gr_ord a);
/* Whether a is an exponent of two or more labels of x, i.e. may be met
 * more than once when a CNF is unfolded (writers memoise only those). */
bool gr_ord_shared(const gr_ord_ctx *x, gr_ord a);

/* ---- order and arithmetic --------------------------------------------- */
/* -1, 0, 1 as a <, =, > b. */
int gr_ord_cmp(const gr_ord_ctx *x, gr_ord a, gr_ord b);
/* Ranks every label so that later comparisons are O(1). */
gr_status gr_ord_rank(gr_ord_ctx *x);
/* Ordinal nim-sum a XOR b. */
gr_status gr_ord_xor(gr_ord_ctx *x, gr_ord a, gr_ord b, gr_ord *out);
/* XOR of v[0..n-1] in O(T + D log D) for T terms with D distinct powers
 * (folding gr_ord_xor would be quadratic in the number of values). */
gr_status gr_ord_nim_sum(gr_ord_ctx *x, const gr_ord *v, size_t n,
                         gr_ord *out);
/* Whether (a XOR d) < a, in O(log nterms(a)): with w^e*c the leading term
 * of d, it holds iff a's coefficient of w^e has c's highest bit set (the
 * two agree above w^e, as in Nim). */
bool gr_ord_xor_decreases(const gr_ord_ctx *x, gr_ord a, gr_ord d);

/* ---- text ------------------------------------------------------------- */
typedef enum gr_ord_style {
    GR_ORD_UNICODE, /* "ω^(ω + 1) + ω^2·3 + 4" */
    GR_ORD_ASCII    /* "w^(w + 1) + w^2*3 + 4" */
} gr_ord_style;

/* The Cantor normal form as text, NUL-terminated, in the context's arena.
 * Terms are joined by " + "; a term is w^e*c with "^e" left out when e = 1,
 * the power left out when e = 0, "*c" left out when c = 1; e is bare when
 * it is a natural number or w and parenthesised otherwise.  Zero is "0". */
gr_status gr_ord_print(const gr_ord_ctx *x, gr_ord a, gr_ord_style style,
                       char **text, size_t *len);

/* A map from labels to spans of an output buffer.  The CNF is a DAG (one
 * label per distinct subtree), while text is its unfolding, so a writer
 * that meets an exponent it has already written copies those bytes
 * instead of walking it again: a subtree repeated c times costs one walk
 * and c copies. */
typedef struct gr_ord_memo {
    gr_arena *arena;
    gr_ord *key; /* label + 1, 0 = empty */
    size_t *off, *len;
    size_t cap, n;
} gr_ord_memo;

void gr_ord_memo_init(gr_ord_memo *m, gr_arena *arena);
bool gr_ord_memo_get(const gr_ord_memo *m, gr_ord a, size_t *off,
                     size_t *len);
/* Remembers a's span; GR_ENOMEM over budget. */
gr_status gr_ord_memo_put(gr_ord_memo *m, gr_ord a, size_t off, size_t len);
void gr_ord_memo_release(gr_ord_memo *m);

/* ---- the tree-order game ---------------------------------------------- */
#define GR_OTREE_ROOT UINT32_MAX

/* A forest: vertex v's parent is parent[v] < v, or GR_OTREE_ROOT for a
 * root (so ids are in a topological order such as pre-order).  The trees
 * are the roots in increasing id order. */
typedef struct gr_otree_forest {
    size_t n_nodes;
    const uint32_t *parent;
} gr_otree_forest;

typedef struct gr_otree_result {
    gr_ord_ctx *ctx;
    size_t n_trees;
    gr_ord *tree_value; /* g(T_i) */
    gr_ord total;       /* the nim-sum of the tree values */
} gr_otree_result;

/* Labels every subtree bottom-up by height (explicit order, no recursion),
 * in O(n log n).  GR_EINVAL when a parent id is not smaller than its
 * child's. */
gr_status gr_otree_analyse(gr_arena *arena, const gr_otree_forest *forest,
                           gr_otree_result *out);

/* Moves to a forest of value `target` (a label of r->ctx; 0 for winning
 * moves): tree i may be replaced by the tree of value
 * g(T_i) XOR total XOR target when that is smaller than g(T_i).  Writes up
 * to `max` moves (tree index, replacement value) in increasing tree order
 * and the number of moves into *count (exact when count_all, else it stops
 * once `max` moves, at least one, are found).  replacements may be NULL:
 * a caller that writes moves under a size limit XORs them itself (each
 * XOR costs the size of total XOR target), see gr_otree_delta.  Re-ranks
 * the context when the target brought in unranked labels. */
gr_status gr_otree_moves_to(gr_otree_result *r, gr_ord target, uint64_t max,
                            bool count_all, uint32_t *trees,
                            gr_ord *replacements, uint64_t *nwritten,
                            uint64_t *count);
/* d = total XOR target: tree i's replacement is g(T_i) XOR d. */
gr_status gr_otree_delta(gr_otree_result *r, gr_ord target, gr_ord *d);

#endif
