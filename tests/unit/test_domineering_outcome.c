/* Domineering's outcome search on boards up to 8 x 8 (the bitboard search
 * with its counting bounds, src/core/domineering_solve.c) against plain
 * minimax from the definitions: every board of four frames of 12 cells,
 * random boards of up to 20 empty cells in the 8 x 8 frame and others,
 * both players moving first, each winning move replayed (the position it
 * leaves is lost for the other player moving next); and the published
 * outcomes of the small rectangles. */
#include <stdlib.h>
#include <string.h>

#include "gr_test.h"
#include "grundy/domineering.h"

/* ---- minimax from the definitions -------------------------------------- */

#define REF_MAX 22 /* empty cells: the memo is 2^REF_MAX bytes */

typedef struct ref_game {
    unsigned n;                     /* empty cells, numbered 0 .. n - 1 */
    unsigned nmoves[2];             /* Left's (vertical) and Right's dominoes */
    uint32_t moves[2][2 * REF_MAX]; /* each as the mask of its two cells */
    uint8_t *memo; /* per mask: bit 0 known, bit 1 Left-first wins, bit 2 known, bit 3 Right */
} ref_game;

/* cell numbers of a rows x cols board (-1 filled) */
static void ref_init(ref_game *g, unsigned rows, unsigned cols, const uint8_t *empty)
{
    int num[64];
    g->n = 0;
    for (unsigned i = 0; i < rows * cols; i++) {
        num[i] = empty[i] ? (int)g->n++ : -1;
    }
    assert_true(g->n <= REF_MAX);
    g->nmoves[0] = g->nmoves[1] = 0;
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < cols; c++) {
            int a = num[r * cols + c];
            if (a < 0) {
                continue;
            }
            if (r + 1 < rows && num[(r + 1) * cols + c] >= 0) {
                g->moves[0][g->nmoves[0]++] = (1u << a) | (1u << num[(r + 1) * cols + c]);
            }
            if (c + 1 < cols && num[r * cols + c + 1] >= 0) {
                g->moves[1][g->nmoves[1]++] = (1u << a) | (1u << num[r * cols + c + 1]);
            }
        }
    }
    memset(g->memo, 0, (size_t)1 << g->n);
}

/* Whether `side` moving first wins the cells of mask: the mover wins iff
 * some move leaves a position the other player loses moving first.
 * Recursion is fine here: depth <= REF_MAX / 2. */
static bool ref_wins(ref_game *g, uint32_t mask, int side)
{
    uint8_t known = side == 0 ? 1 : 4, win = side == 0 ? 2 : 8;
    if (g->memo[mask] & known) {
        return (g->memo[mask] & win) != 0;
    }
    bool w = false;
    for (unsigned j = 0; j < g->nmoves[side] && !w; j++) {
        uint32_t m = g->moves[side][j];
        if ((mask & m) == m) {
            w = !ref_wins(g, mask & ~m, 1 - side);
        }
    }
    g->memo[mask] |= known | (w ? win : 0);
    return w;
}

/* The reference's mask of the cells of board `empty` less a domino of
 * `side` at (r, c); fails unless the domino is on two empty cells. */
static uint32_t ref_after(unsigned rows, unsigned cols, const uint8_t *empty, int side, unsigned r,
                          unsigned c)
{
    unsigned r2 = side == 0 ? r + 1 : r, c2 = side == 0 ? c : c + 1;
    assert_true(r2 < rows && c2 < cols);
    assert_true(empty[r * cols + c] && empty[r2 * cols + c2]);
    uint32_t mask = 0;
    unsigned k = 0;
    for (unsigned i = 0; i < rows * cols; i++) {
        if (empty[i]) {
            if (i != r * cols + c && i != r2 * cols + c2) {
                mask |= 1u << k;
            }
            k++;
        }
    }
    return mask;
}

/* The search's outcome of a board: whether Left, and Right, wins moving
 * first, and with which move. */
typedef struct outcome {
    bool lw, rw;
    gr_dom_move lm, rm;
} outcome;

static gr_cgt_store *new_store(gr_arena *a)
{
    gr_cgt_store *s;
    assert_int_equal(gr_cgt_store_new(a, &s), GR_OK);
    return s;
}

static outcome search_outcome(gr_arena *a, gr_cgt_store *s, unsigned rows, unsigned cols,
                              const uint8_t *empty)
{
    gr_dom *g;
    assert_int_equal(gr_dom_create(a, s, rows, cols, empty, NULL, &g), GR_OK);
    outcome o;
    assert_int_equal(gr_dom_outcome(g, &o.lw, &o.lm, &o.rw, &o.rm), GR_OK);
    return o;
}

/* The search's outcome of one board equals the reference's, and its
 * winning moves win. */
static void check_board(ref_game *ref, unsigned rows, unsigned cols, const uint8_t *empty)
{
    ref_init(ref, rows, cols, empty);
    uint32_t all = ref->n == 32 ? ~0u : (1u << ref->n) - 1;
    bool lw = ref_wins(ref, all, 0), rw = ref_wins(ref, all, 1);
    gr_arena *a = gr_arena_create(0);
    outcome o = search_outcome(a, new_store(a), rows, cols, empty);
    if (o.lw != lw || o.rw != rw) {
        print_error("%u x %u board:\n", rows, cols);
        for (unsigned r = 0; r < rows; r++) {
            for (unsigned c = 0; c < cols; c++) {
                print_error("%c", empty[r * cols + c] ? '.' : '#');
            }
            print_error("\n");
        }
    }
    assert_int_equal(o.lw, lw);
    assert_int_equal(o.rw, rw);
    if (lw) {
        assert_false(ref_wins(ref, ref_after(rows, cols, empty, 0, o.lm.r, o.lm.c), 1));
    }
    if (rw) {
        assert_false(ref_wins(ref, ref_after(rows, cols, empty, 1, o.rm.r, o.rm.c), 0));
    }
    gr_arena_destroy(a);
}

