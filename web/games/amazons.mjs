import { GRID_S, PIECE_WORDS, QUEEN, boardSvg, cellRect, gridAt, gridWith, pieceAt, sameCell, suggestArrow, suggestCell } from "../kit/grid_draw.mjs";
import { boardOf, cellSelector, gridFamily } from "../kit/grid_play.mjs";
import { register } from "../kit/registry.mjs";
import { moveTarget, select, selName, selection, suggestion } from "../kit/rules_play.mjs";
import { pressable } from "../kit/search_draw.mjs";
import { state } from "../kit/state.mjs";
import { svg } from "../kit/util.mjs";

/* The Game of the Amazons (the ruleset engine, /v1/amazons): 'L' Left's amazons, 'R' Right's,
 * '#' burned, '.' empty.  A move slides an amazon like a chess queen over empty squares, then
 * shoots an arrow like a queen from its new square (the square it left is empty), which burns:
 * {"from": [r, c], "to": [r, c], "arrow": [r, c]}.  On the drawing a move is three clicks: the
 * amazon, where it goes, where its arrow lands (each arrow square is the move's element). */
function slides(rows, a) {
  var out = [];
  QUEEN.forEach(function (d) {
    for (var r = a[0] + d[0], c = a[1] + d[1]; gridAt(rows, r, c) === "."; r += d[0], c += d[1]) out.push([r, c]);
  });
  return out;
}
/* rows after the amazon at from went to `to` (before its arrow) */
function moved(rows, from, to) { return gridWith(rows, [[from[0], from[1], "."], [to[0], to[1], gridAt(rows, from[0], from[1])]]); }
function amazonMovesOf(rows, from) {
  var out = [];
  slides(rows, from).forEach(function (to) {
    slides(moved(rows, from, to), to).forEach(function (arrow) { out.push({ from: from, to: to, arrow: arrow }); });
  });
  return out;
}
function amazonsMoves(rows, side) {
  var out = [], me = side ? "R" : "L";
  rows.forEach(function (row, r) {
    for (var c = 0; c < row.length; c++) if (row.charAt(c) === me) out = out.concat(amazonMovesOf(rows, [r, c]));
  });
  return out;
}
function drawAmazons(req, resp) {
  var b = boardOf(req);
  if (b.note) return b.note;
  var rows = b.rows, nr = b.nr, nc = b.nc, S = GRID_S, sel = selection("amazons"), from = sel ? sel.from : null, to = sel ? sel.to : null, me = selName("amazons");
  var mover = from ? (gridAt(rows, from[0], from[1]) === "R" ? 1 : 0) : state.side || 0;
  var shown = from && to ? moved(rows, from, to) : rows;
  var targets = from && !to ? slides(rows, from) : [];
  var arrows = from && to ? slides(shown, to) : [];
  var s = boardSvg(nr, nc, S, "Amazons board, " + nr + " by " + nc);
  for (var r = 0; r < nr; r++) {
    for (var c = 0; c < nc; c++) {
      (function (r, c) {
        var ch = gridAt(shown, r, c), here = [r, c], cell = cellRect(r, c, S, (r + c) % 2 ? "dark" : "");
        var words = "row " + r + ", column " + c + ": " + (PIECE_WORDS[ch] || ch);
        var arrow = arrows.some(function (a) { return sameCell(a, here); });
        if (arrow) {
          var g = svg("g", { "class": "cell-move" });
          g.appendChild(cell);
          var move = { from: from, to: to, arrow: here };
          s.appendChild(moveTarget(g, "amazons", move, mover, describeAmazons(move), c * S + S / 2, r * S + S / 2 + 1));
          return;
        }
        if (sameCell(here, to)) {
          cell.classList.add("selected");
          pressable(cell, words + " (its new square: now click where its arrow lands, or here to choose again)",
                    function () { select(me, { from: from }, cellSelector(r, c)); });
        } else if (targets.some(function (a) { return sameCell(a, here); })) {
          cell.classList.add("target");
          pressable(cell, words + ": the chosen amazon goes here", function () { select(me, { from: from, to: here }, cellSelector(r, c)); });
        } else if ((ch === "L" || ch === "R") && !to && amazonMovesOf(rows, here).length) {
          if (sameCell(here, from)) cell.classList.add("selected");
          pressable(cell, words + (sameCell(here, from) ? " (chosen: now click where it goes, or here to let go)" : ": choose it to move"),
                    function () { select(me, sameCell(here, from) ? null : { from: here }, cellSelector(r, c)); });
        } else {
          var t = svg("title", {}); t.textContent = words; cell.appendChild(t);
          if (from) cell.addEventListener("click", function () { select(me, null); });
        }
        s.appendChild(cell);
      })(r, c);
    }
  }
  for (r = 0; r < nr; r++) for (c = 0; c < nc; c++) { var p = pieceAt(gridAt(shown, r, c), r, c, S); if (p) s.appendChild(p); }
  if (from && to) s.appendChild(suggestCell(from[0], from[1], S, "vacated"));
  var best = suggestion(resp);
  if (best && Array.isArray(best.from) && Array.isArray(best.to) && Array.isArray(best.arrow) && !from) {
    s.appendChild(suggestArrow(best.from, best.to, S));
    s.appendChild(suggestCell(best.arrow[0], best.arrow[1], S, "arrow"));
  }
  return s;
}
function describeAmazons(m) { return "(" + m.from.join(", ") + ") to (" + m.to.join(", ") + "), arrow at (" + m.arrow.join(", ") + ")"; }
register(gridFamily({
  id: "amazons", label: "Amazons (partizan)", order: 134, path: "/v1/amazons", theory: "amazons",
  key: function (m) { return JSON.stringify([m.from, m.to, m.arrow]); },
  players: ["Left (L)", "Right (R)"],
  example: { board: ["L..", "..R"] },
  help: "board: rows of 'L' (Left's amazons), 'R' (Right's), '#' (burned), '.' (empty). An amazon moves " +
        "like a queen, then shoots an arrow like a queen; the arrow's square burns. At most 256 cells (422 past it); " +
        "with an amazon each, a 3 \u00d7 4 board's value answers within the default 30 s, 4 \u00d7 4 does not (422), and " +
        "\"outcome_only\": true (the switch under the drawing) answers it by search in seconds.",
  hint: "Choose who moves next. Click an amazon, then the square it goes to, then the square its arrow burns. " +
        "The dashed arrow and square are the side to move's winning move and its arrow.",
  moves: amazonsMoves,
  after: function (rows, m) {
    if (!Array.isArray(m.from) || !Array.isArray(m.to) || !Array.isArray(m.arrow)) return null;
    var me = gridAt(rows, m.from[0], m.from[1]);
    return me === "L" || me === "R" ? gridWith(rows, [[m.from[0], m.from[1], "."], [m.to[0], m.to[1], me], [m.arrow[0], m.arrow[1], "#"]]) : null;
  },
  describe: describeAmazons,
  picture: drawAmazons
}));
