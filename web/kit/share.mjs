import { curIds, lineText, newLine, renderHistory } from "./history.mjs";
import { idsAfter } from "./ids.mjs";
import { applyMove } from "./moves.mjs";
import { isPartizan } from "./partizan.mjs";
import { GAMES } from "./registry.mjs";
import { $, gameSelect, input, state } from "./state.mjs";
import { formatRequest, isObj } from "./util.mjs";
import { describeMove } from "./words.mjs";

/* ---- Sharing: the game, its first position and the moves played in location.hash
 * (#game=..&position=..&moves=[..]&at=N), the position on the board in localStorage. ---- */
export var MAX_HASH = 8000;
export function remember() {
  var line = state.line, game = gameSelect.value, text = input.value;
  var squeeze = function (t) { return t.replace(/\s+/g, " ").trim(); };
  var hash = "#game=" + encodeURIComponent(game);
  if (line && line.plies.length) {
    var moves = line.plies.map(function (p) {
      var o = { m: p.move };
      if (p.engine) o.e = 1;
      if (isPartizan(line.game)) o.p = p.player;
      if (p.value !== undefined) o.v = p.value;
      return o;
    });
    var full = hash + "&position=" + encodeURIComponent(squeeze(line.root)) + "&moves=" + encodeURIComponent(JSON.stringify(moves)) +
               "&at=" + line.at;
    if (full.length <= MAX_HASH) hash = full;
    else if (encodeURIComponent(squeeze(text)).length <= MAX_HASH) hash += "&position=" + encodeURIComponent(squeeze(text));
  } else if (encodeURIComponent(squeeze(text)).length <= MAX_HASH) {
    /* a huge position stays out of the URL (browsers cap its length; and replacing the URL by
     * one of tens of kilobytes holds the page ~0.1 s): the game still goes in.  The length
     * counted is the escaped one, the URL's. */
    hash += "&position=" + encodeURIComponent(squeeze(text));
  }
  state.lastHash = hash;
  try { history.replaceState(null, "", hash); } catch (e) { /* file: URLs */ }
  try { localStorage.setItem("grundyd.last", JSON.stringify({ game: game, text: text })); } catch (e) { /* storage off */ }
}
export function hashParams() {
  var out = {};
  location.hash.replace(/^#/, "").split("&").forEach(function (kv) {
    var k = kv.indexOf("=");
    if (k > 0) { try { out[kv.slice(0, k)] = decodeURIComponent(kv.slice(k + 1)); } catch (e) { /* bad escape */ } }
  });
  return out;
}
export function restore() {
  var found = null, hp = hashParams();
  if (hp.game !== undefined && hp.position !== undefined) found = { game: hp.game, text: hp.position };
  else if (hp.game !== undefined && GAMES[hp.game]) {
    /* the game alone (its position was too long for the URL): the kept one if it is that game's */
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem("grundyd.last") || "null"); } catch (e) { kept = null; }
    found = isObj(kept) && kept.game === hp.game ? kept : { game: hp.game, text: formatRequest(GAMES[hp.game].example) };
  }
  if (!found) {
    try { found = JSON.parse(localStorage.getItem("grundyd.last") || "null"); } catch (e) { found = null; }
  }
  if (!isObj(found) || !GAMES[found.game] || typeof found.text !== "string") return false;
  gameSelect.value = found.game;
  var req = null;
  try { req = JSON.parse(found.text); } catch (e) { req = null; }
  input.value = isObj(req) ? formatRequest(req) : found.text;
  $("game-help").textContent = GAMES[found.game].help;
  $("endpoint").textContent = GAMES[found.game].path;
  state.line = newLine(found.game, input.value);
  var moves = null;
  try { moves = hp.moves ? JSON.parse(hp.moves) : null; } catch (e) { moves = null; }
  if (isObj(req) && Array.isArray(moves)) {
    /* replay the moves from the first position; the record stops at one that does not apply */
    var line = state.line, cur = req;
    for (var i = 0; i < moves.length; i++) {
      var mv = isObj(moves[i]) ? moves[i].m : null, next = mv ? applyMove(found.game, cur, mv) : null;
      if (!next) break;
      var ids = curIds();
      line.plies.push({ move: mv, player: moves[i].p === 1 || moves[i].p === 0 ? moves[i].p : i % 2, engine: !!moves[i].e, text: formatRequest(next),
                        desc: describeMove(found.game, mv), value: moves[i].v, outcome: undefined,
                        ids: ids ? idsAfter(found.game, cur, mv, ids) : null });
      line.at = line.plies.length;
      cur = next;
    }
    var at = Number(hp.at);
    line.at = Number.isInteger(at) && at >= 0 && at <= line.plies.length ? at : line.plies.length;
    input.value = lineText(line);
    if (line.plies.length) line.rootSide = line.plies[0].player;
    state.side = line.at ? 1 - line.plies[line.at - 1].player : line.rootSide || 0;
    state.lastMover = null;
  }
  renderHistory();
  return true;
}

/* A JSON syntax error in words: line, column and why (from the browser's parser). */
export function jsonSyntaxError(text) {
  try { JSON.parse(text); return null; } catch (e) {
    var msg = String(e.message || e), pos = -1, mm;
    if ((mm = /line (\d+) column (\d+)/.exec(msg))) return "JSON syntax error at line " + mm[1] + ", column " + mm[2] + ": " + msg.replace(/ in JSON at.*$/, "").replace(/\s*\(line.*$/, "");
    if ((mm = /position (\d+)/.exec(msg))) pos = Number(mm[1]);
    if (pos < 0) pos = text.length;
    var before = text.slice(0, pos).split("\n");
    var why = msg.replace(/ in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "");
    return "JSON syntax error at line " + before.length + ", column " + (before[before.length - 1].length + 1) + ": " + why;
  }
}
