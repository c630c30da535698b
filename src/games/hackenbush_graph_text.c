/*
 * POST /v1/hackenbush/graph with Content-Type text/plain: the edge-list
 * form for large graphs, read by one hand-written pass straight into the
 * arrays the solver takes (no tokens, no copies).
 *
 *   # a comment runs from '#' to the end of its line
 *   5 5                  line 1: n m, then optional words:
 *                                all_winning_moves   max_moves=K
 *   0                    line 2: the ground ids (at least one)
 *   0 1                  then exactly m lines "u v", 0 <= u, v < n
 *   1 2
 *   2 0
 *   2 2
 *   0 1
 *
 * Numbers are unsigned decimal; fields are separated by spaces or tabs;
 * lines end with LF or CRLF; blank and comment-only lines are skipped
 * anywhere.  Edge i is the i-th edge line, which is what moves report.
 * Errors are 400 problems whose pointer is "/line/<k>", k the 1-based
 * physical line number of the offending line (the line after the last one
 * when the body ends too early).
 */
#include <stdio.h>
#include <string.h>

#include "games/endpoints.h"
#include "games/hackenbush_graph.h"

typedef struct gr_tscan {
    const char *p, *end;
    size_t line; /* 1-based line of p */
    gr_jctx *c;
} gr_tscan;

static gr_status gr_tscan_error(gr_tscan *t, const char *what)
{
    const char *p = gr_jp_idx(t->c, "/line", t->line);
    return gr_json_error(t->c, GR_EINVAL, p, "line %zu: %s", t->line, what);
}

/* Skips spaces and tabs, and a comment up to (not including) the newline. */
static inline void gr_tscan_blank(gr_tscan *t)
{
    const char *p = t->p;
    while (p < t->end && (*p == ' ' || *p == '\t')) {
        p++;
    }
    if (p < t->end && *p == '#') {
        while (p < t->end && *p != '\n') {
            p++;
        }
    }
    t->p = p;
}

static inline bool gr_tscan_at_eol(const gr_tscan *t)
{
    return t->p == t->end || *t->p == '\n' ||
           (*t->p == '\r' && t->p + 1 < t->end && t->p[1] == '\n') ||
           (*t->p == '\r' && t->p + 1 == t->end);
}

/* Consumes the end of the current line (after blanks/comment). */
static gr_status gr_tscan_eol(gr_tscan *t)
{
    gr_tscan_blank(t);
    if (!gr_tscan_at_eol(t)) {
        return gr_tscan_error(t, "unexpected text at the end of the line");
    }
    if (t->p < t->end && *t->p == '\r') {
        t->p++;
    }
    if (t->p < t->end) {
        t->p++;
        t->line++;
    }
    return GR_OK;
}

/* Moves to the start of the next line with content.  False at the end. */
static bool gr_tscan_next_content(gr_tscan *t)
{
    for (;;) {
        gr_tscan_blank(t);
        if (t->p == t->end) {
            return false;
        }
        if (!gr_tscan_at_eol(t)) {
            return true;
        }
        if (*t->p == '\r') {
            t->p++;
        }
        if (t->p < t->end) {
            t->p++;
        }
        t->line++;
    }
}

/* An unsigned decimal at most max, after optional blanks. */
static gr_status gr_tscan_u64(gr_tscan *t, uint64_t max, const char *what, uint64_t *out)
{
    gr_tscan_blank(t);
    const char *p = t->p;
    if (p == t->end || *p < '0' || *p > '9') {
        char msg[120];
        snprintf(msg, sizeof(msg), "expected %s (an unsigned decimal integer)", what);
        return gr_tscan_error(t, msg);
    }
    uint64_t v = 0;
    while (p < t->end && *p >= '0' && *p <= '9') {
        unsigned d = (unsigned)(*p - '0');
        if (d > max || v > (max - d) / 10) {
            char msg[160];
            snprintf(msg, sizeof(msg), "%s must be at most %llu", what, (unsigned long long)max);
            return gr_tscan_error(t, msg);
        }
        v = v * 10 + d;
        p++;
    }
    if (p < t->end && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && *p != '#') {
        char msg[120];
        snprintf(msg, sizeof(msg), "expected %s (an unsigned decimal integer)", what);
        return gr_tscan_error(t, msg);
    }
    t->p = p;
    *out = v;
    return GR_OK;
}

