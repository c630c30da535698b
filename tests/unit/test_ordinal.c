/* Ordinals below epsilon_0 and the tree-order game (docs/ordinals.md): its table
 * of examples, the tree order against a direct sorted-children comparison,
 * nim-sum algebra, winning moves replayed to a zero forest, invariance
 * under child order, and 10^6-vertex paths and stars. */
#include "gr_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy/ordinal.h"
#include "games/ordinal_trees.h"

/* ---- forests from nested text ------------------------------------------- */

typedef struct forest {
    uint32_t *parent;
    size_t n, cap;
} forest;

static void forest_push(forest *f, uint32_t parent)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 64;
        f->parent = realloc(f->parent, f->cap * sizeof(*f->parent));
        assert_non_null(f->parent);
    }
    f->parent[f->n++] = parent;
}

/* Appends a path of k vertices, each below the one before. */
static void forest_add_path(forest *f, size_t k)
{
    size_t root = f->n;
    forest_push(f, GR_OTREE_ROOT);
    for (size_t v = 1; v < k; v++) {
        forest_push(f, (uint32_t)(root + v - 1));
    }
}

/* Appends `leaves` children to vertex `at` (the root of a star when
 * `at` is a new root). */
static void forest_add_leaves(forest *f, uint32_t at, size_t leaves)
{
    for (size_t v = 0; v < leaves; v++) {
        forest_push(f, at);
    }
}

/* Appends the tree written "[[[]],[]]" (pre-order ids). */
static void forest_add_text(forest *f, const char *s)
{
    uint32_t stack[256];
    size_t sp = 0;
    for (; *s; s++) {
        if (*s == '[') {
            forest_push(f, sp ? stack[sp - 1] : GR_OTREE_ROOT);
            stack[sp++] = (uint32_t)(f->n - 1);
        } else if (*s == ']') {
            sp--;
        }
    }
    assert_int_equal(sp, 0);
}

static char *ord_text(const gr_ord_ctx *x, gr_ord a, gr_ord_style style)
{
    char *t;
    size_t len;
    assert_int_equal(gr_ord_print(x, a, style, &t, &len), GR_OK);
    assert_int_equal(strlen(t), len);
    return t;
}

static gr_otree_result analyse(gr_arena *a, const forest *f)
{
    gr_otree_forest in = {.n_nodes = f->n, .parent = f->parent};
    gr_otree_result r;
    assert_int_equal(gr_otree_analyse(a, &in, &r), GR_OK);
    return r;
}

/* ---- the seed's table ---------------------------------------------------- */

static const struct {
    const char *tree, *unicode, *ascii;
} table[] = {
    {"[]", "0", "0"},
    {"[[]]", "1", "1"},
    {"[[],[]]", "2", "2"},
    {"[[],[],[]]", "3", "3"},
    {"[[[]]]", "\xcf\x89", "w"},
    {"[[[]],[]]", "\xcf\x89 + 1", "w + 1"},
    {"[[[]],[],[]]", "\xcf\x89 + 2", "w + 2"},
    {"[[[]],[[]]]", "\xcf\x89\xc2\xb7" "2", "w*2"},
    {"[[[]],[[]],[]]", "\xcf\x89\xc2\xb7" "2 + 1", "w*2 + 1"},
    {"[[[],[]]]", "\xcf\x89^2", "w^2"},
    {"[[[],[],[]]]", "\xcf\x89^3", "w^3"},
    {"[[[],[],[]],[[],[]],[[],[]],[],[],[],[]]",
     "\xcf\x89^3 + \xcf\x89^2\xc2\xb7" "2 + 4", "w^3 + w^2*2 + 4"},
    {"[[[[]]]]", "\xcf\x89^\xcf\x89", "w^w"},
    {"[[[[]],[]]]", "\xcf\x89^(\xcf\x89 + 1)", "w^(w + 1)"},
    {"[[[[]],[[]]]]", "\xcf\x89^(\xcf\x89\xc2\xb7" "2)", "w^(w*2)"},
    {"[[[[[]]]]]", "\xcf\x89^(\xcf\x89^\xcf\x89)", "w^(w^w)"},
    {"[[[[[]]]],[[[]]],[[]],[]]", "\xcf\x89^(\xcf\x89^\xcf\x89) + "
     "\xcf\x89^\xcf\x89 + \xcf\x89 + 1", "w^(w^w) + w^w + w + 1"},
    {"[[[[[]]]],[[[]]],[[[]]],[],[]]", NULL, "w^(w^w) + w^w*2 + 2"},
};

