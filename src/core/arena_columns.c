/*
 * Parallel arrays grown together in an arena (gr_arena_grow_columns):
 * the tables the core keeps as columns, one array per field, so that a
 * scan reads only the fields it needs.
 */
#include "grundy/arena.h"

#include <stdbool.h>
#include <string.h>

/* The array pointer stored at col (a T ** seen as bytes: the arrays are
 * of different types, and every object pointer has void *'s form). */
static void *gr_column_get(void *const col)
{
    void *p;
    memcpy(&p, col, sizeof(p));
    return p;
}

static void gr_column_set(void *col, void *p)
{
    memcpy(col, &p, sizeof(p));
}

gr_status gr_arena_grow_columns(gr_arena *a, void *const cols[], const size_t sizes[], size_t k,
                                size_t n, size_t *cap, size_t first)
{
    if (n < *cap) {
        return GR_OK;
    }
    if (k > GR_ARENA_MAX_COLUMNS || n > *cap) {
        return GR_EINTERNAL;
    }
    size_t rows = first;
    if (*cap > 0) {
        if (*cap > SIZE_MAX / 2) {
            return GR_ENOMEM;
        }
        rows = 2 * *cap;
    }
    void *fresh[GR_ARENA_MAX_COLUMNS];
    bool ok = true;
    for (size_t i = 0; i < k; i++) {
        fresh[i] = sizes[i] != 0 && rows <= SIZE_MAX / sizes[i] ? gr_arena_alloc(a, rows * sizes[i])
                                                                : NULL;
        ok = ok && fresh[i] != NULL;
    }
    if (!ok) {
        for (size_t i = k; i > 0; i--) { /* the last first: its space is reused */
            gr_arena_free(a, fresh[i - 1], rows * sizes[i - 1]);
        }
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < k; i++) {
        void *old = gr_column_get(cols[i]);
        if (n > 0) {
            memcpy(fresh[i], old, n * sizes[i]);
        }
        if (*cap > 0) {
            gr_arena_free(a, old, *cap * sizes[i]);
        }
        gr_column_set(cols[i], fresh[i]);
    }
    *cap = rows;
    return GR_OK;
}
