/*
 * Domineering's values (include/grundy/domineering.h).
 *
 * A region's value is {values after Left's moves | values after Right's
 * moves}, each option being the sum of the regions the move leaves.  The
 * search keeps a table from region keys (domineering_internal.h) to
 * canonical values and a work stack of keys still to value: the top key
 * is expanded; when an option's region has no value yet it is pushed and
 * the key stays on the stack, to be expanded again once those are done
 * (LIFO order guarantees they are, so a key is expanded at most twice).
 * No recursion: the stack lives in the arena.
 */
#include <string.h>

#include "core/domineering_internal.h"
#include "core/domineering_search.h"
#include "core/search_budget.h"

gr_status gr_dom_split_value(gr_dom *g, uint64_t bits, unsigned w, gr_cgt *out, gr_dom_key *missing,
                             size_t *nmissing)
{
    gr_cgt sum = gr_cgt_zero(g->vs.store);
    size_t nm = 0;
    gr_status st;
    for (uint64_t comp; (comp = gr_dom_next_live_region(&bits, w)) != 0;) {
        gr_dom_key k = gr_dom_key_of(comp, w);
        gr_cgt v;
        if (!gr_cgt_memo_get(&g->memo, k.bits, k.w, &v)) {
            missing[nm++] = k;
            continue;
        }
        if (nm > 0) {
            continue;
        }
        if (k.neg && (st = gr_cgt_neg(g->vs.store, v, &v)) != GR_OK) {
            return st;
        }
        if ((st = gr_cgt_add(g->vs.store, sum, v, &sum)) != GR_OK) {
            return st;
        }
    }
    *nmissing = nm;
    *out = sum;
    return GR_OK;
}

gr_status gr_dom_tick(gr_dom *g)
{
    return gr_value_search_tick(&g->vs);
}

/* Expands the region (bits, w) of a key (untransposed): its value into
 * the table, or *pending when some option's regions were pushed first. */
static gr_status gr_dom_expand(void *ctx, uint64_t bits, unsigned w, bool *pending)
{
    gr_dom *g = ctx;
    gr_cgt opts[2][64];
    size_t nopt[2] = {0, 0};
    gr_dom_key missing[GR_DOM_MAX_CELLS / 2];
    gr_status st;
    *pending = false;
    if ((st = gr_dom_tick(g)) != GR_OK) {
        return st;
    }
    for (unsigned side = 0; side < 2; side++) {
        uint64_t starts = side == GR_DOM_LEFT ? gr_dom_vert(bits, w) : gr_dom_horiz(bits, w);
        unsigned step = side == GR_DOM_LEFT ? w : 1;
        for (; starts != 0; starts &= starts - 1) {
            unsigned i = (unsigned)__builtin_ctzll(starts);
            uint64_t domino = (1ULL << i) | (1ULL << (i + step));
            size_t nm;
            gr_cgt v;
            if ((st = gr_dom_split_value(g, bits & ~domino, w, &v, missing, &nm)) != GR_OK) {
                return st;
            }
            for (size_t j = 0; j < nm; j++) {
                st = gr_cgt_memo_push(g->vs.arena, &g->memo, missing[j].bits, missing[j].w);
                if (st != GR_OK) {
                    return st;
                }
            }
            if (nm > 0) {
                *pending = true;
            } else if (!*pending) {
                opts[side][nopt[side]++] = v;
            }
        }
    }
    if (*pending) {
        return GR_OK;
    }
    gr_cgt v;
    if ((st = gr_cgt_make(g->vs.store, opts[0], nopt[0], opts[1], nopt[1], &v)) != GR_OK) {
        return st;
    }
    return gr_cgt_memo_put(g->vs.arena, &g->memo, bits, w, v);
}

gr_status gr_dom_solve_key(gr_dom *g, gr_dom_key k)
{
    size_t base = g->memo.sn;
    gr_status st = gr_cgt_memo_push(g->vs.arena, &g->memo, k.bits, k.w);
    return st != GR_OK ? st : gr_cgt_memo_drain(&g->memo, base, gr_dom_expand, g);
}

