/*
 * The ruleset engine's outcome search (gr_pg_outcome): who wins moving
 * first, without any canonical form.
 *
 * A player to move wins when some move leaves a position the other player,
 * moving first there, loses; with no move they lose.  This AND-OR search
 * runs over whole positions (a sum is not split: the outcome of a sum is
 * not a function of its parts' outcomes) with a transposition table from
 * the normalised position and the player to move to won/lost, so a
 * position met again, or met as the negative of one seen (colours swapped,
 * roles swapped), is not searched twice.  Before descending into any child
 * a frame looks for a child already known lost for the opponent (the
 * enhanced transposition cutoff, by the order: such a child comes first),
 * which decides it at once; the others are tried in the order of the
 * replies they leave the opponent, fewest first (gr_pg_order).
 *
 * No recursion: each frame on an explicit stack keeps the keys of its
 * children (normalised bytes then the side byte) on a byte stack and the
 * index of the child it is trying; a child's result is read back from the
 * table when its frame is popped.
 */
#include <string.h>

#include "core/pgame_internal.h"

typedef struct gr_pg_frame {
    size_t first, end, next; /* its children: entries [first, end) of kids */
} gr_pg_frame;

typedef struct gr_pg_search {
    gr_pg_sink sink;
    gr_pg *g;
    int child_side;    /* the player to move after the moves being emitted */
    gr_pg_stack kids;  /* children's keys */
    gr_pg_move *moves; /* per kid: its move (the root's are reported) */
    uint64_t *hash;    /* per kid: gr_pg_hash of its key */
    size_t mcap, hcap;
    gr_pg_frame *frames;
    size_t nf, fcap;
    uint32_t *ord;   /* per kid place: the kid tried there (best first) */
    uint32_t *score; /* per kid: the replies it leaves (gr_pg_order) */
    size_t ocap, scap;
    uint8_t key[GR_PG_MAX_POS + 1];
} gr_pg_search;

static gr_status gr_pg_kid(gr_pg_sink *sink, const uint8_t *pos, size_t len, const gr_pg_move *move)
{
    gr_pg_search *s = (gr_pg_search *)sink;
    gr_pg *g = s->g;
    size_t n;
    bool neg;
    gr_status st = gr_pg_normalise(g, pos, len, &n, &neg);
    if (st != GR_OK) {
        return st;
    }
    memcpy(s->key, g->norm, n);
    s->key[n] = (uint8_t)(s->child_side ^ (neg ? 1 : 0));
    /* its slot is read when the kids are ordered, after all of them are
     * made: asked for now, the table's cache misses overlap */
    uint64_t h = gr_pg_hash(s->key, n + 1);
    if (g->wins.cap != 0) {
        __builtin_prefetch(&g->wins.slots[h & (g->wins.cap - 1)]);
    }
    size_t k = s->kids.n;
    gr_pg_move *m = gr_arena_grow(g->vs.arena, s->moves, &s->mcap, k + 1, sizeof(*m), 64);
    uint64_t *hs =
        m == NULL ? NULL : gr_arena_grow(g->vs.arena, s->hash, &s->hcap, k + 1, sizeof(*hs), 64);
    if (m == NULL || hs == NULL) {
        return GR_ENOMEM;
    }
    s->moves = m;
    s->hash = hs;
    m[k] = *move;
    hs[k] = h;
    return gr_pg_stack_push(g->vs.arena, &s->kids, s->key, n + 1);
}

/* The key of the kid tried at place i, its length and hash. */
static void gr_pg_kid_key(const gr_pg_search *s, size_t i, const uint8_t **key, size_t *len,
                          uint64_t *h)
{
    i = s->ord[i];
    size_t start = i > 0 ? s->kids.ends[i - 1] : 0;
    *key = s->kids.bytes + start;
    *len = s->kids.ends[i] - start;
    *h = s->hash[i];
}

