import { bestOutcome, bindMoves, lookupMove } from "../kit/board.mjs";
import { graphEditor } from "../kit/draw_other.mjs";
import { register } from "../kit/registry.mjs";
import { state } from "../kit/state.mjs";
import { el, isIndex, num, svg } from "../kit/util.mjs";

export function drawGameGraph(req, resp, comp) {
  var n = num(req.positions), moves = Array.isArray(req.moves) ? req.moves : [], start = Array.isArray(req.start) ? req.start : [];
  if (!(n >= 0) || n > 300) return el("p", { "class": "muted", text: "Too large to draw (" + n + " positions)." });
  var R0 = Math.max(60, n * 14), xs = [], ys = [];
  for (var u = 0; u < n; u++) { xs.push(R0 * Math.cos(2 * Math.PI * u / Math.max(n, 1) - Math.PI / 2)); ys.push(R0 * Math.sin(2 * Math.PI * u / Math.max(n, 1) - Math.PI / 2)); }
  var s = svg("svg", { viewBox: [-R0 - 30, -R0 - 30, 2 * R0 + 60, 2 * R0 + 60].join(" "), role: "group",
                       "aria-label": "Game graph with " + n + " positions and " + start.length + " tokens", "data-testid": "drawing-svg" });
  s.style.maxWidth = "520px";
  var arrowId = "arrow-" + (++state.svgIds);
  var defs = svg("defs", {}), mk = svg("marker", { id: arrowId, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 9, markerHeight: 9,
                                                   markerUnits: "userSpaceOnUse", orient: "auto-start-reverse" });
  mk.appendChild(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", "class": "gg-head" })); defs.appendChild(mk); s.appendChild(defs);
  var tokensAt = {};
  start.forEach(function (p, t) { (tokensAt[p] = tokensAt[p] || []).push(t); });
  moves.forEach(function (e, j) {
    var a = e[0], b = e[1];
    if (!(a < n && b < n)) return;
    var d, hx, hy;
    if (a === b) {
      d = "M " + xs[a] + " " + (ys[a] - 12) + " c -30 -40 30 -40 4 -2";
      hx = xs[a]; hy = ys[a] - 42;
    } else {
      var dx = xs[b] - xs[a], dy = ys[b] - ys[a], L = Math.hypot(dx, dy) || 1, ux = dx / L, uy = dy / L;
      var mx = (xs[a] + xs[b]) / 2 - uy * 14, my = (ys[a] + ys[b]) / 2 + ux * 14;
      var ax = xs[a] + ux * 13, ay = ys[a] + uy * 13, bx = xs[b] - ux * 14, by = ys[b] - uy * 14;
      d = "M " + ax + " " + ay + " Q " + mx + " " + my + " " + bx + " " + by;
      hx = 0.25 * ax + 0.5 * mx + 0.25 * bx; hy = 0.25 * ay + 0.5 * my + 0.25 * by; /* the curve at t = 1/2 */
    }
    /* every token on a is a move along this arrow: one token, one click; several, a choice */
    var idxs = [];
    (tokensAt[a] || []).forEach(function (tok) { var i = lookupMove("game_graph", { token: tok, to: b }, comp); if (i >= 0) idxs.push(i); });
    var outcome = state.marking && state.board && idxs.length ? bestOutcome(idxs) : "";
    var grp = svg("g", { "data-edge": j, "data-from": a, "data-to": b });
    grp.appendChild(svg("path", { d: d, "class": "gg-arrow" + (outcome ? " playable " + outcome : ""), "marker-end": "url(#" + arrowId + ")" }));
    if (outcome) {
      /* a wide invisible stroke and a handle at the middle make it easy to hit */
      grp.appendChild(svg("path", { d: d, "class": "gg-hit" }));
      grp.appendChild(svg("circle", { "class": "gg-handle " + outcome, cx: hx, cy: hy, r: 6 }));
      bindMoves(grp, idxs, "slide a token from " + a + " to " + b, null, "gg-move");
    }
    s.appendChild(grp);
  });
  for (u = 0; u < n; u++) {
    s.appendChild(svg("circle", { "class": tokensAt[u] ? "gg-token" : "gg-pos", cx: xs[u], cy: ys[u], r: 12 }));
    var lab = svg("text", { "class": "label", x: xs[u], y: ys[u] });
    lab.textContent = String(u) + (tokensAt[u] && tokensAt[u].length > 1 ? "\u00d7" + tokensAt[u].length : "");
    s.appendChild(lab);
  }
  return s;
}

register({
  id: "game_graph", label: "Game graph (loops allowed)", order: 70, path: "/v1/game-graph", theory: "loopy-games",
  key: function (m) { return m.token + ":" + m.to; },
  example: { positions: 6, moves: [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5]], start: [0, 3] },
  help: "positions: how many; moves: directed [from, to] pairs; start: where the tokens stand. " +
        "Cycles allowed: the outcome may be a draw.",
  hint: "Orange positions hold tokens; click an arrow out of one to slide its token (dashed arrows are not moves now).",
  apply: function (out, move) {
    if (!Array.isArray(out.start) || !isIndex(move.to, 1e15)) return null;
    var t = isIndex(move.token, out.start.length) ? move.token : out.start.indexOf(move.from);
    if (!isIndex(t, out.start.length)) return null;
    out.start[t] = move.to;
    return out;
  },
  describe: function (move) { return "slide token " + move.token + " from " + move.from + " to " + move.to; },
  draw: function (req, resp, steppers) { steppers.appendChild(graphEditor(req)); return drawGameGraph(req, resp); },
  part: function (req, resp, i) { return drawGameGraph(req, resp, i); }
});
