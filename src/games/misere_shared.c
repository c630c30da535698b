/*
 * The quotient GET's builds, done once (docs/misere.md, "Computed once"):
 * GET .../misere-quotient?max_heap=m builds through the table cache, so
 * concurrent identical requests share one build (the cache's single
 * flight: the others wait; when the builder's client leaves, its build
 * stops and a waiter builds instead) and a repeated one is a hit.  The
 * entries hold a copy of the quotient (with its presentation) in their own
 * arena, charged to --cache-memory and --max-memory like tables.
 *
 * The build adds heaps 1, 2, ... and ends at the first heap that proves
 * the images periodic, or at the first heap whose step passes a limit
 * (deterministic budgets: --max-quotient-order, the proof's state count),
 * or at max_heap.  Two facts follow, and two more keys of the game:
 *  - "complete": a build proven complete at heap h is, step for step, the
 *    build for every max_heap >= h (the later heaps follow the period), so
 *    it answers each of them, past it or below it, with the images cut or
 *    extended to max_heap;
 *  - "limit": a build stopped by a limit at heap h stops there for every
 *    max_heap >= h: the same 422 for each of them.
 * A bound below a complete build's proof heap, or an incomplete build's
 * bound, is answered only by its own key: the quotient of fewer heaps may
 * be smaller and is not kept in the larger build.
 */
#include "games/misere_quotient.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tables/table_cache.h"

char *gr_json_misere_key(gr_jctx *c, const char *what, const gr_mis_game *g)
{
    size_t cap = 72 + strlen(what) + GR_OCTAL_MAX_DIGITS + 11 * g->set_len;
    char *key = gr_arena_alloc(c->arena, cap);
    if (key == NULL) {
        return NULL;
    }
    size_t n = (size_t)snprintf(key, cap, "misere:%u:%s:", gr_json_misere_max_order(c), what);
    if (g->kind == GR_MIS_OCTAL) {
        gr_octal_canonical(&g->code, key + n);
        return key;
    }
    n += (size_t)snprintf(key + n, cap - n, "sub:");
    for (size_t i = 0; i < g->set_len; i++) {
        n += (size_t)snprintf(key + n, cap - n, "%s%u", i > 0 ? "," : "", g->set[i]);
    }
    return key;
}

#define MQ_COPY(arena, dst, src, type, n)                                                          \
    do {                                                                                           \
        if ((n) > 0) {                                                                             \
            type *to_ = GR_ARENA_ARRAY_UNINIT(arena, type, n);                                     \
            if (to_ == NULL) {                                                                     \
                return GR_ENOMEM;                                                                  \
            }                                                                                      \
            memcpy(to_, src, (size_t)(n) * sizeof(type));                                          \
            dst = to_;                                                                             \
        }                                                                                          \
    } while (0)

gr_status gr_json_misere_copy(gr_arena *arena, const gr_mis_quotient *from, bool presentation,
                              gr_mis_quotient *to)
{
    *to = *from;
    size_t m = from->order;
    MQ_COPY(arena, to->table, from->table, uint32_t, m * m);
    MQ_COPY(arena, to->in_p, from->in_p, uint8_t, m);
    MQ_COPY(arena, to->image, from->image, uint32_t, from->max_heap + 1);
    if (!presentation) {
        to->ngens = 0;
        to->gen_heap = NULL;
        to->word = NULL;
        to->nrel = 0;
        to->rel = NULL;
        return GR_OK;
    }
    size_t ng = from->ngens;
    MQ_COPY(arena, to->gen_heap, from->gen_heap, uint64_t, ng);
    MQ_COPY(arena, to->word, from->word, uint32_t, m * ng);
    MQ_COPY(arena, to->rel, from->rel, uint32_t, 2 * (size_t)from->nrel * ng);
    return GR_OK;
}

/* A cached GET build: the quotient, or the limit that stopped it (the
 * 422's detail, in the entry's arena). */
typedef struct mqd_result {
    const char *limit; /* non-NULL: the build passed a limit, this detail */
    gr_mis_quotient q; /* else the quotient, presentation included */
} mqd_result;

typedef struct mqd_job {
    gr_jctx *c;
    const gr_mis_game *g;
    uint64_t max_heap;
    const char *ptr;
    const mqd_result *publish; /* for mqd_copy: what the game's key gets */
} mqd_job;

static void release_entry(void *e)
{
    gr_tcache_release(e);
}

/* Holds e until the request's arena goes (the answer is printed from it). */
static gr_status mqd_hold(gr_jctx *c, gr_tcache_entry *e)
{
    if (gr_arena_on_cleanup(c->arena, release_entry, e) != 0) {
        gr_tcache_release(e);
        return gr_json_oom(c);
    }
    return GR_OK;
}

static gr_status mqd_copy_result(gr_arena *arena, const mqd_result *from, mqd_result *to)
{
    memset(to, 0, sizeof(*to));
    if (from->limit != NULL) {
        size_t n = strlen(from->limit) + 1;
        MQ_COPY(arena, to->limit, from->limit, char, n);
        to->q.last_heap = from->q.last_heap;
        return GR_OK;
    }
    return gr_json_misere_copy(arena, &from->q, true, &to->q);
}

