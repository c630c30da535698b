/*
 * The proof that a candidate quotient predicts every outcome
 * (misere_internal.h, docs/misere.md).
 *
 * The claim: for every position G of heaps below q->heaps, G is a misère
 * P-position exactly when its image F(G) (the product of its heaps'
 * images) lies in P.  By induction on G it suffices that for every G the
 * recursion holds on images: F(G) in P iff G has a move and no option's
 * image is in P.  G's options are G - t + (an option of t) for the heaps
 * t in G, with images F(G - t) * y, y an option image of t.  So what the
 * check needs of G is its state: F(G) and, for each kind of heap (its
 * image and its option images; heaps of one kind are interchangeable
 * here), F(G - t) when G holds such a heap.  Adding a heap u to G maps
 * the state to a state (F(G+u) = F(G) u, F(G+u-t) = F(G-t) u, and
 * F(G+u-u) = F(G)), so the states reachable from the empty position are
 * finitely many, and a breadth-first walk over them checks every G at
 * once.  Heaps without a move are the zero game and are left out (their
 * image must be the identity).  Two refinements keep the walk small: the
 * P-elements' half of the recursion (no option of a P-position is in P)
 * is checked once per element and kind, the images being onto; and in a
 * state a kind dominated by a present kind of the same image (fewer option
 * images) is dropped, since both have the same F(G - t).
 */
#include <string.h>

#include "misere_internal.h"

#define NONE UINT32_MAX

typedef struct kinds {
    uint32_t n;
    uint32_t *img;
    const gr_mq_set **opt;
    uint32_t *dom; /* a kind of the same image with strictly more option images, or NONE */
    bool dead_ok;  /* every heap without a move is mapped to the identity */
} kinds;

static bool subset(const gr_mq_set *a, const gr_mq_set *b)
{
    uint32_t j = 0;
    for (uint32_t i = 0; i < a->n; i++) {
        while (j < b->n && b->v[j] < a->v[i]) {
            j++;
        }
        if (j == b->n || b->v[j] != a->v[i]) {
            return false;
        }
    }
    return true;
}

static bool same_set(const gr_mq_set *a, const gr_mq_set *b)
{
    return a->n == b->n && memcmp(a->v, b->v, a->n * sizeof(uint32_t)) == 0;
}

static gr_status find_kinds(const gr_mq *q, kinds *k)
{
    k->n = 0;
    k->img = GR_ARENA_ARRAY_UNINIT(q->arena, uint32_t, q->heaps + 1);
    k->opt = GR_ARENA_ARRAY_UNINIT(q->arena, const gr_mq_set *, q->heaps + 1);
    if (k->img == NULL || k->opt == NULL) {
        return GR_ENOMEM;
    }
    k->dead_ok = true;
    for (uint64_t h = 1; h < q->heaps; h++) {
        if (q->opt[h].n == 0) {
            /* a heap without a move is the zero game: the identity */
            k->dead_ok = k->dead_ok && q->image[h] == 0;
            continue;
        }
        bool found = false;
        for (uint32_t i = 0; i < k->n && !found; i++) {
            found = k->img[i] == q->image[h] && same_set(k->opt[i], &q->opt[h]);
        }
        if (!found) {
            k->img[k->n] = q->image[h];
            k->opt[k->n] = &q->opt[h];
            k->n++;
        }
    }
    /* domination: among kinds of one image, a kind whose option images
     * are a subset of another's (a maximal one: a chain ends there) */
    k->dom = GR_ARENA_ARRAY_UNINIT(q->arena, uint32_t, k->n + 1);
    if (k->dom == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t i = 0; i < k->n; i++) {
        k->dom[i] = NONE;
        for (uint32_t j = 0; j < k->n; j++) {
            if (j != i && k->img[j] == k->img[i] && k->opt[j]->n > k->opt[i]->n &&
                subset(k->opt[i], k->opt[j])) {
                /* prefer a maximal one */
                if (k->dom[i] == NONE || k->opt[j]->n > k->opt[k->dom[i]]->n) {
                    k->dom[i] = j;
                }
            }
        }
    }
    for (uint32_t i = 0; i < k->n; i++) {
        /* follow to a maximal kind (the chain is strictly increasing) */
        while (k->dom[i] != NONE && k->dom[k->dom[i]] != NONE) {
            k->dom[i] = k->dom[k->dom[i]];
        }
    }
    return GR_OK;
}

/* Whether some option image of kind t, times c, is in P. */
static bool bad(const gr_mq *q, const kinds *k, uint32_t t, uint32_t c)
{
    for (uint32_t j = 0; j < k->opt[t]->n; j++) {
        if (q->inp[gr_mq_mul(q, c, k->opt[t]->v[j])]) {
            return true;
        }
    }
    return false;
}

/* Drops the kinds dominated by a present kind: of one image, both present
 * have the same F(G - t), and a move of the dominated kind to P implies
 * one of the dominating kind, so the state says no less without them. */
static void normalize(const kinds *k, uint32_t *s)
{
    for (uint32_t t = 0; t < k->n; t++) {
        if (s[1 + t] != NONE && k->dom[t] != NONE && s[1 + k->dom[t]] != NONE) {
            s[1 + t] = NONE;
        }
    }
}

