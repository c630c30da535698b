/*
 * What the misère learner's files share (docs/misere.md, "Splits: the
 * learner"): misere_learn_table.c holds positions, their outcomes, the
 * observation table and the chains of positions that refine it;
 * misere_learn_hyp.c the table's hypothesis as a monoid and the search for
 * a mispredicted position; misere_learn.c the attempts and the entry
 * point (gr_mis_q_learn).  Not a public header.
 */
#ifndef GR_MISERE_LEARN_INTERNAL_H
#define GR_MISERE_LEARN_INTERNAL_H

#include "misere_internal.h"

#define LN_MAX_STATES 1024u
#define LN_MAX_EXPS 512u
#define LN_EW (LN_MAX_EXPS / 64u)
#define LN_MAX_HEAP 4096u
#define LN_NODES (1u << 18)
#define LN_ATTEMPTS 6u
#define LN_FOLD_TOP 3u /* positions the searches may memoise */

/* A position: heaps in the order they were added (sorted for S). */
typedef struct pos {
    uint64_t *v;
    uint32_t n;
} pos;

typedef struct learner {
    gr_arena *A;
    const gr_mis_game *g;
    const gr_mis_q *old; /* the proven quotient of heaps < h */
    uint64_t h;
    gr_mis_search *srch;
    uint64_t *letter; /* the heaps 1..h with a move */
    uint32_t nl;
    uint32_t *lix; /* heap -> letter index + 1, 0 for no move */
    pos *S, *E;    /* LN_MAX_STATES, LN_MAX_EXPS */
    uint32_t ns, ne;
    uint64_t *row;   /* ns * LN_EW */
    uint64_t *drow;  /* ns * nl * LN_EW: rows of S[i] + letter */
    uint32_t *delta; /* ns * nl */
    uint32_t *done;  /* ns: experiments filled */
    uint32_t *map;   /* row hash: state + 1 */
    uint32_t mapcap;
    uint32_t *tab; /* ns * ns */
    size_t tabsize;
    uint64_t *tmp;
    size_t tmpcap;
    /* normal forms: heap t < h not free is played as the heaps
     * nf[nfoff[t] .. nfoff[t + 1]) (its normal form in the generators) */
    const uint8_t *free_heap; /* h + 1: kept as itself */
    uint64_t *nf;
    uint32_t *nfoff;
    uint8_t *promote; /* h + 1: heaps to keep free in the next attempt */
    bool mismatch;    /* the normal forms are wrong somewhere */
} learner;

/* p[0..n]: positions; c[i]: the context of the link p[i] - p[i+1]. */
typedef struct chain {
    pos p[2 * LN_MAX_STATES];
    pos c[2 * LN_MAX_STATES];
    pos x[2 * LN_MAX_STATES], y[2 * LN_MAX_STATES]; /* link i: X + c, Y + c */
    uint32_t n;
} chain;

/* ---- positions and outcomes (misere_learn_table.c) ---- */

/* a + b + c (b, c may be NULL) in A. */
gr_status gr_mis_learn_pos_cat(gr_arena *A, const pos *a, const pos *b, const pos *c, pos *out);

/* The search's hooks: positions the proven quotient decides, and a heap
 * played as its normal form. */
bool gr_mis_learn_known(void *ctx, const uint64_t *key, size_t n, bool *p);

bool gr_mis_learn_expand(void *ctx, uint64_t token, const uint64_t **out, size_t *n);

bool gr_mis_learn_is_free(const learner *L, uint64_t t);

uint32_t gr_mis_learn_nf_len(const learner *L, uint64_t t);

/* The outcome of a + b + c (b, c may be NULL), each heap played as its
 * normal form. */
gr_status gr_mis_learn_outcome(learner *L, const pos *a, const pos *b, const pos *c, bool *p);

/* ---- the table (misere_learn_table.c) ---- */
uint64_t *gr_mis_learn_row_of(const learner *L, uint32_t s);

