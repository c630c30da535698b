// Browser test of the playground page (web/index.html) served by a running grundyd.
//
// Run through tests/browser/run.sh, which starts the daemon and sets GRUNDYD_URL.
// The browser is Debian's Chromium driven by playwright-core (a test tool's own
// browser download does not work on these machines), headless, with background
// networking off and a fresh profile, so the page's only traffic is to grundyd.
import { test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const BASE = process.env.GRUNDYD_URL;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOT_DIR || os.tmpdir();

let context, profile;
let page, consoleErrors, pageErrors, foreignRequests;

before(async () => {
  assert.ok(BASE, 'set GRUNDYD_URL to the base URL of a running grundyd (tests/browser/run.sh does)');
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'grundyd-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 900 },
    // axe-core goes in as an inline script, which the page's policy (script-src 'self') refuses
    bypassCSP: true,
  });
});

after(async () => {
  if (context) await context.close();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

beforeEach(async () => {
  page = await context.newPage();
  consoleErrors = [];
  pageErrors = [];
  foreignRequests = [];
  page.on('console', (msg) => { if (msg.type() === 'error') consoleErrors.push(msg.text()); });
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(BASE) && !url.startsWith('data:')) foreignRequests.push(url);
  });
  page.setDefaultTimeout(10000);
  await page.goto(BASE + '/', { waitUntil: 'load' });
  await settled();
});

afterEach(async () => {
  assert.deepEqual(pageErrors, [], 'uncaught errors in the page');
  assert.deepEqual(foreignRequests, [], 'the page must not reach anything but grundyd');
  await page.close();
});

const byId = (id) => page.locator(`[data-testid="${id}"]`);

// Wait until the result panel shows the answer to the latest request.  The page sets
// data-state="loading" synchronously when a request starts and ignores stale answers.
async function settled() {
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid="result"]');
    return r && !['loading', 'booting'].includes(r.getAttribute('data-state'));
  });
}

async function analyse(game, body) {
  await byId('game-select').selectOption(game);
  await settled();
  await byId('input').fill(typeof body === 'string' ? body : JSON.stringify(body));
  await byId('analyze').click();
  await settled();
}

// The answer must be a 200; otherwise fail at once with what the page shows.
async function expectAnswer() {
  const state = await byId('result').getAttribute('data-state');
  assert.equal(state, 'ok', 'the page shows an error: ' + (await byId('result').innerText()));
}

function noConsoleErrors(allowHttpErrors = false) {
  // Chromium itself logs "Failed to load resource: ... status of 400" for every 4xx
  // answer to fetch; where a test provokes one on purpose, only that message is allowed.
  const errs = allowHttpErrors
    ? consoleErrors.filter((t) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(t))
    : consoleErrors;
  assert.deepEqual(errs, [], 'console errors');
}

test('the page loads with its controls and no console errors', async () => {
  assert.equal(await page.title(), 'grundyd playground');
  const values = await byId('game-select').locator('option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(values, ['nim', 'subtraction', 'octal', 'hackenbush_tree', 'hackenbush_graph',
                            'ordinal_trees', 'game_graph', 'node_kayles', 'cram', 'chomp',
                            'cgt', 'domineering', 'hackenbush_colored', 'clobber', 'konane',
                            'nogo', 'amazons', 'toads_and_frogs', 'toppling_dominoes', 'snort',
                            'col', 'sum']);
  await assert.doesNotReject(byId('input').waitFor());
  await assert.doesNotReject(byId('analyze').waitFor());
  // The page analyses its Nim example on load.
  assert.match(await byId('result').innerText(), /first/);
  noConsoleErrors();
});

