/*
 * Domineering's outcome by proof search (gr_dom_outcome).
 *
 * A position is (B, S, side): B the large regions, searched move by move
 * (board coordinates, width cols), S the sum of the values of the small
 * regions (at most GR_DOM_SMALL empty cells each, valued exactly by the
 * value search and memoised), and whose turn it is.  The mover wins iff
 * some move -- a domino in B, or a canonical option of S -- leaves a
 * position the other player loses moving next.  When B is empty the answer
 * is S's outcome class.  Playing in the known part through its canonical
 * options is exact: S equals its canonical form, so the sum B + S has the
 * outcome of B + canonical(S) (equal games are interchangeable in sums).
 *
 * A table caches positions: B keyed as a region (domineering_internal.h;
 * the transposition maps (B, S, Left) to (B', -S, Right)), S by its handle
 * (canonical, so equal values share one).  It is a cache and may drop
 * entries: it grows by doubling to GR_DOM_OT_MAX entries, then overwrites.
 *
 * Moves in B are tried best first by the usual Domineering heuristic: the
 * position a domino leaves is judged by the mover's placements less the
 * opponent's, safe placements (on cells the other player can never cover)
 * weighing more.  The search runs on an explicit stack of frames, at most
 * one per domino on the board plus one per option of S taken.
 */
#include <string.h>

#include "core/domineering_search.h"

#define GR_DOM_SMALL 10          /* empty cells of a region valued exactly */
#define GR_DOM_OT_MAX (1u << 22) /* entries of the outcome table at most */
#define GR_DOM_OT_FIRST (1u << 12)

typedef struct gr_dom_frame {
    uint64_t b;
    gr_cgt s;
    uint8_t side;
    uint8_t nmoves, next; /* the ordered dominoes of B: order[next..nmoves) untried */
    uint8_t order[64];
    size_t sopt; /* the next option of S to try, after the dominoes */
} gr_dom_frame;

/* Whether the mover wins in a position with nothing but S left. */
static gr_status gr_dom_known_win(gr_dom *g, gr_cgt s, unsigned side, bool *wins)
{
    gr_cgt_outcome o;
    gr_status st = gr_cgt_outcome_of(g->vs.store, s, &o);
    if (st == GR_OK) {
        *wins = o == GR_CGT_N || o == (side == GR_DOM_LEFT ? GR_CGT_L : GR_CGT_R);
    }
    return st;
}

/* Splits bits (width cols) into its large regions (*b) and the sum of
 * the small ones' values added to s (*s). */
static gr_status gr_dom_fold(gr_dom *g, uint64_t bits, gr_cgt s, uint64_t *b, gr_cgt *out)
{
    unsigned w = g->cols;
    uint64_t large = 0;
    gr_status st;
    for (uint64_t comp; (comp = gr_dom_next_live_region(&bits, w)) != 0;) {
        if (__builtin_popcountll(comp) > GR_DOM_SMALL) {
            large |= comp;
            continue;
        }
        gr_cgt v;
        if ((st = gr_dom_board_value(g, comp, w, &v)) != GR_OK ||
            (st = gr_cgt_add(g->vs.store, s, v, &s)) != GR_OK) {
            return st;
        }
    }
    *b = large;
    *out = s;
    return GR_OK;
}

/* The most moves `side` can still make in b: dominoes of one orientation
 * lie in runs of empty cells along it, at most floor(run / 2) in each. */
static unsigned gr_dom_run_pairs(uint64_t cells, unsigned w, unsigned step, unsigned rows)
{
    unsigned n = 0;
    if (step == 1) {
        for (unsigned r = 0; r < rows; r++) {
            uint64_t row = (cells >> (r * w)) & (w >= 64 ? ~0ULL : (1ULL << w) - 1);
            while (row != 0) {
                unsigned start = (unsigned)__builtin_ctzll(row);
                uint64_t rest = ~(row >> start);
                unsigned len = rest == 0 ? 64 - start : (unsigned)__builtin_ctzll(rest);
                n += len / 2;
                row = len + start >= 64 ? 0 : row & ~(((1ULL << len) - 1) << start);
            }
        }
        return n;
    }
    for (unsigned c = 0; c < w; c++) {
        unsigned len = 0;
        for (unsigned r = 0; r < rows; r++) {
            if ((cells >> (r * w + c)) & 1) {
                len++;
            } else {
                n += len / 2;
                len = 0;
            }
        }
        n += len / 2;
    }
    return n;
}

