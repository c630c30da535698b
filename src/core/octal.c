/*
 * Octal and hexadecimal games: codes, periodicity by Guy-Smith, the table.
 * The values are computed in octal_values.c, the moves found in
 * octal_moves.c.
 *
 * Periodicity (Guy-Smith, Winning Ways ch. 4): if g(n+p) = g(n) for all
 * e <= n < N0 then for all n >= e, where N0 = L e + (L-1) p + t, t the
 * largest take, L the most heaps a move leaves (2 for octal codes, 3 for
 * hexadecimal codes with bit 8) and e >= 1.  Induction on n >= N0: a move
 * from n + p takes j <= t and leaves parts summing to n + p - j, the
 * largest of which, q, is at least (n + p - t) / L >= e + p; so q - p >= e
 * and g(q) = g(q - p) (q - p < n), and replacing q by q - p gives a move
 * from n with the same value; conversely adding p to the largest part of a
 * move from n gives one from n + p.  (For L = 2 this is the textbook
 * 2e + p + t.)  guy_smith() looks for the least p whose last mismatch (the
 * largest n with g(n) != g(n+p)) is low enough; that p is the least period
 * and 1 + its last mismatch the least preperiod: a confirmed p is a true
 * period, hence a multiple of the least one p*, and the mismatch at e*-1
 * (e* the least preperiod) is a mismatch for every multiple of p*, so p*
 * is confirmed first and with e = e*.
 */
#include "grundy/octal.h"

#include <string.h>

#include "octal_internal.h"

static const struct {
    const char *name, *code;
} gr_octal_aliases[] = {
    {"kayles", "0.77"},
    {"dawsons-kayles", "0.07"},
    {"dawsons-chess", "0.137"},
    {"treblecross", "0.007"},
};

static int hex_digit(char ch)
{
    if (ch >= '0' && ch <= '9') {
        return ch - '0';
    }
    if (ch >= 'a' && ch <= 'f') {
        return ch - 'a' + 10;
    }
    if (ch >= 'A' && ch <= 'F') {
        return ch - 'A' + 10;
    }
    return -1;
}

gr_status gr_octal_parse(const char *text, gr_octal_code *out, size_t *bad_at)
{
    memset(out, 0, sizeof(*out));
    *bad_at = 0;
    if (strcmp(text, "grundy") == 0) {
        out->kind = GR_OCTAL_GRUNDY;
        out->leaves = 2;
        return GR_OK;
    }
    for (size_t i = 0; i < sizeof(gr_octal_aliases) / sizeof(gr_octal_aliases[0]); i++) {
        if (strcmp(text, gr_octal_aliases[i].name) == 0) {
            return gr_octal_parse(gr_octal_aliases[i].code, out, bad_at);
        }
    }
    /* d0, the move that takes nothing: bit 4 splits a heap in two, bit 8
     * in three; bits 1 and 2 are no move at all (see octal.h) */
    int d0 = hex_digit(text[0]);
    if (d0 < 0 || (d0 != 0 && text[1] != '.') || (d0 & 3) != 0) {
        return GR_EINVAL;
    }
    if (text[1] != '.') {
        *bad_at = 1;
        return GR_EINVAL;
    }
    size_t j = 0;
    out->digit[0] = (uint8_t)d0;
    out->leaves = (d0 & 8) ? 3 : 2;
    for (const char *s = text + 2; *s != '\0'; s++) {
        int d = hex_digit(*s);
        if (d < 0) {
            *bad_at = (size_t)(s - text);
            return GR_EINVAL;
        }
        if (++j > GR_OCTAL_MAX_DIGITS) {
            *bad_at = (size_t)(s - text);
            return GR_ELIMIT;
        }
        out->digit[j] = (uint8_t)d;
        if (d != 0) {
            out->len = (unsigned)j;
        }
        if (d & 8) {
            out->leaves = 3;
        }
    }
    if (j == 0) {
        *bad_at = 2; /* "0." with no digit */
        return GR_EINVAL;
    }
    return GR_OK;
}

bool gr_octal_d0_unplayable(const char *text)
{
    int d0 = hex_digit(text[0]);
    return d0 > 0 && (d0 & 3) != 0 && text[1] == '.';
}

void gr_octal_canonical(const gr_octal_code *code, char *out)
{
    if (code->kind == GR_OCTAL_GRUNDY) {
        memcpy(out, "grundy", 7);
        return;
    }
    static const char hex[] = "0123456789ABCDEF";
    out[0] = hex[code->digit[0] & 15];
    out[1] = '.';
    unsigned n = code->len > 0 ? code->len : 1; /* "0.0" (no move), "4.0" */
    for (unsigned j = 1; j <= n; j++) {
        out[1 + j] = hex[code->digit[j] & 15];
    }
    out[2 + n] = '\0';
}

