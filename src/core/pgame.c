/*
 * The ruleset engine's values (include/grundy/pgame.h): canonical forms
 * and the impartial variant's Grundy values, by one search.
 *
 * A position's value is the sum of its regions' (the ruleset's split), so
 * only regions are valued and stored, by their normalised bytes.  A
 * region's value is {values after Left's moves | values after Right's
 * moves} made canonical by gr_cgt_make (or, for the impartial variant, the
 * mex of the Grundy values after either player's moves), each option being
 * again a sum of regions.  The search is the one of domineering_value.c on
 * byte strings: the regions still to value are on an explicit stack; the
 * top one is expanded, and when an option needs a region not valued yet,
 * that region is pushed and the top one is left to be expanded again once
 * the pushed ones are done (LIFO: they are, so a region is expanded at most
 * twice).
 */
#include <string.h>

#include "core/pgame_internal.h"
#include "core/search_budget.h"

gr_status gr_pg_emit(gr_pg_sink *sink, const uint8_t *pos, size_t len, const gr_pg_move *move)
{
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    return sink->emit(sink, pos, len, move);
}

_Static_assert(offsetof(gr_pg, vs) == 0, "gr_value_search_new sets up the first member");

gr_status gr_pg_create(gr_arena *arena, gr_cgt_store *store, const gr_pg_rules *rules,
                       const void *ctx, const gr_search_opts *opts, gr_pg **out)
{
    if (rules == NULL || rules->moves == NULL) {
        return GR_EINVAL;
    }
    gr_pg *g = gr_value_search_new(arena, sizeof(gr_pg), store, opts);
    if (g == NULL) {
        return GR_ENOMEM;
    }
    g->rules = rules;
    g->ctx = ctx != NULL ? ctx : rules->ctx;
    *out = g;
    return GR_OK;
}

gr_status gr_pg_tick(gr_pg *g)
{
    return gr_value_search_tick(&g->vs);
}

gr_status gr_pg_normalise(gr_pg *g, const uint8_t *pos, size_t len, size_t *out_len, bool *negated)
{
    *negated = false;
    if (g->rules->normalise == NULL) {
        memcpy(g->norm, pos, len);
        *out_len = len;
        return GR_OK;
    }
    gr_status st = g->rules->normalise(g->ctx, pos, len, g->norm, out_len, negated);
    return st == GR_OK && *out_len > GR_PG_MAX_POS ? GR_EINTERNAL : st;
}

/* ---- the move order ------------------------------------------------------ */

typedef struct gr_pg_count_sink {
    gr_pg_sink sink;
    uint32_t n, most;
} gr_pg_count_sink;

static gr_status gr_pg_count(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                             const gr_pg_move *move)
{
    (void)pos, (void)len, (void)move;
    gr_pg_count_sink *c = (gr_pg_count_sink *)sink;
    return c->n++ < c->most ? GR_OK : GR_ELIMIT; /* past most: enough, stop the moves */
}

gr_status gr_pg_replies(const gr_pg_rules *rules, const void *ctx, const uint8_t *pos, size_t len,
                        gr_pg_side side, uint32_t most, uint32_t *out)
{
    gr_pg_count_sink c = {{gr_pg_count}, 0, most == UINT32_MAX ? UINT32_MAX - 1 : most};
    if (rules->count != NULL) {
        uint32_t n = 0;
        gr_status st = rules->count(ctx, pos, len, side, &n);
        *out = n > c.most ? c.most + 1 : n;
        return st;
    }
    gr_status st = rules->moves(ctx, pos, len, side, &c.sink);
    *out = c.n;
    return st == GR_ELIMIT && c.n > c.most ? GR_OK : st;
}

/* ---- sums of regions --------------------------------------------------- */

typedef struct gr_pg_sum_sink {
    gr_pg_sink sink;
    gr_pg *g;
    gr_pg_mode mode;
    uint32_t acc; /* the sum (a gr_cgt) or the XOR of the regions valued */
    size_t missing;
} gr_pg_sum_sink;

static gr_status gr_pg_sum_region(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                                  const gr_pg_move *move)
{
    (void)move;
    gr_pg_sum_sink *s = (gr_pg_sum_sink *)sink;
    gr_pg *g = s->g;
    gr_pg_table *t = &g->regions[s->mode];
    uint32_t v;
    gr_status st;
    /* a region met before as it stands needs no normal form: the table
     * keeps such regions too, with the value already of their own sign */
    if (!gr_pg_table_get(t, pos, len, &v)) {
        size_t n;
        bool neg;
        if ((st = gr_pg_normalise(g, pos, len, &n, &neg)) != GR_OK) {
            return st;
        }
        if (!gr_pg_table_get(t, g->norm, n, &v)) {
            s->missing++;
            return gr_pg_stack_push(g->vs.arena, &g->todo, g->norm, n);
        }
        if (neg && s->mode == GR_PG_VALUES && (st = gr_cgt_neg(g->vs.store, v, &v)) != GR_OK) {
            return st;
        }
        if ((st = gr_pg_table_put(g->vs.arena, t, pos, len, v)) != GR_OK) {
            return st;
        }
    }
    if (s->missing > 0) {
        return GR_OK;
    }
    if (s->mode == GR_PG_GRUNDY) {
        s->acc ^= v;
        return GR_OK;
    }
    return gr_cgt_add(g->vs.store, s->acc, v, &s->acc);
}

