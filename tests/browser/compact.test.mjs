// Compact drawings (issue 36 item 2, web/kit/compact.mjs): past a few hundred parts a drawing
// is a few paths, one per class of parts, with an element of its own for each part that plays
// a listed winning move, and the part under the pointer found by its position.  Counted, not
// timed (the times are in bench/RESULTS.md): the number of elements drawn for 3,000 edges,
// piles or 1,960 vertices is bounded by a constant plus the winning moves; every winning move
// of the list has its [data-move] on the drawing; a winning element replayed leaves a lost
// position (the daemon says so); a click by position plays the part under it, the move's
// words the same as the tooltip's.  Screenshots: compact-*.png at 1280 and 390 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as common from './common.mjs';

const { by, finish, BASE } = common;
const { open, settled, choose } = common.Long;
const span = (n, f) => Array.from({ length: n }, (_, i) => f(i));
const TREE = { parent: span(3000, (i) => (i ? Math.floor((i - 1) / 2) : -1)) };
const NIM = { piles: span(3000, (i) => 1 + (i * 7919) % 97) };
const ORDINAL = { trees: span(40, () => span(12, () => span(3, () => []))) };
const COLORED = { edges: span(2999, (i) => [Math.floor(i / 2), i + 1, ['blue', 'red', 'green'][i % 3]]), ground: [0] };