test('every game loads its own example, which grundyd answers', async (t) => {
  const seen = new Set();
  for (const game of ['nim', 'subtraction', 'octal', 'hackenbush_tree', 'hackenbush_graph',
                      'ordinal_trees', 'game_graph', 'node_kayles', 'cram', 'chomp', 'sum']) {
    // Selecting a game loads its example and analyses it.
    await byId('game-select').selectOption(game);
    const text = await byId('input').inputValue();
    assert.equal(typeof JSON.parse(text), 'object', game);
    seen.add(text);
    await settled();
    const state = await byId('result').getAttribute('data-state');
    const shown = await byId('result').innerText();
    if (state === 'error' && /^404/.test(shown)) {
      t.diagnostic(`${game}: endpoint not served by this grundyd yet`);
      continue;
    }
    assert.equal(state, 'ok', `${game} example: ${shown}`);
    assert.match(shown, /first|second|draw/, game);
  }
  assert.equal(seen.size, 11, 'each game has its own example');
  noConsoleErrors(true);
});

test('Nim 3 4 5: the first player wins, with a winning move', async () => {
  await analyse('nim', { piles: [3, 4, 5] });
  await expectAnswer();
  const text = await byId('result').innerText();
  assert.match(text, /first/);
  assert.doesNotMatch(text, /second/);
  assert.match(await byId('grundy').innerText(), /^2$/);
  assert.match(await byId('winning-move').innerText(), /"pile": 0, "from": 3, "to": 1/);
  noConsoleErrors();
});

test('Nim 1 2 3: the second player wins', async () => {
  await analyse('nim', { piles: [1, 2, 3] });
  const text = await byId('result').innerText();
  assert.match(text, /second/);
  assert.doesNotMatch(text, /first/);
  noConsoleErrors();
});

test('invalid JSON: the API error is shown with its detail', async () => {
  await analyse('nim', '{"piles": [3, 4,');
  assert.equal(await byId('result').getAttribute('data-state'), 'error');
  const detail = (await byId('error-detail').innerText()).trim();
  assert.ok(detail.length > 0, 'the problem detail is shown');
  assert.match(await byId('error').innerText(), /^400/);
  noConsoleErrors(true);
});

test('invalid input: the API error is shown with its JSON pointer', async () => {
  await analyse('nim', { piles: [3, -1] });
  assert.equal(await byId('result').getAttribute('data-state'), 'error');
  assert.equal(await byId('error-pointer').innerText(), '/piles/1');
  assert.ok((await byId('error-detail').innerText()).trim().length > 0);
  noConsoleErrors(true);
});

test('game graph: a draw is shown as such; the engine moves a token', async () => {
  // The token on the 3-cycle 0-1-2 stands on \u221e(K) with K empty (no finite followers);
  // the other is finite, so the sum is \u221e with an empty set: no 0 in it, a draw.
  await analyse('game_graph', { positions: 6, moves: [[0, 1], [1, 2], [2, 0], [3, 4], [4, 5]], start: [0, 3] });
  await expectAnswer();
  const text = await byId('result').innerText();
  assert.match(text, /draw/);
  assert.doesNotMatch(text, /first|second/);
  assert.match(await byId('grundy').innerText(), /\u221e/);
  // A path 0 -> 1 -> 2 with tokens on 0 and 1: values 0 and 1, the first player wins
  // by moving the token on 1 to 2.
  await analyse('game_graph', { positions: 3, moves: [[0, 1], [1, 2]], start: [0, 1] });
  await expectAnswer();
  assert.match(await byId('result').innerText(), /first/);
  await byId('reply').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).start, [0, 2]);
  assert.match(await byId('result').innerText(), /second/);
  noConsoleErrors();
});

test('sum: the winning move names its component; the engine plays it', async (t) => {
  // Nim 4 (value 4) + take-1..3 on 5 (value 1) + a stick with a loop (value 2): 4^1^2 = 7;
  // the only winning move takes Nim 4 to 4^7 = 3.
  await analyse('sum', { components: [
    { game: 'nim', piles: [4] },
    { game: 'subtraction', piles: [5], max_take: 3 },
    { game: 'hackenbush_graph', edges: [[0, 1], [1, 1]], ground: [0] }] });
  if (/^404/.test(await byId('result').innerText())) {
    t.skip('/v1/sum is not served by this grundyd yet');
    return;
  }
  await expectAnswer();
  assert.match(await byId('result').innerText(), /first/);
  assert.match(await byId('winning-move').innerText(), /component 0/);
  await byId('reply').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).components[0], { game: 'nim', piles: [3] });
  assert.match(await byId('result').innerText(), /second/);
  noConsoleErrors();
});

