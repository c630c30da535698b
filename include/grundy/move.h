/*
 * A move of any game family as plain data: the form in which every
 * family hands its moves to the JSON layer, which has one writer for all
 * of them (json/move_write.c) guided by the family's move shape (the
 * names of the members).  A sum of games composes its components' moves
 * from these records, and the core's heap games (grundy/heap_position.h)
 * and the other families' own move structs map onto one in O(1).
 */
#ifndef GRUNDY_MOVE_H
#define GRUNDY_MOVE_H

#include <stdint.h>

#define GR_MOVE_NUMS 4 /* whole-number members of a move */
#define GR_MOVE_LIST 4 /* entries of its one list member */

typedef struct gr_move {
    uint64_t num[GR_MOVE_NUMS];  /* "pile", "take", "from", "to", ... in the shape's order */
    uint64_t list[GR_MOVE_LIST]; /* the leaves of a split, an edge's ends, two cells */
    uint32_t nlist;
    const char *text; /* a string member (a tree's path), or NULL: not written */
    const char *raw;  /* a member the family wrote as text already (an ordinal
                       * tree), written verbatim; NULL: not written */
} gr_move;

#endif
