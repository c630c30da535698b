/*
 * The ordinal_trees family (docs/ordinals.md): POST /v1/ordinal-trees
 * with {"trees": [<nested tree>, ...]}, and the same family inside
 * /v1/sum.
 *
 * Its values are ordinals below epsilon_0, so it writes its own answer
 * (the family's answer hook; the standard one writes an integer
 * "grundy"): the value is written three ways
 * (Unicode text, ASCII text, a recursive CNF array) and a winning move
 * names a tree and the tree to put in its place.
 *
 * Nothing here recurses on the input's depth: the nested input is walked
 * with an explicit stack, and the CNF and replacement trees are built the
 * same way (gr_json_parse caps nesting at GR_JSON_NESTING_LIMIT: deeper
 * input is a 422 before we get here).
 */
#include "games/ordinal_trees.h"

#include <stdio.h>
#include <string.h>

#include "games/endpoints.h"
#include "games/families.h"

typedef struct gr_otree_state {
    gr_otree_result res;
    gr_ord_ref total;
    size_t n_nodes;
    uint64_t reply_vertices; /* written in replace_with trees so far */
    gr_ord last_repl;        /* the last replacement written, and its text */
    const char *last_text;   /* (winning_move is also winning_moves[0]) */
} gr_otree_state;

/* ---- writing ordinals ------------------------------------------------------ */

/* The big parts of a response -- the recursive CNF and the replacement
 * trees -- are rendered straight to JSON text (a gr_buf) and handed over
 * as raw items: as a DOM they would cost ~64 bytes per vertex and dominate
 * the memory and time of a 10^6-vertex request, as text 2-3 bytes.
 *
 * Remembers a finished subtree's span when it can be met again: shared
 * by several labels, or (trees) a term with more copies to write.
 * Shallow ones are as cheap to write again as to look up. */
static void jb_remember(gr_buf *b, gr_ord_memo *memo, const gr_ord_ctx *x, gr_ord label,
                        size_t start, bool again)
{
    if (!b->oom && (again || gr_ord_shared(x, label)) && gr_ord_height(x, label) >= 2 &&
        gr_ord_memo_put(memo, label, start, b->len - start) != GR_OK) {
        b->oom = true;
    }
}

/* Frames of the iterative writers below: the stack depth is at most the
 * ordinal's height + 1, since each exponent is lower than its ordinal. */
typedef struct gr_ord_frame {
    gr_ord label;
    uint32_t term, n;
    const gr_ord *exps; /* the label's terms (no label is made meanwhile) */
    const uint64_t *coefs;
    uint64_t left; /* copies of the current term still to write (trees) */
    size_t start;  /* where this label's text begins */
} gr_ord_frame;

static gr_ord_frame frame_of(const gr_ord_ctx *x, gr_ord a, size_t start)
{
    gr_ord_frame f = {.label = a, .start = start};
    f.n = (uint32_t)gr_ord_terms(x, a, &f.exps, &f.coefs);
    return f;
}

/* A memoised span for e, if e was remembered. */
static bool jb_recall(const gr_ord_memo *memo, gr_ord e, size_t *off, size_t *n)
{
    return memo->n > 0 && gr_ord_memo_get(memo, e, off, n);
}

static gr_ord_frame *frames_for(gr_jctx *c, const gr_ord_ctx *x, gr_ord a, size_t *depth)
{
    *depth = (size_t)gr_ord_height(x, a) + 1;
    gr_ord_frame *f = GR_ARENA_ARRAY_UNINIT(c->arena, gr_ord_frame, *depth);
    if (f == NULL) {
        c->oom = true;
    }
    return f;
}

/* What both writers walk with: the frame stack (depth frames; sp in use),
 * the output buffer and the memo of subtrees written already. */
typedef struct gr_ord_walk {
    gr_ord_frame *stk;
    size_t depth, sp;
    gr_buf b;
    gr_ord_memo memo;
} gr_ord_walk;

/* The frame on top of the stack, or NULL when the walk is over or out
 * of memory. */
static gr_ord_frame *walk_top(gr_ord_walk *w)
{
    return w->sp > 0 && !w->b.oom ? &w->stk[w->sp - 1] : NULL;
}

/* Descends into e, whose text starts here. */
static void walk_push(gr_ord_walk *w, const gr_ord_ctx *x, gr_ord e)
{
    w->stk[w->sp++] = frame_of(x, e, w->b.len);
}

/* The stack, the buffer opened with "[", the memo, and a's frame pushed
 * (sp = 1).  False (c->oom set) when there is no stack. */
