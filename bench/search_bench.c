/* The games solved by search, timed on the core alone (no HTTP, no JSON).
 * Built and run by bench/search_bench.sh:
 *     search_bench nk N P SEED       Node Kayles, random G(N, P) (splitmix64 seed)
 *     search_bench cram R C          Cram on the empty R x C board
 *     search_bench chomp R C         Chomp on the R x C rectangle
 * Prints: game, size, value, a winning move (verified: the value after it
 * is 0, re-solved from scratch), nodes, CPU seconds. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/chomp.h"
#include "grundy/cram.h"
#include "grundy/node_kayles.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static const gr_search_opts unlimited = {.max_nodes = UINT64_MAX};

static int fail(const char *what, gr_status st)
{
    fprintf(stderr, "search_bench: %s failed (status %d)\n", what, (int)st);
    return 1;
}

static int bench_nk(int argc, char **argv)
{
    uint32_t n = (uint32_t)atoi(argv[2]);
    double p = atof(argv[3]);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    uint32_t *e = malloc(sizeof(uint32_t) * 2 * n * n);
    size_t m = 0;
    for (uint32_t u = 0; u < n; u++) {
        for (uint32_t v = u + 1; v < n; v++) {
            if ((double)(rng_next(&seed) >> 11) / 9007199254740992.0 < p) {
                e[2 * m] = u;
                e[2 * m + 1] = v;
                m++;
            }
        }
    }
    (void)argc;
    gr_arena *a = gr_arena_create((size_t)2 << 30);
    gr_nk *g;
    size_t bad;
    unsigned v;
    double t0 = now_s();
    gr_status st = gr_nk_create(a, n, e, m, &unlimited, &g, &bad);
    if (st != GR_OK || (st = gr_nk_value(g, &v)) != GR_OK) {
        return fail("node kayles", st);
    }
    gr_nk_move mv;
    size_t cnt = 0;
    if (v != 0 && (st = gr_nk_moves(g, 0, &mv, 1, false, &cnt)) != GR_OK) {
        return fail("node kayles move", st);
    }
    double t1 = now_s();
    gr_search_stats stats;
    gr_nk_stats(g, &stats);
    char move[64] = "none";
    if (cnt > 0) {
        /* replay: the graph without N[vertex] must be worth 0 */
        uint32_t *e2 = malloc(sizeof(uint32_t) * 2 * (m + 1));
        bool *gone = calloc(n, 1);
        gone[mv.vertex] = true;
        for (size_t i = 0; i < m; i++) {
            if (e[2 * i] == mv.vertex) {
                gone[e[2 * i + 1]] = true;
            }
            if (e[2 * i + 1] == mv.vertex) {
                gone[e[2 * i]] = true;
            }
        }
        size_t m2 = 0;
        for (size_t i = 0; i < m; i++) {
            if (!gone[e[2 * i]] && !gone[e[2 * i + 1]]) {
                e2[2 * m2] = e[2 * i];
                e2[2 * m2 + 1] = e[2 * i + 1];
                m2++;
            }
        }
        gr_arena *b = gr_arena_create((size_t)2 << 30);
        gr_nk *h;
        unsigned after = 99;
        /* removed vertices stay as isolated ones: re-add nothing, an isolated
         * vertex would be worth 1 -- so renumber the survivors */
        uint32_t *id = malloc(sizeof(uint32_t) * n);
        uint32_t k = 0;
        for (uint32_t u = 0; u < n; u++) {
            id[u] = gone[u] ? UINT32_MAX : k++;
        }
        for (size_t i = 0; i < 2 * m2; i++) {
            e2[i] = id[e2[i]];
        }
        if (gr_nk_create(b, k, e2, m2, &unlimited, &h, &bad) != GR_OK ||
            gr_nk_value(h, &after) != GR_OK || after != 0) {
            fprintf(stderr, "search_bench: winning move %u leaves %u\n", mv.vertex, after);
            return 1;
        }
        snprintf(move, sizeof(move), "vertex %u (verified)", mv.vertex);
        gr_arena_destroy(b);
    }
    printf("node_kayles n=%u p=%.2f seed=%s edges=%zu grundy=%u move=%s nodes=%llu "
           "tt=%llu seconds=%.2f\n",
           n, p, argv[4], m, v, move, (unsigned long long)stats.nodes,
           (unsigned long long)stats.tt_entries, t1 - t0);
    gr_arena_destroy(a);
    return 0;
}

