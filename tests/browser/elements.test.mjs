// The elements as a web developer uses them (issue 34): events heard on the document, calls made before
// the engine is ready, attribute changes, late and changed `for`, memory released after removal, whole
// steps on an integer slider, refused values marked in the prose, words for missing answers, and the
// draggable number (mouse, touch, keyboard, typing, and what assistive technology reads).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, hostPage } from './helpers.mjs';
import { stepped } from '../../web/src/elements/scrub.js';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

/** A host page with this body (helpers.mjs). @param {string} body @param {Parameters<typeof hostPage>[2]} [opts] */
const host = (body, opts) => hostPage(env, body, { width: 1000, ...opts });

/** Waits until the calculator with this id has a result. */
const resultOf = (page, id) => page.waitForFunction((i) => /** @type {any} */ (document.getElementById(i))?.result, id).then((h) => h.jsonValue());

/** The last result of calculator `id`, once `check` (run in the page on it) holds. */
const once = (page, id, check) => page.waitForFunction(([i, c]) => {
  const r = /** @type {any} */ (document.getElementById(i))?.result;
  return r && new Function('r', `return ${c}`)(r) ? r : null;
}, [id, check]).then((h) => h.jsonValue());

const BASE = { preset: 'mnist-cpu-vs-h100' };

test('events: results and errors reach the document with prefixed names, once per change; <epoch-input> change and input reach it too', async () => {
  const page = await host(`<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>
<p>Batch <epoch-input id="n" for="a" field="network.batch_size" type="number" min="1" max="60000"></epoch-input></p>`);
  await resultOf(page, 'a');
  await page.waitForFunction(() => !document.getElementById('n')?.shadowRoot?.querySelector('input')?.disabled);
  await page.evaluate(() => {
    /** @type {any} */ (window).heard = [];
    for (const type of ['epochcalc-result', 'epochcalc-error', 'change', 'input', 'result', 'error']) {
      document.addEventListener(type, (e) => /** @type {any} */ (window).heard.push(`${type}@${/** @type {Element} */ (e.target).id}`));
    }
  });
  const heard = () => page.evaluate(() => /** @type {string[]} */ (/** @type {any} */ (window).heard).splice(0));
  await page.evaluate(() => document.getElementById('a')?.setAttribute('dispatch', 'fast'));
  await page.waitForTimeout(100);
  assert.deepEqual(await heard(), ['epochcalc-error@a'], 'one bad edit: one error event, heard on the document');
  await page.evaluate(() => document.getElementById('a')?.setAttribute('dispatch', '5 us'));
  await page.waitForTimeout(100);
  assert.deepEqual(await heard(), ['epochcalc-result@a']);
  const detail = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('epochcalc-result', (e) => resolve(/** @type {CustomEvent} */ (e).detail.network.batched.batch_size), { once: true });
    /** @type {any} */ (document.getElementById('a')).set('network.batch_size', '48');
  }));
  assert.equal(detail, 48, 'the event carries the result');
  await heard();
  // Typed into the inline box, committed with Enter: input while typing, one change when committed.
  await page.locator('#n input').fill('64');
  await page.locator('#n input').press('Enter');
  await page.locator('#n input').blur();
  await page.waitForTimeout(100);
  const events = await heard();
  assert.ok(events.includes('input@n'), `input reaches the document: ${events}`);
  assert.equal(events.filter((e) => e === 'change@n').length, 1, `one change on the element: ${events}`);
  assert.ok(!events.some((e) => e.startsWith('result@') || e.startsWith('error@')), 'no event named like the platform\'s');
  assert.equal((await resultOf(page, 'a')).network.batched.batch_size, 64);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('calls and properties set before the engine is ready are applied once it is, in order (defined or not yet defined)', async () => {
  // An element made by a script that runs before the element module has defined it: its .scenario is
  // an own property until the upgrade.
  const page = await host(`<script>
  window.errorsHeard = [];
  document.addEventListener('epochcalc-error', (e) => window.errorsHeard.push(e.detail));
  const early = document.createElement('epoch-overhead-calculator');
  early.id = 'early';
  early.setAttribute('view', 'none');
  early.scenario = { preset: 'mnist-cpu-vs-h100', network: { batch_size: 512 } };
  document.body.append(early);
  // An inline control's value, set before its module is loaded too.
  const input = document.createElement('epoch-input');
  input.id = 'early-in';
  input.setAttribute('for', 'early');
  input.setAttribute('field', 'dispatch');
  input.setAttribute('type', 'number');
  input.value = 3e-6;
  document.body.append(input);
</script>`, { delayWasmMs: 400 });
  await page.evaluate(async () => {
    await customElements.whenDefined('epoch-overhead-calculator');
    const el = /** @type {any} */ (document.createElement('epoch-overhead-calculator'));
    el.id = 'late';
    el.view = 'none';
    el.scenario = { preset: 'mnist-cpu-vs-h100', network: { batch_size: 1024 } };
    el.set('dispatch', '1 us');
    /** @type {any} */ (window).before = { scenario: el.scenario, result: el.result };
    document.body.append(el);
  });
  const before = await page.evaluate(() => /** @type {any} */ (window).before);
  assert.equal(before.scenario.network.batch_size, 1024, '.scenario reads back what was assigned');
  assert.equal(before.result, null);
  const late = await resultOf(page, 'late');
  const expected = env.calc.solve({ ...BASE, network: { batch_size: 1024 }, dispatch: '1 us' });
  assert.equal(late.network.batched.batch_size, 1024);
  assert.equal(late.scenario.dispatch, 1e-6);
  assert.equal(late.accelerator.batched.epoch_time_s, expected.accelerator.batched.epoch_time_s);
  assert.equal((await resultOf(page, 'early')).network.batched.batch_size, 512, 'a property set before the upgrade');
  // The input's value reached its calculator, and no own property is left in front of its setter.
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('early')).result?.scenario.dispatch === 3e-6);
  assert.equal(await page.evaluate(() => Object.hasOwn(/** @type {any} */ (document.getElementById('early-in')), 'value')), false);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('early-in')).value), 3e-6);
  // Nothing said an error on the way: no "got undefined" before the scenario assigned early loads.
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).errorsHeard), []);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('late')).view), 'none', '.view reflects the attribute');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('inline elements follow attribute changes at once, bind late, rebind to a new `for`, and expose .value; focus() reaches the control', async () => {
  const page = await host(`<p>Epoch <epoch-value id="v" for="a" field="accelerator.batched.epoch_time_s"></epoch-value>,
  early <epoch-value id="early" for="b" field="network.batched.batch_size"></epoch-value>,
  <epoch-input id="in" for="a" field="network.batch_size" type="number" min="1" max="100"></epoch-input></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  const a = await resultOf(page, 'a');
  const text = (id) => page.locator(`#${id}`).textContent();
  await page.waitForFunction(() => document.getElementById('v')?.textContent);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('v')).value), a.accelerator.batched.epoch_time_s);
  // field and format: shown at once, without waiting for another result.
  await page.evaluate(() => {
    const v = /** @type {HTMLElement} */ (document.getElementById('v'));
    v.setAttribute('field', 'host.batched.epoch_time_s');
    v.setAttribute('format', 'ms');
  });
  assert.equal(await text('v'), `${(a.host.batched.epoch_time_s * 1e3).toPrecision(4).replace(/\.?0+$/, '')}\u00a0ms`);
  // A calculator that comes after its <epoch-value>: bound when it arrives.
  assert.equal(await text('early'), '');
  await page.evaluate(() => {
    const b = document.createElement('epoch-overhead-calculator');
    b.id = 'b';
    b.setAttribute('view', 'none');
    b.setAttribute('network.batch_size', '77');
    document.body.append(b);
  });
  await resultOf(page, 'b');
  await page.waitForFunction(() => document.getElementById('early')?.textContent === '77');
  // A new `for` rebinds: the value follows calculator b now, and no longer a.
  await page.evaluate(() => document.getElementById('v')?.setAttribute('for', 'b'));
  await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).set('dispatch', '40 us'));
  const b = await once(page, 'b', 'r.scenario.dispatch === 4e-5');
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('v')).value), b.host.batched.epoch_time_s);
  await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).set('dispatch', '1 us'));
  await once(page, 'a', 'r.scenario.dispatch === 1e-6');
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('v')).value), b.host.batched.epoch_time_s, 'a no longer drives it');
  // <epoch-input>: .value reads and sets the field; a new max and type are honoured; focus() reaches the control.
  await page.waitForFunction(() => !document.getElementById('in')?.shadowRoot?.querySelector('input')?.disabled);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('in')).value), 32);
  await page.evaluate(() => { /** @type {any} */ (document.getElementById('in')).value = 50; });
  await once(page, 'a', 'r.network.batched.batch_size === 50');
  await page.evaluate(() => document.getElementById('in')?.setAttribute('max', '4096'));
  assert.equal(await page.locator('#in input').getAttribute('max'), '4096');
  await page.evaluate(() => document.getElementById('in')?.setAttribute('type', 'range'));
  assert.equal(await page.locator('#in input').getAttribute('type'), 'range');
  assert.equal(await page.locator('#in input').inputValue(), '50', 'the rebuilt control shows the value');
  await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('in')).focus());
  assert.equal(await page.evaluate(() => document.getElementById('in')?.shadowRoot?.activeElement?.localName), 'input');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('removed calculators and inline values are released (weak references after garbage collection); one put back works again', async () => {
  const page = await host('<p id="prose"></p><epoch-overhead-calculator id="keep" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>');
  await resultOf(page, 'keep');
  await page.evaluate(async () => {
    const w = /** @type {any} */ (window);
    w.refs = [];
    for (let i = 0; i < 30; i++) {
      const el = /** @type {any} */ (document.createElement('epoch-overhead-calculator'));
      el.setAttribute('view', ['full', 'none', 'compact'][i % 3]);
      const solved = new Promise((r) => el.addEventListener('epochcalc-result', r, { once: true }));
      document.body.append(el);
      await solved;
      // Some are used before they go: the tools' first-interaction listeners are then gone already.
      if (i % 2) el.set('network.batch_size', String(16 + i));
      w.refs.push(new WeakRef(el));
      el.remove();
    }
    const prose = /** @type {HTMLElement} */ (document.getElementById('prose'));
    for (let i = 0; i < 50; i++) {
      const v = document.createElement('epoch-value');
      v.setAttribute('for', 'keep');
      v.setAttribute('field', 'host.batched.epoch_time_s');
      prose.append(v);
      w.refs.push(new WeakRef(v));
    }
    await new Promise((r) => setTimeout(r, 50));
    prose.replaceChildren();
  });
  // Timers the calculators started (an idle callback, a pause before errors show) end on their own.
  await page.waitForTimeout(1500);
  const cdp = await page.context().newCDPSession(page);
  let alive = -1;
  for (let i = 0; i < 5 && alive !== 0; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    alive = await page.evaluate(() => /** @type {WeakRef<object>[]} */ (/** @type {any} */ (window).refs).filter((r) => r.deref()).length);
  }
  assert.equal(alive, 0, `${alive} of 80 removed elements still reachable`);
  // Put back, an element shows the scenario it had.
  await page.evaluate(async () => {
    const keep = /** @type {any} */ (document.getElementById('keep'));
    keep.set('network.batch_size', '200');
    keep.remove();
    document.body.append(keep);
  });
  const back = await once(page, 'keep', 'r.network.batched.batch_size === 200');
  assert.equal(back.network.batched.batch_size, 200);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a linear slider on a whole-number field steps by whole numbers from the keyboard', async () => {
  const page = await host(`<p><epoch-input id="s" for="a" field="network.batch_size" type="range" min="1" max="4096"></epoch-input></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  await page.waitForFunction(() => !document.getElementById('s')?.shadowRoot?.querySelector('input')?.disabled);
  assert.equal(await page.locator('#s input').getAttribute('step'), '1');
  await page.locator('#s input').focus();
  await page.keyboard.press('ArrowRight');
  const r = await once(page, 'a', 'r.network.batched.batch_size !== 32');
  assert.equal(r.network.batched.batch_size, 33);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).errors), null, 'the engine took it');
  await page.context().close();
});

test('a refused value marks its input invalid with the engine\'s message and the numbers that depend on it stale', async () => {
  const page = await host(`<p>At batch <epoch-input id="n" for="a" field="network.batch_size" type="number" min="0" max="60000"></epoch-input>
the accelerator is <epoch-value id="x" for="a" field="comparison.accelerator_speedup_batched"></epoch-value> the CPU.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  await page.waitForFunction(() => document.getElementById('x')?.textContent);
  const before = await page.locator('#x').textContent();
  const state = () => page.evaluate(() => {
    const input = /** @type {HTMLElement} */ (document.getElementById('n')?.shadowRoot?.querySelector('input'));
    const described = document.getElementById('n')?.shadowRoot?.getElementById(input.getAttribute('aria-describedby') ?? '');
    const x = /** @type {HTMLElement} */ (document.getElementById('x'));
    const box = described?.getBoundingClientRect();
    return { invalid: input.getAttribute('aria-invalid'), message: described?.textContent ?? '', seen: Boolean(described?.checkVisibility() && box && box.width > 20 && box.height > 5), stale: x.hasAttribute('stale'), description: x.getAttribute('aria-description'), opacity: getComputedStyle(x).opacity, text: x.textContent };
  });
  for (const typed of ['0', 'abc']) {
    await page.locator('#n input').fill('');
    await page.locator('#n input').pressSequentially(typed);
    await page.waitForFunction(() => document.getElementById('x')?.hasAttribute('stale'));
    const s = await state();
    assert.equal(s.invalid, 'true', `${typed}: aria-invalid`);
    assert.ok(s.message.length > 10, `${typed}: the engine's message describes the input: "${s.message}"`);
    assert.equal(s.seen, true, `${typed}: the message is shown beside the number, not only to screen readers`);
    assert.equal(s.stale, true);
    assert.match(s.description ?? '', /^not updated: /);
    assert.equal(s.opacity, '0.55', 'visibly stale');
    assert.equal(s.text, before, 'the last number stays, marked');
  }
  await page.locator('#n input').fill('64');
  await once(page, 'a', 'r.network.batched.batch_size === 64');
  const s = await state();
  assert.equal(s.seen, false, 'no message once the value is taken');
  assert.equal(s.invalid, 'false');
  assert.equal(s.stale, false);
  assert.notEqual(s.text, before);
  await page.context().close();
});

test('attributes that give no range are said in the console and replaced; a moving control on a field that is no number sends nothing', async () => {
  const page = await host(`<p><epoch-input id="s" for="a" field="dispatch" type="scrub" min="abc" max="Infinity"></epoch-input>
<epoch-input id="r" for="a" field="network.batch_size" type="range" min="500" max="10"></epoch-input>
<epoch-input id="p" for="a" field="precision" type="scrub"></epoch-input></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  const warnings = /** @type {string[]} */ ([]);
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await resultOf(page, 'a');
  // (The warnings said while the page loaded came before this listener: the range is changed again.)
  await page.evaluate(() => document.getElementById('r')?.setAttribute('min', '600'));
  const scrub = page.locator('#s [role="slider"]');
  await scrub.waitFor();
  const aria = (sel) => page.locator(sel).evaluate((el) => [Number(el.getAttribute('aria-valuemin')), Number(el.getAttribute('aria-valuemax'))]);
  for (const sel of ['#s [role="slider"]', '#r input']) {
    const [lo, hi] = await aria(sel);
    assert.ok(Number.isFinite(lo) && Number.isFinite(hi) && lo < hi, `${sel}: aria-valuemin ${lo} below aria-valuemax ${hi}`);
  }
  // A step sends a number, never "NaN".
  await scrub.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => Number.isFinite(/** @type {any} */ (document.getElementById('a')).result?.scenario.dispatch));
  const before = await page.evaluate(() => JSON.stringify(/** @type {any} */ (document.getElementById('a')).scenario));
  await page.locator('#p [role="slider"]').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(100);
  assert.equal(await page.evaluate(() => JSON.stringify(/** @type {any} */ (document.getElementById('a')).scenario)), before, 'nothing sent for precision');
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).errors), null);
  for (const said of [/min="abc" max="Infinity" is no range/, /min="600" max="10" is no range/, /field="precision": type="scrub" moves a number/]) {
    assert.ok(warnings.some((w) => said.test(w)), `${said} in ${warnings.join(' | ')}`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a missing answer reads in the sentence: default words, and the author\'s own with none=', async () => {
  // A launch of 1 s per kernel: the accelerator never wins, so there is no crossover.
  const page = await host(`<p>from <epoch-value id="d" for="a" field="comparison.crossover_batch_size"></epoch-value>,
  <epoch-value id="w" for="a" field="comparison.crossover_batch_size" none="at no batch size"></epoch-value></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" launch="1 s" view="none"></epoch-overhead-calculator>`);
  const r = await resultOf(page, 'a');
  assert.equal(r.comparison.crossover_batch_size, null);
  await page.waitForFunction(() => document.getElementById('w')?.textContent);
  assert.equal(await page.locator('#d').textContent(), 'no batch size');
  assert.equal(await page.locator('#w').textContent(), 'at no batch size');
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('d')).value), null);
  await page.context().close();
});

