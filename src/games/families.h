/* The adapters the game table names (one gr_family or gr_pgame each,
 * defined in src/games/<name>.c), declared from games.def itself, so a
 * new game's row is its declaration too. */
#ifndef GR_FAMILIES_H
#define GR_FAMILIES_H

#include "games/partizan.h"
#include "json/gr_json.h"

#define GR_DECLARE_impartial(nm) extern const gr_family gr_family_##nm;
#define GR_DECLARE_partizan(nm) extern const gr_pgame gr_pgame_##nm;
#define GR_DECLARE_none(nm)
#define GR_GAME(kind_, nm, ...) GR_DECLARE_##kind_(nm)
#include "games/games.def"
#undef GR_GAME
#undef GR_DECLARE_impartial
#undef GR_DECLARE_partizan
#undef GR_DECLARE_none

/* The impartial family whose name is `name` in the game table, or NULL. */
const gr_family *gr_family_find(const char *name);

#endif
