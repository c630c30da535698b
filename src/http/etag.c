/*
 * Entity tags (etag.h): FNV-1a, 64 bits, over what the JSON layer says a
 * document depends on, so that an If-None-Match is answered 304 without
 * computing anything.
 */
#include "http/etag.h"

#include <stdio.h>

static uint64_t gr_etag_fnv(uint64_t h, const char *s)
{
    for (; *s != '\0'; s++) {
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    }
    return h;
}

static void gr_etag_format(uint64_t h, char out[GR_ETAG_SIZE])
{
    snprintf(out, GR_ETAG_SIZE, "\"%016llx\"", (unsigned long long)h);
}

void gr_etag_sequence(const gr_seq_request *r, char out[GR_ETAG_SIZE])
{
    char state[48];
    snprintf(state, sizeof(state), "|%llu|%d", (unsigned long long)r->values, (int)r->pstatus);
    gr_etag_format(gr_etag_fnv(r->query_hash, state), out);
}

void gr_etag_quotient(const gr_quotient_request *r, char out[GR_ETAG_SIZE])
{
    char game[GR_ETAG_SIZE], tail[48];
    gr_etag_sequence(&r->rq, game);
    snprintf(tail, sizeof(tail), "|misere-quotient|%llu", (unsigned long long)r->max_heap);
    gr_etag_format(gr_etag_fnv(gr_etag_fnv(1469598103934665603ull, game), tail), out);
}