static void test_seed_table(void **state)
{
    gr_arena *a = *state;
    forest f = {0};
    size_t nt = sizeof(table) / sizeof(table[0]);
    for (size_t i = 0; i < nt; i++) {
        forest_add_text(&f, table[i].tree);
    }
    gr_otree_result r = analyse(a, &f);
    assert_int_equal(r.n_trees, nt);
    for (size_t i = 0; i < nt; i++) {
        if (table[i].unicode != NULL) {
            assert_string_equal(ord_text(r.ctx, r.tree_value[i],
                                         GR_ORD_UNICODE),
                                table[i].unicode);
        }
        assert_string_equal(ord_text(r.ctx, r.tree_value[i], GR_ORD_ASCII),
                            table[i].ascii);
    }
    /* the table (first 13 rows) is in increasing order */
    for (size_t i = 0; i + 1 < 13; i++) {
        assert_int_equal(gr_ord_cmp(r.ctx, r.tree_value[i],
                                    r.tree_value[i + 1]), -1);
    }
    /* finite values */
    uint64_t v;
    assert_true(gr_ord_is_finite(r.ctx, r.tree_value[2], &v));
    assert_int_equal(v, 2);
    assert_false(gr_ord_is_finite(r.ctx, r.tree_value[4], &v));
    free(f.parent);
}

static void test_single_and_empty_forest(void **state)
{
    gr_arena *a = *state;
    forest f = {0};
    gr_otree_result r = analyse(a, &f);
    assert_int_equal(r.n_trees, 0);
    assert_int_equal(r.total, GR_ORD_ZERO);
    assert_string_equal(ord_text(r.ctx, r.total, GR_ORD_UNICODE), "0");
    /* [[[]]] + [[],[]]: w XOR 2 = w + 2 */
    forest_add_text(&f, "[[[]]]");
    forest_add_text(&f, "[[],[]]");
    r = analyse(a, &f);
    assert_string_equal(ord_text(r.ctx, r.total, GR_ORD_ASCII), "w + 2");
    free(f.parent);
}

static void test_bad_parent(void **state)
{
    gr_arena *a = *state;
    uint32_t parent[3] = {GR_OTREE_ROOT, 2, 0};
    gr_otree_forest in = {.n_nodes = 3, .parent = parent};
    gr_otree_result r;
    assert_int_equal(gr_otree_analyse(a, &in, &r), GR_EINVAL);
}

/* ---- reference order: sorted children compared lexicographically ---------
 * Small trees only, so the reference may recurse. */

typedef struct ref {
    size_t n;
    uint32_t **kids;
    size_t *nkids;
} ref;

static int ref_cmp(const ref *R, uint32_t u, uint32_t v)
{
    size_t i = 0;
    while (i < R->nkids[u] && i < R->nkids[v]) {
        int c = ref_cmp(R, R->kids[u][i], R->kids[v][i]);
        if (c != 0) {
            return c;
        }
        i++;
    }
    if (R->nkids[u] == R->nkids[v]) {
        return 0;
    }
    return R->nkids[u] < R->nkids[v] ? -1 : 1;
}

static ref ref_build(const forest *f)
{
    ref R = {.n = f->n};
    R.kids = calloc(f->n, sizeof(*R.kids));
    R.nkids = calloc(f->n, sizeof(*R.nkids));
    size_t *deg = calloc(f->n + 1, sizeof(*deg));
    for (size_t v = 0; v < f->n; v++) {
        if (f->parent[v] != GR_OTREE_ROOT) {
            deg[f->parent[v]]++;
        }
    }
    for (size_t v = 0; v < f->n; v++) {
        R.kids[v] = calloc(deg[v] + 1, sizeof(uint32_t));
    }
    free(deg);
    for (size_t v = 0; v < f->n; v++) {
        if (f->parent[v] != GR_OTREE_ROOT) {
            uint32_t p = f->parent[v];
            R.kids[p][R.nkids[p]++] = (uint32_t)v;
        }
    }
    /* children after parents: sorting in reverse id order sorts every
     * subtree before it is compared */
    for (size_t v = f->n; v-- > 0;) {
        uint32_t *k = R.kids[v];
        for (size_t i = 1; i < R.nkids[v]; i++) {
            uint32_t x = k[i];
            size_t j = i;
            while (j > 0 && ref_cmp(&R, k[j - 1], x) < 0) {
                k[j] = k[j - 1];
                j--;
            }
            k[j] = x;
        }
    }
    return R;
}

static void ref_free(ref *R)
{
    for (size_t v = 0; v < R->n; v++) {
        free(R->kids[v]);
    }
    free(R->kids);
    free(R->nkids);
}

/* A random tree of n vertices appended to f; shapes vary from bushy to
 * path-like so heights and CNF lengths both vary. */
static void forest_add_random(forest *f, gr_test_rng *g, size_t n)
{
    size_t base = f->n;
    forest_push(f, GR_OTREE_ROOT);
    uint64_t mode = gr_test_below(g, 3);
    for (size_t i = 1; i < n; i++) {
        size_t p;
        if (mode == 0) {
            p = gr_test_below(g, i);
        } else if (mode == 1) {
            p = i - 1 - gr_test_below(g, i < 3 ? i : 3);
        } else {
            p = gr_test_below(g, (i + 1) / 2);
        }
        forest_push(f, (uint32_t)(base + p));
    }
}

