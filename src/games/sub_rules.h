/*
 * The rules of a subtraction game in a request (json/sub_rules.c).
 */
#ifndef GR_JSON_SUB_RULES_H
#define GR_JSON_SUB_RULES_H

#include "grundy/subtraction.h"
#include "json/gr_json.h"

/* Exactly one of max_take (an integer K >= 1: take 1..K) and set (an
 * array of at most GR_SUB_MAX_SET takes, each 1..GR_SUB_MAX_ELEMENT), with
 * a pointer below ptr for every way they can be wrong.  rules->set is
 * the request's array as read (any order, repeats kept). */
gr_status gr_json_sub_rules(gr_jctx *c, const char *ptr, const cJSON *max_take, const cJSON *set,
                            gr_sub_rules *rules);
/* Every take v[i] from 1 to GR_SUB_MAX_ELEMENT, with the pointer ptr/i of
 * the first that is not. */
gr_status gr_json_sub_takes(gr_jctx *c, const char *ptr, const uint64_t *v, size_t n);

#endif
