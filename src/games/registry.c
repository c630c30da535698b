/*
 * The endpoint registry (see registry.h): one row per analysis.
 *
 * The table is plain constant data naming each family and reader, so the
 * daemon, the CLI and the fuzz harness read the same rows without any of
 * them compiling another's sources.
 */
#include "games/registry.h"

#include <string.h>

#include "grundy/buf.h"
#include "games/families.h"
#include "games/partizan.h"

static const gr_endpoint gr_registry[] = {
    {"/v1/nim", &gr_family_nim, NULL, NULL, NULL, GR_COST_LINEAR},
    {"/v1/hackenbush/tree", &gr_family_hackenbush_tree, NULL, NULL, NULL, GR_COST_LINEAR},
    {"/v1/ordinal-trees", &gr_family_ordinal_trees, NULL, NULL, NULL, GR_COST_HEAVY},
    {"/v1/subtraction", &gr_family_subtraction, gr_endpoint_subtraction, NULL, NULL,
     GR_COST_HEAVY},
    {"/v1/octal", &gr_family_octal, gr_endpoint_octal, NULL, NULL, GR_COST_HEAVY},
    {"/v1/hackenbush/graph", &gr_family_hackenbush_graph, gr_endpoint_hackenbush_graph,
     gr_endpoint_hackenbush_graph_text, gr_endpoint_hackenbush_graph_json_fast, GR_COST_LINEAR},
    {"/v1/game-graph", &gr_family_game_graph, NULL, NULL, NULL, GR_COST_HEAVY},
    {"/v1/sum", NULL, gr_endpoint_sum, NULL, NULL, GR_COST_HEAVY},
    {"/v1/node-kayles", &gr_family_node_kayles, NULL, NULL, NULL, GR_COST_HEAVY},
    {"/v1/cram", &gr_family_cram, NULL, NULL, NULL, GR_COST_HEAVY},
    {"/v1/chomp", &gr_family_chomp, NULL, NULL, NULL, GR_COST_HEAVY},
    {"/v1/cgt", NULL, gr_endpoint_cgt, NULL, NULL, GR_COST_HEAVY},
    {"/v1/domineering", NULL, gr_endpoint_domineering, NULL, NULL, GR_COST_HEAVY},
    {"/v1/hackenbush/colored", NULL, gr_endpoint_hackenbush_colored, NULL, NULL, GR_COST_HEAVY},
    /* @@ registry: add new endpoints above this line @@ */
};

#define GR_REGISTRY_COUNT (sizeof(gr_registry) / sizeof(gr_registry[0]))

size_t gr_registry_count(void)
{
    return GR_REGISTRY_COUNT;
}

const gr_endpoint *gr_registry_at(size_t i)
{
    return i < GR_REGISTRY_COUNT ? &gr_registry[i] : NULL;
}

const gr_endpoint *gr_registry_find(const char *path)
{
    for (size_t i = 0; i < GR_REGISTRY_COUNT; i++) {
        if (strcmp(gr_registry[i].path, path) == 0) {
            return &gr_registry[i];
        }
    }
    return NULL;
}

const gr_endpoint *gr_registry_game(const char *name)
{
    for (size_t i = 0; i < GR_REGISTRY_COUNT; i++) {
        const gr_family *f = gr_registry[i].family;
        if (f != NULL && strcmp(f->name, name) == 0) {
            return &gr_registry[i];
        }
    }
    return NULL;
}

const gr_family *gr_family_find(const char *name)
{
    const gr_endpoint *ep = gr_registry_game(name);
    return ep != NULL ? ep->family : NULL;
}

const char *gr_registry_game_list(gr_jctx *c)
{
    gr_buf b;
    gr_buf_init(&b, c->arena);
    for (size_t i = 0; i < GR_REGISTRY_COUNT; i++) {
        const gr_family *f = gr_registry[i].family;
        if (f != NULL) {
            if (b.len > 0) {
                gr_buf_puts(&b, ", ");
            }
            gr_buf_puts(&b, f->name);
        }
    }
    /* the partizan games a sum may hold beside the impartial ones */
    for (size_t i = 0; gr_pgame_at(i) != NULL; i++) {
        gr_buf_puts(&b, ", ");
        gr_buf_puts(&b, gr_pgame_at(i)->name);
    }
    const char *s = gr_buf_cstr(&b);
    return s != NULL ? s : "";
}

gr_status gr_registry_json(gr_jctx *c, const gr_endpoint *ep, const cJSON *req, cJSON **resp)
{
    if (ep->json != NULL) {
        return ep->json(c, req, resp);
    }
    return gr_json_family_endpoint(c, ep->family, req, resp);
}
