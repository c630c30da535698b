/*
 * GET /v1/octal/misere-quotient?code=...&max_heap=n and
 * GET /v1/subtraction/misere-quotient?subtraction_set=...&max_heap=n
 * (docs/misere.md): the misère quotient of the game restricted to heaps
 * <= n as a document.  The game's parameters are read and checked by the
 * sequence GET's parser (games/heap_tables.c), which also gives the ETag of
 * the canonical game; the quotient's ETag adds max_heap to it.
 */
#include "http/quotient_doc.h"

#include <stdio.h>
#include <string.h>

#include "games/misere_pos.h"
#include "games/misere_quotient.h"

#define GR_MQ_DOC_MAX_HEAP 100000u

static const char *qptr(gr_jctx *c, const char *name)
{
    return gr_jp_key(c, "/query", name);
}

gr_status gr_quotient_parse(gr_jctx *c, gr_seq_family fam, const gr_qparam *q, size_t n,
                            gr_quotient_request *out)
{
    memset(out, 0, sizeof(*out));
    out->family = fam;
    gr_qparam *rest = GR_ARENA_ARRAY_UNINIT(c->arena, gr_qparam, n + 2);
    if (rest == NULL) {
        return gr_json_oom(c);
    }
    size_t k = 0;
    const char *mh = NULL;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(q[i].key, "max_heap") == 0) {
            if (mh != NULL) {
                return gr_json_error(c, GR_EINVAL, qptr(c, "max_heap"), "is given more than once");
            }
            mh = q[i].value != NULL ? q[i].value : "";
            continue;
        }
        /* every other key is refused here, in this endpoint's terms (the
         * sequence parser below would list the sequence GET's) */
        bool game_key = fam == GR_SEQ_OCTAL ? strcmp(q[i].key, "code") == 0
                                            : strcmp(q[i].key, "subtraction_set") == 0 ||
                                                  strcmp(q[i].key, "max_take") == 0;
        if (!game_key) {
            return gr_json_error(c, GR_EINVAL, qptr(c, q[i].key),
                                 "is not a parameter of this endpoint (it takes %s and max_heap)",
                                 fam == GR_SEQ_OCTAL ? "code" : "subtraction_set or max_take");
        }
        rest[k++] = q[i];
    }
    if (mh == NULL) {
        return gr_json_error(c, GR_EINVAL, qptr(c, "max_heap"),
                             "is required: the largest heap the quotient covers, 1 to %u",
                             GR_MQ_DOC_MAX_HEAP);
    }
    uint64_t v = 0;
    bool ok = mh[0] != '\0' && strlen(mh) <= 6;
    for (const char *s = mh; ok && *s != '\0'; s++) {
        ok = *s >= '0' && *s <= '9';
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (!ok || v < 1 || v > GR_MQ_DOC_MAX_HEAP || (mh[0] == '0')) {
        return gr_json_error(c, GR_EINVAL, qptr(c, "max_heap"),
                             "must be a plain decimal integer from 1 to %u", GR_MQ_DOC_MAX_HEAP);
    }
    out->max_heap = v;
    rest[k++] = (gr_qparam){"count", "0"};
    gr_status st = gr_seq_parse(c, fam, rest, k, &out->rq);
    if (st != GR_OK) {
        return st;
    }
    /* the game, as the misère readers take it */
    if (fam == GR_SEQ_OCTAL) {
        memset(&out->game, 0, sizeof(out->game));
        out->game.kind = GR_MIS_OCTAL;
        out->game.code = out->rq.code;
    } else if (out->rq.rules.max_take > 0) {
        if (out->rq.rules.max_take > GR_SUB_MAX_SET) {
            return gr_json_error(c, GR_ELIMIT, qptr(c, "max_take"),
                                 "is above %u, the largest max_take played under misère",
                                 GR_SUB_MAX_SET);
        }
        st = gr_json_misere_take(c, qptr(c, "max_take"), out->rq.rules.max_take, &out->game);
    } else {
        st = gr_json_misere_set(c, qptr(c, "subtraction_set"), out->rq.rules.set,
                                out->rq.rules.set_len, &out->game);
    }
    if (st != GR_OK) {
        return st;
    }
    return GR_OK;
}

/* A word of the presentation: "1", or letters with exponents ("ab^2"). */
static void word_text(gr_buf *b, const uint32_t *w, uint32_t r)
{
    bool any = false;
    for (uint32_t g = 0; g < r; g++) {
        if (w[g] == 0) {
            continue;
        }
        any = true;
        if (g < 26) {
            gr_buf_putc(b, (char)('a' + g));
        } else {
            gr_buf_putc(b, 'x');
            gr_buf_u64(b, g + 1);
        }
        if (w[g] > 1) {
            gr_buf_putc(b, '^');
            gr_buf_u64(b, w[g]);
        }
    }
    if (!any) {
        gr_buf_putc(b, '1');
    }
}

static cJSON *word_json(gr_jctx *c, const uint32_t *w, uint32_t r)
{
    gr_buf b;
    gr_buf_init(&b, c->arena);
    word_text(&b, w, r);
    const char *s = gr_buf_cstr(&b);
    return s != NULL ? gr_jw_str(c, s) : NULL;
}