test('a draggable number: mouse, touch and keyboard move it, Enter types into it, and it is a slider to assistive technology', async () => {
  const page = await host(`<p>At batch size <epoch-input id="sc" for="a" field="network.batch_size" type="scrub" min="1" max="4096" scale="log"></epoch-input>
the accelerator takes <epoch-value for="a" field="accelerator.batched.epoch_time_s"></epoch-value>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`, { hasTouch: true });
  await resultOf(page, 'a');
  const slider = page.getByRole('slider', { name: 'Batch size' });
  await page.waitForFunction(() => document.getElementById('sc')?.shadowRoot?.querySelector('[role="slider"]')?.getAttribute('aria-valuenow') === '32');
  assert.equal(await slider.getAttribute('aria-valuetext'), '32');
  assert.equal(await slider.getAttribute('aria-valuemin'), '1');
  assert.equal(await slider.getAttribute('aria-valuemax'), '4096');
  assert.equal(await slider.getAttribute('tabindex'), '0');
  // What a screen reader is given: the accessibility tree's role, name and value.
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const node = nodes.find((n) => n.role?.value === 'slider');
  assert.equal(node?.name?.value, 'Batch size');
  assert.equal(String(node?.value?.value), '32');
  const o = { limits: () => [1, 4096], step: () => 1, log: () => true, integer: () => true };
  const batch = () => page.evaluate(() => /** @type {any} */ (document.getElementById('a')).result.network.batched.batch_size);
  // Keyboard: a step, ten steps, the limits.
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await batch(), stepped(32, 1, /** @type {any} */ (o)));
  await page.keyboard.press('PageDown');
  assert.equal(await batch(), stepped(stepped(32, 1, /** @type {any} */ (o)), -10, /** @type {any} */ (o)));
  await page.keyboard.press('End');
  assert.equal(await batch(), 4096);
  await page.keyboard.press('Home');
  assert.equal(await batch(), 1);
  // Enter opens a box to type a value into.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  assert.equal(await batch(), 100);
  // The mouse: a drag of 60 px is ten steps; input while it moves, one change at the end.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.moves = 0;
    w.changes = 0;
    const sc = /** @type {HTMLElement} */ (document.getElementById('sc'));
    sc.addEventListener('input', () => w.moves++);
    sc.addEventListener('change', () => w.changes++);
  });
  let box = /** @type {{x: number, y: number, width: number, height: number}} */ (await slider.boundingBox());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let dx = 6; dx <= 60; dx += 6) await page.mouse.move(box.x + box.width / 2 + dx + 1, box.y + box.height / 2);
  await page.mouse.up();
  assert.equal(await batch(), stepped(100, 10, /** @type {any} */ (o)));
  const counts = await page.evaluate(() => [/** @type {any} */ (window).moves, /** @type {any} */ (window).changes]);
  assert.ok(counts[0] >= 5, `input events while dragging: ${counts[0]}`);
  assert.equal(counts[1], 1, 'one change when the drag ends');
  // Touch: a finger dragged 30 px to the left is five steps down.
  const from = await batch();
  box = /** @type {any} */ (await slider.boundingBox());
  const at = (dx) => [{ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let dx = -6; dx >= -30; dx -= 6) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(dx - 1) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction((f) => /** @type {any} */ (document.getElementById('a')).result.network.batched.batch_size !== f, from);
  assert.equal(await batch(), stepped(from, -5, /** @type {any} */ (o)));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a draggable number dragged 200 steps: its bound values show the engine\'s numbers at every step, and no full update comes before release', async () => {
  const page = await host(`<p>At batch size <epoch-input id="sc" for="a" field="network.batch_size" type="scrub" min="1" max="4096" step="1"></epoch-input>
the accelerator takes <epoch-value id="t" for="a" field="accelerator.batched.epoch_time_s"></epoch-value>
and the host <epoch-value id="h" for="a" field="host.batched.overhead_time_s"></epoch-value>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="full"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  const slider = page.getByRole('slider', { name: 'Batch size' });
  await page.waitForFunction(() => document.getElementById('sc')?.shadowRoot?.querySelector('[role="slider"]')?.getAttribute('aria-valuenow') === '32');
  // Every preview heard, with what the bound values then show; every full update.
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.steps = [];
    w.results = 0;
    document.addEventListener('epochcalc-result', () => w.results++);
    document.addEventListener('epochcalc-preview', (e) => {
      const el = (id) => /** @type {any} */ (document.getElementById(id));
      w.steps.push({ batch: Number(el('sc').value), t: el('t').value, h: el('h').value, results: w.results,
        shown: el('sc').shadowRoot.querySelector('[role="slider"]').getAttribute('aria-valuenow') });
    });
  });
  const box = /** @type {{x: number, y: number, width: number, height: number}} */ (await slider.boundingBox());
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  await page.mouse.move(x0, y);
  await page.mouse.down();
  // 101 steps right, then 99 back: 200 pointer steps, each one step (6 px) on, ending 2 above the start.
  for (let i = 1; i <= 101; i++) await page.mouse.move(x0 + 6 * i + 1, y);
  for (let i = 100; i >= 2; i--) await page.mouse.move(x0 + 6 * i + 1, y);
  const during = await page.evaluate(() => ({ steps: /** @type {any} */ (window).steps, results: /** @type {any} */ (window).results }));
  await page.mouse.up();
  assert.equal(during.steps.length, 200, 'one preview per pointer step');
  assert.equal(during.results, 0, 'no full update while dragging');
  // What the engine says for each batch size, from the scenario as a document: the bound values showed it.
  const want = await page.evaluate((batches) => {
    const calc = /** @type {any} */ (document.getElementById('a')).engine;
    const doc = /** @type {any} */ (document.getElementById('a')).scenario;
    return batches.map((b) => {
      const r = calc.solve(calc.set(doc, 'network.batch_size', String(b)));
      return { t: r.accelerator.batched.epoch_time_s, h: r.host.batched.overhead_time_s };
    });
  }, during.steps.map((s) => s.batch));
  during.steps.forEach((s, i) => {
    assert.equal(s.batch, i <= 100 ? 33 + i : 233 - i, `step ${i}: the value the drag reached`);
    assert.equal(s.shown, String(s.batch), `step ${i}: the draggable number shows it`);
    assert.ok(Object.is(s.t, want[i].t), `step ${i}: accelerator epoch ${s.t} against ${want[i].t}`);
    assert.ok(Object.is(s.h, want[i].h), `step ${i}: host overhead ${s.h} against ${want[i].h}`);
  });
  // On release, one full update with the value the drag ended on.
  const r = await once(page, 'a', 'r.network.batched.batch_size === 34');
  assert.equal(r.network.batched.batch_size, 34);
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).results), 1, 'one full update, on release');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a break-even figure follows a drag that rests: asked again for the previewed scenario, before release', async () => {
  const page = await host(`<p>At batch size <epoch-input id="sc" for="a" field="network.batch_size" type="scrub" min="1" max="4096" step="1"></epoch-input>
the accelerator wins while launch stays below <epoch-value id="be" for="a" break-even="launch"></epoch-value>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  await page.waitForFunction(() => /\d/.test(document.getElementById('be')?.textContent ?? ''));
  const before = await page.evaluate(() => /** @type {any} */ (document.getElementById('be')).value);
  const slider = page.getByRole('slider', { name: 'Batch size' });
  const box = /** @type {{x: number, y: number, width: number, height: number}} */ (await slider.boundingBox());
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (let i = 1; i <= 40; i++) await page.mouse.move(box.x + box.width / 2 + 6 * i + 1, y);
  // The drag rests, still held: the figure is the engine's for batch 72, the calculator's result still batch 32's.
  const want = await page.evaluate(async () => {
    const el = /** @type {any} */ (document.getElementById('a'));
    const be = await el.engine.breakEven(el.engine.set(el.scenario, 'network.batch_size', '72'));
    return be.fields.find((f) => f.path === '/launch').flip.value;
  });
  await page.waitForFunction((w) => /** @type {any} */ (document.getElementById('be')).value === w, want, { timeout: 5000 });
  assert.notEqual(want, before, 'the drag changes the answer');
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).result.network.batched.batch_size), 32, 'no full update yet');
  await page.mouse.up();
  await once(page, 'a', 'r.network.batched.batch_size === 72');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a calculator edits through its one prepared scenario: after edits, refusals, new documents and previews left hanging, it answers as its document solved whole', async () => {
  const page = await host('<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="compact"></epoch-overhead-calculator>');
  await resultOf(page, 'a');
  const wrong = await page.evaluate(() => {
    const el = /** @type {any} */ (document.getElementById('a'));
    /** @type {[string, ...any[]][]} */
    const steps = [
      ['set', 'network.batch_size', '64'],
      ['set', 'dispatch', '5 parsecs'], // refused: the document keeps it, with its error
      ['set', 'launch', '3 us'], // still not valid
      ['set', 'dispatch', '2 us'], // valid again
      ['preview', 'launch', '40 us'], // a drag that never ends
      ['set', 'network.batch_size', '128'], // another field: the preview is not in the document
      ['preview', 'network.batch_size', '256'],
      ['set', 'network.batch_size', '256'],
      ['scenario', { preset: 'mnist-cpu-vs-h100', dispatch: '1 us' }],
      ['preview', 'dispatch', '9 us'],
      ['scenario', { preset: 'mnist-cpu-vs-h100' }],
      ['set', 'launch', '7 us'],
      ['set', 'accelerator', 'l4'],
      ['set', 'accelerator.memory_bandwidth', '100 GB/s'],
    ];
    const out = [];
    // The document as the same edits make it, apart from the calculator (a preview is not an edit).
    let doc = el.scenario;
    for (const [what, a, b] of steps) {
      const where = `${what} ${JSON.stringify(a)} ${b ?? ''}`;
      if (what === 'set') {
        el.set(a, b);
        doc = el.engine.set(doc, a, b);
      } else if (what === 'preview') {
        if (!el.preview(a, b)) out.push(`${where}: not previewed`);
      } else {
        el.scenario = a;
        doc = a;
      }
      if (JSON.stringify(el.scenario) !== JSON.stringify(doc)) out.push(`${where}: the document is ${JSON.stringify(el.scenario)}, not ${JSON.stringify(doc)}`);
      let truth = null;
      try {
        truth = el.engine.solve(doc);
      } catch {
        // not valid: the calculator must say so
      }
      const said = truth ? JSON.stringify(el.result) : String(el.errors?.[0]?.code);
      const want = truth ? JSON.stringify(truth) : 'E_UNIT';
      if (said !== want || (truth == null) !== (el.errors != null)) out.push(`${where}: ${said.slice(0, 120)} against ${want.slice(0, 120)}`);
    }
    return out;
  });
  assert.deepEqual(wrong, []);
  await page.context().close();
});

