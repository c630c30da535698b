import { drawHackenbushPart, drawTree } from "../kit/hackenbush_draw.mjs";
import { childrenOf, cutTree, treeModel, treeMoveChild } from "../kit/hackenbush_model.mjs";
import { idsAfter } from "../kit/ids.mjs";
import { register } from "../kit/registry.mjs";
import { $, MAX_DRAWN_EDGES } from "../kit/state.mjs";
import { el } from "../kit/util.mjs";

/* Green Hackenbush on trees and forests: cutting an edge drops the subtree above it. */
register({
  id: "hackenbush_tree", label: "Green Hackenbush: trees and forests", order: 40, path: "/v1/hackenbush/tree", theory: "grundy-values-and-nim-sums",
  key: function (m) { return typeof m.path === "string" ? "p" + m.path : "c" + m.child; },
  example: { parent: [-1, 0, 0, 1, 1, 1, 2, -1, 7, 8] },
  help: "parent[i] is vertex i's parent, -1 for a root on the ground (several roots: a forest). " +
        "Also accepted: {\"edges\": [[u, v], ...], \"root\": r} or {\"nested\": [...]}.",
  apply: function (out, move) {
    var tm = treeModel(out);
    if (tm.error) return null;
    var c = treeMoveChild(tm, move);
    if (c < 0 || tm.parent[c] < 0) return null;
    return cutTree(out, tm, c);
  },
  describe: function (move, names) {
    var what = move.child !== undefined ? "the edge " + names.drawn(move.parent + "\u2013" + move.child,
                                                                    names.vn(move.parent) + "\u2013" + names.vn(move.child)) : "the edge";
    if (typeof move.path === "string") what += " at " + move.path;
    return "cut " + what + (move.edges_removed ? " (" + move.edges_removed + " edge" +
           (move.edges_removed === 1 ? "" : "s") + " removed)" : "");
  },
  delay: function (req) {
    var tm = treeModel(req);
    if (tm.error) return null;
    var children = childrenOf(tm.parent);
    for (var i = tm.parent.length - 1; i >= 0; i--) {
      if (tm.parent[i] >= 0 && children[i].length === 0) {
        return tm.form === "nested" ? { path: tm.pathOf[i], edges_removed: 1 }
                                    : { parent: tm.parent[i], child: i, edges_removed: 1 };
      }
    }
    return null;
  },
  ids: function (req) {
    var tm = treeModel(req);
    return tm.error ? null : { v: tm.parent.map(function (p, v) { return v; }) };
  },
  idsAfter: function (req, move, ids) {
    if (!ids.v) return null;
    var tm = treeModel(req), c = tm.error ? -1 : treeMoveChild(tm, move);
    if (c < 0) return null;
    var children = childrenOf(tm.parent), fall = new Array(tm.parent.length).fill(false), stack = [c];
    while (stack.length) { var w = stack.pop(); fall[w] = true; children[w].forEach(function (k) { stack.push(k); }); }
    return { v: ids.v.filter(function (x, u) { return !fall[u]; }) };
  },
  draw: function (req, resp) {
    var model = treeModel(req);
    if (model.error) return el("p", { "class": "muted", text: "Nothing to draw: " + model.error + "." });
    if (model.parent.length > MAX_DRAWN_EDGES) {
      return el("p", { "class": "muted", text: "Too large to draw (" + model.parent.length + " vertices); the analysis above still holds." });
    }
    $("legend").hidden = false;
    return drawTree(req, model, resp);
  },
  part: function (req, resp, i) { return drawHackenbushPart(req, resp, i, false); }
});
