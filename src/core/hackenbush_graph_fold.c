/*
 * Green Hackenbush on graphs: folding every prefix of a path of pieces at
 * once.
 *
 * We need out[p] = phi_1(phi_2(... phi_p(0))) for all p, where
 * phi_j(y) = (w_j XOR y) + 1 (a path of fused pieces seen from its top,
 * colon principle).  Folding each prefix separately is O(k^2).  Instead
 * run all of them side by side from the far end: for j = k down to 1,
 * start chain j at the value 0 and apply phi_j to every running chain.
 * After phi_1, chain p holds out[p].
 *
 * The running values live in a binary trie keyed by their bits from the
 * lowest up (a little-endian trie, fixed depth `bits`):
 *   - XOR by w for all values: a lazy tag at the root, pushed down as we
 *     walk (a node at depth d swaps its children when tag bit d is set);
 *   - +1 for all values: the low bit flips for everyone (swap the root's
 *     children) and only the values whose bit was 1 carry into the next
 *     bit -- they now sit under child 0, so recurse there alone.  This is
 *     exactly "the low j bits of phi(y) depend only on the low j bits of
 *     y", done for all chains in O(bits).
 * Both maps are bijections, so chains that meet at a leaf stay together
 * for ever and distinct leaves never merge: a chain is just a leaf id.
 * Nodes only appear when a chain starts at 0, and a depth-d level never
 * holds more than min(2^d, k) nodes, so the pool is small.  Total
 * O(k * bits) time.
 */
#include <string.h>

#include "core/hackenbush_graph_internal.h"

/* Values are Grundy numbers of positions with fewer than 2^31 edges
 * (GR_HGRAPH_MAX_EDGES), so 32 bits hold them: a node is 12 bytes. */
typedef struct gr_hgraph_tnode {
    uint32_t ch[2];
    uint32_t tag; /* XOR still owed to this subtree; a leaf's value at the end */
} gr_hgraph_tnode;

struct gr_hgraph_folder {
    unsigned bits;
    size_t cap; /* pool capacity */
    size_t max_k;
    gr_hgraph_tnode *node; /* node 0 is "none", node 1 the root */
    uint32_t *leaf;        /* chain -> leaf id */
};

/* Small paths are folded directly; the trie pays off above this. */
#define GR_HGRAPH_FOLD_NAIVE_MAX 24

static size_t gr_hgraph_pool_bound(size_t k, unsigned bits)
{
    size_t total = 2; /* "none" and the root */
    for (unsigned d = 1; d <= bits; d++) {
        size_t level = d < 63 && ((size_t)1 << d) < k ? (size_t)1 << d : k;
        total += level;
    }
    return total;
}

gr_status gr_hgraph_folder_create(gr_arena *arena, size_t max_k, unsigned bits,
                                  gr_hgraph_folder **out)
{
    gr_hgraph_folder *f = gr_arena_alloc(arena, sizeof(*f));
    if (f == NULL) {
        return GR_ENOMEM;
    }
    f->bits = bits == 0 ? 1 : bits > 32 ? 32 : bits;
    f->cap = 0;
    f->max_k = max_k;
    f->node = NULL;
    f->leaf = NULL;
    if (max_k > GR_HGRAPH_FOLD_NAIVE_MAX) {
        f->cap = gr_hgraph_pool_bound(max_k, f->bits);
        f->node = GR_ARENA_ARRAY_UNINIT(arena, gr_hgraph_tnode, f->cap);
        f->leaf = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, max_k + 1);
        if (f->node == NULL || f->leaf == NULL) {
            return GR_ENOMEM;
        }
    }
    *out = f;
    return GR_OK;
}

void gr_hgraph_folder_release(gr_arena *arena, gr_hgraph_folder *f)
{
    if (f->node != NULL) {
        gr_arena_free(arena, f->leaf, (f->max_k + 1) * sizeof(uint32_t));
        gr_arena_free(arena, f->node, f->cap * sizeof(gr_hgraph_tnode));
    }
    gr_arena_free(arena, f, sizeof(*f));
}

void gr_hgraph_fold_prefixes_naive(const uint64_t *w, size_t k, uint64_t *out)
{
    out[0] = 0;
    for (size_t p = 1; p <= k; p++) {
        uint64_t y = 0;
        for (size_t j = p; j-- > 0;) {
            y = (w[j] ^ y) + 1;
        }
        out[p] = y;
    }
}

static inline void gr_hgraph_push(gr_hgraph_tnode *nd, uint32_t x, unsigned d)
{
    uint32_t t = nd[x].tag;
    if (t == 0) {
        return;
    }
    if ((t >> d) & 1u) {
        uint32_t tmp = nd[x].ch[0];
        nd[x].ch[0] = nd[x].ch[1];
        nd[x].ch[1] = tmp;
    }
    if (nd[x].ch[0] != 0) {
        nd[nd[x].ch[0]].tag ^= t;
    }
    if (nd[x].ch[1] != 0) {
        nd[nd[x].ch[1]].tag ^= t;
    }
    nd[x].tag = 0;
}

void gr_hgraph_fold_prefixes(gr_hgraph_folder *f, const uint64_t *w, size_t k, uint64_t *out)
{
    if (k <= GR_HGRAPH_FOLD_NAIVE_MAX || f->node == NULL) {
        gr_hgraph_fold_prefixes_naive(w, k, out);
        return;
    }
    const unsigned bits = f->bits;
    gr_hgraph_tnode *nd = f->node;
    uint32_t used = 2;
    memset(&nd[0], 0, 2 * sizeof(*nd));

    for (size_t j = k; j >= 1; j--) {
        /* chain j starts at 0 */
        uint32_t x = 1;
        for (unsigned d = 0; d < bits; d++) {
            gr_hgraph_push(nd, x, d);
            if (nd[x].ch[0] == 0) {
                uint32_t y = used++;
                nd[y].ch[0] = nd[y].ch[1] = 0;
                nd[y].tag = 0;
                nd[x].ch[0] = y;
            }
            x = nd[x].ch[0];
        }
        f->leaf[j] = x;
        /* every chain: y -> (w_j XOR y) + 1 */
        nd[1].tag ^= (uint32_t)w[j - 1];
        x = 1;
        for (unsigned d = 0; d < bits && x != 0; d++) {
            gr_hgraph_push(nd, x, d);
            uint32_t carry = nd[x].ch[1];
            nd[x].ch[1] = nd[x].ch[0];
            nd[x].ch[0] = carry;
            x = carry;
        }
    }

    /* Read every leaf's value off its path (tags pushed on the way). */
    uint32_t stack_node[2 * 66];
    uint32_t stack_val[2 * 66];
    unsigned stack_depth[2 * 66];
    unsigned sp = 0;
    stack_node[sp] = 1;
    stack_val[sp] = 0;
    stack_depth[sp] = 0;
    sp++;
    while (sp > 0) {
        sp--;
        uint32_t x = stack_node[sp];
        uint32_t v = stack_val[sp];
        unsigned d = stack_depth[sp];
        if (d == bits) {
            nd[x].tag = v;
            continue;
        }
        gr_hgraph_push(nd, x, d);
        for (unsigned b = 0; b < 2; b++) {
            if (nd[x].ch[b] != 0) {
                stack_node[sp] = nd[x].ch[b];
                stack_val[sp] = v | ((uint32_t)b << d);
                stack_depth[sp] = d + 1;
                sp++;
            }
        }
    }
    out[0] = 0;
    for (size_t p = 1; p <= k; p++) {
        out[p] = nd[f->leaf[p]].tag;
    }
}
