import { analyse } from "./api.mjs";
import { lookupMove } from "./board.mjs";
import { graphModel, treeModel } from "./hackenbush_model.mjs";
import { idsAfter, initialIds } from "./ids.mjs";
import { applyMove, delayingMove } from "./moves.mjs";
import { isPartizan, partizanAnyMove, partizanEngineMove } from "./partizan.mjs";
import { playerName, toMoveIndex, updateToMove } from "./result.mjs";
import { $, autoReply, drawingEl, gameSelect, input, replyBtn, state, statusEl, undoBtn } from "./state.mjs";
import { el, formatRequest, isObj, num } from "./util.mjs";
import { describeMove, formatValue } from "./words.mjs";

/* ---- The game record: every position from the start, who moved, each value. ----------- */
/* state.line = { game, root: text of the first position, rootIds, layout, plies: [{ move,
 * player, engine, text, desc, value, outcome, ids }], at: how many plies are on the board }.
 * Undo, redo and clicks in the history move `at`; a new move from there drops the plies
 * after it (as an analysis board does when you play a different move). */
export function sameJson(a, b) {
  try { return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b)); } catch (e) { return a === b; }
}
export function lineText(line) { return line.at ? line.plies[line.at - 1].text : line.root; }
export function newLine(game, text) {
  var req = null;
  try { req = JSON.parse(text); } catch (e) { req = null; }
  return { game: game, root: text, rootIds: isObj(req) ? initialIds(game, req) : null, layout: null, plies: [], at: 0 };
}
/* The record follows the box: a position typed by hand starts a new game from it. */
export function syncLine(game, text) {
  var line = state.line;
  if (line && line.game === game && sameJson(lineText(line), text)) return;
  state.line = newLine(game, text);
  renderHistory();
}
export function curIds() {
  var line = state.line;
  if (!line) return null;
  return line.at ? line.plies[line.at - 1].ids : line.rootIds;
}
export function play(who, move, game) {
  var last = state.last;
  if (!last || !last.req) return false;
  game = game || last.game;
  var next = applyMove(game, last.req, move);
  if (!next) return false;
  syncLine(gameSelect.value, input.value);
  var line = state.line, ids = curIds();
  var listed = state.board ? state.board.sorted[lookupMove(gameSelect.value, move)] : null;
  /* a partizan move is the side's who made it; the turn passes to the other side */
  var player = isPartizan(game) ? state.side || 0 : line.at % 2;
  if (isPartizan(game)) { if (!line.at) line.rootSide = player; state.side = 1 - player; }
  line.plies.length = line.at;
  line.plies.push({ move: move, player: player, engine: who === "Engine", text: formatRequest(next),
                    desc: describeMove(game, move), value: listed ? listed.grundy : undefined,
                    outcome: listed ? listed.outcome : undefined,
                    ids: ids ? idsAfter(game, last.req, move, ids) : null });
  line.at++;
  input.value = lineText(line);
  state.lastMover = who;
  state.refocus = who === "You" && drawingEl.contains(document.activeElement) ? true : state.refocus;
  renderHistory();
  analyse();
  return true;
}
export function goTo(at) {
  var line = state.line;
  if (!line || at < 0 || at > line.plies.length || at === line.at) return;
  line.at = at;
  input.value = lineText(line);
  if (isPartizan(line.game)) state.side = at ? 1 - line.plies[at - 1].player : line.rootSide || 0;
  state.lastMover = null; /* walking the record never makes the engine play */
  renderHistory();
  analyse();
}
export function renderHistory() {
  var line = state.line, list = $("history");
  var plies = line ? line.plies : [];
  list.replaceChildren.apply(list, plies.map(function (p, i) {
    var value = p.value === undefined ? "" : " \u2192 " + formatValue(p.value);
    /* the name begins with the visible text (a screen reader says what is shown) */
    var who = (i + 1) + ". " + playerName(p.player) + (p.engine ? " (engine)" : "") + ": ";
    var b = el("button", { type: "button", "data-ply": i + 1, "aria-label": who + p.desc + value + " (go to the position after this move)" }, [
      el("span", { "class": "who", text: who }),
      el("span", { text: p.desc }),
      el("span", { "class": "value", "data-testid": "history-value", text: value })
    ]);
    b.addEventListener("click", function () { goTo(i + 1); });
    var li = el("li", { "data-player": p.player ? "B" : "A", "class": i + 1 > line.at ? "future" : "" }, [b]);
    if (i + 1 === line.at) li.setAttribute("aria-current", "step");
    return li;
  }));
  var cur = list.querySelector('[aria-current="step"]');
  if (cur && cur.scrollIntoView) list.scrollTop = Math.max(0, cur.offsetTop - list.offsetTop - 40);
  undoBtn.disabled = !line || line.at === 0;
  $("redo").disabled = !line || line.at >= plies.length;
  updateToMove();
}
export function engineMove() {
  var last = state.last;
  if (!last || !last.req || !last.resp) return null;
  if (isPartizan(last.game)) return partizanEngineMove(last, state.side || 0);
  if (isObj(last.resp.winning_move)) return last.resp.winning_move;
  var list = Array.isArray(last.resp.moves) ? last.resp.moves : [];
  var draw = list.filter(function (m) { return m.outcome === "draw"; })[0];
  if (draw) return draw.move;
  /* lost anyway: delay, by the move that lasts longest when remoteness is known */
  /** @type {any} */
  var far = null;
  list.forEach(function (m) { if (typeof m.remoteness === "number" && (!far || m.remoteness > far.remoteness)) far = m; });
  if (far) return far.move;
  return delayingMove(last.game, last.req) || (list[0] && list[0].move) || null;
}
export function updatePlayButtons() {
  var mv = engineMove();
  replyBtn.disabled = !(mv && applyMove(state.last.game, state.last.req, mv));
  var line = state.line;
  undoBtn.disabled = !line || line.at === 0;
  $("redo").disabled = !line || line.at >= line.plies.length;
}
export function noMovesLeft() {
  var last = state.last;
  if (!last || !last.req) return false;
  /* an expression's moves are in its answer: none there, none at all */
  if (last.game === "cgt") return !!last.resp && Array.isArray(last.resp.left_moves) && !partizanAnyMove("cgt", last.req, state.side || 0);
  if (isPartizan(last.game)) return !partizanAnyMove(last.game, last.req, state.side || 0);
  if (last.resp && last.resp.move_count === 0) return true;
  if (last.resp && Array.isArray(last.resp.removals) && !last.resp.removals.length && !isObj(last.resp.winning_move)) return true;
  if (last.game === "nim") return Array.isArray(last.req.piles) && last.req.piles.every(function (p) { return num(p) === 0; });
  if (last.game === "octal") return Array.isArray(last.req.heaps) && last.req.heaps.every(function (p) { return num(p) === 0; });
  if (last.game === "ordinal_trees") return Array.isArray(last.req.trees) && last.req.trees.every(function (t) { return Array.isArray(t) && !t.length; });
  if (last.game === "hackenbush_graph") {
    var gm = graphModel(last.req);
    return !gm.error && !gm.attached.some(Boolean);
  }
  if (last.game === "hackenbush_tree") {
    var tm = treeModel(last.req);
    return !tm.error && tm.parent.every(function (p) { return p < 0; });
  }
  return false;
}
/* The game is over when the player to move has no move: the winner by the server's
 * verdict (normal play: the other player; misère: the player to move). */
