/*
 * The bitboard proof search of Domineering's outcome, written once for
 * two board words: domineering_solve.c includes it for one uint64_t (an
 * 8 x 8 frame, cell (r, c) bit 8r + c) and domineering_wide.c for an
 * unsigned __int128 (a 10 x 10 frame, cell (r, c) bit 11r + c, the
 * eleventh column a guard that is never set).  docs/partizan.md
 * "Domineering", outcome search.
 *
 * The search is from Left's side only: Right to move on X is Left to move
 * on X's transposition (a vertical domino becomes a horizontal one), so a
 * position is a set of empty cells with Left to move, and Left wins X iff
 * some vertical domino d leaves T(X - d) lost for Left.  A position is
 * carried with its transposition (x, t): a move takes two cells out of
 * each, so neither word is ever transposed during the search.
 *
 * A position is settled without search when the move counts decide it
 * (bound), or when the table knows it.  The table's key is the position
 * under the four mirrors that keep a domino's orientation, moved to the
 * top left corner, whichever is least (GE_KEY, the includer's): equal
 * keys are one game.  The table is a cache (GE_WAYS entries a bucket; the
 * one that took least work to prove gives way), so losing entries costs time,
 * never correctness.
 *
 * Moves are tried best first, as Obsequi orders them (order): the
 * position a domino leaves is judged by the most disjoint dominoes each
 * player could still place plus its safe ones, ties broken by a fixed
 * preference of place; dominoes touching a safe cell come last, and a
 * safe domino (on cells Right can never cover) is not played while
 * another move exists (Bullock).  The search runs on an explicit stack of
 * GE_DEPTH frames, one per domino the frame holds.
 *
 * The includer defines, before including this file:
 *   GE(name)      the name of the engine's function `name`
 *   GE_W          the board word; GE_ONE its 1
 *   GE_S, GE_N    the row stride in bits and the frame's rows (= columns)
 *   GE_ROWMASK    a row's cells, at bit 0
 *   GE_COL0, GE_COLL  the frame's first and last columns
 *   GE_POP(x), GE_CTZ(x)  population count, lowest set bit (x != 0)
 *   GE_KEY(x)     the table key of x
 *   GE_PAIRS(g, row)  floor(run / 2) summed over the runs of a row
 *   GE_ENTRY, GE_TT(g), GE_HASH(k)  the table's entry, its pointer in g
 *   GE_EKEY(e), GE_EKEY_EQ(e, k)  an entry's key, and whether it is k
 *   GE_EWORK(e), GE_EWINS(e)  its work (0: empty; larger for larger
 *                 proofs) and whether Left wins
 *   GE_ESET(e, k, wins, work)  stores k with its result and its proof's
 *                 nodes (a uint64_t)
 *   GE_WAYS       the entries of a bucket (a power of two)
 *   GE_TT_MAX     the table's entries at most
 *   GE_PV(g)      the preference of place, [2][GE_S * GE_N] bytes in g
 *   GE_MAXMOVES   Left's dominoes in the frame at most
 */

#include <string.h>
#ifdef GE_DEBUG_ROOT /* a diagnostic build: each root move's result and nodes on stderr */
#include <stdio.h>
#endif

#include "core/domineering_search.h"
#include "core/huge_pages.h"

#define GE_DEPTH (GE_N * GE_N / 2 + 1) /* frames: one per domino the frame holds */
#define GE_TT_FIRST (1u << 8)          /* entries of the first table */

/* Cells of x with no empty horizontal neighbour: Right can never cover
 * them (moves only fill cells), so they are Left's alone. */
static inline GE_W GE(left_own)(GE_W x)
{
    GE_W hn = ((x << 1) & ~GE_COL0) | ((x >> 1) & ~GE_COLL);
    return x & ~hn;
}

/* Cells of x with no empty vertical neighbour: Left's own cells of x's
 * transposition, seen in it (the transposition of left_own(T(x))). */
static inline GE_W GE(vert_own)(GE_W x)
{
    return x & ~((x << GE_S) | (x >> GE_S));
}

