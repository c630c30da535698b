/*
 * Misère quotients of the octal codes of one and two digits, of the
 * three-digit codes that Plambeck and Siegel's supplement lists as solved
 * (those written "0.", docs/misere.md), and with "all3" as second
 * argument of every three-digit code, each built until its heap images
 * are proven periodic (complete) or a limit stops it: order, |P|, the
 * heap the proof reached, seconds (CPU).  The limits are the GET's (2^20
 * proof pairs); two last lines build 0.644 to heap 8000 (its images are
 * proven periodic at heap 7399) and Dawson's Kayles to heap 30 with the
 * learner's search budget raised to 2^22 positions.  Run by
 * bench/misere_bench.sh.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/misere.h"

static void one_with(const char *code, unsigned max_heap, bool until_complete,
                     uint64_t learn_nodes);

static void one(const char *code, unsigned max_heap)
{
    one_with(code, max_heap, true, 0);
}

static void one_with(const char *code, unsigned max_heap, bool until_complete, uint64_t learn_nodes)
{
    gr_mis_game g;
    memset(&g, 0, sizeof(g));
    g.kind = GR_MIS_OCTAL;
    size_t bad;
    if (gr_octal_parse(code, &g.code, &bad) != GR_OK) {
        return;
    }
    gr_arena *a = gr_arena_create(0);
    gr_mis_quotient q;
    gr_mis_quotient_opts o = {.max_heap = until_complete ? 1 : max_heap,
                              .until_complete = until_complete,
                              .max_heap_limit = max_heap,
                              .learn_nodes = learn_nodes};
    const char *why = NULL;
    clock_t t0 = clock();
    gr_status st = gr_mis_quotient_build(a, &g, &o, &q, &why);
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (st == GR_OK) {
        printf("misere: %-6s order %4u  |P| %3u  %-10s heaps %4llu  period %llu/%llu  %s  %.3f s\n",
               code, q.order, q.p_count, q.complete ? "complete" : "open",
               (unsigned long long)q.max_heap, (unsigned long long)q.preperiod,
               (unsigned long long)q.period, q.tame ? "tame" : "wild", s);
    } else {
        printf("misere: %-6s stopped: %s  %.3f s\n", code, why != NULL ? why : "error", s);
    }
    gr_arena_destroy(a);
}

int main(int argc, char **argv)
{
    unsigned max_heap = argc > 1 ? (unsigned)atoi(argv[1]) : 200;
    char code[8];
    for (unsigned d1 = 0; d1 < 8; d1++) {
        for (unsigned d2 = 0; d2 < 8; d2++) {
            if (d1 == 0 && d2 == 0) {
                continue;
            }
            if (d2 == 0) {
                snprintf(code, sizeof(code), "0.%u", d1);
            } else {
                snprintf(code, sizeof(code), "0.%u%u", d1, d2);
            }
            one(code, max_heap);
        }
    }
    static const char *const named[] = {"0.712", "0.512", "0.716", "0.123", "0.115", "0.152",
                                        "0.144", "0.644", "0.352", "0.356", "0.116", "4.56", "4.74"};
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        one(named[i], max_heap);
    }
    /* 0.644 to the heap that proves its images periodic (preperiod
     * 3256, period 442: 2e + 2p + 3 = 7399), the GET's limits */
    printf("to heap 8000: ");
    one("0.644", 8000);
    /* Dawson's Kayles to heap 30 (Siegel: order 360), the learner's
     * search budget raised to 2^22 positions */
    printf("learner budget 2^22: ");
    one_with("0.07", 30, false, 1u << 22);
    if (argc > 2 && strcmp(argv[2], "all3") == 0) {
        for (unsigned c = 0; c < 512; c++) {
            if (c % 8 == 0) {
                continue; /* a trailing zero: a shorter code, above */
            }
            snprintf(code, sizeof(code), "0.%u%u%u", c / 64, c / 8 % 8, c % 8);
            one(code, max_heap);
        }
    }
    return 0;
}
