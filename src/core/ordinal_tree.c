/*
 * The tree-order game (docs/ordinals.md; Xmas Contest 2019 K): Grundy values of a
 * forest of rooted trees in which a move replaces one tree by any strictly
 * smaller tree.
 *
 * Theorem (docs/ordinals.md): g(T) = w^g(T1) + ... + w^g(Tk) for T = {T1 >= ... >=
 * Tk}, i.e. the tree read as a Cantor normal form, and the tree order is
 * the ordinal order; so the game is Nim with ordinal heaps and a forest's
 * value is the ordinal nim-sum of its trees (Sprague-Grundy, which holds
 * for ordinal values since the ordinals are well-ordered: the game ends).
 *
 * Labelling.  Every vertex's label is the interned list of its children's
 * labels sorted decreasingly and run-length encoded, i.e. the CNF of its
 * subtree.  Sorting children needs their order, and by the height lemma in
 * ordinal.c that order is known for all heights below h once each height
 * is ranked right after it is labelled.  So vertices are processed by
 * height (a counting sort; heights come from one backward pass because a
 * parent's id is smaller than its children's) and each height's new labels
 * are ranked before the next height starts: O(n log n) overall, no
 * recursion, a path of 10^6 vertices is 10^6 tiny rounds.
 */
#include <stdlib.h>
#include <string.h>

#include "core/ordinal_internal.h"
#include "grundy/ordinal.h"

/* Vertices with more children than this count them per label first. */
#define GR_OTREE_WIDE 64

static int cmp_u64_desc(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return a < b ? 1 : a > b ? -1 : 0;
}

static void sort_desc(uint64_t *k, size_t n)
{
    if (n > 24) {
        qsort(k, n, sizeof(*k), cmp_u64_desc);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        uint64_t v = k[i];
        size_t j = i;
        while (j > 0 && k[j - 1] < v) {
            k[j] = k[j - 1];
            j--;
        }
        k[j] = v;
    }
}

typedef struct otree_work {
    uint32_t *height;
    uint32_t *order;      /* vertices by increasing height */
    size_t *group_start;  /* order[group_start[h] ..] have height h */
    size_t *child_start;  /* children of v: child[child_start[v] ..] */
    uint32_t *child;
    gr_ord *label;
    uint64_t *keys;       /* (rank << 32 | label) of one vertex's children */
    gr_ord *exps;
    uint64_t *coefs;
    uint32_t *slot;       /* label + 1 per slot, 0 = empty (wide vertices) */
    uint64_t *slot_count; /* how many children carry that label */
    size_t slot_cap;      /* a power of two, or 0 */
    uint32_t maxh;
    size_t maxdeg;
} otree_work;

/* Children of a wide vertex are first counted per distinct label in a
 * hash table, so only the distinct labels are sorted: a star of 10^6
 * leaves sorts one key, not 10^6.  The table grows with the number of
 * distinct labels (not the degree) and is emptied after each vertex. */
