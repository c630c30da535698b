/*
 * What the heap games' positions share (grundy/heap_position.h): the
 * value of every heap and their XOR, and the growing list of moves.
 */
#include "grundy/heap_position.h"

#include <string.h>

#include "heap_position_internal.h"

gr_status gr_heap_pos_fill(gr_arena *arena, const void *t, gr_heap_value_fn *at,
                           const uint64_t *heaps, size_t n, gr_heap_pos *out, size_t *bad)
{
    /* one spare entry: n may be 0 */
    uint64_t *g = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, n + 1);
    if (g == NULL) {
        return GR_ENOMEM;
    }
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (at(t, heaps[i], &g[i]) != GR_OK) {
            *bad = i;
            return GR_ELIMIT;
        }
        x ^= g[i];
    }
    out->heaps = heaps;
    out->n = n;
    out->grundy = g;
    out->value = x;
    return GR_OK;
}

gr_heap_move *gr_heap_moves_add(gr_heap_moves *list, gr_status *st)
{
    if (list->listed >= list->room) {
        return NULL;
    }
    if (list->listed == list->cap) {
        /* doubled up to the room: the room may be 10^6 for a position of
         * three moves, so it is never allocated up front */
        uint64_t cap = list->cap == 0 ? 16 : 2 * (uint64_t)list->cap;
        cap = cap < list->room ? cap : list->room;
        gr_heap_move *p = gr_arena_realloc(list->arena, list->item, list->cap * sizeof(*p),
                                           (size_t)cap * sizeof(*p));
        if (p == NULL) {
            *st = GR_ENOMEM;
            return NULL;
        }
        list->item = p;
        list->cap = (size_t)cap;
    }
    gr_heap_move *m = &list->item[list->listed++];
    memset(m, 0, sizeof(*m));
    return m;
}
