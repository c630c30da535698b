/*
 * Domineering's outcome on boards of at most 8 x 8 by a bitboard proof
 * search (gr_dom_solve8), after Bullock's Obsequi (2002); docs/partizan.md
 * "Domineering", outcome search, "Boards up to 8×8" (the bounds proved).
 *
 * The board is one word, cell (r, c) bit 8r + c, whatever its size (the
 * cells outside it are filled).  The search is from Left's side only:
 * Right to move on X is Left to move on X's transposition (a vertical
 * domino becomes a horizontal one), so a position is a set of empty cells
 * with Left to move, and Left wins X iff some vertical domino d leaves
 * T(X - d) lost for Left.
 *
 * A position is settled without search when the move counts decide it
 * (gr_dom8_bound), or when the table knows it.  The table's key is the
 * position under the four mirrors that keep a domino's orientation, moved
 * to the top left corner, whichever is least: equal keys are one game.
 * The table is a cache (two entries a bucket; the one that took less work
 * to prove gives way), so losing entries costs time, never correctness.
 *
 * Moves are tried best first, as Obsequi orders them (gr_dom8_order): the
 * position a domino leaves is judged by the most disjoint dominoes each
 * player could still place plus its safe ones, ties broken by a fixed
 * preference of place; dominoes touching a safe cell come last, and a
 * safe domino (on cells Right can never cover) is not played while
 * another move exists (Bullock).  The search runs on an explicit stack of at most
 * 33 frames, one per domino on the board.
 */

#include <string.h>

#include "core/domineering_search.h"
#include "core/huge_pages.h"

#define GR_DOM8_TT_FIRST (1u << 8) /* entries of the first table */
#define GR_DOM8_TT_MAX (1u << 21)  /* and at most (16 bytes each): the fastest on 8 x 8 */
#define GR_DOM8_DEPTH 33           /* frames: 32 dominoes fill 64 cells */

/* A population count in a few instructions whatever the target (the
 * compiler's builtin is a library call without -mpopcnt). */
