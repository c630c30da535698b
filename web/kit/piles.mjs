import { analyse } from "./api.mjs";
import { OUTCOME_WORDS, bestOutcome, bindMoves, lookupMove, octalStarts, openChoices, playIndex } from "./board.mjs";
import { layers, pointParts } from "./compact.mjs";
import { resetPlay } from "./history.mjs";
import { input, state } from "./state.mjs";
import { el, formatRequest, isIndex, isObj, num, parseInput, svg } from "./util.mjs";
import { describeMove } from "./words.mjs";

/* ---- Drawings of the other families. --------------------------------------------------- */
/* Piles and heaps as stacks of tokens, token k (from 0 at the bottom) standing for the
 * moves that start there.  A pile taller than PILE_CAP is drawn as its first PILE_CAP
 * tokens under a dashed block that stands for (and lists) the moves above them: a heap of
 * 30,000,000 costs what one of 40 does. */
export var PILE_CAP = 40;
export function stacksSvg(sizes, label, bindToken, bindMore) {
  var TOK = 18, GAP = 34, maxH = Math.min(PILE_CAP + 2, Math.max.apply(null, [1].concat(sizes.map(num))));
  /* the box holds the tokens and the labels under them and nothing more: on a phone the
   * drawing's height (40vh) sets the scale, and a token of TOK units is a 24 px target when
   * a dozen fit (WCAG 2.5.8) */
  var s = svg("svg", { viewBox: "-10 " + (-maxH * TOK - 6) + " " + (sizes.length * GAP + 20) + " " + (maxH * TOK + 22),
                       role: "group", "aria-label": label, "data-testid": "drawing-svg" });
  s.style.maxWidth = Math.max(200, sizes.length * GAP * 1.8) + "px";
  sizes.forEach(function (size, i) {
    var n = num(size), shown = Math.min(n, PILE_CAP);
    for (var k = 0; k < shown; k++) {
      var r = svg("rect", { x: i * GAP, y: -(k + 1) * TOK, width: GAP - 8, height: TOK, rx: 3,
                            "data-pile": i, "data-leave": k });
      var t = svg("title", {}); t.textContent = "pile " + i + ", token " + (k + 1) + " from the bottom"; r.appendChild(t);
      bindToken(r, i, k);
      s.appendChild(r);
    }
    if (n > PILE_CAP) {
      var more = svg("rect", { "class": "stack-more", x: i * GAP, y: -(PILE_CAP + 2) * TOK, width: GAP - 8, height: 2 * TOK - 2, rx: 3,
                               "data-pile": i, "data-more": n - PILE_CAP });
      var mt = svg("title", {}); mt.textContent = "pile " + i + ": " + (n - PILE_CAP) + " more tokens, not drawn"; more.appendChild(mt);
      bindMore(more, i, n);
      s.appendChild(more);
      var dots = svg("text", { "class": "label", x: i * GAP + (GAP - 8) / 2, y: -(PILE_CAP + 1) * TOK }); dots.textContent = "\u22ee";
      s.appendChild(dots);
    }
    var lab = svg("text", { "class": "label", x: i * GAP + (GAP - 8) / 2, y: 10 }); lab.textContent = String(size); s.appendChild(lab);
  });
  return s;
}
export function stepperFor(key, game) {
  var req = parseInput();
  if (!req || !Array.isArray(req[key])) return null;
  var box = el("div", { "aria-label": "Change the " + key });
  /* a stepper a pile reads for a few piles; many are edited in the JSON box */
  if (req[key].length > CHART_PILES) {
    box.appendChild(el("span", { "class": "hint", text: req[key].length + " " + key + ": change them in the request box. " }));
    return box;
  }
  req[key].forEach(function (v, i) {
    var set = function (d) {
      var r = parseInput(); if (!r) return;
      r[key][i] = Math.max(0, num(r[key][i]) + d);
      input.value = formatRequest(r); resetPlay(); analyse();
    };
    var minus = el("button", { type: "button", text: "\u2212", "aria-label": key + " " + i + " smaller" });
    var plus = el("button", { type: "button", text: "+", "aria-label": key + " " + i + " larger" });
    minus.addEventListener("click", function () { set(-1); });
    plus.addEventListener("click", function () { set(1); });
    box.appendChild(el("span", { "class": "stepper" }, [key.slice(0, -1) + " " + i + ":", minus, String(v), plus]));
  });
  var add = el("button", { type: "button", text: "add a " + key.slice(0, -1) });
  add.addEventListener("click", function () { var r = parseInput(); if (!r) return; r[key].push(3); input.value = formatRequest(r); resetPlay(); analyse(); });
  box.appendChild(add);
  return box;
}
/* Past this many piles a position is a chart: one bar a pile (its height the pile's size, on a
 * square-root scale), a click on a bar choosing among that pile's listed moves.  Stacks of
 * tokens and a stepper a pile are for positions a person reads token by token; 3,000 piles
 * drawn so would hold the page for seconds. */
