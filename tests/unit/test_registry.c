/* The game table and the problem vocabulary: the tables every
 * reader (routes, CLI, /v1/sum, fuzzing) relies on are consistent, and the
 * one problem renderer writes the documented bytes. */
#include "gr_test.h"

#include <stdlib.h>
#include <string.h>

#include "games/families.h"
#include "json/problem.h"
#include "games/registry.h"

static void test_registry_rows(void **state)
{
    size_t n = gr_registry_count();
    assert_true(n >= 8);
    assert_null(gr_registry_at(n));
    for (size_t i = 0; i < n; i++) {
        const gr_endpoint *e = gr_registry_at(i);
        assert_non_null(e);
        assert_true(strncmp(e->path, "/v1/", 4) == 0);
        assert_ptr_equal(gr_registry_find(e->path), e); /* paths are unique */
        assert_non_null(e->cli);
        assert_true(e->json_fast == NULL || e->family != NULL);
        /* the row's kind names its adapter (an impartial family or a
         * partizan game, never both), whose name is the row's */
        assert_int_equal(e->family != NULL, e->kind == GR_GAME_IMPARTIAL);
        assert_int_equal(e->pgame != NULL, e->kind == GR_GAME_PARTIZAN);
        switch (e->kind) {
        case GR_GAME_IMPARTIAL:
            assert_string_equal(e->family->name, e->name);
            assert_true(e->family->analyse != NULL && e->family->moves_to != NULL);
            assert_ptr_equal(gr_family_find(e->name), e->family);
            break;
        case GR_GAME_PARTIZAN:
            assert_string_equal(e->pgame->name, e->name);
            assert_true(e->pgame->analyse != NULL && e->pgame->moves != NULL);
            break;
        case GR_GAME_NONE:
            assert_non_null(e->json);
            assert_false(e->offers & GR_OFFER_SUM);
            break;
        }
        /* a game's name selects exactly this row, as a sum component */
        if (e->offers & GR_OFFER_SUM) {
            assert_ptr_equal(gr_registry_game(e->name), e);
        }
        assert_true((e->misere != NULL) == ((e->offers & GR_OFFER_MISERE) != 0));
    }
    assert_null(gr_registry_find("/v1/nope"));
    assert_null(gr_registry_game("sum")); /* a sum is not a component game */
    assert_null(gr_family_find("sum"));
    assert_non_null(gr_registry_find("/v1/sum"));

    /* the list the sum's errors quote names every component once: the
     * impartial games in table order, then the partizan ones */
    gr_arena *a = *state;
    gr_jctx c;
    gr_jctx_init(&c, a);
    const char *list = gr_registry_game_list(&c);
    size_t at = 0;
    for (int kind = GR_GAME_IMPARTIAL; kind <= GR_GAME_PARTIZAN; kind++) {
        for (size_t i = 0; i < n; i++) {
            const gr_endpoint *e = gr_registry_at(i);
            if ((int)e->kind != kind || !(e->offers & GR_OFFER_SUM)) {
                continue;
            }
            if (at > 0) {
                assert_memory_equal(list + at, ", ", 2);
                at += 2;
            }
            assert_memory_equal(list + at, e->name, strlen(e->name));
            at += strlen(e->name);
        }
    }
    assert_int_equal(list[at], '\0');
    /* the misère games, as the misère answers' problems name them */
    assert_string_equal(gr_registry_names(&c, GR_OFFER_MISERE, " or "),
                        "nim, subtraction or octal");
    assert_string_equal(gr_registry_names(&c, GR_OFFER_SEQUENCE | GR_OFFER_QUOTIENT, " and "),
                        "subtraction and octal");
}

static void test_problem_table(void **state)
{
    (void)state;
    static const struct {
        gr_status st;
        int http;
        const char *slug;
    } want[] = {
        {GR_EINVAL, 400, "invalid-input"},  {GR_ENOMEM, 413, "memory-budget-exceeded"},
        {GR_ELIMIT, 422, "limit-exceeded"}, {GR_ETIME, 422, "limit-exceeded"},
        {GR_ECANCELLED, 503, "cancelled"},  {GR_EUNAVAILABLE, 503, "shutting-down"},
        {GR_EDECLINED, 503, "overloaded"},  {GR_EINTERNAL, 500, "internal-error"},
    };
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        const gr_problem_type *t = gr_problem_type_of(gr_problem_kind_of(want[i].st));
        assert_int_equal(t->status, want[i].http);
        assert_string_equal(t->slug, want[i].slug);
    }
    /* slugs are unique, statuses are client or server errors */
    for (int k = 0; k < GR_PROBLEM_KIND_COUNT; k++) {
        const gr_problem_type *t = gr_problem_type_of((gr_problem_kind)k);
        assert_non_null(t->slug);
        assert_non_null(t->title);
        assert_true(t->status >= 400 && t->status <= 599);
        for (int j = 0; j < k; j++) {
            assert_true(strcmp(t->slug, gr_problem_type_of((gr_problem_kind)j)->slug) != 0);
        }
    }
}

static void test_problem_render(void **state)
{
    (void)state;
    gr_problem p;
    gr_problem_set(&p, GR_PROBLEM_INVALID_INPUT, "bad \"x\"\\ \n\t\r\x01\x7f é", "/a~1b/0");
    char *out = NULL;
    size_t n = 0;
    assert_int_equal(gr_problem_render(&p, &out, &n), GR_OK);
    const char *want = "{\"type\":\"https://grundyd.dev/problems/invalid-input\","
                       "\"title\":\"Invalid input\",\"status\":400,"
                       "\"detail\":\"bad \\\"x\\\"\\\\ \\n\\t\\r\\u0001\x7f é\","
                       "\"pointer\":\"/a~1b/0\"}";
    assert_string_equal(out, want);
    assert_int_equal(n, strlen(want));
    free(out);
    /* no pointer, no detail: the member is left out / empty */
    gr_problem q = {503, "overloaded", "Service overloaded", NULL, NULL, NULL};
    assert_int_equal(gr_problem_render(&q, &out, &n), GR_OK);
    assert_string_equal(out, "{\"type\":\"https://grundyd.dev/problems/overloaded\","
                             "\"title\":\"Service overloaded\",\"status\":503,\"detail\":\"\"}");
    free(out);
    /* an estimate (a search refused up front) is the last member, as given */
    q.estimate = "{\"search_nodes\":9}";
    assert_int_equal(gr_problem_render(&q, &out, &n), GR_OK);
    assert_non_null(strstr(out, "\"detail\":\"\",\"estimate\":{\"search_nodes\":9}}"));
    free(out);
}

GR_TEST_MAIN(gr_test_with_arena(test_registry_rows), cmocka_unit_test(test_problem_table),
             cmocka_unit_test(test_problem_render))