static bool walk_begin(gr_jctx *c, const gr_ord_ctx *x, gr_ord a, gr_ord_walk *w)
{
    w->stk = frames_for(c, x, a, &w->depth);
    if (w->stk == NULL) {
        return false;
    }
    w->b = (gr_buf){.arena = c->arena};
    gr_ord_memo_init(&w->memo, c->arena);
    w->sp = 0;
    walk_push(w, x, a);
    gr_buf_put(&w->b, "[", 1);
    return true;
}

/* The text written, as raw JSON; the stack and the memo are given back. */
static cJSON *walk_end(gr_jctx *c, gr_ord_walk *w)
{
    gr_arena_free(c->arena, w->stk, w->depth * sizeof(*w->stk));
    gr_ord_memo_release(&w->memo);
    return gr_jw_raw_buf(c, &w->b);
}

cJSON *gr_json_ordinal_cnf(gr_jctx *c, const gr_ord_ctx *x, gr_ord a)
{
    /* [{"exponent":<cnf of e>,"coefficient":c},...]: a frame's terms are
     * written in order; the exponent's frame goes on top and, when it
     * ends, its parent writes the coefficient. */
    gr_ord_walk w;
    if (!walk_begin(c, x, a, &w)) {
        return NULL;
    }
    gr_buf *b = &w.b;
    for (gr_ord_frame *f; (f = walk_top(&w)) != NULL;) {
        if (f->left != 0) { /* back from term f->term - 1's exponent */
            gr_buf_put(b, "],\"coefficient\":", 16);
            gr_json_buf_u64(b, f->coefs[f->term - 1]);
            gr_buf_put(b, "}", 1);
            f->left = 0;
        }
        if (f->term == f->n) {
            if (w.sp > 1) {
                jb_remember(b, &w.memo, x, f->label, f->start, false);
            }
            w.sp--; /* the parent (if any) closes with its coefficient */
            continue;
        }
        gr_ord e = f->exps[f->term];
        gr_buf_put(b, f->term > 0 ? ",{\"exponent\":[" : "{\"exponent\":[", f->term > 0 ? 14 : 13);
        f->term++;
        f->left = 1;
        size_t off, n;
        if (gr_ord_shared(x, e) && jb_recall(&w.memo, e, &off, &n)) {
            gr_buf_repeat(b, off, n);
        } else if (e != GR_ORD_ZERO) {
            walk_push(&w, x, e);
        }
    }
    gr_buf_put(b, "]", 1);
    return walk_end(c, &w);
}

void gr_json_ordinal_fields(gr_jctx *c, cJSON *obj, const gr_ord_ctx *x, gr_ord a)
{
    /* One walk: the ASCII text is the Unicode one with ω -> w, · -> *. */
    char *text;
    size_t len;
    if (gr_ord_print(x, a, GR_ORD_UNICODE, &text, &len) != GR_OK) {
        c->oom = true;
        return;
    }
    char *ascii = gr_arena_alloc(c->arena, len + 1);
    if (ascii == NULL) {
        c->oom = true;
        return;
    }
    size_t j = 0;
    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)text[i] == 0xcf && (unsigned char)text[i + 1] == 0x89) {
            ascii[j++] = 'w';
            i++;
        } else if ((unsigned char)text[i] == 0xc2 && (unsigned char)text[i + 1] == 0xb7) {
            ascii[j++] = '*';
            i++;
        } else {
            ascii[j++] = text[i];
        }
    }
    ascii[j] = '\0';
    gr_jw_set(c, obj, "grundy", gr_jw_str(c, text));
    gr_jw_set(c, obj, "grundy_ascii", gr_jw_str(c, ascii));
    gr_jw_set(c, obj, "grundy_cnf", gr_json_ordinal_cnf(c, x, a));
}

