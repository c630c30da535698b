import { buildBoard, renderMoveList } from "./board.mjs";
import { postJson, slots } from "./client.mjs";
import { R } from "./draw.mjs";
import { applyMove } from "./moves.mjs";
import { SIDE_WORDS } from "./partizan.mjs";
import { GAMES } from "./registry.mjs";
import { $, state } from "./state.mjs";
import { isObj } from "./util.mjs";

/* Every move of the side to move, each analysed by one request (at most PARTIZAN_LIST_MAX,
 * as many at a time as grundyd allows a client, GET /v1/limits, through kit/client.mjs's
 * queue, where the next position's analysis goes first) for the value it leads to: a move
 * wins when the side's opponent, then to move, loses (outcome L or P after a Left move, R or
 * P after a Right one). */
export var PARTIZAN_LIST_MAX = 24;
export function partizanMoveList(last) {
  var summary = $("move-summary"), side = state.side || 0;
  if (!last || !last.req) return;
  var game = last.game, moves = partizanMoves(game, last.req, side);
  var who = SIDE_WORDS[side];
  if (!moves) {
    summary.textContent = "Some parts of this sum are impartial: " + who + "'s moves are played on the drawing, and each side's winning move is named above.";
    return;
  }
  if (!moves.length) { summary.textContent = who + " has no move here."; return; }
  if (moves.length > PARTIZAN_LIST_MAX) {
    summary.textContent = who + " has " + moves.length + " moves: too many to analyse one by one here; play them on the drawing.";
    return;
  }
  summary.textContent = "Analysing " + who + "'s " + moves.length + " moves\u2026";
  var answers = new Array(moves.length), next = 0, token = ++state.partizanList;
  var one = function () {
    if (next >= moves.length || state.partizanList !== token) return Promise.resolve();
    var i = next++, body = applyMove(game, last.req, moves[i]);
    return postJson(GAMES[game].path, body)
      .then(function (r) { return r.ok ? r.json() : null; }, function () { return null; })
      .then(function (doc) { answers[i] = doc; return one(); });
  };
  var workers = [];
  for (var k = 0; k < slots(); k++) workers.push(one());
  Promise.all(workers).then(function () {
    if (state.partizanList !== token || state.last !== last || (state.side || 0) !== side) return;
    var missing = 0, good = side ? { R: true, P: true } : { L: true, P: true }, list = [];
    moves.forEach(function (m, i) {
      var a = answers[i];
      if (!isObj(a) || !a.outcome) missing++;
      else list.push({ move: m, grundy: a.value !== undefined ? a.value : a.outcome, outcome: good[a.outcome] ? "win" : "lose" });
    });
    var doc = { moves: list, move_count: list.length };
    state.board = buildBoard(game, last.req, doc);
    renderMoveList(game, doc);
    summary.textContent = who + "'s moves, each with the value it leads to: \u2713 wins (" + SIDE_WORDS[1 - side] +
      ", then to move, loses), \u2717 loses. Click one to play it." +
      (missing ? " " + missing + " moves could not be analysed (grundyd refused or failed); they are not listed." : "");
  });
}

/** @returns {any[] | null} null: the moves cannot be listed here */
export function partizanMoves(game, req, side) {
  return GAMES[game] && GAMES[game].sideMoves ? GAMES[game].sideMoves(req, side) : [];
}
