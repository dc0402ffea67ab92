// Shared set-up for the browser tests: dist/ (built if missing), the static server, headless
// Chromium (Debian's, never a downloaded one), the engine in node for expected values, and small
// helpers to edit a control and wait for the page to recompute.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildWeb } from '../../scripts/build-web.mjs';
import { serve } from '../../scripts/serve.mjs';
import { testBrowser } from '../../scripts/chromium.mjs';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = join(repo, 'dist');
export const artifacts = join(repo, 'test-artifacts');

export { testBrowser };

/** Builds dist/ unless it is there. Test files run in parallel, so build aside and rename. */
export async function ensureDist() {
  if (existsSync(join(dist, 'index.html'))) return;
  const tmp = `${dist}.tmp-${process.pid}`;
  await buildWeb({ outdir: tmp, quiet: true });
  try {
    renameSync(tmp, dist);
  } catch {
    // Another test file won the race; its dist/ is the same build.
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Everything a test file needs; call close() in after().
 * @returns {Promise<{ url: string, browser: import('playwright-core').Browser, calc: any, close: () => Promise<void> }>}
 */
export async function setUp() {
  await ensureDist();
  mkdirSync(artifacts, { recursive: true });
  const server = await serve({ root: dist, port: 0 });
  const browser = await chromium.launch(testBrowser());
  // The engine exactly as shipped in dist/, loaded in node for the expected numbers.
  const { createCalculator } = await import(pathToFileURL(join(dist, 'epochcalc.js')).href);
  const calc = await createCalculator({ wasmBinary: readFileSync(join(dist, 'epochcalc_core.wasm')) });
  return {
    url: server.url,
    browser,
    calc,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Pages ready for reuse, per browser. A new browser context starts a new renderer: about one CPU
 * second on these machines before the page loads, and the page then loads cold (no compiled script
 * or WebAssembly to reuse). A test file's tests run one after another, so each test gets a tab that
 * an earlier test released, reset to a first visit: its origin's storage, service workers, caches,
 * permissions and cookies cleared, its viewport and colour scheme set anew.
 * @type {WeakMap<import('playwright-core').Browser, import('playwright-core').Page[]>}
 */
const released = new WeakMap();

/**
 * Opens the page as on a first visit and waits until the first result is shown. Console errors and
 * page errors are collected in page.problems. Give the page back with release(page) when the test is
 * done with it (a page never released is simply not reused).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ width?: number, height?: number, colorScheme?: 'light'|'dark', hash?: string }} [opts]
 */
export async function openPage(browser, url, opts = {}) {
  const viewport = { width: opts.width ?? 1280, height: opts.height ?? 900 };
  const colorScheme = opts.colorScheme ?? 'light';
  const origin = new URL(url).origin;
  let page = released.get(browser)?.pop();
  if (page && !page.isClosed()) {
    await page.goto('about:blank');
    const context = page.context();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.detach();
    await context.clearCookies();
    await context.clearPermissions();
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
  } else {
    // No service worker: once the page is idle it would install one that precaches every file and
    // compiles both WebAssembly modules, on each test's fresh origin (offline.test.mjs and the policy
    // test check offline use in contexts of their own).
    const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true, serviceWorkers: 'block' });
    page = await context.newPage();
    const p = page;
    p.on('console', (m) => { if (m.type() === 'error') /** @type {any} */ (p).problems.push(`console: ${m.text()}`); });
    p.on('pageerror', (e) => /** @type {any} */ (p).problems.push(`pageerror: ${e.message}`));
    // No network at run time: anything not from our server fails the test.
    await p.route('**/*', (route) => {
      const target = route.request().url();
      if (target.startsWith(origin) || target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
      /** @type {any} */ (p).problems.push(`external request: ${target}`);
      return route.abort();
    });
  }
  /** @type {string[]} */
  const problems = [];
  Object.assign(page, { problems });
  await page.goto(url + (opts.hash ?? ''));
  await page.waitForSelector('html[data-ready]');
  await saved(page);
  return /** @type {import('playwright-core').Page & { problems: string[] }} */ (page);
}

/**
 * Gives a page from openPage back for the next test to reuse. Anything the test added to it beyond
 * the page's own load (routes, listeners, dialogs) must not be left behind: such a test closes its
 * page's context instead.
 * @param {import('playwright-core').Page} page
 */
export async function release(page) {
  const browser = page.context().browser();
  if (page.isClosed() || !browser) return;
  released.set(browser, [...(released.get(browser) ?? []), page]);
}

/** The number a result element carries (data-value). */
export async function value(page, key) {
  const v = await page.getAttribute(`[data-key="${key}"]`, 'data-value');
  if (v == null) throw new Error(`no element with data-key ${key}`);
  return Number(v);
}

/** An element's text with no-break spaces (between numbers and units) read as spaces. */
export async function text(page, selector) {
  return ((await page.textContent(selector)) ?? '').replace(/\u00a0/g, ' ');
}

/** The page's recompute counter. */
const updates = (page) => page.evaluate(() => Number(document.documentElement.dataset.updates ?? 0));

/**
 * Waits until the page has written the address and the stored scenario, which it does once an edit
 * is on screen (html[data-saving] is set while a write waits; an element's host never sets it), and
 * until the what-if answers have come (html[data-settling]): they change the text above the later
 * tools, and a click while they move the layout can press on one place and release on another.
 * @param {import('playwright-core').Page} page
 */
export const saved = (page) => page.waitForFunction(() => !document.documentElement.hasAttribute('data-saving') && !document.documentElement.hasAttribute('data-settling'),
  null, { polling: 50 }); // polled every 50 ms, not every frame: a wait that asks for frames makes the page draw them

/** Runs an action and waits until the page has recomputed after it, and written its address. */
export async function afterUpdate(page, action) {
  const before = await updates(page);
  await action();
  await page.waitForFunction((n) => Number(document.documentElement.dataset.updates ?? 0) > n, before);
  await saved(page);
}

/** Types into a text field (replacing its text) and waits for the recompute. */
export const fill = (page, selector, text) => afterUpdate(page, () => page.fill(selector, text));
/** Types into a text field and leaves it, so an error held back while typing shows at once. */
export async function enter(page, selector, text) {
  await fill(page, selector, text);
  await page.locator(selector).blur();
}
/** Picks an option and waits for the recompute. */
export const choose = (page, selector, option) => afterUpdate(page, () => page.selectOption(selector, option));

/** Relative closeness for floating-point results. */
export function near(actual, expected, rel = 1e-12) {
  const scale = Math.max(Math.abs(expected), Number.MIN_VALUE);
  return Math.abs(actual - expected) / scale <= rel;
}

/**
 * The sweep chart loads when it first comes into view (a first visit does not carry uPlot): scrolls
 * it there and waits until it is drawn. The what-if tools above it may arrive just after the scroll
 * and push it out of view again (their section grows from one line to its full size), so it scrolls
 * back, as a reader would. @param {import('playwright-core').Page} page @param {string} [host]  an element's id
 */
export async function showChart(page, host) {
  const chart = host ? `#${host} >> #sweep-chart` : '#sweep-chart';
  for (let attempt = 1; ; attempt++) {
    await page.locator(chart).scrollIntoViewIfNeeded();
    try {
      await page.waitForSelector(`${chart}[data-drawn]`, { timeout: attempt < 5 ? 2000 : undefined });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/** The sweep table's text: it is built when its <details> opens, so open it first. */
export async function sweepTable(page) {
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.getElementById('sweep-table').closest('details')).open = true; });
  await page.waitForFunction(() => document.querySelectorAll('#sweep-table tbody tr').length > 0);
  return text(page, '#sweep-table');
}

/**
 * The report paragraph, once the export tools (loaded when their section comes into view) have
 * written it. @param {import('playwright-core').Page} page
 */
export async function reportText(page) {
  await page.locator('#export').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => /** @type {HTMLTextAreaElement} */ (document.getElementById('report')).value !== '');
  return page.inputValue('#report');
}

/**
 * A host page that embeds the elements, served at /test-host/page.html (so "../epochcalc-element.js" is
 * the build's), in a fresh context without a service worker. Every request is counted (page.requests);
 * anything not from the server is refused; page errors and console errors are collected (page.problems).
 * @param {{ browser: import('playwright-core').Browser, url: string }} env
 * @param {string} body  the host page's body
 * @param {{ css?: string, head?: string, width?: number, delayWasmMs?: number, hasTouch?: boolean }} [opts]
 */
export async function hostPage(env, body, opts = {}) {
  const context = await env.browser.newContext({ viewport: { width: opts.width ?? 1100, height: 900 }, serviceWorkers: 'block', hasTouch: opts.hasTouch ?? false });
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const requests = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  const origin = new URL(env.url).origin;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host page</title>
<style>${opts.css ?? ''}</style>${opts.head ?? ''}<script type="module" src="../epochcalc-element.js"></script></head><body>${body}</body></html>`;
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    requests.push(url);
    if (!url.startsWith(origin)) return route.abort();
    if (url.startsWith(`${origin}/test-host/`)) return route.fulfill({ contentType: 'text/html', body: html });
    if (opts.delayWasmMs && url.endsWith('.wasm')) await new Promise((r) => setTimeout(r, opts.delayWasmMs));
    return route.continue();
  });
  await page.goto(`${env.url}test-host/page.html`);
  return Object.assign(page, { problems, requests });
}
