/* A ruleset's count hook against its moves (gr_pg_rules.count): the number
 * it says, for each player, is the number of positions its moves hook
 * hands to the sink. */
#ifndef GR_TEST_PG_H
#define GR_TEST_PG_H

#include "gr_test.h"
#include "grundy/pgame.h"

typedef struct gr_test_counting_sink {
    gr_pg_sink sink;
    uint32_t n;
} gr_test_counting_sink;

static inline gr_status gr_test_count_one(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                                          const gr_pg_move *move)
{
    (void)pos, (void)len, (void)move;
    ((gr_test_counting_sink *)sink)->n++;
    return GR_OK;
}

/* Fails naming `what` (the position as the test wrote it) on a difference. */
static inline void gr_test_assert_counts(const gr_pg_rules *rules, const uint8_t *pos, size_t len,
                                         const char *what)
{
    assert_non_null(rules->count);
    for (int side = 0; side < 2; side++) {
        gr_test_counting_sink made = {{gr_test_count_one}, 0};
        uint32_t counted = UINT32_MAX;
        assert_int_equal(rules->moves(rules->ctx, pos, len, (gr_pg_side)side, &made.sink), GR_OK);
        assert_int_equal(rules->count(rules->ctx, pos, len, (gr_pg_side)side, &counted), GR_OK);
        if (counted != made.n) {
            fail_msg("%s %s side %d: counted %u, made %u", rules->name, what, side, counted,
                     made.n);
        }
    }
}

#endif
