/*
 * The search engine behind Node Kayles, Cram and Chomp.
 *
 * What it computes.  The nimber of one component, or whether it is in a
 * requested set R, by the pruned mex of Beling and Rogalski ("On pruning
 * search trees of impartial games", Artificial Intelligence 283, 2020),
 * as their igs library implements it (solver/br.rs, "nimber_in_set"):
 *
 *   A component with k moves has a value in P = {0, ..., k}.  Take the
 *   moves one at a time; V is the set of values of the moves not yet
 *   taken.  Invariant: |P| = (moves left) + 1 and the value is
 *   min(P \ V).  A move of value v in P removes v from P; a move of a
 *   value outside P removes max P (P \ V has two elements or more, so its
 *   least is not max P).  So a move only needs its value *relative to*
 *   P \ {max P}: the engine asks for it restricted to that set, and when
 *   the answer is "not in it", removes max P all the same.  Once P and R
 *   are disjoint the value is not in R and the search of this component
 *   stops.  Requests are also cut to values <= max R (a result above max R
 *   cannot be told apart, and is reported as "not in R"), which is what
 *   makes a question like "is this a loss?" (R = {0}) cheap.
 *
 *   A move that leaves several components c1..cm, worth x together with
 *   the ones already known, is handled as igs does: c2..cm exactly, then
 *   c1 with the request XORed by their sum.
 *
 *   Where it pays: a partial answer is not stored, so a pruned question
 *   may expand a position again later.  Pruned questions therefore go only
 *   to the first plies (components within game.prune_cells cells of the
 *   root's size); below, every move is asked its exact value, which is
 *   stored and reused (bench/RESULTS.md has the figures).
 *
 * How.  No recursion: an explicit stack of frames (gr_sframe), each with a
 * phase saying what its next step is; a frame "calls" a child search by
 * pushing a frame and reads the answer from s->ret when it is resumed.
 * The moves of a frame live in one LIFO word buffer (records of the
 * components each move leaves, see search_internal.h), freed when the frame
 * is popped; they are searched smallest first.
 *
 * Transposition table: exact values only, 4-entry buckets of 16-byte
 * entries (one cache line).  It starts small and doubles when a bucket is
 * full and the table half full, up to half the arena's budget; then a full
 * bucket gives up its entry that cost the fewest nodes to compute (igs
 * uses a bounded table with a replacement policy too).  A node's moves are
 * all built (their buckets prefetched) before the table is read for them.
 *
 * Limits.  Every expansion (a table miss) counts a node; past the budget
 * the search stops with GR_ELIMIT.  gr_arena_check is polled every 1024
 * nodes for the deadline and cancellation.
 */
#include "core/search_budget.h"
#include "core/search_internal.h"

#include <string.h>

#define GR_SEARCH_NOT 0xFFFF /* internal "not in the requested set" */
#define GR_SEARCH_BUCKET 4
#define GR_SEARCH_TT_MIN 4096 /* entries */

typedef struct gr_tt_entry {
    uint64_t bits;
    uint32_t tag;
    uint8_t value;
    uint8_t used;
    uint16_t work; /* log2 of the nodes the value cost, for replacement */
} gr_tt_entry;

enum { GR_PH_START, GR_PH_LOOP, GR_PH_AFTER_EXACT, GR_PH_AFTER_LAST };

typedef struct gr_sframe {
    gr_skey key;
    gr_nset req, pot;           /* R and P */
    size_t kids, end, cur;      /* word offsets of this frame's move records */
    size_t order, norder, next; /* the records still to search, in order */
    uint64_t nodes0;
    unsigned comp; /* components of the current record solved exactly */
    unsigned x;    /* their XOR, with the record's known part */
    unsigned req_max;
    uint8_t phase;
    bool exact;
} gr_sframe;

