import { register } from "../kit/registry.mjs";
import { drawPart, drawRules, firstOf, moveTarget, select, selName, selection, suggestion } from "../kit/rules_play.mjs";
import { pressable } from "../kit/search_draw.mjs";
import { STRIP_S, pointer, slotRect, stripSvg } from "../kit/strip_draw.mjs";
import { state } from "../kit/state.mjs";
import { el, isObj, svg } from "../kit/util.mjs";

/* ---- /v1/toads-and-frogs: a strip of toads (Left, moving right) and frogs (Right, moving left). ----
 * A move {"from": i, "to": j}: one square on into an empty square, or a jump over exactly one
 * piece of the other kind into the empty square beyond.  On the drawing: click a piece and then
 * its square, or click the square a move of the side to move ends on (one move a square). */
function strip(req) { return req && typeof req.strip === "string" ? req.strip : null; }
function stripMoves(s, side) {
  var out = [], me = side ? "F" : "T", other = side ? "T" : "F", step = side ? -1 : 1;
  for (var i = 0; i < s.length; i++) {
    if (s[i] !== me) continue;
    var j = i + step;
    if (s[j] === other) j += step;
    if (j >= 0 && j < s.length && s[j] === ".") out.push({ from: i, to: j });
  }
  return out;
}
function tfMoves(req, side) { var s = strip(req); return s === null ? [] : stripMoves(s, side); }
var WORDS = { T: "a toad (Left's)", F: "a frog (Right's)", ".": "empty" };
function drawStrip(req, resp) {
  var s = strip(req);
  if (s === null) return el("p", { "class": "muted", text: "Nothing to draw: \"strip\" must be a string." });
  if (s.length > 400) return el("p", { "class": "muted", text: "Too long to draw (" + s.length + " squares)." });
  var S = STRIP_S, sel = selection("toads_and_frogs"), from = sel ? sel.from : -1, me = selName("toads_and_frogs");
  var mover = from >= 0 ? (s[from] === "F" ? 1 : 0) : state.side || 0;
  var moves = stripMoves(s, mover).filter(function (m) { return from < 0 || m.from === from; });
  var out = stripSvg(s.length, S, S, "Toads and Frogs strip of " + s.length + " squares");
  for (var i = 0; i < s.length; i++) {
    (function (i) {
      var cell = slotRect(i, S, i === from ? "selected" : ""), words = "square " + i + ": " + (WORDS[s[i]] || s[i]);
      var m = moves.filter(function (x) { return x.to === i; })[0];
      if (m) {
        var g = svg("g", { "class": "cell-move" });
        g.appendChild(cell);
        out.appendChild(moveTarget(g, "toads_and_frogs", m, mover, "square " + m.from + " to " + m.to, i * S + S / 2, S / 2 + 1));
        return;
      }
      if ((s[i] === "T" || s[i] === "F") && stripMoves(s, s[i] === "F" ? 1 : 0).some(function (x) { return x.from === i; })) {
        pressable(cell, words + (i === from ? " (chosen: now click its square, or here to let go)" : ": choose it to move"),
                  function () { select(me, i === from ? null : { from: i }, '.grid-cell[data-index="' + i + '"]'); });
      } else {
        var t = svg("title", {}); t.textContent = words; cell.appendChild(t);
        if (from >= 0) cell.addEventListener("click", function () { select(me, null); });
      }
      out.appendChild(cell);
    })(i);
  }
  for (var k = 0; k < s.length; k++) if (s[k] === "T" || s[k] === "F") out.appendChild(pointer(k, S, s[k] === "T" ? 1 : -1, s[k]));
  var best = suggestion(resp);
  if (best && typeof best.to === "number" && from < 0) {
    var mark = svg("rect", { "class": "rule-suggest", x: best.to * S + 4, y: 4, width: S - 8, height: S - 8, rx: 6, "data-testid": "suggested-move" });
    out.appendChild(mark);
  }
  return out;
}
register({
  id: "toads_and_frogs", label: "Toads and Frogs (partizan)", order: 180, path: "/v1/toads-and-frogs",
  theory: "toads-and-frogs",
  key: function (m) { return m.from + ">" + m.to; },
  partizan: true, players: ["Left (toads)", "Right (frogs)"],
  example: { strip: "TT..FF" },
  help: "strip: 'T' toads (Left's) move one square right or jump one frog into the empty square beyond; " +
        "'F' frogs (Right's) move left likewise; '.' empty. \"impartial\": true lets either player move either.",
  hint: "Choose who moves next, then click the square a toad (Left) or frog (Right) moves to, or click a piece and " +
        "then its square. The dashed square is the side to move's winning move.",
  apply: function (req, move) {
    var s = strip(req);
    if (s === null || !isObj(move) || !(move.from >= 0 && move.to >= 0 && move.from < s.length && move.to < s.length)) return null;
    var a = s.split(""), piece = a[move.from];
    a[move.from] = "."; a[move.to] = piece;
    req.strip = a.join("");
    return req;
  },
  describe: function (move) { return "square " + move.from + " to " + move.to; },
  anyMove: function (req, side) { return firstOf(tfMoves(req, side)); },
  sideMoves: tfMoves,
  draw: function (req, resp, steppers) { return drawRules("toads_and_frogs", req, resp, steppers, drawStrip); },
  part: function (req, resp, i) { return drawPart(drawStrip, req, resp, i); }
});
