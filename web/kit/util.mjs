import { SVG_NS, input } from "./state.mjs";

/* ---- Small helpers. ------------------------------------------------------------------- */
/**
 * An HTML element with attributes (text: its text) and children (strings become text).
 * @param {string} tag @param {{[k: string]: any}} [attrs] @param {any[]} [children]
 * @returns {any}
 */
export function el(tag, attrs, children) {
  var node = document.createElement(tag);
  if (attrs) Object.keys(attrs).forEach(function (k) {
    if (k === "text") node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]);
  });
  (children || []).forEach(function (c) {
    node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  });
  return node;
}
/** An SVG element with attributes. @param {string} tag @param {{[k: string]: any}} [attrs] @returns {any} */
export function svg(tag, attrs) {
  var node = document.createElementNS(SVG_NS, tag);
  Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
  return node;
}
export function isObj(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
export function isIndex(v, n) { return typeof v === "number" && Number.isInteger(v) && v >= 0 && v < n; }
export function num(v) { return typeof v === "string" ? Number(v) : v; }

/* JSON written one top-level key a line (and one array element a line for lists of
 * objects, such as the components of a sum), compact inside: readable and short. */
export function compact(v) {
  if (Array.isArray(v)) return "[" + v.map(compact).join(", ") + "]";
  if (isObj(v)) return "{" + Object.keys(v).map(function (k) {
    return JSON.stringify(k) + ": " + compact(v[k]);
  }).join(", ") + "}";
  return JSON.stringify(v);
}
export function formatRequest(obj) {
  var keys = Object.keys(obj);
  if (!keys.length) return "{}";
  return "{\n" + keys.map(function (k) {
    var v = obj[k], s;
    if (Array.isArray(v) && v.length && v.every(isObj)) {
      s = "[\n" + v.map(function (x) { return "    " + compact(x); }).join(",\n") + "\n  ]";
    } else {
      s = compact(v);
    }
    return "  " + JSON.stringify(k) + ": " + s;
  }).join(",\n") + "\n}";
}
export function parseInput() {
  try { var v = JSON.parse(input.value); return isObj(v) ? v : null; } catch (e) { return null; }
}