/* lo + below(span) random trees (forest_add_random) of 1 + below(size)
 * vertices each. */
static forest forest_random(gr_test_rng *g, size_t lo, size_t span, size_t size)
{
    forest f = {0};
    size_t ntrees = lo + gr_test_below(g, span);
    for (size_t t = 0; t < ntrees; t++) {
        forest_add_random(&f, g, 1 + gr_test_below(g, size));
    }
    return f;
}

/* A fresh round of a random test: the arena reset, a random forest
 * (forest_random's lo, span, size) in *f, and its analysis. */
static gr_otree_result random_round(gr_arena *a, gr_test_rng *g, size_t lo, size_t span,
                                    size_t size, forest *f)
{
    gr_arena_reset(a);
    *f = forest_random(g, lo, span, size);
    return analyse(a, f);
}

static void test_order_matches_reference(void **state)
{
    gr_arena *a = *state;
    gr_test_rng g = {0x5eed0002};
    for (int round = 0; round < 40; round++) {
        forest f;
        gr_otree_result r = random_round(a, &g, 2, 30, 9, &f);
        ref R = ref_build(&f);
        uint32_t roots[64];
        size_t nr = 0;
        for (size_t v = 0; v < f.n; v++) {
            if (f.parent[v] == GR_OTREE_ROOT) {
                roots[nr++] = (uint32_t)v;
            }
        }
        assert_int_equal(nr, r.n_trees);
        /* the same values imported into a fresh context are unranked:
         * the structural comparison must agree too */
        gr_ord_ctx *y;
        assert_int_equal(gr_ord_ctx_create(a, &y), GR_OK);
        gr_ord imp[64];
        for (size_t i = 0; i < nr; i++) {
            assert_int_equal(gr_ord_import(y, r.ctx, r.tree_value[i],
                                           &imp[i]),
                             GR_OK);
        }
        for (size_t i = 0; i < nr; i++) {
            for (size_t j = 0; j < nr; j++) {
                int want = ref_cmp(&R, roots[i], roots[j]);
                int got = gr_ord_cmp(r.ctx, r.tree_value[i], r.tree_value[j]);
                if (want != got) {
                    fail_msg("round %d trees %zu %zu: want %d got %d", round,
                             i, j, want, got);
                }
                assert_int_equal(gr_ord_cmp(y, imp[i], imp[j]), want);
                assert_int_equal(want == 0,
                                 r.tree_value[i] == r.tree_value[j]);
            }
        }
        assert_int_equal(gr_ord_rank(y), GR_OK);
        for (size_t i = 0; i < nr; i++) {
            for (size_t j = 0; j < nr; j++) {
                assert_int_equal(gr_ord_cmp(y, imp[i], imp[j]),
                                 ref_cmp(&R, roots[i], roots[j]));
            }
        }
        ref_free(&R);
        free(f.parent);
    }
}

/* ---- nim-sum algebra ----------------------------------------------------- */