struct gr_search {
    gr_arena *arena;
    gr_search_game game;
    uint64_t max_nodes;
    unsigned exact_below; /* components this small get exact questions */
    /* transposition table */
    gr_tt_entry *tt;
    size_t tt_cap, tt_count, tt_limit; /* entries */
    /* move records */
    uint64_t *buf;
    size_t top, buf_cap; /* words */
    size_t rec;          /* offset of the record being built */
    gr_status child_st;  /* the first failure of this expansion's moves */
    unsigned rec_x, rec_n;
    uint64_t rec_w; /* cells (bits) in its unknown components */
    /* frames */
    gr_sframe *stack;
    size_t depth, stack_cap;
    unsigned ret;
    gr_search_stats stats;
};

/* ---- transposition table ------------------------------------------------ */

static inline size_t gr_tt_bucket(const gr_search *s, gr_skey k)
{
    uint64_t h = (k.bits ^ ((uint64_t)k.tag << 40) ^ k.tag) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (size_t)(h & (s->tt_cap / GR_SEARCH_BUCKET - 1)) * GR_SEARCH_BUCKET;
}

static bool gr_tt_get(gr_search *s, gr_skey k, unsigned *v)
{
    const gr_tt_entry *b = &s->tt[gr_tt_bucket(s, k)];
    for (unsigned i = 0; i < GR_SEARCH_BUCKET; i++) {
        if (b[i].used && b[i].bits == k.bits && b[i].tag == k.tag) {
            *v = b[i].value;
            s->stats.tt_hits++;
            return true;
        }
    }
    return false;
}

/* Stores k -> v in its bucket: a free or equal entry, else (evict) the
 * entry that cost the fewest nodes.  Without evict, false when the bucket
 * is full. */
static bool gr_tt_put_raw(gr_search *s, gr_skey k, unsigned v, unsigned work, bool evict)
{
    gr_tt_entry *b = &s->tt[gr_tt_bucket(s, k)];
    gr_tt_entry *victim = NULL;
    for (unsigned i = 0; i < GR_SEARCH_BUCKET; i++) {
        if (!b[i].used) {
            victim = &b[i];
            s->tt_count++;
            break;
        }
        if (b[i].bits == k.bits && b[i].tag == k.tag) {
            victim = &b[i];
            break;
        }
    }
    if (victim == NULL) {
        if (!evict) {
            return false;
        }
        victim = &b[0];
        for (unsigned i = 1; i < GR_SEARCH_BUCKET; i++) {
            if (b[i].work < victim->work) {
                victim = &b[i];
            }
        }
    }
    *victim = (gr_tt_entry){k.bits, k.tag, (uint8_t)v, 1, (uint16_t)work};
    return true;
}

/* Doubles the table, rehashing every entry; false (and the old table
 * kept, for good) when the budget or the arena says no. */
static bool gr_tt_grow(gr_search *s)
{
    if (s->tt_cap * 2 > s->tt_limit) {
        return false;
    }
    gr_tt_entry *old = s->tt;
    size_t old_cap = s->tt_cap;
    gr_tt_entry *nt = GR_ARENA_ARRAY(s->arena, gr_tt_entry, old_cap * 2);
    if (nt == NULL) {
        s->tt_limit = old_cap;
        return false;
    }
    s->tt = nt;
    s->tt_cap = old_cap * 2;
    s->tt_count = 0;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].used) {
            gr_tt_put_raw(s, (gr_skey){old[i].bits, old[i].tag}, old[i].value, old[i].work, true);
        }
    }
    gr_arena_free(s->arena, old, old_cap * sizeof(*old));
    return true;
}

/* A full bucket in a table at least half full makes the table grow while
 * it may (evicting then would throw away work the budget could still
 * hold); otherwise the bucket gives up its cheapest entry. */
static void gr_tt_put(gr_search *s, gr_skey k, unsigned v, uint64_t nodes)
{
    unsigned work = nodes == 0 ? 0 : 64 - (unsigned)__builtin_clzll(nodes);
    s->stats.tt_stored++;
    while (!gr_tt_put_raw(s, k, v, work, false)) {
        if (s->tt_count * 2 < s->tt_cap || !gr_tt_grow(s)) {
            gr_tt_put_raw(s, k, v, work, true);
            return;
        }
    }
}

