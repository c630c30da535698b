/*
 * The heap games' tables as data: tables through the shared cache, the
 * "sequence" request option, value arrays and positions under a table
 * (heap_tables.h; the GET documents are http/sequence_doc.c).
 *
 * Tables.  An octal table is keyed "octal:<canonical code>:<value bound>"
 * and a subtraction table "sub:<sorted distinct set>"; the cache holds the
 * one solved copy (its own arena) and each request reads it through a
 * view whose move-finding scratch is in the request's arena, so no
 * request ever writes the shared table.  The entry is released by a
 * cleanup of the request arena, after everything that reads it.
 */
#include "games/heap_tables.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables/table_cache.h"
#include "store/table_convert.h"

static void release_entry(void *e)
{
    gr_tcache_release(e);
}

static gr_status cache_problem(gr_jctx *c, gr_status st, const char *ptr, const char *what)
{
    switch (st) {
    case GR_ENOMEM:
        return gr_json_error(c, GR_ENOMEM, ptr,
                             "needs more memory than the table cache allows (--cache-memory)");
    case GR_EDECLINED:
        gr_problem_set(&c->problem, GR_PROBLEM_MEMORY_UNAVAILABLE,
                       "the memory the server may use (--max-memory) is taken by requests "
                       "under way and cached tables; retry shortly",
                       NULL);
        return GR_ENOMEM;
    case GR_ELIMIT:
        return gr_json_error(c, GR_ELIMIT, ptr, "reaches Grundy values above %u",
                             GR_OCTAL_MAX_GRUNDY);
    case GR_ETIME:
        return gr_json_error(c, GR_ETIME, ptr, "%s ran past the analysis time limit", what);
    case GR_ECANCELLED:
        return gr_json_error(c, GR_ECANCELLED, ptr, "%s was cancelled", what);
    default:
        return gr_json_error(c, GR_EINTERNAL, ptr, "%s could not be computed", what);
    }
}

static gr_status octal_private(gr_jctx *c, const gr_octal_code *code, uint64_t need,
                               gr_octal_table *t, gr_period_status *status)
{
    /* no shared cache (a harness): this request's own table, as far as
     * it needs */
    gr_octal_grower *gw;
    gr_status st = gr_octal_grower_new(c->arena, code, 0, &gw);
    if (st == GR_OK) {
        st = gr_octal_grower_run(gw, need, NULL);
    }
    if (st != GR_OK && st != GR_ETIME && st != GR_ECANCELLED) {
        return st;
    }
    gr_octal_grower_table(gw, t);
    *status = t->periodic                ? GR_PERIOD_CONFIRMED
              : gr_octal_grower_done(gw) ? GR_PERIOD_NOT_FOUND
                                         : GR_PERIOD_SEARCHING;
    return st;
}

gr_status gr_json_octal_table(gr_jctx *c, const gr_octal_code *code, uint64_t need, const char *ptr,
                              gr_octal_table *view, gr_period_status *status)
{
    if (gr_json_arm_deadline(c) != GR_OK) {
        return GR_ENOMEM;
    }
    gr_octal_table t;
    memset(&t, 0, sizeof(t));
    gr_tcache_entry *e = NULL;
    gr_status st = c->tables != NULL ? gr_tcache_octal_for(c->tables, c->client, code, need,
                                                           c->arena, &e, &t, status)
                                     : octal_private(c, code, need, &t, status);
    if (e != NULL && gr_arena_on_cleanup(c->arena, release_entry, e) != 0) {
        gr_tcache_release(e);
        return gr_json_oom(c);
    }
    bool covers = t.periodic || t.computed >= need;
    if (st != GR_OK && (e != NULL || c->tables == NULL) && (covers || st == GR_ETIME)) {
        /* what was computed answers; past it, the 422 says the time ran
         * out (gr_json_octal_unconfirmed) */
        t.timed_out = st == GR_ETIME && !covers;
        st = GR_OK;
    }
    if (st != GR_OK) {
        return cache_problem(c, st, ptr, "the table of this code");
    }
    gr_octal_table_view(&t, c->arena, view);
    return GR_OK;
}

typedef struct sub_job {
    gr_sub_rules rules;
    gr_tstore *store;
    const char *key; /* the store's: the sorted distinct set, "1,3,4" */
} sub_job;

/* The stored table of a set, when the store has one that fits it (its
 * set and period re-checked on its values). */
