import { R } from "./draw.mjs";
import { $ } from "./state.mjs";
import { compact, svg } from "./util.mjs";

/* ---- The thermograph of a partizan value (Berlekamp, Conway; Siegel II.5). ----------------
 * grundyd names each partizan value in CGSuite's notation ("{1^*2|-1/2^*2}", "±3/2",
 * "{0||0|-1}", "1/2^*") with its mean and temperature.  Here the name is read back into a
 * game tree and its walls are computed point by point:
 *   a number x (with any infinitesimal part: ^, v, *n, Tiny, Miny) has both walls at x;
 *   {GL | GR}, taxed by t: L(t) = max over GL of RW(GL)(t) - t, R(t) = min over GR of
 *   LW(GR)(t) + t; below the temperature T (where L(T) = R(T)) the walls are L and R, from T
 *   up both stand on the mast at the mean m = L(T).
 * L - R falls by at least 2 per unit of t, so T is found by bisection.  The picture follows
 * the custom of the field: Left's side (positive values) on the left, temperature upwards
 * from -1 (the temperature of an integer: a number's thermograph is its mast alone, and the
 * convention puts an integer's at -1, a number m/2^k's at -1/2^k). */

/** @typedef {{ x: number } | { L: Game[], R: Game[], T?: number, m?: number }} Game */

/** Reads CGSuite's notation; null where it is beyond this reader (a sum of two hot games). */
export function parseValue(text) {
  var s = String(text).replace(/\s+/g, ""), p = 0;
  function fail() { throw new Error("unreadable at " + p); }
  function neg(g) {
    if ("x" in g) return { x: -g.x };
    return { L: g.R.map(neg), R: g.L.map(neg) };
  }
  function add(a, b) {
    if ("x" in a && "x" in b) return { x: a.x + b.x };
    if ("x" in b) { var t = a; a = b; b = t; }
    if (!("x" in a)) fail(); /* two hot games: not a translation */
    var x = a.x;
    return { L: b.L.map(function (g) { return add({ x: x }, g); }), R: b.R.map(function (g) { return add({ x: x }, g); }) };
  }
  function expr() {
    var g = term();
    while (s[p] === "+" || s[p] === "-") { var op = s[p++], h = term(); g = add(g, op === "-" ? neg(h) : h); }
    return g;
  }
  function term() {
    var k = 0;
    while (s[p] === "-") { p++; k++; }
    var g = unit();
    return k % 2 ? neg(g) : g;
  }
  function unit() {
    var c = s[p];
    if (c === "\u00b1") { p++; var g = unit(); return { L: [g], R: [neg(g)] }; }
    if (c === "(") { p++; var e = expr(); if (s[p++] !== ")") fail(); return e; }
    if (c === "{") { var end = closing(p); var body = s.slice(p + 1, end); p = end + 1; return braces(body); }
    return compact();
  }
  function closing(at) {
    var d = 0;
    for (var i = at; i < s.length; i++) {
      if (s[i] === "{" || s[i] === "(") d++;
      else if (s[i] === "}" || s[i] === ")") { d--; if (d === 0) return i; }
    }
    fail();
    return -1;
  }
  /* the longest run of bars splits first: {a||b|c} is {a | {b|c}} */
  function braces(body) {
    var d = 0, best = 0, at = -1;
    for (var i = 0; i < body.length; i++) {
      var c = body[i];
      if (c === "{" || c === "(") d++;
      else if (c === "}" || c === ")") d--;
      else if (c === "|" && d === 0) {
        var j = i; while (body[j] === "|") j++;
        if (j - i > best) { best = j - i; at = i; }
        i = j - 1;
      }
    }
    if (at < 0) fail();
    return { L: side(body.slice(0, at)), R: side(body.slice(at + best)) };
  }
  function side(text) {
    if (text === "") return [];
    if (/\|/.test(topLevel(text))) return [braces(text)];
    return splitCommas(text).map(function (part) { return sub(part); });
  }
  function topLevel(text) { /* the text with everything inside braces or parentheses dropped */
    var d = 0, out = "";
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === "{" || c === "(") d++;
      if (d === 0) out += c;
      if (c === "}" || c === ")") d--;
    }
    return out;
  }
  function splitCommas(text) {
    var d = 0, parts = [], from = 0;
    for (var i = 0; i < text.length; i++) {
      var c = text[i];
      if (c === "{" || c === "(") d++;
      else if (c === "}" || c === ")") d--;
      else if (c === "," && d === 0) { parts.push(text.slice(from, i)); from = i + 1; }
    }
    parts.push(text.slice(from));
    return parts;
  }
  function sub(text) { var r = parseValue(text); if (!r) fail(); return r; }
  /* [number] [Tiny(..)|Miny(..)] [ups] [star]: its walls are the number's */
  function compact() {
    var start = p, x = 0, m = /^(\d+)(?:\/(\d+))?/.exec(s.slice(p));
    if (m) { x = Number(m[1]) / (m[2] ? Number(m[2]) : 1); p += m[0].length; }
    if (/^(Tiny|Miny)\(/.test(s.slice(p))) { p += 4; p = closing(p) + 1; }
    var u = /^(\^+\d*|v+\d*)/.exec(s.slice(p)); if (u) p += u[0].length;
    var st = /^\*\d*/.exec(s.slice(p)); if (st) p += st[0].length;
    if (p === start) fail();
    return { x: x };
  }
  try {
    var g = expr();
    return p === s.length ? g : null;
  } catch (e) {
    return null;
  }
}

