/*
 * The GET documents of the heap games' value sequences (sequence_doc.h):
 * GET <path>/sequence of the game table's rows offering it.
 *
 * Parameters are read strictly: every one known, none repeated, numbers
 * plain decimal digits (no sign, no spaces, at most 2^63-1), problems
 * pointing at "/query/<name>".  The ETag is an FNV-1a hash of the
 * canonical query, the value bound and the version: the document is a
 * pure function of those (responses are deterministic), so a matching
 * If-None-Match is answered 304 without computing anything.
 */
#include "http/sequence_doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/table_convert.h"

#ifndef GR_VERSION
#define GR_VERSION "0.0.0"
#endif

/* ---- GET documents ------------------------------------------------------ */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* A plain decimal (digits only) up to max. */
static bool q_number(const char *s, uint64_t max, uint64_t *out)
{
    if (*s == '\0' || strlen(s) > 19) {
        return false;
    }
    uint64_t v = 0;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9') {
            return false;
        }
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (v > max) {
        return false;
    }
    *out = v;
    return true;
}

static const char *qptr(gr_jctx *c, const char *name)
{
    return gr_jp_key(c, "/query", name);
}

static uint64_t fnv64(uint64_t h, const char *s)
{
    for (; *s != '\0'; s++) {
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    }
    return h;
}

