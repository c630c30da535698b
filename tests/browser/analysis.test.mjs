// The analysis board, second pass: whose turn it is, every listed move playable on the
// drawing (data-move), stable vertex and edge names, progress and cancel, errors that clear
// the board, a history that can be walked and shared, one colour legend, the phone layout,
// and one form (line, column) for JSON syntax errors in server and page.  Every family at
// 1280 and 390 px; screenshots go to SCREENSHOT_DIR (analysis-*.png).  No assertion depends
// on the machine's speed: slow answers are made slow by holding the request (page.route).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import * as common from './common.mjs';

const { BASE, SHOTS, by, finish } = common;
const { open, settled, choose, analyse } = common.Long;
/* the whole move list is drawn (it is drawn a chunk per frame) */
const listComplete = (page) => page.waitForFunction(() =>
  document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true');
const toMove = (page) => by(page, 'to-move').innerText();

const FAMILIES = ['nim', 'subtraction', 'octal', 'hackenbush_tree', 'hackenbush_graph',
                  'ordinal_trees', 'game_graph', 'node_kayles', 'cram', 'chomp', 'sum'];

/* Every index of the move list, reached from the drawing: an element with data-move, or a
 * data-choose element whose choices (the first click) list it.  Returns the outcome each
 * drawn index is marked with, to compare with the list's. */
async function drawnMoves(page) {
  const found = new Map();
  for (const [i, o] of await page.$$eval('[data-testid="drawing"] [data-move]',
    (els) => els.map((e) => [Number(e.getAttribute('data-move')), e.getAttribute('data-outcome')]))) found.set(i, o);
  const choosers = page.locator('[data-testid="drawing"] [data-choose]');
  const n = await choosers.count();
  for (let c = 0; c < n; c++) {
    const node = choosers.nth(c);
    await node.dispatchEvent('click');
    await page.waitForSelector('[data-testid="choices"]:not([hidden])');
    // all of them: "more..." lists the rest
    for (;;) {
      const more = page.locator('[data-testid="choices"] button', { hasText: 'more\u2026' });
      if (!(await more.count())) break;
      await more.click();
    }
    for (const [i, o] of await page.$$eval('[data-testid="choices"] [data-move]',
      (els) => els.map((e) => [Number(e.getAttribute('data-move')), e.getAttribute('data-outcome')]))) found.set(i, o);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="choices"]', { state: 'hidden' });
  }
  return found;
}

for (const width of [1280, 390]) {
  for (const game of FAMILIES) {
    test(`${game} at ${width} px: every listed move is on the drawing, in the list's colour; playing it names Player A, then Player B`, async () => {
      const { page, context, errors } = await open(width);
      await analyse(page, game);
      if (game === 'ordinal_trees') {
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-option"]').length > 1);
      }
      await listComplete(page);
      assert.equal(await toMove(page), 'Player A to move');
      assert.match(await by(page, 'verdict').innerText(), /^(Player A wins|Player B wins|A draw)/);
      const listed = await page.$$eval('[data-testid="move-list"] [data-testid="move-option"]',
        (els) => els.map((e) => e.getAttribute('data-outcome')));
      assert.ok(listed.length > 0);
      const drawn = await drawnMoves(page);
      const missing = listed.map((o, i) => i).filter((i) => !drawn.has(i));
      assert.deepEqual(missing, [], `moves not on the drawing (of ${listed.length})`);
      for (const [i, o] of drawn) assert.equal(o, listed[i], `move ${i}: the drawing's colour is the list's`);
      // the drawing above the fold at phone width
      const top = await by(page, 'drawing').evaluate((d) => d.getBoundingClientRect().top);
      assert.ok(top < (width < 600 ? 844 : 900) - 150, `the drawing starts at ${top}px`);
      await page.screenshot({ path: path.join(SHOTS, `analysis-${game}-${width}.png`) });
      // play the first move from the drawing (Enter on it): it is Player A's, focus stays
      const text0 = await page.locator('[data-testid="move-option"]').first().locator('span').first().innerText();
      const first = page.locator('[data-testid="drawing"] [data-move="0"]');
      if (await first.count()) {
        await first.first().focus();
        await page.keyboard.press('Enter');
      } else {
        await page.locator('[data-testid="drawing"] [data-choose]').first().dispatchEvent('click');
        await page.locator('[data-testid="choices"] [data-move="0"]').press('Enter');
      }
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="history"] li').length === 1);
      await settled(page);
      const h = await page.locator('[data-testid="history"] li').allInnerTexts();
      assert.ok(h[0].startsWith('1. Player A: ' + text0), h[0]);
      assert.equal(await toMove(page), 'Player B to move');
      assert.ok(await page.evaluate(() => document.getElementById('drawing-panel').contains(document.activeElement)),
                'keyboard focus stays in the drawing');
      assert.deepEqual(errors, [], 'console or page errors');
      await context.close();
    });
  }
}

