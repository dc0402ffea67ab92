// The files an embed needs (issue 34): the README's list of files per feature is the build's
// (ELEMENT_FEATURES), a copy of just those files in a folder of any name works for every feature, and a
// file left out is asked for once and said once, however much the reader does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ELEMENT_FEATURES } from '../../scripts/build-web.mjs';
import { testBrowser, dist, ensureDist, repo } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  await ensureDist();
  browser = await chromium.launch(testBrowser());
});
after(async () => { await browser?.close(); });

const FILES = Object.values(ELEMENT_FEATURES).flat();

const CHAPTER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A chapter</title>
<script type="module" src="../vendor/calc/epochcalc-element.js"></script></head><body>
<epoch-overhead-calculator id="c" preset="mnist-cpu-vs-h100" view="full"></epoch-overhead-calculator>
<epoch-overhead-calculator id="w" preset="mnist-cpu-vs-h100" view="whatif"></epoch-overhead-calculator>
<p>Batch <epoch-input id="s" for="c" field="network.batch_size" type="scrub" min="1" max="4096" scale="log"></epoch-input>;
the H100 wins while launch stays below <epoch-value id="be" for="c" break-even="launch"></epoch-value>.</p>
</body></html>`;

/** Serves a chapter with only `files` copied into vendor/calc/; returns the page and every request's path and status. */
async function chapter(t, files) {
  const rootDir = mkdtempSync(join(tmpdir(), 'epochcalc-files-'));
  t.after(() => rmSync(rootDir, { recursive: true, force: true }));
  mkdirSync(join(rootDir, 'vendor/calc'), { recursive: true });
  mkdirSync(join(rootDir, 'chapter'));
  for (const f of files) copyFileSync(join(dist, f), join(rootDir, 'vendor/calc', f));
  writeFileSync(join(rootDir, 'chapter/index.html'), CHAPTER);
  const server = await serve({ root: rootDir, port: 0 });
  t.after(() => server.close());
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  t.after(() => context.close());
  const page = await context.newPage();
  /** @type {{path: string, status: number}[]} */
  const requests = [];
  page.on('response', (r) => requests.push({ path: new URL(r.url()).pathname, status: r.status() }));
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(`${server.url}chapter/`);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('c'))?.result);
  return { page, requests, problems };
}

/** Uses every feature: scrolls through the chart, drags the number, edits the calculator ten times. */
async function useEverything(page) {
  await page.waitForFunction(() => document.getElementById('s')?.shadowRoot?.querySelector('[role="slider"]')?.getAttribute('tabindex') === '0', null, { timeout: 5000 }).catch(() => {});
  await page.evaluate(() => document.getElementById('c')?.shadowRoot?.getElementById('sweep-chart')?.scrollIntoView());
  await page.waitForTimeout(300);
  for (let i = 0; i < 10; i++) {
    await page.evaluate((b) => /** @type {any} */ (document.getElementById('c')).set('network.batch_size', String(b)), 20 + i);
    await page.mouse.wheel(0, i % 2 ? -300 : 300);
    await page.waitForTimeout(60);
  }
  await page.locator('#s').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(800);
}

test('the README lists exactly the build\'s files per feature', () => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('#### Which files to copy'), readme.indexOf('#### Offline on a book'));
  const listed = [...table.matchAll(/`([\w.-]+\.(?:js|wasm|json))`/g)].map((m) => m[1]).filter((f) => f !== 'epochcalc-book-sw.js');
  assert.deepEqual([...new Set(listed)].sort(), [...FILES].sort());
});

test('the npm package ships every file the elements may load, and the book\'s worker', () => {
  const shipped = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).files;
  for (const f of [...FILES, 'epochcalc-book-sw.js']) assert.ok(shipped.includes(`dist/${f}`), `dist/${f} is not in package.json "files"`);
});

test('the listed files alone, in a folder of another name, serve every feature with no failed request', async (t) => {
  const { page, requests, problems } = await chapter(t, FILES);
  await useEverything(page);
  await page.waitForFunction(() => /\d/.test(document.getElementById('be')?.textContent ?? ''));
  await page.waitForFunction(() => document.getElementById('w')?.shadowRoot?.querySelector('#quick-whatifs [data-whatif] button'));
  await page.waitForFunction(() => document.getElementById('c')?.shadowRoot?.querySelector('[data-drawn="true"]'));
  const failed = requests.filter((r) => r.status >= 400);
  assert.deepEqual(failed, []);
  // Every file but the book's and the widget's (a book's own pages and its worker, or a widget host,
  // load them: tests/browser/book-worker.test.mjs and widget.test.mjs) was used.
  for (const f of FILES.filter((x) => !['epochcalc-book.js', 'epochcalc-book-files.json', 'epochcalc-widget.js'].includes(x))) {
    assert.ok(requests.some((r) => r.path === `/vendor/calc/${f}`), `${f} was used`);
  }
  assert.deepEqual(problems, []);
});

test('files left out are asked for once and said once, with their names, however much the reader does', async (t) => {
  const missing = ['epochcalc-tools.js', 'epochcalc_whatif_calls.js', 'epochcalc-chart.js', 'epochcalc-scrub.js'];
  const { page, requests, problems } = await chapter(t, FILES.filter((f) => !missing.includes(f)));
  await useEverything(page);
  await useEverything(page);
  for (const f of missing) {
    const asked = requests.filter((r) => r.path === `/vendor/calc/${f}`).length;
    assert.equal(asked, 1, `${f} asked for ${asked} times`);
  }
  // Said where it is needed: the what-if view and the chart name their file; the break-even value and
  // the draggable number once each in the console.
  const said = await page.evaluate(() => ['w', 'c'].map((id) => [...document.getElementById(id)?.shadowRoot?.querySelectorAll('p.field-error') ?? []].map((p) => p.textContent).join(' ')));
  assert.match(said[0], /epochcalc-tools\.js/);
  assert.match(said[1], /epochcalc-chart\.js/, problems.join('\n'));
  assert.equal(await page.locator('#be').textContent(), '—');
  const about = (file) => problems.filter((p) => p.includes(file) && !p.startsWith('Failed to load resource')).length;
  assert.equal(about('epochcalc_whatif_calls.js'), 1, problems.join('\n'));
  assert.equal(about('epochcalc-scrub.js'), 1, problems.join('\n'));
});
