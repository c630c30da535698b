/*
 * A presentation of a finished quotient, and its tameness
 * (misere_internal.h, docs/misere.md).
 *
 * Generators are heaps, in increasing order, whose image is not in the
 * submonoid the earlier generators make (for 0.75: heaps 1, 2, 5 -> a, b,
 * c, as in the published tables).  The construction steps (misere_split.c,
 * misere_learn.c) rebuild from that set as it is; the finished quotient's
 * document drops, earliest first, each generator the remaining ones make
 * (0.123: heap 6's image is heap 9's squared), so its set is minimal, as in
 * the published presentations and MisereSolver's.  Each element's normal form is its least
 * word in the graded lexicographic order (fewest letters first, then more
 * of the earlier letters first); the normal forms are closed under
 * division, so every word that is not a normal form contains a minimal
 * one, and the relations "minimal non-normal word = its normal form"
 * present the monoid (the monomial ideal's minimal generators, as in a
 * Groebner basis of the monoid's congruence).
 */
#include <string.h>

#include "misere_internal.h"

typedef struct pres {
    gr_arena *arena;
    const gr_mis_q *q;
    uint32_t r;          /* generators */
    uint32_t *gen_img;   /* r */
    uint32_t *word;      /* m * r, normal forms */
    uint8_t *has;        /* m */
    uint32_t *rel;       /* 2 * r per relation */
    size_t nrel, relcap; /* relations, and words of room */
} pres;

static uint32_t word_elem(const pres *P, const uint32_t *w)
{
    uint32_t e = 0;
    for (uint32_t g = 0; g < P->r; g++) {
        for (uint32_t k = 0; k < w[g]; k++) {
            e = gr_mis_q_mul(P->q, e, P->gen_img[g]);
        }
    }
    return e;
}

/* graded lexicographic: fewer letters first, then more of earlier ones */
static int word_cmp(const uint32_t *a, const uint32_t *b, uint32_t r)
{
    uint64_t da = 0, db = 0;
    for (uint32_t g = 0; g < r; g++) {
        da += a[g];
        db += b[g];
    }
    if (da != db) {
        return da < db ? -1 : 1;
    }
    for (uint32_t g = 0; g < r; g++) {
        if (a[g] != b[g]) {
            return a[g] > b[g] ? -1 : 1;
        }
    }
    return 0;
}

/* Whether x is in the submonoid the generators but `skip` make (alive[g]
 * says which are left); in and list have room for the order. */
static bool made_by_others(const pres *P, const uint8_t *alive, uint32_t skip, uint32_t x,
                           uint8_t *in, uint32_t *list)
{
    const gr_mis_q *q = P->q;
    memset(in, 0, q->m);
    in[0] = 1;
    list[0] = 0;
    uint32_t n = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (list[i] == x) {
            return true;
        }
        for (uint32_t g = 0; g < P->r; g++) {
            if (g == skip || !alive[g]) {
                continue;
            }
            uint32_t y = gr_mis_q_mul(q, list[i], P->gen_img[g]);
            if (!in[y]) {
                in[y] = 1;
                list[n++] = y;
            }
        }
    }
    return false;
}

/* Drops, earliest first, each generator the others left make. */
static gr_status minimise(pres *P, uint64_t *heap, uint8_t *in, uint32_t *list)
{
    uint8_t *alive = GR_ARENA_ARRAY_UNINIT(P->arena, uint8_t, P->r + 1);
    if (alive == NULL) {
        return GR_ENOMEM;
    }
    memset(alive, 1, P->r);
    for (uint32_t g = 0; g < P->r; g++) {
        alive[g] = !made_by_others(P, alive, g, P->gen_img[g], in, list);
    }
    uint32_t r = 0;
    for (uint32_t g = 0; g < P->r; g++) {
        if (alive[g]) {
            heap[r] = heap[g];
            P->gen_img[r++] = P->gen_img[g];
        }
    }
    P->r = r;
    return GR_OK;
}

