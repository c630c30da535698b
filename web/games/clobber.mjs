import { gridAt, gridWith } from "../kit/grid_draw.mjs";
import { drawFromTo, fromToMoves, gridFamily } from "../kit/grid_play.mjs";
import { register } from "../kit/registry.mjs";

/* Clobber (the ruleset engine, /v1/clobber): 'x' Left's stones, 'o' Right's, '.' empty.  A
 * stone moves onto an orthogonally adjacent stone of the other colour, which is removed:
 * {"from": [r, c], "to": [r, c]}.  Drawn as a board (kit/grid_play.mjs). */
function clobberStep(rows, r, c, dr, dc, other) {
  return gridAt(rows, r + dr, c + dc) === other ? [[r + dr, c + dc]] : [];
}
function clobberMoves(rows, side) { return fromToMoves(rows, side, clobberStep); }
register(gridFamily({
  id: "clobber", label: "Clobber (partizan)", order: 131, path: "/v1/clobber", theory: "clobber",
  key: function (m) { return JSON.stringify([m.from, m.to]); },
  players: ["Left (x)", "Right (o)"],
  example: { board: ["xoxo", "..o."] },
  help: "board: rows of 'x' (Left's stones), 'o' (Right's), '.' (empty). A stone takes an orthogonally " +
        "adjacent stone of the other colour. At most 256 cells; a full 4 \u00d7 4 board's value answers within the " +
        "default 30 s, 4 \u00d7 5 does not (422), and \"outcome_only\": true (the switch under the drawing) answers it " +
        "by search in seconds. \"impartial\": true plays the impartial variant.",
  hint: "Choose who moves next. Click a stone, then the stone of the other colour it takes; or click an arrow " +
        "(each move of the side to move has one, in the cell it goes to). The dashed arrow is that side's winning move.",
  moves: clobberMoves,
  after: function (rows, m) {
    if (!Array.isArray(m.from) || !Array.isArray(m.to)) return null;
    var me = gridAt(rows, m.from[0], m.from[1]);
    return me === "x" || me === "o" ? gridWith(rows, [[m.from[0], m.from[1], "."], [m.to[0], m.to[1], me]]) : null;
  },
  describe: function (m) { return "(" + m.from.join(", ") + ") takes (" + m.to.join(", ") + ")"; },
  picture: function (req, resp) { return drawFromTo("clobber", req, resp, clobberMoves, "Clobber board"); }
}));
