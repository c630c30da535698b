/*
 * Cantor normal form as text (the rules in include/grundy/ordinal.h at
 * gr_ord_print; docs/ordinals.md), written into a gr_buf that grows inside
 * the arena: the text of a big ordinal can be as long as its
 * input, so there is no fixed buffer anywhere.
 *
 * The form is nested (exponents are ordinals), so printing is a walk down
 * the exponent chain with an explicit stack of (label, next term) frames;
 * the stack depth is at most the ordinal's height + 1.  An exponent met a
 * second time is copied from its first text (gr_ord_memo), so the cost is
 * one walk of the label DAG plus the bytes written.
 */
#include <string.h>

#include "grundy/buf.h"
#include "grundy/ordinal.h"

/* How an exponent e != 0 is written after "w": not at all when e = 1
 * (w), bare when it is a natural number or w itself (w^3, w^w), and in
 * parentheses otherwise (w^(w + 1), w^(w*2), w^(w^w)). */
typedef enum exp_form { EXP_NONE, EXP_BARE, EXP_PAREN } exp_form;

static exp_form exponent_form(const gr_ord_ctx *x, gr_ord e)
{
    const gr_ord *ex, *ex2;
    const uint64_t *co, *co2;
    if (gr_ord_terms(x, e, &ex, &co) != 1) {
        return EXP_PAREN;
    }
    if (ex[0] == GR_ORD_ZERO) {
        return co[0] == 1 ? EXP_NONE : EXP_BARE;
    }
    if (co[0] != 1 || gr_ord_terms(x, ex[0], &ex2, &co2) != 1) {
        return EXP_PAREN;
    }
    return ex2[0] == GR_ORD_ZERO && co2[0] == 1 ? EXP_BARE : EXP_PAREN;
}

typedef struct frame {
    gr_ord label;
    uint32_t n;          /* its number of terms */
    const gr_ord *exps;  /* its terms (no label is made while printing) */
    const uint64_t *coefs;
    uint32_t term;  /* next term to print, or the one whose exponent is out */
    bool in_exp;    /* term's exponent has been printed (frame above) */
    bool paren;     /* this frame is an exponent in parentheses */
    size_t start;   /* where this label's text begins */
} frame;

static frame frame_of(const gr_ord_ctx *x, gr_ord a, bool paren, size_t start)
{
    frame f = {.label = a, .paren = paren, .start = start};
    f.n = (uint32_t)gr_ord_terms(x, a, &f.exps, &f.coefs);
    return f;
}

gr_status gr_ord_print(const gr_ord_ctx *x, gr_ord a, gr_ord_style style,
                       char **text, size_t *len)
{
    const char *omega = style == GR_ORD_ASCII ? "w" : "\xcf\x89";
    const char *dot = style == GR_ORD_ASCII ? "*" : "\xc2\xb7";
    size_t omega_len = strlen(omega), dot_len = strlen(dot);
    gr_buf t;
    gr_buf_init(&t, gr_ord_arena(x));
    gr_ord_memo memo;
    gr_ord_memo_init(&memo, t.arena);

    if (gr_ord_nterms(x, a) == 0) {
        gr_buf_put(&t, "0", 1);
    }
    size_t depth = (size_t)gr_ord_height(x, a) + 1;
    frame *stk = GR_ARENA_ARRAY_UNINIT(t.arena, frame, depth);
    if (stk == NULL) {
        return GR_ENOMEM;
    }
    size_t sp = 0;
    stk[sp++] = frame_of(x, a, false, 0);
    while (sp > 0 && !t.oom) {
        frame *f = &stk[sp - 1];
        if (f->term == f->n) {
            if (sp > 1 && gr_ord_shared(x, f->label) &&
                gr_ord_memo_put(&memo, f->label, f->start,
                                t.len - f->start) != GR_OK) {
                t.oom = true;
            }
            if (f->paren) {
                gr_buf_put(&t, ")", 1);
            }
            sp--;
            continue;
        }
        gr_ord e = f->exps[f->term];
        uint64_t c = f->coefs[f->term];
        if (!f->in_exp) {
            if (f->term > 0) {
                gr_buf_put(&t, " + ", 3);
            }
            if (e == GR_ORD_ZERO) { /* the finite part: just c */
                gr_buf_u64(&t, c);
                f->term++;
                continue;
            }
            gr_buf_put(&t, omega, omega_len);
            f->in_exp = true;
            exp_form form = exponent_form(x, e);
            if (form != EXP_NONE) {
                bool paren = form == EXP_PAREN;
                gr_buf_put(&t, paren ? "^(" : "^", paren ? 2 : 1);
                size_t off, n;
                if (!paren || !gr_ord_shared(x, e) ||
                    !gr_ord_memo_get(&memo, e, &off, &n)) {
                    stk[sp++] = frame_of(x, e, paren, t.len);
                    continue;
                }
                gr_buf_repeat(&t, off, n);
                gr_buf_put(&t, ")", 1);
            }
        }
        /* back from the exponent (or none was printed): the coefficient */
        if (c != 1) {
            gr_buf_put(&t, dot, dot_len);
            gr_buf_u64(&t, c);
        }
        f->in_exp = false;
        f->term++;
    }
    gr_arena_free(t.arena, stk, depth * sizeof(*stk));
    gr_ord_memo_release(&memo);
    const char *out = gr_buf_cstr(&t);
    if (out == NULL) {
        return GR_ENOMEM;
    }
    *text = t.data;
    *len = t.len;
    return GR_OK;
}

