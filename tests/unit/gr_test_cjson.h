/* Test support: cJSON's own allocations (cJSON_Parse, cJSON_CreateArray,
 * cJSON_PrintUnformatted, ... called by the tests themselves to build
 * inputs and reference answers) taken from an arena, so that a test never
 * has to free a tree and a leak checker sees none.
 *
 * The library no longer has such hooks: the JSON layer makes every node in
 * the request's arena through its gr_jctx (src/json/write.c).  This is
 * the tests' own binding, with the names the tests have always used:
 * gr_json_init installs cJSON's hooks once; between gr_json_bind(arena)
 * and gr_json_bind(previous) cJSON allocates from that arena (outside a
 * binding, from malloc).  A test program is single-threaded. */
#ifndef GR_TEST_CJSON_H
#define GR_TEST_CJSON_H

#include <cjson/cJSON.h>
#include <stdlib.h>

#include "grundy/arena.h"

static gr_arena *gr_test_cjson_arena;

static inline void *gr_test_cjson_malloc(size_t n)
{
    return gr_test_cjson_arena != NULL ? gr_arena_alloc(gr_test_cjson_arena, n) : malloc(n);
}

static inline void gr_test_cjson_free(void *p)
{
    if (gr_test_cjson_arena == NULL) {
        free(p);
    }
}

static inline void gr_json_init(void)
{
    cJSON_Hooks hooks = {gr_test_cjson_malloc, gr_test_cjson_free};
    cJSON_InitHooks(&hooks);
}

static inline gr_arena *gr_json_bind(gr_arena *arena)
{
    gr_arena *prev = gr_test_cjson_arena;
    gr_test_cjson_arena = arena;
    return prev;
}

#endif
