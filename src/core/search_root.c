/*
 * The root position of a game solved by search: its value and its moves,
 * written once for Node Kayles, Cram and Chomp (gr_search_root in
 * include/grundy/search.h, gr_search_top in search_internal.h).
 *
 * The root is a few parts whose values XOR (Sprague-Grundy), and a move
 * changes one part only.  So the value searches each part once and keeps
 * the parts' values; a move in part t is then worth (what it leaves of t)
 * XOR (the value of every other part) = after XOR others, where others =
 * total XOR value(t).  For a winning move the question to the engine is
 * therefore "is what it leaves worth target XOR others?", which the engine
 * prunes hard (gr_search_sum with want >= 0, Beling-Rogalski).
 *
 * The game lists its candidate moves by number through callbacks.  They
 * run once per candidate at the top level, not in the engine's node loop,
 * so the indirection costs nothing measurable; the engine's hot path
 * (src/core/search.c) is untouched.
 */
#include "core/search_internal.h"

#include <string.h>

gr_status gr_search_root_init(gr_search_root *r, gr_arena *arena, const gr_search_game *game,
                              const gr_search_opts *opts, const gr_search_top *top, size_t nparts,
                              size_t ncands)
{
    *r = (gr_search_root){.top = top, .ctx = game->ctx, .nparts = nparts, .ncands = ncands};
    r->part_value = GR_ARENA_ARRAY(arena, unsigned, nparts + 1);
    if (r->part_value == NULL) {
        return GR_ENOMEM;
    }
    return gr_search_create(arena, game, opts, &r->search);
}

gr_status gr_search_value(gr_search_root *r, unsigned *value)
{
    if (!r->solved) {
        unsigned x = 0;
        for (size_t t = 0; t < r->nparts; t++) {
            gr_search_rest rest;
            r->top->part(r->ctx, t, &rest);
            int v;
            gr_status st = gr_search_sum(r->search, rest.key, rest.n, rest.extra, -1, &v);
            if (st != GR_OK) {
                return st;
            }
            r->part_value[t] = (unsigned)v;
            x ^= (unsigned)v;
        }
        r->value = x;
        r->solved = true;
    }
    *value = r->value;
    return GR_OK;
}

gr_status gr_search_moves(gr_search_root *r, int target, void *out, size_t max, bool count_all,
                          size_t *count)
{
    unsigned total;
    gr_status st = gr_search_value(r, &total);
    if (st != GR_OK) {
        return st;
    }
    *count = 0;
    for (size_t i = 0; i < r->ncands; i++) {
        if (!count_all && *count >= max && *count > 0) {
            return GR_OK;
        }
        size_t part;
        gr_search_rest rest;
        if (!r->top->candidate(r->ctx, i, &part, &rest)) {
            continue;
        }
        unsigned others = total ^ r->part_value[part];
        int want = target < 0 ? -1 : target ^ (int)others, after;
        st = gr_search_sum(r->search, rest.key, rest.n, rest.extra, want, &after);
        if (st != GR_OK) {
            return st;
        }
        if (after == GR_SEARCH_OTHER) {
            continue;
        }
        if (*count < max) {
            void *move = (char *)out + *count * r->top->move_size;
            r->top->write(r->ctx, i, (unsigned)after ^ others, move);
        }
        (*count)++;
    }
    return GR_OK;
}

size_t gr_search_move_size(const gr_search_root *r)
{
    return r->top->move_size;
}

unsigned gr_search_move_grundy(const gr_search_root *r, const void *move)
{
    unsigned v;
    memcpy(&v, (const char *)move + r->top->grundy_offset, sizeof(v));
    return v;
}

void gr_search_root_stats(const gr_search_root *r, gr_search_stats *out)
{
    gr_search_get_stats(r->search, out);
}