static int bench_cram(char **argv)
{
    uint32_t r = (uint32_t)atoi(argv[2]), c = (uint32_t)atoi(argv[3]);
    gr_arena *a = gr_arena_create((size_t)2 << 30);
    gr_cram *g;
    size_t bad;
    unsigned v;
    double t0 = now_s();
    gr_status st = gr_cram_create(a, r, c, NULL, 0, &unlimited, &g, &bad);
    if (st != GR_OK || (st = gr_cram_value(g, &v)) != GR_OK) {
        return fail("cram", st);
    }
    gr_cram_move mv;
    size_t cnt = 0;
    if (v != 0 && (st = gr_cram_moves(g, 0, &mv, 1, false, &cnt)) != GR_OK) {
        return fail("cram move", st);
    }
    double t1 = now_s();
    gr_search_stats stats;
    gr_cram_stats(g, &stats);
    char move[96] = "none";
    if (cnt > 0) {
        uint32_t blocked[4] = {mv.r1, mv.c1, mv.r2, mv.c2};
        gr_arena *b = gr_arena_create((size_t)2 << 30);
        gr_cram *h;
        unsigned after = 99;
        if (gr_cram_create(b, r, c, blocked, 2, &unlimited, &h, &bad) != GR_OK ||
            gr_cram_value(h, &after) != GR_OK || after != 0) {
            fprintf(stderr, "search_bench: winning move leaves %u\n", after);
            return 1;
        }
        snprintf(move, sizeof(move), "[[%u,%u],[%u,%u]] (verified)", mv.r1, mv.c1, mv.r2, mv.c2);
        gr_arena_destroy(b);
    }
    printf("cram %ux%u grundy=%u move=%s nodes=%llu tt=%llu seconds=%.2f\n", r, c, v, move,
           (unsigned long long)stats.nodes, (unsigned long long)stats.tt_entries, t1 - t0);
    gr_arena_destroy(a);
    return 0;
}

static int bench_chomp(char **argv)
{
    uint32_t r = (uint32_t)atoi(argv[2]), c = (uint32_t)atoi(argv[3]);
    uint32_t h[64];
    for (uint32_t i = 0; i < c; i++) {
        h[i] = r;
    }
    gr_arena *a = gr_arena_create((size_t)2 << 30);
    gr_chomp *g;
    size_t bad;
    unsigned v;
    double t0 = now_s();
    gr_status st = gr_chomp_create(a, h, c, &unlimited, &g, &bad);
    if (st != GR_OK || (st = gr_chomp_value(g, &v)) != GR_OK) {
        return fail("chomp", st);
    }
    gr_chomp_move mv;
    size_t cnt = 0;
    if (v != 0 && (st = gr_chomp_moves(g, 0, &mv, 1, false, &cnt)) != GR_OK) {
        return fail("chomp move", st);
    }
    double t1 = now_s();
    gr_search_stats stats;
    gr_chomp_stats(g, &stats);
    char move[64] = "none";
    if (cnt > 0) {
        for (uint32_t i = mv.col; i < c; i++) {
            h[i] = h[i] < mv.row ? h[i] : mv.row;
        }
        uint32_t nc = c;
        while (nc > 0 && h[nc - 1] == 0) {
            nc--;
        }
        gr_arena *b = gr_arena_create((size_t)2 << 30);
        gr_chomp *hg;
        unsigned after = 99;
        if (gr_chomp_create(b, h, nc, &unlimited, &hg, &bad) != GR_OK ||
            gr_chomp_value(hg, &after) != GR_OK || after != 0) {
            fprintf(stderr, "search_bench: winning move leaves %u\n", after);
            return 1;
        }
        snprintf(move, sizeof(move), "(%u,%u) (verified)", mv.col, mv.row);
        gr_arena_destroy(b);
    }
    printf("chomp %ux%u grundy=%u move=%s nodes=%llu tt=%llu seconds=%.2f\n", r, c, v, move,
           (unsigned long long)stats.nodes, (unsigned long long)stats.tt_entries, t1 - t0);
    gr_arena_destroy(a);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "nk") == 0) {
        return bench_nk(argc, argv);
    }
    if (argc == 4 && strcmp(argv[1], "cram") == 0) {
        return bench_cram(argv);
    }
    if (argc == 4 && strcmp(argv[1], "chomp") == 0) {
        return bench_chomp(argv);
    }
    fprintf(stderr, "usage: search_bench nk N P SEED | cram R C | chomp R C\n");
    return 2;
}
