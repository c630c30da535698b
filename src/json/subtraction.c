/*
 * The subtraction family: {"piles": [...], "max_take": K} or
 * {"piles": [...], "subtraction_set": [...]}, moves
 * {"pile", "take", "from", "to"}, extras pile_grundy and period.
 *
 * Moves to a target: in a sum a move in this component must bring its value
 * from G to `target`, so pile i must go to g_i ^ G ^ target.  A pile has at
 * most |S| options, and for a finite set the options of a pile depend only
 * on its reduced pile (gr_sub_reduce, below the table's length), so when
 * every move must be counted over many piles the counts are memoised per
 * reduced pile: the whole count then costs at most (table length) * |S|,
 * which the core already bounded when it built the table.
 */
#include "grundy/subtraction.h"

#include <string.h>

#include "json/endpoints.h"
#include "json/families.h"
#include "json/misere.h"
#include "json/sequence.h"

typedef struct gr_sub_state {
    gr_sub_table table;
    uint64_t *piles;
    uint64_t *grundy; /* per pile */
    size_t n;
    uint64_t value;
    cJSON *sequence; /* the "sequence" option's values, or NULL */
} gr_sub_state;

/* The rules, with pointers for every way they can be wrong. */
static gr_status read_rules(gr_jctx *c, const char *ptr, const cJSON *max_take,
                            const cJSON *set, gr_sub_rules *rules)
{
    memset(rules, 0, sizeof(*rules));
    if (max_take != NULL && set != NULL) {
        return gr_json_error(
            c, GR_EINVAL, gr_jp_key(c, ptr, "subtraction_set"),
            "give exactly one of max_take and subtraction_set, "
            "not both");
    }
    if (max_take == NULL && set == NULL) {
        return gr_json_error(c, GR_EINVAL, ptr,
                             "give one of max_take (take 1..K) and "
                             "subtraction_set (a set of positive integers)");
    }
    if (max_take != NULL) {
        const char *p = gr_jp_key(c, ptr, "max_take");
        gr_status st =
            gr_json_u64(c, max_take, p, GR_JSON_MAX_I64, &rules->max_take);
        if (st != GR_OK) {
            return st;
        }
        if (rules->max_take == 0) {
            return gr_json_error(
                c, GR_EINVAL, p,
                "must be at least 1 (a move takes 1..K tokens)");
        }
        return GR_OK;
    }
    const char *p = gr_jp_key(c, ptr, "subtraction_set");
    size_t count;
    gr_status st = gr_json_array(c, set, p, &count);
    if (st != GR_OK) {
        return st;
    }
    if (count > GR_SUB_MAX_SET) {
        return gr_json_error(c, GR_ELIMIT, p,
                             "has %zu elements; at most %u are supported",
                             count, GR_SUB_MAX_SET);
    }
    uint64_t *values;
    st = gr_json_u64_array(c, set, p, GR_JSON_MAX_I64, &values, &count);
    if (st != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < count; i++) {
        if (values[i] == 0) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, p, i),
                                 "must be at least 1 (taking 0 is not a move)");
        }
        if (values[i] > GR_SUB_MAX_ELEMENT) {
            return gr_json_error(c, GR_ELIMIT, gr_jp_idx(c, p, i),
                                 "is above the largest supported take, %u",
                                 GR_SUB_MAX_ELEMENT);
        }
    }
    rules->set = values;
    rules->set_len = count;
    return GR_OK;
}

static gr_status gr_sub_analyse(gr_jctx *c, const cJSON *obj, const char *ptr,
                                void **state, gr_value *value)
{
    const cJSON *piles, *max_take, *set, *seq, *misere;
    const gr_jfield fields[] = {
        {"piles", true, &piles},
        {"max_take", false, &max_take},
        {"subtraction_set", false, &set},
        {"sequence", false, &seq},
        {"misere", false, &misere},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 5, sizeof(gr_sub_state), state);
    if (st != GR_OK || (st = gr_json_misere_normal(c, misere, ptr)) != GR_OK) {
        return st; /* misère requests are answered by json/misere.c */
    }
    gr_sub_state *s = *state;
    gr_sub_rules rules;
    if ((st = read_rules(c, ptr, max_take, set, &rules)) != GR_OK) {
        return st;
    }
    const char *pp = gr_jp_key(c, ptr, "piles");
    st = gr_json_u64_array(c, piles, pp, GR_JSON_MAX_I64, &s->piles, &s->n);
    if (st != GR_OK) {
        return st;
    }
    uint64_t from, count;
    const char *sp;
    st = gr_json_sequence_option(c, seq, ptr, "/v1/subtraction", &sp, &from, &count);
    if (st != GR_OK) {
        return st;
    }
    /* read_rules checked everything the core checks; finite sets' tables
     * come from the shared cache */
    st = gr_json_sub_table(c, &rules,
                           gr_jp_key(c, ptr, max_take ? "max_take" : "subtraction_set"),
                           &s->table);
    if (st != GR_OK) {
        return st;
    }
    s->sequence = NULL;
    if (seq != NULL &&
        (st = gr_json_sub_values(c, &s->table, from, count, sp, &s->sequence)) != GR_OK) {
        return st;
    }
    st = gr_json_sub_heaps(c, &s->table, s->piles, s->n, pp, &s->grundy, &s->value);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_finite(state, s, value, s->value);
}

