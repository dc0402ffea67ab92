// The anywidget front-end contract (dist/epochcalc-widget.js, issue 38): render({ model, el }) driven by
// a model that records every set and save_changes and fires change: events as anywidget's does, in both
// directions: the model's scenario reaches the calculator, and each edit in the calculator reaches the
// model with its result; a scenario changed on the model loads; the cleanup removes everything.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, hostPage } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

/** A model as anywidget gives one: traits, set (firing change:name at once, as Backbone does), save_changes, on, off. */
const MODEL = `
class RecordingModel {
  constructor(traits) { this.traits = { ...traits }; this.calls = []; this.handlers = new Map(); }
  get(name) { return this.traits[name]; }
  set(name, value) {
    this.traits[name] = value;
    this.calls.push(['set', name]);
    for (const f of this.handlers.get('change:' + name) ?? []) f();
  }
  save_changes() { this.calls.push(['save_changes']); }
  on(event, f) { this.handlers.set(event, [...(this.handlers.get(event) ?? []), f]); }
  off(event, f) { this.handlers.set(event, (this.handlers.get(event) ?? []).filter((g) => g !== f)); }
}
window.RecordingModel = RecordingModel;`;

/** A host page with the widget module loaded, a model with `traits`, and render called on #el. @param {object} traits */
async function widgetPage(traits) {
  const page = await hostPage(env, '<div id="el"></div>', {
    head: `<script type="module">${MODEL}
import widget, { render } from '../epochcalc-widget.js';
window.model = new RecordingModel(${JSON.stringify(traits)});
window.cleanup = render({ model: window.model, el: document.getElementById('el') });
window.sameRender = widget.render === render;
</script>`,
  });
  await page.waitForFunction(() => /** @type {any} */ (window).model?.traits.result);
  return page;
}

/** The model's traits and recorded calls, once `check` holds on them. */
const modelWhen = (page, check) => page.waitForFunction((c) => {
  const m = /** @type {any} */ (window).model;
  return new Function('m', `return ${c}`)(m) ? { traits: m.traits, calls: m.calls } : null;
}, check).then((h) => h.jsonValue());

test('the model\'s scenario reaches the calculator, and its result comes back saved', async () => {
  const scenario = { preset: 'mnist-cpu-vs-h100', network: { batch_size: 64 } };
  const page = await widgetPage({ scenario, view: 'full', theme: 'light' });
  const m = await modelWhen(page, 'm.traits.result');
  const want = env.calc.solve(scenario);
  assert.equal(m.traits.result.accelerator.batched.epoch_time_s, want.accelerator.batched.epoch_time_s);
  assert.deepEqual(m.traits.scenario, scenario);
  assert.equal(m.traits.errors, null);
  assert.deepEqual(m.calls.slice(-4), [['set', 'scenario'], ['set', 'result'], ['set', 'errors'], ['save_changes']]);
  // The element is the page's own, with the model's attributes.
  assert.equal(await page.getAttribute('#el epoch-overhead-calculator', 'view'), 'full');
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).sameRender), true, 'the default export\'s render is render');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a host that cannot save (MyST: save_changes throws "not implemented") still gets a working calculator', async () => {
  const page = await hostPage(env, '<div id="el"></div>', {
    head: `<script type="module">${MODEL}
import { render } from '../epochcalc-widget.js';
class MystModel extends RecordingModel { save_changes() { throw new Error('MystAnyModel.save_changes not implemented yet'); } }
window.model = new MystModel({ scenario: { preset: 'mnist-cpu-vs-h100', network: { batch_size: 256 } }, view: 'full' });
render({ model: window.model, el: document.getElementById('el') });
</script>`,
  });
  const m = await modelWhen(page, 'm.traits.result');
  assert.equal(m.traits.result.network.batched.batch_size, 256);
  await page.fill('#batch_size', '512');
  await modelWhen(page, 'm.traits.result.network.batched.batch_size === 512');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('an edit in the calculator is set on the model with its result; a change on the model loads; cleanup removes it all', async () => {
  // JSON text, as a Python trait often holds it.
  const page = await widgetPage({ scenario: JSON.stringify({ preset: 'mnist-cpu-vs-h100' }), view: 'full' });
  await modelWhen(page, 'm.traits.result');
  // Calculator → model: typing a batch size.
  await page.fill('#batch_size', '128');
  const edited = await modelWhen(page, 'm.traits.result.network.batched.batch_size === 128');
  assert.equal(String(edited.traits.scenario.network.batch_size), '128');
  assert.equal(edited.traits.result.host.batched.epoch_time_s, env.calc.solve(edited.traits.scenario).host.batched.epoch_time_s);
  const saves = edited.calls.filter(([c]) => c === 'save_changes').length;
  // A refused value: the model hears the engine's errors, and keeps the last scenario that solved.
  await page.fill('#dispatch', 'zzz');
  const refused = await modelWhen(page, 'm.traits.errors && m.traits.errors.length > 0');
  assert.equal(refused.traits.errors[0].path, '/dispatch');
  await page.fill('#dispatch', '10 us');
  await modelWhen(page, 'm.traits.errors === null');
  // Model → calculator: another scenario set from Python (or another view).
  const next = { preset: 'mnist-cpu-vs-h100', dispatch: '2 us' };
  await page.evaluate((s) => /** @type {any} */ (window).model.set('scenario', s), next);
  const loaded = await modelWhen(page, `m.traits.result && m.traits.result.scenario.dispatch === ${env.calc.solve(next).scenario.dispatch}`);
  assert.equal(loaded.traits.result.accelerator.batched.epoch_time_s, env.calc.solve(next).accelerator.batched.epoch_time_s);
  assert.equal(await page.inputValue('#dispatch'), '2 us');
  assert.ok(loaded.calls.filter(([c]) => c === 'save_changes').length > saves);
  // The model's own echo of what the element wrote does not load it again (no loop): the calls settle.
  const settled = await page.evaluate(async () => {
    const m = /** @type {any} */ (window).model;
    const before = m.calls.length;
    await new Promise((r) => setTimeout(r, 300));
    return m.calls.length - before;
  });
  assert.equal(settled, 0, 'no write after the last change');
  // Cleanup: the element is gone and the model's change no longer reaches it.
  const left = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.cleanup();
    const calls = w.model.calls.length;
    w.model.set('scenario', { preset: 'mnist-cpu-vs-h100', dispatch: '3 us' });
    return { elements: document.querySelectorAll('epoch-overhead-calculator').length, handlers: w.model.handlers.get('change:scenario').length, calls: w.model.calls.length - calls };
  });
  assert.deepEqual(left, { elements: 0, handlers: 0, calls: 1 });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
