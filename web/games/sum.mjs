import { moveKey } from "../kit/board.mjs";
import { idsAfter, initialIds } from "../kit/ids.mjs";
import { applyMove, delayingMove } from "../kit/moves.mjs";
import { sideChooser } from "../kit/partizan.mjs";
import { GAMES, register } from "../kit/registry.mjs";
import { allMoves, input } from "../kit/state.mjs";
import { el, isIndex, isObj, parseInput } from "../kit/util.mjs";
import { componentGame, describeMove, formatValue } from "../kit/words.mjs";

/* Sums of games: positions of the other families side by side; a move is made in one.  A sum
 * with a partizan part is partizan (grundyd answers its value, outcome, mean, temperature and
 * each side's winning move, and no list of moves): the entry's partizan and players follow
 * the request in the box. */
var partizanText = null, partizanSeen = false;
function partizanParts() {
  if (input.value !== partizanText) {
    partizanText = input.value;
    var req = parseInput();
    partizanSeen = !!req && Array.isArray(req.components) && req.components.some(function (c) {
      return isObj(c) && GAMES[c.game] && GAMES[c.game].partizan === true; });
  }
  return partizanSeen;
}
register({
  id: "sum", label: "Sum of games", order: 200, path: "/v1/sum", theory: "sums",
  get partizan() { return partizanParts(); },
  get players() { return partizanParts() ? ["Left", "Right"] : undefined; },
  key: function (m) { return "s" + m.component + "/" + moveKey(m.game || componentGame(m.component), m.move); },
  allMoves: "components", /* when every component's family lists them */
  example: { components: [
    { game: "nim", piles: [4] },
    { game: "subtraction", piles: [5], max_take: 3 },
    { game: "hackenbush_graph", edges: [[0, 1], [1, 1]], ground: [0] }
  ] },
  help: "components: positions of any of the other games, each with \"game\": its name. " +
        "The sum's value is the nim-sum of theirs; with a partizan part (Domineering, coloured Hackenbush), " +
        "the sum of their canonical values, and each side's winning move.",
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
  /* a partizan sum's moves of one side: every part's, when every part's family can list them */
  sideMoves: function (req, side) {
    if (!Array.isArray(req.components)) return [];
    var out = [];
    for (var i = 0; i < req.components.length; i++) {
      var c = req.components[i], g = isObj(c) ? GAMES[c.game] : null;
      if (!g || !g.sideMoves) return null;
      g.sideMoves(c, side).forEach(function (m) { out.push({ component: i, game: c.game, move: m }); });
    }
    return out;
  },
  anyMove: function (req, side) {
    if (!Array.isArray(req.components)) return null;
    for (var i = 0; i < req.components.length; i++) {
      var c = req.components[i], g = isObj(c) ? GAMES[c.game] : null;
      var m = g && g.anyMove ? g.anyMove(c, side) : g && g.delay ? g.delay(c) : null;
      if (m) return { component: i, game: c.game, move: m };
    }
    return null;
  },
  draw: function (req, resp, steppers) {
    if (!Array.isArray(req.components)) return null;
    if (partizanParts()) steppers.appendChild(sideChooser("sum"));
    var box = el("div", { "class": "sum-drawing" });
    req.components.forEach(function (c, i) {
      if (!isObj(c)) return;
      var values = resp && (resp.component_grundy || resp.component_values);
      /* null: a large board the sum's search played move by move (`searched_components`);
       * its canonical form was never computed, so there is no value to show */
      var cv = !Array.isArray(values) ? "" : values[i] === null ? " \u2013 searched as a position (value not computed)"
             : " \u2013 value " + formatValue(values[i]);
      var fig = el("figure", { "data-component": i }, [el("figcaption", { text: "#" + i + " " + c.game + cv })]);
      var g = GAMES[c.game], d = g && g.part && c.game !== "sum" ? g.part(c, resp, i) : null;
      if (d) { if (d.removeAttribute) d.removeAttribute("data-testid"); fig.appendChild(d); }
      box.appendChild(fig);
    });
    return box;
  }
});
