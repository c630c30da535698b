/*
 * The proof that a candidate quotient predicts every outcome
 * (misere_internal.h, docs/misere.md).
 *
 * The claim: for every position G of heaps below q->heaps, G is a misère
 * P-position exactly when its image F(G) (the product of its heaps'
 * images) lies in P.  By induction on G it suffices that for every G the
 * recursion holds on images: F(G) in P iff G has a move and no option's
 * image is in P.  The two halves are checked apart.
 *
 * P-half: a move of G is a move in one heap t of G, to an image
 * F(G - t) y with y an option image of t.  F(G - t) ranges over all of Q
 * (the images are onto), so "a t in P forbids a y in P, for every element
 * a and every heap t" is the P-half for every G at once: |Q| times the
 * heaps, no walk.
 *
 * N-half: what G offers its company is T(G), the set of elements z such
 * that G + Z (Z any position of image z) has a move inside G to a
 * P-image: z in T(G) iff S(G) z meets P, S(G) the option images of G.
 * Since S(G + H) = S(G) F(H) u F(G) S(H),
 *
 *     T(G + H) = F(H)^-1 T(G)  u  F(G)^-1 T(H)
 *
 * (a^-1 T = {z : a z in T}), so the pair (F(G), T(G)) of G + H follows
 * from G's pair and H's, and the N-half at G reads 1 in T(G) when F(G) is
 * not in P.  The pairs reachable from the empty position, adding one heap
 * at a time, are finitely many (|Q| 2^|Q| at most) however many heaps the
 * game has: this is what keeps wild games' proofs bounded, where the
 * heaps' option images are all different.  Two monotonicities make the
 * walk small: the step is monotone in T and the N-check only asks for an
 * element in T, so of the pairs of one image only the minimal T need be
 * walked (an antichain: a pair above a walked one is passed by what the
 * walked one passed), and of the heaps of one image only those with a
 * minimal T(H) need be added.  This replaces an earlier walk of states
 * recording F(G - t) per kind of heap, whose number grew with the heaps
 * of wild games.
 */
#include <string.h>

#include "misere_internal.h"

typedef uint64_t word;
#define WBITS 64u

static bool bit(const word *s, uint32_t i)
{
    return (s[i / WBITS] >> (i % WBITS)) & 1u;
}

static void set_bit(word *s, uint32_t i)
{
    s[i / WBITS] |= (word)1 << (i % WBITS);
}

static bool subset_of(const word *a, const word *b, uint32_t w)
{
    for (uint32_t i = 0; i < w; i++) {
        if ((a[i] & ~b[i]) != 0) {
            return false;
        }
    }
    return true;
}

/* T(H) of a heap whose option images are o: {z : o z meets P}. */
static void heap_t(const gr_mq *q, const gr_mq_set *o, word *t, uint32_t w)
{
    memset(t, 0, w * sizeof(word));
    for (uint32_t z = 0; z < q->m; z++) {
        for (uint32_t j = 0; j < o->n; j++) {
            if (q->inp[gr_mq_mul(q, o->v[j], z)]) {
                set_bit(t, z);
                break;
            }
        }
    }
}

/* The walked pairs: per image, a list of minimal T (a dead flag for one
 * found to lie above a later one; its successors are walked already or
 * are above the later one's). */
typedef struct walk {
    uint32_t w;      /* words per T */
    word *t;         /* n * w */
    uint32_t *img;   /* n */
    uint32_t *next;  /* n: the next pair of the same image */
    uint8_t *dead;   /* n */
    uint32_t *par;   /* n: the pair it was reached from + 1, 0 a single heap */
    uint64_t *via;   /* n: the heap added */
    size_t n, cap;   /* pairs, room */
    uint32_t *first; /* per image: its first pair + 1, 0 none */
} walk;

