/*
 * The search engine's interface to the games that use it (node_kayles.c,
 * cram.c, chomp.c).  Not a public header.
 *
 * A position the engine stores is one *component*: a connected part of a
 * game that no move elsewhere touches, in the game's canonical encoding
 * (gr_skey: 64 bits plus a 32-bit tag whose meaning is the game's -- the
 * component of the input graph for Node Kayles, the grid width for Cram).
 * A position made of several components is worth the XOR of their values
 * (Sprague-Grundy), so the engine only ever searches single components.
 *
 * A game gives the engine one callback, expand: for every move of a
 * component it calls gr_search_child_add for each non-trivial component
 * the move leaves (canonicalised by the game), then gr_search_child_end,
 * which closes that move (the next one starts there).  The engine looks
 * each component up (shapes the game knows by formula, then the
 * transposition table) as it is added -- Beling's "enhanced transposition
 * cutoff" -- and keeps the rest for the search.  The only failure is the
 * engine's own (no memory for the move records): it is kept and ends the
 * search once expand returns, so a game's expand is pure enumeration,
 * with no status to thread through its loops.
 *
 * The request's own position (the root) is not a component but a few of
 * them; the value of the root and its moves go through gr_search_root
 * (below, search_root.c), which each game feeds through a static table.
 *
 * Nimber sets are 256-bit sets (gr_nset): a component with k moves has a
 * value of at most k, and games refuse components with more than
 * GR_SEARCH_MAX_MOVES moves.
 */
#ifndef GR_SEARCH_INTERNAL_H
#define GR_SEARCH_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/search.h"
#include "grundy/status.h"

typedef struct gr_skey {
    uint64_t bits;
    uint32_t tag;
} gr_skey;

typedef struct gr_nset {
    uint64_t w[4];
} gr_nset;

typedef struct gr_search gr_search;

typedef struct gr_search_game {
    const void *ctx;
    /* Emits every move of pos (see above). */
    void (*expand)(gr_search *s, const void *ctx, gr_skey pos);
    /* Value of pos by formula when the game knows its shape; may be NULL. */
    bool (*known)(const void *ctx, gr_skey pos, unsigned *value);
    /* Where moves are asked only what decides their parent's question
     * (Beling-Rogalski) rather than their exact value.  A partial answer
     * is not stored, so a position may be expanded again under another
     * question: that pays near the root, where one settled question saves
     * a huge subtree, and not below, where stored exact values are reused
     * across the tree.  So pruned questions go to components with more
     * than (root component's cells - prune_cells) cells -- the first few
     * plies -- and exact ones to the rest; 0 never prunes (Chomp, whose
     * values are large and where every move counts).  Measured in
     * bench/RESULTS.md ("Games solved by search"). */
    unsigned prune_cells;
} gr_search_game;

/* A searcher for one request: its transposition table grows in the arena
 * as it fills, up to about half the arena's budget, then replaces. */
gr_status gr_search_create(gr_arena *arena, const gr_search_game *game, const gr_search_opts *opts,
                           gr_search **out);

/* Inside expand (see the top). */
void gr_search_child_add(gr_search *s, gr_skey key);
/* A component whose value the game knows without a key. */
void gr_search_child_add_value(gr_search *s, unsigned value);
void gr_search_child_end(gr_search *s);

/* Sentinel of gr_search_sum's *value: "not the one asked for". */
#define GR_SEARCH_OTHER (-1)

/* The value of the position made of keys[0..n) and of components worth
 * `extra` in all (XORed in).  want < 0: the exact value.  want >= 0: the
 * search may prune anything that cannot decide whether the value is
 * `want`; *value is then `want` or GR_SEARCH_OTHER (the value is not
 * `want`). */
gr_status gr_search_sum(gr_search *s, const gr_skey *keys, size_t n, unsigned extra, int want,
                        int *value);

void gr_search_get_stats(const gr_search *s, gr_search_stats *out);

/* ---- the root position (search_root.c) ------------------------------------ */

