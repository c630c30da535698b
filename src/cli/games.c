/*
 * The CLI's game table: the daemon's route table itself (see games.h for
 * why it is compiled in here rather than copied).
 */
#include "cli/games.h"

#include <string.h>

#include "http/routes.c"

#define GR_CLI_PREFIX "/v1/"

static bool gr_cli_is_game(const gr_route *r)
{
    return r->kind == GR_ROUTE_ANALYSE && r->json != NULL &&
           strncmp(r->path, GR_CLI_PREFIX, strlen(GR_CLI_PREFIX)) == 0;
}

size_t gr_cli_game_count(void)
{
    size_t n = 0;
    for (size_t i = 0; i < gr_route_count; i++) {
        n += gr_cli_is_game(&gr_routes[i]);
    }
    return n;
}

const gr_cli_game *gr_cli_game_at(size_t i)
{
    for (size_t r = 0; r < gr_route_count; r++) {
        if (gr_cli_is_game(&gr_routes[r]) && i-- == 0) {
            return &gr_routes[r];
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
    for (size_t r = 0; r < gr_route_count; r++) {
        const gr_route *g = &gr_routes[r];
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
