import { analyse } from "../kit/api.mjs";
import { drawGraph } from "../kit/hackenbush_draw.mjs";
import { resetPlay } from "../kit/history.mjs";
import { idsAfter } from "../kit/ids.mjs";
import { SIDE_WORDS, coloredKeep, coloredModel, mayCut, playSide, sideChooser } from "../kit/partizan.mjs";
import { register } from "../kit/registry.mjs";
import { pressable } from "../kit/search_draw.mjs";
import { MAX_DRAWN_EDGES, allMoves, input, state, statusEl } from "../kit/state.mjs";
import { el, formatRequest, isIndex, isObj, num, parseInput } from "../kit/util.mjs";

/* Coloured Hackenbush: the impartial graph's drawing, its edges in their colours; an edge
 * the side to move may cut is a button, the others are greyed. */
/* comp: the graph is component comp of a sum (as drawDomineering's). */
export function drawColored(req, model, resp, comp) {
  var side = state.side || 0, best = resp ? resp[side ? "right_move" : "left_move"] : null;
  if (comp !== undefined) best = isObj(best) && best.component === comp ? best.move : null;
  state.sumComponent = comp;
  /* edge idx: its class, whether the side to move may cut it, and the cut */
  var info = function (idx, detached) {
    var colour = model.colors[idx], ok = !detached && mayCut(side, colour), suggested = isObj(best) && best.edge === idx;
    var act = detached ? null : function () {
      if (!mayCut(state.side || 0, colour)) {
        statusEl.textContent = SIDE_WORDS[state.side || 0] + " cuts only " + (state.side ? "red" : "blue") + " and green edges.";
        return;
      }
      if (comp === undefined) playSide("hackenbush_colored", state.side || 0, { edge: idx });
      else playSide("sum", state.side || 0, { component: comp, game: "hackenbush_colored", move: { edge: idx } });
    };
    return { colour: colour, ok: ok, suggested: suggested, act: act,
             cls: "hb-" + colour + (detached ? " detached" : ok ? "" : " not-yours") + (suggested ? " suggest" : "") };
  };
  var drawn = drawGraph(req, model, null, {
    game: "hackenbush_colored",
    /* a compact drawing (compact.mjs): the suggested edge is an element of its own, the others
     * are found by the pointer's position */
    part: function (idx, title, detached) {
      var it = info(idx, detached);
      return { own: it.suggested, cls: it.cls, act: it.act };
    },
    edge: function (e, idx, title, detached) {
      var it = info(idx, detached);
      e.setAttribute("class", "edge " + it.cls);
      e.setAttribute("data-index", String(idx));
      e.setAttribute("data-color", it.colour);
      if (it.suggested) e.setAttribute("data-testid", "suggested-move");
      if (detached) return;
      pressable(e, title + ", " + it.colour + (it.ok ? "" : ": " + SIDE_WORDS[side] + " may not cut it"), it.act);
      if (!it.ok) e.setAttribute("aria-disabled", "true");
    }
  });
  state.sumComponent = undefined;
  return drawn;
}
/* Add an edge (u, v, colour), a new vertex hanging from u, or put u on the ground. */
export function coloredEditor(req) {
  var a = el("input", { type: "number", min: "0", value: "0", "aria-label": "edge from", style: "width:5em" });
  var b = el("input", { type: "number", min: "0", value: "1", "aria-label": "edge to", style: "width:5em" });
  var colour = el("select", { "aria-label": "edge colour", "data-testid": "edge-colour", style: "width:auto" });
  ["blue", "red", "green"].forEach(function (c) { colour.appendChild(el("option", { value: c, text: c })); });
  var change = function (f) {
    var r = parseInput(); if (!r) return;
    r.edges = Array.isArray(r.edges) ? r.edges : [];
    f(r);
    input.value = formatRequest(r); resetPlay(); analyse();
  };
  var addE = el("button", { type: "button", text: "add edge", "data-testid": "add-edge" });
  addE.addEventListener("click", function () { change(function (r) { r.edges.push([Number(a.value), Number(b.value), colour.value]); }); });
  var addV = el("button", { type: "button", text: "add vertex", "data-testid": "add-vertex", "aria-label": "add vertex, joined to the first id" });
  addV.addEventListener("click", function () {
    change(function (r) {
      var top = 0;
      r.edges.forEach(function (e) { top = Math.max(top, num(e[0]), num(e[1])); });
      (Array.isArray(r.ground) ? r.ground : [0]).forEach(function (g) { top = Math.max(top, num(g)); });
      r.edges.push([Number(a.value), top + 1, colour.value]);
    });
  });
  var ground = el("button", { type: "button", text: "ground on/off", "aria-label": "ground on/off: the first id" });
  ground.addEventListener("click", function () {
    change(function (r) {
      var g = Array.isArray(r.ground) ? r.ground.slice() : [0], u = Number(a.value), k = g.indexOf(u);
      if (k >= 0) g.splice(k, 1); else g.push(u);
      r.ground = g;
    });
  });
  return el("div", { "class": "buttons" }, ["Edge ", a, " \u2013 ", b, colour, addE, addV, ground]);
}