/* The Guy-Smith test on g[0..have): the least p, and its least e, with
 * g(n+p) = g(n) for e <= n < have - p and L max(e, 1) + L p + t <= have.
 * (The theorem's induction maps a part q of n + p to q - p of n, which
 * needs q - p >= e >= 1, an empty heap not being a legal leaf; if the data
 * also show g(p) = g(0) the sequence is periodic from 0 and e = 0 is
 * reported.  0.4 shows why: g = 0,0,0,1,... is not periodic from 0.)  For
 * each p the last mismatch is looked for from the top down, which for a
 * wrong p stops at once and for a right one costs have - e.
 *
 * Multiples of a failed p0 are skipped: if the last mismatch of p0 is L0
 * (g(n) = g(n+p0) for L0 < n < have - p0), then for k p0 with
 * L0 + k p0 < have the data show g(n) = g(n + k p0) above L0 (by steps of
 * p0) and g(L0) != g(L0 + p0) = g(L0 + k p0), so its last mismatch is L0
 * too, while its bound is smaller: it fails as well.  Only p0 whose walk
 * was longer than a few steps are worth the marking (marking costs
 * have / p0; a walk of w steps would be repeated by each multiple), so
 * the waste of walking the multiples of the true period, again and again
 * while the data are too few to confirm it, is gone: 0.127 spent seconds
 * there. */
typedef struct period_ctx {
    const gr_octal_code *code;
    gr_arena *arena;
    uint64_t *skip; /* bit p: a multiple of a failed long walk */
    size_t skip_words;
    bool found;
    uint64_t e, p;
    uint64_t hint; /* the least table length at which a long-walk p could pass */
} period_ctx;

static gr_status guy_smith(period_ctx *pc, const uint16_t *g, uint64_t have, unsigned t, unsigned L,
                           bool *found)
{
    *found = false;
    size_t words = (size_t)(have / 2 / 64 + 1);
    if (words > pc->skip_words) {
        gr_arena_free(pc->arena, pc->skip, pc->skip_words * sizeof(uint64_t));
        size_t w = 2 * words;
        pc->skip = GR_ARENA_ARRAY_UNINIT(pc->arena, uint64_t, w);
        if (pc->skip == NULL) {
            pc->skip_words = 0;
            return GR_ENOMEM;
        }
        pc->skip_words = w;
    }
    uint64_t *skip = pc->skip;
    memset(skip, 0, words * sizeof(uint64_t));
    pc->hint = 0;
    /* one check walks up to have/L candidate periods, each up to the
     * table's length: poll the stop conditions every 2^20 steps (a stopped
     * check is a failed one, and the caller's loop then stops at its own
     * next poll) */
    uint64_t steps = 0;
    for (uint64_t p = 1; L * p + t + L <= have; p++) {
        if (steps >= ((uint64_t)1 << 20)) {
            steps = 0;
            gr_status st = gr_arena_check(pc->arena);
            if (st != GR_OK) {
                return st;
            }
        }
        steps++;
        if ((skip[p >> 6] >> (p & 63)) & 1) {
            continue;
        }
        uint64_t bound = (have - L * p - t) / L; /* largest e allowed */
        uint64_t top = have - p;
        uint64_t n = top; /* g(n-1) vs g(n-1+p) */
        while (n > 0 && g[n - 1] == g[n - 1 + p]) {
            n--;
        }
        steps += top - n;
        uint64_t e = n; /* 1 + the last mismatch, or 0 */
        if ((e > 0 ? e : 1) <= bound) {
            pc->e = e;
            pc->p = p;
            *found = true;
            return GR_OK;
        }
        if (top - n > 16) {
            uint64_t h = L * (e > 0 ? e : 1) + L * p + t;
            if (pc->hint == 0 || h < pc->hint) {
                pc->hint = h;
            }
            uint64_t l0 = e > 0 ? e - 1 : 0;
            for (uint64_t q = 2 * p; q < words * 64 && l0 + q < have; q += p) {
                skip[q >> 6] |= 1ull << (q & 63);
            }
        }
    }
    return GR_OK;
}

/* After a check that failed with long walks, the next check waits until
 * the table could confirm the first of those p (hint: the least length at
 * which one of them could pass), but at most a quarter of the table more:
 * the others failed at once; when one of them is the period it is then
 * confirmed at the first table length that allows it.  A confirmation stays sound
 * whenever the test runs (any p it passes is a period, and the least one
 * it can see), so this only moves when the table stops: 0.376 had spent
 * 60% of its time re-walking, check after check, the multiples of 4 whose
 * ends fall past the table. */