export var CHART_PILES = 40;
export function drawPiles(game, req, resp, comp) {
  var key = game === "octal" ? "heaps" : "piles";
  if (!Array.isArray(req[key])) return el("p", { "class": "muted", text: "Nothing to draw: no " + key + "." });
  if (req[key].length > CHART_PILES) return pilesChart(game, key, req[key], comp);
  var board = state.marking ? state.board : null, pre = comp === undefined ? "" : comp + "/";
  /* the moves above the drawn tokens, per pile (one pass over the list) */
  var above = {};
  if (board) board.sorted.forEach(function (o, idx) {
    var m = o.move;
    if (comp !== undefined) { if (!isObj(m) || m.component !== comp) return; m = m.move; }
    if (!isObj(m)) return;
    var p = game === "octal" ? m.heap : m.pile, at = game === "octal" ? Math.min.apply(null, octalStarts(m)) : num(m.to);
    if (at >= PILE_CAP) (above[p] = above[p] || []).push(idx);
  });
  var idxsAt = function (i, k) {
    if (!board) return [];
    if (game === "octal") return board.starts.get(pre + i + ":" + k) || [];
    var j = lookupMove(game, { pile: i, to: k }, comp);
    return j >= 0 ? [j] : [];
  };
  var total = req[key].reduce(function (a, h) { return a + num(h); }, 0);
  return stacksSvg(req[key], game + " " + key + " " + (total > 10000 ? req[key].length + " of them, " + total + " tokens in all"
                                                                      : req[key].join(", ")), function (node, i, k) {
    var idxs = idxsAt(i, k), h = num(req[key][i]);
    /* a split or a take of several tokens: click the first token taken, then the last */
    var confirm = game !== "octal" ? null : function (other) {
      if (other.getAttribute("data-pile") !== String(i) || !other.hasAttribute("data-leave")) return false;
      var e = Number(other.getAttribute("data-leave")), take = Math.abs(e - k) + 1, lo = Math.min(e, k);
      var want = [lo, h - lo - take].filter(function (x) { return x > 0; }).sort(function (a, b) { return a - b; }).join(",");
      var hit = idxs.filter(function (j) {
        var m = board.sorted[j].move;
        if (comp !== undefined) m = m.move;
        return num(m.take) === take && m.leaves.map(num).filter(function (x) { return x > 0; }).sort(function (a, b) { return a - b; }).join(",") === want;
      })[0];
      if (hit === undefined) return false;
      playIndex(hit);
      return true;
    };
    bindMoves(node, idxs, key.slice(0, -1) + " " + i + ", token " + (k + 1) + " from the bottom", null, "stack-token", confirm);
  }, function (node, i, n) {
    bindMoves(node, above[i] || [], key.slice(0, -1) + " " + i + " above token " + PILE_CAP + " (" + n + " tokens)", null, "stack-more");
  });
}

/* Nim and subtraction games: the pile's new size. */
export function pilesAfter(out, move) {
  if (!Array.isArray(out.piles) || !isIndex(move.pile, out.piles.length)) return null;
  out.piles[move.pile] = move.to;
  return out;
}
/* A heap game's drawing with its steppers (piles or heaps). */
export function drawHeapGame(game, req, resp, steppers) {
  var st = stepperFor(game === "octal" ? "heaps" : "piles", game);
  if (st) steppers.appendChild(st);
  return drawPiles(game, req, resp);
}

