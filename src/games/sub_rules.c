/*
 * The rules of a subtraction game in a request, read with one wording for
 * normal play (json/subtraction.c) and misère play (json/misere_read.c).
 */
#include "games/sub_rules.h"

#include <string.h>

gr_status gr_json_sub_rules(gr_jctx *c, const char *ptr, const cJSON *max_take, const cJSON *set,
                            gr_sub_rules *rules)
{
    memset(rules, 0, sizeof(*rules));
    if (max_take != NULL && set != NULL) {
        return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, "subtraction_set"),
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
        gr_status st = gr_json_u64(c, max_take, p, GR_JSON_MAX_I64, &rules->max_take);
        if (st != GR_OK) {
            return st;
        }
        if (rules->max_take == 0) {
            return gr_json_error(c, GR_EINVAL, p, "must be at least 1 (a move takes 1..K tokens)");
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
        return gr_json_error(c, GR_ELIMIT, p, "has %zu elements; at most %u are supported", count,
                             GR_SUB_MAX_SET);
    }
    uint64_t *values;
    st = gr_json_u64_array(c, set, p, GR_JSON_MAX_I64, &values, &count);
    if (st != GR_OK) {
        return st;
    }
    if ((st = gr_json_sub_takes(c, p, values, count)) != GR_OK) {
        return st;
    }
    rules->set = values;
    rules->set_len = count;
    return GR_OK;
}

gr_status gr_json_sub_takes(gr_jctx *c, const char *ptr, const uint64_t *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (v[i] == 0) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, i),
                                 "must be at least 1 (taking 0 is not a move)");
        }
        if (v[i] > GR_SUB_MAX_ELEMENT) {
            return gr_json_error(c, GR_ELIMIT, gr_jp_idx(c, ptr, i),
                                 "is above the largest supported take, %u", GR_SUB_MAX_ELEMENT);
        }
    }
    return GR_OK;
}
