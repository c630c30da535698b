/*
 * Misère quotients at the JSON layer: which quotient answers a position,
 * the summary written with every quotient answer, and (misere_doc.c) the
 * whole document of the GET.
 */
#include "games/misere_quotient.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tables/table_cache.h"

/* The heaps a POST builds a quotient for (the largest heap asked about,
 * or, to prove it complete, this many).  A position with a heap past a
 * first build that reached its cap unproven gets a second, longer build:
 * games solved only further out (0.44 and 0.46 are proven at heap 336,
 * 0.644 at 7399) are answered for every heap, while a position of small
 * heaps never waits for it. */
#define GR_MIS_POST_HEAPS 256u
#define GR_MIS_POST_HEAPS_LONG 8192u
#define GR_MIS_POST_HEAPS3 16u

/* A POST's quotient as the table cache keeps it: built once per game
 * (until complete, or to the cap), or the fact that none was proven
 * within the limits, which is as deterministic as a quotient and as
 * costly to find again (seconds for codes whose splits stop the
 * construction). */
typedef struct mq_result {
    bool found;
    gr_mis_quotient q; /* table, in_p and image in the entry's arena; no
                        * presentation (answers do not write one) */
} mq_result;

typedef struct mq_job {
    gr_jctx *c;
    const gr_mis_game *g;
    uint64_t cap;
} mq_job;

static void release_entry(void *e)
{
    gr_tcache_release(e);
}

/* The POST's build with max_heap 1: until complete or to the cap, its
 * scratch in the request's arena, the result copied into the entry's. */
static gr_status mq_build(gr_jctx *c, const gr_mis_game *g, uint64_t cap, gr_arena *keep_in,
                          mq_result *r)
{
    memset(r, 0, sizeof(*r));
    gr_mis_quotient b;
    gr_status st = gr_json_misere_build(c, g, 1, true, cap, NULL, &b);
    if (st == GR_ELIMIT) {
        /* no quotient within the limits: exhaustive search answers */
        memset(&c->problem, 0, sizeof(c->problem));
        return GR_OK;
    }
    if (st != GR_OK) {
        return st;
    }
    if (keep_in == c->arena) {
        r->found = true;
        r->q = b;
        return GR_OK;
    }
    r->found = true;
    return gr_json_misere_copy(keep_in, &b, false, &r->q);
}

static gr_status mq_solve(void *ctx, gr_arena *arena, _Atomic uint64_t *progress, void *result,
                          bool *keep)
{
    (void)progress;
    (void)keep;
    const mq_job *j = ctx;
    gr_tcache_count_quotient_build(j->c->tables);
    return mq_build(j->c, j->g, j->cap, arena, result);
}

gr_status gr_json_misere_cache_problem(gr_jctx *c, gr_status st)
{
    if (c->problem.status != 0) {
        return st;
    }
    if (st == GR_EDECLINED) {
        gr_problem_set(&c->problem, GR_PROBLEM_MEMORY_UNAVAILABLE,
                       "the memory the server may use (--max-memory) is taken by requests "
                       "under way and cached tables; retry shortly",
                       NULL);
        return GR_ENOMEM;
    }
    if (st == GR_ENOMEM) {
        return gr_json_oom(c);
    }
    st = gr_json_stopped(c, st);
    return c->problem.status != 0 ? st : gr_json_error(c, GR_EINTERNAL, NULL, "quotient failed");
}

/* The POST's quotient of g built to `heaps`: from the table cache (built
 * there once per game and cap), or in the request's arena without one. */
static gr_status mq_lookup(gr_jctx *c, const gr_mis_game *g, uint64_t heaps, const mq_result **r)
{
    gr_status st;
    char what[24];
    snprintf(what, sizeof(what), "%" PRIu64, heaps);
    char *key = c->tables != NULL ? gr_json_misere_key(c, what, g) : NULL;
    if (key == NULL) {
        mq_result *own = GR_ARENA_ARRAY(c->arena, mq_result, 1);
        if (own == NULL) {
            return gr_json_oom(c);
        }
        if ((st = mq_build(c, g, heaps, c->arena, own)) != GR_OK) {
            return gr_json_misere_cache_problem(c, st);
        }
        *r = own;
        return GR_OK;
    }
    mq_job job = {c, g, heaps};
    gr_tcache_entry *e;
    const void *res;
    st = gr_tcache_get(c->tables, key, mq_solve, &job, sizeof(mq_result), c->arena, &e, &res);
    if (st != GR_OK) {
        return gr_json_misere_cache_problem(c, st);
    }
    if (gr_arena_on_cleanup(c->arena, release_entry, e) != 0) {
        gr_tcache_release(e);
        return gr_json_oom(c);
    }
    *r = res;
    return GR_OK;
}

