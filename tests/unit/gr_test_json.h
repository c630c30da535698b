/* The fixture of the JSON-layer unit tests: a request arena with a budget,
 * a gr_jctx on it, and cJSON's hooks bound to an arena -- the same one, or
 * a separate unbudgeted `ref` when a test compares with cJSON's own parser
 * and must keep the two trees apart. */
#ifndef GR_TEST_JSON_H
#define GR_TEST_JSON_H

#include <stdbool.h>

#include "gr_test.h"
#include "json/gr_json.h"

typedef struct fixture {
    gr_arena *arena; /* the request arena (c.arena) */
    gr_arena *ref;   /* cJSON's through the hooks, when separate; else NULL */
    gr_arena *prev;
    gr_jctx c;
} fixture;

static inline int gr_test_json_setup(void **state, size_t budget, bool separate_ref)
{
    gr_json_init();
    fixture *f = test_calloc(1, sizeof(*f));
    f->arena = gr_arena_create(budget);
    f->ref = separate_ref ? gr_arena_create(0) : NULL;
    f->prev = gr_json_bind(separate_ref ? f->ref : f->arena);
    gr_jctx_init(&f->c, f->arena);
    *state = f;
    return 0;
}

static inline int gr_test_json_teardown(void **state)
{
    fixture *f = *state;
    gr_json_bind(f->prev);
    gr_arena_destroy(f->arena);
    gr_arena_destroy(f->ref);
    test_free(f);
    return 0;
}

#endif
