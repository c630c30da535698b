/*
 * Embedded files by URL path.  embed.S lays out a table of {name, data,
 * length} offsets from gr_embed_files, ended by a zero name; the table is
 * a few dozen rows, so a linear search per request costs less than the
 * request's headers.  The type follows the extension: browsers refuse an
 * ES module served as anything but a JavaScript type (and the daemon sends
 * X-Content-Type-Options: nosniff), so .mjs and .js are text/javascript.
 */
#include "http/static.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern const char gr_embed_files[];

static const struct {
    const char *ext;
    const char *type;
} gr_static_types[] = {
    {".html", "text/html; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".json", "application/json"},
    {".yaml", "application/yaml; charset=utf-8"},
};

static const char *gr_static_type(const char *path)
{
    if (strcmp(path, "/") == 0) {
        return "text/html; charset=utf-8";
    }
    if (strncmp(path, "/docs/", 6) == 0) {
        return "text/markdown; charset=utf-8"; /* embedded from docs/<name>.md */
    }
    const char *dot = strrchr(path, '.');
    if (dot != NULL) {
        for (size_t i = 0; i < sizeof(gr_static_types) / sizeof(gr_static_types[0]); i++) {
            if (strcmp(dot, gr_static_types[i].ext) == 0) {
                return gr_static_types[i].type;
            }
        }
    }
    return "application/octet-stream";
}

bool gr_static_find(const char *path, gr_static_file *out)
{
    uint64_t row[3];
    for (size_t i = 0;; i++) {
        /* memcpy: the table is 16-aligned, but say so to no one */
        memcpy(row, gr_embed_files + i * sizeof(row), sizeof(row));
        if (row[0] == 0) {
            return false;
        }
        if (strcmp(gr_embed_files + row[0], path) == 0) {
            out->data = gr_embed_files + row[1];
            out->len = (size_t)row[2];
            out->type = gr_static_type(path);
            return true;
        }
    }
}

/* GET /web/games/: the names of the files directly in that folder, as a JSON
 * array, so that the page loads every game module the daemon embeds and a
 * game enters the playground in one file.  NULL when nothing is there. */
static char *gr_static_listing(gr_arena *arena, const char *dir, size_t *len)
{
    size_t dlen = strlen(dir), cap = 2;
    uint64_t row[3];
    for (size_t i = 0;; i++) {
        memcpy(row, gr_embed_files + i * sizeof(row), sizeof(row));
        if (row[0] == 0) {
            break;
        }
        cap += strlen(gr_embed_files + row[0]) + 3;
    }
    char *out = gr_arena_alloc(arena, cap + 1);
    if (out == NULL) {
        return NULL;
    }
    size_t n = 0;
    out[n++] = '[';
    for (size_t i = 0;; i++) {
        memcpy(row, gr_embed_files + i * sizeof(row), sizeof(row));
        if (row[0] == 0) {
            break;
        }
        const char *name = gr_embed_files + row[0];
        if (strncmp(name, dir, dlen) != 0 || strchr(name + dlen, '/') != NULL) {
            continue;
        }
        /* embedded names are file names: no quote or backslash to escape */
        n += (size_t)snprintf(out + n, cap + 1 - n, "%s\"%s\"", n > 1 ? "," : "", name + dlen);
    }
    out[n++] = ']';
    out[n] = '\0';
    *len = n;
    return n > 2 ? out : NULL;
}

enum MHD_Result gr_static_serve(struct MHD_Connection *conn, gr_req *req, const char *path)
{
    size_t plen = strlen(path);
    if (plen > 1 && path[plen - 1] == '/' && strncmp(path, "/web/", 5) == 0) {
        size_t len = 0;
        char *list = gr_static_listing(req->arena, path, &len);
        if (list != NULL) {
            return gr_respond(conn, req, 200, "application/json", list, len);
        }
    }
    gr_static_file f;
    if (!gr_static_find(path, &f)) {
        return gr_send_problem(conn, req, GR_PROBLEM_NOT_FOUND,
                               "no such file; GET / is the playground", NULL, false);
    }
    return gr_respond(conn, req, 200, f.type, f.data, f.len);
}
