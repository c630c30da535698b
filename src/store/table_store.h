/*
 * The table store: solved tables (octal games, subtraction games) kept as
 * files in one directory, so that a table computed once serves every
 * restart and every replica that mounts the same directory (the chess
 * endgame tablebases are the model: compute once, keep files, serve from
 * them).
 *
 * One file a table, named from its kind and key.  A file is a fixed binary
 * header (magic, format version, kind, key, count, width, period, largest
 * value, payload length, a checksum of the payload and one of the header)
 * and then the values; docs/octal.md "Table store" gives the layout.  A
 * file is written under a temporary name, fsynced, renamed over the old
 * one and the directory fsynced, so a reader sees the old file or the new
 * one, never part of one; a file that fails any check is never trusted: it
 * is logged, renamed aside (NAME.bad-<time>) and reported as not found, so
 * the table is computed again and rewritten.
 *
 * Thread-safe: a store holds its directory and a few flags; every call
 * opens what it reads.  Several stores (threads, processes, replicas on a
 * shared volume) may use one directory at once.
 *
 * This module does file I/O and sits beside the core, below the JSON
 * layer: it uses the core's types (arena, status), the core never uses it.
 */
#ifndef GR_TABLE_STORE_H
#define GR_TABLE_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/status.h"

#define GR_TSTORE_MAX_COUNT ((uint64_t)1 << 30) /* values in one table at most */
#define GR_TSTORE_MAX_KEY ((size_t)1 << 20)     /* bytes of a key at most */

typedef struct gr_tstore gr_tstore; /* one directory; thread-safe */

typedef enum { GR_TSTORE_OCTAL = 1, GR_TSTORE_SUBTRACTION = 2 } gr_tstore_kind;

typedef struct gr_tstore_table {
    gr_tstore_kind kind;
    const char *key; /* canonical code text ("0.106", "grundy") or subtraction set ("1,3,4") */
    uint64_t count;  /* values g(0..count-1) */
    unsigned width;  /* bytes per value: 1 or 2 (little-endian) */
    const void *values;
    uint64_t max_value;
    bool periodic; /* period confirmed (Guy-Smith / repeated window) */
    uint64_t preperiod, period;
} gr_tstore_table;

/* log(ud, line) is called for every event an operator must see (a file
 * that failed its check and was set aside, the directory turned out
 * read-only or full: once each).  The line has no newline.  It may be
 * called from several threads at once (those calling the store).  A NULL
 * log writes the lines to standard error. */
typedef void (*gr_tstore_log_fn)(void *ud, const char *line);

/* Opens (creating it, and its parents, when missing) the directory dir.
 * Leftover temporary files of writers that died are removed (see
 * docs/octal.md).  A directory that cannot be created or written is not
 * an error: the store opens unwritable (logged), and loads find what is
 * there.  GR_EINVAL for an empty path or one that is not a directory,
 * GR_ENOMEM when out of memory. */
gr_status gr_tstore_open(const char *dir, gr_tstore_log_fn log, void *ud, gr_tstore **out);
void gr_tstore_close(gr_tstore *s);

/* GR_OK and *found=true with the table read into arena (values copied),
 * or *found=false when there is no valid file (missing, or failed its
 * check: then logged and renamed aside to NAME.bad-<time> so it is
 * recomputed and rewritten).  Never trusts a bad file.  GR_ENOMEM when
 * the arena cannot hold the table (the file is left alone). */
gr_status gr_tstore_load(gr_tstore *s, gr_tstore_kind kind, const char *key, gr_arena *arena,
                         gr_tstore_table *out, bool *found);

/* A loaded table its caller does not trust (gr_tstore_trust: its values
 * are not the game's): its file is logged and set aside as a bad one. */
void gr_tstore_reject(gr_tstore *s, gr_tstore_kind kind, const char *key, const char *why);

/* Writes (replaces) the file atomically: temp name unique per process and
 * thread, write, fsync, rename, fsync the directory.  A table with fewer
 * values than the file already holds does not replace it (a checkpoint
 * never shrinks a table; a confirmed one always wins over an unconfirmed
 * one).  On EROFS/EACCES/EPERM/ENOSPC/EDQUOT: logged once, the store
 * marked unwritable, GR_OK (the daemon serves on without it); later saves
 * are skipped.  GR_EINVAL for a table that is not well formed (a caller's
 * bug: its max_value is not its largest value, a period of 0, ...),
 * GR_EINTERNAL (logged) for another I/O error. */
gr_status gr_tstore_save(gr_tstore *s, const gr_tstore_table *t);
bool gr_tstore_writable(const gr_tstore *s);

/* Lists the valid entries' headers (no payload: values NULL), sorted by
 * kind and key, for `grundy tables list`.  Only the headers are checked
 * (their checksum, the file's size); a file that fails is logged and left
 * for the next load to set aside. */
gr_status gr_tstore_list(gr_tstore *s, gr_arena *arena, gr_tstore_table **out, size_t *n);

/* The directory's descriptor (-1 when it could not be opened). */
int gr_tstore_dir_fd(const gr_tstore *s);

/* Leases of growing tables (table_lease.c): one replica grows a table,
 * the others read its checkpoints.  Owner: a word (no spaces) naming the
 * daemon, unique among the replicas. */
typedef enum {
    GR_TLEASE_MINE,  /* taken or renewed: grow it */
    GR_TLEASE_OTHER, /* another owner's, not expired: read its checkpoints */
    GR_TLEASE_NONE   /* no lease to be had (store not writable): grow it */
} gr_tlease_state;
gr_tlease_state gr_tlease_take(gr_tstore *s, gr_tstore_kind kind, const char *key,
                               const char *owner, uint64_t ttl_ms);
/* Gives the lease up (the table is final, or its entry is dropped). */
void gr_tlease_drop(gr_tstore *s, gr_tstore_kind kind, const char *key, const char *owner);
/* Removes the leases that expired more than grace_ms ago (and unreadable
 * ones): their owners died.  Called when a writable store opens. */
void gr_tlease_sweep(gr_tstore *s, uint64_t grace_ms);

/* Bytes of the file that holds t (header, key and values). */
uint64_t gr_tstore_file_bytes(const gr_tstore_table *t);

#endif
