// The book's worker as an author deploys it (issue 44): only the files the README lists for the
// features a book uses, offline after a reload; what stops offline use said, not swallowed; a deploy
// reaching readers on their next load while an open page keeps the build it started with; and a cache
// that stays within its bound whatever a page posts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { ELEMENT_FEATURES } from '../../scripts/build-web.mjs';
import { bookFiles } from '../../scripts/precache.mjs';
import { testBrowser, dist, ensureDist } from './helpers.mjs';

const TIMEOUT = 90_000;
/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  await ensureDist();
  browser = await chromium.launch(testBrowser());
});
after(async () => { await browser?.close(); });

/** The README's rows, by a word of their feature. @param {string} word */
const row = (word) => Object.entries(ELEMENT_FEATURES).find(([k]) => k.includes(word))?.[1] ?? assert.fail(word);
const BASE = [...row('the calculator, its answer'), ...row('offline use')];
const SCRUB = [...BASE, ...row('(every type)'), ...row('scrub')];
const WHATIF = [...BASE, ...row('the what-if and devices views'), ...row('break-even values'), ...row('the sweep chart')];

/**
 * A chapter: `body` inside, the elements from epochcalc/, the worker registered beside it.
 * @param {string} body
 */
const chapter = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A chapter</title>
<script type="module" src="epochcalc/epochcalc-element.js"></script>
<script type="module">
import { registerBookWorker } from './epochcalc/epochcalc-book.js';
window.offline = registerBookWorker(new URL('epochcalc-book-sw.js?files=epochcalc/', location.href).href)
  .then(({ registration, ...said }) => said);
</script></head><body>${body}</body></html>`;

/**
 * A book in a fresh folder, served: book/<page>.html, book/epochcalc-book-sw.js and book/epochcalc/ with
 * only `files` from dist/ (the list of files as built: it names every file, the book copies some).
 * @param {import('node:test').TestContext} t @param {string[]} files @param {Record<string, string>} pages
 */
async function book(t, files, pages) {
  const rootDir = mkdtempSync(join(tmpdir(), 'epochcalc-bookw-'));
  t.after(() => rmSync(rootDir, { recursive: true, force: true }));
  const folder = join(rootDir, 'book', 'epochcalc');
  mkdirSync(folder, { recursive: true });
  for (const f of files) copyFileSync(join(dist, f), join(folder, f));
  copyFileSync(join(dist, 'epochcalc-book-sw.js'), join(rootDir, 'book', 'epochcalc-book-sw.js'));
  for (const [name, html] of Object.entries(pages)) writeFileSync(join(rootDir, 'book', name), html);
  const server = await serve({ root: rootDir, port: 0 });
  let open = true;
  t.after(() => (open ? server.close() : undefined));
  const context = await browser.newContext();
  t.after(() => context.close());
  return {
    folder,
    context,
    url: (/** @type {string} */ page) => `${server.url}book/${page}`,
    stop: async () => { open = false; await server.close(); },
  };
}

/** @param {import('playwright-core').BrowserContext} context */
async function newPage(context) {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT / 4);
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  return { page, problems };
}

/** What registerBookWorker said. @param {import('playwright-core').Page} page */
const said = (page) => page.evaluate(() => /** @type {any} */ (window).offline);

/** The calculator's epoch and every inline value, once all are shown. @param {import('playwright-core').Page} page */
const shown = (page) => page.waitForFunction(() => {
  const r = /** @type {any} */ (document.getElementById('c'))?.result;
  const values = [...document.querySelectorAll('epoch-value')].map((v) => v.textContent);
  return r && values.every(Boolean) ? { epoch: r.accelerator.batched.epoch_time_s, values } : null;
}).then((h) => h.jsonValue());

const FEATURE_SETS = [
  {
    name: 'a calculator and inline values',
    files: BASE,
    body: '<epoch-overhead-calculator id="c" view="compact"></epoch-overhead-calculator><p>The H100 takes <epoch-value for="c" field="accelerator.batched.epoch_time_s"></epoch-value>.</p>',
    /** @param {import('playwright-core').Page} page */
    works: async (page) => page.waitForFunction(() => document.getElementById('c')?.shadowRoot?.querySelector('#bars')),
  },
  {
    name: 'draggable numbers',
    files: SCRUB,
    body: '<epoch-overhead-calculator id="c" view="none"></epoch-overhead-calculator><p>At <epoch-input for="c" field="dispatch" type="scrub"></epoch-input> the H100 takes <epoch-value for="c" field="accelerator.batched.epoch_time_s"></epoch-value>.</p>',
    works: async (/** @type {import('playwright-core').Page} */ page) => page.waitForFunction(() => document.querySelector('epoch-input')?.shadowRoot?.querySelector('[role="slider"][tabindex="0"]')?.getAttribute('aria-valuenow')),
  },
  {
    name: 'what-ifs, break-even figures and the chart',
    files: WHATIF,
    body: '<epoch-overhead-calculator id="c" view="whatif"></epoch-overhead-calculator><p>Launch break-even: <epoch-value for="c" break-even="launch"></epoch-value>.</p>',
    works: async (/** @type {import('playwright-core').Page} */ page) => page.waitForFunction(() => document.getElementById('c')?.shadowRoot?.querySelector('#quick-whatifs [data-whatif] button')),
  },
];

for (const set of FEATURE_SETS) {
  test(`offline after a reload with only the README's files for ${set.name}`, { timeout: TIMEOUT }, async (t) => {
    const b = await book(t, set.files, { 'ch.html': chapter(set.body) });
    const { page, problems } = await newPage(b.context);
    await page.goto(b.url('ch.html'));
    const first = await shown(page);
    await set.works(page);
    const offline = await said(page);
    assert.equal(offline.ok, true, JSON.stringify(offline));
    assert.deepEqual(offline.problems, []);
    // Every file not copied is said to be missing, and none that was copied.
    const all = Object.values(ELEMENT_FEATURES).flat().filter((f) => f !== 'epochcalc-book-files.json');
    assert.deepEqual([...offline.missing].sort(), all.filter((f) => !set.files.includes(f)).sort());
    await b.stop();
    await page.reload();
    assert.deepEqual(await shown(page), first);
    await set.works(page);
    assert.deepEqual(problems, []);
  });
}

