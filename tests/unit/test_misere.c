/* Misère play of heap games: the core's exhaustive search against an
 * independent brute force written here (its own move rules from the
 * digits, its own memo), on random octal and hexadecimal codes, subtraction
 * sets and small heap multisets; misère Nim against Bouton's rule. */
#include "gr_test.h"
#include "gr_test_misere.h"

#include <string.h>

#include "grundy/misere.h"
#include "grundy/nim.h"

/* ---- the reference: positions of heaps <= 15, at most 15 heaps ---------- */

#define REF_SLOTS (1u << 20)

typedef struct ref {
    int kind; /* 0 octal digits, 1 subtraction set */
    unsigned digit[10], ndig;
    unsigned set[6], nset;
    uint64_t key[REF_SLOTS];
    signed char val[REF_SLOTS]; /* 0 empty, 1 P, 2 N */
} ref;

static uint64_t encode(const unsigned *h, size_t n)
{
    unsigned s[32];
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (h[i] > 0) {
            s[m++] = h[i];
        }
    }
    for (size_t i = 1; i < m; i++) {
        for (size_t j = i; j > 0 && s[j - 1] > s[j]; j--) {
            unsigned t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    }
    uint64_t k = 1;
    for (size_t i = 0; i < m; i++) {
        k = (k << 4) | s[i];
    }
    return k;
}

static int ref_p(ref *r, const unsigned *h, size_t n);

/* whether the position h minus heap i plus leaves is P */
static int child_p(ref *r, const unsigned *h, size_t n, size_t i, const unsigned *leaves, size_t nl)
{
    unsigned c[32];
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        if (k != i) {
            c[m++] = h[k];
        }
    }
    for (size_t k = 0; k < nl; k++) {
        c[m++] = leaves[k];
    }
    return ref_p(r, c, m);
}

static int ref_p(ref *r, const unsigned *h, size_t n)
{
    uint64_t k = encode(h, n);
    size_t slot = (size_t)((k * 0x9e3779b97f4a7c15ull) >> 44);
    while (r->val[slot] != 0 && r->key[slot] != k) {
        slot = (slot + 1) & (REF_SLOTS - 1);
    }
    if (r->val[slot] != 0) {
        return r->val[slot] == 1;
    }
    int any = 0, to_p = 0;
    for (size_t i = 0; i < n && !to_p; i++) {
        unsigned x = h[i];
        if (r->kind == 1) {
            for (unsigned s = 0; s < r->nset && !to_p; s++) {
                if (r->set[s] <= x) {
                    unsigned l = x - r->set[s];
                    any = 1;
                    to_p = child_p(r, h, n, i, &l, 1);
                }
            }
            continue;
        }
        for (unsigned j = 1; j <= r->ndig && j <= x && !to_p; j++) {
            unsigned d = r->digit[j], rem = x - j;
            if ((d & 1) && rem == 0) {
                any = 1;
                to_p = child_p(r, h, n, i, NULL, 0);
            }
            if ((d & 2) && rem > 0 && !to_p) {
                any = 1;
                to_p = child_p(r, h, n, i, &rem, 1);
            }
            for (unsigned a = 1; (d & 4) && a < rem && !to_p; a++) {
                unsigned l[2] = {a, rem - a};
                any = 1;
                to_p = child_p(r, h, n, i, l, 2);
            }
            for (unsigned a = 1; (d & 8) && a < rem && !to_p; a++) {
                for (unsigned b = 1; a + b < rem && !to_p; b++) {
                    unsigned l[3] = {a, b, rem - a - b};
                    any = 1;
                    to_p = child_p(r, h, n, i, l, 3);
                }
            }
        }
    }
    /* the slot may have been taken by a child meanwhile */
    slot = (size_t)((k * 0x9e3779b97f4a7c15ull) >> 44);
    while (r->val[slot] != 0 && r->key[slot] != k) {
        slot = (slot + 1) & (REF_SLOTS - 1);
    }
    int p = any && !to_p;
    r->key[slot] = k;
    r->val[slot] = p ? 1 : 2;
    return p;
}

/* A search over the one game g (kept by pointer: g outlives it), at most
 * max_nodes memoised positions (0: the default). */
