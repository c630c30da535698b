import { postJson } from "./client.mjs";
import { redraw } from "./draw.mjs";
import { play } from "./history.mjs";
import { GAMES } from "./registry.mjs";
import { pressable } from "./search_draw.mjs";
import { $, drawingEl, state } from "./state.mjs";
import { el, isObj, num } from "./util.mjs";
import { componentGame, describeMove, formatValue } from "./words.mjs";

/* ---- The analysis board: every move with the value it leads to. ------------------------ */
export var OUTCOME_WORDS = { win: "wins", slow: "wins, slower", lose: "loses", draw: "draws" };
export var OUTCOME_RANK = { win: 0, slow: 1, draw: 2, lose: 3 };
export function moveOptions(doc) {
  if (Array.isArray(doc.moves)) return withVerdictMove(doc);
  if (Array.isArray(doc.removals)) return doc.removals;
  /* ordinal trees list no moves (infinitely many): offer the winning ones */
  var w = Array.isArray(doc.winning_moves) ? doc.winning_moves : (isObj(doc.winning_move) ? [doc.winning_move] : []);
  return w.map(function (m) { return { move: m, grundy: 0, outcome: "win" }; });
}
/* A list cut at max_moves (3,000 edges: the first 1,000 moves) may leave out the winning move
 * the verdict names; it goes first then, so that it can be clicked in the list and on the
 * drawing.  Only under normal play of an impartial game, where a winning move is one to a
 * position of value 0. */
function withVerdictMove(doc) {
  var w = doc.winning_move;
  if (!isObj(w) || typeof doc.grundy !== "number" || doc.moves.length >= Number(doc.move_count)) return doc.moves;
  var k = JSON.stringify(w);
  for (var i = 0; i < doc.moves.length; i++) if (JSON.stringify(doc.moves[i].move) === k) return doc.moves;
  return [{ move: w, grundy: 0, outcome: "win" }].concat(doc.moves);
}
/* A move's name, the same whether it comes from the list or from a click on the drawing
 * (list moves carry more fields, such as edges_removed). */
export function moveKey(game, m) {
  if (!isObj(m)) return "";
  return GAMES[game] && GAMES[game].key ? GAMES[game].key(m) : JSON.stringify(m);
}
/* The tokens an octal move can start at: the heap is a row, and taking `take` tokens from
 * token k on leaves k below and the rest above, so leaving a and b starts at a or at b,
 * leaving one heap a at 0 or at a, leaving nothing at 0. */
export function octalStarts(m) {
  var L = Array.isArray(m.leaves) ? m.leaves.map(num).filter(function (x) { return x > 0; }) : [];
  if (!L.length) return [0];
  if (L.length === 1) return [0, L[0]];
  return L[0] === L[1] ? [L[0]] : [L[0], L[1]];
}
/* The list, sorted (wins first), and a Map from each move's name to its index in it, built
 * once per answer: a drawing looks its moves up instead of searching the list. */
export function buildBoard(game, req, doc) {
  var rank = OUTCOME_RANK, opts = doc ? slowerWins(doc ? moveOptions(doc) : []) : [];
  var sorted = opts.map(function (m, i) { return { m: m, i: i }; }).sort(function (a, b) {
    return (rank[a.m.outcome] - rank[b.m.outcome]) || (a.i - b.i); }).map(function (x) { return x.m; });
  var index = new Map(), starts = new Map(), byTree = new Map();
  sorted.forEach(function (o, i) {
    var k = moveKey(game, o.move);
    if (!index.has(k)) index.set(k, i);
    var g = game, m = o.move, pre = "";
    if (game === "sum" && isObj(m)) { g = m.game || componentGame(m.component); pre = m.component + "/"; m = m.move; }
    if (!isObj(m)) return;
    if (g === "octal") {
      octalStarts(m).forEach(function (k) {
        var sk = pre + m.heap + ":" + k;
        if (!starts.has(sk)) starts.set(sk, []);
        starts.get(sk).push(i);
      });
    } else if (g === "ordinal_trees") {
      var tk = pre + m.tree;
      if (!byTree.has(tk)) byTree.set(tk, []);
      byTree.get(tk).push(i);
    }
  });
  return { game: game, sorted: sorted, index: index, starts: starts, byTree: byTree };
}
/* The index in the move list of `move` (a move of `game`; of component comp in a sum), or -1. */
export function lookupMove(game, move, comp) {
  var b = state.board;
  if (!b) return -1;
  var k = comp === undefined ? moveKey(game, move) : "s" + comp + "/" + moveKey(game, move);
  var i = b.index.get(k);
  return i === undefined ? -1 : i;
}
export function bestOutcome(idxs) {
  var best = null;
  idxs.forEach(function (i) {
    var o = state.board.sorted[i].outcome;
    if (best === null || OUTCOME_RANK[o] < OUTCOME_RANK[best]) best = o;
  });
  return best;
}
export function playIndex(i) {
  var b = state.board;
  if (!b || !b.sorted[i]) return;
  state.refocus = state.refocus || drawingEl.contains(document.activeElement) || $("choices").contains(document.activeElement);
  closeChoices();
  play("You", b.sorted[i].move);
}
/* Makes a drawn element play the listed moves idxs: one move, data-move = its index and a
 * click plays it; several (a split, a take of several tokens, a tree's replacements), a
 * first click chooses and a second confirms (the choices are listed under the drawing).
 * Without an analysis, `own` (the move the element stands for) is played as it is; with
 * ownFirst, also in place of its one listed move (the element's move says more than the list's:
 * which of a star's alike leaves went). */