/* ---- setup --------------------------------------------------------------- */

gr_status gr_search_create(gr_arena *arena, const gr_search_game *game, const gr_search_opts *opts,
                           gr_search **out)
{
    gr_search *s = gr_arena_calloc(arena, 1, sizeof(*s));
    if (s == NULL) {
        return GR_ENOMEM;
    }
    s->arena = arena;
    s->game = *game;
    s->max_nodes = gr_search_max_nodes(opts);
    size_t budget = gr_arena_budget(arena);
    size_t limit = (size_t)1 << 26; /* 1 GiB of entries when unlimited */
    if (budget != 0) {
        limit = GR_SEARCH_TT_MIN;
        while (limit * 2 * sizeof(gr_tt_entry) <= budget / 2) {
            limit *= 2;
        }
    }
    s->tt_limit = limit;
    s->tt_cap = GR_SEARCH_TT_MIN;
    s->tt = GR_ARENA_ARRAY(arena, gr_tt_entry, s->tt_cap);
    s->buf_cap = 4096;
    s->buf = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, s->buf_cap);
    s->stack_cap = 64;
    s->stack = GR_ARENA_ARRAY_UNINIT(arena, gr_sframe, s->stack_cap);
    if (s->tt == NULL || s->buf == NULL || s->stack == NULL) {
        return GR_ENOMEM;
    }
    *out = s;
    return GR_OK;
}

void gr_search_get_stats(const gr_search *s, gr_search_stats *out)
{
    *out = s->stats;
    out->tt_entries = s->tt_cap;
}

/* ---- move records -------------------------------------------------------- */

static gr_status gr_search_reserve(gr_search *s, size_t words)
{
    if (s->top + words <= s->buf_cap) {
        return GR_OK;
    }
    uint64_t *nb =
        gr_arena_grow(s->arena, s->buf, &s->buf_cap, s->top + words, sizeof(uint64_t), 1);
    if (nb == NULL) {
        return GR_ENOMEM;
    }
    s->buf = nb;
    return GR_OK;
}

/* The next move's record starts at the top of the buffer. */
static void gr_search_child_begin(gr_search *s)
{
    s->rec = s->top;
    s->rec_x = 0;
    s->rec_n = 0;
    s->rec_w = 0;
}

void gr_search_child_add_value(gr_search *s, unsigned value)
{
    s->rec_x ^= value;
}

void gr_search_child_add(gr_search *s, gr_skey key)
{
    unsigned v;
    if (s->game.known != NULL && s->game.known(s->game.ctx, key, &v)) {
        s->rec_x ^= v;
        return;
    }
    /* the table is read once every move is built (gr_search_resolve):
     * meanwhile the memory system fetches all the buckets at once */
    __builtin_prefetch(&s->tt[gr_tt_bucket(s, key)]);
    /* Two equal components are worth 0 together: both go (igs's
     * push_or_remove). */
    uint64_t *keys = &s->buf[s->rec + 1];
    for (unsigned i = 0; i < s->rec_n; i++) {
        if (keys[2 * i] == key.bits && keys[2 * i + 1] == key.tag) {
            s->rec_n--;
            s->rec_w -= (uint64_t)gr_popcount(key.bits);
            keys[2 * i] = keys[2 * s->rec_n];
            keys[2 * i + 1] = keys[2 * s->rec_n + 1];
            return;
        }
    }
    gr_status st = gr_search_reserve(s, 1 + 2 * (size_t)s->rec_n + 2);
    if (st != GR_OK) {
        s->child_st = st; /* the expansion's status (gr_search_expand) */
        return;
    }
    keys = &s->buf[s->rec + 1];
    keys[2 * s->rec_n] = key.bits;
    keys[2 * s->rec_n + 1] = key.tag;
    s->rec_n++;
    s->rec_w += (uint64_t)gr_popcount(key.bits);
}

