/*
 * The endpoints of rulesets played by the partizan engine (ruleset.h):
 * one request reader, the four answers (value, outcome_only, all_moves,
 * impartial) and the /v1/sum component hooks, for every ruleset.
 */
#include "games/ruleset.h"

#include "games/search_games.h"

typedef struct gr_rs_state {
    const gr_ruleset *rs;
    const void *ctx;
    gr_pg *pg;
    uint8_t *pos;
    size_t len;
    const char *ptr;
} gr_rs_state;

/* The engine's failures: the node budget and the store's limits are 422s,
 * the stop conditions and memory as everywhere. */
static gr_status gr_rs_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    return st == GR_ELIMIT || st == GR_EINVAL ? gr_json_search_failed(c, GR_ELIMIT, ptr)
                                              : gr_json_cgt_failed(c, st, ptr);
}

/* The options of a whole request (ptr ""), read beside the game's fields. */
typedef struct gr_rs_opts {
    bool outcome_only, all_moves, impartial;
    uint64_t max_moves;
} gr_rs_opts;

/* Reads obj's fields (the game's, and at the top the options into *o)
 * and the position; the engine in s. */
static gr_status gr_rs_open(gr_jctx *c, const gr_ruleset *rs, const cJSON *obj, const char *ptr,
                            gr_cgt_store *s, gr_rs_opts *o, gr_rs_state **out)
{
    const cJSON *f[GR_RULESET_FIELDS + 4] = {NULL};
    gr_jfield fields[GR_RULESET_FIELDS + 4];
    size_t n = 0;
    for (; n < GR_RULESET_FIELDS && rs->fields[n].name != NULL; n++) {
        fields[n] = (gr_jfield){rs->fields[n].name, rs->fields[n].required, &f[n]};
    }
    gr_status st;
    if (o != NULL) {
        static const char *const opts[4] = {"outcome_only", "all_moves", "impartial", "max_moves"};
        for (size_t i = 0; i < 4; i++) {
            fields[n + i] = (gr_jfield){opts[i], false, &f[n + i]};
        }
        bool *flags[3] = {&o->outcome_only, &o->all_moves, &o->impartial};
        *o = (gr_rs_opts){.max_moves = GR_MAX_MOVES_DEFAULT};
        if ((st = gr_json_object(c, obj, ptr, fields, n + 4)) != GR_OK) {
            return st;
        }
        for (size_t i = 0; i < 3; i++) {
            if (f[n + i] != NULL &&
                (st = gr_json_bool(c, f[n + i], gr_jp_key(c, ptr, opts[i]), flags[i])) != GR_OK) {
                return st;
            }
        }
        if (f[n + 3] != NULL && (st = gr_json_u64(c, f[n + 3], "/max_moves", GR_MAX_MOVES_LIMIT,
                                                  &o->max_moves)) != GR_OK) {
            return st;
        }
        if (o->outcome_only && (o->impartial || o->all_moves)) {
            return gr_json_error(c, GR_EINVAL, "/outcome_only",
                                 "outcome_only answers by search without values: it cannot be "
                                 "combined with %s",
                                 o->impartial ? "impartial" : "all_moves");
        }
    } else if ((st = gr_json_pgame_object(c, obj, ptr, fields, n)) != GR_OK) {
        return st;
    }
    gr_rs_state *rst = GR_ARENA_ARRAY(c->arena, gr_rs_state, 1);
    uint8_t *pos = GR_ARENA_ARRAY_UNINIT(c->arena, uint8_t, GR_PG_MAX_POS);
    if (rst == NULL || pos == NULL) {
        return gr_json_oom(c);
    }
    *rst = (gr_rs_state){.rs = rs, .pos = pos, .ptr = ptr};
    if ((st = rs->read(c, f, ptr, pos, &rst->len, &rst->ctx)) != GR_OK) {
        return st;
    }
    gr_search_opts sopts = gr_json_search_opts(c);
    if ((st = gr_pg_create(c->arena, s, rs->rules, rst->ctx, &sopts, &rst->pg)) != GR_OK) {
        return gr_rs_failed(c, st, ptr);
    }
    *out = rst;
    return GR_OK;
}

