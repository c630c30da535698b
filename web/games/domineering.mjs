import { analyse } from "../kit/api.mjs";
import { redraw } from "../kit/draw.mjs";
import { resetPlay } from "../kit/history.mjs";
import { DOM_S, SIDE_WORDS, dominoRect, playSide } from "../kit/partizan.mjs";
import { register } from "../kit/registry.mjs";
import { rulesControls } from "../kit/rules_play.mjs";
import { pressable } from "../kit/search_draw.mjs";
import { $, allMoves, drawingEl, input, state } from "../kit/state.mjs";
import { compact, el, formatRequest, isObj, parseInput, svg } from "../kit/util.mjs";

/* Domineering: the board, row 0 at the top as in the API.  Playing: click a cell and then a
 * neighbour (below it: Left's vertical domino; beside it: Right's horizontal one), or a bar of
 * the side to move.  Editing: a click fills or empties a cell.  The dominoes played in this
 * game are drawn in their player's colour; the side to move's winning domino is outlined. */
/* comp: the board is component comp of a sum (its moves are the sum's, its suggestion the
 * sum's winning move when it is in this component). */
export function drawDomineering(req, resp, comp) {
  var rows = domRows(req);
  if (!rows) return el("p", { "class": "muted", text: "Nothing to draw: \"board\" must be an array of strings." });
  var nr = rows.length, nc = Math.max.apply(null, [0].concat(rows.map(function (r) { return r.length; }))), S = DOM_S;
  if (nr * nc > 4096) return el("p", { "class": "muted", text: "Too large to draw (" + nr + " \u00d7 " + nc + ")." });
  var s = svg("svg", { viewBox: [-20, -20, Math.max(nc, 1) * S + 28, Math.max(nr, 1) * S + 28].join(" "), role: "group",
                       "aria-label": "Domineering board, " + nr + " by " + nc + (state.domEdit ? " (editing)" : ""), "data-testid": "drawing-svg" });
  s.style.maxWidth = Math.max(160, Math.min(600, (nc * S + 28) * 1.4)) + "px";
  var side = state.side || 0, sel = state.domSel, r, c;
  for (c = 0; c < nc; c++) { var tc = svg("text", { "class": "label axis", x: c * S + S / 2, y: -10 }); tc.textContent = String(c); s.appendChild(tc); }
  for (r = 0; r < nr; r++) { var tr = svg("text", { "class": "label axis", x: -10, y: r * S + S / 2 }); tr.textContent = String(r); s.appendChild(tr); }
  var edit = function (r, c) {
    var cur = domRows(parseInput());
    if (!cur || r >= cur.length || c >= cur[r].length) return;
    var out = parseInput();
    cur[r] = cur[r].slice(0, c) + (cur[r].charAt(c) === "." ? "#" : ".") + cur[r].slice(c + 1);
    out.board = cur;
    input.value = formatRequest(out);
    resetPlay();
    state.refocusCell = [r, c];
    analyse();
  };
  var domino = function (a, b) {
    var cells = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
    state.domSel = null;
    if (comp === undefined) playSide("domineering", domSideOf(cells), { cells: cells });
    else playSide("sum", domSideOf(cells), { component: comp, game: "domineering", move: { cells: cells } });
  };
  for (r = 0; r < nr; r++) {
    for (c = 0; c < nc; c++) {
      (function (r, c) {
        var free = domFree(rows, r, c), chosen = !!(sel && sel[0] === r && sel[1] === c);
        var cell = svg("rect", { "class": "dom-cell" + (free ? "" : " filled") + (chosen ? " selected" : ""),
                                 x: c * S + 1, y: r * S + 1, width: S - 2, height: S - 2, rx: 3, "data-row": r, "data-col": c });
        var words = "row " + r + ", column " + c + (free ? ", empty" : ", filled");
        if (state.domEdit && comp === undefined) {
          pressable(cell, words + ": click to " + (free ? "fill" : "empty") + " it", function () { edit(r, c); });
        } else if (free) {
          pressable(cell, words + (chosen ? " (chosen: now a neighbour)" : ""), function () {
            var cur = state.domSel;
            if (cur && Math.abs(cur[0] - r) + Math.abs(cur[1] - c) === 1) { domino(cur, [r, c]); return; }
            state.domSel = chosen ? null : [r, c];
            redraw(state.last && state.last.text === input.value ? state.last.resp : null);
            var again = drawingEl.querySelector('.dom-cell[data-row="' + r + '"][data-col="' + c + '"]');
            if (again) again.focus();
          });
        } else {
          var t = svg("title", {}); t.textContent = words; cell.appendChild(t);
        }
        s.appendChild(cell);
      })(r, c);
    }
  }
  /* the dominoes this game has placed, in their player's colour */
  var line = state.line;
  if (line && line.game === "domineering" && comp === undefined) {
    line.plies.slice(0, line.at).forEach(function (p) {
      if (isObj(p.move) && Array.isArray(p.move.cells)) s.appendChild(dominoRect(p.move.cells, "dom-piece " + (p.player ? "right" : "left")));
    });
  }
  if (!state.domEdit || comp !== undefined) {
    /* the side to move's dominoes: a bar across each pair of empty cells it may cover */
    for (r = 0; r < nr; r++) {
      for (c = 0; c < nc; c++) {
        (function (r, c) {
          var r2 = side ? r : r + 1, c2 = side ? c + 1 : c;
          if (!domFree(rows, r, c) || !domFree(rows, r2, c2)) return;
          var bar = side ? svg("rect", { x: c * S + S - 13, y: r * S + S / 2 - 10, width: 26, height: 20, rx: 6 })
                         : svg("rect", { x: c * S + S / 2 - 10, y: r * S + S - 13, width: 20, height: 26, rx: 6 });
          var words = SIDE_WORDS[side] + ": domino on (" + r + ", " + c + ") and (" + r2 + ", " + c2 + ")";
          bar.setAttribute("data-cells", JSON.stringify([[r, c], [r2, c2]]));
          pressable(bar, words, function () { domino([r, c], [r2, c2]); });
          bar.setAttribute("class", "dom-bar " + (side ? "right" : "left"));
          bar.setAttribute("tabindex", "-1"); /* the cells make the same moves from the keyboard */
          var t = svg("title", {}); t.textContent = words; bar.appendChild(t);
          s.appendChild(bar);
        })(r, c);
      }
    }
    var best = resp ? resp[side ? "right_move" : "left_move"] : null;
    if (comp !== undefined) best = isObj(best) && best.component === comp ? best.move : null;
    if (isObj(best) && Array.isArray(best.cells)) {
      var mark = dominoRect(best.cells, "dom-suggest");
      mark.setAttribute("data-testid", "suggested-move");
      s.appendChild(mark);
    }
  }
  return s;
}
/* Who moves next and the outcome-only switch (the kit's, as every ruleset's), then rows and
 * columns steppers and the edit switch. */
