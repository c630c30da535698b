/* Times the hackenbush_graph core alone on a text edge list (the format of
 * bench/graph_gen.py): solve (the value), one winning move, every winning
 * move.  Built and run by bench/graph_bench.sh:
 *     graph_core_bench FILE.txt [REPEAT [answer]]
 * Prints one line of CPU milliseconds (best of REPEAT).  With "answer" it
 * also times a whole request without HTTP -- gr_json_answer on the body,
 * as the daemon's solver thread calls it (read + solve + one winning move
 * + print) -- for the text body and for FILE.json when present, and so
 * shows what reading and printing add to the core's solve + first move. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/hackenbush_graph.h"
#include "games/registry.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); /* CPU time: steadier on a shared machine */
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
        exit(1);
    }
    buf[n] = '\0'; /* the daemon's bodies are NUL-terminated too */
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* One request through the shared answer path: CPU ms, the arena peak. */
static double answer_once(const char *body, size_t len, bool text, size_t *peak)
{
    gr_arena *a = gr_arena_create(0);
    gr_jctx c;
    gr_jctx_init(&c, a);
    char *out = NULL;
    size_t out_len = 0;
    double t0 = now_ms();
    gr_status st = gr_json_answer(&c, gr_registry_find("/v1/hackenbush/graph"), text, body,
                                  len, &out, &out_len);
    double t1 = now_ms();
    if (st != GR_OK) {
        fprintf(stderr, "answer failed: %s\n", c.problem.detail ? c.problem.detail : "?");
        exit(1);
    }
    *peak = gr_arena_peak(a);
    gr_arena_destroy(a);
    return t1 - t0;
}

/* The whole-request lines for the text body and FILE.json. */
static void answers(const char *path, const char *text, size_t tlen, int repeat, double core_ms)
{
    char jpath[4096];
    size_t plen = strlen(path), jlen = 0;
    snprintf(jpath, sizeof(jpath), "%.*s.json", (int)(plen > 4 ? plen - 4 : plen), path);
    char *json = slurp(jpath, &jlen);
    for (int form = 0; form < 2; form++) {
        const char *body = form == 0 ? text : json;
        if (body == NULL) {
            continue;
        }
        double best = 1e18;
        size_t peak = 0;
        for (int r = 0; r < repeat; r++) {
            double t = answer_once(body, form == 0 ? tlen : jlen, form == 0, &peak);
            best = t < best ? t : best;
        }
        printf("  %s request without HTTP: %.1f ms = core %.1f + read and print %.1f, "
               "arena peak %.1f MB\n",
               form == 0 ? "text" : "JSON", best, core_ms, best - core_ms, peak / 1048576.0);
    }
    free(json);
}

static unsigned long next_num(char **p)
{
    while (**p != '\0' && (**p < '0' || **p > '9')) {
        (*p)++;
    }
    return strtoul(*p, p, 10);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE.txt [REPEAT]\n", argv[0]);
        return 2;
    }
    int repeat = argc > 2 ? atoi(argv[2]) : 3;
    size_t len;
    char *text = slurp(argv[1], &len);
    if (text == NULL) {
        perror(argv[1]);
        return 1;
    }
    char *p = text;
    uint32_t n = (uint32_t)next_num(&p);
    size_t m = next_num(&p);
    /* the ground line: numbers up to the end of line 2 */
    while (*p != '\n') {
        p++;
    }
    p++;
    uint32_t ground[64];
    size_t ng = 0;
    while (*p != '\n') {
        ground[ng++] = (uint32_t)next_num(&p);
        while (*p == ' ') {
            p++;
        }
    }
    uint32_t *edges = malloc(2 * m * sizeof(uint32_t));
    for (size_t i = 0; i < 2 * m; i++) {
        edges[i] = (uint32_t)next_num(&p);
    }
    gr_hgraph_input in = {n, m, edges, ng, ground};
    double best_solve = 1e18, best_one = 1e18, best_all = 1e18;
    uint64_t grundy = 0;
    size_t nall = 0, peak = 0, peak_value = 0;
    for (int r = 0; r < repeat; r++) {
        gr_arena *a = gr_arena_create(0);
        gr_hgraph *g;
        double t0 = now_ms();
        if (gr_hgraph_solve(a, &in, &g) != GR_OK) {
            fprintf(stderr, "solve failed\n");
            return 1;
        }
        double t1 = now_ms();
        peak_value = gr_arena_peak(a);
        uint32_t *mv;
        size_t c;
        gr_hgraph_moves_to(a, g, 0, 1, &mv, &c);
        double t2 = now_ms();
        gr_hgraph_moves_to(a, g, 0, 0, &mv, &nall);
        double t3 = now_ms();
        gr_hgraph_summary s;
        gr_hgraph_summarize(g, &s);
        grundy = s.grundy;
        best_solve = t1 - t0 < best_solve ? t1 - t0 : best_solve;
        best_one = t2 - t1 < best_one ? t2 - t1 : best_one;
        best_all = t3 - t2 < best_all ? t3 - t2 : best_all;
        peak = gr_arena_peak(a);
        gr_arena_destroy(a);
    }
    printf("%s: n=%u m=%zu grundy=%llu value %.1f ms, +one move %.1f ms, "
           "+all moves %.1f ms (%zu moves), arena peak %.1f MB (value alone %.1f MB)\n",
           argv[1], n, m, (unsigned long long)grundy, best_solve, best_one, best_all, nall,
           peak / 1048576.0, peak_value / 1048576.0);
    if (argc > 3 && strcmp(argv[3], "answer") == 0) {
        answers(argv[1], text, len, repeat, best_solve + best_one);
    }
    free(edges);
    free(text);
    return 0;
}
