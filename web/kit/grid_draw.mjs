import { el, isObj, svg } from "./util.mjs";

/* ---- Square boards (Clobber, Konane, NoGo, Amazons): rows of characters, row 0 at the top
 * and column 0 at the left as in the API's [row, col]. ---------------------------------------
 * Cells are GRID_S units; the drawing never shrinks below 0.9 of that (it scrolls instead),
 * so that a move's element, at least 28 units across, stays over 24 CSS px on a phone. */
export var GRID_S = 60;
export var MIN_SCALE = 0.9;

/** The board's rows, or null when "board" is not an array of strings. @returns {string[] | null} */
export function gridRows(req) {
  if (!isObj(req) || !Array.isArray(req.board) || !req.board.length) return null;
  return req.board.every(function (r) { return typeof r === "string"; }) ? req.board.slice() : null;
}
export function gridAt(rows, r, c) { return r >= 0 && r < rows.length && c >= 0 && c < rows[r].length ? rows[r].charAt(c) : ""; }
/** The rows with cells [r, c, ch] set; null when one is off the board. @returns {string[] | null} */
export function gridWith(rows, cells) {
  var out = rows.map(function (r) { return r.split(""); });
  for (var i = 0; i < cells.length; i++) {
    var r = cells[i][0], c = cells[i][1];
    if (!out[r] || !(c >= 0 && c < out[r].length)) return null;
    out[r][c] = cells[i][2];
  }
  return out.map(function (r) { return r.join(""); });
}
export var DIRS = [[-1, 0], [1, 0], [0, -1], [0, 1]];
export var QUEEN = DIRS.concat([[-1, -1], [-1, 1], [1, -1], [1, 1]]);

/* The svg of an nr x nc board with its row and column numbers; sized so its targets stay
 * large enough (see MIN_SCALE). */
export function boardSvg(nr, nc, S, label) {
  var w = nc * S + 30, h = nr * S + 30;
  var s = svg("svg", { viewBox: [-24, -24, w, h].join(" "), role: "group", "aria-label": label, "data-testid": "drawing-svg",
                       "class": "rules-board" });
  keepTargets(s, w, h);
  for (var c = 0; c < nc; c++) { var tc = svg("text", { "class": "label axis", x: c * S + S / 2, y: -11 }); tc.textContent = String(c); s.appendChild(tc); }
  for (var r = 0; r < nr; r++) { var tr = svg("text", { "class": "label axis", x: -11, y: r * S + S / 2 }); tr.textContent = String(r); s.appendChild(tr); }
  return s;
}
/* The svg (viewBox w x h) at most 1.4 times its size, and never under MIN_SCALE: past the
 * panel's width it scrolls (and pans by dragging) rather than shrinking its targets. */
export function keepTargets(s, w, h) {
  s.style.maxWidth = Math.max(160, Math.min(640, w * 1.4)) + "px";
  s.style.minWidth = Math.round(w * MIN_SCALE) + "px";
  s.style.minHeight = Math.round(h * MIN_SCALE) + "px";
}
/* A cell's square (an element of its own, data-row and data-col). */
export function cellRect(r, c, S, cls) {
  return svg("rect", { "class": "grid-cell" + (cls ? " " + cls : ""), x: c * S + 1, y: r * S + 1, width: S - 2, height: S - 2,
                       rx: 3, "data-row": r, "data-col": c });
}
/* A piece by its character, in two shapes as well as two colours: Left's ('x', 'L') a
 * circle, Right's ('o', 'R') a diamond; amazons carry a crown; '#' (burned) a crossed square. */