// g: 0-1 is a bridge over a vertex with two leaves: (0+1) XOR (0+1) = 0 at vertex 1, so
// the tree is a stick of length 1 (value 1) and the only winning move cuts edge 0.
const SMALL_GRAPH = { edges: [[0, 1], [1, 2], [1, 3]], ground: [0] };

test('Hackenbush graph: the drawing has every edge and one winning edge', async () => {
  await analyse('hackenbush_graph', SMALL_GRAPH);
  await expectAnswer();
  assert.match(await byId('result').innerText(), /first/);
  const svg = byId('drawing').locator('svg');
  await svg.waitFor();
  assert.equal(await svg.locator('.edge').count(), 3);
  assert.equal(await svg.locator('.ground').count(), 1, 'the ground line is drawn');
  assert.equal(await svg.locator('.vertex').count(), 4);
  const winning = svg.locator('.edge.winning');
  assert.equal(await winning.count(), 1);
  assert.equal(await winning.getAttribute('data-edge'), '0');
  noConsoleErrors();
});

test('Hackenbush graph: repeated edges are curves, loops are circles', async () => {
  // Fusion: the double edge 0-1 and the loop at 1 become three loops (value 1); cutting
  // the loop leaves two parallel edges (two loops: value 0), so edge 2 is the winning move.
  await analyse('hackenbush_graph', { edges: [[0, 1], [0, 1], [1, 1]], ground: [0] });
  await expectAnswer();
  const svg = byId('drawing').locator('svg');
  assert.equal(await svg.locator('.edge').count(), 3);
  assert.equal(await svg.locator('.edge[data-shape="curve"]').count(), 2);
  assert.equal(await svg.locator('.edge[data-shape="loop"]').count(), 1);
  assert.equal(await svg.locator('.edge.winning').getAttribute('data-edge'), '2');
  noConsoleErrors();
});

test('Hackenbush graph: every winning move is marked on request', async () => {
  // Three sticks on the ground: 1 XOR 1 XOR 1 = 1, and cutting any of them wins.
  await byId('game-select').selectOption('hackenbush_graph');
  await settled();
  await byId('all-moves').check();
  await settled();
  await analyse('hackenbush_graph', { edges: [[0, 1], [0, 2], [0, 3]], ground: [0] });
  await expectAnswer();
  const svg = byId('drawing').locator('svg');
  assert.equal(await svg.locator('.edge.winning').count(), 1);
  assert.equal(await svg.locator('.edge.winning-alt').count(), 2);
  noConsoleErrors();
});

test('Hackenbush graph: clicking an edge cuts it and re-analyses', async () => {
  await analyse('hackenbush_graph', SMALL_GRAPH);
  await expectAnswer();
  const svg = byId('drawing').locator('svg');
  // Cut a leaf edge: the path 0-1-2 is left, a stick of length 2.
  await svg.locator('.edge[data-edge="2"]').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).edges, [[0, 1], [1, 2]]);
  assert.equal(await svg.locator('.edge').count(), 2);
  assert.match(await byId('grundy').innerText(), /^2$/);
  assert.equal(await byId('history').locator('li').count(), 1);
  assert.equal(await byId('to-move').innerText(), 'Player B to move');
  // Now play the engine's winning move by clicking the highlighted edge: all falls.
  await svg.locator('.edge.winning').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).edges, []);
  assert.match(await byId('result').innerText(), /second/);
  assert.equal(await svg.locator('.edge').count(), 0);
  // the person played both sides: Player B made the last move and wins
  assert.match(await byId('status').innerText(), /Player B wins/);
  noConsoleErrors();
});

