import { register } from "../kit/registry.mjs";
import { gridAt, gridSet } from "./clobber.mjs";

/* Konane (the ruleset engine, /v1/konane): 'x' Left, 'o' Right, '.' empty; a stone jumps the
 * other colour's stones in one direction.  No drawing yet: JSON in and out. */
register({
  id: "konane", label: "Konane (partizan)", order: 132, path: "/v1/konane", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"], drawn: false,
  example: { board: ["xo.o.", "ox..."] },
  help: "board: rows of 'x' (Left), 'o' (Right), '.' (empty). A stone jumps an adjacent stone of the other " +
        "colour into the empty cell beyond, and may go on jumping in the same direction.",
  apply: function (req, m) {
    var me = gridAt(req, m.from), dr = Math.sign(m.to[0] - m.from[0]), dc = Math.sign(m.to[1] - m.from[1]);
    if (!me) return null;
    var cells = [[m.from[0], m.from[1], "."]];
    for (var r = m.from[0] + dr, c = m.from[1] + dc; r !== m.to[0] || c !== m.to[1]; r += dr, c += dc) cells.push([r, c, "."]);
    cells.push([m.to[0], m.to[1], me]);
    return gridSet(req, cells);
  },
  describe: function (m) { return "(" + m.from.join(", ") + ") jumps to (" + m.to.join(", ") + ")"; }
});