test('nim: the turn alternates with every move, by either side; the game-over message names the winner', async () => {
  const { page, context, errors } = await open(1280);
  await analyse(page, 'nim', { piles: [1, 1, 1] });
  assert.equal(await toMove(page), 'Player A to move');
  assert.match(await by(page, 'verdict').innerText(), /^Player A wins/);
  await page.locator('rect.stack-token[data-pile="0"][data-leave="0"]').click();
  await settled(page);
  assert.equal(await toMove(page), 'Player B to move');
  // 1 + 1 for Player B to move: Player A wins, in the players' names (not "the second player")
  assert.match(await by(page, 'verdict').innerText(), /^Player A wins: every move of Player B, to move, loses/);
  await by(page, 'reply').click();
  await settled(page);
  assert.equal(await toMove(page), 'Player A to move');
  await page.locator('rect.stack-token[data-pile="2"][data-leave="0"]').click();
  await settled(page);
  assert.equal(await toMove(page), 'Player B to move');
  assert.match(await by(page, 'status').innerText(), /Game over: Player B has no move left\. Player A wins\./);
  const h = await page.locator('[data-testid="history"] li').allInnerTexts();
  assert.equal(h.length, 3);
  assert.match(h[0], /^1\. Player A: from pile 0 take 1 .* \u2192 0$/);
  assert.match(h[1], /^2\. Player B \(engine\): .* \u2192 1$/);
  assert.match(h[2], /^3\. Player A: from pile 2 take 1 .* \u2192 0$/);
  await finish({ page, context, errors });
});

test('history: undo, redo, a click on a move, the URL restores moves and place', async () => {
  const { page, context, errors } = await open(1280);
  await analyse(page, 'nim', { piles: [3, 4, 5] });
  const input0 = await by(page, 'input').inputValue();
  assert.equal(await by(page, 'undo').isDisabled(), true);
  assert.equal(await by(page, 'redo').isDisabled(), true);
  for (const [pile, leave] of [[0, 1], [1, 2], [2, 0]]) {
    await page.locator(`rect.stack-token[data-pile="${pile}"][data-leave="${leave}"]`).click();
    await settled(page);
  }
  const after3 = await by(page, 'input').inputValue();
  assert.deepEqual(JSON.parse(after3).piles, [1, 2, 0]);
  assert.equal(await page.locator('[data-testid="history"] li').count(), 3);
  // the values of the positions reached: 1^4^5 = 0, 1^2^5 = 6, 1^2^0 = 3
  assert.deepEqual((await page.locator('[data-testid="history-value"]').allInnerTexts()).map((t) => t.trim()), ['\u2192 0', '\u2192 6', '\u2192 3']);
  await by(page, 'undo').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).piles, [1, 2, 5]);
  assert.equal(await toMove(page), 'Player A to move');
  await by(page, 'redo').click();
  await settled(page);
  assert.equal(await by(page, 'input').inputValue(), after3);
  assert.equal(await toMove(page), 'Player B to move');
  // the arrow keys walk the record too (outside text fields)
  await page.locator('h1').click();
  await page.keyboard.press('ArrowLeft');
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).piles, [1, 2, 5]);
  await page.keyboard.press('ArrowRight');
  await settled(page);
  assert.equal(await by(page, 'input').inputValue(), after3);
  // a click on the first move goes there
  await page.locator('[data-testid="history"] li').first().locator('button').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).piles, [1, 4, 5]);
  assert.equal(await page.locator('[data-testid="history"] li[aria-current="step"]').count(), 1);
  assert.equal(await page.locator('[data-testid="history"] li.future').count(), 2);
  // the URL holds the first position, the moves and the place: a fresh tab restores them
  const url = page.url();
  assert.match(url, /&moves=/);
  const fresh = await context.newPage();
  await fresh.goto(url, { waitUntil: 'load' });
  await settled(fresh);
  assert.deepEqual(JSON.parse(await by(fresh, 'input').inputValue()).piles, [1, 4, 5]);
  assert.equal(await fresh.locator('[data-testid="history"] li').count(), 3);
  assert.equal(await toMove(fresh), 'Player B to move');
  await by(fresh, 'redo').click();
  await settled(fresh);
  await by(fresh, 'redo').click();
  await settled(fresh);
  assert.equal(await by(fresh, 'input').inputValue(), after3);
  // a different move from an earlier place replaces what followed
  await by(fresh, 'undo').click();
  await settled(fresh);
  await by(fresh, 'undo').click();
  await settled(fresh);
  await fresh.locator('rect.stack-token[data-pile="2"][data-leave="1"]').click();
  await settled(fresh);
  assert.equal(await fresh.locator('[data-testid="history"] li').count(), 2);
  assert.equal(await by(fresh, 'redo').isDisabled(), true);
  assert.notEqual(input0, await by(fresh, 'input').inputValue());
  await finish({ page, context, errors });
});

