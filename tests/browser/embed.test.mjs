// Embedding: <epoch-overhead-calculator> on host pages (hostile CSS, several on one page, attributes and
// events, the author's fallback content), a reactive paragraph (<epoch-input> and <epoch-value>), the
// iframe embed in a sandboxed frame, and the example pages the README points to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setUp, repo, hostPage } from './helpers.mjs';
import { formatField, valueAt, fieldValue } from '../../web/src/field-format.js';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

const HOSTILE_CSS = `* { all: revert } div, span, p { display: none !important } body { color: transparent; font-size: 40px }`;

/** A page in a fresh context that collects page errors and console errors in page.problems. */
async function freshPage(width = 1100) {
  // No service worker (the iframe's page would install one): offline use has tests of its own.
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  return Object.assign(page, { problems });
}

/** A host page with this body (helpers.mjs). @param {string} body @param {Parameters<typeof hostPage>[2]} [opts] */
const host = (body, opts) => hostPage(env, body, opts);

/** Waits until the element with this id has a result. */
const resultOf = (page, id) => page.waitForFunction((i) => /** @type {any} */ (document.getElementById(i))?.result, id)
  .then((h) => h.jsonValue());

/** What an element shows: its headline figures (data-value) and sentence, read inside its shadow root. */
const shown = (page, id) => page.evaluate((i) => {
  const root = /** @type {ShadowRoot} */ (document.getElementById(i)?.shadowRoot);
  const big = (key) => root.querySelector(`[data-key="${key}"]`);
  const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
  const sentence = /** @type {HTMLElement} */ (root.getElementById('sentence'));
  const style = getComputedStyle(sentence);
  return {
    host: Number(big('host.batched.epoch')?.getAttribute('data-value')),
    accelerator: Number(big('accelerator.batched.epoch')?.getAttribute('data-value')),
    hostText: big('host.batched.epoch')?.textContent,
    sentence: sentence.textContent,
    color: style.color,
    fontSize: style.fontSize,
    visible: sentence.checkVisibility() && big('host.batched.epoch')?.checkVisibility(),
    element: box(/** @type {HTMLElement} */ (document.getElementById(i))),
    bars: box(/** @type {HTMLElement} */ (root.getElementById('bars'))),
  };
}, id);

test('two elements with different presets under hostile host CSS: each shows its own numbers, unchanged by the CSS', async () => {
  const body = `<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="compact"></epoch-overhead-calculator>
<epoch-overhead-calculator id="b" preset="cifar10-inference-xeon-vs-l4" view="compact"></epoch-overhead-calculator>`;
  const plain = await host(body);
  const hostile = await host(body, { css: HOSTILE_CSS });
  for (const [id, preset] of [['a', 'mnist-cpu-vs-h100'], ['b', 'cifar10-inference-xeon-vs-l4']]) {
    const expected = env.calc.solve({ preset });
    for (const page of [plain, hostile]) await resultOf(page, id);
    const calm = await shown(plain, id);
    const attacked = await shown(hostile, id);
    assert.equal(attacked.host, expected.host.batched.epoch_time_s, `${id} host`);
    assert.equal(attacked.accelerator, expected.accelerator.batched.epoch_time_s, `${id} accelerator`);
    assert.ok(attacked.visible, `${id} is visible under hostile CSS`);
    assert.notEqual(attacked.color, 'rgba(0, 0, 0, 0)', `${id} text is not transparent`);
    // The host page's CSS changes nothing inside: same text size, same layout.
    assert.equal(attacked.fontSize, calm.fontSize, id);
    assert.deepEqual(attacked.element, calm.element, `${id} element box`);
    assert.deepEqual(attacked.bars, calm.bars, `${id} bars box`);
    assert.equal(attacked.sentence, calm.sentence);
  }
  const [a, b] = [await shown(hostile, 'a'), await shown(hostile, 'b')];
  assert.notEqual(a.host, b.host, 'the two presets differ');
  assert.deepEqual([...plain.problems, ...hostile.problems], []);
  await plain.context().close();
  await hostile.context().close();
});

