/*
 * Explicit game graphs that may loop: {"positions": n, "moves": [[u, v],
 * ...], "start": [p, ...]} -- a token on each start position, a move
 * slides one token along one edge.  Values are the generalised
 * Sprague-Grundy function (include/grundy/game_graph.h).
 *
 * The family (gr_family_game_graph) serves /v1/game-graph and /v1/sum;
 * it writes its own answer (gr_gg_answer) because it may be a draw and
 * its value infinite:
 *   {"grundy": g | {"infinity": [K...]}, "winner": "first"|"second"|"draw",
 *    "winning_move": {"token", "from", "to"} | null,
 *    ["winning_moves", "winning_move_count"], ["values"]}
 * The listing of moves starts with the preferred move (the one that makes
 * "always play winning_move" terminate), then the others by token and edge
 * order, so winning_move is always winning_moves[0].
 */
#include "grundy/game_graph.h"

#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"

typedef struct gr_gg_state {
    gr_ggraph graph;
    uint32_t *start;
    size_t ntokens;
    gr_ggraph_sum sum;
    bool include_values;
    uint32_t *remoteness; /* single-token remoteness, computed on demand */
} gr_gg_state;

static gr_status gr_gg_remoteness(gr_jctx *c, gr_gg_state *s)
{
    if (s->remoteness != NULL) {
        return GR_OK;
    }
    gr_status st = gr_ggraph_remoteness(c->arena, &s->graph, &s->remoteness);
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    return st == GR_OK ? GR_OK : gr_json_error(c, st, NULL, "stopped computing remoteness");
}

static gr_status gr_gg_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                               gr_value *value)
{
    const cJSON *positions, *moves, *start, *include;
    const gr_jfield fields[] = {{"positions", true, &positions},
                                {"moves", true, &moves},
                                {"start", true, &start},
                                {"include_values", false, &include}};
    gr_status st = gr_json_family_state(c, obj, ptr, fields, 4, sizeof(gr_gg_state), state);
    if (st != GR_OK) {
        return st;
    }
    gr_gg_state *s = *state;
    if (include != NULL) {
        if (ptr[0] != '\0') {
            return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, "include_values"),
                                 "include_values is an option of "
                                 "/v1/game-graph, not of a sum component");
        }
        st = gr_json_bool(c, include, gr_jp_key(c, ptr, "include_values"), &s->include_values);
        if (st != GR_OK) {
            return st;
        }
    }
    uint64_t n;
    st = gr_json_u64(c, positions, gr_jp_key(c, ptr, "positions"), UINT32_MAX - 1, &n);
    if (st != GR_OK) {
        return st;
    }
    const char *moves_ptr = gr_jp_key(c, ptr, "moves");
    uint32_t *mv;
    size_t m;
    st = gr_json_pairs(c, moves, moves_ptr, UINT32_MAX - 1, &mv, &m);
    if (st != GR_OK) {
        return st;
    }
    for (size_t e = 0; e < 2 * m; e++) {
        if (mv[e] >= n) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, gr_jp_idx(c, moves_ptr, e / 2), e % 2),
                                 "position %u does not exist (there are %llu positions)",
                                 (unsigned)mv[e], (unsigned long long)n);
        }
    }
    const char *start_ptr = gr_jp_key(c, ptr, "start");
    uint64_t *start64;
    st = gr_json_u64_array(c, start, start_ptr, UINT32_MAX - 1, &start64, &s->ntokens);
    if (st != GR_OK) {
        return st;
    }
    s->start = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, s->ntokens);
    if (s->start == NULL) {
        return gr_json_oom(c);
    }
    for (size_t t = 0; t < s->ntokens; t++) {
        if (start64[t] >= n) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, start_ptr, t),
                                 "position %llu does not exist (there are %llu positions)",
                                 (unsigned long long)start64[t], (unsigned long long)n);
        }
        s->start[t] = (uint32_t)start64[t];
    }
    st = gr_ggraph_solve(c->arena, (uint32_t)n, mv, m, &s->graph);
    if (st == GR_OK) {
        st = gr_ggraph_sum_value(c->arena, &s->graph, s->start, s->ntokens, &s->sum);
    }
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, moves_ptr, "at most %zu moves are supported",
                             (size_t)GR_GGRAPH_MAX_MOVES);
    }
    if (st != GR_OK) {
        return gr_json_error(c, GR_EINTERNAL, ptr, "game graph solver failed");
    }
    memset(value, 0, sizeof(*value));
    if (s->sum.finite) {
        value->kind = GR_VALUE_FINITE;
        value->n = s->sum.value;
    } else {
        value->kind = GR_VALUE_LOOPY;
        value->k = s->sum.k;
        value->nk = s->sum.nk;
    }
    *state = s;
    return GR_OK;
}

/* {"token", "from", "to"} */
static const gr_move_shape gr_gg_shape = {.num_key = {"token", "from", "to"}};

static void gr_gg_move_rec(const gr_ggraph_move *mv, gr_move *m)
{
    m->num[0] = mv->token;
    m->num[1] = mv->from;
    m->num[2] = mv->to;
}

