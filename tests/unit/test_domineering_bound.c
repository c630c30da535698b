/* Bullock's packing bound (src/core/domineering_bound.c) checked position
 * by position against minimax from the definitions: whenever it settles a
 * position (Left to move wins, or loses), the position must be so.  The
 * positions are random boards of up to 20 empty cells in the 8 x 8 frame
 * (scattered cells, random-walk regions, rectangles with blocked cells)
 * and every position met along random playouts from them, each seen with
 * Left to move and, transposed, with Right to move.  The search's own
 * answers are checked in test_domineering_outcome.c; this test sees the
 * bound alone, where a wrong settlement deep in a search might not show
 * at the root. */
#include <stdlib.h>
#include <string.h>

#include "core/domineering_search.h"
#include "gr_test.h"

#define REF_MAX 20

/* ---- minimax on subsets of the empty cells (cell k of the list, bit k) */

typedef struct ref {
    unsigned n;
    unsigned rc[REF_MAX]; /* frame bit 8r + c of cell k */
    unsigned nmoves, nr;
    uint32_t moves[2 * REF_MAX];  /* Left's (vertical) dominoes as cell masks */
    uint32_t rmoves[2 * REF_MAX]; /* Right's (horizontal) */
    uint8_t *memo;               /* 1 known, 2 Left to move wins */
} ref;

static bool ref_left_wins(ref *g, uint32_t mask);

/* Right to move on mask loses iff every Right domino leaves Left a win. */
static bool ref_right_wins(ref *g, uint32_t mask)
{
    for (unsigned j = 0; j < g->nr; j++) {
        if ((mask & g->rmoves[j]) == g->rmoves[j] && !ref_left_wins(g, mask & ~g->rmoves[j])) {
            return true;
        }
    }
    return false;
}

/* Recursion is fine here: depth <= REF_MAX / 2. */
static bool ref_left_wins(ref *g, uint32_t mask)
{
    if (g->memo[mask] & 1) {
        return (g->memo[mask] & 2) != 0;
    }
    bool w = false;
    for (unsigned j = 0; j < g->nmoves && !w; j++) {
        uint32_t m = g->moves[j];
        if ((mask & m) == m) {
            w = !ref_right_wins(g, mask & ~m);
        }
    }
    g->memo[mask] = (uint8_t)(1 | (w ? 2 : 0));
    return w;
}

/* Right to move: memoised apart (bit 2 known, 3 wins). */
static bool ref_right_first(ref *g, uint32_t mask)
{
    if (g->memo[mask] & 4) {
        return (g->memo[mask] & 8) != 0;
    }
    bool w = ref_right_wins(g, mask);
    g->memo[mask] |= (uint8_t)(4 | (w ? 8 : 0));
    return w;
}

static void ref_init(ref *g, uint64_t x)
{
    int num[64];
    g->n = 0;
    for (unsigned i = 0; i < 64; i++) {
        num[i] = (x >> i) & 1 ? (int)g->n : -1;
        if ((x >> i) & 1) {
            g->rc[g->n++] = i;
        }
    }
    assert_true(g->n <= REF_MAX);
    g->nmoves = g->nr = 0;
    for (unsigned i = 0; i < 64; i++) {
        if (num[i] < 0) {
            continue;
        }
        if (i + 8 < 64 && num[i + 8] >= 0) {
            g->moves[g->nmoves++] = (1u << num[i]) | (1u << num[i + 8]);
        }
        if ((i & 7) != 7 && num[i + 1] >= 0) {
            g->rmoves[g->nr++] = (1u << num[i]) | (1u << num[i + 1]);
        }
    }
    memset(g->memo, 0, (size_t)1 << g->n);
}

static uint64_t frame_of(const ref *g, uint32_t mask)
{
    uint64_t x = 0;
    for (unsigned k = 0; k < g->n; k++) {
        if ((mask >> k) & 1) {
            x |= 1ULL << g->rc[k];
        }
    }
    return x;
}

/* ---- the bound's inputs, computed plainly --------------------------- */

static uint64_t transpose(uint64_t x)
{
    uint64_t t = 0;
    for (unsigned r = 0; r < 8; r++) {
        for (unsigned c = 0; c < 8; c++) {
            if ((x >> (8 * r + c)) & 1) {
                t |= 1ULL << (8 * c + r);
            }
        }
    }
    return t;
}

static int hpairs(uint64_t x)
{
    int n = 0;
    for (unsigned r = 0; r < 8; r++) {
        unsigned run = 0;
        for (unsigned c = 0; c <= 8; c++) {
            if (c < 8 && ((x >> (8 * r + c)) & 1)) {
                run++;
            } else {
                n += (int)(run / 2);
                run = 0;
            }
        }
    }
    return n;
}