static gr_status mqd_copy(void *ctx, gr_arena *arena, _Atomic uint64_t *progress, void *result,
                          bool *keep)
{
    (void)progress;
    (void)keep;
    const mqd_job *j = ctx;
    return mqd_copy_result(arena, j->publish, result);
}

/* Files r under the game's "complete" or "limit" key (see the top), so
 * that other bounds find it; a failure only loses that shortcut. */
static void mqd_publish(const mqd_job *j, const mqd_result *r)
{
    const char *what = r->limit != NULL ? "doc-limit" : "doc-complete";
    char *key = gr_json_misere_key(j->c, what, j->g);
    if (key == NULL) {
        return;
    }
    mqd_job pub = *j;
    pub.publish = r;
    gr_tcache_entry *e;
    const void *res;
    if (gr_tcache_get(j->c->tables, key, mqd_copy, &pub, sizeof(mqd_result), NULL, &e, &res) ==
        GR_OK) {
        gr_tcache_release(e);
    }
}

/* The build of one bound, in the request's arena (its limits and stop),
 * the result copied to the entry's. */
static gr_status mqd_solve(void *ctx, gr_arena *arena, _Atomic uint64_t *progress, void *result,
                           bool *keep)
{
    (void)progress;
    const mqd_job *j = ctx;
    gr_jctx *c = j->c;
    gr_tcache_count_quotient_build(c->tables);
    mqd_result built = {0};
    gr_status st = gr_json_misere_build(c, j->g, j->max_heap, false, 0, j->ptr, &built.q);
    if (st == GR_ELIMIT) {
        built.limit = c->problem.detail != NULL ? c->problem.detail : "a limit was reached";
        memset(&c->problem, 0, sizeof(c->problem)); /* set again from the entry */
    } else if (st != GR_OK) {
        return st;
    }
    mqd_result *r = result;
    if ((st = mqd_copy_result(arena, &built, r)) != GR_OK) {
        return st;
    }
    if (r->limit != NULL ? r->q.last_heap > 0 : r->q.complete) {
        /* the game's key answers this bound too: one copy is enough */
        *keep = false;
        mqd_publish(j, r);
    }
    return GR_OK;
}

/* r's quotient as the build for max_heap would give it: images cut or
 * extended (by the period) to max_heap. */
static gr_status mqd_answer(gr_jctx *c, const mqd_result *r, uint64_t max_heap, const char *ptr,
                            gr_mis_quotient *q)
{
    if (r->limit != NULL) {
        return gr_json_error(c, GR_ELIMIT, ptr, "%s", r->limit);
    }
    *q = r->q;
    q->max_heap = max_heap;
    if (max_heap <= r->q.max_heap) {
        return GR_OK;
    }
    uint32_t *img = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, max_heap + 1);
    if (img == NULL) {
        return gr_json_oom(c);
    }
    for (uint64_t k = 0; k <= max_heap; k++) {
        gr_mis_quotient_image(&r->q, k, &img[k]); /* complete: never fails */
    }
    q->image = img;
    return GR_OK;
}

/* The game's "complete" or "limit" entry when it answers max_heap. */
static bool mqd_peek(gr_jctx *c, const char *what, const gr_mis_game *g, uint64_t max_heap,
                     gr_tcache_entry **e, const mqd_result **r)
{
    char *key = gr_json_misere_key(c, what, g);
    const void *res;
    if (key == NULL || !gr_tcache_peek(c->tables, key, e, &res)) {
        return false;
    }
    *r = res;
    if ((*r)->q.last_heap > 0 && (*r)->q.last_heap <= max_heap) {
        return true;
    }
    gr_tcache_release(*e);
    return false;
}

gr_status gr_json_misere_quotient_shared(gr_jctx *c, const gr_mis_game *g, uint64_t max_heap,
                                         const char *ptr, gr_mis_quotient *q)
{
    if (c->tables == NULL) {
        return gr_json_misere_build(c, g, max_heap, false, 0, ptr, q);
    }
    gr_tcache_entry *e;
    const mqd_result *r;
    if (mqd_peek(c, "doc-complete", g, max_heap, &e, &r) ||
        mqd_peek(c, "doc-limit", g, max_heap, &e, &r)) {
        gr_status st = mqd_hold(c, e);
        return st != GR_OK ? st : mqd_answer(c, r, max_heap, ptr, q);
    }
    char what[32];
    snprintf(what, sizeof(what), "doc%" PRIu64, max_heap);
    char *key = gr_json_misere_key(c, what, g);
    if (key == NULL) {
        return gr_json_oom(c);
    }
    mqd_job job = {c, g, max_heap, ptr, NULL};
    const void *res;
    gr_status st =
        gr_tcache_get(c->tables, key, mqd_solve, &job, sizeof(mqd_result), c->arena, &e, &res);
    if (st != GR_OK) {
        return gr_json_misere_cache_problem(c, st);
    }
    if ((st = mqd_hold(c, e)) != GR_OK) {
        return st;
    }
    return mqd_answer(c, res, max_heap, ptr, q);
}
