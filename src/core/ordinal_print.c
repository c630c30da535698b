/*
 * Cantor normal form as text (issue 5's rules), written into a buffer that
 * grows inside the arena: the text of a big ordinal can be as long as its
 * input, so there is no fixed buffer anywhere.
 *
 * The form is nested (exponents are ordinals), so printing is a walk down
 * the exponent chain with an explicit stack of (label, next term) frames;
 * the stack depth is at most the ordinal's height + 1.
 */
#include <string.h>

#include "grundy/ordinal.h"

typedef struct gr_ord_text {
    gr_arena *arena;
    char *buf;
    size_t len, cap;
    bool oom;
} gr_ord_text;

static void put(gr_ord_text *t, const char *s, size_t n)
{
    if (t->oom) {
        return;
    }
    if (t->len + n + 1 > t->cap) {
        size_t ncap = t->cap ? t->cap : 64;
        while (ncap < t->len + n + 1) {
            ncap *= 2;
        }
        char *nb = gr_arena_realloc(t->arena, t->buf, t->cap, ncap);
        if (nb == NULL) {
            t->oom = true;
            return;
        }
        t->buf = nb;
        t->cap = ncap;
    }
    memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static void put_u64(gr_ord_text *t, uint64_t v)
{
    char d[24];
    size_t i = sizeof(d);
    do {
        d[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    put(t, d + i, sizeof(d) - i);
}

/* Bare exponents: natural numbers and w itself (w^3, w^w); anything else
 * is parenthesised (w^(w + 1), w^(w*2), w^(w^w)). */
static bool bare_exponent(const gr_ord_ctx *x, gr_ord e)
{
    if (gr_ord_is_finite(x, e, NULL)) {
        return true;
    }
    if (gr_ord_nterms(x, e) != 1) {
        return false;
    }
    gr_ord f;
    uint64_t c, one;
    gr_ord_term(x, e, 0, &f, &c);
    return c == 1 && gr_ord_is_finite(x, f, &one) && one == 1;
}

typedef struct frame {
    gr_ord label;
    uint32_t term;  /* next term to print, or the one whose exponent is out */
    bool in_exp;    /* term's exponent has been printed (frame above) */
    bool paren;     /* this frame is an exponent in parentheses */
} frame;

gr_status gr_ord_print(const gr_ord_ctx *x, gr_ord a, gr_ord_style style,
                       char **text, size_t *len)
{
    const char *omega = style == GR_ORD_ASCII ? "w" : "\xcf\x89";
    const char *dot = style == GR_ORD_ASCII ? "*" : "\xc2\xb7";
    size_t omega_len = strlen(omega), dot_len = strlen(dot);
    gr_ord_text t = {.arena = gr_ord_arena(x)};

    if (gr_ord_nterms(x, a) == 0) {
        put(&t, "0", 1);
    }
    size_t depth = (size_t)gr_ord_height(x, a) + 1;
    frame *stk = GR_ARENA_ARRAY_UNINIT(t.arena, frame, depth);
    if (stk == NULL) {
        return GR_ENOMEM;
    }
    size_t sp = 0;
    stk[sp++] = (frame){.label = a};
    while (sp > 0 && !t.oom) {
        frame *f = &stk[sp - 1];
        if (f->term == gr_ord_nterms(x, f->label)) {
            if (f->paren) {
                put(&t, ")", 1);
            }
            sp--;
            continue;
        }
        gr_ord e;
        uint64_t c;
        gr_ord_term(x, f->label, f->term, &e, &c);
        if (!f->in_exp) {
            if (f->term > 0) {
                put(&t, " + ", 3);
            }
            if (e == GR_ORD_ZERO) { /* the finite part: just c */
                put_u64(&t, c);
                f->term++;
                continue;
            }
            put(&t, omega, omega_len);
            uint64_t one;
            f->in_exp = true;
            if (!(gr_ord_is_finite(x, e, &one) && one == 1)) {
                put(&t, "^", 1);
                bool paren = !bare_exponent(x, e);
                if (paren) {
                    put(&t, "(", 1);
                }
                stk[sp++] = (frame){.label = e, .paren = paren};
                continue;
            }
        }
        /* back from the exponent (or none was printed): the coefficient */
        if (c != 1) {
            put(&t, dot, dot_len);
            put_u64(&t, c);
        }
        f->in_exp = false;
        f->term++;
    }
    gr_arena_free(t.arena, stk, depth * sizeof(*stk));
    put(&t, "", 0);
    if (t.oom) {
        return GR_ENOMEM;
    }
    t.buf[t.len] = '\0';
    *text = t.buf;
    *len = t.len;
    return GR_OK;
}
