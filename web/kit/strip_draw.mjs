import { keepTargets } from "./grid_draw.mjs";
import { svg } from "./util.mjs";

/* ---- 1-D strips (Toads and Frogs, Toppling Dominoes): n slots of `w` units in a row, slot
 * 0 at the left as in the API, each numbered above; a move's element is at least 30 units
 * across (the drawing never shrinks below kit/grid_draw.mjs's MIN_SCALE: it scrolls). -------- */
export var STRIP_S = 60;
export function stripSvg(n, w, h, label) {
  var width = Math.max(1, n) * w + 20, height = h + 34;
  var s = svg("svg", { viewBox: [-10, -26, width, height].join(" "), role: "group", "aria-label": label, "data-testid": "drawing-svg",
                       "class": "rules-strip" });
  keepTargets(s, width, height);
  for (var i = 0; i < n; i++) {
    var t = svg("text", { "class": "label axis", x: i * w + w / 2, y: -12 });
    t.textContent = String(i);
    s.appendChild(t);
  }
  return s;
}
/* A square of the strip (data-index). */
export function slotRect(i, S, cls) {
  return svg("rect", { "class": "grid-cell" + (cls ? " " + cls : ""), x: i * S + 1, y: 1, width: S - 2, height: S - 2, rx: 3, "data-index": i });
}
/* A piece pointing the way it moves (dir 1: right, Left's; -1: left, Right's) with its letter:
 * two shapes as well as two colours. */
export function pointer(i, S, dir, letter) {
  var x = i * S + S / 2, y = S / 2, k = S * 0.3, g = svg("g", { "class": "piece", "aria-hidden": "true" });
  g.appendChild(svg("polygon", { "class": "stone " + (dir > 0 ? "left" : "right"),
                                 points: [[x + dir * k, y], [x - dir * k, y - k], [x - dir * k, y + k]].join(" ") }));
  var t = svg("text", { "class": "piece-letter", x: x - dir * k * 0.35, y: y + 1 });
  t.textContent = letter;
  g.appendChild(t);
  return g;
}
/* A button-like square at (x, y), `size` units, with a glyph: a move's element on a strip. */
export function glyphButton(x, y, size, glyph) {
  var g = svg("g", { "class": "strip-button" });
  g.appendChild(svg("rect", { "class": "grid-cell", x: x, y: y, width: size, height: size, rx: 5 }));
  var t = svg("text", { "class": "glyph", x: x + size / 2, y: y + size / 2 + 1 });
  t.textContent = glyph;
  g.appendChild(t);
  return g;
}
