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
 *
 * A build proves heap after heap, and most heaps only rename the
 * quotient: gr_mis_q_verify_next then starts from the previous proof (its
 * kept heaps and walked pairs, in labels the renaming leaves alone) and
 * checks only what the new heap adds, so that a heap costs what is new
 * in it rather than a proof of every heap again.
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

/* The proof works on labels (gr_mis_q.omap): element omap[u] is label u, a
 * bijection, so that a proof kept from one heap to the next holds as it
 * is when the next candidate only renames the elements (omap follows). */
typedef struct names {
    const gr_mis_q *q;
    uint32_t *lab; /* element -> label */
} names;

static gr_status names_make(const gr_mis_q *q, names *N)
{
    N->q = q;
    N->lab = gr_mis_q_scratch(q->arena, (size_t)q->m * sizeof(uint32_t));
    if (N->lab == NULL) {
        return GR_ENOMEM;
    }
    for (uint32_t u = 0; u < q->m; u++) {
        N->lab[gr_mis_q_opt_elem(q, u)] = u;
    }
    return GR_OK;
}

static void names_free(names *N)
{
    gr_mis_q_scratch_free(N->q->arena, N->lab, (size_t)N->q->m * sizeof(uint32_t));
}

static uint32_t el(const names *N, uint32_t u)
{
    return gr_mis_q_opt_elem(N->q, u);
}

/* T(H) of a heap whose option labels are o: {z : o z meets P}, by label. */
static void heap_t(const names *N, const gr_mis_q_set *o, word *t, uint32_t w)
{
    const gr_mis_q *q = N->q;
    memset(t, 0, w * sizeof(word));
    for (uint32_t u = 0; u < q->m; u++) {
        uint32_t z = el(N, u);
        for (uint32_t j = 0; j < o->n; j++) {
            if (q->inp[gr_mis_q_mul(q, el(N, o->v[j]), z)]) {
                set_bit(t, u);
                break;
            }
        }
    }
}

/* The walked pairs (labels and T by label): per image, a list of minimal
 * T (a dead flag for one found to lie above a later one; its successors
 * are walked already or are above the later one's). */
typedef struct walk {
    uint32_t w;      /* words per T */
    word *t;         /* n * w */
    uint32_t *img;   /* n */
    uint32_t *next;  /* n: the next pair of the same image */
    uint8_t *dead;   /* n */
    uint32_t *par;   /* n: the pair it was reached from + 1, 0 a single heap */
    uint64_t *via;   /* n: the heap added */
    size_t n, cap;   /* pairs, room */
    uint32_t m;      /* images */
    uint32_t *first; /* per image: its first pair + 1, 0 none */
} walk;

/* The heaps the walk starts from (those with a move: image label and
 * T(H), the minimal T of each image, in the order of the heaps), and the
 * walk, kept with a proven quotient. */
struct gr_mis_q_proof {
    uint32_t w;      /* words per T */
    uint32_t nk;     /* kept heaps */
    size_t cap;      /* room */
    uint32_t *kimg;  /* cap */
    uint64_t *kheap; /* cap */
    word *kt;        /* cap * w */
    walk W;
};

/* The walk's per-pair arrays as columns: where each pointer lives, and
 * the bytes of one pair in it (room, walk_copy and walk_free move them
 * together). */
#define WALK_COLS 6

static void walk_cols(walk *W, void *cols[WALK_COLS], size_t sizes[WALK_COLS])
{
    cols[0] = &W->t;
    sizes[0] = W->w * sizeof(word);
    cols[1] = &W->img;
    sizes[1] = sizeof(uint32_t);
    cols[2] = &W->next;
    sizes[2] = sizeof(uint32_t);
    cols[3] = &W->dead;
    sizes[3] = sizeof(uint8_t);
    cols[4] = &W->par;
    sizes[4] = sizeof(uint32_t);
    cols[5] = &W->via;
    sizes[5] = sizeof(uint64_t);
}

