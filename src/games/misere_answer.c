/*
 * Deciding a misère position and writing its answer (misere_pos.h).
 *
 * The oracle answers "is this position, or the position after this move,
 * a misère P-position?".  With a quotient (one component whose game has a
 * quotient covering every heap asked about) a position is the product of
 * its heaps' images, kept by the core (gr_mis_product, misere_product.c),
 * so a move costs the product of its leaves' images and one look-up.  Otherwise the exhaustive
 * search decides each position, memoised across the whole request, so the winning moves and
 * all_moves cost little more than the root.
 */
#include <string.h>

#include "games/misere_pos.h"
#include "games/misere_quotient.h"
#include "grundy/buf.h"
#include "tables/table_cache.h"

#define GR_MIS_FIRST_NODES 10000u /* the first search's budget */

typedef struct oracle {
    gr_mis_pos *pos;
    size_t n;         /* heaps over all components */
    uint64_t *heap;   /* per heap */
    uint32_t *comp;   /* its component */
    size_t *idx;      /* its index in the component */
    uint64_t *tokens; /* search tokens */
    gr_mis_game *games;
    gr_mis_search *search;
    const gr_mis_quotient *q;
    gr_mis_product prod; /* q: the position as a product in it (the core's) */
    gr_mis_opt *obuf;
    size_t obuf_cap;
} oracle;

/* The whole search's budget: --max-search-nodes when lower than ours. */
static uint64_t search_nodes(const gr_jctx *c)
{
    return c->max_search_nodes != 0 && c->max_search_nodes < GR_MIS_SEARCH_NODES_DEFAULT
               ? c->max_search_nodes
               : GR_MIS_SEARCH_NODES_DEFAULT;
}

static gr_status core_error(gr_jctx *c, const oracle *o, gr_status st)
{
    st = gr_json_misere_status(c, st, "misère search failed");
    if (st == GR_ELIMIT) {
        const char *ptr = o->pos->ncomp == 1 ? o->pos->comp[0].heaps_ptr : "/components";
        uint64_t nodes = search_nodes(c);
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "no complete misère quotient covers these heaps, and exhaustive "
                             "search of the position passes its limits (at most %llu "
                             "positions and %llu moves examined, at most %u options per "
                             "heap, heaps below 2^56); ask with fewer or smaller heaps",
                             (unsigned long long)nodes,
                             (unsigned long long)nodes * GR_MIS_SEARCH_WORK, GR_MIS_MAX_OPTIONS);
    }
    return st;
}

/* How the oracle decides, in the order gr_json_misere_answer tries them. */
typedef enum oracle_method {
    ORACLE_FIRST_SEARCH, /* exhaustive search within GR_MIS_FIRST_NODES */
    ORACLE_QUOTIENT,     /* the game's quotient (o->q NULL when none covers the heaps) */
    ORACLE_SEARCH        /* exhaustive search, the whole budget */
} oracle_method;

static gr_status oracle_init(gr_jctx *c, gr_mis_pos *pos, oracle_method method, oracle *o)
{
    memset(o, 0, sizeof(*o));
    o->pos = pos;
    for (size_t k = 0; k < pos->ncomp; k++) {
        o->n += pos->comp[k].n;
    }
    o->heap = GR_ARENA_ARRAY(c->arena, uint64_t, o->n + 1);
    o->comp = GR_ARENA_ARRAY(c->arena, uint32_t, o->n + 1);
    o->idx = GR_ARENA_ARRAY(c->arena, size_t, o->n + 1);
    o->games = GR_ARENA_ARRAY(c->arena, gr_mis_game, pos->ncomp + 1);
    if (o->heap == NULL || o->comp == NULL || o->idx == NULL || o->games == NULL) {
        return gr_json_oom(c);
    }
    size_t t = 0;
    for (size_t k = 0; k < pos->ncomp; k++) {
        o->games[k] = pos->comp[k].game;
        for (size_t i = 0; i < pos->comp[k].n; i++, t++) {
            o->heap[t] = pos->comp[k].heaps[i];
            o->comp[t] = (uint32_t)k;
            o->idx[t] = i;
        }
    }
    gr_status st;
    if (method == ORACLE_QUOTIENT && pos->ncomp == 1) {
        st = gr_json_misere_quotient_for(c, &o->games[0], o->heap, o->n, &o->q);
        if (st != GR_OK) {
            return st;
        }
    }
    if (method == ORACLE_QUOTIENT) {
        if (o->q == NULL) {
            return GR_OK;
        }
        st = gr_mis_product_init(c->arena, o->q, o->heap, o->n, &o->prod);
        if (st == GR_ENOMEM) {
            return gr_json_oom(c);
        }
        return st == GR_OK ? GR_OK
                           : gr_json_error(c, GR_EINTERNAL, NULL, "heap outside the quotient");
    }
    o->tokens = GR_ARENA_ARRAY(c->arena, uint64_t, o->n + 1);
    if (o->tokens == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < o->n; i++) {
        if (o->heap[i] > GR_MIS_MAX_HEAP) {
            return core_error(c, o, GR_ELIMIT);
        }
        o->tokens[i] = GR_MIS_TOKEN(o->comp[i], o->heap[i]);
    }
    uint64_t nodes = search_nodes(c);
    if (method == ORACLE_FIRST_SEARCH && nodes > GR_MIS_FIRST_NODES) {
        nodes = GR_MIS_FIRST_NODES;
    }
    st = gr_mis_search_new(c->arena, o->games, pos->ncomp, nodes, &o->search);
    if (st == GR_OK && method == ORACLE_FIRST_SEARCH) {
        /* the first search is for small positions: heaps of many sizes
         * with many options each (a heap of 1,000 of 0.75: 250 ms of
         * listing) are the quotient's to answer */
        gr_mis_search_limit_options(o->search, GR_MIS_SEARCH_WORK * nodes);
    }
    return st != GR_OK ? core_error(c, o, st) : GR_OK;
}