/* Appends mv to list (there is room: the caller counts). */
static gr_status gr_gg_add(gr_jctx *c, gr_move_list *list, const gr_ggraph_move *mv)
{
    gr_move_value *e = gr_move_list_add(list);
    if (e == NULL) {
        return gr_json_oom(c);
    }
    gr_gg_move_rec(mv, &e->move);
    return GR_OK;
}

/* Moves to sums of value `target` (finite; an infinite target has no
 * moves: a move that leaves an infinite token leaves an infinite sum, and
 * /v1/sum only ever asks for finite targets).  The preferred move first. */
static gr_status gr_gg_moves_json(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                                  gr_move_list *list, uint64_t *count)
{
    (void)count_all; /* counting costs no more than finding one */
    gr_gg_state *s = state;
    *count = 0;
    if (target->kind != GR_VALUE_FINITE) {
        return GR_OK;
    }
    uint64_t want = list->room;
    /* One more than asked, in case the preferred move is among them. */
    size_t room = want < SIZE_MAX / sizeof(gr_ggraph_move) - 1 ? (size_t)want + 1
                                                               : SIZE_MAX / sizeof(gr_ggraph_move);
    gr_ggraph_move *mv = GR_ARENA_ARRAY_UNINIT(c->arena, gr_ggraph_move, room);
    if (mv == NULL) {
        return gr_json_oom(c);
    }
    gr_ggraph_move best;
    uint64_t total;
    gr_status st = gr_ggraph_moves_to(c->arena, &s->graph, &s->sum, s->start, s->ntokens, target->n,
                                      (uint64_t)room, mv, &total, &best);
    if (st != GR_OK) {
        return st == GR_ENOMEM ? gr_json_oom(c)
                               : gr_json_error(c, GR_EINTERNAL, NULL, "game graph moves failed");
    }
    *count = total;
    if (total == 0 || want == 0) {
        return GR_OK;
    }
    if ((st = gr_gg_add(c, list, &best)) != GR_OK) {
        return st;
    }
    uint64_t written = 1;
    uint64_t listed = total < room ? total : room;
    for (uint64_t i = 0; i < listed && written < want; i++) {
        if (mv[i].token == best.token && mv[i].to == best.to) {
            continue;
        }
        if ((st = gr_gg_add(c, list, &mv[i])) != GR_OK) {
            return st;
        }
        written++;
    }
    return GR_OK;
}

/* Every move: token by token, each token's distinct destinations in the
 * order of the edges (as gr_ggraph_moves_to counts them).  The value after
 * a move is the core's value algebra over the tokens with one replaced
 * (gr_value_sum_after: Smith's rule, docs/values.md).  Each move carries the
 * remoteness of the position it reaches: for one token from the graph's
 * own retrograde analysis, for several from the product graph's while it
 * has at most GR_GGRAPH_PRODUCT_STATES states (none beyond: a sum's
 * remoteness is not a function of its tokens').  Distinct
 * destinations are counted once per position (tokens often share one),
 * with a stamp per position, so the count is O(V + E + tokens). */
