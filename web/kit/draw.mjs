import { closeChoices } from "./board.mjs";
import { drawOther } from "./draw_other.mjs";
import { syncMisere } from "./misere.mjs";
import { isPartizan } from "./partizan.mjs";
import { DRAWN, GAMES } from "./registry.mjs";
import { $, drawingEl, drawingPanel, gameSelect, state } from "./state.mjs";
import { applyZoom } from "./svg.mjs";
import { el, parseInput } from "./util.mjs";

/* ---- Drawing Hackenbush positions as SVG. --------------------------------------------- */
export var GAP_X = 70, GAP_Y = 78, R = 11;

/* The drawing area's width, kept by a ResizeObserver (called after layout): reading
 * clientWidth when a drawing is asked for would force the layout of whatever the answer
 * changed on the page so far (0 while the panel is hidden: then it is read). */
var drawingWidth = 0;
if (typeof ResizeObserver === "function") new ResizeObserver(function () { drawingWidth = drawingEl.clientWidth; }).observe(drawingEl);

export function redraw(resp) {
  var game = gameSelect.value;
  /* marks (outcomes, data-move) only on the position the board's analysis is about */
  state.marking = !!resp && !!state.board;
  closeChoices();
  drawingPanel.hidden = !DRAWN[game];
  /* partizan games are not coloured by outcome; an expression is a text box, not a drawing */
  /* an expression is typed in its own box (the one input; the JSON on request) */
  $("cgt-box").hidden = game !== "cgt";
  $("json-field").hidden = game === "cgt" && !$("cgt-json").checked;
  /* partizan answers list no winning moves: the switch would do nothing */
  $("all-moves-box").hidden = isPartizan(game);
  document.querySelectorAll(".legend-outcomes").forEach(function (/** @type {HTMLElement} */ ul) { ul.hidden = isPartizan(game); });
  drawingPanel.querySelector(".zoom").hidden = game === "cgt";
  $("drawing-heading").textContent = game === "cgt" ? "The game and its options" : "Drawing";
  if (!DRAWN[game]) {
    drawingEl.replaceChildren();
    $("steppers").replaceChildren();
    $("drawing-hint").textContent = "This game is not drawn here yet: its analysis is below, and its moves are in the full response.";
    return;
  }
  var req = parseInput();
  syncMisere(game, req);
  $("steppers").replaceChildren();
  $("drawing-hint").textContent = GAMES[game].hint || "";
  $("legend").hidden = true;
  $("legend-detached").hidden = true;
  $("legend-alt").hidden = true;
  /* the width the drawing gets, read before it is drawn: read after, it would force the layout
   * of a new drawing of thousands of elements at once (a second for 3,000 edges) */
  var fit = drawingWidth || drawingEl.clientWidth;
  var drawn = req ? drawOther(game, req, resp) : null;
  drawingEl.replaceChildren(drawn || el("p", { "class": "muted", text: "Nothing to draw: the input is not a JSON object." }));
  /* a chart of many piles says how to play on it itself: the game's "click a token" is not it */
  if (drawingEl.querySelector(".chart-box")) $("drawing-hint").textContent = "";
  applyZoom(fit);
}
