import { bindMoves, lookupMove } from "../kit/board.mjs";
import { redraw } from "../kit/draw.mjs";
import { register } from "../kit/registry.mjs";
import { boardStepper, playDrawn, pressable } from "../kit/search_draw.mjs";
import { drawingEl, input, state } from "../kit/state.mjs";
import { compact, el, isIndex, num, svg } from "../kit/util.mjs";

export function drawCram(req, comp) {
  var rows = num(req.rows), cols = num(req.cols), S = 40;
  if (!(rows >= 1 && cols >= 1) || rows * cols > 4096) return el("p", { "class": "muted", text: "Nothing to draw: rows and cols must be positive." });
  var s = svg("svg", { viewBox: [-20, -20, cols * S + 28, rows * S + 28].join(" "), role: "group",
                       "aria-label": "Cram board, " + rows + " by " + cols, "data-testid": "drawing-svg" });
  s.style.maxWidth = Math.max(160, Math.min(600, (cols * S + 28) * 1.4)) + "px";
  var key = comp === undefined ? "" : String(comp);
  var sel = state.cramSel && state.cramSel.key === key ? state.cramSel : null;
  var r, c;
  for (c = 0; c < cols; c++) { var tc = svg("text", { "class": "label axis", x: c * S + S / 2, y: -10 }); tc.textContent = String(c); s.appendChild(tc); }
  for (r = 0; r < rows; r++) { var tr = svg("text", { "class": "label axis", x: -10, y: r * S + S / 2 }); tr.textContent = String(r); s.appendChild(tr); }
  var domino = function (a, b) {
    var cells = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
    state.cramSel = null;
    playDrawn("cram", { cells: cells }, comp);
  };
  for (r = 0; r < rows; r++) {
    for (c = 0; c < cols; c++) {
      (function (r, c) {
        var free = cramFree(req, r, c);
        var cell = svg("rect", { "class": "cram-cell" + (free ? "" : " blocked") + (sel && sel.r === r && sel.c === c ? " selected" : ""),
                                 x: c * S + 1, y: r * S + 1, width: S - 2, height: S - 2, rx: 3, "data-row": r, "data-col": c });
        if (free) {
          pressable(cell, "cell row " + r + ", column " + c + (sel && sel.r === r && sel.c === c ? " (selected)" : ""), function () {
            var cur = state.cramSel && state.cramSel.key === key ? state.cramSel : null;
            if (cur && Math.abs(cur.r - r) + Math.abs(cur.c - c) === 1) { domino([cur.r, cur.c], [r, c]); return; }
            state.cramSel = cur && cur.r === r && cur.c === c ? null : { key: key, r: r, c: c };
            redraw(state.last && state.last.text === input.value ? state.last.resp : null);
            var again = drawingEl.querySelector('.cram-cell[data-row="' + r + '"][data-col="' + c + '"]' );
            if (again) again.focus();
          });
        } else {
          var t = svg("title", {}); t.textContent = "row " + r + ", column " + c + ": covered"; cell.appendChild(t);
        }
        s.appendChild(cell);
      })(r, c);
    }
  }
  /* the dominoes that can be placed: a bar across the border of two empty cells */
  for (r = 0; r < rows; r++) {
    for (c = 0; c < cols; c++) {
      [[0, 1], [1, 0]].forEach(function (d) {
        var r2 = r + d[0], c2 = c + d[1];
        if (!cramFree(req, r, c) || !cramFree(req, r2, c2)) return;
        var a = [r, c], b = [r2, c2];
        var j = lookupMove("cram", { cells: [a, b] }, comp);
        var bar = d[1] ? svg("rect", { x: c * S + S - 13, y: r * S + S / 2 - 10, width: 26, height: 20, rx: 6 })
                       : svg("rect", { x: c * S + S / 2 - 10, y: r * S + S - 13, width: 20, height: 26, rx: 6 });
        bar.setAttribute("data-cells", JSON.stringify([a, b]));
        var t = svg("title", {}); t.textContent = "domino on (" + a.join(", ") + ") and (" + b.join(", ") + ")";
        bar.appendChild(t);
        bindMoves(bar, j >= 0 ? [j] : [], "domino on (" + a.join(", ") + ") and (" + b.join(", ") + ")", function () { domino(a, b); }, "cram-bar");
        /* the bars are a second way to the moves the cells make in two steps: out of the Tab order */
        bar.setAttribute("tabindex", "-1");
        s.appendChild(bar);
      });
    }
  }
  return s;
}
/* Chomp: column col from the left, row row from the bottom, so (0, 0), the poisoned square,
 * is the bottom-left corner and a bite takes the square and all above and to its right. */

export function cramFree(req, r, c) {
  if (!isIndex(r, num(req.rows)) || !isIndex(c, num(req.cols))) return false;
  return !(Array.isArray(req.blocked) ? req.blocked : []).some(function (b) { return Array.isArray(b) && b[0] === r && b[1] === c; });
}
/* Cram: the domino's two cells join the blocked ones. */
export function cramAfter(out, move) {
  var cells = move.cells;
  if (!Array.isArray(cells) || cells.length !== 2 || !cells.every(Array.isArray)) return null;
  var a = cells[0], b = cells[1];
  if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) !== 1 || !cramFree(out, a[0], a[1]) || !cramFree(out, b[0], b[1])) return null;
  out.blocked = (Array.isArray(out.blocked) ? out.blocked : []).concat([[a[0], a[1]], [b[0], b[1]]]);
  return out;
}

register({
  id: "cram", label: "Cram (dominoes on a board)", order: 90, path: "/v1/cram", theory: "grundy-values-and-nim-sums",
  key: function (m) {
    if (!Array.isArray(m.cells) || m.cells.length !== 2) return "";
    return m.cells.map(function (x) { return x.join(","); }).sort().join("|");
  },
  example: { rows: 3, cols: 4, blocked: [[1, 1]] },
  help: "rows, cols: the board; blocked: [row, col] cells that are already covered. A move places a domino " +
        "on two adjacent empty cells. Solved by search, at most 64 cells; within the default 30 s about 30 empty cells " +
        "answer (5 \u00d7 6 in seconds, 6 \u00d7 6 runs past the limit: 422).",
  hint: "Click an empty cell, then a neighbour, to place a domino there, or click a bar between two cells. Dark cells are covered.",
  apply: cramAfter,
  describe: function (move) {
    return Array.isArray(move.cells) && move.cells.length === 2 ?
      "domino on (" + move.cells[0].join(", ") + ") and (" + move.cells[1].join(", ") + ")" : compact(move);
  },
  draw: function (req, resp, steppers) {
    var bs = boardStepper("cram");
    if (bs) steppers.appendChild(bs);
    return drawCram(req);
  },
  part: function (req, resp, i) { return drawCram(req, i); }
});
