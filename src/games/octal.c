/*
 * The octal family: {"code": "0.77", "heaps": [...]}, moves
 * {"heap", "take", "leaves": [...]} (the 0 to 3 heaps the move leaves; take
 * 0 for a split of d0, as in 4.07, or of Grundy's game),
 * extras heap_grundy and period.
 *
 * The position's logic (values, targets, moves, counts, bounds) is the
 * core's (grundy/heap_position.h); this file reads requests and writes
 * answers.
 */
#include "grundy/heap_position.h"
#include "grundy/octal.h"

#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"
#include "games/heap_moves.h"
#include "games/heap_request.h"
#include "games/misere.h"
#include "games/sequence.h"

typedef struct gr_octal_state {
    gr_octal_table table;
    gr_json_heaps h;
    gr_period_status period_status;
} gr_octal_state;

gr_status gr_json_octal_code_text(gr_jctx *c, const char *text, const char *ptr,
                                  gr_octal_code *code)
{
    size_t bad;
    gr_status st = gr_octal_parse(text, code, &bad);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, ptr,
                             text[0] == '0' ? "has more than %u digits after \"0.\""
                                            : "has more than %u digits after the point",
                             GR_OCTAL_MAX_DIGITS);
    }
    if (st != GR_OK && gr_octal_d0_unplayable(text)) {
        return gr_json_error(c, GR_EINVAL, ptr,
                             "has %c before the point: that digit is the move that takes no "
                             "token, whose only moves are bit 4 (split the heap into two) and "
                             "bit 8 (into three), so it must be 0, 4, 8 or C (bit 1, leave "
                             "nothing, and bit 2, leave the heap as it was, are not moves); "
                             "the character at offset 0 is wrong",
                             text[0]);
    }
    if (st != GR_OK && text[0] != '0' && text[0] != '\0' && text[1] == '.') {
        /* "4." or "8.x": a code with a split digit, wrong after the point */
        return gr_json_error(c, GR_EINVAL, ptr,
                             "must be a code \"d0.d1d2...\" (d0 0, 4, 8 or C, then \".\" "
                             "and at least one digit 0-9 or A-F), as in \"4.07\"; the "
                             "character at offset %zu is wrong",
                             bad);
    }
    if (st != GR_OK) {
        return gr_json_error(c, GR_EINVAL, ptr,
                             "must be an octal or hexadecimal code \"0.d1d2...\" (\"0.\" "
                             "and then at least one digit 0-9 or A-F), as in \"0.77\", or "
                             "\"grundy\", \"kayles\", \"dawsons-kayles\", "
                             "\"dawsons-chess\", \"treblecross\"; the character at offset "
                             "%zu is wrong",
                             bad);
    }
    return GR_OK;
}

static gr_status read_code(gr_jctx *c, const cJSON *item, const char *ptr, gr_octal_code *code)
{
    const char *text;
    gr_status st = gr_json_string(c, item, ptr, &text);
    return st != GR_OK ? st : gr_json_octal_code_text(c, text, ptr, code);
}

