/*
 * A search's table of values by position (cgt_memo.h).
 */
#include "core/cgt_memo.h"

#include <string.h>

#include "core/probe.h"

static void gr_cgt_memo_place(gr_cgt_memo_entry *tab, size_t cap, gr_cgt_memo_entry e)
{
    size_t i = gr_cgt_memo_hash(e.bits, e.tag) & (cap - 1);
    while (tab[i].used) {
        i = (i + 1) & (cap - 1);
    }
    tab[i] = e;
}

static uint64_t gr_cgt_memo_slot_hash(const void *slot)
{
    const gr_cgt_memo_entry *e = slot;
    return gr_cgt_memo_hash(e->bits, e->tag);
}

gr_status gr_cgt_memo_put(gr_arena *arena, gr_cgt_memo *m, uint64_t bits, unsigned tag, gr_cgt val)
{
    if (2 * (m->used + 1) > m->cap) {
        void *tab = m->tab;
        gr_status st = gr_probe_double(arena, &tab, &m->cap, sizeof(*m->tab),
                                       offsetof(gr_cgt_memo_entry, used), gr_cgt_memo_slot_hash);
        if (st != GR_OK) {
            return st;
        }
        m->tab = tab;
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
