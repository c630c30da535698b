/*
 * Misère play of heap games: octal and hexadecimal codes, Grundy's game,
 * subtraction games and Nim (docs/misere.md).
 *
 * Under misère play the player who makes the last move loses, so a
 * position with no move is won by the player to move (an N-position), and
 * a position is a P-position exactly when it has a move and every move
 * leads to an N-position.  Grundy values do not decide sums; two tools do:
 *
 *   - exhaustive search (misere_search.c): the outcome of a sum of heaps,
 *     positions memoised as canonical multisets (heaps with no move, the
 *     zero game, dropped; the rest sorted), depth-first with an explicit
 *     stack, bounded by a node budget (GR_ELIMIT past it);
 *   - the misère quotient (misere_quotient.c, Plambeck-Siegel): a finite
 *     commutative monoid Q with a P-portion and the image of every heap, so
 *     that a sum is a P-position exactly when the product of its heaps'
 *     images lies in P.  Built heap by heap, reduced, and verified (see
 *     gr_mis_quotient); `complete` when the heap images are proven periodic
 *     and the quotient then holds for every heap size.
 *
 * A position of several games (a misère sum of an octal game, a
 * subtraction game and Nim heaps) is a multiset of tokens: game index in
 * the top 8 bits, heap size in the low 56 (GR_MIS_TOKEN).
 */
#ifndef GRUNDY_MISERE_H
#define GRUNDY_MISERE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/octal.h"
#include "grundy/status.h"

#define GR_MIS_MAX_GAMES 255u
#define GR_MIS_HEAP_BITS 56
#define GR_MIS_MAX_HEAP ((1ull << GR_MIS_HEAP_BITS) - 1)
#define GR_MIS_TOKEN(game, heap) (((uint64_t)(game) << GR_MIS_HEAP_BITS) | (uint64_t)(heap))
#define GR_MIS_GAME(token) ((unsigned)((token) >> GR_MIS_HEAP_BITS))
#define GR_MIS_HEAPOF(token) ((token)&GR_MIS_MAX_HEAP)
/* The most options one heap may have for its options to be listed (an
 * octal heap of h tokens has about t*h/2 splits, three-heap splits about
 * h^2/12): past it GR_ELIMIT. */
#define GR_MIS_MAX_OPTIONS (1u << 20)
#define GR_MIS_SEARCH_NODES_DEFAULT 1000000u
/* A search also stops (GR_ELIMIT) after this many moves examined per
 * position it may memoise (heaps with many moves each). */
#define GR_MIS_SEARCH_WORK 8u
#define GR_MIS_MAX_QUOTIENT_ORDER 4096u /* the default --max-quotient-order */

typedef enum gr_mis_kind {
    GR_MIS_OCTAL = 0, /* an octal or hexadecimal code, or Grundy's game */
    GR_MIS_SUB = 1,   /* a finite subtraction set */
    GR_MIS_NIM = 2    /* Nim: a heap moves to any smaller heap */
} gr_mis_kind;

typedef struct gr_mis_game {
    gr_mis_kind kind;
    gr_octal_code code;  /* GR_MIS_OCTAL */
    const uint32_t *set; /* GR_MIS_SUB: ascending, distinct, >= 1 */
    size_t set_len;
} gr_mis_game;

/* One option of a heap: `take` tokens removed (0 in Grundy's game and for
 * subtraction/Nim, where `take` is the amount taken), leaving nleaves heaps
 * of the same game, ascending. */
typedef struct gr_mis_opt {
    uint64_t take;
    uint32_t nleaves;
    uint64_t leaves[3];
} gr_mis_opt;

/* Every option of a heap of h in a fixed order: octal codes by take, then
 * leaves ([], [h-j], two-heap splits by the smaller heap, three-heap splits
 * by (a, b)), as gr_octal_moves_to orders them; Grundy's game by the
 * smaller heap; subtraction by take; Nim by take.  At most max are written
 * (out may be NULL with max 0), their number to *count; GR_ELIMIT when
 * there are more than GR_MIS_MAX_OPTIONS. */
gr_status gr_mis_heap_options(const gr_mis_game *g, uint64_t h, gr_mis_opt *out, size_t max,
                              size_t *count);

/* ---- exhaustive search --------------------------------------------------- */

typedef struct gr_mis_search gr_mis_search;

/* A search over positions of the games g[0..ngames-1] (kept by pointer),
 * with at most max_nodes memoised positions (0: the default). */
gr_status gr_mis_search_new(gr_arena *arena, const gr_mis_game *g, size_t ngames,
                            uint64_t max_nodes, gr_mis_search **out);

/* Whether the multiset of tokens is a misère P-position (the player to
 * move loses).  GR_ELIMIT past the node budget or GR_MIS_SEARCH_WORK moves
 * examined per node of the budget, GR_ELIMIT too for a heap with more than
 * GR_MIS_MAX_OPTIONS options; polls gr_arena_check. */
gr_status gr_mis_is_p(gr_mis_search *s, const uint64_t *tokens, size_t n, bool *p);

/* The options of one token, cached by the search (valid until the arena
 * dies). */
gr_status gr_mis_token_options(gr_mis_search *s, uint64_t token, const gr_mis_opt **opts,
                               size_t *n);

/* Whether the position after option `opt` of tokens[i] is a P-position. */
gr_status gr_mis_after_is_p(gr_mis_search *s, const uint64_t *tokens, size_t n, size_t i,
                            const gr_mis_opt *opt, bool *p);

/* At most max_options options listed over the search's life (each heap
 * size's options are listed once, then kept): a search that meets heaps
 * of many sizes, each with many options, does that work whatever its node
 * budget.  Past it GR_ELIMIT.  0, the default: no such limit. */