export function bindMoves(node, idxs, label, own, baseClass, confirm, ownFirst) {
  var board = state.marking ? state.board : null;
  var cls = baseClass ? baseClass + " " : "";
  if (board && idxs.length) {
    var outcome = bestOutcome(idxs);
    node.setAttribute("class", cls + outcome);
    node.setAttribute("data-outcome", outcome);
    if (idxs.length === 1) node.setAttribute("data-move", String(idxs[0]));
    else node.setAttribute("data-choose", idxs.length + " moves");
    var words = idxs.length === 1 ? describeMove(board.game, board.sorted[idxs[0]].move) + " (" + OUTCOME_WORDS[outcome] + ")"
                                  : label + ": " + idxs.length + " moves, choose one";
    pressable(node, words, function () {
      if (state.choosing && state.choosing !== node && state.confirm && state.confirm(node)) return;
      if (idxs.length === 1 && ownFirst && own) { state.refocus = true; closeChoices(); own(); return; }
      if (idxs.length === 1) { playIndex(idxs[0]); return; }
      if (state.choosing === node) { playIndex(idxs[0]); return; } /* the second click confirms the best */
      openChoices(node, idxs, label, confirm);
    });
  } else if (!board) {
    /* not analysed (yet): drawn neutral; playable only where the element says its move */
    node.setAttribute("class", cls + "unknown");
    if (own) pressable(node, label, own);
  } else {
    node.setAttribute("class", cls + "nomove");
    node.setAttribute("data-outcome", "nomove");
    /* not a move by itself, but it can end a two-step move begun elsewhere */
    node.addEventListener("click", function () { if (state.choosing && state.confirm) state.confirm(node); });
  }
  return node;
}
export var CHOICES_SHOWN = 60;
export function openChoices(node, idxs, label, confirm) {
  closeChoices();
  state.choosing = node;
  state.confirm = confirm || null;
  node.classList.add("chosen");
  var box = $("choices"), board = state.board, shown = 0;
  box.replaceChildren(el("span", { "class": "hint", text: label + " \u2013 choose the move" +
    (confirm ? ", click the last token to take," : "") + " or click it again for the first:" }));
  var more = function () {
    var end = Math.min(idxs.length, shown + CHOICES_SHOWN);
    for (; shown < end; shown++) {
      (function (i) {
        var o = board.sorted[i];
        var b = el("button", { type: "button", "class": "move-option", "data-move": String(i), "data-outcome": o.outcome },
                   [describeMove(board.game, o.move) + (o.grundy === undefined ? " (" + OUTCOME_WORDS[o.outcome] + ")" : " \u2192 " + formatValue(o.grundy))]);
        b.addEventListener("click", function () { playIndex(i); });
        box.insertBefore(b, moreBtn.parentNode ? moreBtn : null);
      })(idxs[shown]);
    }
    if (shown >= idxs.length && moreBtn.parentNode) moreBtn.remove();
  };
  var moreBtn = el("button", { type: "button", text: "more\u2026" });
  moreBtn.addEventListener("click", more);
  var close = el("button", { type: "button", text: "Cancel", "aria-label": "Cancel the choice" });
  close.addEventListener("click", function () { var n = state.choosing; closeChoices(); if (n) n.focus(); });
  box.appendChild(close);
  if (idxs.length > CHOICES_SHOWN) box.appendChild(moreBtn);
  more();
  box.hidden = false;
  var first = box.querySelector("[data-move]");
  if (first) first.focus({ preventScroll: true });
}
export function closeChoices() {
  if (state.choosing && state.choosing.classList) state.choosing.classList.remove("chosen");
  state.choosing = null;
  state.confirm = null;
  var box = $("choices");
  box.hidden = true;
  box.replaceChildren();
}
/* The move list, drawn a chunk per frame so that a long one never holds the page. */
export var LIST_CHUNK = 100;
var listWatched = false, listScrolled = false;
export function renderMoveList(game, doc) {
  var list = $("move-list"), token = ++state.listToken;
  var board = state.board && doc ? state.board : { sorted: [] };
  var sorted = board.sorted;
  list.replaceChildren();
  var done = 0;
  var chunk = function () {
    if (token !== state.listToken) return;
    var frag = document.createDocumentFragment();
    var end = Math.min(sorted.length, done + LIST_CHUNK);
    for (; done < end; done++) {
      (function (i) {
        var m = sorted[i];
        /* misère answers have outcomes, not values */
        var after = m.grundy === undefined ? "" : "\u2192 " + formatValue(m.grundy) + (typeof m.remoteness === "number" ? ", " + m.remoteness + " more" : "");
        var b = el("button", { type: "button", "class": "move-option", "data-testid": "move-option", "data-outcome": m.outcome,
                               "data-index": String(i) }, [
          el("span", { text: describeMove(game, m.move) }),
          el("span", { "class": "after", text: after ? after + " (" + OUTCOME_WORDS[m.outcome] + ")" : OUTCOME_WORDS[m.outcome] })
        ]);
        b.addEventListener("click", function () { play("You", m.move); });
        frag.appendChild(el("li", null, [b]));
      })(done);
    }
    list.appendChild(frag);
    if (done < sorted.length) requestAnimationFrame(chunk);
    else list.setAttribute("data-complete", "true");
  };
  list.removeAttribute("data-complete");
  chunk();
  /* a new position's list starts at its first move; set only when the list was scrolled:
   * setting it forces the layout of the new list at once */
  if (!listWatched) { listWatched = true; list.addEventListener("scroll", function () { listScrolled = true; }, { passive: true }); }
  if (listScrolled) { listScrolled = false; list.scrollTop = 0; }
  var summary = $("move-summary");
  if (!doc) { summary.textContent = state.job ? "Analysing\u2026" : ""; return; }
  if (Array.isArray(doc.moves)) {
    var total = doc.move_count;
    summary.textContent = (String(total) === "0" ? "No moves: the player to move cannot move." :
      (sorted.length && sorted[0].grundy === undefined ? "Each move coloured by its mis\u00e8re outcome; click one to play it."
                                                        : "Each move with the value it leads to; click one to play it.") +
      (String(total) !== String(sorted.length) ? " Showing " + sorted.length + " of " + total + "." : ""));
  } else {
    if (game !== "ordinal_trees") {
      summary.textContent = "Only winning moves are listed.";
    } else if (Array.isArray(doc.removals) && sorted.length === 0) {
      summary.textContent = "No moves: the player to move cannot move.";
    } else if (!Array.isArray(doc.removals)) {
      summary.textContent = "The winning moves; the other moves are being analysed\u2026";
    } else {
      var transfinite = !Array.isArray(doc.tree_grundy) ||
                        doc.tree_grundy.some(function (v) { return /[^0-9]/.test(String(v)); });
      summary.textContent = transfinite
        ? "The winning moves, then every move that removes one subtree, each with the value it leads to. " +
          "A tree worth \u03c9 or more can also be replaced by infinitely many other smaller trees; those are not listed."
        : "Every tree here is worth a natural number n (n leaves on its root) and can become any tree of fewer leaves: " +
          (doc.removals.length >= 40 ? "the first 40 of those moves are listed." : "these are all the moves.");
    }
  }
}
/* The colour legend, the same on the drawing and the list. */
export function renderLegends() {
  var items = [["win", "wins"], ["slow", "wins, slower"], ["lose", "loses"], ["draw", "draws"], ["nomove", "not a move"]];
  document.querySelectorAll(".legend-outcomes").forEach(function (ul) {
    ul.replaceChildren.apply(ul, items.map(function (it) {
      return el("li", { "data-outcome": it[0] }, [el("span", { "class": "chip " + it[0], "aria-hidden": "true" }), it[1]]);
    }));
  });
}
/* Ordinal trees: the moves that remove one subtree (each leaves a smaller tree), each
 * analysed by grundyd for its value; listed after the winning moves. */
