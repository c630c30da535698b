/*
 * The request pipeline of the `grundy` command (see run.h).
 */
#include "cli/run.h"

#include <errno.h>
#include <string.h>

/* The base of the daemon's problem type URIs (src/http/server.c). */
#define GR_CLI_PROBLEM_BASE "https://grundyd.dev/problems/"

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
    /* The daemon's own path (json/answer.c): same readers, same bytes. */
    char *s = NULL;
    size_t n = 0;
    gr_status st = gr_json_answer(c, game, text, body, len, &s, &n);
    if (st != GR_OK) {
        return st;
    }
    fwrite(s, 1, n, out);
    fputc('\n', out);
    return GR_OK;
}

/* The inside of a JSON string literal, escaped exactly as the daemon
 * escapes its problem documents (src/http/server.c), so that both print the
 * same bytes. */
static void gr_cli_put_escaped(const char *s, FILE *out)
{
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20 || *p == 0x7f) {
                fprintf(out, "\\u%04x", *p);
            } else {
                fputc(*p, out);
            }
        }
    }
}

void gr_cli_print_problem(const gr_problem *p, FILE *out)
{
    /* Field order and the type URI as the daemon writes them. */
    fputs("{\"type\":\"" GR_CLI_PROBLEM_BASE, out);
    gr_cli_put_escaped(p->type != NULL ? p->type : "internal-error", out);
    fputs("\",\"title\":\"", out);
    gr_cli_put_escaped(p->title != NULL ? p->title : "Internal error", out);
    fprintf(out, "\",\"status\":%d,\"detail\":\"", p->status);
    gr_cli_put_escaped(p->detail != NULL ? p->detail : "", out);
    fputc('"', out);
    if (p->pointer != NULL) {
        fputs(",\"pointer\":\"", out);
        gr_cli_put_escaped(p->pointer, out);
        fputc('"', out);
    }
    fputs("}\n", out);
}
