// Printed and narrow (issue 44): a printed page or chapter gives the answer, its figures and the devices
// table within the paper's width and leaves out the form; at 320 px nothing is cut at the screen's edge
// (the selects, the device table's caption, the map's axis title).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { testBrowser, dist, ensureDist } from './helpers.mjs';

const TIMEOUT = 90_000;
/** @type {import('playwright-core').Browser} */
let browser;
/** @type {{ url: string, close: () => Promise<void> }} */
let server;
before(async () => {
  await ensureDist();
  server = await serve({ root: dist, port: 0 });
  browser = await chromium.launch(testBrowser());
});
after(async () => { await browser?.close(); await server?.close(); });

/**
 * Opens a page at `width`, scrolled to the end as a reader does (the tools load), with every calculator answered.
 * @param {string} path @param {number} width
 */
async function opened(path, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT / 3);
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true'
    || ([...document.querySelectorAll('epoch-overhead-calculator')].length > 0 && [...document.querySelectorAll('epoch-overhead-calculator')].every((el) => /** @type {any} */ (el).result)));
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(40);
  }
  return page;
}

/** Elements (in the document and every shadow root) reaching past `width`, outside a sideways-scrolling box. */
const pastEdge = (/** @type {import('playwright-core').Page} */ page) => page.evaluate(() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (/** @type {Element} */ el) => {
    for (let a = el.parentElement ?? /** @type {any} */ (el.getRootNode()).host; a; a = a.parentElement ?? /** @type {any} */ (a.getRootNode()).host) {
      if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
    }
    return false;
  };
  /** @type {string[]} */
  const found = [];
  const visit = (/** @type {Document|ShadowRoot} */ root) => {
    for (const el of root.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > width + 1 && !scrolls(el)) found.push(`${el.localName}#${el.id}`);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return found;
});

for (const [name, path, calc] of [['the page', '', null], ['the chapter example', 'examples/dispatch-tax.html', 'full']]) {
  test(`printed, ${name} shows the answer, its figures and the devices table within the paper, and no form`, { timeout: TIMEOUT }, async () => {
    const page = await opened(/** @type {string} */ (path), 1280);
    const root = calc ? `document.getElementById('${calc}').shadowRoot` : 'document';
    await page.waitForFunction(`${root}?.querySelector('#device-table tbody tr')`);
    // A4 at 96 px an inch, less Chromium's default margins.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 718, height: 1000 });
    await page.waitForTimeout(300);
    const shown = await page.evaluate((r) => {
      const at = /** @type {Document|ShadowRoot} */ (new Function(`return ${r}`)());
      const visible = (/** @type {string} */ sel) => { const el = at.querySelector(sel); return Boolean(el && el.getClientRects().length > 0); };
      return { form: visible('#controls'), answer: visible('#answer'), bars: visible('#bars'), chart: visible('#sweep-chart'), devices: visible('#device-table') };
    }, root);
    assert.deepEqual(shown, { form: false, answer: true, bars: true, chart: true, devices: true });
    assert.deepEqual(await pastEdge(page), []);
    await page.context().close();
  });
}

test('at 320 px nothing of the chapter is cut at the screen\'s edge: selects, the devices\' caption, the map', { timeout: TIMEOUT }, async () => {
  const page = await opened('examples/dispatch-tax.html', 320);
  await page.waitForFunction(() => document.getElementById('full')?.shadowRoot?.querySelector('#device-table tbody tr'));
  // The map, opened.
  await page.evaluate(() => { const d = /** @type {HTMLDetailsElement} */ (document.getElementById('full')?.shadowRoot?.getElementById('map-panel')); d.open = true; d.scrollIntoView(); });
  await page.waitForFunction(() => document.getElementById('full')?.shadowRoot?.querySelector('#map svg'));
  assert.deepEqual(await pastEdge(page), []);
  // Each select and the devices' caption end inside the calculator's own box.
  const cut = await page.evaluate(() => {
    /** @type {string[]} */
    const out = [];
    for (const calc of document.querySelectorAll('epoch-overhead-calculator')) {
      const box = /** @type {HTMLElement} */ (calc.shadowRoot?.querySelector('.ec-root'));
      const edge = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight) + 1;
      for (const el of calc.shadowRoot?.querySelectorAll('select, #device-caption') ?? []) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.right > edge) out.push(`${calc.id} ${el.localName}#${el.id} ends at ${Math.round(r.right)} past ${Math.round(edge)}`);
      }
    }
    return out;
  });
  assert.deepEqual(cut, []);
  // The map's y-axis title lies within the picture.
  const title = await page.evaluate(() => {
    const svg = /** @type {SVGSVGElement} */ (document.getElementById('full')?.shadowRoot?.querySelector('#map svg'));
    const s = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text[transform^="rotate"]')].map((t) => t.getBoundingClientRect());
    return texts.map((r) => r.top >= s.top - 1 && r.bottom <= s.bottom + 1 && r.left >= s.left - 1);
  });
  assert.ok(title.length > 0 && title.every(Boolean), JSON.stringify(title));
  await page.context().close();
});