/* Bounds that settle a position without search (Bullock's "safe moves" in
 * Obsequi, in their simplest form).  A cell of B with no empty neighbour
 * across the mover's orientation can never be touched by the opponent, so
 * disjoint dominoes on such cells are moves the mover is sure to have; the
 * dominoes the opponent can ever place are at most the pairs in its runs.
 * With S an integer n its moves are exactly n for Left (n > 0) or -n for
 * Right.  The mover wins if its sure moves exceed the opponent's possible
 * ones, and loses if the opponent's sure moves reach its own possible ones.
 * *res: 1 the mover wins, 0 it loses, -1 not settled. */
static void gr_dom_bound(const gr_dom *g, uint64_t b, gr_cgt s, unsigned side, int *res)
{
    gr_dyadic d;
    *res = -1;
    if (!gr_cgt_is_number(g->vs.store, s, &d) || d.exp != 0) {
        return;
    }
    unsigned w = g->cols, rows = g->rows;
    uint64_t fc = gr_dom_first_col(w), lc = gr_dom_last_col(w);
    uint64_t hn = ((b << 1) & ~fc) | ((b >> 1) & ~lc); /* cells with a horizontal neighbour */
    uint64_t vn = w >= 64 ? 0 : (b << w) | (b >> w);
    uint64_t sl = d.num > 0 ? (uint64_t)d.num : 0, sr = d.num < 0 ? (uint64_t)-d.num : 0;
    uint64_t sure[2] = {gr_dom_run_pairs(b & ~hn, w, w, rows) + sl,
                        gr_dom_run_pairs(b & ~vn, w, 1, rows) + sr};
    uint64_t most[2] = {gr_dom_run_pairs(b, w, w, rows) + sl, gr_dom_run_pairs(b, w, 1, rows) + sr};
    unsigned o = 1 - side;
    if (sure[side] > most[o]) {
        *res = 1;
    } else if (sure[o] >= most[side]) {
        *res = 0;
    }
}

static size_t gr_dom_ohash(uint64_t bits, unsigned w, gr_cgt s, unsigned side)
{
    return gr_dom_mix64(bits ^ ((uint64_t)s << 20) ^ ((uint64_t)w << 57) ^ ((uint64_t)side << 63));
}

typedef struct gr_dom_okey {
    uint64_t bits;
    gr_cgt s;
    uint8_t w, side;
} gr_dom_okey;

static gr_status gr_dom_okey_of(gr_dom *g, uint64_t b, gr_cgt s, unsigned side, gr_dom_okey *out)
{
    gr_dom_key k = gr_dom_key_of(b, g->cols);
    if (k.neg) {
        gr_status st = gr_cgt_neg(g->vs.store, s, &s);
        if (st != GR_OK) {
            return st;
        }
        side = 1 - side;
    }
    *out = (gr_dom_okey){k.bits, s, k.w, (uint8_t)side};
    return GR_OK;
}

static gr_dom_oentry *gr_dom_oslot(gr_dom *g, const gr_dom_okey *k)
{
    return &g->ot[gr_dom_ohash(k->bits, k->w, k->s, k->side) & (g->ot_cap - 1)];
}

static bool gr_dom_oget(gr_dom *g, const gr_dom_okey *k, bool *wins)
{
    gr_dom_oentry *e = gr_dom_oslot(g, k);
    if (e->used && e->bits == k->bits && e->rest == k->s && e->w == k->w && e->side == k->side) {
        g->ot_hits++;
        *wins = e->mover_wins;
        return true;
    }
    return false;
}

/* An entry of the old table into the doubled one (gr_dom_table_double). */
static void gr_dom_oput_back(gr_dom *g, const void *entry)
{
    const gr_dom_oentry *old = entry;
    if (old->used) {
        gr_dom_okey ok = {old->bits, old->rest, old->w, old->side};
        gr_dom_oentry *n = gr_dom_oslot(g, &ok);
        g->ot_stored += !n->used;
        *n = *old;
    }
}

static void gr_dom_oset(gr_dom *g, const gr_dom_okey *k, bool wins)
{
    gr_dom_oentry *e = gr_dom_oslot(g, k);
    if (!e->used) {
        g->ot_stored++;
    }
    *e = (gr_dom_oentry){k->bits, k->s, k->w, k->side, 1, wins};
    if (2 * g->ot_stored > g->ot_cap && g->ot_cap < GR_DOM_OT_MAX) {
        gr_dom_table_double(g, &g->ot, &g->ot_cap, &g->ot_stored, sizeof(gr_dom_oentry),
                            gr_dom_oput_back);
    }
}

/* The cells of b that the player of `side` alone can ever cover: no
 * empty neighbour across that player's orientation. */
static uint64_t gr_dom_safe_cells(uint64_t b, unsigned w, unsigned side)
{
    if (side == GR_DOM_LEFT) {
        uint64_t hn = ((b << 1) & ~gr_dom_first_col(w)) | ((b >> 1) & ~gr_dom_last_col(w));
        return b & ~hn;
    }
    return w >= 64 ? b : b & ~((b << w) | (b >> w));
}

