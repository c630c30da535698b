/*
 * Green Hackenbush on graphs: every move to a target value.
 *
 * Targets down the bridge tree.  The whole position must end with value
 * T, i.e. the root component's subtree must.  If component C's subtree
 * must end with t_C and D hangs from C by the bridge beta, then with
 * s = t_C XOR g(C) XOR (g(D) + 1) (colon principle):
 *   - s == 0: cutting beta works (D falls away and C's value becomes
 *     g(C) XOR (g(D)+1) = t_C);
 *   - s != 0: a move inside D's subtree works iff it leaves D's subtree
 *     with value s - 1, D's target.
 * Every component gets at most one target, so bridges cost O(V).
 *
 * Inside C (target t): removing a non-bridge edge e leaves C connected.
 *   - Parity principle: the new value has the parity of the edge count,
 *     which drops by one, so t must have the parity of g(C) XOR 1.
 *   - If e's 2-edge-cut class is {e}, C - e is still 2-edge-connected and
 *     only C's loop parity flips: value g(C) XOR 1.
 *   - Otherwise the class edges c_1 .. c_{k+1} lie on a cycle through the
 *     pieces P_0, P_1, ..., P_k (c_j joins P_{j-1} and P_j, c_{k+1} joins
 *     P_k and P_0), P_0 holding C's root.  Removing c_i turns the other
 *     class edges into bridges: two arms P_1..P_{i-1} and P_k..P_i hang
 *     from P_0, each a path of fused pieces.  With w_j the weight of P_j
 *     (its edge parity XOR its children's g(D)+1) and
 *     phi_j(y) = (w_j XOR y) + 1:
 *         value(c_i) = w_0 XOR A_{i-1} XOR B_i,
 *         A_p = phi_1(...phi_p(0)),  B_i = phi_k(...phi_i(0)),
 *     all of which hackenbush_graph_fold.c computes for a class at once.
 * The pieces of a class with tree edges at v_1 (top) .. v_m (bottom) are
 * P_j = sub(v_j) minus sub(v_{j+1}), and P_m = sub(v_m) when a back edge
 * closes the class (else sub(v_m) belongs to P_0); their edge counts and
 * child values come from the per-vertex subtree sums by difference, P_0's
 * from C's totals.  Total O((V + E) log E).
 */
#include <string.h>

#include "core/hackenbush_graph_internal.h"

#define GR_HGRAPH_NO_TARGET UINT64_MAX

typedef struct gr_hgraph_found {
    uint32_t *moves;
    size_t count;
    size_t limit; /* 0: all */
} gr_hgraph_found;

/* Records a move; true when the limit is reached. */
static inline bool gr_hgraph_add(gr_hgraph_found *f, uint32_t edge)
{
    f->moves[f->count++] = edge;
    return f->limit != 0 && f->count >= f->limit;
}

gr_status gr_hgraph_class_scratch_create(gr_arena *a, const gr_hgraph *g,
                                         const gr_hgraph_cuts *cuts, gr_hgraph_class_scratch *s)
{
    memset(s, 0, sizeof(*s));
    size_t mk = (size_t)cuts->max_class + 2;
    gr_status st = gr_hgraph_folder_create(a, mk, gr_hgraph_bitlen(g->attached_edges), &s->folder);
    if (st != GR_OK) {
        return st;
    }
    s->mk = mk;
    s->vx = GR_ARENA_ARRAY_UNINIT(a, uint32_t, mk);
    s->w = GR_ARENA_ARRAY_UNINIT(a, uint64_t, mk);
    s->fa = GR_ARENA_ARRAY_UNINIT(a, uint64_t, mk + 1);
    s->fb = GR_ARENA_ARRAY_UNINIT(a, uint64_t, mk + 1);
    s->edges = GR_ARENA_ARRAY_UNINIT(a, uint32_t, mk);
    s->values = GR_ARENA_ARRAY_UNINIT(a, uint64_t, mk);
    if (s->vx == NULL || s->w == NULL || s->fa == NULL || s->fb == NULL || s->edges == NULL ||
        s->values == NULL) {
        return GR_ENOMEM;
    }
    return GR_OK;
}

void gr_hgraph_class_scratch_release(gr_arena *a, gr_hgraph_class_scratch *s)
{
    size_t mk = s->mk;
    gr_arena_free(a, s->values, mk * sizeof(uint64_t));
    gr_arena_free(a, s->edges, mk * sizeof(uint32_t));
    gr_arena_free(a, s->fb, (mk + 1) * sizeof(uint64_t));
    gr_arena_free(a, s->fa, (mk + 1) * sizeof(uint64_t));
    gr_arena_free(a, s->w, mk * sizeof(uint64_t));
    gr_arena_free(a, s->vx, mk * sizeof(uint32_t));
    gr_hgraph_folder_release(a, s->folder);
}

