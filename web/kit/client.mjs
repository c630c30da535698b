/* ---- The API client: every request the page sends to grundyd goes through apiFetch. ------
 * grundyd counts a client's requests in flight (--max-inflight-per-client, 429 client-busy
 * past it) and its rate (--rate-per-client, 429), and answers 503 when it is full.  The page
 * learns the first from GET /v1/limits and never has more requests in flight than that: the
 * rest wait here, in order (an analysis the person asked for goes ahead of the background
 * lists).  A 429 or 503 is asked again after its Retry-After (seconds), so no move is ever
 * dropped for a refusal; the caller sees the final answer. */

/* The contract's types (api/openapi.yaml, generated into api_types.d.ts by
 * tests/browser/api_types.mjs): tsc --checkJs refuses a request the page builds with a field
 * the contract does not have. */
/** @typedef {import("./api_types").Requests} Requests */
/** @typedef {Partial<import("./api_types").Limits>} Limits */

/** What GET /v1/limits said (an empty object until it answers or when it cannot). */
/** @type {Limits} */
export var limits = {};
/* Without a per-client limit (0), still at most this many: a browser opens six connections. */
var UNLIMITED_SLOTS = 6;
/* Refusals asked again at most this many times before the refusal is shown. */
var MAX_RETRIES = 8;

/** @type {{ run: () => void, signal?: AbortSignal, drop: () => void }[]} */
var waiting = [];
var running = 0;
/** Requests answered, retried after a refusal (for the page's own tests and the curious). */
export var clientStats = { sent: 0, retried: 0, peak: 0 };

/** The number of requests this page may have in flight. */
export function slots() {
  var n = Number(limits.max_inflight_per_client);
  return n > 0 ? n : UNLIMITED_SLOTS;
}

/** Asks GET /v1/limits once (main.mjs awaits it before the first analysis). */
export function loadLimits() {
  return fetch("/v1/limits").then(function (r) { return r.ok ? r.json() : {}; })
    .then(function (doc) { limits = doc && typeof doc === "object" ? doc : {}; return limits; })
    .catch(function () { return limits; });
}

function pump() {
  while (running < slots() && waiting.length) {
    var next = waiting.shift();
    if (next.signal && next.signal.aborted) { next.drop(); continue; }
    running++;
    if (running > clientStats.peak) clientStats.peak = running;
    next.run();
  }
}

/** A promise that resolves after ms, or rejects when signal aborts first. */
function sleep(ms, signal) {
  return new Promise(function (resolve, reject) {
    var t = setTimeout(resolve, ms);
    if (signal) signal.addEventListener("abort", function () { clearTimeout(t); reject(new DOMException("aborted", "AbortError")); });
  });
}

/**
 * fetch, within the daemon's per-client limit, refusals retried after Retry-After.
 * @param {string} url
 * @param {RequestInit} [init]
 * @param {{ first?: boolean }} [opts] first: ahead of what waits (the analysis asked for)
 * @returns {Promise<Response>}
 */
export function apiFetch(url, init, opts) {
  var signal = init && init.signal ? init.signal : undefined;
  return new Promise(function (resolve, reject) {
    var tries = 0;
    var entry = {
      signal: signal,
      drop: function () { reject(new DOMException("aborted", "AbortError")); },
      run: function () {
        clientStats.sent++;
        fetch(url, init).then(function (resp) {
          if ((resp.status === 429 || resp.status === 503) && tries < MAX_RETRIES) {
            tries++;
            clientStats.retried++;
            var after = Number(resp.headers.get("Retry-After"));
            var ms = (isFinite(after) && after > 0 ? after : 1) * 1000;
            resp.body && resp.body.cancel && resp.body.cancel().catch(function () {});
            running--;
            pump();
            return sleep(ms, signal).then(function () {
              if (opts && opts.first) waiting.unshift(entry); else waiting.push(entry);
              pump();
            }, function (err) { reject(err); });
          }
          /* the slot is free once the answer is in (a stream holds it until it ends) */
          if (resp.body && (resp.headers.get("content-type") || "").indexOf("text/event-stream") >= 0) {
            var done = false;
            var release = function () { if (!done) { done = true; running--; pump(); } };
            var reader = resp.body.getReader();
            var stream = new ReadableStream({
              pull: function (ctl) {
                return reader.read().then(function (r) {
                  if (r.done) { release(); ctl.close(); } else ctl.enqueue(r.value);
                }, function (e) { release(); ctl.error(e); });
              },
              cancel: function () { release(); return reader.cancel(); }
            });
            if (signal) signal.addEventListener("abort", release);
            resolve(new Response(stream, { status: resp.status, statusText: resp.statusText, headers: resp.headers }));
            return;
          }
          /* grundyd counts the request until its answer is written: read it all first */
          return resp.arrayBuffer().then(function (buf) {
            running--;
            pump();
            resolve(new Response(buf, { status: resp.status, statusText: resp.statusText, headers: resp.headers }));
          });
        }).catch(function (err) { running--; pump(); reject(err); });
      }
    };
    if (signal && signal.aborted) { entry.drop(); return; }
    if (opts && opts.first) waiting.unshift(entry); else waiting.push(entry);
    pump();
  });
}

/**
 * A POST of a request body the page builds, typed by the contract: path is one of its POST
 * paths and body that path's request (Requests, api_types.d.ts).
 * @template {keyof Requests} P
 * @param {P} path
 * @param {Requests[P]} body
 * @param {RequestInit} [init]
 * @param {{ first?: boolean }} [opts]
 */
export function postJson(path, body, init, opts) {
  return apiFetch(path, Object.assign({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }, init || {}), opts);
}
