/*
 * POST /v1/sum -- disjunctive sums of positions of any family:
 *   {"components": [{"game": "nim", "piles": [3]}, {"game": ..., ...}],
 *    "all_winning_moves": bool, "max_moves": n, "all_moves": bool}
 *
 * Every component is read and solved by its own family's analyse (the
 * same code as its endpoint, with pointers under /components/i), and its
 * winning moves come from the family's moves_to with a target value, so
 * there is one code path per family.
 *
 * Combining is the core's value algebra (include/grundy/value.h,
 * docs/values.md: Sprague-Grundy, the ordinal nim-sum, Smith's rule for
 * loopy values); this file reads the components, asks each family for its
 * moves to the target the algebra gives, and writes the answer.  With an
 * ordinal component values are written as CNF text.
 * Moves are {"component": i, "game": name, "move": <that family's move>},
 * components in order, each family's moves in its own order, written from
 * the families' move records by the one move writer (gr_jw_move).  With
 * all_moves every move of every component is listed with the whole sum's
 * value after it (gr_value_sum_after; docs/contract.md).
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/ordinal.h"
#include "games/endpoints.h"
#include "games/families.h"
#include "games/misere.h"
#include "games/ordinal_trees.h"
#include "games/registry.h"
#include "games/sum_partizan.h"

typedef struct gr_sum_part {
    const gr_family *fam;
    const char *name;
    void *state;
} gr_sum_part;

typedef struct gr_sum {
    gr_sum_part *part;
    gr_value *value; /* value[i]: component i's */
    size_t n;
    gr_value_sum sum;
} gr_sum;