gr_status gr_dom_board_value(gr_dom *g, uint64_t bits, unsigned w, gr_cgt *out)
{
    gr_dom_key missing[GR_DOM_MAX_CELLS / 2];
    for (;;) {
        size_t nm;
        gr_status st = gr_dom_split_value(g, bits, w, out, missing, &nm);
        if (st != GR_OK || nm == 0) {
            return st;
        }
        for (size_t j = 0; j < nm; j++) {
            if ((st = gr_dom_solve_key(g, missing[j])) != GR_OK) {
                return st;
            }
        }
    }
}

_Static_assert(offsetof(gr_dom, vs) == 0, "gr_value_search_new sets up the first member");

gr_status gr_dom_create(gr_arena *arena, gr_cgt_store *store, uint32_t rows, uint32_t cols,
                        const uint8_t *empty, const gr_search_opts *opts, gr_dom **out)
{
    if (rows == 0 || cols == 0) {
        return GR_EINVAL;
    }
    if (rows > GR_DOM_MAX_CELLS || cols > GR_DOM_MAX_CELLS ||
        (uint64_t)rows * cols > GR_DOM_MAX_CELLS) {
        return GR_ELIMIT;
    }
    gr_dom *g = gr_value_search_new(arena, sizeof(gr_dom), store, opts);
    if (g == NULL) {
        return GR_ENOMEM;
    }
    g->rows = rows;
    g->cols = cols;
    for (uint32_t i = 0; i < rows * cols; i++) {
        if (empty[i]) {
            g->empty |= 1ULL << i;
        }
    }
    *out = g;
    return GR_OK;
}

gr_status gr_dom_value(gr_dom *g, gr_cgt *out)
{
    return gr_dom_board_value(g, g->empty, g->cols, out);
}

/* The domino of `side` at (r, c), or 0 when it is not a move. */
static uint64_t gr_dom_domino(const gr_dom *g, gr_dom_side side, uint32_t r, uint32_t c)
{
    if (r >= g->rows || c >= g->cols) {
        return 0;
    }
    unsigned i = r * g->cols + c;
    uint64_t starts =
        side == GR_DOM_LEFT ? gr_dom_vert(g->empty, g->cols) : gr_dom_horiz(g->empty, g->cols);
    if (!((starts >> i) & 1)) {
        return 0;
    }
    return (1ULL << i) | (1ULL << (i + (side == GR_DOM_LEFT ? g->cols : 1)));
}

gr_status gr_dom_after(gr_dom *g, gr_dom_side side, uint32_t r, uint32_t c, gr_cgt *out)
{
    uint64_t d = gr_dom_domino(g, side, r, c);
    if (d == 0) {
        return GR_EINVAL;
    }
    return gr_dom_board_value(g, g->empty & ~d, g->cols, out);
}

gr_status gr_dom_moves(gr_dom *g, gr_dom_side side, gr_dom_move *out, size_t max, size_t *count)
{
    uint64_t starts =
        side == GR_DOM_LEFT ? gr_dom_vert(g->empty, g->cols) : gr_dom_horiz(g->empty, g->cols);
    *count = (size_t)__builtin_popcountll(starts);
    for (size_t n = 0; starts != 0 && n < max; starts &= starts - 1, n++) {
        unsigned i = (unsigned)__builtin_ctzll(starts);
        out[n].r = i / g->cols;
        out[n].c = i % g->cols;
        gr_status st = gr_dom_after(g, side, out[n].r, out[n].c, &out[n].after);
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

void gr_dom_stats(const gr_dom *g, gr_search_stats *out)
{
    memset(out, 0, sizeof(*out));
    out->nodes = g->vs.nodes;
    out->tt_stored = g->memo.used + g->ot_stored + g->tt8_stored;
    out->tt_entries = g->memo.cap + g->ot_cap + g->tt8_cap;
    out->tt_hits = g->ot_hits;
}
