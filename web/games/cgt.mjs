import { analyse } from "../kit/api.mjs";
import { resetPlay } from "../kit/history.mjs";
import { SIDE_WORDS, playSide, sideChooser } from "../kit/partizan.mjs";
import { register } from "../kit/registry.mjs";
import { $, input, state, statusEl } from "../kit/state.mjs";
import { el, formatRequest, isObj, parseInput } from "../kit/util.mjs";

/* ---- /v1/cgt: an expression as a position to walk. --------------------------------------
 * The expression box (the one input: the JSON box is shown on request) is the position; the
 * answer's options are the moves (all_moves: Left's and Right's, each with its value), and a
 * move makes that option's value the next expression, in the game record like any move. */
export var CGT_EXAMPLES = ["{1, * | -1/2} + ^ - *2", "{2|-1}", "^ + ^ + *", "{3 | {2 | 0}}", "1/2 + 3/8 - *3", "{0, * | 0, *}"];
/* A byte offset into the UTF-8 of `text` (how grundyd counts) as an index into the string. */
export function byteToIndex(text, bytes) {
  var enc = new TextEncoder(), n = 0, i = 0;
  while (i < text.length && n < bytes) {
    var cp = text.codePointAt(i), w = cp > 0xffff ? 2 : 1;
    n += enc.encode(String.fromCodePoint(cp)).length;
    i += w;
  }
  return i;
}
/* A new expression typed (or an example): a new game from it, Left to move first. */
export function cgtSet(expr, now) {
  var r = parseInput() || {};
  if (!isObj(r)) r = {};
  r.expression = expr;
  input.value = formatRequest(r);
  /* the box is inert while grundyd answers: the answer gives the keyboard back to it */
  if (now) { resetPlay(); state.side = 0; state.cgtFocusAt = state.seq + 1; analyse(); }
}
export function setupCgt() {
  var box = $("cgt-expr");
  CGT_EXAMPLES.forEach(function (x) {
    var b = el("button", { type: "button", "data-testid": "cgt-example", "aria-label": "Evaluate " + x }, [el("code", { text: x })]);
    b.addEventListener("click", function () { box.value = x; cgtSet(x, true); });
    $("cgt-examples").appendChild(b);
  });
  /* typing writes the JSON box; Enter or the button asks grundyd */
  box.addEventListener("input", function () { box.removeAttribute("aria-invalid"); cgtSet(box.value, false); });
  box.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); cgtSet(box.value, true); } });
  $("cgt-go").addEventListener("click", function () { cgtSet(box.value, true); });
  $("cgt-json").addEventListener("change", function () { $("json-field").hidden = !$("cgt-json").checked; });
}
/* The box shows the JSON's expression (unless it is being typed in) and a 400's place. */
export function drawCgt(req) {
  var box = $("cgt-expr"), err = $("cgt-error"), expr = isObj(req) && typeof req.expression === "string" ? req.expression : "";
  if (document.activeElement !== box && box.value !== expr) box.value = expr;
  var e = state.cgtError;
  if (!e || e.text !== box.value) { err.hidden = true; err.replaceChildren(); box.removeAttribute("aria-invalid"); return; }
  var i = byteToIndex(e.text, e.offset), j = i < e.text.length ? i + (e.text.codePointAt(i) > 0xffff ? 2 : 1) : i;
  err.replaceChildren(el("span", { "class": "visually-hidden", text: "Error at offset " + e.offset + ": " }),
                      e.text.slice(0, i), el("mark", { "data-testid": "cgt-error-mark", text: i < e.text.length ? e.text.slice(i, j) : " " }),
                      e.text.slice(j), el("br"), el("span", { text: e.detail }));
  err.hidden = false;
  box.setAttribute("aria-invalid", "true");
  box.setSelectionRange(i, j);
  if (state.cgtFocus) { state.cgtFocus = false; box.focus(); }
}
/* The side's moves in the answer (all_moves), or null before it. */
export function cgtMoves(resp, side) {
  var list = isObj(resp) ? resp[side ? "right_moves" : "left_moves"] : null;
  return Array.isArray(list) ? list : null;
}
export var CGT_SHOWN = 100;
/* The position: its value, and each side's options as moves; the side to move plays its own
 * (the chooser above hands the turn over). */
