/*
 * Nim.  The Grundy value of a position is the XOR of its piles
 * (Sprague-Grundy); a move to value t changes one pile p into
 * p XOR value XOR t, which is a move exactly when that is smaller than p.
 *
 * Misère Nim (last mover loses) plays like normal Nim until the move that
 * would leave no pile above 1; there the player leaves an odd number of
 * 1-piles instead (Bouton).
 */
#ifndef GRUNDY_NIM_H
#define GRUNDY_NIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/status.h"

typedef struct gr_nim_move {
    size_t pile;
    uint64_t from, to;
} gr_nim_move;

/* XOR of the piles. */
uint64_t gr_nim_value(const uint64_t *piles, size_t n);

/* Whether the player to move wins misère Nim. */
bool gr_nim_misere_first_wins(const uint64_t *piles, size_t n);

/* Moves that bring a normal-play position of the given value to value
 * `target`, in pile order.  Writes at most `max` into out (out may be NULL
 * when max is 0) and the number of all such moves into *count. */
void gr_nim_moves_to(const uint64_t *piles, size_t n, uint64_t value,
                     uint64_t target, gr_nim_move *out, size_t max,
                     size_t *count);

/* The winning moves of misère Nim (to positions the mover wins from),
 * same conventions as gr_nim_moves_to. */
void gr_nim_misere_moves(const uint64_t *piles, size_t n, gr_nim_move *out,
                         size_t max, size_t *count);

#endif
