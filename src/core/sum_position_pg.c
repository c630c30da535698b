/*
 * Regions of the ruleset engine (include/grundy/pgame.h) searched as
 * positions inside a sum (include/grundy/sum_position.h): Clobber, Konane,
 * NoGo, Amazons, Toads and Frogs, Toppling Dominoes, Col, Snort -- through
 * the ruleset's own hooks only (moves, split, normalise), so no game's
 * rules are written twice.
 *
 * A region is kept as its normalised bytes (the engine's normalise: the
 * least of the board's symmetries, or of its colour-swapped images, then
 * `negated`) with a sign: the handle (R, neg) stands for -R when neg.  So
 * Left's moves in (R, 1) are R's Right moves, each result negated: a move
 * is made in R's own bytes and what it leaves is split, normalised again,
 * its sign the parent's xor the new normal form's.  One handle per (engine,
 * bytes, sign) makes the sum search's transposition key (its sorted
 * handles) the sorted region keys.
 *
 * What a move leaves is split (the ruleset's split; a ruleset without one
 * is one region) and each region becomes
 *  - its canonical value when the engine's value search finds it within
 *    GR_SUM_POS_PG_SMALL nodes (memoised by the engine: a region valued
 *    once costs a table look-up after), so numbers, ups and small hot
 *    games enter the search's closed-form tag or its store components;
 *  - else a position handle; a region whose sign-twin has a handle is
 *    not tried again (it costs as much).
 * A region's move list is made once per player and kept (mv), so the
 * search's move j is an index.  Nothing is assumed of the game beyond
 * its hooks: no number avoidance, no counting bound (that is
 * Domineering's, sum_position.c).
 */
#include <string.h>

#include "core/sum_position_internal.h"

/* Nodes the value search may spend on one region before the region is
 * played move by move instead (bench/sum_positions.py, bench/RESULTS.md
 * "Sums with ruleset positions"). */
#ifndef GR_SUM_POS_PG_SMALL
#define GR_SUM_POS_PG_SMALL 2048
#endif
/* ... and only a region with at most this many moves (Left's and
 * Right's) is tried at all: a larger one almost never finishes within the
 * budget, and a search node that tried would cost the budget, where the
 * position's own moves cost one node. */
#ifndef GR_SUM_POS_PG_MOVES
#define GR_SUM_POS_PG_MOVES 4
#endif
/* Failed values of an engine after which, when they are half its tries or
 * more, its regions are no longer valued. */
#define GR_SUM_POS_PG_GIVE_UP 32

/* Whether region (pos, len) of e has few enough moves to be valued. */
static gr_status gr_spg_few_moves(const gr_sum_pgeng *e, const uint8_t *pos, size_t len, bool *few)
{
    uint32_t n[2] = {0, 0};
    gr_status st =
        gr_pg_replies(e->rules, e->g->ctx, pos, len, GR_PG_LEFT, GR_SUM_POS_PG_MOVES, &n[0]);
    if (st == GR_OK && n[0] <= GR_SUM_POS_PG_MOVES) {
        st = gr_pg_replies(e->rules, e->g->ctx, pos, len, GR_PG_RIGHT, GR_SUM_POS_PG_MOVES - n[0],
                           &n[1]);
    }
    *few = n[0] + n[1] <= GR_SUM_POS_PG_MOVES;
    return st;
}

/* The engine of (rules, ctx), made on first use (a request has few). */
static gr_status gr_spg_engine(gr_sum_pos *p, const gr_pg_rules *rules, const void *ctx,
                               uint32_t *out)
{
    for (size_t i = 0; i < p->neng; i++) {
        if (p->eng[i].rules == rules && p->eng[i].ctx == ctx) {
            *out = (uint32_t)i;
            return GR_OK;
        }
    }
    gr_sum_pgeng *e = gr_arena_grow(p->arena, p->eng, &p->engcap, p->neng + 1, sizeof(*e), 4);
    if (e == NULL) {
        return GR_ENOMEM;
    }
    p->eng = e;
    e[p->neng] = (gr_sum_pgeng){rules, ctx, NULL, 0, 0};
    gr_status st = gr_pg_create(p->arena, p->store, rules, ctx, &p->opts, &e[p->neng].g);
    if (st != GR_OK) {
        return st;
    }
    *out = (uint32_t)p->neng++;
    return GR_OK;
}

static size_t gr_spg_hash(uint32_t eng, const uint8_t *k, size_t len, unsigned neg)
{
    uint64_t h = gr_pg_hash(k, len) ^ ((uint64_t)eng << 1 | neg) * 0x9e3779b97f4a7c15ULL;
    return (size_t)(h ^ (h >> 29));
}

