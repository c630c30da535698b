/*
 * Naming canonical forms: the "uptimal" tag of each node and CGSuite's
 * notation.
 *
 * Tag.  When a node is made, its options' tags say whether it is
 * x + n.^ + *m for a number x (each option then has the number part x):
 *   *m       = {0,*,...,*(m-1) | 0,*,...,*(m-1)}
 *   n.^ + *m = {0 | (n-1).^ + *(m xor 1)}   (n >= 1, except ^*)
 *   ^*       = {0,* | 0}
 * (so ^ = {0|*}, ^^ = {0|^*}, ^^* = {0|^}, ^*2 = {0|*3}), their
 * negatives, all translated by x (number translation).  These are the
 * canonical forms of Winning Ways ch. 3 / Siegel II.4; a node matching one
 * of them is that value, so the tag is exact.
 *
 * Notation (CGSuite's plain text): numbers 3/8, nimbers *2, ups ^ v ^^ vv
 * ^3 v3, joined as 1/2^*, 6^*, 73/16v9*8; a game equal to its negative
 * as a switch ±G; {x||x|y} with y a number below x as Tiny(x-y) (after
 * its translation x when non-zero), its negative as Miny; other games in
 * braces, where a single option on a side is written without braces and
 * the nesting is shown by the number of bars ({0||0|-1}); four bars are
 * always braced.
 */
#include "cgt_internal.h"

#include <string.h>

/* ---- tags ------------------------------------------------------------ */

static const gr_cgt_node *gr_tag(const gr_cgt_store *s, gr_cgt g)
{
    const gr_cgt_node *n = &s->nodes[g];
    return (n->flags & GR_CGT_F_UPTIMAL) ? n : NULL;
}

/* Whether options[0..k) carry nimbers 0..k-1 with no ups, in any order. */
static bool gr_tag_nimbers(const gr_cgt_store *s, const gr_cgt *o, size_t k)
{
    uint64_t seen = 0;
    if (k > 64) {
        /* larger nimbers: handles of *0..*(k-1) are increasing, so sorted
         * lists hold them in order */
        for (size_t i = 0; i < k; i++) {
            const gr_cgt_node *t = gr_tag(s, o[i]);
            if (t->ups != 0 || t->nim != i) {
                return false;
            }
        }
        return true;
    }
    for (size_t i = 0; i < k; i++) {
        const gr_cgt_node *t = gr_tag(s, o[i]);
        if (t->ups != 0 || t->nim >= k || (seen >> t->nim & 1)) {
            return false;
        }
        seen |= (uint64_t)1 << t->nim;
    }
    return true;
}

static bool gr_tag_is(const gr_cgt_node *t, int32_t ups, uint32_t nim)
{
    return t->ups == ups && t->nim == nim;
}

