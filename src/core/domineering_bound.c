/*
 * The packing bound of the outcome searches (gr_dom_packed_bound):
 * Bullock's lower and upper bounds on the moves each player can still
 * make (N. Bullock, "Domineering: Solving Large Combinatorial Search
 * Spaces", M.Sc. thesis, University of Alberta 2002; the same counts as
 * his solver Obsequi's score-board.cc, re-derived here on our bitboards).
 * docs/partizan.md "Domineering", outcome search.
 *
 * Seen from one player P with its dominoes horizontal, the empty cells of
 * the board are packed, greedily from the top row, into regions whose
 * worth to P is known whatever the opponent does:
 *   protective squares: an empty 2 x 2 square under (or over) two filled
 *     cells; P's domino in the row away from the wall makes the other row
 *     safe, so a square is one move for P and takes one from the opponent;
 *   vulnerable dominoes: two empty cells of a row that the opponent can
 *     still spoil, type 2 when one spoiling move may hit another packed
 *     region too (P keeps one of three), type 1 otherwise (one of two);
 *     "with protection" when one of the cells is P's alone (the opponent
 *     cannot use it);
 *   safe dominoes with an option: a safe domino beside a free empty cell,
 *     which P may play vulnerably instead;
 *   unused cells: cells P will not use and the opponent cannot.
 * From these, P's sure moves (its lower bound) and the opponent's most
 * moves (its upper bound: the empty cells left once P's sure moves and
 * the unused ones are taken, halved, and the opponent's disjoint
 * dominoes less the protective squares) follow; the mover's counts get
 * the benefit of moving first.  The mover wins when its sure moves exceed
 * the opponent's most; loses when the opponent's sure moves, moving
 * second, reach the mover's most.
 *
 * A player's board here is rows 1 .. nr (the frame's rows, 8 or 10) of
 * bits 1 .. nr set for FILLED cells (bit c + 1 for column c), every other
 * bit set, rows 0 and nr + 1 .. nr + 3 full, as a wall: the frame outside
 * the board is filled.
 */
#include <stdint.h>
#include <string.h>

#include "core/domineering_search.h"

#define GR_B_ROWS_MAX 10 /* the frame's rows at most */

typedef struct gr_dom8_tally {
    int safe;     /* P's safe dominoes (disjoint) */
    int opp_real; /* the opponent's disjoint dominoes */
    int empty;    /* empty cells */
    int prot;     /* protective squares */
    int v2, v2p;  /* vulnerable dominoes of type 2, those with a protected cell */
    int v1, v1p;  /* of type 1 */
    int unused;   /* cells neither player will use */
    int so2, so1, so0; /* safe dominoes with an option, by its kind */
} gr_dom8_tally;

/* Protective squares, packed from the top: rows r + 1 and r + 2, columns
 * k and k + 1, all empty, a filled pair over or under them, and no part
 * of them or of the rows just above and below already packed. */
static inline int gr_dom8_pack_squares(const uint32_t *b, int nr, uint32_t *packed)
{
    int p = 0;
    for (int r = 0; r < nr - 1; r++) {
        uint32_t in_use = packed[r] | packed[r + 1] | packed[r + 2] | packed[r + 3] | b[r + 1] |
                          b[r + 2];
        in_use |= in_use >> 1;
        uint32_t wall = (b[r] & (b[r] >> 1)) | (b[r + 3] & (b[r + 3] >> 1));
        uint32_t at = wall & ~in_use;
        while (at != 0) {
            uint32_t low = at & (0u - at);
            at &= ~(low | (low << 1));
            packed[r + 1] |= low | (low << 1);
            packed[r + 2] |= low | (low << 1);
            p++;
        }
    }
    return p;
}

