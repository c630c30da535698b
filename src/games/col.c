/*
 * Col: {"vertices": n, "edges": [[u, v], ...], "colors": [...]}
 * (include/grundy/graph_games.h): Left colours a vertex blue, Right red,
 * never beside its own colour.  Moves {"vertex": i, "color": "blue" |
 * "red"} (the colour says who played it, and in the impartial variant
 * which of the two moves on the vertex it is).  The graph reader here is Snort's too
 * (line_games.h); answered by the ruleset engine through ruleset.h.
 */
#include <string.h>

#include "games/endpoints.h"
#include "games/line_games.h"
#include "grundy/graph_games.h"

/* "colors": n entries, each "blue", "red" or null, into colours[]. */
static gr_status gr_json_vertex_colours(gr_jctx *c, const cJSON *item, const char *ptr, size_t n,
                                        uint8_t *colours)
{
    size_t count;
    gr_status st = gr_json_array(c, item, ptr, &count);
    if (st != GR_OK) {
        return st;
    }
    if (count != n) {
        return gr_json_error(c, GR_EINVAL, ptr, "one colour per vertex: %zu vertices, %zu colours",
                             n, count);
    }
    size_t i = 0;
    for (const cJSON *e = item->child; e != NULL; e = e->next, i++) {
        if (cJSON_IsNull(e)) {
            colours[i] = 0;
        } else if (cJSON_IsString(e) && strcmp(e->valuestring, "blue") == 0) {
            colours[i] = GR_GG_LEFT;
        } else if (cJSON_IsString(e) && strcmp(e->valuestring, "red") == 0) {
            colours[i] = GR_GG_RIGHT;
        } else {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, ptr, i),
                                 "a colour is \"blue\", \"red\" or null (uncoloured)");
        }
    }
    return GR_OK;
}

gr_status gr_json_colouring_graph(gr_jctx *c, const gr_pg_rules *rules, const cJSON *const *f,
                                  const char *ptr, uint8_t *pos, size_t *len)
{
    const char *vptr = gr_jp_key(c, ptr, "vertices"), *eptr = gr_jp_key(c, ptr, "edges");
    uint64_t n;
    gr_status st = gr_json_u64(c, f[0], vptr, GR_JSON_MAX_I64, &n);
    if (st != GR_OK) {
        return st;
    }
    if (n > GR_GG_MAX_VERTICES) {
        return gr_json_error(c, GR_ELIMIT, vptr, "at most %d vertices", GR_GG_MAX_VERTICES);
    }
    uint32_t *e = NULL;
    size_t m = 0;
    if (f[1] != NULL && (st = gr_json_edges(c, f[1], eptr, n, &e, &m)) != GR_OK) {
        return st;
    }
    for (size_t i = 0; i < m; i++) {
        if (e[2 * i] == e[2 * i + 1]) {
            return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, eptr, i),
                                 "an edge joins two different vertices (%u twice)", e[2 * i]);
        }
    }
    uint8_t *colours = GR_ARENA_ARRAY(c->arena, uint8_t, n + 1);
    if (colours == NULL) {
        return gr_json_oom(c);
    }
    if (f[2] != NULL && (st = gr_json_vertex_colours(c, f[2], gr_jp_key(c, ptr, "colors"),
                                                     (size_t)n, colours)) != GR_OK) {
        return st;
    }
    size_t bad = 0;
    st = gr_ggraph_position(c->arena, rules, (size_t)n, (const uint32_t(*)[2])e, m, colours, pos, len,
                        &bad);
    if (st == GR_EINVAL) {
        bool col = rules == &gr_pg_col;
        return gr_json_error(c, GR_EINVAL, gr_jp_idx(c, eptr, bad),
                             "vertices %u and %u are coloured %s: in %s adjacent vertices never "
                             "have %s colours",
                             e[2 * bad], e[2 * bad + 1], col ? "alike" : "differently",
                             col ? "Col" : "Snort", col ? "the same" : "different");
    }
    if (st == GR_ELIMIT) {
        return gr_json_error(c, GR_ELIMIT, vptr,
                             "at most %d vertices that a player may still colour are played",
                             GR_GG_MAX_LIVE);
    }
    return st == GR_OK ? GR_OK : gr_json_oom(c);
}

cJSON *gr_jw_colouring_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial)
{
    (void)ctx;
    (void)impartial; /* the colour names the player, and in the impartial variant the move */
    cJSON *o = gr_jw_obj(c);
    gr_jw_set(c, o, "vertex", gr_jw_u64(c, (uint64_t)m->w[0]));
    gr_jw_set(c, o, "color", gr_jw_str(c, m->w[1] == GR_GG_LEFT ? "blue" : "red"));
    return o;
}

static gr_status gr_col_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                             size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_colouring_graph(c, &gr_pg_col, f, ptr, pos, len);
}

static const gr_ruleset gr_ruleset_col = {"col",
                                          &gr_pg_col,
                                          {{"vertices", true}, {"edges", false}, {"colors", false}},
                                          gr_col_read,
                                          gr_jw_colouring_move};

GR_RULESET_ADAPTER(col, gr_ruleset_col)
