/*
 * The CLI's game table: the endpoint registry's rows under "/v1/" (see
 * games.h).
 */
#include "cli/games.h"

#include <string.h>

#define GR_CLI_PREFIX "/v1/"

static bool gr_cli_is_game(const gr_endpoint *r)
{
    return strncmp(r->path, GR_CLI_PREFIX, strlen(GR_CLI_PREFIX)) == 0;
}

size_t gr_cli_game_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < gr_registry_count(); i++) {
        n += gr_cli_is_game(gr_registry_at(i));
    }
    return n;
}

const gr_cli_game *gr_cli_game_at(size_t i)
{
    for (size_t r = 0; r < gr_registry_count(); r++) {
        if (gr_cli_is_game(gr_registry_at(r)) && i-- == 0) {
            return gr_registry_at(r);
        }
    }
    return NULL;
}

const char *gr_cli_game_name(const gr_cli_game *g, char *buf, size_t size)
{
    const char *p = g->path + strlen(GR_CLI_PREFIX);
    size_t n = 0;
    for (; p[n] != '\0' && n + 1 < size; n++) {
        buf[n] = p[n] == '/' ? '-' : p[n];
    }
    if (size > 0) {
        buf[n] = '\0';
    }
    return buf;
}

/* '-', '_' and '/' all separate words: "hackenbush_graph",
 * "hackenbush-graph" and "hackenbush/graph" name the same game. */
static char gr_cli_fold(char ch)
{
    return ch == '_' || ch == '/' ? '-' : ch;
}

const gr_cli_game *gr_cli_game_find(const char *name)
{
    for (size_t r = 0; r < gr_registry_count(); r++) {
        const gr_endpoint *g = gr_registry_at(r);
        if (!gr_cli_is_game(g)) {
            continue;
        }
        const char *a = g->path + strlen(GR_CLI_PREFIX), *b = name;
        while (*a != '\0' && gr_cli_fold(*a) == gr_cli_fold(*b)) {
            a++;
            b++;
        }
        if (*a == '\0' && *b == '\0') {
            return g;
        }
    }
    return NULL;
}
