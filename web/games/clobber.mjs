import { register } from "../kit/registry.mjs";
import { isObj } from "../kit/util.mjs";

/* Clobber (the ruleset engine, /v1/clobber): 'x' Left's stones, 'o' Right's, '.' empty.  No
 * drawing yet: the request and the answer as JSON; a move is applied to the board's rows. */
export function gridSet(req, cells) {
  if (!isObj(req) || !Array.isArray(req.board)) return null;
  var rows = req.board.map(function (r) { return typeof r === "string" ? r.split("") : null; });
  for (var i = 0; i < cells.length; i++) {
    var r = cells[i][0], c = cells[i][1];
    if (!rows[r] || c < 0 || c >= rows[r].length) return null;
    rows[r][c] = cells[i][2];
  }
  req.board = rows.map(function (r) { return r.join(""); });
  return req;
}
export function gridAt(req, cell) {
  var row = isObj(req) && Array.isArray(req.board) ? req.board[cell[0]] : null;
  return typeof row === "string" ? row.charAt(cell[1]) : "";
}
register({
  id: "clobber", label: "Clobber (partizan)", order: 131, path: "/v1/clobber", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"], drawn: false,
  example: { board: ["xox", "oxo"] },
  help: "board: rows of 'x' (Left's stones), 'o' (Right's), '.' (empty). A stone takes an orthogonally " +
        "adjacent stone of the other colour. \"impartial\": true plays the impartial variant.",
  apply: function (req, m) {
    var me = gridAt(req, m.from);
    return me ? gridSet(req, [[m.from[0], m.from[1], "."], [m.to[0], m.to[1], me]]) : null;
  },
  describe: function (m) { return "(" + m.from.join(", ") + ") takes (" + m.to.join(", ") + ")"; }
});