typedef struct states {
    uint32_t w; /* words per state */
    uint32_t *v;
    size_t n, cap;  /* states, and words of room */
    uint32_t *slot; /* index + 1 */
    size_t slots;
} states;

static uint64_t state_hash(const uint32_t *s, uint32_t w)
{
    uint64_t h = 1469598103934665603ull;
    for (uint32_t i = 0; i < w; i++) {
        h = (h ^ s[i]) * 1099511628211ull;
    }
    return h ^ (h >> 31);
}

static gr_status grow_slots(gr_arena *a, states *S)
{
    size_t slots = S->slots * 2;
    uint32_t *t = GR_ARENA_ARRAY(a, uint32_t, slots);
    if (t == NULL) {
        return GR_ENOMEM;
    }
    for (size_t i = 0; i < S->n; i++) {
        size_t at = state_hash(S->v + i * S->w, S->w) & (slots - 1);
        while (t[at] != 0) {
            at = (at + 1) & (slots - 1);
        }
        t[at] = (uint32_t)i + 1;
    }
    gr_arena_free(a, S->slot, S->slots * sizeof(uint32_t));
    S->slot = t;
    S->slots = slots;
    return GR_OK;
}

/* Adds state s unless present. */
static gr_status add_state(gr_arena *a, states *S, const uint32_t *s)
{
    size_t at = state_hash(s, S->w) & (S->slots - 1);
    while (S->slot[at] != 0) {
        if (memcmp(S->v + (size_t)(S->slot[at] - 1) * S->w, s, S->w * sizeof(uint32_t)) == 0) {
            return GR_OK;
        }
        at = (at + 1) & (S->slots - 1);
    }
    if ((S->n + 1) * S->w > S->cap) {
        uint32_t *v = gr_arena_grow(a, S->v, &S->cap, (S->n + 1) * S->w, sizeof(uint32_t), 1024);
        if (v == NULL) {
            return GR_ENOMEM;
        }
        S->v = v;
    }
    memcpy(S->v + S->n * S->w, s, S->w * sizeof(uint32_t));
    S->slot[at] = (uint32_t)++S->n;
    return 2 * S->n > S->slots ? grow_slots(a, S) : GR_OK;
}

gr_status gr_mq_verify(const gr_mq *q, uint64_t max_states, bool *ok, bool *too_big)
{
    *ok = false;
    *too_big = false;
    kinds k;
    gr_status st = find_kinds(q, &k);
    if (st != GR_OK) {
        return st;
    }
    states S = {.w = k.n + 1, .slots = 1024};
    S.slot = GR_ARENA_ARRAY(q->arena, uint32_t, S.slots);
    uint32_t *s = GR_ARENA_ARRAY_UNINIT(q->arena, uint32_t, S.w);
    if (S.slot == NULL || s == NULL) {
        return GR_ENOMEM;
    }
    s[0] = 0;
    for (uint32_t i = 0; i < k.n; i++) {
        s[1 + i] = NONE;
    }
    if ((st = add_state(q->arena, &S, s)) != GR_OK) {
        return st;
    }
    /* P-elements: every option of G = H + t is N for every H and t; the
     * images are onto, so for every element a and kind t, a x_t in P
     * forbids a move of t from a to P; and the empty position is N */
    bool good = q->inp[0] == 0 && k.dead_ok;
    for (uint32_t a = 0; a < q->m && good; a++) {
        for (uint32_t t = 0; t < k.n && good; t++) {
            good = !(q->inp[gr_mq_mul(q, a, k.img[t])] && bad(q, &k, t, a));
        }
    }
    for (size_t at = 0; at < S.n && good; at++) {
        if ((at & 1023) == 0 && (st = gr_arena_check(q->arena)) != GR_OK) {
            return st;
        }
        const uint32_t *cur = S.v + at * S.w;
        /* an N-element: G (not empty) has a move to P */
        if (!q->inp[cur[0]]) {
            bool any = false, to_p = false;
            for (uint32_t t = 0; t < k.n && !to_p; t++) {
                if (cur[1 + t] != NONE) {
                    any = true;
                    to_p = bad(q, &k, t, cur[1 + t]);
                }
            }
            if (any && !to_p) {
                good = false;
                break;
            }
        }
        for (uint32_t u = 0; u < k.n; u++) {
            cur = S.v + at * S.w; /* add_state may move the array */
            s[0] = gr_mq_mul(q, cur[0], k.img[u]);
            for (uint32_t t = 0; t < k.n; t++) {
                s[1 + t] = cur[1 + t] == NONE ? NONE : gr_mq_mul(q, cur[1 + t], k.img[u]);
            }
            s[1 + u] = cur[0];
            normalize(&k, s);
            if ((st = add_state(q->arena, &S, s)) != GR_OK) {
                return st;
            }
            if (S.n > max_states) {
                *too_big = true;
                return GR_OK;
            }
        }
    }
    gr_arena_free(q->arena, S.v, S.cap * sizeof(uint32_t));
    gr_arena_free(q->arena, S.slot, S.slots * sizeof(uint32_t));
    *ok = good;
    return GR_OK;
}
