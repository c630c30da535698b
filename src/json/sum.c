/*
 * POST /v1/sum -- disjunctive sums of positions of any family:
 *   {"components": [{"game": "nim", "piles": [3]}, {"game": ..., ...}],
 *    "all_winning_moves": bool, "max_moves": n}
 *
 * Every component is read and solved by its own family's analyse (the
 * same code as its endpoint, with pointers under /components/i), and its
 * winning moves come from the family's moves_to with a target value, so
 * there is one code path per family.
 *
 * Combining (Sprague-Grundy; Smith for loopy values):
 *   - finite values: the XOR; the player to move wins iff it is not 0, by
 *     moving some component i to value g_i XOR total;
 *   - with an ordinal component: the ordinal nim-sum (coefficients of
 *     equal powers of omega XORed, include/grundy/ordinal.h) and the same
 *     targets computed there; values are then written as CNF text;
 *   - one component of value infinity(K), the others summing to a: the sum
 *     is infinity(K XOR a); the first player wins iff a is in K, by moving
 *     that component to value a; otherwise a draw.  Two or more infinite
 *     components: infinity([]), a draw.
 * Moves are {"component": i, "game": name, "move": <that family's move>},
 * components in order, each family's moves in its own order.
 */
#include <stdlib.h>
#include <string.h>

#include "grundy/ordinal.h"
#include "json/endpoints.h"
#include "json/families.h"
#include "json/ordinal_trees.h"

#define GR_SUM_GAMES                                                           \
    "nim, subtraction, octal, hackenbush_tree, hackenbush_graph, "             \
    "ordinal_trees, game_graph"

typedef struct gr_sum_part {
    const gr_family *fam;
    const char *name;
    void *state;
    gr_value value;
    gr_ord label; /* in the sum's ordinal context (ordinal sums only) */
} gr_sum_part;

typedef struct gr_sum {
    gr_sum_part *part;
    size_t n;
    size_t loopy, first_loopy; /* components of infinite value */
    bool ordinal;              /* some component has an ordinal value */
    gr_ord_ctx *ctx;           /* ordinal sums: every label lives here */
    uint64_t total;            /* finite sums: the XOR of the others */
    gr_ord total_ord;          /* ordinal sums: the nim-sum of the others */
} gr_sum;

static gr_status gr_sum_read(gr_jctx *c, const cJSON *components, gr_sum *s)
{
    const char *base = "/components";
    gr_status st = gr_json_array(c, components, base, &s->n);
    if (st != GR_OK) {
        return st;
    }
    s->part = GR_ARENA_ARRAY(c->arena, gr_sum_part, s->n);
    if (s->part == NULL && s->n != 0) {
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
                                 "of " GR_SUM_GAMES ") and that game's "
                                 "fields");
        }
        const cJSON *game = cJSON_GetObjectItemCaseSensitive(it, "game");
        const char *gptr = gr_jp_key(c, ptr, "game");
        if (game == NULL) {
            return gr_json_error(c, GR_EINVAL, ptr,
                                 "needs \"game\": one of " GR_SUM_GAMES);
        }
        gr_sum_part *p = &s->part[i];
        if ((st = gr_json_string(c, game, gptr, &p->name)) != GR_OK) {
            return st;
        }
        p->fam = gr_family_find(p->name);
        if (p->fam == NULL) {
            return gr_json_error(
                c, GR_EINVAL, gptr,
                "unknown game \"%s\" (games: " GR_SUM_GAMES ")", p->name);
        }
        st = p->fam->analyse(c, it, ptr, &p->state, &p->value);
        if (st != GR_OK) {
            return st;
        }
        if (p->value.kind == GR_VALUE_LOOPY && s->loopy++ == 0) {
            s->first_loopy = i;
        }
        s->ordinal |= p->value.kind == GR_VALUE_ORDINAL;
    }
    return GR_OK;
}

static gr_status gr_sum_core_error(gr_jctx *c, gr_status st)
{
    return st == GR_ENOMEM ? gr_json_oom(c)
                           : gr_json_error(c, GR_EINTERNAL, NULL,
                                           "ordinal arithmetic failed");
}

