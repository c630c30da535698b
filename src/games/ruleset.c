/*
 * The endpoints of rulesets played by the partizan engine (ruleset.h):
 * one request reader, the four answers (value, outcome_only, all_moves,
 * impartial) and the /v1/sum component hooks, for every ruleset.
 */
#include "games/ruleset.h"

#include <stdio.h>
#include <string.h>

#include "games/search_games.h"

/* The probe's budget: a hundredth of the least budget, at least
 * GR_RS_PROBE_SEARCH_MIN nodes (but not past the budget): the search first
 * runs under it, and most requests end there -- a request under a small
 * budget that needs only a few thousand nodes is answered, never
 * forecast (an outcome search can be far cheaper than the regions
 * behind it: a Konane 6x6 board settled in 348 nodes whose forecast was
 * 275,734 regions; bench/RESULTS.md). */
#define GR_RS_PROBE_SEARCH_MIN 4096u
#define GR_RS_PROBE(cap)                                                                           \
    ((cap) / 100 + 1 > GR_RS_PROBE_SEARCH_MIN                                                      \
         ? (cap) / 100 + 1                                                                         \
         : ((cap) < GR_RS_PROBE_SEARCH_MIN ? (cap) : GR_RS_PROBE_SEARCH_MIN))
/* The forecast's probe expands at least this many regions (a few ms):
 * under a small budget, fewer would see too few levels to extrapolate. */
#define GR_RS_PROBE_MIN 256u
/* A refusal needs the forecast past this many times the least budget. */
#define GR_RS_MARGIN 16u
/* The value search's bytes a node assumed on the rulesets judged on memory
 * (gr_rs_consts_of): fewer than the fewest measured on any of their
 * finished value searches (bench/RESULTS.md, "Ruleset forecast: the memory
 * cap"): fewer assumed, more nodes allowed.  Snort and Col are not judged on
 * memory: their forecast can pass their value search's nodes (a Col board
 * of 32,408 nodes forecast 496,173 by a probe of 2,294), nor is the outcome
 * search, which may settle a position in far fewer nodes than the regions
 * the forecast counts, nor the Grundy search (not measured). */
#define GR_RS_BYTES_VALUE 128u
/* A memory refusal needs the forecast past this many times the memory
 * budget in nodes: the forecast errs low (bench/RESULTS.md). */
#define GR_RS_MEM_MARGIN 2u
/* Nodes a second assumed per ruleset (gr_rs_consts_of). */
#define GR_RS_RATE_AMAZONS 1140000u
#define GR_RS_RATE_CLOBBER 1560000u
#define GR_RS_RATE_KONANE 1230000u
#define GR_RS_RATE_NOGO 2640000u
#define GR_RS_RATE_GRAPH 198000u
#define GR_RS_RATE_STRIP 4200000u
/* Konane's outcome search against its forecast: log2 of the regions
 * forecast per node searched.  Its jumps leave a player few replies, so
 * the ordered search settles a position in a sliver of the regions it
 * could meet: 5.8e-8 to 0.0034 nodes a region over 20 boards from 5x5 to
 * 6x7, 0.0046 on one more (bench/RESULTS.md, "Konane's outcome refusal"),
 * where Clobber's and NoGo's are 0.09-0.58.  Unscaled, the 6x6 openings
 * that outlast the defaults' probe of 80,001 nodes (forecast about 2e9
 * regions with two holes, 8e8 with one) were refused, though they are
 * settled in 0.46-2.8 million nodes; 1/128 is
 * the largest ratio measured with a margin of 1.7, so the 8x8 opening
 * (2.3e16) and the 6x7 ones past 10^7 nodes (3.7e10 and more) are still
 * refused up front. */
#define GR_RS_OUTCOME_SHIFT_KONANE 7u

typedef struct gr_rs_state {
    const gr_ruleset *rs;
    const void *ctx;
    gr_pg *pg;
    uint8_t *pos;
    size_t len;
    const char *ptr;
} gr_rs_state;

/* The engine's failures: the node budget (and a position past the
 * engine's size) is the search's 422, the stop conditions and memory as
 * everywhere; anything else is a bug (500). */
static gr_status gr_rs_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    return st == GR_ELIMIT ? gr_json_search_failed(c, st, ptr) : gr_json_cgt_failed(c, st, ptr);
}

/* ---- the refusal up front (issue 37 item 5; docs/partizan.md, "A
 * ruleset's refusal up front") ------------------------------------------ */