/* The value of pos (a sum of regions) when every region has one; else
 * *missing > 0 and the regions without one are pushed on g->todo. */
static gr_status gr_pg_sum(gr_pg *g, gr_pg_mode mode, const uint8_t *pos, size_t len, uint32_t *out,
                           size_t *missing)
{
    gr_pg_sum_sink s = {{gr_pg_sum_region}, g, mode, 0, 0};
    if (mode == GR_PG_VALUES) {
        s.acc = gr_cgt_zero(g->vs.store);
    }
    gr_status st = g->rules->split != NULL ? g->rules->split(g->ctx, pos, len, &s.sink)
                                           : gr_pg_sum_region(&s.sink, pos, len, NULL);
    *out = s.acc;
    *missing = s.missing;
    return st;
}

/* ---- expanding a region ------------------------------------------------ */

typedef struct gr_pg_opt_sink {
    gr_pg_sink sink;
    gr_pg *g;
    gr_pg_mode mode;
    int side;
    bool pending;
} gr_pg_opt_sink;

static gr_status gr_pg_collect(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                               const gr_pg_move *move)
{
    (void)move;
    gr_pg_opt_sink *s = (gr_pg_opt_sink *)sink;
    gr_pg *g = s->g;
    uint32_t v;
    size_t missing;
    gr_status st = gr_pg_sum(g, s->mode, pos, len, &v, &missing);
    if (st != GR_OK) {
        return st;
    }
    if (missing > 0) {
        s->pending = true;
    }
    if (s->pending) {
        return GR_OK;
    }
    int k = s->side;
    uint32_t *o =
        gr_arena_grow(g->vs.arena, g->opts[k], &g->optcap[k], g->nopts[k] + 1, sizeof(*o), 64);
    if (o == NULL) {
        return GR_ENOMEM;
    }
    g->opts[k] = o;
    o[g->nopts[k]++] = v;
    return GR_OK;
}

/* The least value not among the n values at v (sorts v). */
static uint32_t gr_pg_mex(uint32_t *v, size_t n)
{
    /* insertion sort: the options of one region are few */
    for (size_t i = 1; i < n; i++) {
        uint32_t x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; j--) {
            v[j] = v[j - 1];
        }
        v[j] = x;
    }
    uint32_t m = 0;
    for (size_t i = 0; i < n && v[i] <= m; i++) {
        if (v[i] == m) {
            m++;
        }
    }
    return m;
}

/* Values the region in g->cur (len bytes), or sets *pending after pushing
 * the regions its options need first. */
static gr_status gr_pg_expand(gr_pg *g, gr_pg_mode mode, size_t len, bool *pending)
{
    gr_status st = gr_pg_tick(g);
    if (st != GR_OK) {
        return st;
    }
    gr_pg_opt_sink s = {{gr_pg_collect}, g, mode, 0, false};
    g->nopts[0] = g->nopts[1] = 0;
    for (int side = 0; side < 2; side++) {
        /* the impartial variant gathers both players' options in one list */
        s.side = mode == GR_PG_GRUNDY ? 0 : side;
        st = g->rules->moves(g->ctx, g->cur, len, (gr_pg_side)side, &s.sink);
        if (st != GR_OK) {
            return st;
        }
    }
    *pending = s.pending;
    if (s.pending) {
        return GR_OK;
    }
    uint32_t v;
    if (mode == GR_PG_GRUNDY) {
        v = gr_pg_mex(g->opts[0], g->nopts[0]);
    } else if ((st = gr_cgt_make(g->vs.store, g->opts[0], g->nopts[0], g->opts[1], g->nopts[1],
                                 &v)) != GR_OK) {
        return st;
    }
    return gr_pg_table_put(g->vs.arena, &g->regions[mode], g->cur, len, v);
}

/* Values every region pushed above base, the top first. */
static gr_status gr_pg_drain(gr_pg *g, gr_pg_mode mode, size_t base)
{
    while (g->todo.n > base) {
        size_t len;
        const uint8_t *top = gr_pg_stack_top(&g->todo, &len);
        uint32_t v;
        if (gr_pg_table_get(&g->regions[mode], top, len, &v)) {
            gr_pg_stack_pop(&g->todo);
            continue;
        }
        memcpy(g->cur, top, len);
        bool pending;
        gr_status st = gr_pg_expand(g, mode, len, &pending);
        if (st != GR_OK) {
            gr_pg_stack_cut(&g->todo, base);
            return st;
        }
        if (!pending) {
            /* nothing was pushed: the top is still this region */
            gr_pg_stack_pop(&g->todo);
        }
    }
    return GR_OK;
}

