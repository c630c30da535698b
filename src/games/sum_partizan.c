/*
 * /v1/sum with partizan components (games/sum.c hands the request over
 * when a component's "game" is a partizan one: domineering,
 * hackenbush_colored, or cgt, a game written as an expression).
 *
 * Every component becomes a canonical value in one store: a partizan
 * game by its own reader (games/partizan.h), an impartial one by its
 * family's analyse, its finite Grundy value g standing for the nimber *g
 * (Sprague-Grundy: an impartial game equals the nimber of its value).  The
 * sum's value is the sum of the values.  Left, moving first, wins with a
 * move in component i to a position G_i' when G_i' + (the other
 * components) >= 0, Right when it is <= 0; each component's real moves
 * are tried in order (for an impartial component the moves to *h, h < g,
 * which the family finds as moves to the target value h: *g's canonical
 * options, and they suffice, since the sum with *g in place of the
 * component is equal and so has the same winning options).
 * A large Domineering board, or a ruleset component whose value is not
 * found within a share of the node budget, is not valued but searched as a
 * position (sum_partizan_pos.h).
 * Answer: {"value", "outcome", "mean", "temperature", "component_values",
 * "left_move", "right_move"}, a move {"component": i, "game": name,
 * "move": that game's move}, or null.
 */
#include "games/sum_partizan.h"

#include <string.h>

#include "games/families.h"
#include "games/partizan.h"
#include "games/registry.h"
#include "games/search_games.h"
#include "games/sum_partizan_pos.h"

/* The largest Grundy value of an impartial component in a partizan sum:
 * *g is a canonical form of g options. */
#define GR_SUM_MAX_NIMBER GR_CGT_MAX_DEPTH /* the largest nimber the game store makes */


/* A "cgt" component: {"game": "cgt", "expression": "..."}, read by the
 * core's expression parser (gr_cgt_parse, docs/partizan.md
 * "Expressions").  Its moves are its canonical options, {"to": the
 * option as printed}. */
typedef struct gr_psum_cgt {
    gr_cgt_store *store;
    gr_cgt g;
} gr_psum_cgt;

static gr_status gr_psum_cgt_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, gr_cgt_store *s,
                                     void **state, gr_cgt *value)
{
    const cJSON *expr = NULL;
    const gr_jfield fields[] = {{"expression", true, &expr}};
    gr_status st = gr_json_pgame_object(c, obj, ptr, fields, 1);
    const char *eptr = gr_jp_key(c, ptr, "expression"), *text;
    if (st != GR_OK || (st = gr_json_string(c, expr, eptr, &text)) != GR_OK) {
        return st;
    }
    gr_psum_cgt *k = GR_ARENA_ARRAY(c->arena, gr_psum_cgt, 1);
    if (k == NULL) {
        return gr_json_oom(c);
    }
    size_t at = 0;
    const char *what = NULL;
    st = gr_cgt_parse(s, text, strlen(text), &k->g, &at, &what);
    if (st == GR_EINVAL || (st == GR_ELIMIT && what != NULL)) {
        return gr_json_error(c, st, eptr, "at byte %zu: %s", at,
                             what != NULL ? what : "not a game expression");
    }
    if (st != GR_OK) {
        return gr_json_cgt_failed(c, st, eptr);
    }
    k->store = s;
    *value = k->g;
    *state = k;
    return GR_OK;
}

