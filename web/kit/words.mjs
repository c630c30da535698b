import { curIds } from "./history.mjs";
import { GAMES } from "./registry.mjs";
import { state } from "./state.mjs";
import { compact, isObj } from "./util.mjs";

/* The names of the position on the board, for words about moves of the game played. */
export function curIdsFor(game) {
  return state.line && state.line.game === game ? curIds() : null;
}
/* The names of what is drawn: the position's, or in a sum component comp's. */
export function compIds(comp) {
  var ids = curIds();
  if (comp === undefined) return ids && !ids.c ? ids : null;
  return ids && ids.c ? ids.c[comp] || null : null;
}
export function componentGame(i) {
  var req = state.last && state.last.req;
  return req && Array.isArray(req.components) && isObj(req.components[i]) ? req.components[i].game : "";
}

/* A value as people write it: numbers and ordinal strings as they are; a generalised
 * Sprague-Grundy infinity {"infinity": K} as \u221e(K) (Smith's notation). */
export function formatValue(v) {
  if (isObj(v) && Array.isArray(v.infinity)) return "\u221e(" + (v.infinity.length ? v.infinity.join(", ") : "\u2205") + ")";
  if (v === undefined) return "\u2013";
  return typeof v === "object" ? compact(v) : String(v);
}

/* ---- Words for moves. ------------------------------------------------------------------ */
export function describeMove(game, move, idsOf) {
  if (!isObj(move)) return "";
  var ids = idsOf !== undefined ? idsOf : curIdsFor(game);
  var vn = function (v) { return ids && ids.v && ids.v[v] !== undefined ? ids.v[v] : v; };
  var en = function (e) { return ids && ids.e && ids.e[e] !== undefined ? ids.e[e] : e; };
  /* one numbering: the words use the request's numbers (those of the JSON sent), and add the
   * drawing's name where a move has renumbered what is left */
  var drawn = function (json, name) { return String(json) === String(name) ? String(json) : json + " (drawn as " + name + ")"; };
  var g = GAMES[game];
  return g && g.describe ? g.describe(move, { vn: vn, en: en, ids: ids, drawn: drawn }) : compact(move);
}