gr_status gr_ruleset_analyse(gr_jctx *c, const gr_ruleset *rs, const cJSON *obj, const char *ptr,
                             gr_cgt_store *s, void **state, gr_cgt *value)
{
    gr_rs_state *rst;
    gr_status st = gr_rs_open(c, rs, obj, ptr, s, NULL, &rst);
    if (st != GR_OK) {
        return st;
    }
    if ((st = gr_pg_value(rst->pg, rst->pos, rst->len, value)) != GR_OK) {
        return gr_rs_failed(c, st, ptr);
    }
    *state = rst;
    return GR_OK;
}

/* Every move of `side` with the value after it: *opts, and the values
 * alone in *after (arena arrays of *n). */
static gr_status gr_rs_options(gr_jctx *c, gr_rs_state *rst, int side, gr_pg_option **opts,
                               gr_cgt **after, size_t *n)
{
    gr_status st = gr_pg_options(rst->pg, rst->pos, rst->len, (gr_pg_side)side, opts, n);
    if (st != GR_OK) {
        return gr_rs_failed(c, st, rst->ptr);
    }
    if ((*after = GR_ARENA_ARRAY(c->arena, gr_cgt, *n + 1)) == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < *n; i++) {
        (*after)[i] = (*opts)[i].after;
    }
    return GR_OK;
}