test('theme="inherit" (the default) follows the book: its scheme from the page\'s text colour, its switch, its colours', async () => {
  const page = await host(`<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="compact"></epoch-overhead-calculator>`, {
    css: 'body.dark { background: #111; color: #eee } .red { --epochcalc-line-host: rgb(200, 0, 0) }',
  });
  // The system is dark; the page is not: the calculator is light, on the page's own background.
  await page.emulateMedia({ colorScheme: 'dark' });
  await resultOf(page, 'a');
  const look = () => page.evaluate(() => {
    const box = /** @type {HTMLElement} */ (document.getElementById('a')?.shadowRoot?.querySelector('.ec-root'));
    const style = getComputedStyle(box);
    return { theme: box.dataset.theme, background: style.backgroundColor, host: style.getPropertyValue('--line-host').trim() };
  });
  let now = await look();
  assert.equal(now.theme, 'light');
  assert.equal(now.background, 'rgba(0, 0, 0, 0)', 'transparent: the page shows through');
  // The book switches to dark with a class on <body>: the calculator follows.
  await page.evaluate(() => document.body.classList.add('dark'));
  await page.waitForFunction(() => /** @type {HTMLElement} */ (document.getElementById('a')?.shadowRoot?.querySelector('.ec-root')).dataset.theme === 'dark');
  // A colour from the book's own CSS, through an --epochcalc- custom property.
  await page.evaluate(() => document.body.classList.add('red'));
  now = await look();
  assert.equal(now.host, 'rgb(200, 0, 0)');
  // theme="auto" is the system's scheme.
  await page.evaluate(() => { document.body.classList.remove('dark'); document.getElementById('a')?.setAttribute('theme', 'auto'); });
  assert.equal((await look()).theme, 'dark');
  await page.context().close();
});