static void test_xor_algebra(void **state)
{
    gr_test_rng g = {0xa15e};
    gr_arena *a = *state;
    forest f = {0};
    for (size_t t = 0; t < 60; t++) {
        forest_add_random(&f, &g, 1 + gr_test_below(&g, 12));
    }
    gr_otree_result r = analyse(a, &f);
    gr_ord_ctx *x = r.ctx;
    gr_ord *v = r.tree_value;
    for (int k = 0; k < 3000; k++) {
        gr_ord p = v[gr_test_below(&g, r.n_trees)];
        gr_ord q = v[gr_test_below(&g, r.n_trees)];
        gr_ord s = v[gr_test_below(&g, r.n_trees)];
        gr_ord pq, qp, pq_s, qs, p_qs, pp, p0;
        assert_int_equal(gr_ord_xor(x, p, q, &pq), GR_OK);
        assert_int_equal(gr_ord_xor(x, q, p, &qp), GR_OK);
        assert_int_equal(pq, qp);
        assert_int_equal(gr_ord_xor(x, pq, s, &pq_s), GR_OK);
        assert_int_equal(gr_ord_xor(x, q, s, &qs), GR_OK);
        assert_int_equal(gr_ord_xor(x, p, qs, &p_qs), GR_OK);
        assert_int_equal(pq_s, p_qs);
        assert_int_equal(gr_ord_xor(x, p, p, &pp), GR_OK);
        assert_int_equal(pp, GR_ORD_ZERO);
        assert_int_equal(gr_ord_xor(x, p, GR_ORD_ZERO, &p0), GR_OK);
        assert_int_equal(p0, p);
        /* the multiway sum equals the folded one */
        gr_ord three[3] = {p, q, s}, ns;
        assert_int_equal(gr_ord_nim_sum(x, three, 3, &ns), GR_OK);
        assert_int_equal(ns, pq_s);
        /* XOR decreases exactly when the result is smaller */
        if (pq != GR_ORD_ZERO) {
            gr_ord back;
            assert_int_equal(gr_ord_xor(x, p, pq, &back), GR_OK);
            assert_int_equal(back, q);
            assert_int_equal(gr_ord_xor_decreases(x, p, pq),
                             gr_ord_cmp(x, q, p) < 0);
        }
    }
    /* finite ordinals are Nim heaps */
    for (int k = 0; k < 2000; k++) {
        uint64_t m = gr_test_next(&g) >> gr_test_below(&g, 64);
        uint64_t n = gr_test_next(&g) >> gr_test_below(&g, 64);
        gr_ord om, on, ox;
        assert_int_equal(gr_ord_from_u64(x, m, &om), GR_OK);
        assert_int_equal(gr_ord_from_u64(x, n, &on), GR_OK);
        assert_int_equal(gr_ord_xor(x, om, on, &ox), GR_OK);
        uint64_t got;
        assert_true(gr_ord_is_finite(x, ox, &got));
        assert_true(got == (m ^ n));
        assert_int_equal(gr_ord_cmp(x, om, on), m < n ? -1 : m > n ? 1 : 0);
    }
    /* big coefficients print in full */
    gr_ord big, e1, w, wbig;
    assert_int_equal(gr_ord_from_u64(x, UINT64_MAX, &big), GR_OK);
    assert_string_equal(ord_text(x, big, GR_ORD_ASCII),
                        "18446744073709551615");
    assert_int_equal(gr_ord_from_u64(x, 1, &e1), GR_OK);
    uint64_t one = 1, c = UINT64_MAX;
    assert_int_equal(gr_ord_from_terms(x, &e1, &one, 1, &w), GR_OK);
    assert_int_equal(gr_ord_from_terms(x, &w, &c, 1, &wbig), GR_OK);
    assert_string_equal(ord_text(x, wbig, GR_ORD_ASCII),
                        "w^w*18446744073709551615");
    assert_int_equal(gr_ord_tree_size(x, wbig), UINT64_MAX);
    /* non-canonical term lists are refused */
    gr_ord bad_e[2] = {e1, w};
    uint64_t bad_c[2] = {1, 1};
    gr_ord out;
    assert_int_equal(gr_ord_from_terms(x, bad_e, bad_c, 2, &out), GR_EINVAL);
    free(f.parent);
}

/* ---- winning moves ---------------------------------------------------------
 * The set of smaller trees is infinite, so instead of a mex over it the
 * test checks what makes the answer right: each replacement is strictly
 * smaller than its tree, and the forest with it has value 0; and a tree is
 * listed iff some replacement exists (a XOR total < a). */

/* Appends the tree of ordinal a (ctx x) to f, unfolding the CNF. */
static void forest_add_ordinal(forest *f, const gr_ord_ctx *x, gr_ord a)
{
    typedef struct {
        gr_ord label;
        uint32_t node;
        size_t term;
        uint64_t left;
    } fr;
    size_t depth = gr_ord_height(x, a) + 1;
    fr *stk = calloc(depth, sizeof(*stk));
    forest_push(f, GR_OTREE_ROOT);
    size_t sp = 0;
    stk[sp++] = (fr){a, (uint32_t)(f->n - 1), 0, 0};
    while (sp > 0) {
        fr *t = &stk[sp - 1];
        if (t->term == gr_ord_nterms(x, t->label)) {
            sp--;
            continue;
        }
        gr_ord e;
        uint64_t c;
        gr_ord_term(x, t->label, t->term, &e, &c);
        if (t->left == 0) {
            t->left = c;
        }
        forest_push(f, t->node);
        if (--t->left == 0) {
            t->term++;
        }
        stk[sp++] = (fr){e, (uint32_t)(f->n - 1), 0, 0};
    }
    free(stk);
}

/* Copies tree i of src (pre-order, ids contiguous) into dst. */
static size_t tree_span(const forest *f, size_t root)
{
    size_t end = root + 1;
    while (end < f->n && f->parent[end] != GR_OTREE_ROOT) {
        end++;
    }
    return end;
}

static void forest_copy_tree(forest *dst, const forest *src, size_t root)
{
    size_t end = tree_span(src, root);
    size_t base = dst->n;
    for (size_t v = root; v < end; v++) {
        uint32_t p = src->parent[v];
        forest_push(dst, p == GR_OTREE_ROOT
                             ? GR_OTREE_ROOT
                             : (uint32_t)(base + (p - root)));
    }
}