static ref_game *ref_new(void)
{
    ref_game *g = calloc(1, sizeof(*g));
    assert_non_null(g);
    g->memo = malloc((size_t)1 << REF_MAX);
    assert_non_null(g->memo);
    return g;
}

static void ref_free(ref_game *g)
{
    free(g->memo);
    free(g);
}

/* Every board of the 3 x 4, 4 x 3, 2 x 6 and 6 x 2 frames: each subset of
 * the 12 cells empty. */
static void test_every_board_of_twelve_cells(void **state)
{
    (void)state;
    static const unsigned frames[][2] = {{3, 4}, {4, 3}, {2, 6}, {6, 2}};
    ref_game *ref = ref_new();
    for (size_t f = 0; f < sizeof(frames) / sizeof(frames[0]); f++) {
        unsigned rows = frames[f][0], cols = frames[f][1];
        for (uint32_t m = 0; m < (1u << 12); m++) {
            uint8_t empty[12];
            for (unsigned i = 0; i < 12; i++) {
                empty[i] = (m >> i) & 1;
            }
            check_board(ref, rows, cols, empty);
        }
    }
    ref_free(ref);
}

/* Random boards of 10 to 20 empty cells in frames up to 8 x 8, the cells
 * either scattered or a random walk (one large region, where the counting
 * bounds have sealed squares, safe and vulnerable dominoes to count). */
static void test_random_boards_against_minimax(void **state)
{
    (void)state;
    gr_test_rng rng = {2002};
    ref_game *ref = ref_new();
    for (int t = 0; t < 300; t++) {
        unsigned rows = 3 + (unsigned)gr_test_below(&rng, 6);
        unsigned cols = 3 + (unsigned)gr_test_below(&rng, 6);
        unsigned want = 10 + (unsigned)gr_test_below(&rng, 11);
        if (want > rows * cols) {
            want = rows * cols;
        }
        uint8_t empty[64] = {0};
        unsigned have = 0;
        if (t % 2 == 0) {
            while (have < want) {
                unsigned i = (unsigned)gr_test_below(&rng, rows * cols);
                have += !empty[i];
                empty[i] = 1;
            }
        } else {
            unsigned r = (unsigned)gr_test_below(&rng, rows),
                     c = (unsigned)gr_test_below(&rng, cols);
            for (unsigned steps = 0; have < want && steps < 4000; steps++) {
                have += !empty[r * cols + c];
                empty[r * cols + c] = 1;
                switch (gr_test_below(&rng, 4)) {
                case 0:
                    r = r + 1 < rows ? r + 1 : r;
                    break;
                case 1:
                    r = r > 0 ? r - 1 : r;
                    break;
                case 2:
                    c = c + 1 < cols ? c + 1 : c;
                    break;
                default:
                    c = c > 0 ? c - 1 : c;
                    break;
                }
            }
        }
        check_board(ref, rows, cols, empty);
    }
    ref_free(ref);
}

/* Published outcomes of empty rectangles (Breuker, Uiterwijk and van den
 * Herik 2000; Lachmann, Moore and Rapaport 2002), with the winning moves
 * replayed by the search itself: after Left's winning move Right, moving
 * first, loses, and the other way round. */
static void test_published_rectangles(void **state)
{
    (void)state;
    static const struct {
        unsigned rows, cols;
        char outcome;
    } boards[] = {{2, 2, 'N'}, {3, 3, 'N'}, {4, 4, 'N'}, {5, 5, 'P'},
                  {6, 6, 'N'}, {6, 7, 'L'}, {7, 6, 'R'}, {7, 7, 'N'}};
    for (size_t k = 0; k < sizeof(boards) / sizeof(boards[0]); k++) {
        unsigned rows = boards[k].rows, cols = boards[k].cols;
        uint8_t empty[64];
        memset(empty, 1, sizeof(empty));
        gr_arena *a = gr_arena_create(0);
        gr_cgt_store *s = new_store(a);
        outcome o = search_outcome(a, s, rows, cols, empty);
        char got = o.lw ? (o.rw ? 'N' : 'L') : (o.rw ? 'R' : 'P');
        assert_int_equal(got, boards[k].outcome);
        for (int side = 0; side < 2; side++) {
            if (!(side == 0 ? o.lw : o.rw)) {
                continue;
            }
            const gr_dom_move *m = side == 0 ? &o.lm : &o.rm;
            uint8_t after[64];
            memcpy(after, empty, sizeof(after));
            after[m->r * cols + m->c] = 0;
            after[side == 0 ? (m->r + 1) * cols + m->c : m->r * cols + m->c + 1] = 0;
            outcome next = search_outcome(a, s, rows, cols, after);
            assert_false(side == 0 ? next.rw : next.lw);
        }
        gr_arena_destroy(a);
    }
}

GR_TEST_MAIN(cmocka_unit_test(test_every_board_of_twelve_cells),
             cmocka_unit_test(test_random_boards_against_minimax),
             cmocka_unit_test(test_published_rectangles))
