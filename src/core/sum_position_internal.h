/*
 * The regions of a sum searched as positions (include/grundy/sum_position.h),
 * shared by the two kinds of region: Domineering's (src/core/sum_position.c,
 * handles GR_SUM_POS_BIT | index) and the ruleset engine's
 * (src/core/sum_position_pg.c, handles GR_SUM_POS_BIT | GR_SUM_POS_PG_BIT |
 * index).
 */
#ifndef GR_SUM_POSITION_INTERNAL_H
#define GR_SUM_POSITION_INTERNAL_H

#include "core/pgame_internal.h"
#include "grundy/domineering.h"
#include "grundy/sum_position.h"

/* A Domineering region's handle has bit 30 clear, a ruleset region's set. */
#define GR_SUM_POS_PG_BIT 0x40000000u
#define GR_SUM_POS_INDEX 0x3fffffffu

static inline bool gr_sum_pos_is_pg(gr_cgt h)
{
    return (h & GR_SUM_POS_PG_BIT) != 0;
}

typedef struct gr_sum_region {
    uint64_t bits; /* the key's cells, width w */
    uint8_t w, neg;
    uint8_t nm[2];     /* moves of each key orientation (0 vertical), when order[o] */
    uint8_t sure[2];   /* Left's (0) and Right's disjoint dominoes on cells only they cover */
    uint8_t most[2];   /* the most dominoes Left (0) and Right can ever place */
    bool selfneg;      /* its own transposition up to mirrors: G = -G */
    uint8_t *order[2]; /* the key's dominoes (their first cells) best first, or NULL */
} gr_sum_region;

/* A ruleset engine of the request: one per (rules, ctx). */
typedef struct gr_sum_pgeng {
    const gr_pg_rules *rules;
    const void *ctx;
    gr_pg *g;
    uint64_t tries, fails; /* regions it tried to value, and failed to */
} gr_sum_pgeng;

/* A ruleset region met by the search: its normalised bytes (bytes[off ..
 * off+len)) in engine eng, standing for their negative when neg; its
 * canonical value when valued (then it is never a handle), else a
 * position, whose moves for Left (0) and Right once listed are at
 * mv[list - 1]: the count, then each move's start in mv (a count of
 * handles, then the handles). */
typedef struct gr_sum_pgreg {
    uint32_t eng, off, len;
    uint8_t neg;
    bool valued;
    gr_cgt value;
    uint32_t twin; /* a position's sign-twin (its negative) index + 1, 0 none yet */
    uint32_t list[2];
} gr_sum_pgreg;

struct gr_sum_pos {
    gr_arena *arena;
    gr_cgt_store *store;
    gr_dom *dom; /* the value search of small regions */
    gr_sum_region *reg;
    size_t nreg, regcap;
    uint32_t *tab; /* region index + 1, 0 an empty slot */
    size_t tabcap;
    void *search; /* cgt_sum.c's state between searches */
    /* ruleset regions (sum_position_pg.c) */
    gr_search_opts opts;
    gr_sum_pgeng *eng;
    size_t neng, engcap;
    gr_sum_pgreg *pg;
    size_t npg, pgcap;
    uint64_t *pgtab; /* a piece of the hash, ruleset region index + 1; 0 an empty slot */
    size_t pgtabcap;
    uint8_t *bytes; /* the ruleset regions' normalised bytes */
    size_t nbytes, bytecap;
    uint32_t *mv; /* their move lists */
    size_t nmv, mvcap;
    gr_pg_stack after, regions; /* scratch: positions after moves, regions of one */
    gr_pg_move *moves;          /* scratch: the moves' records */
    size_t movecap;
    gr_cgt *tmp; /* scratch: the handles of one position */
    size_t tmpcap;
    uint8_t key[GR_PG_MAX_POS], cur[GR_PG_MAX_POS];
    uint64_t value_nodes; /* nodes spent valuing ruleset regions, against opts' budget */
};

/* Ruleset regions' counterparts of gr_sum_pos_move / _negative (h one). */
gr_status gr_sum_pos_pg_move(gr_sum_pos *p, gr_cgt h, bool left, uint32_t j, gr_cgt *out,
                             size_t *n, bool *has);
bool gr_sum_pos_pg_negative(const gr_sum_pos *p, gr_cgt h, gr_cgt *out);

#endif
