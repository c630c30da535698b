import { gridAt, gridWith } from "../kit/grid_draw.mjs";
import { drawFromTo, fromToMoves, gridFamily } from "../kit/grid_play.mjs";
import { register } from "../kit/registry.mjs";

/* Konane (the ruleset engine, /v1/konane): 'x' Left, 'o' Right, '.' empty.  A stone jumps an
 * adjacent stone of the other colour into the empty cell beyond, capturing it, and may go on
 * jumping in the same direction; each stopping point is a move {"from": [r, c], "to": [r, c]}. */
function konaneStep(rows, r, c, dr, dc, other) {
  var out = [];
  for (var k = 1; gridAt(rows, r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) === other &&
                  gridAt(rows, r + 2 * k * dr, c + 2 * k * dc) === "."; k++) out.push([r + 2 * k * dr, c + 2 * k * dc]);
  return out;
}
function konaneMoves(rows, side) { return fromToMoves(rows, side, konaneStep); }
register(gridFamily({
  id: "konane", label: "Konane (partizan)", order: 132, path: "/v1/konane", theory: "konane",
  key: function (m) { return JSON.stringify([m.from, m.to]); },
  players: ["Left (x)", "Right (o)"],
  example: { board: [".xo.", ".ox.", "...."] },
  help: "board: rows of 'x' (Left), 'o' (Right), '.' (empty). A stone jumps an adjacent stone of the other " +
        "colour into the empty cell beyond, and may go on jumping in the same direction. " +
        "At most 256 cells (422 past it); a value that runs past the default 30 s is a 422 too, and " +
        "\"outcome_only\": true (the switch under the drawing) answers the outcome alone, by search.",
  hint: "Choose who moves next. Click a stone, then the empty cell it jumps to; or click an arrow (each move of " +
        "the side to move has one, in the cell it lands on). The dashed arrow is that side's winning move.",
  moves: konaneMoves,
  after: function (rows, m) {
    if (!Array.isArray(m.from) || !Array.isArray(m.to)) return null;
    var me = gridAt(rows, m.from[0], m.from[1]), dr = Math.sign(m.to[0] - m.from[0]), dc = Math.sign(m.to[1] - m.from[1]);
    if (me !== "x" && me !== "o" || (dr !== 0) === (dc !== 0)) return null;
    var cells = [[m.from[0], m.from[1], "."]];
    for (var r = m.from[0] + dr, c = m.from[1] + dc; r !== m.to[0] || c !== m.to[1]; r += dr, c += dc) {
      if (!gridAt(rows, r, c)) return null;
      cells.push([r, c, "."]);
    }
    cells.push([m.to[0], m.to[1], me]);
    return gridWith(rows, cells);
  },
  describe: function (m) { return "(" + m.from.join(", ") + ") jumps to (" + m.to.join(", ") + ")"; },
  picture: function (req, resp) { return drawFromTo("konane", req, resp, konaneMoves, "Konane board"); }
}));
