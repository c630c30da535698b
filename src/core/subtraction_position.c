/*
 * Positions of subtraction games (grundy/heap_position.h).
 *
 * A pile has at most |S| options, and for a finite set the options of a
 * pile depend only on its reduced pile (gr_sub_reduce, below the table's
 * length), so when every move must be counted over many piles the counts
 * are memoised per reduced pile: the whole count then costs at most
 * (table length) * |S|, which the table already bounded when it was
 * built.
 */
#include <string.h>

#include "grundy/heap_position.h"
#include "heap_position_internal.h"

static gr_status sub_at(const void *t, uint64_t n, uint64_t *g)
{
    return gr_sub_grundy(t, n, g);
}

gr_status gr_sub_pos_init(gr_arena *arena, const gr_sub_table *t, const uint64_t *piles, size_t n,
                          gr_heap_pos *out, size_t *bad)
{
    return gr_heap_pos_fill(arena, t, sub_at, piles, n, out, bad);
}

static void sub_record(gr_heap_move *r, const gr_heap_pos *p, size_t i, uint64_t take,
                       uint64_t after)
{
    memset(r, 0, sizeof(*r));
    r->heap = i;
    r->from = p->heaps[i];
    r->take = take;
    r->nleaves = 1;
    r->leaves[0] = p->heaps[i] - take;
    r->after = after;
}

gr_status gr_sub_pos_moves_to(const gr_sub_table *t, const gr_heap_pos *p, uint64_t target,
                              bool count_all, gr_heap_moves *list, uint64_t *count)
{
    *count = 0;
    uint64_t x = p->value ^ target; /* each pile must change by x */
    if (x == 0) {
        return GR_OK; /* a pile never moves to its own value (mex) */
    }
    uint64_t max = list->room - list->listed;
    size_t per_pile = t->max_take > 0 ? 1 : t->set_len;
    uint64_t *takes = GR_ARENA_ARRAY_UNINIT(list->arena, uint64_t, per_pile + 1);
    if (takes == NULL) {
        return GR_ENOMEM;
    }
    /* Counts per reduced pile, UINT32_MAX = not yet known; only worth it
     * when many piles each cost |S|.  A pile known to have no move is
     * skipped even while moves are still listed (finding the first winning
     * move among many piles costs no more than counting them all). */
    uint32_t *memo = NULL;
    if (t->max_take == 0 && p->n > 64 && (uint64_t)p->n * per_pile > (1u << 20)) {
        memo = GR_ARENA_ARRAY_UNINIT(list->arena, uint32_t, t->computed);
        if (memo == NULL) {
            return GR_ENOMEM;
        }
        memset(memo, 0xff, t->computed * sizeof(uint32_t));
    }
    uint64_t got = 0, total = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (!count_all && total >= 1 && got >= max) {
            break;
        }
        uint64_t want = p->grundy[i] ^ x;
        uint64_t reduced = 0;
        if (memo != NULL) {
            gr_sub_reduce(t, p->heaps[i], &reduced);
            if (memo[reduced] == 0 || (memo[reduced] != UINT32_MAX && got >= max)) {
                total += memo[reduced];
                continue;
            }
        }
        size_t n;
        if (gr_sub_moves_to(t, p->heaps[i], want, takes, per_pile, &n) != GR_OK) {
            return GR_EINTERNAL; /* every pile has a value (gr_sub_pos_init) */
        }
        if (memo != NULL) {
            memo[reduced] = (uint32_t)n;
        }
        for (size_t k = 0; k < n && got < max; k++, got++) {
            gr_status st = GR_OK;
            gr_heap_move *r = gr_heap_moves_add(list, &st);
            if (r == NULL) {
                return st;
            }
            sub_record(r, p, i, takes[k], target);
        }
        total += n; /* at most |S| a pile: no overflow */
    }
    *count = total;
    return GR_OK;
}

/* The takes of set S up to n: how many elements of S are <= n. */
static uint64_t set_options(const gr_sub_table *t, uint64_t n)
{
    size_t lo = 0, hi = t->set_len; /* elements <= n: [0, lo) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->set[mid] <= n) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

gr_status gr_sub_pos_moves_all(const gr_sub_table *t, const gr_heap_pos *p, gr_heap_moves *list)
{
    for (size_t i = 0; i < p->n; i++) {
        uint64_t n = p->heaps[i];
        uint64_t options =
            t->max_take > 0 ? (n < t->max_take ? n : t->max_take) : set_options(t, n);
        list->count += options;
        for (uint64_t k = 0; k < options && list->listed < list->room; k++) {
            uint64_t take = t->max_take > 0 ? k + 1 : t->set[k];
            uint64_t after;
            if (gr_sub_grundy(t, n - take, &after) != GR_OK) {
                return GR_EINTERNAL;
            }
            gr_status st = GR_OK;
            gr_heap_move *r = gr_heap_moves_add(list, &st);
            if (r == NULL) {
                return st;
            }
            sub_record(r, p, i, take, p->value ^ p->grundy[i] ^ after);
        }
    }
    return GR_OK;
}
