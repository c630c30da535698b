/*
 * Times the core octal solver alone (no HTTP): code and value bound from
 * the command line, prints values computed, period, seconds, values/s.
 * Usage: octal_core_bench CODE [MAX_VALUES]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "grundy/octal.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CODE [MAX_VALUES]\n", argv[0]);
        return 2;
    }
    gr_octal_code code;
    size_t bad;
    if (gr_octal_parse(argv[1], &code, &bad) != GR_OK) {
        fprintf(stderr, "bad code at %zu\n", bad);
        return 2;
    }
    uint64_t max = argc > 2 ? strtoull(argv[2], NULL, 0) : 0;
    gr_arena *a = gr_arena_create(0);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    gr_octal_table t;
    gr_status st = gr_octal_solve(a, &code, max, &t);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (st != GR_OK) {
        fprintf(stderr, "status %d\n", (int)st);
        return 1;
    }
    printf("%s computed %llu max %llu periodic %d preperiod %llu period %llu "
           "seconds %.3f values/s %.0f\n",
           argv[1], (unsigned long long)t.computed, (unsigned long long)t.max_value,
           (int)t.periodic, (unsigned long long)t.preperiod, (unsigned long long)t.period, s,
           (double)t.computed / s);
    gr_arena_destroy(a);
    return 0;
}
