/*
 * The hackenbush_tree family: Green Hackenbush on rooted trees and forests
 * (docs/hackenbush.md), in three input forms that all become one parent
 * array for the core (include/grundy/hackenbush_tree.h):
 *
 *   {"parent": [-1, 0, 0, 1]}                  a forest, -1 marks a root;
 *   {"edges": [[0, 1], [0, 2], [1, 3]], "root": 0}   one tree, undirected
 *                                              edges, vertices 0..m;
 *   {"nested": [[], [[]]]}                     the root's children, each an
 *                                              array of its own children;
 *                                              vertices numbered in preorder.
 *
 * A move {"parent": p, "child": c, "edges_removed": k} cuts the edge above
 * c (for `nested` also "path", the JSON Pointer of c's array inside
 * `nested`).  Nothing here recurses: the nested walk and the edge-list BFS
 * keep explicit stacks and queues, so depth costs memory, not C stack.
 */
#include "grundy/hackenbush_tree.h"

#include <stdio.h>
#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"

typedef struct gr_htree_state {
    gr_htree tree;
    const uint32_t *sibling; /* nested form: index of v in its parent's
                                array, for the move's "path"; else NULL */
} gr_htree_state;

/* ---- form 1: parent array ------------------------------------------------ */

static gr_status gr_htree_read_parent(gr_jctx *c, const cJSON *arr, const char *ptr,
                                      uint32_t **parent, uint32_t *n)
{
    size_t count = 0;
    gr_status st = gr_json_array(c, arr, ptr, &count);
    if (st != GR_OK) {
        return st;
    }
    if (count > GR_HTREE_MAX_VERTICES) {
        return gr_json_error(c, GR_ELIMIT, ptr, "at most %u vertices",
                             (unsigned)GR_HTREE_MAX_VERTICES);
    }
    uint32_t *p = gr_arena_alloc(c->arena, count * sizeof(uint32_t));
    if (p == NULL) {
        return gr_json_oom(c);
    }
    double top = (double)count - 1;
    size_t i = 0;
    for (const cJSON *it = arr->child; it != NULL; it = it->next, i++) {
        /* Fast path: an exact small number, as nearly every input is. */
        if (cJSON_IsNumber(it)) {
            double d = it->valuedouble;
            if (d == -1) {
                p[i] = GR_HTREE_ROOT;
                continue;
            }
            if (d >= 0 && d <= top && (double)(uint32_t)d == d) {
                p[i] = (uint32_t)d;
                continue;
            }
        }
        int64_t v = 0;
        const char *at = gr_jp_idx(c, ptr, i);
        st = gr_json_i64(c, it, at, -1, (int64_t)count - 1, &v);
        if (st != GR_OK) {
            /* The reader's range sentence, plus what the range means. */
            return gr_json_error(c, GR_EINVAL, at,
                                 "%s; a parent must be the id of another "
                                 "vertex (0..%zu) or -1 for a root",
                                 c->problem.detail, count - 1);
        }
        p[i] = v < 0 ? GR_HTREE_ROOT : (uint32_t)v;
    }
    *parent = p;
    *n = (uint32_t)count;
    return GR_OK;
}

/* ---- form 2: undirected edges and a root ---------------------------------
 * m edges on vertices 0..m form a tree exactly when a BFS from the root
 * meets no vertex twice and reaches all m + 1 vertices.  The BFS runs over
 * a CSR adjacency whose entries remember their edge index, so every
 * complaint can point at one edge. */