test('Kayles heap 8: the winning split "take 2, leaving 3 + 3" is played on the drawing in two steps', async () => {
  const { page, context, errors } = await open(1280);
  await analyse(page, 'octal', { code: '0.77', heaps: [8] });
  await listComplete(page);
  const first = page.locator('[data-testid="move-option"]').first();
  assert.equal(await first.getAttribute('data-outcome'), 'win');
  assert.match(await first.innerText(), /take 2, leaving 3 \+ 3/);
  // token 3 (from 0 at the bottom) starts the take: green, since a winning move starts there
  const t3 = page.locator('rect.stack-token[data-pile="0"][data-leave="3"]');
  assert.equal(await t3.getAttribute('data-outcome'), 'win');
  assert.ok(await t3.getAttribute('data-choose'), 'several moves start at token 3: a first click chooses');
  await t3.click();
  assert.match(await t3.getAttribute('class'), /chosen/);
  assert.ok(await page.locator('[data-testid="choices"] [data-move="0"]').count());
  // the second click, on the last token taken, confirms
  await page.locator('rect.stack-token[data-pile="0"][data-leave="4"]').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).heaps, [3, 3]);
  assert.match(await by(page, 'verdict').innerText(), /^Player A wins: every move of Player B, to move, loses/);
  // Grundy's game (split a heap in two unequal heaps): each split is a click between tokens
  await analyse(page, 'octal', { code: 'grundy', heaps: [8] });
  await listComplete(page);
  const listed = await page.$$eval('[data-testid="move-option"]', (els) => els.map((e) => e.getAttribute('data-outcome')));
  assert.ok(listed.includes('win'), 'a heap of 8 has a winning split');
  const drawn = await drawnMoves(page);
  assert.deepEqual(listed.map((o, i) => i).filter((i) => !drawn.has(i)), []);
  for (const [i, o] of drawn) assert.equal(o, listed[i]);
  assert.ok(await page.locator('rect.stack-token[data-outcome="win"]').count() > 0, 'the winning split is green on the drawing');
  await finish({ page, context, errors });
});

