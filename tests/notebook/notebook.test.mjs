// The calculator in a notebook (issue 38): a notebook that imports epochcalc, prints a result and
// displays epochcalc.Calculator is executed headless with nbconvert (tests/notebook/run_notebook.py,
// with the extension scripts/build-python.sh built), exported to HTML, and the HTML opened in Chromium
// from the disk with every network request refused: the calculator's frame shows the numbers for that
// scenario, the same that the kernel printed from the engine in Python.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { testBrowser } from '../browser/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** @type {import('playwright-core').Browser} */
let browser;
let dir = '';
before(async () => {
  browser = await chromium.launch(testBrowser());
  dir = mkdtempSync(path.join(tmpdir(), 'epochcalc-notebook-'));
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a notebook executed with nbconvert shows the calculator offline in its exported HTML, with the kernel\'s numbers', { timeout: 180_000 }, async () => {
  const python = execFileSync('bash', ['scripts/build-python.sh'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  const ran = JSON.parse(execFileSync(python, [path.join(root, 'tests/notebook/run_notebook.py'), dir], {
    cwd: root, encoding: 'utf8', env: { ...process.env, PYTHONPATH: path.join(root, 'build/native/python-package') },
  }).trim().split('\n').pop());
  const printed = Number(/accelerator epoch (\S+)/.exec(ran.printed)?.[1]);
  assert.ok(printed > 0, ran.printed);
  assert.ok(ran.output_types.includes('text/html'), 'the Calculator is rich output');
  assert.ok(readFileSync(ran.html, 'utf8').includes('srcdoc='), 'the export keeps the calculator');

  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const requested = [];
  await page.route(/^https?:/, (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(pathToFileURL(ran.html).href);
  const frame = await (await page.waitForSelector('iframe.epochcalc')).contentFrame();
  assert.ok(frame);
  const shown = await frame.waitForFunction(() => /** @type {any} */ (document.querySelector('epoch-overhead-calculator'))?.result, null, { timeout: 60_000 })
    .then((h) => h.jsonValue());
  assert.equal(shown.accelerator.batched.epoch_time_s, printed, 'the frame shows the scenario the kernel solved');
  assert.equal(shown.network.batched.batch_size, 64);
  // The numbers on screen, not only in the element's property: the headline's accelerator epoch.
  const text = await frame.evaluate(() => document.querySelector('epoch-overhead-calculator')?.shadowRoot?.textContent ?? '');
  assert.ok(text.replace(/\s+/g, ' ').includes(`${(printed * 1000).toPrecision(4)} ms`), `no ${(printed * 1000).toPrecision(4)} ms on screen`);
  assert.deepEqual(problems, []);
  // The export's own page may ask the network for its styles or scripts (all refused); the calculator asked for nothing.
  assert.ok(requested.every((url) => !/epochcalc|\.wasm/.test(url)), requested.join('\n'));
  await context.close();
});