/* Orders kids [first, end) by the replies they leave the opponent, fewest
 * first, after the kids the table knows lost for the opponent (any one of
 * them decides the frame at once: the enhanced transposition cutoff) and
 * before those it knows won.  The most forcing move is the likeliest to
 * win, and it is proved or refuted in the smallest tree; tried first, it
 * spares the search its siblings.  Counting a kid's replies costs a walk
 * of its board per kid (the ruleset's count hook, or its moves made and
 * counted where it has none), which bench/rules_outcome.sh measured as
 * repaid many times over on every ruleset (docs/partizan.md, "The ruleset
 * engine"). */
static gr_status gr_pg_order(gr_pg_search *s, size_t first, size_t end)
{
    gr_pg *g = s->g;
    uint32_t *o = gr_arena_grow(g->vs.arena, s->ord, &s->ocap, end + 1, sizeof(*o), 64);
    uint32_t *sc =
        o == NULL ? NULL : gr_arena_grow(g->vs.arena, s->score, &s->scap, end + 1, sizeof(*sc), 64);
    if (o == NULL || sc == NULL) {
        return GR_ENOMEM;
    }
    s->ord = o;
    s->score = sc;
    for (size_t i = first; i < end; i++) {
        size_t start = i > 0 ? s->kids.ends[i - 1] : 0, klen = s->kids.ends[i] - start;
        const uint8_t *key = s->kids.bytes + start;
        uint32_t won, n;
        if (gr_pg_table_get_h(&g->wins, s->hash[i], key, klen, &won)) {
            sc[i] = won ? UINT32_MAX : 0;
        } else {
            gr_status st = gr_pg_replies(g->rules, g->ctx, key, klen - 1, (gr_pg_side)key[klen - 1],
                                         UINT32_MAX, &n);
            if (st != GR_OK) {
                return st;
            }
            sc[i] = n < UINT32_MAX - 1 ? n + 1 : UINT32_MAX - 1;
        }
        gr_pg_rank(o, sc, first, i);
    }
    return GR_OK;
}

/* Pushes a frame for (pos, side to move): its children generated and
 * ordered (gr_pg_order), a child known lost for the opponent first. */
static gr_status gr_pg_frame_push(gr_pg_search *s, const uint8_t *pos, size_t len, int side)
{
    gr_pg *g = s->g;
    gr_status st = gr_pg_tick(g);
    if (st != GR_OK) {
        return st;
    }
    gr_pg_frame *f = gr_arena_grow(g->vs.arena, s->frames, &s->fcap, s->nf + 1, sizeof(*f), 64);
    if (f == NULL) {
        return GR_ENOMEM;
    }
    s->frames = f;
    size_t first = s->kids.n;
    /* pos may live in kids, which grows: move from a copy */
    memcpy(g->cur, pos, len);
    s->child_side = 1 - side;
    if ((st = g->rules->moves(g->ctx, g->cur, len, (gr_pg_side)side, &s->sink)) != GR_OK) {
        return st;
    }
    if ((st = gr_pg_order(s, first, s->kids.n)) != GR_OK) {
        return st;
    }
    s->frames[s->nf++] = (gr_pg_frame){first, s->kids.n, first};
    return GR_OK;
}

/* Regions of at most this many bytes are valued exactly (and shared by
 * every position they occur in) instead of searched. */
#define GR_PG_SMALL_REGION 16

typedef struct gr_pg_size_sink {
    gr_pg_sink sink;
    size_t regions, largest;
} gr_pg_size_sink;

static gr_status gr_pg_measure(gr_pg_sink *sink, const uint8_t *pos, size_t len,
                               const gr_pg_move *move)
{
    (void)pos;
    (void)move;
    gr_pg_size_sink *s = (gr_pg_size_sink *)sink;
    s->regions++;
    s->largest = len > s->largest ? len : s->largest;
    return GR_OK;
}

/* A position of several regions, all small, is decided by their canonical
 * values (memoised per region across the whole search, as Domineering's
 * outcome search plays small regions as their values): *known then, and
 * *won whether `side` moving first wins. */
