/*
 * The table store's file format (docs/octal.md, "Table store"): the
 * header's encoding and every check a file must pass, and the file names.
 * No I/O here: table_store.c reads and writes, this file judges bytes.
 *
 * Layout, little-endian, offsets in bytes:
 *
 *    0  8  magic  89 'G' 'R' 'T' 0D 0A 1A 0A
 *    8  4  format version (1)
 *   12  4  kind (1 octal, 2 subtraction)
 *   16  4  width: bytes per value, 1 or 2
 *   20  4  flags: bit 0 periodic; the others 0
 *   24  8  count: values g(0..count-1), 1..2^30
 *   32  8  preperiod   (0 unless periodic)
 *   40  8  period      (>= 1 when periodic, else 0)
 *   48  8  max_value: the largest value (below 256 for width 1)
 *   56  8  payload length = count * width
 *   64  8  FNV-1a 64 of the payload
 *   72  4  key length, 1..GR_TSTORE_MAX_KEY (no NUL byte in the key)
 *   76  4  header length: 88 + key length rounded up to 16
 *   80  8  FNV-1a 64 of the header (these 8 bytes taken as zero)
 *   88     key, then zero bytes up to the header length
 *    H     payload; the file ends with it
 */
#ifndef GR_TABLE_FILE_H
#define GR_TABLE_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "store/table_store.h"

#define GR_TFILE_VERSION 1u
#define GR_TFILE_FIXED 88u    /* bytes of the fixed part of the header */
#define GR_TFILE_NAME_MAX 128 /* a file name's bytes, NUL included */
#define GR_TFILE_SUFFIX ".grt"

#define GR_FNV_OFFSET UINT64_C(0xcbf29ce484222325)

/* FNV-1a 64 of n bytes, continuing from h (GR_FNV_OFFSET to start).  Any
 * change of one byte changes the result: each step is a bijection of the
 * running state. */
uint64_t gr_tfile_fnv(uint64_t h, const void *p, size_t n);

/* The fixed part of a header, decoded. */
typedef struct gr_tfile_head {
    uint32_t version, kind, width, flags;
    uint64_t count, preperiod, period, max_value;
    uint64_t payload_len, payload_sum;
    uint32_t key_len, header_len;
    uint64_t header_sum;
} gr_tfile_head;

/* Header length for a key of key_len bytes. */
size_t gr_tfile_header_len(size_t key_len);

/* Decodes the fixed part and checks everything it alone can tell
 * (magic, version, kind, width, flags, counts, lengths, the period, the
 * largest value against the width).  NULL when it passes, else the reason
 * (a static string) for the log. */
const char *gr_tfile_decode(const unsigned char fixed[GR_TFILE_FIXED], gr_tfile_head *h);

/* Checks a whole header (h->header_len bytes from its start, the key
 * included): its checksum and the key's bytes (no NUL, zero padding).
 * NULL when it passes, else the reason. */
const char *gr_tfile_check_header(const gr_tfile_head *h, const unsigned char *header);

/* Checks the payload against the header: its checksum, then its largest
 * value.  NULL when it passes, else the reason. */
const char *gr_tfile_check_payload(const gr_tfile_head *h, const void *payload);

/* Whether t is a table the store can write: kind, key, width, count,
 * period as the format requires and max_value its largest value. */
const char *gr_tfile_check_table(const gr_tstore_table *t);

/* Writes t's header (gr_tfile_header_len(strlen(t->key)) bytes) to out,
 * with the payload checksum payload_sum. */
void gr_tfile_encode(const gr_tstore_table *t, uint64_t payload_sum, unsigned char *out);

/* The file name of (kind, key): "octal-0.106.grt", "sub-1,3,4.grt" when
 * the key is short and of safe characters ([0-9A-Za-z.,_+-]), else
 * "octal~<16 hex digits of the key's FNV-1a>.grt" ('~' is never in a
 * plain name, so the two forms cannot meet; the key in the header tells
 * two keys of one hash apart).  out holds GR_TFILE_NAME_MAX bytes. */
void gr_tfile_name(gr_tstore_kind kind, const char *key, char *out);

/* Whether a directory entry is a table file's name (not a temporary file,
 * not one set aside). */
int gr_tfile_is_table_name(const char *name);

#endif
