/*
 * A forecast of the ruleset engine's cost (gr_pg_estimate,
 * include/grundy/pgame.h), in the search's own unit, so that a request
 * that clearly cannot finish is refused after a small fraction of its
 * budget instead of holding a worker to the time limit (issue 37 item 5).
 *
 * The value search expands every distinct normalised region reachable
 * from the position (each at least once, at most twice), so its cost is
 * the size of that set.  The probe enumerates the set breadth-first,
 * hashing the regions only (no values, no canonical forms), level by
 * level (level k: first met after k moves), until it has expanded `probe`
 * regions.  When it runs out of regions first, the set is known exactly.
 * Otherwise the levels grow by a ratio that falls as the regions get
 * smaller: the forecast carries the last complete level on by that ratio,
 * shrunk each level by the measured decay of the ratio, while it stays
 * above 1, and stops there (the shrinking tail is left out: an
 * under-statement, the safe side).  Calibrated per game on random boards
 * (bench/RESULTS.md, "Ruleset forecast"); the caller refuses only past a
 * wide margin.  Everything is counted in regions, never read from a
 * clock: the same on every machine.
 */
#include <math.h>
#include <string.h>

#include "core/pgame_internal.h"

/* A region may have hundreds of moves (Amazons), each of whose regions
 * is normalised and hashed: the probe also stops after this many regions
 * met (its time) and this many distinct ones kept (its memory) per
 * region it may expand. */
#define GR_PG_EST_MET_PER_PROBE 4u
#define GR_PG_EST_FOUND_PER_PROBE 4u

typedef struct gr_pg_bfs gr_pg_bfs;
typedef struct gr_pg_bfs_sink {
    gr_pg_sink sink;
    gr_pg_bfs *b;
} gr_pg_bfs_sink;

struct gr_pg_bfs {
    gr_pg *g;
    gr_arena *scratch; /* the probe's own: destroyed after it */
    gr_pg_bfs_sink region, after;
    gr_pg_table seen;
    gr_pg_stack next; /* the level being found */
    uint64_t met, max_met, max_found, found;
};

/* One region: a new one joins the next level.  The table holds the
 * normalised regions and, as in the value search, the regions met as they
 * stand (equal bytes, equal region), so a region met again is not
 * normalised again; `found` counts the normalised ones. */
static gr_status gr_pg_bfs_region(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                                  const gr_pg_move *move)
{
    (void)move;
    gr_pg_bfs *b = ((gr_pg_bfs_sink *)sink)->b;
    gr_pg *g = b->g;
    size_t n;
    bool neg;
    uint32_t v;
    if (++b->met > b->max_met || b->seen.used >= b->max_found) {
        return GR_ELIMIT; /* the probe's end, not a failure */
    }
    if (gr_pg_table_get(&b->seen, pos, len, &v)) {
        return GR_OK;
    }
    gr_status st = gr_pg_normalise(g, pos, len, &n, &neg);
    if (st != GR_OK) {
        return st;
    }
    bool known = gr_pg_table_get(&b->seen, g->norm, n, &v);
    if (!known && ((st = gr_pg_table_put(b->scratch, &b->seen, g->norm, n, 1)) != GR_OK ||
                   (st = gr_pg_stack_push(b->scratch, &b->next, g->norm, n)) != GR_OK)) {
        return st;
    }
    b->found += known ? 0 : 1;
    /* the region as it stands, when it is not its own normal form */
    return n == len && memcmp(pos, g->norm, n) == 0
               ? GR_OK
               : gr_pg_table_put(b->scratch, &b->seen, pos, len, 0);
}

/* A position (after a move, or the root): its regions. */
static gr_status gr_pg_bfs_after(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                                 const gr_pg_move *move)
{
    (void)move;
    gr_pg_bfs *b = ((gr_pg_bfs_sink *)sink)->b;
    gr_pg *g = b->g;
    if (g->rules->split == NULL) {
        return gr_pg_bfs_region(&b->region.sink, pos, len, NULL);
    }
    return g->rules->split(g->ctx, pos, len, &b->region.sink);
}

/* The forecast from the complete levels' sizes lv[0 .. k] and the
 * regions found so far.  The log of a level's size is taken as concave
 * in the depth (as a binomial's: few regions near the start and near the
 * end, most halfway): the log of the growth ratio falls by the same step
 * each level, that step measured from the largest of the last
 * GR_PG_EST_FIT ratios to the last (at least GR_PG_EST_MIN_STEP, so a
 * ratio still rising is taken to fall),
 * and the levels are carried on until the ratio reaches 1 -- the peak,
 * which comes by half the position's bytes at the latest.
 * The levels past the peak are left out: an under-statement. */