/* The nim-sum of every finite or ordinal component. */
static gr_status gr_sum_combine(gr_jctx *c, gr_sum *s)
{
    if (!s->ordinal) {
        for (size_t i = 0; i < s->n; i++) {
            if (s->part[i].value.kind == GR_VALUE_FINITE) {
                s->total ^= s->part[i].value.n;
            }
        }
        return GR_OK;
    }
    gr_status st = gr_ord_ctx_create(c->arena, &s->ctx);
    gr_ord *labels = GR_ARENA_ARRAY(c->arena, gr_ord, s->n);
    if (st != GR_OK || labels == NULL) {
        return gr_json_oom(c);
    }
    size_t nl = 0;
    for (size_t i = 0; i < s->n && st == GR_OK; i++) {
        gr_sum_part *p = &s->part[i];
        if (p->value.kind == GR_VALUE_ORDINAL) {
            const gr_ord_ref *ref = p->value.ordinal;
            st = gr_ord_import(s->ctx, ref->ctx, ref->ord, &p->label);
        } else if (p->value.kind == GR_VALUE_FINITE) {
            st = gr_ord_from_u64(s->ctx, p->value.n, &p->label);
        } else {
            continue;
        }
        labels[nl++] = p->label;
    }
    if (st == GR_OK) {
        st = gr_ord_nim_sum(s->ctx, labels, nl, &s->total_ord);
    }
    return st == GR_OK ? GR_OK : gr_sum_core_error(c, st);
}

/* A value as its own endpoint writes it: an integer, {"infinity": K}, or
 * (ordinal families) CNF text. */
static cJSON *gr_sum_value_json(gr_jctx *c, const gr_value *v)
{
    if (v->kind == GR_VALUE_FINITE) {
        return gr_jw_u64(c, v->n);
    }
    if (v->kind == GR_VALUE_ORDINAL) {
        const gr_ord_ref *ref = v->ordinal;
        return gr_json_ordinal_text(c, ref->ctx, ref->ord, GR_ORD_UNICODE);
    }
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "infinity", gr_jw_u64_array(c, v->k, v->nk));
    return o;
}

static int gr_sum_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* One infinite component infinity(K), the others summing to a: the sum is
 * infinity(K XOR a).  With ordinals, a = A + a0 (A the transfinite part,
 * a0 finite) and k XOR a = A + (k XOR a0): sorted like k XOR a0, written
 * as text. */
static gr_status gr_sum_loopy_value(gr_jctx *c, gr_sum *s, cJSON **out,
                                    bool *first, uint64_t *a_out,
                                    bool *a_finite)
{
    const gr_value *v = &s->part[s->first_loopy].value;
    uint64_t a0 = s->total;
    gr_ord high = GR_ORD_ZERO;
    *a_finite = true;
    gr_status st = GR_OK;
    if (s->ordinal) {
        /* split the nim-sum into its transfinite part and its finite one */
        const gr_ord *exps;
        const uint64_t *coefs;
        size_t nt = s->total_ord == GR_ORD_ZERO
                        ? 0
                        : gr_ord_terms(s->ctx, s->total_ord, &exps, &coefs);
        a0 = 0;
        if (nt > 0 && exps[nt - 1] == GR_ORD_ZERO) {
            a0 = coefs[nt - 1];
        }
        gr_ord fin;
        if ((st = gr_ord_from_u64(s->ctx, a0, &fin)) != GR_OK ||
            (st = gr_ord_xor(s->ctx, s->total_ord, fin, &high)) != GR_OK) {
            return gr_sum_core_error(c, st);
        }
        *a_finite = high == GR_ORD_ZERO; /* labels are canonical */
    }
    uint64_t *k = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, v->nk + 1);
    if (k == NULL) {
        return gr_json_oom(c);
    }
    *first = false;
    for (size_t i = 0; i < v->nk; i++) {
        k[i] = v->k[i] ^ a0;
        *first |= *a_finite && k[i] == 0;
    }
    qsort(k, v->nk, sizeof(*k), gr_sum_cmp_u64);
    cJSON *o = gr_jw_obj(c);
    cJSON *arr = gr_jw_arr(c);
    for (size_t i = 0; i < v->nk && gr_jw_ok(c); i++) {
        if (!s->ordinal) {
            gr_jw_push(c, arr, gr_jw_u64(c, k[i]));
            continue;
        }
        gr_ord fin, sum;
        if ((st = gr_ord_from_u64(s->ctx, k[i], &fin)) != GR_OK ||
            (st = gr_ord_xor(s->ctx, high, fin, &sum)) != GR_OK) {
            return gr_sum_core_error(c, st);
        }
        gr_jw_push(c, arr,
                   gr_json_ordinal_text(c, s->ctx, sum, GR_ORD_UNICODE));
    }
    gr_jw_set(c, o, "infinity", arr);
    *out = o;
    *a_out = a0;
    return GR_OK;
}

/* The target of component i: the value it must move to for the sum to be
 * 0.  false when no move of this component can reach 0. */
