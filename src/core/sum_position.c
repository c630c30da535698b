/*
 * Domineering regions searched as positions inside a sum
 * (include/grundy/sum_position.h).
 *
 * A region is kept as its key (domineering_internal.h): the region cut to
 * its box and turned to the least of its symmetric images, `neg` when
 * that image is the transposition, whose value is the region's negative.
 * So Left's dominoes, vertical on the board, are vertical in the key when
 * neg is false and horizontal when it is true: a move is made in the
 * key's own cells and what is left is keyed again, its flag the parent's
 * flag xor the new key's.  Equal keys get one handle (a table from (bits,
 * width, neg) to the region's index), which makes the sum search's
 * transposition key the sorted region keys.
 *
 * What a move leaves is split into connected regions; each becomes
 *  - an integer when only one player can ever move in it: the dominoes of
 *    one orientation then never cross, so it is -(Right's runs' pairs) or
 *    +(Left's), counted greedily;
 *  - its canonical value when it has at most GR_SUM_POS_SMALL cells, by the
 *    Domineering value search (memoised per key in one gr_dom for the
 *    request), which is cheap at that size and lets the sum search treat it
 *    as any known game (numbers and ups go into its closed-form tag);
 *  - else a position handle.
 * Moves are tried best first by the outcome search's heuristic (the
 * mover's placements less the opponent's after the move, safe placements
 * weighing more), computed once per region and side and kept.
 */
#include "grundy/sum_position.h"

#include <string.h>

#include "core/domineering_internal.h"
#include "core/domineering_search.h"
#include "core/sum_position_internal.h"

/* Cells of a region valued rather than searched: 12 beat 8 and 16 on the
 * sums of bench/sum_positions.py with 24 to 36 cells (2.0 s in all against
 * 2.3 and 4.1, bench/RESULTS.md "Sums with Domineering positions"): a
 * smaller region is valued in well under a millisecond and then costs the
 * search nothing; a larger one's value costs more than its moves. */
#ifndef GR_SUM_POS_SMALL
#define GR_SUM_POS_SMALL 12
#endif

gr_status gr_sum_pos_new(gr_arena *arena, gr_cgt_store *store, const gr_search_opts *opts,
                         gr_sum_pos **out)
{
    gr_sum_pos *p = GR_ARENA_ARRAY(arena, gr_sum_pos, 1);
    uint8_t none = 0;
    if (p == NULL) {
        return GR_ENOMEM;
    }
    p->arena = arena;
    p->store = store;
    p->opts = opts != NULL ? *opts : (gr_search_opts){0};
    gr_status st = gr_dom_create(arena, store, 1, 1, &none, opts, &p->dom);
    *out = p;
    return st;
}

bool gr_sum_pos_valid(const gr_sum_pos *p, gr_cgt h)
{
    return p != NULL && gr_sum_pos_is(h) &&
           (h & GR_SUM_POS_INDEX) < (gr_sum_pos_is_pg(h) ? p->npg : p->nreg);
}

void **gr_sum_pos_search_slot(gr_sum_pos *p)
{
    return &p->search;
}

static int64_t gr_sum_pos_pairs(uint64_t m, unsigned w, unsigned o);
static uint64_t gr_sum_pos_safe(uint64_t m, unsigned w, unsigned o);

/* Whether the key (bits, w) is its own transposition up to the mirrors:
 * the transposed key's least image is then an untransposed one too, which
 * gr_dom_key_of prefers (neg false), where any other region's transposition
 * is keyed as the transposition of its key (neg true). */
static bool gr_sum_pos_selfneg(uint64_t bits, unsigned w)
{
    unsigned h = (unsigned)(63 - __builtin_clzll(bits)) / w + 1;
    uint64_t t = 0;
    for (uint64_t m = bits; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        t |= 1ULL << ((i % w) * h + i / w);
    }
    return !gr_dom_key_of(t, h).neg;
}

static size_t gr_sum_pos_hash(uint64_t bits, unsigned w, unsigned neg)
{
    return gr_dom_mix64(bits ^ gr_dom_mix64(((uint64_t)w << 1) | neg));
}

static uint32_t *gr_sum_pos_slot(gr_sum_pos *p, uint64_t bits, unsigned w, unsigned neg)
{
    for (size_t i = gr_sum_pos_hash(bits, w, neg) & (p->tabcap - 1);; i = (i + 1) & (p->tabcap - 1)) {
        uint32_t *t = &p->tab[i];
        const gr_sum_region *r = *t ? &p->reg[*t - 1] : NULL;
        if (r == NULL || (r->bits == bits && r->w == w && r->neg == neg)) {
            return t;
        }
    }
}