/* The slot of region (eng, k, neg): the high word a piece of its hash
 * (read before the region, which is far in memory), the low word its
 * index + 1, 0 an empty slot. */
static uint64_t *gr_spg_slot(gr_sum_pos *p, uint32_t eng, const uint8_t *k, size_t len,
                             unsigned neg, uint64_t *tagp)
{
    size_t mask = p->pgtabcap - 1, h = gr_spg_hash(eng, k, len, neg);
    uint64_t tag = (uint64_t)(h >> 32 | 1) << 32;
    *tagp = tag;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        uint64_t *t = &p->pgtab[i];
        if (*t == 0) {
            return t;
        }
        if ((*t & ~0xffffffffULL) != tag) {
            continue;
        }
        const gr_sum_pgreg *r = &p->pg[(uint32_t)*t - 1];
        if (r->eng == eng && r->neg == neg && r->len == len &&
            memcmp(p->bytes + r->off, k, len) == 0) {
            return t;
        }
    }
}

/* The entry of region (eng, k, neg): its index + 1, 0 when it has none. */
static uint32_t gr_spg_entry(const gr_sum_pos *p, uint32_t eng, const uint8_t *k, size_t len,
                             unsigned neg)
{
    uint64_t tag;
    return p->pgtabcap == 0 ? 0 : (uint32_t)*gr_spg_slot((gr_sum_pos *)p, eng, k, len, neg, &tag);
}

/* What entry e (index + 1) stands for in a sum: its value, or its handle. */
static gr_cgt gr_spg_game(const gr_sum_pos *p, uint32_t e)
{
    const gr_sum_pgreg *r = &p->pg[e - 1];
    return r->valued ? r->value : GR_SUM_POS_BIT | GR_SUM_POS_PG_BIT | (e - 1);
}

/* A new entry for region (eng, k, neg): its value v when valued, else a
 * position; *out what it stands for. */
static gr_status gr_spg_intern(gr_sum_pos *p, uint32_t eng, const uint8_t *k, size_t len,
                               unsigned neg, bool valued, gr_cgt v, gr_cgt *out)
{
    if (2 * (p->npg + 1) > p->pgtabcap) {
        uint64_t *old = p->pgtab, tag;
        size_t oldcap = p->pgtabcap;
        p->pgtabcap = oldcap ? 2 * oldcap : 1024;
        if ((p->pgtab = GR_ARENA_ARRAY(p->arena, uint64_t, p->pgtabcap)) == NULL) {
            return GR_ENOMEM;
        }
        for (size_t i = 0; i < p->npg; i++) {
            const gr_sum_pgreg *r = &p->pg[i];
            uint64_t *t = gr_spg_slot(p, r->eng, p->bytes + r->off, r->len, r->neg, &tag);
            *t = tag | ((uint64_t)i + 1);
        }
        gr_arena_free(p->arena, old, oldcap * sizeof(uint64_t));
    }
    if (p->npg >= GR_SUM_POS_INDEX || p->nbytes + len > UINT32_MAX) {
        return GR_ELIMIT;
    }
    gr_sum_pgreg *reg = gr_arena_grow(p->arena, p->pg, &p->pgcap, p->npg + 1, sizeof(*reg), 256);
    if (reg == NULL) {
        return GR_ENOMEM;
    }
    p->pg = reg;
    uint8_t *bytes = gr_arena_grow(p->arena, p->bytes, &p->bytecap, p->nbytes + len, 1, 4096);
    if (bytes == NULL) {
        return GR_ENOMEM;
    }
    p->bytes = bytes;
    memcpy(bytes + p->nbytes, k, len);
    reg[p->npg] =
        (gr_sum_pgreg){eng, (uint32_t)p->nbytes, (uint32_t)len, (uint8_t)neg, valued, v, 0, {0, 0}};
    p->nbytes += len;
    uint32_t e = (uint32_t)++p->npg, twin = valued ? 0 : gr_spg_entry(p, eng, k, len, !neg);
    if (twin != 0 && !reg[twin - 1].valued) {
        reg[twin - 1].twin = e, reg[e - 1].twin = twin; /* G beside -G cancels (cgt_sum.c) */
    }
    uint64_t tag, *t = gr_spg_slot(p, eng, k, len, neg, &tag);
    *t = tag | e;
    *out = gr_spg_game(p, e);
    return GR_OK;
}

/* Region (pos, len) of engine eng, the negative of it when neg, as one
 * handle: its value within the small budget, else a position handle. */
