/* The heap games' moves (grundy/heap_position.h) handed to the JSON
 * layer's move lists, for json/octal.c and json/subtraction.c. */
#ifndef GR_JSON_HEAP_MOVES_H
#define GR_JSON_HEAP_MOVES_H

#include "grundy/heap_position.h"
#include "json/gr_json.h"

/* One heap move as the family's record (its move shape's members). */
typedef void gr_heap_rec_fn(gr_move *out, const gr_heap_move *m);

/* Appends moves' records to list, each with the component's value after
 * it, and adds moves->count to list->count; GR_OK or the 413. */
gr_status gr_json_heap_moves(gr_jctx *c, const gr_heap_moves *moves, gr_heap_rec_fn *rec,
                             gr_move_list *list);

#endif