/* The handle of the region key (bits, w) with flag neg, made on first use. */
static gr_status gr_sum_pos_intern(gr_sum_pos *p, uint64_t bits, unsigned w, unsigned neg,
                                   gr_cgt *out)
{
    if (2 * (p->nreg + 1) > p->tabcap) {
        uint32_t *old = p->tab;
        size_t oldcap = p->tabcap;
        p->tabcap = oldcap ? 2 * oldcap : 1024;
        if ((p->tab = GR_ARENA_ARRAY(p->arena, uint32_t, p->tabcap)) == NULL) {
            return GR_ENOMEM;
        }
        for (size_t i = 0; i < p->nreg; i++) {
            const gr_sum_region *r = &p->reg[i];
            *gr_sum_pos_slot(p, r->bits, r->w, r->neg) = (uint32_t)i + 1;
        }
        gr_arena_free(p->arena, old, oldcap * sizeof(uint32_t));
    }
    uint32_t *t = gr_sum_pos_slot(p, bits, w, neg);
    if (*t == 0) {
        if (p->nreg >= GR_SUM_POS_INDEX) {
            return GR_ELIMIT;
        }
        gr_sum_region *reg =
            gr_arena_grow(p->arena, p->reg, &p->regcap, p->nreg + 1, sizeof(gr_sum_region), 256);
        if (reg == NULL) {
            return GR_ENOMEM;
        }
        p->reg = reg;
        gr_sum_region *r = &reg[p->nreg];
        *r = (gr_sum_region){bits, (uint8_t)w, (uint8_t)neg, {0, 0}, {0, 0}, {0, 0},
                             gr_sum_pos_selfneg(bits, w), {NULL, NULL}};
        for (unsigned side = 0; side < 2; side++) {
            unsigned o = side ^ neg; /* Left's dominoes are horizontal in a transposed key */
            r->sure[side] = (uint8_t)gr_sum_pos_pairs(gr_sum_pos_safe(bits, w, o), w, o);
            r->most[side] = (uint8_t)gr_sum_pos_pairs(bits, w, o);
        }
        *t = (uint32_t)++p->nreg;
    }
    *out = GR_SUM_POS_BIT | (*t - 1);
    return GR_OK;
}

/* The placements of orientation o (0 vertical) in m, width w. */
static uint64_t gr_sum_pos_places(uint64_t m, unsigned w, unsigned o)
{
    return o == 0 ? gr_dom_vert(m, w) : gr_dom_horiz(m, w);
}

/* The most dominoes of orientation o that fit in m at once, when they
 * never cross the other orientation's (runs along o, floor(run / 2) each):
 * the lowest start of each run is taken, greedily. */
static int64_t gr_sum_pos_pairs(uint64_t m, unsigned w, unsigned o)
{
    uint64_t starts = gr_sum_pos_places(m, w, o);
    unsigned step = o == 0 ? w : 1;
    int64_t n = 0;
    while (starts != 0) {
        unsigned i = (unsigned)__builtin_ctzll(starts);
        starts &= ~(1ULL << i);
        if (i + step < 64) {
            starts &= ~(1ULL << (i + step));
        }
        n++;
    }
    return n;
}

/* The cells of m the player of orientation o alone can cover: no empty
 * neighbour across o. */
static uint64_t gr_sum_pos_safe(uint64_t m, unsigned w, unsigned o)
{
    uint64_t across = o == 0 ? ((m << 1) & ~gr_dom_first_col(w)) | ((m >> 1) & ~gr_dom_last_col(w))
                             : (w >= 64 ? 0 : (m << w) | (m >> w));
    return m & ~across;
}

/* The order of region r's dominoes of orientation o, best first. */
static gr_status gr_sum_pos_order(gr_sum_pos *p, gr_sum_region *r, unsigned o)
{
    unsigned w = r->w, step = o == 0 ? w : 1;
    uint64_t own = gr_sum_pos_places(r->bits, w, o);
    unsigned n = (unsigned)__builtin_popcountll(own);
    uint8_t *order = gr_arena_alloc(p->arena, n + 1);
    int score[64];
    if (order == NULL) {
        return GR_ENOMEM;
    }
    unsigned k = 0;
    for (uint64_t m = own; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        uint64_t after = r->bits & ~((1ULL << i) | (1ULL << (i + step)));
        int s = __builtin_popcountll(gr_sum_pos_places(after, w, o)) -
                __builtin_popcountll(gr_sum_pos_places(after, w, 1 - o)) +
                4 * __builtin_popcountll(gr_sum_pos_places(gr_sum_pos_safe(after, w, o), w, o)) -
                2 * __builtin_popcountll(
                        gr_sum_pos_places(gr_sum_pos_safe(after, w, 1 - o), w, 1 - o));
        gr_dom_rank(score, order, k++, s, i);
    }
    r->order[o] = order;
    r->nm[o] = (uint8_t)n;
    return GR_OK;
}