static gr_status gr_pg_value_of(gr_pg *g, gr_pg_mode mode, const uint8_t *pos, size_t len,
                                uint32_t *out)
{
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    for (;;) {
        size_t base = g->todo.n, missing;
        gr_status st = gr_pg_sum(g, mode, pos, len, out, &missing);
        if (st != GR_OK) {
            gr_pg_stack_cut(&g->todo, base);
            return st;
        }
        if (missing == 0) {
            return GR_OK;
        }
        if ((st = gr_pg_drain(g, mode, base)) != GR_OK) {
            return st;
        }
    }
}

gr_status gr_pg_value(gr_pg *g, const uint8_t *pos, size_t len, gr_cgt *out)
{
    return gr_pg_value_of(g, GR_PG_VALUES, pos, len, out);
}

gr_status gr_pg_grundy(gr_pg *g, const uint8_t *pos, size_t len, unsigned *out)
{
    uint32_t v;
    gr_status st = gr_pg_value_of(g, GR_PG_GRUNDY, pos, len, &v);
    *out = v;
    return st;
}

/* ---- every move with the value after it -------------------------------- */

typedef struct gr_pg_list_sink {
    gr_pg_sink sink;
    gr_pg *g;
    gr_pg_stack after; /* the position after each move */
    gr_pg_option *opts;
    size_t n, cap, skip_below; /* a move equal to one of opts[0 .. skip_below) is left out */
} gr_pg_list_sink;

static gr_status gr_pg_list_one(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                                const gr_pg_move *move)
{
    gr_pg_list_sink *s = (gr_pg_list_sink *)sink;
    for (size_t i = 0; i < s->skip_below; i++) {
        if (memcmp(&s->opts[i].move, move, sizeof(*move)) == 0) {
            return GR_OK;
        }
    }
    gr_pg_option *o = gr_arena_grow(s->g->vs.arena, s->opts, &s->cap, s->n + 1, sizeof(*o), 16);
    if (o == NULL) {
        return GR_ENOMEM;
    }
    s->opts = o;
    memset(&o[s->n], 0, sizeof(*o));
    o[s->n++].move = *move;
    return gr_pg_stack_push(s->g->vs.arena, &s->after, pos, len);
}

static gr_status gr_pg_list(gr_pg *g, gr_pg_mode mode, const uint8_t *pos, size_t len, int sides,
                            gr_pg_option **out, size_t *n)
{
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    gr_pg_list_sink s = {{gr_pg_list_one}, g, {0}, NULL, 0, 0, 0};
    gr_status st = GR_OK;
    for (int side = 0; side < 2 && st == GR_OK; side++) {
        if (sides & (1 << side)) {
            s.skip_below = mode == GR_PG_GRUNDY ? s.n : 0;
            st = g->rules->moves(g->ctx, pos, len, (gr_pg_side)side, &s.sink);
        }
    }
    for (size_t i = 0; i < s.n && st == GR_OK; i++) {
        size_t start = i > 0 ? s.after.ends[i - 1] : 0;
        uint32_t v = 0; /* read below even when the value failed (the loop then ends) */
        st = gr_pg_value_of(g, mode, s.after.bytes + start, s.after.ends[i] - start, &v);
        if (mode == GR_PG_GRUNDY) {
            s.opts[i].grundy = v;
        } else {
            s.opts[i].after = v;
        }
    }
    if (s.n == 0 && st == GR_OK) {
        s.opts = GR_ARENA_ARRAY(g->vs.arena, gr_pg_option, 1);
        st = s.opts == NULL ? GR_ENOMEM : GR_OK;
    }
    *out = s.opts;
    *n = s.n;
    return st;
}

gr_status gr_pg_options(gr_pg *g, const uint8_t *pos, size_t len, gr_pg_side side,
                        gr_pg_option **out, size_t *n)
{
    return gr_pg_list(g, GR_PG_VALUES, pos, len, 1 << side, out, n);
}

gr_status gr_pg_grundy_options(gr_pg *g, const uint8_t *pos, size_t len, gr_pg_option **out,
                               size_t *n)
{
    return gr_pg_list(g, GR_PG_GRUNDY, pos, len, 3, out, n);
}

void gr_pg_set_budget(gr_pg *g, uint64_t max_nodes)
{
    gr_search_opts o = {.max_nodes = max_nodes};
    g->vs.max_nodes = gr_search_max_nodes(&o);
}

void gr_pg_stats(const gr_pg *g, gr_search_stats *out)
{
    memset(out, 0, sizeof(*out));
    out->nodes = g->vs.nodes;
    out->tt_stored = g->regions[0].used + g->regions[1].used + g->wins.used;
    out->tt_entries = g->regions[0].cap + g->regions[1].cap + g->wins.cap;
}