test('a heap of 30,000,000 is drawn capped and its moves listed; moves above the cap are reached from the drawing', async () => {
  const { page, context, errors } = await open(1280);
  // a code whose period is confirmed at once (0.15: period 10), so the server's table costs
  // nothing on any machine and the page's work is what is tested: 14,999,999 moves
  await analyse(page, 'octal');
  await by(page, 'input').fill('{"code": "0.15", "heaps": [30000000]}');
  // the page's longest task from Analyze on is reported (not asserted: it depends on the machine)
  await page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((l) => l.getEntries().forEach((e) => { window.longest = Math.max(window.longest, e.duration); }))
      .observe({ type: 'longtask' });
  });
  await by(page, 'analyze').click();
  await settled(page);
  await listComplete(page);
  const tokens = await page.locator('rect.stack-token[data-pile="0"]').count();
  assert.ok(tokens <= 40, `${tokens} tokens drawn`);
  assert.equal(await page.locator('rect.stack-more[data-pile="0"]').count(), 1);
  const listed = await page.locator('[data-testid="move-option"]').count();
  assert.ok(listed >= 100, `${listed} moves listed`);
  const longest = await page.evaluate(() => window.longest);
  console.log(`# the longest task of the page: ${Math.round(longest)} ms`);
  await finish({ page, context, errors }, 'analysis-octal-huge-1280.png', { full: false });
});

test('stable names: Hackenbush and Node Kayles keep vertex and edge ids and places after moves; a grid stays a grid', async () => {
  const { page, context, errors } = await open(1280);
  // a 7 x 7 grid graph (v = 7 row + col)
  const edges = [];
  for (let r = 0; r < 7; r++) for (let c = 0; c < 7; c++) {
    if (c < 6) edges.push([7 * r + c, 7 * r + c + 1]);
    if (r < 6) edges.push([7 * r + c, 7 * r + c + 7]);
  }
  await analyse(page, 'node_kayles', { vertices: 49, edges });
  const svg = by(page, 'drawing-svg');
  assert.equal(await svg.getAttribute('data-layout'), 'grid');
  // inside the panel, not cut off on the right
  const [sv, panel] = await Promise.all([svg.boundingBox(), page.locator('#drawing-panel').boundingBox()]);
  assert.ok(sv.x + sv.width <= panel.x + panel.width + 1, 'the grid fits the panel');
  const place = (v) => page.locator(`g[data-vertex="${v}"] circle`).evaluate((c) => [c.getAttribute('cx'), c.getAttribute('cy')]);
  const at40 = await place(40), at48 = await place(48);
  // take vertex 24 (the centre): 17, 23, 25, 31 go with it; the request renumbers the rest
  await page.locator('g[data-vertex="24"]').click();
  await settled(page);
  assert.equal(JSON.parse(await by(page, 'input').inputValue()).vertices, 44);
  assert.equal(await page.locator('g[data-vertex="24"]').count(), 0);
  assert.equal(await page.locator('g[data-vertex="17"]').count(), 0);
  assert.deepEqual(await place(40), at40);
  assert.deepEqual(await place(48), at48);
  assert.equal(await page.locator('g[data-vertex="48"] text').textContent(), '48');
  assert.match(await page.locator('[data-testid="history"] li').first().innerText(), /take vertex 24 /);
  // one numbering: the list says the request's number and the drawing's name, vertex 43 (drawn as 48)
  assert.ok(await page.locator('[data-testid="move-option"]', { hasText: 'take vertex 43 (drawn as 48) ' }).count());

  // Hackenbush graph: edge names stay; "cut 0-1" cannot mean two different edges
  await analyse(page, 'hackenbush_graph', { edges: [[0, 1], [1, 2], [2, 0], [2, 3], [0, 4], [4, 5]], ground: [0] });
  const pos = (v) => page.locator(`circle[data-vertex="${v}"]`).evaluate((c) => [c.getAttribute('cx'), c.getAttribute('cy')]);
  const p5 = await pos(5), p3 = await pos(3);
  await page.locator('.edge[data-edge="1"]').click();   // 1-2: the cycle opens, nothing falls
  await settled(page);
  assert.equal(JSON.parse(await by(page, 'input').inputValue()).edges.length, 5);
  assert.deepEqual(await page.$$eval('[data-testid="drawing-svg"] .edge', (es) => es.map((e) => e.getAttribute('data-edge'))).then((a) => a.sort()),
                   ['0', '2', '3', '4', '5']);
  assert.deepEqual(await pos(5), p5);
  assert.deepEqual(await pos(3), p3);
  await page.locator('.edge[data-edge="4"]').click();   // 0-4: 4-5 falls with it
  await settled(page);
  assert.deepEqual(await page.$$eval('[data-testid="drawing-svg"] .edge', (es) => es.map((e) => e.getAttribute('data-edge'))).then((a) => a.sort()),
                   ['0', '2', '3']);
  assert.match(await page.locator('[data-testid="history"]').innerText(), /cut edge 1 \(1\u20132\)[\s\S]*cut edge 3 \(drawn as 4\) \(0\u20134\)/);
  // the shared URL restores the names and the places
  const again = await context.newPage();
  await again.goto(page.url(), { waitUntil: 'load' });
  await settled(again);
  assert.deepEqual(await again.$$eval('[data-testid="drawing-svg"] .edge', (es) => es.map((e) => e.getAttribute('data-edge'))).then((a) => a.sort()),
                   ['0', '2', '3']);
  assert.deepEqual(await again.locator('circle[data-vertex="3"]').evaluate((c) => [c.getAttribute('cx'), c.getAttribute('cy')]), p3);
  await again.close();

  // Hackenbush tree: cutting renumbers the parent array, not the drawing
  await analyse(page, 'hackenbush_tree', { parent: [-1, 0, 0, 1, 1, 2] });
  const tpos = (v) => page.locator(`circle[data-vertex="${v}"]`).evaluate((c) => [c.getAttribute('cx'), c.getAttribute('cy')]);
  const t5 = await tpos(5);
  await page.locator('.edge[data-edge="1"]').click();   // 0-1 with 3 and 4
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).parent, [-1, 0, 1]);
  assert.deepEqual(await tpos(5), t5);
  assert.equal(await page.locator('circle[data-vertex="3"]').count(), 0);
  assert.ok(await page.locator('[data-testid="move-option"]', { hasText: 'the edge 1\u20132 (drawn as 2\u20135)' }).count());

  // in a sum, each component keeps its names
  await analyse(page, 'sum', { components: [{ game: 'node_kayles', vertices: 5, edges: [[0, 1], [1, 2], [3, 4]] },
                                            { game: 'nim', piles: [2] }] });
  await page.locator('figure[data-component="0"] g[data-vertex="1"]').click();
  await settled(page);
  assert.equal(JSON.parse(await by(page, 'input').inputValue()).components[0].vertices, 2);
  assert.deepEqual(await page.locator('figure[data-component="0"] g[data-vertex]').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-vertex'))),
                   ['3', '4']);
  assert.match(await page.locator('[data-testid="history"] li').first().innerText(), /in component 0: take vertex 1 /);
  assert.ok(await page.locator('[data-testid="move-option"]', { hasText: 'in component 0: take vertex 1 (drawn as 4) ' }).count());
  await finish({ page, context, errors });
});

