/*
 * The misère answers of /v1/octal, /v1/subtraction and /v1/sum
 * (docs/misere.md).
 *
 * A request is read into components (one game and its heaps each; a plain
 * /v1/octal or /v1/subtraction request is one component) and flattened
 * into tokens, one per heap.  The outcome of the whole position and of
 * every position a move leads to come from one oracle: the game's misère
 * quotient when one is known for the heaps asked about (one component:
 * the product of the heaps' images, in P or not), else exhaustive search
 * over canonical multisets.  The answer has the normal-play shape without
 * "grundy": winner, winning_move (to a misère P-position), with
 * all_winning_moves the list and count, with all_moves every move and
 * its misère outcome, and "misere_quotient", the summary of the quotient
 * used (null when the answer came from search).
 */
#include "games/misere.h"

#include "games/endpoints.h"

#include <string.h>

#include "games/families.h"
#include "games/misere_pos.h"
#include "games/registry.h"

static gr_status comp_heaps(gr_jctx *c, const cJSON *item, const char *ptr, gr_mis_comp *k)
{
    k->heaps_ptr = ptr;
    return gr_json_u64_array(c, item, ptr, GR_JSON_MAX_I64, &k->heaps, &k->n);
}

/* The misère component readers the game table names (GR_OFFER_MISERE):
 * each reads its game's fields beside the shared options ("game" in a
 * component). */
gr_status gr_misere_read_octal(gr_jctx *c, const cJSON *obj, const char *ptr, gr_mis_comp *k,
                               const cJSON **mis)
{
    const cJSON *code = NULL, *heaps = NULL;
    const gr_jfield f[] = {{"code", true, &code}, {"heaps", true, &heaps}, {"misere", false, mis}};
    gr_status st = gr_json_family_object(c, obj, ptr, f, 3);
    if (st != GR_OK ||
        (st = gr_json_misere_code(c, code, gr_jp_key(c, ptr, "code"), &k->game)) != GR_OK) {
        return st;
    }
    return comp_heaps(c, heaps, gr_jp_key(c, ptr, "heaps"), k);
}

gr_status gr_misere_read_subtraction(gr_jctx *c, const cJSON *obj, const char *ptr,
                                     gr_mis_comp *k, const cJSON **mis)
{
    const cJSON *piles = NULL, *max_take = NULL, *set = NULL;
    const gr_jfield f[] = {{"piles", true, &piles},
                           {"max_take", false, &max_take},
                           {"subtraction_set", false, &set},
                           {"misere", false, mis}};
    gr_status st = gr_json_family_object(c, obj, ptr, f, 4);
    if (st != GR_OK || (st = gr_json_misere_rules(c, ptr, max_take, set, &k->game)) != GR_OK) {
        return st;
    }
    return comp_heaps(c, piles, gr_jp_key(c, ptr, "piles"), k);
}

gr_status gr_misere_read_nim(gr_jctx *c, const cJSON *obj, const char *ptr, gr_mis_comp *k,
                             const cJSON **mis)
{
    const cJSON *piles = NULL;
    const gr_jfield f[] = {{"piles", true, &piles}, {"misere", false, mis}};
    gr_status st = gr_json_family_object(c, obj, ptr, f, 2);
    if (st != GR_OK) {
        return st;
    }
    k->game.kind = GR_MIS_NIM;
    return comp_heaps(c, piles, gr_jp_key(c, ptr, "piles"), k);
}

/* One object of a game with misère play (a request or a sum's component,
 * ptr "" or /components/i), read by its row's reader. */
