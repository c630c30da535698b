/*
 * JSON for ordinal values (src/json/ordinal_trees.c), shared by
 * /v1/ordinal-trees and /v1/sum.
 *
 * The ordinal_trees family's gr_value is always of kind GR_VALUE_ORDINAL
 * with `ordinal` pointing at a gr_ord_ref (include/grundy/ordinal.h); when
 * the value happens to be finite, `n` holds it as well.  To add finite
 * values to it, import it into a context of your own (gr_ord_import),
 * make the finite ones with gr_ord_from_u64 and XOR with gr_ord_xor.  Its
 * moves_to accepts a target of kind GR_VALUE_FINITE or GR_VALUE_ORDINAL
 * (any context) and writes moves {"tree": i, "replace_with": <nested>}.
 */
#ifndef GR_JSON_ORDINAL_TREES_H
#define GR_JSON_ORDINAL_TREES_H

#include "grundy/ordinal.h"
#include "json/gr_json.h"

/* The most vertices written as replacement trees in one response: the
 * first winning move must fit (else 422), further ones in winning_moves
 * are listed while the total stays within this. */
#define GR_OTREE_REPLY_VERTICES_MAX 4194304u

/* [{"exponent": <same shape>, "coefficient": c}, ...], exponents
 * decreasing; 0 is []. */
cJSON *gr_json_ordinal_cnf(gr_jctx *c, const gr_ord_ctx *x, gr_ord a);
/* Adds "grundy", "grundy_ascii" and "grundy_cnf" for a to obj. */
void gr_json_ordinal_fields(gr_jctx *c, cJSON *obj, const gr_ord_ctx *x,
                            gr_ord a);
/* The tree of ordinal a in nested form (the root's array of children). */
cJSON *gr_json_ordinal_tree(gr_jctx *c, const gr_ord_ctx *x, gr_ord a);

#endif
