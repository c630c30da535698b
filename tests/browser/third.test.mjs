// The board, third pass (issue 36): a page made of ES modules, large positions drawn
// compactly (a Nim of 3,000 piles is a chart) with the longest main-thread task measured
// (PerformanceObserver 'longtask', reported, not asserted: no assertion depends on the
// machine's speed), the server's time and the page's drawing time each named, no more
// requests in flight than GET /v1/limits allows a client, the play convention shown, and
// no stale panel after a new analysis or a cancel.  1280 and 390 px; screenshots go to
// SCREENSHOT_DIR (third-*.png).  run.sh starts this daemon at its default limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as common from './common.mjs';

const { BASE, by, finish } = common;
const { open, settled, choose, analyse } = common.Long;
// The longest main-thread task since the page opened (ms), from a 'longtask' observer put
// in place before the page's own scripts.
async function watchLongTasks(context) {
  await context.addInitScript(() => {
    window.__longest = 0;
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch (e) { window.__longest = -1; }
  });
}
// API requests in flight from the page, counted by the browser: the most at once.
function countInFlight(page) {
  const c = { now: 0, peak: 0, refused: 0, sent: 0 };
  const api = (r) => new URL(r.url()).pathname.startsWith('/v1/');
  page.on('request', (r) => { if (api(r)) { c.now++; c.sent++; c.peak = Math.max(c.peak, c.now); } });
  const done = (r) => { if (api(r)) c.now--; };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (r) => { if (api(r.request()) && (r.status() === 429 || r.status() === 503)) c.refused++; });
  return c;
}

