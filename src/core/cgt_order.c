/*
 * The order of games: G <= H iff no Left option G^L has H <= G^L and no
 * Right option H^R has H^R <= G (Conway).
 *
 * Two short cuts keep the recursion off the option chains of numbers:
 * numbers compare as dyadic rationals, and when exactly one side is a
 * number x the number avoidance theorem (Siegel, Combinatorial Game
 * Theory, II.3) says that a player who can win G - x moving first can win
 * by moving in G: so G <= x iff no G^L >= x, and x <= G iff no G^R <= x.
 * Each call then steps down one non-number level of one argument, and the
 * recursion is at most depth(G) + depth(H) deep.  Answers are memoised
 * per ordered pair, so a DAG of shared subgames is compared once.
 *
 * The same definition compares a canonical game with a game G = {L|R}
 * that is not in the store yet -- the game being simplified by
 * gr_cgt_make, whose reversibility tests ask whether X <= G.  There the
 * short cut is not available (G may equal a number), but the recursion
 * only follows X's options: through non-numbers at most depth(X) levels,
 * through numbers at most GR_CGT_MAX_EXP + 2 (every option of an option of
 * a number is simpler, and an integer's chain of that kind stops after one
 * step).
 */
#include "cgt_internal.h"

gr_status gr_cgt_leq(gr_cgt_store *s, gr_cgt a, gr_cgt b, bool *out)
{
    if (a >= s->count || b >= s->count) {
        return GR_EINVAL;
    }
    if (a == b) {
        *out = true;
        return GR_OK;
    }
    const gr_cgt_node *na = &s->nodes[a], *nb = &s->nodes[b];
    /* stops are monotone (G <= H gives L(G) <= L(H) and R(G) <= R(H);
     * Siegel II.3): most incomparable pairs end here, unmemoised, which
     * keeps the memo (its lookups, its growth) to the pairs that recurse */
    if (!s->reference_order &&
        (gr_dy_cmp(na->lstop, nb->lstop) > 0 || gr_dy_cmp(na->rstop, nb->rstop) > 0)) {
        *out = false;
        return GR_OK;
    }
    /* and L(G) < R(H) gives G < H: L(G - H) <= L(G) - R(H) < 0, and a game
     * whose Left stop is negative is negative (ibid.).  A number's stops
     * are the number, so two distinct numbers (distinct values: canonical
     * numbers are one handle each) end in one of these two tests, before
     * the flags are read: the stops are all the node's bytes most
     * comparisons touch */
    if (!s->reference_order && gr_dy_cmp(na->lstop, nb->rstop) < 0) {
        *out = true;
        return GR_OK;
    }
    bool num_a = (na->flags & GR_CGT_F_NUMBER) != 0, num_b = (nb->flags & GR_CGT_F_NUMBER) != 0;
    if (num_a && num_b) {
        *out = gr_dy_cmp(na->value, nb->value) <= 0;
        return GR_OK;
    }
    /* every comparison counts as work, remembered or not: the quadratic
     * domination checks of a big simplification are mostly memo hits */
    gr_status st = gr_cgt_tick(s);
    if (st != GR_OK) {
        return st;
    }
    if (gr_cgt_leq_map_get(&s->leq_memo, a, b, out)) {
        return GR_OK;
    }
    const gr_cgt *al = na->opts, *br = nb->opts + nb->nl;
    size_t nal = na->nl, nbr = nb->nr;
    bool le = true;
    if (!num_a) { /* no a^L with b <= a^L */
        for (size_t i = 0; i < nal && le; i++) {
            bool r;
            if ((st = gr_cgt_leq(s, b, al[i], &r)) != GR_OK) {
                return st;
            }
            le = !r;
        }
    }
    if (!num_b) { /* no b^R with b^R <= a */
        for (size_t i = 0; i < nbr && le; i++) {
            bool r;
            if ((st = gr_cgt_leq(s, br[i], a, &r)) != GR_OK) {
                return st;
            }
            le = !r;
        }
    }
    *out = le;
    return gr_cgt_leq_map_put(s->arena, &s->leq_memo, a, b, le);
}

/* temp_memo keys: handle * 2 + 0 for "x <= G", + 1 for "G <= y". */

/* The memo's answer for key into *out, or else one tick of the step
 * bound: true when that settles the call (*st is its status). */
static bool gr_temp_recall(gr_cgt_store *s, uint64_t key, bool *out, gr_status *st)
{
    uint32_t memo;
    if (gr_cgt_map_get(&s->temp_memo, key, &memo)) {
        *out = memo != 0;
        *st = GR_OK;
        return true;
    }
    *st = gr_cgt_tick(s);
    return *st != GR_OK;
}

gr_status gr_cgt_leq_temp_x(gr_cgt_store *s, gr_cgt x, const gr_cgt_temp *g, bool *out)
{
    uint64_t key = (uint64_t)x * 2;
    gr_status st;
    if (gr_temp_recall(s, key, out, &st)) {
        return st;
    }
    bool le = true;
    for (size_t i = 0; i < g->nr && le; i++) { /* no G^R <= x */
        bool r;
        if ((st = gr_cgt_leq(s, g->right[i], x, &r)) != GR_OK) {
            return st;
        }
        le = !r;
    }
    const gr_cgt_node *n = &s->nodes[x];
    const gr_cgt *xl = n->opts;
    size_t nxl = n->nl;
    for (size_t i = 0; i < nxl && le; i++) { /* no x^L >= G */
        bool r;
        if ((st = gr_cgt_leq_temp_y(s, g, xl[i], &r)) != GR_OK) {
            return st;
        }
        le = !r;
    }
    *out = le;
    return gr_cgt_map_put(s->arena, &s->temp_memo, key, le ? 1 : 0);
}

gr_status gr_cgt_leq_temp_y(gr_cgt_store *s, const gr_cgt_temp *g, gr_cgt y, bool *out)
{
    uint64_t key = (uint64_t)y * 2 + 1;
    gr_status st;
    if (gr_temp_recall(s, key, out, &st)) {
        return st;
    }
    bool le = true;
    for (size_t i = 0; i < g->nl && le; i++) { /* no G^L >= y */
        bool r;
        if ((st = gr_cgt_leq(s, y, g->left[i], &r)) != GR_OK) {
            return st;
        }
        le = !r;
    }
    const gr_cgt_node *n = &s->nodes[y];
    const gr_cgt *yr = n->opts + n->nl;
    size_t nyr = n->nr;
    for (size_t i = 0; i < nyr && le; i++) { /* no y^R <= G */
        bool r;
        if ((st = gr_cgt_leq_temp_x(s, yr[i], g, &r)) != GR_OK) {
            return st;
        }
        le = !r;
    }
    *out = le;
    return gr_cgt_map_put(s->arena, &s->temp_memo, key, le ? 1 : 0);
}

gr_status gr_cgt_outcome_of(gr_cgt_store *s, gr_cgt g, gr_cgt_outcome *out)
{
    bool ge0, le0;
    gr_status st = gr_cgt_leq(s, 0, g, &ge0);
    if (st == GR_OK) {
        st = gr_cgt_leq(s, g, 0, &le0);
    }
    if (st != GR_OK) {
        return st;
    }
    *out = ge0 ? (le0 ? GR_CGT_P : GR_CGT_L) : (le0 ? GR_CGT_R : GR_CGT_N);
    return GR_OK;
}

char gr_cgt_outcome_letter(gr_cgt_outcome o)
{
    return "PNLR"[o & 3];
}
