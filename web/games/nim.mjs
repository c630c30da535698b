import { drawHeapGame, drawPiles, largeHeaps, pilesAfter } from "../kit/piles.mjs";
import { register } from "../kit/registry.mjs";
import { num } from "../kit/util.mjs";

/* Nim: piles of tokens; a move takes any number from one pile. */
register({
  id: "nim", label: "Nim", order: 10, path: "/v1/nim", misere: true, theory: "grundy-values-and-nim-sums",
  key: function (m) { return m.pile + ":" + num(m.to); },
  example: { piles: [3, 4, 5] },
  help: "piles: pile sizes; optional \"misere\": true. A move takes any number from one pile.",
  hint: "Click a token to take it and every token above it (Tab + Enter works too).",
  large: largeHeaps("piles"),
  apply: pilesAfter,
  describe: function (move) {
    return "from pile " + move.pile + " take " + (num(move.from) - num(move.to)) +
           " (" + move.from + " \u2192 " + move.to + ")";
  },
  delay: function (req) {
    var best = null;
    if (!Array.isArray(req.piles)) return null;
    for (var i = 0; i < req.piles.length; i++) {
      var p = num(req.piles[i]);
      if (p > 0 && (!best || p > best.from)) best = { pile: i, from: p, to: p - 1 };
    }
    return best;
  },
  draw: function (req, resp, steppers) { return drawHeapGame("nim", req, resp, steppers); },
  part: function (req, resp, i) { return drawPiles("nim", req, resp, i); }
});