for (const width of [1280, 390]) {
  test(`modules: the page is markup and ES modules, every family offered (${width} px)`, async () => {
    const s = await open(width);
    const html = await (await fetch(BASE + '/')).text();
    assert.ok(html.split('\n').length <= 400);
    assert.match(html, /<script type="module" src="web\/main.mjs">/);
    const listed = await (await fetch(BASE + '/web/games/')).json();
    const options = await s.page.$$eval('[data-testid="game-select"] option', (os) => os.map((o) => o.value));
    assert.equal(options.length, listed.length);
    for (const g of ['nim', 'octal', 'cgt', 'domineering', 'sum']) assert.ok(options.includes(g), g);
    await finish(s, `third-modules-${width}.png`, { full: false });
  });

  test(`a Nim of 3,000 piles is a chart; the server's time and the drawing's are named (${width} px)`, async (t) => {
    const context = await common.theBrowser().newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, bypassCSP: true });
    await watchLongTasks(context);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(BASE + '/', { waitUntil: 'load' });
    await settled(page);
    const piles = Array.from({ length: 3000 }, (_, i) => 1 + (i * 7919) % 97);
    await analyse(page, 'nim', { piles });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true', null, { timeout: 120000 });
    // drawn compactly (compact.test.mjs): the bars without a listed move one path, a <rect> a
    // bar with listed moves (here the winning ones: a large position lists those alone)
    assert.equal(await page.locator('svg.pile-chart[data-compact="true"]').count(), 1);
    const bars = await page.locator('svg.pile-chart rect.chart-bar').count();
    const wins = await page.locator('[data-testid="move-option"][data-outcome="win"]').count();
    assert.ok(bars >= 1 && bars === wins && bars < 3000, `${bars} bars drawn, ${wins} winning moves`);
    assert.equal(await page.locator('[data-testid="drawing"] rect.stack-token').count(), 0);
    assert.match(await by(page, 'server-time').innerText(), /^\d+ ms/);
    assert.match(await by(page, 'draw-time').innerText(), /^\d+ ms/);
    // a winning bar chooses among its pile's moves
    const win = page.locator('svg.pile-chart rect.chart-bar.win').first();
    assert.ok(await win.count());
    const longest = await page.evaluate(() => window.__longest);
    t.diagnostic(`longest main-thread task: ${Math.round(longest)} ms (server ${await by(page, 'server-time').innerText()}, drawing ${await by(page, 'draw-time').innerText()})`);
    console.log(`# third: ${width} px, Nim of 3000 piles: longest main-thread task ${Math.round(longest)} ms`);
    await finish({ page, context, errors }, `third-nim3000-${width}.png`, { full: false });
  });

  test(`no more requests in flight than GET /v1/limits allows; none dropped (${width} px)`, async () => {
    const limits = await (await fetch(BASE + '/v1/limits')).json();
    const s = await open(width);
    const c = countInFlight(s.page);
    // the ordinal-tree board asks one request a removal (up to 40), the partizan list one a move
    await analyse(s.page, 'ordinal_trees', { trees: [[[[]], [[], []]], [[[]], []], [[], [], [[]]]] });
    // quiet: no API request in flight for a second (every removal answered)
    for (let quiet = 0; quiet < 10;) { await s.page.waitForTimeout(100); quiet = c.now === 0 ? quiet + 1 : 0; }
    assert.ok(c.sent > 10, `${c.sent} requests`);
    const want = limits.max_inflight_per_client > 0 ? limits.max_inflight_per_client : 6;
    assert.ok(c.peak <= want, `peak ${c.peak} in flight, the daemon allows ${want}`);
    assert.doesNotMatch(await s.page.locator('#move-summary').innerText(), /could not be analysed/);
    await finish(s, `third-limits-${width}.png`, { full: false });
  });

  test(`the play convention is shown and follows the misère switch (${width} px)`, async () => {
    const s = await open(width);
    await choose(s.page, 'nim');
    assert.match(await by(s.page, 'play-convention').innerText(), /^Normal play: whoever makes the last move wins/);
    await by(s.page, 'misere').check();
    await settled(s.page);
    assert.equal(await by(s.page, 'play-convention').innerText(), 'Misère play: whoever makes the last move loses.');
    await by(s.page, 'misere').uncheck();
    await settled(s.page);
    assert.match(await by(s.page, 'play-convention').innerText(), /^Normal play/);
    await finish(s, `third-convention-${width}.png`, { full: false });
  });

  test(`no stale panel: a new analysis drops the verdict, a cancel the sequence (${width} px)`, async () => {
    const s = await open(width);
    await analyse(s.page, 'octal', { code: '0.77', heaps: [5, 8] });
    await s.page.waitForSelector('#sequence-panel:not([hidden])');
    let release;
    const held = new Promise((r) => { release = r; });
    await s.page.route('**/v1/octal', async (route) => { await held; await route.continue().catch(() => {}); });
    await by(s.page, 'input').fill('{"code": "0.007", "heaps": [9]}');
    await by(s.page, 'analyze').click();
    await s.page.waitForSelector('[data-testid="asking"]');
    assert.equal(await by(s.page, 'verdict').count(), 0, 'the old verdict is gone');
    assert.equal(await s.page.locator('#sequence-panel').isHidden(), true, "Kayles' sequence is gone");
    await by(s.page, 'cancel').click();
    await s.page.waitForSelector('[data-testid="cancelled"]');
    assert.equal(await s.page.locator('#sequence-panel').isHidden(), true);
    release();
    await s.page.unroute('**/v1/octal');
    await finish(s, `third-stale-${width}.png`, { full: false });
  });
}