gr_status gr_seq_parse(gr_jctx *c, gr_seq_family fam, const gr_qparam *q, size_t n,
                       gr_seq_request *out)
{
    memset(out, 0, sizeof(*out));
    out->family = fam;
    out->tables = c->tables;
    const char *names[] = {fam == GR_SEQ_OCTAL ? "code" : "subtraction_set", "from", "count",
                           "max_take"};
    size_t nnames = fam == GR_SEQ_OCTAL ? 3 : 4;
    const char *val[4] = {NULL, NULL, NULL, NULL};
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (k < nnames && strcmp(q[i].key, names[k]) != 0) {
            k++;
        }
        if (k == nnames) {
            return gr_json_error(c, GR_EINVAL, qptr(c, q[i].key),
                                 "is not a parameter of this endpoint (it takes %s, from, "
                                 "count%s)",
                                 names[0], fam == GR_SEQ_OCTAL ? "" : ", max_take");
        }
        if (val[k] != NULL) {
            return gr_json_error(c, GR_EINVAL, qptr(c, q[i].key), "is given more than once");
        }
        val[k] = q[i].value != NULL ? q[i].value : "";
    }
    if (val[2] == NULL) {
        return gr_json_error(c, GR_EINVAL, qptr(c, "count"),
                             "is required: the number of values, 0 to %u", GR_SEQUENCE_MAX_COUNT);
    }
    if (!q_number(val[2], GR_SEQUENCE_MAX_COUNT, &out->count)) {
        return gr_json_error(c, GR_EINVAL, qptr(c, "count"),
                             "must be a plain decimal integer from 0 to %u", GR_SEQUENCE_MAX_COUNT);
    }
    if (val[1] != NULL && !q_number(val[1], GR_JSON_MAX_I64, &out->from)) {
        return gr_json_error(c, GR_EINVAL, qptr(c, "from"),
                             "must be a plain decimal integer from 0 to 2^63-1");
    }
    if (out->count > 0 && out->from > GR_JSON_MAX_I64 - (out->count - 1)) {
        return gr_json_error(c, GR_EINVAL, qptr(c, "count"), "runs past heap 2^63-1");
    }
    char canon[GR_OCTAL_MAX_DIGITS * 8 + 64];
    if (fam == GR_SEQ_OCTAL) {
        if (val[0] == NULL) {
            return gr_json_error(c, GR_EINVAL, qptr(c, "code"),
                                 "is required, as in code=0.77 or code=grundy");
        }
        size_t bad;
        gr_status st = gr_octal_parse(val[0], &out->code, &bad);
        if (st == GR_ELIMIT) {
            return gr_json_error(c, GR_ELIMIT, qptr(c, "code"),
                                 val[0][0] == '0' ? "has more than %u digits after \"0.\""
                                                  : "has more than %u digits after the point",
                                 GR_OCTAL_MAX_DIGITS);
        }
        if (st != GR_OK && gr_octal_d0_unplayable(val[0])) {
            return gr_json_error(c, GR_EINVAL, qptr(c, "code"),
                                 "has %c before the point, which must be 0, 4, 8 or C (the "
                                 "move taking no token: bit 4 splits the heap into two, bit 8 "
                                 "into three; bits 1 and 2 are not moves); the character at "
                                 "offset 0 is wrong",
                                 val[0][0]);
        }
        if (st != GR_OK && val[0][0] != '0' && val[0][0] != '\0' && val[0][1] == '.') {
            return gr_json_error(c, GR_EINVAL, qptr(c, "code"),
                                 "must be a code \"d0.d1d2...\" (d0 0, 4, 8 or C, hexadecimal "
                                 "digits after the point); the character at offset %zu is "
                                 "wrong",
                                 bad);
        }
        if (st != GR_OK) {
            return gr_json_error(c, GR_EINVAL, qptr(c, "code"),
                                 "must be a code \"0.d1d2...\" (hexadecimal digits), "
                                 "\"grundy\" or an alias; the character at offset %zu is "
                                 "wrong",
                                 bad);
        }
        out->code_text = val[0];
        gr_tcache_octal_key(&out->code, out->key, sizeof(out->key));
        snprintf(canon, sizeof(canon), "%s", out->key);
    } else {
        if ((val[0] == NULL) == (val[3] == NULL)) {
            return gr_json_error(c, GR_EINVAL, qptr(c, val[0] ? "max_take" : "subtraction_set"),
                                 "give exactly one of subtraction_set (as in "
                                 "subtraction_set=1,3,4) and max_take");
        }
        if (val[3] != NULL) {
            if (!q_number(val[3], GR_JSON_MAX_I64, &out->rules.max_take) ||
                out->rules.max_take == 0) {
                return gr_json_error(c, GR_EINVAL, qptr(c, "max_take"),
                                     "must be a plain decimal integer from 1 to 2^63-1");
            }
            snprintf(canon, sizeof(canon), "sub:max:%llu", (unsigned long long)out->rules.max_take);
        } else {
            /* comma-separated, each 1..GR_SUB_MAX_ELEMENT */
            const char *s = val[0];
            size_t cnt = 1;
            for (const char *p = s; *p; p++) {
                cnt += *p == ',';
            }
            if (cnt > GR_SUB_MAX_SET) {
                return gr_json_error(c, GR_ELIMIT, qptr(c, "subtraction_set"),
                                     "has %zu elements; at most %u are supported", cnt,
                                     GR_SUB_MAX_SET);
            }
            uint64_t *set = GR_ARENA_ARRAY_UNINIT(c->arena, uint64_t, cnt);
            char *tmp = gr_arena_alloc(c->arena, strlen(s) + 1);
            if (set == NULL || tmp == NULL) {
                return gr_json_oom(c);
            }
            size_t k = 0;
            const char *p = s;
            for (;;) {
                const char *e = strchr(p, ',');
                size_t len = e != NULL ? (size_t)(e - p) : strlen(p);
                memcpy(tmp, p, len);
                tmp[len] = '\0';
                if (!q_number(tmp, GR_SUB_MAX_ELEMENT, &set[k]) || set[k] == 0) {
                    return gr_json_error(c, GR_EINVAL, qptr(c, "subtraction_set"),
                                         "must be a comma-separated list of integers from 1 "
                                         "to %u; element %zu is not",
                                         GR_SUB_MAX_ELEMENT, k);
                }
                k++;
                if (e == NULL) {
                    break;
                }
                p = e + 1;
            }
            qsort(set, k, sizeof(uint64_t), cmp_u64);
            size_t distinct = 0; /* order and repeats do not matter */
            for (size_t i = 0; i < k; i++) {
                if (distinct == 0 || set[i] != set[distinct - 1]) {
                    set[distinct++] = set[i];
                }
            }
            k = distinct;
            out->rules.set = set;
            out->rules.set_len = k;
            size_t m = (size_t)snprintf(canon, sizeof(canon), "sub:");
            for (size_t i = 0; i < k && m < sizeof(canon) - 24; i++) {
                m += (size_t)snprintf(canon + m, sizeof(canon) - m, "%llu,",
                                      (unsigned long long)set[i]);
            }
        }
    }
    /* the query's identity: FNV-1a over the canonical query (the set
     * hashed whole) and the version */
    char tail[96];
    snprintf(tail, sizeof(tail), "|%llu|%llu|%s", (unsigned long long)out->from,
             (unsigned long long)out->count, GR_VERSION);
    uint64_t h = fnv64(1469598103934665603ull, canon);
    if (fam == GR_SEQ_SUBTRACTION && out->rules.set != NULL) {
        char num[24];
        for (size_t i = 0; i < out->rules.set_len; i++) {
            snprintf(num, sizeof(num), "%llu,", (unsigned long long)out->rules.set[i]);
            h = fnv64(h, num);
        }
    }
    out->query_hash = fnv64(h, tail);
    /* an octal table's document changes while the table grows: the tag
     * names the table as it stands (values, period), so a 304 is exact */
    out->values = 0;
    out->pstatus = GR_PERIOD_CONFIRMED;
    if (fam == GR_SEQ_OCTAL && out->tables != NULL &&
        !gr_tcache_octal_state(out->tables, &out->code, &out->values, &out->pstatus)) {
        out->values = 0; /* not cached: no client can have this document */
    }
    return GR_OK;
}

