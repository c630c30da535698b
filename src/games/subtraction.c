/*
 * The subtraction family: {"piles": [...], "max_take": K} or
 * {"piles": [...], "subtraction_set": [...]}, moves
 * {"pile", "take", "from", "to"}, extras pile_grundy and period.
 *
 * The position's logic (values, targets, moves, counts) is the core's
 * (grundy/heap_position.h); this file reads requests and writes answers.
 */
#include "grundy/heap_position.h"
#include "grundy/subtraction.h"

#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"
#include "games/heap_moves.h"
#include "games/heap_request.h"
#include "games/misere.h"
#include "games/sequence.h"
#include "games/sub_rules.h"

typedef struct gr_sub_state {
    gr_sub_table table;
    gr_json_heaps h; /* the piles */
} gr_sub_state;

static gr_status gr_sub_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                gr_value *value)
{
    const cJSON *piles, *max_take, *set, *seq, *misere;
    const gr_jfield fields[] = {
        {"piles", true, &piles},   {"max_take", false, &max_take}, {"subtraction_set", false, &set},
        {"sequence", false, &seq}, {"misere", false, &misere},
    };
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 5, sizeof(gr_sub_state), state);
    if (st != GR_OK || (st = gr_json_misere_normal(c, misere, ptr)) != GR_OK) {
        return st; /* misère requests are answered by json/misere.c */
    }
    gr_sub_state *s = *state;
    gr_sub_rules rules;
    if ((st = gr_json_sub_rules(c, ptr, max_take, set, &rules)) != GR_OK) {
        return st;
    }
    if ((st = gr_json_heaps_read(c, piles, seq, ptr, "piles", "/v1/subtraction", &s->h)) != GR_OK) {
        return st;
    }
    /* read_rules checked everything the core checks; finite sets' tables
     * come from the shared cache */
    st = gr_json_sub_table(c, &rules, gr_jp_key(c, ptr, max_take ? "max_take" : "subtraction_set"),
                           &s->table);
    if (st != GR_OK || (st = gr_json_heaps_of_sub(c, &s->table, &s->h)) != GR_OK) {
        return st;
    }
    return gr_json_finite(state, s, value, s->h.pos.value);
}

/* {"pile", "take", "from", "to"} */
static const gr_move_shape gr_sub_shape = {.num_key = {"pile", "take", "from", "to"}};

static void move_rec(gr_move *o, const gr_heap_move *m)
{
    o->num[0] = m->heap;
    o->num[1] = m->take;
    o->num[2] = m->from;
    o->num[3] = m->leaves[0];
}

static gr_status moves_error(gr_jctx *c, gr_status st)
{
    return st == GR_ENOMEM ? gr_json_oom(c)
                           : gr_json_error(c, GR_EINTERNAL, NULL, "pile without a value");
}

/* Winning moves (to `target`) from the core (gr_sub_pos_moves_to). */
static gr_status gr_sub_moves_json(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                                   gr_move_list *list, uint64_t *count)
{
    gr_sub_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite target");
    }
    gr_heap_moves moves = {.arena = c->arena, .room = list->room - list->listed};
    gr_status st = gr_sub_pos_moves_to(&s->table, &s->h.pos, target->n, count_all, &moves, count);
    if (st != GR_OK) {
        *count = 0;
        return moves_error(c, st);
    }
    return gr_json_heap_moves(c, &moves, move_rec, list);
}

/* Every move, pile by pile, takes ascending (gr_sub_pos_moves_all). */
static gr_status gr_sub_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_sub_state *s = state;
    gr_heap_moves moves = {.arena = c->arena, .room = list->room - list->listed};
    gr_status st = gr_sub_pos_moves_all(&s->table, &s->h.pos, &moves);
    if (st != GR_OK) {
        return moves_error(c, st);
    }
    return gr_json_heap_moves(c, &moves, move_rec, list);
}

static gr_status gr_sub_extras(gr_jctx *c, void *state, cJSON *resp)
{
    gr_sub_state *s = state;
    const gr_sub_table *t = &s->table;
    gr_json_heaps_put_values(c, resp, "pile_grundy", &s->h, t->periodic, t->preperiod, t->period);
    return gr_json_heaps_put_sequence(c, resp, &s->h);
}

GR_JSON_FAMILY(gr_family_subtraction, "subtraction", gr_sub, .extras = gr_sub_extras);