void gr_cgt_classify(gr_cgt_store *s, gr_cgt g)
{
    gr_cgt_node *n = &s->nodes[g];
    size_t nl = n->nl, nr = n->nr;
    const gr_cgt *o = n->opts;
    if (nl == 0 || nr == 0) {
        return;
    }
    const gr_cgt_node *first = gr_tag(s, o[0]);
    if (first == NULL) {
        return;
    }
    for (size_t i = 0; i < nl + nr; i++) {
        const gr_cgt_node *t = gr_tag(s, o[i]);
        if (t == NULL || !gr_dy_eq(t->value, first->value)) {
            return;
        }
    }
    const gr_cgt_node *l0 = gr_tag(s, o[0]), *r0 = gr_tag(s, o[nl]);
    int64_t ups = 0;
    uint32_t nim = 0;
    bool found = false;
    if (nl == nr && gr_tag_nimbers(s, o, nl) && gr_tag_nimbers(s, o + nl, nr)) {
        nim = (uint32_t)nl, found = true; /* *m */
    } else if (nl == 1 && gr_tag_is(l0, 0, 0) && nr == 1 && r0->ups >= 0) {
        /* n.^ + *m = {0 | (n-1).^ + *(m xor 1)} for n >= 1 but ^* */
        ups = (int64_t)r0->ups + 1, nim = r0->nim ^ 1u, found = true;
    } else if (nr == 1 && gr_tag_is(r0, 0, 0) && nl == 1 && l0->ups <= 0) {
        ups = (int64_t)l0->ups - 1, nim = l0->nim ^ 1u, found = true;
    } else if (nl == 2 && nr == 1 && gr_tag_is(r0, 0, 0) && gr_tag_is(l0, 0, 0) &&
               gr_tag_is(gr_tag(s, o[1]), 0, 1)) {
        ups = 1, nim = 1, found = true; /* ^* = {0,*|0} */
    } else if (nl == 1 && nr == 2 && gr_tag_is(l0, 0, 0) && gr_tag_is(r0, 0, 0) &&
               gr_tag_is(gr_tag(s, o[nl + 1]), 0, 1)) {
        ups = -1, nim = 1, found = true; /* v* = {0|0,*} */
    }
    if (!found || ups > INT32_MAX || ups < INT32_MIN) {
        return;
    }
    n->flags |= GR_CGT_F_UPTIMAL;
    n->value = first->value;
    n->ups = (int32_t)ups;
    n->nim = nim;
}

/* ---- printing ---------------------------------------------------------- */

typedef struct gr_cgt_printer {
    const gr_cgt_store *s;
    gr_buf *b;
    gr_status st;
    gr_arena *arena;  /* for the memo and the sorted lists */
    gr_cgt_map order; /* pair -> comparison + 1, once the map exists */
    bool has_order;
} gr_cgt_printer;

static bool gr_cgt_print_full(gr_cgt_printer *p)
{
    if (p->st == GR_OK && (p->b->oom || p->b->len > GR_CGT_MAX_TEXT)) {
        p->st = p->b->oom ? GR_ENOMEM : GR_ELIMIT;
    }
    return p->st != GR_OK;
}

static void gr_cgt_print_uptimal(gr_cgt_printer *p, const gr_cgt_node *t, bool parens)
{
    bool number = (t->flags & GR_CGT_F_NUMBER) != 0;
    bool zero_x = t->value.num == 0;
    /* CGSuite's compact forms: numbers, nimbers, pure ups */
    bool compact = number || (zero_x && (t->ups == 0 || t->nim == 0));
    if (parens && !compact) {
        gr_buf_putc(p->b, '(');
    }
    if (!zero_x || (t->nim == 0 && t->ups == 0)) {
        gr_dyadic_print(t->value, p->b);
    }
    if (t->ups != 0) {
        uint64_t k = t->ups < 0 ? (uint64_t)(-(int64_t)t->ups) : (uint64_t)t->ups;
        const char *sym = t->ups > 0 ? "^" : "v";
        gr_buf_puts(p->b, sym);
        if (k == 2) {
            gr_buf_puts(p->b, sym);
        } else if (k > 2) {
            gr_buf_u64(p->b, k);
        }
    }
    if (t->nim != 0) {
        gr_buf_putc(p->b, '*');
        if (t->nim > 1) {
            gr_buf_u64(p->b, t->nim);
        }
    }
    if (parens && !compact) {
        gr_buf_putc(p->b, ')');
    }
}

/* Whether a = -b: from the negation memo, which gr_cgt_print fills for
 * every game under the one it prints; from the structure otherwise. */
