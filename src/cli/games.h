/*
 * The games the `grundy` command knows are the daemon's analysis routes.
 *
 * src/cli/games.c compiles the daemon's route table (src/http/routes.c:
 * plain data naming the endpoint functions of src/json/endpoints.h, no
 * libmicrohttpd) into the CLI, so the table lives in one place: an
 * endpoint registered at the route-table anchor is a CLI game with no
 * further edit, the CLI calls exactly the functions the daemon calls, and
 * it links exactly when the daemon does.
 */
#ifndef GR_CLI_GAMES_H
#define GR_CLI_GAMES_H

#include <stddef.h>

#include "http/routes.h"

/* A game is an analysis route: route->json, and route->text for --text. */
typedef gr_route gr_cli_game;

/* The analysis routes in table order; i < gr_cli_game_count(). */
size_t gr_cli_game_count(void);
const gr_cli_game *gr_cli_game_at(size_t i);

/* The command-line name of a game: its path after "/v1/" with '/' as '-'
 * ("/v1/hackenbush/graph" -> "hackenbush-graph").  Writes into buf (size
 * bytes, truncating) and returns it. */
const char *gr_cli_game_name(const gr_cli_game *g, char *buf, size_t size);

/* The game called `name`; '_' matches '-' too, so the /v1/sum spelling
 * "hackenbush_graph" works.  NULL if there is none. */
const gr_cli_game *gr_cli_game_find(const char *name);

#endif
