/*
 * The Nim family: {"piles": [...], "misere": false} and its moves
 * {"pile", "from", "to"}.  This is the worked example of a gr_family: the
 * /v1/nim endpoint is the generic family endpoint, and /v1/sum reaches the
 * same analyse/moves_to through gr_family_find("nim").
 */
#include "grundy/nim.h"

#include <string.h>

#include "json/endpoints.h"
#include "json/families.h"

typedef struct gr_nim_state {
    uint64_t *piles;
    size_t n;
    bool misere;
} gr_nim_state;

static gr_status gr_nim_analyse(gr_jctx *c, const cJSON *obj, const char *ptr,
                                void **state, gr_value *value)
{
    const cJSON *piles, *misere;
    const gr_jfield fields[] = {{"piles", true, &piles}, {"misere", false, &misere}};
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 2, sizeof(gr_nim_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_nim_state *s = *state;
    s->misere = false;
    if (misere != NULL &&
        (st = gr_json_bool(c, misere, gr_jp_key(c, ptr, "misere"), &s->misere)) !=
            GR_OK) {
        return st;
    }
    st = gr_json_u64_array(c, piles, gr_jp_key(c, ptr, "piles"),
                           GR_JSON_MAX_I64, &s->piles, &s->n);
    if (st != GR_OK) {
        return st;
    }
    if (s->misere && ptr[0] != '\0') {
        /* Misère values do not add by XOR, so a misère component has no
         * meaning inside a disjunctive sum played under normal play. */
        return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, "misere"),
                             "misère Nim cannot be a component of a sum "
                             "(sums are played under normal play)");
    }
    value->kind = GR_VALUE_FINITE;
    value->n = gr_nim_value(s->piles, s->n);
    *state = s;
    return GR_OK;
}

static gr_status gr_nim_moves_json(gr_jctx *c, void *state,
                                   const gr_value *target, uint64_t max,
                                   bool count_all, cJSON *arr, uint64_t *count)
{
    (void)count_all; /* counting is as cheap as finding one */
    gr_nim_state *s = state;
    size_t want = arr == NULL ? 0 : (size_t)(max < s->n ? max : s->n);
    gr_nim_move *mv = GR_ARENA_ARRAY_UNINIT(c->arena, gr_nim_move, want + 1);
    if (mv == NULL) {
        return gr_json_oom(c);
    }
    size_t n;
    if (s->misere) {
        gr_nim_misere_moves(s->piles, s->n, mv, want, &n);
    } else {
        if (target->kind != GR_VALUE_FINITE) {
            return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite nim target");
        }
        gr_nim_moves_to(s->piles, s->n, gr_nim_value(s->piles, s->n), target->n,
                        mv, want, &n);
    }
    for (size_t i = 0; i < n && i < want; i++) {
        cJSON *m = gr_jw_obj(c);
        gr_jw_set(c, m, "pile", gr_jw_u64(c, mv[i].pile));
        gr_jw_set(c, m, "from", gr_jw_u64(c, mv[i].from));
        gr_jw_set(c, m, "to", gr_jw_u64(c, mv[i].to));
        gr_jw_push(c, arr, m);
    }
    *count = n;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static bool gr_nim_first_wins(const void *state, const gr_value *value)
{
    const gr_nim_state *s = state;
    if (s->misere) {
        return gr_nim_misere_first_wins(s->piles, s->n);
    }
    return value->n != 0;
}

const gr_family gr_family_nim = {.name = "nim",
                                 .analyse = gr_nim_analyse,
                                 .moves_to = gr_nim_moves_json,
                                 .first_wins = gr_nim_first_wins};
