/*
 * Growth of the Domineering outcome searches' transposition tables
 * (gr_dom_table_double): both double the same way and differ only in
 * where an old entry goes back.
 */
#include "core/domineering_search.h"

#include <string.h>

void gr_dom_table_double(gr_dom *g, void *table, size_t *cap, uint64_t *stored, size_t esize,
                         void (*put_back)(gr_dom *g, const void *entry))
{
    size_t old_cap = *cap;
    unsigned char *t = gr_arena_calloc(g->vs.arena, 2 * old_cap, esize);
    if (t == NULL) {
        return; /* a cache: keep the one there is */
    }
    /* table holds a T *, which has the form of any object pointer */
    unsigned char *old;
    memcpy(&old, table, sizeof(old));
    memcpy(table, &t, sizeof(t));
    *cap = 2 * old_cap;
    *stored = 0;
    for (size_t i = 0; i < old_cap; i++) {
        put_back(g, old + i * esize);
    }
    gr_arena_free(g->vs.arena, old, old_cap * esize);
}