static gr_status gr_spg_region(gr_sum_pos *p, uint32_t eng, const uint8_t *pos, size_t len,
                               unsigned neg, gr_cgt *out)
{
    gr_pg *g = p->eng[eng].g;
    size_t n;
    bool negated;
    gr_status st = gr_pg_normalise(g, pos, len, &n, &negated);
    if (st != GR_OK) {
        return st;
    }
    memcpy(p->key, g->norm, n); /* g->norm is the engine's: the value search reuses it */
    neg ^= negated;
    /* met before, or its sign-twin: as that one was */
    uint32_t e = gr_spg_entry(p, eng, p->key, n, neg), twin;
    if (e != 0) {
        *out = gr_spg_game(p, e);
        return GR_OK;
    }
    if ((twin = gr_spg_entry(p, eng, p->key, n, !neg)) != 0) {
        gr_cgt v = p->pg[twin - 1].value;
        bool valued = p->pg[twin - 1].valued;
        if (valued && (st = gr_cgt_neg(p->store, v, &v)) != GR_OK) {
            return st;
        }
        return gr_spg_intern(p, eng, p->key, n, neg, valued, v, out);
    }
    /* a game whose small regions mostly fail to be valued (Toads and
     * Frogs: few moves, long games) stops trying: each failure costs the
     * whole small budget, where a position's moves cost one node */
    gr_sum_pgeng *en = &p->eng[eng];
    bool few = en->fails < GR_SUM_POS_PG_GIVE_UP || 2 * en->fails <= en->tries;
    if (!few || (st = gr_spg_few_moves(en, p->key, n, &few)) != GR_OK || !few) {
        return st != GR_OK ? st : gr_spg_intern(p, eng, p->key, n, neg, false, 0, out);
    }
    /* the value search within the small budget, and the request's node
     * budget for all such searches together: past it every new region is
     * played as a position (valuing is only a short cut) */
    uint64_t budget = gr_search_max_nodes(&p->opts);
    if (p->value_nodes >= budget) {
        return gr_spg_intern(p, eng, p->key, n, neg, false, 0, out);
    }
    g->vs.nodes = 0;
    g->vs.max_nodes = budget - p->value_nodes < GR_SUM_POS_PG_SMALL ? budget - p->value_nodes
                                                                    : GR_SUM_POS_PG_SMALL;
    gr_cgt v;
    st = gr_pg_value(g, p->key, n, &v);
    en->tries++;
    en->fails += st == GR_ELIMIT;
    p->value_nodes += g->vs.nodes < g->vs.max_nodes ? g->vs.nodes : g->vs.max_nodes;
    if (st == GR_OK) {
        if (neg && (st = gr_cgt_neg(p->store, v, &v)) != GR_OK) {
            return st;
        }
        return gr_spg_intern(p, eng, p->key, n, neg, true, v, out);
    }
    if (st != GR_ELIMIT) {
        return st;
    }
    return gr_spg_intern(p, eng, p->key, n, neg, false, 0, out);
}

typedef struct gr_spg_sink {
    gr_pg_sink sink;
    gr_sum_pos *p;
    gr_pg_stack *into;
    bool record; /* keep the moves' records in p->moves */
} gr_spg_sink;

static gr_status gr_spg_collect(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                                const gr_pg_move *move)
{
    gr_spg_sink *s = (gr_spg_sink *)sink;
    gr_sum_pos *p = s->p;
    if (s->record) {
        gr_pg_move *m =
            gr_arena_grow(p->arena, p->moves, &p->movecap, s->into->n + 1, sizeof(*m), 64);
        if (m == NULL) {
            return GR_ENOMEM;
        }
        p->moves = m;
        m[s->into->n] = move != NULL ? *move : (gr_pg_move){{0}};
    }
    return gr_pg_stack_push(p->arena, s->into, pos, len);
}

/* Appends handle h to p->tmp (*n of them). */
static gr_status gr_spg_put(gr_sum_pos *p, size_t *n, gr_cgt h)
{
    gr_cgt *t = gr_arena_grow(p->arena, p->tmp, &p->tmpcap, *n + 1, sizeof(gr_cgt), 64);
    if (t == NULL) {
        return GR_ENOMEM;
    }
    p->tmp = t;
    t[(*n)++] = h;
    return GR_OK;
}

/* Position (pos, len) of engine eng (negated when neg) as at most
 * GR_SUM_POS_OUT handles into out. */