/* The array a column's pointer holds (the pointers are of several types;
 * every object pointer has void *'s representation). */
static void *col_get(void *col)
{
    void *p;
    memcpy(&p, col, sizeof(p));
    return p;
}

static void col_set(void *col, void *p)
{
    memcpy(col, &p, sizeof(p));
}

static void walk_free(gr_arena *a, walk *W)
{
    if (W->first != NULL) {
        gr_mis_q_scratch_free(a, W->first, (size_t)W->m * sizeof(uint32_t));
        W->first = NULL;
    }
    if (W->cap == 0) {
        return;
    }
    void *cols[WALK_COLS];
    size_t sizes[WALK_COLS];
    walk_cols(W, cols, sizes);
    for (size_t i = WALK_COLS; i > 0; i--) {
        gr_mis_q_scratch_free(a, col_get(cols[i - 1]), W->cap * sizes[i - 1]);
    }
    W->cap = 0;
}

/* Room for `need` pairs: each column moved to a scratch chunk of twice the
 * room (or more), the old ones given back. */
static gr_status room(gr_arena *a, walk *W, size_t need)
{
    if (need <= W->cap) {
        return GR_OK;
    }
    size_t cap = W->cap < 256 ? 256 : W->cap * 2;
    while (cap < need) {
        cap *= 2;
    }
    void *cols[WALK_COLS], *fresh[WALK_COLS];
    size_t sizes[WALK_COLS];
    walk_cols(W, cols, sizes);
    for (size_t i = 0; i < WALK_COLS; i++) {
        if ((fresh[i] = gr_mis_q_scratch(a, cap * sizes[i])) == NULL) {
            return GR_ENOMEM;
        }
        if (W->n > 0) {
            memcpy(fresh[i], col_get(cols[i]), W->n * sizes[i]);
        }
    }
    uint32_t *first = W->first;
    W->first = NULL;
    walk_free(a, W);
    W->first = first;
    for (size_t i = 0; i < WALK_COLS; i++) {
        col_set(cols[i], fresh[i]);
    }
    W->cap = cap;
    return GR_OK;
}

static gr_status walk_init(gr_arena *a, walk *W, uint32_t w, uint32_t m)
{
    memset(W, 0, sizeof(*W));
    W->w = w;
    W->m = m;
    W->first = gr_mis_q_scratch_zero(a, (size_t)m * sizeof(uint32_t));
    return W->first == NULL ? GR_ENOMEM : GR_OK;
}

static gr_status walk_copy(gr_arena *a, const walk *from, walk *W)
{
    gr_status st = walk_init(a, W, from->w, from->m);
    if (st != GR_OK || (st = room(a, W, from->n)) != GR_OK) {
        return st;
    }
    memcpy(W->first, from->first, (size_t)from->m * sizeof(uint32_t));
    void *cols[WALK_COLS], *src[WALK_COLS];
    size_t sizes[WALK_COLS];
    walk_cols(W, cols, sizes);
    walk_cols((walk *)from, src, sizes); /* only read */
    for (size_t i = 0; i < WALK_COLS && from->n > 0; i++) {
        memcpy(col_get(cols[i]), col_get(src[i]), from->n * sizes[i]);
    }
    W->n = from->n;
    return GR_OK;
}

void gr_mis_q_proof_free(gr_arena *a, gr_mis_q_proof *p)
{
    if (p == NULL) {
        return;
    }
    walk_free(a, &p->W);
    gr_mis_q_scratch_free(a, p->kimg, p->cap * sizeof(uint32_t));
    gr_mis_q_scratch_free(a, p->kheap, p->cap * sizeof(uint64_t));
    gr_mis_q_scratch_free(a, p->kt, p->cap * p->w * sizeof(word));
    gr_mis_q_scratch_free(a, p, sizeof(*p));
}