static void test_winning_moves_replay(void **state)
{
    gr_arena *a = *state;
    gr_test_rng g = {0x3077e5};
    size_t checked = 0;
    for (int round = 0; round < 300; round++) {
        forest f;
        gr_otree_result r = random_round(a, &g, 1, 8, 10, &f);
        uint32_t trees[16];
        gr_ord repl[16];
        uint64_t nw, count;
        assert_int_equal(gr_otree_moves_to(&r, GR_ORD_ZERO, 16, true, trees,
                                           repl, &nw, &count),
                         GR_OK);
        assert_int_equal(nw, count);
        /* a move exists iff the forest is not zero */
        assert_int_equal(count > 0, r.total != GR_ORD_ZERO);
        /* exactly the trees with a XOR total < a are listed */
        size_t expect = 0;
        for (size_t i = 0; i < r.n_trees; i++) {
            gr_ord y;
            assert_int_equal(gr_ord_xor(r.ctx, r.tree_value[i], r.total, &y),
                             GR_OK);
            if (gr_ord_cmp(r.ctx, y, r.tree_value[i]) < 0) {
                assert_int_equal(trees[expect], i);
                assert_int_equal(repl[expect], y);
                expect++;
            }
        }
        assert_int_equal(expect, count);
        /* replay each move on a real forest, analysed from scratch */
        size_t roots[16], nr = 0;
        for (size_t v = 0; v < f.n; v++) {
            if (f.parent[v] == GR_OTREE_ROOT) {
                roots[nr++] = v;
            }
        }
        for (size_t m = 0; m < nw; m++) {
            assert_int_equal(gr_ord_cmp(r.ctx, repl[m],
                                        r.tree_value[trees[m]]), -1);
            forest h = {0};
            for (size_t i = 0; i < nr; i++) {
                if (i == trees[m]) {
                    forest_add_ordinal(&h, r.ctx, repl[m]);
                } else {
                    forest_copy_tree(&h, &f, roots[i]);
                }
            }
            gr_otree_result rr = analyse(a, &h);
            assert_int_equal(rr.total, GR_ORD_ZERO);
            /* the new tree is smaller than the old one: compare both in
             * one context */
            gr_ord old_v, new_v;
            assert_int_equal(gr_ord_import(rr.ctx, r.ctx,
                                           r.tree_value[trees[m]], &old_v),
                             GR_OK);
            new_v = rr.tree_value[trees[m]];
            assert_int_equal(gr_ord_cmp(rr.ctx, new_v, old_v), -1);
            free(h.parent);
            checked++;
        }
        /* count only, stopping at the first move */
        uint64_t c1;
        assert_int_equal(gr_otree_moves_to(&r, GR_ORD_ZERO, 0, false, trees,
                                           repl, &nw, &c1),
                         GR_OK);
        assert_int_equal(nw, 0);
        assert_int_equal(c1, count > 0 ? 1 : 0);
        free(f.parent);
    }
    assert_true(checked > 100);
}

static void test_moves_to_target(void **state)
{
    gr_arena *a = *state;
    forest f = {0};
    forest_add_text(&f, "[[[]]]");  /* w */
    forest_add_text(&f, "[[],[]]"); /* 2 */
    gr_otree_result r = analyse(a, &f);
    /* value w + 2; to reach 5 the first tree must become 5 XOR 2 = 7 */
    gr_ord five, seven;
    assert_int_equal(gr_ord_from_u64(r.ctx, 5, &five), GR_OK);
    assert_int_equal(gr_ord_from_u64(r.ctx, 7, &seven), GR_OK);
    uint32_t trees[4];
    gr_ord repl[4];
    uint64_t nw, count;
    assert_int_equal(gr_otree_moves_to(&r, five, 4, true, trees, repl, &nw,
                                       &count),
                     GR_OK);
    assert_int_equal(count, 1);
    assert_int_equal(trees[0], 0);
    assert_int_equal(repl[0], seven);
    /* a target from another context: w^w cannot be reached (it is bigger) */
    gr_ord_ctx *y;
    assert_int_equal(gr_ord_ctx_create(a, &y), GR_OK);
    gr_ord one, w, ww, imp;
    uint64_t c1 = 1;
    assert_int_equal(gr_ord_from_u64(y, 1, &one), GR_OK);
    assert_int_equal(gr_ord_from_terms(y, &one, &c1, 1, &w), GR_OK);
    assert_int_equal(gr_ord_from_terms(y, &w, &c1, 1, &ww), GR_OK);
    assert_int_equal(gr_ord_import(r.ctx, y, ww, &imp), GR_OK);
    assert_int_equal(gr_otree_moves_to(&r, imp, 4, true, trees, repl, &nw,
                                       &count),
                     GR_OK);
    assert_int_equal(count, 0);
    /* target 1 (from y): only tree 0 has a w term, and becomes
     * w XOR (w + 2) XOR 1 = 3 */
    assert_int_equal(gr_ord_import(r.ctx, y, one, &imp), GR_OK);
    assert_int_equal(gr_otree_moves_to(&r, imp, 4, true, trees, repl, &nw,
                                       &count),
                     GR_OK);
    assert_int_equal(count, 1);
    assert_int_equal(trees[0], 0);
    uint64_t three;
    assert_true(gr_ord_is_finite(r.ctx, repl[0], &three));
    assert_int_equal(three, 3);
    free(f.parent);
}

/* ---- invariance under child order ---------------------------------------- */

/* Re-emits the forest in pre-order with every vertex's children in a
 * random order. */
