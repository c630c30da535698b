/*
 * The request pipeline of the `grundy` command (see run.h).
 */
#include "cli/run.h"

#include <errno.h>
#include <stdlib.h>
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

gr_status gr_cli_answer(gr_jctx *c, const gr_cli_game *game, bool text, const char *body,
                        size_t len, FILE *out)
{
    /* The daemon's own path (games/answer.c): same readers, same bytes. */
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

void gr_cli_print_problem(const gr_problem *p, FILE *out)
{
    /* The daemon's renderer (json/problem.c): the same bytes by construction. */
    char *text = NULL;
    size_t n = 0;
    if (gr_problem_render(p, &text, &n) != GR_OK) {
        fputs("{\"type\":\"" GR_PROBLEM_BASE "internal-error\",\"title\":\"Internal error\","
              "\"status\":500,\"detail\":\"out of memory writing the problem\"}\n",
              out);
        return;
    }
    fwrite(text, 1, n, out);
    fputc('\n', out);
    free(text);
}
