/*
 * Exhaustive misère search (include/grundy/misere.h).
 *
 * A position is a multiset of tokens (game, heap).  Its canonical key drops
 * heaps of 0 and heaps with no option (both are the zero game, which
 * changes no outcome in a sum) and sorts the rest, so that every order and
 * every padding of the same sum shares one memo entry.  The outcome
 * recursion -- P exactly when there is a move and every move leads to N --
 * runs depth-first on an explicit stack of frames, one per position being
 * decided, each remembering which heap and which of its options it is at;
 * a P child settles its parent at once (N), so a frame is popped as soon as
 * its outcome is known.  Options of a heap are computed once per token.
 */
#include <stdlib.h>
#include <string.h>

#include "misere_internal.h"
#include "probe.h"

enum { ST_OPEN = 0, ST_P = 1, ST_N = 2 };

/* A memoised position; ids (indices) are stable, the hash table holds
 * id + 1 (0: empty slot). */
typedef struct pos_node {
    uint64_t hash;
    uint32_t off, len; /* key in the pool */
    uint8_t st;
} pos_node;

typedef struct opt_entry {
    uint64_t token;
    const gr_mis_opt *opts;
    uint32_t n;
    uint8_t used;
} opt_entry;

typedef struct frame {
    uint32_t node; /* pos_node id */
    uint32_t i;    /* heap of the key being moved */
    uint32_t j;    /* option of that heap */
    uint8_t any;   /* a move was seen */
} frame;

struct gr_mis_search {
    gr_arena *arena;
    const gr_mis_game *games;
    size_t ngames;
    uint64_t max_nodes;
    uint32_t *slot;  /* node id + 1, open addressing */
    size_t slot_cap; /* a power of two */
    pos_node *node;
    size_t node_cap, node_used;
    uint64_t *pool;
    size_t pool_cap, pool_len;
    opt_entry *opt;
    size_t opt_cap, opt_used;
    frame *stack;
    size_t stack_cap;
    uint64_t *scratch; /* a child key being built */
    size_t scratch_cap;
    uint64_t steps;
    uint64_t listed, max_listed; /* options listed; their limit (0: none) */
    bool largest_first;          /* moves in the largest heaps are tried first */
    gr_mis_expand_fn expand;     /* a leaf replaced by heaps, or NULL */
    unsigned fold_k;             /* 0, or copies of a heap folded by x^(K+1) = x^(K-1) */
    uint64_t fold_top;           /* tokens >= it folded by fold_top_k instead */
    unsigned fold_top_k;
    void *expand_ctx;
    gr_mis_known_fn known; /* decides some positions at once, or NULL */
    void *known_ctx;
};

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 33;
    return h;
}

static uint64_t key_hash(const uint64_t *k, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    for (size_t i = 0; i < n; i++) {
        h = mix(h ^ k[i]) + i;
    }
    return h | 1; /* never 0 */
}

gr_status gr_mis_search_new(gr_arena *arena, const gr_mis_game *g, size_t ngames,
                            uint64_t max_nodes, gr_mis_search **out)
{
    if (ngames == 0 || ngames > GR_MIS_MAX_GAMES) {
        return GR_EINTERNAL;
    }
    gr_mis_search *s = GR_ARENA_ARRAY(arena, gr_mis_search, 1);
    if (s == NULL) {
        return GR_ENOMEM;
    }
    s->arena = arena;
    s->games = g;
    s->ngames = ngames;
    s->max_nodes = max_nodes != 0 ? max_nodes : GR_MIS_SEARCH_NODES_DEFAULT;
    s->slot_cap = 1024;
    s->opt_cap = 256;
    s->slot = GR_ARENA_ARRAY(arena, uint32_t, s->slot_cap);
    /* never NULL, so that empty keys compare and copy like any other */
    s->pool = gr_arena_grow(arena, NULL, &s->pool_cap, 1, sizeof(uint64_t), 4096);
    s->scratch = gr_arena_grow(arena, NULL, &s->scratch_cap, 1, sizeof(uint64_t), 64);
    s->opt = GR_ARENA_ARRAY(arena, opt_entry, s->opt_cap);
    if (s->slot == NULL || s->opt == NULL || s->pool == NULL || s->scratch == NULL) {
        return GR_ENOMEM;
    }
    *out = s;
    return GR_OK;
}