static forest shuffled(const forest *f, gr_test_rng *g)
{
    ref R = ref_build(f);
    forest out = {0};
    uint32_t *stk = malloc(f->n * sizeof(*stk) + 1);
    uint32_t *newid = malloc(f->n * sizeof(*newid) + 1);
    for (size_t v = 0; v < f->n; v++) {
        if (f->parent[v] != GR_OTREE_ROOT) {
            continue;
        }
        size_t sp = 0;
        stk[sp++] = (uint32_t)v;
        while (sp > 0) {
            uint32_t u = stk[--sp];
            newid[u] = (uint32_t)out.n;
            forest_push(&out, f->parent[u] == GR_OTREE_ROOT
                                  ? GR_OTREE_ROOT
                                  : newid[f->parent[u]]);
            uint32_t *k = R.kids[u];
            for (size_t i = R.nkids[u]; i > 1; i--) {
                size_t j = gr_test_below(g, i);
                uint32_t t = k[i - 1];
                k[i - 1] = k[j];
                k[j] = t;
            }
            for (size_t i = 0; i < R.nkids[u]; i++) {
                stk[sp++] = k[i];
            }
        }
    }
    free(stk);
    free(newid);
    ref_free(&R);
    return out;
}

static void test_child_order_invariance(void **state)
{
    gr_arena *a = *state;
    gr_test_rng g = {0x150};
    for (int round = 0; round < 100; round++) {
        forest f;
        gr_otree_result r1 = random_round(a, &g, 1, 6, 40, &f);
        forest s = shuffled(&f, &g);
        gr_otree_result r2 = analyse(a, &s);
        assert_int_equal(r1.n_trees, r2.n_trees);
        for (size_t i = 0; i < r1.n_trees; i++) {
            assert_string_equal(
                ord_text(r1.ctx, r1.tree_value[i], GR_ORD_UNICODE),
                ord_text(r2.ctx, r2.tree_value[i], GR_ORD_UNICODE));
        }
        assert_string_equal(ord_text(r1.ctx, r1.total, GR_ORD_ASCII),
                            ord_text(r2.ctx, r2.total, GR_ORD_ASCII));
        uint32_t t1[8], t2[8];
        gr_ord p1[8], p2[8];
        uint64_t n1, n2, c1, c2;
        assert_int_equal(gr_otree_moves_to(&r1, GR_ORD_ZERO, 8, true, t1, p1,
                                           &n1, &c1),
                         GR_OK);
        assert_int_equal(gr_otree_moves_to(&r2, GR_ORD_ZERO, 8, true, t2, p2,
                                           &n2, &c2),
                         GR_OK);
        assert_int_equal(c1, c2);
        for (size_t m = 0; m < n1; m++) {
            assert_int_equal(t1[m], t2[m]);
            assert_string_equal(ord_text(r1.ctx, p1[m], GR_ORD_ASCII),
                                ord_text(r2.ctx, p2[m], GR_ORD_ASCII));
        }
        free(f.parent);
        free(s.parent);
    }
}

/* ---- scale: 10^6-vertex path and star ------------------------------------ */

/* Vertices with more than 64 children take the counting path of the
 * labelling: compare it with the reference order and with shuffled
 * copies. */
static void test_wide_vertices(void **state)
{
    gr_arena *a = *state;
    gr_test_rng g = {0x1de};
    for (int round = 0; round < 6; round++) {
        gr_arena_reset(a); /* a fresh start each round */
        forest f = {0};
        for (size_t t = 0; t < 8; t++) {
            size_t base = f.n, n = 200 + gr_test_below(&g, 300);
            size_t hubs = 1 + gr_test_below(&g, 3);
            forest_push(&f, GR_OTREE_ROOT);
            for (size_t i = 1; i < n; i++) {
                /* mostly under a few hubs, a few deeper */
                size_t p = gr_test_below(&g, 8) == 0
                               ? gr_test_below(&g, i)
                               : gr_test_below(&g, i < hubs ? i : hubs);
                forest_push(&f, (uint32_t)(base + p));
            }
        }
        /* a root over 1000 random small trees: hundreds of distinct
         * child labels at one vertex (the counting table must grow) */
        {
            size_t root = f.n;
            forest_push(&f, GR_OTREE_ROOT);
            for (size_t k = 0; k < 1000; k++) {
                size_t base = f.n, n = 1 + gr_test_below(&g, 12);
                forest_add_random(&f, &g, n);
                f.parent[base] = (uint32_t)root;
            }
        }
        /* an exact copy of tree 0 (shuffled) makes equal wide labels */
        forest s = shuffled(&f, &g);
        forest_copy_tree(&f, &s, 0);
        gr_otree_result r = analyse(a, &f);
        gr_otree_result rs = analyse(a, &s);
        ref R = ref_build(&f);
        size_t roots[16], nr = 0;
        for (size_t v = 0; v < f.n; v++) {
            if (f.parent[v] == GR_OTREE_ROOT) {
                roots[nr++] = v;
            }
        }
        assert_int_equal(nr, 10);
        assert_int_equal(r.tree_value[0], r.tree_value[9]);
        for (size_t i = 0; i < nr; i++) {
            for (size_t j = 0; j < nr; j++) {
                assert_int_equal(gr_ord_cmp(r.ctx, r.tree_value[i],
                                            r.tree_value[j]),
                                 ref_cmp(&R, (uint32_t)roots[i],
                                         (uint32_t)roots[j]));
            }
            if (i < 9) {
                assert_string_equal(
                    ord_text(r.ctx, r.tree_value[i], GR_ORD_ASCII),
                    ord_text(rs.ctx, rs.tree_value[i], GR_ORD_ASCII));
            }
        }
        ref_free(&R);
        free(f.parent);
        free(s.parent);
    }
}