export function pieceAt(ch, r, c, S) {
  var x = c * S + S / 2, y = r * S + S / 2, k = S * 0.28, g = svg("g", { "class": "piece", "aria-hidden": "true" });
  if (ch === "x" || ch === "L") g.appendChild(svg("circle", { "class": "stone left", cx: x, cy: y, r: k * 0.92 }));
  else if (ch === "o" || ch === "R") {
    g.appendChild(svg("polygon", { "class": "stone right", points: [[x, y - k * 1.1], [x + k * 1.1, y], [x, y + k * 1.1], [x - k * 1.1, y]].join(" ") }));
  } else if (ch === "#") {
    g.appendChild(svg("rect", { "class": "burned", x: c * S + 6, y: r * S + 6, width: S - 12, height: S - 12, rx: 2 }));
    g.appendChild(svg("path", { "class": "burned-cross", d: "M" + (x - k) + " " + (y - k) + "L" + (x + k) + " " + (y + k) + "M" + (x + k) + " " + (y - k) + "L" + (x - k) + " " + (y + k) }));
  } else return null;
  if (ch === "L" || ch === "R") {
    var t = svg("text", { "class": "crown", x: x, y: y + 1 });
    t.textContent = "\u265b";
    g.appendChild(t);
  }
  return g;
}
export var PIECE_WORDS = { x: "Left's stone", o: "Right's stone", L: "Left's amazon", R: "Right's amazon", "#": "burned", ".": "empty" };

/* A move's element in the cell it ends on (r, c), entered from the side its piece comes from
 * (dr, dc: the move's direction): the triangle between that edge and the cell's centre (S
 * wide, S/2 deep; the four of a cell do not overlap), with an arrowhead.  Returns the group
 * and where its outcome mark goes. */
export function wedge(r, c, dr, dc, S) {
  var x0 = c * S, y0 = r * S, cx = x0 + S / 2, cy = y0 + S / 2, e = 2;
  var a, b;
  if (dr > 0) { a = [x0 + e, y0 + e]; b = [x0 + S - e, y0 + e]; }          /* from above: the top edge */
  else if (dr < 0) { a = [x0 + e, y0 + S - e]; b = [x0 + S - e, y0 + S - e]; }
  else if (dc > 0) { a = [x0 + e, y0 + e]; b = [x0 + e, y0 + S - e]; }       /* from the left */
  else { a = [x0 + S - e, y0 + e]; b = [x0 + S - e, y0 + S - e]; }
  var g = svg("g", { "class": "wedge" });
  g.appendChild(svg("polygon", { "class": "wedge-area", points: [a, b, [cx, cy]].join(" ") }));
  var mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
  var tip = [mx + (cx - mx) * 0.62, my + (cy - my) * 0.62], px = -(cy - my) * 0.3, py = (cx - mx) * 0.3;
  var base = [mx + (cx - mx) * 0.1, my + (cy - my) * 0.1];
  g.appendChild(svg("polygon", { "class": "wedge-arrow", points: [tip, [base[0] + px, base[1] + py], [base[0] - px, base[1] - py]].join(" ") }));
  return { node: g, gx: mx + (cx - mx) * 0.3 + (dr ? S * 0.27 : 0), gy: my + (cy - my) * 0.3 + (dc ? S * 0.27 : 0) };
}
/* A dashed arrow from cell a's centre to cell b's (the side to move's winning move). */
export function suggestArrow(a, b, S) {
  var g = svg("g", { "class": "rule-suggest", "data-testid": "suggested-move" });
  g.appendChild(svg("line", { x1: a[1] * S + S / 2, y1: a[0] * S + S / 2, x2: b[1] * S + S / 2, y2: b[0] * S + S / 2 }));
  g.appendChild(svg("circle", { cx: a[1] * S + S / 2, cy: a[0] * S + S / 2, r: S * 0.08 }));
  return g;
}
export function suggestCell(r, c, S, cls) {
  var box = svg("rect", { "class": "rule-suggest" + (cls ? " " + cls : ""), x: c * S + 4, y: r * S + 4, width: S - 8, height: S - 8, rx: 6 });
  if (!cls) box.setAttribute("data-testid", "suggested-move");
  return box;
}
export function tooLarge(nr, nc) {
  return nr * nc > 1600 ? el("p", { "class": "muted", text: "Too large to draw (" + nr + " \u00d7 " + nc + ")." }) : null;
}
export function sameCell(a, b) { return !!a && !!b && a[0] === b[0] && a[1] === b[1]; }
