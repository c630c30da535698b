import { bindMoves, lookupMove } from "./board.mjs";
import { COMPACT_PARTS, circleD, layers, partMoves, pointParts, segmentD, segmentDistance } from "./compact.mjs";
import { GAP_X, GAP_Y, R } from "./draw.mjs";
import { childrenOf, graphModel, treeModel, treeMoveChild } from "./hackenbush_model.mjs";
import { coloredPlain } from "./partizan.mjs";
import { lineLayout } from "./search_draw.mjs";
import { $, state } from "./state.mjs";
import { cutHandler, edgeElement, finishSvg, vertexElements, winningSets } from "./svg.mjs";
import { isObj, svg } from "./util.mjs";
import { compIds } from "./words.mjs";
/* Half the width of an edge's hit band, in drawing units: a target of at least 24 CSS px
 * (WCAG 2.5.8) at the scale the drawings of a few edges get on a 390 px phone (0.7 and up). */
export var HIT_HALF = 18;

/* Slots for a forest: x (in gaps) and depth of each vertex. */
export function treeLayout(model) {
  var parent = model.parent, n = parent.length, children = childrenOf(parent);
  var x = new Array(n), depth = new Array(n).fill(0), slot = 0, roots = [];
  parent.forEach(function (p, v) { if (p < 0) roots.push(v); });
  /* Leaves take the next slot left to right; a parent sits above the middle of its
   * children.  Post-order with an explicit stack (no recursion on input depth). */
  roots.forEach(function (r, ri) {
    if (ri > 0) slot += 0.6;
    var stack = [[r, 0]];
    while (stack.length) {
      var top = stack[stack.length - 1], v = top[0];
      if (top[1] < children[v].length) {
        var c = children[v][top[1]++];
        depth[c] = depth[v] + 1;
        stack.push([c, 0]);
      } else {
        stack.pop();
        var kids = children[v];
        x[v] = kids.length ? (x[kids[0]] + x[kids[kids.length - 1]]) / 2 : slot++;
      }
    }
  });
  return { x: x, depth: depth };
}
/* A forest: vertices keep their names (labels, data-vertex; the edge above a vertex has
 * its name in data-edge) and places after cuts, although the request renumbers them. */
export function drawTree(req, model, resp) {
  var parent = model.parent, n = parent.length, comp = state.sumComponent;
  var ids = compIds(comp);
  var name = function (v) { return ids && ids.v && ids.v[v] !== undefined ? ids.v[v] : v; };
  var slot = function (v) { return comp === undefined ? name(v) : v; }; /* a component is laid out afresh */
  var fresh = function (r) { var m = treeModel(r); return m.error ? null : treeLayout(m); };
  var lay = (comp === undefined ? lineLayout("hackenbush_tree", fresh, req) : null) || treeLayout(model);
  if (!lay || lay.x.length < n && !ids) lay = treeLayout(model);
  var roots = [];
  parent.forEach(function (p, v) { if (p < 0) roots.push(v); });
  var box = { minX: Infinity, maxX: -Infinity, minY: 0, maxY: 0 };
  var px = function (v) { return (lay.x[slot(v)] || 0) * GAP_X; }, py = function (v) { return -(lay.depth[slot(v)] || 0) * GAP_Y; };
  parent.forEach(function (p, v) {
    box.minY = Math.min(box.minY, py(v) - R);
    box.minX = Math.min(box.minX, px(v) - R); box.maxX = Math.max(box.maxX, px(v) + R);
  });
  if (!n) { box.minX = -R; box.maxX = GAP_X; }
  var win = winningSets(resp, function (m) { return treeMoveChild(model, m); });
  var others = new Set(win.others);
  var edges = svg("g", { "class": "edges" }), verts = svg("g", { "class": "vertices" });
  var sink = n - roots.length > COMPACT_PARTS ? edgeSink() : null;
  for (var v = 0; v < n; v++) {
    var p = parent[v];
    if (p < 0) continue;
    var cls = v === win.best ? " winning" : (others.has(v) ? " winning-alt" : "");
    var move = model.form === "nested" ? { path: model.pathOf[v] } : { parent: p, child: v };
    var title = "Cut the edge " + name(p) + "\u2013" + name(v) + (v === win.best ? " (the engine's choice)" : "");
    var geo = { p: { x: px(p), y: py(p) }, q: { x: px(v), y: py(v) }, halfWidth: HIT_HALF, data: { parent: name(p), child: name(v) } };
    var j = lookupMove("hackenbush_tree", move, comp);
    var idxs = j >= 0 ? [j] : [];
    if (sink) {
      var pm = partMoves(idxs, cutHandler("hackenbush_tree", move));
      if (!pm.own) { sink.add("line", geo, "edge" + cls + " " + pm.cls, title, pm.act); continue; }
    }
    var e = edgeElement("line", geo, name(v), title, "", null);
    bindMoves(e, idxs, title, cutHandler("hackenbush_tree", move), "edge" + cls);
    edges.appendChild(e);
  }
  var label = "Hackenbush forest with " + (n - roots.length) + " edges";
  if (sink) return sink.finish(edges, n, function (v) { return { x: px(v), y: py(v), ground: parent[v] < 0 }; }, box, label);
  for (v = 0; v < n; v++) vertexElements(verts, name(v), px(v), py(v), parent[v] < 0);
  return finishSvg([edges, verts], box, label);
}

