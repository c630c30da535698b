import { register } from "../kit/registry.mjs";

/* ---- /v1/toppling-dominoes: a row of blue (Left's), red (Right's) and green (either's) dominoes. ----
 * No drawing of its own yet: the row is the request's text, and the moves are played from the list. */
function row(req) { return req && typeof req.dominoes === "string" ? req.dominoes : null; }
function tdMoves(req, side) {
  var r = row(req), out = [];
  if (r === null) return out;
  for (var i = 0; i < r.length; i++) {
    if (r[i] === "g" || r[i] === (side ? "r" : "b")) {
      out.push({ domino: i, direction: "left" }, { domino: i, direction: "right" });
    }
  }
  return out;
}
register({
  id: "toppling_dominoes", label: "Toppling Dominoes (partizan)", order: 181, path: "/v1/toppling-dominoes",
  theory: "canonical-forms", drawn: false,
  key: function (m) { return m.domino + m.direction; },
  partizan: true, players: ["Left (blue)", "Right (red)"],
  example: { dominoes: "bbrg" },
  help: "dominoes: 'b' blue (Left's), 'r' red (Right's), 'g' green (either's). A move topples one of your " +
        "dominoes left or right: it and everything on that side go.",
  apply: function (req, move) {
    var r = row(req);
    if (r === null || !(move.domino >= 0 && move.domino < r.length)) return null;
    req.dominoes = move.direction === "left" ? r.slice(move.domino + 1) : r.slice(0, move.domino);
    return req;
  },
  describe: function (move) { return "topple domino " + move.domino + " to the " + move.direction; },
  anyMove: function (req, side) { var m = tdMoves(req, side); return m.length ? m[0] : null; },
  sideMoves: tdMoves
});
