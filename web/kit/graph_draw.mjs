import { keepTargets } from "./grid_draw.mjs";
import { drawPart, drawRules, moveTarget, suggestion } from "./rules_play.mjs";
import { nkLayout } from "./search_draw.mjs";
import { state } from "./state.mjs";
import { el, isIndex, isObj, num, svg } from "./util.mjs";

/* ---- Graphs whose vertices are coloured (Snort, Col): {"vertices": n, "edges": [[u, v], ...],
 * "colors": ["blue" | "red" | null, ...]}. ----------------------------------------------------
 * Left colours an uncoloured vertex blue, Right red; `clash(mine, theirs)` says when a
 * neighbour's colour forbids the move (Col: the same colour; Snort: the other).  A move is
 * {"vertex": i, "color": c}, as the API answers it.  Laid out as Node Kayles is (a grid when the
 * edges join grid neighbours, else a circle); a vertex keeps its number, as the API does. */
export var SIDE_COLOURS = ["blue", "red"];
export var VERTEX_R = 18;
export function vertexColours(req) {
  var n = isObj(req) ? num(req.vertices) : 0, c = isObj(req) && Array.isArray(req.colors) ? req.colors : [], out = [];
  for (var i = 0; i < (n >= 0 && n <= 100000 ? n : 0); i++) out.push(c[i] === "blue" || c[i] === "red" ? c[i] : null);
  return out;
}
function edgesOf(req, n) {
  return (Array.isArray(req.edges) ? req.edges : []).filter(function (e) { return Array.isArray(e) && isIndex(e[0], n) && isIndex(e[1], n); });
}
export function colourMoves(req, side, clash) {
  var cs = vertexColours(req), n = cs.length, mine = SIDE_COLOURS[side], ok = cs.map(function (c) { return c === null; });
  edgesOf(req, n).forEach(function (e) {
    if (cs[e[1]] !== null && clash(mine, cs[e[1]])) ok[e[0]] = false;
    if (cs[e[0]] !== null && clash(mine, cs[e[0]])) ok[e[1]] = false;
  });
  var out = [];
  for (var v = 0; v < n; v++) if (ok[v]) out.push({ vertex: v, color: mine });
  return out;
}
export function colourApply(req, move) {
  var cs = vertexColours(req);
  if (!isObj(move) || !isIndex(move.vertex, cs.length) || cs[move.vertex] !== null) return null;
  if (move.color !== "blue" && move.color !== "red") return null;
  cs[move.vertex] = move.color;
  req.colors = cs;
  return req;
}
export function drawColouring(game, req, resp, clash, title) {
  var cs = vertexColours(req), n = cs.length;
  if (!isObj(req) || !(num(req.vertices) >= 0)) return el("p", { "class": "muted", text: "Nothing to draw: \"vertices\" must be a number." });
  if (n > 300) return el("p", { "class": "muted", text: "Too large to draw (" + n + " vertices)." });
  var layout = nkLayout({ vertices: n, edges: edgesOf(req, n) }), box = layout.box, side = state.side || 0;
  var s = svg("svg", { viewBox: box.join(" "), role: "group", "data-testid": "drawing-svg", "data-layout": layout.kind,
                       "aria-label": title + " with " + n + " vertices and " + edgesOf(req, n).length + " edges" });
  keepTargets(s, box[2], box[3]);
  var at = function (v) { return layout.pos[v] || [0, 0]; };
  edgesOf(req, n).forEach(function (e) {
    if (e[0] !== e[1]) s.appendChild(svg("line", { "class": "nk-edge", x1: at(e[0])[0], y1: at(e[0])[1], x2: at(e[1])[0], y2: at(e[1])[1] }));
  });
  var legal = {};
  colourMoves(req, side, clash).forEach(function (m) { legal[m.vertex] = m; });
  var best = suggestion(resp), R = VERTEX_R;
  for (var v = 0; v < n; v++) {
    var x = at(v)[0], y = at(v)[1], c = cs[v], g = svg("g", { "class": "colour-vertex", "data-vertex": v });
    /* a coloured vertex in two shapes as well as two colours: blue a circle, red a square
     * (over an opaque disc: a tinted vertex does not show the edges under it) */
    g.appendChild(svg("circle", { "class": "cv-under", cx: x, cy: y, r: R }));
    g.appendChild(c === "red" ? svg("rect", { "class": "cv-shape red", x: x - R, y: y - R, width: 2 * R, height: 2 * R, rx: 3 })
                              : svg("circle", { "class": "cv-shape " + (c || "none"), cx: x, cy: y, r: R }));
    var lab = svg("text", { "class": "label" + (c ? " on-colour" : ""), x: x, y: y }); lab.textContent = String(v); g.appendChild(lab);
    if (legal[v]) {
      moveTarget(g, game, legal[v], side, "colour vertex " + v + " " + SIDE_COLOURS[side], x + R + 6, y - R);
    } else {
      if (!c) g.classList.add("illegal");
      var t = svg("title", {});
      t.textContent = "vertex " + v + ": " + (c || (SIDE_COLOURS[side] + " may not go here (a neighbour's colour forbids it)"));
      g.appendChild(t);
    }
    s.appendChild(g);
    if (best && best.vertex === v) s.appendChild(svg("circle", { "class": "rule-suggest", cx: x, cy: y, r: R + 6, "data-testid": "suggested-move" }));
  }
  return s;
}

/* A colouring ruleset's registry entry (kit/registry.mjs): Snort and Col differ in the rule
 * (clash), their words and their example. */
export function colouringFamily(spec) {
  var sideMoves = function (req, side) { return colourMoves(req, side, spec.clash); };
  var picture = function (req, resp) { return drawColouring(spec.id, req, resp, spec.clash, spec.title); };
  return {
    id: spec.id, label: spec.label, order: spec.order, path: spec.path, theory: "snort-and-col",
    key: function (m) { return m.vertex + " " + m.color; },
    partizan: true, players: ["Left (blue)", "Right (red)"],
    example: spec.example,
    help: "vertices: n; edges: [[u, v], ...]; colors (optional): \"blue\", \"red\" or null per vertex. " +
          "Left colours a vertex blue, Right red, with " + spec.rule + ".",
    hint: "Choose who moves next, then click an uncoloured vertex to colour it (Left blue, a circle; Right red, a square). " +
          "A dashed vertex may not take that colour (" + spec.rule + "). The dashed ring is the side to move's winning move.",
    apply: colourApply,
    describe: function (move) { return "colour vertex " + move.vertex + " " + move.color; },
    anyMove: function (req, side) { var m = sideMoves(req, side); return m.length ? m[0] : null; },
    sideMoves: sideMoves,
    draw: function (req, resp, steppers) { return drawRules(spec.id, req, resp, steppers, picture); },
    part: function (req, resp, i) { return drawPart(picture, req, resp, i); }
  };
}
