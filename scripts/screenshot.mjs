// Writes the README's pictures: docs/screenshot.png, the top of the page's default view at 1280 x 900;
// docs/whatif.png, the what-if tools after pinning the default and cutting dispatch to 2 µs (the bars
// with the pin's outlines, the pins table, the one-click what-ifs); and docs/embed-example.png, the
// textbook-style example (examples/plain.html) with its embedded calculator and reactive paragraph;
// light scheme; and docs/chapter-example.png, the explorable chapter (examples/dispatch-tax.html) in its
// dark theme. Run after a build: `node scripts/screenshot.mjs`.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { serve } from './serve.mjs';
import { fullBrowser } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = await serve({ root: path.join(root, 'dist'), port: 0 });
const browser = await chromium.launch(fullBrowser());
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await page.goto(server.url);
  // The page marks itself ready once the first result is on screen.
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 15000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(root, 'docs/screenshot.png') });
  console.log('wrote docs/screenshot.png');

  await page.locator('#whatif').scrollIntoViewIfNeeded();
  await page.waitForSelector('#pin-now');
  await page.click('#pin-now');
  await page.fill('#dispatch', '2 us');
  await page.waitForSelector('#pin-table [data-key="pin.0.host.epoch"]');
  await page.waitForSelector('#quick-whatifs [data-whatif="cuda-graphs"] button');
  await page.evaluate(() => document.getElementById('bars-h')?.scrollIntoView());
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(root, 'docs/whatif.png') });
  console.log('wrote docs/whatif.png');

  const book = await browser.newPage({ viewport: { width: 1000, height: 1400 }, colorScheme: 'light' });
  await book.goto(`${server.url}examples/plain.html`);
  await book.waitForFunction(() => ['mnist', 'hidden', 'sweep'].every((id) => /** @type {any} */ (document.getElementById(id))?.result));
  await book.waitForTimeout(300);
  await book.screenshot({ path: path.join(root, 'docs/embed-example.png') });
  console.log('wrote docs/embed-example.png');

  // The explorable chapter: its draggable sentence, in the dark theme a reader switched to.
  const chapter = await browser.newPage({ viewport: { width: 900, height: 620 }, colorScheme: 'light' });
  await chapter.goto(`${server.url}examples/dispatch-tax.html`);
  await chapter.waitForFunction(() => [...document.querySelectorAll('epoch-value')].every((v) => /\d/.test(v.textContent ?? '')));
  await chapter.click('.theme-toggle');
  await chapter.focus('epoch-input[field="dispatch"]');
  await chapter.waitForTimeout(500);
  await chapter.screenshot({ path: path.join(root, 'docs/chapter-example.png') });
  console.log('wrote docs/chapter-example.png');
} finally {
  await browser.close();
  await server.close();
}