test('long work: progress from 300 ms with the elapsed time, the stale board greyed and inert, cancel aborts', async () => {
  const { page, context, errors } = await open(1280);
  await analyse(page, 'nim', { piles: [3, 4, 5] });
  // hold the next request until told: the answer is slow whatever the machine
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/v1/nim', async (route) => { await held; await route.continue().catch(() => {}); });
  await page.locator('rect.stack-token[data-pile="0"][data-leave="1"]').click();
  await page.waitForSelector('[data-testid="progress"]:not([hidden])');
  assert.match(await by(page, 'progress').innerText(), /Analysing\u2026 \d+\.\d s/);
  assert.equal(await by(page, 'analyze').isDisabled(), true);
  assert.equal(await by(page, 'cancel').isEnabled(), true);
  // the drawing shows the position asked about, greyed; neither it nor the list can be clicked
  assert.equal(await page.locator('rect.stack-token[data-pile="0"]').count(), 1);
  assert.match(await page.locator('#drawing-panel').getAttribute('class'), /stale/);
  assert.equal(await page.locator('#drawing-panel').getAttribute('inert'), '');
  assert.equal(await page.locator('[data-testid="drawing"] [data-move]').count(), 0);
  assert.equal(await page.locator('[data-testid="move-option"]').count(), 0);
  await by(page, 'cancel').click();
  await page.waitForSelector('[data-testid="cancelled"]');
  assert.equal(await by(page, 'progress').isHidden(), true);
  assert.equal(await by(page, 'analyze').isEnabled(), true);
  release();
  await page.unroute('**/v1/nim');
  // the text is kept; Analyze asks again
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).piles, [1, 4, 5]);
  await by(page, 'analyze').click();
  await settled(page);
  assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok');
  assert.equal(await toMove(page), 'Player B to move');
  await finish({ page, context, errors });
});