static size_t slot_find(const otree_work *w, gr_ord l)
{
    size_t mask = w->slot_cap - 1;
    size_t i = (size_t)(((uint64_t)(l + 1u) * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
    while (w->slot[i] != 0 && w->slot[i] != l + 1u) {
        i = (i + 1) & mask;
    }
    return i;
}

static gr_status slot_grow(gr_arena *arena, otree_work *w)
{
    size_t old_cap = w->slot_cap;
    uint32_t *old = w->slot;
    uint64_t *old_count = w->slot_count;
    w->slot_cap = old_cap ? 2 * old_cap : 256;
    w->slot = GR_ARENA_ARRAY(arena, uint32_t, w->slot_cap);
    w->slot_count = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, w->slot_cap);
    if (w->slot == NULL || w->slot_count == NULL) {
        return GR_ENOMEM;
    }
    /* the table is emptied after each vertex: every entry is live */
    for (size_t o = 0; o < old_cap; o++) {
        if (old[o] != 0) {
            size_t i = slot_find(w, old[o] - 1u);
            w->slot[i] = old[o];
            w->slot_count[i] = old_count[o];
        }
    }
    gr_arena_free(arena, old, old_cap * sizeof(*old));
    gr_arena_free(arena, old_count, old_cap * sizeof(*old_count));
    return GR_OK;
}

/* Heights, the by-height order and the child lists, all in O(n). */
static gr_status prepare(gr_arena *arena, const gr_otree_forest *f,
                         otree_work *w, size_t *n_trees)
{
    size_t n = f->n_nodes;
    const uint32_t *parent = f->parent;
    w->height = GR_ARENA_ARRAY(arena, uint32_t, n);
    w->child_start = GR_ARENA_ARRAY(arena, size_t, n + 1);
    w->child = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, n);
    w->order = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, n);
    w->label = GR_ARENA_ARRAY_UNINIT(arena, gr_ord, n);
    if (w->height == NULL || w->child_start == NULL || w->child == NULL ||
        w->order == NULL || w->label == NULL) {
        return GR_ENOMEM;
    }
    size_t roots = 0;
    for (size_t v = 0; v < n; v++) {
        if (parent[v] == GR_OTREE_ROOT) {
            roots++;
        } else if (parent[v] >= v) {
            return GR_EINVAL;
        } else {
            w->child_start[parent[v] + 1]++;
        }
    }
    *n_trees = roots;
    w->maxdeg = 0;
    for (size_t v = 0; v < n; v++) {
        if (w->child_start[v + 1] > w->maxdeg) {
            w->maxdeg = w->child_start[v + 1];
        }
        w->child_start[v + 1] += w->child_start[v];
    }
    /* children come after their parent, so one backward pass finishes
     * every subtree before its root */
    w->maxh = 0;
    for (size_t v = n; v-- > 0;) {
        uint32_t p = parent[v];
        if (p != GR_OTREE_ROOT) {
            w->child[--w->child_start[p + 1]] = (uint32_t)v;
            if (w->height[p] < w->height[v] + 1u) {
                w->height[p] = w->height[v] + 1u;
            }
        }
        if (w->height[v] > w->maxh) {
            w->maxh = w->height[v];
        }
    }
    /* child_start[p + 1] was decremented once per child of p, so it now
     * holds the start of p's list: shift the array back into CSR form. */
    for (size_t v = 0; v < n; v++) {
        w->child_start[v] = w->child_start[v + 1];
    }
    w->child_start[n] = n - roots;
    w->group_start = GR_ARENA_ARRAY(arena, size_t, (size_t)w->maxh + 2);
    w->keys = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, w->maxdeg + 1);
    w->exps = GR_ARENA_ARRAY_UNINIT(arena, gr_ord, w->maxdeg + 1);
    w->coefs = GR_ARENA_ARRAY_UNINIT(arena, uint64_t, w->maxdeg + 1);
    if (w->group_start == NULL || w->keys == NULL || w->exps == NULL ||
        w->coefs == NULL) {
        return GR_ENOMEM;
    }
    if (w->maxdeg > GR_OTREE_WIDE) {
        gr_status st = slot_grow(arena, w);
        if (st != GR_OK) {
            return st;
        }
    }
    for (size_t v = 0; v < n; v++) {
        w->group_start[w->height[v] + 1]++;
    }
    for (size_t h = 0; h <= w->maxh; h++) {
        w->group_start[h + 1] += w->group_start[h];
    }
    for (size_t v = 0; v < n; v++) {
        w->order[w->group_start[w->height[v]]++] = (uint32_t)v;
    }
    for (size_t h = w->maxh + 1; h > 0; h--) {
        w->group_start[h] = w->group_start[h - 1];
    }
    w->group_start[0] = 0;
    return GR_OK;
}