cJSON *gr_json_ordinal_tree(gr_jctx *c, const gr_ord_ctx *x, gr_ord a)
{
    /* The root's children: coef copies of the tree of each exponent; every
     * copy after the first is a memcpy of the first. */
    gr_ord_walk w;
    if (!walk_begin(c, x, a, &w)) {
        return NULL;
    }
    gr_buf *b = &w.b;
    bool first = true; /* no child written yet in the top array */
    for (gr_ord_frame *f; (f = walk_top(&w)) != NULL;) {
        if (f->term == f->n) {
            if (w.sp > 1) {
                /* more copies of this term to come under the parent? */
                jb_remember(b, &w.memo, x, f->label, f->start, w.stk[w.sp - 2].left > 0);
            }
            gr_buf_put(b, "]", 1);
            w.sp--;
            first = false;
            continue;
        }
        gr_ord e = f->exps[f->term];
        bool later_copy = f->left != 0;
        if (!later_copy) {
            f->left = f->coefs[f->term];
        }
        if (--f->left == 0) {
            f->term++;
        }
        gr_buf_put(b, first ? "[" : ",[", first ? 1 : 2);
        size_t off, n;
        if (e == GR_ORD_ZERO) {
            gr_buf_put(b, "]", 1);
            first = false;
        } else if ((later_copy || gr_ord_shared(x, e)) && jb_recall(&w.memo, e, &off, &n)) {
            gr_buf_repeat(b, off, n);
            gr_buf_put(b, "]", 1);
            first = false;
        } else {
            first = true;
            walk_push(&w, x, e);
        }
    }
    return walk_end(c, &w);
}

/* ---- reading the forest ------------------------------------------------------ */

typedef struct gr_walk_frame {
    const cJSON *next; /* next child to visit */
    size_t index;      /* its index among its siblings */
    uint32_t id;       /* this vertex */
} gr_walk_frame;

/* Pointer of the item being visited: base/t/i1/i2/... */
static const char *walk_pointer(gr_jctx *c, const char *base, const gr_walk_frame *stk, size_t sp)
{
    const char *p = base;
    for (size_t k = 0; k < sp; k++) {
        p = gr_jp_idx(c, p, stk[k].index - 1);
    }
    return p;
}

/* Pre-order ids, so a parent's id is smaller than its children's (what
 * gr_otree_analyse wants). */
static gr_status read_forest(gr_jctx *c, const cJSON *trees, const char *ptr, uint32_t **parent_out,
                             size_t *n_out)
{
    size_t n = 0, cap = 1024;
    uint32_t *parent = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, cap);
    size_t scap = 64, sp = 0;
    gr_walk_frame *stk = GR_ARENA_ARRAY_UNINIT(c->arena, gr_walk_frame, scap);
    if (parent == NULL || stk == NULL) {
        return gr_json_oom(c);
    }
    size_t ti = 0;
    for (const cJSON *t = trees->child; t != NULL; t = t->next, ti++) {
        if (!cJSON_IsArray(t)) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, ti),
                                 "must be an array (a tree: the array of the "
                                 "root's children, each the array of its "
                                 "own children)");
        }
        /* The root, then each array met in pre-order: a vertex whose
         * parent is the vertex of the frame it was found in. */
        uint32_t par = GR_OTREE_ROOT;
        sp = 0;
        for (;;) {
            if (n == cap) {
                if (cap >= UINT32_MAX / 2) {
                    return gr_json_error(c, GR_ELIMIT, ptr, "more than 2^31 vertices");
                }
                uint32_t *np = gr_arena_realloc(c->arena, parent, cap * sizeof(*parent),
                                                2 * cap * sizeof(*parent));
                if (np == NULL) {
                    return gr_json_oom(c);
                }
                parent = np;
                cap *= 2;
            }
            parent[n++] = par;
            const cJSON *item = sp == 0 ? t : stk[sp - 1].next;
            if (sp > 0) {
                stk[sp - 1].next = item->next;
                stk[sp - 1].index++;
            }
            if (sp == scap) {
                gr_walk_frame *ns =
                    gr_arena_realloc(c->arena, stk, scap * sizeof(*stk), 2 * scap * sizeof(*stk));
                if (ns == NULL) {
                    return gr_json_oom(c);
                }
                stk = ns;
                scap *= 2;
            }
            stk[sp++] = (gr_walk_frame){.next = item->child, .index = 0, .id = (uint32_t)(n - 1)};
            /* the next array: the first unvisited child up the stack */
            while (sp > 0 && stk[sp - 1].next == NULL) {
                sp--;
            }
            if (sp == 0) {
                break;
            }
            if (!cJSON_IsArray(stk[sp - 1].next)) {
                stk[sp - 1].index++; /* the pointer names this item */
                return gr_json_error(c, GR_EINVAL, walk_pointer(c, gr_jp_idx(c, ptr, ti), stk, sp),
                                     "must be an array (a vertex is written as the array of "
                                     "its children)");
            }
            par = stk[sp - 1].id;
        }
    }
    *parent_out = parent;
    *n_out = n;
    return GR_OK;
}

/* ---- the family ---------------------------------------------------------------- */

