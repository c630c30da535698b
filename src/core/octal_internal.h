/*
 * What the octal solver's files share (octal.c parses codes and confirms
 * periods, octal_values.c computes values, octal_moves.c finds moves).
 * Not a public header.
 */
#ifndef GR_OCTAL_INTERNAL_H
#define GR_OCTAL_INTERNAL_H

#include "grundy/octal.h"

/* g(h) for h < computed. */
static inline unsigned gr_octal_raw(const gr_octal_table *t, uint64_t h)
{
    return t->width == 1 ? ((const uint8_t *)t->values)[h] : ((const uint16_t *)t->values)[h];
}

/* g(h) for a heap in the table or, the table being periodic, beyond it. */
static inline uint64_t gr_octal_value_at(const gr_octal_table *t, uint64_t h)
{
    if (h < t->computed) {
        return gr_octal_raw(t, h);
    }
    return gr_octal_raw(t, t->preperiod + (h - t->preperiod) % t->period);
}

/* The value computation (octal_values.c).  Fills g (grown in arena, 16-bit
 * while computing) up to the cap or until the periodicity check `check`
 * (called every so often with the values so far) says stop, or (with
 * opts->keep_on_time) the deadline passes.  Returns the
 * array and its length through the out-parameters. */
/* next holds when the engine would check again; the check may put it
 * later (never earlier) when it knows nothing can be confirmed before. */
typedef bool gr_octal_check_fn(void *ctx, const uint16_t *g, uint64_t have, uint64_t *next);
gr_status gr_octal_values(gr_arena *arena, const gr_octal_code *code, uint64_t cap,
                          const gr_octal_opts *opts, bool *timed_out, gr_octal_check_fn *check,
                          void *ctx, uint16_t **g_out, uint64_t *have_out, uint64_t *maxv_out);

#endif
