/*
 * The request pipeline of the `grundy` command (see run.h).
 */
#include "cli/run.h"

#include <errno.h>
#include <string.h>

gr_status gr_cli_read(gr_jctx *c, FILE *in, char **body, size_t *len)
{
    size_t cap = 4096, n = 0;
    char *buf = gr_arena_alloc(c->arena, cap + 1);
    if (buf == NULL) {
        return gr_json_oom(c);
    }
    for (;;) {
        n += fread(buf + n, 1, cap - n, in);
        if (ferror(in)) {
            return GR_EINTERNAL;
        }
        if (n < cap) {
            break; /* end of file */
        }
        /* Doubling keeps the copying linear in the input size. */
        char *bigger = cap > ((size_t)-1 - 1) / 2
                           ? NULL
                           : gr_arena_realloc(c->arena, buf, cap + 1, 2 * cap + 1);
        if (bigger == NULL) {
            return gr_json_oom(c);
        }
        buf = bigger;
        cap *= 2;
    }
    buf[n] = '\0';
    *body = buf;
    *len = n;
    return GR_OK;
}

gr_status gr_cli_answer(gr_jctx *c, const gr_cli_game *game, bool text,
                        const char *body, size_t len, FILE *out)
{
    cJSON *resp = NULL;
    gr_status st;
    if (text) {
        st = game->text(c, body, len, &resp);
    } else {
        cJSON *req;
        st = gr_json_parse(c, body, len, &req);
        if (st == GR_OK) {
            st = game->json(c, req, &resp);
        }
    }
    if (st == GR_OK && (resp == NULL || !gr_jw_ok(c))) {
        st = GR_ENOMEM;
    }
    size_t n = 0;
    const char *s = st == GR_OK ? gr_json_print(c, resp, &n) : NULL;
    if (st == GR_OK && s == NULL) {
        st = GR_ENOMEM;
    }
    if (st != GR_OK) {
        if (c->problem.status == 0) {
            /* A reader or writer ran out of budget without saying so. */
            if (st == GR_ENOMEM) {
                gr_json_oom(c);
            } else {
                gr_json_error(c, st, NULL, "the request could not be answered");
            }
        }
        return st;
    }
    fwrite(s, 1, n, out);
    fputc('\n', out);
    return GR_OK;
}

/* A JSON string literal, escaped as cJSON escapes (RFC 8259 §7). */
static void gr_cli_put_string(const char *s, FILE *out)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\b': fputs("\\b", out); break;
        case '\f': fputs("\\f", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20) {
                fprintf(out, "\\u%04x", *p);
            } else {
                fputc(*p, out);
            }
        }
    }
    fputc('"', out);
}

void gr_cli_print_problem(const gr_problem *p, FILE *out)
{
    fputs("{\"type\":", out);
    gr_cli_put_string(p->type != NULL ? p->type : "internal-error", out);
    fputs(",\"title\":", out);
    gr_cli_put_string(p->title != NULL ? p->title : "Internal error", out);
    fprintf(out, ",\"status\":%d,\"detail\":", p->status);
    gr_cli_put_string(p->detail != NULL ? p->detail : "", out);
    if (p->pointer != NULL) {
        fputs(",\"pointer\":", out);
        gr_cli_put_string(p->pointer, out);
    }
    fputs("}\n", out);
}