static gr_status gr_gg_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_gg_state *s = state;
    const gr_ggraph *g = &s->graph;
    gr_status st;
    if (s->ntokens == 1 && (st = gr_gg_remoteness(c, s)) != GR_OK) {
        return st;
    }
    /* several tokens: remoteness over the product graph while it is small */
    uint32_t *product = NULL;
    size_t nstates = 0, base = 0;
    if (s->ntokens > 1) {
        st = gr_ggraph_product_remoteness(c->arena, g, s->ntokens, &product, &nstates);
        if (st == GR_ENOMEM) {
            return gr_json_oom(c);
        }
        if (st != GR_OK && st != GR_ELIMIT) {
            return gr_json_error(c, st, NULL, "stopped computing remoteness");
        }
        if (st == GR_ELIMIT) {
            product = NULL; /* too large: moves carry no remoteness */
        }
        for (size_t t = s->ntokens, scale; product != NULL && t-- > 0;) {
            scale = base * g->positions; /* Horner: sum_t start[t] * n^t */
            base = scale + s->start[t];
        }
    }
    uint32_t *stamp = GR_ARENA_ARRAY(c->arena, uint32_t, (size_t)g->positions + 1);
    uint32_t *distinct = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, (size_t)g->positions + 1);
    uint8_t *counted = GR_ARENA_ARRAY(c->arena, uint8_t, (size_t)g->positions + 1);
    if (stamp == NULL || distinct == NULL || counted == NULL) {
        return gr_json_oom(c);
    }
    /* the tokens' values, so the sum's value after each move is the core's
     * (gr_value_sum_after, Smith's rule) */
    gr_value *tv = GR_ARENA_ARRAY(c->arena, gr_value, s->ntokens);
    gr_value_sum vs;
    if (tv == NULL) {
        return gr_json_oom(c);
    }
    for (size_t t = 0; t < s->ntokens; t++) {
        gr_ggraph_value(g, s->start[t], &tv[t]);
    }
    if ((st = gr_value_sum_of(c->arena, tv, s->ntokens, &vs)) != GR_OK) {
        return gr_json_oom(c);
    }
    uint32_t round = 0;
    for (size_t t = 0; t < s->ntokens; t++) {
        uint32_t u = s->start[t];
        if (counted[u] && list->listed >= list->room) {
            list->count += distinct[u];
            continue;
        }
        round++;
        uint32_t count = 0;
        for (size_t j = g->follow_off[u]; j < g->follow_off[u + 1]; j++) {
            uint32_t v = g->follow[j];
            if (stamp[v] == round) {
                continue;
            }
            stamp[v] = round;
            count++;
            if (list->listed >= list->room) {
                continue;
            }
            gr_move_value *e = gr_move_list_add(list);
            if (e == NULL) {
                continue;
            }
            gr_value a;
            gr_ggraph_value(g, v, &a);
            if ((st = gr_value_sum_after(c->arena, &vs, t, &a, &e->after)) != GR_OK) {
                return gr_json_oom(c);
            }
            gr_ggraph_move mv = {t, u, v};
            gr_gg_move_rec(&mv, &e->move);
            if (s->ntokens == 1 && s->remoteness[v] != GR_GGRAPH_DRAWN) {
                e->remoteness = s->remoteness[v];
            }
            if (product != NULL) {
                size_t scale = 1;
                for (size_t q = 0; q < t; q++) {
                    scale *= g->positions;
                }
                size_t after = base - (size_t)u * scale + (size_t)v * scale;
                if (product[after] != GR_GGRAPH_DRAWN) {
                    e->remoteness = product[after];
                }
            }
        }
        counted[u] = 1;
        distinct[u] = count;
        list->count += count;
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static bool gr_gg_first_wins(const void *state, const gr_value *value)
{
    (void)value;
    const gr_gg_state *s = state;
    return s->sum.outcome == GR_OUTCOME_FIRST;
}

/* "values" and "remoteness", one entry per position, written as raw JSON
 * text: as cJSON nodes they took ~100 bytes a position each (a
 * 3,000,000-position graph went past the request's 512 MiB budget), as
 * text a few bytes.  The bytes are those the printer would write. */
static void put_value_at(gr_buf *b, const gr_gg_state *s, uint32_t u)
{
    gr_value v;
    gr_ggraph_value(&s->graph, u, &v);
    gr_json_buf_value(b, &v);
}

static void put_remoteness_at(gr_buf *b, const gr_gg_state *s, uint32_t u)
{
    if (s->remoteness[u] == GR_GGRAPH_DRAWN) {
        gr_buf_puts(b, "null");
    } else {
        gr_buf_u64(b, s->remoteness[u]);
    }
}

/* [put(0), put(1), ...]: one entry a position, as raw JSON text. */
static cJSON *per_position(gr_jctx *c, const gr_gg_state *s,
                           void (*put)(gr_buf *, const gr_gg_state *, uint32_t))
{
    gr_buf b;
    gr_buf_init(&b, c->arena);
    gr_buf_putc(&b, '[');
    for (uint32_t u = 0; u < s->graph.positions && !b.oom; u++) {
        if (u > 0) {
            gr_buf_putc(&b, ',');
        }
        put(&b, s, u);
    }
    gr_buf_putc(&b, ']');
    return gr_jw_raw_buf(c, &b);
}

static gr_status gr_gg_extras(gr_jctx *c, void *state, cJSON *resp)
{
    gr_gg_state *s = state;
    if (!s->include_values) {
        return GR_OK;
    }
    gr_jw_set(c, resp, "values", per_position(c, s, put_value_at));
    gr_status st = gr_gg_remoteness(c, s);
    if (st != GR_OK) {
        return st;
    }
    gr_jw_set(c, resp, "remoteness", per_position(c, s, put_remoteness_at));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* The answer: the value may be loopy and the winner "draw". */
static gr_status gr_gg_answer(gr_jctx *c, void *state, const gr_value *value,
                              const gr_move_opts *opts, cJSON *r)
{
    gr_gg_state *s = state;
    gr_jw_set(c, r, "grundy", gr_jw_value(c, value));
    gr_jw_set(c, r, "winner", gr_jw_winner(c, s->sum.outcome));
    uint64_t count = 0;
    gr_value zero = {.kind = GR_VALUE_FINITE};
    /* At least one move, for winning_move. */
    gr_move_list list = {.arena = c->arena, .room = opts->all && opts->max > 0 ? opts->max : 1};
    gr_status st = gr_gg_moves_json(c, s, &zero, opts->all, &list, &count);
    if (st != GR_OK) {
        return st;
    }
    gr_json_put_moves(c, r, gr_jw_move_list(c, &gr_gg_shape, &list), count, opts);
    return GR_OK;
}

GR_JSON_FAMILY(gr_family_game_graph, "game_graph", gr_gg, .extras = gr_gg_extras,
               .first_wins = gr_gg_first_wins, .answer = gr_gg_answer);