test('three elements share one module and one .wasm download; the fallback content shows until the engine is ready', async () => {
  const page = await host(`<epoch-overhead-calculator id="a" view="bars"><p id="fallback">A static figure of the default scenario.</p></epoch-overhead-calculator>
<epoch-overhead-calculator id="b" preset="fashion-mnist-laptop" view="table"></epoch-overhead-calculator>
<epoch-overhead-calculator id="c" preset="mnist-compiled-graph" view="sweep"></epoch-overhead-calculator>`, { delayWasmMs: 800 });
  // While the .wasm is on its way, the author's own content is what readers see.
  await page.waitForSelector('#fallback', { state: 'visible' });
  for (const id of ['a', 'b', 'c']) await resultOf(page, id);
  assert.equal(await page.isVisible('#fallback'), false, 'the live view replaced the fallback');
  const count = (suffix) => page.requests.filter((u) => new URL(u).pathname.endsWith(suffix)).length;
  assert.equal(count('/epochcalc_core.wasm'), 1, 'one .wasm request');
  assert.equal(count('/epochcalc-element.js'), 1, 'one module request');
  // Each shows its own view: the chart only in c, the table only in b.
  const has = (id, sel) => page.evaluate(([i, s]) => Boolean(document.getElementById(i)?.shadowRoot?.querySelector(s)?.checkVisibility()), [id, sel]);
  await page.locator('#c').scrollIntoViewIfNeeded();
  await page.waitForSelector('#c >> #sweep-chart[data-drawn]');
  assert.equal(await has('c', '#sweep-chart canvas'), true);
  assert.equal(await has('a', '#sweep-chart canvas'), false);
  assert.equal(await has('b', '#result-table td'), true);
  assert.equal(await has('a', '#controls'), false, 'no controls unless asked for');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('attributes: a field by its dotted path, read by the engine; result and error events; .scenario and .result', async () => {
  const page = await host('<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="compact" dispatch="20 us"></epoch-overhead-calculator>');
  const first = await resultOf(page, 'a');
  assert.equal(first.scenario.dispatch, 20e-6, 'dispatch="20 us" read by the engine');
  assert.equal(first.accelerator.batched.epoch_time_s, env.calc.solve({ preset: 'mnist-cpu-vs-h100', dispatch: '20 us' }).accelerator.batched.epoch_time_s);

  /** Sets attributes and returns the next event of that type. */
  const next = (type, attrs) => page.evaluate(([t, a]) => new Promise((resolve) => {
    const el = /** @type {any} */ (document.getElementById('a'));
    el.addEventListener(t, (e) => resolve({ detail: e.detail, scenario: el.scenario, result: el.result }), { once: true });
    setTimeout(() => resolve({ detail: `no ${t} event within 10 s` }), 10000);
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
  }), [type, attrs]);

  const edited = await next('epochcalc-result', { 'network.batch_size': '64', 'accelerator.memory_bandwidth': '2 TB/s' });
  const expected = env.calc.solve({ preset: 'mnist-cpu-vs-h100', dispatch: '20 us', network: { batch_size: 64 }, accelerator: { memory_bandwidth: '2 TB/s' } });
  assert.equal(edited.detail.accelerator.batched.epoch_time_s, expected.accelerator.batched.epoch_time_s);
  assert.equal(edited.detail.network.batched.batch_size, 64);
  assert.deepEqual(edited.result, edited.detail, '.result is the last result');
  assert.equal(edited.scenario.network.batch_size, 64, '.scenario holds the document as the engine edited it');
  assert.equal(edited.scenario.accelerator.memory_bandwidth, '2 TB/s', 'a quantity stays as written');
  assert.equal((await shown(page, 'a')).accelerator, expected.accelerator.batched.epoch_time_s, 'shown on screen');

  // An invalid value is reported like any other input: the engine's code and path, shown in the element.
  const bad = await next('epochcalc-error', { dispatch: 'fast' });
  assert.equal(bad.detail[0].code, 'E_UNIT');
  assert.equal(bad.detail[0].path, '/dispatch');
  const banner = await page.evaluate(() => document.getElementById('a')?.shadowRoot?.getElementById('global-error')?.textContent ?? '');
  // Said in the page's words: the field's label, the value as written.
  assert.match(banner, /^Dispatch per operation: "fast"/);
  assert.equal(bad.result.accelerator.batched.epoch_time_s, expected.accelerator.batched.epoch_time_s, 'the last result stays');

  const fixed = await next('epochcalc-result', { dispatch: '5 us' });
  assert.equal(fixed.detail.scenario.dispatch, 5e-6);
  // Assigning .scenario loads a whole document.
  const assigned = await page.evaluate(() => new Promise((resolve) => {
    const el = /** @type {any} */ (document.getElementById('a'));
    setTimeout(() => resolve({ host: 'no result event within 10 s' }), 10000);
    el.addEventListener('epochcalc-result', (e) => resolve(e.detail), { once: true });
    el.scenario = { preset: 'fashion-mnist-laptop' };
  }));
  assert.equal(/** @type {any} */ (assigned).host.batched.epoch_time_s, env.calc.solve({ preset: 'fashion-mnist-laptop' }).host.batched.epoch_time_s);
  // theme="dark" recolours the element.
  const background = () => page.evaluate(() => getComputedStyle(/** @type {Element} */ (document.getElementById('a')?.shadowRoot?.querySelector('.ec-root'))).backgroundColor);
  const light = await background();
  await page.evaluate(() => document.getElementById('a')?.setAttribute('theme', 'dark'));
  await page.waitForFunction((l) => getComputedStyle(/** @type {Element} */ (document.getElementById('a')?.shadowRoot?.querySelector('.ec-root'))).backgroundColor !== l, light);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an unknown preset, a broken scenario attribute or an unknown field is an error in the element, not a crash', async () => {
  const page = await host(`<epoch-overhead-calculator id="p" preset="nope" view="compact"></epoch-overhead-calculator>
<epoch-overhead-calculator id="s" scenario="{not json" view="compact"></epoch-overhead-calculator>
<epoch-overhead-calculator id="f" view="compact" network.batch_sise="8"></epoch-overhead-calculator>`);
  for (const id of ['p', 's', 'f']) {
    await page.waitForFunction((i) => (document.getElementById(i)?.shadowRoot?.getElementById('global-error')?.textContent ?? '').length > 0, id);
  }
  const text = (id) => page.evaluate((i) => document.getElementById(i)?.shadowRoot?.getElementById('global-error')?.textContent ?? '', id);
  assert.match(await text('p'), /nope/);
  assert.match(await text('f'), /batch_sise/);
  assert.ok((await text('s')).length > 0);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a reactive paragraph: the inline values follow a dragged slider to the engine\'s numbers', async () => {
  const page = await freshPage(1100);
  await page.goto(`${env.url}examples/plain.html`);
  await resultOf(page, 'hidden');
  const slider = page.locator('#reactive epoch-input input[type="range"]');
  await slider.waitFor();
  await page.waitForFunction(() => !document.querySelector('#reactive epoch-input')?.shadowRoot?.querySelector('input')?.disabled);
  await slider.scrollIntoViewIfNeeded();
  const box = /** @type {{x: number, y: number, width: number, height: number}} */ (await slider.boundingBox());
  // Drag the thumb from the left end to about three quarters along, in steps, as a hand would.
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  for (let f = 0.1; f <= 0.75; f += 0.05) await page.mouse.move(box.x + box.width * f, box.y + box.height / 2);
  await page.mouse.up();
  const values = await page.evaluate(() => {
    const calc = /** @type {any} */ (document.getElementById('hidden'));
    return {
      batch: calc.scenario.network.batch_size,
      valueText: document.querySelector('#reactive epoch-input')?.shadowRoot?.querySelector('input')?.getAttribute('aria-valuetext'),
      inline: [...document.querySelectorAll('#reactive epoch-value')].map((v) => ({ field: v.getAttribute('field'), format: v.getAttribute('format'), text: v.textContent })),
    };
  });
  const batch = Number(values.batch);
  assert.ok(batch > 32 && batch <= 4096, `the drag moved the batch size (${values.batch})`);
  assert.equal(values.valueText, batch.toLocaleString('en-US'));
  const expected = env.calc.solve({ preset: 'mnist-cpu-vs-h100', network: { batch_size: batch } });
  assert.equal(values.inline.length, 4);
  for (const v of values.inline) {
    assert.equal(v.text, formatField(v.field, valueAt(expected, v.field), v.format), v.field);
  }
  // Once the value rests, the sentence is read out once (announce), with the new numbers, in the page's
  // one polite region; it is emptied after, so reading the page does not find it again.
  const region = '[data-epochcalc-announcer][role="status"]';
  await page.waitForFunction((r) => (document.querySelector(r)?.textContent ?? '').includes('per epoch'), region);
  const spoken = await page.evaluate((r) => document.querySelector(r)?.textContent ?? '', region);
  const said = (field) => formatField(field, valueAt(expected, field)).replace(/\u00a0/g, ' ');
  assert.ok(spoken.startsWith(`At batch size ${batch.toLocaleString('en-US')}, the H100 spends ${said('accelerator.batched.epoch_time_s')} per epoch`), spoken);
  await page.waitForFunction((r) => document.querySelector(r)?.textContent === '', region, { timeout: 10_000 });
  assert.equal(await page.locator(region).count(), 1, 'one region for the page');
  // The keyboard works too: End is the slider's maximum.
  await slider.focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('hidden')).scenario.network.batch_size === 4096);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('inline controls: a yes/no select reads as it shows, and a field left out shows the engine\'s default', async () => {
  const page = await host(`<p>Input gradient <epoch-input id="grad" for="c" field="assumptions.first_layer_input_gradient" type="select"></epoch-input>,
drop last <epoch-input id="drop" for="c" field="assumptions.drop_last" type="select"></epoch-input>.</p>
<epoch-overhead-calculator id="c" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'c');
  await page.waitForFunction(() => !document.getElementById('grad')?.shadowRoot?.querySelector('select')?.disabled);
  const shown = (id) => page.evaluate((i) => {
    const root = document.getElementById(i)?.shadowRoot;
    const select = /** @type {HTMLSelectElement} */ (root?.querySelector('select'));
    return { value: select.value, option: select.selectedOptions[0]?.text, output: root?.querySelector('output')?.textContent };
  }, id);
  // Left out of the scenario, the input's gradient is on (the schema's default); drop_last is written, off.
  // The text beside each, which the sentence is read out with, is the option the reader sees.
  assert.deepEqual(await shown('grad'), { value: 'true', option: 'yes', output: 'yes' });
  assert.deepEqual(await shown('drop'), { value: 'false', option: 'no', output: 'no' });
  await page.context().close();
});

test('inline controls: a select offers the engine\'s choices, a log slider over a quantity keeps its unit', async () => {
  const page = await host(`<p>Precision <epoch-input id="prec" for="c" field="precision" type="select"></epoch-input>,
accelerator <epoch-input id="dev" for="c" field="accelerator" type="select"></epoch-input>,
dispatch <epoch-input id="disp" for="c" field="dispatch" type="range" min="1e-6" max="1e-3" scale="log"></epoch-input>:
<epoch-value id="v" for="c" field="host.batched.dispatch_time_s"></epoch-value>.</p>
<epoch-overhead-calculator id="c" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'c');
  const inner = (id, sel) => page.locator(`#${id}`).locator(sel);
  await page.waitForFunction(() => !document.getElementById('prec')?.shadowRoot?.querySelector('select')?.disabled);
  const options = await inner('prec', 'option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.deepEqual(options, env.calc.schema().fields.find((f) => f.path === '/precision').choices);
  assert.equal(await inner('prec', 'select').inputValue(), 'fp32');
  assert.equal(await inner('prec', 'select').getAttribute('aria-label'), 'Precision');
  /** Picks an option in one of the selects and returns the calculator's next event. */
  const pick = (id, value) => page.evaluate(([i, v]) => new Promise((resolve) => {
    const c = /** @type {any} */ (document.getElementById('c'));
    for (const type of ['result', 'error']) c.addEventListener(`epochcalc-${type}`, (e) => resolve({ type, detail: e.detail }), { once: true });
    setTimeout(() => resolve({ type: 'no event within 10 s' }), 10000);
    const select = /** @type {HTMLSelectElement} */ (document.getElementById(i)?.shadowRoot?.querySelector('select'));
    select.value = v;
    select.dispatchEvent(new Event('change'));
  }), [id, value]);
  // The engine decides: the reference CPU lists no tf32 peak, so that choice is its error, with its path.
  const tf32 = /** @type {any} */ (await pick('prec', 'tf32'));
  assert.equal(tf32.type, 'error');
  assert.equal(tf32.detail[0].code, 'E_PRECISION');
  assert.equal(/** @type {any} */ (await pick('prec', 'fp32')).type, 'result');
  // A device select lists the hardware registry; picking one solves with it.
  const devices = await inner('dev', 'option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
  assert.deepEqual(devices, env.calc.hardware().map((d) => d.id));
  const a100 = /** @type {any} */ (await pick('dev', 'a100-sxm-80gb'));
  assert.equal(a100.type, 'result');
  assert.equal(a100.detail.accelerator.name, env.calc.hardware().find((d) => d.id === 'a100-sxm-80gb').name);
  // The dispatch slider shows its value with its unit and sends it in SI units, four digits, not rounded to 0.
  assert.equal(await inner('disp', 'output').textContent(), '10\u00a0µs');
  await inner('disp', 'input').focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('c')).result?.scenario.dispatch === 0.001);
  const r = await page.evaluate(() => /** @type {any} */ (document.getElementById('c')).result);
  assert.equal(r.scenario.dispatch, 1e-3);
  assert.equal(await inner('disp', 'output').textContent(), '1\u00a0ms');
  assert.equal(await page.textContent('#v'), formatField('host.batched.dispatch_time_s', r.host.batched.dispatch_time_s));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the iframe embed in <iframe sandbox="allow-scripts"> renders its view and reports its height to the host', async () => {
  const page = await freshPage(1000);
  await page.addInitScript(() => {
    if (window.top !== window) return;
    /** @type {any} */ (window).messages = [];
    addEventListener('message', (e) => /** @type {any} */ (window).messages.push(e.data));
  });
  await page.goto(`${env.url}examples/iframe.html`);
  // The frame's content is the chosen view with the address's field: batch size 64, compact.
  await page.waitForFunction(() => document.getElementById('frame'));
  const frame = page.frames().find((f) => f.url().includes('embed.html'));
  assert.ok(frame);
  const result = await frame.waitForFunction(() => /** @type {any} */ (document.getElementById('calculator'))?.result).then((h) => h.jsonValue());
  assert.equal(result.network.batched.batch_size, 64);
  assert.equal(result.host.batched.epoch_time_s, env.calc.solve({ preset: 'fashion-mnist-laptop', network: { batch_size: 64 } }).host.batched.epoch_time_s);
  /** Waits until the frame is as tall as its content says. */
  const fitted = async () => {
    const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    await page.waitForFunction((h) => Math.round(document.getElementById('frame')?.getBoundingClientRect().height ?? 0) === h, content);
    return content;
  };
  const wide = await fitted();
  assert.notEqual(wide, 640, 'the frame left its fixed fallback height');
  assert.ok(await page.evaluate(() => /** @type {any} */ (window).messages.some((m) => m?.type === 'epochcalc:resize')));
  // A narrower host makes the content taller: a new message, and the frame follows.
  await page.setViewportSize({ width: 420, height: 900 });
  await page.waitForFunction((w) => (document.getElementById('frame')?.getBoundingClientRect().height ?? 0) > w + 20, wide);
  // fitted() waits until the frame is exactly as tall as its content (a second read could race a resize).
  assert.ok(await fitted() > wide);
  const messages = await page.evaluate(() => /** @type {any} */ (window).messages.filter((m) => m?.type === 'epochcalc:resize'));
  assert.ok(messages.length >= 2);
  for (const m of messages) assert.ok(Number.isFinite(m.height) && m.height > 0);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

for (const example of ['quarto', 'jupyter-book']) {
  test(`the ${example} example page shows its calculator and inline values`, async () => {
    const page = await freshPage(1000);
    await page.goto(`${env.url}examples/${example}.html`);
    const id = await page.evaluate(() => document.querySelector('epoch-overhead-calculator')?.id);
    const result = await resultOf(page, id);
    const preset = await page.evaluate(() => document.querySelector('epoch-overhead-calculator')?.getAttribute('preset'));
    assert.equal(result.accelerator.batched.epoch_time_s, env.calc.solve({ preset }).accelerator.batched.epoch_time_s);
    const inline = await page.$$eval('epoch-value', (els) => els.map((e) => ({ field: e.getAttribute('field'), text: e.textContent })));
    assert.ok(inline.length > 0);
    for (const v of inline) assert.equal(v.text, formatField(v.field, valueAt(result, v.field)), v.field);
    // The example's own source (the .qmd / .md) embeds the same elements as the page shape it stands for.
    const source = readFileSync(join(repo, 'examples', example === 'quarto' ? 'quarto.qmd' : 'jupyter-book.md'), 'utf8');
    assert.ok(source.includes(`<epoch-overhead-calculator id="${id}"`));
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('an inline break-even figure is the engine\'s, and follows edits; the whatif and devices views show their tools', async () => {
  const page = await host(`<epoch-overhead-calculator id="be" preset="mnist-cpu-vs-h100" view="devices"></epoch-overhead-calculator>
<p id="sentence">The H100 wins only while kernel launch stays below <epoch-value for="be" break-even="launch"></epoch-value>,
and it would be twice as fast with the batch from <epoch-value for="be" break-even="network.batch_size" goal="twice"></epoch-value>;
a dispatch of <epoch-value for="be" break-even="dispatch" goal="twice"></epoch-value> makes it twice as fast.</p>
<epoch-overhead-calculator id="tools" preset="mnist-cpu-vs-h100" view="whatif"></epoch-overhead-calculator>`);
  await resultOf(page, 'be');
  const be = await env.calc.breakEven({ preset: 'mnist-cpu-vs-h100' });
  const row = (path) => /** @type {any} */ (be.fields.find((f) => f.path === path));
  const inline = () => page.$$eval('#sentence epoch-value', (els) => els.map((e) => (e.textContent ?? '').replace(/\u00a0/g, ' ')));
  await page.waitForFunction(() => [...document.querySelectorAll('#sentence epoch-value')].every((e) => e.textContent));
  const launch = row('/launch').flip;
  assert.equal(launch.answer, 'value');
  const [first, second, third] = await inline();
  assert.equal(first, fieldValue(row('/launch'), launch.value).replace(/\u00a0/g, ' '));
  assert.equal(second, fieldValue(row('/network/batch_size'), row('/network/batch_size').twice_as_fast.value).replace(/\u00a0/g, ' '));
  assert.equal(third, 'no value', 'dispatch alone never makes it twice as fast');
  // An edit of the calculator moves the figure.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('be')).set('accelerator', 'a100-sxm-80gb'));
  const moved = (await env.calc.breakEven({ preset: 'mnist-cpu-vs-h100', accelerator: 'a100-sxm-80gb' })).fields.find((f) => f.path === '/launch');
  await page.waitForFunction((want) => (document.querySelector('#sentence epoch-value')?.textContent ?? '').replace(/\u00a0/g, ' ') === want,
    fieldValue(/** @type {any} */ (moved), /** @type {any} */ (moved).flip.value).replace(/\u00a0/g, ' '));
  // The views: the device table in one element, the what-if tools in the other.
  await page.waitForFunction(() => document.getElementById('be')?.shadowRoot?.querySelector('#device-table tbody tr'));
  await page.locator('#tools').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('tools')?.shadowRoot?.querySelector('#quick-whatifs [data-whatif="cuda-graphs"] button'));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('chart-x, chart-view and map put the element\'s chart across another field and open its map', async () => {
  const page = await host('<epoch-overhead-calculator id="c" preset="mnist-cpu-vs-h100" view="sweep" chart-x="launch" chart-view="share" map="launch"></epoch-overhead-calculator>');
  await resultOf(page, 'c');
  await page.locator('#c').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('c')?.shadowRoot?.querySelector('#field-chart[data-x="/launch"][data-view="share"] svg'), null, { timeout: 30000 });
  await page.waitForFunction(() => document.getElementById('c')?.shadowRoot?.querySelector('#map[data-y="/launch"] svg'), null, { timeout: 30000 });
  const title = await page.evaluate(() => document.getElementById('c')?.shadowRoot?.getElementById('sweep-h')?.textContent);
  assert.equal(title, 'Overhead share of the epoch against kernel launch per operation');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the iframe embed copies only the calculator\'s settings and fields from its address: no handler, no hidden (issue 36)', async () => {
  const page = await freshPage(1000);
  await page.goto(`${env.url}embed.html?preset=fashion-mnist-laptop&onclick=alert(1)&onfocus=alert(2)&hidden=&style=display:none&network.batch_size=64`);
  const result = await page.waitForFunction(() => /** @type {any} */ (document.getElementById('calculator'))?.result).then((h) => h.jsonValue());
  assert.equal(result.network.batched.batch_size, 64, 'a field is applied');
  const attributes = await page.evaluate(() => [...(document.getElementById('calculator')?.attributes ?? [])].map((a) => a.name));
  for (const name of ['onclick', 'onfocus', 'hidden', 'style']) assert.ok(!attributes.includes(name), `${name} was copied`);
  assert.equal(await page.evaluate(() => document.getElementById('calculator')?.checkVisibility()), true);
  // Each refused name is said (in the console and as the element's epochcalc-error), as an unknown field is.
  assert.ok(page.problems.some((p) => /“onclick” in the address is not one of the calculator's settings/.test(p)), page.problems.join('\n'));
  await page.context().close();
});

test('the iframe embed copies no name the engine reads as no field: zzz= and for= are said, and the calculator still solves (hostile input round three, L6)', async () => {
  const page = await freshPage(1000);
  await page.goto(`${env.url}embed.html?preset=fashion-mnist-laptop&zzz=1&for=y&network.batch_size=64`);
  const result = await page.waitForFunction(() => /** @type {any} */ (document.getElementById('calculator'))?.result).then((h) => h.jsonValue());
  assert.equal(result.network.batched.batch_size, 64, 'a field is applied');
  const attributes = await page.evaluate(() => [...(document.getElementById('calculator')?.attributes ?? [])].map((a) => a.name));
  for (const name of ['zzz', 'for']) assert.ok(!attributes.includes(name), `${name} was copied`);
  // Solved, not "not valid yet": the view shows no error of its own.
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('calculator'))?.errors), null);
  assert.ok(page.problems.some((p) => /"zzz" is not a field of the scenario/.test(p)), page.problems.join('\n'));
  await page.context().close();
});
