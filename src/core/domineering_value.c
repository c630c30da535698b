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

/* An expansion left pending keeps, on the memo's aux stack, the keys of
 * every option's regions: per option a word (side << 32 | regions) and
 * two words a region (its key's bits, its width | neg << 8), then three
 * words that name the record (the region's bits, its width, the record's
 * length).  The second expansion then only looks the values up: the flood
 * fill and the keying of every option's regions, a third of the search,
 * are done once instead of twice. */
#define GR_DOM_REC_TAIL 3

/* The memo's slots of a record's keys, fetched ahead: the lookups that
 * follow then miss the cache together instead of one after another. */
static void gr_dom_prefetch(const gr_cgt_memo *m, const uint64_t *rec, size_t len)
{
    if (m->cap == 0) {
        return;
    }
    for (size_t i = 0; i < len;) {
        size_t n = (size_t)(rec[i] & 0xffffffffu);
        for (size_t j = 0; j < n; j++) {
            const uint64_t *k = rec + i + 1 + 2 * j;
            __builtin_prefetch(&m->tab[gr_cgt_memo_hash(k[0], (unsigned)(k[1] & 0xff)) &
                                       (m->cap - 1)]);
        }
        i += 1 + 2 * n;
    }
}

/* The options' values from a record (rec[0 .. len)) into opts.  A region
 * with no value yet is pushed and sets *pending (then no value is
 * written); the second expansion finds them all. */
static gr_status gr_dom_eval(gr_dom *g, const uint64_t *rec, size_t len, gr_cgt opts[2][64],
                             size_t nopt[2], bool *pending)
{
    gr_cgt_memo *m = &g->memo;
    gr_status st;
    gr_dom_prefetch(m, rec, len);
    for (size_t i = 0; i < len;) {
        unsigned side = (unsigned)(rec[i] >> 32);
        size_t n = (size_t)(rec[i] & 0xffffffffu);
        const uint64_t *k = rec + i + 1;
        gr_cgt sum = gr_cgt_zero(g->vs.store);
        for (size_t j = 0; j < n; j++) {
            gr_cgt v;
            unsigned kw = (unsigned)(k[2 * j + 1] & 0xff);
            if (!gr_cgt_memo_get(m, k[2 * j], kw, &v)) {
                if ((st = gr_cgt_memo_push(g->vs.arena, m, k[2 * j], kw)) != GR_OK) {
                    return st;
                }
                *pending = true;
                continue;
            }
            if (*pending) {
                continue;
            }
            if (((k[2 * j + 1] >> 8) != 0 && (st = gr_cgt_neg(g->vs.store, v, &v)) != GR_OK) ||
                (st = gr_cgt_add(g->vs.store, sum, v, &sum)) != GR_OK) {
                return st;
            }
        }
        if (!*pending) {
            opts[side][nopt[side]++] = sum;
        }
        i += 1 + 2 * n;
    }
    return GR_OK;
}

/* The second expansion of (bits, w) from its record on top of the aux
 * stack: the options' values into opts; false when the top is not its
 * record (then nothing is read). */
static gr_status gr_dom_replay(gr_dom *g, uint64_t bits, unsigned w, gr_cgt opts[2][64],
                               size_t nopt[2], bool *replayed)
{
    gr_cgt_memo *m = &g->memo;
    *replayed = false;
    if (m->an < GR_DOM_REC_TAIL || m->aux[m->an - 3] != bits || m->aux[m->an - 2] != w) {
        return GR_OK;
    }
    size_t len = (size_t)m->aux[m->an - 1], at = m->an - GR_DOM_REC_TAIL - len;
    bool pending = false;
    gr_status st = gr_dom_eval(g, m->aux + at, len, opts, nopt, &pending);
    if (st == GR_OK && pending) {
        st = GR_EINTERNAL; /* LIFO: every region pushed above was valued */
    }
    m->an = at;
    *replayed = true;
    return st;
}

/* The first expansion: the record of every option's region keys, then
 * every option's value into opts when all its regions are valued;
 * otherwise *pending, the missing regions pushed and the record kept for
 * the second expansion. */
static gr_status gr_dom_first(gr_dom *g, uint64_t bits, unsigned w, gr_cgt opts[2][64],
                              size_t nopt[2], bool *pending)
{
    gr_cgt_memo *m = &g->memo;
    size_t mark = m->an;
    gr_status st;
    for (unsigned side = 0; side < 2; side++) {
        uint64_t starts = side == GR_DOM_LEFT ? gr_dom_vert(bits, w) : gr_dom_horiz(bits, w);
        unsigned step = side == GR_DOM_LEFT ? w : 1;
        for (; starts != 0; starts &= starts - 1) {
            unsigned i = (unsigned)__builtin_ctzll(starts);
            uint64_t rest = bits & ~((1ULL << i) | (1ULL << (i + step)));
            uint64_t words[1 + GR_DOM_MAX_CELLS];
            size_t n = 0;
            for (uint64_t comp; (comp = gr_dom_next_live_region(&rest, w)) != 0; n++) {
                gr_dom_key k = gr_dom_key_of(comp, w);
                words[1 + 2 * n] = k.bits;
                words[2 + 2 * n] = k.w | (uint64_t)k.neg << 8;
            }
            words[0] = (uint64_t)side << 32 | n;
            if ((st = gr_cgt_memo_aux_push(g->vs.arena, m, words, 1 + 2 * n)) != GR_OK) {
                return st;
            }
        }
    }
    if ((st = gr_dom_eval(g, m->aux + mark, m->an - mark, opts, nopt, pending)) != GR_OK) {
        return st;
    }
    if (!*pending) {
        m->an = mark;
        return GR_OK;
    }
    uint64_t tail[GR_DOM_REC_TAIL] = {bits, w, m->an - mark};
    return gr_cgt_memo_aux_push(g->vs.arena, m, tail, GR_DOM_REC_TAIL);
}

/* Expands the region (bits, w) of a key (untransposed): its value into
 * the table, or *pending when some option's regions were pushed first. */
static gr_status gr_dom_expand(void *ctx, uint64_t bits, unsigned w, bool *pending)
{
    gr_dom *g = ctx;
    gr_cgt opts[2][64];
    size_t nopt[2] = {0, 0};
    gr_status st;
    bool replayed;
    *pending = false;
    if ((st = gr_dom_tick(g)) != GR_OK ||
        (st = gr_dom_replay(g, bits, w, opts, nopt, &replayed)) != GR_OK) {
        return st;
    }
    if (!replayed && ((st = gr_dom_first(g, bits, w, opts, nopt, pending)) != GR_OK || *pending)) {
        return st;
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
