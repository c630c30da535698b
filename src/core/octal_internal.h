/*
 * What the octal solver's files share (octal.c parses codes and confirms
 * periods, octal_values.c computes values, octal_moves.c finds moves).
 * Not a public header.
 */
#ifndef GR_OCTAL_INTERNAL_H
#define GR_OCTAL_INTERNAL_H

#include "grundy/octal.h"

/* g(h) for h < computed. */
static inline unsigned gr_octal_raw(const gr_octal_table *t, uint64_t h)
{
    return t->width == 1 ? ((const uint8_t *)t->values)[h] : ((const uint16_t *)t->values)[h];
}

/* g(h) for a heap in the table or, the table being periodic, beyond it. */
static inline uint64_t gr_octal_value_at(const gr_octal_table *t, uint64_t h)
{
    if (h < t->computed) {
        return gr_octal_raw(t, h);
    }
    return gr_octal_raw(t, t->preperiod + (h - t->preperiod) % t->period);
}

/* The value computation (octal_values.c): an engine that holds
 * everything it needs to go on, so a table can grow in steps -- as far as
 * a request needs, then further in the background -- with the same values
 * and the same periodicity checks, at the same table lengths, as one long
 * run.  Values g(0..n-1) are final once written; the array they are in is
 * replaced (never moved in place) when it grows, the old one kept on
 * `retired` until the owner knows nobody reads it (gr_octal_grower_reclaim),
 * so a reader holding a table view may keep reading while the engine runs
 * on another thread. */

/* Called every so often with the values so far; true: stop (the period is
 * confirmed).  next holds when the engine would check again; the check may
 * put it later (never earlier) when it knows nothing can be confirmed
 * before. */
typedef bool gr_octal_check_fn(void *ctx, const uint16_t *g, uint64_t have, uint64_t *next);

typedef struct gr_octal_sets3 {
    uint64_t *x, *y; /* X(c), Y(m) for c, m < n, `words` each */
    size_t words;
    uint64_t len;
    uint64_t filled; /* X(c), Y(c) are filled for c < filled */
} gr_octal_sets3;

typedef struct gr_octal_retired {
    void *p;
    size_t bytes;
    struct gr_octal_retired *next;
} gr_octal_retired;

typedef struct gr_octal_engine {
    gr_arena *arena;
    const gr_octal_code *code;
    _Atomic uint64_t *progress;
    uint16_t *g;
    uint64_t alloc; /* g's length */
    uint64_t n;     /* values known */
    uint64_t cap;   /* the most values it may compute */
    uint64_t maxv;
    bool stable_g;             /* replace g when it grows (readers may hold it) */
    gr_octal_retired *retired; /* arrays replaced, not yet freed */
    size_t words;              /* bitsets: 64 * words > every value so far */
    uint64_t *uni;
    unsigned char *seen; /* 64 * words bytes: the wide sparse mex's set */
    uint64_t *ring;      /* t + 1 slots of X(c) (full scans), ring_words each */
    uint64_t *ring_c;    /* the c each slot holds, or UINT64_MAX */
    size_t ring_words;
    uint64_t work; /* pairs since the last poll */
    /* remainders of the current heap */
    unsigned nrem;
    uint64_t rem[GR_OCTAL_MAX_DIGITS + 1];
    uint64_t half[GR_OCTAL_MAX_DIGITS + 1];
    uint64_t cursor[GR_OCTAL_MAX_DIGITS + 1];
    /* sparse space */
    bool on, given_up;
    uint32_t mask;       /* over e(h) = 2 g(h) + h mod 2 */
    unsigned rare_class; /* parity(e(h) & mask) of the rare heaps */
    uint32_t *rare;
    size_t nrare, rcap;
    uint64_t sparse_work; /* pairs looked at since the last choice */
    /* three-heap codes */
    gr_octal_sets3 s3;
    /* the periodicity checks */
    gr_octal_check_fn *check;
    void *check_ctx;
    uint64_t next_check, checked;
    bool stopped; /* the check said stop: the period is confirmed */
} gr_octal_engine;

/* An engine with no values yet, computing at most cap values. */
gr_status gr_octal_engine_init(gr_octal_engine *E, gr_arena *arena, const gr_octal_code *code,
                               uint64_t cap, gr_octal_check_fn *check, void *ctx);
/* Starts from n known values (a stored checkpoint), as if computed here. */
gr_status gr_octal_engine_seed(gr_octal_engine *E, const void *values, unsigned width, uint64_t n);
/* Computes values until E->n >= target (at most cap), the check stops it,
 * or gr_arena_check fails (GR_ETIME, GR_ECANCELLED: the values so far stay,
 * and a later call goes on from them).  Any other failure leaves the values
 * below E->n valid, but the engine must not run again. */
gr_status gr_octal_engine_run(gr_octal_engine *E, uint64_t target);
/* Runs the check on the values so far if it has not seen them all. */
void gr_octal_engine_settle(gr_octal_engine *E);
/* Frees the replaced arrays. */
void gr_octal_engine_reclaim(gr_octal_engine *E);
/* Frees the scratch (not the values). */
void gr_octal_engine_fini(gr_octal_engine *E);

/* ---- shared by octal_values.c, octal_sparse.c and octal_sets3.c ---- */

/* Whether heap h of value v is rare under the engine's mask. */
static inline bool gr_octal_is_rare(const gr_octal_engine *E, uint64_t h, unsigned v)
{
    return (unsigned)__builtin_parity(((v << 1) | (unsigned)(h & 1)) & E->mask) == E->rare_class;
}

static inline void gr_octal_set_bit(uint64_t *u, unsigned x)
{
    u[x >> 6] |= 1ull << (x & 63);
}

/* Appends h to the rare list. */
gr_status gr_octal_rare_push(gr_octal_engine *E, uint64_t h);
/* (Re)chooses the mask over the whole table, rebuilds the rare list and
 * decides whether the method pays (E->on). */
gr_status gr_octal_sparse_choose(gr_octal_engine *E);
/* Room in s for the sets of remainders below need, at E->words words. */
gr_status gr_octal_sets3_grow(gr_octal_engine *E, gr_octal_sets3 *s, uint64_t need);
/* X(c) and Y(c) from g(1..c-1). */
void gr_octal_sets3_fill(gr_octal_engine *E, gr_octal_sets3 *s, uint64_t c);

#endif
