/*
 * gr_json_print (src/json/print.c) against the printer it replaced
 * (cJSON_PrintPreallocated into a 1 KiB arena buffer, else
 * cJSON_PrintUnformatted through the arena hooks), in process, on real
 * answer trees: the Nim answer of bench/nim.lua's body, and Green
 * Hackenbush trees of EDGES edges with all_winning_moves: a path (one
 * move) and a star (EDGES moves, a large answer).
 *
 *   cc -O2 -std=c11 -D_DEFAULT_SOURCE -Iinclude -Isrc -o /tmp/print_bench \
 *      bench/print_bench.c build/libgrundyjson.a build/libgrundy.a -lcjson -lm -lpthread
 *   /tmp/print_bench [EDGES] [ROUNDS]        (defaults 100000 and 5)
 *   /tmp/print_bench only-new|only-old|only-none N   (N small prints, for
 *       instruction counts: perf stat / callgrind, subtract only-none)
 *
 * Each print goes into a fresh (reset) arena, as a keep-alive request's
 * is; the tree lives in another.  Prints ns per print (best of ROUNDS,
 * alternating the two printers), the answer size and the print arena's
 * peak bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/registry.h"

/* cJSON's printer allocates through its hooks; they are pointed at an
 * arena here so that its peak is measured like ours (the library itself
 * sets no hooks: its nodes come from the request arena explicitly). */
static gr_arena *bench_cjson_arena;

static void *bench_cjson_malloc(size_t n)
{
    return bench_cjson_arena != NULL ? gr_arena_alloc(bench_cjson_arena, n) : malloc(n);
}

static void bench_cjson_free(void *p)
{
    if (bench_cjson_arena == NULL) {
        free(p);
    }
}

static char *old_print(gr_jctx *c, const cJSON *item, size_t *len)
{
    char *buf = gr_arena_alloc(c->arena, 1024);
    if (buf != NULL && cJSON_PrintPreallocated((cJSON *)item, buf, 1024, 0)) {
        *len = strlen(buf);
        return buf;
    }
    if (buf != NULL) {
        gr_arena_free(c->arena, buf, 1024);
    }
    gr_arena *prev = bench_cjson_arena;
    bench_cjson_arena = c->arena;
    char *s = cJSON_PrintUnformatted(item);
    bench_cjson_arena = prev;
    if (s == NULL) {
        return NULL;
    }
    *len = strlen(s);
    return s;
}

typedef char *printer(gr_jctx *c, const cJSON *item, size_t *len);

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ns per print over n prints; *len, *peak of the last. */
static double time_print(printer *p, gr_arena *out, const cJSON *tree, long n, size_t *len,
                         size_t *peak)
{
    gr_jctx c;
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
        gr_arena_reset(out);
        gr_jctx_init(&c, out);
        if (p(&c, tree, len) == NULL) {
            fprintf(stderr, "print failed\n");
            exit(1);
        }
    }
    double t = (now_ns() - t0) / (double)n;
    *peak = gr_arena_peak(out);
    return t;
}

static cJSON *answer(gr_arena *a, const char *path, const char *body)
{
    gr_jctx c;
    gr_jctx_init(&c, a);
    cJSON *doc = NULL, *resp = NULL;
    if (gr_json_parse(&c, body, strlen(body), &doc) != GR_OK || gr_registry_json(&c, gr_registry_find(path), doc, &resp) != GR_OK) {
        fprintf(stderr, "answer failed: %s\n", c.problem.detail);
        exit(1);
    }
    return resp;
}

static void compare(const char *name, const cJSON *tree, long n, int rounds)
{
    double best_new = 1e300, best_old = 1e300;
    size_t len_new = 0, len_old = 0, peak_new = 0, peak_old = 0;
    for (int r = 0; r < rounds; r++) {
        /* fresh arenas, so each peak is this printer's alone */
        gr_arena *a = gr_arena_create(0);
        double t = time_print(old_print, a, tree, n, &len_old, &peak_old);
        best_old = t < best_old ? t : best_old;
        gr_arena_destroy(a);
        a = gr_arena_create(0);
        t = time_print(gr_json_print, a, tree, n, &len_new, &peak_new);
        best_new = t < best_new ? t : best_new;
        gr_arena_destroy(a);
    }
    if (len_new != len_old) {
        fprintf(stderr, "%s: lengths differ: %zu vs %zu\n", name, len_new, len_old);
        exit(1);
    }
    printf("%-22s %12zu %14.1f %14.1f %8.2fx %12zu %12zu\n", name, len_new, best_old, best_new,
           best_old / best_new, peak_old, peak_new);
}

int main(int argc, char **argv)
{
    cJSON_Hooks hooks = {bench_cjson_malloc, bench_cjson_free};
    cJSON_InitHooks(&hooks);
    gr_arena *trees = gr_arena_create(0);
    cJSON *nim = answer(trees, "/v1/nim", "{\"piles\":[3,4,5]}");
    if (argc == 3 && strncmp(argv[1], "only-", 5) == 0) {
        long n = atol(argv[2]);
        printer *p = strcmp(argv[1], "only-new") == 0   ? gr_json_print
                     : strcmp(argv[1], "only-old") == 0 ? old_print
                                                        : NULL;
        gr_arena *out = gr_arena_create(0);
        size_t len = 0;
        for (long i = 0; i < n; i++) {
            gr_arena_reset(out);
            gr_jctx c;
            gr_jctx_init(&c, out);
            if (p != NULL && p(&c, nim, &len) == NULL) {
                return 1;
            }
        }
        printf("%zu\n", len);
        return 0;
    }
    long edges = argc > 1 ? atol(argv[1]) : 100000;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    /* the path 0-1-...-edges (one winning move) and a star of an odd number
     * of leaves (every leaf a winning move), as bench/tree_bench.sh writes
     * them, with every move listed */
    edges -= edges % 2 == 0; /* odd: the star is a first-player win */
    size_t cap = (size_t)edges * 12 + 64, n = 0;
    char *body = malloc(cap);
    cJSON *tree[2];
    for (int shape = 0; shape < 2; shape++) {
        n = (size_t)snprintf(body, cap, "{\"all_winning_moves\":true,\"max_moves\":%ld,"
                             "\"parent\":[-1", edges);
        for (long i = 0; i < edges; i++) {
            n += (size_t)snprintf(body + n, cap - n, ",%ld", shape == 0 ? i : 0);
        }
        snprintf(body + n, cap - n, "]}");
        tree[shape] = answer(trees, "/v1/hackenbush/tree", body);
    }
    free(body);

    printf("%-22s %12s %14s %14s %9s %12s %12s\n", "answer", "bytes", "old_ns", "new_ns",
           "speedup", "old_peak_B", "new_peak_B");
    compare("nim [3,4,5]", nim, 200000, rounds);
    compare("tree path, all moves", tree[0], 200000, rounds);
    compare("tree star, all moves", tree[1], 3, rounds);
    gr_arena_destroy(trees);
    return 0;
}
