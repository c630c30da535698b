/* The baseline for bench/graph_bench.sh: a plain C program that reads the
 * text edge list (the format of POST /v1/hackenbush/graph's text/plain
 * form) and computes only the Green Hackenbush value -- the textbook
 * method, written straightforwardly and efficiently: read the file, merge
 * the grounds, compressed adjacency, iterative DFS with low-links for the
 * bridges (edge ids, so parallel edges are no bridges), then the fusion
 * and colon principles bottom-up.  No moves, no HTTP.
 *     graph_baseline FILE.txt      prints the value and the time taken
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static const char *pos, *end_;

static uint32_t num(void)
{
    while (pos < end_ && (*pos < '0' || *pos > '9')) {
        if (*pos == '#') {
            while (pos < end_ && *pos != '\n') {
                pos++;
            }
        } else {
            pos++;
        }
    }
    uint32_t v = 0;
    while (pos < end_ && *pos >= '0' && *pos <= '9') {
        v = v * 10 + (uint32_t)(*pos++ - '0');
    }
    return v;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.txt\n", argv[0]);
        return 2;
    }
    double t0 = now_ms();
    FILE *f = fopen(argv[1], "rb");
    if (f == NULL) {
        perror(argv[1]);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
        return 1;
    }
    fclose(f);
    pos = buf;
    end_ = buf + len;
    uint32_t n = num();
    uint32_t m = num();
    /* ground line */
    while (pos < end_ && *pos != '\n') {
        pos++;
    }
    uint8_t *isg = calloc(n, 1);
    uint32_t root = UINT32_MAX;
    pos++;
    while (pos < end_ && *pos != '\n') {
        if (*pos >= '0' && *pos <= '9') {
            uint32_t g = num();
            isg[g] = 1;
            root = root == UINT32_MAX ? g : root;
        } else {
            pos++;
        }
    }
    uint32_t *eu = malloc(m * sizeof(uint32_t)), *ev = malloc(m * sizeof(uint32_t));
    uint32_t *deg = calloc((size_t)n + 1, sizeof(uint32_t));
    for (uint32_t i = 0; i < m; i++) {
        uint32_t u = num(), v = num();
        u = isg[u] ? root : u;
        v = isg[v] ? root : v;
        eu[i] = u;
        ev[i] = v;
        if (u != v) {
            deg[u + 1]++;
            deg[v + 1]++;
        }
    }
    double t1 = now_ms();
    for (uint32_t v = 0; v < n; v++) {
        deg[v + 1] += deg[v];
    }
    uint32_t *adj = malloc((size_t)deg[n] * 2 * sizeof(uint32_t));
    uint32_t *fill = malloc((size_t)n * sizeof(uint32_t));
    memcpy(fill, deg, n * sizeof(uint32_t));
    uint32_t *loops = calloc(n, sizeof(uint32_t));
    for (uint32_t i = 0; i < m; i++) {
        uint32_t u = eu[i], v = ev[i];
        if (u == v) {
            loops[u]++;
            continue;
        }
        adj[2 * fill[u]] = v;
        adj[2 * fill[u]++ + 1] = i;
        adj[2 * fill[v]] = u;
        adj[2 * fill[v]++ + 1] = i;
    }
    /* iterative DFS with low-links */
    uint32_t *tin = malloc(n * sizeof(uint32_t)), *low = malloc(n * sizeof(uint32_t));
    uint32_t *pe = malloc(n * sizeof(uint32_t)), *par = malloc(n * sizeof(uint32_t));
    uint32_t *order = malloc(n * sizeof(uint32_t)), *stack = malloc(n * sizeof(uint32_t));
    memset(tin, 0xff, n * sizeof(uint32_t));
    memcpy(fill, deg, n * sizeof(uint32_t));
    uint32_t nv = 0, sp = 0;
    tin[root] = low[root] = nv;
    order[nv++] = root;
    pe[root] = UINT32_MAX;
    par[root] = UINT32_MAX;
    stack[sp++] = root;
    while (sp > 0) {
        uint32_t v = stack[sp - 1];
        if (fill[v] < deg[v + 1]) {
            uint32_t i = fill[v]++;
            uint32_t u = adj[2 * i], e = adj[2 * i + 1];
            if (e == pe[v]) {
                continue;
            }
            if (tin[u] == UINT32_MAX) {
                tin[u] = low[u] = nv;
                order[nv++] = u;
                pe[u] = e;
                par[u] = v;
                stack[sp++] = u;
            } else if (tin[u] < low[v]) {
                low[v] = tin[u];
            }
        } else {
            sp--;
            if (sp > 0 && low[v] < low[stack[sp - 1]]) {
                low[stack[sp - 1]] = low[v];
            }
        }
    }
    /* bottom-up: component edge counts and the colon principle */
    uint64_t *val = calloc(n, sizeof(uint64_t));
    uint64_t *kc = calloc(n, sizeof(uint64_t));
    for (uint32_t i = 0; i < m; i++) {
        uint32_t u = eu[i], v = ev[i];
        if (tin[u] == UINT32_MAX) {
            continue;
        }
        uint32_t lo = tin[u] > tin[v] ? u : v; /* deeper in preorder */
        if (u == v || pe[lo] != i || low[lo] < tin[lo]) {
            kc[u == v ? u : (tin[u] < tin[v] ? u : v)]++; /* non-bridge */
        }
    }
    for (uint32_t k = nv; k-- > 1;) {
        uint32_t v = order[k], p = par[v];
        if (low[v] > tin[p]) { /* bridge p-v: v's component is finished */
            val[p] ^= ((kc[v] & 1) ^ val[v]) + 1;
        } else {
            kc[p] += kc[v];
            val[p] ^= val[v];
        }
    }
    uint64_t g = (kc[root] & 1) ^ val[root];
    double t2 = now_ms();
    printf("grundy %llu  read+parse %.1f ms  value %.1f ms  total %.1f ms\n", (unsigned long long)g,
           t1 - t0, t2 - t1, t2 - t0);
    return 0;
}