test('two calculators keep their own bar selections (no state shared through the module)', async () => {
  const page = await host(`<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="bars"></epoch-overhead-calculator>
<epoch-overhead-calculator id="b" preset="mnist-cpu-vs-h100" view="bars"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  await resultOf(page, 'b');
  const formula = (id) => page.evaluate((i) => document.getElementById(i)?.shadowRoot?.getElementById('formula')?.textContent ?? '', id);
  const hint = await formula('b');
  await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('a')?.shadowRoot?.querySelector('.seg[data-key]'))?.click());
  const chosen = await formula('a');
  assert.notEqual(chosen, hint, 'a segment of a is selected');
  // b recomputes: it shows its own (no) selection, not a's segment.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('b')).set('network.batch_size', '64'));
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('b')).result.network.batched.batch_size === 64);
  assert.equal(await formula('b'), hint);
  // a recomputes: its selection follows the same segment with the new numbers.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).set('network.batch_size', '64'));
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('a')).result.network.batched.batch_size === 64);
  const after = await formula('a');
  assert.notEqual(after, hint);
  assert.notEqual(after, chosen, 'the same segment, its new numbers');
  await page.context().close();
});

test('a log slider tells a screen reader the field\'s value and limits, not its positions', async () => {
  const page = await host(`<p><epoch-input id="s" for="a" field="network.batch_size" type="range" min="1" max="4096" scale="log"></epoch-input></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  await page.waitForFunction(() => document.getElementById('s')?.shadowRoot?.querySelector('input')?.getAttribute('aria-valuenow') === '32');
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const slider = nodes.find((n) => n.role?.value === 'slider');
  const prop = (name) => slider?.properties?.find((p) => p.name === name)?.value?.value;
  assert.equal(slider?.name?.value, 'Batch size');
  assert.equal(slider?.value?.value, 32);
  assert.equal(prop('valuemin'), 1);
  assert.equal(prop('valuemax'), 4096);
  await page.context().close();
});

test('a control without min and max spans its field\'s control span from the schema, in its unit and scale', async () => {
  const page = await host(`<p><epoch-input id="d" for="a" field="dispatch" type="scrub"></epoch-input>
<epoch-input id="m" for="a" field="host.memory_bandwidth" type="scrub"></epoch-input>
<epoch-input id="e" for="a" field="assumptions.host_efficiency" type="range"></epoch-input></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  const schema = await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).engine.schema());
  const span = (/** @type {string} */ path) => schema.fields.find((/** @type {any} */ f) => f.path === path).control;
  const slider = (/** @type {string} */ id) => page.locator(`#${id} [role="slider"]`);
  await slider('d').waitFor();
  await page.waitForFunction(() => document.querySelector('#d')?.shadowRoot?.querySelector('[role="slider"]')?.getAttribute('aria-valuemax'));
  assert.equal(Number(await slider('d').getAttribute('aria-valuemin')), span('/dispatch').min);
  assert.equal(Number(await slider('d').getAttribute('aria-valuemax')), span('/dispatch').max);
  const scenario = () => page.evaluate(() => /** @type {any} */ (document.getElementById('a')).result.scenario);
  // One step right from 10 µs is one twelfth of a decade, not 40.95 s.
  await slider('d').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('a')).result.scenario.dispatch !== 1e-5);
  const d = (await scenario()).dispatch;
  assert.ok(Math.abs(d / (1e-5 * 10 ** (1 / span('/dispatch').steps_per_decade)) - 1) < 1e-5, `dispatch ${d}`);
  // One step left from 50 GB/s stays in GB/s.
  await slider('m').focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('a')).result.scenario.host.memory_bandwidth !== 5e10);
  const bw = (await scenario()).host.memory_bandwidth;
  assert.ok(bw > 3e10 && bw < 5e10, `bandwidth ${bw}`);
  // A linear field: the range slider's step is the span's.
  const range = await page.locator('#e input').evaluate((el) => [/** @type {HTMLInputElement} */ (el).min, /** @type {HTMLInputElement} */ (el).max, /** @type {HTMLInputElement} */ (el).step]);
  assert.deepEqual(range.map(Number), [span('/assumptions/host_efficiency').min, span('/assumptions/host_efficiency').max, span('/assumptions/host_efficiency').step]);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('typed values: beyond the author\'s min or max refused beside the number; a likely slip taken with the engine\'s warning beside it', async () => {
  const page = await host(`<p><epoch-input id="b" for="a" field="dispatch" type="scrub" max="1e-3"></epoch-input>
<epoch-input id="f" for="a" field="launch" type="scrub"></epoch-input>
<epoch-input id="n" for="a" field="network.batch_size" type="number" max="4096"></epoch-input></p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  const problem = (/** @type {string} */ id) => page.locator(`#${id}`).evaluate((el) => {
    const p = /** @type {HTMLElement} */ (el.shadowRoot?.querySelector('.problem'));
    return { text: p.textContent, shown: p.getBoundingClientRect().height > 0, invalid: el.hasAttribute('invalid') };
  });
  const typeInto = async (/** @type {string} */ id, /** @type {string} */ text) => {
    await page.locator(`#${id} [role="slider"]`).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  };
  const before = await page.evaluate(() => JSON.stringify(/** @type {any} */ (document.getElementById('a')).scenario));
  await typeInto('b', '20');
  await page.waitForFunction(() => document.getElementById('b')?.hasAttribute('invalid'));
  let said = await problem('b');
  assert.match(said.text ?? '', /20\ss is above this control's range, 100\sns to 1\sms/);
  assert.ok(said.shown, 'the refusal is on the page, not only for screen readers');
  assert.equal(await page.evaluate(() => JSON.stringify(/** @type {any} */ (document.getElementById('a')).scenario)), before, 'nothing sent');
  const [now, max] = await page.locator('#b [role="slider"]').evaluate((el) => [Number(el.getAttribute('aria-valuenow')), Number(el.getAttribute('aria-valuemax'))]);
  assert.ok(now <= max);
  // Without a max, 20 is read as the engine reads it, and its slip warning shows beside it.
  await typeInto('f', '20');
  await once(page, 'a', 'r.scenario.launch === 20');
  await page.waitForFunction(() => document.getElementById('f')?.shadowRoot?.querySelector('.problem')?.textContent);
  said = await problem('f');
  assert.match(said.text ?? '', /reads as 20\ss.*Did you mean 20\sus\?/);
  assert.ok(said.shown);
  assert.equal(said.invalid, false);
  // A number box: 1e9 against max="4096".
  await page.locator('#n input').fill('1e9');
  await page.locator('#n input').press('Enter');
  await page.locator('#n input').blur();
  await page.waitForFunction(() => document.getElementById('n')?.hasAttribute('invalid'));
  assert.match((await problem('n')).text ?? '', /1,000,000,000 is above this control's range, 1 to 4,096/);
  assert.equal((await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).result)).scenario.network.batch_size, 32);
  await page.context().close();
});

