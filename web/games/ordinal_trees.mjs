import { bindMoves, lookupMove, removeSubtree } from "../kit/board.mjs";
import { play } from "../kit/history.mjs";
import { register } from "../kit/registry.mjs";
import { allMoves, state } from "../kit/state.mjs";
import { compact, el, isIndex, svg } from "../kit/util.mjs";

export function drawOrdinal(req, comp) {
  if (!Array.isArray(req.trees)) return el("p", { "class": "muted", text: "Nothing to draw: no trees." });
  var s = svg("svg", { role: "group", "aria-label": "Ordinal trees", "data-testid": "drawing-svg" });
  var x = 0, maxDepth = 0, nodes = 0;
  req.trees.forEach(function (tree, ti) {
    /* leaves left to right, parents above the middle of their children (explicit stack) */
    var pos = [], stack = [{ t: tree, d: 0, parent: -1, path: [] }];
    var items = [];
    while (stack.length && nodes < 2000) {
      var it = stack.pop(); nodes++;
      var id = items.length; items.push({ d: it.d, parent: it.parent, kids: [], path: it.path });
      if (it.parent >= 0) items[it.parent].kids.push(id);
      maxDepth = Math.max(maxDepth, it.d);
      if (Array.isArray(it.t)) for (var c = it.t.length - 1; c >= 0; c--) stack.push({ t: it.t[c], d: it.d + 1, parent: id, path: it.path.concat([c]) });
    }
    for (var i = items.length - 1; i >= 0; i--) {
      if (!items[i].kids.length) { pos[i] = x; x += 1; }
      else pos[i] = items[i].kids.reduce(function (a, k) { return a + pos[k]; }, 0) / items[i].kids.length;
    }
    items.forEach(function (itm, i) {
      if (itm.parent >= 0) s.appendChild(svg("line", { "class": "edge", x1: pos[itm.parent] * 30, y1: -itm.d * 36 + 36, x2: pos[i] * 30, y2: -itm.d * 36, stroke: "currentColor" }));
    });
    items.forEach(function (itm, i) {
      /* the move's target is a circle of 12 units (24 px and more at the scale of a few
       * trees, WCAG 2.5.8) in a pale tint of its outcome, the vertex a dot over it */
      var circle = svg("circle", { "class": "vertex", cx: pos[i] * 30, cy: -itm.d * 36, r: 12, "data-vertex": ti + ":/" + itm.path.join("/") });
      if (itm.parent >= 0) {
        /* a vertex: remove it and everything above it, one move */
        var mv = { tree: ti, replace_with: removeSubtree(tree, itm.path) };
        var j = lookupMove("ordinal_trees", mv, comp);
        var go = function () { play("You", comp !== undefined ? { component: comp, game: "ordinal_trees", move: mv } : mv,
                                    comp !== undefined ? "sum" : undefined); };
        bindMoves(circle, j >= 0 ? [j] : [], "tree " + ti + ": remove the subtree at /" + itm.path.join("/"), go, "vertex ordinal-cut");
      } else {
        /* the root: every listed replacement of this tree (two steps: choose, then confirm) */
        var all = state.board ? state.board.byTree.get((comp === undefined ? "" : comp + "/") + ti) || [] : [];
        bindMoves(circle, all, "tree " + ti + ": replace it by a smaller tree", null, "vertex ordinal-root");
      }
      s.appendChild(circle);
      s.appendChild(svg("circle", { "class": circle.getAttribute("class") + " ordinal-dot", cx: pos[i] * 30, cy: -itm.d * 36, r: 7, "aria-hidden": "true" }));
    });
    var lab = svg("text", { "class": "label", x: (items.length ? pos[0] : x) * 30, y: 16 }); lab.textContent = "tree " + ti; s.appendChild(lab);
    x += 1;
  });
  s.setAttribute("viewBox", [-20, -maxDepth * 36 - 20, Math.max(x, 1) * 30 + 20, maxDepth * 36 + 50].join(" "));
  s.style.maxWidth = Math.max(200, x * 40) + "px";
  return s;
}

register({
  id: "ordinal_trees", label: "Tree-order game (ordinal values)", order: 60, path: "/v1/ordinal-trees", theory: "ordinals",
  key: function (m) { return m.tree + ":" + JSON.stringify(m.replace_with); },
  allMoves: false, /* infinitely many moves: grundyd answers 422 */
  example: { trees: [[[[]]], [[], []]] },
  help: "trees: rooted trees in nested form (a tree is the array of its children). " +
        "A move replaces one tree by a strictly smaller one; values are ordinals.",
  hint: "Click a vertex to remove it and everything above it; click a tree's root to choose among its listed replacements.",
  apply: function (out, move) {
    if (!Array.isArray(out.trees) || !isIndex(move.tree, out.trees.length)) return null;
    out.trees[move.tree] = move.replace_with;
    return out;
  },
  describe: function (move) { return "replace tree " + move.tree + " by " + compact(move.replace_with); },
  /* the smallest change: one leaf fewer, in the first tree that has one */
  delay: function (req) {
    if (!Array.isArray(req.trees)) return null;
    for (var i = 0; i < req.trees.length; i++) {
      if (Array.isArray(req.trees[i]) && req.trees[i].length) {
        var path = [], t = req.trees[i];
        while (Array.isArray(t) && t.length) { path.push(t.length - 1); t = t[t.length - 1]; }
        return { tree: i, replace_with: removeSubtree(req.trees[i], path) };
      }
    }
    return null;
  },
  draw: function (req) { return drawOrdinal(req); },
  part: function (req, resp, i) { return drawOrdinal(req, i); }
});