/* The regions of bits (width w, the transposed reading when neg) as
 * handles into out[*n ..]. */
static gr_status gr_sum_pos_split(gr_sum_pos *p, uint64_t bits, unsigned w, unsigned neg,
                                  gr_cgt *out, size_t *n)
{
    gr_status st = GR_OK;
    for (uint64_t comp; st == GR_OK && (comp = gr_dom_next_live_region(&bits, w)) != 0;) {
        gr_cgt v;
        if (gr_dom_vert(comp, w) == 0 || gr_dom_horiz(comp, w) == 0) {
            int64_t k = gr_dom_vert(comp, w) == 0 ? -gr_sum_pos_pairs(comp, w, 1)
                                                   : gr_sum_pos_pairs(comp, w, 0);
            st = gr_cgt_integer(p->store, neg ? -k : k, &v);
        } else if (__builtin_popcountll(comp) <= GR_SUM_POS_SMALL) {
            st = gr_dom_board_value(p->dom, comp, w, &v);
            if (st == GR_OK && neg) {
                st = gr_cgt_neg(p->store, v, &v);
            }
        } else {
            gr_dom_key k = gr_dom_key_of(comp, w);
            st = gr_sum_pos_intern(p, k.bits, k.w, neg ^ (unsigned)k.neg, &v);
        }
        out[(*n)++] = v;
    }
    return st;
}

gr_status gr_sum_pos_domineering(gr_sum_pos *p, uint64_t empty, unsigned cols, gr_cgt *out,
                                 size_t *n)
{
    if (cols == 0 || cols > 64) {
        return GR_EINVAL;
    }
    *n = 0;
    return gr_sum_pos_split(p, empty, cols, 0, out, n);
}

gr_status gr_sum_pos_move(gr_sum_pos *p, gr_cgt h, bool left, uint32_t j, gr_cgt *out, size_t *n,
                          bool *has)
{
    *has = false;
    *n = 0;
    if (!gr_sum_pos_valid(p, h)) {
        return GR_EINVAL;
    }
    if (gr_sum_pos_is_pg(h)) {
        return gr_sum_pos_pg_move(p, h, left, j, out, n, has);
    }
    gr_sum_region *r = &p->reg[h & ~GR_SUM_POS_BIT];
    /* Left's dominoes are vertical in the key unless it is transposed */
    unsigned o = left != (r->neg != 0) ? 0 : 1;
    gr_status st;
    if (r->order[o] == NULL && (st = gr_sum_pos_order(p, r, o)) != GR_OK) {
        return st;
    }
    if (j >= r->nm[o]) {
        return GR_OK;
    }
    unsigned i = r->order[o][j], w = r->w, neg = r->neg;
    uint64_t after = r->bits & ~((1ULL << i) | (1ULL << (i + (o == 0 ? w : 1))));
    *has = true;
    return gr_sum_pos_split(p, after, w, neg, out, n); /* r may move: its fields are copied */
}

void gr_sum_pos_bound(const gr_sum_pos *p, const gr_cgt *h, size_t n, int64_t x, bool left,
                      int *res)
{
    /* counts up to 32 a region, 2^31 regions at most: no overflow in 64 bits */
    int64_t sure[2] = {x > 0 ? x : 0, x < 0 ? -x : 0}, most[2] = {sure[0], sure[1]};
    for (size_t i = 0; i < n; i++) {
        if (gr_sum_pos_is_pg(h[i])) {
            *res = -1; /* counting is Domineering's */
            return;
        }
        const gr_sum_region *r = &p->reg[h[i] & ~GR_SUM_POS_BIT];
        for (unsigned side = 0; side < 2; side++) {
            sure[side] += r->sure[side];
            most[side] += r->most[side];
        }
    }
    unsigned m = left ? 0 : 1;
    *res = sure[m] > most[1 - m] ? 1 : sure[1 - m] >= most[m] ? 0 : -1;
}

bool gr_sum_pos_negative(const gr_sum_pos *p, gr_cgt h, gr_cgt *out)
{
    if (gr_sum_pos_is_pg(h)) {
        return gr_sum_pos_pg_negative(p, h, out);
    }
    const gr_sum_region *r = &p->reg[h & ~GR_SUM_POS_BIT];
    if (r->selfneg) {
        *out = h;
        return true;
    }
    uint32_t t = *gr_sum_pos_slot((gr_sum_pos *)p, r->bits, r->w, !r->neg);
    *out = GR_SUM_POS_BIT | (t - 1);
    return t != 0;
}
