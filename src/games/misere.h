/*
 * Misère play at the JSON layer (docs/misere.md): the "misere": true
 * branch of /v1/octal, /v1/subtraction and /v1/sum, and the quotient
 * documents of GET /v1/{octal,subtraction}/misere-quotient.
 */
#ifndef GR_JSON_MISERE_H
#define GR_JSON_MISERE_H

#include "grundy/misere.h"
#include "json/gr_json.h"

/* Whether req (an object) asks for misère play: "misere" present and
 * true.  A non-boolean "misere" is left to the caller's reader (false
 * here), so its problem is the usual one. */
bool gr_json_misere_asked(const cJSON *req);

/* The "misere" item of a normal-play reader (item may be NULL): must be a
 * boolean, and true only at the top of a request (ptr ""), where the
 * caller routes the request to the misère answers; a component's own
 * "misere": true is a 400 (misère play applies to the whole sum). */
gr_status gr_json_misere_normal(gr_jctx *c, const cJSON *item, const char *ptr);

/* The misère answer of /v1/sum (req is the whole request); /v1/octal's
 * and /v1/subtraction's are their endpoints' (games/endpoints.h). */
gr_status gr_json_misere_sum(gr_jctx *c, const cJSON *req, cJSON **resp);

/* The misère component readers the game table names (GR_OFFER_MISERE;
 * gr_misere_reader in games/registry.h). */
struct gr_mis_comp;
gr_status gr_misere_read_nim(gr_jctx *c, const cJSON *obj, const char *ptr,
                             struct gr_mis_comp *k, const cJSON **misere);
gr_status gr_misere_read_octal(gr_jctx *c, const cJSON *obj, const char *ptr,
                               struct gr_mis_comp *k, const cJSON **misere);
gr_status gr_misere_read_subtraction(gr_jctx *c, const cJSON *obj, const char *ptr,
                                     struct gr_mis_comp *k, const cJSON **misere);

/* Readers shared by the answers and the quotient documents. */
gr_status gr_json_misere_code(gr_jctx *c, const cJSON *item, const char *ptr, gr_mis_game *g);
gr_status gr_json_misere_code_text(gr_jctx *c, const char *text, const char *ptr, gr_mis_game *g);
/* A subtraction game from max_take or subtraction_set (exactly one). */
gr_status gr_json_misere_rules(gr_jctx *c, const char *ptr, const cJSON *max_take, const cJSON *set,
                               gr_mis_game *g);
/* The same from a set of integers already read (the GET's query). */
gr_status gr_json_misere_set(gr_jctx *c, const char *ptr, const uint64_t *v, size_t n,
                             gr_mis_game *g);
/* The game of max_take k (the set 1..k, k <= GR_SUB_MAX_SET). */
gr_status gr_json_misere_take(gr_jctx *c, const char *ptr, uint64_t k, gr_mis_game *g);

/* The quotient limit for this request (--max-quotient-order). */
uint32_t gr_json_misere_max_order(const gr_jctx *c);

/* The {"order", "p_count", "max_heap", "complete"} summary. */
cJSON *gr_json_misere_summary(gr_jctx *c, const gr_mis_quotient *q);

/* The whole quotient document: the game as key: value ("code": "0.77"
 * or "subtraction_set": [1, 2]), then the quotient's fields. */
gr_status gr_json_misere_quotient_doc(gr_jctx *c, const gr_mis_quotient *q, const char *key,
                                      cJSON *value, cJSON **resp);

/* Builds the quotient of g for heaps <= max_heap (until_complete: on to
 * `limit` while not proven complete), with the request's limits; a 422 at
 * ptr naming the limit when it cannot be built. */
gr_status gr_json_misere_build(gr_jctx *c, const gr_mis_game *g, uint64_t max_heap,
                               bool until_complete, uint64_t limit, const char *ptr,
                               gr_mis_quotient *q);

/* The outcome of a misère computation that returned st: the request's
 * stop conditions first (gr_json_stopped), then the memory budget
 * (gr_json_oom); GR_OK and GR_ELIMIT come back with no problem filled, the
 * limit for the caller to word; any other status is an internal error
 * saying `what`. */
gr_status gr_json_misere_status(gr_jctx *c, gr_status st, const char *what);

#endif