/* The walls of g at temperature t: [left wall, right wall]. */
function walls(g, t) {
  if ("x" in g) return [g.x, g.x];
  settle(g);
  if (t >= g.T) return [g.m, g.m];
  return taxed(g, t);
}
function taxed(g, t) {
  var l = -Infinity, r = Infinity;
  g.L.forEach(function (o) { l = Math.max(l, walls(o, t)[1] - t); });
  g.R.forEach(function (o) { r = Math.min(r, walls(o, t)[0] + t); });
  return [l, r];
}
/* T and m of a game with options on both sides (one-sided games are numbers in canonical
 * form, but a side may be empty after a translation: then its wall runs for ever). */
function settle(g) {
  if (g.T !== undefined) return;
  if (!g.L.length || !g.R.length) { g.T = Infinity; g.m = NaN; return; }
  var lo = -1, hi = 1;
  var gap = function (t) { var w = taxed(g, t); return w[0] - w[1]; };
  if (gap(lo) <= 0) { g.T = -1; g.m = taxed(g, -1)[0]; return; }
  while (gap(hi) > 0 && hi < 1e9) hi *= 2;
  for (var i = 0; i < 60; i++) { var mid = (lo + hi) / 2; if (gap(mid) > 0) lo = mid; else hi = mid; }
  g.T = hi;
  g.m = taxed(g, hi)[0];
}

/** The thermograph as an SVG (data-testid="thermograph"): both walls, the mast, the mean and
 * the temperature marked.  mean, temp: grundyd's (strings like "1/4"). */
export function thermographSvg(value, mean, temp) {
  var g = parseValue(value);
  var M = numberOf(mean), T = numberOf(temp);
  if (!g || !isFinite(M) || !isFinite(T)) return null;
  var top = Math.max(T, 0) + 1, bottom = -1, n = 120, left = [], right = [];
  for (var i = 0; i <= n; i++) {
    var t = bottom + (Math.max(T, bottom) - bottom) * i / n, w = walls(g, t);
    left.push([w[0], t]); right.push([w[1], t]);
  }
  var xs = left.concat(right).map(function (q) { return q[0]; }).filter(isFinite).concat([M]);
  var lo = Math.min.apply(null, xs), hi = Math.max.apply(null, xs), pad = Math.max(0.5, (hi - lo) * 0.15);
  lo -= pad; hi += pad;
  var W = 320, H = 220, X = function (x) { return 20 + (hi - x) / (hi - lo) * (W - 40); }; /* Left (positive) on the left */
  var Y = function (t) { return 20 + (top - t) / (top - bottom) * (H - 50); };
  var pts = function (list) { return list.filter(function (q) { return isFinite(q[0]); })
    .map(function (q) { return X(q[0]).toFixed(1) + "," + Y(q[1]).toFixed(1); }).join(" "); };
  var root = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "class": "thermograph", "data-testid": "thermograph",
                          "aria-label": "Thermograph of " + value + ": mean " + mean + ", temperature " + temp +
                                        " (Left's side on the left, temperature upwards)" });
  var axis = svg("line", { x1: 10, x2: W - 10, y1: Y(0), y2: Y(0), "class": "thermo-axis" });
  root.appendChild(axis);
  root.appendChild(svg("polyline", { points: pts(left), "class": "thermo-wall left", "data-testid": "thermograph-left-wall" }));
  root.appendChild(svg("polyline", { points: pts(right), "class": "thermo-wall right", "data-testid": "thermograph-right-wall" }));
  root.appendChild(svg("line", { x1: X(M), x2: X(M), y1: Y(Math.max(T, bottom)), y2: Y(top), "class": "thermo-mast",
                                 "data-testid": "thermograph-mast" }));
  root.appendChild(svg("line", { x1: 10, x2: W - 10, y1: Y(T), y2: Y(T), "class": "thermo-temp", "data-testid": "thermograph-temperature" }));
  var tl = svg("text", { x: W - 12, y: Y(T) - 4, "text-anchor": "end", "class": "thermo-label" });
  tl.textContent = "temperature " + temp;
  root.appendChild(tl);
  var mm = svg("circle", { cx: X(M), cy: Y(Math.max(T, bottom)), r: 4, "class": "thermo-mean", "data-testid": "thermograph-mean" });
  root.appendChild(mm);
  var ml = svg("text", { x: X(M), y: H - 8, "text-anchor": "middle", "class": "thermo-label" });
  ml.textContent = "mean " + mean;
  root.appendChild(ml);
  var zl = svg("text", { x: 12, y: Y(0) - 4, "class": "thermo-label small" });
  zl.textContent = "t = 0";
  root.appendChild(zl);
  return root;
}

/** "3/4", "-1", "1/2" as a number. */
export function numberOf(v) {
  if (typeof v === "number") return v;
  var m = /^(-?)(\d+)(?:\/(\d+))?$/.exec(String(v).trim());
  return m ? (m[1] ? -1 : 1) * Number(m[2]) / (m[3] ? Number(m[3]) : 1) : NaN;
}
