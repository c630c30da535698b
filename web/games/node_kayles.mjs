import { bindMoves, lookupMove } from "../kit/board.mjs";
import { graphEditor } from "../kit/draw_other.mjs";
import { idsAfter } from "../kit/ids.mjs";
import { register } from "../kit/registry.mjs";
import { lineLayout, nkLayout, playDrawn } from "../kit/search_draw.mjs";
import { MAX_MODEL_VERTICES } from "../kit/state.mjs";
import { el, isIndex, num, svg } from "../kit/util.mjs";
import { compIds } from "../kit/words.mjs";

export function drawNodeKayles(req, comp) {
  var n = num(req.vertices), edges = Array.isArray(req.edges) ? req.edges : [];
  if (!(n >= 0) || n > 300) return el("p", { "class": "muted", text: "Too large to draw (" + n + " vertices)." });
  var ids = compIds(comp);
  var name = function (v) { return ids && ids.v && ids.v[v] !== undefined ? ids.v[v] : v; };
  var layout = comp === undefined ? lineLayout("node_kayles", nkLayout, req) : nkLayout(req);
  var slot = function (v) { return comp === undefined ? name(v) : v; }; /* a component is laid out afresh */
  var xs = [], ys = [], nb = [], u;
  for (u = 0; u < n; u++) {
    var p = layout.pos[slot(u)] || [0, 0];
    xs.push(p[0]); ys.push(p[1]); nb.push([]);
  }
  var box = layout.box;
  var s = svg("svg", { viewBox: box.join(" "), role: "group", "data-layout": layout.kind,
                       "aria-label": "Node Kayles graph with " + n + " vertices and " + edges.length + " edges", "data-testid": "drawing-svg" });
  s.style.maxWidth = Math.max(200, Math.min(560, box[2] * (layout.kind === "grid" ? 1.2 : 1.5))) + "px";
  var lines = [];
  edges.forEach(function (e) {
    if (!Array.isArray(e) || !isIndex(e[0], n) || !isIndex(e[1], n)) return;
    nb[e[0]].push(e[1]); nb[e[1]].push(e[0]);
    if (e[0] === e[1]) return;
    var l = svg("line", { "class": "nk-edge", x1: xs[e[0]], y1: ys[e[0]], x2: xs[e[1]], y2: ys[e[1]],
                          "data-edge": Math.min(name(e[0]), name(e[1])) + "-" + Math.max(name(e[0]), name(e[1])) });
    lines.push({ a: e[0], b: e[1], node: l });
    s.appendChild(l);
  });
  var circles = [];
  var mark = function (v, on) {
    circles.forEach(function (c, w) { c.classList.toggle("nk-gone", on && (w === v || nb[v].indexOf(w) >= 0)); });
    lines.forEach(function (l) { l.node.classList.toggle("nk-gone", on && (l.a === v || l.b === v || nb[v].indexOf(l.a) >= 0 || nb[v].indexOf(l.b) >= 0)); });
  };
  for (u = 0; u < n; u++) {
    (function (v) {
      var g = svg("g", { "data-vertex": name(v) });
      var c = svg("circle", { "class": "nk-vertex", cx: xs[v], cy: ys[v], r: 14 });
      circles.push(c);
      g.appendChild(c);
      var lab = svg("text", { "class": "label", x: xs[v], y: ys[v] }); lab.textContent = String(name(v)); g.appendChild(lab);
      var j = lookupMove("node_kayles", { vertex: v }, comp);
      bindMoves(g, j >= 0 ? [j] : [], "take vertex " + name(v) + " and its neighbours",
                function () { playDrawn("node_kayles", { vertex: v }, comp); }, "nk-move");
      g.addEventListener("mouseenter", function () { mark(v, true); });
      g.addEventListener("mouseleave", function () { mark(v, false); });
      g.addEventListener("focus", function () { mark(v, true); });
      g.addEventListener("blur", function () { mark(v, false); });
      s.appendChild(g);
    })(u);
  }
  return s;
}
/* Cram: the board, row 0 at the top as in the API's [row, col]; blocked cells dark.  Click a
 * cell, then a neighbour, to place a domino; or click a bar between two empty cells (coloured
 * by the move's outcome). */

/* Node Kayles: the vertex and its neighbours go; the others keep their order, renumbered 0..n-k-1. */
export function nodeKaylesAfter(out, move) {
  var n = num(out.vertices), edges = Array.isArray(out.edges) ? out.edges : [];
  if (!(n >= 0) || n > MAX_MODEL_VERTICES || !isIndex(move.vertex, n)) return null;
  var gone = new Array(n).fill(false), v = move.vertex;
  gone[v] = true;
  edges.forEach(function (e) {
    if (!Array.isArray(e)) return;
    if (e[0] === v && isIndex(e[1], n)) gone[e[1]] = true;
    if (e[1] === v && isIndex(e[0], n)) gone[e[0]] = true;
  });
  var newId = [], k = 0;
  for (var u = 0; u < n; u++) newId.push(gone[u] ? -1 : k++);
  out.vertices = k;
  if (Array.isArray(out.edges)) {
    out.edges = edges.filter(function (e) { return Array.isArray(e) && !gone[e[0]] && !gone[e[1]]; })
                     .map(function (e) { return [newId[e[0]], newId[e[1]]]; });
  }
  return out;
}

register({
  id: "node_kayles", label: "Node Kayles (graph)", order: 80, path: "/v1/node-kayles", theory: "grundy-values-and-nim-sums",
  key: function (m) { return "v" + m.vertex; },
  example: { vertices: 8, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0], [1, 3]] },
  help: "vertices: how many (ids 0..n-1); edges: [u, v] pairs. A move picks a vertex and removes it " +
        "with its neighbours. Solved by search: at most 64 vertices in each connected part, and a large dense part " +
        "may run past the default 30 s (422).",
  hint: "Click a vertex to take it with its neighbours (hovering shows what goes).",
  apply: nodeKaylesAfter,
  describe: function (move, names) { return "take vertex " + names.drawn(move.vertex, names.vn(move.vertex)) + " and its neighbours"; },
  ids: function (req) {
    var n = num(req.vertices), out = { v: [] };
    if (!(n >= 0) || n > MAX_MODEL_VERTICES) return null;
    for (var i = 0; i < n; i++) out.v.push(i);
    return out;
  },
  idsAfter: function (req, move, ids) {
    if (!ids.v) return null;
    var n = num(req.vertices), v = move.vertex;
    if (!isIndex(v, n)) return null;
    var gone = new Array(n).fill(false);
    gone[v] = true;
    (req.edges || []).forEach(function (e) {
      if (e[0] === v && isIndex(e[1], n)) gone[e[1]] = true;
      if (e[1] === v && isIndex(e[0], n)) gone[e[0]] = true;
    });
    return { v: ids.v.filter(function (x, u) { return !gone[u]; }) };
  },
  draw: function (req, resp, steppers) { steppers.appendChild(graphEditor(req)); return drawNodeKayles(req); },
  part: function (req, resp, i) { return drawNodeKayles(req, i); }
});