/* The most keyed components one root part, or what a move leaves of it,
 * may hold: a Node Kayles component has at most 64 vertices and a Cram
 * board 64 cells; a Chomp board is one component. */
#define GR_SEARCH_MAX_KEYS 64

/* Components as gr_search_sum takes them: keyed ones and the XOR of those
 * the game values by formula. */
typedef struct gr_search_rest {
    gr_skey key[GR_SEARCH_MAX_KEYS];
    size_t n;
    unsigned extra;
} gr_search_rest;

/* What a game tells the shared root code, once per game (a static table).
 * A request's position is a few *parts* whose values XOR (Node Kayles: the
 * graph's components; Cram: the board's regions; Chomp: the one board),
 * and a move changes one part only; so a move's value is (what it leaves
 * of its part) XOR (the other parts), and the parts' values, searched once
 * for the position's value, are kept for the moves (gr_search_root).  The
 * candidates are the game's moves in its order, numbered 0..ncands-1,
 * some of which may not be moves (a square off a Chomp board, a domino
 * over a blocked cell): the numbering is what keeps every game's move
 * order in the game's own file while the loop that asks, filters and
 * counts them is written once. */
typedef struct gr_search_top {
    size_t move_size;     /* sizeof the game's move struct */
    size_t grundy_offset; /* offsetof(move, grundy): an unsigned */
    /* Part t of the root (t < nparts) as components. */
    void (*part)(const void *ctx, size_t t, gr_search_rest *out);
    /* Candidate i (i < ncands): false when it is no move; else the part it
     * is in and what it leaves of that part. */
    bool (*candidate)(const void *ctx, size_t i, size_t *part, gr_search_rest *out);
    /* Candidate i as the game's move struct, worth `value` after it. */
    void (*write)(const void *ctx, size_t i, unsigned value, void *move);
} gr_search_top;

/* The head of every game's handle (include/grundy/search.h). */
struct gr_search_root {
    const gr_search_top *top;
    const void *ctx; /* the game, passed to top's callbacks */
    gr_search *search;
    size_t nparts, ncands;
    unsigned *part_value; /* once solved */
    bool solved;
    unsigned value;
};

/* Sets r up for the game ctx: its searcher (gr_search_create with game and
 * opts), nparts parts and ncands candidate moves described by top. */
gr_status gr_search_root_init(gr_search_root *r, gr_arena *arena, const gr_search_game *game,
                              const gr_search_opts *opts, const gr_search_top *top, size_t nparts,
                              size_t ncands);

/* A game's side of the root, once for the three games: from its callbacks
 * NAME_part, NAME_candidate and NAME_write (gr_search_top) and its move
 * struct MOVE (with an unsigned `grundy`), defines the table NAME_top and
 * the public NAME_value, NAME_moves, NAME_stats and NAME_root (declared in
 * the game's header) over the handle's member `root` -- so the typed calls
 * and gr_search_value / gr_search_moves are one code path. */
#define GR_SEARCH_ROOT_FACE(NAME, MOVE)                                                            \
    gr_status NAME##_value(NAME *g, unsigned *value)                                               \
    {                                                                                              \
        return gr_search_value(&g->root, value);                                                   \
    }                                                                                              \
    gr_status NAME##_moves(NAME *g, int target, MOVE *out, size_t max, bool count_all,             \
                           size_t *count)                                                          \
    {                                                                                              \
        return gr_search_moves(&g->root, target, out, max, count_all, count);                      \
    }                                                                                              \
    void NAME##_stats(const NAME *g, gr_search_stats *out)                                         \
    {                                                                                              \
        gr_search_root_stats(&g->root, out);                                                       \
    }                                                                                              \
    gr_search_root *NAME##_root(NAME *g)                                                           \
    {                                                                                              \
        return &g->root;                                                                           \
    }                                                                                              \
    static const gr_search_top NAME##_top = {sizeof(MOVE), offsetof(MOVE, grundy), NAME##_part,    \
                                             NAME##_candidate, NAME##_write}

