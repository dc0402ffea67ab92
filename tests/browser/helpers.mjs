// Shared set-up for the browser tests: dist/ (built if missing), the static server, headless
// Chromium (Debian's, never a downloaded one), the engine in node for expected values, and small
// helpers to edit a control and wait for the page to recompute.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildWeb } from '../../scripts/build-web.mjs';
import { serve } from '../../scripts/serve.mjs';

export const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = join(repo, 'dist');
export const artifacts = join(repo, 'test-artifacts');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

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
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
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
 * Opens the page in a fresh context and waits until the first result is shown. Console errors and
 * page errors are collected in page.problems.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{ width?: number, height?: number, colorScheme?: 'light'|'dark', hash?: string }} [opts]
 */
export async function openPage(browser, url, opts = {}) {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    colorScheme: opts.colorScheme ?? 'light',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // No network at run time: anything not from our server fails the test.
  const origin = new URL(url).origin;
  await page.route('**/*', (route) => {
    const target = route.request().url();
    if (target.startsWith(origin) || target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
    problems.push(`external request: ${target}`);
    return route.abort();
  });
  await page.goto(url + (opts.hash ?? ''));
  await page.waitForSelector('html[data-ready]');
  await saved(page);
  return Object.assign(page, { problems });
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
 * is on screen (html[data-saving] is set while a write waits; an element's host never sets it).
 * @param {import('playwright-core').Page} page
 */
export const saved = (page) => page.waitForFunction(() => !document.documentElement.hasAttribute('data-saving'));

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
 * it there and waits until it is drawn. @param {import('playwright-core').Page} page @param {string} [host]  an element's id
 */
export async function showChart(page, host) {
  const chart = host ? `#${host} >> #sweep-chart` : '#sweep-chart';
  await page.locator(chart).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${chart}[data-drawn]`);
}

/** The sweep table's text: it is built when its <details> opens, so open it first. */
export async function sweepTable(page) {
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.getElementById('sweep-table').closest('details')).open = true; });
  await page.waitForFunction(() => document.querySelectorAll('#sweep-table tbody tr').length > 0);
  return text(page, '#sweep-table');
}