/* Closes the move being built and starts the next after it.  Once the
 * expansion has failed (no memory), moves are dropped instead: each is
 * built over the last and thrown away, and gr_search_expand reports the
 * failure when the game's expand returns. */
void gr_search_child_end(gr_search *s)
{
    if (s->child_st == GR_OK && (s->child_st = gr_search_reserve(s, 1)) == GR_OK) {
        s->buf[s->rec] = (uint64_t)s->rec_n | ((uint64_t)s->rec_x << 16) | (s->rec_w << 32);
        s->top = s->rec + 1 + 2 * (size_t)s->rec_n;
    }
    gr_search_child_begin(s);
}

static inline unsigned gr_rec_n(const gr_search *s, size_t at)
{
    return (unsigned)(s->buf[at] & 0xFFFF);
}

static inline unsigned gr_rec_x(const gr_search *s, size_t at)
{
    return (unsigned)((s->buf[at] >> 16) & 0xFF);
}

static inline uint64_t gr_rec_w(const gr_search *s, size_t at)
{
    return s->buf[at] >> 32;
}

static inline gr_skey gr_rec_key(const gr_search *s, size_t at, unsigned i)
{
    return (gr_skey){s->buf[at + 1 + 2 * i], (uint32_t)s->buf[at + 2 + 2 * i]};
}

static inline size_t gr_rec_next(const gr_search *s, size_t at)
{
    return at + 1 + 2 * (size_t)gr_rec_n(s, at);
}

/* ---- the search ------------------------------------------------------------ */

static gr_status gr_search_push(gr_search *s, gr_skey key, const gr_nset *req)
{
    if (s->depth == s->stack_cap) {
        gr_sframe *ns = gr_arena_realloc(s->arena, s->stack, s->stack_cap * sizeof(gr_sframe),
                                         2 * s->stack_cap * sizeof(gr_sframe));
        if (ns == NULL) {
            return GR_ENOMEM;
        }
        s->stack = ns;
        s->stack_cap *= 2;
    }
    gr_sframe *f = &s->stack[s->depth++];
    f->key = key;
    f->req = *req;
    f->req_max = gr_nset_max(req);
    f->phase = GR_PH_START;
    return GR_OK;
}

static void gr_search_pop(gr_search *s, unsigned ret)
{
    gr_sframe *f = &s->stack[--s->depth];
    s->top = f->kids;
    s->ret = ret;
}

/* P loses v if v is in it, else its largest element (see the top). */
static inline void gr_search_strike(gr_nset *pot, unsigned v)
{
    if (v < 256 && gr_nset_has(pot, v)) {
        gr_nset_del(pot, v);
    } else {
        gr_nset_del(pot, gr_nset_max(pot));
    }
}

/* Looks every component of the records [from, end) up in the table: a
 * known one goes into its record's XOR, and the records close up. */
static size_t gr_search_resolve(gr_search *s, size_t from, size_t end)
{
    size_t w = from;
    for (size_t at = from; at < end;) {
        unsigned n = gr_rec_n(s, at), x = gr_rec_x(s, at), m = 0, v;
        size_t next = gr_rec_next(s, at);
        uint64_t weight = 0;
        for (unsigned i = 0; i < n; i++) {
            gr_skey key = gr_rec_key(s, at, i);
            if (gr_tt_get(s, key, &v)) {
                x ^= v;
                continue;
            }
            s->buf[w + 1 + 2 * m] = key.bits;
            s->buf[w + 2 + 2 * m] = key.tag;
            weight += gr_popcount(key.bits);
            m++;
        }
        s->buf[w] = (uint64_t)m | ((uint64_t)x << 16) | (weight << 32);
        w += 1 + 2 * (size_t)m;
        at = next;
    }
    return w;
}

/* Expands the top frame: its move records, P = {0..k}, and the moves whose
 * value is already known struck from P (Beling's ETC). */
