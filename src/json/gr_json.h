/*
 * The JSON layer: reading requests into core structs, writing responses,
 * and carrying errors as values with an RFC 6901 pointer.
 *
 * Every endpoint uses these helpers and no others, so the number rules
 * (integers up to 2^53-1 as JSON numbers, up to 2^63-1 as decimal strings,
 * nothing inexact) and the error wording are the same everywhere.
 *
 * Memory: a gr_jctx belongs to one request and carries its arena, and
 * every node the parser and the writers make comes from that arena through
 * the context, explicitly: no cJSON allocation hook, no thread-local
 * state.  Nodes die with the arena; nothing is ever cJSON_Delete'd.
 *
 * Writing: the gr_jw_* helpers never fail loudly.  When an allocation fails
 * they set c->oom and return NULL, and adding NULL is a no-op; a handler
 * checks gr_jw_ok(c) once at the end instead of after every call.
 */
#ifndef GR_JSON_H
#define GR_JSON_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grundy/arena.h"
#include "grundy/value.h"
#include "grundy/status.h"
#include "grundy/buf.h"
#include "grundy/move.h"
#include "json/problem.h"

#define GR_JSON_MAX_SAFE 9007199254740991ULL /* 2^53 - 1 */
#define GR_JSON_MAX_I64 9223372036854775807ULL
#define GR_JSON_NESTING_LIMIT CJSON_NESTING_LIMIT

typedef struct gr_jctx {
    gr_arena *arena;
    gr_problem problem;
    bool oom; /* set by gr_jw_* on allocation failure */
    /* Seconds that loops whose work multiplies with the input's length (a
     * sum's components) may run, counted from their first check; 0: no
     * limit.  Every single game's work is bounded by its own documented
     * limits, but a sum of many hard components is not (36 octal
     * components of a 64-digit code took 18 s from a 3 KB body). */
    unsigned time_limit_s;
    uint64_t max_search_nodes; /* games solved by search (--max-search-nodes); 0: default */
    /* The shared tables of the heap games (tables/table_cache.h), made by
     * the daemon or the CLI; NULL: every table is computed for this
     * request alone. */
    struct gr_tcache *tables;
    uint32_t max_quotient_order; /* misère quotients (--max-quotient-order); 0: default */
    /* Who asked: a hash of the client's key (http/client.h), by which the
     * background search's queue is shared out; 0: nobody in particular. */
    uint64_t client;
} gr_jctx;

void gr_jctx_init(gr_jctx *c, gr_arena *arena);

/* The time limit (c->time_limit_s) as a deadline on c's arena, from now,
 * unless the arena's stop conditions have one already (the daemon sets it
 * at the request's start): the one clock that gr_arena_check, and so every
 * core loop, reads. */
gr_status gr_json_arm_deadline(gr_jctx *c);
/* Whether the request must stop here -- cancelled (503) or past its
 * deadline (422, pointer ptr: the component it stopped at) -- with the
 * problem filled in; arms the deadline on the first call.  Only loops
 * that need a limit read the clock: other requests pay nothing. */
bool gr_json_past_deadline(gr_jctx *c, const char *ptr);

/* ---- parsing ------------------------------------------------------------
 * Strict RFC 8259 (no BOM, valid UTF-8, no raw control characters or
 * \u0000 in strings, nesting up to GR_JSON_NESTING_LIMIT) into a genuine
 * cJSON tree allocated from c->arena in one pass (src/json/parse.c).  On
 * failure fills c->problem (400 with the byte offset in the detail, 422
 * for nesting) and returns GR_EINVAL/GR_ELIMIT; on budget exhaustion
 * GR_ENOMEM. */
gr_status gr_json_parse(gr_jctx *c, const char *text, size_t len, cJSON **out);

/* ---- errors -------------------------------------------------------------
 * Fills c->problem and returns st, so callers write
 *     return gr_json_error(c, GR_EINVAL, ptr, "must be ...");
 * Status mapping: GR_EINVAL 400, GR_ENOMEM 413, GR_ELIMIT 422,
 * GR_EINTERNAL 500. */
