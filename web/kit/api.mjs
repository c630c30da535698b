import { closeChoices, renderMoveList } from "./board.mjs";
import { apiFetch, slots } from "./client.mjs";
import { redraw } from "./draw.mjs";
import { syncLine, updatePlayButtons, updateStatus } from "./history.mjs";
import { isMisere, quotientUrl } from "./misere.mjs";
import { GAMES } from "./registry.mjs";
import { showResult, updateToMove } from "./result.mjs";
import { sequenceUrl } from "./sequence.mjs";
import { jsonSyntaxError } from "./share.mjs";
import { $, allMoves, analyzeBtn, drawingPanel, gameSelect, input, resultEl, state } from "./state.mjs";
import { el, isObj, num, parseInput } from "./util.mjs";

/* ---- Talking to grundyd. --------------------------------------------------------------- */
/* The text as typed; with "list every winning move" the option is put in front of the
 * object's first key, so the rest reaches grundyd byte for byte (no number rounding). */
/* Whether the endpoint lists every move ("all_moves"; GAMES[game].allMoves). */
export function listsAllMoves(game, req) {
  var all = GAMES[game] ? GAMES[game].allMoves : false;
  if (all === "components") return Array.isArray(req.components) && req.components.every(function (c) {
    return isObj(c) && GAMES[c.game] && GAMES[c.game].allMoves === undefined; });
  return all === undefined || all === true;
}
export function requestBody() {
  var text = input.value, req = parseInput();
  var g = GAMES[gameSelect.value];
  if (!req) return text;
  if (g.request) return g.request(req, text);
  if (g.partizan) return text;
  /* what the page adds, typed by the contract (a field it does not have fails tsc --checkJs) */
  /** @type {Partial<import("./api_types").NimRequest & import("./api_types").GameGraphRequest>} */
  var extra = {};
  /* a large position asks for its winning moves only: every move of 3,000 piles is a
   * hundred thousand entries to parse, sort and list (the family says what is large) */
  var every = listsAllMoves(gameSelect.value, req) && !(g.large && g.large(req));
  /* without the whole list, the move list shows every winning move */
  if ((allMoves.checked || !every) && !("all_winning_moves" in req)) extra.all_winning_moves = true;
  if (every && !("all_moves" in req)) extra.all_moves = true;
  if (gameSelect.value === "game_graph" && !("include_values" in req) && num(req.positions) <= 2000) extra.include_values = true;
  var opts = Object.keys(extra).map(function (k) { return JSON.stringify(k) + ": " + JSON.stringify(extra[k]); });
  if (!opts.length) return text;
  if (!Object.keys(req).length) return "{" + opts.join(", ") + "}";
  return text.replace(/^\s*\{/, "{" + opts.join(", ") + ", ");
}

/* ---- Asking grundyd: one request at a time, cancellable, with progress after 300 ms. --- */
export var PROGRESS_DELAY_MS = 300;
export var TABLE_POLL_MS = 500;
export var TABLE_TARGET_MAX = 1073741824; /* the largest table there is (2^30 values) */
/* Where the analysis panel, the drawing and the move list show a position that is no
 * longer the one being analysed: greyed and inert until the answer comes. */
export function setBusy(on) {
  [resultEl, drawingPanel, $("board-panel")].forEach(function (node) {
    node.classList.toggle("stale", on);
    if (on) node.setAttribute("inert", ""); else node.removeAttribute("inert");
  });
  resultEl.setAttribute("aria-busy", on ? "true" : "false");
  analyzeBtn.disabled = on;
  $("cancel").disabled = !on;
  if (on) closeChoices();
}
/* The progress line: elapsed time, and the values computed once the server reports them
 * (an answer's or an event's `values_computed`, with `target` when it knows the goal). */
export function showProgress(job) {
  var box = $("analysis-progress"), bar = $("analysis-bar"), text = $("analysis-elapsed");
  if (!job) { box.hidden = true; return; }
  var secs = (performance.now() - job.started) / 1000;
  var words = "Analysing\u2026 " + secs.toFixed(1) + " s";
  if (typeof job.valuesComputed === "number") {
    words += ", " + job.valuesComputed + " values computed";
    if (typeof job.target === "number" && job.target > 0) { bar.max = job.target; bar.value = job.valuesComputed; }
  } else {
    bar.removeAttribute("value"); /* indeterminate: the server does not say how far it is */
  }
  text.textContent = words;
  box.hidden = false;
}
/* A hook for servers that report progress on a POST: call with {values_computed, target}. */
export function reportProgress(job, info) {
  if (!job || state.job !== job || !isObj(info)) return;
  /* two sources may report (the stream and the poll): the count only grows */
  if (info.values_computed !== undefined) job.valuesComputed = Math.max(Number(info.values_computed), job.valuesComputed || 0);
  if (info.target !== undefined) job.target = Number(info.target);
  if (job.shown) showProgress(job);
}
/* Reads a text/event-stream answer: each event's name and parsed data go to onEvent; the
 * promise gives the data of the "result" event (null when there was none). */
export function readEventStream(resp, onEvent) {
  var reader = resp.body.getReader(), dec = new TextDecoder(), buf = "", result = null;
  function pump() {
    return reader.read().then(function (r) {
      if (r.done) return result;
      buf += dec.decode(r.value, { stream: true });
      var k;
      while ((k = buf.indexOf("\n\n")) >= 0) {
        var block = buf.slice(0, k), ev = "message", data = "";
        buf = buf.slice(k + 2);
        block.split("\n").forEach(function (line) {
          if (line.indexOf("event:") === 0) ev = line.slice(6).trim();
          else if (line.indexOf("data:") === 0) data += line.slice(5).trim();
        });
        var obj = null;
        try { obj = JSON.parse(data); } catch (e) { obj = null; }
        if (ev === "result") result = obj;
        else onEvent(ev, obj);
      }
      return pump();
    });
  }
  return pump();
}
/* A long octal analysis is growing its code's table: the sequence GET of the same code, up
 * to the largest heap, as an event stream, counts the values as they are computed (it shares
 * the table's growth with the POST, and costs nothing when the table is there).  Its
 * "progress" events move the bar; it is closed when the analysis ends.  It needs a second
 * request slot (GET /v1/limits): with one, the analysis shows its elapsed time alone. */
export function streamTable(job, game, text) {
  if (game !== "octal") return;
  var req = null;
  try { req = JSON.parse(text); } catch (e) { return; }
  if (!isObj(req) || typeof req.code !== "string" || !Array.isArray(req.heaps)) return;
  var need = 0;
  req.heaps.forEach(function (h) { var n = Number(h); if (isFinite(n) && n + 1 > need) need = n + 1; });
  if (!(need > 0) || need > TABLE_TARGET_MAX) return;
  var url = "/v1/octal/sequence?code=" + encodeURIComponent(req.code) + "&from=" + (need - 1) + "&count=1";
  job.stream = new AbortController();
  /* and the table as it stands, asked every half second with count=0 (answered at once, off
   * the request queue: a refusal is only a missed tick): the stream's first event can wait
   * while another request (a background period search) holds the table */
  var poll = "/v1/octal/sequence?code=" + encodeURIComponent(req.code) + "&count=0";
  var tick = function () {
    fetch(poll, { signal: job.stream.signal }).then(function (r) { return r.ok ? r.json() : null; }).then(function (doc) {
      if (isObj(doc) && doc.values_computed !== undefined) reportProgress(job, { values_computed: doc.values_computed, target: need });
    }).catch(function () { /* the next tick, or the analysis's own answer */ });
  };
  tick();
  job.poller = setInterval(tick, TABLE_POLL_MS);
  if (slots() < 2) return;
  apiFetch(url, { headers: { Accept: "text/event-stream" }, signal: job.stream.signal }).then(function (resp) {
    if (!resp.ok || !resp.body || (resp.headers.get("content-type") || "").indexOf("text/event-stream") < 0) return null;
    return readEventStream(resp, function (ev, obj) {
      if (ev === "progress" && isObj(obj) && obj.values_computed !== undefined) {
        reportProgress(job, { values_computed: obj.values_computed, target: need });
      }
    });
  }).catch(function () { /* the analysis's own answer says what went wrong */ });
}
export function endJob(job) {
  clearTimeout(job.timer);
  clearInterval(job.ticker);
  if (job.stream) job.stream.abort();
  clearInterval(job.poller);
  if (state.job === job) { state.job = null; showProgress(null); setBusy(false); }
}
export function cancelAnalysis() {
  var job = state.job;
  if (!job) return;
  job.cancelled = true;
  job.controller.abort();
}

export function analyse() {
  var seq = ++state.seq, game = gameSelect.value, text = input.value, started = performance.now();
  clearTimeout(state.redrawTimer);
  if (state.job) { state.job.superseded = true; state.job.controller.abort(); endJob(state.job); }
  syncLine(game, text);
  state.cgtError = null;
  var job = { seq: seq, started: started, controller: new AbortController(), shown: false };
  state.job = job;
  /* the drawing shows the position asked about at once (greyed, without marks) */
  state.board = null;
  renderMoveList(game, null);
  redraw(null);
  updateToMove();
  setBusy(true);
  /* no verdict, sequence or quotient of another position survives the question */
  resultEl.replaceChildren(el("p", { "class": "muted", "data-testid": "asking", text: "Asking grundyd about this position\u2026" }));
  resultEl.setAttribute("data-state", "loading");
  hideStalePanels(game);
  job.timer = setTimeout(function () {
    job.shown = true;
    showProgress(job);
    job.ticker = setInterval(function () { showProgress(job); }, 100);
    streamTable(job, game, text);
  }, PROGRESS_DELAY_MS);
  return apiFetch(GAMES[game].path, {
    method: "POST",
    /* a server that streams progress on a POST (as the sequence GET does) may answer with
     * events: "progress" {values_computed, target} updates the bar, "result" is the answer */
    headers: { "Content-Type": "application/json",
               "Accept": "application/json, application/problem+json, text/event-stream;q=0.5" },
    body: requestBody(),
    signal: job.controller.signal
  }, { first: true }).then(function (resp) {
    var ctype = resp.headers.get("content-type") || "";
    if (resp.ok && resp.body && ctype.indexOf("text/event-stream") >= 0) {
      return readEventStream(resp, function (ev, obj) { if (ev === "progress") reportProgress(job, obj); }).then(function (doc) {
        if (seq !== state.seq) return;
        endJob(job);
        if (!isObj(doc)) return showProblem(resp, null, "the event stream ended without a result");
        showTimed(game, text, doc, Math.round(performance.now() - started));
      });
    }
    return resp.text().then(function (raw) {
      if (seq !== state.seq) return;
      var doc = null;
      try { doc = JSON.parse(raw); } catch (e) { doc = null; }
      var ms = Math.round(performance.now() - started);
      endJob(job);
      if (!resp.ok) return showProblem(resp, doc, raw);
      if (!isObj(doc)) return showProblem(resp, null, "the answer was not a JSON object");
      showTimed(game, text, doc, ms);
    });
  }).catch(function (err) {
    if (seq !== state.seq) return;
    endJob(job);
    if (job.cancelled) return showCancelled(performance.now() - started);
    showProblem(null, null, "could not reach grundyd: " + (err && err.message ? err.message : String(err)));
  });
}
/* The sequence and quotient panels belong to the rules of the position analysed: they go when
 * a new question has other rules (or none), and after a cancel or an error. */
export function hideStalePanels(game) {
  $("verdict-short").textContent = "";
  var req = game ? parseInput() : null;
  var rules = req && (game === "octal" || game === "subtraction") ? sequenceUrl(game, req, 0) : null;
  if (!rules || rules !== state.seqRules) { $("sequence-panel").hidden = true; state.seqRules = null; }
  if (!req || !isMisere(req) || !state.quotient || state.quotient.rules !== (quotientUrl(game, req, 1) || {}).rules) {
    $("quotient-panel").hidden = true;
  }
}
export function showCancelled(ms) {
  state.last = null;
  hideStalePanels(null);
  state.board = null;
  resultEl.replaceChildren(el("p", { "class": "muted", "data-testid": "cancelled",
    text: "Cancelled after " + (ms / 1000).toFixed(1) + " s: the request was closed and grundyd stopped working on it. " +
          "Press Analyze to ask again." }));
  resultEl.setAttribute("data-state", "cancelled");
  renderMoveList(gameSelect.value, null);
  redraw(null);
  updatePlayButtons();
  updateStatus();
}

export function showProblem(resp, doc, raw) {
  state.last = null;
  hideStalePanels(null);
  state.board = null;
  var bad = doc && doc.pointer === "/expression" && typeof doc.detail === "string" ? /at byte (\d+)/.exec(doc.detail) : null;
  var sent = parseInput();
  if (bad && gameSelect.value === "cgt" && isObj(sent) && typeof sent.expression === "string") {
    state.cgtError = { text: sent.expression, offset: Number(bad[1]), detail: doc.detail };
    state.cgtFocus = state.cgtFocusAt === state.seq;
  }
  var box = el("div", { "class": "problem", role: "alert", "data-testid": "error" });
  var status = resp ? resp.status : 0;
  var title = (doc && doc.title) || (resp ? "HTTP " + status + (resp.statusText ? " " + resp.statusText : "") : "Network error");
  box.appendChild(el("p", { "class": "title", text: (status ? status + " \u2013 " : "") + title }));
  var detail = doc && typeof doc.detail === "string" ? doc.detail : (raw || "").slice(0, 600);
  if (detail) box.appendChild(el("p", { "class": "detail", "data-testid": "error-detail", text: detail }));
  if (doc && typeof doc.pointer === "string") {
    box.appendChild(el("p", { "class": "pointer" }, [
      "at ", el("code", { "data-testid": "error-pointer", text: doc.pointer === "" ? "\"\" (the whole body)" : doc.pointer })
    ]));
  }
  var syntax = jsonSyntaxError(input.value);
  if (syntax) box.appendChild(el("p", { "class": "json-error", "data-testid": "json-error", text: syntax }));
  if (doc && doc.request_id) box.appendChild(el("p", { "class": "muted", text: "request id " + doc.request_id }));
  resultEl.replaceChildren(box);
  resultEl.setAttribute("data-state", "error");
  /* the move list and the drawing's marks belonged to another position: they go; the
   * drawing still shows what was typed, when it can be read, and the text stays */
  renderMoveList(gameSelect.value, null);
  $("move-summary").textContent = "No moves listed: the position was not analysed.";
  redraw(null);
  updatePlayButtons();
  updateStatus();
}

/* The answer shown, and how long this page took to draw it (the verdict, the drawing and the
 * first chunk of the move list), beside the time grundyd took: two times, each named. */
export function showTimed(game, text, doc, serverMs) {
  var t0 = performance.now();
  showResult(game, text, doc, serverMs);
  var verdict = resultEl.querySelector("[data-testid=verdict]");
  $("verdict-short").textContent = verdict ? verdict.textContent : "";
  var cell = resultEl.querySelector("[data-testid=draw-time]");
  if (cell) cell.textContent = Math.round(performance.now() - t0) + " ms (this page)";
}
