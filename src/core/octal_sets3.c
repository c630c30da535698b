/*
 * Three-heap octal moves (hexadecimal digits with bit 8) by whole sets
 * (octal_values.c): X(c), the two-heap split values of c, and
 * Y(m) = U_a g(a) ^ X(m - a), as bit sets of E->words words each.
 */
#include <string.h>

#include "octal_internal.h"

gr_status gr_octal_sets3_grow(gr_octal_engine *E, gr_octal_sets3 *s, uint64_t need)
{
    if (need <= s->len && s->words == E->words) {
        return GR_OK;
    }
    uint64_t len = s->len < 1024 ? 1024 : s->len;
    while (len < need) {
        len *= 2;
    }
    size_t w = E->words;
    uint64_t *x = GR_ARENA_ARRAY(E->arena, uint64_t, (size_t)len * w);
    uint64_t *y = GR_ARENA_ARRAY(E->arena, uint64_t, (size_t)len * w);
    if (x == NULL || y == NULL) {
        return GR_ENOMEM;
    }
    for (uint64_t c = 0; c < s->len; c++) {
        memcpy(x + c * w, s->x + c * s->words, s->words * sizeof(uint64_t));
        memcpy(y + c * w, s->y + c * s->words, s->words * sizeof(uint64_t));
    }
    if (s->x != NULL) {
        gr_arena_free(E->arena, s->x, (size_t)s->len * s->words * sizeof(uint64_t));
        gr_arena_free(E->arena, s->y, (size_t)s->len * s->words * sizeof(uint64_t));
    }
    s->x = x;
    s->y = y;
    s->len = len;
    s->words = w;
    return GR_OK;
}

/* The word whose bit i is bit i ^ k of x (k < 64): for each set bit of
 * k, swap the blocks of that size. */
static uint64_t xor_permute(uint64_t x, unsigned k)
{
    static const uint64_t lo[6] = {0x5555555555555555ull, 0x3333333333333333ull,
                                   0x0f0f0f0f0f0f0f0full, 0x00ff00ff00ff00ffull,
                                   0x0000ffff0000ffffull, 0x00000000ffffffffull};
    for (unsigned i = 0; i < 6; i++) {
        if (k & (1u << i)) {
            unsigned sh = 1u << i;
            x = ((x & lo[i]) << sh) | ((x >> sh) & lo[i]);
        }
    }
    return x;
}

/* X(c) and Y(c) from g(1..c-1). */
void gr_octal_sets3_fill(gr_octal_engine *E, gr_octal_sets3 *s, uint64_t c)
{
    size_t w = s->words;
    uint64_t *x = s->x + c * w, *y = s->y + c * w;
    memset(x, 0, w * sizeof(uint64_t));
    memset(y, 0, w * sizeof(uint64_t));
    for (uint64_t a = 1; a <= c / 2; a++) {
        gr_octal_set_bit(x, (unsigned)(E->g[a] ^ E->g[c - a]));
    }
    for (uint64_t a = 1; a + 2 <= c; a++) {
        const uint64_t *xs = s->x + (c - a) * w;
        unsigned ga = E->g[a];
        for (size_t k = 0; k < w; k++) {
            /* {x ^ ga : x in X(c-a)}: word k goes to word k ^ (ga >> 6),
             * its bits permuted by x -> x ^ (ga & 63) */
            y[k ^ (ga >> 6)] |= xor_permute(xs[k], ga & 63);
        }
    }
    E->work += c / 2 + c;
}