static uint64_t seq_need(const gr_seq_request *r)
{
    return r->count == 0 ? 0 : r->from + r->count; /* from + count - 1 <= 2^63-1 */
}

gr_status gr_seq_answer(gr_jctx *c, gr_seq_request *r, char **out, size_t *len, bool *stable)
{
    *stable = true;
    cJSON *doc = gr_jw_obj(c);
    cJSON *seq = NULL;
    gr_status st;
    if (r->family == GR_SEQ_OCTAL) {
        gr_octal_table t;
        gr_period_status ps;
        if ((st = gr_json_octal_table(c, &r->code, seq_need(r), qptr(c, "code"), &t, &ps)) !=
            GR_OK) {
            return st;
        }
        if ((st = gr_json_octal_values(c, &t, r->from, r->count, qptr(c, "count"), &seq)) !=
            GR_OK) {
            return st;
        }
        *stable = ps == GR_PERIOD_CONFIRMED;
        r->values = t.computed; /* the state the document shows */
        r->pstatus = ps;
        gr_jw_set(c, doc, "code", gr_jw_str(c, r->code_text));
        gr_jw_set(c, doc, "from", gr_jw_u64(c, r->from));
        gr_jw_set(c, doc, "sequence", seq);
        gr_jw_set(c, doc, "period", gr_jw_period(c, t.periodic, t.preperiod, t.period));
        gr_jw_set(c, doc, "values_computed", gr_jw_u64(c, t.computed));
        gr_jw_set(c, doc, "period_status", gr_jw_str(c, gr_period_status_name(ps)));
    } else {
        gr_sub_table t;
        const char *p = qptr(c, r->rules.max_take ? "max_take" : "subtraction_set");
        if ((st = gr_json_sub_table(c, &r->rules, p, &t)) != GR_OK) {
            return st;
        }
        if ((st = gr_json_sub_values(c, &t, r->from, r->count, qptr(c, "count"), &seq)) != GR_OK) {
            return st;
        }
        if (r->rules.max_take > 0) {
            gr_jw_set(c, doc, "max_take", gr_jw_u64(c, r->rules.max_take));
        } else {
            gr_jw_set(c, doc, "subtraction_set",
                      gr_jw_u64_array(c, r->rules.set, r->rules.set_len));
        }
        gr_jw_set(c, doc, "from", gr_jw_u64(c, r->from));
        gr_jw_set(c, doc, "sequence", seq);
        gr_jw_set(c, doc, "period", gr_jw_period(c, t.periodic, t.preperiod, t.period));
        gr_jw_set(c, doc, "values_computed", gr_jw_u64(c, t.computed));
        gr_jw_set(c, doc, "period_status", gr_jw_str(c, t.periodic ? "confirmed" : "not found"));
    }
    if (!gr_jw_ok(c)) {
        return gr_json_oom(c);
    }
    *out = gr_json_print(c, doc, len);
    return *out != NULL ? GR_OK : gr_json_oom(c);
}

void gr_seq_progress(const gr_seq_request *r, uint64_t *values, uint64_t *target)
{
    *values = 0;
    if (r->family == GR_SEQ_OCTAL) {
        uint64_t max = r->tables != NULL ? gr_tcache_max_octal_values(r->tables) : 0;
        if (max == 0) {
            max = r->code.leaves >= 3 ? GR_OCTAL_MAX_VALUES3 : GR_OCTAL_MAX_VALUES;
        }
        if (r->code.leaves >= 3 && max > GR_OCTAL_MAX_VALUES3) {
            max = GR_OCTAL_MAX_VALUES3;
        }
        uint64_t need = seq_need(r);
        *target = need < max ? need : max;
        if (r->tables != NULL) {
            gr_tcache_progress(r->tables, r->key, values);
        }
    } else {
        *target = r->rules.max_take > 0 ? 0 : GR_SUB_MAX_VALUES;
    }
}
