/* Shared between the ordinal files of the core only (not public API). */
#ifndef GR_ORDINAL_INTERNAL_H
#define GR_ORDINAL_INTERNAL_H

#include "grundy/ordinal.h"

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