static void test_million_path(void **state)
{
    const size_t n = 1000000;
    gr_arena *a = *state;
    forest f = {0};
    forest_add_path(&f, n);
    gr_otree_result r = analyse(a, &f);
    assert_int_equal(r.n_trees, 1);
    assert_int_equal(gr_ord_height(r.ctx, r.total), n - 1);
    char *t = ord_text(r.ctx, r.total, GR_ORD_ASCII);
    /* height h = n - 1: w^(w^(...(w^w)...)) with h - 3 levels of
     * "w^(" ... ")" around w^w */
    size_t len = strlen(t);
    assert_int_equal(len, 4 * (n - 4) + 3);
    assert_memory_equal(t, "w^(w^(", 6);
    assert_memory_equal(t + len - (n - 4) - 4, "(w^w)", 5);
    assert_int_equal(t[len - 1], ')');
    uint32_t tr[1];
    gr_ord rp[1];
    uint64_t nw, count;
    assert_int_equal(gr_otree_moves_to(&r, GR_ORD_ZERO, 1, true, tr, rp, &nw,
                                       &count),
                     GR_OK);
    assert_int_equal(count, 1);
    assert_int_equal(rp[0], GR_ORD_ZERO); /* a lone tree becomes [] */
    /* a path and a path one shorter: the longer one must shrink */
    forest_add_path(&f, n - 1);
    r = analyse(a, &f);
    assert_int_equal(gr_otree_moves_to(&r, GR_ORD_ZERO, 1, true, tr, rp, &nw,
                                       &count),
                     GR_OK);
    assert_int_equal(count, 1);
    assert_int_equal(tr[0], 0);
    assert_int_equal(rp[0], r.tree_value[1]);
    free(f.parent);
}

static void test_million_star(void **state)
{
    const size_t n = 1000000;
    gr_arena *a = *state;
    forest f = {0};
    forest_push(&f, GR_OTREE_ROOT);
    forest_add_leaves(&f, 0, n - 1);
    /* and a star of w's: a root with 1000 children [[]] each... */
    gr_otree_result r = analyse(a, &f);
    uint64_t val;
    assert_true(gr_ord_is_finite(r.ctx, r.total, &val));
    assert_int_equal(val, n - 1);
    /* a broom: path of 5e5 under a root with 5e5 leaves */
    forest b = {0};
    forest_push(&b, GR_OTREE_ROOT);
    forest_add_leaves(&b, 0, n / 2); /* the last leaf starts the path */
    for (size_t v = n / 2 + 1; v < n; v++) {
        forest_push(&b, (uint32_t)(v - 1));
    }
    r = analyse(a, &b);
    char *t = ord_text(r.ctx, r.total, GR_ORD_ASCII);
    size_t len = strlen(t);
    assert_memory_equal(t + len - 9, " + 499999", 9);
    free(f.parent);
    free(b.parent);
}

static void test_budget(void **state)
{
    (void)state;
    /* a tight budget fails cleanly with GR_ENOMEM, never crashes */
    forest f = {0};
    gr_test_rng g = {7};
    for (size_t t = 0; t < 200; t++) {
        forest_add_random(&f, &g, 1 + gr_test_below(&g, 300));
    }
    int saw_enomem = 0, saw_ok = 0;
    for (size_t budget = 4096; budget < (8u << 20); budget *= 2) {
        gr_arena *a = gr_arena_create(budget);
        if (a == NULL) {
            continue;
        }
        gr_otree_forest in = {.n_nodes = f.n, .parent = f.parent};
        gr_otree_result r;
        gr_status st = gr_otree_analyse(a, &in, &r);
        assert_true(st == GR_OK || st == GR_ENOMEM);
        saw_enomem |= st == GR_ENOMEM;
        saw_ok |= st == GR_OK;
        gr_arena_destroy(a);
    }
    assert_true(saw_enomem && saw_ok);
    free(f.parent);
}

/* ---- the JSON writers: nested trees and CNF read back to the same value --
 * They copy repeated subtrees from a memo, so check them on values with
 * many repeats (wide trees, nim-sums) against a fresh analysis. */