static gr_status core_error(gr_jctx *c, gr_status st, const char *ptr)
{
    switch (st) {
    case GR_ENOMEM:
        return gr_json_oom(c);
    case GR_ELIMIT:
        return gr_json_error(c, st, ptr, "too many distinct subtrees");
    default:
        return gr_json_error(c, GR_EINTERNAL, ptr, "ordinal trees: internal error %d", (int)st);
    }
}

static gr_status gr_otj_analyse(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                                gr_value *value)
{
    const cJSON *trees;
    const gr_jfield fields[] = {{"trees", true, &trees}};
    gr_status st = gr_json_family_object(c, obj, ptr, fields, 1);
    if (st != GR_OK) {
        return st;
    }
    const char *tptr = gr_jp_key(c, ptr, "trees");
    size_t ntrees;
    if ((st = gr_json_array(c, trees, tptr, &ntrees)) != GR_OK) {
        return st;
    }
    gr_otree_state *s = gr_arena_calloc(c->arena, 1, sizeof(*s));
    if (s == NULL) {
        return gr_json_oom(c);
    }
    uint32_t *parent = NULL;
    if ((st = read_forest(c, trees, tptr, &parent, &s->n_nodes)) != GR_OK) {
        return st;
    }
    gr_otree_forest f = {.n_nodes = s->n_nodes, .parent = parent};
    st = gr_otree_analyse(c->arena, &f, &s->res);
    gr_arena_free(c->arena, parent, s->n_nodes * sizeof(*parent));
    if (st != GR_OK) {
        return core_error(c, st, tptr);
    }
    s->total = (gr_ord_ref){.ctx = s->res.ctx, .ord = s->res.total};
    memset(value, 0, sizeof(*value));
    value->kind = GR_VALUE_ORDINAL;
    value->ordinal = &s->total;
    (void)gr_ord_is_finite(s->res.ctx, s->res.total, &value->n);
    *state = s;
    return GR_OK;
}

/* {"tree", "replace_with": <the tree it becomes>} */
static const gr_move_shape gr_otj_shape = {.num_key = {"tree"}, .raw_key = "replace_with"};

static gr_status gr_otj_moves_json(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                                   gr_move_list *list, uint64_t *count)
{
    gr_otree_state *s = state;
    gr_ord_ctx *x = s->res.ctx;
    gr_ord t;
    gr_status st;
    *count = 0;
    switch (target->kind) {
    case GR_VALUE_FINITE:
        st = gr_ord_from_u64(x, target->n, &t);
        break;
    case GR_VALUE_ORDINAL: {
        const gr_ord_ref *ref = target->ordinal;
        st = gr_ord_import(x, ref->ctx, ref->ord, &t);
        break;
    }
    default:
        return GR_OK; /* no tree has a loopy value */
    }
    if (st != GR_OK) {
        return core_error(c, st, NULL);
    }
    uint64_t want = list->room;
    if (want > s->res.n_trees) {
        want = s->res.n_trees;
    }
    uint32_t *trees = GR_ARENA_ARRAY_UNINIT(c->arena, uint32_t, want + 1);
    if (trees == NULL) {
        return gr_json_oom(c);
    }
    uint64_t nw;
    gr_ord d = GR_ORD_ZERO;
    st = gr_otree_moves_to(&s->res, t, want, count_all, trees, NULL, &nw, count);
    if (st == GR_OK && nw > 0) {
        st = gr_otree_delta(&s->res, t, &d);
    }
    if (st != GR_OK) {
        return core_error(c, st, NULL);
    }
    /* Replacements are made one by one as they are written: each costs
     * the size of d, and the vertex limit stops the list long before a
     * thousand big ones are built.  Equal trees share one replacement. */
    gr_ord prev_tree = GR_ORD_ZERO, cur = GR_ORD_ZERO;
    bool have = false;
    for (uint64_t i = 0; i < nw; i++) {
        gr_ord a = s->res.tree_value[trees[i]];
        if (!have || a != prev_tree) {
            if ((st = gr_ord_xor(x, a, d, &cur)) != GR_OK) {
                return core_error(c, st, NULL);
            }
            prev_tree = a;
            have = true;
        }
        gr_ord repl1 = cur;
        uint64_t size = gr_ord_tree_size(x, repl1);
        if (size > GR_OTREE_REPLY_VERTICES_MAX - s->reply_vertices) {
            if (s->reply_vertices == 0) {
                char *text;
                size_t len;
                if (gr_ord_print(x, repl1, GR_ORD_ASCII, &text, &len) != GR_OK) {
                    return gr_json_oom(c);
                }
                return gr_json_error(c, GR_ELIMIT, NULL,
                                     "the winning move replaces tree %u by the tree of "
                                     "value %.200s%s, which has more than %u vertices: too "
                                     "large to write out",
                                     trees[i], text, len > 200 ? "..." : "",
                                     GR_OTREE_REPLY_VERTICES_MAX);
            }
            break; /* winning_moves is cut short; the count stays exact */
        }
        s->reply_vertices += size;
        gr_move_value *e = gr_move_list_add(list);
        if (e == NULL) {
            return gr_json_oom(c);
        }
        e->move.num[0] = trees[i];
        if (s->last_text == NULL || s->last_repl != repl1) {
            cJSON *tree = gr_json_ordinal_tree(c, x, repl1);
            if (tree == NULL) {
                return gr_json_oom(c);
            }
            s->last_repl = repl1;
            s->last_text = tree->valuestring;
        }
        e->move.raw = s->last_text; /* equal trees share one text */
    }
    gr_arena_free(c->arena, trees, (want + 1) * sizeof(*trees));
    return gr_jw_ok(c) ? GR_OK : gr_json_oom(c);
}