static gr_status gr_spg_split(gr_sum_pos *p, uint32_t eng, const uint8_t *pos, size_t len,
                              unsigned neg, gr_cgt *out, size_t *n)
{
    const gr_sum_pgeng *e = &p->eng[eng];
    gr_spg_sink s = {{gr_spg_collect}, p, &p->regions, false};
    gr_pg_stack_cut(&p->regions, 0);
    gr_status st = e->rules->split != NULL ? e->rules->split(e->g->ctx, pos, len, &s.sink)
                                           : gr_pg_stack_push(p->arena, &p->regions, pos, len);
    size_t k = 0, positions = 0;
    for (size_t i = 0; st == GR_OK && i < p->regions.n; i++) {
        size_t start = i > 0 ? p->regions.ends[i - 1] : 0;
        gr_cgt h;
        st = gr_spg_region(p, eng, p->regions.bytes + start, p->regions.ends[i] - start, neg, &h);
        if (st == GR_OK && !(!gr_sum_pos_is(h) && h == gr_cgt_zero(p->store))) {
            positions += gr_sum_pos_is(h);
            st = gr_spg_put(p, &k, h);
        }
    }
    if (st != GR_OK) {
        return st;
    }
    /* more than fit: the valued regions added into one */
    bool fold = k > GR_SUM_POS_OUT;
    if (fold && positions + 1 > GR_SUM_POS_OUT) {
        return GR_ELIMIT;
    }
    gr_cgt sum = gr_cgt_zero(p->store);
    *n = 0;
    for (size_t i = 0; i < k && st == GR_OK; i++) {
        if (fold && !gr_sum_pos_is(p->tmp[i])) {
            st = gr_cgt_add(p->store, sum, p->tmp[i], &sum);
        } else {
            out[(*n)++] = p->tmp[i];
        }
    }
    if (st == GR_OK && fold) {
        out[(*n)++] = sum;
    }
    return st;
}

/* Every move of `side` (the engine's) from (pos, len): the positions
 * after them in p->after, their records in p->moves. */
static gr_status gr_spg_list(gr_sum_pos *p, uint32_t eng, const uint8_t *pos, size_t len,
                             gr_pg_side side)
{
    const gr_sum_pgeng *e = &p->eng[eng];
    gr_spg_sink s = {{gr_spg_collect}, p, &p->after, true};
    gr_pg_stack_cut(&p->after, 0);
    return e->rules->moves(e->g->ctx, pos, len, side, &s.sink);
}

gr_status gr_sum_pos_ruleset(gr_sum_pos *p, const gr_pg_rules *rules, const void *ctx,
                             const uint8_t *pos, size_t len, gr_cgt *out, size_t *n)
{
    uint32_t eng;
    *n = 0;
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    gr_status st = gr_spg_engine(p, rules, ctx, &eng);
    if (st != GR_OK) {
        return st;
    }
    memcpy(p->cur, pos, len);
    return gr_spg_split(p, eng, p->cur, len, 0, out, n);
}

gr_status gr_sum_pos_ruleset_moves(gr_sum_pos *p, const gr_pg_rules *rules, const void *ctx,
                                   const uint8_t *pos, size_t len, bool left, gr_pg_move **moves,
                                   gr_cgt **after, size_t **nafter, size_t *n)
{
    uint32_t eng;
    *n = 0;
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    gr_status st = gr_spg_engine(p, rules, ctx, &eng);
    if (st != GR_OK ||
        (st = gr_spg_list(p, eng, pos, len, left ? GR_PG_LEFT : GR_PG_RIGHT)) != GR_OK) {
        return st;
    }
    size_t count = p->after.n;
    *moves = GR_ARENA_ARRAY(p->arena, gr_pg_move, count + 1);
    *after = GR_ARENA_ARRAY(p->arena, gr_cgt, (count + 1) * GR_SUM_POS_OUT);
    *nafter = GR_ARENA_ARRAY(p->arena, size_t, count + 1);
    if (*moves == NULL || *after == NULL || *nafter == NULL) {
        return GR_ENOMEM;
    }
    if (count > 0) {
        memcpy(*moves, p->moves, count * sizeof(gr_pg_move));
    }
    /* p->after is overwritten by no split: copy each position out first */
    for (size_t k = 0; k < count && st == GR_OK; k++) {
        size_t start = k > 0 ? p->after.ends[k - 1] : 0, l = p->after.ends[k] - start;
        memcpy(p->cur, p->after.bytes + start, l);
        st = gr_spg_split(p, eng, p->cur, l, 0, *after + k * GR_SUM_POS_OUT, &(*nafter)[k]);
    }
    *n = count;
    return st;
}

