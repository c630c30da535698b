// The playground's partizan games and misère play, in Chromium against a real grundyd: a
// Domineering board edited and played by either side, Red-Blue-Green Hackenbush edges cut
// (what falls goes), the /v1/cgt expression box with a 400's place marked, the misère switch
// and the misère quotient's table.  What the page shows is compared with the daemon's own
// answer for the resulting position, and outcomes with exhaustive search written here from
// the definitions.  Screenshots at 1280 and 390 px go to SCREENSHOT_DIR (partizan-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, axeViolations, open, settled, by, choose, finish, waitPlies } from './common.mjs';
async function post(pathname, body) {
  const r = await fetch(BASE + pathname, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                           body: JSON.stringify(body) });
  return { status: r.status, doc: await r.json() };
}
async function select(page, game) {
  await choose(page, game);
}
async function typeBody(page, body) {
  await by(page, 'input').fill(JSON.stringify(body));
  await by(page, 'analyze').click();
  await settled(page);
}
const plies = (page) => page.locator('[data-testid="history"] li').count();
const shownBody = async (page) => JSON.parse(await by(page, 'input').inputValue());
// The analysis the page shows equals grundyd's own answer for that position.
async function assertShows(page, endpoint, body) {
  const { doc } = await post(endpoint, body);
  assert.equal(await by(page, 'partizan-value').innerText(), doc.value, JSON.stringify(body));
  assert.equal(await by(page, 'outcome').innerText(), doc.outcome, JSON.stringify(body));
  assert.equal(await by(page, 'mean').innerText(), doc.mean);
  assert.equal(await by(page, 'temperature').innerText(), doc.temperature);
  return doc;
}

// ---- References from the definitions (normal play: who cannot move loses). ----
// The outcome class from the two questions "does Left win moving first" and "does Right".
function outcomeClass(leftFirst, rightFirst) {
  if (leftFirst && !rightFirst) return 'L';
  if (!leftFirst && rightFirst) return 'R';
  return leftFirst ? 'N' : 'P';
}
// Domineering: Left places vertical dominoes, Right horizontal ones.
function domMoves(rows, side) {
  const out = [];
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < rows[r].length; c++) {
      const r2 = side ? r : r + 1, c2 = side ? c + 1 : c;
      if (rows[r][c] === '.' && r2 < rows.length && c2 < rows[r2].length && rows[r2][c2] === '.') {
        const next = rows.map((x) => x.split(''));
        next[r][c] = '#'; next[r2][c2] = '#';
        out.push(next.map((x) => x.join('')));
      }
    }
  }
  return out;
}
function domWins(rows, side, memo = new Map()) { // does `side` win moving first?
  const k = side + rows.join('/');
  if (!memo.has(k)) memo.set(k, domMoves(rows, side).some((n) => !domWins(n, 1 - side, memo)));
  return memo.get(k);
}
const domOutcome = (rows) => outcomeClass(domWins(rows, 0), domWins(rows, 1));
// Coloured Hackenbush: cut an edge the side may cut; what no longer reaches the ground falls.
function hbAttached(edges, ground) {
  const reach = new Set(ground);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [u, v] of edges) {
      if (reach.has(u) !== reach.has(v)) { reach.add(u); reach.add(v); grew = true; }
    }
  }
  return edges.filter(([u]) => reach.has(u));
}
function hbWins(edges, ground, side, memo = new Map()) {
  const k = side + JSON.stringify(edges);
  if (!memo.has(k)) {
    memo.set(k, edges.some((e, i) => (e[2] === 'green' || e[2] === (side ? 'red' : 'blue')) &&
      !hbWins(hbAttached(edges.filter((x, j) => j !== i), ground), ground, 1 - side, memo)));
  }
  return memo.get(k);
}
const hbOutcome = (edges, ground) => outcomeClass(hbWins(edges, ground, 0), hbWins(edges, ground, 1));
// Misère Nim: whoever cannot move wins.
function misereNimFirstWins(piles, memo = new Map()) {
  const k = piles.slice().sort().join(',');
  if (memo.has(k)) return memo.get(k);
  let win = piles.every((p) => p === 0);
  for (let i = 0; !win && i < piles.length; i++) {
    for (let t = 0; t < piles[i]; t++) {
      const n = piles.slice(); n[i] = t;
      if (!misereNimFirstWins(n, memo)) { win = true; break; }
    }
  }
  memo.set(k, win);
  return win;
}