static gr_status root_is_p(gr_jctx *c, oracle *o, bool *p)
{
    if (o->q != NULL) {
        *p = gr_mis_product_is_p(&o->prod);
        return GR_OK;
    }
    gr_status st = gr_mis_is_p(o->search, o->tokens, o->n, p);
    return st != GR_OK ? core_error(c, o, st) : GR_OK;
}

/* The options of heap i (valid until the next call). */
static gr_status options(gr_jctx *c, oracle *o, size_t i, const gr_mis_opt **opts, size_t *n)
{
    gr_status st;
    if (o->q == NULL) {
        st = gr_mis_token_options(o->search, o->tokens[i], opts, n);
        return st != GR_OK ? core_error(c, o, st) : GR_OK;
    }
    const gr_mis_game *g = &o->games[o->comp[i]];
    size_t count;
    if ((st = gr_mis_heap_options(g, o->heap[i], NULL, 0, &count)) != GR_OK) {
        return core_error(c, o, st);
    }
    if (count > o->obuf_cap) {
        gr_mis_opt *b = GR_ARENA_ARRAY_UNINIT(c->arena, gr_mis_opt, count);
        if (b == NULL) {
            return gr_json_oom(c);
        }
        o->obuf = b;
        o->obuf_cap = count;
    }
    gr_mis_heap_options(g, o->heap[i], o->obuf, count, &count);
    *opts = o->obuf;
    *n = count;
    return GR_OK;
}

static gr_status after_is_p(gr_jctx *c, oracle *o, size_t i, const gr_mis_opt *m, bool *p)
{
    if (o->q != NULL) {
        if (gr_mis_product_after_is_p(&o->prod, i, m->leaves, m->nleaves, p) != GR_OK) {
            return gr_json_error(c, GR_EINTERNAL, NULL, "leaf outside the quotient");
        }
        return GR_OK;
    }
    gr_status st = gr_mis_after_is_p(o->search, o->tokens, o->n, i, m, p);
    return st != GR_OK ? core_error(c, o, st) : GR_OK;
}

/* The move object as the game's own endpoint writes it, wrapped as
 * /v1/sum writes its moves inside a sum. */
static cJSON *move_obj(gr_jctx *c, const oracle *o, size_t i, const gr_mis_opt *m)
{
    const gr_mis_comp *k = &o->pos->comp[o->comp[i]];
    cJSON *mv = gr_jw_obj(c);
    uint64_t h = o->heap[i];
    if (k->game.kind == GR_MIS_OCTAL) {
        gr_jw_set_u64s(c, mv, 2, (const char *const[]){"heap", "take"},
                       (const uint64_t[]){o->idx[i], m->take});
        cJSON *leaves = gr_jw_arr(c);
        for (uint32_t j = 0; j < m->nleaves; j++) {
            gr_jw_push(c, leaves, gr_jw_u64(c, m->leaves[j]));
        }
        gr_jw_set(c, mv, "leaves", leaves);
    } else if (k->game.kind == GR_MIS_SUB) {
        gr_jw_set_u64s(c, mv, 4, (const char *const[]){"pile", "take", "from", "to"},
                       (const uint64_t[]){o->idx[i], m->take, h, h - m->take});
    } else {
        gr_jw_set_u64s(c, mv, 3, (const char *const[]){"pile", "from", "to"},
                       (const uint64_t[]){o->idx[i], h, h - m->take});
    }
    if (!o->pos->sum) {
        return mv;
    }
    cJSON *w = gr_jw_obj(c);
    gr_jw_set(c, w, "component", gr_jw_u64(c, o->comp[i]));
    gr_jw_set(c, w, "game", gr_jw_str(c, k->name));
    gr_jw_set(c, w, "move", mv);
    return w;
}

