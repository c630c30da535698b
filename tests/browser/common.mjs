// What the browser suites share: Chromium launched once per file, a page opened on the
// playground at a width, the wait for an answer, the test ids, and axe-core's audit.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const BASE = process.env.GRUNDYD_URL;
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const SHOTS = process.env.SCREENSHOT_DIR || os.tmpdir();

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { if (browser) await browser.close(); });
export const theBrowser = () => browser;

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
export async function axeViolations(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
  }));
  return result.violations.map((v) => `${v.id} (${v.help}): ` +
    v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
}

// The answer is in (or failed): the result panel is not loading.
export const settled = (page, timeout) => page.waitForFunction(() => {
  const r = document.querySelector('[data-testid="result"]');
  return r && !['loading', 'booting'].includes(r.getAttribute('data-state'));
}, null, timeout ? { timeout } : undefined);
export const by = (page, id) => page.locator(`[data-testid="${id}"]`);

// The history has `n` plies and their answer is in. A move played from a button or the
// drawing reaches the history only after the page's own timer (the winning-move
// animation, 0 ms when nothing is animated), so `settled` alone can read the position
// before the move.
export async function waitPlies(page, n, timeout = 60000) {
  await page.waitForFunction((k) => document.querySelectorAll('[data-testid="history"] li').length === k, n, { timeout });
  await settled(page, timeout);
}

// The playground at `width` px, its first answer in; page errors and console errors
// collected (`ignore4xx`: not the browser's own line for a 4xx answer a test asked for).
export async function open(width, { hash = '', height = 900, ignore4xx = false, timeout } = {}) {
  // bypassCSP: axe-core is injected as an inline script, which the page's policy
  // (script-src 'self': only the daemon's own modules) rightly refuses.
  const context = await browser.newContext({ viewport: { width, height }, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (ignore4xx && /^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) return;
    errors.push(m.text());
  });
  await page.goto(BASE + '/' + hash, { waitUntil: 'load' });
  await settled(page, timeout);
  return { page, context, errors };
}

// The playground's game picker set to `game`, its example answered (within `timeout` ms).
export async function choose(page, game, timeout) {
  await by(page, 'game-select').selectOption(game);
  await settled(page, timeout);
}

// The end of a test on a page `open` gave: a screenshot named `shot` first when one is
// given (of the whole page unless `full` is false); with `audit`, no horizontal overflow
// and axe-core clean; then no page or console error, and the context closed.
export async function finish({ page, context, errors }, shot, { full = true, audit = false } = {}) {
  if (shot) await page.screenshot({ path: path.join(SHOTS, shot), fullPage: full });
  if (audit) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
    assert.deepEqual(await axeViolations(page), [], 'axe-core');
  }
  assert.deepEqual(errors, []);
  await context.close();
}

// The analysis suites' forms (analysis.test.mjs, third.test.mjs): phones get a phone's
// height; answers a test asks to fail (4xx) are not page errors; a minute for an answer
// (some are held on purpose, page.route).
export const Long = {
  open: (width, hash = '') => open(width, { hash, height: width < 600 ? 844 : 900, ignore4xx: true, timeout: 60000 }),
  settled: (page) => settled(page, 60000),
  choose: (page, game) => choose(page, game, 60000),
  // `game` chosen, then `body` (an object or text) analysed when given
  async analyse(page, game, body) {
    await Long.choose(page, game);
    if (body !== undefined && game === 'cgt') {
      // an expression has its own box (the one input; the JSON box is shown on request)
      await by(page, 'cgt-expression').fill(typeof body === 'string' ? JSON.parse(body).expression : body.expression);
      await by(page, 'cgt-expression').press('Enter');
      await Long.settled(page);
    } else if (body !== undefined) {
      await by(page, 'input').fill(typeof body === 'string' ? body : JSON.stringify(body));
      await by(page, 'analyze').click();
      await Long.settled(page);
    }
  },
};
