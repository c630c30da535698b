import { register } from "../kit/registry.mjs";

/* ---- /v1/snort: Snort, colouring a graph's vertices (no two neighbours of different colours). ----
 * No drawing of its own yet: the graph is the request's JSON, and the moves are played from the
 * list; a move names its vertex and the colour played (Left blue, Right red). */
function colours(req) {
  var n = req && req.vertices >= 0 ? req.vertices : 0, c = Array.isArray(req && req.colors) ? req.colors : [];
  var out = [];
  for (var i = 0; i < n; i++) out.push(c[i] === "blue" || c[i] === "red" ? c[i] : null);
  return out;
}
function legal(req, v, mine) {
  var cs = colours(req), edges = Array.isArray(req.edges) ? req.edges : [];
  if (cs[v] !== null) return false;
  return edges.every(function (e) {
    if (!Array.isArray(e) || (e[0] !== v && e[1] !== v)) return true;
    var c = cs[e[0] === v ? e[1] : e[0]];
    return c === null || !(c !== mine);
  });
}
function sideMoves(req, side) {
  var out = [], n = colours(req).length;
  var mine = side ? "red" : "blue";
  for (var v = 0; v < n; v++) if (legal(req, v, mine)) out.push({ vertex: v, color: mine });
  return out;
}
register({
  id: "snort", label: "Snort (partizan)", order: 182, path: "/v1/snort", theory: "canonical-forms", drawn: false,
  key: function (m) { return m.vertex + " " + m.color; },
  partizan: true, players: ["Left (blue)", "Right (red)"],
  example: { vertices: 4, edges: [[0, 1], [1, 2], [2, 3]] },
  help: "vertices: n; edges: [[u, v], ...]; colors (optional): \"blue\", \"red\" or null per vertex. " +
        "Left colours a vertex blue, Right red, with no two neighbours of different colours.",
  apply: function (req, move) {
    var cs = colours(req);
    if (!(move.vertex >= 0 && move.vertex < cs.length) || cs[move.vertex] !== null) return null;
    if (move.color !== "blue" && move.color !== "red") return null;
    cs[move.vertex] = move.color;
    req.colors = cs;
    return req;
  },
  describe: function (move) { return "colour vertex " + move.vertex + " " + move.color; },
  anyMove: function (req, side) { var m = sideMoves(req, side); return m.length ? m[0] : null; },
  sideMoves: sideMoves
});