static bool sub_from_store(const sub_job *j, gr_arena *arena, gr_sub_table *out)
{
    gr_tstore_table st;
    bool found = false;
    const char *why;
    if (gr_tstore_load(j->store, GR_TSTORE_SUBTRACTION, j->key, arena, &st, &found) != GR_OK ||
        !found) {
        return false;
    }
    if ((why = gr_tstore_trust(&st)) != NULL ||
        gr_tstore_to_sub(&st, arena, out, &why) != GR_OK) {
        if (why != NULL) { /* checksums pass, values do not: set aside, computed again */
            gr_tstore_reject(j->store, GR_TSTORE_SUBTRACTION, j->key, why);
        }
        return false;
    }
    return true;
}

static gr_status sub_solve_cb(void *ctx, gr_arena *arena, _Atomic uint64_t *progress, void *result,
                              bool *keep)
{
    (void)progress;
    (void)keep; /* a subtraction table does not depend on who asked */
    const sub_job *j = ctx;
    if (j->store != NULL && sub_from_store(j, arena, result)) {
        return GR_OK;
    }
    gr_status st = gr_sub_solve(arena, &j->rules, result);
    const gr_sub_table *t = result;
    gr_tstore_table out;
    if (st == GR_OK && j->store != NULL && t->computed > 0 &&
        gr_tstore_of_sub(t, arena, &out) == GR_OK) {
        gr_tstore_save(j->store, &out); /* a store that cannot write is logged there */
    }
    return st;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

gr_status gr_json_sub_table(gr_jctx *c, const gr_sub_rules *rules, const char *ptr,
                            gr_sub_table *out)
{
    if (rules->max_take > 0 || c->tables == NULL) { /* closed form, or no cache */
        gr_status st = gr_sub_solve(c->arena, rules, out);
        return st == GR_OK ? GR_OK : cache_problem(c, st, ptr, "the table of this game");
    }
    /* key: the sorted distinct set (elements <= 10^6, at most 10^4) */
    uint64_t *s = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, rules->set_len + 1);
    char *key = gr_arena_alloc(c->arena, 8 + 8 * rules->set_len);
    if (s == NULL || key == NULL) {
        return gr_json_oom(c);
    }
    memcpy(s, rules->set, rules->set_len * sizeof(uint64_t));
    qsort(s, rules->set_len, sizeof(uint64_t), cmp_u64);
    size_t n = (size_t)sprintf(key, "sub:");
    for (size_t i = 0; i < rules->set_len; i++) {
        if (i == 0 || s[i] != s[i - 1]) {
            n += (size_t)sprintf(key + n, "%s%llu", n > 4 ? "," : "", (unsigned long long)s[i]);
        }
    }
    sub_job job = {*rules, gr_tcache_store(c->tables), key + 4};
    gr_tcache_entry *e;
    const void *res;
    gr_status st =
        gr_tcache_get(c->tables, key, sub_solve_cb, &job, sizeof(gr_sub_table), c->arena, &e, &res);
    if (st != GR_OK) {
        return cache_problem(c, st, ptr, "the table of this game");
    }
    if (gr_arena_on_cleanup(c->arena, release_entry, e) != 0) {
        gr_tcache_release(e);
        return gr_json_oom(c);
    }
    *out = *(const gr_sub_table *)res;
    return GR_OK;
}

gr_status gr_json_sequence_option(gr_jctx *c, const cJSON *seq, const char *ptr,
                                  const char *endpoint, const char **sp, uint64_t *from,
                                  uint64_t *count)
{
    *from = 0;
    *count = 0;
    *sp = gr_jp_key(c, ptr, "sequence");
    if (seq == NULL) {
        return GR_OK;
    }
    if (ptr[0] != '\0') {
        return gr_json_error(c, GR_EINVAL, *sp, "is an option of POST %s, not of a sum's component",
                             endpoint);
    }
    return gr_json_read_sequence(c, seq, *sp, from, count);
}

gr_status gr_json_read_sequence(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t *from,
                                uint64_t *count)
{
    const cJSON *f, *k;
    const gr_jfield fields[] = {{"from", false, &f}, {"count", true, &k}};
    gr_status st = gr_json_object(c, item, ptr, fields, 2);
    if (st != GR_OK) {
        return st;
    }
    *from = 0;
    if (f != NULL &&
        (st = gr_json_u64(c, f, gr_jp_key(c, ptr, "from"), GR_JSON_MAX_I64, from)) != GR_OK) {
        return st;
    }
    const char *kp = gr_jp_key(c, ptr, "count");
    if ((st = gr_json_u64(c, k, kp, GR_JSON_MAX_I64, count)) != GR_OK) {
        return st;
    }
    if (*count > GR_SEQUENCE_MAX_COUNT) {
        return gr_json_error(c, GR_ELIMIT, kp, "is above the largest sequence, %u values",
                             GR_SEQUENCE_MAX_COUNT);
    }
    if (*count > 0 && *from > GR_JSON_MAX_I64 - (*count - 1)) {
        return gr_json_error(c, GR_EINVAL, kp, "runs past heap 2^63-1");
    }
    return GR_OK;
}

