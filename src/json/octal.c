/*
 * The octal family: {"code": "0.77", "heaps": [...]}, moves
 * {"heap", "take", "leaves": [...]} (the 0, 1 or 2 heaps the move leaves),
 * extras heap_grundy and period.
 *
 * Moves to a target: the component's value must go from G to `target`, so
 * heap i must go to a position worth g_i ^ G ^ target.  A heap's moves are
 * found by the core (gr_octal_moves_to): splits of huge heaps through the
 * period, so a count such as "every way to split 2^62 tokens" is exact
 * without enumerating them.  Counts saturate at 2^64-1.
 */
#include "grundy/octal.h"

#include <string.h>

#include "json/endpoints.h"
#include "json/families.h"
#include "json/misere.h"
#include "json/sequence.h"

typedef struct gr_octal_state {
    gr_octal_table table;
    uint64_t *heaps;
    uint64_t *grundy; /* per heap */
    size_t n;
    uint64_t value;
    const char *heaps_ptr; /* for problems found while listing moves */
    cJSON *sequence;       /* the "sequence" option's values, or NULL */
    gr_period_status period_status;
} gr_octal_state;

static gr_status read_code(gr_jctx *c, const cJSON *item, const char *ptr,
                           gr_octal_code *code)
{
    const char *text;
    gr_status st = gr_json_string(c, item, ptr, &text);
    if (st != GR_OK) {
        return st;
    }
    size_t bad;
    st = gr_octal_parse(text, code, &bad);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "has more than %u digits after \"0.\"",
                             GR_OCTAL_MAX_DIGITS);
    }
    if (st != GR_OK) {
        return gr_json_error(
            c, GR_EINVAL, ptr,
            "must be an octal or hexadecimal code \"0.d1d2...\" (\"0.\" "
            "and then at least one digit 0-9 or A-F), as in \"0.77\", or "
            "\"grundy\", \"kayles\", \"dawsons-kayles\", "
            "\"dawsons-chess\", \"treblecross\"; the character at offset "
            "%zu is wrong",
            bad);
    }
    return GR_OK;
}

static gr_status gr_octal_analyse(gr_jctx *c, const cJSON *obj, const char *ptr,
                                  void **state, gr_value *value)
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
    const char *hp = gr_jp_key(c, ptr, "heaps");
    s->heaps_ptr = hp;
    st = gr_json_u64_array(c, heaps, hp, GR_JSON_MAX_I64, &s->heaps, &s->n);
    if (st != GR_OK) {
        return st;
    }
    uint64_t from, count;
    const char *sp;
    st = gr_json_sequence_option(c, seq, ptr, "/v1/octal", &sp, &from, &count);
    if (st != GR_OK) {
        return st;
    }
    /* the shared table (one computation per code for all requests), grown
     * as far as this request needs: its largest heap, its sequence */
    uint64_t need = count > 0 ? from + count : 0;
    for (size_t i = 0; i < s->n; i++) {
        need = s->heaps[i] >= need ? s->heaps[i] + 1 : need;
    }
    if ((st = gr_json_octal_table(c, &parsed, need, cp, &s->table, &s->period_status)) != GR_OK) {
        return st;
    }
    s->sequence = NULL;
    if (seq != NULL &&
        (st = gr_json_octal_values(c, &s->table, from, count, sp, &s->sequence)) != GR_OK) {
        return st;
    }
    st = gr_json_octal_heaps(c, &s->table, s->heaps, s->n, hp, &s->grundy, &s->value);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_finite(state, s, value, s->value);
}

static cJSON *move_obj(gr_jctx *c, size_t heap, const gr_octal_move *m)
{
    cJSON *o = gr_jw_obj(c);
    gr_jw_set_u64s(c, o, 2, (const char *const[]){"heap", "take"},
                   (const uint64_t[]){heap, m->take});
    cJSON *leaves = gr_jw_arr(c);
    for (uint32_t i = 0; i < m->nleaves; i++) {
        gr_jw_push(c, leaves, gr_jw_u64(c, m->leaves[i]));
    }
    gr_jw_set(c, o, "leaves", leaves);
    return o;
}