gr_status gr_json_error(gr_jctx *c, gr_status st, const char *pointer, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The memory-budget problem: 413 for the request's own budget, 503 when
 * the process-wide quota (--max-memory) refused (gr_arena_quota_hit). */
gr_status gr_json_oom(gr_jctx *c);
/* After a failure st: when the request's stop conditions have fired
 * (gr_arena_check), the stop is the reason: fills the 422 time-limit or
 * the 503 cancelled problem and returns GR_ETIME/GR_ECANCELLED; otherwise
 * returns st unchanged. */
gr_status gr_json_stopped(gr_jctx *c, gr_status st);

/* Pointer building: base + "/" + escaped key, or base + "/" + index.
 * base "" is the whole document.  Never NULL (falls back to base). */
const char *gr_jp_key(gr_jctx *c, const char *base, const char *key);
const char *gr_jp_idx(gr_jctx *c, const char *base, size_t index);

/* ---- reading ------------------------------------------------------------
 * Each reader checks the type and range of one item and reports a precise
 * pointer on failure. */

/* An object whose keys are all among fields[], none repeated.  Missing
 * required fields are an error; missing optional ones leave *out NULL. */
typedef struct gr_jfield {
    const char *name;
    bool required;
    const cJSON **out;
} gr_jfield;
gr_status gr_json_object(gr_jctx *c, const cJSON *obj, const char *ptr, const gr_jfield *fields,
                         size_t nfields);

/* gr_json_object for a family's request object, or a /v1/sum component:
 * fields lists the family's own keys (at most 24); the options every
 * analysis shares (all_winning_moves, max_moves) are accepted too, and so
 * is the "game" tag when the object is a component (ptr not "").  The
 * endpoint reads the options (gr_json_move_opts). */
gr_status gr_json_family_object(gr_jctx *c, const cJSON *obj, const char *ptr,
                                const gr_jfield *fields, size_t nfields);

/* gr_json_family_object, then the family's state: `size` zeroed bytes from
 * the arena in *state (the 413 problem when they do not fit). */
gr_status gr_json_family_state(gr_jctx *c, const cJSON *obj, const char *ptr,
                               const gr_jfield *fields, size_t nfields, size_t size, void **state);

/* An exact integer in [0, max]: a JSON number up to 2^53-1, or a string of
 * decimal digits up to 2^63-1. */
gr_status gr_json_u64(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t max, uint64_t *out);
/* An exact integer in [min, max] (same rules; strings may start with '-'). */
gr_status gr_json_i64(gr_jctx *c, const cJSON *item, const char *ptr, int64_t min, int64_t max,
                      int64_t *out);
gr_status gr_json_bool(gr_jctx *c, const cJSON *item, const char *ptr, bool *out);
/* A string; *out points into the cJSON tree. */
gr_status gr_json_string(gr_jctx *c, const cJSON *item, const char *ptr, const char **out);
/* An array (possibly empty); *count its length. */
gr_status gr_json_array(gr_jctx *c, const cJSON *item, const char *ptr, size_t *count);
/* An array of integers in [0, max], arena-allocated. */
gr_status gr_json_u64_array(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t max,
                            uint64_t **out, size_t *count);
/* An array of [a, b] pairs with 0 <= a, b <= max (max < 2^32), flattened
 * into out[2*i], out[2*i+1], arena-allocated. */
gr_status gr_json_pairs(gr_jctx *c, const cJSON *item, const char *ptr, uint32_t max,
                        uint32_t **out, size_t *count);
/* The edges of a graph of n vertices: pairs of vertices below n (a
 * missing vertex is a 400 at its pointer), as gr_json_pairs writes them. */
gr_status gr_json_edges(gr_jctx *c, const cJSON *item, const char *ptr, uint64_t n, uint32_t **out,
                        size_t *count);

/* The options every analysis endpoint shares (docs/contract.md, "The
 * answer shape"). */
typedef struct gr_move_opts {
    bool all;     /* "all_winning_moves" */
    uint64_t max; /* "max_moves", default 1000 */
} gr_move_opts;
#define GR_MAX_MOVES_DEFAULT 1000
#define GR_MAX_MOVES_LIMIT 1000000
/* Reads the two optional items (either may be NULL). */
gr_status gr_json_move_opts(gr_jctx *c, const cJSON *all, const cJSON *max, const char *base,
                            gr_move_opts *out);
/* The same two read from a whole request object (pointers at the top). */
gr_status gr_json_request_opts(gr_jctx *c, const cJSON *req, gr_move_opts *out);

/* Writes the move fields every analysis answers (docs/contract.md) into r:
 * "winning_move" (the first of `moves`, or null), and with opts->all also
 * "winning_moves" (all of `moves`, or [] when max_moves is 0) and
 * "winning_move_count".  `moves` holds at least one move whenever one
 * exists (callers ask for max(1, max_moves)). */
void gr_json_put_moves(gr_jctx *c, cJSON *r, cJSON *moves, uint64_t count,
                       const gr_move_opts *opts);

/* ---- writing ------------------------------------------------------------ */
cJSON *gr_jw_obj(gr_jctx *c);
cJSON *gr_jw_arr(gr_jctx *c);
cJSON *gr_jw_u64(gr_jctx *c, uint64_t v); /* a string above 2^53-1 */
cJSON *gr_jw_i64(gr_jctx *c, int64_t v);
/* An array of n integers, each as gr_jw_u64 writes it. */
cJSON *gr_jw_u64_array(gr_jctx *c, const uint64_t *v, size_t n);
/* Sets n whole-number members keys[i]: vals[i] on obj (obj may be NULL);
 * the move objects of the heap and graph families are such records. */
void gr_jw_set_u64s(gr_jctx *c, cJSON *obj, size_t n, const char *const keys[],
                    const uint64_t vals[]);
/* {"preperiod": p, "period": q} for an ultimately periodic value
 * sequence, null when no period was confirmed (subtraction, octal). */
cJSON *gr_jw_period(gr_jctx *c, bool periodic, uint64_t preperiod, uint64_t period);
cJSON *gr_jw_str(gr_jctx *c, const char *s);
/* Raw JSON text, written verbatim by the printer: a copy of text, or (the
 * _buf form) the buffer's own arena text, handed over without a copy. */
cJSON *gr_jw_raw(gr_jctx *c, const char *text);
cJSON *gr_jw_raw_buf(gr_jctx *c, gr_buf *b);
cJSON *gr_jw_bool(gr_jctx *c, bool v);
cJSON *gr_jw_null(gr_jctx *c);
/* Adds item (ignored if NULL or parent NULL). */
void gr_jw_set(gr_jctx *c, cJSON *obj, const char *key, cJSON *item);
void gr_jw_push(gr_jctx *c, cJSON *arr, cJSON *item);
static inline bool gr_jw_ok(const gr_jctx *c)
{
    return !c->oom;
}

/* Appends v to a text buffer under the number rules: digits up to 2^53-1,
 * above that a decimal string (for answers written as raw text). */
void gr_json_buf_u64(gr_buf *b, uint64_t v);

/* Serialises compactly into the arena; deterministic (keys in insertion
 * order).  NULL when out of budget. */
char *gr_json_print(gr_jctx *c, const cJSON *item, size_t *len);

/* ---- every move with its value ("all_moves", docs/contract.md) ------
 * A family lists its moves as entries; the endpoint (or /v1/sum, which
 * recomputes the whole sum's value after each) writes them as
 * {"move", "grundy", "outcome"[, "remoteness"]}. */
typedef struct gr_move_value {
    gr_move move;       /* the family's move (its shape names the members) */
    gr_value after;     /* the family's value after the move (finite/loopy) */
    int mover_wins;     /* -1: by `after` (normal play); 0 or 1: the family
                           decides (misère Nim) */
    int64_t remoteness; /* moves left after this one with perfect play
                           (game graphs), or -1 */
} gr_move_value;

typedef struct gr_move_list {
    gr_arena *arena;
    gr_move_value *item; /* grown from the arena up to `room` entries */
    uint64_t room, listed, cap;
    bool oom;
    unsigned __int128 count; /* every move, listed or not */
} gr_move_list;

/* How a family's moves are written (gr_jw_move): m->text as text_key
 * first when set, then m->num[i] as num_key[i] (up to the first NULL key),
 * then m->list as list_key (pairs: [[l0, l1], [l2, l3]]), then m->raw as
 * raw_key when set. */
typedef struct gr_move_shape {
    const char *text_key;
    const char *num_key[GR_MOVE_NUMS];
    const char *list_key;
    bool list_pairs;
    const char *raw_key;
} gr_move_shape;

/* The one writer of moves: m as the object shape describes. */
cJSON *gr_jw_move(gr_jctx *c, const gr_move_shape *shape, const gr_move *m);
/* [gr_jw_move of each listed entry of list]. */
cJSON *gr_jw_move_list(gr_jctx *c, const gr_move_shape *shape, const gr_move_list *list);
/* A raw item over text the arena holds already (no copy). */
cJSON *gr_jw_raw_ref(gr_jctx *c, const char *text);

/* The next free entry (zeroed; mover_wins and remoteness -1), or NULL when
 * `room` are listed already (the family then only counts) or the arena is
 * exhausted (l->oom set; the caller answers 413). */
gr_move_value *gr_move_list_add(gr_move_list *l);

/* ---- families -----------------------------------------------------------
 * Every game family exposes one of these, so its endpoint (/v1/<name>) and
 * /v1/sum share one code path per family.
 *
 * analyse: validate obj (whose pointer is ptr; "" for a whole request) and
 *   solve; keep what moves_to needs in *state; write the value.
 * moves_to: moves from the analysed position to positions whose value is
 *   `target` (for the endpoint itself target is 0: winning moves).  Appends
 *   at most list->room move records to list, which is empty on entry
 *   (gr_move_list_add; room 0: count only) and writes the number of such
 *   moves into *count (exact, or at least 1 when `count_all` is false and
 *   a move exists -- finding one is often cheaper than counting all).
 * move_shape: how the records are written (gr_jw_move).
 * extras: adds family-specific fields to the endpoint's response
 *   (pile_grundy, period, detached_edges, ...); may be NULL.
 * Values are the core's (include/grundy/value.h). */

typedef struct gr_family {
    const char *name; /* as in /v1/sum's "game" */
    gr_status (*analyse)(gr_jctx *c, const cJSON *obj, const char *ptr, void **state,
                         gr_value *value);
    gr_status (*moves_to)(gr_jctx *c, void *state, const gr_value *target, bool count_all,
                          gr_move_list *list, uint64_t *count);
    const gr_move_shape *move_shape;
    gr_status (*extras)(gr_jctx *c, void *state, cJSON *resp);
    /* Whether the player to move wins; NULL means "value is finite and
     * non-zero" (normal play).  Misère Nim overrides it. */
    bool (*first_wins)(const void *state, const gr_value *value);
    /* Every move of the analysed position with the value it leads to
     * ("all_moves", docs/contract.md): appends the first moves, in a
     * fixed order, to `list` (gr_move_list_add) and counts all of them
     * (list->count).
     * NULL: the family cannot list them (a 422). */
    gr_status (*moves_all)(gr_jctx *c, void *state, gr_move_list *list);
    /* Writes the answer fields of the family's endpoint into r -- the
     * value, the winner, winning_move(s) -- when the standard ones do not
     * fit (loopy values and draws, ordinal values); all_moves and extras
     * follow as for every family.  NULL: the standard answer. */
    gr_status (*answer)(gr_jctx *c, void *state, const gr_value *value, const gr_move_opts *opts,
                        cJSON *r);
} gr_family;

/* Defines the family FAMILY (game name GAME) whose four hooks every
 * finite family has are named after PFX: PFX##_analyse, PFX##_moves_json
 * (moves_to), PFX##_shape and PFX##_moves_all; the optional hooks
 * (extras, first_wins, answer) follow as designated initialisers.  One
 * row per family, so that a hook cannot be paired with another family's. */
#define GR_JSON_FAMILY(FAMILY, GAME, PFX, ...)                                                     \
    const gr_family FAMILY = {.name = (GAME),                                                      \
                              .analyse = PFX##_analyse,                                            \
                              .moves_to = PFX##_moves_json,                                        \
                              .move_shape = &PFX##_shape,                                          \
                              .moves_all = PFX##_moves_all,                                        \
                              __VA_ARGS__}

/* The end of a finite family's analyse: the value n, the state s kept
 * for the move hooks; GR_OK. */
gr_status gr_json_finite(void **state, void *s, gr_value *value, uint64_t n);

/* A family's endpoint: analyse the whole request (pointer "") and read
 * the options every analysis shares from it (all_winning_moves,
 * max_moves: the family's analyse accepts those keys in its object
 * reader), then the answer -- fam->answer, or for a family with finite
 * values {"grundy", "winner", "winning_move", [winning_moves,
 * winning_move_count]} -- then all_moves and the extras. */
gr_status gr_json_family_endpoint(gr_jctx *c, const gr_family *fam, const cJSON *req, cJSON **resp);
/* The same response for a state analysed already (the streaming readers
 * of /v1/hackenbush/graph); req holds all_moves, or is NULL. */
gr_status gr_json_family_respond(gr_jctx *c, const gr_family *fam, void *state,
                                 const gr_value *value, const gr_move_opts *opts, const cJSON *req,
                                 cJSON **resp);

/* With "all_moves": true in req, adds "moves" (at most max_moves entries)
 * and "move_count" to r through fam->moves_all (a 422 when it is NULL). */
gr_status gr_json_put_all_moves(gr_jctx *c, const gr_family *fam, void *state, const cJSON *req,
                                cJSON *r);
/* A value as the endpoints write it: an integer or {"infinity": [K...]}. */
cJSON *gr_jw_value(gr_jctx *c, const gr_value *v);
/* "win" | "lose" | "draw" for the player who made a move to a position of
 * value v (normal play; Smith's rule for infinite values). */
const char *gr_json_outcome(const gr_value *v);
/* One entry of "moves": {"move", "grundy": after, "outcome"[, "remoteness"
 * when >= 0]}; outcome NULL means gr_json_outcome(after). */
cJSON *gr_json_move_entry(gr_jctx *c, cJSON *move, const gr_value *after, const char *outcome,
                          int64_t remoteness);
/* The value writer and the outcome writer (src/json/write_value.c) that
 * every family and /v1/sum use.  gr_jw_value above also writes ordinal
 * values, as their Cantor normal form text; gr_json_buf_value writes a
 * finite or loopy value as raw JSON text, the same bytes. */
void gr_json_buf_value(gr_buf *b, const gr_value *v);
/* An ordinal's text (GR_ORD_UNICODE or GR_ORD_ASCII) as a JSON string. */
cJSON *gr_json_ordinal_text(gr_jctx *c, const gr_ord_ctx *x, gr_ord a, gr_ord_style style);
/* "winner": "first" | "second" | "draw" for the player to move. */
cJSON *gr_jw_winner(gr_jctx *c, gr_outcome o);
/* The mover's "win" | "lose" | "draw", given the outcome for the player
 * who moves next. */
const char *gr_json_mover_outcome(gr_outcome next);
/* An exact count: a JSON number up to 2^53-1, a decimal string above. */
cJSON *gr_jw_u128(gr_jctx *c, unsigned __int128 v);

#endif
