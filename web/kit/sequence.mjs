import { apiFetch } from "./client.mjs";
import { $, state } from "./state.mjs";
import { el, isObj, num, svg } from "./util.mjs";

/* ---- Subtraction and octal: the Grundy sequence (GET /v1/<family>/sequence). ---------- */
export var SEQ_COUNT = 60;
export function sequenceUrl(game, req, from) {
  var q;
  if (game === "octal") {
    if (typeof req.code !== "string") return null;
    q = "/v1/octal/sequence?code=" + encodeURIComponent(req.code);
  } else {
    if (Array.isArray(req.subtraction_set)) q = "/v1/subtraction/sequence?subtraction_set=" + req.subtraction_set.map(function (x) { return String(num(x)); }).join(",");
    else if (req.max_take !== undefined) q = "/v1/subtraction/sequence?max_take=" + encodeURIComponent(req.max_take);
    else return null;
  }
  return q + "&from=" + from + "&count=" + SEQ_COUNT;
}
export function updateSequence(game, req, doc) {
  var panel = $("sequence-panel");
  if ((game !== "octal" && game !== "subtraction") || !isObj(req)) { panel.hidden = true; return; }
  panel.hidden = false;
  /* a different game (another code or subtraction set) starts its plot at 0 */
  var rules = sequenceUrl(game, req, 0);
  if (rules !== state.seqRules) { state.seqRules = rules; $("seq-from").value = 0; }
  var from = Math.max(0, Number($("seq-from").value) || 0);
  var url = sequenceUrl(game, req, from);
  if (!url) { $("sequence").replaceChildren(); return; }
  /* only where this grundyd serves the sequence (its /v1 index lists it): no 404s */
  if (!state.endpoints) {
    apiFetch("/v1").then(function (r) { return r.json(); }).then(function (idx) {
      state.endpoints = {};
      (idx.endpoints || []).forEach(function (e) { state.endpoints[e.path] = true; });
      updateSequence(game, req, doc);
    }, function () { state.endpoints = {}; });
    return;
  }
  if (!state.endpoints[url.split("?")[0]]) { panel.hidden = true; return; }
  var heaps = (game === "octal" ? req.heaps : req.piles) || [];
  var seq = ++state.seqPlot;
  var prog = $("progress"), bar = $("progress-bar"), ptext = $("progress-text");
  prog.hidden = false;
  bar.removeAttribute("value");
  ptext.textContent = "computing values\u2026";
  apiFetch(url, { headers: { Accept: "text/event-stream" } }).then(function (resp) {
    if (resp.status === 404) { panel.hidden = true; return null; }
    if (!resp.ok) return resp.text().then(function (t) { throw new Error(resp.status + " " + t.slice(0, 200)); });
    var ctype = resp.headers.get("content-type") || "";
    if (ctype.indexOf("text/event-stream") < 0 || !resp.body) return resp.json();
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
          if (ev === "progress" && obj && seq === state.seqPlot) {
            bar.max = Number(obj.target) || 1;
            bar.value = Number(obj.values_computed) || 0;
            ptext.textContent = obj.values_computed + " of " + obj.target + " values";
          } else if (ev === "result") result = obj;
        }
        return pump();
      });
    }
    return pump();
  }).then(function (res) {
    if (seq !== state.seqPlot) return;
    prog.hidden = true;
    if (res) drawSequence(res, heaps, doc);
  }, function (err) {
    if (seq !== state.seqPlot) return;
    prog.hidden = true;
    $("sequence").replaceChildren(el("p", { "class": "muted", text: "The sequence could not be read: " + err.message }));
  });
}
export function drawSequence(res, heaps, doc) {
  var vals = Array.isArray(res.sequence) ? res.sequence.map(num) : [], from = num(res.from) || 0;
  var per = isObj(res.period) ? res.period : (isObj(doc.period) ? doc.period : null);
  var maxV = Math.max.apply(null, [1].concat(vals)), W = 10, H = 120;
  var s = svg("svg", { viewBox: "-24 -8 " + (vals.length * W + 30) + " " + (H + 30), "class": "sequence-plot",
                       "data-testid": "sequence-plot", role: "img",
                       "aria-label": "Grundy values g(" + from + ") to g(" + (from + vals.length - 1) + ")" });
  if (per) {
    var pre = num(per.preperiod), p = num(per.period);
    var x0 = Math.max(0, Math.min(vals.length, pre - from)) * W;
    if (x0 > 0) s.appendChild(svg("rect", { "class": "pre", x: 0, y: 0, width: x0, height: H, "data-testid": "preperiod" }));
    var a = Math.max(from, pre), b = Math.min(from + vals.length, pre + p);
    if (b > a) s.appendChild(svg("rect", { "class": "per", x: (a - from) * W, y: 0, width: (b - a) * W, height: H }));
    /* a line where each period starts (from the preperiod on, for ever) */
    var marks = svg("g", { "data-testid": "period" });
    if (p > 0) {
      var first = Math.max(pre, from + ((pre - from) % p + p) % p);
      for (var n0 = first; n0 < from + vals.length; n0 += p) {
        marks.appendChild(svg("line", { "class": "period-mark", x1: (n0 - from) * W, y1: -4, x2: (n0 - from) * W, y2: H }));
      }
    }
    s.appendChild(marks);
  }
  var heapSet = {};
  heaps.forEach(function (h) { heapSet[num(h)] = true; });
  vals.forEach(function (v, i) {
    var h = (v / maxV) * (H - 4), n = from + i;
    var r = svg("rect", { "class": "bar" + (heapSet[n] ? " heap" : ""), x: i * W + 1, y: H - h, width: W - 2, height: Math.max(h, 0.5) });
    var t = svg("title", {});
    t.textContent = "g(" + n + ") = " + v + (heapSet[n] ? " (a heap of this position)" : "");
    r.appendChild(t);
    s.appendChild(r);
    if (i % 10 === 0) { var lab = svg("text", { x: i * W, y: H + 12 }); lab.textContent = String(n); s.appendChild(lab); }
  });
  var top = svg("text", { x: -22, y: 6 }); top.textContent = String(maxV); s.appendChild(top);
  $("sequence").replaceChildren(s);
  $("sequence-note").textContent = per ? "Preperiod " + per.preperiod + " (shaded grey), then a period of " + per.period +
    " values repeated for ever (the first shaded green; dashed lines where each repeat starts). Orange bars: this position's heaps." +
    " Values computed: " + res.values_computed + "." : "No period confirmed yet. Orange bars: this position's heaps.";
}
