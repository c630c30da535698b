/* Shared between the cgt_*.c files of the core only (not public API). */
#ifndef GR_CGT_INTERNAL_H
#define GR_CGT_INTERNAL_H

#include "grundy/cgt.h"

#define GR_CGT_NONE UINT32_MAX

/* ---- dyadic rationals (cgt_dyadic.c) ---------------------------------- */
/* Every result is reduced; false when it does not fit (|num| < 2^62,
 * exp <= 62), which the callers turn into GR_ELIMIT. */
bool gr_dy_reduce(gr_dyadic *d);
bool gr_dy_add(gr_dyadic a, gr_dyadic b, gr_dyadic *out);
bool gr_dy_sub(gr_dyadic a, gr_dyadic b, gr_dyadic *out);
bool gr_dy_half(gr_dyadic a, gr_dyadic *out);
/* -1, 0 or 1 as a <, = or > b; inline, as the order's stop tests call it
 * three times a comparison (5 % of a Domineering value as a call). */
static inline int gr_dy_cmp(gr_dyadic a, gr_dyadic b)
{
    if (a.exp == b.exp) { /* most stops are integers */
        return a.num < b.num ? -1 : a.num > b.num;
    }
    /* a.num * 2^(e - a.exp) against b.num * 2^(e - b.exp) without
     * overflow: the one with the smaller exponent shifted in 128 bits */
    __int128 x = a.num, y = b.num;
    if (a.exp < b.exp) {
        x *= (__int128)1 << (b.exp - a.exp);
    } else {
        y *= (__int128)1 << (a.exp - b.exp);
    }
    return x < y ? -1 : x > y;
}
gr_dyadic gr_dy_int(int64_t n);
gr_dyadic gr_dy_neg(gr_dyadic a);
static inline bool gr_dy_eq(gr_dyadic a, gr_dyadic b)
{
    return a.num == b.num && a.exp == b.exp;
}
/* The simplest number strictly between lo and hi (either side may be
 * absent: has_lo/has_hi false), as the simplicity theorem picks it. */
bool gr_dy_simplest(bool has_lo, gr_dyadic lo, bool has_hi, gr_dyadic hi, gr_dyadic *out);

/* ---- a map from 64-bit keys to 32-bit values (cgt_map.c) -------------- */
/* Open addressing.  A generation number lets a map be emptied in O(1)
 * (gr_cgt_map_clear): entries of an older generation count as empty. */
typedef struct gr_cgt_map_slot {
    uint64_t key;
    uint32_t value, gen;
} gr_cgt_map_slot;

typedef struct gr_cgt_map {
    gr_cgt_map_slot *slots;
    size_t cap, count; /* cap a power of two; count: entries of this gen */
    uint32_t gen;      /* >= 1; slots with gen 0 were never used */
} gr_cgt_map;

gr_status gr_cgt_map_init(gr_arena *a, gr_cgt_map *m, size_t cap);
bool gr_cgt_map_get(const gr_cgt_map *m, uint64_t key, uint32_t *value);
gr_status gr_cgt_map_put(gr_arena *a, gr_cgt_map *m, uint64_t key, uint32_t value);
void gr_cgt_map_clear(gr_cgt_map *m);

/* The answers of gr_cgt_leq by ordered pair of handles, a word a slot
 * (half a gr_cgt_map slot: the table is the value search's largest and
 * its lookups miss the cache): the pair a << 32 | b with the answer in
 * bit 63, 0 empty.  Needs handles below 2^31 (a store holds at most
 * GR_CGT_MAX_NODES = 2^22; gr_cgt_leq_map_put checks it).  Never emptied. */
typedef struct gr_cgt_leq_map {
    uint64_t *slots;
    size_t cap, count; /* cap a power of two */
} gr_cgt_leq_map;

gr_status gr_cgt_leq_map_init(gr_arena *a, gr_cgt_leq_map *m, size_t cap);
gr_status gr_cgt_leq_map_put(gr_arena *a, gr_cgt_leq_map *m, gr_cgt x, gr_cgt y, bool le);

static inline bool gr_cgt_leq_map_get(const gr_cgt_leq_map *m, gr_cgt x, gr_cgt y, bool *le)
{
    uint64_t key = ((uint64_t)x << 32) | y;
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;
    for (size_t i = (size_t)(h ^ (h >> 29)) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        uint64_t e = m->slots[i];
        if (e == 0) {
            return false;
        }
        if ((e & ~(1ULL << 63)) == key) {
            *le = (e >> 63) != 0;
            return true;
        }
    }
}

static inline uint64_t gr_cgt_pair(gr_cgt a, gr_cgt b)
{
    return ((uint64_t)a << 32) | b;
}

/* ---- the store (cgt_store.c) ------------------------------------------ */
enum {
    GR_CGT_F_NUMBER = 1,  /* the game is the number `value` */
    GR_CGT_F_UPTIMAL = 2, /* the game is value + ups.^ + *nim */
    GR_CGT_F_STOPS = 4,   /* lstop/rstop are known (every node, from interning on) */
};