for (const width of [1280, 390]) {
  test(`progress moves: a long octal analysis counts values from the sequence's event stream (${width} px)`, async () => {
    const s = await open(width);
    await choose(s.page, 'octal');
    // the POST is held: only the event stream of GET /v1/octal/sequence grows the table
    let release;
    const held = new Promise((r) => { release = r; });
    await s.page.route('**/v1/octal', async (route) => { await held; await route.continue().catch(() => {}); });
    const streamed = s.page.waitForRequest((r) => r.url().includes('/v1/octal/sequence?code=0.106&from=3000000&count=1'));
    await by(s.page, 'input').fill('{"code": "0.106", "heaps": [3000000]}');
    await by(s.page, 'analyze').click();
    assert.equal((await streamed).headers().accept, 'text/event-stream');
    await s.page.waitForFunction(() => {
      const m = /(\d+) values computed/.exec(document.querySelector('[data-testid="progress"]').innerText);
      return m && Number(m[1]) > 0;
    }, null, { timeout: 60000 }).catch(async (e) => {
      throw new Error(`${e.message}; the progress line: ${await by(s.page, 'progress').innerText()}`);
    });
    await s.page.screenshot({ path: `${common.SHOTS}/third-progress-${width}.png` });
    release();
    await settled(s.page);
    await s.page.unroute('**/v1/octal');
    assert.equal(await by(s.page, 'result').getAttribute('data-state'), 'ok');
    await finish(s);
  });

  test(`a sum with partizan parts: analysed, every part drawn, playable (${width} px)`, async () => {
    const s = await open(width);
    await analyse(s.page, 'sum', { components: [{ game: 'domineering', board: ['..'] }, { game: 'nim', piles: [1] }] });
    assert.equal(await by(s.page, 'result').getAttribute('data-state'), 'ok');
    assert.equal(await by(s.page, 'outcome').innerText(), 'R');
    assert.equal(await by(s.page, 'partizan-value').innerText(), '-1*');
    assert.ok(await s.page.locator('figure[data-component="0"] svg .dom-cell').count() === 2, 'the Domineering part is drawn');
    assert.ok(await s.page.locator('figure[data-component="1"] svg rect.stack-token').count() === 1, 'the Nim part is drawn');
    // Right's winning move (take the Nim pile) is played from the analysis
    await by(s.page, 'play-right').click();
    await common.waitPlies(s.page, 1);
    assert.deepEqual(JSON.parse(await by(s.page, 'input').inputValue()).components[1].piles, [0]);
    await finish(s, `third-psum-${width}.png`);
  });

  test(`a sum with a 6 x 6 Domineering board: searched as a position, said so, still playable (${width} px)`, async () => {
    const s = await open(width);
    const board = ['......', '......', '......', '......', '......', '......'];
    await analyse(s.page, 'sum', { components: [{ game: 'domineering', board }, { game: 'nim', piles: [1] }] });
    assert.equal(await by(s.page, 'result').getAttribute('data-state'), 'ok');
    // the verdict is the daemon's own (the API tests check it against minimax and outcome_only)
    const api = await (await fetch(`${BASE}/v1/sum`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ components: [{ game: 'domineering', board }, { game: 'nim', piles: [1] }] }) })).json();
    assert.equal(api.method, 'search');
    assert.equal(await by(s.page, 'outcome').innerText(), api.outcome);
    assert.match(await by(s.page, 'method').innerText(), /search/);
    assert.equal(await by(s.page, 'partizan-value').count(), 0, 'no value is invented for a sum decided by search');
    assert.match(await s.page.locator('figure[data-component="0"] figcaption').innerText(), /searched as a position/);
    assert.doesNotMatch(await s.page.locator('[data-testid="drawing"]').innerText(), /null/);
    assert.equal(await s.page.locator('figure[data-component="0"] svg .dom-cell').count(), 36, 'the board is drawn');
    // Left's winning move, as the daemon named it, is played on the board
    await by(s.page, 'play-left').click();
    await common.waitPlies(s.page, 1);
    const after = JSON.parse(await by(s.page, 'input').inputValue()).components[api.left_move.component].board;
    for (const [r, c] of api.left_move.move.cells) assert.equal(after[r][c], '#', `cell ${r},${c} covered`);
    await finish(s, `third-psum-search-${width}.png`);
  });

  test(`the thermograph of every partizan value; the theory one click away (${width} px)`, async () => {
    const s = await open(width);
    for (const [game, body] of [['cgt', null], ['domineering', { board: ['...', '...'] }],
      ['hackenbush_colored', null], ['cgt', { expression: '2' }], ['cgt', { expression: '{3 | {2 | 0}}' }]]) {
      if (body) await analyse(s.page, game, body); else await choose(s.page, game);
      const t = by(s.page, 'thermograph');
      assert.equal(await t.count(), 1, game);
      for (const part of ['left-wall', 'right-wall', 'mast', 'mean', 'temperature']) {
        assert.equal(await s.page.locator(`[data-testid="thermograph-${part}"]`).count(), 1, `${game} ${part}`);
      }
      assert.match(await t.getAttribute('aria-label'), new RegExp(`mean ${(await by(s.page, 'mean').innerText()).replace(/[/+]/g, '\\$&')}, temperature`));
    }
    assert.equal(await by(s.page, 'temperature').innerText(), '1'); // {3|{2|0}}
    await s.page.locator('[data-testid="thermograph"]').screenshot({ path: `${common.SHOTS}/third-thermograph-${width}.png` });
    await by(s.page, 'theory-link').click();
    await s.page.waitForSelector('#theory-canonical-forms');
    assert.equal(await by(s.page, 'theory-panel').isVisible(), true);
    const theory = await by(s.page, 'theory').innerText();
    for (const words of ['Grundy value', 'nim-sum', 'canonical form', 'temperature', 'mean', 'misère quotient', 'ordinals', '−1']) {
      assert.ok(theory.toLowerCase().includes(words.toLowerCase()), words);
    }
    await finish(s, `third-theory-${width}.png`, { full: false });
  });
}

