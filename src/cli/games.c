/*
 * The CLI's game table: the rows of the game table (games/games.def),
 * each under its .cli name (see games.h).
 */
#include "cli/games.h"

#include <string.h>

size_t gr_cli_game_count(void)
{
    return gr_registry_count();
}

const gr_cli_game *gr_cli_game_at(size_t i)
{
    return gr_registry_at(i);
}

const char *gr_cli_game_name(const gr_cli_game *g, char *buf, size_t size)
{
    if (size > 0) {
        size_t n = strlen(g->cli);
        n = n < size - 1 ? n : size - 1;
        memcpy(buf, g->cli, n);
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
        const char *a = g->cli, *b = name;
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
