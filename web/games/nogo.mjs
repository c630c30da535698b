import { DIRS, GRID_S, PIECE_WORDS, boardSvg, cellRect, gridAt, gridWith, pieceAt, suggestCell } from "../kit/grid_draw.mjs";
import { boardOf, gridFamily } from "../kit/grid_play.mjs";
import { register } from "../kit/registry.mjs";
import { moveTarget, suggestion } from "../kit/rules_play.mjs";
import { state } from "../kit/state.mjs";
import { svg } from "../kit/util.mjs";

/* NoGo (the ruleset engine, /v1/nogo): 'x' Left (Black), 'o' Right (White), '.' empty.  A move
 * {"cell": [r, c]} places a stone of the mover's colour on an empty point; it is illegal when
 * afterwards any group of either colour has no liberty (orthogonal adjacency).  The impartial
 * variant's moves name their "stone". */
/* Every group of the board has a liberty (an empty orthogonal neighbour). */
export function allBreathe(rows) {
  var seen = rows.map(function (r) { return new Array(r.length).fill(false); });
  for (var r = 0; r < rows.length; r++) {
    for (var c = 0; c < rows[r].length; c++) {
      var ch = rows[r].charAt(c);
      if (ch === "." || seen[r][c]) continue;
      var stack = [[r, c]], free = false;
      seen[r][c] = true;
      while (stack.length) {
        var p = stack.pop();
        DIRS.forEach(function (d) {
          var q = [p[0] + d[0], p[1] + d[1]], at = gridAt(rows, q[0], q[1]);
          if (at === ".") free = true;
          else if (at === ch && !seen[q[0]][q[1]]) { seen[q[0]][q[1]] = true; stack.push(q); }
        });
      }
      if (!free) return false;
    }
  }
  return true;
}
function legalFor(rows, r, c, stone) {
  if (gridAt(rows, r, c) !== ".") return false;
  var next = gridWith(rows, [[r, c, stone]]);
  return !!next && allBreathe(next);
}
function nogoMoves(rows, side) {
  var out = [], stone = side ? "o" : "x";
  rows.forEach(function (row, r) {
    for (var c = 0; c < row.length; c++) if (legalFor(rows, r, c, stone)) out.push({ cell: [r, c] });
  });
  return out;
}
function drawNogo(req, resp) {
  var b = boardOf(req);
  if (b.note) return b.note;
  var rows = b.rows, nr = b.nr, nc = b.nc, S = GRID_S, side = state.side || 0, stone = side ? "o" : "x";
  var s = boardSvg(nr, nc, S, "NoGo board, " + nr + " by " + nc);
  for (var r = 0; r < nr; r++) {
    for (var c = 0; c < nc; c++) {
      var ch = gridAt(rows, r, c), cell = cellRect(r, c, S, ch === "." ? "empty" : "");
      var words = "row " + r + ", column " + c + ": " + (PIECE_WORDS[ch] || ch);
      if (legalFor(rows, r, c, stone)) {
        /* the whole cell is the move: a stone of the side to move */
        var g = svg("g", { "class": "cell-move" });
        g.appendChild(cell);
        cell = moveTarget(g, "nogo", { cell: [r, c] }, side, "a stone on (" + r + ", " + c + ")", c * S + S / 2, r * S + S / 2 + 1);
      } else {
        if (ch === ".") { cell.classList.add("illegal"); words += ": no move here for the side to move (a group would have no liberty)"; }
        var t = svg("title", {}); t.textContent = words; cell.appendChild(t);
      }
      s.appendChild(cell);
      var p = pieceAt(ch, r, c, S);
      if (p) s.appendChild(p);
    }
  }
  var best = suggestion(resp);
  if (best && Array.isArray(best.cell)) s.appendChild(suggestCell(best.cell[0], best.cell[1], S));
  return s;
}
register(gridFamily({
  id: "nogo", label: "NoGo (partizan)", order: 133, path: "/v1/nogo", theory: "nogo",
  key: function (m) { return JSON.stringify(m.cell); },
  players: ["Left (x, Black)", "Right (o, White)"],
  example: { board: ["x..", "..o"] },
  help: "board: rows of 'x' (Left, Black), 'o' (Right, White), '.' (empty). A stone on an empty point, " +
        "illegal when any group of either colour is left without a liberty. At most 256 cells (422 past it); an empty " +
        "3 \u00d7 4 board's value answers within the default 30 s, 4 \u00d7 4 does not (422), and \"outcome_only\": true " +
        "(the switch under the drawing) answers it by search in seconds.",
  hint: "Choose who moves next, then click an empty point to put that side's stone there (a point where it would " +
        "leave a group without a liberty is greyed). The dashed square is that side's winning move.",
  moves: nogoMoves,
  /* a partizan move is the mover's stone: the side to move's when the move is made */
  after: function (rows, m) {
    if (!Array.isArray(m.cell) || gridAt(rows, m.cell[0], m.cell[1]) !== ".") return null;
    return gridWith(rows, [[m.cell[0], m.cell[1], m.stone || ((state.side || 0) ? "o" : "x")]]);
  },
  describe: function (m) { return "a stone on (" + m.cell.join(", ") + ")"; },
  picture: drawNogo
}));
