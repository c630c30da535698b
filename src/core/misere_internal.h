/*
 * What the misère quotient's files share (misere_quotient.c builds it heap
 * by heap, misere_verify.c proves a candidate predicts every outcome,
 * misere_present.c writes its presentation and decides tameness).  Not a
 * public header.
 */
#ifndef GR_MISERE_INTERNAL_H
#define GR_MISERE_INTERNAL_H

#include "grundy/misere.h"

typedef struct gr_mis_q_proof gr_mis_q_proof; /* misere_verify.c */

/* An element list (sorted, distinct). */
typedef struct gr_mis_q_set {
    uint32_t *v;
    uint32_t n;
} gr_mis_q_set;

/* The quotient while it is built. */
typedef struct gr_mis_q {
    gr_arena *arena;
    uint32_t m;        /* order */
    uint32_t *tab;     /* m * m */
    uint8_t *inp;      /* P-portion */
    uint64_t *tok;     /* the weight (sum of squared heaps) of each element's
                        * lightest known position */
    gr_mis_q_set *rep; /* the images of that position's options */
    uint64_t heaps;    /* heaps 0..heaps-1 are mapped */
    uint32_t *image;   /* per heap */
    gr_mis_q_set *opt; /* per heap: the images of its options, as labels */
    size_t cap;        /* of image and opt */
    /* Label v of an option image is element omap[v] (omap NULL: v
     * itself).  A heap's option list is written once, in the labels of
     * its time; each later heap renumbers the elements, and only omap
     * (one entry per label) follows, not the lists of every heap. */
    uint32_t *omap;
    uint32_t omap_n;
    /* misere_quotient.c's candidates: tab, inp, tok, rep, image, opt and
     * omap live in this one allocation (gr_mis_q_scratch), given back whole;
     * NULL for the others */
    void *block;
    size_t block_size;
    /* The heaps the proof that accepted this quotient kept (misere_verify.c),
     * for the next heap's proof to start from; NULL when none. */
    gr_mis_q_proof *proof;
} gr_mis_q;

static inline uint32_t gr_mis_q_mul(const gr_mis_q *q, uint32_t a, uint32_t b)
{
    return q->tab[(size_t)a * q->m + b];
}

/* The element an option label stands for (gr_mis_q.omap). */
static inline uint32_t gr_mis_q_opt_elem(const gr_mis_q *q, uint32_t v)
{
    return q->omap != NULL ? q->omap[v] : v;
}

/* Arena memory that gr_mis_q_scratch_free gives back at once: the arena
 * returns chunks above 64 KiB to the system but abandons smaller ones
 * until it dies, so a build of thousands of heaps would keep every heap's
 * temporaries.  Rounded up past that size, they are given back (size:
 * the one asked for, in both calls).  gr_mis_q_scratch_zero zeroes them. */
void *gr_mis_q_scratch(gr_arena *a, size_t size);
void *gr_mis_q_scratch_zero(gr_arena *a, size_t size);
void gr_mis_q_scratch_free(gr_arena *a, void *p, size_t size);

/* Whether the images predict the outcome of every position of heaps
 * 0..q->heaps-1 (misere_verify.c).  *ok false: a counterexample exists, or
 * (with *too_big) the check would pass max_states states. */
gr_status gr_mis_q_verify(const gr_mis_q *q, uint64_t max_states, bool *ok, bool *too_big);

/* The proof of nq, candidate for heaps 0..nq->heaps-1, whose answer is
 * gr_mis_q_verify's.  When pi is not NULL, nq is isomorphic to prev (the
 * quotient of one heap fewer) by pi (prev's element a is nq's pi[a]) with
 * the old heaps' images and option images carried over: prev's proof
 * (prev->proof) then holds for them, and only the new heap is checked
 * (its P-half, and the walk again only when its T is not above a kept
 * heap's of its image).  When nq is proven, nq->proof is set. */
gr_status gr_mis_q_verify_next(const gr_mis_q *prev, const uint32_t *pi, gr_mis_q *nq,
                               uint64_t max_states, bool *ok, bool *too_big);
/* Gives back a proof's kept heaps (NULL: none). */
void gr_mis_q_proof_free(gr_arena *a, gr_mis_q_proof *p);

/* Rebuilds q for heaps <= h from the free monoid on its generator heaps
 * and h (misere_split.c): *ok and q replaced when the result is proven. */
gr_status gr_mis_q_split(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t K,
                         uint32_t max_order, uint64_t max_states, bool *ok);

/* A search may be told the outcomes of some positions (the canonical key,
 * heaps of game 0 as tokens): fn returns true and sets *p when it knows
 * key[0..n) (the learner's positions of heaps below h, whose outcomes the
 * proven quotient of those heaps gives). */
typedef bool (*gr_mis_known_fn)(void *ctx, const uint64_t *key, size_t n, bool *p);
void gr_mis_search_set_known(gr_mis_search *s, gr_mis_known_fn fn, void *ctx);
/* Moves in the largest heaps first (the learner's: a move in heap h
 * leads to positions its known outcomes decide). */
void gr_mis_search_largest_first(gr_mis_search *s);
/* The leaves of every move are replaced by fn's heaps when fn returns
 * true (the learner's normal forms: the search then plays another game,
 * whose quotient the learner proposes and the proof checks against the
 * real one). */