/* The digits at q, eight bytes at a time (SWAR: SIMD within a register).
 * Sets *len to the number of leading decimal digits among q[0..8) and
 * returns their value when 1 <= *len <= 7, the case of every id below
 * 10^7; otherwise the caller reads the number byte by byte.  q[0..8) must
 * be readable.  A byte is a digit iff its high nibble is 3 and adding 6
 * keeps it so; a carry out of a byte >= 0xFA can only disturb bytes after
 * that non-digit, which lie past the digits counted.  The value: the
 * digits are moved to the top (zero bytes, read as '0', fill in front),
 * then pairs, quads and the whole are combined by three multiplications
 * (as in simdjson's parse_eight_digits_unrolled). */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
#define GR_TSCAN_SWAR 1
static inline uint64_t gr_tscan_digits8(const char *q, unsigned *len)
{
    uint64_t w;
    memcpy(&w, q, sizeof(w));
    const uint64_t hi = 0xF0F0F0F0F0F0F0F0u;
    uint64_t nd = ((w & hi) | (((w + 0x0606060606060606u) & hi) >> 4)) ^ 0x3333333333333333u;
    if (nd == 0) {
        *len = 8;
        return 0;
    }
    unsigned k = (unsigned)__builtin_ctzll(nd) >> 3;
    *len = k;
    if (k == 0) {
        return 0;
    }
    w = (w << (8 * (8 - k))) & 0x0F0F0F0F0F0F0F0Fu;
    w = (w * 2561) >> 8;
    w = ((w & 0x00FF00FF00FF00FFu) * 6553601) >> 16;
    return ((w & 0x0000FFFF0000FFFFu) * 42949672960001u) >> 32;
}
#endif

/* Line 1's optional words. */
static gr_status gr_tscan_options(gr_tscan *t, gr_move_opts *opts)
{
    for (;;) {
        gr_tscan_blank(t);
        if (gr_tscan_at_eol(t)) {
            return GR_OK;
        }
        const char *w = t->p;
        size_t len = 0;
        while (w + len < t->end && w[len] != ' ' && w[len] != '\t' && w[len] != '\n' &&
               w[len] != '\r' && w[len] != '#' && w[len] != '=') {
            len++;
        }
        if (len == 17 && memcmp(w, "all_winning_moves", 17) == 0) {
            opts->all = true;
            t->p = w + len;
        } else if (len == 9 && memcmp(w, "max_moves", 9) == 0 && w + len < t->end &&
                   w[len] == '=') {
            t->p = w + len + 1;
            gr_status st = gr_tscan_u64(t, GR_MAX_MOVES_LIMIT, "max_moves", &opts->max);
            if (st != GR_OK) {
                return st;
            }
        } else {
            return gr_tscan_error(t, "expected \"n m\" optionally followed by "
                                     "all_winning_moves and max_moves=K");
        }
    }
}

