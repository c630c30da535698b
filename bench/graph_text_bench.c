/* Where the time of a /v1/hackenbush/graph request goes, without HTTP:
 *     graph_text_bench FILE.txt [REPEAT]        (FILE.json next to it is
 *                                                 timed too when present)
 * For each form, the best of REPEAT CPU-time runs of:
 *   answer   gr_json_answer on the body, as the daemon's solver thread
 *            calls it (read + solve + one winning move + print);
 * and, on the same edges, the core alone:
 *   solve    gr_hgraph_solve (the value);
 *   move     gr_hgraph_moves_to(target 0, limit 1) (the first winning move).
 * read + print = answer - solve - move.  Also the arena peak of answer.
 * Built by bench/graph_bench.sh. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/hackenbush_graph.h"
#include "json/endpoints.h"

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
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        exit(1);
    }
    buf[n] = '\0'; /* the daemon's bodies are NUL-terminated too */
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* One request through the shared answer path; returns CPU ms. */
static double answer_once(const char *body, size_t len, bool text, size_t *peak, char *head,
                          size_t headcap)
{
    gr_arena *a = gr_arena_create(0);
    gr_jctx c;
    gr_jctx_init(&c, a);
    char *out = NULL;
    size_t out_len = 0;
    double t0 = now_ms();
    gr_status st = gr_json_answer(&c, gr_endpoint_hackenbush_graph,
                                  gr_endpoint_hackenbush_graph_json_fast,
                                  gr_endpoint_hackenbush_graph_text, text, body, len, &out,
                                  &out_len);
    double t1 = now_ms();
    if (st != GR_OK) {
        fprintf(stderr, "answer failed: %s\n", c.problem.detail ? c.problem.detail : "?");
        exit(1);
    }
    snprintf(head, headcap, "%.*s", (int)(out_len < 60 ? out_len : 60), out);
    *peak = gr_arena_peak(a);
    gr_arena_destroy(a);
    return t1 - t0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE.txt [REPEAT]\n", argv[0]);
        return 2;
    }
    int repeat = argc > 2 ? atoi(argv[2]) : 5;
    gr_json_init();
    size_t tlen, jlen = 0;
    char *text = slurp(argv[1], &tlen);
    if (text == NULL) {
        perror(argv[1]);
        return 1;
    }
    char jpath[4096];
    snprintf(jpath, sizeof(jpath), "%.*s.json", (int)(strlen(argv[1]) - 4), argv[1]);
    char *json = strlen(argv[1]) > 4 ? slurp(jpath, &jlen) : NULL;

    /* The edges for the core alone, as the text reader would give them. */
    char *p = text;
    uint32_t n = (uint32_t)strtoul(p, &p, 10);
    size_t m = strtoul(p, &p, 10);
    while (*p != '\n') {
        p++;
    }
    uint32_t ground[256];
    size_t ng = 0;
    for (p++; *p != '\n';) {
        if (*p >= '0' && *p <= '9' && ng < 256) {
            ground[ng++] = (uint32_t)strtoul(p, &p, 10);
        } else {
            p++;
        }
    }
    uint32_t *edges = malloc(2 * m * sizeof(uint32_t));
    for (size_t i = 0; i < 2 * m; i++) {
        while (*p < '0' || *p > '9') {
            p++;
        }
        edges[i] = (uint32_t)strtoul(p, &p, 10);
    }
    gr_hgraph_input in = {n, m, edges, ng, ground};

    double best_t = 1e18, best_j = 1e18, best_s = 1e18, best_m = 1e18;
    size_t peak_t = 0, peak_j = 0, peak_core = 0;
    char head_t[64] = "", head_j[64] = "";
    for (int r = 0; r < repeat; r++) {
        double t = answer_once(text, tlen, true, &peak_t, head_t, sizeof(head_t));
        best_t = t < best_t ? t : best_t;
        if (json != NULL) {
            t = answer_once(json, jlen, false, &peak_j, head_j, sizeof(head_j));
            best_j = t < best_j ? t : best_j;
        }
        gr_arena *a = gr_arena_create(0);
        gr_hgraph *g;
        uint32_t *mv;
        size_t cnt;
        double t0 = now_ms();
        if (gr_hgraph_solve(a, &in, &g) != GR_OK) {
            fprintf(stderr, "solve failed\n");
            return 1;
        }
        double t1 = now_ms();
        if (gr_hgraph_moves_to(a, g, 0, 1, &mv, &cnt) != GR_OK) {
            fprintf(stderr, "moves failed\n");
            return 1;
        }
        double t2 = now_ms();
        peak_core = gr_arena_peak(a);
        gr_arena_destroy(a);
        best_s = t1 - t0 < best_s ? t1 - t0 : best_s;
        best_m = t2 - t1 < best_m ? t2 - t1 : best_m;
    }
    printf("%s (best of %d, CPU ms)\n", argv[1], repeat);
    printf("  core: solve %.1f  first move %.1f  (arena peak %.1f MB)\n", best_s, best_m,
           peak_core / 1048576.0);
    printf("  text: answer %.1f  read+print %.1f  (arena peak %.1f MB)  %s...\n", best_t,
           best_t - best_s - best_m, peak_t / 1048576.0, head_t);
    if (json != NULL) {
        printf("  json: answer %.1f  read+print %.1f  (arena peak %.1f MB)  %s...\n", best_j,
               best_j - best_s - best_m, peak_j / 1048576.0, head_j);
    }
    free(edges);
    free(json);
    free(text);
    return 0;
}
