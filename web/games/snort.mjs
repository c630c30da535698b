import { colouringFamily } from "../kit/graph_draw.mjs";
import { register } from "../kit/registry.mjs";

/* ---- /v1/snort: Snort, colouring a graph's vertices, no two neighbours of different colours. ----
 * Drawn and played by kit/graph_draw.mjs: a click on an uncoloured vertex colours it for the
 * side to move (Left blue, Right red); the move is {"vertex": i, "color": c}. */
register(colouringFamily({
  id: "snort", label: "Snort (partizan)", order: 182, path: "/v1/snort", title: "Snort graph",
  clash: function (mine, theirs) { return theirs !== mine; },
  rule: "no two neighbours of different colours",
  example: { vertices: 4, edges: [[0, 1], [1, 2], [2, 3]], colors: [null, null, null, "red"] }
}));
