/*
 * A streaming reader for the common shape of a /v1/hackenbush/graph JSON
 * body, straight into the solver's arrays -- no cJSON tree.  A 10^6-edge
 * request otherwise builds about three million cJSON nodes (some 200 MB and
 * most of the time); read this way it costs what the text/plain form
 * costs.
 *
 * It accepts only the plain form:
 *   {"vertices": N, "edges": [[u, v], ...], "ground": [g, ...],
 *    "all_winning_moves": true|false, "max_moves": K}
 * in any key order, with `vertices`, `all_winning_moves` and `max_moves`
 * optional, every number written as plain decimal digits (no sign,
 * fraction, exponent or leading zero) up to 2^53 - 1, and JSON whitespace.
 * Anything else -- a string id, an unknown or repeated key, a value out of
 * range, a syntax error, trailing bytes -- makes it decline (GR_OK with
 * *resp == NULL), and the caller runs the general path (gr_json_parse and
 * gr_endpoint_hackenbush_graph), which accepts the rest of the grammar and
 * words every error with its pointer.  So the fast reader never has to
 * report an error, and whenever it answers, the answer is the general
 * path's answer byte for byte (tests/unit/test_hackenbush_graph.c checks
 * both on random bodies).
 */
#include <string.h>

#include "games/endpoints.h"
#include "games/hackenbush_graph.h"

typedef struct gr_fj {
    const char *p, *end;
} gr_fj;

static inline void gr_fj_ws(gr_fj *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\n' || *j->p == '\r' || *j->p == '\t')) {
        j->p++;
    }
}

static inline bool gr_fj_char(gr_fj *j, char ch)
{
    gr_fj_ws(j);
    if (j->p < j->end && *j->p == ch) {
        j->p++;
        return true;
    }
    return false;
}

/* Plain decimal digits, no leading zero, at most max (<= 2^53 - 1). */
static inline bool gr_fj_uint(gr_fj *j, uint64_t max, uint64_t *out)
{
    gr_fj_ws(j);
    const char *p = j->p;
    if (p == j->end || *p < '0' || *p > '9') {
        return false;
    }
    uint64_t v = (uint64_t)(*p++ - '0');
    if (v == 0) {
        if (p < j->end && *p >= '0' && *p <= '9') {
            return false; /* leading zero: not JSON */
        }
    } else {
        while (p < j->end && *p >= '0' && *p <= '9') {
            v = v * 10 + (uint64_t)(*p++ - '0');
            if (v > max) {
                return false;
            }
        }
    }
    if (v > max || (p < j->end && (*p == '.' || *p == 'e' || *p == 'E'))) {
        return false;
    }
    j->p = p;
    *out = v;
    return true;
}

static bool gr_fj_literal(gr_fj *j, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(j->end - j->p) < n || memcmp(j->p, word, n) != 0) {
        return false;
    }
    j->p += n;
    return true;
}

/* A key among the known ones (plain ASCII, no escapes): its index, or -1. */
static int gr_fj_key(gr_fj *j)
{
    static const char *const keys[] = {"vertices", "edges", "ground", "all_winning_moves",
                                       "max_moves"};
    if (!gr_fj_char(j, '"')) {
        return -1;
    }
    const char *k = j->p;
    while (j->p < j->end && *j->p != '"' && *j->p != '\\') {
        j->p++;
    }
    if (j->p == j->end || *j->p != '"') {
        return -1;
    }
    size_t len = (size_t)(j->p - k);
    j->p++;
    for (int i = 0; i < 5; i++) {
        if (strlen(keys[i]) == len && memcmp(keys[i], k, len) == 0) {
            return gr_fj_char(j, ':') ? i : -1;
        }
    }
    return -1;
}

/* The usual compact pair "[u,v]" with ids of 1 to 9 digits and no leading
 * zero (so at most 10^9 - 1 <= top), read without the general per-token
 * steps; false (nothing consumed) for anything else, which the general
 * steps then read or decline.  Needs 24 readable bytes. */
static inline bool gr_fj_pair_fast(gr_fj *j, uint32_t *x, uint32_t *y)
{
    const unsigned char *q = (const unsigned char *)j->p;
    if (j->end - j->p < 24 || q[0] != '[') {
        return false;
    }
    uint32_t val[2];
    q++;
    for (int k = 0; k < 2; k++) {
        unsigned d = (unsigned)q[0] - '0', len = 0;
        uint32_t acc = 0;
        if (d > 9 || (d == 0 && (unsigned)q[1] - '0' <= 9)) {
            return false; /* not a digit, or a leading zero */
        }
        while (d <= 9 && len < 9) {
            acc = acc * 10 + d;
            d = (unsigned)q[++len] - '0';
        }
        if (q[len] != (k == 0 ? ',' : ']')) {
            return false; /* a 10th digit, whitespace, '.', 'e', ... */
        }
        val[k] = acc;
        q += len + 1;
    }
    *x = val[0];
    *y = val[1];
    j->p = (const char *)q;
    return true;
}

/* An array of uint32 ids (<= top) or of [u, v] pairs, in the arena; on
 * success trimmed to its length, on failure given back. */