/* Counts per heap below the table, UINT64_MAX = not yet known, for the
 * heaps of this position only: *n is one past the largest of them below
 * the table (a table of 2^25 values need not cost 256 MiB of memo for
 * heaps of 3 and 4).  NULL: out of memory. */
static uint64_t *heap_memo(gr_jctx *c, const gr_octal_state *s, uint64_t *n)
{
    uint64_t top = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (s->heaps[i] < s->table.computed && s->heaps[i] + 1 > top) {
            top = s->heaps[i] + 1;
        }
    }
    uint64_t *memo = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, top + 1);
    if (memo != NULL) {
        memset(memo, 0xff, top * sizeof(uint64_t));
    }
    *n = top;
    return memo;
}

static gr_status gr_octal_moves_json(gr_jctx *c, void *state,
                                     const gr_value *target, uint64_t max,
                                     bool count_all, cJSON *arr,
                                     uint64_t *count)
{
    gr_octal_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite target");
    }
    if (arr == NULL) {
        max = 0;
    }
    uint64_t x = s->value ^ target->n;
    if (x == 0) {
        return GR_OK; /* a heap never moves to its own value (mex) */
    }
    gr_octal_move *buf =
        GR_ARENA_ARRAY_UNINIT(c->arena, gr_octal_move, max + 1);
    if (buf == NULL) {
        return gr_json_oom(c);
    }
    /* Counts per heap below the table, UINT64_MAX = not yet known: the
     * target of a heap depends only on the heap (g_i ^ x), so repeated
     * heaps are counted once.  (Huge heaps are cheap already: the core
     * counts their splits from a per-residue cache.) */
    uint64_t *memo = NULL, memo_n = 0;
    if (count_all && s->n > 64 && (memo = heap_memo(c, s, &memo_n)) == NULL) {
        return gr_json_oom(c);
    }
    uint64_t listed = 0, total = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (!count_all && total >= 1 && listed >= max) {
            break;
        }
        uint64_t h = s->heaps[i];
        bool memoised = memo != NULL && listed >= max && h < memo_n;
        if (memoised && memo[h] != UINT64_MAX) {
            total = total > UINT64_MAX - memo[h] ? UINT64_MAX : total + memo[h];
            continue;
        }
        uint64_t n;
        gr_status st =
            gr_octal_moves_to(&s->table, h, s->grundy[i] ^ x, count_all, buf,
                              (size_t)(max - listed), &n);
        if (st == GR_ELIMIT) {
            return gr_json_error(
                c, GR_ELIMIT, s->heaps_ptr,
                "counting every winning move would take more than %llu "
                "steps for this code; ask without all_winning_moves, or "
                "with fewer heaps",
                (unsigned long long)GR_OCTAL_MAX_MOVE_WORK);
        }
        if (st != GR_OK) {
            return gr_json_error(c, GR_EINTERNAL, NULL, "heap without a value");
        }
        if (memoised) {
            memo[h] = n;
        }
        for (uint64_t k = 0; k < n && listed < max; k++, listed++) {
            gr_jw_push(c, arr, move_obj(c, i, &buf[k]));
        }
        total = total > UINT64_MAX - n ? UINT64_MAX : total + n;
    }
    *count = total;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* Every move, through the core's gr_octal_moves_to, so that every kind
 * of code the core knows (octal and hexadecimal digits, Grundy's game) is
 * listed by the same rules it is solved by: heap by heap, by the value the
 * heap is left with (t = 0, 1, ... below 2^bits of the table's largest
 * value: an option is an XOR of table values), then in the core's order
 * (take, then the leaves).  Per heap and target the core counts from its
 * caches (huge heaps through the period), so the count is exact without
 * listing; counts of repeated heaps below the table are memoised.  The
 * calls are bounded by GR_OCTAL_ALL_MOVES_CALLS (a 422 past it). */
#define GR_OCTAL_ALL_MOVES_CALLS (1ull << 24)

static gr_status gr_octal_all_error(gr_jctx *c, gr_octal_state *s, gr_status st)
{
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, s->heaps_ptr,
                             "counting every move would take more than %llu steps for this "
                             "code and these heaps; ask with fewer heaps",
                             (unsigned long long)GR_OCTAL_MAX_MOVE_WORK);
    }
    return st == GR_ENOMEM ? gr_json_oom(c)
                           : gr_json_error(c, GR_EINTERNAL, NULL, "heap without a value");
}

