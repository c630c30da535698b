import { analyse } from "./api.mjs";
import { R, redraw } from "./draw.mjs";
import { play } from "./history.mjs";
import { SEQ_COUNT, updateSequence } from "./sequence.mjs";
import { restore } from "./share.mjs";
import { $, drawingEl, state } from "./state.mjs";
import { isObj, parseInput, svg } from "./util.mjs";

/* ---- Zoom and pan: a scale on the drawing, dragging scrolls it. ------------------------ */
/* Zoom: null (the start) fits the drawing but never below a readable scale (a vertex
 * at least ~12 px across: a 120-vertex tree would otherwise be a strip); "Fit" (1) fits
 * it whatever the size; each + doubles.  fit: the drawing area's width (CSS px), measured
 * before the drawing was put in (no forced layout of it); the svg is that wide (width: 100%)
 * up to its own max-width. */
export function applyZoom(fit) {
  var s = drawingEl.querySelector(":scope > svg");
  if (!s) return;
  var z = state.zoom;
  if (z == null) {
    var vb = s.viewBox && s.viewBox.baseVal, w = fit, mw = parseFloat(s.style.maxWidth);
    var scale = vb && vb.width > 0 && w > 0 ? (mw > 0 ? Math.min(w, mw) : w) / vb.width : 1;
    z = scale > 0 && scale * 2 * R < 12 ? Math.min(32, 12 / (scale * 2 * R)) : 1;
  }
  if (z !== 1) { s.style.width = (z * 100) + "%"; s.style.maxWidth = "none"; s.style.maxHeight = "none"; }
}
export function currentZoom() {
  var s = drawingEl.querySelector(":scope > svg");
  var w = s && s.style.width;
  return w && /%$/.test(w) ? parseFloat(w) / 100 : 1;
}
export function bindExtra() {
  state.seqPlot = 0;
  $("zoom-in").addEventListener("click", function () { state.zoom = Math.min(32, (state.zoom || currentZoom()) * 2); redraw(state.last && state.last.resp); });
  $("zoom-out").addEventListener("click", function () { state.zoom = Math.max(1, (state.zoom || currentZoom()) / 2); redraw(state.last && state.last.resp); });
  $("zoom-reset").addEventListener("click", function () { state.zoom = 1; redraw(state.last && state.last.resp); });
  var drag = null;
  drawingEl.addEventListener("pointerdown", function (ev) { if (drawingEl.scrollWidth > drawingEl.clientWidth) drag = { x: ev.clientX, y: ev.clientY, sl: drawingEl.scrollLeft, st: drawingEl.scrollTop }; });
  window.addEventListener("pointerup", function () { drag = null; });
  drawingEl.addEventListener("pointermove", function (ev) { if (drag) { drawingEl.scrollLeft = drag.sl - (ev.clientX - drag.x); drawingEl.scrollTop = drag.st - (ev.clientY - drag.y); } });
  var seqMove = function (d) { $("seq-from").value = Math.max(0, (Number($("seq-from").value) || 0) + d); if (state.last) updateSequence(state.last.game, state.last.req, state.last.resp); };
  $("seq-prev").addEventListener("click", function () { seqMove(-SEQ_COUNT); });
  $("seq-next").addEventListener("click", function () { seqMove(SEQ_COUNT); });
  $("seq-from").addEventListener("change", function () { seqMove(0); });
  /* a hash typed or pasted by hand (not the one this page wrote) loads that game */
  window.addEventListener("hashchange", function () { if (location.hash !== state.lastHash && restore()) analyse(); });
}


export function winningSets(resp, keyOf) {
  var best = null, others = [];
  if (resp && isObj(resp.winning_move)) best = keyOf(resp.winning_move);
  if (resp && Array.isArray(resp.winning_moves)) others = resp.winning_moves.map(keyOf);
  return { best: best, others: others };
}

