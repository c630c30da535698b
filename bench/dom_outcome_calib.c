/* The calibration of the Domineering outcome forecast (issue 37 item 5,
 * src/core/domineering_estimate.c): the outcome search run on the core
 * alone, no HTTP, under a node cap, on the boards read from stdin, one a
 * line "ROWS COLS BOARD" (BOARD: ROWS * COLS characters, '.' empty, '#'
 * filled, row after row; bench/dom_outcome_calib.py writes them).  Prints
 * a line a board: its empty cells, the forecast's own measure
 * (gr_dom_outcome_estimate), and the nodes the search counted, or
 * ">CAP" when it stopped at the cap.
 *     dom_outcome_calib CAP < boards */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/domineering.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: dom_outcome_calib CAP < boards\n");
        return 2;
    }
    uint64_t cap = strtoull(argv[1], NULL, 10);
    unsigned r, c;
    char board[GR_DOM_OUTCOME_MAX_CELLS + 2];
    while (scanf("%u %u %101s", &r, &c, board) == 3) {
        size_t n = (size_t)r * c;
        if (strlen(board) != n || n > GR_DOM_OUTCOME_MAX_CELLS) {
            fprintf(stderr, "dom_outcome_calib: bad board %s\n", board);
            return 2;
        }
        uint8_t empty[GR_DOM_OUTCOME_MAX_CELLS];
        unsigned cells = 0;
        for (size_t i = 0; i < n; i++) {
            empty[i] = board[i] == '.';
            cells += empty[i];
        }
        gr_dom_outcome_forecast fc;
        gr_dom_outcome_estimate(r, c, empty, &fc);
        gr_arena *a = gr_arena_create((size_t)1 << 30);
        gr_cgt_store *s;
        if (a == NULL || gr_cgt_store_new(a, &s) != GR_OK) {
            fprintf(stderr, "dom_outcome_calib: out of memory\n");
            return 1;
        }
        gr_search_opts opts = {.max_nodes = cap};
        gr_search_stats stats = {0};
        bool lw, rw;
        gr_dom_move lm, rm;
        double t0 = now_s();
        gr_status st =
            gr_dom_outcome_board(a, s, r, c, empty, &opts, &lw, &lm, &rw, &rm, &stats);
        double t = now_s() - t0;
        if (st == GR_OK) {
            printf("%ux%u cells=%u region=%u est=%llu nodes=%llu outcome=%s s=%.2f %s\n", r, c,
                   cells, fc.region, (unsigned long long)fc.nodes,
                   (unsigned long long)stats.nodes, lw ? (rw ? "N" : "L") : (rw ? "R" : "P"), t,
                   board);
        } else {
            printf("%ux%u cells=%u region=%u est=%llu nodes=>%llu status=%d s=%.2f %s\n", r, c,
                   cells, fc.region, (unsigned long long)fc.nodes, (unsigned long long)cap,
                   (int)st, t, board);
        }
        fflush(stdout);
        gr_arena_destroy(a);
    }
    return 0;
}