static gr_status generators(pres *P, bool minimal, gr_mis_quotient *out)
{
    const gr_mis_q *q = P->q;
    uint8_t *in = GR_ARENA_ARRAY(P->arena, uint8_t, q->m);
    uint32_t *list = GR_ARENA_ARRAY_UNINIT(P->arena, uint32_t, q->m);
    P->gen_img = GR_ARENA_ARRAY_UNINIT(P->arena, uint32_t, q->m);
    uint64_t *heap = GR_ARENA_ARRAY_UNINIT(P->arena, uint64_t, q->m);
    if (in == NULL || list == NULL || P->gen_img == NULL || heap == NULL) {
        return GR_ENOMEM;
    }
    in[0] = 1;
    list[0] = 0;
    uint32_t n = 1;
    P->r = 0;
    for (uint64_t h = 1; h < q->heaps && n < q->m; h++) {
        uint32_t x = q->image[h];
        if (in[x]) {
            continue;
        }
        heap[P->r] = h;
        P->gen_img[P->r++] = x;
        /* close: everything times x, repeatedly (closed under the rest) */
        for (uint32_t i = 0; i < n; i++) {
            uint32_t y = gr_mis_q_mul(q, list[i], x);
            if (!in[y]) {
                in[y] = 1;
                list[n++] = y;
            }
        }
    }
    if (n != q->m) {
        return GR_EINTERNAL;
    }
    if (minimal) {
        gr_status st = minimise(P, heap, in, list);
        if (st != GR_OK) {
            return st;
        }
    }
    out->ngens = P->r;
    out->gen_heap = heap;
    return GR_OK;
}

static gr_status add_rel(pres *P, const uint32_t *lhs, const uint32_t *rhs)
{
    size_t need = (P->nrel + 1) * 2 * P->r;
    if (need > P->relcap) {
        uint32_t *v = gr_arena_grow(P->arena, P->rel, &P->relcap, need, sizeof(uint32_t), 64);
        if (v == NULL) {
            return GR_ENOMEM;
        }
        P->rel = v;
    }
    memcpy(P->rel + P->nrel * 2 * P->r, lhs, P->r * sizeof(uint32_t));
    memcpy(P->rel + P->nrel * 2 * P->r + P->r, rhs, P->r * sizeof(uint32_t));
    P->nrel++;
    return GR_OK;
}

/* Whether w is the normal form of its element. */
static bool normal(const pres *P, const uint32_t *w)
{
    uint32_t e = word_elem(P, w);
    return P->has[e] && memcmp(P->word + (size_t)e * P->r, w, P->r * sizeof(uint32_t)) == 0;
}

static gr_status normal_forms(pres *P)
{
    const gr_mis_q *q = P->q;
    uint32_t r = P->r, m = q->m;
    P->word = GR_ARENA_ARRAY(P->arena, uint32_t, (size_t)m * r + 1);
    P->has = GR_ARENA_ARRAY(P->arena, uint8_t, m);
    /* the words of the last degree, and the candidates of the next */
    uint32_t *level = GR_ARENA_ARRAY_UNINIT(P->arena, uint32_t, (size_t)m * r + 1);
    uint32_t *cand = GR_ARENA_ARRAY_UNINIT(P->arena, uint32_t, (size_t)m * r * r + 1);
    uint32_t *tmp = GR_ARENA_ARRAY_UNINIT(P->arena, uint32_t, r + 1);
    if (P->word == NULL || P->has == NULL || level == NULL || cand == NULL || tmp == NULL) {
        return GR_ENOMEM;
    }
    P->has[0] = 1; /* the empty word */
    size_t nlevel = 1;
    memset(level, 0, r * sizeof(uint32_t));
    while (nlevel > 0) {
        size_t nc = 0;
        for (size_t i = 0; i < nlevel; i++) {
            for (uint32_t g = 0; g < r; g++) {
                uint32_t *c = cand + nc * r;
                memcpy(c, level + i * r, r * sizeof(uint32_t));
                c[g]++;
                bool dup = false;
                for (size_t j = 0; j < nc && !dup; j++) {
                    dup = memcmp(cand + j * r, c, r * sizeof(uint32_t)) == 0;
                }
                nc += !dup;
            }
        }
        /* in order, so that each element's first word is its least */
        for (size_t i = 1; i < nc; i++) {
            for (size_t j = i; j > 0 && word_cmp(cand + (j - 1) * r, cand + j * r, r) > 0; j--) {
                memcpy(tmp, cand + j * r, r * sizeof(uint32_t));
                memcpy(cand + j * r, cand + (j - 1) * r, r * sizeof(uint32_t));
                memcpy(cand + (j - 1) * r, tmp, r * sizeof(uint32_t));
            }
        }
        nlevel = 0;
        for (size_t i = 0; i < nc; i++) {
            const uint32_t *c = cand + i * r;
            uint32_t e = word_elem(P, c);
            if (!P->has[e]) {
                P->has[e] = 1;
                memcpy(P->word + (size_t)e * r, c, r * sizeof(uint32_t));
                memcpy(level + nlevel * r, c, r * sizeof(uint32_t));
                nlevel++;
                continue;
            }
            bool minimal = true;
            for (uint32_t g = 0; g < r && minimal; g++) {
                if (c[g] == 0) {
                    continue;
                }
                memcpy(tmp, c, r * sizeof(uint32_t));
                tmp[g]--;
                minimal = normal(P, tmp);
            }
            gr_status st = minimal ? add_rel(P, c, P->word + (size_t)e * r) : GR_OK;
            if (st != GR_OK) {
                return st;
            }
        }
    }
    for (uint32_t e = 0; e < m; e++) {
        if (!P->has[e]) {
            return GR_EINTERNAL;
        }
    }
    return GR_OK;
}

