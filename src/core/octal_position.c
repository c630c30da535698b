/*
 * Positions of octal games (grundy/heap_position.h): heap values from the
 * table, winning moves heap by heap, every move with its value.
 *
 * A heap's moves come from the table (gr_octal_moves_to): splits of huge
 * heaps through the period, so a count such as "every way to split 2^62
 * tokens" is exact without enumerating them.  What this file adds is the
 * position: the target of each heap, the order, memos for repeated heaps
 * and the bounds of a listing of every move.
 */
#include <string.h>

#include "grundy/heap_position.h"
#include "heap_position_internal.h"

static gr_status octal_at(const void *t, uint64_t h, uint64_t *g)
{
    return gr_octal_grundy(t, h, g);
}

gr_status gr_octal_pos_init(gr_arena *arena, const gr_octal_table *t, const uint64_t *heaps,
                            size_t n, gr_heap_pos *out, size_t *bad)
{
    return gr_heap_pos_fill(arena, t, octal_at, heaps, n, out, bad);
}

/* Counts per heap size below the table, UINT64_MAX = not yet known, for
 * the heaps of this position only: *n is one past the largest of them
 * below the table (a table of 2^25 values need not cost 256 MiB of memo
 * for heaps of 3 and 4).  NULL: out of memory. */
static uint64_t *heap_memo(gr_arena *arena, const gr_octal_table *t, const gr_heap_pos *p,
                           uint64_t *n)
{
    uint64_t top = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (p->heaps[i] < t->computed && p->heaps[i] + 1 > top) {
            top = p->heaps[i] + 1;
        }
    }
    uint64_t *memo = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, top + 1);
    if (memo != NULL) {
        memset(memo, 0xff, top * sizeof(uint64_t));
    }
    *n = top;
    return memo;
}

static void octal_record(gr_heap_move *r, const gr_heap_pos *p, size_t i, const gr_octal_move *m,
                         uint64_t after)
{
    memset(r, 0, sizeof(*r)); /* no stale padding: records compare byte for byte */
    r->heap = i;
    r->from = p->heaps[i];
    r->take = m->take;
    r->nleaves = m->nleaves;
    /* only the leaves there are: the table leaves the rest unset */
    for (uint32_t k = 0; k < m->nleaves && k < 3; k++) {
        r->leaves[k] = m->leaves[k];
    }
    r->after = after;
}

gr_status gr_octal_pos_moves_to(gr_octal_table *t, const gr_heap_pos *p, uint64_t target,
                                bool count_all, gr_heap_moves *list, uint64_t *count,
                                gr_heap_limit *limit)
{
    *count = 0;
    *limit = GR_HEAP_LIMIT_NONE;
    uint64_t x = p->value ^ target;
    if (x == 0) {
        return GR_OK; /* a heap never moves to its own value (mex) */
    }
    uint64_t max = list->room - list->listed;
    gr_octal_move *buf = GR_ARENA_ARRAY_UNINIT(list->arena, gr_octal_move, max + 1);
    if (buf == NULL) {
        return GR_ENOMEM;
    }
    /* The target of a heap depends only on the heap (g_i ^ x), so when
     * every move of many heaps is counted, repeated heaps are counted
     * once.  (Huge heaps are cheap already: the table counts their
     * splits from a per-residue cache.) */
    uint64_t *memo = NULL, memo_n = 0;
    if (count_all && p->n > 64 && (memo = heap_memo(list->arena, t, p, &memo_n)) == NULL) {
        return GR_ENOMEM;
    }
    uint64_t got = 0, total = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (!count_all && total >= 1 && got >= max) {
            break;
        }
        uint64_t h = p->heaps[i];
        bool memoised = memo != NULL && got >= max && h < memo_n;
        if (memoised && memo[h] != UINT64_MAX) {
            total = gr_heap_add_sat(total, memo[h]);
            continue;
        }
        uint64_t n;
        gr_status st =
            gr_octal_moves_to(t, h, p->grundy[i] ^ x, count_all, buf, (size_t)(max - got), &n);
        if (st == GR_ELIMIT) {
            *limit = GR_HEAP_LIMIT_WORK;
            return st;
        }
        if (st != GR_OK) {
            return GR_EINTERNAL; /* every heap has a value (gr_octal_pos_init) */
        }
        if (memoised) {
            memo[h] = n;
        }
        for (uint64_t k = 0; k < n && got < max; k++, got++) {
            gr_heap_move *r = gr_heap_moves_add(list, &st);
            if (r == NULL) {
                return st;
            }
            octal_record(r, p, i, &buf[k], target);
        }
        total = gr_heap_add_sat(total, n);
    }
    *count = total;
    return GR_OK;
}