/* [g(from), ..., g(from+count-1)] read through at() from a table the
 * caller has checked covers that range (so at() cannot fail). */
static gr_status values_array(gr_jctx *c, const void *t,
                              gr_status (*at)(const void *, uint64_t, uint64_t *), uint64_t from,
                              uint64_t count, cJSON **out)
{
    /* one raw item holding the array's text, the bytes cJSON would print
     * for the array of numbers: a node and a string per value made a
     * 100,000-value document cost 40 ms to build and print */
    gr_buf b;
    gr_buf_init(&b, c->arena);
    gr_buf_putc(&b, '[');
    for (uint64_t i = 0; i < count; i++) {
        uint64_t g = 0;
        at(t, from + i, &g);
        if (i > 0) {
            gr_buf_putc(&b, ',');
        }
        gr_json_buf_u64(&b, g);
    }
    gr_buf_putc(&b, ']');
    *out = gr_jw_raw_buf(c, &b);
    return *out != NULL && gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static gr_status octal_at(const void *t, uint64_t h, uint64_t *g)
{
    return gr_octal_grundy(t, h, g);
}

static gr_status sub_at(const void *t, uint64_t n, uint64_t *g)
{
    return gr_sub_grundy(t, n, g);
}

gr_status gr_json_octal_unconfirmed(gr_jctx *c, const gr_octal_table *t, const char *ptr)
{
    return gr_json_error(
        c, GR_ELIMIT, ptr,
        "the periodicity of this game was not confirmed (Guy-Smith) "
        "within %llu values%s, so only heaps below %llu can be answered",
        (unsigned long long)t->computed,
        t->timed_out ? " (the table stopped at the analysis time limit, --max-analysis-seconds)"
                     : "",
        (unsigned long long)t->computed);
}

static gr_status octal_beyond(gr_jctx *c, const void *t, const char *ptr)
{
    return gr_json_octal_unconfirmed(c, t, ptr);
}

static gr_status sub_beyond(gr_jctx *c, const void *t, const char *ptr)
{
    const gr_sub_table *st = t;
    return gr_json_error(c, GR_ELIMIT, ptr,
                         "no period of this subtraction set was found within %llu "
                         "values (the search stops at %u values or %llu option "
                         "look-ups), so only piles below %llu can be answered",
                         (unsigned long long)st->computed, GR_SUB_MAX_VALUES,
                         (unsigned long long)GR_SUB_MAX_WORK, (unsigned long long)st->computed);
}

/* The answer of a position's reading (st from gr_*_pos_init): a heap the
 * table cannot answer is beyond()'s 422 at its index under hp. */
static gr_status heaps_read(gr_jctx *c, gr_status st, const void *t,
                            gr_status (*beyond)(gr_jctx *, const void *, const char *),
                            const char *hp, size_t bad)
{
    if (st == GR_ELIMIT) {
        return beyond(c, t, gr_jp_idx(c, hp, bad));
    }
    return st == GR_OK ? GR_OK : gr_json_oom(c);
}

gr_status gr_json_octal_heaps(gr_jctx *c, const gr_octal_table *t, const uint64_t *heaps, size_t n,
                              const char *hp, gr_heap_pos *pos)
{
    size_t bad = 0;
    gr_status st = gr_octal_pos_init(c->arena, t, heaps, n, pos, &bad);
    return heaps_read(c, st, t, octal_beyond, hp, bad);
}

gr_status gr_json_sub_heaps(gr_jctx *c, const gr_sub_table *t, const uint64_t *piles, size_t n,
                            const char *pp, gr_heap_pos *pos)
{
    size_t bad = 0;
    gr_status st = gr_sub_pos_init(c->arena, t, piles, n, pos, &bad);
    return heaps_read(c, st, t, sub_beyond, pp, bad);
}

gr_status gr_json_octal_values(gr_jctx *c, const gr_octal_table *t, uint64_t from, uint64_t count,
                               const char *ptr, cJSON **out)
{
    if (count > 0 && !t->periodic && from + count > t->computed) {
        return gr_json_octal_unconfirmed(c, t, ptr);
    }
    return values_array(c, t, octal_at, from, count, out);
}

gr_status gr_json_sub_values(gr_jctx *c, const gr_sub_table *t, uint64_t from, uint64_t count,
                             const char *ptr, cJSON **out)
{
    if (count > 0 && !t->periodic && from + count > t->computed) {
        return gr_json_error(c, GR_ELIMIT, ptr,
                             "no period of this subtraction set was found within %llu "
                             "values, so only piles below %llu can be answered",
                             (unsigned long long)t->computed, (unsigned long long)t->computed);
    }
    return values_array(c, t, sub_at, from, count, out);
}