static gr_status room(gr_arena *a, walk *W)
{
    if (W->n < W->cap) {
        return GR_OK;
    }
    void *const cols[] = {&W->t, &W->img, &W->next, &W->dead, &W->par, &W->via};
    const size_t sizes[] = {W->w * sizeof(word), sizeof(uint32_t), sizeof(uint32_t),
                            sizeof(uint8_t),     sizeof(uint32_t), sizeof(uint64_t)};
    return gr_arena_grow_columns(a, cols, sizes, 6, W->n, &W->cap, 256);
}

/* Adds (x, t) unless a pair of image x with a T inside t is there. */
static gr_status add_pair(gr_arena *a, walk *W, uint32_t x, const word *t, uint32_t par,
                          uint64_t via)
{
    for (uint32_t i = W->first[x]; i != 0; i = W->next[i - 1]) {
        const word *u = W->t + (size_t)(i - 1) * W->w;
        if (!W->dead[i - 1] && subset_of(u, t, W->w)) {
            return GR_OK;
        }
    }
    for (uint32_t i = W->first[x]; i != 0; i = W->next[i - 1]) {
        if (subset_of(t, W->t + (size_t)(i - 1) * W->w, W->w)) {
            W->dead[i - 1] = 1;
        }
    }
    gr_status st = room(a, W);
    if (st != GR_OK) {
        return st;
    }
    memcpy(W->t + W->n * W->w, t, W->w * sizeof(word));
    W->img[W->n] = x;
    W->dead[W->n] = 0;
    W->par[W->n] = par;
    W->via[W->n] = via;
    W->next[W->n] = W->first[x];
    W->first[x] = (uint32_t)++W->n;
    return GR_OK;
}

/* The heaps of the position that reached pair `at`. */
static gr_status witness_of(gr_arena *A, const walk *W, size_t at, gr_mq_witness *out)
{
    size_t n = 0;
    for (size_t i = at + 1; i != 0; i = W->par[i - 1]) {
        n++;
    }
    out->heaps = GR_ARENA_ARRAY_UNINIT(A, uint64_t, n + 1);
    if (out->heaps == NULL) {
        return GR_ENOMEM;
    }
    out->n = 0;
    for (size_t i = at + 1; i != 0; i = W->par[i - 1]) {
        out->heaps[out->n++] = W->via[i - 1];
    }
    out->has_elem = false;
    return GR_OK;
}

gr_status gr_mq_verify(const gr_mq *q, uint64_t max_states, bool *ok, bool *too_big)
{
    return gr_mq_verify_witness(q, max_states, ok, too_big, NULL);
}