/* Where the moves go: every move (winning_only: those to a P-position),
 * heaps in order, each heap's options in the game's order; the first
 * `room` are appended to arr (as plain moves, or as all_moves entries
 * with their outcome), the rest counted; with stop_at_one the walk ends at
 * the first one found. */
typedef struct sink {
    bool winning_only, entries, stop_at_one, stop;
    uint64_t room, listed;
    cJSON *arr;
    unsigned __int128 count;
} sink;

/* One option, or `times` options of one kind (the same outcome; the first
 * is m, the next ones step its split by the period). */
static void take_opt(gr_jctx *c, oracle *o, sink *k, size_t i, gr_mis_opt m, bool p, uint64_t times,
                     uint64_t step)
{
    if (k->winning_only && !p) {
        return;
    }
    k->count += times;
    for (uint64_t t = 0; t < times && k->listed < k->room; t++) {
        cJSON *mv = move_obj(c, o, i, &m);
        if (k->entries) {
            cJSON *e = gr_jw_obj(c);
            gr_jw_set(c, e, "move", mv);
            gr_jw_set(c, e, "outcome", gr_jw_str(c, p ? "win" : "lose"));
            mv = e;
        }
        gr_jw_push(c, k->arr, mv);
        k->listed++;
        m.leaves[0] += step;
        m.leaves[1] -= step;
    }
    k->stop = k->stop_at_one;
}

/* The two-heap splits a + b = r (a < b, or a <= b when `equal`) of a heap
 * past the quotient's proof: below a0 = e + p one by one, then by residue
 * class of a mod p (b >= e throughout, so the pair of images depends on
 * the residue only); listed in order of a, the rest counted. */
static gr_status splits_periodic(gr_jctx *c, oracle *o, sink *k, size_t i, uint64_t take,
                                 uint64_t r, bool equal)
{
    const gr_mis_quotient *q = o->q;
    uint64_t top = equal ? r / 2 : (r - 1) / 2, a0 = q->preperiod + q->period, p = q->period;
    gr_mis_opt m = {.take = take, .nleaves = 2};
    bool has_class = false; /* a residue class of moves that are listed */
    for (uint64_t a = 1; a <= top && !k->stop; a++) {
        uint64_t times = 1;
        if (a >= a0) {
            /* every a' = a (mod p) up to top, the ones listed in order */
            if (a >= a0 + p) {
                break;
            }
            times = (top - a) / p + 1;
        }
        uint32_t ia, ib;
        gr_mis_quotient_image(q, a, &ia);
        gr_mis_quotient_image(q, r - a, &ib);
        m.leaves[0] = a;
        m.leaves[1] = r - a;
        bool pp = q->in_p[gr_mis_mul(q, o->prod.rest[i], gr_mis_mul(q, ia, ib))];
        has_class = has_class || (times > 1 && (!k->winning_only || pp));
        if (times > 1 && k->listed < k->room && (!k->winning_only || pp)) {
            /* list in order of a: classes interleave, so list one at a time */
            take_opt(c, o, k, i, m, pp, 1, 0);
            k->count += times - 1;
            continue;
        }
        take_opt(c, o, k, i, m, pp, times, p);
    }
    /* the listing past the first period, in order of a */
    for (uint64_t a = a0 + p; has_class && a <= top && k->listed < k->room && !k->stop_at_one;
         a++) {
        uint32_t ia, ib;
        gr_mis_quotient_image(q, a, &ia);
        gr_mis_quotient_image(q, r - a, &ib);
        bool pp = q->in_p[gr_mis_mul(q, o->prod.rest[i], gr_mis_mul(q, ia, ib))];
        if (k->winning_only && !pp) {
            continue;
        }
        m.leaves[0] = a;
        m.leaves[1] = r - a;
        unsigned __int128 before = k->count;
        take_opt(c, o, k, i, m, pp, 1, 0);
        k->count = before; /* counted already, by class */
    }
    return GR_OK;
}