static gr_status count_distinct(gr_ord_ctx *x, otree_work *w,
                                const uint32_t *ch, size_t d, size_t *nd)
{
    size_t k = 0;
    for (size_t j = 0; j < d; j++) {
        gr_ord l = w->label[ch[j]];
        size_t i = slot_find(w, l);
        if (w->slot[i] == 0) {
            if (2 * (k + 1) > w->slot_cap) {
                gr_status st = slot_grow(gr_ord_arena(x), w);
                if (st != GR_OK) {
                    return st;
                }
                i = slot_find(w, l);
            }
            w->slot[i] = l + 1u;
            w->slot_count[i] = 0;
            w->keys[k++] = (uint64_t)gr_ord_rank_of(x, l) << 32 | l;
        }
        w->slot_count[i]++;
    }
    *nd = k;
    return GR_OK;
}

/* The CNF of vertex v from its (already labelled) children. */
static gr_status label_vertex(gr_ord_ctx *x, otree_work *w, uint32_t v)
{
    size_t d = w->child_start[v + 1] - w->child_start[v];
    const uint32_t *ch = &w->child[w->child_start[v]];
    size_t k = 0;
    if (d > GR_OTREE_WIDE) {
        /* keys are (rank << 32 | slot): rank decides, slot finds the
         * label and its count; then the table is emptied again */
        size_t nd;
        gr_status st = count_distinct(x, w, ch, d, &nd);
        if (st != GR_OK) {
            return st;
        }
        sort_desc(w->keys, nd);
        for (size_t j = 0; j < nd; j++) {
            gr_ord l = (gr_ord)w->keys[j];
            size_t i = slot_find(w, l);
            w->exps[k] = l;
            w->coefs[k++] = w->slot_count[i];
        }
        for (size_t j = 0; j < nd; j++) {
            w->slot[slot_find(w, (gr_ord)w->keys[j])] = 0;
        }
    } else {
        for (size_t j = 0; j < d; j++) {
            gr_ord l = w->label[ch[j]];
            w->keys[j] = (uint64_t)gr_ord_rank_of(x, l) << 32 | l;
        }
        sort_desc(w->keys, d);
        for (size_t j = 0; j < d; j++) {
            gr_ord l = (gr_ord)w->keys[j];
            if (k > 0 && w->exps[k - 1] == l) {
                w->coefs[k - 1]++;
            } else {
                w->exps[k] = l;
                w->coefs[k++] = 1;
            }
        }
    }
    /* canonical by construction: distinct labels sorted by rank */
    return gr_ord_intern(x, w->exps, w->coefs, k, &w->label[v]);
}

static gr_status label_forest(gr_ord_ctx *x, otree_work *w)
{
    gr_arena *arena = gr_ord_arena(x);
    for (size_t i = w->group_start[0]; i < w->group_start[1]; i++) {
        w->label[w->order[i]] = GR_ORD_ZERO; /* leaves */
    }
    for (size_t h = 1; h <= w->maxh; h++) {
        gr_status stop = (h & 1023) == 0 ? gr_arena_check(arena) : GR_OK;
        if (stop != GR_OK) {
            return stop;
        }
        size_t first_new = gr_ord_count(x);
        for (size_t i = w->group_start[h]; i < w->group_start[h + 1]; i++) {
            gr_status st = label_vertex(x, w, w->order[i]);
            if (st != GR_OK) {
                return st;
            }
        }
        /* rank height h before height h + 1 sorts children by rank */
        size_t nnew = gr_ord_count(x) - first_new;
        gr_ord *ids = GR_ARENA_ARRAY_UNINIT(arena, gr_ord, nnew + 1);
        if (ids == NULL) {
            return GR_ENOMEM;
        }
        for (size_t i = 0; i < nnew; i++) {
            ids[i] = (gr_ord)(first_new + i);
        }
        gr_status st = gr_ord_rank_group(x, ids, nnew);
        gr_arena_free(arena, ids, (nnew + 1) * sizeof(*ids));
        if (st != GR_OK) {
            return st;
        }
    }
    return GR_OK;
}