gr_status gr_mq_verify_witness(const gr_mq *q, uint64_t max_states, bool *ok, bool *too_big,
                               gr_mq_witness *wit)
{
    *ok = false;
    *too_big = false;
    if (wit != NULL) {
        memset(wit, 0, sizeof(*wit));
    }
    gr_arena *A = q->arena;
    uint32_t m = q->m, w = (m + WBITS - 1) / WBITS;
    /* the heaps with a move: image and T(H), minimal ones per image */
    uint32_t *kimg = GR_ARENA_ARRAY_UNINIT(A, uint32_t, q->heaps + 1);
    uint64_t *kheap = GR_ARENA_ARRAY_UNINIT(A, uint64_t, q->heaps + 1);
    word *kt = GR_ARENA_ARRAY_UNINIT(A, word, (q->heaps + 1) * w);
    word *nt = GR_ARENA_ARRAY_UNINIT(A, word, w);
    walk W = {.w = w};
    W.first = GR_ARENA_ARRAY(A, uint32_t, m);
    if (kimg == NULL || kheap == NULL || kt == NULL || nt == NULL || W.first == NULL) {
        return GR_ENOMEM;
    }
    bool good = q->inp[0] == 0; /* the empty position is N */
    uint32_t nk = 0;
    for (uint64_t h = 1; h < q->heaps && good; h++) {
        const gr_mq_set *o = &q->opt[h];
        uint32_t x = q->image[h];
        if (o->n == 0) {
            /* a heap without a move is the zero game: the identity */
            good = x == 0;
            continue;
        }
        /* P-half for this heap, every element a below it */
        for (uint32_t a = 0; a < m && good; a++) {
            if (q->inp[gr_mq_mul(q, a, x)]) {
                for (uint32_t j = 0; j < o->n && good; j++) {
                    good = !q->inp[gr_mq_mul(q, a, o->v[j])];
                }
                if (!good && wit != NULL) {
                    wit->heaps = GR_ARENA_ARRAY_UNINIT(A, uint64_t, 1);
                    if (wit->heaps == NULL) {
                        return GR_ENOMEM;
                    }
                    wit->heaps[0] = h;
                    wit->n = 1;
                    wit->has_elem = true;
                    wit->elem = a;
                }
            }
        }
        word *t = kt + (size_t)nk * w;
        heap_t(q, o, t, w);
        bool keep = true;
        for (uint32_t i = 0; i < nk && keep; i++) {
            if (kimg[i] == x && subset_of(kt + (size_t)i * w, t, w)) {
                keep = false;
            }
        }
        if (!keep) {
            continue;
        }
        /* drop the kept heaps of this image above the new one */
        uint32_t j = 0;
        for (uint32_t i = 0; i < nk; i++) {
            if (!(kimg[i] == x && subset_of(t, kt + (size_t)i * w, w))) {
                kimg[j] = kimg[i];
                kheap[j] = kheap[i];
                memmove(kt + (size_t)j * w, kt + (size_t)i * w, w * sizeof(word));
                j++;
            }
        }
        memmove(kt + (size_t)j * w, t, w * sizeof(word));
        kimg[j] = x;
        kheap[j] = h;
        nk = j + 1;
    }
    /* N-half: the walk, from the positions of one heap */
    gr_status st = GR_OK;
    for (uint32_t k = 0; k < nk && good && st == GR_OK; k++) {
        st = add_pair(A, &W, kimg[k], kt + (size_t)k * w, 0, kheap[k]);
    }
    for (size_t at = 0; at < W.n && good && st == GR_OK; at++) {
        if ((at & 255) == 0 && (st = gr_arena_check(A)) != GR_OK) {
            break;
        }
        if (W.dead[at]) {
            continue;
        }
        uint32_t x = W.img[at];
        if (!q->inp[x] && !bit(W.t + at * w, 0)) {
            good = false; /* an N-image without a move to P */
            if (wit != NULL) {
                st = witness_of(A, &W, at, wit);
            }
            break;
        }
        for (uint32_t k = 0; k < nk && st == GR_OK; k++) {
            const word *t = W.t + at * w, *th = kt + (size_t)k * w;
            const uint32_t *row_h = q->tab + (size_t)kimg[k] * m, *row_x = q->tab + (size_t)x * m;
            memset(nt, 0, w * sizeof(word));
            for (uint32_t z = 0; z < m; z++) {
                if (bit(t, row_h[z]) || bit(th, row_x[z])) {
                    set_bit(nt, z);
                }
            }
            st = add_pair(A, &W, gr_mq_mul(q, x, kimg[k]), nt, (uint32_t)at + 1, kheap[k]);
            if (st == GR_OK && W.n > max_states) {
                *too_big = true;
                good = false;
            }
        }
    }
    gr_arena_free(A, W.t, W.cap * w * sizeof(word));
    gr_arena_free(A, W.img, W.cap * sizeof(uint32_t));
    gr_arena_free(A, W.next, W.cap * sizeof(uint32_t));
    gr_arena_free(A, W.dead, W.cap);
    gr_arena_free(A, W.par, W.cap * sizeof(uint32_t));
    gr_arena_free(A, W.via, W.cap * sizeof(uint64_t));
    gr_arena_free(A, W.first, m * sizeof(uint32_t));
    gr_arena_free(A, nt, w * sizeof(word));
    gr_arena_free(A, kt, (q->heaps + 1) * w * sizeof(word));
    gr_arena_free(A, kimg, (q->heaps + 1) * sizeof(uint32_t));
    gr_arena_free(A, kheap, (q->heaps + 1) * sizeof(uint64_t));
    if (st != GR_OK) {
        return st;
    }
    *ok = good && !*too_big;
    return GR_OK;
}