static inline int gr_dom8_pop(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static const uint64_t gr_dom8_col0 = 0x0101010101010101ULL;
static const uint64_t gr_dom8_col7 = 0x8080808080808080ULL;

static uint64_t gr_dom8_transpose(uint64_t x)
{
    /* the flip about the main diagonal in three delta swaps */
    uint64_t t;
    t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

/* Each row's cells in reverse order (the mirror across the middle column
 * of the 8 x 8 frame). */
static uint64_t gr_dom8_hflip(uint64_t x)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

/* The least of x's four orientation-keeping mirrors, each moved up and
 * left until it touches row 0 and column 0.  The shifts
 * come from x's first and last rows and columns: a mirror's first row is
 * x's last, mirrored.  Moving right by the least column never carries a
 * bit into the row below: every row's cells sit at or right of it. */
static uint64_t gr_dom8_key(uint64_t x)
{
    if (x == 0) {
        return 0;
    }
    uint64_t cols = x | (x >> 32);
    cols |= cols >> 16;
    cols |= cols >> 8;
    cols &= 0xFF;
    unsigned r0 = (unsigned)__builtin_ctzll(x) & ~7u,
             r1 = 56 - ((63 - (unsigned)__builtin_clzll(x)) & ~7u);
    unsigned c0 = (unsigned)__builtin_ctzll(cols),
             c1 = 7 - (31 - (unsigned)__builtin_clz((unsigned)cols));
    uint64_t h = gr_dom8_hflip(x);
    uint64_t k = x >> (r0 + c0), c;
    if ((c = __builtin_bswap64(x) >> (r1 + c0)) < k) {
        k = c;
    }
    if ((c = h >> (r0 + c1)) < k) {
        k = c;
    }
    if ((c = __builtin_bswap64(h) >> (r1 + c1)) < k) {
        k = c;
    }
    return k;
}

/* Left's (vertical) placements: the top cell of each. */
static inline uint64_t gr_dom8_vert(uint64_t x)
{
    return x & (x >> 8);
}

/* Right's (horizontal) placements: the left cell of each. */
static inline uint64_t gr_dom8_horiz(uint64_t x)
{
    return x & (x >> 1) & ~gr_dom8_col7;
}

/* floor(run / 2) summed over the runs of set bits of a byte: the most
 * dominoes that fit at once in one row of 8 cells. */
static const uint8_t gr_dom8_row_pairs[256] = {
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2,
    1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 1, 1, 1, 2, 1, 1, 2, 2, 2, 2, 2, 3, 2, 2, 3, 3,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 1, 2, 1, 1, 2, 2,
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3,
    1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 1, 1, 1, 2, 1, 1, 2, 2, 2, 2, 2, 3, 2, 2, 3, 3,
    1, 1, 1, 2, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 3, 2, 2, 2, 3, 2, 2, 3, 3, 2, 2, 2, 3, 3, 3, 3, 4,
};

/* The most horizontal dominoes that fit in x at once: each row by the
 * table. */
static inline unsigned gr_dom8_hpairs(uint64_t x)
{
    unsigned n = 0;
    for (unsigned r = 0; r < 64; r += 8) {
        n += gr_dom8_row_pairs[(x >> r) & 0xFF];
    }
    return n;
}

/* The most vertical dominoes that fit in x at once: the horizontal ones
 * of the transposed board. */
static unsigned gr_dom8_vpairs(uint64_t x)
{
    return gr_dom8_hpairs(gr_dom8_transpose(x));
}

/* Cells of x with no empty horizontal neighbour: Right can never cover
 * them (moves only fill cells), so they are Left's alone. */
static inline uint64_t gr_dom8_left_own(uint64_t x)
{
    uint64_t hn = ((x << 1) & ~gr_dom8_col0) | ((x >> 1) & ~gr_dom8_col7);
    return x & ~hn;
}

/* Left's resources in x for the race of gr_dom8_bound: *safe dominoes on
 * cells only Left can cover; *blocks, 2 x 2 squares whose rows are sealed
 * left and right (Right's only dominoes there are the square's two rows;
 * a Left domino in one column kills both and leaves the other column
 * Left's alone: two moves for one, unless Right spoils the square first,
 * with one move); *vul, further disjoint Left dominoes, which a Right
 * domino (two cells) can kill at most two of.  All three are on disjoint
 * cells, so playing one never harms another. */
static void gr_dom8_resources(uint64_t x, unsigned *safe, unsigned *blocks, unsigned *vul)
{
    uint64_t own = gr_dom8_left_own(x);
    *safe = gr_dom8_vpairs(own);
    /* rows' runs of exactly two cells, by their left cell */
    uint64_t pair = x & (x >> 1) & ~gr_dom8_col7;
    uint64_t left_open = (x << 1) & ~gr_dom8_col0;
    uint64_t right_open = (x >> 2) & ~(gr_dom8_col7 | (gr_dom8_col7 >> 1));
    uint64_t two = pair & ~left_open & ~right_open;
    uint64_t tops = two & (two >> 8);
    /* disjoint squares, greedily from the top (squares of one column
     * overlap when their rows do; of different columns never: the runs
     * are sealed) */
    uint64_t chosen = 0, prev = 0;
    for (unsigned r = 0; r < 7 && tops != 0; r++) {
        uint64_t row = tops & (0xFFULL << (8 * r));
        row &= ~(prev << 8);
        chosen |= row;
        prev = row;
    }
    *blocks = (unsigned)gr_dom8_pop(chosen);
    uint64_t cells = chosen | (chosen << 1) | (chosen << 8) | (chosen << 9);
    *vul = gr_dom8_vpairs(x & ~own & ~cells);
}

/* One of the race tables: t[first][b][v], the least over Right's play of
 * the moves Left makes from b squares and v vulnerable dominoes
 * (gr_dom8_resources), less `spoil` for each square Right spoils, plus
 * `off`; Left to move first (first 1) or Right.  Left plays a square (two
 * moves: this one and the safe one it leaves) or a vulnerable domino;
 * Right spoils a square, or kills two vulnerable dominoes, or plays
 * elsewhere. */
static void gr_dom8_race_table(gr_dom8_race *t, int spoil, int off)
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

/* Left's counts in x for gr_dom8_bound, moving first or second: *race,
 * its sure moves less two for each square of Right's it spoils (which
 * *most, the pairs of Right's runs outside those squares, leaves out);
 * *cells, its sure moves plus the cells of Right's it is sure to fill,
 * halved (against *room, the cells Right can ever use, halved). */
static void gr_dom8_counts(const gr_dom *g, uint64_t x, uint64_t t, unsigned first, int *race,
                           int *most, int *cells, int *room)
{
    unsigned safe, b, v;
    gr_dom8_resources(x, &safe, &b, &v);
    *race = (int)safe + (int)g->race[first][b][v] - GR_DOM8_RACE_OFF;
    *most = (int)gr_dom8_vpairs(t) - 2 * (int)b;
    *cells = (int)safe + 2 * (int)g->moves8[first][b][v];
    *room = gr_dom8_pop(x & ~gr_dom8_left_own(x)) / 2;
}

/* Settles X (Left to move) by counting: 1 Left wins, 0 Left loses, -1 not
 * settled.  docs/partizan.md gives the proofs.  Left, moving first, is
 * stuck only with every resource spent, so having made at least its sure
 * moves; Right by then made as many.  Right makes at most the pairs of its
 * runs outside Left's sealed squares plus two in each square it spoils
 * (race against most); and its moves fill only cells it can use, of which
 * Left's non-safe sure moves fill two each (cells against room).  Either
 * count falling short of Left's settles a win.  Left loses when Right's
 * counts, moving second, reach Left's (Right's counts are Left's in the
 * transposed board). */
static int gr_dom8_bound(const gr_dom *g, uint64_t x)
{
    uint64_t t = gr_dom8_transpose(x);
    int race, most, cells, room;
    gr_dom8_counts(g, x, t, 1, &race, &most, &cells, &room);
    if (race > most || cells > room) {
        return 1;
    }
    gr_dom8_counts(g, t, x, 0, &race, &most, &cells, &room);
    if (race >= most || cells >= room) {
        return 0;
    }
    /* Bullock's packing (domineering_bound.c): dearer, so last */
    uint64_t lown = t & ~((t << 8) | (t >> 8)), rown = x & ~((x << 8) | (x >> 8));
    return gr_dom8_packed_bound(x, t, (int)gr_dom8_hpairs(lown), (int)gr_dom8_hpairs(t),
                                (int)gr_dom8_hpairs(rown), (int)gr_dom8_hpairs(x));
}

typedef struct gr_dom8_frame {
    uint64_t tx;           /* the position (Left to move), transposed */
    uint64_t key;          /* its table key */
    uint64_t nodes;        /* g->vs.nodes when the frame was pushed: its work */
    uint8_t n, next, side; /* side: who is to move (Left in the frame) */
    uint8_t order[56];     /* Left's dominoes still to try, best first */
} gr_dom8_frame;

/* Left's dominoes in x, best first, the way Obsequi orders them (Bullock
 * 2002): by the position each leaves, Left's most disjoint dominoes plus
 * its safe ones less Right's two counts, then by a fixed preference of
 * place (gr_dom8_place_values); a domino with one of its cells Left's
 * alone (safe) comes after every domino with none, whatever its score.
 * A domino on two such cells is not played while another move exists. */
/* The pair counts of the rows lo .. hi of x (clipped to the frame). */
static inline int gr_dom8_rows_pairs(uint64_t x, int lo, int hi)
{
    int n = 0;
    for (int r = lo < 0 ? 0 : lo; r <= hi && r < 8; r++) {
        n += gr_dom8_row_pairs[(x >> (8 * r)) & 0xFF];
    }
    return n;
}

static void gr_dom8_order(const gr_dom *g, uint64_t x, unsigned side, gr_dom8_frame *f)
{
    int score[56];
    unsigned n = 0;
    uint64_t own = gr_dom8_left_own(x);
    uint64_t moves = gr_dom8_vert(x), unsafe = moves & ~gr_dom8_vert(own);
    if (unsafe != 0) {
        moves = unsafe;
    }
    uint64_t touch = own | (own >> 8); /* dominoes with a safe cell, by top cell */
    /* Left's counts read off the transposed board, where its dominoes are
     * horizontal and its safe cells those with no vertical neighbour.  A
     * domino at (r, c) changes Left's counts only in column c (and the
     * safe ones in c - 1 .. c + 1), Right's in rows r, r + 1 (r - 1 ..
     * r + 2): the score is the change there. */
    uint64_t tx = gr_dom8_transpose(x);
    uint64_t rown0 = x & ~((x << 8) | (x >> 8)), lown0 = tx & ~((tx << 8) | (tx >> 8));
    for (uint64_t m = moves; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        int r = (int)(i >> 3), c = (int)(i & 7);
        uint64_t a = x & ~((1ULL << i) | (1ULL << (i + 8)));
        uint64_t ta = tx & ~(3ULL << (8 * c + r)); /* the domino transposed */
        uint64_t rown = a & ~((a << 8) | (a >> 8)), lown = ta & ~((ta << 8) | (ta >> 8));
        int s = gr_dom8_rows_pairs(ta, c, c) - gr_dom8_rows_pairs(tx, c, c) +
                gr_dom8_rows_pairs(lown, c - 1, c + 1) - gr_dom8_rows_pairs(lown0, c - 1, c + 1) -
                gr_dom8_rows_pairs(a, r, r + 1) + gr_dom8_rows_pairs(x, r, r + 1) -
                gr_dom8_rows_pairs(rown, r - 1, r + 2) + gr_dom8_rows_pairs(rown0, r - 1, r + 2);
        s = s * 128 + g->pv8[side][i] - ((touch >> i) & 1 ? 1 << 20 : 0);
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
static void gr_dom8_place_values(unsigned nr, unsigned nc, uint8_t v[10][10])
{
    memset(v, 0, 100);
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

/* The position Left's domino at i leaves, from Right's side, from the
 * position transposed (tx): the transposition moves each cell alone. */
static inline uint64_t gr_dom8_child(uint64_t tx, unsigned i)
{
    return tx & ~(3ULL << ((i & 7) * 8 + (i >> 3)));
}

/* ---- the table ---------------------------------------------------------- */

static size_t gr_dom8_hash(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xFF51AFD7ED558CCDULL;
    k ^= k >> 33;
    k *= 0xC4CEB9FE1A85EC53ULL;
    return (size_t)(k ^ (k >> 33));
}

static bool gr_dom8_get(gr_dom *g, uint64_t k, bool *wins)
{
    gr_dom8_entry *b = &g->tt8[gr_dom8_hash(k) & (g->tt8_cap - 2)];
    for (unsigned j = 0; j < 2; j++) {
        if (b[j].work != 0 && b[j].key == k) {
            g->ot_hits++;
            *wins = b[j].wins;
            return true;
        }
    }
    return false;
}

/* An entry of the old table into the doubled one (gr_dom_table_double):
 * the first empty slot of its bucket, dropped when both are taken. */
static void gr_dom8_put_back(gr_dom *g, const void *entry)
{
    const gr_dom8_entry *old = entry;
    if (old->work != 0) {
        gr_dom8_entry *b = &g->tt8[gr_dom8_hash(old->key) & (g->tt8_cap - 2)];
        gr_dom8_entry *e = b[0].work == 0 ? &b[0] : &b[1];
        if (e->work == 0) {
            g->tt8_stored++;
            *e = *old;
        }
    }
}

static void gr_dom8_put(gr_dom *g, uint64_t k, bool wins, uint64_t work)
{
    gr_dom8_entry *b = &g->tt8[gr_dom8_hash(k) & (g->tt8_cap - 2)];
    uint32_t w = work >= UINT32_MAX ? UINT32_MAX : (uint32_t)(work + 1);
    gr_dom8_entry *e = b[0].work <= b[1].work ? &b[0] : &b[1];
    if (e->work == 0) {
        g->tt8_stored++;
    }
    *e = (gr_dom8_entry){k, w, wins};
    if (2 * g->tt8_stored > g->tt8_cap && g->tt8_cap < GR_DOM8_TT_MAX) {
        gr_dom_table_double(g, &g->tt8, &g->tt8_cap, &g->tt8_stored, sizeof(gr_dom8_entry),
                            gr_dom8_put_back);
    }
}

/* ---- the search ---------------------------------------------------------- */

/* Whether X (Left to move) is known without expanding it. */
static bool gr_dom8_settle(gr_dom *g, uint64_t x, bool *wins)
{
    if (gr_dom8_vert(x) == 0) {
        *wins = false;
        return true;
    }
    int b = gr_dom8_bound(g, x);
    if (b >= 0) {
        *wins = b == 1;
        return true;
    }
    return gr_dom8_get(g, gr_dom8_key(x), wins);
}

/* Opens a frame for x (Left to move, not settled): its dominoes best
 * first.  The children are looked up in the table one at a time, when
 * their turn comes: looking at them all first (an enhanced transposition
 * cutoff) saved 3 % of the nodes and cost 20 % of the time, most children
 * of a won position never being reached. */
static void gr_dom8_open(gr_dom *g, uint64_t x, uint64_t key, unsigned side, gr_dom8_frame *f)
{
    gr_dom8_order(g, x, side, f);
    f->side = (uint8_t)side;
    f->tx = gr_dom8_transpose(x);
    f->key = key;
    f->nodes = g->vs.nodes;
}

/* Whether Left, to move, wins x. */
static gr_status gr_dom8_wins(gr_dom *g, uint64_t x, unsigned side, bool *wins)
{
    gr_dom8_frame st[GR_DOM8_DEPTH];
    if (gr_dom8_settle(g, x, wins)) {
        return GR_OK;
    }
    gr_status s;
    if ((s = gr_dom_tick(g)) != GR_OK) {
        return s;
    }
    gr_dom8_open(g, x, gr_dom8_key(x), side, &st[0]);
    size_t n = 1;
    bool result = false, returned = false;
    while (n > 0) {
        gr_dom8_frame *f = &st[n - 1];
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
            unsigned j = f->next++;
            uint64_t child = gr_dom8_child(f->tx, f->order[j]);
            bool cw;
            int b = gr_dom8_vert(child) == 0 ? 0 : gr_dom8_bound(g, child);
            uint64_t ckey = b >= 0 ? 0 : gr_dom8_key(child);
            if (b >= 0 || gr_dom8_get(g, ckey, &cw)) {
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
            gr_dom8_open(g, child, ckey, 1u - f->side, &st[n]);
            n++;
            break;
        }
        if (!done) {
            continue;
        }
        gr_dom8_put(g, f->key, fwins, g->vs.nodes - f->nodes);
        n--;
        result = fwins;
        returned = true;
    }
    *wins = result;
    return GR_OK;
}

gr_status gr_dom_solve8(gr_dom *g, unsigned side, bool *wins, gr_dom_move *mv)
{
    if (g->tt8 == NULL) {
        /* a board of 48 empty cells or more fills the largest table: it
         * starts there rather than doubling its way up (each doubling
         * touches every entry again) */
        size_t first = __builtin_popcountll(g->empty) >= 48 ? GR_DOM8_TT_MAX : GR_DOM8_TT_FIRST;
        g->tt8 = GR_ARENA_ARRAY_UNINIT(g->vs.arena, gr_dom8_entry, first);
        if (g->tt8 == NULL) {
            return GR_ENOMEM;
        }
        gr_huge_pages(g->tt8, first * sizeof(gr_dom8_entry));
        memset(g->tt8, 0, first * sizeof(gr_dom8_entry));
        g->tt8_cap = first;
        gr_dom8_race_table(&g->race, 2, GR_DOM8_RACE_OFF);
        gr_dom8_race_table(&g->moves8, 0, 0);
        for (unsigned sd = 0; sd < 2; sd++) {
            /* the frame with `sd` to move is the board, turned for Right */
            unsigned fr = sd == GR_DOM_LEFT ? g->rows : g->cols;
            unsigned fc = sd == GR_DOM_LEFT ? g->cols : g->rows;
            uint8_t v[10][10];
            gr_dom8_place_values(fc, fr, v);
            memset(g->pv8[sd], 0, sizeof(g->pv8[sd]));
            for (unsigned r = 0; r < fr; r++) {
                for (unsigned c = 0; c < fc; c++) {
                    g->pv8[sd][8 * r + c] = v[c + 1][r + 1];
                }
            }
        }
    }
    uint64_t x = 0;
    for (uint64_t m = g->empty; m != 0; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctzll(m);
        x |= 1ULL << ((i / g->cols) * 8 + i % g->cols);
    }
    if (side == GR_DOM_RIGHT) {
        x = gr_dom8_transpose(x);
    }
    /* the root's dominoes one by one, to name the winning one */
    gr_dom8_frame root;
    gr_dom8_order(g, x, side, &root);
    *wins = false;
    for (unsigned j = 0; j < root.n; j++) {
        unsigned i = root.order[j];
        bool cw;
        gr_status s = gr_dom8_wins(g, gr_dom8_transpose(x & ~((1ULL << i) | (1ULL << (i + 8)))),
                                   1 - side, &cw);
        if (s != GR_OK) {
            return s;
        }
        if (!cw) {
            unsigned r = i / 8, c = i % 8;
            *wins = true;
            /* Right's move is Left's in the transposed board */
            mv->r = side == GR_DOM_LEFT ? r : c;
            mv->c = side == GR_DOM_LEFT ? c : r;
            mv->after = gr_cgt_zero(g->vs.store); /* not valued: no canonical form wanted */
            return GR_OK;
        }
    }
    return GR_OK;
}