void gr_mis_search_set_known(gr_mis_search *s, gr_mis_known_fn fn, void *ctx)
{
    s->known = fn;
    s->known_ctx = ctx;
}

void gr_mis_search_set_expand(gr_mis_search *s, gr_mis_expand_fn fn, void *ctx)
{
    s->expand = fn;
    s->expand_ctx = ctx;
}

void gr_mis_search_release(gr_mis_search *s)
{
    gr_arena_free(s->arena, s->slot, s->slot_cap * sizeof(uint32_t));
    gr_arena_free(s->arena, s->node, s->node_cap * sizeof(pos_node));
    gr_arena_free(s->arena, s->pool, s->pool_cap * sizeof(uint64_t));
    gr_arena_free(s->arena, s->stack, s->stack_cap * sizeof(frame));
    s->slot = NULL;
    s->node = NULL;
    s->pool = NULL;
    s->stack = NULL;
    s->slot_cap = s->node_cap = s->pool_cap = s->stack_cap = 0;
    s->node_used = s->pool_len = 0;
}

void gr_mis_search_set_fold(gr_mis_search *s, unsigned k)
{
    s->fold_k = k;
    s->fold_top = UINT64_MAX;
}

void gr_mis_search_set_fold_top(gr_mis_search *s, uint64_t top, unsigned k)
{
    s->fold_top = top;
    s->fold_top_k = k;
}

void gr_mis_search_largest_first(gr_mis_search *s)
{
    s->largest_first = true;
}

void gr_mis_search_limit_options(gr_mis_search *s, uint64_t max_options)
{
    s->max_listed = max_options;
}

/* ---- options per token ---------------------------------------------------- */

static gr_status opt_grow(gr_mis_search *s)
{
    size_t cap = s->opt_cap * 2;
    opt_entry *t = GR_ARENA_ARRAY(s->arena, opt_entry, cap);
    if (t == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < s->opt_cap; i++) {
        if (!s->opt[i].used) {
            continue;
        }
        size_t k = mix(s->opt[i].token) & (cap - 1);
        while (t[k].used) {
            k = (k + 1) & (cap - 1);
        }
        t[k] = s->opt[i];
    }
    gr_arena_free(s->arena, s->opt, s->opt_cap * sizeof(opt_entry));
    s->opt = t;
    s->opt_cap = cap;
    return GR_OK;
}

gr_status gr_mis_token_options(gr_mis_search *s, uint64_t token, const gr_mis_opt **opts, size_t *n)
{
    size_t k = mix(token) & (s->opt_cap - 1);
    while (s->opt[k].used) {
        if (s->opt[k].token == token) {
            *opts = s->opt[k].opts;
            *n = s->opt[k].n;
            return GR_OK;
        }
        k = (k + 1) & (s->opt_cap - 1);
    }
    unsigned game = GR_MIS_GAME(token);
    if (game >= s->ngames) {
        return GR_EINTERNAL;
    }
    const gr_mis_game *g = &s->games[game];
    uint64_t h = GR_MIS_HEAPOF(token);
    size_t count;
    gr_status st = gr_mis_heap_options(g, h, NULL, 0, &count);
    if (st != GR_OK) {
        return st;
    }
    if (s->max_listed != 0 && s->listed + count > s->max_listed) {
        return GR_ELIMIT;
    }
    s->listed += count;
    gr_mis_opt *o = GR_ARENA_ARRAY_UNINIT(s->arena, gr_mis_opt, count + 1);
    if (o == NULL) {
        return GR_ENOMEM;
    }
    if ((st = gr_mis_heap_options(g, h, o, count, &count)) != GR_OK) {
        return st;
    }
    if (2 * (s->opt_used + 1) > s->opt_cap) {
        if ((st = opt_grow(s)) != GR_OK) {
            return st;
        }
        k = mix(token) & (s->opt_cap - 1);
        while (s->opt[k].used) {
            k = (k + 1) & (s->opt_cap - 1);
        }
    }
    s->opt[k] = (opt_entry){.token = token, .opts = o, .n = (uint32_t)count, .used = 1};
    s->opt_used++;
    *opts = o;
    *n = count;
    return GR_OK;
}

