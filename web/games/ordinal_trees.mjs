import { bindMoves, lookupMove, removeSubtree } from "../kit/board.mjs";
import { COMPACT_PARTS, circleD, layers, partMoves, pointParts, segmentD } from "../kit/compact.mjs";
import { play } from "../kit/history.mjs";
import { register } from "../kit/registry.mjs";
import { allMoves, state } from "../kit/state.mjs";
import { compact, el, isIndex, isObj, svg } from "../kit/util.mjs";
import { compIds } from "../kit/words.mjs";

/* ---- Stable names: the first position's vertices numbered in preorder, tree by tree; a
 * move that removes a subtree (or leaves of a star) keeps the names of what is left, as
 * Hackenbush does, although the JSON's paths of what is left change. ---------------------- */
export var ORD_MAX = 2000;
/* The forest's vertices in preorder (the drawing's order): {tree, path, parent, size} each,
 * size counting the vertex's subtree; null past ORD_MAX vertices. */
/* (the last forest's kept, by its text: the words of each listed move ask for them, a list of
 * hundreds; the callers only read it) */
var vertexMemo = { key: "", value: /** @type {any} */ (null) };
export function ordinalVertices(trees) {
  if (!Array.isArray(trees)) return null;
  var key = JSON.stringify(trees);
  if (vertexMemo.key !== key) { vertexMemo.value = preorder(trees); vertexMemo.key = key; }
  return vertexMemo.value;
}
function preorder(trees) {
  var out = [];
  for (var ti = 0; ti < trees.length; ti++) {
    var first = out.length, stack = [{ t: trees[ti], path: [], parent: -1 }];
    while (stack.length) {
      if (out.length >= ORD_MAX) return null;
      var it = stack.pop(), id = out.length;
      out.push({ tree: ti, path: it.path, parent: it.parent, size: 1 });
      if (Array.isArray(it.t)) for (var c = it.t.length - 1; c >= 0; c--) stack.push({ t: it.t[c], path: it.path.concat([c]), parent: id });
    }
    for (var i = out.length - 1; i > first; i--) out[out[i].parent].size += out[i].size;
  }
  return out;
}
/* The vertices of req.trees[t] that `move` keeps, as indices into ordinalVertices: a removed
 * subtree (the move's path, or the one whose removal gives replace_with), the first k leaves
 * of a star; null when the new tree is not a part of the old one. */
export function keptVertices(req, vs, move) {
  var t = move.tree, tree = req.trees[t], want = JSON.stringify(move.replace_with);
  var own = vs.map(function (v, i) { return i; }).filter(function (i) { return vs[i].tree === t; });
  if (!own.length) return null;
  var root = own[0], size = vs[root].size;
  if (!Array.isArray(move.path) && Array.isArray(tree) && tree.every(function (c) { return Array.isArray(c) && !c.length; }) &&
      Array.isArray(move.replace_with) && move.replace_with.length < tree.length &&
      want === JSON.stringify(tree.slice(0, move.replace_with.length))) return own.slice(0, move.replace_with.length + 1);
  var paths = Array.isArray(move.path) ? [move.path] : size <= 300 ? own.slice(1).map(function (i) { return vs[i].path; }) : [];
  for (var k = 0; k < paths.length; k++) {
    if (!paths[k].length || JSON.stringify(removeSubtree(tree, paths[k])) !== want) continue;
    var key = JSON.stringify(paths[k]), at = own.filter(function (i) { return JSON.stringify(vs[i].path) === key; })[0];
    if (at === undefined) continue;
    return own.filter(function (i) { return i < at || i >= at + vs[at].size; });
  }
  return null;
}
export function ordinalIdsAfter(req, move, ids) {
  var vs = ordinalVertices(req.trees);
  if (!vs || !ids.v || vs.length !== ids.v.length || !isIndex(move.tree, req.trees.length)) return null;
  var kept = keptVertices(req, vs, move), t = move.tree, out = [];
  var next = ids.v.reduce(function (a, x) { return Math.max(a, x + 1); }, 0);
  var fresh = kept ? null : ordinalVertices([move.replace_with]);
  if (!kept && !fresh) return null;
  vs.forEach(function (v, i) {
    if (v.tree !== t) { out.push(ids.v[i]); return; }
    if (kept && kept.indexOf(i) >= 0) out.push(ids.v[i]);
    if (!kept && v.path.length === 0) fresh.forEach(function () { out.push(next++); }); /* a new tree: new names */
  });
  return { v: out };
}