/* A compact Hackenbush drawing (past COMPACT_PARTS edges, see compact.mjs): the edges that
 * are not drawn as elements of their own, one path per class; the vertices one path (the
 * ground's another), unlabelled: pointing at an edge says its ends. */
function edgeSink() {
  var parts = [], lay = layers();
  var pathOf = function (shape, geo) {
    if (shape === "line") return segmentD(geo.p, geo.q);
    if (shape === "curve") return "M" + geo.p.x + " " + geo.p.y + "Q" + curveControl(geo).join(" ") + " " + geo.q.x + " " + geo.q.y;
    return circleD(geo.c.x, geo.c.y, geo.r);
  };
  var distance = function (part, x, y) {
    var g = part.geo;
    if (part.shape === "line") return segmentDistance(x, y, g.p, g.q);
    if (part.shape === "loop") return Math.abs(Math.hypot(x - g.c.x, y - g.c.y) - g.r);
    var c = curveControl(g), best = Infinity, prev = g.p;
    for (var k = 1; k <= 12; k++) {
      var t = k / 12, u = 1 - t;
      var pt = { x: u * u * g.p.x + 2 * u * t * c[0] + t * t * g.q.x, y: u * u * g.p.y + 2 * u * t * c[1] + t * t * g.q.y };
      best = Math.min(best, segmentDistance(x, y, prev, pt));
      prev = pt;
    }
    return best;
  };
  return {
    add: function (shape, geo, cls, title, act) {
      parts.push({ shape: shape, geo: geo, title: title, act: act });
      lay.add(cls, pathOf(shape, geo));
    },
    /* vertex(v): {x, y, ground} or null (not drawn) for v < n */
    finish: function (own, n, vertex, box, label) {
      var dots = layers();
      for (var v = 0; v < n; v++) {
        var at = vertex(v);
        if (at) dots.add(at.ground ? "vertex on-ground" : "vertex", circleD(at.x, at.y, R));
      }
      var s = finishSvg(lay.elements("stroke").concat([own], dots.elements("")), box,
                        label + ", drawn compactly: point at an edge to see its ends, click it to cut it");
      return pointParts(s, {
        hit: function (x, y, tol) {
          var best = -1, bd = Math.max(tol, 6);
          for (var i = 0; i < parts.length; i++) {
            var d = distance(parts[i], x, y);
            if (d <= bd) { bd = d; best = i; }
          }
          return best;
        },
        act: function (i) { return parts[i].act; },
        words: function (i) { return parts[i].title; },
        mark: function (i) { return pathOf(parts[i].shape, parts[i].geo); }
      });
    }
  };
}
/* A curve's control point: 2 * off from the chord's middle (it passes through off from it). */
function curveControl(geo) {
  return [Number(((geo.p.x + geo.q.x) / 2 + geo.n.x * geo.off * 2).toFixed(1)), Number(((geo.p.y + geo.q.y) / 2 + geo.n.y * geo.off * 2).toFixed(1))];
}

/* colored: Red-Blue-Green Hackenbush's drawing ({game, edge(element, index, title, detached),
 * part(index, title, detached) for a compact drawing's edge: {own, cls, act} as partMoves'}
 * binds each edge instead of the impartial outcome marks). */
