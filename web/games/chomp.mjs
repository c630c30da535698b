import { bindMoves, lookupMove } from "../kit/board.mjs";
import { register } from "../kit/registry.mjs";
import { boardStepper, playDrawn } from "../kit/search_draw.mjs";
import { el, isIndex, num, svg } from "../kit/util.mjs";

export function drawChomp(req, comp) {
  var cols = chompColumns(req), S = 36;
  if (!cols || cols.length > 200 || cols.some(function (h) { return !(h >= 0) || h > 200; }))
    return el("p", { "class": "muted", text: "Nothing to draw: give rows and cols or columns." });
  var top = Math.max.apply(null, [1].concat(cols));
  var s = svg("svg", { viewBox: [-22, -top * S - 6, cols.length * S + 30, top * S + 30].join(" "), role: "group",
                       "aria-label": "Chomp bar, columns " + cols.join(", "), "data-testid": "drawing-svg" });
  s.style.maxWidth = Math.max(160, Math.min(600, (cols.length * S + 30) * 1.4)) + "px";
  var squares = [];
  var mark = function (col, row, on) {
    squares.forEach(function (q) { q.node.classList.toggle("chomp-gone", on && q.c >= col && q.r >= row); });
  };
  cols.forEach(function (h, c) {
    var tc = svg("text", { "class": "label axis", x: c * S + S / 2, y: 14 }); tc.textContent = String(c); s.appendChild(tc);
    for (var r = 0; r < h; r++) {
      (function (c, r) {
        var poison = c === 0 && r === 0;
        var sq = svg("rect", { "class": "chomp-square" + (poison ? " poison" : ""),
                               x: c * S + 1, y: -(r + 1) * S + 1, width: S - 2, height: S - 2, rx: 3, "data-col": c, "data-row": r });
        squares.push({ c: c, r: r, node: sq });
        s.appendChild(sq);
        if (poison) {
          var t = svg("title", {}); t.textContent = "column 0, row 0: the poisoned square"; sq.appendChild(t);
          var x = svg("text", { "class": "label poison-mark", x: S / 2, y: -S / 2 }); x.textContent = "☠"; s.appendChild(x);
          return;
        }
        var j = lookupMove("chomp", { col: c, row: r }, comp);
        bindMoves(sq, j >= 0 ? [j] : [], "eat column " + c + ", row " + r,
                  function () { playDrawn("chomp", { col: c, row: r }, comp); }, "chomp-square");
        sq.addEventListener("mouseenter", function () { mark(c, r, true); });
        sq.addEventListener("mouseleave", function () { mark(c, r, false); });
        sq.addEventListener("focus", function () { mark(c, r, true); });
        sq.addEventListener("blur", function () { mark(c, r, false); });
      })(c, r);
    }
  });
  for (var r = 0; r < top; r++) { var tr = svg("text", { "class": "label axis", x: -11, y: -r * S - S / 2 }); tr.textContent = String(r); s.appendChild(tr); }
  return s;
}

/* Chomp positions as column heights, left to right (a full bar is rows in each of cols columns). */
export function chompColumns(req) {
  if (Array.isArray(req.columns)) return req.columns.map(num);
  var r = num(req.rows), c = num(req.cols);
  if (!(r >= 0 && c >= 0) || r * c > 100000) return null;
  return new Array(c).fill(r);
}
/* Chomp: eating (col, row) cuts every column from col on to at most row squares. */
export function chompAfter(out, move) {
  var cols = chompColumns(out);
  if (!cols || !isIndex(move.col, cols.length) || !isIndex(move.row, cols[move.col]) || (move.col === 0 && move.row === 0)) return null;
  for (var i = move.col; i < cols.length; i++) cols[i] = Math.min(cols[i], move.row);
  /** @type {{[k: string]: any}} */
  var res = {};
  Object.keys(out).forEach(function (k) {
    if (k === "rows" || k === "cols") { if (!("columns" in res)) res.columns = null; }
    else res[k] = out[k];
  });
  res.columns = cols.filter(function (h) { return h > 0; });
  return res;
}

register({
  id: "chomp", label: "Chomp (poisoned chocolate bar)", order: 100, path: "/v1/chomp", theory: "outcome-classes",
  key: function (m) { return m.col + ":" + m.row; },
  example: { rows: 3, cols: 4 },
  help: "rows, cols: a full bar, or columns: [h0, h1, ...] heights never increasing to the right. " +
        "A move eats a square (col, row) and everything above and right of it; (0, 0) is poisoned.",
  hint: "Click a square to eat it and everything above and to its right; \u2620 at column 0, row 0 is poisoned.",
  apply: chompAfter,
  describe: function (move) { return "eat column " + move.col + ", row " + move.row + " and everything above and right"; },
  draw: function (req, resp, steppers) {
    var bs = boardStepper("chomp");
    if (bs) steppers.appendChild(bs);
    return drawChomp(req);
  },
  part: function (req, resp, i) { return drawChomp(req, i); }
});
