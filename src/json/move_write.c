/*
 * The one writer of moves (gr_jw_move): every family's move records
 * (grundy/move.h) are written here, named by the family's move shape, so
 * an endpoint's winning moves, its all_moves list and a sum's components'
 * moves are all written from the same records.
 */
#include "json/gr_json.h"

static cJSON *gr_jw_pair(gr_jctx *c, uint64_t a, uint64_t b)
{
    cJSON *p = gr_jw_arr(c);
    gr_jw_push(c, p, gr_jw_u64(c, a));
    gr_jw_push(c, p, gr_jw_u64(c, b));
    return p;
}

cJSON *gr_jw_move(gr_jctx *c, const gr_move_shape *shape, const gr_move *m)
{
    cJSON *o = gr_jw_obj(c);
    if (shape->text_key != NULL && m->text != NULL) {
        gr_jw_set(c, o, shape->text_key, gr_jw_str(c, m->text));
    }
    for (size_t i = 0; i < GR_MOVE_NUMS && shape->num_key[i] != NULL; i++) {
        gr_jw_set(c, o, shape->num_key[i], gr_jw_u64(c, m->num[i]));
    }
    if (shape->list_key != NULL) {
        cJSON *l = gr_jw_arr(c);
        uint32_t n = m->nlist < GR_MOVE_LIST ? m->nlist : GR_MOVE_LIST;
        for (uint32_t i = 0; i < n; i += shape->list_pairs ? 2 : 1) {
            gr_jw_push(c, l,
                       shape->list_pairs ? gr_jw_pair(c, m->list[i], m->list[i + 1])
                                         : gr_jw_u64(c, m->list[i]));
        }
        gr_jw_set(c, o, shape->list_key, l);
    }
    if (shape->raw_key != NULL && m->raw != NULL) {
        gr_jw_set(c, o, shape->raw_key, gr_jw_raw_ref(c, m->raw));
    }
    return o;
}

cJSON *gr_jw_move_list(gr_jctx *c, const gr_move_shape *shape, const gr_move_list *list)
{
    cJSON *arr = gr_jw_arr(c);
    for (uint64_t i = 0; i < list->listed && arr != NULL; i++) {
        gr_jw_push(c, arr, gr_jw_move(c, shape, &list->item[i].move));
    }
    return arr;
}
