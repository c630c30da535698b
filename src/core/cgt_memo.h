/*
 * The values a partizan search has found, by position: a bitboard and a
 * tag (Domineering's box width; 0 where the bits alone say the position,
 * as Coloured Hackenbush's edges in play).  Open addressing with linear
 * probing, at most half full, grown in the arena; a zeroed gr_cgt_memo is
 * empty.  Beside it the explicit stack of the positions still to value
 * and the loop that values them, so a search only says how a position
 * expands.  Shared by domineering_value.c and hackenbush_colored.c.
 */
#ifndef GR_CGT_MEMO_H
#define GR_CGT_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/cgt.h"

typedef struct gr_cgt_memo_entry {
    uint64_t bits;
    gr_cgt val;
    uint8_t tag, used; /* used a byte: gr_probe_double reads it */
} gr_cgt_memo_entry;

/* A position still to value, on the search's explicit stack. */
typedef struct gr_cgt_memo_pos {
    uint64_t bits;
    unsigned tag;
} gr_cgt_memo_pos;

typedef struct gr_cgt_memo {
    gr_cgt_memo_entry *tab;
    size_t cap, used;       /* slots, and positions stored */
    gr_cgt_memo_pos *stack; /* positions still to value */
    size_t sn, scap;
    /* What an expansion left pending keeps for its second one (the
     * expander's own words, LIFO like the stack: a position's words are
     * on top again when it is expanded again), so the second expansion
     * does not redo the first one's work; cut back with the stack. */
    uint64_t *aux;
    size_t an, acap;
} gr_cgt_memo;

static inline size_t gr_cgt_memo_hash(uint64_t bits, unsigned tag)
{
    uint64_t x = bits * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)tag << 58) ^ (bits >> 29);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    return (size_t)(x ^ (x >> 29));
}

/* Whether (bits, tag) has a value, and the value. */
static inline bool gr_cgt_memo_get(const gr_cgt_memo *m, uint64_t bits, unsigned tag, gr_cgt *val)
{
    if (m->cap == 0) {
        return false;
    }
    for (size_t i = gr_cgt_memo_hash(bits, tag) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        const gr_cgt_memo_entry *e = &m->tab[i];
        if (!e->used) {
            return false;
        }
        if (e->bits == bits && e->tag == tag) {
            *val = e->val;
            return true;
        }
    }
}

/* Stores the value of (bits, tag), which has none yet; GR_ENOMEM when the
 * table cannot grow. */
gr_status gr_cgt_memo_put(gr_arena *arena, gr_cgt_memo *m, uint64_t bits, unsigned tag, gr_cgt val);

/* Pushes (bits, tag) on the stack of positions still to value. */
gr_status gr_cgt_memo_push(gr_arena *arena, gr_cgt_memo *m, uint64_t bits, unsigned tag);

/* Appends n words to the memo's aux stack. */
gr_status gr_cgt_memo_aux_push(gr_arena *arena, gr_cgt_memo *m, const uint64_t *w, size_t n);

/* Expands one position of the game ctx: stores its value
 * (gr_cgt_memo_put), or sets *pending after pushing the positions its
 * options need first. */
typedef gr_status (*gr_cgt_memo_expand)(void *ctx, uint64_t bits, unsigned tag, bool *pending);

/* Values every position pushed above `base`, the top first: one already
 * valued is popped, another is expanded and popped unless it is pending.
 * On failure the stack is cut back to base. */
gr_status gr_cgt_memo_drain(gr_cgt_memo *m, size_t base, gr_cgt_memo_expand expand, void *ctx);

#endif
