/*
 * The one writer of values and outcomes.  A value is written the same way
 * by every family and by /v1/sum: a finite one as an integer, a loopy one
 * as {"infinity": [K...]}, an ordinal one as its Cantor normal form text.
 * An outcome is "first" | "second" | "draw" for the player to move, and
 * the mover's "win" | "lose" | "draw" in "all_moves".
 */
#include "json/gr_json.h"

void gr_json_buf_value(gr_buf *b, const gr_value *v)
{
    if (v->kind != GR_VALUE_LOOPY) {
        gr_json_buf_u64(b, v->n);
        return;
    }
    gr_buf_puts(b, "{\"infinity\":[");
    for (size_t i = 0; i < v->nk; i++) {
        if (i > 0) {
            gr_buf_putc(b, ',');
        }
        gr_json_buf_u64(b, v->k[i]);
    }
    gr_buf_puts(b, "]}");
}

cJSON *gr_json_ordinal_text(gr_jctx *c, const gr_ord_ctx *x, gr_ord a, gr_ord_style style)
{
    char *text;
    size_t len;
    if (gr_ord_print(x, a, style, &text, &len) != GR_OK) {
        c->oom = true;
        return NULL;
    }
    return gr_jw_str(c, text);
}

cJSON *gr_jw_value(gr_jctx *c, const gr_value *v)
{
    if (v->kind == GR_VALUE_FINITE) {
        return gr_jw_u64(c, v->n);
    }
    if (v->kind == GR_VALUE_ORDINAL) {
        return gr_json_ordinal_text(c, v->ordinal->ctx, v->ordinal->ord, GR_ORD_UNICODE);
    }
    gr_buf b;
    gr_buf_init(&b, c->arena);
    gr_json_buf_value(&b, v);
    return gr_jw_raw_buf(c, &b);
}

cJSON *gr_jw_winner(gr_jctx *c, gr_outcome o)
{
    static const char *const winner[] = {
        [GR_OUTCOME_SECOND] = "second", [GR_OUTCOME_FIRST] = "first", [GR_OUTCOME_DRAW] = "draw"};
    return gr_jw_str(c, winner[o]);
}

const char *gr_json_mover_outcome(gr_outcome next)
{
    /* the mover's outcome is the opposite of the next player's */
    static const char *const mover[] = {
        [GR_OUTCOME_SECOND] = "win", [GR_OUTCOME_FIRST] = "lose", [GR_OUTCOME_DRAW] = "draw"};
    return mover[next];
}

const char *gr_json_outcome(const gr_value *v)
{
    return gr_json_mover_outcome(gr_value_outcome(v));
}
