/*
 * grundy: the analysis endpoints on the command line.
 *
 *     grundy nim < body.json
 *     grundy hackenbush-graph graph.json
 *     grundy --text hackenbush-graph graph.txt
 *
 * Same JSON in, same JSON out as the daemon (run.c follows the daemon's
 * per-request steps through the same endpoint functions), so scripts,
 * batch jobs and benchmarks can skip HTTP.  Exit status: 0 answered,
 * 1 invalid input (RFC 9457 problem document on stderr), 2 usage or I/O
 * error.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/games.h"
#include "cli/run.h"
#include "cli/tables.h"
#include "tables/table_cache.h"

#ifndef GR_VERSION
#define GR_VERSION "0.0.0"
#endif

/* The daemon's default --max-request-memory, so a request that fits there
 * fits here. */
#define GR_CLI_DEFAULT_BUDGET ((size_t)512 << 20)

enum { GR_EXIT_OK = 0, GR_EXIT_INPUT = 1, GR_EXIT_USAGE = 2 };

typedef struct gr_cli_args {
    const char *game;
    const char *file; /* NULL or "-": standard input */
    bool text;
    size_t budget; /* 0: unlimited */
} gr_cli_args;

static void gr_cli_usage(FILE *f)
{
    fprintf(f,
            "usage: grundy [options] GAME [FILE]\n"
            "       grundy --list | --help | --version\n"
            "       grundy tables build|list|verify ...  (grundy tables --help)\n"
            "\n"
            "Analyses the position in FILE (standard input when FILE is absent\n"
            "or \"-\") and prints the JSON grundyd answers for the same body.\n"
            "\n"
            "options:\n"
            "  --text             read GAME's plain-text format, not JSON\n"
            "  --max-memory SIZE  memory budget of the request in bytes, K/M/G\n"
            "                     suffixes allowed, 0 = unlimited (default 512M,\n"
            "                     as grundyd's --max-request-memory, also\n"
            "                     accepted as the flag's name)\n"
            "  --list             print the games as: name route formats\n"
            "  -h, --help         show this text\n"
            "  --version          show the version\n"
            "\n"
            "exit status: 0 answered, 1 invalid input (problem JSON on stderr),\n"
            "2 usage or I/O error\n"
            "\n"
            "games (same body as POST to the route):\n");
    char name[64];
    for (size_t i = 0; i < gr_cli_game_count(); i++) {
        const gr_cli_game *g = gr_cli_game_at(i);
        fprintf(f, "  %-18s %s%s\n", gr_cli_game_name(g, name, sizeof(name)), g->path,
                g->text != NULL ? "  (also --text)" : "");
    }
}

static void gr_cli_list(FILE *f)
{
    char name[64];
    for (size_t i = 0; i < gr_cli_game_count(); i++) {
        const gr_cli_game *g = gr_cli_game_at(i);
        fprintf(f, "%s %s %s\n", gr_cli_game_name(g, name, sizeof(name)), g->path,
                g->text != NULL ? "json,text" : "json");
    }
}

/* Returns -1 to go on, or the exit status. */
static int gr_cli_parse_args(int argc, char **argv, gr_cli_args *a)
{
    a->game = NULL;
    a->file = NULL;
    a->text = false;
    a->budget = GR_CLI_DEFAULT_BUDGET;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *v;
        if (options && arg[0] == '-' && arg[1] != '\0') {
            if (strcmp(arg, "--") == 0) {
                options = false;
            } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
                gr_cli_usage(stdout);
                return GR_EXIT_OK;
            } else if (strcmp(arg, "--version") == 0) {
                printf("grundy %s\n", GR_VERSION);
                return GR_EXIT_OK;
            } else if (strcmp(arg, "--list") == 0) {
                gr_cli_list(stdout);
                return GR_EXIT_OK;
            } else if (strcmp(arg, "--text") == 0) {
                a->text = true;
            } else if ((v = gr_cli_flag(arg, "--max-memory")) != NULL ||
                       /* the daemon's spelling, which its 413 detail names */
                       (v = gr_cli_flag(arg, "--max-request-memory")) != NULL) {
                if (*v == '=') {
                    v++;
                } else if (i + 1 < argc) {
                    v = argv[++i];
                } else {
                    return gr_cli_usage_error("%s needs a value", arg);
                }
                if (!gr_cli_size(v, &a->budget)) {
                    return gr_cli_usage_error("bad --max-memory size '%s'", v);
                }
            } else {
                return gr_cli_usage_error("unknown option '%s'", arg);
            }
        } else if (a->game == NULL) {
            a->game = arg;
        } else if (a->file == NULL) {
            a->file = arg;
        } else {
            return gr_cli_usage_error("unexpected argument '%s'", arg);
        }
    }
    if (a->game == NULL) {
        return gr_cli_usage_error("%s", "no GAME given");
    }
    return -1;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "tables") == 0) {
        return gr_cli_tables(argc - 1, argv + 1);
    }
    gr_cli_args a;
    int rc = gr_cli_parse_args(argc, argv, &a);
    if (rc >= 0) {
        return rc;
    }
    const gr_cli_game *game = gr_cli_game_find(a.game);
    if (game == NULL) {
        return gr_cli_usage_error("unknown game '%s' (grundy --list)", a.game);
    }
    if (a.text && game->text == NULL) {
        return gr_cli_usage_error("game '%s' has no text format", a.game);
    }
    FILE *in = stdin;
    if (a.file != NULL && strcmp(a.file, "-") != 0 &&
        (in = fopen(a.file, "rb")) == NULL) {
        fprintf(stderr, "grundy: %s: %s\n", a.file, strerror(errno));
        return GR_EXIT_USAGE;
    }

    gr_arena *arena = gr_arena_create(a.budget);
    if (arena == NULL) {
        fputs("grundy: out of memory\n", stderr);
        return GR_EXIT_USAGE;
    }
    /* the heap games' tables, for this one request: no background search */
    gr_tcache *tables = NULL;
    gr_tcache_config tcc = {0, 0, NULL, NULL, 0};
    if (gr_tcache_create(&tcc, &tables) != GR_OK) {
        fputs("grundy: out of memory\n", stderr);
        gr_arena_destroy(arena);
        return GR_EXIT_USAGE;
    }
    gr_jctx c;
    gr_jctx_init(&c, arena);
    c.tables = tables;
    char *body = NULL;
    size_t len = 0;
    gr_status st = gr_cli_read(&c, in, &body, &len);
    if (st == GR_EINTERNAL) {
        fprintf(stderr, "grundy: %s: %s\n", a.file != NULL ? a.file : "stdin",
                strerror(errno));
        rc = GR_EXIT_USAGE;
    } else {
        if (st == GR_OK) {
            st = gr_cli_answer(&c, game, a.text, body, len, stdout);
        }
        if (st != GR_OK) {
            gr_cli_print_problem(&c.problem, stderr);
            rc = GR_EXIT_INPUT;
        } else {
            rc = GR_EXIT_OK;
        }
    }
    if (in != stdin) {
        fclose(in);
    }
    gr_arena_destroy(arena); /* releases its tables first */
    gr_tcache_destroy(tables);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "grundy: writing the answer: %s\n", strerror(errno));
        return GR_EXIT_USAGE;
    }
    return rc;
}
