// Accessibility and layout: axe-core (no violation of any impact) in light and dark, in the error state
// too; every control labelled; a phone-width screen without sideways scrolling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUp, openPage, release, enter, repo, artifacts, showChart, hostPage } from './helpers.mjs';

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
  test(`axe: no violations of any impact, with a pin, the chart across another field and the map drawn (${colorScheme})`, async () => {
    const page = await openPage(env.browser, env.url, { colorScheme });
    await page.locator('#chart-options').scrollIntoViewIfNeeded();
    await page.focus('#chart-x');
    await page.waitForSelector('#chart-x option[value="/dispatch"]', { state: 'attached' });
    await page.selectOption('#chart-x', '/dispatch');
    await page.waitForSelector('#field-chart[data-x="/dispatch"] svg[aria-label]');
    // The heading names the chart on screen (it said "against batch size" over any field's chart).
    assert.equal(await page.textContent('#sweep-h'), 'Epoch time against dispatch per operation');
    await page.click('#map-panel summary');
    await page.waitForSelector('#map[data-render-ms] svg');
    // A pin, so its table is checked too.
    await page.click('#pin-now');
    await page.waitForSelector('#pin-table [data-key="pin.0.host.epoch"]');
    assert.deepEqual(await axe(page), []);
    await page.selectOption('#chart-x', '/network/batch_size');
    await page.waitForFunction(() => !document.getElementById('sweep-chart')?.hidden);
    assert.equal(await page.textContent('#sweep-h'), 'Epoch time against batch size');
    await release(page);
  });

  // One page for two states: each device's own overheads (their table, the per-step and copy parts), then
  // the error state over them.
  test(`axe: no violations of any impact in the error state, with each device's own overheads, the per-step and copy parts and "Each device pays" (${colorScheme})`, async () => {
    const page = await openPage(env.browser, env.url, {
      colorScheme,
      hash: '?preset=mnist-cpu-vs-h100&overheads.host.profile=pytorch-eager-cpu&overheads.accelerator.profile=pytorch-eager-cuda&accelerator.host_link_bandwidth=16%20GB%2Fs',
    });
    await page.waitForSelector('#paid table.paid');
    await enter(page, '#dispatch', 'abc');
    await enter(page, '#batch_size', '0');
    await page.waitForSelector('#paid table.paid');
    // The greyed answer bar floats over whatever is beneath it: checked where that is the page itself
    // (at 60% opacity its text was about 3:1, a failure axe saw only when it could tell what was beneath).
    await page.waitForSelector('#now.stale');
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.deepEqual(await axe(page), []);
    await page.screenshot({ path: join(artifacts, `error-${colorScheme}-1280.png`) });
    await release(page);
  });
}

// The embeds: axe reads open shadow roots, so the elements' insides are checked with the host page.
for (const [example, colorScheme] of /** @type {const} */ ([['plain', 'light'], ['plain', 'dark'], ['iframe', 'light'], ['quarto', 'light'], ['jupyter-book', 'dark']])) {
  test(`axe: the ${example} example page with its embedded calculators has no violations (${colorScheme})`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, colorScheme, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${env.url}examples/${example}.html`);
    if (example === 'plain') {
      await page.waitForFunction(() => ['mnist', 'hidden', 'sweep'].every((id) => /** @type {any} */ (document.getElementById(id))?.result));
    } else if (example !== 'iframe') {
      await page.waitForFunction(() => [...document.querySelectorAll('epoch-overhead-calculator')].every((el) => /** @type {any} */ (el).result));
    } else {
      await page.waitForFunction(() => /px$/.test(document.getElementById('frame')?.style.height ?? '')); // set by iframe-host.js
    }
    assert.deepEqual(await axe(page), []);
    await context.close();
  });
}

// The explorable chapter (issue 34), in the Quarto and Jupyter Book styles: in light and dark (Quarto's by
// its own toggle, which the calculators follow; Jupyter Book's by the system's scheme), with every
// calculator answered, the draggable numbers and the what-if and devices views drawn.
for (const [example, colorScheme] of /** @type {const} */ ([['dispatch-tax', 'light'], ['dispatch-tax', 'dark'], ['dispatch-tax-jb', 'light'], ['dispatch-tax-jb', 'dark']])) {
  test(`axe: the explorable chapter ${example} has no violations (${colorScheme}); its numbers are sliders with names and values`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, colorScheme, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${env.url}examples/${example}.html`);
    await page.waitForFunction(() => [...document.querySelectorAll('epoch-overhead-calculator')].every((el) => /** @type {any} */ (el).result));
    await page.waitForFunction(() => [...document.querySelectorAll('epoch-value')].every((v) => (v.hasAttribute('words') ? /^(beats|loses to)$/ : /\d/).test(v.textContent ?? '')));
    await page.waitForFunction(() => document.getElementById('tax')?.shadowRoot?.querySelector('#quick-whatifs [data-whatif] button')
      && document.getElementById('devices')?.shadowRoot?.querySelector('#device-table tbody tr'));
    if (example === 'dispatch-tax' && colorScheme === 'dark') {
      await page.click('.theme-toggle');
      await page.waitForFunction(() => [...document.querySelectorAll('epoch-overhead-calculator')]
        .every((el) => /** @type {HTMLElement} */ (el.shadowRoot?.querySelector('.ec-root'))?.dataset.theme === 'dark'));
    }
    // Scrolled to the end, as a reader does: the full calculator loads its tools too (its own devices
    // table beside the devices view's: two landmarks that must keep their names apart).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => document.getElementById('full')?.shadowRoot?.querySelector('#device-table tbody tr'));
    // What a screen reader is given for each draggable number.
    const cdp = await context.newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const sliders = nodes.filter((n) => n.role?.value === 'slider').map((n) => [n.name?.value, String(n.value?.value ?? '')]);
    assert.deepEqual(sliders.map(([name]) => name).sort(), ['Batch size', 'Dispatch per operation']);
    assert.ok(sliders.every(([, v]) => v !== ''), `every slider has a value: ${JSON.stringify(sliders)}`);
    assert.deepEqual(await axe(page), []);
    await page.screenshot({ path: join(artifacts, `${example}-1100-${colorScheme}.png`), fullPage: true });
    await context.close();
  });
}