static bool check_period(void *ctx, const uint16_t *g, uint64_t have, uint64_t *next)
{
    period_ctx *pc = ctx;
    if (pc->code->kind == GR_OCTAL_GRUNDY) {
        return false;
    }
    unsigned L = pc->code->leaves < 2 ? 2 : pc->code->leaves;
    bool found = false;
    if (guy_smith(pc, g, have, pc->code->len, L, &found) != GR_OK) {
        return false; /* no scratch: the next check tries again */
    }
    pc->found = found;
    if (!found && pc->hint > *next) {
        uint64_t cap = have + have / 4;
        *next = pc->hint < cap ? pc->hint : cap;
    }
    return found;
}

struct gr_octal_grower {
    gr_octal_code code;
    gr_arena *arena;
    gr_octal_engine E;
    period_ctx pc;
    gr_status failed;     /* the engine stopped for good (GR_OK: it can go on) */
    const uint8_t *bytes; /* the values a byte each, once the table is final */
};

static uint64_t values_cap(const gr_octal_code *code, uint64_t cap)
{
    uint64_t dflt = code->leaves >= 3 ? GR_OCTAL_MAX_VALUES3 : GR_OCTAL_MAX_VALUES;
    if (cap == 0) {
        cap = dflt;
    }
    if (cap > GR_OCTAL_VALUES_CEILING) {
        cap = GR_OCTAL_VALUES_CEILING;
    }
    if (code->leaves >= 3 && cap > GR_OCTAL_MAX_VALUES3) {
        cap = GR_OCTAL_MAX_VALUES3;
    }
    return cap;
}

static gr_status grower_make(gr_arena *arena, const gr_octal_code *code, uint64_t max_values,
                             bool stable, gr_octal_grower **out)
{
    gr_octal_grower *gw = gr_arena_alloc(arena, sizeof(*gw));
    if (gw == NULL) {
        return GR_ENOMEM;
    }
    memset(gw, 0, sizeof(*gw));
    gw->code = *code;
    gw->arena = arena;
    gw->pc = (period_ctx){&gw->code, arena, NULL, 0, false, 0, 0, 0};
    gr_status st = gr_octal_engine_init(&gw->E, arena, &gw->code, values_cap(code, max_values),
                                        check_period, &gw->pc);
    if (st != GR_OK) {
        return st;
    }
    gw->E.stable_g = stable;
    *out = gw;
    return GR_OK;
}

gr_status gr_octal_grower_new(gr_arena *arena, const gr_octal_code *code, uint64_t max_values,
                              gr_octal_grower **out)
{
    return grower_make(arena, code, max_values, true, out);
}

/* Once nothing more will be computed: the scratch goes, and the values
 * are kept a byte each where they fit (the 16-bit array is retired, since
 * a reader may hold it). */
static gr_status grower_finish(gr_octal_grower *gw)
{
    gr_octal_engine *E = &gw->E;
    gr_octal_engine_fini(E);
    gr_arena_free(gw->arena, gw->pc.skip, gw->pc.skip_words * sizeof(uint64_t));
    gw->pc.skip = NULL;
    gw->pc.skip_words = 0;
    if (E->maxv >= 256 || gw->bytes != NULL) {
        return GR_OK;
    }
    uint8_t *b = GR_ARENA_ARRAY_UNINIT(gw->arena, uint8_t, E->n > 0 ? E->n : 1);
    if (b == NULL) {
        return GR_OK; /* the 16-bit array serves as well */
    }
    for (uint64_t i = 0; i < E->n; i++) {
        b[i] = (uint8_t)E->g[i];
    }
    gw->bytes = b;
    size_t bytes = (size_t)E->alloc * sizeof(uint16_t);
    gr_octal_retired *r = E->stable_g ? gr_arena_alloc(gw->arena, sizeof(*r)) : NULL;
    if (r != NULL) {
        *r = (gr_octal_retired){E->g, bytes, E->retired};
        E->retired = r;
    } else if (!E->stable_g) {
        gr_arena_free(gw->arena, E->g, bytes);
    } /* else: no room to note it; it stays until the arena goes */
    E->g = NULL;
    E->alloc = 0;
    return GR_OK;
}

bool gr_octal_grower_done(const gr_octal_grower *gw)
{
    return gw->failed != GR_OK || gw->E.stopped || gw->E.n >= gw->E.cap;
}

gr_status gr_octal_grower_failure(const gr_octal_grower *gw)
{
    return gw->failed;
}

gr_status gr_octal_grower_seed(gr_octal_grower *gw, const void *values, unsigned width, uint64_t n)
{
    if (gw->E.n != 0 || (width != 1 && width != 2)) {
        return GR_EINVAL;
    }
    gr_status st = gr_octal_engine_seed(&gw->E, values, width, n);
    if (st != GR_OK) {
        gw->failed = st;
        return st;
    }
    gr_octal_engine_settle(&gw->E);
    if (gr_octal_grower_done(gw)) {
        grower_finish(gw);
    }
    return GR_OK;
}

