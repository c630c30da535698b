import { analyse, cancelAnalysis } from "./kit/api.mjs";
import { closeChoices, renderLegends } from "./kit/board.mjs";
import { loadLimits } from "./kit/client.mjs";
import { redraw } from "./kit/draw.mjs";
import { engineMove, goTo, play, resetPlay } from "./kit/history.mjs";
import { setupMisere } from "./kit/misere.mjs";
import { GAMES, families } from "./kit/registry.mjs";
import { restore } from "./kit/share.mjs";
import { $, allMoves, analyzeBtn, autoReply, gameSelect, input, replyBtn, resultEl, state, undoBtn } from "./kit/state.mjs";
import { bindExtra } from "./kit/svg.mjs";
import { showTheory } from "./kit/theory.mjs";
import { el, formatRequest } from "./kit/util.mjs";

/* ---- The families: every module the daemon serves under web/games/ (one file a game), each
 * registering itself (kit/registry.mjs); then the game select lists them in their order. */
var listing = await fetch("web/games/").then(function (r) { return r.json(); });
await Promise.all(listing.map(function (name) { return import("./games/" + name); }).concat([loadLimits()]));
families().forEach(function (f) { gameSelect.appendChild(el("option", { value: f.id, text: f.label })); });

/* ---- Wiring. --------------------------------------------------------------------------- */
export function loadExample(analyseNow) {
  var game = gameSelect.value;
  state.zoom = null;
  state.side = 0;
  state.domSel = null;
  state.domEdit = false;
  $("quotient-panel").hidden = true;
  input.value = formatRequest(GAMES[game].example);
  $("game-help").textContent = GAMES[game].help;
  $("endpoint").textContent = GAMES[game].path;
  state.last = null;
  resetPlay();
  resultEl.replaceChildren(el("p", { "class": "muted", text: "Press Analyze to ask grundyd." }));
  resultEl.setAttribute("data-state", "idle");
  redraw(null);
  if (analyseNow) analyse();
}

gameSelect.addEventListener("change", function () { loadExample(true); });
$("example").addEventListener("click", function () { loadExample(true); });
$("theory-link").addEventListener("click", function (ev) {
  ev.preventDefault();
  showTheory(GAMES[gameSelect.value].theory || "");
});
analyzeBtn.addEventListener("click", function () { analyse(); });
allMoves.addEventListener("change", function () { analyse(); });
input.addEventListener("keydown", function (ev) {
  if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); analyse(); }
});
input.addEventListener("input", function () {
  /* Typing redraws the position (without a highlight) once the typing pauses. */
  clearTimeout(state.redrawTimer);
  state.redrawTimer = setTimeout(function () {
    var last = state.last;
    redraw(last && last.text === input.value ? last.resp : null);
  }, 250);
});
replyBtn.addEventListener("click", function () {
  var mv = engineMove();
  if (mv) play("Engine", mv);
});
undoBtn.addEventListener("click", function () {
  var line = state.line;
  if (!line || !line.at) return;
  var at = line.at - 1;
  /* With automatic replies, undo the engine's reply and the person's move before it,
   * or the engine would at once answer the position again. */
  if (autoReply.checked && line.plies[at].engine && at > 0 && !line.plies[at - 1].engine) at--;
  goTo(at);
});
$("redo").addEventListener("click", function () {
  var line = state.line;
  if (line && line.at < line.plies.length) goTo(line.at + 1);
});
$("cancel").addEventListener("click", cancelAnalysis);
document.addEventListener("keydown", function (ev) {
  if (ev.key === "Escape" && state.choosing) { var n = state.choosing; closeChoices(); if (n.focus) n.focus(); }
  if (ev.key === "Escape" && state.job && !state.choosing) cancelAnalysis();
  /* as on an analysis board: the arrow keys walk the record, outside text fields */
  var t = /** @type {any} */ (ev.target), typing = t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.tagName === "SELECT");
  if (!typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey && state.line) {
    if (ev.key === "ArrowLeft" && !undoBtn.disabled) { ev.preventDefault(); undoBtn.click(); }
    else if (ev.key === "ArrowRight" && !$("redo").disabled) { ev.preventDefault(); $("redo").click(); }
  }
});
renderLegends();
setupMisere();

bindExtra();
if (!restore()) loadExample(false);
analyse();
