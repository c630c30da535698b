/*
 * The game table (see registry.h): the rows of games.def as constant data
 * naming each game's adapter and readers, so the daemon, the CLI and the
 * fuzz harness read the same rows without any of them compiling another's
 * sources.
 */
#include "games/registry.h"

#include <string.h>

#include "games/families.h"
#include "games/misere.h"
#include "grundy/buf.h"

#define GR_KIND_impartial GR_GAME_IMPARTIAL
#define GR_KIND_partizan GR_GAME_PARTIZAN
#define GR_KIND_none GR_GAME_NONE
#define GR_ADAPTER_impartial(nm) .family = &gr_family_##nm
#define GR_ADAPTER_partizan(nm) .pgame = &gr_pgame_##nm
#define GR_ADAPTER_none(nm) .family = NULL
#define GR_GAME(kind_, nm, ...) \
    {.name = #nm, .kind = GR_KIND_##kind_, GR_ADAPTER_##kind_(nm), __VA_ARGS__},

static const gr_endpoint gr_registry[] = {
#include "games/games.def"
};

#undef GR_GAME

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
        if ((gr_registry[i].offers & GR_OFFER_SUM) && strcmp(gr_registry[i].name, name) == 0) {
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

/* Appends the names of the rows of `kind` offering `offers` to b. */
static size_t gr_registry_append(gr_buf *b, gr_game_kind kind, unsigned offers, size_t listed)
{
    for (size_t i = 0; i < GR_REGISTRY_COUNT; i++) {
        const gr_endpoint *e = &gr_registry[i];
        if (e->kind == kind && (e->offers & offers) == offers) {
            gr_buf_puts(b, listed++ > 0 ? ", " : "");
            gr_buf_puts(b, e->name);
        }
    }
    return listed;
}

const char *gr_registry_game_list(gr_jctx *c)
{
    gr_buf b;
    gr_buf_init(&b, c->arena);
    /* the partizan games a sum may hold after the impartial ones */
    size_t listed = gr_registry_append(&b, GR_GAME_IMPARTIAL, GR_OFFER_SUM, 0);
    gr_registry_append(&b, GR_GAME_PARTIZAN, GR_OFFER_SUM, listed);
    const char *s = gr_buf_cstr(&b);
    return s != NULL ? s : "";
}

const char *gr_registry_names(gr_jctx *c, unsigned offers, const char *last)
{
    size_t n = 0, k = 0;
    for (size_t i = 0; i < GR_REGISTRY_COUNT; i++) {
        n += (gr_registry[i].offers & offers) == offers;
    }
    gr_buf b;
    gr_buf_init(&b, c->arena);
    for (size_t i = 0; i < GR_REGISTRY_COUNT; i++) {
        if ((gr_registry[i].offers & offers) == offers) {
            gr_buf_puts(&b, k == 0 ? "" : k + 1 == n ? last : ", ");
            gr_buf_puts(&b, gr_registry[i].name);
            k++;
        }
    }
    const char *s = gr_buf_cstr(&b);
    return s != NULL ? s : "";
}

gr_status gr_registry_json(gr_jctx *c, const gr_endpoint *ep, const cJSON *req, cJSON **resp)
{
    if (ep->json != NULL) {
        return ep->json(c, req, resp);
    }
    if (ep->pgame != NULL) {
        return gr_json_pgame_endpoint(c, ep->pgame, req, resp);
    }
    return gr_json_family_endpoint(c, ep->family, req, resp);
}