static void forest_add_json(forest *f, const cJSON *t)
{
    /* iterative pre-order over the nested arrays */
    const cJSON *stack[4096];
    uint32_t ids[4096];
    size_t sp = 0;
    forest_push(f, GR_OTREE_ROOT);
    stack[sp] = t->child;
    ids[sp++] = (uint32_t)(f->n - 1);
    while (sp > 0) {
        const cJSON *it = stack[sp - 1];
        if (it == NULL) {
            sp--;
            continue;
        }
        stack[sp - 1] = it->next;
        assert_true(cJSON_IsArray(it));
        forest_push(f, ids[sp - 1]);
        assert_true(sp < 4096);
        stack[sp] = it->child;
        ids[sp++] = (uint32_t)(f->n - 1);
    }
}

/* CNF JSON back to a label of x (recursion: test values are shallow). */
static gr_ord cnf_back(gr_ord_ctx *x, const cJSON *arr)
{
    gr_ord exps[256];
    uint64_t coefs[256];
    size_t n = 0;
    for (const cJSON *t = arr->child; t != NULL; t = t->next) {
        assert_true(n < 256);
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(t, "exponent");
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(t, "coefficient");
        assert_non_null(e);
        assert_non_null(c);
        exps[n] = cnf_back(x, e);
        coefs[n++] = cJSON_IsString(c) ? strtoull(c->valuestring, NULL, 10)
                                       : (uint64_t)c->valuedouble;
    }
    gr_ord out;
    assert_int_equal(gr_ord_from_terms(x, exps, coefs, n, &out), GR_OK);
    return out;
}

static void test_json_writers_round_trip(void **state)
{
    gr_arena *a = *state;
    gr_json_init();
    gr_test_rng g = {0x15011};
    for (int round = 0; round < 30; round++) {
        gr_arena_reset(a); /* a fresh start each round */
        gr_arena *prev = gr_json_bind(a);
        gr_jctx c;
        gr_jctx_init(&c, a);
        forest f = forest_random(&g, 1, 8, 60);
        /* a wide tree: many copies of one deep subtree */
        forest_add_text(&f, "[[[[[]],[]]],[[[[]],[]]],[[[[]],[]]],[[[[]],[]]]]");
        gr_otree_result r = analyse(a, &f);
        gr_ord vals[32];
        size_t nv = 0;
        for (size_t i = 0; i < r.n_trees; i++) {
            vals[nv++] = r.tree_value[i];
        }
        vals[nv++] = r.total;
        gr_ord big;
        assert_int_equal(gr_ord_xor(r.ctx, r.total, r.tree_value[0], &big),
                         GR_OK);
        vals[nv++] = big;
        for (size_t i = 0; i < nv; i++) {
            /* the tree */
            cJSON *tj = gr_json_ordinal_tree(&c, r.ctx, vals[i]);
            assert_non_null(tj);
            cJSON *parsed = cJSON_Parse(tj->valuestring);
            assert_non_null(parsed);
            forest h = {0};
            forest_add_json(&h, parsed);
            gr_otree_result rr = analyse(a, &h);
            gr_ord back;
            assert_int_equal(gr_ord_import(rr.ctx, r.ctx, vals[i], &back),
                             GR_OK);
            assert_int_equal(rr.tree_value[0], back);
            assert_int_equal(h.n, gr_ord_tree_size(r.ctx, vals[i]));
            free(h.parent);
            /* the CNF */
            cJSON *cj = gr_json_ordinal_cnf(&c, r.ctx, vals[i]);
            assert_non_null(cj);
            cJSON *cp = cJSON_Parse(cj->valuestring);
            assert_non_null(cp);
            assert_int_equal(cnf_back(r.ctx, cp), vals[i]);
            /* Unicode and ASCII texts agree */
            cJSON *o = gr_jw_obj(&c);
            gr_json_ordinal_fields(&c, o, r.ctx, vals[i]);
            assert_true(gr_jw_ok(&c));
            assert_string_equal(
                cJSON_GetObjectItemCaseSensitive(o, "grundy_ascii")->valuestring,
                ord_text(r.ctx, vals[i], GR_ORD_ASCII));
            assert_string_equal(
                cJSON_GetObjectItemCaseSensitive(o, "grundy")->valuestring,
                ord_text(r.ctx, vals[i], GR_ORD_UNICODE));
        }
        free(f.parent);
        gr_json_bind(prev);
    }
}

GR_TEST_MAIN(
        gr_test_with_arena(test_seed_table),
        gr_test_with_arena(test_single_and_empty_forest),
        gr_test_with_arena(test_bad_parent),
        gr_test_with_arena(test_order_matches_reference),
        gr_test_with_arena(test_xor_algebra),
        gr_test_with_arena(test_winning_moves_replay),
        gr_test_with_arena(test_moves_to_target),
        gr_test_with_arena(test_child_order_invariance),
        gr_test_with_arena(test_wide_vertices),
        gr_test_with_arena(test_million_path),
        gr_test_with_arena(test_million_star),
        cmocka_unit_test(test_budget),
        gr_test_with_arena(test_json_writers_round_trip))