typedef bool (*gr_mis_expand_fn)(void *ctx, uint64_t token, const uint64_t **out, size_t *n);
void gr_mis_search_set_expand(gr_mis_search *s, gr_mis_expand_fn fn, void *ctx);
/* More than k copies of one heap are played as k - 1 or k of them
 * (x^(k+1) = x^(k-1), the learner's assumption, checked by the proof);
 * 0: off. */
void gr_mis_search_set_fold(gr_mis_search *s, unsigned k);
/* Gives the memo's memory back to the arena (large chunks to the system);
 * the search is not to be used again. */
void gr_mis_search_release(gr_mis_search *s);
/* Tokens >= top folded by k instead (after gr_mis_search_set_fold). */
void gr_mis_search_set_fold_top(gr_mis_search *s, uint64_t top, unsigned k);

/* Where a failed proof fails (gr_mis_q_verify_witness): a position of heaps
 * (arena memory) on which the recursion does not hold on images, the
 * heaps added to a position of image `elem` when has_elem (the P-half:
 * elem times heaps[0] is in P and so is elem times an option image). */
typedef struct gr_mis_q_witness {
    uint64_t *heaps;
    size_t n;
    bool has_elem;
    uint32_t elem;
} gr_mis_q_witness;

/* gr_mis_q_verify, and when *ok is false without *too_big a witness in *w
 * (w may be NULL). */
gr_status gr_mis_q_verify_witness(const gr_mis_q *q, uint64_t max_states, bool *ok, bool *too_big,
                                  gr_mis_q_witness *w);

/* When the candidate Q_{h-1} x <x> fails and the rebuild does too: the
 * quotient of heaps <= h learnt from outcomes (misere_learn.c) and
 * proven; *ok and q replaced when it is.  *why set on a limit. */
gr_status gr_mis_q_learn(gr_mis_q *q, const gr_mis_game *g, uint64_t h, uint32_t max_order,
                         uint64_t max_states, uint64_t max_nodes, bool *ok, const char **why);

/* A candidate of m elements: nq zeroed, its table, P flags, weights and
 * option lists allocated (the heaps' arrays are the caller's). */
gr_status gr_mis_q_alloc(gr_arena *a, uint32_t m, gr_mis_q *nq);
/* v[0..n) sorted and made distinct in place; returns the new length
 * (misere_set.c). */
uint32_t gr_mis_q_set_norm(uint32_t *v, uint32_t n);
/* out: the sorted distinct elements of v[0..n) (v is sorted in place). */
gr_status gr_mis_q_set_make(gr_arena *a, uint32_t *v, uint32_t n, gr_mis_q_set *out);
/* Partition refinement: row e of sig (w words each) gets the number of an
 * equal earlier row, or count (a new class), in next[e]; slot is an open
 * hash of hcap (a power of two) entries, zeroed before each pass.  Returns
 * the classes numbered so far. */
uint32_t gr_mis_q_number(const uint32_t *sig, uint32_t w, uint32_t e, uint32_t *slot, size_t hcap,
                         uint32_t *next, uint32_t count);

/* The candidate Q_{h-1} x <x | x^(K+1) = x^(K-1)> (misere_candidate.c):
 * element (a, k) is a's lightest position plus k heaps of h, at a * (K+1)
 * + k of E = m * (K + 1); inp its outcome, cls its class once refined. */
typedef struct gr_mis_q_ext {
    uint32_t m, K, E;
    uint8_t *inp;  /* E */
    uint32_t *cls; /* E */
    uint32_t classes;
} gr_mis_q_ext;

/* The outcomes of the candidate's elements, by_tok: Q_{h-1}'s elements
 * lightest first; false when an option is not lighter than its position
 * (the candidate then cannot be right). */
bool gr_mis_q_ext_outcomes(const gr_mis_q *q, const gr_mis_q_set *y, gr_mis_q_ext *x,
                           const uint32_t *by_tok);
/* Moore's refinement of the candidate by P and by multiplication with the
 * letters (the distinct heap images, and x). */
gr_status gr_mis_q_ext_refine(gr_arena *arena, const gr_mis_q *q, const uint32_t *letters,
                              uint32_t nl, gr_mis_q_ext *x);
/* The reduced candidate as the new quotient nq (y: heap h's option
 * images; pi: the class of each of Q_{h-1}'s elements; *same: nq is
 * Q_{h-1} renamed). */
gr_status gr_mis_q_ext_rebuild(const gr_mis_q *q, const gr_mis_q_set *y, uint64_t h,
                               const gr_mis_q_ext *x, gr_mis_q *nq, uint32_t *pi, bool *same);
/* Gives back a quotient's arrays and its kept proof. */
void gr_mis_q_release(gr_mis_q *q);

/* The presentation and tameness of a finished quotient (misere_present.c). */
gr_status gr_mis_q_present(gr_arena *arena, const gr_mis_q *q, gr_mis_quotient *out);
/* The same with a minimal set of generators: for the finished quotient's
 * document (the construction rebuilds from gr_mis_q_present's). */
gr_status gr_mis_q_present_minimal(gr_arena *arena, const gr_mis_q *q, gr_mis_quotient *out);

#endif