export function domineeringControls(req) {
  var box = el("div", { "aria-label": "Change the board" });
  /* the value of a board past about 5 x 5 runs past the default 30 s; its outcome alone is a
   * search that answers 6 x 6 in milliseconds */
  rulesControls("domineering", req, box);
  var rows = domRows(req);
  if (!rows) return box;
  var nc = Math.max.apply(null, [0].concat(rows.map(function (r) { return r.length; })));
  var resize = function (dr, dc) {
    var out = parseInput(), cur = domRows(out);
    if (!cur) return;
    var w = Math.max(1, nc + dc);
    cur = cur.map(function (r) { return (r + new Array(w + 1).join(".")).slice(0, w); });
    if (dr > 0) cur.push(new Array(w + 1).join("."));
    if (dr < 0 && cur.length > 1) cur.pop();
    out.board = cur;
    state.domSel = null;
    input.value = formatRequest(out); resetPlay(); analyse();
  };
  [["rows", rows.length, 1, 0], ["cols", nc, 0, 1]].forEach(function (d) {
    var minus = el("button", { type: "button", text: "\u2212", "aria-label": d[0] + " fewer" });
    var plus = el("button", { type: "button", text: "+", "aria-label": d[0] + " more" });
    minus.addEventListener("click", function () { resize(-d[2], -d[3]); });
    plus.addEventListener("click", function () { resize(d[2], d[3]); });
    box.appendChild(el("span", { "class": "stepper" }, [d[0] + ":", minus, String(d[1]), plus]));
  });
  var editBox = el("input", { type: "checkbox", id: "dom-edit", "data-testid": "dom-edit" });
  editBox.checked = !!state.domEdit;
  editBox.addEventListener("change", function () {
    state.domEdit = editBox.checked;
    state.domSel = null;
    redraw(state.last && state.last.text === input.value ? state.last.resp : null);
    var again = $("dom-edit");
    if (again) again.focus();
  });
  box.appendChild(el("label", { "class": "check" }, [editBox, " Edit the board (a click fills or empties a cell)"]));
  return box;
}

