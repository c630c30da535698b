import { analyse } from "./api.mjs";
import { play, resetPlay } from "./history.mjs";
import { input, state } from "./state.mjs";
import { el, formatRequest, isIndex, isObj, num, parseInput } from "./util.mjs";

/* ---- Games solved by search: Node Kayles, Cram, Chomp. -------------------------------- */
/* A click on a drawing plays on the position shown (as cutHandler does for Hackenbush);
 * in a sum's component the move is the sum's. */
export function playDrawn(game, mv, comp) {
  if (comp !== undefined) { play("You", { component: comp, game: game, move: mv }, "sum"); return; }
  var last = state.last, req = parseInput();
  if (!req) return;
  if (!last || last.game !== game || JSON.stringify(last.req) !== JSON.stringify(req)) { state.last = { game: game, req: req, resp: {} }; state.board = null; }
  play("You", mv, game);
}
export function pressable(node, label, go) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", go);
  node.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } });
}
/* Node Kayles layout, by vertex name: a graph whose edges all join grid neighbours
 * (v = row * cols + col) is drawn as that grid; any other graph on a circle.  Computed
 * once for the first position of a game, so the vertices that remain stay where they were. */
export function nkLayout(req) {
  var n = num(req.vertices), edges = (Array.isArray(req.edges) ? req.edges : []).filter(function (e) {
    return Array.isArray(e) && isIndex(e[0], n) && isIndex(e[1], n) && e[0] !== e[1]; });
  var pos = [], S = 52, cols = 0, u;
  for (var c = 2; c <= n && edges.length; c++) {
    if (n % c) continue;
    var horiz = 0, vert = 0;
    var ok = edges.every(function (e) {
      var d = Math.abs(e[0] - e[1]);
      if (d === 1 && Math.floor(e[0] / c) === Math.floor(e[1] / c)) { horiz++; return true; }
      if (d === c) { vert++; return true; }
      return false;
    });
    if (ok && horiz && (vert || c === n)) { cols = c; break; }
  }
  if (cols) {
    for (u = 0; u < n; u++) pos.push([(u % cols) * S, Math.floor(u / cols) * S]);
    return { kind: "grid", pos: pos, box: [-26, -26, (cols - 1) * S + 52, (Math.ceil(n / cols) - 1) * S + 52] };
  }
  var R0 = Math.max(50, n * 12);
  for (u = 0; u < n; u++) {
    pos.push(n === 1 ? [0, 0] : [R0 * Math.cos(2 * Math.PI * u / n - Math.PI / 2), R0 * Math.sin(2 * Math.PI * u / n - Math.PI / 2)]);
  }
  return { kind: "circle", pos: pos, box: [-R0 - 24, -R0 - 24, 2 * R0 + 48, 2 * R0 + 48] };
}
/* The layout of the game's first position (by vertex name), for the position drawn now. */
export function lineLayout(game, compute, req) {
  var line = state.line;
  if (!line || line.game !== game || !line.rootIds) return compute(req);
  if (!line.layout) {
    var root = null;
    try { root = JSON.parse(line.root); } catch (e) { root = null; }
    line.layout = isObj(root) ? compute(root) : null;
  }
  return line.layout || compute(req);
}
/* Node Kayles: each vertex is a move, coloured by its outcome; hovering one marks the
 * neighbours that go with it.  Vertices keep their names (data-vertex, the label) and
 * their places after moves, although the request renumbers them 0..n-1. */

/* Steppers for a board's rows and cols (a Chomp bar given by columns becomes the full bar). */
export function boardStepper(game) {
  var req = parseInput();
  if (!req) return null;
  var dims = function (r) {
    if (game === "chomp" && Array.isArray(r.columns)) { var h = r.columns.map(num); return { rows: Math.max.apply(null, [1].concat(h)), cols: h.length }; }
    return { rows: num(r.rows) || 1, cols: num(r.cols) || 1 };
  };
  var box = el("div", { "aria-label": "Change the board's size" });
  ["rows", "cols"].forEach(function (k) {
    var set = function (d) {
      var r = parseInput(); if (!r) return;
      var dm = dims(r), out = {};
      dm[k] = Math.max(1, dm[k] + d);
      out.rows = dm.rows; out.cols = dm.cols;
      Object.keys(r).forEach(function (x) { if (x !== "rows" && x !== "cols" && x !== "columns") out[x] = r[x]; });
      if (Array.isArray(out.blocked)) out.blocked = out.blocked.filter(function (b) { return Array.isArray(b) && b[0] < dm.rows && b[1] < dm.cols; });
      state.cramSel = null;
      input.value = formatRequest(out); resetPlay(); analyse();
    };
    var minus = el("button", { type: "button", text: "−", "aria-label": k + " fewer" });
    var plus = el("button", { type: "button", text: "+", "aria-label": k + " more" });
    minus.addEventListener("click", function () { set(-1); });
    plus.addEventListener("click", function () { set(1); });
    box.appendChild(el("span", { "class": "stepper" }, [k + ":", minus, String(dims(req)[k]), plus]));
  });
  if (game === "chomp" && Array.isArray(req.columns)) box.appendChild(el("span", { "class": "hint", text: "(a step makes the full bar)" }));
  return box;
}