export function removeSubtree(tree, path) {
  var copy = JSON.parse(JSON.stringify(tree)), at = copy;
  for (var i = 0; i < path.length - 1; i++) at = at[path[i]];
  at.splice(path[path.length - 1], 1);
  return copy;
}
export function subtreePaths(tree, limit) {
  var out = [], stack = [{ t: tree, path: [] }];
  while (stack.length && out.length < limit) {
    var it = stack.pop();
    if (!Array.isArray(it.t)) continue;
    for (var c = it.t.length - 1; c >= 0; c--) {
      var p = it.path.concat([c]);
      out.push(p);
      stack.push({ t: it.t[c], path: p });
    }
  }
  return out;
}
export function ordinalRemovals(last) {
  var req = last.req, doc = last.resp;
  if (!req || !Array.isArray(req.trees)) return;
  var cand = [];
  req.trees.forEach(function (t, ti) {
    if (Array.isArray(t) && t.every(function (c) { return Array.isArray(c) && c.length === 0; })) {
      /* worth n (n leaves): the smaller trees are exactly those of k < n leaves */
      for (var k = t.length - 1; k >= 0 && cand.length < 40; k--) cand.push({ tree: ti, replace_with: t.slice(0, k) });
      return;
    }
    subtreePaths(t, 40).forEach(function (p) { cand.push({ tree: ti, replace_with: removeSubtree(t, p), path: p }); });
  });
  cand = cand.slice(0, 40);
  var seen = {};
  (doc.winning_moves || []).forEach(function (m) { seen[m.tree + ":" + JSON.stringify(m.replace_with)] = true; });
  cand = cand.filter(function (m) {
    var k = m.tree + ":" + JSON.stringify(m.replace_with);
    if (seen[k]) return false;
    seen[k] = true;
    return true;
  });
  /* the requests start in a task of their own, after the answer's drawing */
  new Promise(function (resolve) { setTimeout(resolve, 0); }).then(function () { return Promise.all(cand.map(function (m) {
    var trees = req.trees.slice(); trees[m.tree] = m.replace_with;
    return postJson("/v1/ordinal-trees", { trees: trees })
      .then(function (r) { return r.ok ? r.json() : null; }, function () { return null; });
  })); }).then(function (answers) {
    if (state.last !== last) return;
    var list = (doc.winning_moves || []).map(function (m) { return { move: m, grundy: 0, outcome: "win" }; });
    var missing = 0;
    answers.forEach(function (a, i) {
      if (!a) { missing++; return; }
      var mv = cand[i].path ? { tree: cand[i].tree, replace_with: cand[i].replace_with, path: cand[i].path }
                            : { tree: cand[i].tree, replace_with: cand[i].replace_with };
      list.push({ move: mv, grundy: a.grundy,
                  outcome: a.winner === "second" ? "win" : "lose", path: cand[i].path });
    });
    doc.removals = list;
    state.board = buildBoard("ordinal_trees", req, doc);
    renderMoveList("ordinal_trees", doc);
    redraw(doc);
    /* a move whose analysis failed after its retries is said, never dropped in silence */
    if (missing) $("move-summary").textContent += " " + missing + " of the moves could not be analysed (grundyd refused or failed); they are not listed.";
  });
}

/* Loopy games: a winning move is drawn as one only when it keeps the shortest remoteness (the
 * fewest moves to the win); the others are "wins, slower": each still leaves the opponent
 * lost, but always taking one may never end the game (a cycle).  Following the green moves
 * always ends. */
export function slowerWins(opts) {
  var best = Infinity;
  opts.forEach(function (o) { if (o.outcome === "win" && typeof o.remoteness === "number") best = Math.min(best, o.remoteness); });
  if (best === Infinity) return opts;
  return opts.map(function (o) {
    if (o.outcome !== "win" || typeof o.remoteness !== "number" || o.remoteness <= best) return o;
    var slow = Object.assign({}, o);
    slow.outcome = "slow";
    return slow;
  });
}