/* ---- canonical keys ------------------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static gr_status scratch_room(gr_mis_search *s, size_t n)
{
    if (n <= s->scratch_cap) {
        return GR_OK;
    }
    uint64_t *p = gr_arena_grow(s->arena, s->scratch, &s->scratch_cap, n, sizeof(uint64_t), 64);
    if (p == NULL) {
        return GR_ENOMEM;
    }
    s->scratch = p;
    return GR_OK;
}

/* Drops zero games from scratch[0..*n) and sorts it. */
static gr_status canonical(gr_mis_search *s, size_t *n)
{
    size_t w = 0;
    for (size_t i = 0; i < *n; i++) {
        uint64_t t = s->scratch[i];
        if (GR_MIS_HEAPOF(t) == 0) {
            continue;
        }
        const gr_mis_opt *o;
        size_t no;
        gr_status st = gr_mis_token_options(s, t, &o, &no);
        if (st != GR_OK) {
            return st;
        }
        if (no > 0) {
            s->scratch[w++] = t;
        }
    }
    /* sums are short; insertion sort beats qsort below a few dozen */
    if (w > 32) {
        qsort(s->scratch, w, sizeof(uint64_t), cmp_u64);
    } else {
        for (size_t i = 1; i < w; i++) {
            uint64_t v = s->scratch[i];
            size_t j = i;
            while (j > 0 && s->scratch[j - 1] > v) {
                s->scratch[j] = s->scratch[j - 1];
                j--;
            }
            s->scratch[j] = v;
        }
    }
    if (s->fold_k > 0) {
        /* more than K copies of a heap: as many as K - 1 + (n - K + 1) mod 2 */
        size_t r = 0;
        for (size_t i = 0; i < w;) {
            size_t j = i;
            while (j < w && s->scratch[j] == s->scratch[i]) {
                j++;
            }
            size_t c = j - i, K = s->scratch[i] >= s->fold_top ? s->fold_top_k : s->fold_k;
            if (c > K) {
                c = K - 1 + (c - (K - 1)) % 2;
            }
            for (size_t k = 0; k < c; k++) {
                s->scratch[r++] = s->scratch[i];
            }
            i = j;
        }
        w = r;
    }
    *n = w;
    return GR_OK;
}

/* ---- the memo ------------------------------------------------------------- */

static uint64_t node_hash(const void *search, size_t id)
{
    return ((const gr_mis_search *)search)->node[id].hash;
}

static gr_status slot_grow(gr_mis_search *s)
{
    return gr_probe_rebuild(s->arena, &s->slot, &s->slot_cap, s->slot_cap * 2, 0, s->node_used,
                            node_hash, s);
}

/* The node of the key scratch[0..n): found (*fresh false) or added as
 * open (*fresh true). */