gr_status gr_endpoint_hackenbush_graph_text(gr_jctx *c, const char *body, size_t len, cJSON **resp)
{
    gr_tscan t = {body, body + len, 1, c};
    gr_move_opts opts = {false, GR_MAX_MOVES_DEFAULT};
    gr_status st;
    uint64_t n, m;
    if (!gr_tscan_next_content(&t)) {
        return gr_tscan_error(&t, "expected \"n m\" (vertices and edges)");
    }
    if ((st = gr_tscan_u64(&t, GR_HGRAPH_MAX_VERTICES, "n (vertices)", &n)) != GR_OK ||
        (st = gr_tscan_u64(&t, GR_HGRAPH_MAX_EDGES, "m (edges)", &m)) != GR_OK ||
        (st = gr_tscan_options(&t, &opts)) != GR_OK) {
        return st;
    }
    if (n == 0) {
        return gr_tscan_error(&t, "n must be at least 1 (the ground is a vertex)");
    }
    /* Each edge line takes at least 4 bytes ("0 0\n"): refuse a count the
     * body cannot hold before allocating for it. */
    if (m > len / 4 + 1) {
        return gr_tscan_error(&t, "m is larger than the body can hold");
    }
    if ((st = gr_tscan_eol(&t)) != GR_OK) {
        return st;
    }

    /* Ground ids: a growing array (the line is short in practice). */
    if (!gr_tscan_next_content(&t)) {
        return gr_tscan_error(&t, "expected the ground ids");
    }
    size_t gcap = 8, ng = 0;
    uint32_t *ground = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, gcap);
    if (ground == NULL) {
        return gr_json_oom(c);
    }
    for (;;) {
        gr_tscan_blank(&t);
        if (gr_tscan_at_eol(&t)) {
            break;
        }
        uint64_t gid;
        if ((st = gr_tscan_u64(&t, n - 1, "a ground id (below n)", &gid)) != GR_OK) {
            return st;
        }
        if (ng == gcap) {
            uint32_t *ng2 = gr_arena_realloc(c->arena, ground, gcap * sizeof(uint32_t),
                                             2 * gcap * sizeof(uint32_t));
            if (ng2 == NULL) {
                return gr_json_oom(c);
            }
            ground = ng2;
            gcap *= 2;
        }
        ground[ng++] = (uint32_t)gid;
    }
    if ((st = gr_tscan_eol(&t)) != GR_OK) {
        return st;
    }

    uint32_t *edges = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, 2 * (size_t)m);
    if (edges == NULL) {
        return gr_json_oom(c);
    }
    const uint64_t top = n - 1;
    const char *p = t.p, *end = t.end;
    for (size_t i = 0; i < m; i++) {
        uint64_t u = 0, v = 0;
        const char *q = p;
#ifdef GR_TSCAN_SWAR
        /* Fastest path: "u v\n", ids of at most 7 digits, 16 bytes left. */
        if (end - q >= 16) {
            unsigned lu, lv;
            u = gr_tscan_digits8(q, &lu);
            if (lu - 1u < 7u && q[lu] == ' ') {
                v = gr_tscan_digits8(q + lu + 1, &lv);
                if (lv - 1u < 7u && q[lu + 1 + lv] == '\n' && u <= top && v <= top) {
                    edges[2 * i] = (uint32_t)u;
                    edges[2 * i + 1] = (uint32_t)v;
                    p = q + lu + lv + 2;
                    t.line++;
                    continue;
                }
            }
            u = 0;
            v = 0;
        }
#endif
        /* Fast path: "u v\n" with single spaces and in-range ids. */
        if (q < end && *q >= '0' && *q <= '9') {
            do {
                u = u * 10 + (uint64_t)(*q++ - '0');
            } while (q < end && *q >= '0' && *q <= '9' && u <= top);
            if (q < end && *q == ' ' && q + 1 < end && q[1] >= '0' && q[1] <= '9') {
                q++;
                do {
                    v = v * 10 + (uint64_t)(*q++ - '0');
                } while (q < end && *q >= '0' && *q <= '9' && v <= top);
                if (u <= top && v <= top && q < end && *q == '\n') {
                    edges[2 * i] = (uint32_t)u;
                    edges[2 * i + 1] = (uint32_t)v;
                    p = q + 1;
                    t.line++;
                    continue;
                }
            }
        }
        /* General path: blanks, comments, CRLF, and precise errors. */
        t.p = p;
        if (!gr_tscan_next_content(&t)) {
            char msg[96];
            snprintf(msg, sizeof(msg), "expected edge %zu of %llu (\"u v\")", i,
                     (unsigned long long)m);
            return gr_tscan_error(&t, msg);
        }
        if ((st = gr_tscan_u64(&t, top, "u (below n)", &u)) != GR_OK ||
            (st = gr_tscan_u64(&t, top, "v (below n)", &v)) != GR_OK ||
            (st = gr_tscan_eol(&t)) != GR_OK) {
            return st;
        }
        edges[2 * i] = (uint32_t)u;
        edges[2 * i + 1] = (uint32_t)v;
        p = t.p;
    }
    t.p = p;
    if (gr_tscan_next_content(&t)) {
        char msg[80];
        snprintf(msg, sizeof(msg), "more than m = %llu edge lines", (unsigned long long)m);
        return gr_tscan_error(&t, msg);
    }

    gr_hgraph_state *s = gr_arena_calloc(c->arena, 1, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    s->n = (uint32_t)n;
    s->m = (size_t)m;
    s->edges = edges;
    s->ground = ground;
    s->ground_count = ng;
    if (ng == 0) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "no ground ids read");
    }
    if ((st = gr_hgraph_json_solve(c, s)) != GR_OK) {
        return st;
    }
    return gr_hgraph_json_respond(c, s, &opts, resp);
}