static gr_status gr_octal_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                  gr_value *value)
{
    const cJSON *code, *heaps, *seq, *misere;
    const gr_jfield fields[] = {
        {"code", true, &code},
        {"heaps", true, &heaps},
        {"sequence", false, &seq},
        {"misere", false, &misere},
    };
    gr_status st = gr_json_family_object(c, obj, ptr, fields, 4);
    if (st != GR_OK || (st = gr_json_misere_normal(c, misere, ptr)) != GR_OK) {
        return st; /* misère requests are answered by json/misere.c */
    }
    gr_octal_state *s = gr_arena_alloc(c->arena, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    gr_octal_code parsed;
    const char *cp = gr_jp_key(c, ptr, "code");
    if ((st = read_code(c, code, cp, &parsed)) != GR_OK) {
        return st;
    }
    if ((st = gr_json_heaps_read(c, heaps, seq, ptr, "heaps", "/v1/octal", &s->h)) != GR_OK) {
        return st;
    }
    /* the shared table (one computation per code for all requests), grown
     * as far as this request needs: its largest heap, its sequence */
    st = gr_json_octal_table(c, &parsed, gr_json_heaps_need(&s->h), cp, &s->table,
                             &s->period_status);
    if (st != GR_OK || (st = gr_json_heaps_of_octal(c, &s->table, &s->h)) != GR_OK) {
        return st;
    }
    return gr_json_finite(state, s, value, s->h.pos.value);
}

/* {"heap", "take", "leaves": [...]} (the 0, 1, 2 or 3 heaps it leaves) */
static const gr_move_shape gr_octal_shape = {.num_key = {"heap", "take"}, .list_key = "leaves"};

static void move_rec(gr_move *o, const gr_heap_move *m)
{
    o->num[0] = m->heap;
    o->num[1] = m->take;
    o->nlist = m->nleaves;
    for (uint32_t i = 0; i < m->nleaves && i < GR_MOVE_LIST; i++) {
        o->list[i] = m->leaves[i];
    }
}

/* The problem of a move search of the core that failed (st). */
static gr_status moves_error(gr_jctx *c, const gr_octal_state *s, gr_status st, gr_heap_limit limit,
                             bool every)
{
    if (st == GR_ELIMIT && limit == GR_HEAP_LIMIT_SEARCHES) {
        return gr_json_error(c, GR_ELIMIT, s->h.ptr,
                             "listing every move of these heaps would take more than "
                             "%llu searches; ask with fewer heaps",
                             (unsigned long long)GR_HEAP_MAX_ALL_SEARCHES);
    }
    if (st == GR_ELIMIT && every) {
        return gr_json_error(c, GR_ELIMIT, s->h.ptr,
                             "counting every move would take more than %llu steps for this "
                             "code and these heaps; ask with fewer heaps",
                             (unsigned long long)GR_OCTAL_MAX_MOVE_WORK);
    }
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, s->h.ptr,
                             "counting every winning move would take more than %llu "
                             "steps for this code; ask without all_winning_moves, or "
                             "with fewer heaps",
                             (unsigned long long)GR_OCTAL_MAX_MOVE_WORK);
    }
    if (st == GR_ETIME || st == GR_ECANCELLED) {
        return gr_json_error(c, st, NULL, "stopped while listing moves");
    }
    return st == GR_ENOMEM ? gr_json_oom(c)
                           : gr_json_error(c, GR_EINTERNAL, NULL, "heap without a value");
}

/* Winning moves (to `target`) from the core (gr_octal_pos_moves_to). */
static gr_status gr_octal_moves_json(gr_jctx *c, void *state, const gr_value *target,
                                     bool count_all, gr_move_list *list, uint64_t *count)
{
    gr_octal_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite target");
    }
    gr_heap_moves moves = {.arena = c->arena, .room = list->room - list->listed};
    gr_heap_limit limit;
    gr_status st =
        gr_octal_pos_moves_to(&s->table, &s->h.pos, target->n, count_all, &moves, count, &limit);
    if (st != GR_OK) {
        *count = 0;
        return moves_error(c, s, st, limit, false);
    }
    return gr_json_heap_moves(c, &moves, move_rec, list);
}

/* Every move, through the core's gr_octal_pos_moves_all, so that every
 * kind of code the core knows (octal and hexadecimal digits, Grundy's
 * game) is listed by the same rules it is solved by. */
static gr_status gr_octal_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_octal_state *s = state;
    gr_heap_moves moves = {.arena = c->arena, .room = list->room - list->listed};
    gr_heap_limit limit;
    gr_status st = gr_octal_pos_moves_all(&s->table, &s->h.pos, &moves, &limit);
    if (st != GR_OK) {
        return moves_error(c, s, st, limit, true);
    }
    return gr_json_heap_moves(c, &moves, move_rec, list);
}

static gr_status gr_octal_extras(gr_jctx *c, void *state, cJSON *resp)
{
    gr_octal_state *s = state;
    const gr_octal_table *t = &s->table;
    gr_json_heaps_put_values(c, resp, "heap_grundy", &s->h, t->periodic, t->preperiod, t->period);
    gr_jw_set(c, resp, "values_computed", gr_jw_u64(c, t->computed));
    gr_jw_set(c, resp, "period_status", gr_jw_str(c, gr_period_status_name(s->period_status)));
    return gr_json_heaps_put_sequence(c, resp, &s->h);
}

GR_JSON_FAMILY(gr_family_octal, "octal", gr_octal, .extras = gr_octal_extras);
