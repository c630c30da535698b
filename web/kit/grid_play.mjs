import { DIRS, GRID_S, PIECE_WORDS, boardSvg, cellRect, gridAt, gridRows, pieceAt, sameCell, suggestArrow, tooLarge, wedge } from "./grid_draw.mjs";
import { drawPart, drawRules, firstOf, moveTarget, player, select, selName, selection, suggestion } from "./rules_play.mjs";
import { describeMove } from "./words.mjs";
import { pressable } from "./search_draw.mjs";
import { state } from "./state.mjs";
import { el, isObj, svg } from "./util.mjs";

/* ---- Boards whose moves go from a stone to a cell (Clobber, Konane): 'x' Left's stones,
 * 'o' Right's, '.' empty. ----------------------------------------------------------------------
 * Click a stone and then where it goes, or click the arrow in the cell it goes to (each move
 * of the side to move has one: the triangle on the edge it comes in by).  A stone of the other
 * side may be chosen too: its move is then that side's (either player moves on the board). */
export function owner(ch) { return ch === "x" ? 0 : ch === "o" ? 1 : -1; }
export function boardSize(rows) { return [rows.length, Math.max.apply(null, rows.map(function (r) { return r.length; }))]; }
export function cellSelector(r, c) { return '.grid-cell[data-row="' + r + '"][data-col="' + c + '"]'; }
export function notDrawn() { return el("p", { "class": "muted", text: "Nothing to draw: \"board\" must be an array of strings." }); }

/* The stones' moves in the four directions, for side: step(rows, r, c, dr, dc, me, other)
 * gives the cells a stone at (r, c) may go to in direction (dr, dc). */
export function fromToMoves(rows, side, step) {
  var out = [], me = side ? "o" : "x", other = side ? "x" : "o";
  rows.forEach(function (row, r) {
    for (var c = 0; c < row.length; c++) {
      if (row.charAt(c) !== me) continue;
      DIRS.forEach(function (d) {
        step(rows, r, c, d[0], d[1], other).forEach(function (to) { out.push({ from: [r, c], to: to }); });
      });
    }
  });
  return out;
}

export function drawFromTo(game, req, resp, gen, title) {
  var b = boardOf(req);
  if (b.note) return b.note;
  var rows = b.rows, nr = b.nr, nc = b.nc;
  var S = GRID_S, side = state.side || 0, sel = selection(game), from = sel ? sel.from : null, me = selName(game), play = player(game);
  var s = boardSvg(nr, nc, S, title + ", " + nr + " by " + nc);
  var moves = [gen(rows, 0), gen(rows, 1)];
  var movesFrom = function (a) {
    var who = owner(gridAt(rows, a[0], a[1]));
    return who < 0 ? [] : moves[who].filter(function (m) { return sameCell(m.from, a); });
  };
  var chosenMoves = from ? movesFrom(from) : [];
  for (var r = 0; r < nr; r++) {
    for (var c = 0; c < nc; c++) {
      (function (r, c) {
        var ch = gridAt(rows, r, c), chosen = sameCell(from, [r, c]);
        var cell = cellRect(r, c, S, chosen ? "selected" : "");
        var words = "row " + r + ", column " + c + ": " + (PIECE_WORDS[ch] || ch);
        var to = chosenMoves.filter(function (m) { return sameCell(m.to, [r, c]); })[0];
        if (to) {
          pressable(cell, words + ": the chosen stone goes here (" + describeMove(game, to) + ")",
                    function () { play(owner(gridAt(rows, from[0], from[1])), to); });
        } else if (movesFrom([r, c]).length) {
          pressable(cell, words + (chosen ? " (chosen: now click where it goes, or here to let go)" : ": choose it to move"),
                    function () { select(me, chosen ? null : { from: [r, c] }, cellSelector(r, c)); });
        } else {
          var t = svg("title", {}); t.textContent = words; cell.appendChild(t);
          if (from) cell.addEventListener("click", function () { select(me, null); });
        }
        s.appendChild(cell);
        var p = pieceAt(ch, r, c, S);
        if (p) s.appendChild(p);
      })(r, c);
    }
  }
  /* the arrows: every move of the side to move; once a stone is chosen, its moves alone (a
   * click in its target cell is then always its move) */
  var mover = from ? owner(gridAt(rows, from[0], from[1])) : side;
  (from ? chosenMoves : moves[side]).forEach(function (m) {
    var w = wedge(m.to[0], m.to[1], Math.sign(m.to[0] - m.from[0]), Math.sign(m.to[1] - m.from[1]), S);
    moveTarget(w.node, game, m, mover, describeMove(game, m), w.gx, w.gy);
    w.node.setAttribute("tabindex", "-1"); /* the cells make the same moves from the keyboard */
    s.appendChild(w.node);
  });
  var best = suggestion(resp);
  if (best && Array.isArray(best.from) && Array.isArray(best.to)) s.appendChild(suggestArrow(best.from, best.to, S));
  return s;
}

/* The board of a request, or the element saying why it is not drawn: {rows, nr, nc} or {note}. */
export function boardOf(req) {
  var rows = gridRows(req);
  if (!rows) return { note: notDrawn() };
  var size = boardSize(rows), big = tooLarge(size[0], size[1]);
  return big ? { note: big } : { rows: rows, nr: size[0], nc: size[1] };
}
/* A grid ruleset's registry entry (kit/registry.mjs): spec gives its names, words and example,
 * moves(rows, side) (the side's moves), after(rows, move) (the rows after a move, or null),
 * describe(move) and picture(req, resp) (its drawing). */
export function gridFamily(spec) {
  var sideMoves = function (req, side) { var rows = gridRows(req); return rows ? spec.moves(rows, side) : []; };
  return {
    id: spec.id, label: spec.label, order: spec.order, path: spec.path, theory: spec.theory,
    key: spec.key, partizan: true, allMoves: false, players: spec.players,
    example: spec.example, help: spec.help, hint: spec.hint,
    apply: function (req, m) {
      var rows = gridRows(req), next = rows && isObj(m) ? spec.after(rows, m) : null;
      if (!next) return null;
      req.board = next;
      return req;
    },
    describe: spec.describe,
    sideMoves: sideMoves,
    anyMove: function (req, side) { return firstOf(sideMoves(req, side)); },
    draw: function (req, resp, steppers) { return drawRules(spec.id, req, resp, steppers, spec.picture); },
    part: function (req, resp, i) { return drawPart(spec.picture, req, resp, i); }
  };
}
