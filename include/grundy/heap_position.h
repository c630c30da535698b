/*
 * Positions of the heap games (octal and subtraction games): several heaps
 * read against one value table.  The value of the position is the XOR of
 * the heaps' values (Sprague-Grundy); a move in heap i to a position of
 * value `target` must leave heap i worth g_i ^ value ^ target.  This is the
 * per-position logic beside Nim's (grundy/nim.h): the tables themselves
 * are built by grundy/octal.h and grundy/subtraction.h.
 *
 * Moves come out as gr_heap_move records, in heap order and within a heap
 * in the table's order; counts saturate at UINT64_MAX (a heap of 2^62
 * tokens has more splits than a uint64_t counts in a sum of many).
 */
#ifndef GRUNDY_HEAP_POSITION_H
#define GRUNDY_HEAP_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/octal.h"
#include "grundy/status.h"
#include "grundy/subtraction.h"

/* One move: heap `heap` (an index) of `from` tokens loses `take` of them
 * and leaves the heaps leaves[0..nleaves) in its place (a subtraction
 * game: one leaf, from - take, possibly 0); `after` is the value of the
 * whole position after the move. */
typedef struct gr_heap_move {
    size_t heap;
    uint64_t from, take;
    uint32_t nleaves;
    uint64_t leaves[3];
    uint64_t after;
} gr_heap_move;

/* The heaps (borrowed), each one's value (grundy[i], in the arena) and
 * their XOR. */
typedef struct gr_heap_pos {
    const uint64_t *heaps;
    size_t n;
    uint64_t *grundy;
    uint64_t value;
} gr_heap_pos;

/* A growing list of moves in an arena, never past `room` records, with
 * the count of every move seen (listed or not). */
typedef struct gr_heap_moves {
    gr_arena *arena;
    gr_heap_move *item;
    size_t listed, cap;
    uint64_t room;
    unsigned __int128 count;
} gr_heap_moves;

/* Which bound stopped a move search that answered GR_ELIMIT. */
typedef enum gr_heap_limit {
    GR_HEAP_LIMIT_NONE,
    GR_HEAP_LIMIT_WORK,    /* the table's pair checks (GR_OCTAL_MAX_MOVE_WORK) */
    GR_HEAP_LIMIT_SEARCHES /* every move: GR_HEAP_MAX_ALL_SEARCHES (heap, value) searches */
} gr_heap_limit;

/* Listing every move of an octal position asks the table for each heap
 * and each value a heap may be left with; past this many such searches
 * the listing stops with GR_ELIMIT. */
#define GR_HEAP_MAX_ALL_SEARCHES (1ull << 24)

/* a + b, or UINT64_MAX when that does not fit. */
static inline uint64_t gr_heap_add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The position of n heaps under table t: each heap's value and the XOR.
 * A heap the table cannot answer (past its computed values without a
 * confirmed period) is GR_ELIMIT with its index in *bad; GR_ENOMEM when
 * the arena is exhausted. */
gr_status gr_octal_pos_init(gr_arena *arena, const gr_octal_table *t, const uint64_t *heaps,
                            size_t n, gr_heap_pos *out, size_t *bad);
gr_status gr_sub_pos_init(gr_arena *arena, const gr_sub_table *t, const uint64_t *piles, size_t n,
                          gr_heap_pos *out, size_t *bad);

/* The moves to a position of value target: the first list->room of them
 * are appended to list (grown in its arena as they are found), and the
 * number of all of them goes to *count -- exact with count_all, else at
 * least 1 when one exists (the search stops once the room is full and one
 * is found); list->count is not used.  Repeated heaps are counted once (a
 * memo per heap size, or per reduced pile of a subtraction game), so
 * counting the moves of a million equal heaps costs one heap's search.
 * Octal: GR_ELIMIT with *limit = GR_HEAP_LIMIT_WORK past the table's move
 * work.  Either: GR_ENOMEM, or GR_EINTERNAL for a heap without a value. */
gr_status gr_octal_pos_moves_to(gr_octal_table *t, const gr_heap_pos *p, uint64_t target,
                                bool count_all, gr_heap_moves *list, uint64_t *count,
                                gr_heap_limit *limit);
gr_status gr_sub_pos_moves_to(const gr_sub_table *t, const gr_heap_pos *p, uint64_t target,
                              bool count_all, gr_heap_moves *list, uint64_t *count);

/* Every move of the position, heap by heap, appended to list (the first
 * list->room of them) and counted in list->count.  Octal: within a heap
 * by the value the heap is left with (0, 1, ... below 2^bits of the
 * table's largest value, since an option is an XOR of table values), then
 * in the table's order; GR_ELIMIT with *limit saying which bound (the
 * table's work, or GR_HEAP_MAX_ALL_SEARCHES searches); polls
 * gr_arena_check (GR_ETIME, GR_ECANCELLED).  Subtraction: takes
 * ascending; a heap's count costs O(log |S|) and only listed moves read
 * the table. */
gr_status gr_octal_pos_moves_all(gr_octal_table *t, const gr_heap_pos *p, gr_heap_moves *list,
                                 gr_heap_limit *limit);
gr_status gr_sub_pos_moves_all(const gr_sub_table *t, const gr_heap_pos *p, gr_heap_moves *list);

/* The next free record of list (NULL when room are listed, or on
 * GR_ENOMEM: then *st is set). */
gr_heap_move *gr_heap_moves_add(gr_heap_moves *list, gr_status *st);

#endif
