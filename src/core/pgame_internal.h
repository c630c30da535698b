/*
 * The ruleset engine's pieces (include/grundy/pgame.h).
 *
 * gr_pg_table maps byte strings (normalised positions) to a 32-bit word:
 * a gr_cgt, a Grundy value, or a won/lost bit.  Open addressing with
 * linear probing on the low word of a 64-bit hash, at most half full; the
 * keys are copied into one byte pool and named by offset, so growing the pool never
 * invalidates a slot.  gr_pg_stack is a stack of byte strings (the
 * positions still to value) in one growing buffer.  Both live in the
 * engine's arena.
 */
#ifndef GR_PGAME_INTERNAL_H
#define GR_PGAME_INTERNAL_H

#include "core/search_budget.h"
#include "grundy/pgame.h"

/* 16 bytes: the outcome search keeps one per position it meets, so the
 * slot is most of its memory.  The hash's low word places the slot (a
 * table has at most 2^32 of them) and screens the keys compared. */
typedef struct gr_pg_slot {
    uint32_t hash;
    uint32_t off;
    uint32_t val;
    uint16_t len; /* at most GR_PG_MAX_POS + 1 */
    uint8_t used; /* a byte: gr_probe_double reads it */
} gr_pg_slot;
_Static_assert(sizeof(gr_pg_slot) == 16, "a slot per position: keep it small");

typedef struct gr_pg_table {
    gr_pg_slot *slots;
    size_t cap, used;
    uint8_t *keys;
    size_t klen, kcap;
} gr_pg_table;

uint64_t gr_pg_hash(const uint8_t *k, size_t len);
bool gr_pg_table_get(const gr_pg_table *t, const uint8_t *k, size_t len, uint32_t *val);
/* Stores (or replaces) the word of k; GR_ENOMEM when the table cannot grow. */
gr_status gr_pg_table_put(gr_arena *a, gr_pg_table *t, const uint8_t *k, size_t len, uint32_t val);
/* The same with h = gr_pg_hash(k, len) already known: a key asked for
 * more than once (the outcome search's children: looked up to order
 * them, again when tried, then stored) is hashed once. */
bool gr_pg_table_get_h(const gr_pg_table *t, uint64_t h, const uint8_t *k, size_t len,
                       uint32_t *val);
gr_status gr_pg_table_put_h(gr_arena *a, gr_pg_table *t, uint64_t h, const uint8_t *k, size_t len,
                            uint32_t val);

typedef struct gr_pg_stack {
    uint8_t *bytes;
    size_t nb, cb;
    size_t *ends; /* entry i is bytes[ends[i-1] .. ends[i]) */
    size_t n, cap;
} gr_pg_stack;

gr_status gr_pg_stack_push(gr_arena *a, gr_pg_stack *s, const uint8_t *pos, size_t len);
/* The top entry (n > 0). */
static inline const uint8_t *gr_pg_stack_top(const gr_pg_stack *s, size_t *len)
{
    size_t start = s->n > 1 ? s->ends[s->n - 2] : 0;
    *len = s->ends[s->n - 1] - start;
    return s->bytes + start;
}
static inline void gr_pg_stack_pop(gr_pg_stack *s)
{
    s->n--;
    s->nb = s->n > 0 ? s->ends[s->n - 1] : 0;
}
static inline void gr_pg_stack_cut(gr_pg_stack *s, size_t n)
{
    s->n = n;
    s->nb = n > 0 ? s->ends[n - 1] : 0;
}

/* What a region table holds: canonical values, or the impartial variant's
 * Grundy values. */
typedef enum gr_pg_mode { GR_PG_VALUES = 0, GR_PG_GRUNDY = 1 } gr_pg_mode;

struct gr_pg {
    gr_value_search vs; /* first (gr_value_search_new): arena, store, node budget */
    const gr_pg_rules *rules;
    const void *ctx;
    gr_pg_table regions[2];      /* by mode: normalised region -> value */
    gr_pg_table wins;            /* normalised position + side byte -> won moving first */
    gr_pg_stack todo;            /* regions still to value */
    uint8_t cur[GR_PG_MAX_POS];  /* the region being expanded */
    uint8_t norm[GR_PG_MAX_POS]; /* a region being normalised */
    uint32_t *opts[2];           /* the expanded region's option values, per side */
    size_t nopts[2], optcap[2];
};

/* The forecast's levels kept (gr_pg_estimate), the ratios its fit
 * reads, and the least fall of the ratio's log per level it assumes. */
#define GR_PG_EST_LEVELS 512u
#define GR_PG_EST_FIT 4u
#define GR_PG_EST_MIN_STEP 0.02
/* Levels a probe must finish before it extrapolates (fewer: the forecast
 * is only the regions met): from two ratios, a probe of a few hundred
 * regions forecast 10^8 for a board of 10^6. */
#define GR_PG_EST_MIN_LEVELS 3u

/* pos normalised into g->norm (*len its length; *negated when it is the
 * negative of pos). */
gr_status gr_pg_normalise(gr_pg *g, const uint8_t *pos, size_t len, size_t *out_len, bool *negated);

/* One more position expanded: the node budget and the stop conditions. */
gr_status gr_pg_tick(gr_pg *g);

/* The move order of the outcome searches (pgame_outcome.c, and the sum
 * search's ruleset regions, sum_position_pg.c): fewest replies for the
 * opponent first.  *out: how many moves `side` has from pos, counted up
 * to most + 1 and no further (UINT32_MAX: all). */
gr_status gr_pg_replies(const gr_pg_rules *rules, const void *ctx, const uint8_t *pos, size_t len,
                        gr_pg_side side, uint32_t most, uint32_t *out);
/* Inserts item i into ord[first .. i), kept by score ascending, stable. */
static inline void gr_pg_rank(uint32_t *ord, const uint32_t *score, size_t first, size_t i)
{
    size_t j = i;
    while (j > first && score[ord[j - 1]] > score[i]) {
        ord[j] = ord[j - 1];
        j--;
    }
    ord[j] = (uint32_t)i;
}

#endif