static gr_status gr_psum_cgt_moves(gr_jctx *c, void *state, int side, cJSON ***moves,
                                   gr_cgt **after, size_t *n)
{
    const gr_psum_cgt *k = state;
    const gr_cgt *l, *r;
    size_t nl, nr;
    gr_cgt_options(k->store, k->g, &l, &nl, &r, &nr);
    const gr_cgt *opt = side == 0 ? l : r;
    size_t count = side == 0 ? nl : nr;
    *moves = GR_ARENA_ARRAY(c->arena, cJSON *, count + 1);
    *after = GR_ARENA_ARRAY(c->arena, gr_cgt, count + 1);
    if (*moves == NULL || *after == NULL) {
        return gr_json_oom(c);
    }
    for (size_t i = 0; i < count; i++) {
        gr_status st;
        cJSON *o = gr_jw_obj(c), *text = gr_jw_cgt(c, k->store, opt[i], &st);
        if (st != GR_OK) {
            return gr_json_cgt_failed(c, st, NULL);
        }
        gr_jw_set(c, o, "to", text);
        (*moves)[i] = o;
        (*after)[i] = opt[i];
    }
    *n = count;
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

const gr_pgame gr_pgame_cgt = {"cgt", gr_psum_cgt_analyse, gr_psum_cgt_moves, NULL};

/* The partizan game a component's "game" names, or NULL. */
static const gr_pgame *gr_psum_pgame(const char *name)
{
    const gr_endpoint *g = gr_registry_game(name);
    return g != NULL ? g->pgame : NULL;
}

static const char *gr_psum_game(const cJSON *it)
{
    const cJSON *game = cJSON_IsObject(it) ? cJSON_GetObjectItemCaseSensitive(it, "game") : NULL;
    return cJSON_IsString(game) ? game->valuestring : NULL;
}

bool gr_sum_is_partizan(const cJSON *components)
{
    if (!cJSON_IsArray(components)) {
        return false;
    }
    for (const cJSON *it = components->child; it != NULL; it = it->next) {
        const char *name = gr_psum_game(it);
        if (name != NULL && gr_psum_pgame(name) != NULL) {
            return true;
        }
    }
    return false;
}

static gr_status gr_psum_read(gr_jctx *c, gr_cgt_store *s, gr_sum_pos *pos,
                              const cJSON *components, gr_psum_part *parts)
{
    size_t i = 0;
    gr_status st;
    for (const cJSON *it = components->child; it != NULL; it = it->next, i++) {
        const char *ptr = gr_jp_idx(c, "/components", i);
        if (gr_json_past_deadline(c, ptr)) {
            return GR_ELIMIT;
        }
        gr_psum_part *p = &parts[i];
        p->name = gr_psum_game(it);
        const char *gptr = gr_jp_key(c, ptr, "game");
        if (p->name == NULL) {
            return gr_json_error(c, GR_EINVAL, cJSON_IsObject(it) ? gptr : ptr,
                                 "a component is an object with a \"game\": one of %s",
                                 gr_registry_game_list(c));
        }
        p->pg = gr_psum_pgame(p->name);
        p->h = &p->value, p->nh = 1;
        if (p->pg != NULL && strcmp(p->name, "domineering") == 0 &&
            ((st = gr_psum_dom_position(c, s, it, &p->board, &p->position)) != GR_OK ||
             p->position)) {
            p->h = GR_ARENA_ARRAY(c->arena, gr_cgt, GR_PSUM_POS_MAX);
            if (st != GR_OK || p->h == NULL) {
                return st != GR_OK ? st : gr_json_oom(c);
            }
            p->value = gr_cgt_zero(s);
            if ((st = gr_sum_pos_domineering(pos, p->board.empty, p->board.cols, p->h, &p->nh)) !=
                GR_OK) {
                return gr_json_cgt_failed(c, st, ptr);
            }
            continue;
        }
        if (p->pg != NULL) {
            if ((st = gr_psum_analyse(c, s, pos, it, ptr, p)) != GR_OK) {
                return st;
            }
            continue;
        }
        p->fam = gr_family_find(p->name);
        if (p->fam == NULL) {
            return gr_json_error(c, GR_EINVAL, gptr, "unknown game \"%s\" (games: %s)", p->name,
                                 gr_registry_game_list(c));
        }
        gr_value v;
        if ((st = p->fam->analyse(c, it, ptr, &p->state, &v)) != GR_OK) {
            return st;
        }
        if (v.kind != GR_VALUE_FINITE) {
            return gr_json_error(c, GR_ELIMIT, ptr,
                                 "a component of a sum with partizan games needs a finite "
                                 "Grundy value (a nimber)");
        }
        if (v.n > GR_SUM_MAX_NIMBER) {
            return gr_json_error(c, GR_ELIMIT, ptr,
                                 "in a sum with partizan games an impartial component's Grundy "
                                 "value is at most %d (this one is %llu)",
                                 GR_SUM_MAX_NIMBER, (unsigned long long)v.n);
        }
        p->grundy = v.n;
        if ((st = gr_cgt_nimber(s, v.n, &p->value)) != GR_OK) {
            return gr_json_cgt_failed(c, st, ptr);
        }
    }
    return GR_OK;
}

static cJSON *gr_psum_wrap(gr_jctx *c, size_t i, const char *name, cJSON *move)
{
    cJSON *w = gr_jw_obj(c);
    gr_jw_set(c, w, "component", gr_jw_u64(c, i));
    gr_jw_set(c, w, "game", gr_jw_str(c, name));
    gr_jw_set(c, w, "move", move);
    return w;
}

/* The work the canonical sum may take (gr_cgt_store_limit) before the
 * sum is decided by search instead: 2^22 sums and comparisons, counted,
 * so the choice is the same on every machine (a second or two here: three
 * Toppling Dominoes rows of 20 take 2.1 s inside the bound). */
#define GR_PSUM_CANONICAL_STEPS (1u << 22)

/* A move's position: the components' values with component i's replaced
 * by the value after the move, judged by search (gr_cgt_sum_wins) -- the
 * same answer as adding canonical forms, without making the sum's. */
typedef struct gr_psum_judge {
    const gr_psum_part *parts;
    size_t n, i;
    gr_cgt *buf; /* room for every component's handles and a move's */
    uint64_t max_nodes;
    gr_sum_pos *pos;
    gr_arena *arena; /* the request's: its budget bounds the comparisons */
    gr_cgt total; /* the sum's canonical form, when it was made */
    bool canonical;
    bool known_only; /* a move wins only when the search's table says so */
} gr_psum_judge;

/* The handles of every component but `skip`, then after[0 .. na), into
 * j->buf; their count. */
static size_t gr_psum_gather(gr_psum_judge *j, size_t skip, const gr_cgt *after, size_t na)
{
    size_t m = 0;
    for (size_t k = 0; k < j->n; k++) {
        if (k != skip) {
            memcpy(j->buf + m, j->parts[k].h, j->parts[k].nh * sizeof(gr_cgt));
            m += j->parts[k].nh;
        }
    }
    if (na > 0) {
        memcpy(j->buf + m, after, na * sizeof(gr_cgt));
    }
    return m + na;
}

/* Whether the position after[0 .. na) in component i with the rest wins
 * for side (the opponent then loses moving first). */
static gr_status gr_psum_wins(gr_cgt_store *s, int side, const gr_cgt *after, size_t na,
                              gr_psum_judge *j, bool *wins)
{
    if (j->canonical) {
        /* the sum's form T is known: the move from G_i to A leaves
         * T - G_i + A, which Left wins moving second when G_i - A <= T
         * and Right when T <= G_i - A.  One small difference and one
         * comparison, where a search of the rest (ten hot switches) could
         * take the whole time limit; past the same bound of work as the
         * sum itself, the search below decides instead. */
        gr_cgt a = gr_cgt_zero(s), d;
        gr_cgt_store_limit(s, GR_PSUM_CANONICAL_STEPS);
        /* and within three quarters of the memory: the difference from a
         * large T can outgrow it long before its steps (a 16-stone Clobber
         * value + *: 413 in 2 s), and the search below needs the rest */
        gr_cgt_store_limit_bytes(s, gr_arena_budget(j->arena) - gr_arena_budget(j->arena) / 4);
        gr_status st = GR_OK;
        for (size_t k = 0; k < na && st == GR_OK; k++) {
            st = gr_cgt_add(s, a, after[k], &a);
        }
        if (st == GR_OK) {
            st = gr_cgt_sub(s, j->parts[j->i].value, a, &d);
        }
        if (st == GR_OK) {
            st = side == 0 ? gr_cgt_leq(s, d, j->total, wins) : gr_cgt_leq(s, j->total, d, wins);
        }
        gr_cgt_store_limit(s, 0);
        gr_cgt_store_limit_bytes(s, 0);
        if (st != GR_ELIMIT) {
            return st;
        }
    }
    bool opponent_wins, known;
    size_t m = gr_psum_gather(j, j->i, after, na);
    if (j->known_only) {
        gr_status st = gr_cgt_sum_known_pos(s, j->pos, j->buf, m, side != 0, &known, &opponent_wins);
        *wins = known && !opponent_wins;
        return st;
    }
    gr_status st =
        gr_cgt_sum_wins_pos(s, j->pos, j->buf, m, side != 0, j->max_nodes, &opponent_wins);
    *wins = !opponent_wins;
    return st;
}

/* A partizan component's moves for side, each as the sum's move
 * {"component", "game", "move"}, with the component's value after it. */
static gr_status gr_psum_pmoves(gr_jctx *c, const gr_psum_part *p, size_t i, int side,
                                cJSON ***moves, gr_cgt **after, size_t *n)
{
    gr_status st = p->pg->moves(c, p->state, side, moves, after, n);
    for (size_t k = 0; st == GR_OK && k < *n; k++) {
        (*moves)[k] = gr_psum_wrap(c, i, p->name, (*moves)[k]);
    }
    return st;
}

/* The first winning move of side in component i (NULL: none there). */
static gr_status gr_psum_component_move(gr_jctx *c, gr_cgt_store *s, gr_psum_part *p, size_t i,
                                        int side, gr_psum_judge *j, cJSON **out)
{
    const char *ptr = gr_jp_idx(c, "/components", i);
    gr_status st;
    bool wins;
    *out = NULL;
    if (p->position) {
        cJSON **moves;
        gr_cgt *after;
        size_t *na, n;
        if (p->rpos.rs != NULL) {
            st = gr_psum_rs_moves(c, j->pos, &p->rpos, side, &moves, &after, &na, &n);
            if (st != GR_OK) {
                return gr_psum_failed(c, st, ptr);
            }
        } else if ((st = gr_psum_dom_moves(c, j->pos, &p->board, side, &moves, &after, &na,
                                           &n)) != GR_OK) {
            return st;
        }
        for (size_t k = 0; k < n; k++) {
            if ((st = gr_psum_wins(s, side, after + k * GR_PSUM_POS_MAX, na[k], j, &wins)) != GR_OK) {
                return gr_psum_failed(c, st, ptr);
            }
            if (wins) {
                *out = gr_psum_wrap(c, i, p->name, moves[k]);
                return GR_OK;
            }
        }
        return GR_OK;
    }
    if (p->pg != NULL) {
        cJSON **moves;
        gr_cgt *after;
        size_t n;
        if ((st = gr_psum_pmoves(c, p, i, side, &moves, &after, &n)) != GR_OK) {
            return st;
        }
        for (size_t k = 0; k < n; k++) {
            if ((st = gr_psum_wins(s, side, &after[k], 1, j, &wins)) != GR_OK) {
                return gr_psum_failed(c, st, ptr);
            }
            if (wins) {
                *out = moves[k];
                return GR_OK;
            }
        }
        return GR_OK;
    }
    for (uint64_t h = 0; h < p->grundy; h++) {
        gr_cgt star;
        if ((st = gr_cgt_nimber(s, h, &star)) != GR_OK ||
            (st = gr_psum_wins(s, side, &star, 1, j, &wins)) != GR_OK) {
            return gr_psum_failed(c, st, ptr);
        }
        if (!wins) {
            continue;
        }
        gr_move_list list = {.arena = c->arena, .room = 1};
        gr_value target = {.kind = GR_VALUE_FINITE, .n = h};
        uint64_t count = 0;
        if ((st = p->fam->moves_to(c, p->state, &target, false, &list, &count)) != GR_OK) {
            return st;
        }
        if (list.listed > 0) {
            *out =
                gr_psum_wrap(c, i, p->name, gr_jw_move(c, p->fam->move_shape, &list.item[0].move));
            return GR_OK;
        }
    }
    return GR_OK;
}

/* One side's "all_moves" list being written: at most `max` entries,
 * every move counted. */
typedef struct gr_psum_list {
    cJSON *arr;
    uint64_t max, listed;
    unsigned __int128 count;
} gr_psum_list;

/* Appends {"move", "value"}: the whole sum's value after the move, the
 * rest of the sum plus the component's value after it. */
static gr_status gr_psum_list_put(gr_jctx *c, gr_cgt_store *s, gr_psum_list *l, gr_cgt rest,
                                  gr_cgt after, cJSON *move)
{
    gr_cgt v;
    gr_status st = gr_cgt_add(s, rest, after, &v);
    if (st != GR_OK) {
        return st;
    }
    cJSON *o = gr_jw_obj(c), *text = gr_jw_cgt(c, s, v, &st);
    if (st != GR_OK) {
        return st;
    }
    gr_jw_set(c, o, "move", move);
    gr_jw_set(c, o, "value", text);
    gr_jw_push(c, l->arr, o);
    l->listed++;
    return GR_OK;
}

/* Component i's moves for side into l: a partizan game's own, an
 * impartial one's (either player's) with the nimber of its Grundy value
 * after each. */
static gr_status gr_psum_list_component(gr_jctx *c, gr_cgt_store *s, gr_psum_part *p, size_t i,
                                        int side, gr_cgt rest, gr_psum_list *l)
{
    cJSON **moves = NULL;
    gr_cgt *after = NULL;
    size_t n = 0;
    gr_status st = p->pg != NULL ? gr_psum_pmoves(c, p, i, side, &moves, &after, &n) : GR_OK;
    if (st != GR_OK || p->pg != NULL) {
        l->count += st == GR_OK ? n : 0;
        for (size_t k = 0; st == GR_OK && k < n && l->listed < l->max; k++) {
            if ((st = gr_psum_list_put(c, s, l, rest, after[k], moves[k])) != GR_OK) {
                return gr_json_cgt_failed(c, st, gr_jp_idx(c, "/components", i));
            }
        }
        return st;
    }
    if (p->fam->moves_all == NULL) {
        return gr_json_error(c, GR_ELIMIT, gr_jp_idx(c, "/components", i),
                             "all_moves is not available for %s", p->name);
    }
    gr_move_list list = {.arena = c->arena, .room = l->max - l->listed};
    if ((st = p->fam->moves_all(c, p->state, &list)) != GR_OK) {
        return st;
    }
    if (list.oom) {
        return gr_json_oom(c);
    }
    l->count += list.count;
    for (uint64_t k = 0; k < list.listed; k++) {
        gr_cgt star;
        const gr_move_value *m = &list.item[k];
        if (m->after.kind != GR_VALUE_FINITE) {
            return gr_json_error(c, GR_EINTERNAL, gr_jp_idx(c, "/components", i),
                                 "a move of a finite game to a position without a nimber");
        }
        cJSON *move = gr_psum_wrap(c, i, p->name, gr_jw_move(c, p->fam->move_shape, &m->move));
        if ((st = gr_cgt_nimber(s, m->after.n, &star)) != GR_OK ||
            (st = gr_psum_list_put(c, s, l, rest, star, move)) != GR_OK) {
            return gr_json_cgt_failed(c, st, gr_jp_idx(c, "/components", i));
        }
    }
    return GR_OK;
}

/* "left_moves" / "right_moves" of the sum, as a single partizan game
 * answers them (gr_json_pgame_all_moves), each move {"component", "game",
 * "move"}, and their counts.  The rest of the sum beside component i is
 * total - G_i: canonical forms are unique, so that difference is the
 * canonical form of the other components' sum. */
static gr_status gr_psum_all_moves(gr_jctx *c, gr_cgt_store *s, gr_psum_part *parts, size_t n,
                                   gr_cgt total, uint64_t max, cJSON *r)
{
    static const char *const lists[2] = {"left_moves", "right_moves"};
    static const char *const counts[2] = {"left_move_count", "right_move_count"};
    gr_status st;
    gr_cgt_store_limit(s, GR_PSUM_CANONICAL_STEPS);
    for (int side = 0; side < 2; side++) {
        gr_psum_list l = {gr_jw_arr(c), max, 0, 0};
        for (size_t i = 0; i < n; i++) {
            gr_cgt neg, rest;
            if ((st = gr_cgt_neg(s, parts[i].value, &neg)) != GR_OK ||
                (st = gr_cgt_add(s, total, neg, &rest)) != GR_OK) {
                gr_cgt_store_limit(s, 0);
                return gr_json_cgt_failed(c, st, gr_jp_idx(c, "/components", i));
            }
            if ((st = gr_psum_list_component(c, s, &parts[i], i, side, rest, &l)) != GR_OK) {
                gr_cgt_store_limit(s, 0);
                return st;
            }
        }
        gr_jw_set(c, r, lists[side], l.arr);
        gr_jw_set(c, r, counts[side],
                  gr_jw_u64(c, l.count > UINT64_MAX ? UINT64_MAX : (uint64_t)l.count));
    }
    gr_cgt_store_limit(s, 0);
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

gr_status gr_sum_partizan(gr_jctx *c, const cJSON *req, const cJSON *components, cJSON **resp)
{
    const cJSON *all_moves = cJSON_GetObjectItemCaseSensitive(req, "all_moves");
    const cJSON *all_winning = cJSON_GetObjectItemCaseSensitive(req, "all_winning_moves");
    bool flag = false, list_all = false;
    gr_status st;
    if (all_moves != NULL && (st = gr_json_bool(c, all_moves, "/all_moves", &list_all)) != GR_OK) {
        return st;
    }
    if (all_winning != NULL &&
        (st = gr_json_bool(c, all_winning, "/all_winning_moves", &flag)) != GR_OK) {
        return st;
    }
    if (flag) {
        return gr_json_error(c, GR_ELIMIT, "/all_winning_moves",
                             "a sum with partizan games answers one winning move per player "
                             "(left_move, right_move)");
    }
    gr_move_opts opts;
    size_t n;
    if ((st = gr_json_move_opts(c, NULL, cJSON_GetObjectItemCaseSensitive(req, "max_moves"), "",
                                &opts)) != GR_OK ||
        (st = gr_json_array(c, components, "/components", &n)) != GR_OK) {
        return st;
    }
    gr_cgt_store *s;
    gr_sum_pos *pos;
    gr_search_opts sopts = gr_json_search_opts(c);
    gr_psum_part *parts = GR_ARENA_ARRAY(c->arena, gr_psum_part, n + 1);
    if (parts == NULL) {
        return gr_json_oom(c);
    }
    if ((st = gr_json_cgt_store(c, &s)) != GR_OK) {
        return st;
    }
    if ((st = gr_sum_pos_new(c->arena, s, &sopts, &pos)) != GR_OK) {
        return gr_json_cgt_failed(c, st, "/components");
    }
    if ((st = gr_psum_read(c, s, pos, components, parts)) != GR_OK) {
        return st;
    }
    /* the canonical sum within a bound of work, else the outcome by search
     * (always when a component is searched as a position: it has no value) */
    size_t handles = GR_PSUM_POS_MAX, first = n;
    cJSON *searched = gr_jw_arr(c);
    for (size_t i = 0; i < n; i++) {
        handles += parts[i].nh;
        first = parts[i].position && first == n ? i : first;
        if (parts[i].position) {
            gr_jw_push(c, searched, gr_jw_u64(c, i));
        }
    }
    bool positions = first < n;
    /* a search that stops points at the (first) board searched as a
     * position, the costly part, as a component's own search does */
    const char *sptr = positions ? gr_jp_idx(c, "/components", first) : "/components";
    gr_cgt total = gr_cgt_zero(s);
    gr_cgt_store_limit(s, GR_PSUM_CANONICAL_STEPS);
    for (size_t i = 0; i < n && st == GR_OK && !positions; i++) {
        st = gr_cgt_add(s, total, parts[i].value, &total);
    }
    gr_cgt_store_limit(s, 0);
    bool search = st == GR_ELIMIT || positions;
    if (st != GR_OK && !search) {
        return gr_json_cgt_failed(c, st, "/components");
    }
    if (search && list_all) {
        return gr_json_error(c, GR_ELIMIT, "/all_moves",
                             "all_moves lists the value of the sum after each move: this sum's "
                             "canonical form takes more work than allowed, so it is decided by "
                             "search (method \"search\"), which gives who wins, not values");
    }
    gr_psum_judge judge = {parts, n, 0, GR_ARENA_ARRAY_UNINIT(c->arena, gr_cgt, handles),
                           sopts.max_nodes != 0 ? sopts.max_nodes : GR_SEARCH_DEFAULT_NODES, pos,
                           c->arena, total, !search, false};
    if (judge.buf == NULL) {
        return gr_json_oom(c);
    }
    cJSON *r = gr_jw_obj(c);
    gr_cgt_outcome o;
    if (search) {
        size_t m = gr_psum_gather(&judge, n, NULL, 0);
        if ((st = gr_cgt_sum_outcome_pos(s, pos, judge.buf, m, judge.max_nodes, &o)) != GR_OK) {
            return gr_psum_failed(c, st, sptr);
        }
        char letter[2] = {gr_cgt_outcome_letter(o), '\0'};
        gr_jw_set(c, r, "outcome", gr_jw_str(c, letter));
    } else {
        /* a sum whose canonical form is found but passes the printer's
         * limit (three Toppling Dominoes rows of 20: 1 MiB of text) still
         * has its outcome, mean and temperature: the value is left out */
        cJSON *v = gr_jw_cgt(c, s, total, &st);
        if (st != GR_OK && st != GR_ELIMIT) {
            return gr_json_cgt_failed(c, st, "/components");
        }
        if ((st = gr_json_cgt_fields_text(c, s, total, v, r, "/components")) != GR_OK) {
            return st;
        }
        if ((st = gr_cgt_outcome_of(s, total, &o)) != GR_OK) {
            return gr_json_cgt_failed(c, st, "/components");
        }
    }
    cJSON *cv = gr_jw_arr(c);
    for (size_t i = 0; i < n; i++) {
        /* null: searched as a position, its canonical form not computed */
        cJSON *v = parts[i].position ? gr_jw_null(c) : gr_jw_cgt(c, s, parts[i].value, &st);
        if (!parts[i].position && st != GR_OK) {
            return gr_json_cgt_failed(c, st, gr_jp_idx(c, "/components", i));
        }
        gr_jw_push(c, cv, v);
    }
    gr_jw_set(c, r, "component_values", cv);
    gr_jw_set(c, r, "method", gr_jw_str(c, search ? "search" : "canonical"));
    if (positions) {
        gr_jw_set(c, r, "searched_components", searched);
    }
    static const char *const keys[2] = {"left_move", "right_move"};
    for (int side = 0; side < 2; side++) {
        bool first_wins = o == GR_CGT_N || o == (side == 0 ? GR_CGT_L : GR_CGT_R);
        cJSON *move = NULL;
        /* by search, the moves the outcome's search proved first (a table
         * look-up each), then every move searched in order */
        for (int pass = search ? 0 : 1; pass < 2 && move == NULL; pass++) {
            judge.known_only = pass == 0;
            for (size_t i = 0; first_wins && move == NULL && i < n; i++) {
                judge.i = i;
                if ((st = gr_psum_component_move(c, s, &parts[i], i, side, &judge, &move)) !=
                    GR_OK) {
                    return st;
                }
            }
        }
        if (first_wins && move == NULL) {
            return gr_json_error(c, GR_EINTERNAL, "/components", "no winning move was found");
        }
        gr_jw_set(c, r, keys[side], move != NULL ? move : gr_jw_null(c));
    }
    if (list_all && (st = gr_psum_all_moves(c, s, parts, n, total, opts.max, r)) != GR_OK) {
        return st;
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}
