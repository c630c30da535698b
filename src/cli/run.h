/*
 * One request through the JSON layer, without HTTP: read the input, parse
 * it, call the game's endpoint, print the response -- the same steps, in
 * the same order and with the same per-request arena, as the daemon.
 */
#ifndef GR_CLI_RUN_H
#define GR_CLI_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/games.h"

/* Reads all of `in` into the arena (so the input counts against the memory
 * budget, as a request body does in the daemon).  GR_OK; GR_ENOMEM with
 * c->problem filled when over budget; GR_EINTERNAL on a read error (errno
 * tells why). */
gr_status gr_cli_read(gr_jctx *c, FILE *in, char **body, size_t *len);

/* Parses body (JSON, or the game's text format when `text`), runs the
 * endpoint and writes the response document and a newline to `out`.  On a
 * problem, leaves it in c->problem and returns its status; GR_OK otherwise.
 * Output errors are the caller's to check (ferror). */
gr_status gr_cli_answer(gr_jctx *c, const gr_cli_game *game, bool text,
                        const char *body, size_t len, FILE *out);

/* Writes c->problem as an RFC 9457 problem document and a newline, with
 * the daemon's renderer (malloc'ed: it works after the budget ran out). */
void gr_cli_print_problem(const gr_problem *p, FILE *out);

#endif
