/*
 * The game table: every analysis grundyd offers, one row each, written in
 * src/games/games.def (the one list of games) and read by everything that
 * names a game:
 *
 *   - the HTTP routes (src/http/routes.c): the POST route of every row, and
 *     GET <path>/sequence and GET <path>/misere-quotient where a row offers
 *     them (src/http/sequence.c takes the family from the route's row);
 *   - GET /v1, which lists the routes;
 *   - /v1/sum's components, impartial and partizan (gr_registry_game), and
 *     the list of games its errors quote;
 *   - the misère answers (games/misere.c): the rows with a misère reader;
 *   - the `grundy` command (src/cli/games.c) and its game names;
 *   - the fuzz harness (tests/fuzz/fuzz_endpoints.c);
 *   - grundyd --help (the games an option concerns);
 *   - tests/api/test_registry_coverage.py, which reads games.def.
 *
 * Adding a game is a line in games.def plus its adapter
 * (docs/architecture.md, "Adding a game").
 */
#ifndef GR_REGISTRY_H
#define GR_REGISTRY_H

#include <stddef.h>

#include "games/endpoints.h"
#include "games/partizan.h"
#include "games/sequence.h"

/* How the work grows with the request: a linear game's small body is
 * answered on the network thread (the solver pool's hand-off costs more
 * than such an analysis); a game that can take seconds on a few bytes
 * (periodicity searches, game graphs, sums) always goes to the pool. */
typedef enum gr_cost { GR_COST_LINEAR, GR_COST_HEAVY } gr_cost;

/* What kind of game a row analyses: an impartial one has a gr_family
 * (values are nimbers, loopy values or ordinals), a partizan one a
 * gr_pgame (canonical forms); /v1/sum is a row but no game. */
typedef enum gr_game_kind {
    GR_GAME_IMPARTIAL,
    GR_GAME_PARTIZAN,
    GR_GAME_NONE
} gr_game_kind;

/* What a row offers besides its POST analysis (bits of .offers). */
typedef enum gr_offer {
    GR_OFFER_SUM = 1u << 0,      /* a /v1/sum component: {"game": name, ...} */
    GR_OFFER_MISERE = 1u << 1,   /* "misere": true, by .misere (games/misere.c) */
    GR_OFFER_SEQUENCE = 1u << 2, /* GET <path>/sequence (family .seq) */
    GR_OFFER_QUOTIENT = 1u << 3, /* GET <path>/misere-quotient (family .seq) */
    GR_OFFER_SEARCH = 1u << 4,   /* solved by search: --max-search-nodes applies */
    GR_OFFER_TABLES = 1u << 5    /* tables in the shared cache: --cache-memory */
} gr_offer;

/* A misère component reader: reads obj (pointer ptr: "" for a whole
 * request, /components/i in a sum) into k's game and heaps, with the
 * shared options and "game" allowed beside the game's fields; *misere is
 * the "misere" item (NULL when absent) for the caller to judge. */
struct gr_mis_comp;
typedef gr_status gr_misere_reader(gr_jctx *c, const cJSON *obj, const char *ptr,
                                   struct gr_mis_comp *k, const cJSON **misere);

typedef struct gr_endpoint {
    const char *name;             /* the game's name: /v1/sum's "game" ("hackenbush_tree") */
    const char *path;             /* its route: "/v1/hackenbush/tree" */
    const char *cli;              /* `grundy <cli>` ("hackenbush-tree"); also its fuzz corpus */
    gr_game_kind kind;
    unsigned offers;              /* gr_offer bits */
    gr_cost cost;
    const gr_family *family;      /* impartial: its analysis, moves and sum component */
    const gr_pgame *pgame;        /* partizan: the same */
    gr_endpoint_json *json;       /* NULL: the family's or pgame's standard endpoint */
    gr_endpoint_text *text;       /* text/plain reader, or NULL */
    gr_endpoint_text *json_fast;  /* streaming JSON reader, or NULL (see answer.c) */
    gr_misere_reader *misere;     /* GR_OFFER_MISERE: the component reader */
    gr_seq_family seq;            /* GR_OFFER_SEQUENCE / _QUOTIENT: whose tables */
} gr_endpoint;

/* The rows, in the order GET /v1 and `grundy --list` show them. */
size_t gr_registry_count(void);
const gr_endpoint *gr_registry_at(size_t i);

/* The row whose path is `path`, or NULL. */
const gr_endpoint *gr_registry_find(const char *path);

/* The game a /v1/sum component's "game" names (a row offering
 * GR_OFFER_SUM), or NULL. */
const gr_endpoint *gr_registry_game(const char *name);

/* The game names, comma-separated in table order, for error messages:
 * the impartial sum components, then the partizan ones ("nim,
 * hackenbush_tree, ..."), in c's arena; "" when out of budget. */
const char *gr_registry_game_list(gr_jctx *c);

/* The names of the rows offering every bit of `offers`, in table order:
 * "a, b or c" when `last` is " or ", "a, b, c" when it is ", "; in c's
 * arena ("" when out of budget). */
const char *gr_registry_names(gr_jctx *c, unsigned offers, const char *last);

/* Answers a parsed JSON document at this endpoint. */
gr_status gr_registry_json(gr_jctx *c, const gr_endpoint *ep, const cJSON *req, cJSON **resp);

/* Answers one request body end to end, as the daemon and the CLI both do
 * (games/answer.c): a text body goes to ep->text; a JSON body goes to
 * ep->json_fast first where there is one (a streaming reader that declines
 * anything unusual by answering GR_OK with *resp NULL), else through
 * gr_json_parse to the JSON reader; then prints into c's arena.  On
 * failure c->problem is filled (an unexplained failure becomes a 500
 * problem, never a silent one). */
gr_status gr_json_answer(gr_jctx *c, const gr_endpoint *ep, bool is_text, const char *body,
                         size_t len, char **out, size_t *out_len);

#endif
