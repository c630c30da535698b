/* Shared by the heap games' position files (octal_position.c, subtraction_position.c). */
#ifndef GR_HEAP_POSITION_INTERNAL_H
#define GR_HEAP_POSITION_INTERNAL_H

#include "grundy/heap_position.h"

/* A table's value of a heap (gr_octal_grundy, gr_sub_grundy). */
typedef gr_status gr_heap_value_fn(const void *t, uint64_t h, uint64_t *g);

/* Fills out from the values at() gives; a heap it cannot answer is
 * GR_ELIMIT with its index in *bad. */
gr_status gr_heap_pos_fill(gr_arena *arena, const void *t, gr_heap_value_fn *at,
                           const uint64_t *heaps, size_t n, gr_heap_pos *out, size_t *bad);

#endif