static gr_mis_q_proof *proof_new(gr_arena *a, uint32_t w, size_t cap)
{
    gr_mis_q_proof *p = gr_mis_q_scratch_zero(a, sizeof(*p));
    if (p == NULL) {
        return NULL;
    }
    p->w = w;
    p->cap = cap < 16 ? 16 : cap;
    p->kimg = gr_mis_q_scratch(a, p->cap * sizeof(uint32_t));
    p->kheap = gr_mis_q_scratch(a, p->cap * sizeof(uint64_t));
    p->kt = gr_mis_q_scratch(a, p->cap * w * sizeof(word));
    if (p->kimg == NULL || p->kheap == NULL || p->kt == NULL) {
        gr_mis_q_proof_free(a, p);
        return NULL;
    }
    return p;
}

/* Room for one more kept heap. */
static gr_status proof_room(gr_arena *a, gr_mis_q_proof *p)
{
    if (p->nk < p->cap) {
        return GR_OK;
    }
    gr_mis_q_proof *b = proof_new(a, p->w, p->cap * 2);
    if (b == NULL) {
        return GR_ENOMEM;
    }
    memcpy(b->kimg, p->kimg, p->nk * sizeof(uint32_t));
    memcpy(b->kheap, p->kheap, p->nk * sizeof(uint64_t));
    memcpy(b->kt, p->kt, (size_t)p->nk * p->w * sizeof(word));
    gr_mis_q_scratch_free(a, p->kimg, p->cap * sizeof(uint32_t));
    gr_mis_q_scratch_free(a, p->kheap, p->cap * sizeof(uint64_t));
    gr_mis_q_scratch_free(a, p->kt, p->cap * p->w * sizeof(word));
    p->kimg = b->kimg;
    p->kheap = b->kheap;
    p->kt = b->kt;
    p->cap = b->cap;
    gr_mis_q_scratch_free(a, b, sizeof(*b));
    return GR_OK;
}

/* Heap h: its P-half ("a t in P forbids a y in P" for every element a),
 * then its T(H) among the kept heaps (*kept: it is one of them now).
 * *good false, with the witness, when the P-half fails or a heap without
 * a move is not the identity. */