static void release(gr_arena *arena, otree_work *w, size_t n)
{
    gr_arena_free(arena, w->height, n * sizeof(*w->height));
    gr_arena_free(arena, w->child_start, (n + 1) * sizeof(*w->child_start));
    gr_arena_free(arena, w->child, n * sizeof(*w->child));
    gr_arena_free(arena, w->order, n * sizeof(*w->order));
    gr_arena_free(arena, w->label, n * sizeof(*w->label));
    gr_arena_free(arena, w->keys, (w->maxdeg + 1) * sizeof(*w->keys));
    gr_arena_free(arena, w->exps, (w->maxdeg + 1) * sizeof(*w->exps));
    gr_arena_free(arena, w->coefs, (w->maxdeg + 1) * sizeof(*w->coefs));
    if (w->slot != NULL) {
        gr_arena_free(arena, w->slot, w->slot_cap * sizeof(*w->slot));
        gr_arena_free(arena, w->slot_count,
                      w->slot_cap * sizeof(*w->slot_count));
    }
    if (w->group_start != NULL) {
        gr_arena_free(arena, w->group_start,
                      ((size_t)w->maxh + 2) * sizeof(*w->group_start));
    }
}

gr_status gr_otree_analyse(gr_arena *arena, const gr_otree_forest *forest,
                           gr_otree_result *out)
{
    size_t n = forest->n_nodes;
    if (n >= UINT32_MAX) {
        return GR_ELIMIT;
    }
    memset(out, 0, sizeof(*out));
    gr_status st = gr_ord_ctx_create(arena, &out->ctx);
    if (st != GR_OK) {
        return st;
    }
    otree_work w = {0};
    size_t n_trees = 0;
    st = prepare(arena, forest, &w, &n_trees);
    if (st == GR_OK) {
        st = label_forest(out->ctx, &w);
    }
    if (st == GR_OK) {
        out->tree_value = GR_ARENA_ARRAY_UNINIT(arena, gr_ord, n_trees + 1);
        if (out->tree_value == NULL) {
            st = GR_ENOMEM;
        }
    }
    if (st == GR_OK) {
        for (size_t v = 0; v < n; v++) {
            if (forest->parent[v] == GR_OTREE_ROOT) {
                out->tree_value[out->n_trees++] = w.label[v];
            }
        }
        st = gr_ord_nim_sum(out->ctx, out->tree_value, out->n_trees,
                            &out->total);
    }
    release(arena, &w, n);
    return st;
}

gr_status gr_otree_delta(gr_otree_result *r, gr_ord target, gr_ord *d)
{
    return gr_ord_xor(r->ctx, r->total, target, d);
}

gr_status gr_otree_moves_to(gr_otree_result *r, gr_ord target, uint64_t max,
                            bool count_all, uint32_t *trees,
                            gr_ord *replacements, uint64_t *nwritten,
                            uint64_t *count)
{
    gr_ord_ctx *x = r->ctx;
    *nwritten = 0;
    *count = 0;
    gr_ord d;
    gr_status st = gr_otree_delta(r, target, &d);
    if (st != GR_OK || d == GR_ORD_ZERO) {
        return st; /* d = 0: every move changes the value, none reach it */
    }
    /* A target from elsewhere (a sum) may bring unranked exponents; one
     * re-ranking keeps the per-tree tests below O(log) each. */
    for (size_t j = 0; j < gr_ord_nterms(x, d); j++) {
        gr_ord e;
        uint64_t c;
        gr_ord_term(x, d, j, &e, &c);
        if (!gr_ord_is_ranked(x, e)) {
            st = gr_ord_rank(x);
            if (st != GR_OK) {
                return st;
            }
            break;
        }
    }
    for (size_t i = 0; i < r->n_trees; i++) {
        /* g' = g(T_i) XOR d must be smaller than g(T_i) (a move only
         * shrinks a tree); then the forest's value becomes target. */
        if (!gr_ord_xor_decreases(x, r->tree_value[i], d)) {
            continue;
        }
        (*count)++;
        if (*nwritten < max) {
            if (replacements != NULL) {
                st = gr_ord_xor(x, r->tree_value[i], d,
                                &replacements[*nwritten]);
                if (st != GR_OK) {
                    return st;
                }
            }
            trees[(*nwritten)++] = (uint32_t)i;
        }
        if (!count_all && *nwritten >= max) {
            break;
        }
    }
    return GR_OK;
}
