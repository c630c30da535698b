/*
 * Coloured Hackenbush's position, shared by its files: the search
 * (hackenbush_colored.c) and red-blue trees by Berlekamp's rule
 * (hackenbush_colored_tree.c).  Core-private.
 */
#ifndef GR_HACKENBUSH_COLORED_INTERNAL_H
#define GR_HACKENBUSH_COLORED_INTERNAL_H

#include "core/cgt_memo.h"
#include "core/search_budget.h"
#include "grundy/hackenbush_colored.h"

struct gr_hbc {
    gr_value_search vs; /* first (gr_value_search_new): arena, store, node budget */
    const gr_hbc_input *in;
    size_t m;
    uint32_t nv;       /* relabelled vertices, 0 the ground */
    uint32_t *eu, *ev; /* relabelled endpoints of each request edge */
    uint8_t *in_play;  /* per request edge */
    bool tree;
    bool green;            /* every edge in play green: Green Hackenbush's fusion */
    gr_status tree_status; /* of Berlekamp's rule: GR_ELIMIT past the dyadic limits */
    /* tree: */
    uint32_t *parent_edge; /* per vertex: the edge to its parent (UINT32_MAX: the ground) */
    uint32_t *upper;       /* per tree edge: its endpoint away from the ground */
    gr_dyadic *sum;        /* per vertex: the sum of its branches */
    gr_dyadic *branch;     /* per edge in play: its branch's value */
    unsigned levels;       /* of the jump tables below, 0 until a cut needs them */
    uint32_t **jump;       /* jump[k][v]: 2^k edges up through linear edges, or none */
    gr_dyadic **lo, **hi;  /* the change of sum[v] those edges pass on unchanged */
    /* all green: */
    struct gr_hgraph *hgraph;
    /* search: */
    size_t ne;       /* edges in play */
    uint32_t *local; /* local bit -> request edge */
    int32_t *bit_of; /* request edge -> local bit, or -1 */
    uint8_t lu[64], lv[64], lcol[64];
    uint64_t inc[66];   /* per local vertex: the edges touching it */
    uint64_t vends[64]; /* per local bit: its ends but the ground, as vertex bits */
    uint64_t all;       /* the edges in play */
    /* per local bit: its class of interchangeable edges (adjacent bits);
     * single: the bits alone in theirs */
    uint64_t cls[64], single;
    gr_cgt_memo memo; /* edges in play -> value */
};

/* Berlekamp's rule bottom-up over the vertices in breadth-first order
 * (order[0] the ground): g->sum, g->branch, g->upper. */
gr_status gr_hbc_tree_values(gr_hbc *g, const uint32_t *order, size_t n);

/* The tree's value after cutting edge e (in play). */
gr_status gr_hbc_tree_after(gr_hbc *g, size_t e, gr_cgt *out);

#endif