static gr_status gr_sum_read(gr_jctx *c, const cJSON *components, gr_sum *s)
{
    const char *base = "/components";
    gr_status st = gr_json_array(c, components, base, &s->n);
    if (st != GR_OK) {
        return st;
    }
    s->part = GR_ARENA_ARRAY(c->arena, gr_sum_part, s->n);
    s->value = GR_ARENA_ARRAY(c->arena, gr_value, s->n);
    if ((s->part == NULL || s->value == NULL) && s->n != 0) {
        return gr_json_oom(c);
    }
    size_t i = 0;
    for (const cJSON *it = components->child; it != NULL; it = it->next, i++) {
        const char *ptr = gr_jp_idx(c, base, i);
        if (gr_json_past_deadline(c, ptr)) {
            return GR_ELIMIT;
        }
        if (!cJSON_IsObject(it)) {
            return gr_json_error(c, GR_EINVAL, ptr,
                                 "must be an object with a \"game\" (one "
                                 "of %s) and that game's fields",
                                 gr_registry_game_list(c));
        }
        const cJSON *game = cJSON_GetObjectItemCaseSensitive(it, "game");
        const char *gptr = gr_jp_key(c, ptr, "game");
        if (game == NULL) {
            return gr_json_error(c, GR_EINVAL, ptr, "needs \"game\": one of %s",
                                 gr_registry_game_list(c));
        }
        gr_sum_part *p = &s->part[i];
        if ((st = gr_json_string(c, game, gptr, &p->name)) != GR_OK) {
            return st;
        }
        p->fam = gr_family_find(p->name);
        if (p->fam == NULL) {
            return gr_json_error(c, GR_EINVAL, gptr, "unknown game \"%s\" (games: %s)", p->name,
                                 gr_registry_game_list(c));
        }
        st = p->fam->analyse(c, it, ptr, &p->state, &s->value[i]);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static gr_status gr_sum_core_error(gr_jctx *c, gr_status st)
{
    return st == GR_ENOMEM ? gr_json_oom(c)
                           : gr_json_error(c, GR_EINTERNAL, NULL, "ordinal arithmetic failed");
}

/* The sum's value infinity(K') (value.h): finite parts as integers, or
 * with ordinals each element as CNF text. */
static gr_status gr_sum_loopy_json(gr_jctx *c, gr_sum *s, cJSON **out)
{
    gr_value_sum *v = &s->sum;
    cJSON *o = gr_jw_obj(c);
    cJSON *arr = gr_jw_arr(c);
    for (size_t i = 0; i < v->nk && gr_jw_ok(c); i++) {
        if (!v->ordinal) {
            gr_jw_push(c, arr, gr_jw_u64(c, v->k[i]));
            continue;
        }
        gr_ord e;
        gr_status st = gr_value_sum_loopy_ord(v, i, &e);
        if (st != GR_OK) {
            return gr_sum_core_error(c, st);
        }
        gr_jw_push(c, arr, gr_json_ordinal_text(c, v->ctx, e, GR_ORD_UNICODE));
    }
    gr_jw_set(c, o, "infinity", arr);
    *out = o;
    return GR_OK;
}

static uint64_t gr_sum_add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* {"component": i, "game": name, "move": <the family's move>} */
static cJSON *gr_sum_move(gr_jctx *c, const gr_sum *s, size_t i, const gr_move *m)
{
    const gr_sum_part *p = &s->part[i];
    cJSON *w = gr_jw_obj(c);
    gr_jw_set(c, w, "component", gr_jw_u64(c, i));
    gr_jw_set(c, w, "game", gr_jw_str(c, p->name));
    gr_jw_set(c, w, "move", gr_jw_move(c, p->fam->move_shape, m));
    return w;
}

/* Moves of component i to `target`, written and appended to out (up to
 * `room` of them); the count is added to *count. */
static gr_status gr_sum_component_moves(gr_jctx *c, gr_sum *s, size_t i, const gr_value *target,
                                        uint64_t room, bool count_all, cJSON *out, uint64_t *listed,
                                        uint64_t *count)
{
    gr_sum_part *p = &s->part[i];
    gr_move_list list = {.arena = c->arena, .room = room};
    uint64_t n = 0;
    gr_status st = p->fam->moves_to(c, p->state, target, count_all, &list, &n);
    if (st != GR_OK) {
        return st;
    }
    *count = gr_sum_add_sat(*count, n);
    for (uint64_t j = 0; j < list.listed; j++) {
        gr_jw_push(c, out, gr_sum_move(c, s, i, &list.item[j].move));
    }
    *listed += list.listed;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* "all_moves": every move of every component, components in order, each
 * with the value of the whole sum after it (gr_value_sum_after: Smith's
 * rule, docs/values.md).  An ordinal component has infinitely many moves:
 * its family answers 422. */
static gr_status gr_sum_list_component(gr_jctx *c, gr_sum *s, size_t i, gr_move_list *list)
{
    gr_sum_part *p = &s->part[i];
    const char *ptr = gr_jp_idx(c, "/components", i);
    if (gr_json_past_deadline(c, ptr)) {
        return GR_ELIMIT;
    }
    if (p->fam->moves_all == NULL) {
        return gr_json_error(c, GR_ELIMIT, ptr, "all_moves is not available for %s", p->name);
    }
    gr_status st = p->fam->moves_all(c, p->state, list);
    if (st != GR_OK && c->problem.pointer == NULL) {
        c->problem.pointer = ptr;
    }
    return st != GR_OK ? st : list->oom ? gr_json_oom(c) : GR_OK;
}

static gr_status gr_sum_all_moves(gr_jctx *c, gr_sum *s, uint64_t max, cJSON *r)
{
    gr_status st;
    for (size_t i = 0; i < s->n && s->sum.ordinal; i++) {
        /* an ordinal component's own 422 comes before any listing */
        gr_move_list list = {.arena = c->arena, .room = 0};
        if (s->value[i].kind == GR_VALUE_ORDINAL &&
            (st = gr_sum_list_component(c, s, i, &list)) != GR_OK) {
            return st;
        }
    }
    if (s->sum.ordinal) {
        return gr_json_error(c, GR_EINTERNAL, "/components", "an ordinal component listed moves");
    }
    cJSON *arr = gr_jw_arr(c);
    unsigned __int128 count = 0;
    uint64_t listed = 0;
    for (size_t i = 0; i < s->n; i++) {
        gr_move_list list = {.arena = c->arena, .room = max - listed};
        if ((st = gr_sum_list_component(c, s, i, &list)) != GR_OK) {
            return st;
        }
        count += list.count;
        listed += list.listed;
        for (uint64_t j = 0; j < list.listed && gr_jw_ok(c); j++) {
            gr_value after;
            if ((st = gr_value_sum_after(c->arena, &s->sum, i, &list.item[j].after, &after)) !=
                GR_OK) {
                return gr_sum_core_error(c, st);
            }
            gr_jw_push(
                c, arr,
                gr_json_move_entry(c, gr_sum_move(c, s, i, &list.item[j].move), &after, NULL, -1));
        }
    }
    gr_jw_set(c, r, "moves", arr);
    gr_jw_set(c, r, "move_count", gr_jw_u128(c, count));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

gr_status gr_endpoint_sum(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    /* the options of every family's request, and the components */
    const cJSON *components, *misere;
    const gr_jfield fields[] = {{"components", true, &components}, {"misere", false, &misere}};
    gr_status st = gr_json_family_object(c, req, "", fields, 2);
    if (st != GR_OK || (st = gr_json_misere_normal(c, misere, "")) != GR_OK) {
        return st;
    }
    if (gr_json_misere_asked(req)) {
        /* misère applies to the whole sum, Nim heaps included */
        return gr_json_misere_sum(c, req, resp);
    }
    if (gr_sum_is_partizan(components)) {
        return gr_sum_partizan(c, req, components, resp); /* json/sum_partizan.c */
    }
    gr_move_opts opts;
    if ((st = gr_json_request_opts(c, req, &opts)) != GR_OK) {
        return st;
    }
    const cJSON *all_moves = cJSON_GetObjectItemCaseSensitive(req, "all_moves");
    gr_sum s;
    memset(&s, 0, sizeof(s));
    if ((st = gr_sum_read(c, components, &s)) != GR_OK) {
        return st;
    }
    if ((st = gr_value_sum_of(c->arena, s.value, s.n, &s.sum)) != GR_OK) {
        return gr_sum_core_error(c, st);
    }
    const gr_value_sum *v = &s.sum;

    cJSON *r = gr_jw_obj(c);
    if (v->kind == GR_VALUE_LOOPY) {
        cJSON *o = NULL;
        if ((st = gr_sum_loopy_json(c, &s, &o)) != GR_OK) {
            return st;
        }
        gr_jw_set(c, r, "grundy", o);
    } else if (v->kind == GR_VALUE_ORDINAL) {
        gr_json_ordinal_fields(c, r, v->ctx, v->total_ord);
    } else {
        gr_jw_set(c, r, "grundy", gr_jw_u64(c, v->total));
    }
    cJSON *cg = gr_jw_arr(c);
    for (size_t i = 0; i < s.n && gr_jw_ok(c); i++) {
        gr_jw_push(c, cg, gr_jw_value(c, &s.value[i]));
    }
    gr_jw_set(c, r, "component_grundy", cg);
    gr_jw_set(c, r, "winner", gr_jw_winner(c, v->outcome));

    cJSON *moves = gr_jw_arr(c);
    uint64_t count = 0, listed = 0;
    /* winning_move needs one move even when max_moves is 0 */
    uint64_t cap = opts.all && opts.max > 0 ? opts.max : 1;
    bool first = v->outcome == GR_OUTCOME_FIRST;
    for (size_t i = 0; first && i < s.n && moves != NULL; i++) {
        if (!opts.all && listed > 0) {
            break;
        }
        gr_ord_ref ref;
        gr_value target;
        bool any = true;
        if ((st = gr_value_sum_target(&s.sum, i, &ref, &target, &any)) != GR_OK) {
            return gr_sum_core_error(c, st);
        }
        if (!any) {
            continue;
        }
        if (gr_json_past_deadline(c, gr_jp_idx(c, "/components", i))) {
            return GR_ELIMIT;
        }
        st = gr_sum_component_moves(c, &s, i, &target, cap - listed, opts.all, moves, &listed,
                                    &count);
        if (st != GR_OK) {
            return st;
        }
    }
    gr_json_put_moves(c, r, moves, count, &opts);
    bool list_all = false;
    if (all_moves != NULL && (st = gr_json_bool(c, all_moves, "/all_moves", &list_all)) != GR_OK) {
        return st;
    }
    if (list_all && (st = gr_sum_all_moves(c, &s, opts.max, r)) != GR_OK) {
        return st;
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