/* The rows of the 8 x 8 frame w (bit 8r + c) as the engine keeps them
 * (domineering_engine.h): a guard row above and below, cells one bit up. */
static void rows_of(uint64_t w, uint32_t out[8 + 5])
{
    out[0] = out[1] = ~0u;
    for (int r = 0; r < 8; r++) {
        out[r + 2] = ~((uint32_t)((w >> (8 * r)) & 0xFF) << 1);
    }
    out[10] = out[11] = out[12] = ~0u;
}

/* The packing bound's row table, filled for rows of 10 (the wide frame)
 * once: the searches' own. */
static gr_dom_packtab *packtab(void)
{
    static gr_dom_packtab *tab;
    if (tab == NULL) {
        tab = malloc(sizeof(*tab));
        assert_non_null(tab);
        gr_dom_pack_table_fill(tab, 10);
    }
    return tab;
}

/* The bound for Left to move on x (Left's dominoes are horizontal in the
 * transposed frame), by the table, which must agree with the scan of each
 * row. */
static int bound(uint64_t x)
{
    uint64_t t = transpose(x);
    uint64_t lown = t & ~((t << 8) | (t >> 8)), rown = x & ~((x << 8) | (x >> 8));
    uint32_t lrows[8 + 5], rrows[8 + 5];
    rows_of(t, lrows);
    rows_of(x, rrows);
    int b = gr_dom_packed_bound(lrows + 1, rrows + 1, 8, __builtin_popcountll(x), hpairs(lown),
                                hpairs(t), hpairs(rown), hpairs(x), packtab());
    assert_int_equal(b, gr_dom_packed_bound(lrows + 1, rrows + 1, 8, __builtin_popcountll(x),
                                            hpairs(lown), hpairs(t), hpairs(rown), hpairs(x), NULL));
    return b;
}

/* Checks the bound on mask with Left to move and, by the transposition,
 * with Right to move (Right to move on X is Left to move on X's
 * transposition). */
static void check(ref *g, uint32_t mask, unsigned *settled)
{
    uint64_t x = frame_of(g, mask);
    int b = bound(x);
    if (b >= 0) {
        (*settled)++;
        assert_int_equal(b, ref_left_wins(g, mask));
    }
    b = bound(transpose(x));
    if (b >= 0) {
        (*settled)++;
        assert_int_equal(b, ref_right_first(g, mask));
    }
}

/* Random playouts from the whole board, each position on the way checked. */
static void check_playouts(ref *g, gr_test_rng *rng, unsigned *settled)
{
    uint32_t all = (1u << g->n) - 1;
    check(g, all, settled);
    for (int p = 0; p < 12; p++) {
        uint32_t mask = all;
        for (unsigned side = (unsigned)p & 1;; side ^= 1) {
            const uint32_t *mv = side == 0 ? g->moves : g->rmoves;
            unsigned nm = side == 0 ? g->nmoves : g->nr, legal[2 * REF_MAX], nl = 0;
            for (unsigned j = 0; j < nm; j++) {
                if ((mask & mv[j]) == mv[j]) {
                    legal[nl++] = j;
                }
            }
            if (nl == 0) {
                break;
            }
            mask &= ~mv[legal[gr_test_below(rng, nl)]];
            check(g, mask, settled);
        }
    }
}

static void test_bound_against_minimax(void **state)
{
    (void)state;
    gr_test_rng rng = {1902};
    ref g;
    unsigned settled = 0;
    g.memo = malloc((size_t)1 << REF_MAX);
    assert_non_null(g.memo);
    for (int t = 0; t < 4000; t++) {
        unsigned rows = 2 + (unsigned)gr_test_below(&rng, 7);
        unsigned cols = 2 + (unsigned)gr_test_below(&rng, 7);
        unsigned want = 6 + (unsigned)gr_test_below(&rng, REF_MAX - 5);
        uint64_t x = 0;
        unsigned have = 0;
        if (t % 3 == 0) { /* scattered */
            while (have < want && have < rows * cols) {
                unsigned i = 8 * (unsigned)gr_test_below(&rng, rows) +
                             (unsigned)gr_test_below(&rng, cols);
                have += !((x >> i) & 1);
                x |= 1ULL << i;
            }
        } else if (t % 3 == 1) { /* one region, a random walk */
            unsigned r = (unsigned)gr_test_below(&rng, rows), c = (unsigned)gr_test_below(&rng, cols);
            for (unsigned steps = 0; have < want && steps < 4000; steps++) {
                have += !((x >> (8 * r + c)) & 1);
                x |= 1ULL << (8 * r + c);
                unsigned d = (unsigned)gr_test_below(&rng, 4);
                r = d == 0 && r + 1 < rows ? r + 1 : d == 1 && r > 0 ? r - 1 : r;
                c = d == 2 && c + 1 < cols ? c + 1 : d == 3 && c > 0 ? c - 1 : c;
            }
        } else { /* a rectangle of at most REF_MAX cells, a few cells blocked */
            while (rows * cols > REF_MAX) {
                rows > cols ? rows-- : cols--;
            }
            for (unsigned r = 0; r < rows; r++) {
                for (unsigned c = 0; c < cols; c++) {
                    x |= 1ULL << (8 * r + c);
                }
            }
            for (unsigned k = (unsigned)gr_test_below(&rng, 4); k > 0; k--) {
                x &= ~(1ULL << (8 * gr_test_below(&rng, rows) + gr_test_below(&rng, cols)));
            }
            /* moved anywhere in the frame: the bound must not care */
            x <<= 8 * gr_test_below(&rng, 9 - rows) + gr_test_below(&rng, 9 - cols);
        }
        ref_init(&g, x);
        check_playouts(&g, &rng, &settled);
    }
    free(g.memo);
    /* the test means something only if the bound settles positions */
    print_message("bound settled %u positions\n", settled);
    assert_true(settled > 1000);
}

