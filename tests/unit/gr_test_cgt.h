/* The fixture of a unit test on canonical forms: an unlimited arena and a
 * store of games in it (gr_test_cgt in *state), gone after the test; a
 * game written out (gr_test_parsed); and the outcome class of who wins
 * moving first. */
#ifndef GR_TEST_CGT_H
#define GR_TEST_CGT_H

#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "grundy/cgt.h"

typedef struct gr_test_cgt {
    gr_arena *a;
    gr_cgt_store *s;
} gr_test_cgt;

static inline int gr_test_cgt_setup(void **state)
{
    gr_test_cgt *t = malloc(sizeof(*t));
    if (t == NULL || (t->a = gr_arena_create(0)) == NULL) {
        free(t);
        return -1;
    }
    if (gr_cgt_store_new(t->a, &t->s) != GR_OK) {
        gr_arena_destroy(t->a);
        free(t);
        return -1;
    }
    *state = t;
    return 0;
}

static inline int gr_test_cgt_teardown(void **state)
{
    gr_test_cgt *t = *state;
    gr_arena_destroy(t->a);
    free(t);
    return 0;
}

#define gr_test_with_cgt(f)                                                                        \
    cmocka_unit_test_setup_teardown(f, gr_test_cgt_setup, gr_test_cgt_teardown)

/* The game text writes ("{1|*}", "2", ...), in the fixture's store; a
 * text that does not parse fails the test. */
static inline gr_cgt gr_test_parsed(gr_test_cgt *fx, const char *text)
{
    gr_cgt v;
    size_t off;
    const char *what;
    assert_int_equal(gr_cgt_parse(fx->s, text, strlen(text), &v, &off, &what), GR_OK);
    return v;
}

/* The outcome class of a game that Left (lw), and Right (rw), wins moving
 * first. */
static inline gr_cgt_outcome gr_test_outcome(bool lw, bool rw)
{
    return lw ? (rw ? GR_CGT_N : GR_CGT_L) : (rw ? GR_CGT_R : GR_CGT_P);
}

#endif
