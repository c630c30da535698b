import { analyse } from "./api.mjs";
import { resetPlay } from "./history.mjs";
import { GAMES } from "./registry.mjs";
import { $, gameSelect, input } from "./state.mjs";
import { el, formatRequest, num, parseInput } from "./util.mjs";

/* Click-to-add for graphs: a vertex, or an edge between two ids. */
export function graphEditor(req) {
  var isGG = gameSelect.value === "game_graph", isNK = gameSelect.value === "node_kayles";
  var a = el("input", { type: "number", min: "0", value: "0", "aria-label": "edge from", style: "width:5em" });
  var b = el("input", { type: "number", min: "0", value: "1", "aria-label": "edge to", style: "width:5em" });
  var addE = el("button", { type: "button", text: isGG ? "add move" : "add edge", "data-testid": "add-edge" });
  var addV = el("button", { type: "button", text: isGG ? "add position" : "add vertex", "data-testid": "add-vertex" });
  addE.addEventListener("click", function () {
    var r = parseInput(); if (!r) return;
    var key = isGG ? "moves" : "edges", u = Number(a.value), v = Number(b.value);
    r[key] = (r[key] || []).concat([[u, v]]);
    if (isGG) r.positions = Math.max(num(r.positions) || 0, u + 1, v + 1);
    else if (isNK) r.vertices = Math.max(num(r.vertices) || 0, u + 1, v + 1);
    else if (r.vertices !== undefined) r.vertices = Math.max(num(r.vertices), u + 1, v + 1);
    input.value = formatRequest(r); resetPlay(); analyse();
  });
  addV.addEventListener("click", function () {
    var r = parseInput(); if (!r) return;
    if (isGG) r.positions = (num(r.positions) || 0) + 1;
    else if (isNK) r.vertices = (num(r.vertices) || 0) + 1;
    else {
      var top = 0; (r.edges || []).forEach(function (e) { top = Math.max(top, e[0], e[1]); });
      var nv = Math.max(num(r.vertices) || 0, top + 1);
      r.edges = (r.edges || []).concat([[Number(a.value), nv]]);
      if (r.vertices !== undefined) r.vertices = nv + 1;
    }
    input.value = formatRequest(r); resetPlay(); analyse();
  });
  return el("div", { "class": "buttons" }, [isGG ? "Move " : "Edge ", a, " \u2192 ", b, addE, addV]);
}

export function drawOther(game, req, resp) {
  var g = GAMES[game];
  return g && g.draw ? g.draw(req, resp, $("steppers")) : null;
}