static gr_status gr_search_expand(gr_search *s)
{
    gr_sframe *f = &s->stack[s->depth - 1];
    f->kids = s->top;
    f->nodes0 = s->stats.nodes;
    gr_status tick = gr_search_tick(&s->stats.nodes, s->max_nodes, s->arena);
    if (tick != GR_OK) {
        return tick;
    }
    gr_skey key = f->key;
    s->child_st = GR_OK;
    gr_search_child_begin(s);
    s->game.expand(s, s->game.ctx, key);
    gr_status st = s->child_st;
    if (st != GR_OK) {
        return st;
    }
    f = &s->stack[s->depth - 1];
    f->end = s->top = gr_search_resolve(s, f->kids, s->top);
    unsigned k = 0;
    for (size_t at = f->kids; at < f->end; at = gr_rec_next(s, at)) {
        k++;
    }
    if (k > GR_SEARCH_MAX_MOVES) {
        return GR_ELIMIT;
    }
    f->pot = gr_nset_upto(k);
    /* the moves left to search, smallest first (igs's Cram sorter,
     * "SmallerComponentsFirst"): cheap answers fill the table and often
     * settle the question before the large ones are opened */
    if ((st = gr_search_reserve(s, k)) != GR_OK) {
        return st;
    }
    f = &s->stack[s->depth - 1];
    f->order = s->top;
    f->norder = 0;
    for (size_t at = f->kids; at < f->end; at = gr_rec_next(s, at)) {
        if (gr_rec_n(s, at) == 0) {
            gr_search_strike(&f->pot, gr_rec_x(s, at));
            continue;
        }
        size_t i = f->norder++;
        uint64_t w = gr_rec_w(s, at);
        while (i > 0 && gr_rec_w(s, s->buf[f->order + i - 1]) < w) {
            s->buf[f->order + i] = s->buf[f->order + i - 1];
            i--;
        }
        s->buf[f->order + i] = at;
    }
    s->top += f->norder;
    f->next = 0;
    f->cur = f->norder > 0 ? s->buf[f->order] : f->end;
    f->comp = 0;
    f->exact = true;
    f->phase = GR_PH_LOOP;
    return GR_OK;
}

/* The value of key if it is in req, else GR_SEARCH_NOT (an exact value
 * outside req may also be returned). */
static gr_status gr_search_run(gr_search *s, gr_skey key, const gr_nset *req, unsigned *out)
{
    static const gr_nset full = {{~0ULL, ~0ULL, ~0ULL, ~0ULL}};
    size_t base = s->depth;
    if (base == 0) {
        unsigned cells = gr_popcount(key.bits);
        s->exact_below = cells > s->game.prune_cells ? cells - s->game.prune_cells : 0;
    }
    gr_status st = gr_search_push(s, key, req);
    while (st == GR_OK && s->depth > base) {
        gr_sframe *f = &s->stack[s->depth - 1];
        unsigned v;
        switch (f->phase) {
        case GR_PH_START:
            f->kids = s->top;
            if ((s->game.known != NULL && s->game.known(s->game.ctx, f->key, &v)) ||
                gr_tt_get(s, f->key, &v)) {
                gr_search_pop(s, v);
                break;
            }
            st = gr_search_expand(s);
            break;
        case GR_PH_AFTER_EXACT:
            f->x ^= s->ret;
            f->comp++;
            f->phase = GR_PH_LOOP;
            break;
        case GR_PH_AFTER_LAST:
            if (s->ret == GR_SEARCH_NOT) {
                gr_nset_del(&f->pot, gr_nset_max(&f->pot));
                f->exact = false;
            } else {
                gr_search_strike(&f->pot, s->ret ^ f->x);
            }
            f->next++;
            f->cur = f->next < f->norder ? s->buf[f->order + f->next] : f->end;
            f->comp = 0;
            f->phase = GR_PH_LOOP;
            break;
        default: /* GR_PH_LOOP */
            if (f->cur >= f->end) {
                v = gr_nset_min(&f->pot);
                if (f->exact || v <= f->req_max) {
                    gr_tt_put(s, f->key, v, s->stats.nodes - f->nodes0);
                } else {
                    v = GR_SEARCH_NOT;
                }
                gr_search_pop(s, v);
                break;
            }
            if (!gr_nset_meets(&f->pot, &f->req)) {
                gr_search_pop(s, GR_SEARCH_NOT);
                break;
            }
            unsigned n = gr_rec_n(s, f->cur);
            if (f->comp == 0) {
                f->x = gr_rec_x(s, f->cur);
            }
            if (f->comp + 1 < n) {
                gr_skey child = gr_rec_key(s, f->cur, n - 1 - f->comp);
                f->phase = GR_PH_AFTER_EXACT;
                st = gr_search_push(s, child, &full);
            } else {
                gr_nset want = full;
                gr_skey last = gr_rec_key(s, f->cur, 0);
                if (s->game.prune_cells != 0 && gr_popcount(last.bits) > s->exact_below) {
                    want = f->pot;
                    gr_nset_del(&want, gr_nset_max(&want));
                    gr_nset upto = gr_nset_upto(f->req_max);
                    want = gr_nset_and(&want, &upto);
                    want = gr_nset_xor(&want, f->x);
                }
                gr_skey child = gr_rec_key(s, f->cur, 0);
                f->phase = GR_PH_AFTER_LAST;
                if (want.w[0] == 0 && want.w[1] == 0 && want.w[2] == 0 && want.w[3] == 0) {
                    s->ret = GR_SEARCH_NOT; /* nothing this move could tell */
                } else {
                    st = gr_search_push(s, child, &want);
                }
            }
            break;
        }
    }
    if (st != GR_OK) {
        /* leave the engine usable: drop the frames of this search */
        if (s->depth > base) {
            s->top = s->stack[base].kids;
        }
        s->depth = base;
        return st;
    }
    *out = s->ret;
    return GR_OK;
}

