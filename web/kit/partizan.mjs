import { renderMoveList } from "./board.mjs";
import { redraw } from "./draw.mjs";
import { attachedEdges, graphModel } from "./hackenbush_model.mjs";
import { play, updatePlayButtons, updateStatus } from "./history.mjs";
import { partizanMoveList } from "./partizan_list.mjs";
import { GAMES } from "./registry.mjs";
import { updateToMove } from "./result.mjs";
import { $, drawingEl, gameSelect, input, state } from "./state.mjs";
import { el, isObj, parseInput, svg } from "./util.mjs";

/* ---- Partizan games: Left and Right have different moves. -------------------------------
 * The page keeps who moves next (state.side: 0 Left, 1 Right); the person may change it at
 * any time, and a move by one side hands the turn to the other. */
export function isPartizan(game) { return !!(GAMES[game || gameSelect.value] || {}).partizan; }
export var SIDE_WORDS = ["Left", "Right"];
/* Coloured Hackenbush: the graph without colours (for the shared graph code) and each edge's colour. */
export function coloredPlain(req) {
  if (!isObj(req) || !Array.isArray(req.edges)) return { edges: null };
  var out = { edges: req.edges.map(function (e) { return Array.isArray(e) ? [e[0], e[1]] : e; }) };
  if (req.ground !== undefined) out.ground = req.ground;
  if (req.vertices !== undefined) out.vertices = req.vertices;
  return out;
}
export function coloredModel(req) {
  var plain = coloredPlain(req);
  if (!plain.edges) return { error: "give \"edges\": [[u, v, colour], ...]" };
  var model = graphModel(plain);
  if (model.error) return model;
  for (var i = 0; i < req.edges.length; i++) {
    if (req.edges[i].length !== 3 || ["blue", "red", "green"].indexOf(req.edges[i][2]) < 0) {
      return { error: "edges[" + i + "] is not [u, v, \"blue\" | \"red\" | \"green\"]" };
    }
  }
  model.colors = req.edges.map(function (e) { return e[2]; });
  return model;
}
export function mayCut(side, colour) { return colour === "green" || colour === (side ? "red" : "blue"); }
/* The edges left after cutting edge i: those still reaching the ground (what falls goes). */
export function coloredKeep(req, model, i) {
  var keep = [];
  req.edges.forEach(function (e, j) { if (j !== i && model.attached[j]) keep.push(j); });
  var att = attachedEdges(model, keep.map(function (j) { return model.edges[j]; }));
  return keep.filter(function (j, k) { return att[k]; });
}
/* The side's move: its winning move from the answer, else any legal one (it loses anyway). */
export function partizanEngineMove(last, side) {
  var m = last.resp ? last.resp[side ? "right_move" : "left_move"] : undefined;
  if (isObj(m)) return m;
  return partizanAnyMove(last.game, last.req, side);
}
/* A move by `side` on the position shown (as playDrawn does for the other games). */
export function playSide(game, side, move, who) {
  var last = state.last, req = parseInput();
  if (!req) return;
  if (!last || last.game !== game || JSON.stringify(last.req) !== JSON.stringify(req)) {
    state.last = { game: game, req: req, resp: {} };
    state.board = null;
  }
  state.side = side;
  state.refocus = state.refocus || drawingEl.contains(document.activeElement);
  play(who || "You", move, game);
}
/* "Play the winning move": the move is shown on the board for a moment, then played. */
export var ANIMATION_MS = 800;
export function animateMove(game, side, move) {
  var nodes = [];
  if (game === "domineering" && isObj(move) && Array.isArray(move.cells)) {
    var s = drawingEl.querySelector("svg");
    var piece = s ? dominoRect(move.cells, "dom-piece animating " + (side ? "right" : "left")) : null;
    if (piece) { piece.setAttribute("data-testid", "animated-move"); s.appendChild(piece); nodes.push(piece); }
  } else if (game === "hackenbush_colored" && isObj(move)) {
    var e = drawingEl.querySelector('.edge[data-index="' + move.edge + '"]');
    if (e) { e.classList.add("animating", "suggest"); e.setAttribute("data-testid", "animated-move"); nodes.push(e); }
  }
  var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  state.animating = true;
  setTimeout(function () {
    state.animating = false;
    playSide(game, side, move);
  }, nodes.length && !reduced ? ANIMATION_MS : 0);
}
/* Who moves next: two buttons (aria-pressed), for the games drawn here. */
export function sideChooser(game) {
  var box = el("div", { "class": "side-choice", role: "group", "aria-label": "Who moves next", "data-testid": "side-choice" },
               [el("span", { text: "Moves next:" })]);
  [0, 1].forEach(function (k) {
    var what = game === "domineering" ? (k ? "horizontal dominoes" : "vertical dominoes")
             : game === "hackenbush_colored" ? (k ? "cuts red or green" : "cuts blue or green") : "";
    var b = el("button", { type: "button", "data-side": String(k), "data-testid": "side-" + SIDE_WORDS[k].toLowerCase(),
                           "aria-pressed": state.side === k ? "true" : "false", text: SIDE_WORDS[k] + (what ? " (" + what + ")" : "") });
    b.addEventListener("click", function () {
      var changed = state.side !== k;
      state.side = k;
      state.domSel = null;
      if (changed && state.last && state.last.game === game && state.last.text === input.value) {
        /* the other side's moves: the list is theirs now */
        state.board = null;
        renderMoveList(game, null);
        partizanMoveList(state.last);
      }
      updateToMove();
      updatePlayButtons();
      updateStatus();
      redraw(state.last && state.last.text === input.value ? state.last.resp : null);
      var again = $("steppers").querySelector('[data-side="' + k + '"]');
      if (again) again.focus();
    });
    box.appendChild(b);
  });
  return box;
}

/** @returns {any} */
export function partizanAnyMove(game, req, side) {
  return GAMES[game] && GAMES[game].anyMove ? GAMES[game].anyMove(req, side) : null;
}

/* The rectangle over a domino's two cells (board coordinates of drawDomineering). */
export var DOM_S = 40;
export function dominoRect(cells, cls) {
  var r0 = Math.min(cells[0][0], cells[1][0]), c0 = Math.min(cells[0][1], cells[1][1]);
  var vertical = cells[0][1] === cells[1][1];
  return svg("rect", { "class": cls, x: c0 * DOM_S + 4, y: r0 * DOM_S + 4, width: (vertical ? 1 : 2) * DOM_S - 8,
                       height: (vertical ? 2 : 1) * DOM_S - 8, rx: 6, "data-cells": JSON.stringify(cells) });
}