/* A heap too large to list its options (gr_mis_product_by_period): octal
 * codes and Grundy's game through the period of a complete quotient
 * (three-heap splits are enumerated only below GR_MIS_MAX_OPTIONS). */
static gr_status walk_huge(gr_jctx *c, oracle *o, sink *k, size_t i)
{
    const gr_mis_game *g = &o->games[o->comp[i]];
    uint64_t h = o->heap[i];
    if (g->kind != GR_MIS_OCTAL || o->q == NULL || !o->q->complete ||
        (g->code.kind == GR_OCTAL_CODE && g->code.leaves >= 3)) {
        return core_error(c, o, GR_ELIMIT);
    }
    if (g->code.kind == GR_OCTAL_GRUNDY) {
        return splits_periodic(c, o, k, i, 0, h, false);
    }
    for (unsigned j = 0; j <= g->code.len && !k->stop; j++) { /* j = 0: d0 splits */
        unsigned d = g->code.digit[j];
        uint64_t r = h - j;
        if (d & 2) {
            uint32_t img;
            gr_mis_quotient_image(o->q, r, &img);
            gr_mis_opt m = {.take = j, .nleaves = 1, .leaves = {r}};
            take_opt(c, o, k, i, m, o->q->in_p[gr_mis_mul(o->q, o->prod.rest[i], img)], 1, 0);
        }
        if ((d & 4) && !k->stop) {
            gr_status st = splits_periodic(c, o, k, i, j, r, true);
            if (st != GR_OK) {
                return st;
            }
        }
    }
    return GR_OK;
}

