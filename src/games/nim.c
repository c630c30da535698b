/*
 * The Nim family: {"piles": [...], "misere": false} and its moves
 * {"pile", "from", "to"}.  This is the worked example of a gr_family: the
 * /v1/nim endpoint is the generic family endpoint, and /v1/sum reaches the
 * same analyse/moves_to through gr_family_find("nim").
 */
#include "grundy/nim.h"

#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"

typedef struct gr_nim_state {
    uint64_t *piles;
    size_t n;
    bool misere;
} gr_nim_state;

static gr_status gr_nim_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                gr_value *value)
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
        (st = gr_json_bool(c, misere, gr_jp_key(c, ptr, "misere"), &s->misere)) != GR_OK) {
        return st;
    }
    st = gr_json_u64_array(c, piles, gr_jp_key(c, ptr, "piles"), GR_JSON_MAX_I64, &s->piles, &s->n);
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
    return gr_json_finite(state, s, value, gr_nim_value(s->piles, s->n));
}

/* {"pile", "from", "to"} */
static const gr_move_shape gr_nim_shape = {.num_key = {"pile", "from", "to"}};

static void gr_nim_move_rec(gr_move *m, size_t pile, uint64_t from, uint64_t to)
{
    m->num[0] = pile;
    m->num[1] = from;
    m->num[2] = to;
}

static gr_status gr_nim_moves_json(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                                   gr_move_list *list, uint64_t *count)
{
    (void)count_all; /* counting is as cheap as finding one */
    gr_nim_state *s = state;
    size_t want = (size_t)(list->room < s->n ? list->room : s->n);
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
        gr_nim_moves_to(s->piles, s->n, gr_nim_value(s->piles, s->n), target->n, mv, want, &n);
    }
    for (size_t i = 0; i < n && i < want; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            return gr_json_oom(c);
        }
        gr_nim_move_rec(&e->move, mv[i].pile, mv[i].from, mv[i].to);
    }
    *count = n;
    return GR_OK;
}

/* Every move: pile by pile, taking 1, 2, ... (to = from-1 down to 0).
 * A pile of p has p moves, so the count is the sum of the piles (128
 * bits: 10^5 piles of 2^63-1).  In misère play the outcome is misère's
 * (Bouton): the piles above 1 and the 1-piles left decide it, counted
 * once and adjusted per move, so each listed move costs O(1). */
static gr_status gr_nim_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_nim_state *s = state;
    uint64_t x = gr_nim_value(s->piles, s->n);
    size_t big = 0, ones = 0;
    for (size_t i = 0; i < s->n; i++) {
        list->count += s->piles[i];
        big += s->piles[i] > 1;
        ones += s->piles[i] == 1;
    }
    for (size_t i = 0; i < s->n && list->listed < list->room; i++) {
        uint64_t p = s->piles[i];
        for (uint64_t take = 1; take <= p; take++) {
            gr_move_value *e = gr_move_list_add(list);
            if (e == NULL) {
                break;
            }
            uint64_t to = p - take;
            gr_nim_move_rec(&e->move, i, p, to);
            e->after.kind = GR_VALUE_FINITE;
            e->after.n = x ^ p ^ to;
            if (s->misere) {
                size_t big2 = big - (p > 1) + (to > 1);
                size_t ones2 = ones - (p == 1) + (to == 1);
                /* gr_nim_misere_first_wins of the position after it */
                bool next_wins = big2 == 0 ? ones2 % 2 == 0 : e->after.n != 0;
                e->mover_wins = !next_wins;
            }
        }
    }
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

GR_JSON_FAMILY(gr_family_nim, "nim", gr_nim, .first_wins = gr_nim_first_wins);