static gr_status present(gr_arena *arena, const gr_mis_q *q, bool minimal, gr_mis_quotient *out)
{
    pres P = {.arena = arena, .q = q};
    gr_status st = generators(&P, minimal, out);
    if (st == GR_OK) {
        st = normal_forms(&P);
    }
    if (st != GR_OK) {
        return st;
    }
    out->word = P.word;
    out->nrel = (uint32_t)P.nrel;
    out->rel = P.rel;
    return GR_OK;
}

gr_status gr_mis_q_present(gr_arena *arena, const gr_mis_q *q, gr_mis_quotient *out)
{
    return present(arena, q, false, out);
}

gr_status gr_mis_q_present_minimal(gr_arena *arena, const gr_mis_q *q, gr_mis_quotient *out)
{
    return present(arena, q, true, out);
}

/* ---- tameness ------------------------------------------------------------ */

/* Whether the generator images g[0..r) of a (words: a's normal forms)
 * extend to an isomorphism onto b preserving P. */
static bool iso_with(const gr_mis_quotient *a, const gr_mis_quotient *b, const uint32_t *img,
                     uint32_t *phi, uint8_t *hit)
{
    uint32_t r = a->ngens;
    memset(hit, 0, b->order);
    for (uint32_t e = 0; e < a->order; e++) {
        uint32_t x = 0;
        const uint32_t *w = a->word + (size_t)e * r;
        for (uint32_t g = 0; g < r; g++) {
            for (uint32_t k = 0; k < w[g]; k++) {
                x = gr_mis_mul(b, x, img[g]);
            }
        }
        if (hit[x] || a->in_p[e] != b->in_p[x]) {
            return false;
        }
        hit[x] = 1;
        phi[e] = x;
    }
    for (uint32_t e = 0; e < a->order; e++) {
        for (uint32_t f = 0; f < a->order; f++) {
            if (phi[gr_mis_mul(a, e, f)] != gr_mis_mul(b, phi[e], phi[f])) {
                return false;
            }
        }
    }
    return true;
}

gr_status gr_mis_quotient_isomorphic(gr_arena *arena, const gr_mis_quotient *a,
                                     const gr_mis_quotient *b, bool *iso)
{
    *iso = false;
    if (a->order != b->order || a->p_count != b->p_count) {
        return GR_OK;
    }
    uint32_t r = a->ngens;
    uint32_t *img = GR_ARENA_ARRAY(arena, uint32_t, r + 1);
    uint32_t *phi = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, a->order);
    uint8_t *hit = GR_ARENA_ARRAY_UNINIT(arena, uint8_t, b->order);
    if (img == NULL || phi == NULL || hit == NULL) {
        return GR_ENOMEM;
    }
    /* every assignment of the generators, odometer style, at most 2^24 */
    uint64_t tries = 0;
    for (;;) {
        if (++tries > (1u << 24)) {
            return GR_ELIMIT;
        }
        if ((tries & 1023) == 0 && gr_arena_check(arena) != GR_OK) {
            return gr_arena_check(arena);
        }
        if (iso_with(a, b, img, phi, hit)) {
            *iso = true;
            return GR_OK;
        }
        uint32_t g = 0;
        while (g < r && ++img[g] == b->order) {
            img[g++] = 0;
        }
        if (g == r) {
            return GR_OK;
        }
    }
}
