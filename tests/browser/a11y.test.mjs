// Accessibility and layout: axe-core (no violation of any impact) in light and dark, in the error state
// too; every control labelled; a phone-width screen without sideways scrolling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUp, openPage, release, enter, repo, artifacts, showChart } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
const axeSource = readFileSync(join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8');
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

/** Runs axe on the page (with every <details> open, so their content is checked too). */
async function axe(page) {
  await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
  await page.evaluate(axeSource); // not a <script> element: the page's Content-Security-Policy refuses inline script
  const results = await page.evaluate(() => /** @type {any} */ (window).axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  }));
  return results.violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
}

for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
  test(`axe: no violations of any impact (${colorScheme})`, async () => {
    const page = await openPage(env.browser, env.url, { colorScheme });
    assert.deepEqual(await axe(page), []);
    await release(page);
  });

  test(`axe: no violations of any impact in the error state (${colorScheme})`, async () => {
    const page = await openPage(env.browser, env.url, { colorScheme });
    await enter(page, '#dispatch', 'abc');
    await enter(page, '#batch_size', '0');
    assert.deepEqual(await axe(page), []);
    await page.screenshot({ path: join(artifacts, `error-${colorScheme}-1280.png`) });
    await release(page);
  });

  test(`axe: each device's own overheads, the per-step and copy parts and "Each device pays" (${colorScheme})`, async () => {
    const page = await openPage(env.browser, env.url, {
      colorScheme,
      hash: '?preset=mnist-cpu-vs-h100&overheads.host.profile=pytorch-eager-cpu&overheads.accelerator.profile=pytorch-eager-cuda&accelerator.host_link_bandwidth=16%20GB%2Fs',
    });
    await page.waitForSelector('#paid table.paid');
    assert.deepEqual(await axe(page), []);
    await release(page);
  });
}

// The embeds: axe reads open shadow roots, so the elements' insides are checked with the host page.
for (const [example, colorScheme] of /** @type {const} */ ([['plain', 'light'], ['plain', 'dark'], ['iframe', 'light']])) {
  test(`axe: the ${example} example page with its embedded calculators has no violations (${colorScheme})`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, colorScheme, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${env.url}examples/${example}.html`);
    if (example === 'plain') {
      await page.waitForFunction(() => ['mnist', 'hidden', 'sweep'].every((id) => /** @type {any} */ (document.getElementById(id))?.result));
    } else {
      await page.waitForFunction(() => /px$/.test(document.getElementById('frame')?.style.height ?? '')); // set by iframe-host.js
    }
    assert.deepEqual(await axe(page), []);
    await context.close();
  });
}

test('every form control has a label', async () => {
  const page = await openPage(env.browser, env.url);
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter((el) => {
      const labels = /** @type {HTMLInputElement} */ (el).labels;
      const name = (labels && labels.length ? labels[0].textContent : '') || el.getAttribute('aria-label') ||
        (el.tagName === 'BUTTON' ? el.textContent : '');
      return !name?.trim();
    })
    .map((el) => el.id || el.outerHTML.slice(0, 80)));
  assert.deepEqual(unlabelled, []);
  // Every engine path has a control to show its errors at.
  const paths = await page.evaluate(() => [...document.querySelectorAll('[data-path]')].map((el) => el.getAttribute('data-path')));
  for (const p of ['/network/widths', '/network/batch_size', '/network/dataset', '/network/dataset/training_examples',
    '/host', '/host/peak_flops/fp32', '/host/memory_bandwidth', '/host/memory_capacity', '/host/tdp',
    '/accelerator', '/accelerator/peak_flops/int8', '/precision', '/dispatch', '/launch',
    '/dram_energy_per_byte', '/flop_energy', '/assumptions/phase', '/assumptions/ops_per_layer',
    '/assumptions/extra_ops_per_step', '/assumptions/overlap', '/assumptions/drop_last',
    '/assumptions/first_layer_input_gradient']) {
    assert.ok(paths.includes(p), `a control for ${p}`);
  }
  await release(page);
});

test('dark scheme: the page really switches colours', async () => {
  const light = await openPage(env.browser, env.url, { colorScheme: 'light' });
  const dark = await openPage(env.browser, env.url, { colorScheme: 'dark' });
  const bg = (p) => p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.notEqual(await bg(light), await bg(dark));
  await dark.screenshot({ path: join(artifacts, 'default-1280-dark.png'), fullPage: true });
  await release(light);
  await release(dark);
});

test('dark scheme: the chart follows a switch of the system scheme, drawn as a dark page draws it', async () => {
  const canvas = (p) => p.evaluate(() => /** @type {HTMLCanvasElement} */ (document.querySelector('#sweep-chart canvas')).toDataURL());
  const dark = await openPage(env.browser, env.url, { colorScheme: 'dark' });
  await showChart(dark);
  const drawnDark = await canvas(dark);
  await release(dark);
  const page = await openPage(env.browser, env.url, { colorScheme: 'light' });
  await showChart(page);
  const drawnLight = await canvas(page);
  assert.notEqual(drawnLight, drawnDark);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction((before) => /** @type {HTMLCanvasElement} */ (document.querySelector('#sweep-chart canvas')).toDataURL() !== before, drawnLight);
  assert.equal(await canvas(page), drawnDark);
  await release(page);
});

// The widths the page must work at, light and dark: a phone's first (375 px, loaded at that width,
// the chart shown), then the others by resizing the same page, as a rotated phone or a dragged window
// does. Each fits its width without a console error; the screenshots are for people to look at
// (test-artifacts/). They show the viewport: a full-page screenshot (a device-metrics override in the
// headless shell) stops the page's resize observers until the next load, so the chart no longer
// followed the next width.
for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
  test(`every width fits (375 px first, then 320, 390, 1024, 1280; ${colorScheme}): no sideways scrolling, bars and chart fit`, async () => {
    const page = await openPage(env.browser, env.url, { width: 375, height: 800, colorScheme });
    await showChart(page);
    for (const width of [375, 320, 390, 1024, 1280]) {
      if (width !== 375) await page.setViewportSize({ width, height: 900 });
      // The chart and the bars follow a resize a few frames later (their ResizeObservers): wait for the
      // chart to fit, for at most 5 s, then measure (the assertions below say what did not fit).
      await page.waitForFunction((w) => (document.querySelector('#sweep-chart canvas')?.getBoundingClientRect().right ?? 0) <= w,
        width, { polling: 50, timeout: 5000 }).catch(() => {});
      const { scrollWidth, chartRight, trackRight } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        chartRight: document.querySelector('#sweep-chart canvas')?.getBoundingClientRect().right ?? 0,
        trackRight: document.querySelector('.track')?.getBoundingClientRect().right ?? 0,
      }));
      assert.ok(scrollWidth <= width, `at ${width} px the page is ${scrollWidth} px wide`);
      assert.ok(chartRight <= width && chartRight > 200, `at ${width} px the chart ends at ${chartRight}`);
      assert.ok(trackRight <= width && trackRight > 200, `at ${width} px the bars end at ${trackRight}`);
      await page.screenshot({ path: join(artifacts, `page-${width}-${colorScheme}.png`) });
    }
    assert.deepEqual(page.problems, []);
    await release(page);
  });
}