/* Per ruleset: the nodes a second assumed of its searches, to turn the
 * time limit into nodes -- three times the fastest measured
 * (bench/RESULTS.md, "Ruleset forecast: the memory cap", re-measured after
 * the engine's speed-up): more assumed, fewer refusals --
 * the bytes a node of its value search, to turn the memory budget into
 * nodes (0: not judged on memory), and the outcome search's nodes a
 * forecast region as a right shift (0: one a region; measured only where
 * it is far from one).  Constants, not a clock: the same answer on every
 * machine. */
typedef struct gr_rs_consts {
    const char *name;
    uint64_t rate;
    unsigned bytes, outcome_shift;
} gr_rs_consts;

static gr_rs_consts gr_rs_consts_of(const gr_pg_rules *r)
{
    static const gr_rs_consts t[] = {
        {"amazons", GR_RS_RATE_AMAZONS, GR_RS_BYTES_VALUE, 0},
        {"clobber", GR_RS_RATE_CLOBBER, GR_RS_BYTES_VALUE, 0},
        {"col", GR_RS_RATE_GRAPH, 0, 0},
        {"konane", GR_RS_RATE_KONANE, GR_RS_BYTES_VALUE, GR_RS_OUTCOME_SHIFT_KONANE},
        {"nogo", GR_RS_RATE_NOGO, GR_RS_BYTES_VALUE, 0},
        {"snort", GR_RS_RATE_GRAPH, 0, 0},
        {"toads_and_frogs", GR_RS_RATE_STRIP, GR_RS_BYTES_VALUE, 0},
        {"toppling_dominoes", GR_RS_RATE_STRIP, GR_RS_BYTES_VALUE, 0},
    };
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        if (strcmp(t[i].name, r->name) == 0) {
            return t[i];
        }
    }
    /* a ruleset not measured: the fastest rate of all, no memory judgement */
    return (gr_rs_consts){r->name, GR_RS_RATE_STRIP, 0, 0};
}

/* Sets the engine's budget to the probe's (a hundredth of the least
 * budget: the node budget, or the time limit at the ruleset's rate) and
 * answers the least budget. */
static gr_json_cap gr_rs_probe(gr_jctx *c, gr_rs_state *rst)
{
    gr_json_cap cap = gr_json_least_cap(c, 0, gr_rs_consts_of(rst->rs->rules).rate);
    gr_pg_set_budget(rst->pg, GR_RS_PROBE(cap.nodes));
    return cap;
}

/* The memory budget in nodes at `bytes` a node (0: not judged on memory),
 * when it is the least of the request's budgets, else 0: the node budget
 * or the time limit, judged past GR_RS_MARGIN, is what the search would
 * run out of first. */
static uint64_t gr_rs_memory_nodes(gr_jctx *c, const gr_json_cap *cap, unsigned bytes)
{
    size_t mem = gr_arena_budget(c->arena);
    return bytes != 0 && mem != 0 && mem / bytes <= cap->nodes ? (uint64_t)(mem / bytes) : 0;
}

/* After a search run under the probe's budget ended with st: when it
 * ran out of the probe's nodes, the forecast (gr_pg_estimate), shifted
 * right by `shift` for a search measured to prune far below it, decides --
 * past GR_RS_MARGIN times the least of the node budget and the time
 * limit, or past GR_RS_MEM_MARGIN times the memory budget in nodes (when
 * that is the least), a refusal (*refused, the problem in c->problem,
 * with the forecast as its "estimate" member), else the budget is
 * restored and *again asks for the full search. */
static gr_status gr_rs_judge(gr_jctx *c, gr_rs_state *rst, const gr_json_cap *cap, gr_status st,
                             const char *what, unsigned bytes, unsigned shift, bool *again,
                             bool *refused)
{
    *again = *refused = false;
    if (st != GR_ELIMIT) {
        gr_pg_set_budget(rst->pg, gr_json_search_opts(c).max_nodes);
        return st;
    }
    gr_pg_forecast fc;
    uint64_t probe = cap->nodes / 100 + 1;
    probe = probe < GR_RS_PROBE_MIN ? GR_RS_PROBE_MIN : probe;
    if ((st = gr_pg_estimate(rst->pg, rst->pos, rst->len, probe, &fc)) != GR_OK) {
        return st;
    }
    gr_pg_set_budget(rst->pg, gr_json_search_opts(c).max_nodes);
    gr_json_cap line = *cap;
    unsigned margin = GR_RS_MARGIN;
    uint64_t need = fc.nodes >> shift;
    uint64_t mem_nodes = gr_rs_memory_nodes(c, cap, bytes);
    if (!fc.complete && need / GR_RS_MARGIN <= cap->nodes && mem_nodes != 0 &&
        need / GR_RS_MEM_MARGIN > mem_nodes) {
        line = (gr_json_cap){mem_nodes, GR_ENOMEM, "--max-request-memory", "memory budget"};
        margin = GR_RS_MEM_MARGIN;
    }
    if (fc.complete || need / margin <= line.nodes) {
        *again = true;
        return GR_OK;
    }
    *refused = true;
    /* scaled, the forecast of regions is named beside the nodes */
    char basis[96] = "a forecast";
    if (shift != 0) {
        snprintf(basis, sizeof(basis), "1/%llu of the %llu regions forecast", 1ull << shift,
                 (unsigned long long)fc.nodes);
    }
    gr_json_error(c, line.st, gr_jp_key(c, "", rst->rs->fields[0].name),
                  "the %s of this position needs about %llu search nodes (%s from the "
                  "%llu distinct regions a probe of %llu met in %u moves), more than %u times "
                  "what the request's %s (%s) allows (about %llu): refused before the full search",
                  what, (unsigned long long)need, basis, (unsigned long long)fc.found,
                  (unsigned long long)fc.expanded, fc.levels, margin, line.what, line.flag,
                  (unsigned long long)line.nodes);
    gr_json_estimate(c, need, line.nodes, line.flag);
    return line.st;
}