static gr_status gr_pg_small_sum(gr_pg *g, const uint8_t *pos, size_t len, int side, bool *known,
                                 bool *won)
{
    *known = false;
    if (g->rules->split == NULL) {
        return GR_OK;
    }
    gr_pg_size_sink s = {{gr_pg_measure}, 0, 0};
    gr_status st = g->rules->split(g->ctx, pos, len, &s.sink);
    if (st != GR_OK || s.regions < 2 || s.largest > GR_PG_SMALL_REGION) {
        return st;
    }
    gr_cgt v;
    gr_cgt_outcome o;
    if ((st = gr_pg_value(g, pos, len, &v)) != GR_OK ||
        (st = gr_cgt_outcome_of(g->vs.store, v, &o)) != GR_OK) {
        return st;
    }
    *known = true;
    *won = o == GR_CGT_N || o == (side == GR_PG_LEFT ? GR_CGT_L : GR_CGT_R);
    return GR_OK;
}

/* Whether `side` moving first from pos wins, and then a winning move. */
static gr_status gr_pg_solve(gr_pg_search *s, const uint8_t *pos, size_t len, int side, bool *wins,
                             gr_pg_move *move)
{
    gr_pg *g = s->g;
    gr_pg_stack_cut(&s->kids, 0);
    s->nf = 0;
    gr_status st = gr_pg_frame_push(s, pos, len, side);
    while (st == GR_OK) {
        gr_pg_frame *f = &s->frames[s->nf - 1];
        bool won = false, descended = false;
        for (; f->next < f->end; f->next++) {
            const uint8_t *key;
            size_t klen;
            uint64_t h;
            uint32_t w;
            gr_pg_kid_key(s, f->next, &key, &klen, &h);
            if (!gr_pg_table_get_h(&g->wins, h, key, klen, &w)) {
                bool known, kw;
                st = gr_pg_small_sum(g, key, klen - 1, key[klen - 1], &known, &kw);
                if (st == GR_OK && known) {
                    st = gr_pg_table_put_h(g->vs.arena, &g->wins, h, key, klen, kw);
                    w = kw;
                } else {
                    if (st == GR_OK) {
                        st = gr_pg_frame_push(s, key, klen - 1, key[klen - 1]);
                    }
                    descended = true;
                    break;
                }
                if (st != GR_OK) {
                    descended = true;
                    break;
                }
            }
            if (!w) {
                won = true;
                break;
            }
        }
        if (descended) {
            continue;
        }
        if (s->nf == 1) {
            *wins = won;
            if (won && move != NULL) {
                *move = s->moves[s->ord[f->next]];
            }
            return GR_OK;
        }
        /* this frame is the child parent->next */
        gr_pg_frame *parent = &s->frames[s->nf - 2];
        const uint8_t *key;
        size_t klen;
        uint64_t h;
        gr_pg_kid_key(s, parent->next, &key, &klen, &h);
        gr_pg_stack_cut(&s->kids, f->first);
        s->nf--;
        st = gr_pg_table_put_h(g->vs.arena, &g->wins, h, key, klen, won);
    }
    return st;
}

gr_status gr_pg_outcome(gr_pg *g, const uint8_t *pos, size_t len, bool *left_wins,
                        gr_pg_move *left_move, bool *right_wins, gr_pg_move *right_move)
{
    if (len > GR_PG_MAX_POS) {
        return GR_ELIMIT;
    }
    gr_pg_search s = {.sink = {gr_pg_kid}, .g = g};
    bool lw = false, rw = false;
    gr_status st = gr_pg_solve(&s, pos, len, GR_PG_LEFT, &lw, left_move);
    if (st == GR_OK) {
        st = gr_pg_solve(&s, pos, len, GR_PG_RIGHT, &rw, right_move);
    }
    if (left_wins != NULL) {
        *left_wins = lw;
    }
    if (right_wins != NULL) {
        *right_wins = rw;
    }
    return st;
}
