/*
 * The table of games for the `grundy` command.
 *
 * Each row points at an endpoint declared in src/json/endpoints.h; a game
 * whose endpoint is not declared there cannot be listed (it would not
 * compile), so the table never promises more than the JSON layer has.
 * tests/api/test_cli.py checks the other direction: every endpoint in
 * endpoints.h has a row here, and each row answers byte for byte as the
 * daemon does on `path`.
 */
#include "cli/games.h"

#include <string.h>

const gr_cli_game gr_cli_games[] = {
    {"nim", "/v1/nim", gr_endpoint_nim, NULL},
    {"subtraction", "/v1/subtraction", gr_endpoint_subtraction, NULL},
    {"octal", "/v1/octal", gr_endpoint_octal, NULL},
    {"hackenbush-tree", "/v1/hackenbush/tree", gr_endpoint_hackenbush_tree,
     NULL},
    {"hackenbush-graph", "/v1/hackenbush/graph", gr_endpoint_hackenbush_graph,
     gr_endpoint_hackenbush_graph_text},
    {"ordinal-trees", "/v1/ordinal-trees", gr_endpoint_ordinal_trees, NULL},
    /* @@ cli games: add new ones above this line @@ */
};

const size_t gr_cli_game_count = sizeof(gr_cli_games) / sizeof(gr_cli_games[0]);

static int gr_cli_same_name(const char *a, const char *b)
{
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        char ca = *a == '_' ? '-' : *a, cb = *b == '_' ? '-' : *b;
        if (ca != cb) {
            return 0;
        }
    }
    return *a == *b;
}

const gr_cli_game *gr_cli_game_find(const char *name)
{
    for (size_t i = 0; i < gr_cli_game_count; i++) {
        if (gr_cli_same_name(gr_cli_games[i].name, name)) {
            return &gr_cli_games[i];
        }
    }
    return NULL;
}