for (const width of [1280, 390]) {
  test(`Domineering at ${width} px: edit the board, play either side, play the winning move`, async () => {
    const { page, context, errors } = await open(width);
    await select(page, 'domineering');
    await typeBody(page, { board: ['...', '...', '..#'] });
    // editing: a click empties the filled cell; the JSON box follows
    await by(page, 'dom-edit').check();
    await page.locator('rect.dom-cell[data-row="2"][data-col="2"]').click();
    await settled(page);
    assert.deepEqual((await shownBody(page)).board, ['...', '...', '...']);
    let doc = await assertShows(page, '/v1/domineering', { board: ['...', '...', '...'] });
    assert.equal(doc.outcome, domOutcome(['...', '...', '...']));
    // a rows stepper adds an empty row
    await page.getByRole('button', { name: 'rows more' }).click();
    await settled(page);
    assert.deepEqual((await shownBody(page)).board, ['...', '...', '...', '...']);
    await page.getByRole('button', { name: 'rows fewer' }).click();
    await settled(page);
    await by(page, 'dom-edit').uncheck();
    // the JSON box drives the drawing too
    await typeBody(page, { board: ['...', '...', '...'] });
    assert.equal(await page.locator('rect.dom-cell').count(), 9);
    // every move of the side to move is listed with the value it leads to, coloured by whether it wins
    await page.waitForFunction(() => document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true' &&
                                     document.querySelectorAll('[data-testid="move-option"]').length > 0);
    const listed = await page.locator('[data-testid="move-option"]').evaluateAll((bs) => bs.map((b) => [b.innerText, b.getAttribute('data-outcome')]));
    const empty = ['...', '...', '...'];
    assert.equal(listed.length, domMoves(empty, 0).length, 'Left has 6 vertical dominoes on 3 x 3');
    for (const [text, outcome] of listed) {
      const m = /domino on \((\d), (\d)\) and \((\d), (\d)\)/.exec(text);
      const rows = empty.map((r) => r.split(''));
      rows[m[1]][m[2]] = '#'; rows[m[3]][m[4]] = '#';
      const after = rows.map((r) => r.join(''));
      assert.equal(outcome, domWins(after, 1) ? 'lose' : 'win', text);
      const { doc: a } = await post('/v1/domineering', { board: after });
      assert.ok(text.includes('\u2192 ' + a.value), text + ' shows ' + a.value);
    }
    // Left plays a vertical domino by two clicks: (0, 0) then (1, 0)
    assert.equal(await by(page, 'side-left').getAttribute('aria-pressed'), 'true');
    await page.locator('rect.dom-cell[data-row="0"][data-col="0"]').click();
    await page.locator('rect.dom-cell[data-row="1"][data-col="0"]').click();
    await waitPlies(page, 1);
    const afterLeft = ['#..', '#..', '...'];
    assert.deepEqual((await shownBody(page)).board, afterLeft);
    assert.match((await page.locator('[data-testid="history"] li').first().innerText()), /^1\. Left: vertical domino on \(0, 0\) and \(1, 0\)/);
    doc = await assertShows(page, '/v1/domineering', { board: afterLeft });
    assert.equal(doc.outcome, domOutcome(afterLeft));
    assert.match(await by(page, 'to-move').innerText(), /Right to move/);
    assert.equal(await page.locator('rect.dom-piece.left').count(), 1, 'the played domino is drawn in Left\'s colour');
    // Right's winning move, shown on the board and then played
    if (doc.right_move) {
      await by(page, 'play-right').click();
      await page.waitForSelector('[data-testid="animated-move"]');
      await waitPlies(page, 2);
      const rows = afterLeft.map((r) => r.split(''));
      for (const [r, c] of doc.right_move.cells) rows[r][c] = '#';
      const afterRight = rows.map((r) => r.join(''));
      assert.deepEqual((await shownBody(page)).board, afterRight);
      const doc2 = await assertShows(page, '/v1/domineering', { board: afterRight });
      // a winning move for Right moving first: Left, now to move, loses
      assert.equal(domWins(afterRight, 0), false, 'Right\'s winning move leaves Left without a win');
      assert.ok(doc2.outcome === 'R' || doc2.outcome === 'P', doc2.outcome);
      assert.match(await by(page, 'to-move').innerText(), /Left to move/);
      // undo goes back to Right to move
      await by(page, 'undo').click();
      await settled(page);
      assert.deepEqual((await shownBody(page)).board, afterLeft);
      assert.match(await by(page, 'to-move').innerText(), /Right to move/);
    }
    // Right can also be chosen by hand, and plays a horizontal domino (keyboard: Enter on two cells)
    await by(page, 'side-right').click();
    assert.equal(await by(page, 'side-right').getAttribute('aria-pressed'), 'true');
    const board = (await shownBody(page)).board;
    await page.locator('rect.dom-cell[data-row="2"][data-col="1"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('rect.dom-cell[data-row="2"][data-col="2"]').focus();
    await page.keyboard.press('Enter');
    await settled(page);
    const expect = board.map((r, i) => (i === 2 ? r.slice(0, 1) + '##' : r));
    assert.deepEqual((await shownBody(page)).board, expect);
    await assertShows(page, '/v1/domineering', { board: expect });
    assert.match(await by(page, 'to-move').innerText(), /Left to move/);
    // the URL keeps the game with each move's side: a reload restores the board and the turn
    const fresh = await context.newPage();
    await fresh.goto(page.url(), { waitUntil: 'load' });
    await settled(fresh);
    assert.deepEqual((await shownBody(fresh)).board, expect);
    assert.match(await by(fresh, 'to-move').innerText(), /Left to move/);
    assert.match(await fresh.locator('[data-testid="history"]').innerText(), /Right: horizontal domino on \(2, 1\) and \(2, 2\)/);
    await fresh.close();
    await finish({ page, context, errors }, `partizan-domineering-${width}.png`, { audit: true });
  });

  test(`Red-Blue-Green Hackenbush at ${width} px: cut an edge, what falls goes; add an edge`, async () => {
    const { page, context, errors } = await open(width);
    await select(page, 'hackenbush_colored');
    const ground = [0];
    const start = [[0, 1, 'blue'], [1, 2, 'red'], [2, 3, 'blue'], [0, 4, 'green']];
    await typeBody(page, { edges: start, ground });
    assert.equal(await page.locator('g.edge.hb-blue').count(), 2);
    assert.equal(await page.locator('g.edge.hb-red').count(), 1);
    assert.equal(await page.locator('g.edge.hb-green').count(), 1);
    let doc = await assertShows(page, '/v1/hackenbush/colored', { edges: start, ground });
    assert.equal(doc.outcome, hbOutcome(start, ground));
    // Left may not cut the red edge (aria-disabled): a click plays nothing and says why
    assert.equal(await page.locator('g.edge[data-index="1"]').getAttribute('aria-disabled'), 'true');
    await page.locator('g.edge[data-index="1"]').click({ force: true });
    assert.match(await by(page, 'status').innerText(), /Left cuts only blue and green/);
    assert.equal(await plies(page), 0);
    // Right cuts it: the blue edge above it falls
    await by(page, 'side-right').click();
    await page.locator('g.edge[data-index="1"]').click();
    await waitPlies(page, 1);
    const fell = hbAttached(start.filter((e, i) => i !== 1), ground);
    assert.deepEqual(fell, [[0, 1, 'blue'], [0, 4, 'green']]);
    assert.deepEqual((await shownBody(page)).edges, fell);
    assert.equal(await page.locator('g.edge').count(), 2, 'the fallen edge is no longer drawn');
    doc = await assertShows(page, '/v1/hackenbush/colored', { edges: fell, ground });
    assert.equal(doc.outcome, hbOutcome(fell, ground));
    assert.match(await page.locator('[data-testid="history"] li').first().innerText(), /^1\. Right: cut edge 1/);
    // Left's winning move, played from its button
    assert.match(await by(page, 'to-move').innerText(), /Left to move/);
    await by(page, 'play-left').focus();
    await page.keyboard.press('Enter');
    await waitPlies(page, 2);
    assert.match(await page.evaluate(() => document.activeElement.getAttribute('data-testid') || ''), /^(play-|reply)/,
                 'the keyboard stays with the play buttons');
    const cut = doc.left_move.edge;
    const after2 = hbAttached(fell.filter((e, i) => i !== cut), ground);
    assert.deepEqual((await shownBody(page)).edges, after2);
    await assertShows(page, '/v1/hackenbush/colored', { edges: after2, ground });
    assert.equal(hbWins(after2, ground, 1), false, 'Left\'s winning move leaves Right, to move, lost');
    // the editor adds an edge with its colour (a new game from that position)
    await page.getByRole('spinbutton', { name: 'edge from' }).fill('0');
    await page.getByRole('spinbutton', { name: 'edge to' }).fill('7');
    await by(page, 'edge-colour').selectOption('red');
    await by(page, 'add-edge').click();
    await settled(page);
    const edited = (await shownBody(page)).edges;
    assert.deepEqual(edited[edited.length - 1], [0, 7, 'red']);
    await assertShows(page, '/v1/hackenbush/colored', { edges: edited, ground });
    await finish({ page, context, errors }, `partizan-hackenbush-${width}.png`, { audit: true });
  });
}

test('the /v1/cgt box: examples, options, and a 400 marked at its offset', async () => {
  const { page, context, errors } = await open(1280);
  await select(page, 'cgt');
  const box = by(page, 'cgt-expression');
  await box.fill('{2|-1}');
  await box.press('Enter');
  await settled(page);
  assert.deepEqual(await shownBody(page), { expression: '{2|-1}' }, 'the JSON box follows the expression');
  assert.ok(await box.evaluate((n) => document.activeElement === n), 'the keyboard stays in the box');
  // {2 | -1}: mean 1/2, temperature 3/2 (Winning Ways; Lessons in Play)
  assert.equal(await by(page, 'partizan-value').innerText(), '{2|-1}');
  assert.equal(await by(page, 'mean').innerText(), '1/2');
  assert.equal(await by(page, 'temperature').innerText(), '3/2');
  assert.equal(await by(page, 'outcome').innerText(), 'N');
  // an option is a game: a click moves there (Left's, Left to move)
  await by(page, 'cgt-option').first().click();
  await settled(page);
  assert.equal(await box.inputValue(), '2');
  assert.equal(await by(page, 'partizan-value').innerText(), '2');
  // every example answers what grundyd answers
  const examples = by(page, 'cgt-example');
  for (let i = 0; i < await examples.count(); i++) {
    await examples.nth(i).click();
    await settled(page);
    const expr = await box.inputValue();
    const { doc } = await post('/v1/cgt', { expression: expr });
    assert.equal(await by(page, 'partizan-value').innerText(), doc.value, expr);
    assert.equal(await by(page, 'outcome').innerText(), doc.outcome, expr);
  }
  // the JSON box (shown on request) drives the expression box
  await by(page, 'cgt-json').check();
  await by(page, 'input').fill('{"expression": "^ + v"}');
  await by(page, 'analyze').click();
  await settled(page);
  assert.equal(await box.inputValue(), '^ + v');
  assert.equal(await by(page, 'partizan-value').innerText(), '0');
  // syntax errors: the byte offset grundyd reports is marked and selected in the box
  for (const [expr, at] of [['1 + + x', 4], ['{2|-1', 5]]) {
    await box.fill(expr);
    await box.press('Enter');
    await settled(page);
    const { status, doc } = await post('/v1/cgt', { expression: expr });
    assert.equal(status, 400);
    assert.equal(doc.pointer, '/expression');
    assert.equal(Number(/at byte (\d+)/.exec(doc.detail)[1]), at, doc.detail);
    assert.equal(await by(page, 'result').getAttribute('data-state'), 'error');
    assert.equal(await by(page, 'error-pointer').innerText(), '/expression');
    assert.equal(await by(page, 'cgt-error-mark').innerText(), at < expr.length ? expr[at] : ' '); // the end: a marked space
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    assert.ok(await box.evaluate((n) => document.activeElement === n), 'the box has the keyboard, at the error');
    assert.deepEqual(await box.evaluate((n) => [n.selectionStart, n.selectionEnd]),
                     [at, Math.min(at + 1, expr.length)]);
  }
  await page.screenshot({ path: path.join(SHOTS, 'partizan-cgt-1280.png'), fullPage: true });
  assert.deepEqual(await axeViolations(page), [], 'axe-core');
  // the 400s are the only console errors
  assert.deepEqual(errors.filter((t) => !/status of 400/.test(t)), []);
  await context.close();
});

for (const width of [1280, 390]) {
  test(`misère switch and quotient at ${width} px`, async () => {
    const { page, context, errors } = await open(width);
    // Nim: the switch writes "misere": true; the verdict is the misère winner
    await select(page, 'nim');
    for (const piles of [[1, 1, 1], [1, 1], [2, 2], [1, 2, 3]]) {
      await typeBody(page, { piles });
      await by(page, 'misere').check();
      await settled(page);
      assert.deepEqual(await shownBody(page), { piles, misere: true });
      const first = misereNimFirstWins(piles);
      assert.equal(await by(page, 'winner').innerText(), first ? 'first (Player A)' : 'second (Player B)', String(piles));
      // every listed move is coloured by its misère outcome: a win leaves a misère P-position
      const options = await page.locator('[data-testid="move-option"]').evaluateAll((bs) => bs.map((b) => b.getAttribute('data-outcome')));
      const { doc } = await post('/v1/nim', { piles, misere: true, all_moves: true });
      assert.equal(options.length, doc.moves.length);
      for (const m of doc.moves) {
        const n = piles.slice(); n[m.move.pile] = m.move.to;
        assert.equal(m.outcome, misereNimFirstWins(n) ? 'lose' : 'win');
      }
      assert.deepEqual(options.slice().sort(), doc.moves.map((m) => m.outcome).sort());
      await by(page, 'misere').uncheck();
      await settled(page);
      assert.deepEqual(await shownBody(page), { piles });
    }
    // 0.75: its misère quotient has order 8 (Plambeck and Siegel): an 8 x 8 table
    await select(page, 'octal');
    await typeBody(page, { code: '0.75', heaps: [3, 5] });
    assert.equal(await by(page, 'quotient-panel').isHidden(), true, 'no quotient under normal play');
    await by(page, 'misere').check();
    await settled(page);
    await page.waitForSelector('[data-testid="quotient-table"]');
    const q = await (await fetch(BASE + '/v1/octal/misere-quotient?code=0.75&max_heap=24')).json();
    assert.equal(await by(page, 'quotient-max').inputValue(), '24', 'heaps up to 24 by default');
    assert.equal(q.order, 8);
    assert.equal(await page.locator('[data-testid="quotient-table"] tbody tr').count(), 8);
    assert.equal(await page.locator('[data-testid="quotient-table"] tbody td').count(), 64);
    assert.equal(await by(page, 'quotient-order').innerText(), '8');
    assert.equal(await by(page, 'quotient-p').innerText(), String(q.p_positions.length));
    const marked = q.table.flat().filter((x) => q.p_positions.includes(x)).length;
    assert.equal(await page.locator('[data-testid="quotient-table"] td[data-p="true"]').count(), marked);
    // the position's element predicts the winner shown
    const prod = [3, 5].reduce((a, h) => q.table[a][q.heap_images[h]], q.identity);
    assert.match(await by(page, 'quotient-position').innerText(), q.p_positions.includes(prod) ? /in P/ : /not in P/);
    assert.equal(await by(page, 'winner').innerText(), q.p_positions.includes(prod) ? 'second (Player B)' : 'first (Player A)');
    await page.screenshot({ path: path.join(SHOTS, `partizan-misere-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
    assert.deepEqual(await axeViolations(page), [], 'axe-core');
    // a subtraction game's quotient comes from its own GET
    await select(page, 'subtraction');
    await typeBody(page, { piles: [7, 10], subtraction_set: [1, 3, 4], misere: true });
    await page.waitForSelector('[data-testid="quotient-table"]');
    const qs = await (await fetch(BASE + '/v1/subtraction/misere-quotient?subtraction_set=1,3,4&max_heap=24')).json();
    assert.equal(await page.locator('[data-testid="quotient-table"] tbody td').count(), qs.order * qs.order);
    // the person may ask for another heap bound
    await by(page, 'quotient-max').fill('12');
    await by(page, 'quotient-go').click();
    await page.waitForFunction(() => /0 to 12/.test(document.querySelector('[data-testid="quotient"]').innerText) &&
                                     document.querySelector('[data-testid="quotient-table"]'));
    const q12 = await (await fetch(BASE + '/v1/subtraction/misere-quotient?subtraction_set=1,3,4&max_heap=12')).json();
    assert.equal(await by(page, 'quotient-order').innerText(), String(q12.order));
    // a 422 from the quotient GET is shown as its detail (0.6: its proof passes the per-heap limit)
    await select(page, 'octal');
    await typeBody(page, { code: '0.6', heaps: [3, 5], misere: true });
    const r = await fetch(BASE + '/v1/octal/misere-quotient?code=0.6&max_heap=24');
    if (r.status === 422) {
      const p = await r.json();
      await page.waitForSelector('[data-testid="quotient-error"]', { timeout: 180000 });
      assert.match(await by(page, 'quotient-error').innerText(), new RegExp(p.detail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    assert.deepEqual(errors.filter((t) => !/status of 422/.test(t)), []);
    await context.close();
  });
}
