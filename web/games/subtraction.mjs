import { drawHeapGame, drawPiles, largeHeaps, pilesAfter } from "../kit/piles.mjs";
import { register } from "../kit/registry.mjs";
import { num } from "../kit/util.mjs";

/* Subtraction games: piles, and the amounts a move may take from one of them. */
register({
  id: "subtraction", label: "Subtraction game", order: 20, path: "/v1/subtraction", misere: true, theory: "grundy-values-and-nim-sums",
  key: function (m) { return m.pile + ":" + num(m.to); },
  example: { piles: [7, 10, 12], subtraction_set: [1, 3, 4] },
  help: "piles plus either \"max_take\": K (take 1..K) or \"subtraction_set\": the amounts that may be taken.",
  hint: "Click a token to take it and every token above it; the pale heights cannot be reached in one move.",
  large: largeHeaps("piles"),
  apply: pilesAfter,
  describe: function (move) {
    return "from pile " + move.pile + " take " + move.take + " (" + move.from + " \u2192 " + move.to + ")";
  },
  draw: function (req, resp, steppers) { return drawHeapGame("subtraction", req, resp, steppers); },
  part: function (req, resp, i) { return drawPiles("subtraction", req, resp, i); }
});