static bool gr_fj_ids(gr_fj *j, gr_arena *a, bool pairs, uint64_t top, uint32_t **out,
                      size_t *count)
{
    if (!gr_fj_char(j, '[')) {
        return false;
    }
    /* A first guess from the bytes left: an edge takes at least 6 ("[0,0]"
     * and a comma), an id 2. */
    size_t left = (size_t)(j->end - j->p);
    size_t cap = pairs ? left / 6 + 1 : 16, n = 0, width = pairs ? 2 : 1;
    uint32_t *v = GR_ARENA_ARRAY_UNINIT(a, uint32_t, cap * width);
    if (v == NULL) {
        return false;
    }
    bool ok = true;
    for (bool empty = gr_fj_char(j, ']'); !empty;) {
        if (n == cap) {
            uint32_t *w = gr_arena_realloc(a, v, cap * width * sizeof(uint32_t),
                                           2 * cap * width * sizeof(uint32_t));
            if (w == NULL) {
                ok = false;
                break;
            }
            v = w;
            cap *= 2;
        }
        uint64_t x, y;
        if (pairs && gr_fj_pair_fast(j, &v[2 * n], &v[2 * n + 1])) {
            /* read */
        } else if (pairs) {
            if (!gr_fj_char(j, '[') || !gr_fj_uint(j, top, &x) || !gr_fj_char(j, ',') ||
                !gr_fj_uint(j, top, &y) || !gr_fj_char(j, ']')) {
                ok = false;
                break;
            }
            v[2 * n] = (uint32_t)x;
            v[2 * n + 1] = (uint32_t)y;
        } else {
            if (!gr_fj_uint(j, top, &x)) {
                ok = false;
                break;
            }
            v[n] = (uint32_t)x;
        }
        n++;
        if (gr_fj_char(j, ']')) {
            break;
        }
        if (!gr_fj_char(j, ',')) {
            ok = false;
            break;
        }
    }
    if (!ok) {
        gr_arena_free(a, v, cap * width * sizeof(uint32_t));
        return false;
    }
    size_t keep = n > 0 ? n : 1; /* what gr_fj_decline gives back */
    if (keep < cap) {
        uint32_t *w =
            gr_arena_realloc(a, v, cap * width * sizeof(uint32_t), keep * width * sizeof(uint32_t));
        if (w == NULL) {
            gr_arena_free(a, v, cap * width * sizeof(uint32_t));
            return false;
        }
        v = w;
    }
    *out = v;
    *count = n;
    return true;
}

/* Declines: gives back what was read and lets the general path answer. */
static gr_status gr_fj_decline(gr_jctx *c, uint32_t *edges, size_t m, uint32_t *ground, size_t ng)
{
    if (edges != NULL) {
        gr_arena_free(c->arena, edges, 2 * (m > 0 ? m : 1) * sizeof(uint32_t));
    }
    if (ground != NULL) {
        gr_arena_free(c->arena, ground, (ng > 0 ? ng : 1) * sizeof(uint32_t));
    }
    return GR_OK;
}

gr_status gr_endpoint_hackenbush_graph_json_fast(gr_jctx *c, const char *body, size_t len,
                                                 cJSON **resp)
{
    *resp = NULL;
    gr_fj j = {body, body + len};
    bool seen[5] = {false, false, false, false, false};
    uint64_t n = 0;
    uint32_t *edges = NULL, *ground = NULL;
    size_t m = 0, ng = 0;
    gr_move_opts opts = {false, GR_MAX_MOVES_DEFAULT};
    /* Ids are checked against the largest possible id while reading and
     * against `vertices` afterwards, since keys come in any order. */
    const uint64_t top = GR_HGRAPH_MAX_VERTICES - 1u;
    if (!gr_fj_char(&j, '{')) {
        return GR_OK;
    }
#define GR_FJ_DECLINE() return gr_fj_decline(c, edges, m, ground, ng)
    if (!gr_fj_char(&j, '}')) {
        for (;;) {
            int k = gr_fj_key(&j);
            if (k < 0 || seen[k]) {
                GR_FJ_DECLINE();
            }
            seen[k] = true;
            bool ok;
            switch (k) {
            case 0:
                ok = gr_fj_uint(&j, GR_HGRAPH_MAX_VERTICES, &n) && n > 0;
                break;
            case 1:
                ok = gr_fj_ids(&j, c->arena, true, top, &edges, &m);
                break;
            case 2:
                ok = gr_fj_ids(&j, c->arena, false, top, &ground, &ng);
                break;
            case 3:
                gr_fj_ws(&j);
                opts.all = gr_fj_literal(&j, "true");
                ok = opts.all || gr_fj_literal(&j, "false");
                break;
            default:
                ok = gr_fj_uint(&j, GR_MAX_MOVES_LIMIT, &opts.max);
                break;
            }
            if (!ok) {
                GR_FJ_DECLINE();
            }
            if (gr_fj_char(&j, '}')) {
                break;
            }
            if (!gr_fj_char(&j, ',')) {
                GR_FJ_DECLINE();
            }
        }
    }
    gr_fj_ws(&j);
    if (j.p != j.end || !seen[1] || !seen[2] || ng == 0 || m > GR_HGRAPH_MAX_EDGES) {
        GR_FJ_DECLINE();
    }
    uint32_t maxid = 0;
    for (size_t i = 0; i < 2 * m; i++) {
        maxid = edges[i] > maxid ? edges[i] : maxid;
    }
    for (size_t i = 0; i < ng; i++) {
        maxid = ground[i] > maxid ? ground[i] : maxid;
    }
    if (!seen[0]) {
        n = (uint64_t)maxid + 1;
    } else if (maxid >= n) {
        GR_FJ_DECLINE(); /* an id out of range: the general path says where */
    }
#undef GR_FJ_DECLINE
    gr_hgraph_state *s = gr_arena_calloc(c->arena, 1, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    s->n = (uint32_t)n;
    s->m = m;
    s->edges = edges;
    s->ground = ground;
    s->ground_count = ng;
    gr_status st = gr_hgraph_json_solve(c, s);
    if (st != GR_OK) {
        return st;
    }
    return gr_hgraph_json_respond(c, s, &opts, resp);
}