static bool gr_cgt_print_is_neg(const gr_cgt_store *s, gr_cgt a, gr_cgt b)
{
    const gr_cgt_node *na = &s->nodes[a], *nb = &s->nodes[b];
    if (na->neg != GR_CGT_NONE || nb->neg != GR_CGT_NONE) {
        return na->neg == b || nb->neg == a;
    }
    if ((na->flags | nb->flags) & GR_CGT_F_NUMBER) {
        return (na->flags & nb->flags & GR_CGT_F_NUMBER) &&
               gr_dy_eq(na->value, gr_dy_neg(nb->value));
    }
    if (na->nl != nb->nr || na->nr != nb->nl || na->depth != nb->depth) {
        return false;
    }
    /* -b's options are the negatives of b's, with sides swapped; options
     * of one side are distinct, so matching each one suffices */
    for (size_t side = 0; side < 2; side++) {
        const gr_cgt *ao = side == 0 ? na->opts : na->opts + na->nl;
        const gr_cgt *bo = side == 0 ? nb->opts + nb->nl : nb->opts;
        size_t k = side == 0 ? na->nl : na->nr;
        for (size_t i = 0; i < k; i++) {
            bool match = false;
            for (size_t j = 0; j < k && !match; j++) {
                match = gr_cgt_print_is_neg(s, ao[i], bo[j]);
            }
            if (!match) {
                return false;
            }
        }
    }
    return true;
}

/* CGSuite's order of options in print (its DeterministicOrdering):
 * numbers by value, then nimbers, then x + n.^ + *m by x, ups and nimber,
 * then the rest by their sorted Left, then Right, options compared
 * lexicographically.  Equal games print alike whatever the order; this one
 * makes the text CGSuite's.  The recursion follows non-number options, so
 * it is at most the games' depth deep. */
static int gr_cgt_print_class(const gr_cgt_node *n)
{
    if (n->flags & GR_CGT_F_NUMBER) {
        return 0;
    }
    if (n->flags & GR_CGT_F_UPTIMAL) {
        return n->value.num == 0 && n->ups == 0 ? 1 : 2;
    }
    return 3;
}

static int gr_cgt_print_cmp(gr_cgt_printer *p, gr_cgt a, gr_cgt b);

/* Sorts v[0..n) by gr_cgt_print_cmp (option lists are short: insertion sort). */
static void gr_cgt_print_sort(gr_cgt_printer *p, gr_cgt *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        gr_cgt x = v[i];
        size_t j = i;
        for (; j > 0 && gr_cgt_print_cmp(p, v[j - 1], x) > 0; j--) {
            v[j] = v[j - 1];
        }
        v[j] = x;
    }
}

#define GR_PR_SORT_MAX 16 /* longer lists compare in handle order */

static int gr_cgt_print_cmp_lists(gr_cgt_printer *p, const gr_cgt *a, size_t na, const gr_cgt *b,
                                  size_t nb)
{
    gr_cgt sa[GR_PR_SORT_MAX], sb[GR_PR_SORT_MAX];
    if (na <= GR_PR_SORT_MAX && nb <= GR_PR_SORT_MAX) {
        memcpy(sa, a, na * sizeof(gr_cgt));
        memcpy(sb, b, nb * sizeof(gr_cgt));
        gr_cgt_print_sort(p, sa, na);
        gr_cgt_print_sort(p, sb, nb);
        a = sa, b = sb;
    }
    for (size_t i = 0; i < na || i < nb; i++) {
        if (i >= na || i >= nb) {
            return i >= na ? -1 : 1;
        }
        int c = gr_cgt_print_cmp(p, a[i], b[i]);
        if (c != 0) {
            return c;
        }
    }
    return 0;
}

/* Memoised per pair: the comparison of two games sorts their option
 * lists, which compares options, so without the memo shared subgames
 * would be compared again at every level (3^depth calls). */
