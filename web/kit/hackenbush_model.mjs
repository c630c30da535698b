import { MAX_MODEL_VERTICES } from "./state.mjs";
import { isIndex, isObj } from "./util.mjs";

/* ---- Hackenbush models: what the drawing and the moves work on. ------------------------ */

/* A rooted forest as a parent array, from any of the three request forms.  `form` says how
 * to write it back; `pathOf[v]` is vertex v's JSON Pointer-like path in the nested form. */
export function treeModel(req) {
  if (Array.isArray(req.parent)) {
    var n = req.parent.length, parent = [];
    for (var i = 0; i < n; i++) {
      var p = req.parent[i];
      if (p !== -1 && !isIndex(p, n)) return { error: "parent[" + i + "] is not -1 or a vertex id" };
      parent.push(p);
    }
    return checkForest({ form: "parent", parent: parent });
  }
  if (Array.isArray(req.edges)) {
    var m = req.edges.length, maxId = -1;
    for (var e = 0; e < m; e++) {
      var ed = req.edges[e];
      if (!Array.isArray(ed) || ed.length !== 2 || !isIndex(ed[0], 1e7) || !isIndex(ed[1], 1e7)) {
        return { error: "edges[" + e + "] is not a pair of vertex ids" };
      }
      maxId = Math.max(maxId, ed[0], ed[1]);
    }
    var root = req.root === undefined ? 0 : req.root;
    var nv = Math.max(maxId + 1, 1);
    if (nv > MAX_MODEL_VERTICES) return { error: "too many vertices (" + nv + ") for this page to draw" };
    if (!isIndex(root, nv)) return { error: "root is not a vertex id" };
    var adj = [];
    for (var v = 0; v < nv; v++) adj.push([]);
    req.edges.forEach(function (x) { adj[x[0]].push(x[1]); adj[x[1]].push(x[0]); });
    var par = new Array(nv).fill(-2);
    par[root] = -1;
    var queue = [root];
    for (var h = 0; h < queue.length; h++) {
      var u = queue[h];
      for (var j = 0; j < adj[u].length; j++) {
        var w = adj[u][j];
        if (par[w] === -2) { par[w] = u; queue.push(w); }
      }
    }
    if (queue.length !== nv || m !== nv - 1) return { error: "the edges are not one tree" };
    return checkForest({ form: "edges", parent: par, root: root });
  }
  if (Array.isArray(req.nested)) {
    /* Pre-order numbering (the root is 0), with an explicit stack: deep trees are fine. */
    var parentN = [-1], pathOf = [""], stack = [[req.nested, 0]];
    while (stack.length) {
      var top = stack.pop(), kids = top[0], pv = top[1];
      if (!Array.isArray(kids)) return { error: "nested: a tree must be an array" };
      var ids = [];
      for (var k = 0; k < kids.length; k++) {
        parentN.push(pv);
        pathOf.push(pathOf[pv] + "/" + k);
        ids.push(parentN.length - 1);
      }
      for (k = kids.length - 1; k >= 0; k--) stack.push([kids[k], ids[k]]);
    }
    return renumberPreorder({ form: "nested", parent: parentN, pathOf: pathOf });
  }
  return { error: "give \"parent\", \"edges\" or \"nested\"" };
}
/* The nested form's ids above are assigned breadth-first within each stack frame; put
 * them in true pre-order so that paths and drawing order follow the input's order. */
