import { register } from "../kit/registry.mjs";

/* ---- /v1/toads-and-frogs: a strip of toads (Left, moving right) and frogs (Right, moving left). ----
 * No drawing of its own yet: the strip is the request's text, and the moves are played from the
 * list (every move, with the value after it, comes from "all_moves"). */
function strip(req) { return req && typeof req.strip === "string" ? req.strip : null; }
function tfMoves(req, side) {
  var s = strip(req), out = [], me = side ? "F" : "T", other = side ? "T" : "F", step = side ? -1 : 1;
  if (s === null) return out;
  for (var i = 0; i < s.length; i++) {
    if (s[i] !== me) continue;
    var j = i + step;
    if (s[j] === other) j += step;
    if (j >= 0 && j < s.length && s[j] === ".") out.push({ from: i, to: j });
  }
  return out;
}
register({
  id: "toads_and_frogs", label: "Toads and Frogs (partizan)", order: 180, path: "/v1/toads-and-frogs",
  theory: "canonical-forms", drawn: false,
  key: function (m) { return m.from + ">" + m.to; },
  partizan: true, players: ["Left (toads)", "Right (frogs)"],
  example: { strip: "TT..FF" },
  help: "strip: 'T' toads (Left's) move one square right or jump one frog into the empty square beyond; " +
        "'F' frogs (Right's) move left likewise; '.' empty. \"impartial\": true lets either player move either.",
  apply: function (req, move) {
    var s = strip(req);
    if (s === null || !(move.from >= 0 && move.to >= 0 && move.from < s.length && move.to < s.length)) return null;
    var a = s.split(""), piece = a[move.from];
    a[move.from] = "."; a[move.to] = piece;
    req.strip = a.join("");
    return req;
  },
  describe: function (move) { return "square " + move.from + " to " + move.to; },
  anyMove: function (req, side) { var m = tfMoves(req, side); return m.length ? m[0] : null; },
  sideMoves: tfMoves
});