/* The placements of `side` in b. */
static uint64_t gr_dom_places(uint64_t b, unsigned w, unsigned side)
{
    return side == GR_DOM_LEFT ? gr_dom_vert(b, w) : gr_dom_horiz(b, w);
}

/* The dominoes of `side` in b, best first (see the top): by the position
 * they leave, the mover's placements less the opponent's, plus four times
 * the mover's safe placements (on cells only it can cover) less twice the
 * opponent's. */
static void gr_dom_order(const gr_dom *g, uint64_t b, unsigned side, gr_dom_frame *f)
{
    unsigned w = g->cols, o = 1 - side;
    uint64_t own = gr_dom_places(b, w, side);
    unsigned step = side == GR_DOM_LEFT ? w : 1;
    int score[64];
    unsigned n = 0;
    for (uint64_t m = own; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        uint64_t after = b & ~((1ULL << i) | (1ULL << (i + step)));
        int s =
            __builtin_popcountll(gr_dom_places(after, w, side)) -
            __builtin_popcountll(gr_dom_places(after, w, o)) +
            4 * __builtin_popcountll(gr_dom_places(gr_dom_safe_cells(after, w, side), w, side)) -
            2 * __builtin_popcountll(gr_dom_places(gr_dom_safe_cells(after, w, o), w, o));
        gr_dom_rank(score, f->order, n++, s, i);
    }
    f->nmoves = (uint8_t)n;
    f->next = 0;
}

typedef struct gr_dom_osearch {
    gr_dom_frame *st;
    size_t n, cap;
} gr_dom_osearch;

static gr_status gr_dom_opush(gr_dom *g, gr_dom_osearch *o, uint64_t b, gr_cgt s, unsigned side)
{
    if (o->n == o->cap) {
        gr_dom_frame *f = gr_arena_grow(g->vs.arena, o->st, &o->cap, o->n + 1, sizeof(*f), 64);
        if (f == NULL) {
            return GR_ENOMEM;
        }
        o->st = f;
    }
    gr_dom_frame *f = &o->st[o->n++];
    f->b = b;
    f->s = s;
    f->side = (uint8_t)side;
    f->sopt = 0;
    gr_dom_order(g, b, side, f);
    return gr_dom_tick(g);
}

/* The next child of frame f: *have false when f has none left. */
static gr_status gr_dom_next_child(gr_dom *g, gr_dom_frame *f, bool *have, uint64_t *b, gr_cgt *s)
{
    if (f->next < f->nmoves) {
        unsigned i = f->order[f->next++];
        unsigned step = f->side == GR_DOM_LEFT ? g->cols : 1;
        uint64_t d = (1ULL << i) | (1ULL << (i + step));
        *have = true;
        return gr_dom_fold(g, f->b & ~d, f->s, b, s);
    }
    const gr_cgt *l, *r;
    size_t nl, nr;
    gr_cgt_options(g->vs.store, f->s, &l, &nl, &r, &nr);
    const gr_cgt *opt = f->side == GR_DOM_LEFT ? l : r;
    size_t n = f->side == GR_DOM_LEFT ? nl : nr;
    if (f->sopt < n) {
        *have = true;
        *b = f->b;
        *s = opt[f->sopt++];
        return GR_OK;
    }
    *have = false;
    return GR_OK;
}

/* Whether the mover's result in (b, s, side) is known without expanding
 * it: nothing left but S, settled by the bounds, or in the table. */
static gr_status gr_dom_settle(gr_dom *g, uint64_t b, gr_cgt s, unsigned side, bool *known,
                               bool *wins)
{
    *known = true;
    if (b == 0) {
        return gr_dom_known_win(g, s, side, wins);
    }
    int settled;
    gr_dom_bound(g, b, s, side, &settled);
    if (settled >= 0) {
        *wins = settled == 1;
        return GR_OK;
    }
    gr_dom_okey k;
    gr_status st = gr_dom_okey_of(g, b, s, side, &k);
    if (st == GR_OK) {
        *known = gr_dom_oget(g, &k, wins);
    }
    return st;
}