static gr_mis_search *new_search(gr_arena *a, const gr_mis_game *g, uint64_t max_nodes)
{
    gr_mis_search *s;
    assert_int_equal(gr_mis_search_new(a, g, 1, max_nodes, &s), GR_OK);
    return s;
}

/* Whether the single heap h of the search's game is a P-position. */
static bool heap_is_p(gr_mis_search *s, uint64_t h)
{
    uint64_t t = GR_MIS_TOKEN(0, h);
    bool p;
    assert_int_equal(gr_mis_is_p(s, &t, 1, &p), GR_OK);
    return p;
}

/* The element of the quotient that the sum of heaps h[0..n-1] maps to. */
static uint32_t sum_image(const gr_mis_quotient *q, const uint64_t *h, size_t n)
{
    uint32_t e = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t img;
        assert_int_equal(gr_mis_quotient_image(q, h[i], &img), GR_OK);
        e = gr_mis_mul(q, e, img);
    }
    return e;
}

static void random_game(gr_test_rng *rng, ref *r, gr_mis_game *g, uint32_t *set)
{
    memset(r->val, 0, sizeof(r->val));
    memset(g, 0, sizeof(*g));
    if (gr_test_below(rng, 3) == 0) {
        r->kind = 1;
        g->kind = GR_MIS_SUB;
        r->nset = 1 + (unsigned)gr_test_below(rng, 3);
        unsigned v = 0;
        for (unsigned i = 0; i < r->nset; i++) {
            v += 1 + (unsigned)gr_test_below(rng, 3);
            r->set[i] = v;
            set[i] = v;
        }
        g->set = set;
        g->set_len = r->nset;
        return;
    }
    r->kind = 0;
    int hex = gr_test_below(rng, 3) == 0;
    r->ndig = 1 + (unsigned)gr_test_below(rng, 3);
    char text[16] = "0.";
    for (unsigned j = 1; j <= r->ndig; j++) {
        unsigned d = (unsigned)gr_test_below(rng, hex ? 16 : 8);
        if (j == r->ndig && d == 0) {
            d = 7;
        }
        r->digit[j] = d;
        text[1 + j] = "0123456789ABCDEF"[d];
    }
    text[2 + r->ndig] = '\0';
    *g = gr_test_mis_octal(text);
}

static void test_search_against_reference(void **state)
{
    (void)state;
    static ref r;
    gr_test_rng rng = {.s = 28};
    for (int game = 0; game < 40; game++) {
        gr_mis_game g;
        uint32_t set[8];
        random_game(&rng, &r, &g, set);
        gr_arena *a = gr_arena_create(0);
        gr_mis_search *s = new_search(a, &g, 0);
        for (int pos = 0; pos < 60; pos++) {
            size_t n = 1 + (size_t)gr_test_below(&rng, 4);
            unsigned h[8];
            uint64_t t[8];
            for (size_t i = 0; i < n; i++) {
                h[i] = (unsigned)gr_test_below(&rng, 9);
                t[i] = GR_MIS_TOKEN(0, h[i]);
            }
            bool p;
            assert_int_equal(gr_mis_is_p(s, t, n, &p), GR_OK);
            assert_int_equal(p, ref_p(&r, h, n));
            /* every option of every heap, replayed */
            for (size_t i = 0; i < n; i++) {
                const gr_mis_opt *o;
                size_t no;
                assert_int_equal(gr_mis_token_options(s, t[i], &o, &no), GR_OK);
                for (size_t j = 0; j < no; j++) {
                    bool cp;
                    assert_int_equal(gr_mis_after_is_p(s, t, n, i, &o[j], &cp), GR_OK);
                    unsigned l[3];
                    for (uint32_t k = 0; k < o[j].nleaves; k++) {
                        l[k] = (unsigned)o[j].leaves[k];
                    }
                    assert_int_equal(cp, child_p(&r, h, n, i, l, o[j].nleaves));
                }
            }
        }
        gr_arena_destroy(a);
    }
}