static gr_status read_comp(gr_jctx *c, const cJSON *obj, const char *ptr, const char *name,
                           gr_mis_comp *k)
{
    memset(k, 0, sizeof(*k));
    k->name = name;
    const cJSON *mis = NULL;
    bool top = ptr[0] == '\0';
    const gr_endpoint *g = gr_registry_game(name);
    if (g == NULL || !(g->offers & GR_OFFER_MISERE)) {
        return gr_json_error(c, GR_ELIMIT, gr_jp_key(c, ptr, "game"),
                             "misère play is available for %s components, not %s",
                             gr_registry_names(c, GR_OFFER_MISERE, " and "), name);
    }
    gr_status st = g->misere(c, obj, ptr, k, &mis);
    if (st != GR_OK) {
        return st;
    }
    if (mis != NULL) {
        bool m;
        const char *mp = gr_jp_key(c, ptr, "misere");
        if ((st = gr_json_bool(c, mis, mp, &m)) != GR_OK) {
            return st;
        }
        if (!top && m) {
            return gr_json_error(c, GR_EINVAL, mp,
                                 "misère play applies to the whole sum: write \"misere\": "
                                 "true at the top of the request, not in a component");
        }
        if (!top && !m) {
            return gr_json_error(c, GR_EINVAL, mp,
                                 "a misère sum is misère in every component: leave "
                                 "\"misere\" out of the components");
        }
    }
    return GR_OK;
}

static gr_status single(gr_jctx *c, const cJSON *req, const char *name, cJSON **resp)
{
    gr_mis_pos pos;
    memset(&pos, 0, sizeof(pos));
    pos.comp = GR_ARENA_ARRAY(c->arena, gr_mis_comp, 1);
    if (pos.comp == NULL) {
        return gr_json_oom(c);
    }
    pos.ncomp = 1;
    gr_status st = read_comp(c, req, "", name, &pos.comp[0]);
    if (st != GR_OK) {
        return st;
    }
    return gr_json_misere_answer(c, &pos, req, resp);
}


gr_status gr_json_misere_sum(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    const cJSON *components, *mis;
    const gr_jfield fields[] = {{"components", true, &components}, {"misere", false, &mis}};
    gr_status st = gr_json_family_object(c, req, "", fields, 2);
    if (st != GR_OK) {
        return st;
    }
    gr_mis_pos pos;
    memset(&pos, 0, sizeof(pos));
    pos.sum = true;
    const char *base = "/components";
    if ((st = gr_json_array(c, components, base, &pos.ncomp)) != GR_OK) {
        return st;
    }
    if (pos.ncomp > GR_MIS_MAX_GAMES) {
        return gr_json_error(c, GR_ELIMIT, base,
                             "has %zu components; a misère sum takes at most %u", pos.ncomp,
                             GR_MIS_MAX_GAMES);
    }
    pos.comp = GR_ARENA_ARRAY(c->arena, gr_mis_comp, pos.ncomp + 1);
    if (pos.comp == NULL) {
        return gr_json_oom(c);
    }
    size_t i = 0;
    for (const cJSON *it = components->child; it != NULL; it = it->next, i++) {
        const char *ptr = gr_jp_idx(c, base, i);
        if (!cJSON_IsObject(it)) {
            return gr_json_error(c, GR_EINVAL, ptr,
                                 "must be an object with a \"game\" (%s under misère "
                                 "play) and that game's fields",
                                 gr_registry_names(c, GR_OFFER_MISERE, " or "));
        }
        const cJSON *game = cJSON_GetObjectItemCaseSensitive(it, "game");
        const char *name;
        if (game == NULL) {
            return gr_json_error(c, GR_EINVAL, ptr, "needs \"game\": %s (misère play)",
                                 gr_registry_names(c, GR_OFFER_MISERE, " or "));
        }
        if ((st = gr_json_string(c, game, gr_jp_key(c, ptr, "game"), &name)) != GR_OK) {
            return st;
        }
        if ((st = read_comp(c, it, ptr, name, &pos.comp[i])) != GR_OK) {
            return st;
        }
    }
    return gr_json_misere_answer(c, &pos, req, resp);
}

gr_status gr_endpoint_octal(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    if (cJSON_IsObject(req) && gr_json_misere_asked(req)) {
        return single(c, req, gr_family_octal.name, resp);
    }
    return gr_json_family_endpoint(c, &gr_family_octal, req, resp);
}

gr_status gr_endpoint_subtraction(gr_jctx *c, const cJSON *req, cJSON **resp)
{
    if (cJSON_IsObject(req) && gr_json_misere_asked(req)) {
        return single(c, req, gr_family_subtraction.name, resp);
    }
    return gr_json_family_endpoint(c, &gr_family_subtraction, req, resp);
}
