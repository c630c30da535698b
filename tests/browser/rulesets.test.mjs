// The eight rulesets on the board (issue 38), in Chromium against a default grundyd, at 1280 and
// 390 px: Clobber, Konane, NoGo, Amazons (grids), Toads and Frogs, Toppling Dominoes (strips),
// Snort and Col (coloured graphs).  For each example: the board is drawn with its cells; the
// side to move's list holds exactly the legal moves by the rules written here from their
// definitions, each marked win or lose as grundyd's answer for the position after it says;
// every listed winning move has its [data-move] element on the drawing, at least 24 x 24 px; a
// winning move for Left (one click on its element) and one for Right (clicked as a person
// would: the piece, then its target, then the arrow) give exactly the position the rules say,
// and undo restores the example.  Screenshots: rulesets-<game>-<width>.png in SCREENSHOT_DIR.
// RULESETS="clobber nogo" runs those games alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, axeViolations, by, choose, finish, open, settled, waitPlies } from './common.mjs';

const PATHS = {
  clobber: '/v1/clobber', konane: '/v1/konane', nogo: '/v1/nogo', amazons: '/v1/amazons',
  toads_and_frogs: '/v1/toads-and-frogs', toppling_dominoes: '/v1/toppling-dominoes', snort: '/v1/snort', col: '/v1/col',
};
async function post(game, body) {
  const r = await fetch(BASE + PATHS[game], { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 200, JSON.stringify(body));
  return r.json();
}

// ---- The rules, from their definitions (issue 38): each side's moves and the position after one. ----
const at = (b, r, c) => (r >= 0 && r < b.length && c >= 0 && c < b[r].length ? b[r][c] : '');
const set = (b, cells) => {
  const g = b.map((row) => row.split(''));
  for (const [r, c, ch] of cells) g[r][c] = ch;
  return g.map((row) => row.join(''));
};
const ORTHO = [[-1, 0], [1, 0], [0, -1], [0, 1]];
const QUEEN = [...ORTHO, [-1, -1], [-1, 1], [1, -1], [1, 1]];
const cellsOf = (b, ch) => b.flatMap((row, r) => [...row].map((x, c) => (x === ch ? [r, c] : null)).filter(Boolean));
function breathes(b) { // every group, of either colour, has a liberty
  const seen = new Set();
  for (const [r0, c0] of [...cellsOf(b, 'x'), ...cellsOf(b, 'o')]) {
    if (seen.has(r0 + ',' + c0)) continue;
    const ch = b[r0][c0], stack = [[r0, c0]];
    let free = false;
    seen.add(r0 + ',' + c0);
    while (stack.length) {
      const [r, c] = stack.pop();
      for (const [dr, dc] of ORTHO) {
        const n = at(b, r + dr, c + dc);
        if (n === '.') free = true;
        if (n === ch && !seen.has((r + dr) + ',' + (c + dc))) { seen.add((r + dr) + ',' + (c + dc)); stack.push([r + dr, c + dc]); }
      }
    }
    if (!free) return false;
  }
  return true;
}
const slides = (b, [r, c]) => QUEEN.flatMap(([dr, dc]) => {
  const out = [];
  for (let k = 1; at(b, r + k * dr, c + k * dc) === '.'; k++) out.push([r + k * dr, c + k * dc]);
  return out;
});
const colours = (req) => Array.from({ length: req.vertices }, (_, i) => (req.colors && req.colors[i]) || null);
function colourMoves(req, side, clash) {
  const cs = colours(req), mine = side ? 'red' : 'blue';
  return cs.map((c, v) => (c === null && req.edges.every(([a, b]) => !((a === v && cs[b] && clash(mine, cs[b])) ||
    (b === v && cs[a] && clash(mine, cs[a])))) ? { vertex: v, color: mine } : null)).filter(Boolean);
}
const RULES = {
  clobber: {
    moves: (q, side) => cellsOf(q.board, side ? 'o' : 'x').flatMap(([r, c]) => ORTHO
      .filter(([dr, dc]) => at(q.board, r + dr, c + dc) === (side ? 'x' : 'o')).map(([dr, dc]) => ({ from: [r, c], to: [r + dr, c + dc] }))),
    after: (q, m) => ({ ...q, board: set(q.board, [[...m.from, '.'], [...m.to, at(q.board, ...m.from)]]) }),
    parse: (t) => { const m = /\((\d+), (\d+)\) takes \((\d+), (\d+)\)/.exec(t).map(Number); return { from: [m[1], m[2]], to: [m[3], m[4]] }; },
  },
  konane: {
    moves: (q, side) => cellsOf(q.board, side ? 'o' : 'x').flatMap(([r, c]) => ORTHO.flatMap(([dr, dc]) => {
      const out = [];
      for (let k = 1; at(q.board, r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) === (side ? 'x' : 'o') &&
                      at(q.board, r + 2 * k * dr, c + 2 * k * dc) === '.'; k++) out.push({ from: [r, c], to: [r + 2 * k * dr, c + 2 * k * dc] });
      return out;
    })),
    after: (q, m) => {
      const dr = Math.sign(m.to[0] - m.from[0]), dc = Math.sign(m.to[1] - m.from[1]), cells = [];
      for (let r = m.from[0], c = m.from[1]; r !== m.to[0] || c !== m.to[1]; r += dr, c += dc) cells.push([r, c, '.']);
      return { ...q, board: set(q.board, [...cells, [...m.to, at(q.board, ...m.from)]]) };
    },
    parse: (t) => { const m = /\((\d+), (\d+)\) jumps to \((\d+), (\d+)\)/.exec(t).map(Number); return { from: [m[1], m[2]], to: [m[3], m[4]] }; },
  },
  nogo: {
    moves: (q, side) => cellsOf(q.board, '.').filter(([r, c]) => breathes(set(q.board, [[r, c, side ? 'o' : 'x']]))).map((cell) => ({ cell })),
    after: (q, m, side) => ({ ...q, board: set(q.board, [[...m.cell, side ? 'o' : 'x']]) }),
    parse: (t) => { const m = /a stone on \((\d+), (\d+)\)/.exec(t).map(Number); return { cell: [m[1], m[2]] }; },
  },
  amazons: {
    moves: (q, side) => cellsOf(q.board, side ? 'R' : 'L').flatMap((from) => slides(q.board, from).flatMap((to) =>
      slides(set(q.board, [[...from, '.'], [...to, 'X']]), to).map((arrow) => ({ from, to, arrow })))),
    after: (q, m) => ({ ...q, board: set(q.board, [[...m.from, '.'], [...m.to, at(q.board, ...m.from)], [...m.arrow, '#']]) }),
    parse: (t) => {
      const m = /\((\d+), (\d+)\) to \((\d+), (\d+)\), arrow at \((\d+), (\d+)\)/.exec(t).map(Number);
      return { from: [m[1], m[2]], to: [m[3], m[4]], arrow: [m[5], m[6]] };
    },
  },
  toads_and_frogs: {
    moves: (q, side) => [...q.strip].flatMap((ch, i) => {
      const step = side ? -1 : 1, other = side ? 'T' : 'F';
      if (ch !== (side ? 'F' : 'T')) return [];
      const j = q.strip[i + step] === other ? i + 2 * step : i + step;
      return q.strip[j] === '.' ? [{ from: i, to: j }] : [];
    }),
    after: (q, m) => { const s = [...q.strip]; s[m.to] = s[m.from]; s[m.from] = '.'; return { ...q, strip: s.join('') }; },
    parse: (t) => { const m = /square (\d+) to (\d+)/.exec(t).map(Number); return { from: m[1], to: m[2] }; },
  },
  toppling_dominoes: {
    moves: (q, side) => [...q.dominoes].flatMap((ch, i) => (ch === 'g' || ch === (side ? 'r' : 'b')
      ? [{ domino: i, direction: 'left' }, { domino: i, direction: 'right' }] : [])),
    after: (q, m) => ({ ...q, dominoes: m.direction === 'left' ? q.dominoes.slice(m.domino + 1) : q.dominoes.slice(0, m.domino) }),
    parse: (t) => { const m = /topple domino (\d+) to the (left|right)/.exec(t); return { domino: Number(m[1]), direction: m[2] }; },
  },
  snort: {
    moves: (q, side) => colourMoves(q, side, (mine, theirs) => mine !== theirs),
    after: (q, m) => { const cs = colours(q); cs[m.vertex] = m.color; return { ...q, colors: cs }; },
    parse: (t) => { const m = /colour vertex (\d+) (blue|red)/.exec(t); return { vertex: Number(m[1]), color: m[2] }; },
  },
};
RULES.col = { ...RULES.snort, moves: (q, side) => colourMoves(q, side, (mine, theirs) => mine === theirs) };

// ---- The page. ----
const shown = async (page) => JSON.parse(await by(page, 'input').inputValue());
// The side to move's list, complete (every move analysed): [index, move, outcome].
async function listed(page, game, who) {
  await page.waitForFunction((w) => document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true' &&
    document.getElementById('move-summary').textContent.startsWith(w + "'s moves"), who, { timeout: 60000 });
  const rows = await page.$$eval('[data-testid="move-option"]', (bs) => bs.map((b) =>
    [Number(b.getAttribute('data-index')), b.querySelector('span').textContent, b.getAttribute('data-outcome')]));
  return rows.map(([i, text, outcome]) => ({ i, move: RULES[game].parse(text), outcome }));
}
const key = (m) => JSON.stringify(m);
const cellLoc = (page, [r, c]) => page.locator(`[data-testid="drawing"] .grid-cell[data-row="${r}"][data-col="${c}"]`);
// Amazons: a move's element (its arrow square) is there once its amazon and square are chosen.
async function chooseAmazon(page, m) {
  await cellLoc(page, m.from).click();
  await cellLoc(page, m.to).click();
}
async function assertTarget(page, i, outcome) {
  const node = page.locator(`[data-testid="drawing"] [data-move="${i}"]`);
  assert.equal(await node.count(), 1, `move ${i} has one element on the drawing`);
  assert.equal(await node.getAttribute('data-outcome'), outcome);
  const box = await node.boundingBox();
  assert.ok(box && box.width >= 24 && box.height >= 24, `move ${i}: target ${box && box.width} x ${box && box.height} px`);
  return node;
}
// A winning move played as a person would, for Right: the piece and then its target where the
// game has pieces, else the move's own element.
async function playByPieces(page, game, m, i) {
  if (game === 'clobber' || game === 'konane') {
    await cellLoc(page, m.from).click();
    // the target cell, away from the chosen stone's arrow (which plays the same move)
    const box = await cellLoc(page, m.to).boundingBox(), dr = Math.sign(m.to[0] - m.from[0]), dc = Math.sign(m.to[1] - m.from[1]);
    await page.mouse.click(box.x + box.width * (0.5 + dc / 4), box.y + box.height * (0.5 + dr / 4));
  } else if (game === 'amazons') {
    await chooseAmazon(page, m);
    await cellLoc(page, m.arrow).click();
  } else if (game === 'toads_and_frogs') {
    await page.locator(`[data-testid="drawing"] .grid-cell[data-index="${m.from}"]`).click();
    await page.locator(`[data-testid="drawing"] [data-move="${i}"]`).click();
  } else {
    await page.locator(`[data-testid="drawing"] [data-move="${i}"]`).click();
  }
}
// The theory page's section of each game (its id and heading).
const THEORY = {
  clobber: ['clobber', 'Clobber'], konane: ['konane', 'Konane'], nogo: ['nogo', 'NoGo'], amazons: ['amazons', 'Amazons'],
  toads_and_frogs: ['toads-and-frogs', 'Toads and Frogs'], toppling_dominoes: ['toppling-dominoes', 'Toppling Dominoes'],
  snort: ['snort-and-col', 'Snort and Col'], col: ['snort-and-col', 'Snort and Col'],
};
const GAMES = (process.env.RULESETS || 'clobber konane nogo amazons toads_and_frogs toppling_dominoes snort col').split(' ');
for (const width of [1280, 390]) {
  for (const game of GAMES) {
    test(`${game} at ${width} px: drawn, every winning move on the drawing, Left and Right play, undo`, async () => {
      const s = await open(width, { height: width < 600 ? 844 : 900, timeout: 60000 });
      const { page } = s;
      await choose(page, game, 60000);
      const example = await shown(page), rules = RULES[game];
      // drawn: an svg with a cell (a piece's place) for every square, domino or vertex
      assert.equal(await page.locator('[data-testid="drawing"] svg[data-testid="drawing-svg"]').count(), 1);
      const places = example.board ? example.board.join('').length : example.strip ? example.strip.length
        : example.dominoes ? example.dominoes.length : example.vertices;
      const cellSel = example.board ? '.grid-cell[data-row]' : example.strip ? '.grid-cell[data-index]'
        : example.dominoes ? '.domino' : '.colour-vertex';
      assert.equal(await page.locator(`[data-testid="drawing"] ${cellSel}`).count(), places);
      const doc = await post(game, example);
      assert.equal(doc.outcome, 'N', 'each example is won by whoever moves first: both sides have a winning move');

      for (const [side, who] of [[0, 'Left'], [1, 'Right']]) {
        if (side) {
          await by(page, 'side-right').click();
        }
        const list = await listed(page, game, who);
        // exactly the legal moves, each marked by what grundyd says of the position after it
        assert.deepEqual(list.map((x) => key(x.move)).sort(), rules.moves(example, side).map(key).sort());
        for (const x of list) {
          const next = await post(game, rules.after(example, x.move, side));
          const wins = side ? ['R', 'P'].includes(next.outcome) : ['L', 'P'].includes(next.outcome);
          assert.equal(x.outcome, wins ? 'win' : 'lose', `${who} ${key(x.move)} leaves ${next.outcome}`);
        }
        const winning = list.filter((x) => x.outcome === 'win');
        assert.ok(winning.length > 0);
        assert.ok(winning.some((x) => key(x.move) === key(doc[side ? 'right_move' : 'left_move'])), 'grundyd\'s move is listed as a win');
        // every listed winning move has its element on the drawing
        for (const x of winning) {
          if (game === 'amazons') await chooseAmazon(page, x.move);
          await assertTarget(page, x.i, 'win');
          if (game === 'amazons') { await cellLoc(page, x.move.to).click(); await cellLoc(page, x.move.from).click(); }
        }
        if (!side) {
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR || '/tmp'}/rulesets-${game}-${width}.png`, fullPage: true });
          // the drawing fits the page (it scrolls inside its panel) and passes axe-core
          assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal overflow');
          assert.deepEqual(await axeViolations(page), [], 'axe-core');
        }
        // play it: Left by its element, Right by its pieces
        const m = winning[0];
        if (side) await playByPieces(page, game, m.move, m.i);
        else {
          if (game === 'amazons') await chooseAmazon(page, m.move);
          await page.locator(`[data-testid="drawing"] [data-move="${m.i}"]`).click();
        }
        await waitPlies(page, 1);
        assert.deepEqual(await shown(page), rules.after(example, m.move, side), `${who} played ${key(m.move)}`);
        assert.match(await page.locator('#to-move-text').innerText(), new RegExp(side ? '^Left' : '^Right'));
        await by(page, 'undo').click();
        await settled(page, 60000);
        assert.deepEqual(await shown(page), example, 'undo restores the example');
        assert.match(await page.locator('#to-move-text').innerText(), new RegExp('^' + who));
      }
      // the theory link opens docs/theory.md at this game's section
      await by(page, 'theory-link').click();
      const section = page.locator(`#theory-${THEORY[game][0]}`);
      await section.waitFor();
      assert.equal(await section.innerText(), THEORY[game][1]);
      await finish(s);
    });
  }
}

// The worked examples of docs/theory.md: grundyd's own answers.
test('docs/theory.md: each ruleset\'s worked example is what grundyd answers', async () => {
  const cases = [
    ['clobber', { board: ['xxo'] }, '^', 'L'], ['clobber', { board: ['xo'] }, '*', 'N'],
    ['konane', { board: ['.xo.', '.ox.', '....'] }, '\u00b11/2', 'N'],
    ['nogo', { board: ['x...'] }, '\u00b11', 'N'], ['nogo', { board: ['x..'] }, '*', 'N'],
    ['amazons', { board: ['L...#R'] }, '3', 'L'], ['amazons', { board: ['L..', '..R'] }, '\u00b1{1,{2|0}}', 'N'],
    ['toads_and_frogs', { strip: 'TT..FF' }, '*', 'N'], ['toads_and_frogs', { strip: 'T..F' }, '0', 'P'],
    ['toppling_dominoes', { dominoes: 'br' }, '*', 'N'], ['toppling_dominoes', { dominoes: 'bbrg' }, '{1,{1|0}|0,*}', 'N'],
    ['snort', { vertices: 4, edges: [[0, 1], [1, 2], [2, 3]], colors: [null, null, null, 'red'] }, '{1|-2}', 'N'],
    ['col', { vertices: 1, edges: [] }, '*', 'N'], ['col', { vertices: 4, edges: [[0, 1], [0, 2], [0, 3]] }, '*', 'N'],
  ];
  const md = await (await fetch(BASE + '/docs/theory')).text();
  for (const [game, body, value, outcome] of cases) {
    const doc = await post(game, body);
    assert.deepEqual([doc.value, doc.outcome], [value, outcome], `${game} ${JSON.stringify(body)}`);
  }
  for (const [, heading] of Object.values(THEORY)) assert.ok(md.includes('### ' + heading), heading);
});

// A sum with ruleset parts: every part drawn, the sum's listed winning moves on the parts'
// drawings, one played in place.  Clobber xxo is ^, Toads and Frogs T.F is *: the sum ^* is won
// by whoever moves first, Left by moving the toad (leaving ^).
test('a sum of Clobber and Toads and Frogs: both drawn, the winning move played in place', async () => {
  const s = await open(1280, { timeout: 60000 });
  const { page } = s;
  await choose(page, 'sum', 60000);
  const body = { components: [{ game: 'clobber', board: ['xxo'] }, { game: 'toads_and_frogs', strip: 'T.F' }] };
  await by(page, 'input').fill(JSON.stringify(body));
  await by(page, 'analyze').click();
  await settled(page, 60000);
  assert.equal(await page.locator('[data-testid="drawing"] figure[data-component="0"] .grid-cell[data-row]').count(), 3);
  assert.equal(await page.locator('[data-testid="drawing"] figure[data-component="1"] .grid-cell[data-index]').count(), 3);
  await page.waitForFunction(() => document.querySelector('[data-testid="move-list"]').getAttribute('data-complete') === 'true' &&
    document.getElementById('move-summary').textContent.startsWith("Left's moves"), null, { timeout: 60000 });
  const rows = await page.$$eval('[data-testid="move-option"]', (bs) => bs.map((b) => [Number(b.getAttribute('data-index')), b.getAttribute('data-outcome'), b.innerText]));
  // Left's moves: x (0, 1) takes (0, 2) in the Clobber part, the toad 0 to 1 in the other
  assert.equal(rows.length, 2);
  const win = rows.filter((r) => r[1] === 'win');
  assert.equal(win.length, 1);
  assert.match(win[0][2], /in component 1: square 0 to 1/);
  const node = await assertTarget(page, win[0][0], 'win');
  assert.equal(await page.locator(`figure[data-component="1"] [data-move="${win[0][0]}"]`).count(), 1);
  await node.click();
  await waitPlies(page, 1);
  assert.deepEqual(await shown(page), { components: [body.components[0], { game: 'toads_and_frogs', strip: '.TF' }] });
  await finish(s, 'rulesets-sum-1280.png');
});