static bool gr_otj_first_wins(const void *state, const gr_value *value)
{
    (void)value;
    const gr_otree_state *s = state;
    return s->res.total != GR_ORD_ZERO;
}

/* all_moves: a tree worth omega or more can be replaced by infinitely
 * many smaller trees (every tree worth a natural number is smaller), so
 * the list does not exist: a 422 saying so, naming such a tree. */
static gr_status gr_otj_moves_all(gr_jctx *c, void *state, gr_move_list *list)
{
    (void)list;
    const gr_otree_state *s = state;
    for (size_t i = 0; i < s->res.n_trees; i++) {
        uint64_t n;
        if (!gr_ord_is_finite(s->res.ctx, s->res.tree_value[i], &n)) {
            return gr_json_error(c, GR_ELIMIT, "/all_moves",
                                 "tree %zu is worth omega or more, so it can be replaced by "
                                 "infinitely many smaller trees: there are infinitely many "
                                 "moves to list (ask for winning moves instead)",
                                 i);
        }
    }
    return gr_json_error(c, GR_ELIMIT, "/all_moves",
                         "ordinal_trees positions do not list every move: a tree worth omega "
                         "or more has infinitely many moves (ask for winning moves instead)");
}

/* The answer: the value is an ordinal (in Cantor normal form, as text
 * and as a tree), with each tree's own. */
static gr_status gr_otj_answer(gr_jctx *c, void *state, const gr_value *value,
                               const gr_move_opts *opts, cJSON *r)
{
    gr_status st;
    gr_otree_state *s = state;
    const gr_ord_ctx *x = s->res.ctx;
    gr_json_ordinal_fields(c, r, x, s->res.total);
    cJSON *tg = gr_jw_arr(c);
    for (size_t i = 0; i < s->res.n_trees && gr_jw_ok(c); i++) {
        gr_jw_push(c, tg, gr_json_ordinal_text(c, x, s->res.tree_value[i], GR_ORD_UNICODE));
    }
    gr_jw_set(c, r, "tree_grundy", tg);
    bool first = gr_otj_first_wins(s, value);
    gr_jw_set(c, r, "winner", gr_jw_winner(c, first ? GR_OUTCOME_FIRST : GR_OUTCOME_SECOND));

    /* The first winning move, then (on request) the list, each from its
     * own search: the replacements both write count towards the reply's
     * vertex bound. */
    gr_value zero = {.kind = GR_VALUE_FINITE};
    gr_move_list one = {.arena = c->arena, .room = 1};
    uint64_t count = 0;
    if (first && (st = gr_otj_moves_json(c, s, &zero, false, &one, &count)) != GR_OK) {
        return st;
    }
    gr_jw_set(c, r, "winning_move",
              one.listed > 0 ? gr_jw_move(c, &gr_otj_shape, &one.item[0].move) : gr_jw_null(c));
    if (opts->all) {
        gr_move_list all = {.arena = c->arena, .room = opts->max};
        count = 0;
        if (first && (st = gr_otj_moves_json(c, s, &zero, true, &all, &count)) != GR_OK) {
            return st;
        }
        cJSON *moves = gr_jw_move_list(c, &gr_otj_shape, &all);
        gr_jw_set(c, r, "winning_moves", moves);
        gr_jw_set(c, r, "winning_move_count", gr_jw_u64(c, count));
    }
    return GR_OK;
}

GR_JSON_FAMILY(gr_family_ordinal_trees, "ordinal_trees", gr_otj, .first_wins = gr_otj_first_wins,
               .answer = gr_otj_answer);