static gr_status gr_htree_edges_to_parent(gr_jctx *c, const uint32_t *ends, uint32_t m,
                                          uint32_t root, const char *ptr, uint32_t **parent)
{
    gr_arena *a = c->arena;
    uint32_t n = m + 1;
    uint32_t *start = GR_ARENA_ARRAY(a, uint32_t, (size_t)n + 1);
    uint32_t *adj_v = gr_arena_alloc(a, 2 * (size_t)m * sizeof(uint32_t));
    uint32_t *adj_e = gr_arena_alloc(a, 2 * (size_t)m * sizeof(uint32_t));
    uint32_t *par = gr_arena_alloc(a, (size_t)n * sizeof(uint32_t));
    uint32_t *par_edge = gr_arena_alloc(a, (size_t)n * sizeof(uint32_t));
    uint32_t *queue = gr_arena_alloc(a, (size_t)n * sizeof(uint32_t));
    if (start == NULL || adj_v == NULL || adj_e == NULL || par == NULL || par_edge == NULL ||
        queue == NULL) {
        return gr_json_oom(c);
    }
    for (uint32_t e = 0; e < m; e++) {
        uint32_t u = ends[2 * (size_t)e], v = ends[2 * (size_t)e + 1];
        if (u == v) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, e),
                                 "edge %u is a loop at vertex %u; a tree has "
                                 "no loops",
                                 e, u);
        }
        start[u + 1]++;
        start[v + 1]++;
    }
    for (uint32_t v = 0; v < n; v++) {
        start[v + 1] += start[v];
    }
    for (uint32_t e = 0; e < m; e++) {
        for (int k = 0; k < 2; k++) {
            uint32_t u = ends[2 * (size_t)e + (size_t)k];
            uint32_t w = ends[2 * (size_t)e + (size_t)(1 - k)];
            adj_v[start[u]] = w;
            adj_e[start[u]++] = e;
        }
    }
    for (uint32_t v = n; v > 0; v--) {
        start[v] = start[v - 1]; /* undo the cursor advance */
    }
    start[0] = 0;
    for (uint32_t v = 0; v < n; v++) {
        par[v] = GR_HTREE_ROOT - 1; /* "not reached yet" */
    }
    par[root] = GR_HTREE_ROOT;
    par_edge[root] = UINT32_MAX;
    uint32_t head = 0, tail = 0;
    queue[tail++] = root;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (uint32_t k = start[u]; k < start[u + 1]; k++) {
            uint32_t w = adj_v[k], e = adj_e[k];
            if (e == par_edge[u]) {
                continue;
            }
            if (par[w] == GR_HTREE_ROOT - 1) {
                par[w] = u;
                par_edge[w] = e;
                queue[tail++] = w;
                continue;
            }
            /* w seen before by another edge: a second u-w edge, or a
             * cycle through the root's component. */
            if (par[w] == u || par[u] == w) {
                uint32_t first = par[w] == u ? par_edge[w] : par_edge[u];
                return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, e > first ? e : first),
                                     "edges %u and %u both join vertices %u and %u; a tree "
                                     "has one edge between two vertices",
                                     e < first ? e : first, e > first ? e : first, u, w);
            }
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, e),
                                 "edge %u ([%u, %u]) closes a cycle; the "
                                 "edges must form a tree",
                                 e, ends[2 * (size_t)e], ends[2 * (size_t)e + 1]);
        }
    }
    if (tail < n) {
        /* m = n - 1 edges, so another component exists and owns an edge. */
        for (uint32_t e = 0; e < m; e++) {
            if (par[ends[2 * (size_t)e]] == GR_HTREE_ROOT - 1) {
                return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, e),
                                     "edge %u ([%u, %u]) is not connected to the root %u; "
                                     "the edges must form one tree",
                                     e, ends[2 * (size_t)e], ends[2 * (size_t)e + 1], root);
            }
        }
        return gr_json_error(c, GR_EINTERNAL, ptr, "unreachable edge check");
    }
    gr_arena_free(a, queue, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, par_edge, (size_t)n * sizeof(uint32_t));
    gr_arena_free(a, adj_e, 2 * (size_t)m * sizeof(uint32_t));
    gr_arena_free(a, adj_v, 2 * (size_t)m * sizeof(uint32_t));
    gr_arena_free(a, start, ((size_t)n + 1) * sizeof(uint32_t));
    *parent = par;
    return GR_OK;
}