static gr_status pos_find(gr_mis_search *s, size_t n, uint32_t *id, bool *fresh)
{
    uint64_t h = key_hash(s->scratch, n);
    size_t k = h & (s->slot_cap - 1);
    while (s->slot[k] != 0) {
        const pos_node *e = &s->node[s->slot[k] - 1];
        if (e->hash == h && e->len == n &&
            memcmp(s->pool + e->off, s->scratch, n * sizeof(uint64_t)) == 0) {
            *id = s->slot[k] - 1;
            *fresh = false;
            return GR_OK;
        }
        k = (k + 1) & (s->slot_cap - 1);
    }
    if (s->node_used >= s->max_nodes || s->pool_len + n > UINT32_MAX) {
        return GR_ELIMIT;
    }
    if (s->pool_len + n > s->pool_cap) {
        uint64_t *p =
            gr_arena_grow(s->arena, s->pool, &s->pool_cap, s->pool_len + n, sizeof(uint64_t), 4096);
        if (p == NULL) {
            return GR_ENOMEM;
        }
        s->pool = p;
    }
    if (s->node_used + 1 > s->node_cap) {
        pos_node *p = gr_arena_grow(s->arena, s->node, &s->node_cap, s->node_used + 1,
                                    sizeof(pos_node), 1024);
        if (p == NULL) {
            return GR_ENOMEM;
        }
        s->node = p;
    }
    if (n > 0) {
        memcpy(s->pool + s->pool_len, s->scratch, n * sizeof(uint64_t));
    }
    uint32_t nid = (uint32_t)s->node_used++;
    s->node[nid] =
        (pos_node){.hash = h, .off = (uint32_t)s->pool_len, .len = (uint32_t)n, .st = ST_OPEN};
    s->pool_len += n;
    s->slot[k] = nid + 1;
    *id = nid;
    *fresh = true;
    bool p;
    if (s->known != NULL && s->known(s->known_ctx, s->pool + s->node[nid].off, n, &p)) {
        s->node[nid].st = p ? ST_P : ST_N;
    }
    if (2 * s->node_used > s->slot_cap) {
        return slot_grow(s);
    }
    return GR_OK;
}

/* ---- the search ----------------------------------------------------------- */

/* Builds in scratch the child of key `off/len` by option o of heap i. */
static gr_status child_key(gr_mis_search *s, uint32_t off, uint32_t len, uint32_t i,
                           const gr_mis_opt *o, size_t *n)
{
    const uint64_t *key = s->pool + off;
    uint64_t game = (uint64_t)GR_MIS_GAME(key[i]) << GR_MIS_HEAP_BITS;
    const uint64_t *x[3];
    size_t nx[3], need = (size_t)len;
    for (uint32_t k = 0; k < o->nleaves; k++) {
        if (s->expand == NULL || !s->expand(s->expand_ctx, game | o->leaves[k], &x[k], &nx[k])) {
            x[k] = NULL;
            nx[k] = 1;
        }
        need += nx[k];
    }
    gr_status st = scratch_room(s, need);
    if (st != GR_OK) {
        return st;
    }
    size_t w = 0;
    for (uint32_t k = 0; k < len; k++) {
        if (k != i) {
            s->scratch[w++] = key[k];
        }
    }
    for (uint32_t k = 0; k < o->nleaves; k++) {
        if (x[k] == NULL) {
            s->scratch[w++] = game | o->leaves[k];
        } else {
            for (size_t j = 0; j < nx[k]; j++) {
                s->scratch[w++] = x[k][j];
            }
        }
    }
    *n = w;
    return canonical(s, n);
}

static gr_status push(gr_mis_search *s, size_t *depth, uint32_t id)
{
    if (*depth + 1 > s->stack_cap) {
        frame *p = gr_arena_grow(s->arena, s->stack, &s->stack_cap, *depth + 1, sizeof(frame), 64);
        if (p == NULL) {
            return GR_ENOMEM;
        }
        s->stack = p;
    }
    s->stack[(*depth)++] = (frame){.node = id};
    return GR_OK;
}