gr_status gr_ruleset_moves(gr_jctx *c, void *state, int side, cJSON ***moves, gr_cgt **after,
                           size_t *n)
{
    gr_rs_state *rst = state;
    gr_pg_option *o;
    gr_status st = gr_rs_options(c, rst, side, &o, after, n);
    if (st != GR_OK) {
        return st;
    }
    if ((*moves = GR_ARENA_ARRAY(c->arena, cJSON *, *n + 1)) == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < *n; i++) {
        (*moves)[i] = rst->rs->move(c, rst->ctx, &o[i].move, false);
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* "outcome_only": the search's outcome and winning moves. */
static gr_status gr_rs_outcome(gr_jctx *c, gr_rs_state *rst, cJSON *r)
{
    bool wins[2];
    gr_pg_move m[2];
    gr_status st = gr_pg_outcome(rst->pg, rst->pos, rst->len, &wins[0], &m[0], &wins[1], &m[1]);
    if (st != GR_OK) {
        return gr_rs_failed(c, st, "");
    }
    gr_jw_set(c, r, "outcome", gr_jw_str(c, gr_json_outcome_letter(wins[0], wins[1])));
    static const char *const keys[2] = {"left_move", "right_move"};
    for (int side = 0; side < 2; side++) {
        gr_jw_set(c, r, keys[side],
                  wins[side] ? rst->rs->move(c, rst->ctx, &m[side], false) : gr_jw_null(c));
    }
    return GR_OK;
}

/* The impartial variant: grundy, winner, winning_move [, moves]. */
static gr_status gr_rs_impartial(gr_jctx *c, gr_rs_state *rst, const gr_rs_opts *o, cJSON *r)
{
    unsigned g;
    gr_pg_option *opt = NULL;
    size_t n = 0;
    gr_status st = gr_pg_grundy(rst->pg, rst->pos, rst->len, &g);
    if (st == GR_OK && (g != 0 || o->all_moves)) {
        st = gr_pg_grundy_options(rst->pg, rst->pos, rst->len, &opt, &n);
    }
    if (st != GR_OK) {
        return gr_rs_failed(c, st, "");
    }
    gr_jw_set(c, r, "grundy", gr_jw_u64(c, g));
    gr_jw_set(c, r, "winner", gr_jw_str(c, g != 0 ? "first" : "second"));
    cJSON *win = gr_jw_null(c);
    for (size_t i = 0; i < n && g != 0; i++) {
        if (opt[i].grundy == 0) {
            win = rst->rs->move(c, rst->ctx, &opt[i].move, true);
            break;
        }
    }
    gr_jw_set(c, r, "winning_move", win);
    if (o->all_moves) {
        cJSON *list = gr_jw_arr(c);
        for (size_t i = 0; i < n && i < o->max_moves; i++) {
            cJSON *e = gr_jw_obj(c);
            gr_jw_set(c, e, "move", rst->rs->move(c, rst->ctx, &opt[i].move, true));
            gr_jw_set(c, e, "grundy", gr_jw_u64(c, opt[i].grundy));
            gr_jw_set(c, e, "outcome", gr_jw_str(c, opt[i].grundy == 0 ? "win" : "lose"));
            gr_jw_push(c, list, e);
        }
        gr_jw_set(c, r, "moves", list);
        gr_jw_set(c, r, "move_count", gr_jw_u64(c, n));
    }
    return GR_OK;
}

/* The canonical answer: value, outcome, mean, temperature, each player's
 * winning move [, every move with its value]. */
static gr_status gr_rs_value(gr_jctx *c, gr_rs_state *rst, gr_cgt_store *s, const gr_rs_opts *o,
                             cJSON *r)
{
    gr_cgt v;
    gr_status st = gr_pg_value(rst->pg, rst->pos, rst->len, &v);
    if (st != GR_OK) {
        return gr_rs_failed(c, st, "");
    }
    if ((st = gr_json_cgt_fields(c, s, v, r, "")) != GR_OK) {
        return st;
    }
    static const char *const keys[2][3] = {{"left_move", "left_moves", "left_move_count"},
                                           {"right_move", "right_moves", "right_move_count"}};
    cJSON *lists[2] = {NULL, NULL};
    size_t counts[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        gr_pg_option *opt;
        gr_cgt *after;
        size_t n, found;
        if ((st = gr_rs_options(c, rst, side, &opt, &after, &n)) != GR_OK) {
            return st;
        }
        if ((st = gr_json_cgt_winning(s, side, after, n, &found)) != GR_OK) {
            return gr_json_cgt_failed(c, st, "");
        }
        gr_jw_set(c, r, keys[side][0],
                  found < n ? rst->rs->move(c, rst->ctx, &opt[found].move, false) : gr_jw_null(c));
        if (!o->all_moves) {
            continue;
        }
        lists[side] = gr_jw_arr(c);
        counts[side] = n;
        for (size_t i = 0; i < n && i < o->max_moves; i++) {
            cJSON *e = gr_jw_obj(c);
            gr_jw_set(c, e, "move", rst->rs->move(c, rst->ctx, &opt[i].move, false));
            cJSON *val = gr_jw_cgt(c, s, after[i], &st);
            if (st != GR_OK) {
                return gr_json_cgt_failed(c, st, "");
            }
            gr_jw_set(c, e, "value", val);
            gr_jw_push(c, lists[side], e);
        }
    }
    for (int side = 0; side < 2 && o->all_moves; side++) {
        gr_jw_set(c, r, keys[side][1], lists[side]);
        gr_jw_set(c, r, keys[side][2], gr_jw_u64(c, counts[side]));
    }
    return GR_OK;
}

gr_status gr_ruleset_endpoint(gr_jctx *c, const gr_ruleset *rs, const cJSON *req, cJSON **resp)
{
    gr_cgt_store *s;
    gr_rs_state *rst;
    gr_rs_opts o;
    gr_status st;
    if ((st = gr_json_cgt_store(c, &s)) != GR_OK ||
        (st = gr_rs_open(c, rs, req, "", s, &o, &rst)) != GR_OK) {
        return st;
    }
    cJSON *r = gr_jw_obj(c);
    st = o.impartial      ? gr_rs_impartial(c, rst, &o, r)
         : o.outcome_only ? gr_rs_outcome(c, rst, r)
                          : gr_rs_value(c, rst, s, &o, r);
    if (st != GR_OK) {
        return st;
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
