// The analysis board (docs/contract.md, "Every move"): every family loads its example, lists every move with
// data-outcome, plays one from the list, sees the engine reply, and the shared URL
// (location.hash) restores the position after a reload.  Screenshots of every family at
// 1280 and 390 px go to SCREENSHOT_DIR.  The sequence plot and its progress bar need
// GET /v1/octal/sequence: those checks skip only when that endpoint answers 404.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, axeViolations, open, settled, by, choose, finish } from './common.mjs';

const FAMILIES = ['nim', 'subtraction', 'octal', 'hackenbush_tree', 'hackenbush_graph',
                  'ordinal_trees', 'game_graph', 'node_kayles', 'cram', 'chomp', 'sum'];

for (const game of FAMILIES) {
  test(`${game}: example, a move from the list, the engine's reply, the shared URL`, async () => {
    const { page, context, errors } = await open(1280);
    await choose(page, game);
    assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok', await by(page, 'result').innerText());
    const options = by(page, 'move-option');
    await page.waitForSelector('[data-testid="move-option"]');
    for (const o of await options.all()) {
      assert.match(await o.getAttribute('data-outcome'), /^(win|lose|draw)$/);
    }
    if (game === 'ordinal_trees') {
      // the subtree removals are analysed after the answer: wait for them
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-option"]').length > 1);
    }
    await page.screenshot({ path: path.join(SHOTS, `board-${game}-1280.png`), fullPage: true });
    assert.deepEqual(await axeViolations(page), [], 'axe-core');
    await page.locator('[data-testid="auto-reply"]').check();
    const before = await by(page, 'input').inputValue();
    const played = await page.locator('[data-testid="history"] li').count();
    // play the last listed move (a losing one where there is one), so the engine has a reply
    await options.last().click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="history"] li').length >= n + 1, played);
    await settled(page);
    const after = await by(page, 'input').inputValue();
    assert.notEqual(after, before, 'playing a move changes the input');
    const moves = await page.locator('[data-testid="history"] li').allInnerTexts();
    assert.match(moves[played], /^1\. Player A: /, 'the first move is Player A\'s');
    // the engine replies unless the game has ended
    await page.waitForTimeout(300);
    await settled(page);
    const movesNow = await page.locator('[data-testid="history"] li').allInnerTexts();
    const ended = (await by(page, 'status').innerText()).includes('Game over');
    assert.ok(ended || movesNow.some((t) => /^2\. Player B \(engine\): /.test(t)), 'the engine replied: ' + movesNow.join(' | '));
    // the URL holds the game and the position: a reload restores it
    const url = page.url();
    assert.match(url, /#game=/);
    const shown = await by(page, 'input').inputValue();
    const fresh = await context.newPage();
    await fresh.goto(url, { waitUntil: 'load' });
    await settled(fresh);
    assert.equal(await by(fresh, 'game-select').inputValue(), game);
    assert.deepEqual(JSON.parse(await by(fresh, 'input').inputValue()), JSON.parse(shown));
    await fresh.close();
    // phone width: no horizontal overflow
    await page.setViewportSize({ width: 390, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px at 390px`);
    await page.screenshot({ path: path.join(SHOTS, `board-${game}-390.png`), fullPage: true });
    assert.deepEqual(errors, [], 'console or page errors');
    await context.close();
  });
}

test('piles are stacks: clicking a height plays that move; steppers change the position', async () => {
  const { page, context } = await open(1280);
  await choose(page, 'nim');
  await page.locator('[data-testid="input"]').fill('{"piles": [3, 4, 5]}');
  await by(page, 'analyze').click();
  await settled(page);
  // 3 ^ 4 ^ 5 = 2: the winning move leaves pile 0 with 1 token; its token is green
  const token = page.locator('rect.stack-token[data-pile="0"][data-leave="1"]');
  assert.match(await token.getAttribute('class'), /win/);
  await token.click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).piles, [1, 4, 5]);
  await page.getByRole('button', { name: 'piles 2 larger' }).click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).piles, [1, 4, 6]);
  await context.close();
});

test('a new position\'s move list starts at its top; a position with no moves says so', async () => {
  const { page, context, errors } = await open(390);
  await choose(page, 'octal');
  await page.waitForSelector('[data-testid="move-option"]');
  const list = by(page, 'move-list');
  await list.evaluate((l) => { l.scrollTop = l.scrollHeight; });
  assert.ok(await list.evaluate((l) => l.scrollTop) > 0, 'the list scrolls at 390 px');
  await by(page, 'move-option').last().click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="history"] li').length >= 1);
  await settled(page);
  assert.equal(await list.evaluate((l) => l.scrollTop), 0);
  // ordinal trees of single roots: no move at all, in words, not an empty list under "these are all"
  await choose(page, 'ordinal_trees');
  await by(page, 'input').fill('{"trees": [[], []]}');
  await by(page, 'analyze').click();
  await settled(page);
  await page.waitForFunction(() => /No moves/.test(document.getElementById('move-summary').textContent));
  assert.equal(await by(page, 'move-option').count(), 0);
  assert.deepEqual(errors, [], 'console or page errors');
  await context.close();
});

test('a JSON syntax error names its line, column and why', async () => {
  const { page, context } = await open(1280);
  await by(page, 'input').fill('{"piles": [1,\n  2,, 3]}');
  await by(page, 'analyze').click();
  await settled(page);
  const text = await by(page, 'json-error').innerText();
  assert.match(text, /line 2, column \d+/);
  await context.close();
});

test('game graph: drawn with tokens; a draw is explained without contradiction', async () => {
  const { page, context } = await open(1280);
  await choose(page, 'game_graph');
  assert.ok(await page.locator('g.gg-move').count() > 0);
  const text = await by(page, 'result').innerText();
  if (/A draw/.test(text)) assert.doesNotMatch(text, /loses whatever they do/);
  await context.close();
});

test('sequence plot and progress bar (GET /v1/octal/sequence)', async (t) => {
  const probe = await fetch(BASE + '/v1/octal/sequence?code=0.77&from=0&count=10');
  if (probe.status === 404) { t.skip('GET /v1/octal/sequence is not in this build'); return; }
  const { page, context, errors } = await open(1280);
  await choose(page, 'octal');
  await page.waitForSelector('[data-testid="sequence-plot"]');
  // the example's heaps (5 and 8) are highlighted; the period is marked
  assert.equal(await page.locator('[data-testid="sequence-plot"] rect.bar.heap').count(), 2);
  // Kayles: preperiod 71, period 12 -- g(0..59) lie in the preperiod
  assert.equal(await page.locator('[data-testid="preperiod"]').count(), 1);
  // moving the range far out makes grundyd compute: the progress bar shows meanwhile
  await page.evaluate(() => {
    window.progressShown = false;
    const p = document.querySelector('[data-testid="sequence-progress"]');
    new MutationObserver(() => { if (!p.hidden) window.progressShown = true; })
      .observe(p, { attributes: true, attributeFilter: ['hidden'] });
  });
  await page.locator('#seq-from').fill('20000');
  await page.locator('#seq-from').dispatchEvent('change');
  await page.waitForFunction(() => window.progressShown === true);
  await page.waitForFunction(() => document.querySelector('[data-testid="sequence-progress"]').hidden);
  assert.match(await page.locator('[data-testid="sequence-plot"]').getAttribute('aria-label'), /g\(20000\)/);
  // far out, the period's repeats are marked: 60 values, a period of 12
  const marks = await page.locator('[data-testid="period"] line').count();
  assert.ok(marks >= 4 && marks <= 6, `${marks} period marks`);
  await finish({ page, context, errors }, 'board-sequence-1280.png');
});

test('playing in place: sums, ordinal trees, game graphs; click-to-add; the last position kept', async () => {
  const { page, context, errors } = await open(1280);
  // a sum: the nim component's top token is a move of the sum
  await choose(page, 'sum');
  const before = JSON.parse(await by(page, 'input').inputValue());
  await page.locator('figure[data-component="0"] rect.stack-token').last().click();
  await settled(page);
  const after = JSON.parse(await by(page, 'input').inputValue());
  assert.equal(after.components[0].piles[0], before.components[0].piles[0] - 1);
  assert.deepEqual(after.components.slice(1), before.components.slice(1));
  // ordinal trees: clicking a vertex removes its subtree
  await choose(page, 'ordinal_trees');
  // a vertex bound to its move (data-move): the analysis has arrived and
  // the drawing will not be redrawn under the click (under load the click
  // could land on the drawing of before the answer, which the answer replaced)
  await page.locator('circle.ordinal-cut[data-move]').first().click();
  await settled(page);
  assert.notDeepEqual(JSON.parse(await by(page, 'input').inputValue()).trees, [[[[]]], [[], []]]);
  // a game graph: clicking an arrow slides a token
  await choose(page, 'game_graph');
  const start0 = JSON.parse(await by(page, 'input').inputValue()).start;
  await page.locator('circle.gg-handle').first().click();
  await settled(page);
  assert.notDeepEqual(JSON.parse(await by(page, 'input').inputValue()).start, start0);
  // click-to-add: a move 4 -> 0 and a new position
  const moves0 = JSON.parse(await by(page, 'input').inputValue()).moves.length;
  await page.locator('[aria-label="edge from"]').fill('4');
  await page.locator('[aria-label="edge to"]').fill('0');
  await by(page, 'add-edge').click();
  await settled(page);
  const g = JSON.parse(await by(page, 'input').inputValue());
  assert.equal(g.moves.length, moves0 + 1);
  assert.deepEqual(g.moves[g.moves.length - 1], [4, 0]);
  await by(page, 'add-vertex').click();
  await settled(page);
  assert.equal(JSON.parse(await by(page, 'input').inputValue()).positions, g.positions + 1);
  // the last position survives a visit without a hash (localStorage)
  const kept = JSON.parse(await by(page, 'input').inputValue());
  const again = await context.newPage();
  await again.goto(BASE + '/', { waitUntil: 'load' });
  await settled(again);
  assert.equal(await by(again, 'game-select').inputValue(), 'game_graph');
  assert.deepEqual(JSON.parse(await by(again, 'input').inputValue()), kept);
  await again.close();
  await finish({ page, context, errors });
});

test('a 120-vertex tree can be zoomed and panned, inside the page at 390 px', async () => {
  const { page, context, errors } = await open(390);
  await choose(page, 'hackenbush_tree');
  const parent = [-1].concat(Array.from({ length: 119 }, (_, i) => Math.floor(i / 3)));
  await by(page, 'input').fill(JSON.stringify({ parent }));
  await by(page, 'analyze').click();
  await settled(page);
  const box = page.locator('[data-testid="drawing"]');
  // it opens at a readable scale, larger than the box: the box scrolls
  const vertex = await page.locator('[data-testid="drawing-svg"] circle').first().evaluate((c) => c.getBoundingClientRect().width);
  assert.ok(vertex >= 11, `a vertex is ${vertex}px across`);
  assert.ok(await box.evaluate((d) => d.scrollWidth > d.clientWidth), 'the wide tree scrolls inside its box');
  await page.getByRole('button', { name: 'Fit' }).click();
  assert.ok(await box.evaluate((d) => d.scrollWidth <= d.clientWidth + 1), 'Fit shows it whole');
  const w0 = await page.locator('[data-testid="drawing-svg"]').evaluate((s) => s.getBoundingClientRect().width);
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
  const w1 = await page.locator('[data-testid="drawing-svg"]').evaluate((s) => s.getBoundingClientRect().width);
  assert.ok(w1 > 2 * w0, `zoomed from ${w0} to ${w1}`);
  assert.ok(await box.evaluate((d) => d.scrollWidth > d.clientWidth), 'the drawing scrolls (pans) inside its box');
  await box.evaluate((d) => { d.scrollLeft = 200; });
  assert.ok(await box.evaluate((d) => d.scrollLeft > 0));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page overflow ${overflow}px`);
  await box.scrollIntoViewIfNeeded();
  await finish({ page, context, errors }, 'board-zoomed-390.png', { full: false });
});

// The games solved by search, played on their drawings: the position after each click is
// checked against the rules (Node Kayles renumbers the vertices left, Cram blocks the
// domino's cells, Chomp cuts every column from the bitten one on).
test('node kayles, cram, chomp: clicking the drawing plays the move shown', async () => {
  const { page, context, errors } = await open(1280);
  await choose(page, 'node_kayles');
  // the example: an 8-cycle with the chord 1-3; vertex 3 goes with 1, 2 and 4, and
  // 0, 5, 6, 7 become 0, 1, 2, 3
  await page.locator('g.nk-move[data-vertex="3"]').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()),
                   { vertices: 4, edges: [[1, 2], [2, 3], [3, 0]] });
  await page.locator('[aria-label="edge from"]').fill('1');
  await page.locator('[aria-label="edge to"]').fill('4');
  await by(page, 'add-edge').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()),
                   { vertices: 5, edges: [[1, 2], [2, 3], [3, 0], [1, 4]] });

  await choose(page, 'cram');
  // two clicks: a cell, then its right neighbour
  await page.locator('rect.cram-cell[data-row="0"][data-col="2"]').click();
  assert.match(await page.locator('rect.cram-cell[data-row="0"][data-col="2"]').getAttribute('class'), /selected/);
  await page.locator('rect.cram-cell[data-row="0"][data-col="3"]').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).blocked, [[1, 1], [0, 2], [0, 3]]);
  // keyboard: Enter on a cell, then on the one below it
  await page.locator('rect.cram-cell[data-row="1"][data-col="0"]').focus();
  await page.keyboard.press('Enter');
  await page.locator('rect.cram-cell[data-row="2"][data-col="0"]').focus();
  await page.keyboard.press('Enter');
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()).blocked, [[1, 1], [0, 2], [0, 3], [1, 0], [2, 0]]);
  assert.equal(await page.locator('rect.cram-cell.blocked').count(), 5);
  await page.getByRole('button', { name: 'cols more' }).click();
  await settled(page);
  assert.equal(JSON.parse(await by(page, 'input').inputValue()).cols, 5);

  await choose(page, 'chomp');
  assert.equal(await page.locator('rect.chomp-square.poison[data-col="0"][data-row="0"]').count(), 1);
  // (0, 0) is drawn bottom-left: row 1 lies above row 0, column 1 right of column 0
  const b00 = await page.locator('rect.chomp-square[data-col="0"][data-row="0"]').boundingBox();
  const b11 = await page.locator('rect.chomp-square[data-col="1"][data-row="1"]').boundingBox();
  assert.ok(b11.y < b00.y && b11.x > b00.x, 'row up, column right');
  await page.locator('rect.chomp-square[data-col="2"][data-row="1"]').click();
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()), { columns: [3, 3, 1, 1] });
  assert.equal(await page.locator('rect.chomp-square').count(), 8);
  await page.locator('rect.chomp-square[data-col="1"][data-row="0"]').press('Enter');
  await settled(page);
  assert.deepEqual(JSON.parse(await by(page, 'input').inputValue()), { columns: [3] });
  await finish({ page, context, errors });
});

