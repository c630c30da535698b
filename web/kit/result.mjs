import { buildBoard, ordinalRemovals, renderMoveList } from "./board.mjs";
import { R, redraw } from "./draw.mjs";
import { maybeAutoReply, refocusDrawing, renderHistory, updatePlayButtons, updateStatus } from "./history.mjs";
import { isMisere, updateQuotient } from "./misere.mjs";
import { applyMove } from "./moves.mjs";
import { SIDE_WORDS, animateMove, isPartizan, playSide } from "./partizan.mjs";
import { partizanMoveList } from "./partizan_list.mjs";
import { GAMES } from "./registry.mjs";
import { updateSequence } from "./sequence.mjs";
import { remember } from "./share.mjs";
import { $, gameSelect, input, replyBtn, resultEl, state } from "./state.mjs";
import { showTheory } from "./theory.mjs";
import { thermographSvg } from "./thermograph.mjs";
import { compact, el, isObj } from "./util.mjs";
import { describeMove, formatValue } from "./words.mjs";

/* The players' names: "Player A" moves first.  A family where the two sides differ
 * names them in GAMES[game].players (Left and Right for partizan games). */
export function playerName(k, game) {
  var names = (GAMES[game || gameSelect.value] || {}).players || ["Player A", "Player B"];
  return names[k % 2];
}
export function toMoveIndex() {
  if (isPartizan()) return state.side || 0;
  return state.line ? state.line.at % 2 : 0;
}
export function updateToMove() {
  var k = toMoveIndex(), box = $("to-move");
  box.setAttribute("data-player", k ? "B" : "A");
  $("to-move-text").textContent = playerName(k) + " to move";
}

/* A partizan game's answer: its value, outcome class, mean and temperature, and a winning
 * move for each side moving first. */
export var OUTCOMES = {
  L: "Left wins, whoever moves first.",
  R: "Right wins, whoever moves first.",
  N: "The first player wins (an N-position).",
  P: "The second player wins (a P-position, a zero game)."
};
export function showPartizan(game, text, doc, ms) {
  var req = null;
  try { req = JSON.parse(text); } catch (e) { req = null; }
  state.last = { game: game, text: text, req: isObj(req) ? req : null, resp: doc };
  var line = state.line;
  if (line && line.at > 0) line.plies[line.at - 1].value = doc.value;
  var dl = el("dl");
  function row(name, value, testid) {
    dl.appendChild(el("dt", { text: name }));
    var dd = el("dd", testid ? { "data-testid": testid } : null);
    if (typeof value === "string") dd.textContent = value; else dd.appendChild(value);
    dl.appendChild(dd);
  }
  var nodes = [el("p", { "class": "verdict", "data-testid": "verdict", text: OUTCOMES[doc.outcome] || ("Outcome: " + doc.outcome) })];
  if (doc.value !== undefined) row("Value", String(doc.value), "partizan-value");
  else if (doc.value_omitted !== undefined) row("Value", "not written: " + String(doc.value_omitted), "partizan-value");
  row("Outcome", String(doc.outcome), "outcome");
  /* a sum whose canonical form would cost too much is decided by search: it has no value,
   * and the page says why instead of leaving the row out */
  if (doc.method === "search") row("Found by", "search over the sum's positions (no canonical form computed)", "method");
  if (doc.mean !== undefined) row("Mean", String(doc.mean), "mean");
  if (doc.temperature !== undefined) row("Temperature", String(doc.temperature), "temperature");
  var playable = game !== "cgt" && isObj(state.last.req), buttons = [];
  ["left", "right"].forEach(function (side, k) {
    var m = doc[side + "_move"], who = SIDE_WORDS[k];
    if (m === undefined) return;
    row(who + " moving first", isObj(m) ? "wins with " + describeMove(game, m) + " " + compact(m) : "loses", side + "-move");
    if (isObj(m) && playable && applyMove(game, state.last.req, m)) {
      var b = el("button", { type: "button", "data-testid": "play-" + side, text: "Play " + who + "'s winning move",
                             "aria-label": "Play " + who + "'s winning move: " + describeMove(game, m) });
      b.addEventListener("click", function () { b.disabled = true; state.focusPlay = side; animateMove(game, k, m); });
      buttons.push(b);
    }
  });
  ["left_options", "right_options"].forEach(function (k) {
    if (Array.isArray(doc[k])) row(k === "left_options" ? "Left's options" : "Right's options", optionButtons(doc[k], k === "left_options" ? 0 : 1), k.replace("_", "-"));
  });
  row("grundyd answered in", ms + " ms (the request sent to its answer read)", "server-time");
  row("Drawn in", "\u2026", "draw-time");
  nodes.push(dl);
  if (buttons.length) nodes.push(el("div", { "class": "buttons partizan-play" }, buttons));
  /* the value's thermograph, from its name (kit/thermograph.mjs), with grundyd's mean and
   * temperature marked; a what-is-this link to the theory page */
  var thermo = doc.value !== undefined && doc.mean !== undefined && doc.temperature !== undefined
    ? thermographSvg(String(doc.value), String(doc.mean), String(doc.temperature)) : null;
  if (thermo) {
    nodes.push(el("figure", { "class": "thermo-figure" }, [thermo, el("figcaption", { "class": "hint" }, [
      "Thermograph: Left's wall (left), Right's wall (right) and the mast at the mean; the dashed line is the temperature. ",
      theoryLink("mean-and-temperature", "What do mean and temperature say?")])]));
  }
  var det = el("details", null, [el("summary", { text: "Full response" })]);
  det.appendChild(el("pre", { text: JSON.stringify(doc, null, 2) }));
  nodes.push(det);
  resultEl.replaceChildren.apply(resultEl, nodes);
  resultEl.setAttribute("data-state", "ok");
  state.board = null;
  renderMoveList(game, null);
  $("move-summary").textContent = "Partizan play: each side's winning move is in the analysis, and every move can be played on the drawing.";
  partizanMoveList(state.last);
  renderHistory();
  remember();
  updateQuotient(game, null);
  redraw(input.value === text ? doc : null);
  if (game === "cgt" && state.cgtFocusAt === state.seq) $("cgt-expr").focus();
  if (state.focusPlay) {
    /* the keyboard stays on the winning-move buttons after one was pressed */
    var again = resultEl.querySelector('[data-testid="play-' + state.focusPlay + '"]') || resultEl.querySelector(".partizan-play button") || replyBtn;
    state.focusPlay = null;
    if (!again.disabled) again.focus({ preventScroll: true });
  }
  refocusDrawing();
  updatePlayButtons();
  updateStatus();
  maybeAutoReply();
}

