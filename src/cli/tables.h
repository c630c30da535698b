/*
 * `grundy tables`: the table store from the command line.
 *
 *     grundy tables build CODE... --table-dir DIR [--max-values N]
 *     grundy tables list --table-dir DIR
 *     grundy tables verify --table-dir DIR [KEY...]
 *
 * build computes each table with the core (octal codes and names as the
 * API takes them, "sub:1,3,4" or --subtraction 1,3,4 for subtraction
 * sets) and saves it; list prints the store's tables; verify computes
 * each table again to the same number of values and compares.  Exit
 * status: 0 ok, 1 bad input or a table that differs (or is damaged),
 * 2 usage or I/O error.
 */
#ifndef GR_CLI_TABLES_H
#define GR_CLI_TABLES_H

/* argv[0] is "tables". */
int gr_cli_tables(int argc, char **argv);

#endif