gr_status gr_json_misere_quotient_for(gr_jctx *c, const gr_mis_game *g, const uint64_t *heaps,
                                      size_t n, const gr_mis_quotient **q)
{
    *q = NULL;
    if (g->kind == GR_MIS_NIM) {
        return GR_OK;
    }
    uint64_t top = 0;
    for (size_t i = 0; i < n; i++) {
        top = heaps[i] > top ? heaps[i] : top;
    }
    /* three-heap splits cost O(h^2) options a heap */
    uint64_t cap =
        g->kind == GR_MIS_OCTAL && g->code.leaves >= 3 ? GR_MIS_POST_HEAPS3 : GR_MIS_POST_HEAPS;
    const mq_result *r;
    gr_status st = mq_lookup(c, g, cap, &r);
    if (st == GR_OK && r->found && !r->q.complete && cap == GR_MIS_POST_HEAPS &&
        r->q.max_heap >= cap && top > r->q.max_heap) {
        cap = GR_MIS_POST_HEAPS_LONG;
        st = mq_lookup(c, g, cap, &r);
    }
    if (st != GR_OK) {
        return st;
    }
    uint64_t want = top < cap ? (top > 0 ? top : 1) : cap;
    if (!r->found) {
        return GR_OK;
    }
    gr_mis_quotient *out = GR_ARENA_ARRAY(c->arena, gr_mis_quotient, 1);
    if (out == NULL) {
        return gr_json_oom(c);
    }
    *out = r->q;
    if (out->complete && want > out->max_heap) {
        /* heaps past the proof follow the period, as a build to `want`
         * maps them (and says: max_heap is the heaps asked about) */
        uint32_t *img = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, want + 1);
        if (img == NULL) {
            return gr_json_oom(c);
        }
        for (uint64_t k = 0; k <= want; k++) {
            gr_mis_quotient_image(&r->q, k, &img[k]); /* complete: never fails */
        }
        out->image = img;
        out->max_heap = want;
    }
    if (out->complete || out->max_heap >= top) {
        *q = out;
    }
    return GR_OK;
}

cJSON *gr_json_misere_summary(gr_jctx *c, const gr_mis_quotient *q)
{
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "order", gr_jw_u64(c, q->order));
    gr_jw_set(c, o, "p_count", gr_jw_u64(c, q->p_count));
    gr_jw_set(c, o, "max_heap", gr_jw_u64(c, q->max_heap));
    gr_jw_set(c, o, "complete", gr_jw_bool(c, q->complete));
    return o;
}

gr_status gr_json_misere_build(gr_jctx *c, const gr_mis_game *g, uint64_t max_heap,
                               bool until_complete, uint64_t limit, const char *ptr,
                               gr_mis_quotient *q)
{
    /* a POST's attempt (until_complete) is kept small: search answers
     * otherwise */
    gr_mis_quotient_opts o = {.max_heap = max_heap,
                              .max_order = gr_json_misere_max_order(c),
                              .until_complete = until_complete,
                              .max_heap_limit = limit,
                              .max_states = until_complete ? (1u << 14) : 0,
                              .keep_proven = until_complete};
    const char *why = NULL;
    gr_status st = gr_json_arm_deadline(c);
    if (st == GR_OK) {
        st = gr_mis_quotient_build(c->arena, g, &o, q, &why);
    }
    st = gr_json_misere_status(c, st, "quotient failed");
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "the misère quotient could not be built: %s (order limit %u, "
                             "--max-quotient-order)",
                             why != NULL ? why : "a limit was reached", o.max_order);
    }
    return st;
}

gr_status gr_json_misere_status(gr_jctx *c, gr_status st, const char *what)
{
    st = gr_json_stopped(c, st);
    switch (st) {
    case GR_OK:
    case GR_ELIMIT:
    case GR_ETIME:
    case GR_ECANCELLED:
        return st;
    case GR_ENOMEM:
        return gr_json_oom(c);
    default:
        return gr_json_error(c, GR_EINTERNAL, NULL, "%s", what);
    }
}