void gr_mis_search_limit_options(gr_mis_search *s, uint64_t max_options);

/* ---- the misère quotient ------------------------------------------------- */

typedef struct gr_mis_quotient {
    uint32_t order;        /* |Q|; element 0 is the identity */
    const uint32_t *table; /* order x order products, row-major */
    const uint8_t *in_p;   /* order flags: the P-portion */
    uint32_t p_count;
    uint64_t max_heap;     /* heaps 0..max_heap are mapped (verified) */
    const uint32_t *image; /* image[h], h = 0..max_heap (image[0] = 0) */
    bool complete;         /* images proven periodic: every heap size */
    uint64_t preperiod;    /* when complete: image[h + period] = image[h], h >= preperiod */
    uint64_t period;
    bool tame; /* isomorphic to misère Nim's tame quotient of the same order */
    /* The heap whose step ended the build: when complete, the one whose
     * images proved the period (a build for any max_heap at or past it
     * stops there in the same state); after GR_ELIMIT from a heap's step,
     * that heap (the rest of *out zero): every build reaching it fails so. */
    uint64_t last_heap;
    /* A presentation: generators are heaps (gen_heap[i], their images the
     * generators in order), each element a word: exponent of generator g
     * in element e is word[e * ngens + g]. */
    uint32_t ngens;
    const uint64_t *gen_heap;
    const uint32_t *word;
    /* Relations lhs = rhs, words of ngens exponents: rel[2*r*ngens ..] is
     * relation r's left side, the next ngens its right side.  Left sides
     * are the minimal words that are not normal forms (graded
     * lexicographic order), so the relations present the monoid. */
    uint32_t nrel;
    const uint32_t *rel;
} gr_mis_quotient;

typedef struct gr_mis_quotient_opts {
    uint64_t max_heap;  /* the heaps the quotient is built for */
    uint32_t max_order; /* 0: GR_MIS_MAX_QUOTIENT_ORDER */
    uint64_t max_nodes; /* exhaustive-search budget for the outcomes used */
    /* Keep building past max_heap (up to max_heap_limit) until the images
     * are proven periodic. */
    bool until_complete;
    uint64_t max_heap_limit;
    uint64_t max_states; /* per heap, in the proof; 0: 2^20 */
    /* When a heap splits elements: learn the quotient from outcomes
     * (misere_learn.c) before the rebuild from the generators (by default
     * the learner comes after it). */
    bool learn_first;
    uint64_t learn_nodes; /* the learner's search budget; 0: its default */
    /* With until_complete: a heap past max_heap that no candidate is
     * proven for ends the build with the quotient proven so far (heaps
     * below it, not complete) instead of GR_ELIMIT: it still covers the
     * heaps asked about. */
    bool keep_proven;
} gr_mis_quotient_opts;

/* Builds the reduced quotient of the game restricted to heaps <= max_heap
 * (single games: octal codes, subtraction sets).  GR_ELIMIT (with
 * *why set to a static sentence) when its order passes max_order or the
 * searches behind it pass their budget. */
gr_status gr_mis_quotient_build(gr_arena *arena, const gr_mis_game *g,
                                const gr_mis_quotient_opts *opts, gr_mis_quotient *out,
                                const char **why);

/* The image of a heap of h (any size when complete); GR_ELIMIT when
 * h > max_heap and the quotient is not complete. */
gr_status gr_mis_quotient_image(const gr_mis_quotient *q, uint64_t h, uint32_t *e);

/* Whether a and b are isomorphic as monoids with P-portions (a's
 * generators tried against every assignment into b, at most 2^24). */
gr_status gr_mis_quotient_isomorphic(gr_arena *arena, const gr_mis_quotient *a,
                                     const gr_mis_quotient *b, bool *iso);

static inline uint32_t gr_mis_mul(const gr_mis_quotient *q, uint32_t a, uint32_t b)
{
    return q->table[(size_t)a * q->order + b];
}

/* ---- a position in a quotient (misere_product.c) ------------------------ */

/* A position of one game's heaps as the product of their images: the
 * product of every image but heap i's is kept per i (prefix and suffix
 * products), so the outcome after a move of heap i costs the images of
 * its leaves and one look-up. */
typedef struct gr_mis_product {
    const gr_mis_quotient *q;
    size_t n;
    uint32_t *rest; /* rest[i]: the product of every image but heap i's */
    uint32_t total; /* the whole position's image */
} gr_mis_product;

/* The product of heaps[0..n) in q (the arrays in arena); GR_ELIMIT when a
 * heap is past an incomplete quotient's max_heap. */
gr_status gr_mis_product_init(gr_arena *arena, const gr_mis_quotient *q, const uint64_t *heaps,
                              size_t n, gr_mis_product *out);

/* Whether the whole position is a misère P-position. */
static inline bool gr_mis_product_is_p(const gr_mis_product *x)
{
    return x->q->in_p[x->total] != 0;
}

/* Whether the position after heap i is replaced by `leaves` (nleaves of
 * them) is a P-position; GR_ELIMIT when a leaf is outside the quotient. */
gr_status gr_mis_product_after_is_p(const gr_mis_product *x, size_t i, const uint64_t *leaves,
                                    uint32_t nleaves, bool *p);

/* Whether heap h of g is past what gr_mis_heap_options lists cheaply and
 * must be walked by the period of x's (complete) quotient: octal codes
 * with at most two-heap splits and Grundy's game, above 2^16 and past the
 * quotient's max_heap.  A subtraction heap of any size has at most
 * |set| options, listed as they are. */
bool gr_mis_product_by_period(const gr_mis_product *x, const gr_mis_game *g, uint64_t h);

#endif