/* The rows of w, row r at out[r + 2], two empty rows on either side (so
 * that a row's neighbours, and theirs, can be read without a test). */
static inline void GE(row_array)(GE_W w, unsigned out[GE_N + 4])
{
    out[0] = out[1] = out[GE_N + 2] = out[GE_N + 3] = 0;
#pragma GCC unroll 10
    for (unsigned r = 0; r < GE_N; r++) {
        out[r + 2] = (unsigned)((w >> (GE_S * r)) & GE_ROWMASK);
    }
}

/* The pairs of row j's cells with no empty vertical neighbour (row j of
 * vert_own), the rows given as row_array's with j's row at v[0]. */
#define GE_OWN_PAIRS(g, v) GE_PAIRS(g, (v)[0] & ~((v)[-1] | (v)[1]))

/* Left's resources in x (rows xr, as row_array's; tr its transposition's)
 * for the race of bound: *safe dominoes on cells only Left can cover;
 * *blocks, 2 x 2 squares whose rows are sealed left and right (Right's
 * only dominoes there are the square's two rows; a Left domino in one
 * column kills both and leaves the other column Left's alone: two moves
 * for one, unless Right spoils the square first, with one move); *vul,
 * further disjoint Left dominoes, which a Right domino (two cells) can
 * kill at most two of.  All three are on disjoint cells, so playing one
 * never harms another.  Worked on the rows (10-bit words and table
 * lookups) rather than on the board word: a 128-bit word's shifts cost
 * more. */
static void GE(resources)(const gr_dom *g, const unsigned *xr, const unsigned *tr, unsigned *safe,
                          unsigned *blocks, unsigned *vul)
{
    (void)g;
    /* rows' runs of exactly two cells, by their left cell */
    unsigned two[GE_N + 1];
#pragma GCC unroll 10
    for (unsigned r = 0; r < GE_N; r++) {
        unsigned w = xr[r + 2];
        two[r] = w & (w >> 1) & ~(w << 1) & ~(w >> 2);
    }
    two[GE_N] = 0;
    /* disjoint squares, greedily from the top (squares of one column
     * overlap when their rows do; of different columns never: the runs
     * are sealed); their cells, transposed (square (r, c) is (c, r)
     * there), in tc */
    unsigned tc[GE_N + 4] = {0}, prev = 0, b = 0;
    for (unsigned r = 0; r < GE_N - 1; r++) {
        unsigned row = two[r] & two[r + 1] & ~prev;
        prev = row;
        for (; row != 0; row &= row - 1) {
            unsigned c = (unsigned)__builtin_ctz(row);
            tc[c + 2] |= 3u << r;
            tc[c + 3] |= 3u << r;
            b++;
        }
    }
    *blocks = b;
    unsigned sf = 0, v = 0;
#pragma GCC unroll 10
    for (unsigned r = 0; r < GE_N; r++) {
        const unsigned *t = tr + r + 2;
        unsigned town = t[0] & ~(t[-1] | t[1]); /* left_own(x), transposed */
        sf += GE_PAIRS(g, town);
        v += GE_PAIRS(g, t[0] & ~town & ~tc[r + 2]);
    }
    *safe = sf;
    *vul = v;
}

/* One of the race tables: t[first][b][v], the least over Right's play of
 * the moves Left makes from b squares and v vulnerable dominoes
 * (resources), less `spoil` for each square Right spoils, plus `off`;
 * Left to move first (first 1) or Right.  Left plays a square (two moves:
 * this one and the safe one it leaves) or a vulnerable domino; Right
 * spoils a square, or kills two vulnerable dominoes, or plays elsewhere. */
