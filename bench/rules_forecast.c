/* The calibration of the ruleset forecast (issue 37 item 5,
 * src/core/pgame_estimate.c): for each position read from stdin, one a
 * line, the forecast (gr_pg_estimate under PROBE regions expanded) and
 * then the value search, and the outcome search, each on a fresh engine
 * under CAP nodes: the nodes each counted, or ">CAP".  The core alone, no
 * HTTP; counts, not seconds (CPU seconds printed beside, for the rate).
 *     rules_forecast PROBE CAP [value] < positions    (CAP 0: the forecast only)
 * A line: "clobber|konane|nogo|amazons ROWS COLS CELLS" (cells row after
 * row), "toads STRIP", "toppling STRIP", "snort|col N U-V,U-V,...".
 * Prints: game, board, expanded, found, levels, complete, forecast,
 * value nodes, value CPU s, outcome nodes, outcome CPU s, and the peak
 * bytes of each search's arena (gr_arena_peak: the engine, its tables and
 * the abandoned copies of grown arrays).  "value" after CAP: the value
 * search only (the outcome columns 0); "outcome": the outcome search only
 * (the value columns 0), and last the outcome class (P, N, L, R; "?" when
 * the search stopped). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grundy/graph_games.h"
#include "grundy/grid_games.h"
#include "grundy/pgame.h"
#include "grundy/strip_games.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const gr_pg_rules *rules_of(const char *game)
{
    static const struct {
        const char *name;
        const gr_pg_rules *r;
    } t[] = {{"clobber", &gr_pg_clobber},   {"konane", &gr_pg_konane},
             {"nogo", &gr_pg_nogo},         {"amazons", &gr_pg_amazons},
             {"toads", &gr_pg_toads_frogs}, {"toppling", &gr_pg_toppling_dominoes},
             {"snort", &gr_pg_snort},       {"col", &gr_pg_col}};
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        if (strcmp(t[i].name, game) == 0) {
            return t[i].r;
        }
    }
    return NULL;
}

/* The position of the rest of the line for `game` into pos. */
static int read_pos(gr_arena *a, const char *game, char *rest, uint8_t *pos, size_t *len)
{
    if (strcmp(game, "toads") == 0 || strcmp(game, "toppling") == 0) {
        *len = strlen(rest);
        memcpy(pos, rest, *len);
        return 0;
    }
    if (strcmp(game, "snort") == 0 || strcmp(game, "col") == 0) {
        size_t n = strtoul(rest, &rest, 10), m = 0, bad;
        static uint32_t e[4096][2];
        while (*rest == ' ' || *rest == ',') {
            rest++;
            if (sscanf(rest, "%u-%u", &e[m][0], &e[m][1]) != 2) {
                break;
            }
            m++;
            rest += strcspn(rest, ",");
        }
        return gr_ggraph_position(a, rules_of(game), n, (const uint32_t(*)[2])e, m, NULL, pos, len,
                                  &bad) == GR_OK
                   ? 0
                   : -1;
    }
    unsigned r, c;
    char cells[1100];
    if (sscanf(rest, "%u %u %1099s", &r, &c, cells) != 3) {
        return -1;
    }
    return gr_grid_position(r, c, cells, pos, len) == GR_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc != 3 && !(argc == 4 && (strcmp(argv[3], "value") == 0 ||
                                     strcmp(argv[3], "outcome") == 0))) {
        fprintf(stderr, "usage: rules_forecast PROBE CAP [value|outcome] < positions\n");
        return 2;
    }
    int runs = argc == 4 && argv[3][0] == 'v' ? 1 : 2; /* "value": the value search only */
    int from = argc == 4 && argv[3][0] == 'o' ? 1 : 0; /* "outcome": the outcome search only */
    uint64_t probe = strtoull(argv[1], NULL, 10), cap = strtoull(argv[2], NULL, 10);
    char line[8192];
    while (fgets(line, sizeof(line), stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        char game[16];
        int off = 0;
        if (sscanf(line, "%15s %n", game, &off) != 1 || rules_of(game) == NULL) {
            continue;
        }
        const gr_pg_rules *rules = rules_of(game);
        uint8_t pos[GR_PG_MAX_POS];
        size_t len;
        gr_search_opts opts = {.max_nodes = cap};
        gr_pg_forecast fc;
        uint64_t nodes[2] = {0, 0};
        size_t peak[2] = {0, 0};
        double secs[2] = {0, 0};
        bool lw = false, rw = false;
        gr_status st[2] = {GR_OK, GR_OK};
        for (int run = -1; run < (cap == 0 ? 0 : runs); run++) {
            gr_arena *a = gr_arena_create((size_t)3 << 30);
            gr_cgt_store *s;
            gr_pg *g;
            if (a == NULL || gr_cgt_store_new(a, &s) != GR_OK ||
                read_pos(a, game, line + off, pos, &len) != 0 ||
                gr_pg_create(a, s, rules, NULL, &opts, &g) != GR_OK) {
                fprintf(stderr, "rules_forecast: cannot read %s\n", line);
                return 1;
            }
            double t0 = now_s();
            if (run >= 0 && run < from) {
                gr_arena_destroy(a);
                continue;
            }
            if (run < 0) {
                if (gr_pg_estimate(g, pos, len, probe, &fc) != GR_OK) {
                    fprintf(stderr, "rules_forecast: estimate failed\n");
                    return 1;
                }
            } else {
                gr_cgt v;
                st[run] = run == 0 ? gr_pg_value(g, pos, len, &v)
                                   : gr_pg_outcome(g, pos, len, &lw, NULL, &rw, NULL);
                gr_search_stats stats;
                gr_pg_stats(g, &stats);
                nodes[run] = stats.nodes;
                secs[run] = now_s() - t0;
                peak[run] = gr_arena_peak(a);
            }
            gr_arena_destroy(a);
        }
        printf("%s\t%s\t%llu\t%llu\t%u\t%d\t%llu", game, line + off,
               (unsigned long long)fc.expanded, (unsigned long long)fc.found, fc.levels,
               fc.complete, (unsigned long long)fc.nodes);
        for (int run = 0; run < 2 && cap != 0; run++) {
            if (st[run] == GR_OK) {
                printf("\t%llu\t%.2f", (unsigned long long)nodes[run], secs[run]);
            } else {
                printf("\t>%llu(%d)\t%.2f", (unsigned long long)nodes[run] - 1, (int)st[run],
                       secs[run]);
            }
        }
        for (int run = 0; run < 2 && cap != 0; run++) {
            printf("\t%zu", peak[run]);
        }
        if (from == 1) {
            printf("\t%c", st[1] != GR_OK ? '?' : lw ? (rw ? 'N' : 'L') : (rw ? 'R' : 'P'));
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