static gr_status gr_octal_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_octal_state *s = state;
    gr_octal_table *t = &s->table;
    unsigned bits = 0;
    while (bits < 17 && (t->max_value >> bits) != 0) {
        bits++;
    }
    const uint64_t targets = 1ull << bits;
    uint64_t *memo = NULL, memo_n = 0; /* all moves of heap h < memo_n */
    if (s->n > 1 && (memo = heap_memo(c, s, &memo_n)) == NULL) {
        return gr_json_oom(c);
    }
    uint64_t calls = 0;
    gr_octal_move *buf = NULL;
    size_t bufcap = 0;
    for (size_t i = 0; i < s->n; i++) {
        uint64_t h = s->heaps[i];
        bool listing = list->listed < list->room;
        if (!listing && memo != NULL && h < memo_n && memo[h] != UINT64_MAX) {
            list->count += memo[h];
            continue;
        }
        uint64_t all = 0;
        for (uint64_t target = 0; target < targets; target++) {
            if (++calls > GR_OCTAL_ALL_MOVES_CALLS) {
                return gr_json_error(c, GR_ELIMIT, s->heaps_ptr,
                                     "listing every move of these heaps would take more than "
                                     "%llu searches; ask with fewer heaps",
                                     (unsigned long long)GR_OCTAL_ALL_MOVES_CALLS);
            }
            if ((calls & 4095u) == 0) {
                gr_status cs = gr_arena_check(c->arena);
                if (cs != GR_OK) {
                    return gr_json_error(c, cs, NULL, "stopped while listing moves");
                }
            }
            uint64_t n = 0;
            gr_status st = gr_octal_moves_to(t, h, target, true, NULL, 0, &n);
            if (st != GR_OK) {
                return gr_octal_all_error(c, s, st);
            }
            all = all > UINT64_MAX - n ? UINT64_MAX : all + n;
            uint64_t room = list->room - list->listed;
            if (n == 0 || room == 0) {
                continue;
            }
            size_t want = (size_t)(n < room ? n : room);
            if (want > bufcap) {
                gr_octal_move *nb =
                    gr_arena_realloc(c->arena, buf, bufcap * sizeof(*buf), want * sizeof(*buf));
                if (nb == NULL) {
                    return gr_json_oom(c);
                }
                buf = nb;
                bufcap = want;
            }
            if ((st = gr_octal_moves_to(t, h, target, false, buf, want, &n)) != GR_OK) {
                return gr_octal_all_error(c, s, st);
            }
            for (size_t k = 0; k < want; k++) {
                gr_move_value *e = gr_move_list_add(list);
                if (e == NULL) {
                    break;
                }
                e->move = move_obj(c, i, &buf[k]);
                e->after.kind = GR_VALUE_FINITE;
                e->after.n = s->value ^ s->grundy[i] ^ target;
            }
        }
        if (memo != NULL && h < memo_n) {
            memo[h] = all;
        }
        list->count += all;
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static gr_status gr_octal_extras(gr_jctx *c, void *state, cJSON *resp)
{
    gr_octal_state *s = state;
    gr_jw_set(c, resp, "heap_grundy", gr_jw_u64_array(c, s->grundy, s->n));
    gr_jw_set(c, resp, "period",
              gr_jw_period(c, s->table.periodic, s->table.preperiod, s->table.period));
    gr_jw_set(c, resp, "values_computed", gr_jw_u64(c, s->table.computed));
    gr_jw_set(c, resp, "period_status", gr_jw_str(c, gr_period_status_name(s->period_status)));
    if (s->sequence != NULL) {
        gr_jw_set(c, resp, "sequence", s->sequence);
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_family gr_family_octal = {
    .name = "octal",
    .analyse = gr_octal_analyse,
    .moves_to = gr_octal_moves_json,
    .extras = gr_octal_extras,
    .first_wins = NULL,
    .moves_all = gr_octal_moves_all,
};