export function renumberPreorder(model) {
  var n = model.parent.length, children = childrenOf(model.parent), order = [], stack = [0];
  while (stack.length) {
    var v = stack.pop();
    order.push(v);
    for (var i = children[v].length - 1; i >= 0; i--) stack.push(children[v][i]);
  }
  var newId = new Array(n), parent = new Array(n), pathOf = new Array(n);
  order.forEach(function (v, i) { newId[v] = i; });
  order.forEach(function (v, i) {
    parent[i] = model.parent[v] < 0 ? -1 : newId[model.parent[v]];
    pathOf[i] = model.pathOf[v];
  });
  return { form: "nested", parent: parent, pathOf: pathOf };
}
export function childrenOf(parent) {
  var children = parent.map(function () { return []; });
  parent.forEach(function (p, v) { if (p >= 0) children[p].push(v); });
  return children;
}
export function checkForest(model) {
  /* Every vertex must reach a root without a cycle; the server says exactly what is wrong. */
  var n = model.parent.length, children = childrenOf(model.parent), seen = 0, stack = [];
  model.parent.forEach(function (p, v) { if (p === -1) stack.push(v); });
  while (stack.length) {
    var v = stack.pop();
    seen++;
    children[v].forEach(function (c) { stack.push(c); });
    if (seen > n) break;
  }
  if (seen !== n) return { error: "the parent array is not a forest" };
  return model;
}
/* Cut the edge above `child`: its whole subtree falls; the rest is renumbered in order. */
export function cutTree(req, model, child) {
  var n = model.parent.length, children = childrenOf(model.parent), gone = new Array(n).fill(false);
  var stack = [child];
  while (stack.length) {
    var v = stack.pop();
    gone[v] = true;
    children[v].forEach(function (c) { stack.push(c); });
  }
  var newId = new Array(n).fill(-1), kept = 0;
  for (var i = 0; i < n; i++) if (!gone[i]) newId[i] = kept++;
  var parent = [];
  for (i = 0; i < n; i++) if (!gone[i]) parent.push(model.parent[i] < 0 ? -1 : newId[model.parent[i]]);
  var out = {};
  if (model.form === "parent") {
    Object.keys(req).forEach(function (k) { out[k] = k === "parent" ? parent : req[k]; });
  } else if (model.form === "edges") {
    Object.keys(req).forEach(function (k) {
      if (k === "edges") {
        out.edges = req.edges.filter(function (e) { return !gone[e[0]] && !gone[e[1]]; })
          .map(function (e) { return [newId[e[0]], newId[e[1]]]; });
      } else if (k === "root") {
        out.root = newId[model.root];
      } else {
        out[k] = req[k];
      }
    });
  } else {
    /* Rebuild nested arrays; ids are in pre-order, so parents come before children. */
    var arrays = parent.map(function () { return []; });
    parent.forEach(function (p, v) { if (p >= 0) arrays[p].push(arrays[v]); });
    Object.keys(req).forEach(function (k) { out[k] = k === "nested" ? arrays[0] : req[k]; });
  }
  return out;
}
export function treeMoveChild(model, move) {
  if (!isObj(move)) return -1;
  if (model.form === "nested" && typeof move.path === "string") return model.pathOf.indexOf(move.path);
  if (isIndex(move.child, model.parent.length)) return move.child;
  return -1;
}

/* A graph with ground vertices; `attached[i]` says whether edge i still reaches the ground. */
export function graphModel(req) {
  if (!Array.isArray(req.edges)) return { error: "give \"edges\": [[u, v], ...]" };
  var ground = Array.isArray(req.ground) ? req.ground : [0];
  var maxId = -1, i;
  for (i = 0; i < req.edges.length; i++) {
    var e = req.edges[i];
    if (!Array.isArray(e) || e.length !== 2 || !isIndex(e[0], 1e7) || !isIndex(e[1], 1e7)) {
      return { error: "edges[" + i + "] is not a pair of vertex ids" };
    }
    maxId = Math.max(maxId, e[0], e[1]);
  }
  for (i = 0; i < ground.length; i++) {
    if (!isIndex(ground[i], 1e7)) return { error: "ground[" + i + "] is not a vertex id" };
    maxId = Math.max(maxId, ground[i]);
  }
  var n = Math.max(typeof req.vertices === "number" ? req.vertices : 0, maxId + 1);
  if (n > MAX_MODEL_VERTICES) return { error: "too many vertices (" + n + ") for this page to draw" };
  var model = { n: n, edges: req.edges, isGround: new Array(n).fill(false) };
  ground.forEach(function (g) { model.isGround[g] = true; });
  model.attached = attachedEdges(model, req.edges);
  return model;
}
export function attachedEdges(model, edges) {
  var adj = [], v;
  for (v = 0; v < model.n; v++) adj.push([]);
  edges.forEach(function (e) { adj[e[0]].push(e[1]); adj[e[1]].push(e[0]); });
  var reach = new Array(model.n).fill(false), queue = [];
  for (v = 0; v < model.n; v++) if (model.isGround[v]) { reach[v] = true; queue.push(v); }
  for (var h = 0; h < queue.length; h++) {
    adj[queue[h]].forEach(function (w) { if (!reach[w]) { reach[w] = true; queue.push(w); } });
  }
  return edges.map(function (e) { return reach[e[0]]; });
}
/* Cut edge i; whatever no longer reaches the ground falls away with it (vertex ids stay). */
export function cutGraph(req, model, i) {
  var rest = req.edges.filter(function (e, j) { return j !== i && model.attached[j]; });
  var att = attachedEdges(model, rest);
  rest = rest.filter(function (e, j) { return att[j]; });
  var out = {};
  Object.keys(req).forEach(function (k) { out[k] = k === "edges" ? rest : req[k]; });
  return out;
}