static cJSON *move_obj(gr_jctx *c, size_t pile, uint64_t from, uint64_t take)
{
    cJSON *m = gr_jw_obj(c);
    gr_jw_set_u64s(c, m, 4, (const char *const[]){"pile", "take", "from", "to"},
                   (const uint64_t[]){pile, take, from, from - take});
    return m;
}

static gr_status gr_sub_moves_json(gr_jctx *c, void *state,
                                   const gr_value *target, uint64_t max,
                                   bool count_all, cJSON *arr, uint64_t *count)
{
    gr_sub_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite target");
    }
    if (arr == NULL) {
        max = 0;
    }
    uint64_t x = s->value ^ target->n; /* each pile must change by x */
    if (x == 0) {
        return GR_OK; /* a pile never moves to its own value (mex) */
    }
    const gr_sub_table *t = &s->table;
    size_t per_pile = t->max_take > 0 ? 1 : t->set_len;
    uint64_t *takes = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, per_pile + 1);
    if (takes == NULL) {
        return gr_json_oom(c);
    }
    /* Counts per reduced pile, UINT32_MAX = not yet known; only worth it
     * when many piles each cost |S|.  A pile known to have no move is
     * skipped even while moves are still listed (finding the first winning
     * move among many piles costs no more than counting them all). */
    uint32_t *memo = NULL;
    if (t->max_take == 0 && s->n > 64 &&
        (uint64_t)s->n * per_pile > (1u << 20)) {
        memo = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, t->computed);
        if (memo == NULL) {
            return gr_json_oom(c);
        }
        memset(memo, 0xff, t->computed * sizeof(uint32_t));
    }
    uint64_t listed = 0, total = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (!count_all && total >= 1 && listed >= max) {
            break;
        }
        uint64_t want = s->grundy[i] ^ x;
        uint64_t reduced = 0;
        if (memo != NULL) {
            gr_sub_reduce(t, s->piles[i], &reduced);
            if (memo[reduced] == 0 ||
                (memo[reduced] != UINT32_MAX && listed >= max)) {
                total += memo[reduced];
                continue;
            }
        }
        size_t n;
        gr_status st =
            gr_sub_moves_to(t, s->piles[i], want, takes, per_pile, &n);
        if (st != GR_OK) {
            return gr_json_error(c, GR_EINTERNAL, NULL, "pile without a value");
        }
        if (memo != NULL) {
            memo[reduced] = (uint32_t)n;
        }
        for (size_t k = 0; k < n && listed < max; k++, listed++) {
            gr_jw_push(c, arr, move_obj(c, i, s->piles[i], takes[k]));
        }
        total += n;
    }
    *count = total;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* Every move: pile by pile, takes ascending (1..K, or S's elements up to
 * the pile).  The count per pile is min(K, n) or the number of elements of
 * S up to n (a binary search), so it costs O(log |S|) a pile and only
 * listed moves touch the table. */
static gr_status gr_sub_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_sub_state *s = state;
    const gr_sub_table *t = &s->table;
    for (size_t i = 0; i < s->n; i++) {
        uint64_t n = s->piles[i], options;
        if (t->max_take > 0) {
            options = n < t->max_take ? n : t->max_take;
        } else {
            size_t lo = 0, hi = t->set_len; /* elements <= n: [0, lo) */
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (t->set[mid] <= n) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            options = lo;
        }
        list->count += options;
        for (uint64_t k = 0; k < options && list->listed < list->room; k++) {
            uint64_t take = t->max_take > 0 ? k + 1 : t->set[k];
            uint64_t after;
            if (gr_sub_grundy(t, n - take, &after) != GR_OK) {
                return gr_json_error(c, GR_EINTERNAL, NULL, "pile without a value");
            }
            gr_move_value *e = gr_move_list_add(list);
            if (e == NULL) {
                break;
            }
            e->after.kind = GR_VALUE_FINITE;
            e->after.n = s->value ^ s->grundy[i] ^ after;
            e->move = move_obj(c, i, n, take);
        }
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static gr_status gr_sub_extras(gr_jctx *c, void *state, cJSON *resp)
{
    gr_sub_state *s = state;
    gr_jw_set(c, resp, "pile_grundy", gr_jw_u64_array(c, s->grundy, s->n));
    gr_jw_set(c, resp, "period",
              gr_jw_period(c, s->table.periodic, s->table.preperiod, s->table.period));
    if (s->sequence != NULL) {
        gr_jw_set(c, resp, "sequence", s->sequence);
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_family gr_family_subtraction = {.name = "subtraction",
                                         .analyse = gr_sub_analyse,
                                         .moves_to = gr_sub_moves_json,
                                         .extras = gr_sub_extras,
                                         .moves_all = gr_sub_moves_all};