static gr_status gr_sum_target(gr_jctx *c, gr_sum *s, size_t i, gr_ord_ref *ref,
                               gr_value *target, bool *any)
{
    const gr_sum_part *p = &s->part[i];
    memset(target, 0, sizeof(*target));
    *any = true;
    if (!s->ordinal) {
        target->kind = GR_VALUE_FINITE;
        target->n = p->value.n ^ s->total;
        return GR_OK;
    }
    gr_ord t;
    gr_status st = gr_ord_xor(s->ctx, p->label, s->total_ord, &t);
    if (st != GR_OK) {
        return gr_sum_core_error(c, st);
    }
    if (p->value.kind == GR_VALUE_ORDINAL) {
        *ref = (gr_ord_ref){.ctx = s->ctx, .ord = t};
        target->kind = GR_VALUE_ORDINAL;
        target->ordinal = ref;
        (void)gr_ord_is_finite(s->ctx, t, &target->n);
        return GR_OK;
    }
    /* a finite family never reaches a transfinite value */
    target->kind = GR_VALUE_FINITE;
    *any = gr_ord_is_finite(s->ctx, t, &target->n);
    return GR_OK;
}

static uint64_t gr_sum_add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Moves of component i to `target`, wrapped and appended to out (up to
 * `room` of them); the count is added to *count. */