export function drawGraph(req, model, resp, colored) {
  var n = model.n, edges = model.edges, m = edges.length, v, i;
  var adj = [];
  for (v = 0; v < n; v++) adj.push([]);
  var used = new Array(n).fill(false);
  edges.forEach(function (e) {
    used[e[0]] = used[e[1]] = true;
    if (e[0] !== e[1]) { adj[e[0]].push(e[1]); adj[e[1]].push(e[0]); }
  });
  /* Rows by breadth-first distance from the ground; parts that do not reach the ground
   * float to the right, from row 1. */
  var level = new Array(n).fill(-1), comp = new Array(n).fill(0), order = [], queue = [];
  for (v = 0; v < n; v++) if (model.isGround[v]) { level[v] = 0; queue.push(v); }
  var h = 0, nextComp = 1;
  var bfs = function () {
    for (; h < queue.length; h++) {
      var u = queue[h];
      order.push(u);
      adj[u].forEach(function (w) {
        if (level[w] < 0) { level[w] = level[u] + 1; comp[w] = comp[u]; queue.push(w); }
      });
    }
  };
  bfs();
  for (v = 0; v < n; v++) {
    if (used[v] && level[v] < 0) { level[v] = 1; comp[v] = nextComp++; queue.push(v); bfs(); }
  }
  var rows = [];
  order.forEach(function (u) { (rows[level[u]] = rows[level[u]] || []).push(u); });
  for (i = 0; i < rows.length; i++) rows[i] = rows[i] || [];
  var xs = new Array(n).fill(0);
  var place = function (row) {
    row.forEach(function (u, k) { xs[u] = k * GAP_X; });
  };
  /* Order each row by the mean position of its neighbours in the row below (then above):
   * a few barycentre sweeps keep crossings down, and the result is deterministic. */
  rows.forEach(place);
  var sweep = function (r, ref) {
    var key = {};
    rows[r].forEach(function (u) {
      var s = 0, c = 0;
      adj[u].forEach(function (w) { if (level[w] === ref) { s += xs[w]; c++; } });
      key[u] = c ? s / c : xs[u];
    });
    rows[r] = rows[r].slice().sort(function (a, b) { return (comp[a] - comp[b]) || (key[a] - key[b]) || (a - b); });
    place(rows[r]);
  };
  for (var it = 0; it < 3; it++) {
    for (i = 1; i < rows.length; i++) sweep(i, i - 1);
    for (i = rows.length - 2; i >= 0; i--) sweep(i, i + 1);
  }
  /* x: the ground row evenly spaced; each row above under its neighbours below, pushed
   * apart to at least GAP_X, the whole row then re-centred on where it wanted to be. */
  for (i = 1; i < rows.length; i++) {
    var want = rows[i].map(function (u) {
      var s = 0, c = 0;
      adj[u].forEach(function (w) { if (level[w] === i - 1 && comp[w] === comp[u]) { s += xs[w]; c++; } });
      return c ? s / c : xs[u];
    });
    var got = want.slice();
    for (var k = 1; k < got.length; k++) got[k] = Math.max(got[k], got[k - 1] + GAP_X);
    var shift = (want.reduce(function (a, b) { return a + b; }, 0) - got.reduce(function (a, b) { return a + b; }, 0)) / (got.length || 1);
    rows[i].forEach(function (u, kk) { xs[u] = got[kk] + shift; });
  }
  /* Detached parts go to the right of everything else. */
  var maxAttached = -Infinity;
  for (v = 0; v < n; v++) if (level[v] >= 0 && comp[v] === 0) maxAttached = Math.max(maxAttached, xs[v]);
  if (maxAttached === -Infinity) maxAttached = 0;
  var minDetached = Infinity;
  for (v = 0; v < n; v++) if (level[v] >= 0 && comp[v] > 0) minDetached = Math.min(minDetached, xs[v]);
  if (minDetached !== Infinity) {
    for (v = 0; v < n; v++) if (level[v] >= 0 && comp[v] > 0) xs[v] += maxAttached + GAP_X * 1.2 - minDetached;
  }
  /* Vertices stay where the game's first position put them (edges fall away, vertices
   * keep their ids): only the part that changed looks different. */
  var line = state.line;
  if (state.sumComponent === undefined && line && line.game === (colored ? colored.game : "hackenbush_graph") && line.rootIds) {
    if (line.at === 0) line.layout = { xs: xs.slice(), level: level.slice() };
    else if (!line.layout && !state.layingOut) {
      /* a game restored from the URL: lay its first position out once (that drawing is dropped) */
      var rootReq = null;
      try { rootReq = JSON.parse(line.root); } catch (e) { rootReq = null; }
      var rootModel = isObj(rootReq) ? graphModel(colored ? coloredPlain(rootReq) : rootReq) : { error: "unreadable" };
      if (!rootModel.error) {
        var saved = line.at;
        state.layingOut = true;
        line.at = 0;
        try { drawGraph(rootReq, rootModel, null, colored ? { game: colored.game, edge: function () {},
                                                            part: function () { return { own: false, cls: "", act: null }; } } : undefined); }
        finally { line.at = saved; state.layingOut = false; }
      }
    }
    if (line.layout) {
      for (v = 0; v < n; v++) {
        if (level[v] >= 0 && line.layout.level[v] >= 0) { xs[v] = line.layout.xs[v]; level[v] = line.layout.level[v]; }
      }
    }
  }
  var ys = function (u) { return -level[u] * GAP_Y; };
  var box = { minX: Infinity, maxX: -Infinity, minY: 0, maxY: 0 };
  for (v = 0; v < n; v++) {
    if (level[v] < 0) continue;
    box.minX = Math.min(box.minX, xs[v] - R); box.maxX = Math.max(box.maxX, xs[v] + R);
    box.minY = Math.min(box.minY, ys(v) - R);
  }
  if (box.minX === Infinity) { box.minX = 0; box.maxX = GAP_X; }

  var win = winningSets(resp, function (mv) { return isObj(mv) ? mv.edge : -1; });
  var layer = svg("g", { "class": "edges" }), verts = svg("g", { "class": "vertices" });
  /* Parallel edges become curves fanned out around the straight line; loops small circles
   * above their vertex, nested when there are several. */
  var groups = {}, loops = {};
  var pos = function (u) { return { x: xs[u], y: ys(u) }; };
  var indexInRow = {};
  rows.forEach(function (row) { row.forEach(function (u, kk) { indexInRow[u] = kk; }); });
  for (i = 0; i < m; i++) {
    var a = edges[i][0], b = edges[i][1];
    if (a === b) (loops[a] = loops[a] || []).push(i);
    else { var key = Math.min(a, b) + "," + Math.max(a, b); (groups[key] = groups[key] || []).push(i); }
  }
  var anyDetached = false, comp0 = state.sumComponent;
  var ids = compIds(comp0), others = new Set(win.others);
  var ename = function (i) { return ids && ids.e && ids.e[i] !== undefined ? ids.e[i] : i; };
  var sink = m > COMPACT_PARTS ? edgeSink() : null;
  var addEdge = function (idx, shape, geo) {
    var e0 = edges[idx][0], e1 = edges[idx][1];
    var detached = !model.attached[idx];
    anyDetached = anyDetached || detached;
    var cls = detached ? "detached" : idx === win.best ? "winning" : (others.has(idx) ? "winning-alt" : "");
    var title = (detached ? "Edge " + ename(idx) + " (" + e0 + "\u2013" + e1 + ") is not connected to the ground"
                          : "Cut edge " + ename(idx) + " (" + e0 + "\u2013" + e1 + ")") + (idx === win.best ? ", the engine's choice" : "");
    geo.data = { u: e0, v: e1 };
    var j = colored || detached ? -1 : lookupMove("hackenbush_graph", { edge: idx }, comp0);
    var own = detached ? null : cutHandler("hackenbush_graph", { edge: idx, endpoints: [e0, e1] });
    if (sink) {
      var pm = colored ? colored.part(idx, title, detached) : detached ? { own: false, cls: "", act: null } : partMoves(j >= 0 ? [j] : [], own);
      if (!pm.own) { sink.add(shape, geo, "edge " + cls + " " + pm.cls, title, pm.act); return; }
    }
    var e = edgeElement(shape, geo, ename(idx), title, cls, null);
    if (colored) colored.edge(e, idx, title, detached);
    else if (!detached) bindMoves(e, j >= 0 ? [j] : [], title, own, "edge " + cls);
    layer.appendChild(e);
  };
  Object.keys(groups).forEach(function (key) {
    var list = groups[key], ab = key.split(",").map(Number);
    var p = pos(ab[0]), q = pos(ab[1]);
    var dx = q.x - p.x, dy = q.y - p.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
    var nx = -dy / len, ny = dx / len;
    /* Bend edges that would lie along the ground or run through vertices in their row. */
    var base = 0;
    if (level[ab[0]] === level[ab[1]]) {
      var gapInRow = Math.abs(indexInRow[ab[0]] - indexInRow[ab[1]]);
      if (level[ab[0]] === 0 || gapInRow > 1) base = (level[ab[0]] === 0 ? 22 : 14) + 6 * gapInRow;
      if (ny > 0) { nx = -nx; ny = -ny; }
    }
    /* Offsets of parallel edges: each curve's hit area (chord to curve) must hold the
     * centre of its own box (off/2 from the chord) and not an inner curve's, so offsets
     * on one side at least double; the outer ones are drawn first, the inner on top. */
    var offs = list.map(function (idx, j) {
      if (base) return base * Math.pow(2.2, j);
      var k = j - (list.length - 1) / 2, side = k < 0 ? -1 : 1, a = Math.abs(k);
      if (a === 0) return 0;
      /* odd count: a straight edge in the middle (a band of 2 * 9 units on top); the first
       * curves' own areas are 17 units or more across: 24 px targets at the scale of a few
       * edges (WCAG 2.5.8) */
      var first = list.length % 2 ? 26 : 20;
      return side * first * Math.pow(2.2, Math.ceil(a) - 1);
    });
    var drawOrder = list.map(function (idx, j) { return j; })
      .sort(function (a, b) { return Math.abs(offs[b]) - Math.abs(offs[a]) || a - b; });
    drawOrder.forEach(function (j) {
      var idx = list[j], off = offs[j];
      if (off === 0) {
        addEdge(idx, "line", { p: p, q: q, halfWidth: list.length > 1 ? 9 : HIT_HALF });
      } else {
        var ax = (p.x + q.x) / 2 + nx * off, ay = (p.y + q.y) / 2 + ny * off;
        box.minY = Math.min(box.minY, ay - 6);
        box.minX = Math.min(box.minX, ax - 6);
        box.maxX = Math.max(box.maxX, ax + 6);
        addEdge(idx, "curve", { p: p, q: q, n: { x: nx, y: ny }, off: off });
      }
    });
  });
  /* Loops fan out around their vertex (up, then up-left, up-right, ...); beyond six,
   * larger ones straight up. */
  var LOOP_ANGLES = [0, -62, 62, -124, 124, 180];
  Object.keys(loops).forEach(function (u) {
    var p = pos(Number(u));
    loops[u].forEach(function (idx, j) {
      var r = j < LOOP_ANGLES.length ? 10 : 10 + 8 * (j - LOOP_ANGLES.length + 1);
      var ang = (j < LOOP_ANGLES.length ? LOOP_ANGLES[j] : 0) * Math.PI / 180;
      var dist = R + r - 3;
      var c = { x: p.x + Math.sin(ang) * dist, y: p.y - Math.cos(ang) * dist };
      box.minY = Math.min(box.minY, c.y - r - 6);
      box.maxY = Math.max(box.maxY, c.y + r + 6);
      box.minX = Math.min(box.minX, c.x - r - 6);
      box.maxX = Math.max(box.maxX, c.x + r + 6);
      addEdge(idx, "loop", { c: c, r: r });
    });
  });
  $("legend-detached").hidden = !anyDetached;
  var label = "Hackenbush graph with " + m + " edges";
  if (sink) {
    return sink.finish(layer, n, function (u) {
      return level[u] >= 0 && (used[u] || model.isGround[u]) ? { x: xs[u], y: ys(u), ground: model.isGround[u] } : null; }, box, label);
  }
  for (v = 0; v < n; v++) if (level[v] >= 0 && (used[v] || model.isGround[v])) vertexElements(verts, v, xs[v], ys(v), model.isGround[v]);
  return finishSvg([layer, verts], box, label);
}

/* Component i of a sum, a green Hackenbush tree (graph false) or graph: drawn with the
 * sum's winning move when it is in this component. */
export function drawHackenbushPart(c, resp, i, graph) {
  var model = graph ? graphModel(c) : treeModel(c);
  if (model.error) return null;
  var sub = resp ? { winning_move: resp.winning_move && resp.winning_move.component === i ? resp.winning_move.move : null } : null;
  state.sumComponent = i;
  var d = graph ? drawGraph(c, model, sub) : drawTree(c, model, sub);
  state.sumComponent = undefined;
  return d;
}
