/*
 * The options of one heap, for every heap game misère play knows
 * (include/grundy/misere.h): the move rules read straight from the octal
 * digits (bits 1, 2, 4, 8 per take; the digit before the point, take 0,
 * has bits 4 and 8 only), the subtraction set, or Nim.
 */
#include "grundy/misere.h"

typedef struct opt_sink {
    gr_mis_opt *out;
    size_t max, count;
} opt_sink;

static bool emit(opt_sink *k, uint64_t take, uint32_t n, uint64_t a, uint64_t b, uint64_t c)
{
    if (k->count >= GR_MIS_MAX_OPTIONS) {
        return false;
    }
    if (k->count < k->max) {
        gr_mis_opt *o = &k->out[k->count];
        o->take = take;
        o->nleaves = n;
        o->leaves[0] = a;
        o->leaves[1] = b;
        o->leaves[2] = c;
    }
    k->count++;
    return true;
}

static bool octal_options(const gr_octal_code *code, uint64_t h, opt_sink *k)
{
    if (code->kind == GR_OCTAL_GRUNDY) {
        for (uint64_t a = 1; 2 * a < h; a++) {
            if (!emit(k, 0, 2, a, h - a, 0)) {
                return false;
            }
        }
        return true;
    }
    for (unsigned j = 0; j <= code->len && j <= h; j++) { /* j = 0: d0's splits */
        unsigned d = code->digit[j];
        uint64_t r = h - j;
        if ((d & 1) && r == 0 && !emit(k, j, 0, 0, 0, 0)) {
            return false;
        }
        if ((d & 2) && r >= 1 && !emit(k, j, 1, r, 0, 0)) {
            return false;
        }
        if (d & 4) {
            for (uint64_t a = 1; 2 * a <= r; a++) {
                if (!emit(k, j, 2, a, r - a, 0)) {
                    return false;
                }
            }
        }
        if (d & 8) {
            for (uint64_t a = 1; 3 * a <= r; a++) {
                for (uint64_t b = a; a + 2 * b <= r; b++) {
                    if (!emit(k, j, 3, a, b, r - a - b)) {
                        return false;
                    }
                }
            }
        }
    }
    return true;
}

gr_status gr_mis_heap_options(const gr_mis_game *g, uint64_t h, gr_mis_opt *out, size_t max,
                              size_t *count)
{
    opt_sink k = {.out = out, .max = max, .count = 0};
    bool ok = true;
    switch (g->kind) {
    case GR_MIS_OCTAL:
        ok = octal_options(&g->code, h, &k);
        break;
    case GR_MIS_SUB:
        for (size_t i = 0; i < g->set_len && g->set[i] <= h && ok; i++) {
            uint64_t r = h - g->set[i];
            ok = emit(&k, g->set[i], r == 0 ? 0 : 1, r, 0, 0);
        }
        break;
    case GR_MIS_NIM:
        if (h > GR_MIS_MAX_OPTIONS) {
            ok = false;
            break;
        }
        for (uint64_t take = 1; take <= h && ok; take++) {
            uint64_t r = h - take;
            ok = emit(&k, take, r == 0 ? 0 : 1, r, 0, 0);
        }
        break;
    default:
        return GR_EINTERNAL;
    }
    *count = k.count;
    return ok ? GR_OK : GR_ELIMIT;
}
