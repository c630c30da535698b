/*
 * The readers Toads and Frogs, Toppling Dominoes, Col and Snort share
 * (include/grundy/strip_games.h, graph_games.h), as gr_ruleset.read
 * hooks and helpers (games/ruleset.h).
 */
#ifndef GR_GAMES_LINE_GAMES_H
#define GR_GAMES_LINE_GAMES_H

#include "games/ruleset.h"

/* A row of the characters of `alphabet` (item at ptr): the position is the
 * string itself.  An unknown character is a 400 at ptr naming its index,
 * more than GR_PG_MAX_POS of them a 422 (games/toads_and_frogs.c). */
gr_status gr_json_strip(gr_jctx *c, const cJSON *item, const char *ptr, const char *alphabet,
                        uint8_t *pos, size_t *len);

/* {"vertices": n, "edges": [[u, v], ...], "colors": ["blue" | "red" | null,
 * ...]} (f[0..2], edges and colors optional) as the position of `rules`
 * (gr_pg_col or gr_pg_snort): a missing vertex, a loop or a colour that is
 * neither is a 400 at its pointer, two coloured neighbours against the
 * rule a 400 at their edge, past the position's limits a 422
 * (games/col.c). */
gr_status gr_json_colouring_graph(gr_jctx *c, const gr_pg_rules *rules, const cJSON *const *f,
                                  const char *ptr, uint8_t *pos, size_t *len);
/* {"vertex": i, "color": "blue" | "red"}: the colour played. */
cJSON *gr_jw_colouring_move(gr_jctx *c, const void *ctx, const gr_pg_move *m, bool impartial);

#endif
