/*
 * The game-graph core alone: seeded graphs of POSITIONS positions and
 * MOVES moves, timed through gr_ggraph_solve, the sum of three tokens and
 * every winning move.  Shapes:
 *   random   -- MOVES uniform random moves (cycles, self-loops): mostly
 *               infinite values at average degree 10;
 *   sparse   -- uniform random with MOVES/8 moves: a mix of finite and
 *               infinite values;
 *   dag      -- moves only from higher to lower ids: all finite, values
 *               up to a few dozen levels;
 *   ladder   -- the adversarial case for the level-by-level method: a
 *               transitive tournament on L positions (values 0..L-1,
 *               L = sqrt(MOVES)) plus a cycle through all other positions
 *               feeding into it, so levels x edges is large.
 *
 *   cc -O2 -Iinclude bench/game_graph_bench.c build/libgrundy.a -o /tmp/ggb
 *   /tmp/ggb [positions [moves [seed]]]     # defaults 100000 1000000 1
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "grundy/game_graph.h"

static uint64_t rng_state;
static uint64_t next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void run(const char *shape, uint32_t n, const uint32_t *mv, size_t m)
{
    double best = 1e30;
    gr_ggraph g;
    gr_ggraph_sum sum;
    uint64_t count = 0;
    size_t peak = 0;
    for (int rep = 0; rep < 3; rep++) {
        gr_arena *a = gr_arena_create(0);
        double t0 = now();
        if (gr_ggraph_solve(a, n, mv, m, &g) != GR_OK) {
            fprintf(stderr, "solve failed\n");
            exit(1);
        }
        uint32_t start[3] = {0, n / 2, n - 1};
        gr_ggraph_sum_value(a, &g, start, 3, &sum);
        gr_ggraph_move bestmv;
        gr_ggraph_moves_to(a, &g, &sum, start, 3, 0, 0, NULL, &count, &bestmv);
        double t = now() - t0;
        best = t < best ? t : best;
        peak = gr_arena_peak(a);
        gr_arena_destroy(a);
    }
    const char *w = sum.outcome == GR_OUTCOME_FIRST    ? "first"
                    : sum.outcome == GR_OUTCOME_SECOND ? "second"
                                                     : "draw";
    printf("%-7s positions %u moves %zu: %.1f ms (best of 3), infinite %u, "
           "max finite value %llu, winner %s, %llu winning moves, arena "
           "peak %.1f MB\n",
           shape, n, m, best * 1e3, g.infinite_count,
           (unsigned long long)g.max_finite, w, (unsigned long long)count,
           (double)peak / 1e6);
}

int main(int argc, char **argv)
{
    uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 100000;
    size_t m = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 1000000;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    uint32_t *mv = malloc(2 * m * sizeof(*mv));
    if (mv == NULL) {
        return 1;
    }

    for (size_t e = 0; e < m; e++) {
        mv[2 * e] = (uint32_t)(next() % n);
        mv[2 * e + 1] = (uint32_t)(next() % n);
    }
    run("random", n, mv, m);
    run("sparse", n, mv, m / 8);

    for (size_t e = 0; e < m; e++) {
        uint32_t a = 1 + (uint32_t)(next() % (n - 1));
        mv[2 * e] = a;
        mv[2 * e + 1] = (uint32_t)(next() % a);
    }
    run("dag", n, mv, m);

    /* ladder: positions 0..L-1 form a transitive tournament (i -> j for
     * j < i), so value(i) = i; every other position lies on one cycle and
     * also moves to a few ladder positions. */
    size_t L = 1;
    while ((L + 1) * L / 2 + 2 * (n - L - 1) <= m && L + 1 < n) {
        L++;
    }
    size_t e = 0;
    for (uint32_t i = 0; i < L; i++) {
        for (uint32_t j = 0; j < i; j++) {
            mv[2 * e] = i;
            mv[2 * e + 1] = j;
            e++;
        }
    }
    for (uint32_t i = (uint32_t)L; i < n && e + 2 <= m; i++) {
        mv[2 * e] = i;
        mv[2 * e + 1] = i + 1 < n ? i + 1 : (uint32_t)L;
        e++;
        mv[2 * e] = i;
        mv[2 * e + 1] = (uint32_t)(next() % L);
        e++;
    }
    run("ladder", n, mv, e);
    free(mv);
    return 0;
}
