/*
 * Between the core's solved tables (gr_octal_table, gr_sub_table) and the
 * store's (gr_tstore_table), both ways.
 *
 * A file that passed the store's checks holds what some writer wrote; a
 * table taken back into the core must also satisfy what the core's
 * answers rely on, or a heap past the table could be answered from a
 * period that was never confirmed (or read past the values).  So the
 * conversions back check the key (the canonical text of a code, a set
 * ascending without repeats) and re-check the period on the values
 * themselves, with the test that confirmed it: Guy-Smith's hypothesis for
 * octal codes (g(n + p) = g(n) for e <= n < count - p, and
 * L max(e, 1) + L p + t <= count, as src/core/octal.c confirms it), a
 * repeated window of max(S) values for subtraction sets.  Whether the
 * values are the game's is `grundy tables verify`'s question.
 */
#ifndef GR_TABLE_CONVERT_H
#define GR_TABLE_CONVERT_H

#include "grundy/octal.h"
#include "grundy/subtraction.h"
#include "store/table_store.h"

/* The store's view of a solved octal table (its values are shared, not
 * copied); key holds GR_OCTAL_MAX_DIGITS + 3 bytes and receives the
 * code's canonical text, which out->key points to. */
void gr_tstore_of_octal(const gr_octal_table *t, char *key, gr_tstore_table *out);

/* A solved octal table from a loaded one, its values shared and its
 * move-finding state in arena (as gr_octal_table_view).  GR_EINVAL with
 * *why (a static string, for the log) when the table cannot be the core's:
 * not octal, a key that is not a canonical code, more values than the
 * core allows, a period that does not pass Guy-Smith on the values, a
 * period for Grundy's game. */
gr_status gr_tstore_to_octal(const gr_tstore_table *in, gr_arena *arena, gr_octal_table *out,
                             const char **why);

/* The store's view of a solved subtraction table of a finite set: the key
 * ("1,3,4") is made in arena, the values shared.  GR_EINVAL for the
 * take-1..K form (a formula, nothing to keep), GR_ENOMEM. */
gr_status gr_tstore_of_sub(const gr_sub_table *t, gr_arena *arena, gr_tstore_table *out);

/* A subtraction table from a loaded one: the set parsed from the key into
 * arena, the values shared when they are 2 bytes wide (else widened into
 * arena).  GR_EINVAL with *why as above (a key that is not a set in the
 * core's limits written ascending without repeats, a value above |S|, a
 * period whose windows do not repeat); GR_ENOMEM. */
gr_status gr_tstore_to_sub(const gr_tstore_table *in, gr_arena *arena, gr_sub_table *out,
                           const char **why);

/* Whether a table read from a file may be trusted, past its checksums:
 * g(0) = 0, the width its kind is written with, and its first values
 * (a few thousand) recomputed from the game's rules and compared.  NULL,
 * or why not (the caller then sets the file aside: gr_tstore_reject).
 * Milliseconds.  Every load that serves answers calls it. */
const char *gr_tstore_trust(const gr_tstore_table *t);

#endif
