import { graphEditor } from "../kit/draw_other.mjs";
import { drawGraph, drawHackenbushPart } from "../kit/hackenbush_draw.mjs";
import { attachedEdges, cutGraph, graphModel } from "../kit/hackenbush_model.mjs";
import { idsAfter } from "../kit/ids.mjs";
import { register } from "../kit/registry.mjs";
import { $, MAX_DRAWN_EDGES } from "../kit/state.mjs";
import { el, isIndex } from "../kit/util.mjs";

/* Green Hackenbush on any graph: what a cut leaves without a path to the ground falls. */
register({
  id: "hackenbush_graph", label: "Green Hackenbush: any graph", order: 50, path: "/v1/hackenbush/graph", theory: "grundy-values-and-nim-sums",
  key: function (m) { return "e" + m.edge; },
  example: { edges: [[0, 1], [1, 2], [2, 0], [2, 3], [3, 3], [0, 4], [4, 5], [4, 5]], ground: [0] },
  help: "edges: [u, v] pairs (loops and repeated edges allowed); ground: the vertices on the ground. " +
        "Parts cut off from the ground fall away.",
  apply: function (out, move) {
    var gm = graphModel(out);
    if (gm.error || !isIndex(move.edge, out.edges.length)) return null;
    return cutGraph(out, gm, move.edge);
  },
  describe: function (move, names) {
    return "cut edge " + names.drawn(move.edge, names.en(move.edge)) + (Array.isArray(move.endpoints) ?
           " (" + move.endpoints[0] + "\u2013" + move.endpoints[1] + ")" : "");
  },
  delay: function (req) {
    var gm = graphModel(req), i, best = null;
    if (gm.error) return null;
    /* Trying every edge costs O(E (V + E)): on big graphs take the last attached edge. */
    if (req.edges.length > 1500) {
      for (i = req.edges.length - 1; i >= 0; i--) if (gm.attached[i]) return { edge: i, endpoints: req.edges[i] };
      return null;
    }
    for (i = 0; i < req.edges.length; i++) {
      if (!gm.attached[i]) continue;
      var left = cutGraph(req, gm, i).edges.length;
      if (!best || left > best.left) best = { edge: i, endpoints: req.edges[i], left: left };
    }
    return best && { edge: best.edge, endpoints: best.endpoints };
  },
  ids: function (req) {
    return Array.isArray(req.edges) ? { e: req.edges.map(function (e, j) { return j; }) } : null;
  },
  idsAfter: function (req, move, ids) {
    if (!ids.e) return null;
    var gm = graphModel(req);
    if (gm.error || !isIndex(move.edge, req.edges.length)) return null;
    var keep = [];
    req.edges.forEach(function (e, j) { if (j !== move.edge && gm.attached[j]) keep.push(j); });
    var att = attachedEdges(gm, keep.map(function (j) { return req.edges[j]; }));
    return { e: keep.filter(function (j, k) { return att[k]; }).map(function (j) { return ids.e[j]; }) };
  },
  draw: function (req, resp, steppers) {
    var model = graphModel(req);
    steppers.appendChild(graphEditor(req));
    if (model.error) return el("p", { "class": "muted", text: "Nothing to draw: " + model.error + "." });
    if (model.edges.length > MAX_DRAWN_EDGES) {
      return el("p", { "class": "muted", text: "Too large to draw (" + model.edges.length + " edges); the analysis above still holds." });
    }
    $("legend").hidden = false;
    return drawGraph(req, model, resp);
  },
  part: function (req, resp, i) { return drawHackenbushPart(req, resp, i, true); }
});
