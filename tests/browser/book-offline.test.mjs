// Offline on a book's pages (issue 34): the Quarto and Jupyter Book examples register the book's worker
// (dist/epochcalc-book-sw.js beside the pages, the elements' files in another folder), and after one
// visit their calculators and inline values come back on a reload with the server stopped.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ELEMENT_FEATURES } from '../../scripts/build-web.mjs';
import { testBrowser, dist, ensureDist } from './helpers.mjs';

const TIMEOUT = 60_000;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  await ensureDist();
  browser = await chromium.launch(testBrowser());
});
after(async () => { await browser?.close(); });

for (const [name, id] of [['quarto.html', 'q'], ['jupyter-book.html', 'jb']]) {
  test(`${name}: after one visit, a reload with the server stopped shows the page, its calculator and its inline values`, { timeout: TIMEOUT }, async (t) => {
    const rootDir = mkdtempSync(join(tmpdir(), 'epochcalc-book-'));
    t.after(() => rmSync(rootDir, { recursive: true, force: true }));
    cpSync(dist, join(rootDir, 'book'), { recursive: true });
    const server = await serve({ root: rootDir, port: 0 });
    let open = true;
    t.after(() => (open ? server.close() : undefined));
    const context = await browser.newContext();
    t.after(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT / 3);
    /** @type {string[]} */
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    const url = `${server.url}book/examples/${name}`;
    await page.goto(url);
    const shown = () => page.waitForFunction((i) => {
      const r = /** @type {any} */ (document.getElementById(i))?.result;
      const values = [...document.querySelectorAll('epoch-value')].map((v) => v.textContent);
      return r && values.every(Boolean) ? { epoch: r.accelerator.batched.epoch_time_s, values } : null;
    }, id).then((h) => h.jsonValue());
    const first = await shown();
    // The worker is the book's, at the pages' folder, and it has the page and every element file.
    const ready = () => page.evaluate(async (u) => {
      const registration = await navigator.serviceWorker.getRegistration();
      return Boolean(registration?.active?.scriptURL.includes('/book/examples/epochcalc-book-sw.js') && await caches.match(u));
    }, url);
    for (let i = 0; i < 100 && !(await ready()); i++) await page.waitForTimeout(100);
    assert.ok(await ready(), 'the book\'s worker runs and has the page');
    const cached = await page.evaluate(async (files) => {
      const found = await Promise.all(files.map((f) => caches.match(new URL(`../${f}`, location.href).href, { ignoreSearch: true }).then(Boolean)));
      return files.filter((_, i) => !found[i]);
    }, Object.values(ELEMENT_FEATURES).flat().filter((f) => f !== 'epochcalc-book-files.json'));
    assert.deepEqual(cached, [], 'element files not precached');

    await server.close();
    open = false;
    await page.reload();
    const again = await shown();
    assert.deepEqual(again, first);
    assert.deepEqual(problems, []);
  });
}