/* The value of Dawson's Kayles (octal 0.07) on a row of n <= 128 cells,
 * by mex: 1 x n Cram and Node Kayles on a path of n - 1 vertices. */
unsigned gr_search_dawson(unsigned n);

/* Population count: the instruction where the compiler may use it, else
 * the SWAR sum (the generic __builtin_popcountll is a libgcc call, which
 * was a tenth of Node Kayles' time). */
static inline unsigned gr_popcount(uint64_t x)
{
#ifdef __POPCNT__
    return (unsigned)__builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (unsigned)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* The low n bits set (n <= 64). */
static inline uint64_t gr_search_low(unsigned n)
{
    return n >= 64 ? ~0ULL : (1ULL << n) - 1;
}

/* The low n bits of x in reverse order (1 <= n <= 64): a row mirrored
 * (Cram), a lattice path walked backwards (Chomp). */
static inline uint64_t gr_search_rev(uint64_t x, unsigned n)
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
    x = __builtin_bswap64(x);
    return n == 0 ? 0 : x >> (64 - n);
}

/* ---- 256-bit nimber sets ------------------------------------------------ */

static inline gr_nset gr_nset_upto(unsigned k) /* {0, ..., k}, k <= 255 */
{
    gr_nset s;
    for (unsigned i = 0; i < 4; i++) {
        unsigned lo = 64 * i;
        s.w[i] = k >= lo + 63 ? ~0ULL : (k < lo ? 0 : (2ULL << (k - lo)) - 1);
    }
    return s;
}

static inline gr_nset gr_nset_single(unsigned v)
{
    gr_nset s = {{0, 0, 0, 0}};
    s.w[v >> 6] = 1ULL << (v & 63);
    return s;
}

static inline bool gr_nset_has(const gr_nset *s, unsigned v)
{
    return (s->w[v >> 6] >> (v & 63)) & 1;
}

static inline void gr_nset_del(gr_nset *s, unsigned v)
{
    s->w[v >> 6] &= ~(1ULL << (v & 63));
}

static inline bool gr_nset_meets(const gr_nset *a, const gr_nset *b)
{
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) |
            (a->w[3] & b->w[3])) != 0;
}

static inline gr_nset gr_nset_and(const gr_nset *a, const gr_nset *b)
{
    gr_nset r;
    for (unsigned i = 0; i < 4; i++) {
        r.w[i] = a->w[i] & b->w[i];
    }
    return r;
}

/* Least and greatest elements; the set must not be empty. */
static inline unsigned gr_nset_min(const gr_nset *s)
{
    unsigned i = 0;
    while (s->w[i] == 0) {
        i++;
    }
    return 64 * i + (unsigned)__builtin_ctzll(s->w[i]);
}

static inline unsigned gr_nset_max(const gr_nset *s)
{
    unsigned i = 3;
    while (s->w[i] == 0) {
        i--;
    }
    return 64 * i + 63 - (unsigned)__builtin_clzll(s->w[i]);
}

/* {v XOR x : v in s}: words move by x's high bits, bits inside a word by
 * swapping blocks of 1, 2, 4, ... 32 bits for each low bit of x. */
static inline gr_nset gr_nset_xor(const gr_nset *s, unsigned x)
{
    static const uint64_t lower[6] = {0x5555555555555555ULL, 0x3333333333333333ULL,
                                      0x0F0F0F0F0F0F0F0FULL, 0x00FF00FF00FF00FFULL,
                                      0x0000FFFF0000FFFFULL, 0x00000000FFFFFFFFULL};
    gr_nset r;
    for (unsigned i = 0; i < 4; i++) {
        uint64_t w = s->w[i ^ (x >> 6)];
        for (unsigned b = 0; b < 6; b++) {
            if (x & (1u << b)) {
                unsigned sh = 1u << b;
                w = ((w & lower[b]) << sh) | ((w >> sh) & lower[b]);
            }
        }
        r.w[i] = w;
    }
    return r;
}

#endif
