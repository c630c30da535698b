import { bestOutcome, playIndex } from "./board.mjs";
import { state } from "./state.mjs";
import { svg } from "./util.mjs";

/* ---- Compact drawings: many parts in a few elements. ------------------------------------
 * Past COMPACT_PARTS parts (edges, vertices, bars) an element a part (a group, its title, a
 * hit band, a stroke, listeners) costs the page a second or more to build and lay out: 3,000
 * Hackenbush edges were 25,000 elements.  A compact drawing is one <path> per class of parts
 * (an outcome, a colour), the parts that play a listed winning move (or the engine's
 * suggestion) each their own element as before (data-move, a button: every winning move of
 * the list is on the drawing), and one listener on the <svg> that finds the part under the
 * pointer by its position: a click plays it, hovering marks it and says what it is. */
export var COMPACT_PARTS = 300;

var f1 = function (v) { return Math.round(v * 10) / 10; };
/** A segment's path data. @param {{x: number, y: number}} p @param {{x: number, y: number}} q */
export function segmentD(p, q) { return "M" + f1(p.x) + " " + f1(p.y) + "L" + f1(q.x) + " " + f1(q.y); }
/** A circle's path data (two arcs). @param {number} x @param {number} y @param {number} r */
export function circleD(x, y, r) {
  return "M" + f1(x - r) + " " + f1(y) + "a" + r + " " + r + " 0 1 0 " + 2 * r + " 0a" + r + " " + r + " 0 1 0 " + -2 * r + " 0";
}
/** The distance from (x, y) to the segment p-q. */
export function segmentDistance(x, y, p, q) {
  var dx = q.x - p.x, dy = q.y - p.y, l2 = dx * dx + dy * dy;
  var t = l2 > 0 ? Math.max(0, Math.min(1, ((x - p.x) * dx + (y - p.y) * dy) / l2)) : 0;
  var ex = p.x + t * dx - x, ey = p.y + t * dy - y;
  return Math.sqrt(ex * ex + ey * ey);
}

/* Path data gathered by class, then one element per class: <g class="CLS compact-layer">
 * around <path class="INNER">, so that the family's CSS for a part (".edge.lose .stroke")
 * draws the whole layer alike. */
export function layers() {
  var by = new Map();
  return {
    /** @param {string} cls @param {string} d */
    add: function (cls, d) { if (!by.has(cls)) by.set(cls, []); by.get(cls).push(d); },
    /** @param {string} inner @returns {any[]} */
    elements: function (inner) {
      var out = [];
      by.forEach(function (ds, cls) {
        var g = svg("g", { "class": cls + " compact-layer", "aria-hidden": "true" });
        g.appendChild(svg("path", { "class": inner, d: ds.join("") }));
        out.push(g);
      });
      return out;
    }
  };
}

/* How a part that stands for the listed moves idxs (with `own`, the move it stands for when
 * nothing is analysed) is drawn: its own element (own: a winning move, or a choice of several)
 * or in the layer of its outcome (cls), a click on it doing what bindMoves' element would
 * (act; ownFirst as bindMoves': its own move rather than the listed one it equals). */
export function partMoves(idxs, own, ownFirst) {
  var board = state.marking ? state.board : null;
  if (board && idxs.length) {
    var outcome = bestOutcome(idxs);
    if (outcome === "win" || outcome === "slow" || idxs.length > 1) return { own: true, cls: outcome, act: null };
    return { own: false, cls: outcome, act: ownFirst && own ? own : function () { playIndex(idxs[0]); } };
  }
  if (!board) return { own: false, cls: "unknown", act: own };
  return { own: false, cls: "nomove", act: null };
}

/* The pointer on a compact drawing `s`: parts.hit(x, y, tol) the part at (x, y) in the
 * drawing's units (within tol, which is 12 CSS px: a 24 px target) or -1; parts.act(i) plays
 * part i (null: not a move); parts.words(i) what it is; parts.mark(i) the path data that marks
 * it under the pointer.  Elements of their own (role=button) answer for themselves.  The
 * position is read at a click or once a frame while hovering: no layout is forced otherwise. */
export function pointParts(s, parts) {
  var mark = svg("path", { "class": "hover-mark", d: "", "aria-hidden": "true" });
  var tip = svg("title", {});
  s.insertBefore(tip, s.firstChild);
  s.appendChild(mark);
  var base = tip.textContent = s.getAttribute("aria-label") || "";
  var at = function (ev) {
    var m = s.getScreenCTM();
    if (!m) return -1;
    var p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return parts.hit(p.x, p.y, 12 / (Math.abs(m.a) || 1));
  };
  var ownEl = function (ev) { return ev.target instanceof Element && !!ev.target.closest("[role=button]"); };
  /* a drag pans the drawing (svg.mjs): its release is not a click on a part */
  var down = { x: 0, y: 0 };
  s.addEventListener("pointerdown", function (ev) { down = { x: ev.clientX, y: ev.clientY }; });
  s.addEventListener("click", function (ev) {
    if (ownEl(ev) || Math.abs(ev.clientX - down.x) + Math.abs(ev.clientY - down.y) > 8) return;
    var i = at(ev), act = i >= 0 ? parts.act(i) : null;
    if (act) act();
  });
  var last = null, shown = -1;
  var show = function (i) {
    if (i === shown) return;
    shown = i;
    mark.setAttribute("d", i >= 0 ? parts.mark(i) : "");
    tip.textContent = i >= 0 ? parts.words(i) : base;
    s.style.cursor = i >= 0 && parts.act(i) ? "pointer" : "";
  };
  s.addEventListener("pointermove", function (ev) {
    var queued = last !== null;
    last = ev;
    if (queued) return;
    requestAnimationFrame(function () {
      var e = last;
      last = null;
      if (e) show(ownEl(e) ? -1 : at(e));
    });
  });
  s.addEventListener("pointerleave", function () { last = null; show(-1); });
  s.setAttribute("data-compact", "true");
  return s;
}
