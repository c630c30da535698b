/* The calibration of coloured Hackenbush's forecast (gr_hbc_estimate,
 * include/grundy/hackenbush_colored.h): for each position read from
 * stdin, one a line, the forecast and then the value search on a fresh
 * engine under CAP nodes: the nodes it counted (or ">CAP") and its CPU
 * seconds (for the rate).  The core alone, no HTTP.
 *     hbc_forecast CAP < positions
 * A line: NAME then edges as "U V C" triples (C 0 blue, 1 red, 2 green),
 * the ground vertex 0.  Prints: name, edges, forecast, nodes, CPU s,
 * nodes / forecast. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/hackenbush_colored.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    unsigned long long cap = argc > 1 ? strtoull(argv[1], NULL, 10) : 8000000ULL;
    static char line[1 << 16];
    static uint32_t uv[2 * 4096];
    static uint8_t col[4096];
    static const uint32_t ground[1] = {0};
    while (fgets(line, sizeof(line), stdin) != NULL) {
        char *p = line, *name = strtok(p, " \n");
        size_t m = 0;
        if (name == NULL) {
            continue;
        }
        for (char *t; m < 4096 && (t = strtok(NULL, " \n")) != NULL; m++) {
            uv[2 * m] = (uint32_t)strtoul(t, NULL, 10);
            uv[2 * m + 1] = (uint32_t)strtoul(strtok(NULL, " \n"), NULL, 10);
            col[m] = (uint8_t)strtoul(strtok(NULL, " \n"), NULL, 10);
        }
        gr_arena *a = gr_arena_create(0);
        gr_cgt_store *s = NULL;
        gr_hbc *g = NULL;
        gr_hbc_input in = {m, uv, col, 1, ground};
        gr_search_opts opts = {.max_nodes = cap};
        if (a == NULL || gr_cgt_store_new(a, &s) != GR_OK ||
            gr_hbc_create(a, s, &in, &opts, &g) != GR_OK) {
            printf("%s\t%zu\tnot built\n", name, m);
            gr_arena_destroy(a);
            continue;
        }
        uint64_t est;
        gr_hbc_estimate(g, &est);
        double t0 = now_s();
        gr_cgt v;
        gr_status st = gr_hbc_value(g, &v);
        double t = now_s() - t0;
        uint64_t nodes = gr_hbc_nodes(g);
        printf("%s\t%zu\t%llu\t%s%llu\t%.3f\t%.3f\n", name, m, (unsigned long long)est,
               st == GR_OK ? "" : ">", (unsigned long long)nodes, t,
               est ? (double)nodes / (double)est : 0.0);
        fflush(stdout);
        gr_arena_destroy(a);
    }
    return 0;
}