static void GE(race_table)(gr_dom8_race *t, int spoil, int off)
{
    for (unsigned sum = 0; sum <= GR_DOM8_RACE_B + GR_DOM8_RACE_V; sum++) {
        for (unsigned b = 0; b <= GR_DOM8_RACE_B && b <= sum; b++) {
            unsigned v = sum - b;
            if (v > GR_DOM8_RACE_V) {
                continue;
            }
            int best = 0;
            if (b > 0 && 2 + (*t)[0][b - 1][v] - off > best) {
                best = 2 + (*t)[0][b - 1][v] - off;
            }
            if (v > 0 && 1 + (*t)[0][b][v - 1] - off > best) {
                best = 1 + (*t)[0][b][v - 1] - off;
            }
            (*t)[1][b][v] = (uint8_t)(best + off);
            int worst = best; /* Right plays elsewhere */
            if (b > 0 && (*t)[1][b - 1][v] - off - spoil < worst) {
                worst = (*t)[1][b - 1][v] - off - spoil;
            }
            if (v > 0 && (*t)[1][b][v >= 2 ? v - 2 : 0] - off < worst) {
                worst = (*t)[1][b][v >= 2 ? v - 2 : 0] - off;
            }
            (*t)[0][b][v] = (uint8_t)(worst + off);
        }
    }
}

/* Left's counts in x (rows xr; tr its transposition's) for bound, moving
 * first or second: *race, its sure moves less two for each square of
 * Right's it spoils (which *most, the pairs of Right's runs outside those
 * squares, leaves out); *cells, its sure moves plus the cells of Right's
 * it is sure to fill, halved (against *room, the cells Right can ever
 * use, halved).  *safe and *pairs, Left's safe dominoes and Right's
 * disjoint ones, for the packing bound. */
static void GE(counts)(const gr_dom *g, GE_W x, const unsigned *xr, const unsigned *tr,
                       unsigned first, int *race, int *most, int *cells, int *room, int *safe,
                       int *pairs)
{
    unsigned sf, b, v, hp = 0;
    GE(resources)(g, xr, tr, &sf, &b, &v);
#pragma GCC unroll 10
    for (unsigned r = 0; r < GE_N; r++) {
        hp += GE_PAIRS(g, xr[r + 2]);
    }
    *race = (int)sf + (int)g->race[first][b][v] - GR_DOM8_RACE_OFF;
    *most = (int)hp - 2 * (int)b;
    *cells = (int)sf + 2 * (int)g->moves8[first][b][v];
    *room = GE_POP(x & ~GE(left_own)(x)) / 2;
    *safe = (int)sf;
    *pairs = (int)hp;
}

/* A player's board for the packing bound (domineering_bound.c): the rows
 * wr (a row_array's) of a board whose dominoes are horizontal, bit c + 1
 * set for a FILLED cell, every other bit set, two full rows above and
 * three below. */
static void GE(rows)(const unsigned *wr, uint32_t out[GE_N + 5])
{
    out[0] = out[1] = ~0u;
#pragma GCC unroll 10
    for (unsigned r = 0; r < GE_N; r++) {
        out[r + 2] = ~((uint32_t)wr[r + 2] << 1);
    }
    out[GE_N + 2] = out[GE_N + 3] = out[GE_N + 4] = ~0u;
}

/* Settles X (Left to move; t its transposition; xr and tr their rows, as
 * row_array's) by counting: 1 Left wins, 0 Left loses, -1 not settled.
 * docs/partizan.md gives the proofs.
 * Left, moving first, is stuck only with every resource spent, so having
 * made at least its sure moves; Right by then made as many.  Right makes
 * at most the pairs of its runs outside Left's sealed squares plus two in
 * each square it spoils (race against most); and its moves fill only
 * cells it can use, of which Left's non-safe sure moves fill two each
 * (cells against room).  Either count falling short of Left's settles a
 * win.  Left loses when Right's counts, moving second, reach Left's
 * (Right's counts are Left's in the transposed board). */
static int GE(bound)(const gr_dom *g, GE_W x, GE_W t, const unsigned *xr, const unsigned *tr)
{
    int race, most, cells, room, lsafe, xpairs, rsafe, tpairs;
    GE(counts)(g, x, xr, tr, 1, &race, &most, &cells, &room, &lsafe, &xpairs);
    if (race > most || cells > room) {
        return 1;
    }
    GE(counts)(g, t, tr, xr, 0, &race, &most, &cells, &room, &rsafe, &tpairs);
    if (race >= most || cells >= room) {
        return 0;
    }
    /* Bullock's packing (domineering_bound.c): dearer, so last (but before
     * a look in the table, whose cache miss costs more still: asking the
     * table first made 9 x 7 10 % slower) */
    uint32_t lrows[GE_N + 5], rrows[GE_N + 5];
    GE(rows)(tr, lrows); /* Left's dominoes are horizontal in the transposition */
    GE(rows)(xr, rrows);
    return gr_dom_packed_bound(lrows + 1, rrows + 1, GE_N, GE_POP(x), lsafe, tpairs, rsafe, xpairs,
                               g->pack);
}