test('a long octal analysis shows how many values its table has (the sequence GET of the code, polled)', async () => {
  const { page, context, errors } = await open(1280);
  await choose(page, 'octal');
  // the table of 0.106 is grown on the server first (a real request), then the next POST
  // is held: the page's progress line reads the table's values from the sequence GET
  await analyse(page, 'octal', { code: '0.106', heaps: [3000] });
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/v1/octal', async (route) => { await held; await route.continue().catch(() => {}); });
  await by(page, 'input').fill('{"code": "0.106", "heaps": [5000]}');
  await by(page, 'analyze').click();
  await page.waitForFunction(() => /values computed/.test(document.querySelector('[data-testid="progress"]').innerText));
  const text = await by(page, 'progress').innerText();
  const n = Number(/(\d+) values computed/.exec(text)[1]);
  assert.ok(n >= 3001, text); // the table the first request grew
  release();
  await settled(page);
  await page.unroute('**/v1/octal');
  assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok');
  assert.equal(await by(page, 'progress').isHidden(), true);
  await finish({ page, context, errors });
});

for (const width of [1280, 390]) {
  test(`partizan games at ${width} px: value, outcome and each side's winning move`, async () => {
    const { page, context, errors } = await open(width);
    const cases = [
      ['cgt', { expression: '{2 | -1}' }, '{2|-1}', 'N'],
      ['domineering', { board: ['..', '..'] }, '\u00b11', 'N'],
      ['hackenbush_colored', { edges: [[0, 1, 'blue'], [1, 2, 'red']], ground: [0] }, '1/2', 'L'],
    ];
    for (const [game, body, value, outcome] of cases) {
      await choose(page, game);
      if (game === 'cgt') await by(page, 'cgt-json').check(); // its JSON box, shown on request
      await by(page, 'input').fill(JSON.stringify(body));
      await by(page, 'analyze').click();
      await settled(page);
      assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok', game);
      assert.equal(await by(page, 'partizan-value').innerText(), value, game);
      assert.equal(await by(page, 'outcome').innerText(), outcome, game);
      if (game !== 'cgt') { // an expression has options, not board moves
        assert.match(await by(page, 'left-move').innerText(), /wins with|loses/, game);
        assert.match(await by(page, 'right-move').innerText(), /wins with|loses/, game);
      }
    }
    await finish({ page, context, errors }, `analysis-partizan-${width}.png`);
  });
}

test('a cancelled request is closed: grundyd goes on serving (a real slow analysis)', async () => {
  const { page, context, errors } = await open(1280);
  // Grundy's game is slow for large heaps: whatever the machine, cancel as soon as progress shows
  await choose(page, 'octal');
  await by(page, 'input').fill('{"code": "0.106", "heaps": [4000000000]}');
  await by(page, 'analyze').click();
  const shown = await page.waitForSelector('[data-testid="progress"]:not([hidden]), [data-testid="result"]:not([data-state="loading"])');
  // The answer may come between the progress showing and the click (other tests grow this
  // table, so its time varies): the check and the click are one step in the page, and an
  // answer that won the race is as good as a cancel for what follows.
  if (await shown.getAttribute('data-testid') === 'progress') {
    const clicked = await page.evaluate(() => {
      const b = document.querySelector('[data-testid="cancel"]');
      if (!b || b.disabled) return false;
      b.click();
      return true;
    });
    if (clicked) await page.waitForSelector('[data-testid="cancelled"]');
    else await settled(page);
  }
  await by(page, 'input').fill('{"code": "0.77", "heaps": [5]}');
  await by(page, 'analyze').click();
  await settled(page);
  assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok');
  await finish({ page, context, errors });
});