gr_status gr_octal_grower_run(gr_octal_grower *gw, uint64_t target, _Atomic uint64_t *progress)
{
    if (gw->failed != GR_OK) {
        return gw->failed;
    }
    if (gr_octal_grower_done(gw)) {
        return GR_OK;
    }
    gw->E.progress = progress;
    gr_status st = gr_octal_engine_run(&gw->E, target);
    gw->E.progress = NULL;
    if (st == GR_ETIME || st == GR_ECANCELLED) {
        return st; /* the values so far stay; a later run goes on */
    }
    if (st != GR_OK) {
        gw->failed = st;
        return st;
    }
    if (gw->E.n >= gw->E.cap) {
        gr_octal_engine_settle(&gw->E); /* what the whole table confirms */
    }
    if (gr_octal_grower_done(gw)) {
        grower_finish(gw);
    }
    return GR_OK;
}

void gr_octal_grower_table(const gr_octal_grower *gw, gr_octal_table *out)
{
    const gr_octal_engine *E = &gw->E;
    memset(out, 0, sizeof(*out));
    out->code = gw->code;
    out->computed = E->n;
    out->max_value = E->maxv;
    out->periodic = E->stopped && gw->pc.found;
    out->preperiod = out->periodic ? gw->pc.e : 0;
    out->period = out->periodic ? gw->pc.p : 0;
    if (gw->bytes != NULL) {
        out->values = gw->bytes;
        out->width = 1;
    } else {
        out->values = E->g;
        out->width = 2;
    }
    out->arena = gw->arena;
}

bool gr_octal_grower_retired(const gr_octal_grower *gw)
{
    return gw->E.retired != NULL;
}

void gr_octal_grower_reclaim(gr_octal_grower *gw)
{
    gr_octal_engine_reclaim(&gw->E);
}

gr_status gr_octal_solve_opts(gr_arena *arena, const gr_octal_code *code, const gr_octal_opts *opts,
                              gr_octal_table *out)
{
    memset(out, 0, sizeof(*out));
    out->code = *code;
    gr_octal_grower *gw;
    gr_status st = grower_make(arena, code, opts != NULL ? opts->max_values : 0, false, &gw);
    if (st != GR_OK) {
        return st;
    }
    bool timed_out = false;
    st = gr_octal_grower_run(gw, UINT64_MAX, opts != NULL ? opts->progress : NULL);
    if (st == GR_ETIME && opts != NULL && opts->keep_on_time && gw->E.n > 0) {
        timed_out = true;
        gr_octal_engine_settle(&gw->E); /* what the values so far confirm */
        st = grower_finish(gw);
    }
    if (st != GR_OK) {
        return st;
    }
    if (opts != NULL && opts->progress != NULL) {
        atomic_store_explicit(opts->progress, gw->E.n, memory_order_relaxed);
    }
    if (gw->bytes == NULL && gw->E.alloc > gw->E.n && gw->E.n > 0) {
        /* give back the unused tail of the table */
        uint16_t *g = gr_arena_realloc(arena, gw->E.g, (size_t)gw->E.alloc * sizeof(uint16_t),
                                       (size_t)gw->E.n * sizeof(uint16_t));
        if (g == NULL) {
            return GR_ENOMEM;
        }
        gw->E.g = g;
        gw->E.alloc = gw->E.n;
    }
    gr_octal_grower_table(gw, out);
    out->timed_out = timed_out;
    if (out->periodic) {
        out->residues = GR_ARENA_ARRAY_UNINIT(arena, uint32_t, out->period);
        if (out->residues == NULL) {
            return GR_ENOMEM;
        }
    }
    return GR_OK;
}

gr_status gr_octal_solve(gr_arena *arena, const gr_octal_code *code, uint64_t max_values,
                         gr_octal_table *out)
{
    gr_octal_opts o = {max_values, NULL, false};
    return gr_octal_solve_opts(arena, code, &o, out);
}

void gr_octal_table_view(const gr_octal_table *shared, gr_arena *arena, gr_octal_table *out)
{
    *out = *shared;
    out->arena = arena;
    out->cache = NULL;
    out->residues = NULL;
    out->move_work = 0;
}

size_t gr_octal_table_bytes(const gr_octal_table *t)
{
    return (size_t)t->computed * t->width;
}

gr_status gr_octal_grundy(const gr_octal_table *t, uint64_t h, uint64_t *g)
{
    if (h >= t->computed && !t->periodic) {
        return GR_ELIMIT;
    }
    *g = gr_octal_value_at(t, h);
    return GR_OK;
}
