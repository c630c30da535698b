/*
 * The games the `grundy` command knows: the rows of the game table
 * (games/games.def) under their .cli names, so a game added there is a CLI
 * game with no further edit and the CLI calls exactly the readers the
 * daemon calls.
 */
#ifndef GR_CLI_GAMES_H
#define GR_CLI_GAMES_H

#include <stddef.h>

#include "games/registry.h"

/* A game is a registry row: its readers, and ->text for --text. */
typedef gr_endpoint gr_cli_game;

/* The games in registry order; i < gr_cli_game_count(). */
size_t gr_cli_game_count(void);
const gr_cli_game *gr_cli_game_at(size_t i);

/* The command-line name of a game: its row's .cli ("hackenbush-graph").
 * Writes into buf (size bytes, truncating) and returns it. */
const char *gr_cli_game_name(const gr_cli_game *g, char *buf, size_t size);

/* The game called `name`; '_' matches '-' too, so the /v1/sum spelling
 * "hackenbush_graph" works.  NULL if there is none. */
const gr_cli_game *gr_cli_game_find(const char *name);

#endif