uint32_t gr_hgraph_class_values(const gr_hgraph *g, const gr_hgraph_cuts *cuts, uint32_t cls,
                                gr_hgraph_class_scratch *s)
{
    gr_hgraph_folder *folder = s->folder;
    uint32_t *vx = s->vx, *edge_out = s->edges;
    uint64_t *w = s->w, *fa = s->fa, *fb = s->fb, *value_out = s->values;
    uint32_t m = 0;
    for (uint32_t x = cuts->top[cls]; x != GR_HGRAPH_NONE; x = cuts->down[x]) {
        vx[m++] = x;
    }
    const bool closed = cuts->back[cls] != GR_HGRAPH_NONE;
    const uint32_t k = closed ? m : m - 1; /* pieces P_1..P_k */
    const uint32_t r = g->comp_root[g->vx[vx[0]].comp];
    uint64_t inner = 0, xsum = 0;
    for (uint32_t j = 1; j <= k; j++) {
        uint32_t v = vx[j - 1];
        uint64_t e_in, h;
        if (j < m) {
            uint32_t below = vx[j];
            e_in = (uint64_t)g->vx[v].in_edges - g->vx[below].in_edges - 1;
            h = g->vx[v].sub_value ^ g->vx[below].sub_value;
        } else {
            e_in = g->vx[v].in_edges;
            h = g->vx[v].sub_value;
        }
        w[j - 1] = (e_in & 1u) ^ h;
        inner += e_in;
        xsum ^= h;
    }
    const uint64_t w0 =
        (((uint64_t)g->vx[r].in_edges - (k + 1) - inner) & 1u) ^ g->vx[r].sub_value ^ xsum;
    /* fa[p] = A_p; fb[q] = phi_k(...phi_{k+1-q}(0)) = B_{k+1-q} */
    gr_hgraph_fold_prefixes(folder, w, k, fa);
    for (uint32_t j = 0; j < k / 2; j++) {
        uint64_t tmp = w[j];
        w[j] = w[k - 1 - j];
        w[k - 1 - j] = tmp;
    }
    gr_hgraph_fold_prefixes(folder, w, k, fb);
    for (uint32_t i = 1; i <= k + 1; i++) {
        value_out[i - 1] = w0 ^ fa[i - 1] ^ fb[k + 1 - i];
        edge_out[i - 1] = i <= m ? g->vx[vx[i - 1]].parent_edge : cuts->back[cls];
    }
    return k + 1;
}

/* Evaluates one class of component c (target t) and records its moves.
 * Scratch arrays: at least max_class + 2 entries. */
static bool gr_hgraph_class_moves(const gr_hgraph *g, const gr_hgraph_cuts *cuts, uint32_t cls,
                                  uint64_t t, gr_hgraph_class_scratch *s, gr_hgraph_found *found)
{
    uint32_t n = gr_hgraph_class_values(g, cuts, cls, s);
    for (uint32_t i = 0; i < n; i++) {
        if (s->values[i] == t && gr_hgraph_add(found, s->edges[i])) {
            return true;
        }
    }
    return false;
}

unsigned gr_hgraph_bitlen(uint64_t x)
{
    unsigned b = 0;
    while (x != 0) {
        b++;
        x >>= 1;
    }
    return b;
}

/* Stage 1: targets down the bridge tree and the bridge moves.  Marks in
 * want[] the components whose non-bridge edges may hold moves.  True when
 * the limit is reached. */
static bool gr_hgraph_bridge_moves(const gr_hgraph *g, uint64_t target, uint64_t *tgt,
                                   uint8_t *want, gr_hgraph_found *found, bool *any_inner)
{
    *any_inner = false;
    tgt[0] = target;
    for (uint32_t c = 0; c < g->ncomp; c++) {
        uint32_t r = g->comp_root[c];
        uint64_t gc = gr_hgraph_comp_value(g, r);
        if (c > 0) {
            uint32_t pc = g->vx[g->vx[r].parent].comp;
            uint64_t tp = tgt[pc];
            uint64_t gp = gr_hgraph_comp_value(g, g->comp_root[pc]);
            tgt[c] = GR_HGRAPH_NO_TARGET;
            if (tp != GR_HGRAPH_NO_TARGET) {
                uint64_t s = tp ^ gp ^ (gc + 1);
                if (s == 0) {
                    if (gr_hgraph_add(found, g->vx[r].parent_edge)) {
                        return true;
                    }
                } else {
                    tgt[c] = s - 1;
                }
            }
        }
        if (tgt[c] != GR_HGRAPH_NO_TARGET && g->vx[r].in_edges > 0 &&
            ((tgt[c] ^ gc ^ 1u) & 1u) == 0) {
            want[c] = 1;
            *any_inner = true;
        }
    }
    return false;
}