gr_status gr_search_sum(gr_search *s, const gr_skey *keys, size_t n, unsigned extra, int want,
                        int *value)
{
    static const gr_nset full = {{~0ULL, ~0ULL, ~0ULL, ~0ULL}};
    unsigned x = extra, v;
    gr_status st;
    /* every component but the first exactly; the first too unless a
     * single value is asked for */
    for (size_t i = want < 0 ? 0 : 1; i < n; i++) {
        if ((st = gr_search_run(s, keys[i], &full, &v)) != GR_OK) {
            return st;
        }
        x ^= v;
    }
    if (want < 0 || n == 0) {
        *value = want < 0 || (int)x == want ? (int)x : GR_SEARCH_OTHER;
        return GR_OK;
    }
    if (want > 255 || x > 255) {
        /* a value no component reaches: ask for the exact one */
        if ((st = gr_search_run(s, keys[0], &full, &v)) != GR_OK) {
            return st;
        }
        *value = (int)(x ^ v) == want ? want : GR_SEARCH_OTHER;
        return GR_OK;
    }
    gr_nset req = gr_nset_single((unsigned)want ^ x);
    if ((st = gr_search_run(s, keys[0], &req, &v)) != GR_OK) {
        return st;
    }
    *value = v == GR_SEARCH_NOT ? GR_SEARCH_OTHER : (int)(x ^ v);
    if (*value != GR_SEARCH_OTHER && *value != want) {
        *value = GR_SEARCH_OTHER;
    }
    return GR_OK;
}

/* Dawson's Kayles by mex over the splits (octal 0.07: a move takes two
 * adjacent cells, leaving rows a and n - 2 - a). */
unsigned gr_search_dawson(unsigned n)
{
    unsigned g[130];
    if (n > 128) {
        n = 128;
    }
    for (unsigned m = 0; m <= n; m++) {
        uint64_t seen[4] = {0, 0, 0, 0};
        for (unsigned a = 0; m >= 2 && a + 2 <= m; a++) {
            unsigned v = g[a] ^ g[m - 2 - a];
            seen[v >> 6] |= 1ULL << (v & 63);
        }
        unsigned v = 0;
        while ((seen[v >> 6] >> (v & 63)) & 1) {
            v++;
        }
        g[m] = v;
    }
    return g[n];
}