static inline int gr_b_pop(uint32_t x)
{
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* The vulnerable dominoes and unused cells of one row (Bullock's scan,
 * left to right): `cells` the row's empty cells not in squares, `guard`
 * those of them filled above and below (protected: the opponent can never
 * use them); out, by their left cells, the dominoes paired without (*fu)
 * and with (*fp) a protected cell, and the unused cells (*unused).  A
 * row's answer depends on these two masks alone, so it is tabled
 * (gr_dom_pack_table). */
static void gr_dom8_row_scan(uint32_t cells, uint32_t guard, uint32_t *fu, uint32_t *fp,
                             uint32_t *unused)
{
    uint32_t prev = 0, start = 0; /* the last cell seen; the pending unprotected one */
    *fu = *fp = *unused = 0;
    /* 0 nothing pending; 1 a protected cell; 2 an unprotected one; 3
     * an unprotected then a protected one; 4 after a safe pair */
    int state = 0;
    while (cells != 0) {
        uint32_t cell = cells & (0u - cells);
        cells ^= cell;
        if (((cell >> 1) & prev) == 0) { /* a gap: what was pending ends */
            if (state == 1) {
                *unused |= prev;
            } else if (state == 3) {
                *fp |= start;
            }
            state = 0;
        }
        prev = cell;
        if (cell & guard) {
            static const int next[5] = {1, 0, 3, 4, 3};
            state = next[state];
            continue;
        }
        switch (state) {
        case 0:
        case 4:
            state = 2;
            start = cell;
            break;
        case 1: /* the protected cell before and this one */
            state = 0;
            *fp |= cell >> 1;
            break;
        case 2:
            state = 0;
            *fu |= start;
            break;
        default: /* 3 */
            state = 2;
            *fp |= start;
            start = cell;
            break;
        }
    }
    if (state == 1) {
        *unused |= prev;
    } else if (state == 3) {
        *fp |= start;
    }
}

void gr_dom_pack_table_fill(gr_dom_packtab *t, unsigned width)
{
    unsigned rows = 1;
    for (unsigned v = 0; v < 1024; v++) {
        unsigned n = 0, p = 1;
        for (unsigned b = 0; b < 10; b++, p *= 3) {
            n += (v >> b) & 1 ? p : 0;
        }
        t->tern[v] = (uint16_t)n;
        t->pop[v] = (uint8_t)gr_b_pop(v);
    }
    for (unsigned b = 0; b < width; b++) {
        rows *= 3;
    }
    for (unsigned i = 0; i < rows; i++) {
        /* digit 1: an empty cell, 2: a protected one (bit c + 1, column c) */
        uint32_t cells = 0, guard = 0, fu, fp, unused;
        for (unsigned b = 0, d = i; b < width; b++, d /= 3) {
            cells |= d % 3 != 0 ? 2u << b : 0;
            guard |= d % 3 == 2 ? 2u << b : 0;
        }
        gr_dom8_row_scan(cells, guard, &fu, &fp, &unused);
        t->row[i] = fu >> 1 | (fp >> 1) << 10 | (unused >> 1) << 20;
    }
}

/* Vulnerable dominoes and unused cells, row by row: the empty cells not in
 * squares, each protected (filled above and below: the opponent can
 * never use it) or not, paired left to right (row_scan, or its table when
 * tab is given); a domino is of type 2 when a cell has, above, a packed
 * region or, below, an empty cell with an empty neighbour in its row. */
static inline void gr_dom8_pack_vulnerable(const uint32_t *b, int nr, uint32_t *packed, gr_dom8_tally *t,
                                    const gr_dom_packtab *tab)
{
    for (int r = 0; r < nr; r++) {
        uint32_t twofer = packed[r] | ~(b[r + 2] | (b[r + 2] << 1)) | ~(b[r + 2] | (b[r + 2] >> 1));
        uint32_t cells = ~(b[r + 1] | packed[r + 1]);
        uint32_t guard = b[r] & b[r + 2];
        uint32_t fu, fp, unused;
        if (tab != NULL) {
            uint32_t e = tab->row[tab->tern[(cells >> 1) & 0x3FFu] +
                                  tab->tern[((cells & guard) >> 1) & 0x3FFu]];
            fu = (e & 0x3FFu) << 1;
            fp = ((e >> 10) & 0x3FFu) << 1;
            unused = ((e >> 20) & 0x3FFu) << 1;
        } else {
            gr_dom8_row_scan(cells, guard, &fu, &fp, &unused);
        }
        uint32_t f = fu | fp, two = f & (twofer | (twofer >> 1));
        packed[r + 1] |= f | (f << 1) | unused;
        if (tab != NULL) { /* the counts by the table's (a load beats a bit count) */
            int n2 = tab->pop[two >> 1], n2p = tab->pop[(two & fp) >> 1];
            t->v2 += n2;
            t->v2p += n2p;
            t->v1 += tab->pop[f >> 1] - n2;
            t->v1p += tab->pop[fp >> 1] - n2p;
            t->unused += tab->pop[unused >> 1];
            continue;
        }
        t->v2 += gr_b_pop(two);
        t->v2p += gr_b_pop(two & fp);
        t->v1 += gr_b_pop(f & ~two);
        t->v1p += gr_b_pop(fp & ~two);
        t->unused += gr_b_pop(unused);
    }
}

/* The kind of an option cell (bit `cell` of row r + 1): 2 when the cells
 * above and below it each start a sealed vertical pair, 1 when one does. */
static void gr_dom8_option(const uint32_t *b, int r, uint32_t cell, gr_dom8_tally *t)
{
    bool up = !(b[r] & cell) && (b[r - 1] & cell);
    bool down = !(b[r + 2] & cell) && (b[r + 3] & cell);
    if (up && down) {
        t->so2++;
    } else if (up || down) {
        t->so1++;
    } else {
        t->so0++;
    }
}

/* Safe dominoes with an option: each safe domino left of the packing,
 * with a free empty cell just left of it (or else just right). */
static void gr_dom8_pack_options(const uint32_t *b, int nr, uint32_t *packed, gr_dom8_tally *t)
{
    for (int r = 0; r < nr; r++) {
        uint32_t guard = b[r] & b[r + 2];
        uint32_t cur = b[r + 1] | packed[r + 1];
        uint32_t safe = ~(cur | (cur >> 1)) & guard & (guard >> 1);
        while (safe != 0) {
            uint32_t low = safe & (0u - safe);
            safe &= ~(low | (low << 1));
            cur |= low | (low << 1);
            uint32_t near = cur | packed[r] | packed[r + 2];
            if (!(near & (low >> 1))) {
                cur |= low >> 1;
                packed[r + 1] |= low >> 1;
                gr_dom8_option(b, r, low >> 1, t);
            } else if (!((safe | near) & (low << 2))) {
                cur |= low << 2;
                packed[r + 1] |= low << 2;
                gr_dom8_option(b, r, low << 2, t);
            }
        }
    }
}

/* The counts of player P on its board b (rows as at the top) but its
 * safe dominoes with an option (those come last, in packed: see
 * gr_dom8_pack_options). */
static void gr_dom8_tally_of(const uint32_t *b, int nr, int safe, int opp_real, int empty,
                             gr_dom8_tally *t, const gr_dom_packtab *tab, uint32_t *packed)
{
    memset(packed, 0, (GR_B_ROWS_MAX + 4) * sizeof(uint32_t));
    *t = (gr_dom8_tally){.safe = safe, .opp_real = opp_real, .empty = empty};
    t->prot = gr_dom8_pack_squares(b, nr, packed);
    gr_dom8_pack_vulnerable(b, nr, packed, t, tab);
}

/* P's sure moves (*moves) and the opponent's most, by cells (*opp) and by
 * its disjoint dominoes (*opp_real), from a tally (which it spends). */
static void gr_dom8_moves_of(gr_dom8_tally *t, int *moves, int *opp, int *opp_real)
{
    if (t->prot % 2 == 1) { /* an odd square is worth less: count it as vulnerable dominoes */
        t->prot--;
        t->v2 += 2;
    }
    *moves = t->prot + t->v2 / 3 + t->v1 / 2 + t->safe;
    bool even = false;
    if (t->v2 % 3 != 0 && t->v1 % 2 != 0) {
        (*moves)++;
        t->unused--;
        even = true;
    } else if (t->v2 % 3 == 0 && t->v1 % 2 == 0) {
        even = true;
    }
    if (even) {
        if (t->so2 % 2 == 1) {
            t->so2--;
            t->so1++;
        }
        if (t->so1 % 2 == 1) {
            t->so1--;
            t->so0++;
        }
    } else if (t->so2 % 2 == 1) {
        t->unused += 3;
        if (t->so1 % 2 == 1) {
            t->so1--;
            t->so0++;
        }
    } else if (t->so1 % 2 == 1) {
        t->unused += 2;
    } else if (t->so0 % 2 == 1) {
        t->unused += 1;
    }
    t->unused += t->v2p - (t->v2 / 3 - (t->v2 - t->v2p) / 3);
    t->unused += t->v1p - (t->v1 / 2 - (t->v1 - t->v1p) / 2);
    t->unused += (t->so2 / 2) * 3 + (t->so1 / 2) * 2 + (t->so0 / 2);
    *opp = (t->empty - *moves * 2 - t->unused) / 2;
    *opp_real = t->opp_real - t->prot;
}

/* A vulnerable domino played first: a sure move. */
static void gr_dom8_take_vulnerable(int *v, int *vp, int *safe)
{
    (*v)--;
    (*safe)++;
    if (*vp > *v) {
        (*vp)--;
    }
}

/* The mover's first move spent on the packing where it gains most: an
 * odd square, an odd vulnerable domino, an odd option, then any. */
static void gr_dom8_first_move(gr_dom8_tally *t)
{
    if (t->prot % 2 == 1) {
        t->prot--;
        t->safe += 2;
        t->opp_real -= 2;
    } else if (t->v2 % 3 != 0) {
        gr_dom8_take_vulnerable(&t->v2, &t->v2p, &t->safe);
    } else if (t->v1 % 2 != 0) {
        gr_dom8_take_vulnerable(&t->v1, &t->v1p, &t->safe);
    } else if (t->so2 % 2 != 0) {
        t->so2--;
        t->unused += 3;
    } else if (t->so1 % 2 != 0) {
        t->so1--;
        t->unused += 2;
    } else if (t->so0 % 2 != 0) {
        t->so0--;
        t->unused += 1;
    } else if (t->v2 > 0) {
        gr_dom8_take_vulnerable(&t->v2, &t->v2p, &t->safe);
    } else if (t->v1 > 0) {
        gr_dom8_take_vulnerable(&t->v1, &t->v1p, &t->safe);
    } else if (t->prot > 0) {
        t->prot--;
        t->safe += 2;
    }
}

/* Whether the mover's sure moves, its first move spent, exceed the
 * opponent's disjoint dominoes, from a copy of a tally whose options are
 * as given (only their parity steers the first move). */
static bool gr_dom8_first_real(gr_dom8_tally t)
{
    int moves, opp, opp_real;
    gr_dom8_first_move(&t);
    gr_dom8_moves_of(&t, &moves, &opp, &opp_real);
    return moves > opp_real;
}

int gr_dom_packed_bound(const uint32_t *lrows, const uint32_t *rrows, int nr, int empty, int lsafe,
                        int lreal, int rsafe, int rreal, const gr_dom_packtab *tab)
{
    gr_dom8_tally t;
    uint32_t packed[GR_B_ROWS_MAX + 4];
    int moves, opp, opp_real;
    /* The options (last pass) change only the unused cells, so the
     * opponent's most by cells: the mover's sure moves and the opponent's
     * most by its disjoint dominoes are known without them -- but for the
     * mover's first move, which goes to an odd option when there is one
     * and nothing odd before it, so both cases are tried.  When the
     * disjoint dominoes settle the position, the options pass is skipped
     * (8 x 9: four in five of the mover's wins). */
    gr_dom8_tally_of(lrows, nr, lsafe, rreal, empty, &t, tab, packed);
    if (gr_dom8_first_real(t)) {
        gr_dom8_tally odd = t;
        odd.so0 = 1;
        if (t.prot % 2 == 1 || t.v2 % 3 != 0 || t.v1 % 2 != 0 || gr_dom8_first_real(odd)) {
            return 1;
        }
    }
    gr_dom8_pack_options(lrows, nr, packed, &t);
    gr_dom8_first_move(&t);
    gr_dom8_moves_of(&t, &moves, &opp, &opp_real);
    if (moves > (opp < opp_real ? opp : opp_real)) {
        return 1;
    }
    gr_dom8_tally_of(rrows, nr, rsafe, lreal, empty, &t, tab, packed);
    gr_dom8_tally r = t;
    gr_dom8_moves_of(&r, &moves, &opp, &opp_real);
    if (moves >= opp_real) { /* the options change neither */
        return 0;
    }
    gr_dom8_pack_options(rrows, nr, packed, &t);
    gr_dom8_moves_of(&t, &moves, &opp, &opp_real);
    if (moves >= (opp < opp_real ? opp : opp_real)) {
        return 0;
    }
    return -1;
}