/* Decides the open entry `root` and every open position below it. */
static gr_status solve(gr_mis_search *s, uint32_t root)
{
    size_t depth = 0;
    gr_status st = push(s, &depth, root);
    while (st == GR_OK && depth > 0) {
        if ((++s->steps & 4095u) == 0 && (st = gr_arena_check(s->arena)) != GR_OK) {
            return st;
        }
        if (s->steps > GR_MIS_SEARCH_WORK * s->max_nodes) {
            return GR_ELIMIT; /* positions with many moves each */
        }
        frame *f = &s->stack[depth - 1];
        pos_node e = s->node[f->node];
        uint8_t result = 0;
        if (f->i >= e.len) {
            result = f->any ? ST_P : ST_N; /* every move led to N */
        } else {
            const uint64_t *key = s->pool + e.off;
            uint32_t hi = s->largest_first ? e.len - 1 - f->i : f->i; /* the heap moved */
            if (f->j == 0 && f->i > 0 && key[hi] == key[s->largest_first ? hi + 1 : hi - 1]) {
                f->i++; /* the same heap again: the same children */
                continue;
            }
            const gr_mis_opt *o;
            size_t no;
            if ((st = gr_mis_token_options(s, key[hi], &o, &no)) != GR_OK) {
                return st;
            }
            if (f->j >= no) {
                f->i++;
                f->j = 0;
                continue;
            }
            f->any = 1;
            size_t n;
            if ((st = child_key(s, e.off, e.len, hi, &o[f->j], &n)) != GR_OK) {
                return st;
            }
            bool kp;
            if (s->known != NULL && s->known(s->known_ctx, s->scratch, n, &kp)) {
                /* decided without the memo */
                if (kp) {
                    result = ST_N;
                    goto settled;
                }
                s->stack[depth - 1].j++;
                continue;
            }
            uint32_t ce;
            bool fresh;
            if ((st = pos_find(s, n, &ce, &fresh)) != GR_OK) {
                return st;
            }
            if (s->node[ce].st == ST_OPEN) {
                if (!fresh) {
                    return GR_EINTERNAL; /* a cycle: impossible, moves remove or split */
                }
                if ((st = push(s, &depth, ce)) != GR_OK) {
                    return st;
                }
                continue;
            }
            if (s->node[ce].st == ST_P) {
                result = ST_N;
            } else {
                s->stack[depth - 1].j++;
                continue;
            }
        }
    settled:
        /* frame settled: record and report to its parent */
        s->node[s->stack[depth - 1].node].st = result;
        depth--;
        while (depth > 0) {
            frame *p = &s->stack[depth - 1];
            if (result == ST_P) {
                s->node[p->node].st = ST_N; /* a move to P: the parent wins */
                result = ST_N;
                depth--;
                continue;
            }
            p->j++; /* that move led to N: try the next */
            break;
        }
    }
    return st;
}

static gr_status decide(gr_mis_search *s, size_t n, bool *p)
{
    uint32_t e;
    bool fresh;
    gr_status st = pos_find(s, n, &e, &fresh);
    if (st != GR_OK) {
        return st;
    }
    if (fresh && s->node[e].st == ST_OPEN && (st = solve(s, e)) != GR_OK) {
        return st;
    }
    if (s->node[e].st == ST_OPEN) {
        return GR_EINTERNAL;
    }
    *p = s->node[e].st == ST_P;
    return GR_OK;
}

gr_status gr_mis_is_p(gr_mis_search *s, const uint64_t *tokens, size_t n, bool *p)
{
    gr_status st = scratch_room(s, n + 1);
    if (st != GR_OK) {
        return st;
    }
    if (n > 0) {
        memcpy(s->scratch, tokens, n * sizeof(uint64_t));
    }
    if ((st = canonical(s, &n)) != GR_OK) {
        return st;
    }
    return decide(s, n, p);
}

gr_status gr_mis_after_is_p(gr_mis_search *s, const uint64_t *tokens, size_t n, size_t i,
                            const gr_mis_opt *opt, bool *p)
{
    gr_status st = scratch_room(s, n + 3);
    if (st != GR_OK) {
        return st;
    }
    uint64_t game = (uint64_t)GR_MIS_GAME(tokens[i]) << GR_MIS_HEAP_BITS;
    size_t w = 0;
    for (size_t k = 0; k < n; k++) {
        if (k != i) {
            s->scratch[w++] = tokens[k];
        }
    }
    for (uint32_t k = 0; k < opt->nleaves; k++) {
        s->scratch[w++] = game | opt->leaves[k];
    }
    if ((st = canonical(s, &w)) != GR_OK) {
        return st;
    }
    return decide(s, w, p);
}
