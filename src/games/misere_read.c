/*
 * Readers of the misère requests: octal codes and subtraction rules as
 * the core's gr_mis_game, with the same wording as the normal-play
 * readers of /v1/octal and /v1/subtraction.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/subtraction.h"
#include "games/misere.h"
#include "games/sequence.h"
#include "games/sub_rules.h"

/* Finite subtraction sets up to this many takes are played under misère
 * (max_take K is the set 1..K). */
#define GR_MIS_MAX_SET GR_SUB_MAX_SET

bool gr_json_misere_asked(const cJSON *req)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(req, "misere");
    return m != NULL && cJSON_IsTrue(m);
}

gr_status gr_json_misere_normal(gr_jctx *c, const cJSON *item, const char *ptr)
{
    bool m = false;
    const char *mp = gr_jp_key(c, ptr, "misere");
    gr_status st = item != NULL ? gr_json_bool(c, item, mp, &m) : GR_OK;
    if (st == GR_OK && m && ptr[0] != '\0') {
        return gr_json_error(c, GR_EINVAL, mp,
                             "misère play applies to the whole sum: write \"misere\": true at "
                             "the top of the /v1/sum request, not in a component");
    }
    return st;
}

uint32_t gr_json_misere_max_order(const gr_jctx *c)
{
    return c->max_quotient_order != 0 ? c->max_quotient_order : GR_MIS_MAX_QUOTIENT_ORDER;
}

gr_status gr_json_misere_code_text(gr_jctx *c, const char *text, const char *ptr, gr_mis_game *g)
{
    memset(g, 0, sizeof(*g));
    g->kind = GR_MIS_OCTAL;
    return gr_json_octal_code_text(c, text, ptr, &g->code);
}

gr_status gr_json_misere_code(gr_jctx *c, const cJSON *item, const char *ptr, gr_mis_game *g)
{
    const char *text;
    gr_status st = gr_json_string(c, item, ptr, &text);
    return st != GR_OK ? st : gr_json_misere_code_text(c, text, ptr, g);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

gr_status gr_json_misere_set(gr_jctx *c, const char *ptr, const uint64_t *v, size_t n,
                             gr_mis_game *g)
{
    memset(g, 0, sizeof(*g));
    g->kind = GR_MIS_SUB;
    if (n > GR_MIS_MAX_SET) {
        return gr_json_error(c, GR_ELIMIT, ptr, "has %zu elements; at most %u are supported", n,
                             GR_MIS_MAX_SET);
    }
    uint32_t *set = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, n + 1);
    if (set == NULL) {
        return gr_json_oom(c);
    }
    gr_status st = gr_json_sub_takes(c, ptr, v, n);
    if (st != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < n; i++) {
        set[i] = (uint32_t)v[i];
    }
    qsort(set, n, sizeof(uint32_t), cmp_u32);
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        if (w == 0 || set[w - 1] != set[i]) {
            set[w++] = set[i];
        }
    }
    g->set = set;
    g->set_len = w;
    return GR_OK;
}

gr_status gr_json_misere_rules(gr_jctx *c, const char *ptr, const cJSON *max_take, const cJSON *set,
                               gr_mis_game *g)
{
    gr_sub_rules r;
    gr_status st = gr_json_sub_rules(c, ptr, max_take, set, &r);
    if (st != GR_OK) {
        return st;
    }
    if (r.max_take == 0) {
        return gr_json_misere_set(c, gr_jp_key(c, ptr, "subtraction_set"), r.set, r.set_len, g);
    }
    const char *p = gr_jp_key(c, ptr, "max_take");
    if (r.max_take > GR_MIS_MAX_SET) {
        return gr_json_error(c, GR_ELIMIT, p,
                             "is above %u, the largest max_take played under misère "
                             "(the game is the subtraction set 1..K)",
                             GR_MIS_MAX_SET);
    }
    return gr_json_misere_take(c, p, r.max_take, g);
}

gr_status gr_json_misere_take(gr_jctx *c, const char *ptr, uint64_t k, gr_mis_game *g)
{
    uint64_t *v = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, k);
    if (v == NULL) {
        return gr_json_oom(c);
    }
    for (uint64_t i = 0; i < k; i++) {
        v[i] = i + 1;
    }
    return gr_json_misere_set(c, ptr, v, (size_t)k, g);
}
