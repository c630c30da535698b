/*
 * Who wins a sum of canonical games, found by search over the sum's
 * positions instead of by adding canonical forms (MCGS's approach:
 * Müller, Yang et al., "Solving combinatorial games by search").
 *
 * A position of the sum is kept split: the components that are neither
 * numbers nor of the form x + n.^ + *m, sorted by handle (a multiset: equal
 * components are one move), and the rest added up in closed form as a tag
 * (x, n, m) -- dyadic x, n ups, nimber *m -- since those games add as
 * their tags add.  A position with no component left is decided by its
 * tag alone: x + n.^ + *m is positive when x > 0, or x = 0 and n >= 1
 * except ^* (n = 1, m = 1), which is fuzzy, and so on.
 *
 * The search is a minimax with a transposition table over (components,
 * tag, player to move), on an explicit stack.  Moves come in the order
 * components, the infinitesimal part n.^ + *m (its canonical options), and
 * last the number x: by the number avoidance theorem (Siegel, CGT II.3)
 * a winning move in the number is never needed while the rest is not
 * equal to a number, and a number move is tried only when no other move
 * won -- so the answer stays exact whatever the rest equals.
 */
#include "cgt_internal.h"

#include <string.h>

#include "grundy/sum_position.h"

/* A position on the stack: its components (pool[off .. off+n)), its tag,
 * the player to move, and where its move generator is. */
typedef struct gr_sum_frame {
    size_t off;
    uint32_t n;
    gr_dyadic x;
    int64_t ups;
    uint64_t nim;
    bool left;
    uint8_t phase; /* 0 components, 1 the infinitesimal part, 2 the number */
    uint32_t i, j;
    uint64_t hash;
    bool scanned; /* its children looked up in the table (ETC) */
} gr_sum_frame;

typedef struct gr_sum_entry {
    uint64_t hash;
    size_t off;
    uint32_t n;
    gr_dyadic x;
    int64_t ups;
    uint64_t nim;
    uint8_t left, wins, used;
} gr_sum_entry;

typedef struct gr_sum_search {
    gr_cgt_store *s;
    gr_cgt *pool; /* the components of every position seen */
    size_t pool_n, pool_cap;
    gr_sum_entry *tab;
    size_t tab_cap, tab_used;
    gr_sum_frame *stack;
    size_t sn, scap;
    gr_cgt_map ups_games; /* (n, m) -> the handle of n.^ + *m */
    uint64_t nodes, max_nodes;
    gr_sum_pos *pos; /* the position components' regions, or NULL */
    gr_sum_frame won[2]; /* the last root's winning child, Left (0) or Right to move in it */
    bool has_won[2];
} gr_sum_search;

/* Whether the player to move wins x + n.^ + *m (Siegel, CGT II.4). */
static bool gr_sum_tag_wins(gr_dyadic x, int64_t ups, uint64_t nim, bool left)
{
    int sign; /* +1 positive, -1 negative, 0 zero, 2 fuzzy */
    if (x.num != 0) {
        sign = x.num > 0 ? 1 : -1;
    } else if (ups == 0) {
        sign = nim == 0 ? 0 : 2;
    } else if ((ups == 1 || ups == -1) && nim == 1) {
        sign = 2;
    } else {
        sign = ups > 0 ? 1 : -1;
    }
    return sign == 2 || sign == (left ? 1 : -1);
}

static uint64_t gr_sum_hash(const gr_cgt *c, uint32_t n, gr_dyadic x, int64_t ups, uint64_t nim,
                            bool left)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ (left ? 0x5bd1e995ULL : 0);
    for (uint32_t i = 0; i < n; i++) {
        h = (h ^ c[i]) * 0x100000001b3ULL;
    }
    h = (h ^ (uint64_t)x.num) * 0x9e3779b97f4a7c15ULL;
    h = (h ^ x.exp ^ ((uint64_t)ups << 8)) * 0x100000001b3ULL;
    h = (h ^ nim) * 0x9e3779b97f4a7c15ULL;
    return h ^ (h >> 31);
}

