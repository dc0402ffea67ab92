// The calculator in a notebook (issues 38 and 46): a notebook that imports epochcalc, prints a result and
// displays two epochcalc.Calculators is executed headless with nbconvert (tests/notebook/run_notebook.py,
// with the extension scripts/build-python.sh built), exported to HTML, and the HTML opened in Chromium
// from the disk with every network request refused: each calculator's frame shows the numbers for its
// scenario, the same that the kernel printed from the engine in Python. With script disabled (a
// notebook that is not trusted) each answer still shows, as text and SVG; and the second calculator
// weighs its element and a loader, not another copy of the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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

/** @type {any} */
let ran = null;
/** The notebook executed and exported once, for every test below. */
function executed() {
  if (ran) return ran;
  const python = execFileSync('bash', ['scripts/build-python.sh'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  ran = JSON.parse(execFileSync(python, [path.join(root, 'tests/notebook/run_notebook.py'), dir], {
    cwd: root, encoding: 'utf8', env: { ...process.env, PYTHONPATH: path.join(root, 'build/native/python-package') },
  }).trim().split('\n').pop());
  return ran;
}

test('a notebook executed with nbconvert shows both calculators offline in its exported HTML, with the kernel\'s numbers', { timeout: 180_000 }, async () => {
  const { printed: said, output_types: types, html } = executed();
  const printed = Number(/accelerator epoch (\S+)/.exec(said)?.[1]);
  const second = Number(/second epoch (\S+)/.exec(said)?.[1]);
  assert.ok(printed > 0 && second > 0, said);
  for (const shown of types) assert.deepEqual(shown, ['text/html', 'text/plain'], 'each Calculator is rich output with a text fallback');
  assert.ok(readFileSync(html, 'utf8').includes('srcdoc='), 'the export keeps the calculator');

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
  await page.goto(pathToFileURL(html).href);
  const frames = await page.$$('iframe.epochcalc');
  assert.equal(frames.length, 2);
  for (const [i, want] of [printed, second].entries()) {
    // The frame shows itself once its calculator runs; the second one loads the first one's page.
    await page.waitForFunction((n) => getComputedStyle(document.querySelectorAll('iframe.epochcalc')[n]).display !== 'none', i, { timeout: 60_000 });
    const frame = await frames[i].contentFrame();
    assert.ok(frame);
    const shown = await frame.waitForFunction(() => /** @type {any} */ (document.querySelector('epoch-overhead-calculator'))?.result, null, { timeout: 60_000 })
      .then((h) => h.jsonValue());
    assert.equal(shown.accelerator.batched.epoch_time_s, want, `frame ${i + 1} shows the scenario the kernel solved`);
    assert.equal(shown.network.batched.batch_size, [64, 256][i]);
    // The numbers on screen, not only in the element's property: the headline's accelerator epoch.
    const text = await frame.evaluate(() => document.querySelector('epoch-overhead-calculator')?.shadowRoot?.textContent ?? '');
    assert.ok(text.replace(/\s+/g, ' ').includes(`${(want * 1000).toPrecision(4)} ms`), `no ${(want * 1000).toPrecision(4)} ms on screen`);
    // Where the calculator runs, its static copy is hidden.
    assert.equal(await frames[i].evaluate((f) => /** @type {HTMLElement} */ (f.previousElementSibling).hidden), true);
  }
  assert.deepEqual(problems, []);
  // The export's own page may ask the network for its styles or scripts (all refused); the calculator asked for nothing.
  assert.ok(requested.every((url) => !/epochcalc|\.wasm/.test(url)), requested.join('\n'));
  await context.close();
});

test('without script (an untrusted notebook) both answers show as text; the second calculator adds at most 100 KB', { timeout: 180_000 }, async () => {
  const { html, plain, notebook, one_calculator: one } = executed();
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.route(/^https?:/, (route) => route.abort());
  await page.goto(pathToFileURL(html).href);
  const visible = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  assert.equal(plain.length, 2);
  for (const text of plain) {
    // Each sentence of the answer, with its numbers, is on the page as text (the text/plain says the same).
    const sentences = text.split('\n').filter((line) => line.startsWith('At batch size'));
    assert.equal(sentences.length, 2, text);
    for (const sentence of sentences) assert.ok(visible.includes(sentence), `not shown without script: ${sentence}`);
  }
  assert.equal(await page.locator('.epochcalc-static svg').count(), 2, 'the bars as SVG, one chart per calculator');
  await context.close();
  const added = statSync(notebook).size - statSync(one).size;
  assert.ok(added > 0 && added <= 100_000, `the second calculator adds ${added} bytes`);
});
