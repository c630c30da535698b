import { analyse } from "./api.mjs";
import { apiFetch } from "./client.mjs";
import { resetPlay } from "./history.mjs";
import { GAMES } from "./registry.mjs";
import { $, input, state } from "./state.mjs";
import { el, formatRequest, isObj, num, parseInput } from "./util.mjs";

/* ---- Misère play: the switch, and the game's misère quotient (Plambeck and Siegel). ----- */
/* 24 proves 0.75's quotient complete; larger bounds can take grundyd many seconds (the
 * person may ask for one: state.quotientAsk, for the rules state.quotientAskRules) */
export var QUOTIENT_MIN_HEAP = 24, QUOTIENT_MAX_HEAP = 100000;
export function isMisere(req) { return isObj(req) && req.misere === true; }
export function setupMisere() {
  $("misere").addEventListener("change", function () {
    var r = parseInput();
    if (!r) return;
    if ($("misere").checked) r.misere = true; else delete r.misere;
    input.value = formatRequest(r);
    resetPlay();
    analyse();
  });
  var ask = function () {
    var n = Math.floor(Number($("quotient-max").value));
    var last = state.last;
    if (!(n >= 1) || !last || !last.req) return;
    var q = quotientUrl(last.game, last.req, 1);
    state.quotientAsk = Math.min(n, QUOTIENT_MAX_HEAP);
    state.quotientAskRules = q ? q.rules : null;
    if (state.quotient && state.quotient.controller) state.quotient.controller.abort();
    state.quotient = null; /* asked for: computed again, even below a bound already shown */
    updateQuotient(last.game, last.req);
  };
  $("quotient-go").addEventListener("click", ask);
  $("quotient-max").addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); ask(); } });
}
/* The switch follows the JSON box (typing "misere": true ticks it). */
export function syncMisere(game, req) {
  var has = !!(GAMES[game] && GAMES[game].misere);
  $("misere-box").hidden = !has;
  $("misere-help").hidden = !has;
  $("misere").checked = has && isMisere(req);
  /* the rule in force, said where the position is (the switch and the JSON agree) */
  $("play-convention").textContent = has && isMisere(req) ? "Mis\u00e8re play: whoever makes the last move loses." :
    "Normal play: whoever makes the last move wins" + (game === "game_graph" ? "; play that never ends is a draw." : ".");
}
/* GET /v1/<family>/misere-quotient for the rules of the position, to a heap bound that
 * covers its heaps (at least QUOTIENT_MIN_HEAP); an answer kept covers smaller heaps too. */
export function quotientUrl(game, req, maxHeap) {
  var q;
  if (game === "octal") {
    if (typeof req.code !== "string") return null;
    q = "/v1/octal/misere-quotient?code=" + encodeURIComponent(req.code);
  } else if (game === "subtraction") {
    if (Array.isArray(req.subtraction_set)) q = "/v1/subtraction/misere-quotient?subtraction_set=" + req.subtraction_set.map(function (x) { return String(num(x)); }).join(",");
    else if (req.max_take !== undefined) q = "/v1/subtraction/misere-quotient?max_take=" + encodeURIComponent(req.max_take);
    else return null;
  } else {
    return null;
  }
  return { rules: q, url: q + "&max_heap=" + maxHeap };
}
export function updateQuotient(game, req) {
  var panel = $("quotient-panel"), box = $("quotient");
  if (!(GAMES[game] && GAMES[game].misere) || !isMisere(req) || game === "nim") {
    /* a quotient still being computed is not wanted any more: closing its request stops grundyd's work */
    if (state.quotient && state.quotient.pending && state.quotient.controller) state.quotient.controller.abort();
    panel.hidden = true;
    state.quotient = null;
    return;
  }
  var heaps = (game === "octal" ? req.heaps : req.piles) || [], largest = 0;
  heaps.forEach(function (h) { var n = num(h); if (n > largest) largest = n; });
  var q = quotientUrl(game, req, 1);
  if (!q) { panel.hidden = true; return; }
  /* the bound the person asked for these rules, else the default; never below the position's heaps */
  var want = state.quotientAskRules === q.rules && state.quotientAsk >= 1 ? state.quotientAsk : QUOTIENT_MIN_HEAP;
  var top = Math.min(Math.max(want, largest), QUOTIENT_MAX_HEAP);
  q = quotientUrl(game, req, top);
  if (document.activeElement !== $("quotient-max")) $("quotient-max").value = top;
  if (!state.endpoints) {
    apiFetch("/v1").then(function (r) { return r.json(); }).then(function (idx) {
      state.endpoints = {};
      (idx.endpoints || []).forEach(function (e) { state.endpoints[e.path] = true; });
      updateQuotient(game, req);
    }, function () { state.endpoints = {}; });
    return;
  }
  if (!state.endpoints[q.rules.split("?")[0]]) { panel.hidden = true; return; }
  panel.hidden = false;
  var kept = state.quotient;
  if (kept && kept.rules === q.rules && (kept.maxHeap === top || kept.maxHeap > top && !kept.pending && kept.doc)) {
    if (kept.doc) drawQuotient(kept.doc, heaps);
    return;
  }
  if (kept && kept.controller) kept.controller.abort();
  var mine = { rules: q.rules, maxHeap: top, pending: true, controller: new AbortController() };
  state.quotient = mine;
  box.replaceChildren(el("p", { "class": "muted", "data-testid": "quotient-loading", text: "Computing the quotient of heaps up to " + top +
    "\u2026 (some games take grundyd many seconds; it stops if you switch mis\u00e8re play off)" }));
  apiFetch(q.url, { signal: mine.controller.signal }).then(function (resp) {
    return resp.text().then(function (raw) {
      var doc = null;
      try { doc = JSON.parse(raw); } catch (e) { doc = null; }
      if (state.quotient !== mine) return;
      mine.pending = false;
      if (!resp.ok || !isObj(doc)) {
        state.quotient = null; /* asked again next time */
        box.replaceChildren(el("div", { "class": "problem", "data-testid": "quotient-error" }, [
          el("p", { "class": "title", text: resp.status + " \u2013 " + (doc && doc.title ? doc.title : "the quotient could not be read") }),
          el("p", { "class": "detail", text: doc && typeof doc.detail === "string" ? doc.detail : raw.slice(0, 400) })
        ]));
        return;
      }
      mine.doc = doc;
      var cur = state.last && state.last.req;
      drawQuotient(doc, isObj(cur) ? (game === "octal" ? cur.heaps : cur.piles) || [] : heaps);
    });
  }).catch(function (err) {
    if (state.quotient !== mine || (err && err.name === "AbortError")) return;
    state.quotient = null;
    box.replaceChildren(el("p", { "class": "problem", "data-testid": "quotient-error", text: "The quotient could not be read: " + (err && err.message) }));
  });
}
/* The quotient's summary, presentation and multiplication table, P-positions marked; and
 * the element of the position on the board (the product of its heaps' images). */