export function drawWalk(req, resp) {
  var side = state.side || 0, expr = isObj(req) && typeof req.expression === "string" ? req.expression : "";
  var value = isObj(resp) && typeof resp.value === "string" ? resp.value : expr;
  var box = el("div", { "class": "cgt-walk", "data-testid": "cgt-walk" }, [
    el("p", { "class": "cgt-value" }, ["The game ", el("code", { "data-testid": "cgt-position", text: value })])]);
  [0, 1].forEach(function (k) {
    var list = cgtMoves(resp, k), mine = k === side, who = SIDE_WORDS[k];
    var button = function (m) {
        var b = el("button", { type: "button", "class": "cgt-move", "data-testid": "cgt-move", "data-side": k ? "right" : "left",
                               "aria-label": who + " moves to " + m.value + (mine ? "" : " (it is " + SIDE_WORDS[side] + "'s turn)"),
                               text: String(m.value) });
        if (!mine) b.setAttribute("aria-disabled", "true");
        b.addEventListener("click", function () {
          if ((state.side || 0) !== k) { statusEl.textContent = "It is " + SIDE_WORDS[state.side || 0] + "'s turn: choose " + who + " under \u201cMoves next\u201d to move for " + who + "."; return; }
          playSide("cgt", k, m.move);
        });
        return b;
      };
    /* a long list of options (*1000 has 999 a side) shows its first CGT_SHOWN, the rest on request */
    var items = !list ? [el("span", { "class": "muted", text: "\u2026" })]
      : !list.length ? [el("span", { "class": "muted", text: "none: " + who + " has no move" })]
      : list.slice(0, CGT_SHOWN).map(button);
    var buttons = el("div", { "class": "buttons" }, items);
    if (list && list.length > CGT_SHOWN) {
      var more = el("button", { type: "button", "class": "cgt-more", text: "all " + list.length + " options\u2026" });
      more.addEventListener("click", function () { more.replaceWith.apply(more, list.slice(CGT_SHOWN).map(button)); });
      buttons.appendChild(more);
    }
    box.appendChild(el("div", { "class": "cgt-side" + (mine ? " to-move" : ""), "data-side": k ? "right" : "left" }, [
      el("h3", { text: who + "\u2019s options" + (mine ? " (to move)" : "") }), buttons]));
  });
  return box;
}

register({
  id: "cgt", label: "Partizan game expression (canonical forms)", order: 110, path: "/v1/cgt", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"],
  example: { expression: "{1, * | -1/2} + ^ - *2" },
  help: "expression: a short partizan game: integers, dyadic fractions (3/8), *, *n, ^, v, " +
        "{left options | right options}, +, -, parentheses. Answers its canonical form as CGSuite prints it, " +
        "and each side's options: play them as moves.",
  hint: "Click an option of the side to move to move there (the turn passes); undo and redo walk back and forth.",
  /* the options are asked for: each side's moves with the value after it */
  request: function (req, text) { return "all_moves" in req ? text : text.replace(/^\s*\{/, "{\"all_moves\": true, "); },
  /** @returns {import("../kit/api_types").CgtRequest} */
  apply: function (req, move) {
    if (!isObj(move) || typeof move.to !== "string") return null;
    return { expression: move.to };
  },
  describe: function (move) { return "to " + move.to; },
  /* the engine's move: a winning one when the move list has been analysed, else the first */
  anyMove: function (req, side) {
    var last = state.last, list = last && last.game === "cgt" ? cgtMoves(last.resp, side) : null;
    if (!list || !list.length) return null;
    var b = state.board, win = b && b.sorted.filter(function (o) { return o.outcome === "win"; })[0];
    return win && list.some(function (m) { return m.move.to === win.move.to; }) ? win.move : list[0].move;
  },
  sideMoves: function (req, side) {
    var list = state.last && state.last.game === "cgt" ? cgtMoves(state.last.resp, side) : null;
    return list ? list.map(function (m) { return m.move; }) : [];
  },
  draw: function (req, resp, steppers) {
    drawCgt(req);
    steppers.appendChild(sideChooser("cgt"));
    return drawWalk(req, resp);
  }
});
setupCgt();
