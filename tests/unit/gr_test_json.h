/* The fixture of the JSON-layer unit tests: a request arena with a budget,
 * a gr_jctx on it, and cJSON's hooks bound to an arena -- the same one, or
 * a separate unbudgeted `ref` when a test compares with cJSON's own parser
 * and must keep the two trees apart. */
#ifndef GR_TEST_JSON_H
#define GR_TEST_JSON_H

#include <stdbool.h>

#include "gr_test.h"
#include "games/families.h"
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

/* A family as /v1/sum drives it: found by name (it must exist), with a
 * request context on a fresh arena to which cJSON's hooks are bound
 * (gr_test_family_begin); gr_test_family_end undoes both. */
typedef struct gr_test_family {
    const gr_family *fam;
    gr_jctx c;
    gr_arena *prev; /* cJSON's arena before */
} gr_test_family;

static inline void gr_test_family_begin(const char *name, gr_test_family *f)
{
    gr_json_init();
    f->fam = gr_family_find(name);
    assert_non_null(f->fam);
    gr_arena *a = gr_arena_create(0);
    gr_jctx_init(&f->c, a);
    f->prev = gr_json_bind(a);
}

static inline void gr_test_family_end(gr_test_family *f)
{
    gr_json_bind(f->prev);
    gr_arena_destroy(f->c.arena);
}

/* fam's analyse of the object `text` as a component at pointer ptr
 * succeeds with a finite value, which it returns; *st is the state. */
static inline uint64_t gr_test_family_value(gr_jctx *c, const gr_family *fam, const char *text,
                                            const char *ptr, void **st)
{
    cJSON *obj = cJSON_Parse(text);
    assert_non_null(obj);
    gr_value v;
    *st = NULL;
    assert_int_equal(fam->analyse(c, obj, ptr, st, &v), GR_OK);
    assert_int_equal(v.kind, GR_VALUE_FINITE);
    return v.n;
}

/* fam's moves_to `target` from state st (at most max of them, counted as
 * count_all says), written as the endpoints write them (gr_jw_move), in
 * an array; *count as moves_to counts. */
static inline cJSON *gr_test_family_moves(gr_jctx *c, const gr_family *fam, void *st,
                                          uint64_t target, uint64_t max, bool count_all,
                                          uint64_t *count)
{
    gr_value t = {.kind = GR_VALUE_FINITE, .n = target};
    gr_move_list list = {.arena = c->arena, .room = max};
    assert_int_equal(fam->moves_to(c, st, &t, count_all, &list, count), GR_OK);
    cJSON *arr = gr_jw_move_list(c, fam->move_shape, &list);
    assert_non_null(arr);
    return arr;
}

/* fam's analyse of `text` at ptr is a 400 whose pointer is `want`. */
static inline void gr_test_family_rejects(gr_jctx *c, const gr_family *fam, const char *text,
                                          const char *ptr, const char *want)
{
    cJSON *obj = cJSON_Parse(text);
    assert_non_null(obj);
    void *st = NULL;
    gr_value v;
    assert_int_equal(fam->analyse(c, obj, ptr, &st, &v), GR_EINVAL);
    assert_string_equal(c->problem.pointer, want);
}

/* A test run with the file's own fixture (its setup and teardown). */
#define gr_test_fixed(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

#endif