test('before the engine answers, each number shows the author\'s text; a for= naming no calculator is said in the console', async () => {
  const page = await host(`<p>At <epoch-input id="s" for="a" field="dispatch" type="scrub">10 µs</epoch-input> the H100 takes
<epoch-value id="v" for="a" field="accelerator.batched.epoch_time_s">about 255 ms</epoch-value>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`, { delayWasmMs: 1500 });
  const warnings = /** @type {string[]} */ ([]);
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.waitForFunction(() => customElements.get('epoch-input') && document.getElementById('s')?.shadowRoot);
  const seen = () => page.evaluate(() => ({
    input: /** @type {HTMLElement} */ (document.getElementById('s')).innerText.trim(),
    value: /** @type {HTMLElement} */ (document.getElementById('v')).innerText.trim(),
    ready: Boolean(/** @type {any} */ (document.getElementById('a')).result),
  }));
  const before = await seen();
  assert.equal(before.ready, false, 'the engine was not ready yet');
  assert.deepEqual([before.input, before.value], ['10 µs', 'about 255 ms']);
  await resultOf(page, 'a');
  await page.waitForFunction(() => document.getElementById('s')?.shadowRoot?.querySelector('[role="slider"]')?.getAttribute('aria-valuenow'));
  const after = await page.evaluate(() => {
    const s = /** @type {HTMLElement} */ (document.getElementById('s'));
    return { slot: /** @type {HTMLElement} */ (s.shadowRoot?.querySelector('slot')).hidden, slider: s.shadowRoot?.querySelector('[role="slider"]')?.textContent, value: document.getElementById('v')?.textContent };
  });
  assert.equal(after.slot, true);
  assert.match(after.slider ?? '', /^10\sµs$/);
  assert.match(after.value ?? '', /ms$/);
  // An inline value added later with a typo in for=.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<epoch-value for="typo" field="host.batched.epoch_time_s"></epoch-value>'));
  await page.waitForTimeout(50);
  assert.ok(warnings.some((w) => /no <epoch-overhead-calculator id="typo"> on this page/.test(w)), warnings.join(' | '));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an embedded what-if view undoes and resets on the calculator\'s own history, says so, and leaves the page\'s history alone', async () => {
  const page = await host(`<p>The H100 takes <epoch-value id="v" for="a" field="accelerator.batched.epoch_time_s"></epoch-value>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="whatif"></epoch-overhead-calculator>`);
  await resultOf(page, 'a');
  const shadow = (/** @type {string} */ sel) => page.locator(`#a ${sel}`);
  await shadow('#quick-whatifs [data-whatif] button:not([disabled])').first().waitFor();
  const hint = await shadow('#quick-tool .hint').first().textContent();
  assert.doesNotMatch(hint ?? '', /Back/);
  assert.match(hint ?? '', /Undo takes back the last change; Reset returns to the scenario this calculator started with/);
  const value = () => page.locator('#v').textContent();
  const start = await value();
  const entries = await page.evaluate(() => history.length);
  assert.equal(await shadow('#whatif-undo').isDisabled(), true);
  // The first what-if that applies (once applied, it no longer does: the list is redrawn).
  const id = await shadow('#quick-whatifs [data-whatif]:has(button:not([disabled]))').first().getAttribute('data-whatif');
  const apply = () => shadow(`#quick-whatifs [data-whatif="${id}"] button:not([disabled])`).click();
  await apply();
  await page.waitForFunction((s) => document.getElementById('v')?.textContent !== s, start);
  const applied = await value();
  await shadow('#whatif-undo:not([disabled])').click();
  await page.waitForFunction((s) => document.getElementById('v')?.textContent === s, start);
  // Two changes, then Reset: back to the start; undo() takes the reset back.
  await apply();
  await page.waitForFunction((s) => document.getElementById('v')?.textContent === s, applied);
  await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).set('network.batch_size', '64'));
  await page.waitForFunction((s) => document.getElementById('v')?.textContent !== s, applied);
  await shadow('#whatif-reset:not([disabled])').click();
  await page.waitForFunction((s) => document.getElementById('v')?.textContent === s, start);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).undo()), true);
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('a')).result?.network.batched.batch_size === 64);
  assert.equal(await page.evaluate(() => history.length), entries, 'the page\'s history is untouched');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('prose that says what it means: a ratio and a difference of two results, significant figures, "faster" or "slower", words by the answer', async () => {
  const page = await host(`<p>The CPU takes <epoch-value id="r" for="a" field="host.batched.epoch_time_s" over="accelerator.batched.epoch_time_s" digits="2"></epoch-value> the H100's time,
<epoch-value id="d" for="a" field="host.batched.epoch_time_s" minus="accelerator.batched.epoch_time_s" digits="3"></epoch-value> more; the H100 is
<epoch-value id="f" for="a" field="comparison.accelerator_speedup_batched" format="faster"></epoch-value> and
<epoch-value id="w" for="a" field="comparison.accelerator_speedup_batched" words="loses|wins"></epoch-value>.</p>
<epoch-overhead-calculator id="a" preset="mnist-cpu-vs-h100" view="none"></epoch-overhead-calculator>`);
  const text = (/** @type {string} */ id) => page.locator(`#${id}`).textContent();
  let r = await resultOf(page, 'a');
  await page.waitForFunction(() => document.getElementById('w')?.textContent);
  const ratio = r.host.batched.epoch_time_s / r.accelerator.batched.epoch_time_s;
  assert.ok(ratio > 1);
  assert.equal(await text('r'), `${Number(ratio.toPrecision(2))}×`);
  assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('r')).value), ratio);
  const diff = r.host.batched.epoch_time_s - r.accelerator.batched.epoch_time_s;
  assert.equal(await text('d'), `${Number((diff * 1e3).toPrecision(3))}\u00a0ms`);
  assert.match(await text('f') ?? '', /^1\.08× faster$/);
  assert.equal(await text('w'), 'wins');
  // At batch size 1 the H100 loses: a speedup below 1 reads "slower", never "0.87× faster".
  await page.evaluate(() => /** @type {any} */ (document.getElementById('a')).set('network.batch_size', '1'));
  r = await once(page, 'a', 'r.network.batched.batch_size === 1');
  await page.waitForFunction(() => document.getElementById('w')?.textContent === 'loses');
  const s = r.comparison.accelerator_speedup_batched;
  assert.ok(s < 1);
  assert.equal(await text('f'), `${Number((1 / s).toPrecision(3))}× slower`);
  assert.doesNotMatch(await page.evaluate(() => document.body.firstElementChild?.textContent ?? ''), /0\.\d+× faster/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