static uint64_t gr_pg_extrapolate(const uint64_t *lv, size_t k, uint64_t found, size_t len)
{
    double total = 0;
    for (size_t i = 0; i <= k; i++) {
        total += (double)lv[i]; /* the next level's part found is left out */
    }
    size_t first = k > GR_PG_EST_FIT ? k - GR_PG_EST_FIT : 0;
    while (first < k && lv[first] == 0) {
        first++;
    }
    if (k < GR_PG_EST_MIN_LEVELS || k < first + 2 || lv[k] == 0) {
        return found; /* too few ratios measured: only what is known */
    }
    /* the ratios' logs in the window: their fall per level from the
     * largest (the growth may first rise: the first moves are few) */
    size_t top = first + 1;
    for (size_t j = first + 2; j <= k; j++) {
        top = lv[j] * lv[top - 1] > lv[top] * lv[j - 1] ? j : top;
    }
    double rho = log((double)lv[k] / (double)lv[k - 1]);
    double rho_top = log((double)lv[top] / (double)lv[top - 1]);
    double step = top < k ? (rho_top - rho) / (double)(k - top) : 0;
    /* the peak comes by half the depth, and a position of the eight
     * rulesets but Toads and Frogs lasts at most one move a byte (each
     * move takes or fills a cell, a vertex, a domino): at the latest
     * there (for Toads and Frogs an under-statement) */
    size_t peak = len / 2 > k + 1 ? len / 2 : k + 1;
    double by_depth = rho / (double)(peak - k);
    step = step < by_depth ? by_depth : step;
    step = step < GR_PG_EST_MIN_STEP ? GR_PG_EST_MIN_STEP : step;
    double level = (double)lv[k];
    for (rho -= step; rho > 0 && total < 1e18; rho -= step) {
        level *= exp(rho);
        total += level;
    }
    total = total > (double)found ? total : (double)found;
    return total >= 1e18 ? (uint64_t)1e18 : (uint64_t)total;
}

gr_status gr_pg_estimate(gr_pg *g, const uint8_t *pos, size_t len, uint64_t probe,
                         gr_pg_forecast *out)
{
    memset(out, 0, sizeof(*out));
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    /* the probe's tables in an arena of their own, within what the
     * request's has left, given back before the search goes on (an arena
     * frees only its last allocation) */
    gr_arena *a = g->vs.arena;
    size_t budget = gr_arena_budget(a), used = gr_arena_bytes(a);
    if (budget != 0 && used >= budget) {
        return GR_OK; /* no room for a probe: no forecast (nodes 0) */
    }
    gr_pg_bfs b = {.g = g,
                   .scratch = gr_arena_create(budget != 0 ? budget - used : 0),
                   .max_met = probe * GR_PG_EST_MET_PER_PROBE + 1,
                   .max_found = probe * GR_PG_EST_FOUND_PER_PROBE + 1};
    if (b.scratch == NULL) {
        return GR_OK;
    }
    gr_arena_set_stop(b.scratch, gr_arena_stop(a));
    b.region = (gr_pg_bfs_sink){{gr_pg_bfs_region}, &b};
    b.after = (gr_pg_bfs_sink){{gr_pg_bfs_after}, &b};
    gr_pg_stack cur = {0};
    uint64_t lv[GR_PG_EST_LEVELS] = {0}, expanded = 0;
    size_t k = 0;
    gr_status st = gr_pg_bfs_after(&b.after.sink, pos, len, NULL);
    bool complete = false;
    while (st == GR_OK) {
        lv[k] = b.next.n;
        if (b.next.n == 0) {
            complete = true;
            break;
        }
        gr_pg_stack t = cur;
        cur = b.next;
        b.next = t;
        gr_pg_stack_cut(&b.next, 0);
        for (size_t i = 0; i < cur.n && st == GR_OK; i++) {
            if (++expanded > probe) {
                st = GR_ELIMIT;
                break;
            }
            if (expanded % GR_SEARCH_CHECK_EVERY == 0 &&
                (st = gr_arena_check(g->vs.arena)) != GR_OK) {
                break;
            }
            size_t start = i > 0 ? cur.ends[i - 1] : 0, n = cur.ends[i] - start;
            memcpy(g->cur, cur.bytes + start, n);
            for (int side = 0; side < 2 && st == GR_OK; side++) {
                st = g->rules->moves(g->ctx, g->cur, n, (gr_pg_side)side, &b.after.sink);
            }
        }
        if (st == GR_OK && ++k == GR_PG_EST_LEVELS) {
            st = GR_ELIMIT; /* deeper than the levels kept: forecast from them */
            k--;
        }
    }
    out->found = b.found;
    out->expanded = expanded > probe ? probe : expanded;
    out->levels = (unsigned)k;
    out->complete = complete;
    gr_arena_destroy(b.scratch);
    /* the probe's end: its count, its levels, or its memory */
    if (st != GR_OK && st != GR_ELIMIT && st != GR_ENOMEM) {
        return st;
    }
    /* lv[k] is the level being expanded when the probe ended: complete
     * in its regions, not in its children */
    out->nodes = complete ? b.found : gr_pg_extrapolate(lv, k, b.found, len);
    return GR_OK;
}