uint64_t *gr_mis_learn_drow_of(const learner *L, uint32_t s, uint32_t l);

uint32_t gr_mis_learn_row_hash(const uint64_t *r);

/* The state whose row is r, or UINT32_MAX. */
uint32_t gr_mis_learn_lookup(const learner *L, const uint64_t *r);

void gr_mis_learn_insert(learner *L, uint32_t s);

void gr_mis_learn_set_bit(uint64_t *r, uint32_t i, bool v);

bool gr_mis_learn_get_bit(const uint64_t *r, uint32_t i);

/* Fills the experiments not yet filled of state s and of s + each letter. */
gr_status gr_mis_learn_fill(learner *L, uint32_t s);

/* Fills every row and closes the table: a row of s + letter that no
 * representative has makes s + letter a representative. */
gr_status gr_mis_learn_close_table(learner *L, bool *full);

uint32_t gr_mis_learn_walk_to(const learner *L, uint32_t s, const pos *w);

/* p[n] = S[s] + w + r; appends S[d] + w[j+1..] + r for each heap w[j]
 * (d = s after w[j]), and returns the last state. */
gr_status gr_mis_learn_ch_walk(learner *L, chain *ch, uint32_t *s, const pos *w0, const pos *r);

/* p[n] = X + c; appends Y + c (X and Y of one row), c = c1 + c2. */
gr_status gr_mis_learn_ch_link(learner *L, chain *ch, const pos *x, const pos *y, const pos *c1,
                               const pos *c2);

gr_status gr_mis_learn_add_exp(learner *L, const pos *e, bool *stuck);

/* X + c and Y + c have different outcomes: c, with
 * every heap dropped that it can do without (X + c' and Y + c' still
 * differ), is the new experiment.  Short experiments keep the searches
 * behind every row small. */
gr_status gr_mis_learn_shorten_and_add(learner *L, const pos *x, const pos *y, const pos *c,
                                       bool *stuck);

/* The ends of ch have different outcomes (o0 the first's): the link
 * that breaks gives an experiment. */
gr_status gr_mis_learn_resolve(learner *L, const chain *ch, bool o0, bool *stuck);

/* Two chains from one position to ends whose outcomes differ: the one
 * whose end differs from the start is resolved. */
gr_status gr_mis_learn_resolve2(learner *L, chain *a, chain *b, bool *stuck);

/* An experiment where the rows of states x and y differ. */
const pos *gr_mis_learn_differ(const learner *L, uint32_t x, uint32_t y);

/* ---- the hypothesis (misere_learn_hyp.c) ---- */

/* The products, checked: a * image(letter) is the transition, the table
 * is commutative and (Light's test over the letters' images, which
 * generate it) associative.  *fixed when a failure gave an experiment. */
gr_status gr_mis_learn_monoid(learner *L, chain *c1, chain *c2, bool *fixed, bool *stuck);

/* The image of a position under the hypothesis. */
uint32_t gr_mis_learn_image_of(const learner *L, const uint64_t *v, uint32_t n);

/* The option images of a position (v[0..n), heaps). */
gr_status gr_mis_learn_option_images(learner *L, const uint64_t *v, uint32_t n, gr_mis_q_set *out);

/* The hypothesis as a candidate quotient nq (representatives: the least
 * heavy positions of each element, Dijkstra over the transitions, so that
 * an option of a representative is lighter than its own image's). */
gr_status gr_mis_learn_hypothesis(learner *L, const gr_mis_q *q, gr_mis_q *nq);

/* Lightest positions per element, their weights and option images. */
gr_status gr_mis_learn_lightest(learner *L, gr_mis_q *nq);

/* From a position where the recursion fails on images, a position whose
 * outcome the hypothesis gets wrong: the position itself, or one of its
 * options (if the position's outcome is right, an option's is not). */
gr_status gr_mis_learn_mispredicted(learner *L, pos *G);

#endif
