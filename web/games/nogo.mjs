import { register } from "../kit/registry.mjs";
import { gridSet } from "./clobber.mjs";

/* NoGo (the ruleset engine, /v1/nogo): 'x' Left (Black), 'o' Right (White), '.' empty.  No
 * drawing yet: JSON in and out (an impartial move names its "stone"). */
register({
  id: "nogo", label: "NoGo (partizan)", order: 133, path: "/v1/nogo", theory: "canonical-forms",
  key: function (m) { return JSON.stringify(m); },
  partizan: true, allMoves: false, players: ["Left", "Right"], drawn: false,
  example: { board: ["...", "..."] },
  help: "board: rows of 'x' (Left, Black), 'o' (Right, White), '.' (empty). A stone on an empty point, " +
        "illegal when any group of either colour is left without a liberty.",
  apply: function (req, m) { return m.stone ? gridSet(req, [[m.cell[0], m.cell[1], m.stone]]) : null; },
  describe: function (m) { return "a stone on (" + m.cell.join(", ") + ")"; }
});
