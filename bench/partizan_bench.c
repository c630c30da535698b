/* Domineering timed on the core alone (no HTTP, no JSON).  Built and run
 * by bench/partizan_bench.sh:
 *     partizan_bench value R C [B]  the canonical value of the empty R x C board
 *                                   (or of board B) and its outcome class
 *     partizan_bench outcome R C    its outcome by proof search (outcome_only;
 *                                   up to 100 cells, 10 rows and columns)
 *     partizan_bench outcome R C B  the same on board B: R * C characters,
 *                                   '.' empty, '#' filled, row after row
 *     partizan_bench outcome1 R C L|R [B]  the same for one player moving
 *                                   first (the 128-bit search, up to 10 x 10)
 * Prints the board, the value (or outcome) and each player's winning move,
 * the nodes expanded, the table's hits, entries used and entries, and the
 * CPU seconds.  No node budget.  Under a soft CPU cap (`ulimit -S -t S`,
 * the hard one higher) the kernel's SIGXCPU stops the search through the
 * arena's cancel flag, and the outcome line then says "stopped" with the
 * counts so far: a capped run still tells how far it got. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/domineering_search.h"
#include "grundy/domineering.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static _Atomic int cpu_cap_hit;

static void on_xcpu(int sig)
{
    (void)sig;
    atomic_store(&cpu_cap_hit, 1);
}

static int fail(const char *what, gr_status st)
{
    fprintf(stderr, "partizan_bench: %s failed (status %d)\n", what, (int)st);
    return 1;
}

int main(int argc, char **argv)
{
    /* outcome1's side, an argument more */
    int one = argc >= 5 && strcmp(argv[1], "outcome1") == 0;
    unsigned side = one && argv[4][0] == 'R' ? GR_DOM_RIGHT : GR_DOM_LEFT;
    if (one) {
        argv[4] = argv[3], argv[3] = argv[2], argv[2] = argv[1];
        argv++, argc--;
    }
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: partizan_bench value|outcome ROWS COLS [BOARD]\n"
                        "       partizan_bench outcome1 ROWS COLS L|R [BOARD]\n");
        return 2;
    }
    uint32_t r = (uint32_t)atoi(argv[2]), c = (uint32_t)atoi(argv[3]);
    uint8_t empty[GR_DOM_OUTCOME_MAX_CELLS];
    memset(empty, 1, sizeof(empty));
    if (argc == 5) {
        if (strlen(argv[4]) != (size_t)r * c || (size_t)r * c > GR_DOM_OUTCOME_MAX_CELLS) {
            fprintf(stderr, "partizan_bench: the board needs %u x %u characters\n", r, c);
            return 2;
        }
        for (size_t i = 0; i < (size_t)r * c; i++) {
            empty[i] = argv[4][i] == '.';
        }
    }
    gr_arena *a = gr_arena_create((size_t)4 << 30);
    gr_cgt_store *s;
    gr_dom *g;
    gr_status st;
    gr_search_opts opts = {.max_nodes = UINT64_MAX};
    gr_stop stop = {.cancel = &cpu_cap_hit};
    gr_arena_set_stop(a, &stop);
    signal(SIGXCPU, on_xcpu);
    if ((st = gr_cgt_store_new(a, &s)) != GR_OK) {
        return fail("create", st);
    }
    double t0 = now_s();
    gr_search_stats stats;
    if (strncmp(argv[1], "outcome", 7) == 0) {
        bool lw, rw;
        gr_dom_move lm, rm;
        if (one) {
            bool *w = side == GR_DOM_LEFT ? &lw : &rw;
            lw = rw = false;
            st = gr_dom_outcome_side(a, s, r, c, empty, &opts, side, w,
                                     side == GR_DOM_LEFT ? &lm : &rm, &stats);
        } else {
            st = gr_dom_outcome_board(a, s, r, c, empty, &opts, &lw, &lm, &rw, &rm, &stats);
        }
        double t = now_s() - t0;
        if (st != GR_OK && !(st == GR_ECANCELLED && atomic_load(&cpu_cap_hit))) {
            return fail("outcome", st);
        }
        if (st != GR_OK) {
            printf("domineering %ux%u stopped", r, c);
        } else {
            printf("domineering %ux%u outcome=%s", r, c,
                   one ? (side == GR_DOM_LEFT ? (lw ? "L-first-wins" : "L-first-loses")
                                              : (rw ? "R-first-wins" : "R-first-loses"))
                       : lw ? (rw ? "N" : "L")
                            : (rw ? "R" : "P"));
            if (lw) {
                printf(" left=(%u,%u)", lm.r, lm.c);
            }
            if (rw) {
                printf(" right=(%u,%u)", rm.r, rm.c);
            }
        }
        printf(" nodes=%llu tt_hits=%llu tt_used=%llu tt_entries=%llu seconds=%.2f\n",
               (unsigned long long)stats.nodes, (unsigned long long)stats.tt_hits,
               (unsigned long long)stats.tt_stored, (unsigned long long)stats.tt_entries, t);
    } else {
        if ((st = gr_dom_create(a, s, r, c, empty, &opts, &g)) != GR_OK) {
            return fail("create", st);
        }
        gr_cgt v;
        if ((st = gr_dom_value(g, &v)) != GR_OK) {
            return fail("value", st);
        }
        double t = now_s() - t0;
        gr_dom_stats(g, &stats);
        gr_cgt_outcome o;
        if ((st = gr_cgt_outcome_of(s, v, &o)) != GR_OK) {
            return fail("outcome of the value", st);
        }
        gr_buf b;
        gr_buf_init(&b, a);
        gr_cgt_print(s, v, &b);
        const char *text = gr_buf_cstr(&b);
        printf("domineering %ux%u value=%s value_outcome=%c nodes=%llu seconds=%.3f\n", r, c,
               text != NULL ? text : "?", gr_cgt_outcome_letter(o), (unsigned long long)stats.nodes,
               t);
    }
    gr_arena_destroy(a);
    return 0;
}