static gr_status add_heap_t(const names *N, gr_mis_q_proof *K, uint64_t h, bool *good, bool *kept,
                            gr_mis_q_witness *wit)
{
    const gr_mis_q *q = N->q;
    const gr_mis_q_set *o = &q->opt[h];
    uint32_t x = q->image[h], m = q->m, w = K->w;
    *kept = false;
    if (o->n == 0) {
        /* a heap without a move is the zero game: the identity */
        *good = x == 0;
        return GR_OK;
    }
    for (uint32_t a = 0; a < m && *good; a++) {
        if (q->inp[gr_mis_q_mul(q, a, x)]) {
            for (uint32_t j = 0; j < o->n && *good; j++) {
                *good = !q->inp[gr_mis_q_mul(q, a, el(N, o->v[j]))];
            }
            if (!*good && wit != NULL) {
                wit->heaps = GR_ARENA_ARRAY_UNINIT(q->arena, uint64_t, 1);
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
    if (!*good) {
        return GR_OK;
    }
    gr_status st = proof_room(q->arena, K);
    if (st != GR_OK) {
        return st;
    }
    uint32_t nk = K->nk, xl = N->lab[x];
    word *kt = K->kt, *t = kt + (size_t)nk * w;
    heap_t(N, o, t, w);
    for (uint32_t i = 0; i < nk; i++) {
        if (K->kimg[i] == xl && subset_of(kt + (size_t)i * w, t, w)) {
            return GR_OK;
        }
    }
    /* drop the kept heaps of this image above the new one */
    uint32_t j = 0;
    for (uint32_t i = 0; i < nk; i++) {
        if (!(K->kimg[i] == xl && subset_of(t, kt + (size_t)i * w, w))) {
            K->kimg[j] = K->kimg[i];
            K->kheap[j] = K->kheap[i];
            memmove(kt + (size_t)j * w, kt + (size_t)i * w, w * sizeof(word));
            j++;
        }
    }
    memmove(kt + (size_t)j * w, t, w * sizeof(word));
    K->kimg[j] = xl;
    K->kheap[j] = h;
    K->nk = j + 1;
    *kept = true;
    return GR_OK;
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
    gr_status st = room(a, W, W->n + 1);
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
static gr_status witness_of(gr_arena *A, const walk *W, size_t at, gr_mis_q_witness *out)
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

/* Pair `at` plus kept heap k, added to the walk.  The T of G + H by
 * label u (element z): T(G) holds H z, or T(H) holds G z. */
static gr_status step(const names *N, walk *W, size_t at, const gr_mis_q_proof *K, uint32_t k,
                      word *nt)
{
    const gr_mis_q *q = N->q;
    uint32_t m = q->m, w = W->w;
    uint32_t x = el(N, W->img[at]), y = el(N, K->kimg[k]);
    const word *t = W->t + at * w, *th = K->kt + (size_t)k * w;
    const uint32_t *row_h = q->tab + (size_t)y * m, *row_x = q->tab + (size_t)x * m;
    memset(nt, 0, w * sizeof(word));
    for (uint32_t u = 0; u < m; u++) {
        uint32_t z = el(N, u);
        if (bit(t, N->lab[row_h[z]]) || bit(th, N->lab[row_x[z]])) {
            set_bit(nt, u);
        }
    }
    return add_pair(q->arena, W, N->lab[gr_mis_q_mul(q, x, y)], nt, (uint32_t)at + 1, K->kheap[k]);
}

/* The N-half from pair `from` on: each pair checked (an N-image has a
 * move to P: the identity in T) and walked on with every kept heap. */
static gr_status walk_on(const names *N, walk *W, size_t from, const gr_mis_q_proof *K,
                         uint64_t max_states, bool *good, bool *too_big, gr_mis_q_witness *wit)
{
    const gr_mis_q *q = N->q;
    gr_arena *A = q->arena;
    uint32_t w = W->w, one = N->lab[0];
    word *nt = gr_mis_q_scratch(A, w * sizeof(word));
    if (nt == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = GR_OK;
    for (size_t at = from; at < W->n && *good && st == GR_OK; at++) {
        if (((at - from) & 255) == 0 && (st = gr_arena_check(A)) != GR_OK) {
            break;
        }
        if (W->dead[at]) {
            continue;
        }
        if (!q->inp[el(N, W->img[at])] && !bit(W->t + at * w, one)) {
            *good = false; /* an N-image without a move to P */
            if (wit != NULL) {
                st = witness_of(A, W, at, wit);
            }
            break;
        }
        for (uint32_t k = 0; k < K->nk && st == GR_OK; k++) {
            st = step(N, W, at, K, k, nt);
            if (st == GR_OK && W->n > max_states) {
                *too_big = true;
                *good = false;
            }
        }
    }
    gr_mis_q_scratch_free(A, nt, w * sizeof(word));
    return st;
}

/* The whole proof of q; the kept heaps and the walk in *out when it holds
 * (out may be NULL). */
static gr_status verify_all(const gr_mis_q *q, uint64_t max_states, bool *ok, bool *too_big,
                            gr_mis_q_witness *wit, gr_mis_q_proof **out)
{
    *ok = false;
    *too_big = false;
    if (wit != NULL) {
        memset(wit, 0, sizeof(*wit));
    }
    gr_arena *A = q->arena;
    uint32_t w = (q->m + WBITS - 1) / WBITS;
    names N;
    gr_mis_q_proof *K = proof_new(A, w, 64);
    if (K == NULL || names_make(q, &N) != GR_OK) {
        return GR_ENOMEM;
    }
    gr_status st = walk_init(A, &K->W, w, q->m);
    bool good = q->inp[0] == 0; /* the empty position is N */
    for (uint64_t h = 1; h < q->heaps && good && st == GR_OK; h++) {
        bool kept;
        st = add_heap_t(&N, K, h, &good, &kept, wit);
    }
    /* the walk, from the positions of one heap */
    for (uint32_t k = 0; k < K->nk && good && st == GR_OK; k++) {
        st = add_pair(A, &K->W, K->kimg[k], K->kt + (size_t)k * w, 0, K->kheap[k]);
    }
    if (st == GR_OK && good) {
        st = walk_on(&N, &K->W, 0, K, max_states, &good, too_big, wit);
    }
    names_free(&N);
    *ok = st == GR_OK && good && !*too_big;
    if (*ok && out != NULL) {
        *out = K;
    } else {
        gr_mis_q_proof_free(A, K);
    }
    return st;
}

gr_status gr_mis_q_verify(const gr_mis_q *q, uint64_t max_states, bool *ok, bool *too_big)
{
    return verify_all(q, max_states, ok, too_big, NULL, NULL);
}

gr_status gr_mis_q_verify_witness(const gr_mis_q *q, uint64_t max_states, bool *ok, bool *too_big,
                                  gr_mis_q_witness *wit)
{
    return verify_all(q, max_states, ok, too_big, wit, NULL);
}

gr_status gr_mis_q_verify_next(const gr_mis_q *prev, const uint32_t *pi, gr_mis_q *nq,
                               uint64_t max_states, bool *ok, bool *too_big)
{
    *ok = false;
    *too_big = false;
    const gr_mis_q_proof *P = prev->proof;
    if (pi == NULL || P == NULL || prev->m != nq->m || prev->heaps + 1 != nq->heaps) {
        return verify_all(nq, max_states, ok, too_big, NULL, &nq->proof);
    }
    /* nq is prev renamed, and the labels followed (nq->omap): prev's
     * kept heaps and walk hold for the heaps below the new one as they
     * are */
    gr_arena *A = nq->arena;
    uint32_t w = P->w;
    names N;
    gr_mis_q_proof *K = proof_new(A, w, P->nk + 1);
    if (K == NULL || names_make(nq, &N) != GR_OK) {
        return GR_ENOMEM;
    }
    memcpy(K->kimg, P->kimg, P->nk * sizeof(uint32_t));
    memcpy(K->kheap, P->kheap, P->nk * sizeof(uint64_t));
    memcpy(K->kt, P->kt, (size_t)P->nk * w * sizeof(word));
    K->nk = P->nk;
    bool good = true, kept = false;
    gr_status st = walk_copy(A, &P->W, &K->W);
    if (st == GR_OK) {
        st = add_heap_t(&N, K, nq->heaps - 1, &good, &kept, NULL);
    }
    /* A new heap whose T is above a kept one's of its image leaves the
     * walk as it was.  Otherwise the walk is closed again: the new heap
     * alone, every walked pair plus the new heap, then whatever these
     * reach with every kept heap.  The pairs walked before stay (each is
     * a position's, checked already): every position's pair is then
     * still above a walked pair that passed (heaps dropped as above the
     * new one are above it). */
    if (st == GR_OK && good && kept) {
        walk *W = &K->W;
        size_t n0 = W->n;
        uint32_t k = K->nk - 1;
        word *nt = gr_mis_q_scratch(A, w * sizeof(word));
        if (nt == NULL) {
            st = GR_ENOMEM;
        }
        if (st == GR_OK) {
            st = add_pair(A, W, K->kimg[k], K->kt + (size_t)k * w, 0, K->kheap[k]);
        }
        for (size_t at = 0; at < n0 && st == GR_OK; at++) {
            if (!W->dead[at]) {
                st = step(&N, W, at, K, k, nt);
            }
        }
        gr_mis_q_scratch_free(A, nt, w * sizeof(word));
        if (st == GR_OK && W->n > max_states) {
            *too_big = true;
            good = false;
        }
        if (st == GR_OK && good) {
            st = walk_on(&N, W, n0, K, max_states, &good, too_big, NULL);
        }
    }
    names_free(&N);
    *ok = st == GR_OK && good && !*too_big;
    if (*ok) {
        nq->proof = K;
    } else {
        gr_mis_q_proof_free(A, K);
    }
    return st;
}