export function drawQuotient(doc, heaps) {
  var names = Array.isArray(doc.elements) ? doc.elements : [], table = Array.isArray(doc.table) ? doc.table : [];
  var isP = {};
  (doc.p_positions || []).forEach(function (i) { isP[i] = true; });
  var nodes = [], dl = el("dl");
  var row = function (k, v, testid) {
    dl.appendChild(el("dt", { text: k }));
    dl.appendChild(el("dd", testid ? { "data-testid": testid, text: v } : { text: v }));
  };
  var per = isObj(doc.pretending_period) ? "preperiod " + doc.pretending_period.preperiod + ", period " + doc.pretending_period.period : "none proven";
  row("Heaps covered", "0 to " + doc.max_heap);
  row("Order", String(doc.order), "quotient-order");
  row("|P|", String((doc.p_positions || []).length), "quotient-p");
  row("Complete", doc.complete ? "yes: the pretending function is periodic, so it holds for every heap size"
                               : "not proven: it holds for heaps up to " + doc.max_heap, "quotient-complete");
  row("Pretending period", per, "quotient-period");
  if (doc.tame !== undefined) row("Tame", doc.tame ? "yes (it plays like mis\u00e8re Nim)" : "no (wild)");
  var pres = isObj(doc.presentation) ? doc.presentation : null;
  if (pres) {
    var gens = (pres.generators || []).map(function (g) { return g.name + " = heap " + g.heap; }).join(", ");
    row("Presentation", "\u27e8" + gens + (pres.relations && pres.relations.length ? " | " + pres.relations.join(", ") : "") + "\u27e9", "quotient-presentation");
  }
  /* the position's element: the product of its heaps' images (when every heap is covered) */
  var images = Array.isArray(doc.heap_images) ? doc.heap_images : [], at = num(doc.identity) || 0, covered = true;
  heaps.forEach(function (h) { var n = num(h); if (n >= 0 && n < images.length && table[at]) at = table[at][images[n]]; else covered = false; });
  if (covered && names[at] !== undefined) {
    row("This position", names[at] + (isP[at] ? ": in P, a mis\u00e8re P-position (the player to move loses)"
                                              : ": not in P (the player to move wins)"), "quotient-position");
  }
  nodes.push(dl);
  var shownImages = images.slice(0, 41).map(function (x, n) { return n + "\u2192" + names[x]; }).join(", ");
  nodes.push(el("p", { "class": "hint", text: "Heap images: " + shownImages + (images.length > 41 ? ", \u2026" : "") }));
  if (table.length && table.length <= 64) {
    var t = el("table", { "class": "quotient-table", "data-testid": "quotient-table" });
    t.appendChild(el("caption", { "class": "hint", text: "Multiplication table: the product of the row's and the column's elements; " +
                                                   "marked cells are in P (a sum with that product is a mis\u00e8re P-position)." }));
    var head = el("tr", null, [el("th", { scope: "col", text: "\u00d7" })]);
    names.forEach(function (nm) { head.appendChild(el("th", { scope: "col", text: nm })); });
    t.appendChild(el("thead", null, [head]));
    var body = el("tbody");
    table.forEach(function (r, i) {
      var tr = el("tr", null, [el("th", { scope: "row", text: names[i] })]);
      r.forEach(function (x) {
        var td = el("td", { "class": isP[x] ? "qp" : "", text: names[x] !== undefined ? names[x] : String(x) });
        if (isP[x]) td.setAttribute("data-p", "true");
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    t.appendChild(body);
    nodes.push(el("div", { "class": "quotient-wrap", tabindex: "0", role: "region", "aria-label": "Multiplication table of the quotient" }, [t]));
  } else if (table.length) {
    nodes.push(el("p", { "class": "hint", text: "The table has " + table.length + " \u00d7 " + table.length + " entries: too many to show; it is in the GET's answer." }));
  }
  $("quotient").replaceChildren.apply($("quotient"), nodes);
}