/* The bits of the table's values: every option of a heap is an XOR of
 * table values, so below 2^bits. */
static uint64_t option_values(const gr_octal_table *t)
{
    unsigned bits = 0;
    while (bits < 17 && (t->max_value >> bits) != 0) {
        bits++;
    }
    return 1ull << bits;
}

/* Heap i's moves to value `target` (n of them): the first that fit in
 * list's room, listed through buf (grown in the arena). */
static gr_status list_heap_target(gr_octal_table *t, const gr_heap_pos *p, size_t i,
                                  uint64_t target, uint64_t n, gr_heap_moves *list,
                                  gr_octal_move **buf, size_t *bufcap)
{
    uint64_t room = list->room - list->listed;
    if (n == 0 || room == 0) {
        return GR_OK;
    }
    size_t want = (size_t)(n < room ? n : room);
    if (want > *bufcap) {
        gr_octal_move *nb =
            gr_arena_realloc(list->arena, *buf, *bufcap * sizeof(**buf), want * sizeof(**buf));
        if (nb == NULL) {
            return GR_ENOMEM;
        }
        *buf = nb;
        *bufcap = want;
    }
    gr_status st = gr_octal_moves_to(t, p->heaps[i], target, false, *buf, want, &n);
    if (st != GR_OK) {
        return st;
    }
    uint64_t after = p->value ^ p->grundy[i] ^ target;
    for (size_t k = 0; k < want; k++) {
        gr_heap_move *r = gr_heap_moves_add(list, &st);
        if (r == NULL) {
            return st;
        }
        octal_record(r, p, i, &(*buf)[k], after);
    }
    return GR_OK;
}

gr_status gr_octal_pos_moves_all(gr_octal_table *t, const gr_heap_pos *p, gr_heap_moves *list,
                                 gr_heap_limit *limit)
{
    *limit = GR_HEAP_LIMIT_NONE;
    const uint64_t targets = option_values(t);
    uint64_t *memo = NULL, memo_n = 0; /* all moves of heap h < memo_n */
    if (p->n > 1 && (memo = heap_memo(list->arena, t, p, &memo_n)) == NULL) {
        return GR_ENOMEM;
    }
    uint64_t calls = 0;
    gr_octal_move *buf = NULL;
    size_t bufcap = 0;
    for (size_t i = 0; i < p->n; i++) {
        uint64_t h = p->heaps[i];
        bool listing = list->listed < list->room;
        if (!listing && memo != NULL && h < memo_n && memo[h] != UINT64_MAX) {
            list->count += memo[h];
            continue;
        }
        uint64_t all = 0;
        for (uint64_t target = 0; target < targets; target++) {
            if (++calls > GR_HEAP_MAX_ALL_SEARCHES) {
                *limit = GR_HEAP_LIMIT_SEARCHES;
                return GR_ELIMIT;
            }
            if ((calls & 4095u) == 0) {
                gr_status cs = gr_arena_check(list->arena);
                if (cs != GR_OK) {
                    return cs;
                }
            }
            uint64_t n = 0;
            gr_status st = gr_octal_moves_to(t, h, target, true, NULL, 0, &n);
            if (st == GR_OK) {
                all = gr_heap_add_sat(all, n);
                st = list_heap_target(t, p, i, target, n, list, &buf, &bufcap);
            }
            if (st != GR_OK) {
                *limit = st == GR_ELIMIT ? GR_HEAP_LIMIT_WORK : GR_HEAP_LIMIT_NONE;
                return st == GR_ELIMIT || st == GR_ENOMEM ? st : GR_EINTERNAL;
            }
        }
        if (memo != NULL && h < memo_n) {
            memo[h] = all;
        }
        list->count += all;
    }
    return GR_OK;
}
