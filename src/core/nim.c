/*
 * Nim, normal and misère (see include/grundy/nim.h).
 */
#include "grundy/nim.h"

uint64_t gr_nim_value(const uint64_t *piles, size_t n)
{
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        x ^= piles[i];
    }
    return x;
}

static void gr_nim_emit(gr_nim_move *out, size_t max, size_t *count,
                        size_t pile, uint64_t from, uint64_t to)
{
    if (*count < max) {
        out[*count] = (gr_nim_move){pile, from, to};
    }
    (*count)++;
}

void gr_nim_moves_to(const uint64_t *piles, size_t n, uint64_t value,
                     uint64_t target, gr_nim_move *out, size_t max,
                     size_t *count)
{
    uint64_t delta = value ^ target;
    *count = 0;
    if (delta == 0) {
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t to = piles[i] ^ delta;
        if (to < piles[i]) {
            gr_nim_emit(out, max, count, i, piles[i], to);
        }
    }
}

/* Counts piles above 1 and piles equal to 1. */
static void gr_nim_census(const uint64_t *piles, size_t n, size_t *big,
                          size_t *ones)
{
    *big = *ones = 0;
    for (size_t i = 0; i < n; i++) {
        *big += piles[i] > 1;
        *ones += piles[i] == 1;
    }
}

bool gr_nim_misere_first_wins(const uint64_t *piles, size_t n)
{
    size_t big, ones;
    gr_nim_census(piles, n, &big, &ones);
    if (big == 0) {
        return ones % 2 == 0;
    }
    return gr_nim_value(piles, n) != 0;
}

/*
 * With no pile above 1 the mover wins by taking a 1-pile when the count of
 * 1-piles is even (any of them).  With exactly one pile above 1 the only
 * winning move reduces that pile to 0 or 1, whichever leaves an odd number
 * of 1-piles: any other move leaves a pile above 1 and a non-zero nim-sum.
 * With two or more piles above 1 no move can leave all piles at most 1,
 * so the winning moves are exactly normal play's.
 */
void gr_nim_misere_moves(const uint64_t *piles, size_t n, gr_nim_move *out,
                         size_t max, size_t *count)
{
    size_t big, ones;
    gr_nim_census(piles, n, &big, &ones);
    *count = 0;
    if (big == 0) {
        if (ones % 2 == 0) {
            for (size_t i = 0; i < n; i++) {
                if (piles[i] == 1) {
                    gr_nim_emit(out, max, count, i, 1, 0);
                }
            }
        }
        return;
    }
    if (big == 1) {
        for (size_t i = 0; i < n; i++) {
            if (piles[i] > 1) {
                gr_nim_emit(out, max, count, i, piles[i], ones % 2 == 1 ? 0 : 1);
            }
        }
        return;
    }
    gr_nim_moves_to(piles, n, gr_nim_value(piles, n), 0, out, max, count);
}