static void test_misere_nim(void **state)
{
    gr_mis_game g = {.kind = GR_MIS_NIM};
    gr_mis_search *s = new_search(*state, &g, 0);
    gr_test_rng rng = {.s = 7};
    for (int k = 0; k < 300; k++) {
        size_t n = (size_t)gr_test_below(&rng, 5);
        uint64_t piles[5], t[5];
        for (size_t i = 0; i < n; i++) {
            piles[i] = gr_test_below(&rng, 7);
            t[i] = GR_MIS_TOKEN(0, piles[i]);
        }
        bool p;
        assert_int_equal(gr_mis_is_p(s, t, n, &p), GR_OK);
        assert_int_equal(!p, gr_nim_misere_first_wins(piles, n));
    }
}

/* Misère Kayles single heaps: the P-positions below 30 are 1, 4, 9, 12
 * and 20 (Sibert-Conway; docs/misere.md). */
static void test_kayles_single_heaps(void **state)
{
    gr_mis_game g = gr_test_mis_octal("0.77");
    gr_mis_search *s = new_search(*state, &g, 0);
    static const int expect[] = {1, 4, 9, 12, 20};
    size_t e = 0;
    for (uint64_t h = 0; h < 30; h++) {
        bool want = e < 5 && (uint64_t)expect[e] == h;
        assert_int_equal(heap_is_p(s, h), want);
        e += want;
    }
}

static void test_node_budget(void **state)
{
    gr_mis_game g = gr_test_mis_octal("0.77");
    gr_mis_search *s = new_search(*state, &g, 100);
    uint64_t t[3] = {GR_MIS_TOKEN(0, 20), GR_MIS_TOKEN(0, 21), GR_MIS_TOKEN(0, 22)};
    bool p;
    assert_int_equal(gr_mis_is_p(s, t, 3, &p), GR_ELIMIT);
}

/* ---- quotients ----------------------------------------------------------- */

/* The algebra of a quotient, and its predictions against exhaustive
 * search on random sums of heaps <= max_heap (and, when complete, past
 * it: the periodic images must predict those too). */
static void check_quotient(const gr_mis_game *g, const gr_mis_quotient *q, gr_test_rng *rng)
{
    gr_test_mis_algebra(q);
    gr_arena *a = gr_arena_create(0);
    gr_mis_search *s = new_search(a, g, 0);
    uint64_t top = q->max_heap < 14 ? q->max_heap : 14;
    for (int k = 0; k < 150; k++) {
        size_t n = 1 + (size_t)gr_test_below(rng, 4);
        uint64_t h[4], t[4];
        for (size_t i = 0; i < n; i++) {
            h[i] = gr_test_below(rng, top + 1);
            if (q->complete && i == 0 && gr_test_below(rng, 3) == 0) {
                h[i] = 15 + gr_test_below(rng, 10); /* past the heaps built, by the period */
            }
            t[i] = GR_MIS_TOKEN(0, h[i]);
        }
        bool pp;
        gr_status st = gr_mis_is_p(s, t, n, &pp);
        if (st == GR_ELIMIT) {
            continue;
        }
        assert_int_equal(st, GR_OK);
        assert_int_equal(pp, q->in_p[sum_image(q, h, n)] != 0);
    }
    gr_arena_destroy(a);
}

/* The quotient of the octal game code over heaps up to n, built until
 * complete (*g is the game, kept by the caller). */
static gr_status build_code(gr_arena *a, const char *code, uint64_t n, gr_mis_game *g,
                            gr_mis_quotient *q)
{
    *g = gr_test_mis_octal(code);
    gr_mis_quotient_opts o = {.max_heap = n, .until_complete = true, .max_heap_limit = n};
    const char *why;
    return gr_mis_quotient_build(a, g, &o, q, &why);
}

static void test_quotient_algebra_random_codes(void **state)
{
    (void)state;
    gr_test_rng rng = {.s = 2008};
    int built = 0;
    for (int k = 0; k < 60; k++) {
        static ref r;
        gr_mis_game g;
        uint32_t set[8];
        random_game(&rng, &r, &g, set);
        gr_arena *a = gr_arena_create(0);
        gr_mis_quotient q;
        gr_mis_quotient_opts o = {.max_heap = 14, .max_states = 1u << 16};
        const char *why;
        gr_status st = gr_mis_quotient_build(a, &g, &o, &q, &why);
        assert_true(st == GR_OK || st == GR_ELIMIT);
        if (st == GR_OK) {
            built++;
            check_quotient(&g, &q, &rng);
        }
        gr_arena_destroy(a);
    }
    assert_true(built >= 10);
}

