/*
 * Red-Blue-Green Hackenbush: {"edges": [[u, v, "blue" | "red" | "green"],
 * ...], "ground": [ids]}; Left (blue) cuts blue or green edges, Right
 * (red) red or green ones, and what loses contact with the ground falls.
 * A move is {"edge": i}, i the edge's index in the request.  The solver
 * is include/grundy/hackenbush_colored.h (Berlekamp's rule for red-blue
 * trees, a canonical-form search otherwise); the answer is partizan.h's.
 */
#include "grundy/hackenbush_colored.h"

#include <string.h>

#include "games/families.h"
#include "games/hackenbush_graph.h"
#include "games/partizan.h"
#include "games/search_games.h"

typedef struct gr_hbc_state {
    gr_hbc *game;
    gr_hbc_input in;
    const char *ptr;
    bool tree; /* valued by Berlekamp's rule */
} gr_hbc_state;

/* ptr NULL: a red-blue tree, whose only limit is its value's size. */
static gr_status gr_hbc_failed(gr_jctx *c, gr_status st, const char *ptr)
{
    if (ptr == NULL) {
        return gr_json_cgt_failed(c, st, "/edges");
    }
    if (st == GR_ELIMIT) {
        return gr_json_search_failed(c, st, ptr);
    }
    return gr_json_cgt_failed(c, st, ptr);
}

/* The refusal up front (issue 37 item 5; docs/partizan.md, "Coloured
 * Hackenbush's refusal up front"): the search's nodes as forecast by
 * gr_hbc_estimate, against the least of the node budget and the time
 * limit at GR_HBC_EST_RATE nodes a second -- three times the fastest
 * measured (bench/RESULTS.md): more assumed, fewer refusals -- refused
 * past GR_HBC_EST_MARGIN times it.  Counts, not the clock: the same
 * answer on every machine. */
#define GR_HBC_EST_RATE 4200000u
#define GR_HBC_EST_MARGIN 16u

static gr_status gr_hbc_forecast(gr_jctx *c, const gr_hbc *g, const char *eptr)
{
    uint64_t est;
    gr_json_cap cap = gr_json_least_cap(c, 0, GR_HBC_EST_RATE);
    if (gr_hbc_estimate(g, &est) != GR_OK || est / GR_HBC_EST_MARGIN <= cap.nodes) {
        return GR_OK; /* no forecast, or one the search may meet: it runs */
    }
    gr_json_error(c, cap.st, eptr,
                  "this picture's value needs about %llu search positions (the parts of it that "
                  "can stand, estimated from a fixed sample of its edge sets), more than %u times "
                  "what the request's %s (%s) allows (about %llu): refused before the search",
                  (unsigned long long)est, GR_HBC_EST_MARGIN, cap.what, cap.flag,
                  (unsigned long long)cap.nodes);
    gr_json_estimate(c, est, cap.nodes, cap.flag);
    return cap.st;
}

static gr_status gr_hbc_edge(gr_jctx *c, const cJSON *e, const char *eptr, uint32_t *uv,
                             uint8_t *colour)
{
    size_t n;
    gr_status st = gr_json_array(c, e, eptr, &n);
    if (st == GR_OK && n != 3) {
        st = gr_json_error(c, GR_EINVAL, eptr, "an edge is [u, v, colour]");
    }
    if (st != GR_OK) {
        return st;
    }
    const cJSON *it = e->child;
    for (int k = 0; k < 2; k++, it = it->next) {
        uint64_t v;
        if ((st = gr_json_u64(c, it, gr_jp_idx(c, eptr, (size_t)k), GR_HBC_MAX_VERTEX, &v)) !=
            GR_OK) {
            return st;
        }
        uv[k] = (uint32_t)v;
    }
    const char *name;
    const char *cptr = gr_jp_idx(c, eptr, 2);
    if ((st = gr_json_string(c, it, cptr, &name)) != GR_OK) {
        return st;
    }
    static const char *const names[3] = {"blue", "red", "green"};
    for (uint8_t k = 0; k < 3; k++) {
        if (strcmp(name, names[k]) == 0) {
            *colour = k;
            return GR_OK;
        }
    }
    return gr_json_error(c, GR_EINVAL, cptr, "a colour is \"blue\", \"red\" or \"green\"");
}

