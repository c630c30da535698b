import { analyse } from "./api.mjs";
import { OUTCOME_WORDS } from "./board.mjs";
import { redraw } from "./draw.mjs";
import { resetPlay } from "./history.mjs";
import { SIDE_WORDS, playSide, sideChooser } from "./partizan.mjs";
import { GAMES } from "./registry.mjs";
import { pressable } from "./search_draw.mjs";
import { $, drawingEl, gameSelect, input, state } from "./state.mjs";
import { el, formatRequest, isObj, parseInput, svg } from "./util.mjs";

/* ---- Playing the rulesets on their drawings (grids, strips, graphs: kit/grid_draw.mjs,
 * strip_draw.mjs, graph_draw.mjs). ----------------------------------------------------------
 * Every move the drawing offers is an element carrying data-key, the move's name (the
 * family's key, the same as the move list's).  A partizan move list comes later than the
 * drawing (kit/partizan_list.mjs analyses the moves one by one), so when the list is complete
 * the drawing is marked where it stands, without a redraw that would move the keyboard: each
 * listed move's element gets data-move (its index in the list), data-outcome, the outcome's
 * class and a mark whose shape says it too (a tick or a cross, not only a colour). */

/** @type {{[id: string]: boolean}} */
export var RULESETS = {};

/* The element `node` plays `move` for `side` (0 Left, 1 Right); (gx, gy) is where its
 * outcome mark goes once the list is in. */
export function moveTarget(node, game, move, side, label, gx, gy) {
  var go = player(game);
  node.setAttribute("data-key", PART.comp === undefined ? GAMES[game].key(move) : "s" + PART.comp + "/" + GAMES[game].key(move));
  node.setAttribute("data-side", String(side));
  node.setAttribute("data-label", label);
  node.classList.add("rule-move", side ? "right" : "left");
  if (gx !== undefined) { node.setAttribute("data-gx", String(gx)); node.setAttribute("data-gy", String(gy)); }
  pressable(node, SIDE_WORDS[side] + ": " + label, function () { go(side, move); });
  return node;
}
/* ---- A ruleset drawn as a component of a sum (games/sum.mjs): PART.comp is its index while
 * it is drawn; its moves are then the sum's ({component, game, move}, keyed as the sum keys
 * them), its selection its own, its suggestion the sum's winning move when it is there. ---- */
export var PART = { comp: undefined };
export function drawPart(picture, req, resp, comp) {
  PART.comp = comp;
  try {
    var s = picture(req, resp);
    if (s && s.querySelectorAll) markMoves(s);
    return s;
  } finally { PART.comp = undefined; }
}
/* The name of the drawing being made, for its selection. */
export function selName(game) { return PART.comp === undefined ? game : game + "#" + PART.comp; }
/* What plays a move of `game` on the drawing being made (in a sum: the sum's move). */
export function player(game) {
  var comp = PART.comp;
  return function (side, move) {
    state.rulesSel = null;
    if (comp === undefined) playSide(game, side, move);
    else playSide("sum", side, { component: comp, game: game, move: move });
  };
}

/* The list belongs to the position on the drawing when it was made for this text. */
function listFor(game) {
  var b = state.board, last = state.last;
  return b && b.game === game && last && last.game === game && last.text === input.value ? b : null;
}
export function markMoves(root) {
  var game = gameSelect.value, b = listFor(game);
  root.querySelectorAll("[data-key]").forEach(function (/** @type {any} */ n) {
    var old = n.querySelector(":scope > .rule-mark");
    if (old) old.remove();
    ["win", "lose"].forEach(function (c) { n.classList.remove(c); });
    var i = b ? b.index.get(n.getAttribute("data-key")) : undefined;
    var words = SIDE_WORDS[Number(n.getAttribute("data-side"))] + ": " + n.getAttribute("data-label");
    if (i === undefined) {
      n.removeAttribute("data-move"); n.removeAttribute("data-outcome");
      n.setAttribute("aria-label", words);
      return;
    }
    var o = b.sorted[i].outcome;
    n.setAttribute("data-move", String(i));
    n.setAttribute("data-outcome", o);
    n.classList.add(o);
    n.setAttribute("aria-label", words + " (" + OUTCOME_WORDS[o] + ")");
    if (n.hasAttribute("data-gx")) {
      var t = svg("text", { "class": "rule-mark " + o, x: n.getAttribute("data-gx"), y: n.getAttribute("data-gy"), "aria-hidden": "true" });
      t.textContent = o === "win" ? "\u2713" : "\u2717";
      n.appendChild(t);
    }
  });
}
/* The move list is complete (data-complete on #move-list): mark the drawing of a ruleset. */
new MutationObserver(function () {
  if ($("move-list").getAttribute("data-complete") === "true" && drawingEl.querySelector("[data-key]")) markMoves(drawingEl);
}).observe($("move-list"), { attributes: true, attributeFilter: ["data-complete"] });

/* ---- The selection of a two- or three-click move (piece, target, arrow). ---------------- */
export function selection(game) {
  var s = state.rulesSel;
  return isObj(s) && s.game === selName(game) && s.text === input.value ? s : null;
}
/* Sets the selection of drawing `name` (selName's, taken while drawing; null clears it) and
 * redraws; the keyboard goes back to `focus` (a selector on the new drawing). */
export function select(name, sel, focus) {
  state.rulesSel = sel ? Object.assign({ game: name, text: input.value }, sel) : null;
  redraw(state.last && state.last.text === input.value ? state.last.resp : null);
  var again = focus ? drawingEl.querySelector(focus) : null;
  if (again) again.focus();
}
/* The side to move's winning move from the answer, when it has one. */
export function suggestion(resp) {
  var m = isObj(resp) ? resp[(state.side || 0) ? "right_move" : "left_move"] : null;
  if (PART.comp !== undefined) m = isObj(m) && m.component === PART.comp ? m.move : null;
  return isObj(m) ? m : null;
}

/* Under the drawing: who moves next, and the outcome-only switch (a search, for boards whose
 * value runs past the default limits). */
export function rulesControls(game, req, steppers) {
  steppers.appendChild(sideChooser(game));
  var only = el("input", { type: "checkbox", id: "outcome-only", "data-testid": "outcome-only" });
  only.checked = isObj(req) && req.outcome_only === true;
  only.addEventListener("change", function () {
    var out = parseInput();
    if (!out) return;
    if (only.checked) out.outcome_only = true; else delete out.outcome_only;
    input.value = formatRequest(out); resetPlay(); analyse();
  });
  steppers.appendChild(el("label", { "class": "check" }, [only, " Outcome only (who wins, by search: for large positions; no value)"]));
}

/* The drawing of a ruleset: its controls, then its picture marked from the list if it is in. */
export function drawRules(game, req, resp, steppers, picture) {
  RULESETS[game] = true;
  rulesControls(game, req, steppers);
  var s = picture(req, resp);
  if (s && s.querySelectorAll) markMoves(s);
  return s;
}

/* A family's move list (sideMoves) needs a move generator; its size limit for analysing each
 * move one by one is kit/partizan_list.mjs's. */
export function firstOf(list) { return list.length ? list[0] : null; }
