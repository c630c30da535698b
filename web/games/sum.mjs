import { moveKey } from "../kit/board.mjs";
import { idsAfter, initialIds } from "../kit/ids.mjs";
import { applyMove, delayingMove } from "../kit/moves.mjs";
import { GAMES, register } from "../kit/registry.mjs";
import { allMoves } from "../kit/state.mjs";
import { el, isIndex, isObj } from "../kit/util.mjs";
import { componentGame, describeMove, formatValue } from "../kit/words.mjs";

/* Sums of games: positions of the other families side by side; a move is made in one. */
register({
  id: "sum", label: "Sum of games", order: 140, path: "/v1/sum", docs: "values",
  key: function (m) { return "s" + m.component + "/" + moveKey(m.game || componentGame(m.component), m.move); },
  allMoves: "components", /* when every component's family lists them */
  example: { components: [
    { game: "nim", piles: [4] },
    { game: "subtraction", piles: [5], max_take: 3 },
    { game: "hackenbush_graph", edges: [[0, 1], [1, 1]], ground: [0] }
  ] },
  help: "components: positions of any of the other games, each with \"game\": its name. " +
        "The sum's value is the nim-sum of theirs.",
  hint: "Each component is drawn and can be played in place.",
  apply: function (out, move) {
    if (!Array.isArray(out.components) || !isIndex(move.component, out.components.length)) return null;
    var comp = out.components[move.component];
    if (!isObj(comp) || !GAMES[comp.game] || comp.game === "sum") return null;
    var inner = applyMove(comp.game, comp, move.move);
    if (!inner) return null;
    out.components[move.component] = inner;
    return out;
  },
  describe: function (move, names) {
    var ids = names.ids;
    return "in component " + move.component + ": " + describeMove(move.game || componentGame(move.component), move.move,
                                                                 ids && ids.c ? ids.c[move.component] || null : null);
  },
  /* a lost sum: delay in the first component that still has a move */
  delay: function (req) {
    if (!Array.isArray(req.components)) return null;
    for (var i = 0; i < req.components.length; i++) {
      var c = req.components[i];
      var inner = isObj(c) && GAMES[c.game] && c.game !== "sum" ? delayingMove(c.game, c) : null;
      if (inner) return { component: i, game: c.game, move: inner };
    }
    return null;
  },
  ids: function (req) {
    if (!Array.isArray(req.components)) return null;
    return { c: req.components.map(function (c) {
      return isObj(c) && GAMES[c.game] && c.game !== "sum" ? initialIds(c.game, c) : null; }) };
  },
  idsAfter: function (req, move, ids) {
    if (!ids.c) return null;
    var c = move.component, comps = ids.c.slice();
    if (!isIndex(c, comps.length) || !Array.isArray(req.components) || !isObj(req.components[c])) return null;
    comps[c] = idsAfter(req.components[c].game, req.components[c], move.move, comps[c]);
    return { c: comps };
  },
  draw: function (req, resp) {
    if (!Array.isArray(req.components)) return null;
    var box = el("div", { "class": "sum-drawing" });
    req.components.forEach(function (c, i) {
      if (!isObj(c)) return;
      var cv = resp && Array.isArray(resp.component_grundy) ? " \u2013 value " + formatValue(resp.component_grundy[i]) : "";
      var fig = el("figure", { "data-component": i }, [el("figcaption", { text: "#" + i + " " + c.game + cv })]);
      var g = GAMES[c.game], d = g && g.part && c.game !== "sum" ? g.part(c, resp, i) : null;
      if (d) { if (d.removeAttribute) d.removeAttribute("data-testid"); fig.appendChild(d); }
      box.appendChild(fig);
    });
    return box;
  }
});