static bool gr_sum_same(const gr_sum_search *q, const gr_sum_entry *e, size_t off, uint32_t n,
                        gr_dyadic x, int64_t ups, uint64_t nim, bool left)
{
    return e->n == n && e->left == left && gr_dy_eq(e->x, x) && e->ups == ups && e->nim == nim &&
           (n == 0 || memcmp(q->pool + e->off, q->pool + off, n * sizeof(gr_cgt)) == 0);
}

/* The table's largest size: past it a position replaces one in its probe
 * run (a lossy table, as the outcome searches keep; 2^20 entries are 64
 * MiB), so a long search stays within the request's memory. */
#ifndef GR_SUM_TAB_MAX
#define GR_SUM_TAB_MAX (1u << 20)
#endif
#define GR_SUM_PROBE 8

/* The entry of the position (*hit), else an empty slot for it, else (a
 * full run) the slot it would replace. */
static gr_sum_entry *gr_sum_find(gr_sum_search *q, uint64_t hash, size_t off, uint32_t n,
                                 gr_dyadic x, int64_t ups, uint64_t nim, bool left, bool *hit)
{
    size_t start = hash & (q->tab_cap - 1);
    for (size_t i = start, k = 0;; i = (i + 1) & (q->tab_cap - 1), k++) {
        gr_sum_entry *e = &q->tab[i];
        if (k == GR_SUM_PROBE && q->tab_cap >= GR_SUM_TAB_MAX) {
            *hit = false;
            return &q->tab[(start + (hash >> 40) % GR_SUM_PROBE) & (q->tab_cap - 1)];
        }
        if (!e->used || (e->hash == hash && gr_sum_same(q, e, off, n, x, ups, nim, left))) {
            *hit = e->used;
            return e;
        }
    }
}

static gr_status gr_sum_remember(gr_sum_search *q, const gr_sum_frame *f, bool wins)
{
    gr_arena *a = q->s->arena;
    bool hit;
    if (2 * (q->tab_used + 1) > q->tab_cap && q->tab_cap < GR_SUM_TAB_MAX) {
        gr_sum_entry *old = q->tab;
        size_t old_cap = q->tab_cap;
        q->tab_cap = old_cap ? 2 * old_cap : 1024;
        q->tab = GR_ARENA_ARRAY(a, gr_sum_entry, q->tab_cap);
        if (q->tab == NULL) {
            return GR_ENOMEM;
        }
        for (size_t i = 0; i < old_cap; i++) {
            if (old[i].used) {
                gr_sum_entry *e = &old[i];
                *gr_sum_find(q, e->hash, e->off, e->n, e->x, e->ups, e->nim, e->left, &hit) = *e;
            }
        }
        gr_arena_free(a, old, old_cap * sizeof(gr_sum_entry));
    }
    gr_sum_entry *e = gr_sum_find(q, f->hash, f->off, f->n, f->x, f->ups, f->nim, f->left, &hit);
    if (!e->used) {
        q->tab_used++;
    }
    *e = (gr_sum_entry){f->hash, f->off, f->n, f->x, f->ups, f->nim, f->left, wins, 1};
    return GR_OK;
}

/* Adds game g to the position being built at the end of the pool
 * (components pool[off .. off+*n), tag *x, *ups, *nim): into the tag when
 * it has one, else into the sorted components. */
static gr_status gr_sum_put(gr_sum_search *q, gr_cgt g, size_t off, uint32_t *n, gr_dyadic *x,
                            int64_t *ups, uint64_t *nim)
{
    const gr_cgt_node *node = gr_sum_pos_is(g) ? NULL : &q->s->nodes[g];
    if (node != NULL && (node->flags & (GR_CGT_F_NUMBER | GR_CGT_F_UPTIMAL))) {
        if (!gr_dy_add(*x, node->value, x)) {
            return GR_ELIMIT;
        }
        if (node->flags & GR_CGT_F_UPTIMAL) {
            *ups += node->ups;
            *nim ^= node->nim;
        }
        return GR_OK;
    }
    gr_cgt minus;
    if (node == NULL && gr_sum_pos_negative(q->pos, g, &minus)) {
        /* a region beside its transposition: G + -G = 0, both go (a
         * position of the sum is replaced by an equal one) */
        for (uint32_t k = 0; k < *n; k++) {
            if (q->pool[off + k] == minus) {
                memmove(q->pool + off + k, q->pool + off + k + 1, (*n - k - 1) * sizeof(gr_cgt));
                (*n)--;
                return GR_OK;
            }
        }
    }
    gr_cgt *p = gr_arena_grow(q->s->arena, q->pool, &q->pool_cap, off + *n + 1, sizeof(gr_cgt), 64);
    if (p == NULL) {
        return GR_ENOMEM;
    }
    q->pool = p;
    uint32_t k = *n;
    while (k > 0 && p[off + k - 1] > g) {
        p[off + k] = p[off + k - 1];
        k--;
    }
    p[off + k] = g;
    (*n)++;
    return GR_OK;
}