static gr_status gr_sum_component_moves(gr_jctx *c, gr_sum *s, size_t i,
                                        const gr_value *target, uint64_t room,
                                        bool count_all, cJSON *out,
                                        uint64_t *listed, uint64_t *count)
{
    gr_sum_part *p = &s->part[i];
    cJSON *arr = room > 0 ? gr_jw_arr(c) : NULL;
    if (room > 0 && arr == NULL) {
        return gr_json_oom(c);
    }
    uint64_t n = 0;
    gr_status st =
        p->fam->moves_to(c, p->state, target, room, count_all, arr, &n);
    if (st != GR_OK) {
        return st;
    }
    *count = gr_sum_add_sat(*count, n);
    while (arr != NULL && arr->child != NULL) {
        cJSON *m = cJSON_DetachItemViaPointer(arr, arr->child);
        cJSON *w = gr_jw_obj(c);
        gr_jw_set(c, w, "component", gr_jw_u64(c, i));
        gr_jw_set(c, w, "game", gr_jw_str(c, p->name));
        gr_jw_set(c, w, "move", m);
        gr_jw_push(c, out, w);
        (*listed)++;
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* "all_moves": every move of every component, components in order, each
 * with the value of the whole sum after it: component i going from b to
 * a leaves the finite parts XORing to total ^ b ^ a and, by Smith's rule,
 * the infinite ones as they were but for i.  (An ordinal component has
 * infinitely many moves: its family answers 422.) */
static gr_status gr_sum_all_moves(gr_jctx *c, gr_sum *s, uint64_t max, cJSON *r)
{
    uint64_t fin = 0;
    size_t loopy[2] = {s->n, s->n};
    for (size_t i = 0, nl = 0; i < s->n; i++) {
        if (s->part[i].value.kind == GR_VALUE_FINITE) {
            fin ^= s->part[i].value.n;
        } else if (s->part[i].value.kind == GR_VALUE_LOOPY && nl < 2) {
            loopy[nl++] = i;
        }
    }
    cJSON *arr = gr_jw_arr(c);
    unsigned __int128 count = 0;
    uint64_t listed = 0;
    for (size_t i = 0; i < s->n; i++) {
        gr_sum_part *p = &s->part[i];
        const char *ptr = gr_jp_idx(c, "/components", i);
        if (gr_json_past_deadline(c, ptr)) {
            return GR_ELIMIT;
        }
        if (p->fam->moves_all == NULL) {
            return gr_json_error(c, GR_ELIMIT, ptr, "all_moves is not available for %s", p->name);
        }
        gr_move_list list = {.arena = c->arena, .room = max - listed};
        gr_status st = p->fam->moves_all(c, p->state, &list);
        if (st != GR_OK) {
            if (c->problem.pointer == NULL) {
                c->problem.pointer = ptr;
            }
            return st;
        }
        if (list.oom) {
            return gr_json_oom(c);
        }
        count += list.count;
        listed += list.listed;
        bool was_loopy = p->value.kind == GR_VALUE_LOOPY;
        size_t others = s->loopy - was_loopy;
        for (uint64_t j = 0; j < list.listed && gr_jw_ok(c); j++) {
            const gr_move_value *e = &list.item[j];
            bool now_loopy = e->after.kind == GR_VALUE_LOOPY;
            uint64_t f = fin ^ (was_loopy ? 0 : p->value.n) ^ (now_loopy ? 0 : e->after.n);
            const gr_value *kv = &e->after;
            if (!now_loopy && others == 1) {
                kv = &s->part[loopy[0] != i ? loopy[0] : loopy[1]].value;
            }
            gr_value after;
            if ((st = gr_value_smith(c, f, others + now_loopy, kv->k, kv->nk, &after)) != GR_OK) {
                return st;
            }
            cJSON *w = gr_jw_obj(c);
            gr_jw_set(c, w, "component", gr_jw_u64(c, i));
            gr_jw_set(c, w, "game", gr_jw_str(c, p->name));
            gr_jw_set(c, w, "move", e->move);
            cJSON *o = gr_jw_obj(c);
            gr_jw_set(c, o, "move", w);
            gr_jw_set(c, o, "grundy", gr_jw_value(c, &after));
            gr_jw_set(c, o, "outcome", gr_jw_str(c, gr_json_outcome(&after)));
            gr_jw_push(c, arr, o);
        }
    }
    gr_jw_set(c, r, "moves", arr);
    gr_jw_set(c, r, "move_count", gr_jw_u128(c, count));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

gr_status gr_endpoint_sum(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    const cJSON *components, *all, *max, *all_moves;
    const gr_jfield fields[] = {
        {"components", true, &components},
        {"all_winning_moves", false, &all},
        {"max_moves", false, &max},
        {"all_moves", false, &all_moves},
    };
    gr_status st = gr_json_object(c, req, "", fields, 4);
    if (st != GR_OK) {
        return st;
    }
    gr_move_opts opts;
    if ((st = gr_json_move_opts(c, all, max, "", &opts)) != GR_OK) {
        return st;
    }
    gr_sum s;
    memset(&s, 0, sizeof(s));
    if ((st = gr_sum_read(c, components, &s)) != GR_OK ||
        (st = gr_sum_combine(c, &s)) != GR_OK) {
        return st;
    }

    cJSON *r = gr_jw_obj(c);
    const char *winner;
    /* which components may move, and to what */
    size_t from = 0, to = s.n;
    bool first = false;
    uint64_t loopy_target = 0;
    if (s.loopy >= 2) {
        cJSON *o = gr_jw_obj(c);
        gr_jw_set(c, o, "infinity", gr_jw_arr(c));
        gr_jw_set(c, r, "grundy", o);
        first = false;
        winner = "draw";
    } else if (s.loopy == 1) {
        cJSON *o = NULL;
        bool a_finite;
        st = gr_sum_loopy_value(c, &s, &o, &first, &loopy_target, &a_finite);
        if (st != GR_OK) {
            return st;
        }
        gr_jw_set(c, r, "grundy", o);
        winner = first ? "first" : "draw";
        from = s.first_loopy;
        to = from + 1;
    } else if (s.ordinal) {
        gr_json_ordinal_fields(c, r, s.ctx, s.total_ord);
        first = s.total_ord != GR_ORD_ZERO;
        winner = first ? "first" : "second";
    } else {
        gr_jw_set(c, r, "grundy", gr_jw_u64(c, s.total));
        first = s.total != 0;
        winner = first ? "first" : "second";
    }
    cJSON *cg = gr_jw_arr(c);
    for (size_t i = 0; i < s.n && gr_jw_ok(c); i++) {
        gr_jw_push(c, cg, gr_sum_value_json(c, &s.part[i].value));
    }
    gr_jw_set(c, r, "component_grundy", cg);
    gr_jw_set(c, r, "winner", gr_jw_str(c, winner));

    cJSON *moves = gr_jw_arr(c);
    uint64_t count = 0, listed = 0;
    /* winning_move needs one move even when max_moves is 0 */
    uint64_t cap = opts.all && opts.max > 0 ? opts.max : 1;
    for (size_t i = from; first && i < to && moves != NULL; i++) {
        if (!opts.all && listed > 0) {
            break;
        }
        gr_ord_ref ref;
        gr_value target;
        bool any = true;
        if (s.loopy == 1) {
            memset(&target, 0, sizeof(target));
            target.kind = GR_VALUE_FINITE;
            target.n = loopy_target;
        } else if ((st = gr_sum_target(c, &s, i, &ref, &target, &any)) !=
                   GR_OK) {
            return st;
        }
        if (!any) {
            continue;
        }
        if (gr_json_past_deadline(c, gr_jp_idx(c, "/components", i))) {
            return GR_ELIMIT;
        }
        st = gr_sum_component_moves(c, &s, i, &target, cap - listed, opts.all,
                                    moves, &listed, &count);
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
