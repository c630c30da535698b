/* How far a Domineering value search could shrink if dominated options
 * were never valued (issue 37 item 3).  Values the board as the daemon
 * does, then walks from the board through undominated options only
 * (each side's maximal options; of equal ones the first) and counts the
 * distinct regions reached: the regions a search must value when every
 * dominated option is recognised without its value.  Also counts, of the
 * regions the search valued, those that fit a 4 x 4, 3 x 5 or 5 x 3 box
 * (a small-region database's reach).  Uses the core's internal headers:
 *     cc -std=c11 -O2 -Iinclude -Isrc -o build/bench/closure \
 *         bench/domineering_closure.c build/libgrundy.a -lm
 *     build/bench/closure ROWS COLS [BOARD]      ('.' empty, '#' filled)
 * Prints: regions valued, fitting a small box, reached through
 * undominated options, options looked at and kept on the way. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/domineering_search.h"
#include "grundy/domineering.h"

#define SEEN_CAP (1u << 22)

typedef struct walk {
    uint64_t *bits; /* the regions reached, in the order found (the queue) */
    uint8_t *w;
    size_t n;
    uint64_t *sb; /* open addressing over (bits, w), SEEN_CAP slots */
    uint8_t *sw;
} walk;

static void reach(walk *k, uint64_t bits, unsigned w)
{
    size_t i = (size_t)((bits * 0x9E3779B97F4A7C15ULL) ^ w) >> 40 & (SEEN_CAP - 1);
    for (; k->sw[i] != 0; i = (i + 1) & (SEEN_CAP - 1)) {
        if (k->sb[i] == bits && k->sw[i] == w) {
            return;
        }
    }
    k->sb[i] = bits;
    k->sw[i] = (uint8_t)w;
    k->bits[k->n] = bits;
    k->w[k->n++] = (uint8_t)w;
}

static void reach_regions(walk *k, uint64_t rest, unsigned w)
{
    for (uint64_t comp; (comp = gr_dom_next_live_region(&rest, w)) != 0;) {
        gr_dom_key key = gr_dom_key_of(comp, w);
        reach(k, key.bits, key.w);
    }
}

static int fail(const char *what)
{
    fprintf(stderr, "closure: %s failed\n", what);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: closure ROWS COLS [BOARD]\n");
        return 2;
    }
    uint32_t r = (uint32_t)atoi(argv[1]), c = (uint32_t)atoi(argv[2]);
    uint8_t empty[GR_DOM_MAX_CELLS];
    memset(empty, 1, sizeof(empty));
    if (argc == 4) {
        if (strlen(argv[3]) != (size_t)r * c || (size_t)r * c > GR_DOM_MAX_CELLS) {
            return fail("the board's size");
        }
        for (size_t i = 0; i < (size_t)r * c; i++) {
            empty[i] = argv[3][i] == '.';
        }
    }
    gr_arena *a = gr_arena_create((size_t)4 << 30);
    gr_cgt_store *s;
    gr_dom *g;
    gr_cgt v;
    gr_search_opts opts = {.max_nodes = UINT64_MAX};
    if (gr_cgt_store_new(a, &s) != GR_OK || gr_dom_create(a, s, r, c, empty, &opts, &g) != GR_OK ||
        gr_dom_value(g, &v) != GR_OK) {
        return fail("the value");
    }
    size_t small = 0;
    for (size_t i = 0; i < g->memo.cap; i++) {
        const gr_cgt_memo_entry *e = &g->memo.tab[i];
        unsigned h = e->used ? (63 - (unsigned)__builtin_clzll(e->bits)) / e->tag + 1 : 0;
        small += e->used && h * e->tag <= 16 && h <= 5 && e->tag <= 5;
    }
    walk k = {malloc(8 * (size_t)SEEN_CAP), malloc(SEEN_CAP), 0, calloc(SEEN_CAP, 8),
              calloc(SEEN_CAP, 1)};
    if (k.bits == NULL || k.w == NULL || k.sb == NULL || k.sw == NULL) {
        return fail("memory");
    }
    reach_regions(&k, g->empty, c);
    size_t looked = 0, kept = 0;
    for (size_t q = 0; q < k.n; q++) {
        uint64_t bits = k.bits[q];
        unsigned w = k.w[q];
        for (unsigned side = 0; side < 2; side++) {
            uint64_t starts = side == GR_DOM_LEFT ? gr_dom_vert(bits, w) : gr_dom_horiz(bits, w);
            unsigned step = side == GR_DOM_LEFT ? w : 1;
            gr_cgt val[GR_DOM_MAX_CELLS];
            uint64_t rest[GR_DOM_MAX_CELLS];
            size_t n = 0;
            for (; starts != 0; starts &= starts - 1, n++) {
                unsigned i = (unsigned)__builtin_ctzll(starts);
                gr_dom_key missing[GR_DOM_MAX_CELLS / 2];
                size_t nm;
                rest[n] = bits & ~((1ULL << i) | (1ULL << (i + step)));
                if (gr_dom_split_value(g, rest[n], w, &val[n], missing, &nm) != GR_OK || nm > 0) {
                    return fail("an option's value");
                }
            }
            looked += n;
            for (size_t i = 0; i < n; i++) {
                bool dominated = false;
                for (size_t j = 0; j < n && !dominated; j++) {
                    bool le = false;
                    if (j == i || val[j] == val[i]) {
                        dominated = val[j] == val[i] && j < i;
                        continue;
                    }
                    if ((side == GR_DOM_LEFT ? gr_cgt_leq(s, val[i], val[j], &le)
                                             : gr_cgt_leq(s, val[j], val[i], &le)) != GR_OK) {
                        return fail("a comparison");
                    }
                    dominated = le;
                }
                if (!dominated) {
                    kept++;
                    reach_regions(&k, rest[i], w);
                }
            }
        }
    }
    printf("domineering %ux%u regions_valued=%zu in_small_box=%zu undominated_closure=%zu "
           "options=%zu kept=%zu\n",
           r, c, g->memo.used, small, k.n, looked, kept);
    gr_arena_destroy(a);
    return 0;
}