export function showResult(game, text, doc, ms) {
  if (GAMES[game].partizan) return showPartizan(game, text, doc, ms);
  var req = null;
  try { req = JSON.parse(text); } catch (e) { req = null; }
  state.last = { game: game, text: text, req: isObj(req) ? req : null, resp: doc };
  var line = state.line;
  if (line && line.at > 0) line.plies[line.at - 1].value = doc.grundy;
  var winner = doc.winner, mover = toMoveIndex();
  var me = playerName(mover, game), other = playerName(mover + 1, game);
  var verdicts = {
    first: me + " wins: " + me + ", to move, has a winning move.",
    second: other + " wins: every move of " + me + ", to move, loses.",
    draw: "A draw: with best play the game goes on for ever."
  };
  var winnerIdx = winner === "first" ? mover : winner === "second" ? mover + 1 : -1;
  var nodes = [];
  nodes.push(el("p", { "class": "verdict " + (winnerIdx < 0 ? (verdicts[winner] ? winner : "") : (winnerIdx % 2 ? "player-b" : "player-a")),
                       "data-testid": "verdict", text: verdicts[winner] || ("Winner: " + winner) }));
  var dl = el("dl");
  function row(name, value, testid) {
    dl.appendChild(el("dt", { text: name }));
    var dd = el("dd", testid ? { "data-testid": testid } : null);
    if (typeof value === "string") dd.textContent = value; else dd.appendChild(value);
    dl.appendChild(dd);
  }
  var value = doc.grundy, misere = isMisere(req);
  if (misere) row("Play", "mis\u00e8re: whoever makes the last move loses", "play-rule");
  if (value !== undefined || !misere) row("Grundy value", formatValue(value) + (misere ? " (normal play's; it does not decide mis\u00e8re play)" : ""), "grundy");
  if (isObj(doc.misere_quotient)) {
    var mq = doc.misere_quotient;
    row("Mis\u00e8re quotient", "order " + mq.order + ", |P| = " + mq.p_count + ", heaps up to " + mq.max_heap +
        (mq.complete ? ", complete" : ", not proven complete"), "misere-quotient");
  } else if (misere && doc.misere_quotient === null) {
    row("Mis\u00e8re quotient", "none used: answered by exhaustive search", "misere-quotient");
  }
  if (doc.grundy_ascii && doc.grundy_ascii !== value) row("In ASCII", String(doc.grundy_ascii));
  row("Winner", String(winner) + (winnerIdx >= 0 ? " (" + playerName(winnerIdx, game) + ")" : ""), "winner");
  var move = doc.winning_move;
  if (isObj(move)) {
    row("Winning move", el("span", null, [describeMove(game, move), " ", el("code", { text: compact(move) })]), "winning-move");
  } else if (winner === "draw") {
    row("Winning move", "none: no move wins, but the player to move can avoid losing by keeping the game going", "winning-move");
  } else if (winner === "first") {
    row("Winning move", "none needed (misère: the player to move has already won)", "winning-move");
  } else {
    row("Winning move", "none (the player to move loses whatever they do)", "winning-move");
  }
  if (isObj(value) && Array.isArray(value.infinity)) {
    row("What \u221e(K) means", "the position can be played for ever; " + (value.infinity.length
        ? "K = {" + value.infinity.join(", ") + "} are the finite values reachable in one move. "
        : "K is empty: no move reaches a position of finite value. ") + (value.infinity.indexOf(0) >= 0
        ? "0 is in K, so the player to move wins by moving to a 0 position."
        : "0 is not in K, so neither player can force a win: a draw."));
  }
  if (Array.isArray(doc.component_grundy) && req && Array.isArray(req.components)) {
    row("Component values", doc.component_grundy.map(function (v, i) {
      var c = req.components[i];
      return "#" + i + " " + (isObj(c) ? c.game : "?") + ": " + formatValue(v);
    }).join("; "), "component-values");
  }
  if (doc.winning_move_count !== undefined) row("Winning moves", String(doc.winning_move_count));
  if (doc.detached_edges) row("Fallen away", doc.detached_edges + " edge(s) not connected to the ground");
  if (Array.isArray(doc.pile_grundy)) row("Pile values", doc.pile_grundy.join(", "));
  if (Array.isArray(doc.tree_grundy)) row("Tree values", doc.tree_grundy.join(", "));
  if (Array.isArray(doc.heap_grundy)) row("Heap values", doc.heap_grundy.join(", "));
  if (Array.isArray(doc.values)) row("Position values", doc.values.map(formatValue).join(", "));
  if (Array.isArray(doc.remoteness)) row("Moves to the end", doc.remoteness.map(function (r) { return r === null ? "\u221e" : String(r); }).join(", ") +
      " (per position, one token, perfect play: the winner hurries, the loser delays; \u221e: drawn)", "remoteness");
  if (isObj(doc.period)) row("Period", "preperiod " + doc.period.preperiod + ", period " + doc.period.period);
  if (doc.values_computed !== undefined) row("Values computed", String(doc.values_computed));
  row("grundyd answered in", ms + " ms (the request sent to its answer read)", "server-time");
  row("Drawn in", "\u2026", "draw-time");
  nodes.push(dl);
  var det = el("details", null, [el("summary", { text: "Full response" })]);
  /* the full answer is written out only when opened (a 1000-move answer is long) */
  det.addEventListener("toggle", function () {
    if (det.open && det.children.length < 2) det.appendChild(el("pre", { text: JSON.stringify(doc, null, 2) }));
  });
  nodes.push(det);
  resultEl.replaceChildren.apply(resultEl, nodes);
  resultEl.setAttribute("data-state", "ok");
  state.board = buildBoard(game, state.last.req, doc);
  renderMoveList(game, doc);
  if (game === "ordinal_trees") ordinalRemovals(state.last);
  renderHistory();
  remember();
  updateSequence(game, state.last.req, doc);
  updateQuotient(game, state.last.req);
  redraw(input.value === text ? doc : null);
  refocusDrawing();
  updatePlayButtons();
  updateStatus();
  maybeAutoReply();
}

/* The answer's options are moves: a click plays one for its side (side 0 Left, 1 Right), who
 * then hands the turn to the other, in the game record (undo walks back). */
export function optionButtons(list, side) {
  if (!list.length) return "none";
  return el("span", { "class": "option-list" }, list.map(function (o) {
    var b = el("button", { type: "button", "data-testid": "cgt-option", "aria-label": SIDE_WORDS[side] + " moves to " + o, text: String(o) });
    b.addEventListener("click", function () { playSide("cgt", side, { to: String(o) }); });
    return b;
  }));
}

/* A link to a section of the theory page (docs/theory.md, shown in the page's theory panel). */
export function theoryLink(section, words) {
  var a = el("a", { href: "#theory-" + section, "class": "theory-link", "data-theory": section, text: words });
  a.addEventListener("click", function (ev) { ev.preventDefault(); showTheory(section); });
  return a;
}