/* The handle of ups.^ + *nim, whose options are the moves in a position's
 * infinitesimal part. */
static gr_status gr_sum_ups_game(gr_sum_search *q, int64_t ups, uint64_t nim, gr_cgt *out)
{
    if (ups > GR_CGT_MAX_DEPTH || ups < -(int64_t)GR_CGT_MAX_DEPTH || nim > GR_CGT_MAX_DEPTH) {
        return GR_ELIMIT;
    }
    uint64_t key = ((uint64_t)(uint32_t)(int32_t)ups << 32) | nim;
    uint32_t v;
    if (gr_cgt_map_get(&q->ups_games, key, &v)) {
        *out = v;
        return GR_OK;
    }
    gr_status st = gr_cgt_uptimal(q->s, (gr_dyadic){0, 0}, ups, nim, out);
    return st != GR_OK ? st : gr_cgt_map_put(q->s->arena, &q->ups_games, key, *out);
}

/* The number's option for the player (none for an integer on its side of
 * 0): the canonical n = {n-1|}, m/2^k = {(m-1)/2^k | (m+1)/2^k}. */
static bool gr_sum_number_move(gr_dyadic x, bool left, gr_dyadic *out)
{
    if (x.exp == 0 && (left ? x.num <= 0 : x.num >= 0)) {
        return false;
    }
    *out = (gr_dyadic){x.num + (left ? -1 : 1), x.exp};
    return gr_dy_reduce(out);
}

/* The next move of frame f into a new position at the end of the pool;
 * false when f has no more moves. */
static gr_status gr_sum_next(gr_sum_search *q, gr_sum_frame *f, gr_sum_frame *child, bool *has)
{
    gr_cgt_store *s = q->s;
    *has = false;
    size_t off = q->pool_n;
    *child = (gr_sum_frame){off, 0, f->x, f->ups, f->nim, !f->left, 0, 0, 0, 0, false};
    /* the games moved to, replacing component `at`: an option, or what a
     * move in a position component leaves (its regions) */
    gr_cgt moved[GR_SUM_POS_OUT];
    size_t nmoved = 0;
    uint32_t at = 0, first = f->n;
    bool found = false;
    /* position components (sorted last) first: they are the large games,
     * where the winning moves usually are */
    while (first > 0 && gr_sum_pos_is(q->pool[f->off + first - 1])) {
        first--;
    }
    for (; f->phase == 0 && f->i < f->n; f->i++, f->j = 0) {
        uint32_t k = (f->i + first) % f->n;
        gr_cgt c = q->pool[f->off + k];
        if (k > 0 && q->pool[f->off + k - 1] == c) {
            continue; /* an equal component: the same moves */
        }
        if (gr_sum_pos_is(c)) {
            gr_status st = gr_sum_pos_move(q->pos, c, f->left, f->j, moved, &nmoved, &found);
            if (st != GR_OK) {
                return st;
            }
        } else {
            const gr_cgt_node *node = &s->nodes[c];
            uint32_t no = f->left ? node->nl : node->nr;
            if ((found = f->j < no)) {
                moved[0] = node->opts[(f->left ? 0 : node->nl) + f->j], nmoved = 1;
            }
        }
        if (found) {
            at = k, f->j++;
            break;
        }
    }
    if (found) {
        gr_cgt *p = gr_arena_grow(s->arena, q->pool, &q->pool_cap, off + f->n, sizeof(gr_cgt), 64);
        if (p == NULL) {
            return GR_ENOMEM;
        }
        q->pool = p;
        for (uint32_t k = 0; k < f->n; k++) {
            if (k != at) {
                p[off + child->n++] = p[f->off + k];
            }
        }
        *has = true;
        gr_status st = GR_OK;
        for (size_t k = 0; k < nmoved && st == GR_OK; k++) {
            st = gr_sum_put(q, moved[k], off, &child->n, &child->x, &child->ups, &child->nim);
        }
        return st;
    }
    if (f->phase == 0) {
        f->phase = 1, f->j = 0;
    }
    gr_cgt *p = gr_arena_grow(s->arena, q->pool, &q->pool_cap, off + f->n, sizeof(gr_cgt), 64);
    if (p == NULL) {
        return GR_ENOMEM;
    }
    q->pool = p;
    if (f->n > 0) {
        memcpy(p + off, p + f->off, f->n * sizeof(gr_cgt));
    }
    child->n = f->n;
    if (f->phase == 1 && f->ups == 0 && f->j < f->nim) {
        /* *m's options are *j, j < m, for both players: no store needed,
         * so nim-sums past the store's nimbers (*512 + *511) cost nothing */
        child->nim = f->j++;
        *has = true;
        return GR_OK;
    }
    if (f->phase == 1 && f->ups != 0) {
        gr_cgt u;
        gr_status st = gr_sum_ups_game(q, f->ups, f->nim, &u);
        if (st != GR_OK) {
            return st;
        }
        const gr_cgt_node *node = &s->nodes[u];
        uint32_t no = f->left ? node->nl : node->nr;
        if (f->j < no) {
            child->ups = 0, child->nim = 0;
            *has = true;
            return gr_sum_put(q, node->opts[(f->left ? 0 : node->nl) + f->j++], off, &child->n,
                              &child->x, &child->ups, &child->nim);
        }
    }
    if (f->phase == 1) {
        f->phase = 2;
        *has = gr_sum_number_move(f->x, f->left, &child->x);
        return GR_OK;
    }
    return GR_OK; /* phase 2 done: no moves left */
}

