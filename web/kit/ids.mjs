import { GAMES } from "./registry.mjs";
import { isObj } from "./util.mjs";

/* ---- Stable names: the vertices and edges of the game's first position keep their
 * numbers for the whole game, although each request numbers what is left from 0. ------ */
export function initialIds(game, req) {
  return GAMES[game] && GAMES[game].ids && isObj(req) ? GAMES[game].ids(req) : null;
}

/* The names after `move` from `req` whose names are `ids` (what applyMove keeps, in order). */
export function idsAfter(game, req, move, ids) {
  if (!ids || !isObj(move) || !GAMES[game] || !GAMES[game].idsAfter) return null;
  return GAMES[game].idsAfter(req, move, ids);
}
