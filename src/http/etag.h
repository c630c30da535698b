/*
 * Entity tags of the sequence and misère-quotient GET documents.
 *
 * A document is a pure function of its canonical query, the version and,
 * for an octal table that still grows, the state of the table (values
 * computed, period status): the JSON layer reads and names those
 * (gr_seq_request's query_hash, values and pstatus); the tag, an FNV-1a
 * hash of them in quotes, is HTTP's and is made here.
 */
#ifndef GR_HTTP_ETAG_H
#define GR_HTTP_ETAG_H

#include "games/misere_doc.h"
#include "games/sequence.h"

#define GR_ETAG_SIZE 24 /* "\"" 16 hex digits "\"" and the NUL */

/* The tag of r's sequence document as its table stands in r. */
void gr_etag_sequence(const gr_seq_request *r, char out[GR_ETAG_SIZE]);
/* The tag of r's misère-quotient document: its game's sequence tag (as
 * parsed) and max_heap. */
void gr_etag_quotient(const gr_mq_request *r, char out[GR_ETAG_SIZE]);

#endif