/* Whether the position child (at the end of the pool) is decided already:
 * no components (its tag says), or in the table. */
static bool gr_sum_known(gr_sum_search *q, gr_sum_frame *child, bool *wins)
{
    if (child->n == 0) {
        *wins = gr_sum_tag_wins(child->x, child->ups, child->nim, child->left);
        return true;
    }
    if (q->pos != NULL && gr_sum_pos_is(q->pool[child->off]) && child->ups == 0 &&
        child->nim == 0 && child->x.exp == 0) {
        /* regions and an integer only: Domineering's counting bound */
        int res;
        gr_sum_pos_bound(q->pos, q->pool + child->off, child->n, child->x.num, child->left, &res);
        if (res >= 0) {
            *wins = res == 1;
            return true;
        }
    }
    child->hash = gr_sum_hash(q->pool + child->off, child->n, child->x, child->ups, child->nim,
                              child->left);
    if (q->tab_cap == 0) {
        return false;
    }
    bool hit;
    gr_sum_entry *e = gr_sum_find(q, child->hash, child->off, child->n, child->x, child->ups,
                                  child->nim, child->left, &hit);
    if (!hit) {
        return false;
    }
    *wins = e->wins != 0;
    return true;
}

static gr_status gr_sum_push(gr_sum_search *q, const gr_sum_frame *f)
{
    gr_sum_frame *p =
        gr_arena_grow(q->s->arena, q->stack, &q->scap, q->sn + 1, sizeof(gr_sum_frame), 64);
    if (p == NULL) {
        return GR_ENOMEM;
    }
    q->stack = p;
    q->stack[q->sn++] = *f;
    q->pool_n = f->off + f->n; /* the position's components stay in the pool */
    if (++q->nodes > q->max_nodes) {
        return GR_ELIMIT;
    }
    return q->nodes % 1024 == 0 ? gr_arena_check(q->s->arena) : GR_OK;
}

/* The enhanced transposition cutoff (as the ruleset engine's outcome
 * search does): a child of f already known lost for the opponent -- the
 * table, the tag, the counting bound -- before any child is searched
 * (*won, and that child in *child).  Only sums with a position component
 * scan: their children transpose often (moves in different regions
 * commute) and each costs a search; a sum of canonical forms keeps its
 * one pass. */