export function coloredAfter(out, move) {
  var model = coloredModel(out);
  if (model.error || !isObj(move) || !isIndex(move.edge, out.edges.length) || !model.attached[move.edge]) return null;
  var keep = coloredKeep(out, model, move.edge);
  out.edges = keep.map(function (j) { return out.edges[j]; });
  return out;
}
export function coloredAnyMove(req, side) {
  var model = coloredModel(req);
  if (model.error) return null;
  for (var i = 0; i < req.edges.length; i++) if (model.attached[i] && mayCut(side, model.colors[i])) return { edge: i };
  return null;
}

register({
  id: "hackenbush_colored", label: "Red-Blue-Green Hackenbush (partizan)", order: 130, path: "/v1/hackenbush/colored", theory: "canonical-forms",
  key: function (m) { return "e" + m.edge; },
  partizan: true, allMoves: false, players: ["Left", "Right"],
  example: { edges: [[0, 1, "blue"], [1, 2, "red"], [2, 3, "blue"], [0, 4, "green"]], ground: [0] },
  help: "edges: [u, v, \"blue\" | \"red\" | \"green\"]; ground: the vertices on the ground. Left (blue) cuts " +
        "blue or green edges, Right (red) red or green; what loses contact with the ground falls.",
  hint: "Choose who moves next, then click an edge to cut it: Left cuts blue or green, Right red or green. " +
        "What no longer reaches the ground falls. The dashed edge is that side's winning move.",
  apply: coloredAfter,
  describe: function (move, names) {
    var cr = state.last && state.last.game === "hackenbush_colored" && isObj(state.last.req) && Array.isArray(state.last.req.edges)
      ? state.last.req.edges[move.edge] : null;
    return "cut edge " + names.drawn(move.edge, names.en(move.edge)) + (Array.isArray(cr) && cr.length === 3 ? " (" + cr[0] + "\u2013" + cr[1] + ", " + cr[2] + ")" : "");
  },
  anyMove: coloredAnyMove,
  sideMoves: function (req, side) {
    var out = [], model = coloredModel(req);
    if (model.error) return out;
    req.edges.forEach(function (e, i) { if (model.attached[i] && mayCut(side, model.colors[i])) out.push({ edge: i }); });
    return out;
  },
  ids: function (req) {
    return Array.isArray(req.edges) ? { e: req.edges.map(function (e, j) { return j; }) } : null;
  },
  idsAfter: function (req, move, ids) {
    if (!ids.e) return null;
    var cm = coloredModel(req);
    if (cm.error || !isIndex(move.edge, req.edges.length)) return null;
    return { e: coloredKeep(req, cm, move.edge).map(function (j) { return ids.e[j]; }) };
  },
  draw: function (req, resp, steppers) {
    steppers.appendChild(sideChooser("hackenbush_colored"));
    steppers.appendChild(coloredEditor(req));
    var cm = coloredModel(req);
    if (cm.error) return el("p", { "class": "muted", text: "Nothing to draw: " + cm.error + "." });
    if (cm.edges.length > MAX_DRAWN_EDGES) return el("p", { "class": "muted", text: "Too large to draw (" + cm.edges.length + " edges)." });
    return drawColored(req, cm, resp);
  },
  part: function (req, resp, i) {
    var cm = coloredModel(req);
    return cm.error ? null : drawColored(req, cm, resp, i);
  }
});
