/*
 * A search's table of values by position (cgt_memo.h).
 */
#include "core/cgt_memo.h"

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
        size_t cap = m->cap == 0 ? 1024 : 2 * m->cap;
        gr_cgt_memo_entry *tab = GR_ARENA_ARRAY(arena, gr_cgt_memo_entry, cap);
        if (tab == NULL) {
            return GR_ENOMEM;
        }
        for (size_t i = 0; i < m->cap; i++) {
            if (m->tab[i].used) {
                gr_cgt_memo_place(tab, cap, m->tab[i]);
            }
        }
        if (m->tab != NULL) {
            gr_arena_free(arena, m->tab, m->cap * sizeof(*m->tab));
        }
        m->tab = tab;
        m->cap = cap;
    }
    gr_cgt_memo_place(m->tab, m->cap, (gr_cgt_memo_entry){bits, val, (uint8_t)tag, 1});
    m->used++;
    return GR_OK;
}
