import { drawHeapGame, drawPiles, largeHeaps } from "../kit/piles.mjs";
import { register } from "../kit/registry.mjs";
import { $ } from "../kit/state.mjs";
import { isIndex, num } from "../kit/util.mjs";

/* Octal games (Kayles, Dawson's Kayles, ...): the code says how many tokens a move may take
 * from a heap and whether what is left may stay one heap or split into two. */
register({
  id: "octal", label: "Octal game (Kayles, Dawson's Kayles, ...)", order: 30, path: "/v1/octal", misere: true, theory: "grundy-values-and-nim-sums",
  key: function (m) { return m.heap + ":" + m.take + ":" + (Array.isArray(m.leaves) ? m.leaves.map(num).sort(function (a, b) { return a - b; }).join(",") : ""); },
  example: { code: "0.77", heaps: [5, 8] },
  help: "code: the octal code (0.77 is Kayles, 0.07 Dawson's Kayles), or a name: \"grundy\" (Grundy's game: " +
        "split a heap into two unequal heaps), \"kayles\"; heaps: heap sizes.",
  hint: "Click the first token to take: where several moves start there, click the last token to take (or pick one of the choices under the drawing). A heap splits where tokens are taken from its middle.",
  large: largeHeaps("heaps"),
  apply: function (out, move) {
    if (!Array.isArray(out.heaps) || !isIndex(move.heap, out.heaps.length) || !Array.isArray(move.leaves)) return null;
    out.heaps.splice.apply(out.heaps, [move.heap, 1].concat(move.leaves.filter(function (x) { return num(x) > 0; })));
    return out;
  },
  describe: function (move) {
    /* Grundy's game ("grundy") takes nothing: it splits a heap into two unequal heaps */
    if (num(move.take) === 0 && Array.isArray(move.leaves) && move.leaves.length === 2) {
      return "split heap " + move.heap + " into " + move.leaves.join(" + ");
    }
    return "from heap " + move.heap + " take " + move.take + ", leaving " +
           (Array.isArray(move.leaves) && move.leaves.length ? move.leaves.join(" + ") : "nothing");
  },
  draw: function (req, resp, steppers) {
    if (req.code === "grundy") {
      $("drawing-hint").textContent = "Grundy's game: a move splits one heap into two unequal heaps. Click the token where " +
        "the upper heap is to begin (token k from the bottom leaves k below it and the rest above).";
    }
    return drawHeapGame("octal", req, resp, steppers);
  },
  part: function (req, resp, i) { return drawPiles("octal", req, resp, i); }
});
