import { register } from "../kit/registry.mjs";
import { drawPart, drawRules, firstOf, moveTarget, suggestion } from "../kit/rules_play.mjs";
import { glyphButton, stripSvg } from "../kit/strip_draw.mjs";
import { state } from "../kit/state.mjs";
import { el, isObj, svg } from "../kit/util.mjs";

/* ---- /v1/toppling-dominoes: a row of blue (Left's), red (Right's) and green (either's) dominoes. ----
 * A move {"domino": i, "direction": "left" | "right"} topples one of the mover's dominoes: it
 * and every domino on that side go.  Drawn as the row, each domino with its letter (B, R, G:
 * not only its colour), and under each of the side to move's two buttons, topple left or right. */
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
var W = 68, H = 64, B = 32, KIND = { b: ["blue", "B", "Left's"], r: ["red", "R", "Right's"], g: ["green", "G", "either's"] };
function drawRow(req, resp) {
  var r = row(req);
  if (r === null) return el("p", { "class": "muted", text: "Nothing to draw: \"dominoes\" must be a string." });
  if (r.length > 400) return el("p", { "class": "muted", text: "Too long to draw (" + r.length + " dominoes)." });
  var side = state.side || 0, best = suggestion(resp);
  var s = stripSvg(r.length, W, H + B + 26, "Toppling Dominoes row of " + r.length);
  for (var i = 0; i < r.length; i++) {
    var k = KIND[r[i]] || ["unknown", r[i], "unknown"];
    var d = svg("g", { "class": "domino " + k[0], "data-index": i });
    d.appendChild(svg("rect", { "class": "domino-body", x: i * W + W / 2 - 13, y: 0, width: 26, height: H, rx: 4 }));
    var t = svg("text", { "class": "piece-letter", x: i * W + W / 2, y: H / 2 });
    t.textContent = k[1];
    d.appendChild(t);
    var tt = svg("title", {}); tt.textContent = "domino " + i + ": " + k[0] + " (" + k[2] + ")"; d.appendChild(tt);
    s.appendChild(d);
  }
  tdMoves(req, side).forEach(function (m) {
    var left = m.direction === "left", x = m.domino * W + (left ? 1 : W / 2 + 1), y = H + 6;
    var g = glyphButton(x, y, B, left ? "\u25c0" : "\u25b6");
    s.appendChild(moveTarget(g, "toppling_dominoes", m, side, "topple domino " + m.domino + " to the " + m.direction, x + B / 2, y + B + 12));
    if (best && best.domino === m.domino && best.direction === m.direction) {
      s.appendChild(svg("rect", { "class": "rule-suggest", x: x - 3, y: y - 3, width: B + 6, height: B + 6, rx: 7, "data-testid": "suggested-move" }));
    }
  });
  return s;
}
register({
  id: "toppling_dominoes", label: "Toppling Dominoes (partizan)", order: 181, path: "/v1/toppling-dominoes",
  theory: "toppling-dominoes",
  key: function (m) { return m.domino + m.direction; },
  partizan: true, players: ["Left (blue)", "Right (red)"],
  example: { dominoes: "bbrg" },
  help: "dominoes: 'b' blue (Left's), 'r' red (Right's), 'g' green (either's). A move topples one of your " +
        "dominoes left or right: it and everything on that side go.",
  hint: "Choose who moves next, then press \u25c0 or \u25b6 under one of that side's dominoes (Left: B and G, Right: R and G) " +
        "to topple it that way. The dashed button is the side to move's winning move.",
  apply: function (req, move) {
    var r = row(req);
    if (r === null || !isObj(move) || !(move.domino >= 0 && move.domino < r.length)) return null;
    req.dominoes = move.direction === "left" ? r.slice(move.domino + 1) : r.slice(0, move.domino);
    return req;
  },
  describe: function (move) { return "topple domino " + move.domino + " to the " + move.direction; },
  anyMove: function (req, side) { return firstOf(tdMoves(req, side)); },
  sideMoves: tdMoves,
  draw: function (req, resp, steppers) { return drawRules("toppling_dominoes", req, resp, steppers, drawRow); },
  part: function (req, resp, i) { return drawPart(drawRow, req, resp, i); }
});
