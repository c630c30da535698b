/*
 * What the octal solver's two files share (src/core/octal.c builds the
 * table, src/core/octal_moves.c finds moves in it).  Not a public header.
 */
#ifndef GR_OCTAL_INTERNAL_H
#define GR_OCTAL_INTERNAL_H

#include "grundy/octal.h"

/* g(h) for a heap in the table or, the table being periodic, beyond it. */
static inline uint64_t gr_octal_value_at(const gr_octal_table *t, uint64_t h)
{
    if (h < t->computed) {
        return t->values[h];
    }
    return t->values[t->preperiod + (h - t->preperiod) % t->period];
}

#endif