/* The same from the words alone. */
static int GE(bound_of)(const gr_dom *g, GE_W x, GE_W t)
{
    unsigned xr[GE_N + 4], tr[GE_N + 4];
    GE(row_array)(x, xr);
    GE(row_array)(t, tr);
    return GE(bound)(g, x, t, xr, tr);
}

typedef struct GE(frame) {
    GE_W x, tx;            /* the position (Left to move) and its transposition */
    GE_W key;              /* its table key */
    uint64_t nodes;        /* g->vs.nodes when the frame was pushed: its work */
    uint8_t n, next, side; /* side: who is to move (Left in the frame) */
    unsigned xr[GE_N + 4], tr[GE_N + 4]; /* the rows of x and tx (row_array) */
    uint8_t order[GE_MAXMOVES]; /* Left's dominoes still to try, best first */
} GE(frame);

/* The change a domino makes in one player's counts on its board with its
 * dominoes horizontal (rows in w, as row_array's, the domino's row at
 * w[0], its cells m): that row's pairs, and the pairs of the cells with
 * no empty vertical neighbour in it and the rows beside it (the only ones
 * the domino changes). */
static inline int GE(row_delta)(const gr_dom *g, const unsigned *w, unsigned m)
{
    (void)g;
    unsigned after[5] = {w[-2], w[-1], w[0] & ~m, w[1], w[2]};
    return GE_PAIRS(g, after[2]) - GE_PAIRS(g, w[0]) + GE_OWN_PAIRS(g, after + 1) +
           GE_OWN_PAIRS(g, after + 2) + GE_OWN_PAIRS(g, after + 3) - GE_OWN_PAIRS(g, w - 1) -
           GE_OWN_PAIRS(g, w) - GE_OWN_PAIRS(g, w + 1);
}

/* Left's dominoes in x (tx its transposition), best first, the way
 * Obsequi orders them (Bullock 2002): by the position each leaves, Left's
 * most disjoint dominoes plus its safe ones less Right's two counts, then
 * by a fixed preference of place (place_values); a domino with one of its
 * cells Left's alone (safe) comes after every domino with none, whatever
 * its score.  A domino on two such cells is not played while another move
 * exists. */
static void GE(order)(const gr_dom *g, GE_W x, GE_W tx, unsigned side, GE(frame) *f)
{
    int score[GE_MAXMOVES];
    unsigned n = 0;
    GE_W own = GE(left_own)(x);
    GE_W moves = x & (x >> GE_S), unsafe = moves & ~(own & (own >> GE_S));
    if (unsafe != 0) {
        moves = unsafe;
    }
    GE_W touch = own | (own >> GE_S); /* dominoes with a safe cell, by top cell */
    /* Left's counts read off the transposed board, where its dominoes are
     * horizontal and its safe cells those with no vertical neighbour.  A
     * domino at (r, c) changes Left's counts only in column c (and the
     * safe ones in c - 1 .. c + 1), Right's in rows r, r + 1 (r - 1 ..
     * r + 2): the score is the change there, worked out on the rows alone
     * (a 128-bit word's shifts cost more than the rows' table lookups). */
    unsigned *xr = f->xr, *tr = f->tr;
    GE(row_array)(x, xr);
    GE(row_array)(tx, tr);
    for (GE_W m = moves; m != 0; m &= m - 1) {
        unsigned i = (unsigned)GE_CTZ(m);
        unsigned r = i / GE_S, c = i % GE_S;
        /* Right's rows r and r + 1 each lose cell c: rows r - 2 .. r + 3 */
        const unsigned *w = xr + r + 2;
        unsigned a[6] = {w[-2], w[-1], w[0] & ~(1u << c), w[1] & ~(1u << c), w[2], w[3]};
        int right = GE_PAIRS(g, a[2]) + GE_PAIRS(g, a[3]) - GE_PAIRS(g, w[0]) - GE_PAIRS(g, w[1]);
        for (unsigned j = 1; j <= 4; j++) {
            right += GE_OWN_PAIRS(g, a + j) - GE_OWN_PAIRS(g, w + j - 2);
        }
        int s = GE(row_delta)(g, tr + c + 2, 3u << r) - right;
        s = s * 128 + GE_PV(g)[side][i] - ((touch >> i) & 1 ? 1 << 20 : 0);
        gr_dom_rank(score, f->order, n++, s, i);
    }
    f->n = (uint8_t)n;
    f->next = 0;
}