static gr_status gr_htree_read_edges(gr_jctx *c, const cJSON *edges, const cJSON *root_item,
                                     const char *ptr, uint32_t **parent, uint32_t *n)
{
    const char *eptr = gr_jp_key(c, ptr, "edges");
    size_t m = 0;
    gr_status st = gr_json_array(c, edges, eptr, &m);
    if (st != GR_OK) {
        return st;
    }
    if (m >= GR_HTREE_MAX_VERTICES) {
        return gr_json_error(c, GR_ELIMIT, eptr, "at most %u edges",
                             (unsigned)GR_HTREE_MAX_VERTICES - 1);
    }
    /* m edges of a tree join exactly the vertices 0..m. */
    uint32_t *ends = NULL;
    st = gr_json_pairs(c, edges, eptr, (uint32_t)m, &ends, &m);
    if (st != GR_OK) {
        return st == GR_EINVAL ? gr_json_error(c, st, c->problem.pointer,
                                               "%s (a tree of %zu edge%s has vertices "
                                               "0..%zu)",
                                               c->problem.detail, m, m == 1 ? "" : "s", m)
                               : st;
    }
    uint64_t root = 0;
    if (root_item != NULL &&
        (st = gr_json_u64(c, root_item, gr_jp_key(c, ptr, "root"), m, &root)) != GR_OK) {
        return gr_json_error(c, GR_EINVAL, c->problem.pointer,
                             "%s (a tree of %zu edge%s has vertices 0..%zu)", c->problem.detail, m,
                             m == 1 ? "" : "s", m);
    }
    st = gr_htree_edges_to_parent(c, ends, (uint32_t)m, (uint32_t)root, eptr, parent);
    if (st != GR_OK) {
        return st;
    }
    *n = (uint32_t)m + 1;
    return GR_OK;
}

/* ---- form 3: nested arrays -----------------------------------------------
 * An explicit stack of frames walks the cJSON tree in preorder (the root is
 * vertex 0, then each child's whole subtree before the next child).  Arrays
 * grow by doubling in the arena. */
typedef struct gr_htree_frame {
    const cJSON *next; /* the next child array to visit */
    uint32_t vertex;
    uint32_t index; /* next->'s index in vertex's array */
} gr_htree_frame;

static gr_status gr_htree_grow(gr_jctx *c, void **arr, size_t elem, size_t *cap, size_t need)
{
    if (need <= *cap) {
        return GR_OK;
    }
    size_t ncap = *cap * 2 > need ? *cap * 2 : need;
    void *p = gr_arena_realloc(c->arena, *arr, *cap * elem, ncap * elem);
    if (p == NULL) {
        return gr_json_oom(c);
    }
    *arr = p;
    *cap = ncap;
    return GR_OK;
}

/* The pointer of the item the walk is looking at: base plus, for every
 * open frame, the index of the child being visited -- index - 1 below the
 * top (those frames already advanced past the child now open), index at
 * the top. */
static const char *gr_htree_stack_pointer(gr_jctx *c, const char *base, const gr_htree_frame *stack,
                                          size_t depth)
{
    const char *p = base;
    for (size_t i = 0; i < depth; i++) {
        p = gr_jp_idx(c, p, stack[i].index - (i + 1 < depth ? 1u : 0u));
    }
    return p;
}

static gr_status gr_htree_read_nested(gr_jctx *c, const cJSON *nested, const char *ptr,
                                      uint32_t **parent, uint32_t **sibling, uint32_t *n)
{
    if (!cJSON_IsArray(nested)) {
        size_t dummy;
        return gr_json_array(c, nested, ptr, &dummy);
    }
    size_t cap = 64, scap = 16, depth = 0;
    uint32_t *par = gr_arena_alloc(c->arena, cap * sizeof(uint32_t));
    uint32_t *sib = gr_arena_alloc(c->arena, cap * sizeof(uint32_t));
    gr_htree_frame *stack = gr_arena_alloc(c->arena, scap * sizeof(*stack));
    if (par == NULL || sib == NULL || stack == NULL) {
        return gr_json_oom(c);
    }
    uint32_t count = 1;
    par[0] = GR_HTREE_ROOT;
    sib[0] = 0;
    stack[depth++] = (gr_htree_frame){nested->child, 0, 0};
    while (depth > 0) {
        gr_htree_frame *top = &stack[depth - 1];
        const cJSON *item = top->next;
        if (item == NULL) {
            depth--;
            continue;
        }
        if (!cJSON_IsArray(item)) {
            size_t dummy;
            const char *at = gr_htree_stack_pointer(c, ptr, stack, depth);
            gr_json_array(c, item, at, &dummy);
            return gr_json_error(c, GR_EINVAL, at,
                                 "%s: every vertex is the array of its "
                                 "children ([] for a leaf)",
                                 c->problem.detail);
        }
        if (count == GR_HTREE_MAX_VERTICES) {
            return gr_json_error(c, GR_ELIMIT, ptr, "at most %u vertices",
                                 (unsigned)GR_HTREE_MAX_VERTICES);
        }
        gr_status st = GR_OK;
        if (count == cap) {
            size_t old = cap;
            st = gr_htree_grow(c, (void **)&par, sizeof(uint32_t), &cap, 2 * old);
            if (st == GR_OK) {
                st = gr_htree_grow(c, (void **)&sib, sizeof(uint32_t), &old, cap);
            }
        }
        if (st == GR_OK) {
            st = gr_htree_grow(c, (void **)&stack, sizeof(*stack), &scap, depth + 1);
        }
        if (st != GR_OK) {
            return st;
        }
        top = &stack[depth - 1]; /* the stack may have moved */
        uint32_t v = count++;
        par[v] = top->vertex;
        sib[v] = top->index;
        top->next = item->next;
        top->index++;
        stack[depth++] = (gr_htree_frame){item->child, v, 0};
    }
    *parent = par;
    *sibling = sib;
    *n = count;
    return GR_OK;
}

