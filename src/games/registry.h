/*
 * The endpoint registry: every analysis grundyd offers, one row each.
 *
 * The HTTP routes (src/http/routes.c), GET /v1, the `grundy` command's
 * game list (src/cli/games.c), /v1/sum's component games and the fuzz
 * harness (tests/fuzz/fuzz_endpoints.c) all read this table and nothing
 * else, so adding a game is one row here plus its own files
 * (docs/architecture.md, "The registry").
 *
 * A row names its path, the family (what /v1/sum's "game" selects, NULL
 * for an endpoint that is not a game, such as /v1/sum itself), its readers
 * and its cost class.  The readers: `json` answers a parsed document (NULL:
 * the standard family endpoint, gr_json_family_endpoint); `text` reads a
 * text/plain body; `json_fast` reads the plain form of a JSON body without
 * a cJSON tree and declines anything else (GR_OK with no answer).
 */
#ifndef GR_REGISTRY_H
#define GR_REGISTRY_H

#include <stddef.h>

#include "games/endpoints.h"

/* How the work grows with the request: a linear game's small body is
 * answered on the network thread (the solver pool's hand-off costs more
 * than such an analysis); a game that can take seconds on a few bytes
 * (periodicity searches, game graphs, sums) always goes to the pool. */
typedef enum gr_cost { GR_COST_LINEAR, GR_COST_HEAVY } gr_cost;

typedef struct gr_endpoint {
    const char *path;            /* "/v1/nim" */
    const gr_family *family;     /* its game, as a /v1/sum component; or NULL */
    gr_endpoint_json *json;      /* NULL: gr_json_family_endpoint(family) */
    gr_endpoint_text *text;      /* text/plain reader, or NULL */
    gr_endpoint_text *json_fast; /* streaming JSON reader, or NULL */
    gr_cost cost;
} gr_endpoint;

/* The rows, in the order GET /v1 and `grundy --list` show them. */
size_t gr_registry_count(void);
const gr_endpoint *gr_registry_at(size_t i);

/* The row whose path is `path`, or NULL. */
const gr_endpoint *gr_registry_find(const char *path);

/* The game a /v1/sum component's "game" names (a family's name), or NULL. */
const gr_endpoint *gr_registry_game(const char *name);

/* The game names, comma-separated in table order, for error messages
 * ("nim, hackenbush_tree, ..."), in c's arena; "" when out of budget. */
const char *gr_registry_game_list(gr_jctx *c);

/* Answers a parsed JSON document at this endpoint. */
gr_status gr_registry_json(gr_jctx *c, const gr_endpoint *ep, const cJSON *req, cJSON **resp);

/* Answers one request body end to end, as the daemon and the CLI both do
 * (json/answer.c): a text body goes to ep->text; a JSON body goes to
 * ep->json_fast first where there is one (a streaming reader that declines
 * anything unusual by answering GR_OK with *resp NULL), else through
 * gr_json_parse to the JSON reader; then prints into c's arena.  On
 * failure c->problem is filled (an unexplained failure becomes a 500
 * problem, never a silent one). */
gr_status gr_json_answer(gr_jctx *c, const gr_endpoint *ep, bool is_text, const char *body,
                         size_t len, char **out, size_t *out_len);

#endif