gr_status gr_json_misere_quotient_doc(gr_jctx *c, const gr_mis_quotient *q, const char *key,
                                      cJSON *value, cJSON **resp)
{
    cJSON *r = gr_jw_obj(c);
    gr_jw_set(c, r, key, value);
    gr_jw_set(c, r, "max_heap", gr_jw_u64(c, q->max_heap));
    gr_jw_set(c, r, "order", gr_jw_u64(c, q->order));
    gr_jw_set(c, r, "identity", gr_jw_u64(c, 0));
    uint32_t m = q->order, ng = q->ngens;
    cJSON *names = gr_jw_arr(c);
    for (uint32_t e = 0; e < m && gr_jw_ok(c); e++) {
        gr_jw_push(c, names, word_json(c, q->word + (size_t)e * ng, ng));
    }
    gr_jw_set(c, r, "elements", names);
    /* the table as raw text: order^2 numbers */
    gr_buf b;
    gr_buf_init(&b, c->arena);
    gr_buf_putc(&b, '[');
    for (uint32_t e = 0; e < m; e++) {
        gr_buf_puts(&b, e == 0 ? "[" : ",[");
        for (uint32_t f = 0; f < m; f++) {
            if (f > 0) {
                gr_buf_putc(&b, ',');
            }
            gr_buf_u64(&b, gr_mis_mul(q, e, f));
        }
        gr_buf_putc(&b, ']');
    }
    gr_buf_putc(&b, ']');
    gr_jw_set(c, r, "table", gr_jw_raw_buf(c, &b));
    cJSON *p = gr_jw_arr(c);
    for (uint32_t e = 0; e < m; e++) {
        if (q->in_p[e]) {
            gr_jw_push(c, p, gr_jw_u64(c, e));
        }
    }
    gr_jw_set(c, r, "p_positions", p);
    gr_buf_init(&b, c->arena);
    gr_buf_putc(&b, '[');
    for (uint64_t h = 0; h <= q->max_heap; h++) {
        if (h > 0) {
            gr_buf_putc(&b, ',');
        }
        gr_buf_u64(&b, q->image[h]);
    }
    gr_buf_putc(&b, ']');
    gr_jw_set(c, r, "heap_images", gr_jw_raw_buf(c, &b));
    cJSON *pres = gr_jw_obj(c);
    cJSON *gens = gr_jw_arr(c);
    for (uint32_t g = 0; g < ng && gr_jw_ok(c); g++) {
        uint32_t *w = GR_ARENA_ARRAY(c->arena, uint32_t, ng);
        if (w == NULL) {
            return gr_json_oom(c);
        }
        w[g] = 1;
        cJSON *o = gr_jw_obj(c);
        gr_jw_set(c, o, "name", word_json(c, w, ng));
        gr_jw_set(c, o, "heap", gr_jw_u64(c, q->gen_heap[g]));
        gr_jw_push(c, gens, o);
    }
    gr_jw_set(c, pres, "generators", gens);
    cJSON *rels = gr_jw_arr(c);
    for (uint32_t i = 0; i < q->nrel && gr_jw_ok(c); i++) {
        const uint32_t *w = q->rel + (size_t)2 * i * ng;
        gr_buf_init(&b, c->arena);
        word_text(&b, w, ng);
        gr_buf_puts(&b, " = ");
        word_text(&b, w + ng, ng);
        const char *s = gr_buf_cstr(&b);
        gr_jw_push(c, rels, s != NULL ? gr_jw_str(c, s) : NULL);
    }
    gr_jw_set(c, pres, "relations", rels);
    gr_jw_set(c, r, "presentation", pres);
    gr_jw_set(c, r, "tame", gr_jw_bool(c, q->tame));
    gr_jw_set(c, r, "complete", gr_jw_bool(c, q->complete));
    gr_jw_set(c, r, "pretending_period", gr_jw_period(c, q->complete, q->preperiod, q->period));
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *resp = r;
    return GR_OK;
}

gr_status gr_quotient_answer(gr_jctx *c, const gr_quotient_request *r, char **out, size_t *len)
{
    gr_mis_quotient q;
    gr_status st =
        gr_json_misere_quotient_shared(c, &r->game, r->max_heap, qptr(c, "max_heap"), &q);
    if (st != GR_OK) {
        return st;
    }
    cJSON *value;
    const char *key;
    if (r->family == GR_SEQ_OCTAL) {
        key = "code";
        value = gr_jw_str(c, r->rq.code_text);
    } else if (r->rq.rules.max_take > 0) {
        key = "max_take";
        value = gr_jw_u64(c, r->rq.rules.max_take);
    } else {
        key = "subtraction_set";
        value = gr_jw_u64_array(c, r->rq.rules.set, r->rq.rules.set_len);
    }
    cJSON *doc;
    if ((st = gr_json_misere_quotient_doc(c, &q, key, value, &doc)) != GR_OK) {
        return st;
    }
    *out = gr_json_print(c, doc, len);
    return *out != NULL ? GR_OK : gr_json_oom(c);
}
