/*
 * Small pieces the misère quotient's constructions share
 * (misere_internal.h): a candidate's element arrays, temporaries given
 * back whole, element lists made sorted and distinct, and the numbering of partition-refinement
 * signatures by first appearance.
 */
#include <string.h>

#include "misere_internal.h"

uint32_t gr_mis_q_set_norm(uint32_t *v, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        uint32_t x = v[i], j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    uint32_t w = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (w == 0 || v[w - 1] != v[i]) {
            v[w++] = v[i];
        }
    }
    return w;
}

gr_status gr_mis_q_set_make(gr_arena *a, uint32_t *v, uint32_t n, gr_mis_q_set *out)
{
    uint32_t m = gr_mis_q_set_norm(v, n);
    out->v = GR_ARENA_ARRAY_UNINIT(a, uint32_t, m + 1);
    if (out->v == NULL) {
        return GR_ENOMEM;
    }
    memcpy(out->v, v, m * sizeof(uint32_t));
    out->n = m;
    return GR_OK;
}

uint32_t gr_mis_q_number(const uint32_t *sig, uint32_t w, uint32_t e, uint32_t *slot, size_t hcap,
                         uint32_t *next, uint32_t count)
{
    const uint32_t *s = sig + (size_t)e * w;
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < w; i++) {
        h = (h ^ s[i]) * 1099511628211ull;
    }
    size_t at = (size_t)(h ^ (h >> 29)) & (hcap - 1);
    for (;;) {
        if (slot[at] == 0) {
            slot[at] = e + 1;
            next[e] = count;
            return count + 1;
        }
        uint32_t f = slot[at] - 1;
        if (memcmp(sig + (size_t)f * w, s, w * sizeof(uint32_t)) == 0) {
            next[e] = next[f];
            return count;
        }
        at = (at + 1) & (hcap - 1);
    }
}

#define GR_MQ_SCRATCH_MIN (64u * 1024u + 1u) /* past the arena's small chunks */

void *gr_mis_q_scratch(gr_arena *a, size_t size)
{
    return gr_arena_alloc(a, size < GR_MQ_SCRATCH_MIN ? GR_MQ_SCRATCH_MIN : size);
}

void *gr_mis_q_scratch_zero(gr_arena *a, size_t size)
{
    void *p = gr_mis_q_scratch(a, size);
    if (p != NULL) {
        memset(p, 0, size);
    }
    return p;
}

void gr_mis_q_scratch_free(gr_arena *a, void *p, size_t size)
{
    gr_arena_free(a, p, size < GR_MQ_SCRATCH_MIN ? GR_MQ_SCRATCH_MIN : size);
}

gr_status gr_mis_q_alloc(gr_arena *a, uint32_t m, gr_mis_q *nq)
{
    memset(nq, 0, sizeof(*nq));
    nq->arena = a;
    nq->m = m;
    nq->tab = GR_ARENA_ARRAY_UNINIT(a, uint32_t, (size_t)m * m);
    nq->inp = GR_ARENA_ARRAY_UNINIT(a, uint8_t, m);
    nq->tok = GR_ARENA_ARRAY_UNINIT(a, uint64_t, m);
    nq->rep = GR_ARENA_ARRAY(a, gr_mis_q_set, m);
    if (nq->tab == NULL || nq->inp == NULL || nq->tok == NULL || nq->rep == NULL) {
        return GR_ENOMEM;
    }
    return GR_OK;
}