/* Whether the mover wins (b, s, side), b's regions all large. */
static gr_status gr_dom_owins(gr_dom *g, gr_dom_osearch *o, uint64_t b, gr_cgt s, unsigned side,
                              bool *wins)
{
    bool known;
    gr_status st = gr_dom_settle(g, b, s, side, &known, wins);
    if (st != GR_OK || known) {
        return st;
    }
    size_t base = o->n;
    if ((st = gr_dom_opush(g, o, b, s, side)) != GR_OK) {
        return st;
    }
    bool result = false; /* the result of the frame just finished */
    bool returned = false;
    while (o->n > base) {
        gr_dom_frame *f = &o->st[o->n - 1];
        bool done = false, fwins = false;
        if (returned) {
            returned = false;
            if (!result) {
                done = true; /* a child the opponent loses */
                fwins = true;
            }
        }
        while (!done) {
            bool have;
            uint64_t cb;
            gr_cgt cs;
            if ((st = gr_dom_next_child(g, f, &have, &cb, &cs)) != GR_OK) {
                return st;
            }
            if (!have) {
                done = true;
                fwins = false;
                break;
            }
            unsigned cside = 1 - f->side;
            bool cw, cknown;
            if ((st = gr_dom_settle(g, cb, cs, cside, &cknown, &cw)) != GR_OK) {
                return st;
            }
            if (!cknown) {
                if ((st = gr_dom_opush(g, o, cb, cs, cside)) != GR_OK) {
                    return st;
                }
                break; /* f may have moved: the stack grew */
            }
            if (!cw) {
                done = true;
                fwins = true;
            }
        }
        if (!done) {
            continue;
        }
        f = &o->st[o->n - 1];
        gr_dom_okey fk;
        if ((st = gr_dom_okey_of(g, f->b, f->s, f->side, &fk)) != GR_OK) {
            return st;
        }
        gr_dom_oset(g, &fk, fwins);
        o->n--;
        result = fwins;
        returned = true;
    }
    *wins = result;
    return GR_OK;
}

gr_status gr_dom_outcome(gr_dom *g, bool *left_wins, gr_dom_move *left_move, bool *right_wins,
                         gr_dom_move *right_move)
{
    gr_status st;
    if (g->rows <= 8 && g->cols <= 8) {
        /* one word of 8 x 8 cells: the bitboard search */
        if ((st = gr_dom_solve8(g, GR_DOM_LEFT, left_wins, left_move)) != GR_OK) {
            return st;
        }
        return gr_dom_solve8(g, GR_DOM_RIGHT, right_wins, right_move);
    }
    if (g->rows <= 10 && g->cols <= 10) {
        /* the 128-bit search's 10 x 10 frame: 9 x 6 in 1.3 s where the
         * search below takes 39 s */
        uint8_t empty[GR_DOM_MAX_CELLS];
        for (unsigned i = 0; i < g->rows * g->cols; i++) {
            empty[i] = (g->empty >> i) & 1;
        }
        return gr_dom_solvew(g, empty, left_wins, left_move, right_wins, right_move);
    }
    if (g->ot == NULL) {
        g->ot = GR_ARENA_ARRAY(g->vs.arena, gr_dom_oentry, GR_DOM_OT_FIRST);
        if (g->ot == NULL) {
            return GR_ENOMEM;
        }
        g->ot_cap = GR_DOM_OT_FIRST;
    }
    gr_dom_osearch o = {NULL, 0, 0};
    unsigned w = g->cols;
    /* a board symmetric about its diagonal is its own transposition, so
     * Right moving first is Left moving first with the board turned:
     * the answer and the move are read off Left's search */
    bool diagonal = g->rows == g->cols;
    for (uint64_t m = g->empty; m != 0 && diagonal; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        diagonal = (g->empty >> ((i % w) * w + i / w)) & 1;
    }
    for (unsigned side = 0; side < 2; side++) {
        if (side == GR_DOM_RIGHT && diagonal) {
            *right_wins = *left_wins;
            *right_move = (gr_dom_move){left_move->c, left_move->r, left_move->after};
            break;
        }
        bool *wins = side == GR_DOM_LEFT ? left_wins : right_wins;
        gr_dom_move *mv = side == GR_DOM_LEFT ? left_move : right_move;
        *wins = false;
        /* the root's moves are the board's own dominoes (a winning move
         * must be one), tried in the heuristic's order */
        gr_dom_frame root;
        gr_dom_order(g, g->empty, side, &root);
        for (unsigned j = 0; j < root.nmoves && !*wins; j++) {
            unsigned i = root.order[j];
            uint64_t d = (1ULL << i) | (1ULL << (i + (side == GR_DOM_LEFT ? w : 1)));
            uint64_t b;
            gr_cgt s;
            bool cw;
            if ((st = gr_dom_fold(g, g->empty & ~d, gr_cgt_zero(g->vs.store), &b, &s)) != GR_OK ||
                (st = gr_dom_owins(g, &o, b, s, 1 - side, &cw)) != GR_OK) {
                return st;
            }
            if (!cw) {
                *wins = true;
                mv->r = i / w;
                mv->c = i % w;
                mv->after = gr_cgt_zero(g->vs.store); /* not valued: no canonical form wanted */
            }
        }
    }
    return GR_OK;
}