/* Plambeck-Siegel's 0.75: order 8, P = {a, b^2}, generated by heaps 1, 2
 * and 5 with a^2 = 1, b^3 = b, bc = ab, c^2 = b^2. */
static void test_quotient_075(void **state)
{
    gr_mis_game g;
    gr_mis_quotient q;
    assert_int_equal(build_code(*state, "0.75", 40, &g, &q), GR_OK);
    assert_int_equal(q.order, 8);
    assert_int_equal(q.p_count, 2);
    assert_true(q.complete);
    assert_false(q.tame);
    assert_int_equal(q.ngens, 3);
    assert_int_equal(q.gen_heap[0], 1);
    assert_int_equal(q.gen_heap[1], 2);
    assert_int_equal(q.gen_heap[2], 5);
    assert_int_equal(q.nrel, 4);
    /* the P-portion is {a, b^2} */
    for (uint32_t e = 0; e < q.order; e++) {
        const uint32_t *w = q.word + (size_t)e * 3;
        bool is_a = w[0] == 1 && w[1] == 0 && w[2] == 0;
        bool is_b2 = w[0] == 0 && w[1] == 2 && w[2] == 0;
        assert_int_equal(q.in_p[e] != 0, is_a || is_b2);
    }
    gr_test_rng rng = {.s = 75};
    check_quotient(&g, &q, &rng);
    /* a huge heap by the period: 2^62 is even, past the preperiod */
    uint32_t img;
    assert_int_equal(gr_mis_quotient_image(&q, 1ull << 62, &img), GR_OK);
    assert_int_equal(img, q.image[q.preperiod + ((1ull << 62) - q.preperiod) % q.period]);
}

/* Tame games: 0.7 (She loves me, she loves me not) has misère Nim's
 * quotient of heaps below 2 (order 2); take 1 or 2 (0.33) that of heaps
 * below 4 (order 6, a^2 = 1, b^3 = b). */
static void test_tame(void **state)
{
    gr_arena *a = *state;
    gr_mis_game g;
    gr_mis_quotient q;
    assert_int_equal(build_code(a, "0.7", 20, &g, &q), GR_OK);
    assert_int_equal(q.order, 2);
    assert_true(q.tame && q.complete);
    assert_int_equal(build_code(a, "0.33", 20, &g, &q), GR_OK);
    assert_int_equal(q.order, 6);
    assert_int_equal(q.p_count, 2);
    assert_true(q.tame && q.complete);
    gr_test_rng rng = {.s = 33};
    check_quotient(&g, &q, &rng);
    /* misère Nim itself: heaps below 4, then below 8 (orders 6 and 10) */
    gr_mis_game nim = {.kind = GR_MIS_NIM};
    gr_mis_quotient_opts o = {.max_heap = 3};
    const char *why;
    assert_int_equal(gr_mis_quotient_build(a, &nim, &o, &q, &why), GR_OK);
    assert_int_equal(q.order, 6);
    o.max_heap = 7;
    assert_int_equal(gr_mis_quotient_build(a, &nim, &o, &q, &why), GR_OK);
    assert_int_equal(q.order, 10);
    check_quotient(&nim, &q, &rng);
}

/* Misère Kayles: heap 9 splits 5 + 5 from 0 (equivalent among heaps <= 8);
 * the rebuild from the generators gives a quotient that still predicts
 * exhaustive search. */
static void test_kayles_split(void **state)
{
    gr_mis_game g;
    gr_mis_quotient q;
    assert_int_equal(build_code(*state, "0.77", 8, &g, &q), GR_OK);
    uint32_t e55 = gr_mis_mul(&q, q.image[5], q.image[5]);
    assert_int_equal(e55, 0);
    assert_int_equal(build_code(*state, "0.77", 12, &g, &q), GR_OK);
    e55 = gr_mis_mul(&q, q.image[5], q.image[5]);
    assert_int_not_equal(e55, 0);
    gr_test_rng rng = {.s = 77};
    check_quotient(&g, &q, &rng);
}

