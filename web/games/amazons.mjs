import { register } from "../kit/registry.mjs";
import { gridAt, gridSet } from "./clobber.mjs";

/* The Game of the Amazons (the ruleset engine, /v1/amazons): 'L' Left's amazons, 'R' Right's,
 * '#' burned, '.' empty.  No drawing yet: JSON in and out. */
register({
  id: "amazons", label: "Amazons (partizan)", order: 134, path: "/v1/amazons", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"], drawn: false,
  example: { board: ["L..", "..R"] },
  help: "board: rows of 'L' (Left's amazons), 'R' (Right's), '#' (burned), '.' (empty). An amazon moves " +
        "like a queen, then shoots an arrow like a queen; the arrow's square burns.",
  apply: function (req, m) {
    var me = gridAt(req, m.from);
    return me ? gridSet(req, [[m.from[0], m.from[1], "."], [m.to[0], m.to[1], me], [m.arrow[0], m.arrow[1], "#"]]) : null;
  },
  describe: function (m) { return "(" + m.from.join(", ") + ") to (" + m.to.join(", ") + "), arrow at (" + m.arrow.join(", ") + ")"; }
});