/* ---- the family ---------------------------------------------------------- */

static gr_status gr_htree_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                  gr_value *value)
{
    const cJSON *parent_item, *edges, *root, *nested;
    const gr_jfield fields[] = {{"parent", false, &parent_item},
                                {"edges", false, &edges},
                                {"root", false, &root},
                                {"nested", false, &nested}};
    gr_status st = gr_json_family_object(c, obj, ptr, fields, 4);
    if (st != GR_OK) {
        return st;
    }
    int forms = (parent_item != NULL) + (edges != NULL) + (nested != NULL);
    if (forms != 1) {
        const char *second = nested != NULL ? "nested" : "edges";
        return gr_json_error(c, GR_EINVAL, forms == 0 ? ptr : gr_jp_key(c, ptr, second),
                             "give the tree in exactly one form: \"parent\" (an array of "
                             "parent ids, -1 for roots), \"edges\" with \"root\", or "
                             "\"nested\" (arrays of children)%s",
                             forms == 0 ? "" : "; this request has more than one");
    }
    if (root != NULL && edges == NULL) {
        return gr_json_error(c, GR_EINVAL, gr_jp_key(c, ptr, "root"),
                             "\"root\" belongs to the \"edges\" form only");
    }
    gr_htree_state *s = gr_arena_alloc(c->arena, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    s->sibling = NULL;
    uint32_t *parent = NULL, *sibling = NULL, n = 0;
    const char *form_ptr;
    if (parent_item != NULL) {
        form_ptr = gr_jp_key(c, ptr, "parent");
        st = gr_htree_read_parent(c, parent_item, form_ptr, &parent, &n);
    } else if (edges != NULL) {
        form_ptr = gr_jp_key(c, ptr, "edges");
        st = gr_htree_read_edges(c, edges, root, ptr, &parent, &n);
    } else {
        form_ptr = gr_jp_key(c, ptr, "nested");
        st = gr_htree_read_nested(c, nested, form_ptr, &parent, &sibling, &n);
        s->sibling = sibling;
    }
    if (st != GR_OK) {
        return st;
    }
    gr_htree_input in = {parent, n};
    uint32_t bad = 0;
    st = gr_htree_solve(c->arena, &in, &s->tree, &bad);
    switch (st) {
    case GR_OK:
        break;
    case GR_ENOMEM:
        return gr_json_oom(c);
    case GR_EINVAL:
        /* Only the parent form can get here: the other two build a
         * forest by construction. */
        return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, form_ptr, bad),
                             "vertex %u is its own ancestor: following "
                             "parents from it leads back to it (a cycle)",
                             bad);
    default:
        return gr_json_error(c, st, form_ptr, "the forest is too large");
    }
    return gr_json_finite(state, s, value, s->tree.value);
}

/* The RFC 6901 pointer of vertex v's array inside `nested`: the sibling
 * indices from the root down to v.  Walks up, then writes backwards. */
