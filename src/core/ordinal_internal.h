/* Shared between the ordinal files of the core only (not public API). */
#ifndef GR_ORDINAL_INTERNAL_H
#define GR_ORDINAL_INTERNAL_H

#include "grundy/ordinal.h"

/* The storage of a context (src/core/ordinal.c), shared with the files
 * that compute on it (ordinal_arith.c). */
#define GR_ORD_UNRANKED UINT32_MAX
#define GR_ORD_MAX_LABELS (UINT32_MAX - 1u)
#define GR_ORD_UNMAPPED UINT32_MAX

typedef struct gr_ord_label {
    uint64_t size;     /* nodes of the tree, saturating */
    size_t term_off;   /* first term in term_exp / term_coef */
    uint32_t nterms;
    uint32_t height;
    uint32_t rank;     /* GR_ORD_UNRANKED or position in the ranked order */
    uint32_t hash;
    uint32_t refs;     /* labels having it as an exponent, counted up to 2 */
} gr_ord_label;

struct gr_ord_ctx {
    gr_arena *arena;
    gr_ord_label *labels;
    size_t nlabels, cap_labels;
    gr_ord *term_exp;
    uint64_t *term_coef;
    size_t nterms, cap_terms;
    uint32_t *table; /* label + 1, 0 = empty */
    size_t table_cap; /* power of two */
    /* scratch term list for xor / import / from_terms (never aliased by
     * the intern arguments' storage) */
    gr_ord *s_exp;
    uint64_t *s_coef;
    size_t s_cap;
    uint32_t next_rank;
};

/* A label's sort key inside one height group: groups are decided by the
 * leading exponent's rank and coefficient without touching the labels. */
typedef struct rank_key {
    uint64_t coef0;
    uint32_t rank0;
    gr_ord label;
} rank_key;

/* Room for `need` terms in the scratch list x->s_exp / x->s_coef. */
gr_status gr_ord_scratch_reserve(gr_ord_ctx *x, size_t need);

/* Sorts a[0..n) by rank0, then coef0, then the labels' order (runs of
 * insertion sort merged bottom-up through tmp, room for n keys). */
void gr_ord_sort_keys(const gr_ord_ctx *x, rank_key *a, rank_key *tmp, size_t n);

/* Ranks ids[0..n-1] (reordering them), after every rank given so far.
 * They must all have one height h, every label of height < h must be
 * ranked and no other label of height h may be ranked: then comparisons
 * inside the group are one level of CNF comparison on ranked exponents.
 * gr_otree_analyse ranks each height right after labelling it, so the next
 * height can sort its children by rank. */
gr_status gr_ord_rank_group(gr_ord_ctx *x, gr_ord *ids, size_t n);

/* The label of a term list already known to be canonical (exponents
 * strictly decreasing, coefficients positive) that does not point into
 * x's own arrays: gr_ord_from_terms without its O(k) checks, for the
 * forest labelling that builds canonical lists by construction. */
gr_status gr_ord_intern(gr_ord_ctx *x, const gr_ord *exps,
                        const uint64_t *coefs, size_t n, gr_ord *out);

/* The rank of a ranked label (see gr_ord_is_ranked): ranked labels order
 * like their ranks, so sorting packed (rank, label) keys as integers sorts
 * the labels. */
uint32_t gr_ord_rank_of(const gr_ord_ctx *x, gr_ord a);

#endif