async function analyse(page, game, body) {
  await choose(page, game);
  await by(page, 'input').fill(JSON.stringify(body));
  await by(page, 'analyze').click();
  await settled(page, 120000);
  await page.waitForFunction(() => document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true' &&
    !/being analysed/.test(document.getElementById('move-summary').textContent), null, { timeout: 120000 });
}
const drawnCount = (page) => page.evaluate(() => document.querySelectorAll('#drawing *').length);
const history = (page) => page.locator('[data-testid="history"] li').evaluateAll((ls) => ls.map((l) => l.textContent.replace(/\s+/g, ' ').trim()));
// the listed moves of an outcome (their indices); the list is complete
const listed = (page, outcome) => page.$$eval(`[data-testid="move-option"][data-outcome="${outcome}"]`, (bs) => bs.map((b) => b.dataset.index));
// every listed winning move has its element on the drawing
async function winsOnDrawing(page) {
  const wins = await listed(page, 'win');
  const onDrawing = await page.$$eval('[data-testid="drawing"] [data-move]', (es) => es.map((e) => e.getAttribute('data-move')));
  for (const w of wins) assert.ok(onDrawing.includes(w), `winning move ${w} has no [data-move] on the drawing`);
  return wins;
}
// The screen point of the first part of a compact layer (`layer`: a selector of its path),
// scrolled into the drawing's view: the middle of its first segment, or a circle's centre.
async function pointOf(page, layer) {
  return page.evaluate((sel) => {
    const path = document.querySelector(sel);
    const n = path.getAttribute('d').match(/-?[\d.]+/g).map(Number);
    const svgEl = path.ownerSVGElement, area = document.getElementById('drawing');
    // "M x y L x y" (a segment) or "M x-r y a r r 0 1 0 2r 0 ..." (a circle)
    const p = /^M[^a]*L/.test(path.getAttribute('d')) ? new DOMPoint((n[0] + n[2]) / 2, (n[1] + n[3]) / 2) : new DOMPoint(n[0] + n[2], n[1]);
    area.scrollIntoView({ block: 'center' });
    let s = p.matrixTransform(svgEl.getScreenCTM());
    const box = area.getBoundingClientRect();
    area.scrollLeft += s.x - (box.left + box.width / 2);
    area.scrollTop += s.y - (box.top + box.height / 2);
    s = p.matrixTransform(svgEl.getScreenCTM());
    return { x: s.x, y: s.y };
  }, layer);
}
// Point at a compact part, read what the drawing says of it, click it.
async function clickPart(page, layer) {
  const at = await pointOf(page, layer);
  await page.mouse.move(at.x, at.y);
  await page.waitForFunction(() => document.querySelector('#drawing svg[data-compact] path.hover-mark').getAttribute('d') !== '');
  const words = await page.evaluate(() => document.querySelector('#drawing svg[data-compact] > title').textContent);
  await page.mouse.click(at.x, at.y);
  await settled(page, 120000);
  return words;
}
const post = async (path, body) => (await fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json();

for (const width of [1280, 390]) {
  test(`Hackenbush of 3,000 edges drawn compactly, any edge played by its position (${width} px)`, async () => {
    const s = await open(width);
    const { page } = s;
    await analyse(page, 'hackenbush_tree', TREE);
    assert.equal(await page.locator('#drawing svg[data-compact="true"]').count(), 1);
    // the daemon lists 1,000 of the 2,999 moves, none of them winning here: the verdict's
    // winning move is put first in the list, so it is on the drawing and can be played
    const wins = await winsOnDrawing(page);
    assert.equal(wins.length, 1, 'the verdict\'s winning move is listed');
    assert.match(await page.locator('[data-testid="move-summary"], #move-summary').first().innerText(), /Showing 1001 of 2999/);
    // a constant number of elements (layers, ground, the pointer's mark) plus the winning edges'
    const n = await drawnCount(page);
    assert.ok(n <= 30 + 8 * wins.length, `${n} elements drawn for 3,000 edges and ${wins.length} winning moves`);
    await page.locator('#drawing').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${common.SHOTS}/compact-hackenbush-${width}.png` });
    // an edge of the losing layer by its position: the move played is the one the pointer named
    const words = await clickPart(page, '#drawing g.edge.lose.compact-layer path');
    const ends = words.match(/Cut the edge (\d+)\u2013(\d+)/);
    assert.ok(ends, words);
    const h = await history(page);
    assert.equal(h.length, 1);
    assert.match(h[0], new RegExp(`cut the edge ${ends[1]}\u2013${ends[2]}`));
    await finish(s);
  });
}

test('Hackenbush of 699 edges, 189 of them winning: each winning edge its own element, one replayed', async () => {
  const s = await open(1280);
  const { page } = s;
  await analyse(page, 'hackenbush_tree', { parent: span(700, (i) => (i ? Math.floor((i - 1) / 2) : -1)) });
  assert.equal(await page.locator('#drawing svg[data-compact="true"]').count(), 1);
  const wins = await winsOnDrawing(page);
  assert.equal(wins.length, 189);
  const n = await drawnCount(page);
  assert.ok(n <= 30 + 8 * wins.length, `${n} elements drawn for 699 edges and ${wins.length} winning moves`);
  // a winning edge replayed: the position left is lost for the player to move (grundy 0)
  await page.locator(`[data-testid="drawing"] [data-move="${wins[wins.length - 1]}"]`).click();
  await settled(page);
  assert.equal((await history(page)).length, 1);
  const after = JSON.parse(await by(page, 'input').inputValue());
  assert.equal((await post('/v1/hackenbush/tree', JSON.stringify(after))).grundy, 0);
  await finish(s, 'compact-hackenbush699-1280.png', { full: false });
});

test('a Nim of 3,000 piles: bars without moves are one path, every winning bar its own <rect>', async () => {
  const s = await open(1280);
  const { page } = s;
  await analyse(page, 'nim', NIM);
  const wins = await winsOnDrawing(page);
  assert.ok(wins.length >= 1);
  // the chart says how to play on it; the tokens' "click a token" line is gone
  assert.doesNotMatch(await page.locator('#drawing-hint').innerText(), /token/);
  assert.match(await page.locator('#drawing .chart-box .hint').innerText(), /click a bar/);
  const bars = await page.locator('svg.pile-chart rect.chart-bar').count();
  assert.equal(bars, wins.length, 'one <rect> a winning bar (Nim: one winning move a pile at most)');
  assert.ok(await drawnCount(page) <= 20 + wins.length);
  // a bar of the one path (no listed move) plays nothing; a winning bar plays its move
  await clickPart(page, 'svg.pile-chart g.chart-bar.nomove path');
  assert.deepEqual(await history(page), []);
  const rect = page.locator('svg.pile-chart rect.chart-bar.win').first();
  const pile = Number(await rect.getAttribute('data-pile'));
  await rect.click();
  await settled(page, 120000);
  assert.equal((await history(page)).length, 1);
  const after = JSON.parse(await by(page, 'input').inputValue()).piles;
  assert.ok(after[pile] < NIM.piles[pile], 'the winning bar\'s pile is smaller');
  assert.equal(after.reduce((a, b) => a ^ b, 0), 0, 'a nim-sum of 0 after the winning move');
  await finish(s, 'compact-nim-1280.png', { full: false });
});

test('ordinal trees of 1,960 vertices drawn compactly; a vertex removed by its position', async () => {
  const s = await open(1280);
  const { page } = s;
  await analyse(page, 'ordinal_trees', ORDINAL);
  assert.equal(await page.locator('#drawing svg[data-compact="true"]').count(), 1);
  // each of the 40 roots its own element (its replacements, to choose from), plus a constant
  const n = await drawnCount(page);
  assert.ok(n <= 40 * 4 + 40 + 30, `${n} elements drawn for 1,960 vertices`);
  await winsOnDrawing(page);
  const words = await clickPart(page, '#drawing g.vertex.compact-layer path');
  const what = words.match(/^tree (\d+): remove vertex (\d+) \(path (\/[\d/]*)\)/);
  assert.ok(what, words);
  const h = await history(page);
  assert.equal(h.length, 1);
  assert.match(h[0], new RegExp(`replace tree ${what[1]} by .*remove the subtree at ${what[3]}: vertex ${what[2]}`));
  await finish(s, 'compact-ordinal-1280.png', { full: false });
});

test('coloured Hackenbush of 3,000 edges drawn compactly: Left cuts a blue edge by its position', async () => {
  const s = await open(1280);
  const { page } = s;
  await choose(page, 'hackenbush_colored');
  await by(page, 'input').fill(JSON.stringify(COLORED));
  await by(page, 'analyze').click();
  await settled(page, 120000);
  assert.equal(await page.locator('#drawing svg[data-compact="true"]').count(), 1);
  assert.ok(await drawnCount(page) <= 60, 'a few layers, not an element an edge');
  const words = await clickPart(page, '#drawing g.edge.hb-blue.compact-layer:not(.not-yours) path');
  const edge = words.match(/Cut edge (\d+) /);
  assert.ok(edge, words);
  const h = await history(page);
  assert.equal(h.length, 1);
  assert.match(h[0], new RegExp(`Left: cut edge ${edge[1]}\\b`));
  await finish(s, 'compact-colored-1280.png', { full: false });
});