test('every form control has a label', async () => {
  const page = await openPage(env.browser, env.url);
  // The tools' controls too: the device table's price and idle power fields.
  await page.locator('#devices').scrollIntoViewIfNeeded();
  await page.waitForSelector('#device-table input[data-term="price:l4"]');
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll('input, select, textarea, button')]
    .filter((el) => {
      const labels = /** @type {HTMLInputElement} */ (el).labels;
      const name = (labels && labels.length ? labels[0].textContent : '') || el.getAttribute('aria-label') ||
        (el.tagName === 'BUTTON' ? el.textContent : '');
      return !name?.trim();
    })
    .map((el) => el.id || el.outerHTML.slice(0, 80)));
  assert.deepEqual(unlabelled, []);
  // Every field of the engine's table has a control to show its errors at (a width: the first one's).
  // A registry device's terms (/compared/-/...) are in the device table, one row each: the L4's here.
  const paths = await page.evaluate(() => [...document.querySelectorAll('[data-path]')].map((el) => el.getAttribute('data-path')));
  const missing = env.calc.schema().fields.map((f) => f.path.replace(/\/-$/, '/0').replace(/^\/compared\/-\//, '/compared/l4/')).filter((p) => !paths.includes(p));
  assert.deepEqual(missing, [], 'fields of the schema without a control');
  await release(page);
});

for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
  test(`phone width (375 px, ${colorScheme}): no sideways scrolling, bars and chart fit`, async () => {
    const page = await openPage(env.browser, env.url, { width: 375, height: 800, colorScheme });
    await showChart(page);
    const { scrollWidth, chartWidth, trackWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      chartWidth: document.querySelector('#sweep-chart canvas')?.getBoundingClientRect().right ?? 0,
      trackWidth: document.querySelector('.track')?.getBoundingClientRect().right ?? 0,
    }));
    assert.ok(scrollWidth <= 375, `page is ${scrollWidth} px wide`);
    assert.ok(chartWidth <= 375 && chartWidth > 200, `chart ends at ${chartWidth}`);
    assert.ok(trackWidth <= 375 && trackWidth > 200, `bars end at ${trackWidth}`);
    await page.screenshot({ path: join(artifacts, `default-375-${colorScheme}.png`), fullPage: true });
    await release(page);
  });
}

test('a table scrolls inside its region: nothing in a scroll region can widen the page (375 px)', async () => {
  // The device table is wider than a phone. Its region scrolls sideways, but a positioned element in it
  // (the visually hidden "Action" heading) is clipped by the region only if the region contains it; it
  // was not, and on a loaded machine the page briefly became 597 px wide at 320 px after a resize.
  const page = await openPage(env.browser, env.url, { width: 375, height: 800 });
  await page.locator('#devices').scrollIntoViewIfNeeded();
  await page.waitForSelector('#device-table tbody tr');
  const escaping = await page.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((region) => ['auto', 'scroll'].includes(getComputedStyle(region).overflowX))
    .flatMap((region) => [...region.querySelectorAll('*')]
      .filter((el) => getComputedStyle(el).position === 'absolute' && !region.contains(/** @type {HTMLElement} */ (el).offsetParent))
      .map((el) => `${region.getAttribute('aria-label') ?? region.className}: <${el.tagName.toLowerCase()}> "${el.textContent}"`)));
  assert.deepEqual(escaping, []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375);
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

// Screenshots for people to look at (test-artifacts/), at the widths the page must work at, light and
// dark; each must fit its width and load without a console error.
for (const width of [1280, 1024, 390, 320]) {
  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    test(`screenshot at ${width} px (${colorScheme}): fits, no errors`, async () => {
      const page = await openPage(env.browser, env.url, { width, height: 900, colorScheme });
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width);
      await page.screenshot({ path: join(artifacts, `page-${width}-${colorScheme}.png`), fullPage: true });
      assert.deepEqual(page.problems, []);
      await release(page);
    });
  }
}

test('axe: inline controls follow a dark site: a number box and a select in the page\'s own colours', async () => {
  const page = await hostPage(env, `<main><h1>A dark book</h1><p>Batch <epoch-input id="n" for="a" field="network.batch_size" type="number"></epoch-input>,
precision <epoch-input id="s" for="a" field="precision" type="select"></epoch-input>,
dispatch <epoch-input id="r" for="a" field="dispatch" type="range"></epoch-input>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator></main>`, { css: 'html { background: #121212; color: #e8e8e8; }' });
  await page.waitForFunction(() => !document.getElementById('n')?.shadowRoot?.querySelector('input')?.disabled
    && !document.getElementById('s')?.shadowRoot?.querySelector('select')?.disabled);
  const colours = await page.evaluate(() => ['#n input', '#s select'].map((sel) => {
    const [host, inner] = sel.split(' ');
    const el = /** @type {HTMLElement} */ (document.querySelector(host)?.shadowRoot?.querySelector(inner));
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor];
  }));
  // No white box with light text: the box takes the page's background (transparent) and text colour.
  for (const [color, background] of colours) {
    assert.equal(color, 'rgb(232, 232, 232)');
    assert.ok(background === 'rgba(0, 0, 0, 0)', background);
  }
  assert.deepEqual(await axe(page), []);
  await page.context().close();
});