test('a sum with a Chomp component: drawn and played in place, the engine replies, the URL restores it', async () => {
  const { page, context, errors } = await open(1280);
  await choose(page, 'sum');
  const sum = { components: [{ game: 'chomp', rows: 2, cols: 3 }, { game: 'cram', rows: 2, cols: 2 },
                             { game: 'node_kayles', vertices: 3, edges: [[0, 1], [1, 2]] }] };
  await by(page, 'input').fill(JSON.stringify(sum));
  await by(page, 'analyze').click();
  await settled(page);
  assert.equal(await by(page, 'result').getAttribute('data-state'), 'ok');
  assert.ok(await page.locator('figure[data-component="0"] rect.chomp-square').count() === 6);
  assert.ok(await page.locator('figure[data-component="1"] rect.cram-cell').count() === 4);
  assert.ok(await page.locator('figure[data-component="2"] g.nk-move').count() === 3);
  assert.deepEqual(await axeViolations(page), [], 'axe-core');
  await page.locator('[data-testid="auto-reply"]').check();
  // bite (2, 1) of the 2x3 bar: columns 2, 2, 1
  await page.locator('figure[data-component="0"] rect.chomp-square[data-col="2"][data-row="1"]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="history"] li')].some((li) => /Player B \(engine\)/.test(li.textContent)));
  await settled(page);
  const now = JSON.parse(await by(page, 'input').inputValue());
  const chomp = now.components[0];
  // the person's move, then the engine's: the chomp bar shrank to columns [2, 2, 1] or less
  assert.ok(Array.isArray(chomp.columns) && chomp.columns.length <= 3 && chomp.columns[0] <= 2);
  await page.screenshot({ path: path.join(SHOTS, 'board-sum-chomp-1280.png'), fullPage: true });
  const fresh = await context.newPage();
  await fresh.goto(page.url(), { waitUntil: 'load' });
  await settled(fresh);
  assert.equal(await by(fresh, 'game-select').inputValue(), 'sum');
  assert.deepEqual(JSON.parse(await by(fresh, 'input').inputValue()), now);
  await fresh.close();
  await page.setViewportSize({ width: 390, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px at 390px`);
  await finish({ page, context, errors }, 'board-sum-chomp-390.png');
});
