import { apiFetch } from "./client.mjs";
import { $ } from "./state.mjs";
import { el } from "./util.mjs";

/* ---- The theory one click away: docs/theory.md (GET /docs/theory) in a panel. -------------
 * The page renders the little Markdown the docs use (headings, paragraphs, lists, `code`,
 * **bold**, links) into elements, never into HTML text; a heading's id is "theory-" and its
 * words in lower case joined by "-", which is what each family's `theory` names. */

var loaded = null;

/** The panel opened at `section` (a heading's slug), the page fetched once. */
export function showTheory(section) {
  var panel = $("theory-panel"), body = $("theory");
  panel.hidden = false;
  var go = function () {
    var target = section ? document.getElementById("theory-" + section) : null;
    (target || panel).scrollIntoView({ block: "start" });
    if (target) { target.setAttribute("tabindex", "-1"); target.focus({ preventScroll: true }); }
  };
  if (loaded) { go(); return; }
  body.replaceChildren(el("p", { "class": "muted", text: "Loading\u2026" }));
  loaded = apiFetch("/docs/theory").then(function (r) { return r.ok ? r.text() : Promise.reject(new Error("HTTP " + r.status)); })
    .then(function (md) { body.replaceChildren.apply(body, renderMarkdown(md)); go(); })
    .catch(function (e) { loaded = null; body.replaceChildren(el("p", { "class": "problem", text: "Could not load /docs/theory: " + e.message })); });
}

export function slug(words) {
  return words.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Markdown (the subset the docs use) as elements. */
export function renderMarkdown(md) {
  var out = [], para = [], list = null;
  var flush = function () {
    if (para.length) { out.push(el("p", null, inline(para.join(" ")))); para = []; }
    list = null;
  };
  md.split("\n").forEach(function (line) {
    var h = /^(#{1,3}) (.*)$/.exec(line), li = /^- (.*)$/.exec(line);
    if (h) {
      flush();
      var level = Math.min(h[1].length + 2, 5);
      out.push(el("h" + level, { id: "theory-" + slug(h[2]) }, inline(h[2])));
    } else if (li) {
      if (para.length) { out.push(el("p", null, inline(para.join(" ")))); para = []; }
      if (!list) { list = el("ul"); out.push(list); }
      list.appendChild(el("li", null, inline(li[1])));
    } else if (/^\s+\S/.test(line) && list && list.lastChild) {
      inline(" " + line.trim()).forEach(function (n) { list.lastChild.appendChild(typeof n === "string" ? document.createTextNode(n) : n); });
    } else if (!line.trim()) {
      flush();
    } else {
      list = null;
      para.push(line.trim());
    }
  });
  flush();
  return out;
}

function inline(text) {
  var parts = [], re = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)]+)\)/g, at = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    if (m[1] !== undefined) parts.push(el("code", { text: m[1] }));
    else if (m[2] !== undefined) parts.push(el("strong", { text: m[2] }));
    else parts.push(el("a", { href: m[4], text: m[3] }));
    at = re.lastIndex;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