export function updateStatus() {
  var text = "";
  if (noMovesLeft()) {
    var mover = toMoveIndex(), w = state.last && state.last.resp ? state.last.resp.winner : "second";
    var winner = playerName(w === "first" ? mover : mover + 1);
    text = "Game over: " + playerName(mover) + " has no move left. " + winner + " wins.";
  }
  statusEl.textContent = text;
}
export function maybeAutoReply() {
  if (!autoReply.checked || state.lastMover !== "You" || noMovesLeft()) return;
  var mv = engineMove();
  if (mv) play("Engine", mv);
}
export function resetPlay() {
  state.line = null;
  state.lastMover = null;
  statusEl.textContent = "";
  renderHistory();
  updatePlayButtons();
}
/* After a move played on the drawing, the keyboard stays there. */
export function refocusDrawing() {
  if (state.refocusCell) {
    /* a Domineering cell just filled or emptied keeps the keyboard */
    var rc = state.refocusCell, cellEl = drawingEl.querySelector('.dom-cell[data-row="' + rc[0] + '"][data-col="' + rc[1] + '"]');
    state.refocusCell = null;
    if (cellEl) { cellEl.focus({ preventScroll: true }); return; }
  }
  if (!state.refocus) return;
  state.refocus = false;
  var target = (isPartizan() ? drawingEl.querySelector('[tabindex="0"]') : drawingEl.querySelector("[data-move], [data-choose]")) || drawingEl;
  try { target.focus({ preventScroll: true }); } catch (e) { /* not focusable */ }
}
