/*
 * Snort: {"vertices": n, "edges": [[u, v], ...], "colors": [...]}
 * (include/grundy/graph_games.h): Left colours a vertex blue, Right red,
 * never beside the other colour.  Moves {"vertex": i, "color": ...}.  The graph reader
 * is Col's (line_games.h); answered by the ruleset engine through
 * ruleset.h.
 */
#include "games/endpoints.h"
#include "games/line_games.h"
#include "grundy/graph_games.h"

static gr_status gr_snort_read(gr_jctx *c, const cJSON *const *f, const char *ptr, uint8_t *pos,
                               size_t *len, const void **ctx)
{
    *ctx = NULL;
    return gr_json_colouring_graph(c, &gr_pg_snort, f, ptr, pos, len);
}

static const gr_ruleset gr_ruleset_snort = {
    "snort",
    &gr_pg_snort,
    {{"vertices", true}, {"edges", false}, {"colors", false}},
    gr_snort_read,
    gr_jw_colouring_move};

GR_RULESET_ADAPTER(snort, gr_ruleset_snort)