static gr_status walk(gr_jctx *c, oracle *o, bool winning_only, bool entries, uint64_t room,
                      bool stop_at_one, cJSON *arr, unsigned __int128 *count)
{
    sink k = {.winning_only = winning_only,
              .entries = entries,
              .stop_at_one = stop_at_one,
              .room = room,
              .arr = arr};
    gr_status st = GR_OK;
    for (size_t i = 0; i < o->n && !k.stop && st == GR_OK; i++) {
        size_t no = 0;
        const gr_mis_opt *opts;
        if (o->q != NULL && gr_mis_product_by_period(&o->prod, &o->games[o->comp[i]], o->heap[i])) {
            st = walk_huge(c, o, &k, i);
            continue;
        }
        if ((st = options(c, o, i, &opts, &no)) != GR_OK) {
            return st;
        }
        for (size_t j = 0; j < no && !k.stop; j++) {
            bool p;
            if ((st = after_is_p(c, o, i, &opts[j], &p)) != GR_OK) {
                return st;
            }
            take_opt(c, o, &k, i, opts[j], p, 1, 0);
        }
    }
    *count = k.count;
    if (st != GR_OK) {
        return st;
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* One attempt at the whole answer with the oracle's method: GR_ELIMIT
 * when it cannot decide (the caller tries the next method). */
static gr_status attempt(gr_jctx *c, oracle *o, const gr_move_opts *opts, bool list_all,
                         cJSON **resp)
{
    bool p;
    gr_status st = root_is_p(c, o, &p);
    if (st != GR_OK) {
        return st;
    }
    cJSON *r = gr_jw_obj(c);
    gr_jw_set(c, r, "winner", gr_jw_str(c, p ? "second" : "first"));
    cJSON *moves = gr_jw_arr(c);
    unsigned __int128 count = 0;
    if (!p) {
        /* winning_move needs one move even when max_moves is 0; no move
         * at all: the player to move has already won */
        uint64_t cap = opts->all && opts->max > 0 ? opts->max : 1;
        if ((st = walk(c, o, true, false, cap, !opts->all, moves, &count)) != GR_OK) {
            return st;
        }
    }
    uint64_t c64 = count > UINT64_MAX ? UINT64_MAX : (uint64_t)count;
    gr_json_put_moves(c, r, moves, c64, opts);
    if (list_all) {
        cJSON *arr = gr_jw_arr(c);
        if ((st = walk(c, o, false, true, opts->max, false, arr, &count)) != GR_OK) {
            return st;
        }
        gr_jw_set(c, r, "moves", arr);
        gr_jw_set(c, r, "move_count", gr_jw_u128(c, count));
    }
    gr_jw_set(c, r, "misere_quotient",
              o->q != NULL ? gr_json_misere_summary(c, o->q) : gr_jw_null(c));
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}

/* A position whose exhaustive search passed its limits passes them again
 * (the search is deterministic, its budget counted in positions and
 * moves, never in seconds): a repeat of the same request would hold a
 * worker for seconds (0.4 with heaps 40-43: 1,000,000 positions, 3 s) to
 * give the same 422.  The cache remembers such requests -- the budget,
 * the move options and every component's game and heaps in order, up to
 * DECLINED_MAX_HEAPS heaps -- as an empty entry; NULL: not remembered. */
#define DECLINED_MAX_HEAPS 64

static const char *declined_key(gr_jctx *c, const gr_mis_pos *pos, const gr_move_opts *opts,
                                bool list_all)
{
    size_t heaps = 0;
    for (size_t k = 0; k < pos->ncomp; k++) {
        heaps += pos->comp[k].n;
    }
    if (c->tables == NULL || heaps > DECLINED_MAX_HEAPS) {
        return NULL;
    }
    gr_buf b;
    gr_buf_init(&b, c->arena);
    gr_buf_puts(&b, "misere-declined:");
    gr_buf_u64(&b, search_nodes(c));
    gr_buf_puts(&b, opts->all ? ":all:" : ":one:");
    gr_buf_u64(&b, opts->max);
    gr_buf_puts(&b, list_all ? ":list" : ":");
    for (size_t k = 0; k < pos->ncomp; k++) {
        const char *game = gr_json_misere_key(c, "pos", &pos->comp[k].game);
        if (game == NULL) {
            return NULL;
        }
        gr_buf_putc(&b, '|');
        gr_buf_puts(&b, game);
        for (size_t i = 0; i < pos->comp[k].n; i++) {
            gr_buf_putc(&b, ',');
            gr_buf_u64(&b, pos->comp[k].heaps[i]);
        }
    }
    return gr_buf_cstr(&b);
}

static gr_status declined_mark(void *ctx, gr_arena *arena, _Atomic uint64_t *progress,
                               void *result, bool *keep)
{
    (void)ctx;
    (void)arena;
    (void)progress;
    (void)keep;
    *(uint8_t *)result = 1;
    return GR_OK;
}

/* Remembers key as declined (mark), or tells whether it is (!mark). */
static bool declined(gr_jctx *c, const char *key, bool mark)
{
    gr_tcache_entry *e;
    const void *res;
    bool found = mark ? gr_tcache_get(c->tables, key, declined_mark, NULL, 1, c->arena, &e,
                                      &res) == GR_OK
                      : gr_tcache_peek(c->tables, key, &e, &res);
    if (found) {
        gr_tcache_release(e);
    }
    return found;
}

/* Exhaustive search first, within a small budget (small positions are
 * answered at once, and exactly); then the game's quotient, when one
 * covers the heaps; then search with the whole budget, unless the same
 * request passed its limits before. */

gr_status gr_json_misere_answer(gr_jctx *c, gr_mis_pos *pos, const cJSON *req, cJSON **resp)
{
    gr_move_opts opts;
    gr_status st = gr_json_request_opts(c, req, &opts);
    if (st != GR_OK) {
        return st;
    }
    bool list_all = false;
    const cJSON *am = cJSON_GetObjectItemCaseSensitive(req, "all_moves");
    if (am != NULL && (st = gr_json_bool(c, am, "/all_moves", &list_all)) != GR_OK) {
        return st;
    }
    oracle o;
    const char *key = NULL;
    for (oracle_method method = ORACLE_FIRST_SEARCH; method <= ORACLE_SEARCH; method++) {
        st = oracle_init(c, pos, method, &o);
        if (st == GR_ELIMIT && method != ORACLE_SEARCH) {
            memset(&c->problem, 0, sizeof(c->problem));
            continue; /* a heap too large to search: the quotient may do */
        }
        if (st != GR_OK) {
            return st;
        }
        if (method == ORACLE_QUOTIENT && o.q == NULL) {
            continue; /* no quotient covers these heaps */
        }
        if (method == ORACLE_SEARCH) {
            key = declined_key(c, pos, &opts, list_all);
            if (key != NULL && declined(c, key, false)) {
                return core_error(c, &o, GR_ELIMIT);
            }
        }
        st = attempt(c, &o, &opts, list_all, resp);
        if (st == GR_ELIMIT && key != NULL && c->problem.status == 422) {
            declined(c, key, true);
        }
        if (st != GR_ELIMIT || method == ORACLE_SEARCH) {
            return st;
        }
        memset(&c->problem, 0, sizeof(c->problem));
    }
    return st;
}
