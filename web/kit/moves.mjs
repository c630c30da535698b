import { GAMES } from "./registry.mjs";
import { isObj } from "./util.mjs";

/* ---- Applying moves (the person's clicks and the engine's replies). ------------------- */




/* The request after `move` in `game`, or null when this page does not know how to apply it. */
export function applyMove(game, req, move) {
  if (!isObj(move) || !isObj(req) || !GAMES[game] || !GAMES[game].apply) return null;
  return GAMES[game].apply(JSON.parse(JSON.stringify(req)), move);
}

/* A move for a player who has no winning move: make the game last (cut as little as
 * possible, take as little as possible), so that the person still has to find the win. */
export function delayingMove(game, req) {
  return GAMES[game] && GAMES[game].delay && isObj(req) ? GAMES[game].delay(req) : null;
}
