/*
 * Command-line reading shared by the `grundy` commands: flags with their
 * values ("--flag VALUE" or "--flag=VALUE") and byte counts.
 */
#ifndef GR_CLI_ARGS_H
#define GR_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A count: digits and an optional K/M/G suffix (powers of 1024). */
bool gr_cli_size(const char *s, size_t *out);

/* If arg is `flag` or `flag=...`, the rest of arg after flag ("" or
 * "=..."); otherwise NULL. */
const char *gr_cli_flag(const char *arg, const char *flag);

/* The value of flag at argv[*i] (its "=..." part, else the next argument,
 * *i moving past it): *value set and true; false when arg is another flag.
 * *value NULL (and true) when the value is missing. */
bool gr_cli_flag_value(int argc, char **argv, int *i, const char *flag, const char **value);

/* Prints "grundy: " fmt (one %s: arg) and the pointer to --help; returns
 * the usage exit status (2). */
int gr_cli_usage_error(const char *fmt, const char *arg);

#endif