/* The order of the moves of `side` listed in p->after: fewest replies
 * left to the opponent in the region first, the order of the outcome
 * search of one position (pgame_outcome.c, gr_pg_order).  Made once per
 * region and player, as the list is. */
static gr_status gr_spg_order(gr_sum_pos *p, const gr_sum_pgeng *e, gr_pg_side side, uint32_t **out)
{
    size_t count = p->after.n;
    uint32_t *o = GR_ARENA_ARRAY(p->arena, uint32_t, 2 * count + 1), *sc = o + count;
    if (o == NULL) {
        return GR_ENOMEM;
    }
    for (size_t k = 0; k < count; k++) {
        size_t start = k > 0 ? p->after.ends[k - 1] : 0;
        gr_status st =
            gr_pg_replies(e->rules, e->g->ctx, p->after.bytes + start, p->after.ends[k] - start,
                          (gr_pg_side)(1 - side), UINT32_MAX, &sc[k]);
        if (st != GR_OK) {
            return st;
        }
        gr_pg_rank(o, sc, 0, k);
    }
    *out = o;
    return GR_OK;
}

/* Region r's moves for the player (left: Left) listed into p->mv, best
 * first (gr_spg_order). */
static gr_status gr_spg_moves_of(gr_sum_pos *p, uint32_t idx, bool left)
{
    gr_sum_pgreg r = p->pg[idx]; /* p->pg may move while its moves are made */
    memcpy(p->cur, p->bytes + r.off, r.len);
    gr_pg_side side = left != (r.neg != 0) ? GR_PG_LEFT : GR_PG_RIGHT;
    uint32_t *order;
    gr_status st = gr_spg_list(p, r.eng, p->cur, r.len, side);
    if (st != GR_OK || (st = gr_spg_order(p, &p->eng[r.eng], side, &order)) != GR_OK) {
        return st;
    }
    size_t count = p->after.n, head = p->nmv;
    /* the count and the moves' starts first, each move's handles after */
    uint32_t *mv =
        gr_arena_grow(p->arena, p->mv, &p->mvcap, head + 1 + count, sizeof(uint32_t), 1024);
    if (mv == NULL) {
        return GR_ENOMEM;
    }
    p->mv = mv;
    mv[head] = (uint32_t)count;
    p->nmv = head + 1 + count;
    gr_cgt out[GR_SUM_POS_OUT];
    for (size_t k = 0; k < count; k++) {
        size_t a = order[k], start = a > 0 ? p->after.ends[a - 1] : 0, l = p->after.ends[a] - start,
               m;
        memcpy(p->cur, p->after.bytes + start, l);
        if ((st = gr_spg_split(p, r.eng, p->cur, l, r.neg, out, &m)) != GR_OK) {
            return st;
        }
        if (p->nmv + 1 + m > UINT32_MAX) {
            return GR_ELIMIT;
        }
        if ((mv = gr_arena_grow(p->arena, p->mv, &p->mvcap, p->nmv + 1 + m, sizeof(uint32_t),
                                1024)) == NULL) {
            return GR_ENOMEM;
        }
        p->mv = mv;
        mv[head + 1 + k] = (uint32_t)p->nmv;
        mv[p->nmv++] = (uint32_t)m;
        memcpy(mv + p->nmv, out, m * sizeof(gr_cgt));
        p->nmv += m;
    }
    p->pg[idx].list[left ? 0 : 1] = (uint32_t)head + 1;
    return GR_OK;
}

gr_status gr_sum_pos_pg_move(gr_sum_pos *p, gr_cgt h, bool left, uint32_t j, gr_cgt *out, size_t *n,
                             bool *has)
{
    uint32_t idx = h & GR_SUM_POS_INDEX;
    gr_status st;
    if (p->pg[idx].list[left ? 0 : 1] == 0 && (st = gr_spg_moves_of(p, idx, left)) != GR_OK) {
        return st;
    }
    const uint32_t *list = p->mv + p->pg[idx].list[left ? 0 : 1] - 1;
    if (j >= list[0]) {
        return GR_OK;
    }
    const uint32_t *mv = p->mv + list[1 + j];
    *n = mv[0];
    memcpy(out, mv + 1, *n * sizeof(gr_cgt));
    *has = true;
    return GR_OK;
}

bool gr_sum_pos_pg_negative(const gr_sum_pos *p, gr_cgt h, gr_cgt *out)
{
    uint32_t twin = p->pg[h & GR_SUM_POS_INDEX].twin;
    *out = twin != 0 ? gr_spg_game(p, twin) : h;
    return twin != 0;
}