static gr_status gr_hbc_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, gr_cgt_store *s,
                                void **state, gr_cgt *value)
{
    const cJSON *edges = NULL, *ground = NULL;
    const gr_jfield fields[] = {{"edges", true, &edges}, {"ground", true, &ground}};
    gr_status st = gr_json_pgame_object(c, obj, ptr, fields, 2);
    if (st != GR_OK) {
        return st;
    }
    gr_hbc_state *hs = GR_ARENA_ARRAY(c->arena, gr_hbc_state, 1);
    if (hs == NULL) {
        return gr_json_oom(c);
    }
    hs->ptr = ptr;
    const char *eptr = gr_jp_key(c, ptr, "edges"), *gptr = gr_jp_key(c, ptr, "ground");
    size_t m;
    if ((st = gr_json_array(c, edges, eptr, &m)) != GR_OK) {
        return st;
    }
    if (m > GR_HBC_MAX_EDGES) {
        return gr_json_error(c, GR_ELIMIT, eptr, "at most %d edges are analysed (this has %zu)",
                             GR_HBC_MAX_EDGES, m);
    }
    uint32_t *uv = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, 2 * m + 1);
    uint8_t *col = GR_ARENA_ARRAY_UNINIT(c->arena, uint8_t, m + 1);
    if (uv == NULL || col == NULL) {
        return gr_json_oom(c);
    }
    size_t i = 0;
    for (const cJSON *e = edges->child; e != NULL; e = e->next, i++) {
        if ((st = gr_hbc_edge(c, e, gr_jp_idx(c, eptr, i), &uv[2 * i], &col[i])) != GR_OK) {
            return st;
        }
    }
    uint32_t *g32;
    size_t ng;
    if ((st = gr_json_hackenbush_ground(c, ground, gptr, GR_HBC_MAX_VERTEX, &g32, &ng)) != GR_OK) {
        return st;
    }
    hs->in = (gr_hbc_input){m, uv, col, ng, g32};
    gr_search_opts opts = gr_json_search_opts(c);
    st = gr_hbc_create(c->arena, s, &hs->in, &opts, &hs->game);
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, eptr,
                             "a position that is not a red-blue tree is searched, and has at most "
                             "%d edges standing on the ground",
                             GR_HBC_MAX_SEARCH_EDGES);
    }
    if (st != GR_OK) {
        return gr_hbc_failed(c, st, ptr);
    }
    hs->tree = gr_hbc_is_tree(hs->game);
    if ((st = gr_hbc_forecast(c, hs->game, eptr)) != GR_OK) {
        return st;
    }
    if ((st = gr_hbc_value(hs->game, value)) != GR_OK) {
        return gr_hbc_failed(c, st, hs->tree ? NULL : ptr);
    }
    *state = hs;
    return GR_OK;
}

static gr_status gr_hbc_list(gr_jctx *c, void *state, int side, cJSON ***moves, gr_cgt **after,
                             size_t *n)
{
    gr_hbc_state *hs = state;
    size_t m = hs->in.m, k = 0;
    *moves = GR_ARENA_ARRAY(c->arena, cJSON *, m + 1);
    *after = GR_ARENA_ARRAY(c->arena, gr_cgt, m + 1);
    if (*moves == NULL || *after == NULL) {
        return gr_json_oom(c);
    }
    uint8_t forbidden = side == 0 ? GR_HBC_RED : GR_HBC_BLUE;
    for (size_t e = 0; e < m; e++) {
        if (!gr_hbc_in_play(hs->game, e) || hs->in.colour[e] == forbidden) {
            continue;
        }
        gr_status st = gr_hbc_after(hs->game, e, &(*after)[k]);
        if (st != GR_OK) {
            return gr_hbc_failed(c, st, hs->tree ? NULL : hs->ptr);
        }
        cJSON *o = gr_jw_obj(c);
        gr_jw_set(c, o, "edge", gr_jw_u64(c, e));
        (*moves)[k++] = o;
    }
    *n = k;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_pgame gr_pgame_hackenbush_colored = {"hackenbush_colored", gr_hbc_analyse, gr_hbc_list,
                                              NULL};