test('errors clear the move list and the drawing\'s marks; the text stays; the JSON position is one form in server and page', async () => {
  const { page, context, errors } = await open(1280);
  await analyse(page, 'chomp', { rows: 3, cols: 4 });
  assert.ok(await page.locator('[data-testid="move-option"]').count() > 0);
  assert.ok(await page.locator('[data-testid="drawing"] [data-move]').count() > 0);
  const bad = '{"rows": 3, "cols": 4, "blocked": 1}';
  await by(page, 'input').fill(bad);
  await by(page, 'analyze').click();
  await settled(page);
  assert.equal(await by(page, 'result').getAttribute('data-state'), 'error');
  assert.equal(await page.locator('[data-testid="move-option"]').count(), 0);
  assert.equal(await page.locator('[data-testid="drawing"] [data-move]').count(), 0);
  assert.equal(await page.locator('[data-testid="drawing"] [data-outcome="win"]').count(), 0);
  assert.equal(await by(page, 'input').inputValue(), bad);
  // a syntax error: the server and the page name the same line and column
  await analyse(page, 'nim', '{\n  "piles": [1, 2}');
  assert.match(await by(page, 'error-detail').innerText(), /at line 2, column 17$/);
  assert.match(await by(page, 'json-error').innerText(), /at line 2, column 17:/);
  await finish({ page, context, errors });
});

test('one colour legend on the drawing and the list; the plot starts again at 0 for a new game; readable at 390 px', async () => {
  const { page, context, errors } = await open(390);
  await analyse(page, 'subtraction', { piles: [6], subtraction_set: [1, 3, 4] });
  const legends = page.locator('.legend-outcomes');
  assert.equal(await legends.count(), 2);
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(await legends.nth(i).locator('li').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-outcome'))),
                     ['win', 'slow', 'lose', 'draw', 'nomove']);
  }
  // the same colour for "win" on the legend, the list and the drawing
  const colour = (sel, prop) => page.locator(sel).first().evaluate((e, p) => getComputedStyle(e)[p], prop);
  const win = await colour('.legend-outcomes .chip.win', 'backgroundColor');
  assert.equal(await colour('[data-testid="move-option"][data-outcome="win"]', 'borderLeftColor'), win);
  assert.equal(await colour('[data-testid="drawing"] rect[data-outcome="win"]', 'fill'), win);
  const lose = await colour('.legend-outcomes .chip.lose', 'backgroundColor');
  assert.equal(await colour('[data-testid="drawing"] rect[data-outcome="lose"]', 'fill'), lose);
  // the plot's labels are readable on a phone
  await page.waitForSelector('[data-testid="sequence-plot"]');
  const h = await page.locator('[data-testid="sequence-plot"] text').first().evaluate((t) => t.getBoundingClientRect().height);
  assert.ok(h >= 9, `plot labels ${h}px high`);
  await page.locator('#seq-from').fill('120');
  await page.locator('#seq-from').dispatchEvent('change');
  await page.waitForFunction(() => /g\(120\)/.test(document.querySelector('[data-testid="sequence-plot"]').getAttribute('aria-label')));
  await by(page, 'input').fill(JSON.stringify({ piles: [7], subtraction_set: [2, 5] }));
  await by(page, 'analyze').click();
  await settled(page);
  await page.waitForFunction(() => /g\(0\)/.test(document.querySelector('[data-testid="sequence-plot"]').getAttribute('aria-label')));
  assert.equal(await page.locator('#seq-from').inputValue(), '0');
  await finish({ page, context, errors }, 'analysis-legend-390.png');
});

test('a POST answered as an event stream (progress events, then the result) is read as the answer', async () => {
  const { page, context, errors } = await open(1280);
  await analyse(page, 'nim', { piles: [3, 4, 5] });
  const result = await page.evaluate(async () => (await fetch('/v1/nim', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"all_moves": true, "piles": [1, 4, 5]}' })).text());
  await page.route('**/v1/nim', (route) => route.fulfill({
    status: 200, contentType: 'text/event-stream',
    body: 'event: progress\ndata: {"values_computed": 5, "target": 10}\n\nevent: result\ndata: ' + result + '\n\n',
  }));
  await page.locator('rect.stack-token[data-pile="0"][data-leave="1"]').click();
  await settled(page);
  assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok');
  assert.match(await by(page, 'verdict').innerText(), /^Player A wins: every move of Player B/);
  await page.unroute('**/v1/nim');
  await finish({ page, context, errors });
});