/* ---- the row table against the scan, on the wide frame's boards ------ */

static int row_pairs(unsigned row)
{
    int n = 0;
    for (unsigned c = 0; c + 1 < 10; c++) {
        if (((row >> c) & 3u) == 3u) {
            n++;
            c++;
        }
    }
    return n;
}

/* The rows of a board of 10 x 10 cells (x[r], bit c) as the wide search
 * keeps them: filled outside, bit c + 1 for column c. */
static void wide_rows(const unsigned *x, uint32_t out[10 + 5])
{
    out[0] = out[1] = out[12] = out[13] = out[14] = ~0u;
    for (unsigned r = 0; r < 10; r++) {
        out[r + 2] = ~((uint32_t)x[r] << 1);
    }
}

/* Random boards of up to 10 x 10 cells, from nearly full to nearly empty,
 * each seen with Left and with Right to move: the table's answer is the
 * scan's, and a table filled for narrower rows (a smaller board's) gives
 * the same on the rows it holds.  The bound settles a good share of them
 * (else the comparison would mean little). */
static void test_table_against_scan(void **state)
{
    (void)state;
    gr_test_rng rng = {3710};
    gr_dom_packtab *narrow = malloc(sizeof(*narrow));
    assert_non_null(narrow);
    unsigned settled = 0, n = 0;
    for (int k = 0; k < 20000; k++) {
        unsigned rows = 2 + (unsigned)gr_test_below(&rng, 9), cols = 2 + (unsigned)gr_test_below(&rng, 9);
        unsigned fill = (unsigned)gr_test_below(&rng, 100);
        unsigned x[10] = {0}, t[10] = {0};
        int empty = 0;
        for (unsigned r = 0; r < rows; r++) {
            for (unsigned c = 0; c < cols; c++) {
                if (gr_test_below(&rng, 100) >= fill) {
                    x[r] |= 1u << c;
                    t[c] |= 1u << r;
                    empty++;
                }
            }
        }
        gr_dom_pack_table_fill(narrow, rows > cols ? rows : cols);
        for (unsigned side = 0; side < 2; side++) {
            const unsigned *a = side == 0 ? x : t, *b = side == 0 ? t : x; /* a: Left to move */
            int lsafe = 0, lreal = 0, rsafe = 0, rreal = 0;
            for (unsigned r = 0; r < 10; r++) {
                unsigned bu = r > 0 ? b[r - 1] : 0, bd = r < 9 ? b[r + 1] : 0;
                unsigned au = r > 0 ? a[r - 1] : 0, ad = r < 9 ? a[r + 1] : 0;
                lsafe += row_pairs(b[r] & ~(bu | bd));
                lreal += row_pairs(b[r]);
                rsafe += row_pairs(a[r] & ~(au | ad));
                rreal += row_pairs(a[r]);
            }
            uint32_t lrows[15], rrows[15];
            wide_rows(b, lrows);
            wide_rows(a, rrows);
            int want = gr_dom_packed_bound(lrows + 1, rrows + 1, 10, empty, lsafe, lreal, rsafe,
                                           rreal, NULL);
            assert_int_equal(gr_dom_packed_bound(lrows + 1, rrows + 1, 10, empty, lsafe, lreal,
                                                 rsafe, rreal, packtab()),
                             want);
            assert_int_equal(gr_dom_packed_bound(lrows + 1, rrows + 1, 10, empty, lsafe, lreal,
                                                 rsafe, rreal, narrow),
                             want);
            settled += want >= 0;
            n++;
        }
    }
    free(narrow);
    print_message("table and scan agree on %u positions, %u settled\n", n, settled);
    assert_true(settled > n / 10 && settled < n);
}

GR_TEST_MAIN(cmocka_unit_test(test_bound_against_minimax), cmocka_unit_test(test_table_against_scan))