/* The fields in the order of their use: the stops (all that most
 * comparisons and the domination check read) at bytes 16-47, which are
 * in one cache line for a node starting at 0 or 32 mod 64 as for one at
 * 16 or 48 (nodes are 96 bytes: their starts alternate), then the
 * options and the flags, the rest after. */
typedef struct gr_cgt_node {
    const gr_cgt *opts; /* nl left options then nr right, each sorted by handle */
    uint32_t nl, nr;
    gr_dyadic lstop, rstop;
    uint32_t flags;
    uint32_t hash;
    uint32_t depth;  /* longest chain of non-number options; 0 for numbers */
    uint32_t neg;    /* handle of the negative, or GR_CGT_NONE until known */
    gr_dyadic value; /* the number, or the number part of an uptimal */
    uint32_t thermo; /* index into the store's thermographs, or GR_CGT_NONE */
    int32_t ups;     /* with GR_CGT_F_UPTIMAL */
    uint32_t nim;    /* with GR_CGT_F_UPTIMAL */
} gr_cgt_node;

/* A wall of a thermograph, for temperatures t >= 0: points (t[i], v[i])
 * with t[0] = 0, and from each point on the value changes by s[i] per unit
 * of temperature until the next point (for the last one: for ever). */
typedef struct gr_cgt_wall {
    gr_dyadic *t, *v;
    int8_t *s;
    uint32_t n;
} gr_cgt_wall;

typedef struct gr_cgt_thermo {
    gr_cgt_wall left, right; /* both end in the vertical mast (tail 0) */
    gr_dyadic mean, temp;
} gr_cgt_thermo;

struct gr_cgt_store {
    gr_arena *arena;
    gr_cgt_node *nodes;
    size_t count, cap;
    uint32_t *table; /* interning: node index + 1, 0 empty; open addressing */
    size_t table_cap;
    gr_cgt_leq_map leq_memo; /* pair -> 0/1 */
    gr_cgt_map add_memo;     /* pair -> handle */
    gr_cgt_map temp_memo;    /* comparisons with the game being simplified */
    gr_cgt_map number_index; /* gr_cgt_number_key(value) -> handle */
    gr_cgt_thermo *thermos;
    size_t thermo_count, thermo_cap;
    uint64_t steps;      /* work counter: gr_arena_check every 4096 */
    uint64_t step_limit; /* GR_ELIMIT past it (0: none): gr_cgt_store_limit */
    size_t byte_limit;   /* GR_ELIMIT past these arena bytes (0: none): gr_cgt_store_limit_bytes */
    bool reference_order; /* tests: gr_cgt_leq by Conway's definition alone */
};

static inline const gr_cgt_node *gr_cgt_node_of(const gr_cgt_store *s, gr_cgt g)
{
    return &s->nodes[g];
}
static inline bool gr_cgt_num(const gr_cgt_store *s, gr_cgt g)
{
    return (s->nodes[g].flags & GR_CGT_F_NUMBER) != 0;
}

/* Tests: compare by Conway's definition alone (no stop short cut), the
 * slow reference the fast order is checked against. */
static inline void gr_cgt_store_reference_order(gr_cgt_store *s, bool on)
{
    s->reference_order = on;
}

/* Polls the arena's stop conditions every few thousand calls. */
gr_status gr_cgt_tick(gr_cgt_store *s);

/* A node's options as it keeps them: the nl left ones, then the nr right
 * ones, in one array. */
typedef struct gr_cgt_opts {
    const gr_cgt *opts;
    size_t nl, nr;
} gr_cgt_opts;

/* The step of a computation that visits each node once and reads its
 * options (the stops, the thermograph): a tick (gr_cgt_tick's status),
 * and g's options in *o. */
static inline gr_status gr_cgt_visit(gr_cgt_store *s, gr_cgt g, gr_cgt_opts *o)
{
    const gr_cgt_node *n = &s->nodes[g];
    *o = (gr_cgt_opts){n->opts, n->nl, n->nr};
    return gr_cgt_tick(s);
}

/* The handle of {left|right} when the lists are already canonical (sorted,
 * no duplicates, no dominated or reversible options): looked up, or
 * added. */
gr_status gr_cgt_intern(gr_cgt_store *s, const gr_cgt *left, size_t nl, const gr_cgt *right,
                        size_t nr, gr_cgt *out);

/* Sets the uptimal tag of a new node from its options' tags (cgt_print.c). */
void gr_cgt_classify(gr_cgt_store *s, gr_cgt g);

/* x + n.^ + *m from its canonical form (cgt_uptimal.c). */
gr_status gr_cgt_uptimal(gr_cgt_store *s, gr_dyadic x, int64_t n, uint64_t m, gr_cgt *out);

/* Comparisons with a game G = {L|R} that is not in the store (cgt_order.c):
 * X <= G and G <= Y for canonical X, Y. */
typedef struct gr_cgt_temp {
    const gr_cgt *left, *right;
    size_t nl, nr;
} gr_cgt_temp;
gr_status gr_cgt_leq_temp_x(gr_cgt_store *s, gr_cgt x, const gr_cgt_temp *g, bool *out);
gr_status gr_cgt_leq_temp_y(gr_cgt_store *s, const gr_cgt_temp *g, gr_cgt y, bool *out);

#endif