/* The three searches a request may run, and what they answer. */
typedef enum gr_rs_kind { GR_RS_VALUE, GR_RS_GRUNDY, GR_RS_OUTCOME } gr_rs_kind;
typedef struct gr_rs_result {
    gr_cgt value;
    unsigned grundy;
    bool wins[2];
    gr_pg_move moves[2];
} gr_rs_result;

static gr_status gr_rs_run(gr_rs_state *rst, gr_rs_kind k, gr_rs_result *res)
{
    switch (k) {
    case GR_RS_VALUE:
        return gr_pg_value(rst->pg, rst->pos, rst->len, &res->value);
    case GR_RS_GRUNDY:
        return gr_pg_grundy(rst->pg, rst->pos, rst->len, &res->grundy);
    default:
        return gr_pg_outcome(rst->pg, rst->pos, rst->len, &res->wins[0], &res->moves[0],
                             &res->wins[1], &res->moves[1]);
    }
}

/* The search of kind k: under the probe's budget, then judged, then (when
 * not refused) under the full budget.  GR_OK with *res; else the status,
 * with *refused when the refusal's problem is already written. */
static gr_status gr_rs_search(gr_jctx *c, gr_rs_state *rst, gr_rs_kind k, gr_rs_result *res,
                              bool *refused)
{
    static const char *const what[3] = {"canonical value", "impartial variant's Grundy value",
                                        "\"outcome_only\" search"};
    bool again;
    gr_json_cap cap = gr_rs_probe(c, rst);
    gr_status st = gr_rs_run(rst, k, res);
    gr_rs_consts rc = gr_rs_consts_of(rst->rs->rules);
    st = gr_rs_judge(c, rst, &cap, st, what[k], k == GR_RS_VALUE ? rc.bytes : 0,
                     k == GR_RS_OUTCOME ? rc.outcome_shift : 0, &again, refused);
    return st == GR_OK && again ? gr_rs_run(rst, k, res) : st;
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
    gr_rs_result res = {0};
    bool refused;
    gr_status st = gr_rs_search(c, rst, GR_RS_OUTCOME, &res, &refused);
    if (st != GR_OK) {
        return refused ? st : gr_rs_failed(c, st, "");
    }
    gr_jw_set(c, r, "outcome", gr_jw_str(c, gr_json_outcome_letter(res.wins[0], res.wins[1])));
    static const char *const keys[2] = {"left_move", "right_move"};
    for (int side = 0; side < 2; side++) {
        gr_jw_set(c, r, keys[side],
                  res.wins[side] ? rst->rs->move(c, rst->ctx, &res.moves[side], false)
                                 : gr_jw_null(c));
    }
    return GR_OK;
}

/* The impartial variant: grundy, winner, winning_move [, moves]. */
static gr_status gr_rs_impartial(gr_jctx *c, gr_rs_state *rst, const gr_rs_opts *o, cJSON *r)
{
    unsigned g;
    gr_pg_option *opt = NULL;
    size_t n = 0;
    gr_rs_result res = {0};
    bool refused;
    gr_status st = gr_rs_search(c, rst, GR_RS_GRUNDY, &res, &refused);
    if (refused) {
        return st;
    }
    g = res.grundy;
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
    gr_rs_result res = {0};
    bool refused;
    gr_status st = gr_rs_search(c, rst, GR_RS_VALUE, &res, &refused);
    if (st != GR_OK) {
        return refused ? st : gr_rs_failed(c, st, "");
    }
    gr_cgt v = res.value;
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