test('Hackenbush graph: the engine replies automatically; undo takes back both moves', async () => {
  await analyse('hackenbush_graph', SMALL_GRAPH);
  await expectAnswer();
  await byId('auto-reply').check();
  const svg = byId('drawing').locator('svg');
  // The person cuts leaf edge 2 (a losing move); the engine cuts 0-1 and nothing is left.
  await svg.locator('.edge[data-edge="2"]').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="history"] li').length === 2);
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).edges, []);
  assert.match(await byId('history').innerText(), /2\. Player B \(engine\): cut edge 0/);
  assert.match(await byId('status').innerText(), /Game over: Player A has no move left\. Player B wins\./);
  await byId('undo').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).edges, SMALL_GRAPH.edges);
  // both moves are taken back (they stay in the history, to redo)
  assert.equal(await byId('history').locator('li.future').count(), 2);
  assert.equal(await byId('redo').isEnabled(), true);
  assert.equal(await svg.locator('.edge').count(), 3);
  noConsoleErrors();
});

test('Hackenbush tree: clicking an edge removes its subtree; the engine replies', async () => {
  // 0 has children 1 and 2; 1 has child 3.  g = (1+1) XOR (0+1) = 3.
  await analyse('hackenbush_tree', { parent: [-1, 0, 0, 1] });
  await expectAnswer();
  const svg = byId('drawing').locator('svg');
  assert.equal(await svg.locator('.edge').count(), 3);
  assert.equal(await svg.locator('.edge.winning').count(), 1);
  // Cut 0-1: vertex 3 goes with it, and 2 is renumbered 1.
  await svg.locator('.edge[data-child="1"]').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).parent, [-1, 0]);
  assert.match(await byId('result').innerText(), /first/);
  await byId('reply').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).parent, [-1]);
  assert.match(await byId('result').innerText(), /second/);
  assert.match(await byId('status').innerText(), /Player B wins/);
  await byId('undo').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()).parent, [-1, 0]);
  noConsoleErrors();
});

test('Hackenbush tree, nested and edges forms: moves keep the form; keyboard plays too', async () => {
  // Root children: a leaf (/0) and a stick of two (/1, /1/0): g = 1 XOR 2 = 3, and the
  // only winning move cuts /1/0, the edge above vertex 3 in pre-order.
  await analyse('hackenbush_tree', { nested: [[], [[]]] });
  await expectAnswer();
  const svg = byId('drawing').locator('svg');
  assert.equal(await svg.locator('.edge').count(), 3);
  assert.equal(await svg.locator('.edge.winning').getAttribute('data-child'), '3');
  await svg.locator('.edge.winning').focus();
  await page.keyboard.press('Enter');
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()), { nested: [[], []] });
  assert.match(await byId('result').innerText(), /second/);

  // Edges form: cutting 0-2 drops vertex 3 with it; the rest is renumbered in order.
  await byId('input').fill(JSON.stringify({ edges: [[1, 0], [0, 2], [2, 3]], root: 0 }));
  await byId('analyze').click();
  await settled();
  await expectAnswer();
  await svg.locator('.edge[data-child="2"]').click();
  await settled();
  assert.deepEqual(JSON.parse(await byId('input').inputValue()), { edges: [[1, 0]], root: 0 });
  assert.match(await byId('result').innerText(), /first/);
  noConsoleErrors();
});

// axe-core's WCAG 2.1 A/AA rules and best practices, in light and dark colour schemes,
// on a drawn position and on an error.
async function axeViolations() {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
  }));
  return result.violations.map((v) => `${v.id} (${v.help}): ` +
    v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
}

test('no accessibility violations found by axe-core', async () => {
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await byId('game-select').selectOption('hackenbush_graph');
    await settled();
    assert.deepEqual(await axeViolations(), [], `${scheme}: drawn position`);
    await analyse('nim', { piles: [3, -1] });
    assert.deepEqual(await axeViolations(), [], `${scheme}: error shown`);
  }
});

test('the page looks right at desktop and phone widths', async () => {
  await byId('game-select').selectOption('hackenbush_graph');
  await settled();
  await page.screenshot({ path: path.join(SHOTS, 'playground.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling at 360px (overflow ${overflow}px)`);
  await page.screenshot({ path: path.join(SHOTS, 'playground-narrow.png'), fullPage: true });
});