export function finishSvg(root, box, label) {
  var pad = 28;
  var minX = box.minX - pad, maxX = box.maxX + pad, minY = box.minY - pad, maxY = box.maxY + 22;
  var s = svg("svg", {
    viewBox: [minX, minY, maxX - minX, maxY - minY].join(" "),
    role: "group", "aria-label": label, "data-testid": "drawing-svg"
  });
  s.style.maxWidth = Math.max(260, (maxX - minX) * 1.6) + "px";
  var ground = svg("g", { "class": "ground-layer" });
  ground.appendChild(svg("line", { "class": "ground", x1: minX + 6, y1: 0, x2: maxX - 6, y2: 0 }));
  /* the hatching, one path (a wide forest is thousands of strokes) */
  var hatch = [];
  for (var x = minX + 12; x < maxX - 8; x += 14) hatch.push("M" + x.toFixed(1) + " 3l-9 11");
  ground.appendChild(svg("path", { "class": "hatch", d: hatch.join("") }));
  s.appendChild(ground);
  root.forEach(function (g) { s.appendChild(g); });
  return s;
}

/* One edge: shape "line" (from p to q), "curve" (p to q bent by `off` along the unit
 * normal n) or "loop" (a circle of radius r centred at c).  The hit area always has a
 * non-empty box whose centre lies on the edge's own area, so it can be clicked there. */
export function edgeElement(shape, geo, index, title, cls, onCut) {
  var e = svg("g", { "class": "edge" + (cls ? " " + cls : ""), "data-edge": String(index), "data-shape": shape });
  var t = svg("title", {});
  t.textContent = title;
  e.appendChild(t);
  var p = geo.p, q = geo.q;
  if (shape === "line") {
    var dx = q.x - p.x, dy = q.y - p.y, len = Math.sqrt(dx * dx + dy * dy) || 1;
    var hx = -dy / len * geo.halfWidth, hy = dx / len * geo.halfWidth;
    e.appendChild(svg("polygon", { "class": "hit area", points: [
      [p.x + hx, p.y + hy], [q.x + hx, q.y + hy], [q.x - hx, q.y - hy], [p.x - hx, p.y - hy]
    ].map(function (pt) { return pt[0].toFixed(1) + "," + pt[1].toFixed(1); }).join(" ") }));
    e.appendChild(svg("line", { "class": "stroke", x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
  } else if (shape === "curve") {
    /* A quadratic Bezier whose control point is 2*off from the chord's middle passes
     * through the point off from it; the hit area is the region between chord and curve. */
    var cx = (p.x + q.x) / 2 + geo.n.x * geo.off * 2, cy = (p.y + q.y) / 2 + geo.n.y * geo.off * 2;
    var d = "M" + p.x + " " + p.y + " Q" + cx.toFixed(1) + " " + cy.toFixed(1) + " " + q.x + " " + q.y;
    e.appendChild(svg("path", { "class": "hit", d: d + " Z" }));
    e.appendChild(svg("path", { "class": "stroke", d: d }));
  } else {
    e.appendChild(svg("circle", { "class": "hit area", cx: geo.c.x, cy: geo.c.y, r: geo.r + 5 }));
    e.appendChild(svg("circle", { "class": "stroke", cx: geo.c.x, cy: geo.c.y, r: geo.r }));
  }
  Object.keys(geo.data || {}).forEach(function (k) { e.setAttribute("data-" + k, geo.data[k]); });
  if (onCut) {
    e.setAttribute("tabindex", "0");
    e.setAttribute("role", "button");
    e.setAttribute("aria-label", title);
    e.addEventListener("click", onCut);
    e.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onCut(); }
    });
  }
  return e;
}

export function vertexElements(layer, v, x, y, onGround) {
  var cls = onGround ? " on-ground" : "";
  layer.appendChild(svg("circle", { "class": "vertex" + cls, cx: x, cy: y, r: R, "data-vertex": v }));
  var t = svg("text", { "class": "label" + cls, x: x, y: y });
  t.textContent = String(v);
  layer.appendChild(t);
}

export function cutHandler(game, move) {
  var comp = state.sumComponent;
  if (comp !== undefined) {
    /* a component of a sum, drawn in place: the move is the sum's */
    return function () { play("You", { component: comp, game: game, move: move }, "sum"); };
  }
  return function () {
    /* A click plays on the position shown: the last analysed one if it is still in the box. */
    var last = state.last;
    var req = parseInput();
    if (!req) return;
    if (!last || last.game !== game || JSON.stringify(last.req) !== JSON.stringify(req)) {
      state.last = { game: game, req: req, resp: {} };
      state.board = null;
    }
    play("You", move, game);
  };
}