/* Domineering boards: rows of '.' (empty) and '#' (filled). */
export function domRows(req) {
  if (!isObj(req) || !Array.isArray(req.board) || !req.board.every(function (r) { return typeof r === "string"; })) return null;
  return req.board.slice();
}
export function domFree(rows, r, c) { return r >= 0 && r < rows.length && c >= 0 && c < rows[r].length && rows[r].charAt(c) === "."; }
/* Left's dominoes are vertical, Right's horizontal; a move's cells, top or left first. */
export function domSideOf(cells) { return cells[0][1] === cells[1][1] ? 0 : 1; }
export function domAfter(out, move) {
  var rows = domRows(out), cells = isObj(move) ? move.cells : null;
  if (!rows || !Array.isArray(cells) || cells.length !== 2 || !cells.every(Array.isArray)) return null;
  var a = cells[0], b = cells[1];
  if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) !== 1 || !domFree(rows, a[0], a[1]) || !domFree(rows, b[0], b[1])) return null;
  [a, b].forEach(function (x) { rows[x[0]] = rows[x[0]].slice(0, x[1]) + "#" + rows[x[0]].slice(x[1] + 1); });
  out.board = rows;
  return out;
}
/* The first domino side may place (a legal move for a side without a winning one). */
export function domAnyMove(req, side) {
  var rows = domRows(req);
  if (!rows) return null;
  for (var r = 0; r < rows.length; r++) {
    for (var c = 0; c < rows[r].length; c++) {
      var r2 = side ? r : r + 1, c2 = side ? c + 1 : c;
      if (domFree(rows, r, c) && domFree(rows, r2, c2)) return { cells: [[r, c], [r2, c2]] };
    }
  }
  return null;
}

register({
  id: "domineering", label: "Domineering (partizan)", order: 120, path: "/v1/domineering", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"],
  example: { board: ["...", "...", "..#"] },
  help: "board: rows of '.' (empty) and '#' (filled). Left places dominoes vertically, Right horizontally. " +
        "Values answer within the default limits up to about 30 cells (5 \u00d7 6 in a few seconds, 4 \u00d7 8 in about ten); " +
        "an empty 6 \u00d7 6 and larger boards are refused at once, from an estimate of the search. " +
        "\"outcome_only\": true (the switch under the drawing) answers the outcome alone, by search: 6 \u00d7 6 in milliseconds, " +
        "8 \u00d7 8 in about a second, boards of up to 10 \u00d7 10 accepted (9 \u00d7 9 and larger run past the time limit).",
  hint: "Choose who moves next. Click an empty cell, then a neighbour: below or above it places Left's vertical domino, " +
        "beside it Right's horizontal one (or click a bar of the side to move). The dashed outline is that side's winning move.",
  apply: domAfter,
  describe: function (move) {
    return Array.isArray(move.cells) && move.cells.length === 2 ?
      (move.cells[0][1] === move.cells[1][1] ? "vertical" : "horizontal") + " domino on (" + move.cells[0].join(", ") +
      ") and (" + move.cells[1].join(", ") + ")" : compact(move);
  },
  anyMove: domAnyMove,
  sideMoves: function (req, side) {
    var out = [], rows = domRows(req);
    if (!rows) return out;
    for (var r = 0; r < rows.length; r++) {
      for (var c = 0; c < rows[r].length; c++) {
        var r2 = side ? r : r + 1, c2 = side ? c + 1 : c;
        if (domFree(rows, r, c) && domFree(rows, r2, c2)) out.push({ cells: [[r, c], [r2, c2]] });
      }
    }
    return out;
  },
  draw: function (req, resp, steppers) { steppers.appendChild(domineeringControls(req)); return drawDomineering(req, resp); },
  part: function (req, resp, i) { return drawDomineering(req, resp, i); }
});
