/* The state of a Domineering analysis, shared by the value search
 * (domineering_value.c) and the outcome search (domineering_outcome.c). */
#ifndef GR_DOMINEERING_SEARCH_H
#define GR_DOMINEERING_SEARCH_H

#include "core/cgt_memo.h"
#include "core/domineering_internal.h"
#include "core/search_budget.h"

/* One entry of the outcome search's table: a position (the large part's
 * key, the known part's value, whose turn) and who wins it.  A lossy
 * cache: a colliding position overwrites. */
typedef struct gr_dom_oentry {
    uint64_t bits;
    gr_cgt rest;
    uint8_t w, side, used, mover_wins;
} gr_dom_oentry;

/* One entry of the 8 x 8 outcome search's table (domineering_solve.c): a
 * position's key (Left to move) and whether Left wins it; work is the
 * nodes its proof took plus one (0: an empty entry). */
typedef struct gr_dom8_entry {
    uint64_t key;
    uint32_t work;
    uint8_t wins;
} gr_dom8_entry;

/* One entry of the wide outcome search's table (domineering_wide.c): the
 * same in 16 bytes, four to a cache line.  The key, a 128-bit board moved
 * to the frame's top left, has its highest cell at bit 108 (row 9, column
 * 9): lo holds bits 0-63, hi bits 64-108 in its bits 0-44, whether Left
 * wins in bit 45, and the work (0: an empty entry) in bits 46-63, exact
 * below 2^17 nodes and in steps of 2^14 nodes above (gr_domw_work). */
typedef struct gr_domw_entry {
    uint64_t lo, hi;
} gr_domw_entry;

#define GR_DOM8_RACE_B 25   /* 2 x 2 squares on 100 cells at most */
#define GR_DOM8_RACE_V 50   /* dominoes */
#define GR_DOM8_RACE_OFF 64 /* race[]... - OFF: the count, which may be negative */
typedef uint8_t gr_dom8_race[2][GR_DOM8_RACE_B + 1][GR_DOM8_RACE_V + 1];

/* The packing bound's row table (domineering_bound.c): a row's empty
 * cells and protected ones, as a number in base 3 (tern[cells] +
 * tern[protected]: digit 1 an empty cell, 2 a protected one), to its
 * vulnerable dominoes and unused cells (gr_dom_pack_table_fill). */
#define GR_DOM_PACK_ROWS 59049 /* 3^10 */
typedef struct gr_dom_packtab {
    uint16_t tern[1024];
    uint8_t pop[1024]; /* cells of a row */
    uint32_t row[GR_DOM_PACK_ROWS];
} gr_dom_packtab;

struct gr_dom {
    gr_value_search vs; /* first (gr_value_search_new): arena, store, node budget */
    uint32_t rows, cols;
    uint64_t empty;    /* the board's empty cells, width cols */
    gr_cgt_memo memo;  /* region key (bits, width) -> value; keys still to value */
    gr_dom_oentry *ot; /* the outcome search's table */
    size_t ot_cap;
    uint64_t ot_stored, ot_hits;
    gr_dom8_entry *tt8; /* the 8 x 8 outcome search's table */
    size_t tt8_cap;
    uint64_t tt8_stored;
    gr_dom8_race race, moves8; /* domineering_engine.h's race_table */
    uint8_t pv8[2][64];        /* domineering_solve.c's move-ordering tie-break, per side */
    /* the wide search (domineering_wide.c), boards of 65 to 100 cells:
     * its table (counted in tt8_cap, tt8_stored), tie-break, row pairs */
    gr_domw_entry *ttw;
    uint8_t pvw[2][110];
    uint8_t pairs10[1024];
    gr_dom_packtab *pack; /* both searches' packing table, rows of their width */
};

/* A tick of the node budget: GR_ELIMIT past it; polls the arena's stop
 * conditions every 1024 nodes. */
gr_status gr_dom_tick(gr_dom *g);

/* The sum of the values of the regions of `bits` (width w) when all are
 * known; otherwise the keys of the unknown ones (at most 32) in missing. */
