/*
 * The games the `grundy` command knows: one row per analysis endpoint,
 * naming the same endpoint function the daemon's route table calls, so the
 * command line and HTTP share every byte of JSON and solver code.
 */
#ifndef GR_CLI_GAMES_H
#define GR_CLI_GAMES_H

#include <stddef.h>

#include "json/endpoints.h"

typedef struct gr_cli_game {
    const char *name;       /* command-line name, e.g. "hackenbush-graph" */
    const char *path;       /* the daemon's route for the same endpoint */
    gr_endpoint_json *json; /* the request document -> response document */
    gr_endpoint_text *text; /* reader for --text input, or NULL */
} gr_cli_game;

extern const gr_cli_game gr_cli_games[];
extern const size_t gr_cli_game_count;

/* The game called `name`; '_' matches '-' (so the /v1/sum spelling
 * "hackenbush_graph" works too).  NULL if there is none. */
const gr_cli_game *gr_cli_game_find(const char *name);

#endif
