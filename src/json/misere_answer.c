/*
 * Deciding a misère position and writing its answer (misere_pos.h).
 *
 * The oracle answers "is this position, or the position after this move,
 * a misère P-position?".  With a quotient (one component whose game has a
 * quotient covering every heap asked about) a position is the product of
 * its heaps' images: the product of every heap but heap i is kept per i
 * (prefix and suffix products), so a move costs the product of its
 * leaves' images and one look-up.  Otherwise the exhaustive search
 * decides each position, memoised across the whole request, so the
 * winning moves and all_moves cost little more than the root.
 */
#include <string.h>

#include "json/misere_pos.h"
#include "json/misere_quotient.h"

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
    uint32_t *rest; /* q: the product of every image but heap i's */
    uint32_t total; /* q: the whole position's image */
    gr_mis_opt *obuf;
    size_t obuf_cap;
} oracle;

static gr_status core_error(gr_jctx *c, const oracle *o, gr_status st)
{
    st = gr_json_stopped(c, st);
    if (st == GR_ETIME || st == GR_ECANCELLED) {
        return st;
    }
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    if (st == GR_ELIMIT) {
        const char *ptr = o->pos->ncomp == 1 ? o->pos->comp[0].heaps_ptr : "/components";
        uint64_t nodes =
            c->max_search_nodes != 0 && c->max_search_nodes < GR_MIS_SEARCH_NODES_DEFAULT
                ? c->max_search_nodes
                : GR_MIS_SEARCH_NODES_DEFAULT;
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "no complete misère quotient covers these heaps, and exhaustive "
                             "search of the position passes its limits (at most %llu "
                             "positions, at most %u options per heap, heaps below 2^56); "
                             "ask with fewer or smaller heaps",
                             (unsigned long long)nodes, GR_MIS_MAX_OPTIONS);
    }
    return gr_json_error(c, GR_EINTERNAL, NULL, "misère search failed");
}

static gr_status oracle_init(gr_jctx *c, gr_mis_pos *pos, oracle *o)
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
    if (pos->ncomp == 1) {
        st = gr_json_misere_quotient_for(c, &o->games[0], o->heap, o->n, &o->q);
        if (st != GR_OK) {
            return st;
        }
    }
    if (o->q != NULL) {
        o->rest = GR_ARENA_ARRAY(c->arena, uint32_t, o->n + 1);
        uint32_t *img = GR_ARENA_ARRAY(c->arena, uint32_t, o->n + 1);
        if (o->rest == NULL || img == NULL) {
            return gr_json_oom(c);
        }
        uint32_t acc = 0;
        for (size_t i = 0; i < o->n; i++) {
            if (gr_mis_quotient_image(o->q, o->heap[i], &img[i]) != GR_OK) {
                return gr_json_error(c, GR_EINTERNAL, NULL, "heap outside the quotient");
            }
            o->rest[i] = acc; /* prefix product */
            acc = gr_mis_mul(o->q, acc, img[i]);
        }
        o->total = acc;
        acc = 0;
        for (size_t i = o->n; i-- > 0;) {
            o->rest[i] = gr_mis_mul(o->q, o->rest[i], acc);
            acc = gr_mis_mul(o->q, acc, img[i]);
        }
        return GR_OK;
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
    uint64_t nodes = c->max_search_nodes != 0 && c->max_search_nodes < GR_MIS_SEARCH_NODES_DEFAULT
                         ? c->max_search_nodes
                         : GR_MIS_SEARCH_NODES_DEFAULT;
    st = gr_mis_search_new(c->arena, o->games, pos->ncomp, nodes, &o->search);
    return st != GR_OK ? core_error(c, o, st) : GR_OK;
}

static gr_status root_is_p(gr_jctx *c, oracle *o, bool *p)
{
    if (o->q != NULL) {
        *p = o->q->in_p[o->total];
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
        uint32_t e = o->rest[i];
        for (uint32_t k = 0; k < m->nleaves; k++) {
            uint32_t img;
            if (gr_mis_quotient_image(o->q, m->leaves[k], &img) != GR_OK) {
                return gr_json_error(c, GR_EINTERNAL, NULL, "leaf outside the quotient");
            }
            e = gr_mis_mul(o->q, e, img);
        }
        *p = o->q->in_p[e];
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

/* Every move (winning_only: those to a P-position), heaps in order, each
 * heap's options in the game's order; the first `room` are appended to arr
 * (as plain moves, or as all_moves entries with their outcome), the rest
 * counted; with stop_at_one the walk ends at the first one found. */
static gr_status walk(gr_jctx *c, oracle *o, bool winning_only, bool entries, uint64_t room,
                      bool stop_at_one, cJSON *arr, unsigned __int128 *count)
{
    *count = 0;
    uint64_t listed = 0;
    for (size_t i = 0; i < o->n; i++) {
        const gr_mis_opt *opts;
        size_t no;
        gr_status st = options(c, o, i, &opts, &no);
        if (st != GR_OK) {
            return st;
        }
        for (size_t j = 0; j < no; j++) {
            bool p;
            if ((st = after_is_p(c, o, i, &opts[j], &p)) != GR_OK) {
                return st;
            }
            if (winning_only && !p) {
                continue;
            }
            (*count)++;
            if (listed < room) {
                cJSON *m = move_obj(c, o, i, &opts[j]);
                if (entries) {
                    cJSON *e = gr_jw_obj(c);
                    gr_jw_set(c, e, "move", m);
                    gr_jw_set(c, e, "outcome", gr_jw_str(c, p ? "win" : "lose"));
                    m = e;
                }
                gr_jw_push(c, arr, m);
                listed++;
            }
            if (stop_at_one) {
                return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
            }
        }
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

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
    if ((st = oracle_init(c, pos, &o)) != GR_OK) {
        return st;
    }
    bool p;
    if ((st = root_is_p(c, &o, &p)) != GR_OK) {
        return st;
    }
    cJSON *r = gr_jw_obj(c);
    gr_jw_set(c, r, "winner", gr_jw_str(c, p ? "second" : "first"));
    cJSON *moves = gr_jw_arr(c);
    unsigned __int128 count = 0;
    if (!p) {
        /* winning_move needs one move even when max_moves is 0 */
        uint64_t cap = opts.all && opts.max > 0 ? opts.max : 1;
        if ((st = walk(c, &o, true, false, cap, !opts.all, moves, &count)) != GR_OK) {
            return st;
        }
        /* no move at all: the player to move has already won */
    }
    uint64_t c64 = count > UINT64_MAX ? UINT64_MAX : (uint64_t)count;
    gr_json_put_moves(c, r, moves, c64, &opts);
    if (list_all) {
        cJSON *arr = gr_jw_arr(c);
        if ((st = walk(c, &o, false, true, opts.max, false, arr, &count)) != GR_OK) {
            return st;
        }
        gr_jw_set(c, r, "moves", arr);
        gr_jw_set(c, r, "move_count", gr_jw_u128(c, count));
    }
    gr_jw_set(c, r, "misere_quotient",
              o.q != NULL ? gr_json_misere_summary(c, o.q) : gr_jw_null(c));
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