static int gr_cgt_print_cmp(gr_cgt_printer *p, gr_cgt a, gr_cgt b)
{
    if (a == b) {
        return 0;
    }
    const gr_cgt_store *s = p->s;
    const gr_cgt_node *x = &s->nodes[a], *y = &s->nodes[b];
    int cx = gr_cgt_print_class(x), cy = gr_cgt_print_class(y);
    if (cx != cy) {
        return cx - cy;
    }
    switch (cx) {
    case 0:
        return gr_dy_cmp(x->value, y->value);
    case 1:
        return x->nim < y->nim ? -1 : 1;
    case 2: {
        int c = gr_dy_cmp(x->value, y->value);
        bool ux = x->ups != 0, uy = y->ups != 0;
        if (c == 0 && ux && uy && x->ups != y->ups) {
            c = x->ups < y->ups ? -1 : 1;
        }
        if (c == 0 && ux != uy) {
            c = ux ? 1 : -1;
        }
        if (c == 0 && x->nim != y->nim) {
            c = x->nim < y->nim ? -1 : 1;
        }
        return c;
    }
    default:
        break;
    }
    uint32_t memo;
    if (!p->has_order && p->st == GR_OK) {
        p->has_order = gr_cgt_map_init(p->arena, &p->order, 256) == GR_OK;
        p->st = p->has_order ? GR_OK : GR_ENOMEM;
    }
    if (p->has_order && gr_cgt_map_get(&p->order, gr_cgt_pair(a, b), &memo)) {
        return (int)memo - 1;
    }
    int c = gr_cgt_print_cmp_lists(p, x->opts, x->nl, y->opts, y->nl);
    if (c == 0) {
        c = gr_cgt_print_cmp_lists(p, x->opts + x->nl, x->nr, y->opts + y->nl, y->nr);
    }
    c = c < 0 ? -1 : c > 0;
    if (p->has_order && p->st == GR_OK &&
        gr_cgt_map_put(p->arena, &p->order, gr_cgt_pair(a, b), (uint32_t)(c + 1)) != GR_OK) {
        p->st = GR_ENOMEM;
    }
    return c;
}

/* The options of one side in print order, in the buffer's arena (NULL
 * when out of memory). */
static gr_cgt *gr_cgt_print_sorted(gr_cgt_printer *p, const gr_cgt *o, size_t n)
{
    gr_cgt *v = GR_ARENA_ARRAY_UNINIT(p->arena, gr_cgt, n);
    if (v == NULL) {
        p->st = GR_ENOMEM;
        return NULL;
    }
    memcpy(v, o, n * sizeof(gr_cgt));
    if (n <= 64) {
        gr_cgt_print_sort(p, v, n);
    }
    return v;
}

static unsigned gr_cgt_print_game(gr_cgt_printer *p, gr_cgt g, bool brackets, bool parens);

static void gr_cgt_print_insert(gr_buf *b, size_t at, const char *s, size_t n)
{
    if (gr_buf_reserve(b, n)) {
        memmove(b->data + at + n, b->data + at, b->len - at);
        memcpy(b->data + at, s, n);
        b->len += n;
    }
}

/* Tiny(d) = {0||0|-d} and Miny(d) = {d|0||0} for a number d > 0, after a
 * translation x: {x||x|x-d}.  true when printed. */
static bool gr_cgt_print_tiny(gr_cgt_printer *p, gr_cgt g, bool parens)
{
    const gr_cgt_store *s = p->s;
    const gr_cgt_node *n = &s->nodes[g];
    if (n->nl != 1 || n->nr != 1) {
        return false;
    }
    for (int side = 0; side < 2; side++) {
        gr_cgt num = side == 0 ? n->opts[0] : n->opts[1];
        gr_cgt other = side == 0 ? n->opts[1] : n->opts[0];
        const gr_cgt_node *x = &s->nodes[num], *o = &s->nodes[other];
        if (!(x->flags & GR_CGT_F_NUMBER) || o->nl != 1 || o->nr != 1) {
            continue;
        }
        /* Tiny: o = {x|y}, y a number below x; Miny: o = {y|x}, y above x */
        gr_cgt near = side == 0 ? o->opts[0] : o->opts[1];
        gr_cgt far = side == 0 ? o->opts[1] : o->opts[0];
        const gr_cgt_node *y = &s->nodes[far];
        if (near != num || !(y->flags & GR_CGT_F_NUMBER)) {
            continue;
        }
        gr_dyadic d;
        if (!gr_dy_sub(side == 0 ? x->value : y->value, side == 0 ? y->value : x->value, &d) ||
            d.num <= 0) {
            continue;
        }
        if (parens) {
            gr_buf_putc(p->b, '(');
        }
        if (x->value.num != 0) {
            gr_dyadic_print(x->value, p->b);
        }
        gr_buf_puts(p->b, side == 0 ? "Tiny(" : "Miny(");
        gr_dyadic_print(d, p->b);
        gr_buf_putc(p->b, ')');
        if (parens) {
            gr_buf_putc(p->b, ')');
        }
        return true;
    }
    return false;
}

