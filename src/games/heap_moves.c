/*
 * The heap games' moves as the records every family hands over
 * (heap_moves.h).
 */
#include "games/heap_moves.h"

gr_status gr_json_heap_moves(gr_jctx *c, const gr_heap_moves *moves, gr_heap_rec_fn *rec,
                             gr_move_list *list)
{
    list->count += moves->count;
    for (size_t k = 0; k < moves->listed; k++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            return gr_json_oom(c);
        }
        rec(&e->move, &moves->item[k]);
        e->after.kind = GR_VALUE_FINITE;
        e->after.n = moves->item[k].after;
    }
    return GR_OK;
}