/* Stage 2: edges alone in their class flip C's loop parity.  True when the
 * limit is reached. */
static bool gr_hgraph_single_moves(const gr_hgraph *g, const gr_hgraph_cuts *cuts,
                                   const uint64_t *tgt, const uint8_t *want, gr_hgraph_found *found)
{
    for (size_t e = 0; e < g->m; e++) {
        if (cuts->in_class[e]) {
            continue;
        }
        uint32_t u = g->edges[2 * e], v = g->edges[2 * e + 1];
        u = gr_hgraph_map(g, u);
        v = gr_hgraph_map(g, v);
        if (!gr_hgraph_attached(g, u)) {
            continue; /* detached */
        }
        /* a tree edge is the entering edge of its deeper end only */
        uint32_t lower = g->vx[u].parent_edge == e ? u : v;
        if (u != v && g->vx[lower].parent_edge == e && g->vx[lower].cnt == 0) {
            continue; /* a bridge: stage 1 */
        }
        uint32_t c = g->vx[u].comp;
        if (want[c] && tgt[c] == (gr_hgraph_comp_value(g, g->comp_root[c]) ^ 1u) &&
            gr_hgraph_add(found, (uint32_t)e)) {
            return true;
        }
    }
    return false;
}

/* Stage 3: classes of two or more edges. */
static gr_status gr_hgraph_class_stage(gr_arena *a, const gr_hgraph *g, const gr_hgraph_cuts *cuts,
                                       const uint64_t *tgt, gr_hgraph_found *found)
{
    gr_hgraph_class_scratch s;
    gr_status st = gr_hgraph_class_scratch_create(a, g, cuts, &s);
    if (st != GR_OK) {
        return st;
    }
    for (uint32_t cls = 0; cls < cuts->nclass; cls++) {
        uint32_t c = g->vx[cuts->top[cls]].comp;
        if (gr_hgraph_class_moves(g, cuts, cls, tgt[c], &s, found)) {
            break;
        }
    }
    gr_hgraph_class_scratch_release(a, &s);
    return GR_OK;
}

gr_status gr_hgraph_moves_to(gr_arena *a, const gr_hgraph *g, uint64_t target, size_t limit,
                             uint32_t **moves, size_t *count)
{
    *moves = NULL;
    *count = 0;
    size_t cap = limit != 0 && limit < g->attached_edges ? limit : g->attached_edges;
    gr_hgraph_found found = {
        .moves = GR_ARENA_ARRAY_UNINIT(a, uint32_t, cap + 1),
        .count = 0,
        .limit = limit,
    };
    if (found.moves == NULL) {
        return GR_ENOMEM;
    }
    *moves = found.moves;
    if (target >= g->attached_edges) {
        /* A move leaves at most attached_edges - 1 edges, and a Grundy
         * value never exceeds the number of edges. */
        return GR_OK;
    }
    uint64_t *tgt = GR_ARENA_ARRAY_UNINIT(a, uint64_t, g->ncomp);
    uint8_t *want = GR_ARENA_ARRAY(a, uint8_t, g->ncomp);
    if (tgt == NULL || want == NULL) {
        return GR_ENOMEM;
    }
    gr_status st = GR_OK;
    bool any_inner = false;
    if (!gr_hgraph_bridge_moves(g, target, tgt, want, &found, &any_inner) && any_inner) {
        gr_hgraph_cuts cuts;
        st = gr_hgraph_cuts_build(a, g, want, &cuts);
        if (st == GR_OK) {
            if (!gr_hgraph_single_moves(g, &cuts, tgt, want, &found) && cuts.nclass > 0) {
                st = gr_hgraph_class_stage(a, g, &cuts, tgt, &found);
            }
            gr_hgraph_cuts_release(a, g, &cuts);
        }
    }
    gr_arena_free(a, want, g->ncomp * sizeof(uint8_t));
    gr_arena_free(a, tgt, g->ncomp * sizeof(uint64_t));
    if (st != GR_OK) {
        return st;
    }
    /* Keep only what was found of a list sized for every edge. */
    if (found.count + 1 < cap + 1) {
        uint32_t *kept = gr_arena_realloc(a, found.moves, (cap + 1) * sizeof(uint32_t),
                                          (found.count + 1) * sizeof(uint32_t));
        if (kept != NULL) {
            found.moves = kept;
        }
    }
    *moves = found.moves;
    *count = found.count;
    return GR_OK;
}