/* CGSuite's appendTo: writes g; returns the number of bars of its
 * outermost braces when it left them off (0 when braced or atomic). */
static unsigned gr_cgt_print_game(gr_cgt_printer *p, gr_cgt g, bool brackets, bool parens)
{
    const gr_cgt_store *s = p->s;
    const gr_cgt_node *n = &s->nodes[g];
    if (gr_cgt_print_full(p)) {
        return 0;
    }
    if (n->flags & GR_CGT_F_UPTIMAL) {
        gr_cgt_print_uptimal(p, n, parens);
        return 0;
    }
    size_t nl = n->nl, nr = n->nr;
    const gr_cgt *lo = gr_cgt_print_sorted(p, n->opts, nl),
                 *ro = gr_cgt_print_sorted(p, n->opts + nl, nr);
    if (lo == NULL || ro == NULL) {
        return 0;
    }
    if (gr_cgt_print_is_neg(s, g, g)) {
        gr_buf_puts(p->b, "\xc2\xb1"); /* ± */
        if (nl > 1) {
            gr_buf_putc(p->b, '{');
        }
        for (size_t i = 0; i < nl; i++) {
            if (i > 0) {
                gr_buf_putc(p->b, ',');
            }
            gr_cgt_print_game(p, lo[i], true, nl == 1);
        }
        if (nl > 1) {
            gr_buf_putc(p->b, '}');
        }
        return 0;
    }
    if (gr_cgt_print_tiny(p, g, parens)) {
        return 0;
    }
    size_t start = p->b->len, mid = start;
    unsigned bars = 0;
    for (size_t i = 0; i < nl + nr; i++) {
        if (i == nl) {
            mid = p->b->len; /* the bars go here, once their number is known */
        } else if (i > 0) {
            gr_buf_putc(p->b, ',');
        }
        size_t k = i < nl ? nl : nr;
        unsigned b = gr_cgt_print_game(p, i < nl ? lo[i] : ro[i - nl], k > 1, false) + 1;
        bars = b > bars ? b : bars;
    }
    static const char bar_text[] = "||||";
    gr_cgt_print_insert(p->b, mid, bar_text, bars);
    if (brackets || bars == 4) {
        gr_cgt_print_insert(p->b, start, "{", 1);
        gr_buf_putc(p->b, '}');
        return 0;
    }
    return bars;
}

gr_status gr_cgt_sort_for_print(const gr_cgt_store *s, gr_cgt *games, size_t n)
{
    gr_cgt_printer p = {s, NULL, GR_OK, s->arena, {NULL, 0, 0, 0}, false};
    gr_cgt_print_sort(&p, games, n);
    return p.st;
}

gr_status gr_cgt_print(const gr_cgt_store *s, gr_cgt g, gr_buf *out)
{
    if (g >= s->count) {
        return GR_EINVAL;
    }
    /* Switches are games equal to their negatives; the negation memo of
     * every node under g answers that in O(1) (gr_cgt_print_is_neg).  Filling a
     * memo leaves every game of the store as it was, so the store is
     * written through a cast here and is const to the caller. */
    gr_cgt ng;
    gr_status st = gr_cgt_neg((gr_cgt_store *)s, g, &ng);
    if (st != GR_OK) {
        return st;
    }
    gr_cgt_printer p = {s, out, GR_OK, out->arena, {NULL, 0, 0, 0}, false};
    gr_cgt_print_game(&p, g, true, false);
    gr_cgt_print_full(&p);
    return p.st;
}