static gr_status gr_sum_scan(gr_sum_search *q, gr_sum_frame *f, gr_sum_frame *child, bool *won)
{
    gr_sum_frame probe = *f;
    bool has, child_wins;
    gr_status st;
    *won = false;
    f->scanned = true;
    while ((st = gr_sum_next(q, &probe, child, &has)) == GR_OK && has) {
        if (gr_sum_known(q, child, &child_wins) && !child_wins) {
            *won = true;
            break;
        }
    }
    return st;
}

/* The root's winning child, kept for the winning moves' look-up
 * (gr_cgt_sum_known_pos): its components stay in the pool. */
static void gr_sum_keep_win(gr_sum_search *q, const gr_sum_frame *child)
{
    q->won[child->left ? 1 : 0] = *child; /* the root's player is !child->left */
    q->has_won[child->left ? 1 : 0] = true;
    if (q->pool_n < child->off + child->n) {
        q->pool_n = child->off + child->n;
    }
}

/* Minimax from the root frame; *wins: whether its player to move wins. */
static gr_status gr_sum_run(gr_sum_search *q, const gr_sum_frame *root, bool *wins)
{
    gr_status st = gr_sum_push(q, root);
    bool result = false;
    while (st == GR_OK && q->sn > 0) {
        gr_sum_frame *f = &q->stack[q->sn - 1];
        gr_sum_frame child;
        bool has = true, known = false, child_wins = true, done = false, won = false;
        if (!f->scanned && q->pos != NULL && f->n > 0 &&
            gr_sum_pos_is(q->pool[f->off + f->n - 1]) &&
            (st = gr_sum_scan(q, f, &child, &won)) != GR_OK) {
            break;
        }
        if (!won && (st = gr_sum_next(q, f, &child, &has)) != GR_OK) {
            break;
        }
        if (!won && has) {
            known = gr_sum_known(q, &child, &child_wins);
        }
        if (won || (known && !child_wins)) {
            result = true, done = true;
            if (q->sn == 1) {
                gr_sum_keep_win(q, &child);
            }
        } else if (!has) {
            result = false, done = true; /* every move lost */
        } else if (known) {
            continue; /* won for the opponent: the next move */
        } else {
            st = gr_sum_push(q, &child);
            continue;
        }
        /* pop finished frames, handing each result to its parent */
        while (done && st == GR_OK) {
            st = gr_sum_remember(q, &q->stack[q->sn - 1], result);
            q->sn--;
            if (q->sn == 0 || st != GR_OK) {
                break;
            }
            if (q->sn == 1 && !result) {
                gr_sum_keep_win(q, &q->stack[1]);
            }
            /* the parent's child lost: the parent wins; else it goes on */
            done = !result;
            result = true;
        }
    }
    *wins = result;
    return st;
}

/* A search's state: with p, the one kept in p (made on first use), whose
 * table and pool stay for p's next search; else a new one. */
static gr_status gr_sum_begin(gr_cgt_store *s, gr_sum_pos *p, gr_sum_search *local,
                              gr_sum_search **out)
{
    gr_sum_search *q = local;
    if (p != NULL) {
        void **slot = gr_sum_pos_search_slot(p);
        if (*slot != NULL) {
            *out = *slot;
            return GR_OK;
        }
        if ((q = *slot = GR_ARENA_ARRAY(s->arena, gr_sum_search, 1)) == NULL) {
            return GR_ENOMEM;
        }
    }
    *q = (gr_sum_search){.s = s, .pos = p};
    *out = q;
    return gr_cgt_map_init(s->arena, &q->ups_games, 64);
}