/* The predictions of a quotient against the reference brute force of
 * this file (its own move rules from the code's digits): random sums of
 * up to four heaps, 15 tokens in all (the reference's keys hold 15
 * heaps). */
static void check_against_ref(const char *code, const gr_mis_quotient *q, gr_test_rng *rng)
{
    static ref r;
    memset(r.val, 0, sizeof(r.val));
    r.kind = 0;
    r.ndig = 0;
    for (const char *c = code + 2; *c != '\0'; c++) {
        r.digit[++r.ndig] = (unsigned)(*c - '0');
    }
    for (int k = 0; k < 300; k++) {
        size_t n = 1 + (size_t)gr_test_below(rng, 4);
        unsigned h[4], left = 15;
        uint64_t h64[4];
        for (size_t i = 0; i < n; i++) {
            h[i] = (unsigned)gr_test_below(rng, left + 1);
            left -= h[i];
            h64[i] = h[i];
        }
        assert_int_equal(ref_p(&r, h, n), q->in_p[sum_image(q, h64, n)] != 0);
    }
}

/* Wild games now complete, with the pretending-function periods of
 * Plambeck-Siegel's supplement (0.34: 8, 0.712: 6, 0.123: 5, 0.512: 6,
 * 0.716: 2; 0.75: 2) and
 * misère Kayles' 12 (Sibert-Conway, the period of its normal-play
 * values too).  The orders and |P| are what grundyd proves; each
 * quotient's algebra and predictions are checked against brute force. */
static void test_wild_complete(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        uint32_t order, p;
        uint64_t pre, period;
    } want[] = {
        {"0.34", 12, 3, 7, 8},   {"0.712", 14, 4, 3, 6}, {"0.123", 20, 5, 5, 5},
        {"0.53", 16, 3, 21, 9},  {"0.512", 8, 2, 16, 6}, {"0.716", 14, 4, 22, 2},
        {"0.77", 40, 9, 71, 12},
    };
    for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
        gr_arena *a = gr_arena_create(0);
        gr_mis_game g;
        gr_mis_quotient q;
        assert_int_equal(build_code(a, want[i].code, 300, &g, &q), GR_OK);
        assert_true(q.complete);
        assert_false(q.tame);
        assert_int_equal(q.order, want[i].order);
        assert_int_equal(q.p_count, want[i].p);
        assert_int_equal(q.preperiod, want[i].pre);
        assert_int_equal(q.period, want[i].period);
        gr_test_rng rng = {.s = 34 + i};
        check_quotient(&g, &q, &rng);
        check_against_ref(want[i].code, &q, &rng);
        gr_arena_destroy(a);
    }
}

/* Misère Kayles from its complete quotient: single heaps up to 32 against
 * exhaustive search, and a heap of 10^12 answered by the period. */
static void test_kayles_complete(void **state)
{
    gr_mis_game g;
    gr_mis_quotient q;
    assert_int_equal(build_code(*state, "0.77", 300, &g, &q), GR_OK);
    assert_true(q.complete);
    gr_mis_search *s = new_search(*state, &g, 0);
    for (uint64_t h = 1; h <= 32; h++) {
        assert_int_equal(heap_is_p(s, h), q.in_p[sum_image(&q, &h, 1)] != 0);
    }
    /* heaps past the proof repeat with period 12 */
    uint32_t x, y;
    assert_int_equal(gr_mis_quotient_image(&q, 1000000000000ull, &x), GR_OK);
    uint64_t r = q.preperiod + (1000000000000ull - q.preperiod) % 12;
    assert_int_equal(gr_mis_quotient_image(&q, r, &y), GR_OK);
    assert_int_equal(x, y);
}

GR_TEST_MAIN(cmocka_unit_test(test_search_against_reference), gr_test_with_arena(test_misere_nim),
             gr_test_with_arena(test_kayles_single_heaps), gr_test_with_arena(test_node_budget),
             cmocka_unit_test(test_quotient_algebra_random_codes),
             gr_test_with_arena(test_quotient_075), gr_test_with_arena(test_tame),
             gr_test_with_arena(test_kayles_split), cmocka_unit_test(test_wild_complete),
             gr_test_with_arena(test_kayles_complete))