test('what stops offline use is said in the console and in the result: no file list, no worker file', { timeout: TIMEOUT }, async (t) => {
  const b = await book(t, BASE.filter((f) => f !== 'epochcalc-book-files.json'), {
    'ch.html': chapter('<epoch-overhead-calculator id="c" view="compact"></epoch-overhead-calculator>'),
    'no-worker.html': chapter('').replace("'epochcalc-book-sw.js?", "'no-such-sw.js?"),
  });
  const { page, problems } = await newPage(b.context);
  await page.goto(b.url('ch.html'));
  const offline = await said(page);
  assert.equal(offline.ok, false);
  assert.match(offline.problems.join(' '), /epochcalc-book-files\.json answered 404 at .*: copy it beside epochcalc-element\.js/);
  assert.ok(problems.some((p) => p.includes('epochcalc-book-files.json answered 404')), problems.join('\n'));
  // The calculator itself works online all the same.
  await shown(page);
  const other = await newPage(b.context);
  await other.page.goto(b.url('no-worker.html'));
  const none = await said(other.page);
  assert.equal(none.ok, false);
  assert.match(none.problems.join(' '), /no-such-sw\.js.* could not be registered .*copy epochcalc-book-sw\.js beside the book's pages/);
});

/** Marks a module of the build in the folder with its version, and writes the build's list anew. */
function deploy(/** @type {string} */ folder, /** @type {string} */ version, /** @type {string[]} */ files) {
  for (const f of ['epochcalc-element.js', 'epochcalc-tools.js']) {
    const path = join(folder, f);
    const code = readFileSync(path, 'utf8').replace(/\n;\(globalThis\.__builds \?\?= \[\]\)\.push\('[^']*'\);\n$/, '');
    writeFileSync(path, `${code}\n;(globalThis.__builds ??= []).push('${version} ${f}');\n`);
  }
  bookFiles(folder, files.filter((f) => f !== 'epochcalc-book-files.json'));
}

test('a deploy: the next load runs the new build only, and a page still open keeps the build it started with', { timeout: TIMEOUT }, async (t) => {
  const b = await book(t, WHATIF, { 'ch.html': chapter('<epoch-overhead-calculator id="c" view="compact"></epoch-overhead-calculator><p><epoch-value for="c" field="accelerator.batched.epoch_time_s"></epoch-value></p>') });
  deploy(b.folder, 'v1', WHATIF);
  const builds = (/** @type {import('playwright-core').Page} */ page) => page.evaluate(() => /** @type {any} */ (globalThis).__builds ?? []);
  /** The what-if view, which loads epochcalc-tools.js. @param {import('playwright-core').Page} page */
  const useTools = async (page) => {
    await page.evaluate(() => { /** @type {any} */ (document.getElementById('c')).view = 'whatif'; });
    await page.waitForFunction(() => document.getElementById('c')?.shadowRoot?.querySelector('#quick-whatifs [data-whatif] button'));
  };
  const a = await newPage(b.context);
  await a.page.goto(b.url('ch.html'));
  await shown(a.page);
  assert.equal((await said(a.page)).ok, true);
  assert.deepEqual(await builds(a.page), ['v1 epochcalc-element.js']);

  deploy(b.folder, 'v2', WHATIF);
  const c = await newPage(b.context);
  await c.page.goto(b.url('ch.html'));
  await shown(c.page);
  await useTools(c.page);
  assert.deepEqual(await builds(c.page), ['v2 epochcalc-element.js', 'v2 epochcalc-tools.js'], 'a load after the deploy');
  // The page opened before the deploy loads the tools now: from its own build, not the server's.
  await useTools(a.page);
  assert.deepEqual(await builds(a.page), ['v1 epochcalc-element.js', 'v1 epochcalc-tools.js'], 'the page open since before the deploy');
  // Its next load runs the new build, and so does a reload without a network.
  await a.page.reload();
  await shown(a.page);
  await useTools(a.page);
  assert.deepEqual(await builds(a.page), ['v2 epochcalc-element.js', 'v2 epochcalc-tools.js'], 'the next load');
  await b.stop();
  await a.page.reload();
  await shown(a.page);
  await useTools(a.page);
  assert.deepEqual(await builds(a.page), ['v2 epochcalc-element.js', 'v2 epochcalc-tools.js'], 'offline');
  assert.deepEqual([...a.problems, ...c.problems], []);
});

test('the cache holds only the book\'s addresses and stays within its bound after 2,000 posted URLs', { timeout: TIMEOUT }, async (t) => {
  const b = await book(t, BASE, { 'ch.html': chapter('<epoch-overhead-calculator id="c" view="compact"></epoch-overhead-calculator>') });
  const { page } = await newPage(b.context);
  await page.goto(b.url('ch.html'));
  assert.equal((await said(page)).ok, true);
  const bound = 200; // web/book-sw.js, PAGE_ENTRIES
  const post = (/** @type {string[]|'many'} */ urls) => page.evaluate(async (list) => {
    const worker = navigator.serviceWorker.controller ?? (await navigator.serviceWorker.ready).active;
    const at = (/** @type {number} */ i) => new URL(`ch.html?i=${i}`, location.href).href;
    if (list !== 'many') return void worker?.postMessage({ type: 'EPOCHCALC_CACHE_URLS', urls: list.map((u) => (u.startsWith('/') ? new URL(u, location.href).href : u)) });
    for (let m = 0; m < 20; m++) worker?.postMessage({ type: 'EPOCHCALC_CACHE_URLS', urls: Array.from({ length: 100 }, (_, i) => at(m * 100 + i)) });
  }, urls);
  // A list with an address that is none and one outside the book: the rest is taken all the same.
  await post(['http://[', '/elsewhere.html', b.url('ch.html?i=-1')]);
  await page.waitForFunction(async (u) => Boolean(await caches.match(u)), b.url('ch.html?i=-1'));
  assert.equal(await page.evaluate(async (u) => Boolean(await caches.match(u)), new URL('/elsewhere.html', b.url('')).href), false);
  await post('many');
  const kept = async () => page.evaluate(async () => {
    const keys = await (await caches.open('epochcalc-book-pages')).keys();
    return keys.map((r) => r.url);
  });
  // The worker works through the lists and trims as it goes: wait until the last list's addresses are
  // in and the count has not moved for a while.
  let urls = await kept();
  for (let i = 0, still = 0; i < 120 && still < 4; i++) {
    await page.waitForTimeout(250);
    const now = await kept();
    still = now.length === urls.length && now.some((u) => /\?i=19\d\d$/.test(u)) ? still + 1 : 0;
    urls = now;
  }
  assert.ok(urls.length > 0 && urls.length <= bound, `${urls.length} entries`);
  assert.ok(urls.every((u) => u.startsWith(b.url(''))), 'only the book\'s own addresses');
  const lists = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('epochcalc-book-')));
  assert.deepEqual(lists.filter((k) => k.startsWith('epochcalc-book-build-')).length, 1, lists.join(', '));
});
