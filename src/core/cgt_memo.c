/*
 * A search's table of values by position (cgt_memo.h).
 */
#include "core/cgt_memo.h"

#include <string.h>

#include "core/huge_pages.h"

static void gr_cgt_memo_place(gr_cgt_memo_entry *tab, size_t cap, gr_cgt_memo_entry e)
{
    size_t i = gr_cgt_memo_hash(e.bits, e.tag) & (cap - 1);
    while (tab[i].used) {
        i = (i + 1) & (cap - 1);
    }
    tab[i] = e;
}

gr_status gr_cgt_memo_put(gr_arena *arena, gr_cgt_memo *m, uint64_t bits, unsigned tag, gr_cgt val)
{
    if (2 * (m->used + 1) > m->cap) {
        /* doubled here rather than by gr_probe_double: huge pages are
         * asked before the first touch (the table is read at random; with
         * 4 KiB pages most reads past a few MB also miss the TLB) */
        size_t ncap = m->cap == 0 ? 1024 : 2 * m->cap;
        gr_cgt_memo_entry *tab = GR_ARENA_ARRAY_UNINIT(arena, gr_cgt_memo_entry, ncap);
        if (tab == NULL) {
            return GR_ENOMEM;
        }
        gr_huge_pages(tab, ncap * sizeof(*tab));
        memset(tab, 0, ncap * sizeof(*tab));
        for (size_t i = 0; i < m->cap; i++) {
            if (m->tab[i].used) {
                gr_cgt_memo_place(tab, ncap, m->tab[i]);
            }
        }
        if (m->tab != NULL) {
            gr_arena_free(arena, m->tab, m->cap * sizeof(*m->tab));
        }
        m->tab = tab;
        m->cap = ncap;
    }
    gr_cgt_memo_place(m->tab, m->cap, (gr_cgt_memo_entry){bits, val, (uint8_t)tag, 1});
    m->used++;
    return GR_OK;
}

gr_status gr_cgt_memo_push(gr_arena *arena, gr_cgt_memo *m, uint64_t bits, unsigned tag)
{
    if (m->sn == m->scap) {
        gr_cgt_memo_pos *s = gr_arena_grow(arena, m->stack, &m->scap, m->sn + 1, sizeof(*s), 256);
        if (s == NULL) {
            return GR_ENOMEM;
        }
        m->stack = s;
    }
    m->stack[m->sn++] = (gr_cgt_memo_pos){bits, tag};
    return GR_OK;
}

gr_status gr_cgt_memo_aux_push(gr_arena *arena, gr_cgt_memo *m, const uint64_t *w, size_t n)
{
    if (m->an + n > m->acap) {
        uint64_t *a = gr_arena_grow(arena, m->aux, &m->acap, m->an + n, sizeof(*a), 1024);
        if (a == NULL) {
            return GR_ENOMEM;
        }
        m->aux = a;
    }
    memcpy(m->aux + m->an, w, n * sizeof(*w));
    m->an += n;
    return GR_OK;
}

gr_status gr_cgt_memo_drain(gr_cgt_memo *m, size_t base, gr_cgt_memo_expand expand, void *ctx)
{
    size_t abase = m->an;
    while (m->sn > base) {
        gr_cgt_memo_pos top = m->stack[m->sn - 1];
        gr_cgt v;
        if (gr_cgt_memo_get(m, top.bits, top.tag, &v)) {
            m->sn--;
            continue;
        }
        bool pending;
        gr_status st = expand(ctx, top.bits, top.tag, &pending);
        if (st != GR_OK) {
            m->sn = base;
            m->an = abase;
            return st;
        }
        if (!pending) {
            /* nothing was pushed: the top is still `top` */
            m->sn--;
        }
    }
    return GR_OK;
}