gr_status gr_dom_split_value(gr_dom *g, uint64_t bits, unsigned w, gr_cgt *out, gr_dom_key *missing,
                             size_t *nmissing);

/* Move i of score s into the n moves ranked so far (order[], their scores
 * in score[]), kept best first and, at equal scores, in the order they
 * came: the move ordering of both outcome searches. */
static inline void gr_dom_rank(int *score, uint8_t *order, unsigned n, int s, unsigned i)
{
    unsigned j = n;
    while (j > 0 && score[j - 1] < s) {
        score[j] = score[j - 1];
        order[j] = order[j - 1];
        j--;
    }
    score[j] = s;
    order[j] = (uint8_t)i;
}

/* A 64-bit mix (MurmurHash3's finaliser): the outcome tables' hash. */
static inline size_t gr_dom_mix64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xFF51AFD7ED558CCDULL;
    k ^= k >> 33;
    k *= 0xC4CEB9FE1A85EC53ULL;
    return (size_t)(k ^ (k >> 33));
}

/* Doubles one of the outcome searches' transposition tables, the lossy
 * caches ot and tt8: table is the address of its pointer (a T ** for
 * entries of T, esize bytes each), *cap its entries, *stored its used
 * ones.  The new table goes in place empty (*stored 0), then each old
 * entry, used or not, is handed to put_back, which stores what it keeps
 * the way the table's own lookups find it.  A cache: when the arena has no
 * room for the larger table the table stays as it is. */
void gr_dom_table_double(gr_dom *g, void *table, size_t *cap, uint64_t *stored, size_t esize,
                         void (*put_back)(gr_dom *g, const void *entry));

/* Values the region key k (and every region below it). */
gr_status gr_dom_solve_key(gr_dom *g, gr_dom_key k);

/* The value of a whole position (any number of regions), width w. */
gr_status gr_dom_board_value(gr_dom *g, uint64_t bits, unsigned w, gr_cgt *out);

/* Bullock's packing bound on a frame of nr rows (8 or 10), Left to move:
 * lrows and rrows each player's board with its dominoes horizontal
 * (domineering_engine.h's rows, from the second row), `empty` cells, the
 * safe and disjoint dominoes of each player given: 1 Left wins, 0 Left
 * loses, -1 not settled (domineering_bound.c).  tab, the row table filled
 * for the board's rows, or NULL (each row scanned: the same
 * answer, slower). */
int gr_dom_packed_bound(const uint32_t *lrows, const uint32_t *rrows, int nr, int empty, int lsafe,
                        int lreal, int rsafe, int rreal, const gr_dom_packtab *tab);

/* Fills the packing bound's table for rows of at most `width` cells (at
 * most 10; the cells past them filled): tern[], pop[] and the first
 * 3^width rows. */
void gr_dom_pack_table_fill(gr_dom_packtab *t, unsigned width);


/* Whether `side`, moving first, wins a board of at most 8 rows and 8
 * columns, and then such a move (domineering_solve.c). */
gr_status gr_dom_solve8(gr_dom *g, unsigned side, bool *wins, gr_dom_move *mv);

/* Whether each player, moving first, wins the board of g (at most 10 rows
 * and 10 columns; empty[r * cols + c] non-zero for an empty cell), and
 * then such a move: the 128-bit search (domineering_wide.c). */
gr_status gr_dom_solvew(gr_dom *g, const uint8_t *empty, bool *left_wins, gr_dom_move *left_move,
                        bool *right_wins, gr_dom_move *right_move);

/* The same for one player, `side`, moving first, on a board of at most 10
 * rows and 10 columns (GR_ELIMIT otherwise), on its own arena: the benchmark's one-side
 * solve (bench/partizan_bench outcome1). */
gr_status gr_dom_outcome_side(gr_arena *arena, gr_cgt_store *store, uint32_t rows, uint32_t cols,
                              const uint8_t *empty, const gr_search_opts *opts, unsigned side,
                              bool *wins, gr_dom_move *mv, gr_search_stats *stats);

#endif