/* Obsequi's preference of place (positional-values.cc, in our words): on
 * the mover's board seen with its dominoes horizontal (nr rows, nc
 * columns, 1-based, a domino by its left cell), the even rows near the
 * edges first, every other column from the edges in, then the rest,
 * mirrored into the four corners. */
static void GE(place_values)(unsigned nr, unsigned nc, uint8_t v[GE_N + 2][GE_N + 2])
{
    memset(v, 0, (GE_N + 2) * (GE_N + 2));
    static const struct {
        int count;
        unsigned j0, jstep, kstep;
    } pass[5] = {{127, 2, 2, 2}, {90, 2, 2, 1}, {70, 3, 1, 2}, {50, 3, 1, 1}, {30, 1, 1, 1}};
    for (unsigned p = 0; p < 5; p++) {
        int count = pass[p].count;
        for (unsigned j = pass[p].j0; j < (nr + 3) / 2; j += pass[p].jstep) {
            for (unsigned k = 1; k < nc / 2 + 1; k += pass[p].kstep) {
                if (v[j][k] != 0 || nr + 1 < j || nc < k) {
                    continue;
                }
                uint8_t val = (uint8_t)--count;
                v[j][k] = v[nr + 1 - j][k] = v[nr + 1 - j][nc - k] = v[j][nc - k] = val;
            }
        }
    }
}

/* ---- the table ---------------------------------------------------------- */

/* A bucket is GE_WAYS entries side by side (64 bytes on the wide table:
 * one look costs one or two cache lines, the arena aligning to 16 bytes
 * only); an entry's work is 0 when it is empty. */
static inline GE_ENTRY *GE(bucket)(gr_dom *g, GE_W k)
{
    return &GE_TT(g)[GE_HASH(k) & (g->tt8_cap - GE_WAYS)];
}

static bool GE(get)(gr_dom *g, GE_W k, bool *wins)
{
    GE_ENTRY *b = GE(bucket)(g, k);
    for (unsigned j = 0; j < GE_WAYS; j++) {
        if (GE_EWORK(b[j]) != 0 && GE_EKEY_EQ(b[j], k)) {
            g->ot_hits++;
            *wins = GE_EWINS(b[j]);
            return true;
        }
    }
    return false;
}

/* An entry of the old table into the doubled one (gr_dom_table_double):
 * the first empty slot of its bucket, dropped when all are taken. */
static void GE(put_back)(gr_dom *g, const void *entry)
{
    const GE_ENTRY *old = entry;
    if (GE_EWORK(*old) != 0) {
        GE_ENTRY *b = GE(bucket)(g, GE_EKEY(*old));
        for (unsigned j = 0; j < GE_WAYS; j++) {
            if (GE_EWORK(b[j]) == 0) {
                g->tt8_stored++;
                b[j] = *old;
                return;
            }
        }
    }
}

/* Stores k over the same key, else over the entry of the bucket whose
 * proof took least work (an empty one first): the large proofs stay, the
 * newest small one takes the place of the older small ones. */
