/*
 * libFuzzer harness for every analysis endpoint: the daemon's request path
 * (gr_json_parse -> endpoint -> gr_json_print, every node in a budgeted
 * per-request arena) without the HTTP layer around it.
 *
 * Input: the first byte picks the endpoint from the CLI's game table
 * (src/cli/games.c: the rows of the game table, games/games.def,
 * that the daemon routes): (byte & 0x7f) modulo the number of games; with the high
 * bit set, and when the endpoint has a text/plain reader, the rest goes to
 * that reader instead of the JSON parser.  The rest is the request body.
 *
 * Beyond what ASan/UBSan catch, the harness traps on:
 *   - a failure that did not fill in a 4xx problem (a 500 "unexplained
 *     failure" or internal error is a bug: bad input must be described);
 *   - a success whose serialised answer differs between two runs of the
 *     same input (uninitialised memory, hidden state: docs/contract.md
 *     promises the same bytes for the same input);
 *   - an answer that is not itself valid JSON;
 *   - a fast JSON reader (hackenbush/graph's, which skips cJSON) whose
 *     answer differs from the general path's when it does not decline.
 *
 * FUZZ_LIST=1 in the environment prints "index name text?" for each table
 * row and exits, so tests/fuzz/run.sh can prefix seed files with the right
 * byte whatever order the table has.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/games.h"
#include "json/gr_json.h"
#include "tables/table_cache.h"

/* Small enough that a blow-up is met by the budget (413), not the
 * fuzzer's RSS limit; large enough for any input of a few KB. */
#define FUZZ_BUDGET ((size_t)64 << 20)

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static gr_tcache *fuzz_tables; /* one cache for the whole run, as in the daemon */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    /* octal tables without a period stop at 4,096 values (the daemon's
     * default is 2^25, minutes for codes without sparse space) */
    gr_tcache_config cfg = {(size_t)16 << 20, 4096, NULL, NULL, 0};
    if (gr_tcache_create(&cfg, &fuzz_tables) != GR_OK) {
        abort();
    }
    if (getenv("FUZZ_LIST") != NULL) {
        for (size_t i = 0; i < gr_cli_game_count(); i++) {
            char name[64];
            const gr_cli_game *g = gr_cli_game_at(i);
            printf("%zu %s %s\n", i, gr_cli_game_name(g, name, sizeof(name)),
                   g->text != NULL ? "text" : "-");
        }
        exit(0);
    }
    return 0;
}

typedef struct fuzz_result {
    gr_status st;
    int status;
    char *out; /* malloc'ed copy of the answer, or NULL */
    size_t len;
    bool declined; /* FUZZ_FAST only: left the body to the general path */
} fuzz_result;

/* How a body is read: the general JSON path, the endpoint's text/plain
 * reader, or its fast JSON reader (which may decline). */
enum { FUZZ_JSON, FUZZ_TEXT, FUZZ_FAST };

/* Endpoints with a fast JSON reader beside the general path (the
 * registry's json_fast); the fast one must answer byte for byte as the
 * general one whenever it answers. */
static gr_endpoint_text *fuzz_fast_reader(const gr_cli_game *g)
{
    return g->json_fast;
}

static void fuzz_run(const gr_cli_game *g, int mode, const uint8_t *body, size_t n,
                     fuzz_result *res)
{
    gr_arena *a = gr_arena_create(FUZZ_BUDGET);
    if (a == NULL) {
        abort();
    }
    /* As the daemon: the body is in the arena, NUL-terminated after len. */
    char *buf = gr_arena_alloc(a, n + 1);
    if (buf == NULL) {
        abort();
    }
    memcpy(buf, body, n);
    buf[n] = '\0';
    gr_jctx c;
    gr_jctx_init(&c, a);
    c.tables = fuzz_tables;
    c.max_search_nodes = 20000; /* games solved by search: fast inputs, same paths */
    cJSON *resp = NULL;
    gr_status st;
    res->declined = false;
    if (mode == FUZZ_TEXT) {
        st = g->text(&c, buf, n, &resp);
    } else if (mode == FUZZ_FAST) {
        st = fuzz_fast_reader(g)(&c, buf, n, &resp);
        if (st == GR_OK && resp == NULL) {
            res->declined = true;
            res->st = st;
            res->status = 0;
            res->out = NULL;
            res->len = 0;
            gr_arena_destroy(a);
            return;
        }
    } else {
        cJSON *doc = NULL;
        st = gr_json_parse(&c, buf, n, &doc);
        if (st == GR_OK) {
            st = gr_registry_json(&c, g, doc, &resp);
        }
    }
    res->out = NULL;
    res->len = 0;
    if (st == GR_OK) {
        if (resp == NULL) {
            fprintf(stderr, "fuzz: %s answered OK without a response\n", g->path);
            __builtin_trap();
        }
        size_t len = 0;
        char *out = gr_json_print(&c, resp, &len);
        if (out == NULL) {
            st = gr_json_oom(&c);
        } else {
            /* The answer must parse back (cJSON's own parser, malloc'ed). */
            const char *end = NULL;
            cJSON *back = cJSON_ParseWithLengthOpts(out, len, &end, 0);
            cJSON_Delete(back);
            if (back == NULL) {
                fprintf(stderr, "fuzz: %s printed invalid JSON: %.*s\n", g->path,
                        (int)(len > 300 ? 300 : len), out);
                __builtin_trap();
            }
            res->out = malloc(len + 1);
            if (res->out == NULL) {
                abort();
            }
            memcpy(res->out, out, len);
            res->len = len;
        }
    }
    res->st = st;
    res->status = c.problem.status;
    if (st != GR_OK) {
        int s = c.problem.status;
        if (s < 400 || s > 499 || c.problem.detail == NULL || c.problem.type == NULL) {
            fprintf(stderr, "fuzz: %s failed with status %d (%s): %s\n", g->path, s,
                    c.problem.type != NULL ? c.problem.type : "no type",
                    c.problem.detail != NULL ? c.problem.detail : "no detail");
            __builtin_trap();
        }
    }
    gr_arena_destroy(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t count = gr_cli_game_count();
    if (size < 1 || count == 0) {
        return 0;
    }
    const gr_cli_game *g = gr_cli_game_at((data[0] & 0x7fu) % count);
    int mode = (data[0] & 0x80) != 0 && g->text != NULL ? FUZZ_TEXT : FUZZ_JSON;
    fuzz_result r1, r2;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fuzz_run(g, mode, data + 1, size - 1, &r1);
    if (mode == FUZZ_JSON && fuzz_fast_reader(g) != NULL) {
        fuzz_result rf;
        fuzz_run(g, FUZZ_FAST, data + 1, size - 1, &rf);
        if (!rf.declined &&
            (rf.st != r1.st || rf.len != r1.len ||
             (rf.out != NULL && memcmp(rf.out, r1.out, rf.len) != 0))) {
            fprintf(stderr, "fuzz: %s: the fast JSON reader answered differently from "
                            "the general path\n", g->path);
            __builtin_trap();
        }
        free(rf.out);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* The determinism check doubles the cost; skip it for slow inputs so
     * that the time budget goes to new inputs. */
    if ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 > 500) {
        free(r1.out);
        return 0;
    }
    fuzz_run(g, mode, data + 1, size - 1, &r2);
    if (r1.st != r2.st || r1.status != r2.status || r1.len != r2.len ||
        (r1.out != NULL && memcmp(r1.out, r2.out, r1.len) != 0)) {
        fprintf(stderr, "fuzz: %s answered differently to the same input\n", g->path);
        __builtin_trap();
    }
    free(r1.out);
    free(r2.out);
    return 0;
}