static const char *gr_htree_path(gr_jctx *c, const gr_htree_state *s, uint32_t v)
{
    size_t len = 0;
    for (uint32_t u = v; s->tree.parent[u] != GR_HTREE_ROOT; u = s->tree.parent[u]) {
        char digits[24];
        len += 1 + gr_dec_u64(digits, s->sibling[u]);
    }
    char *out = gr_arena_alloc(c->arena, len + 1);
    if (out == NULL) {
        return NULL;
    }
    out[len] = '\0';
    size_t end = len;
    for (uint32_t u = v; s->tree.parent[u] != GR_HTREE_ROOT; u = s->tree.parent[u]) {
        char digits[24];
        size_t d = gr_dec_u64(digits, s->sibling[u]);
        end -= d;
        memcpy(out + end, digits, d);
        out[--end] = '/';
    }
    return out;
}

/* {["path",] "parent", "child", "edges_removed"}: the path when the tree
 * was given by paths */
static const gr_move_shape gr_htree_shape = {.text_key = "path",
                                             .num_key = {"parent", "child", "edges_removed"}};

static void gr_htree_move_rec(gr_jctx *c, const gr_htree_state *s, const gr_htree_move *mv,
                              gr_move *m)
{
    if (s->sibling != NULL) {
        m->text = gr_htree_path(c, s, mv->child);
        if (m->text == NULL) {
            c->oom = true;
        }
    }
    m->num[0] = mv->parent;
    m->num[1] = mv->child;
    m->num[2] = mv->edges_removed;
}

static gr_status gr_htree_moves_json(gr_jctx *c, void *state, const gr_value *target,
                                     bool count_all, gr_move_list *list, uint64_t *count)
{
    (void)count_all; /* all moves come out of one O(n) sweep anyway */
    gr_htree_state *s = state;
    if (target->kind != GR_VALUE_FINITE) {
        return gr_json_error(c, GR_EINTERNAL, NULL, "non-finite hackenbush_tree target");
    }
    uint64_t want = list->room < s->tree.n ? list->room : s->tree.n;
    gr_htree_move *mv = gr_arena_alloc(c->arena, (size_t)(want + 1) * sizeof(gr_htree_move));
    if (mv == NULL) {
        return gr_json_oom(c);
    }
    uint64_t found = 0;
    gr_status st = gr_htree_moves_to(c->arena, &s->tree, target->n, mv, want, &found);
    if (st != GR_OK) {
        return st == GR_ENOMEM ? gr_json_oom(c) : gr_json_error(c, st, NULL, "moves failed");
    }
    for (uint64_t i = 0; i < found && i < want; i++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            return gr_json_oom(c);
        }
        gr_htree_move_rec(c, s, &mv[i], &e->move);
    }
    *count = found;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

/* Every move: one per edge, listed in BFS order from the roots (so the
 * k-th listed cut is at depth at most k).  The value after each listed cut
 * is walked up to its root (gr_htree_value_after_cut): the cost is the sum
 * of the listed cuts' depths, at most max_moves^2 / 2, and is bounded by
 * GR_HTREE_ALL_MOVES_WORK (a 422 naming max_moves past it). */
#define GR_HTREE_ALL_MOVES_WORK (1ull << 28)

static gr_status gr_htree_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    gr_htree_state *s = state;
    const gr_htree *t = &s->tree;
    list->count += t->n - t->nroots;
    uint64_t steps = 0, polled = 0;
    for (uint32_t q = t->nroots; q < t->n && list->listed < list->room; q++) {
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            break;
        }
        gr_htree_move mv = {t->order[t->up[q]], t->order[q], t->subtree[q]};
        gr_htree_move_rec(c, s, &mv, &e->move);
        e->after.kind = GR_VALUE_FINITE;
        e->after.n = gr_htree_value_after_cut(t, q, &steps);
        if (steps > GR_HTREE_ALL_MOVES_WORK) {
            return gr_json_error(c, GR_ELIMIT, "/max_moves",
                                 "listing the value after each of this many cuts walks more than "
                                 "%llu steps up this tree; ask for fewer moves",
                                 (unsigned long long)GR_HTREE_ALL_MOVES_WORK);
        }
        if (steps - polled > 4096) {
            polled = steps;
            gr_status st = gr_arena_check(c->arena);
            if (st != GR_OK) {
                return gr_json_error(c, st, NULL, "stopped while listing moves");
            }
        }
    }
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

GR_JSON_FAMILY(gr_family_hackenbush_tree, "hackenbush_tree", gr_htree,
               .extras = NULL); /* no hook of its own: C11 wants an argument for ... */
