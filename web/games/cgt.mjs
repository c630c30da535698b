import { analyse } from "../kit/api.mjs";
import { resetPlay } from "../kit/history.mjs";
import { register } from "../kit/registry.mjs";
import { $, allMoves, input, state } from "../kit/state.mjs";
import { el, formatRequest, isObj, parseInput } from "../kit/util.mjs";

/* ---- /v1/cgt: the expression box. ------------------------------------------------------ */
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
export function cgtSet(expr, now) {
  var r = parseInput() || {};
  if (!isObj(r)) r = {};
  r.expression = expr;
  input.value = formatRequest(r);
  /* the box is inert while grundyd answers: the answer gives the keyboard back to it */
  if (now) { resetPlay(); state.cgtFocusAt = state.seq + 1; analyse(); }
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

register({
  id: "cgt", label: "Partizan game expression (canonical forms)", order: 110, path: "/v1/cgt", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"],
  example: { expression: "{1, * | -1/2} + ^ - *2" },
  help: "expression: a short partizan game: integers, dyadic fractions (3/8), *, *n, ^, v, " +
        "{left options | right options}, +, -, parentheses. Answers its canonical form as CGSuite prints it.",
  draw: function (req) { drawCgt(req); return el("span"); }
});
setupCgt();