/* ---- span memo ------------------------------------------------------------ */

void gr_ord_memo_init(gr_ord_memo *m, gr_arena *arena)
{
    memset(m, 0, sizeof(*m));
    m->arena = arena;
}

static size_t memo_slot(const gr_ord_memo *m, gr_ord a)
{
    uint64_t h = (uint64_t)(a + 1u) * 0x9e3779b97f4a7c15ULL;
    size_t j = (size_t)(h >> 32) & (m->cap - 1);
    while (m->key[j] != 0 && m->key[j] != a + 1u) {
        j = (j + 1) & (m->cap - 1);
    }
    return j;
}

bool gr_ord_memo_get(const gr_ord_memo *m, gr_ord a, size_t *off,
                     size_t *len)
{
    if (m->cap == 0) {
        return false;
    }
    size_t j = memo_slot(m, a);
    if (m->key[j] == 0) {
        return false;
    }
    *off = m->off[j];
    *len = m->len[j];
    return true;
}

static void memo_free_arrays(gr_ord_memo *m)
{
    if (m->cap != 0) {
        gr_arena_free(m->arena, m->key, m->cap * sizeof(*m->key));
        gr_arena_free(m->arena, m->off, m->cap * sizeof(*m->off));
        gr_arena_free(m->arena, m->len, m->cap * sizeof(*m->len));
    }
}

gr_status gr_ord_memo_put(gr_ord_memo *m, gr_ord a, size_t off, size_t len)
{
    if (2 * (m->n + 1) > m->cap) {
        gr_ord_memo old = *m;
        m->cap = old.cap ? 2 * old.cap : 64;
        m->key = GR_ARENA_ARRAY(m->arena, gr_ord, m->cap);
        m->off = GR_ARENA_ARRAY_UNINIT(m->arena, size_t, m->cap);
        m->len = GR_ARENA_ARRAY_UNINIT(m->arena, size_t, m->cap);
        if (m->key == NULL || m->off == NULL || m->len == NULL) {
            m->cap = 0; /* the arena reclaims the rest when it dies */
            m->n = 0;
            return GR_ENOMEM;
        }
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++) {
            if (old.key[i] != 0) {
                size_t j = memo_slot(m, old.key[i] - 1u);
                m->key[j] = old.key[i];
                m->off[j] = old.off[i];
                m->len[j] = old.len[i];
                m->n++;
            }
        }
        memo_free_arrays(&old);
    }
    size_t j = memo_slot(m, a);
    if (m->key[j] == 0) {
        m->n++;
    }
    m->key[j] = a + 1u;
    m->off[j] = off;
    m->len[j] = len;
    return GR_OK;
}

void gr_ord_memo_release(gr_ord_memo *m)
{
    memo_free_arrays(m);
    memset(m, 0, sizeof(*m));
}