static void GE(put)(gr_dom *g, GE_W k, bool wins, uint64_t work)
{
    GE_ENTRY *b = GE(bucket)(g, k), *e = &b[0];
    for (unsigned j = 0; j < GE_WAYS; j++) {
        if (GE_EWORK(b[j]) != 0 && GE_EKEY_EQ(b[j], k)) {
            e = &b[j];
            break;
        }
        if (GE_EWORK(b[j]) < GE_EWORK(*e)) {
            e = &b[j];
        }
    }
    if (GE_EWORK(*e) == 0) {
        g->tt8_stored++;
    }
    GE_ESET(*e, k, wins, work);
    if (2 * g->tt8_stored > g->tt8_cap && g->tt8_cap < GE_TT_MAX) {
        gr_dom_table_double(g, &GE_TT(g), &g->tt8_cap, &g->tt8_stored, sizeof(GE_ENTRY),
                            GE(put_back));
    }
}

/* ---- the search ---------------------------------------------------------- */

/* Whether X (Left to move; t its transposition) is known without
 * expanding it. */
static bool GE(settle)(gr_dom *g, GE_W x, GE_W t, bool *wins)
{
    if ((x & (x >> GE_S)) == 0) {
        *wins = false;
        return true;
    }
    int b = GE(bound_of)(g, x, t);
    if (b >= 0) {
        *wins = b == 1;
        return true;
    }
    return GE(get)(g, GE_KEY(x), wins);
}

/* Opens a frame for x (Left to move, not settled; tx its transposition):
 * its dominoes best first.  The children are looked up in the table one
 * at a time, when their turn comes: looking at them all first (an
 * enhanced transposition cutoff) saved 3 % of the nodes and cost 20 % of
 * the time, most children of a won position never being reached. */
static void GE(open)(gr_dom *g, GE_W x, GE_W tx, GE_W key, unsigned side, GE(frame) *f)
{
    GE(order)(g, x, tx, side, f);
    f->side = (uint8_t)side;
    f->x = x;
    f->tx = tx;
    f->key = key;
    f->nodes = g->vs.nodes;
}

/* Whether Left, to move, wins x (tx its transposition). */
static gr_status GE(wins)(gr_dom *g, GE_W x, GE_W tx, unsigned side, bool *wins)
{
    GE(frame) st[GE_DEPTH];
    if (GE(settle)(g, x, tx, wins)) {
        return GR_OK;
    }
    gr_status s;
    if ((s = gr_dom_tick(g)) != GR_OK) {
        return s;
    }
    GE(open)(g, x, tx, GE_KEY(x), side, &st[0]);
    size_t n = 1;
    bool result = false, returned = false;
    while (n > 0) {
        GE(frame) *f = &st[n - 1];
        bool done = false, fwins = false;
        if (returned) {
            returned = false;
            if (!result) { /* that child is lost for Right: f wins */
                done = true;
                fwins = true;
            }
        }
        while (!done) {
            if (f->next == f->n) {
                done = true; /* every domino leaves Right a win */
                break;
            }
            unsigned i = f->order[f->next++];
            /* the position the domino leaves, from Right's side: the
             * transposition moves each cell alone */
            GE_W child = f->tx & ~((GE_W)3 << ((i % GE_S) * GE_S + i / GE_S));
            GE_W tchild = f->x & ~((GE_ONE << i) | (GE_ONE << (i + GE_S)));
            bool cw;
            int b = 0;
            if ((child & (child >> GE_S)) != 0) {
                /* the child's rows from the frame's: the domino takes two
                 * cells of row c of tx, one of rows r and r + 1 of x */
                unsigned r = i / GE_S, c = i % GE_S, cr[GE_N + 4], ctr[GE_N + 4];
                memcpy(cr, f->tr, sizeof(cr));
                memcpy(ctr, f->xr, sizeof(ctr));
                cr[c + 2] &= ~(3u << r);
                ctr[r + 2] &= ~(1u << c);
                ctr[r + 3] &= ~(1u << c);
                b = GE(bound)(g, child, tchild, cr, ctr);
            }
            GE_W ckey = b >= 0 ? 0 : GE_KEY(child);
            if (b >= 0 || GE(get)(g, ckey, &cw)) {
                /* settled by counting, or proved since the frame opened */
                if (b >= 0) {
                    cw = b == 1;
                }
                if (!cw) {
                    done = true;
                    fwins = true;
                }
                continue;
            }
            if ((s = gr_dom_tick(g)) != GR_OK) {
                return s;
            }
            GE(open)(g, child, tchild, ckey, 1u - f->side, &st[n]);
            n++;
            break;
        }
        if (!done) {
            continue;
        }
        GE(put)(g, f->key, fwins, g->vs.nodes - f->nodes);
        n--;
        result = fwins;
        returned = true;
    }
    *wins = result;
    return GR_OK;
}