for (const width of [1280, 390]) {
  test(`loopy games: only remoteness-optimal moves are wins, the others "wins, slower" (${width} px)`, async () => {
    const s = await open(width);
    await analyse(s.page, 'game_graph', { positions: 4, moves: [[0, 0], [0, 1], [1, 2], [2, 1], [2, 3]], start: [2] });
    const option = (to) => s.page.locator('[data-testid="move-list"] [data-testid="move-option"]', { hasText: `to ${to}` });
    assert.equal(await option(3).getAttribute('data-outcome'), 'win');
    assert.equal(await option(1).getAttribute('data-outcome'), 'slow');
    assert.match(await option(1).innerText(), /wins, slower/);
    // on the drawing too: following the green moves ends the game
    assert.equal(await s.page.locator('[data-testid="drawing"] [data-outcome="win"]').count(), 1);
    assert.equal(await s.page.locator('[data-testid="drawing"] [data-outcome="slow"]').count(), 1);
    assert.deepEqual(await s.page.$$eval('.legend-outcomes li', (ls) => ls.slice(0, 5).map((l) => l.getAttribute('data-outcome'))),
                     ['win', 'slow', 'lose', 'draw', 'nomove']);
    await finish(s, `third-loopy-${width}.png`);
  });

  test(`Grundy's game reads as splitting a heap; one numbering; Domineering's outcome-only switch (${width} px)`, async () => {
    const s = await open(width);
    await analyse(s.page, 'octal', { code: 'grundy', heaps: [5, 7] });
    assert.ok(await s.page.locator('[data-testid="move-option"]', { hasText: 'split heap 0 into 1 + 4' }).count());
    assert.match(await s.page.locator('#drawing-hint').innerText(), /two unequal heaps/);
    assert.doesNotMatch(await s.page.locator('[data-testid="move-list"]').innerText(), /take 0/);
    // Node Kayles after a move: the words name the request's vertex and the drawing's
    await analyse(s.page, 'node_kayles', { vertices: 5, edges: [[0, 1], [1, 2], [2, 3], [3, 4]] });
    await s.page.locator('g[data-vertex="0"]').click();
    await settled(s.page);
    const text = await s.page.locator('[data-testid="move-list"]').innerText();
    assert.match(text, /take vertex 0 \(drawn as 2\)/); // vertex 2 of the first position is 0 in the request now
    // Domineering 6 x 6: its value is past the default limit; the switch asks the outcome alone
    await choose(s.page, 'domineering');
    await by(s.page, 'outcome-only').check();
    await settled(s.page);
    assert.equal(JSON.parse(await by(s.page, 'input').inputValue()).outcome_only, true);
    await analyse(s.page, 'domineering', { board: ['......', '......', '......', '......', '......', '......'], outcome_only: true });
    assert.equal(await by(s.page, 'outcome-only').isChecked(), true);
    assert.equal(await by(s.page, 'result').getAttribute('data-state'), 'ok');
    assert.match(await by(s.page, 'outcome').innerText(), /^[LRNP]$/);
    await finish(s, `third-grundy-${width}.png`, { full: false });
  });
}

test('a phone (390 px): the position, whose turn, the verdict and the moves in the first screen', async () => {
  const s = await open(390);
  await choose(s.page, 'nim');
  await s.page.waitForFunction(() => document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true');
  const top = async (sel) => (await s.page.locator(sel).first().boundingBox()).y;
  for (const sel of ['[data-testid="drawing"] svg', '[data-testid="to-move"]', '[data-testid="verdict-short"]',
    '[data-testid="move-list"] [data-testid="move-option"]']) {
    assert.ok(await top(sel) < 844, `${sel} starts below the first screen`);
  }
  assert.match(await by(s.page, 'verdict-short').innerText(), /wins/);
  // the request box and its help are still there, further down
  assert.equal(await by(s.page, 'input').isVisible(), true);
  assert.equal(await s.page.locator('#game-help').isVisible(), true);
  await s.page.screenshot({ path: `${common.SHOTS}/third-phone-390.png` });
  await finish(s);
});