gr_status gr_cgt_sum_wins_pos(gr_cgt_store *s, gr_sum_pos *p, const gr_cgt *games, size_t n,
                              bool left, uint64_t max_nodes, bool *wins)
{
    for (size_t i = 0; i < n; i++) {
        if (games[i] >= s->count && !gr_sum_pos_valid(p, games[i])) {
            return GR_EINVAL;
        }
    }
    if (n > UINT32_MAX / 2) {
        return GR_ELIMIT;
    }
    gr_sum_search local, *q;
    gr_status st = gr_sum_begin(s, p, &local, &q);
    if (st != GR_OK) {
        return st;
    }
    q->nodes = 0, q->sn = 0;
    q->max_nodes = max_nodes ? max_nodes : UINT64_MAX;
    /* the root goes after every position a kept table may name */
    gr_sum_frame root = {q->pool_n, 0, {0, 0}, 0, 0, left, 0, 0, 0, 0, false};
    for (size_t i = 0; i < n && st == GR_OK; i++) {
        st = gr_sum_put(q, games[i], root.off, &root.n, &root.x, &root.ups, &root.nim);
    }
    if (st == GR_OK && !gr_sum_known(q, &root, wins)) {
        st = gr_sum_run(q, &root, wins);
    }
    if (p == NULL) {
        gr_arena_free(s->arena, q->pool, q->pool_cap * sizeof(gr_cgt));
        gr_arena_free(s->arena, q->tab, q->tab_cap * sizeof(gr_sum_entry));
        gr_arena_free(s->arena, q->stack, q->scap * sizeof(gr_sum_frame));
        gr_arena_free(s->arena, q->ups_games.slots, q->ups_games.cap * sizeof(gr_cgt_map_slot));
    }
    return st;
}

gr_status gr_cgt_sum_known_pos(gr_cgt_store *s, gr_sum_pos *p, const gr_cgt *games, size_t n,
                               bool left, bool *known, bool *wins)
{
    *known = false;
    for (size_t i = 0; i < n; i++) {
        if (games[i] >= s->count && !gr_sum_pos_valid(p, games[i])) {
            return GR_EINVAL;
        }
    }
    if (p == NULL || n > UINT32_MAX / 2) {
        return p == NULL ? GR_EINVAL : GR_ELIMIT;
    }
    gr_sum_search *q;
    gr_status st = gr_sum_begin(s, p, NULL, &q);
    /* built after the kept positions and left there unpushed: the pool's
     * end does not move, so the next search writes over it */
    gr_sum_frame root = {q->pool_n, 0, {0, 0}, 0, 0, left, 0, 0, 0, 0, false};
    for (size_t i = 0; i < n && st == GR_OK; i++) {
        st = gr_sum_put(q, games[i], root.off, &root.n, &root.x, &root.ups, &root.nim);
    }
    for (int k = 0; k < 2 && st == GR_OK && !*known; k++) {
        /* a root's winning child, which the table may have let go */
        const gr_sum_frame *w = &q->won[k];
        if (q->has_won[k] && w->left == left && w->n == root.n && gr_dy_eq(w->x, root.x) &&
            w->ups == root.ups && w->nim == root.nim &&
            (root.n == 0 || memcmp(q->pool + w->off, q->pool + root.off,
                                   root.n * sizeof(gr_cgt)) == 0)) {
            *known = true, *wins = false;
        }
    }
    if (st == GR_OK && !*known) {
        *known = gr_sum_known(q, &root, wins);
    }
    return st;
}

gr_status gr_cgt_sum_wins(gr_cgt_store *s, const gr_cgt *games, size_t n, bool left,
                          uint64_t max_nodes, bool *wins)
{
    return gr_cgt_sum_wins_pos(s, NULL, games, n, left, max_nodes, wins);
}

gr_status gr_cgt_sum_outcome_pos(gr_cgt_store *s, gr_sum_pos *p, const gr_cgt *games, size_t n,
                                 uint64_t max_nodes, gr_cgt_outcome *out)
{
    bool lw, rw;
    gr_status st = gr_cgt_sum_wins_pos(s, p, games, n, true, max_nodes, &lw);
    if (st == GR_OK) {
        st = gr_cgt_sum_wins_pos(s, p, games, n, false, max_nodes, &rw);
    }
    if (st == GR_OK) {
        *out = lw ? (rw ? GR_CGT_N : GR_CGT_L) : (rw ? GR_CGT_R : GR_CGT_P);
    }
    return st;
}

gr_status gr_cgt_sum_outcome(gr_cgt_store *s, const gr_cgt *games, size_t n, uint64_t max_nodes,
                             gr_cgt_outcome *out)
{
    return gr_cgt_sum_outcome_pos(s, NULL, games, n, max_nodes, out);
}