/* A position of many piles as a bar chart (see CHART_PILES): bar i plays the listed moves of
 * pile i (one: at once; several: a choice under the drawing).  Drawn compactly (compact.mjs):
 * the bars without a listed move are one path, each bar with listed moves a bare <rect>
 * (data-move, or data-choose for several) and one listener on the chart finds the bar under
 * the pointer; the move list is the way to the moves by keyboard. */
export function pilesChart(game, key, sizes, comp) {
  var board = state.marking ? state.board : null, byPile = {};
  if (board) board.sorted.forEach(function (o, idx) {
    var m = o.move;
    if (comp !== undefined) { if (!isObj(m) || m.component !== comp) return; m = m.move; }
    if (!isObj(m)) return;
    var p = game === "octal" ? m.heap : m.pile;
    (byPile[p] = byPile[p] || []).push(idx);
  });
  var W = 24, H = 160, n = sizes.length, top = Math.max.apply(null, [1].concat(sizes.map(num)));
  var total = sizes.reduce(function (a, h) { return a + num(h); }, 0);
  var s = svg("svg", { viewBox: "0 " + (-H - 4) + " " + (n * W) + " " + (H + 8), preserveAspectRatio: "none",
                       role: "group", "data-testid": "drawing-svg", "class": "pile-chart",
                       "aria-label": game + " " + key + ", a chart: " + n + " of them, " + total + " tokens in all, the largest " + top });
  /* wide enough for a bar of at least 24 px a pile: the panel scrolls sideways */
  s.style.width = (n * W) + "px";
  s.style.height = H + 8 + "px";
  s.style.maxWidth = "none";
  var lay = layers(), bars = svg("g", {}), parts = [], one = key.slice(0, -1);
  sizes.forEach(function (size, i) {
    var h = Math.max(2, Math.round(H * Math.sqrt(num(size) / top)));
    var idxs = byPile[i] || [], label = one + " " + i + " (" + size + ")";
    if (!board || !idxs.length) {
      lay.add("chart-bar " + (board ? "nomove" : "unknown"), "M" + (i * W + 1) + " " + -h + "h" + (W - 2) + "v" + h + "h" + (2 - W) + "z");
      parts.push({ act: null, words: label + (board ? ": no listed move" : "") });
      return;
    }
    var outcome = bestOutcome(idxs);
    var bar = svg("rect", { "class": "chart-bar " + outcome, x: i * W + 1, y: -h, width: W - 2, height: h, "data-pile": i, "data-size": num(size),
                            "data-outcome": outcome });
    bar.setAttribute(idxs.length === 1 ? "data-move" : "data-choose", idxs.length === 1 ? String(idxs[0]) : idxs.length + " moves");
    bars.appendChild(bar);
    parts.push({
      act: function () {
        if (idxs.length === 1) playIndex(idxs[0]);
        else if (state.choosing === bar) playIndex(idxs[0]); /* the second click confirms the best */
        else openChoices(bar, idxs, label);
      },
      words: idxs.length === 1 ? label + ": " + describeMove(board.game, board.sorted[idxs[0]].move) + " (" + OUTCOME_WORDS[outcome] + ")"
                               : label + ": " + idxs.length + " moves, choose one"
    });
  });
  lay.elements("").forEach(function (g) { s.appendChild(g); });
  s.appendChild(bars);
  pointParts(s, {
    hit: function (x) { var i = Math.floor(x / W); return i >= 0 && i < n ? i : -1; },
    act: function (i) { return parts[i].act; },
    words: function (i) { return parts[i].words; },
    mark: function (i) { return "M" + (i * W + 1) + " " + (-H - 2) + "v" + (H + 4); }
  });
  return el("div", { "class": "chart-box" }, [s,
    el("p", { "class": "hint", text: n + " " + key + " (" + total + " tokens) drawn as a chart: each bar is a " + one +
              ", its height the square root of its size; click a bar to choose among its moves (or use the move list)." })]);
}

/* A heap position past which only its winning moves are listed (see CHART_PILES). */
export function largeHeaps(key) {
  return function (req) {
    var sizes = Array.isArray(req[key]) ? req[key] : [];
    return sizes.length > CHART_PILES;
  };
}