/* The number of vertices of a tree in nested form (explicit stack). */
function treeSize(t) {
  var n = 0, stack = [t];
  while (stack.length) { var x = stack.pop(); n++; if (Array.isArray(x)) for (var c = 0; c < x.length; c++) stack.push(x[c]); }
  return n;
}
export function drawOrdinal(req, comp) {
  if (!Array.isArray(req.trees)) return el("p", { "class": "muted", text: "Nothing to draw: no trees." });
  var s = svg("svg", { role: "group", "aria-label": "Ordinal trees", "data-testid": "drawing-svg" });
  var x = 0, maxDepth = 0, nodes = 0, ids = compIds(comp), pre = comp === undefined ? "" : comp + "/";
  var name = function (g) { return ids && ids.v && ids.v[g] !== undefined ? ids.v[g] : g; };
  /* past COMPACT_PARTS vertices: the edges one path, the vertices that are not a winning move
   * one path per outcome, found by the pointer's position (compact.mjs) */
  var all = ordinalVertices(req.trees), many = all === null || all.length > COMPACT_PARTS;
  var edgeD = [], dots = layers(), parts = [];
  req.trees.forEach(function (tree, ti) {
    /* leaves left to right, parents above the middle of their children (explicit stack) */
    var pos = [], stack = [{ t: tree, d: 0, parent: -1, path: [] }];
    var items = [];
    while (stack.length && nodes < 2000) {
      var it = stack.pop(); nodes++;
      var id = items.length; items.push({ d: it.d, parent: it.parent, kids: [], path: it.path, name: name(nodes - 1), size: 1 });
      if (it.parent >= 0) items[it.parent].kids.push(id);
      maxDepth = Math.max(maxDepth, it.d);
      if (Array.isArray(it.t)) for (var c = it.t.length - 1; c >= 0; c--) stack.push({ t: it.t[c], d: it.d + 1, parent: id, path: it.path.concat([c]) });
    }
    for (var i = items.length - 1; i >= 0; i--) {
      if (!items[i].kids.length) { pos[i] = x; x += 1; }
      else pos[i] = items[i].kids.reduce(function (a, k) { return a + pos[k]; }, 0) / items[i].kids.length;
      if (items[i].parent >= 0) items[items[i].parent].size += items[i].size;
    }
    /* the sizes of the trees the listed moves of this tree leave: a vertex's removal is looked
     * up (a copy of the tree) only when it leaves a tree of one of those sizes */
    var listed = state.board ? state.board.byTree.get(pre + ti) || [] : [], sizes = new Set();
    listed.forEach(function (j) {
      var m = state.board.sorted[j].move;
      if (comp !== undefined && isObj(m)) m = m.move;
      if (isObj(m)) sizes.add(treeSize(m.replace_with));
    });
    items.forEach(function (itm, i) {
      if (itm.parent < 0) return;
      var x1 = pos[itm.parent] * 30, y1 = -itm.d * 36 + 36, x2 = pos[i] * 30, y2 = -itm.d * 36;
      if (many) edgeD.push(segmentD({ x: x1, y: y1 }, { x: x2, y: y2 }));
      else s.appendChild(svg("line", { "class": "edge", x1: x1, y1: y1, x2: x2, y2: y2, stroke: "currentColor" }));
    });
    items.forEach(function (itm, i) {
      var cx = pos[i] * 30, cy = -itm.d * 36, circle;
      if (itm.parent >= 0) {
        /* a vertex: remove it and everything above it, one move */
        /* the path says which vertex went (a star's leaves look alike): the names follow it */
        var mv = function () { return { tree: ti, replace_with: removeSubtree(tree, itm.path), path: itm.path }; };
        var j = sizes.has(items[0].size - itm.size) ? lookupMove("ordinal_trees", mv(), comp) : -1;
        var go = function () { var m = mv(); play("You", comp !== undefined ? { component: comp, game: "ordinal_trees", move: m } : m,
                                                   comp !== undefined ? "sum" : undefined); };
        var words = "tree " + ti + ": remove vertex " + itm.name + " (path /" + itm.path.join("/") + ") and what is above it";
        if (many) {
          var pm = partMoves(j >= 0 ? [j] : [], go, true);
          if (!pm.own) {
            dots.add("vertex ordinal-dot " + pm.cls, circleD(cx, cy, 9));
            parts.push({ x: cx, y: cy, act: pm.act, words: words });
            return;
          }
        }
        circle = svg("circle", { "class": "vertex", cx: cx, cy: cy, r: 12, "data-vertex": ti + ":/" + itm.path.join("/"), "data-name": String(itm.name) });
        bindMoves(circle, j >= 0 ? [j] : [], words, go, "vertex ordinal-cut", undefined, true);
      } else {
        /* the root: every listed replacement of this tree (two steps: choose, then confirm) */
        circle = svg("circle", { "class": "vertex", cx: cx, cy: cy, r: 12, "data-vertex": ti + ":/" + itm.path.join("/"), "data-name": String(itm.name) });
        bindMoves(circle, listed, "tree " + ti + ": replace it by a smaller tree", null, "vertex ordinal-root");
      }
      /* the move's target is a circle of 12 units (24 px and more at the scale of a few
       * trees, WCAG 2.5.8) in a pale tint of its outcome, the vertex a dot over it */
      s.appendChild(circle);
      s.appendChild(svg("circle", { "class": circle.getAttribute("class") + " ordinal-dot", cx: cx, cy: cy, r: 9, "aria-hidden": "true" }));
      var lab = svg("text", { "class": "label ordinal-name", x: cx, y: cy, "aria-hidden": "true" });
      lab.textContent = String(itm.name);
      s.appendChild(lab);
    });
    var lab = svg("text", { "class": "label", x: (items.length ? pos[0] : x) * 30, y: 16 }); lab.textContent = "tree " + ti; s.appendChild(lab);
    x += 1;
  });
  s.setAttribute("viewBox", [-20, -maxDepth * 36 - 20, Math.max(x, 1) * 30 + 20, maxDepth * 36 + 50].join(" "));
  s.style.maxWidth = Math.max(200, x * 40) + "px";
  if (!many) return s;
  var under = [svg("path", { "class": "edge compact-layer", d: edgeD.join(""), stroke: "currentColor", fill: "none", "aria-hidden": "true" })]
    .concat(dots.elements(""));
  for (var k = under.length - 1; k >= 0; k--) s.insertBefore(under[k], s.firstChild);
  s.setAttribute("aria-label", "Ordinal trees, drawn compactly: point at a vertex to see it, click it to remove it and what is above it");
  return pointParts(s, {
    hit: function (px, py, tol) {
      var best = -1, bd = Math.max(tol, 12);
      parts.forEach(function (p, i) { var d = Math.hypot(px - p.x, py - p.y); if (d <= bd) { bd = d; best = i; } });
      return best;
    },
    act: function (i) { return parts[i].act; },
    words: function (i) { return parts[i].words; },
    mark: function (i) { return circleD(parts[i].x, parts[i].y, 12); }
  });
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
  /* in the JSON's numbers (the tree's index, the path of what goes), the drawing's names after */
  describe: function (move, names) {
    var words = "replace tree " + move.tree + " by " + compact(move.replace_with);
    var last = state.last, req = last && last.game === "ordinal_trees" ? last.req : null;
    var vs = req && isObj(req) && isIndex(move.tree, (req.trees || []).length) ? ordinalVertices(req.trees) : null;
    var kept = vs ? keptVertices(req, vs, move) : null;
    if (!kept) return words;
    var gone = vs.map(function (v, i) { return i; }).filter(function (i) { return vs[i].tree === move.tree && kept.indexOf(i) < 0; });
    if (!gone.length) return words;
    var top = vs[gone[0]];
    return words + " (remove the subtree at /" + top.path.join("/") + ": vertex " + names.vn(gone[0]) +
           (gone.length > 1 ? " and the " + (gone.length - 1) + " above it" : "") + ")";
  },
  ids: function (req) {
    var vs = ordinalVertices(req.trees);
    return vs ? { v: vs.map(function (v, i) { return i; }) } : null;
  },
  idsAfter: ordinalIdsAfter,
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