/* Sets up the table (first entries; GE_TT_MAX when the board has cells
 * to fill it) and the tables of the bounds and the ordering, for a board
 * of rows x cols, once. */
static gr_status GE(init)(gr_dom *g, unsigned rows, unsigned cols, size_t first)
{
    if (GE_TT(g) != NULL) {
        return GR_OK;
    }
    GE_TT(g) = GR_ARENA_ARRAY_UNINIT(g->vs.arena, GE_ENTRY, first);
    g->pack = GR_ARENA_ARRAY_UNINIT(g->vs.arena, gr_dom_packtab, 1);
    if (GE_TT(g) == NULL || g->pack == NULL) {
        return GR_ENOMEM;
    }
    /* the rows of both players' boards are at most max(rows, cols) cells
     * wide (the frame beyond is filled): 3^width of the table's rows */
    gr_dom_pack_table_fill(g->pack, rows > cols ? rows : cols);
    gr_huge_pages(GE_TT(g), first * sizeof(GE_ENTRY));
    memset(GE_TT(g), 0, first * sizeof(GE_ENTRY));
    g->tt8_cap = first;
    GE(race_table)(&g->race, 2, GR_DOM8_RACE_OFF);
    GE(race_table)(&g->moves8, 0, 0);
    for (unsigned sd = 0; sd < 2; sd++) {
        /* the frame with `sd` to move is the board, turned for Right */
        unsigned fr = sd == GR_DOM_LEFT ? rows : cols;
        unsigned fc = sd == GR_DOM_LEFT ? cols : rows;
        uint8_t v[GE_N + 2][GE_N + 2];
        GE(place_values)(fc, fr, v);
        memset(GE_PV(g)[sd], 0, sizeof(GE_PV(g)[sd]));
        for (unsigned r = 0; r < fr; r++) {
            for (unsigned c = 0; c < fc; c++) {
                GE_PV(g)[sd][GE_S * r + c] = v[c + 1][r + 1];
            }
        }
    }
    return GR_OK;
}

/* Whether `side`, moving first, wins x (the board turned to Left's side:
 * for Right, transposed; tx its transposition), and then such a domino,
 * by its top cell in x (*at). */
static gr_status GE(solve_root)(gr_dom *g, GE_W x, GE_W tx, unsigned side, bool *wins,
                                unsigned *at)
{
    /* the root's dominoes one by one, to name the winning one */
    GE(frame) root;
    GE(order)(g, x, tx, side, &root);
    *wins = false;
    for (unsigned j = 0; j < root.n; j++) {
        unsigned i = root.order[j];
        bool cw;
        GE_W child = tx & ~((GE_W)3 << ((i % GE_S) * GE_S + i / GE_S));
        GE_W tchild = x & ~((GE_ONE << i) | (GE_ONE << (i + GE_S)));
        uint64_t n0 = g->vs.nodes;
        gr_status s = GE(wins)(g, child, tchild, 1 - side, &cw);
#ifdef GE_DEBUG_ROOT
        fprintf(stderr, "root %u: (%u,%u) %s nodes %llu\n", j, i / GE_S, i % GE_S,
                s != GR_OK ? "stopped" : cw ? "loses" : "wins",
                (unsigned long long)(g->vs.nodes - n0));
#endif
        (void)n0;
        if (s != GR_OK) {
            return s;
        }
        if (!cw) {
            *wins = true;
            *at = i;
            return GR_OK;
        }
    }
    return GR_OK;
}
