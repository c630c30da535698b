import { colouringFamily } from "../kit/graph_draw.mjs";
import { register } from "../kit/registry.mjs";

/* ---- /v1/col: Col, colouring a graph's vertices, no two neighbours of the same colour. ----
 * Drawn and played by kit/graph_draw.mjs: a click on an uncoloured vertex colours it for the
 * side to move (Left blue, Right red); the move is {"vertex": i, "color": c}. */
register(colouringFamily({
  id: "col", label: "Col (partizan)", order: 183, path: "/v1/col", title: "Col graph",
  clash: function (mine, theirs) { return theirs === mine; },
  rule: "no two neighbours of the same colour",
  example: { vertices: 4, edges: [[0, 1], [0, 2], [0, 3]] }
}));
