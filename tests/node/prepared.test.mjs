// calc.prepare against the document it stands for (issue 43): random scenarios (a preset, profiles on
// each device, registry devices) and random edit sequences (numbers in range and out, with units and
// without, removals, choices, profiles, ids, junk). After every step the handle's numbers must be
// those of calc.solve() of the document edited the same way (calc.set), compared with Object.is, and
// its result() and update() the same documents; a refused edit is refused by both, at the same path with the same
// code, and changes nothing. Fixed seed: the same sequences on every run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fc from 'fast-check';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { createCalculator, EpochcalcError } = await import(path.join(root, 'build/wasm/wasm/epochcalc.js'));
const calc = await createCalculator();

const schema = calc.schema();
const presets = calc.presets().map((p) => p.id);
const profiles = calc.profiles().map((p) => p.id);
const hardware = calc.hardware().map((h) => h.id);
const datasets = calc.datasets().map((d) => d.id);
const fields = schema.fields.filter((f) => !['text', 'preset'].includes(f.kind));

/** The result view's slot as the result document says it (null: NaN for a cost, 0 for a crossover). */
function fromDocument(result, name) {
  const value = name.split('.').reduce((node, key) => node[key], result);
  if (value !== null) return value;
  return name.endsWith('cost_usd') ? NaN : 0;
}

/** The thrown EpochcalcError of a call, or null. @param {() => unknown} call */
function refusal(call) {
  try {
    call();
    return null;
  } catch (error) {
    if (!(error instanceof EpochcalcError)) throw error;
    return error;
  }
}

const documentArb = fc.record({
  preset: fc.constantFrom(...presets),
  profile: fc.option(fc.constantFrom(...profiles), { nil: undefined, freq: 3 }),
  host: fc.option(fc.constantFrom(...profiles), { nil: undefined, freq: 2 }),
  accelerator: fc.option(fc.constantFrom(...profiles), { nil: undefined, freq: 2 }),
  device: fc.option(fc.constantFrom(...hardware), { nil: undefined, freq: 3 }),
  batch: fc.option(fc.integer({ min: 1, max: 4096 }), { nil: undefined, freq: 3 }),
}).map((d) => {
  const doc = { preset: d.preset };
  if (d.profile) doc.profile = d.profile;
  if (d.host || d.accelerator) {
    doc.overheads = {};
    if (d.host) doc.overheads.host = { profile: d.host };
    if (d.accelerator) doc.overheads.accelerator = { profile: d.accelerator };
  }
  if (d.device) doc.accelerator = d.device;
  if (d.batch) doc.network = { batch_size: d.batch };
  return doc;
});

/** A number within a numeric field's limits, spread over its orders of magnitude. */
function inRange(field, u, v) {
  const lo = Math.max(field.min, field.kind === 'integer' ? 1 : 1e-15);
  const hi = Math.min(field.max, lo * 1e12);
  const x = lo * (hi / lo) ** u * (1 + v);
  return field.kind === 'integer' ? Math.floor(x) : x;
}

const editArb = fc.record({
  field: fc.constantFrom(...fields),
  form: fc.integer({ min: 0, max: 9 }),
  u: fc.double({ min: 0, max: 1, noNaN: true }),
  v: fc.double({ min: 0, max: 1, noNaN: true }),
  index: fc.integer({ min: 0, max: 8 }),
  pick: fc.nat(),
}).map(({ field, form, u, v, index, pick }) => {
  let at = field.path.replace('/network/widths/-', `/network/widths/${index}`);
  at = at.replace('/compared/-/', `/compared/${hardware[pick % hardware.length]}/`);
  const one = (list) => list[pick % list.length];
  switch (field.kind) {
    case 'integer':
    case 'quantity': {
      const x = inRange(field, u, v);
      if (form === 0) return { path: at, value: -x - 1 };
      if (form === 1) return { path: at, value: field.max * 4 };
      if (form === 2) return { path: at, value: pick % 2 ? null : '' };
      if (form === 3) return { path: at, value: pick % 2 ? 'abc' : '5 parsecs' };
      if (form === 4 && field.kind === 'integer') return { path: at, value: x + 0.5 };
      if (form === 5 && field.dimension === 'time') return { path: at, value: `${x * 1e6} us` };
      if (form === 6) return { path: at, value: ` ${x} ` };
      return { path: at, value: x };
    }
    case 'choice': return { path: at, value: form === 0 ? '' : one(field.choices) };
    case 'boolean': return { path: at, value: pick % 2 ? 'true' : 'false' };
    case 'profile': return { path: at, value: form < 2 ? '' : one(profiles) };
    case 'device': return { path: at, value: one(hardware) };
    case 'dataset': return { path: at, value: one(datasets) };
    default: return { path: at, value: pick % 2 ? '784, 256, 10' : '64 32 16 8' };
  }
});

/** Steps a handle and its document through the edits, checking both after each. */
function follow(start, edits) {
  let reference = start;
  if (refusal(() => calc.solve(reference))) return;
  const handle = calc.prepare(reference);
  try {
    for (const edit of edits) {
      const text = edit.value === null ? '' : String(edit.value);
      let edited = null;
      const want = refusal(() => {
        edited = calc.set(reference, edit.path, text);
        calc.solve(edited);
      });
      const got = refusal(() => handle.set(edit.path, edit.value));
      const where = `${JSON.stringify(reference)} then ${edit.path} = ${JSON.stringify(edit.value)}`;
      assert.equal(got === null, want === null, `${where}: handle ${got?.message} / document ${want?.message}`);
      if (want) {
        assert.equal(got.code, want.code, where);
        assert.equal(got.path, want.path, where);
        // Text goes to both as it is: the reader's own message too.
        if (typeof edit.value === 'string') assert.equal(got.message, want.message, where);
      } else {
        reference = edited;
      }
      const truth = calc.solve(reference);
      const numbers = handle.solve();
      calc.view.names.forEach((name, i) => {
        assert.ok(Object.is(numbers[i], fromDocument(truth, name)), `${where}: ${name} ${numbers[i]} against ${fromDocument(truth, name)}`);
      });
      assert.deepEqual(handle.result(), truth, where);
      // The page's update (its form's expansion, result and sweep) of the handle, as of the document.
      const { scenario: _, ...update } = handle.update();
      const { scenario: __, ...whole } = calc.update(reference);
      assert.deepEqual(update, whole, where);
    }
    assert.deepEqual(calc.solve(handle.document()), calc.solve(reference));
  } finally {
    handle.dispose();
  }
}

test('a prepared scenario edited field by field answers as its document edited the same way, number for number', () => {
  fc.assert(fc.property(documentArb, fc.array(editArb, { minLength: 1, maxLength: 25 }), follow), { seed: 20261243, numRuns: 60 });
});

test('a number set on a handle is written into its document as String(number) writes it, and reads back the same', () => {
  const handle = calc.prepare({ preset: 'mnist-cpu-vs-h100' });
  const at = (doc, pointer) => pointer.split('/').slice(1).reduce((node, key) => node[key], doc);
  try {
    for (const [path, min, max] of [['/dispatch', 0, 3600], ['/accelerator/peak_flops/fp32', 1, 1e21]]) {
      const doubles = fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(min, max, 1, 0.001, 1e-7, 2e-6, 1.5e-6, 1e20, 1e21, 0.1 + 0.2));
      fc.assert(fc.property(doubles, (x) => {
        if (x < min || x > max) return;
        handle.set(path, x);
        // The same double, written as JS writes it; where two shortest digit strings read back as the
        // same double, either.
        const text = at(handle.document(), path);
        assert.ok(text === String(x) || (Object.is(Number(text), x) && text.length === String(x).length), `${text} for ${x}`);
      }), { seed: 20261207, numRuns: 300 });
    }
  } finally {
    handle.dispose();
  }
});

test('a refused edit throws the reader\'s own error at its path and keeps the numbers', () => {
  const handle = calc.prepare({ preset: 'mnist-cpu-vs-h100' });
  const before = Float64Array.from(handle.solve());
  const error = refusal(() => handle.set('dispatch', '5 parsecs'));
  assert.equal(error.code, 'E_UNIT');
  assert.equal(error.path, '/dispatch');
  assert.match(error.message, /parsecs/);
  assert.deepEqual(Float64Array.from(handle.solve()), before);
  assert.equal(refusal(() => handle.set('network.batch_size', {})).code, 'E_TYPE');
  handle.dispose();
  assert.equal(refusal(() => handle.solve()).code, 'E_TYPE');
});

test('the view is named from one table and the same numbers come from a handle as from solve', () => {
  assert.equal(calc.view.version, 'epochcalc/view@1');
  assert.equal(new Set(calc.view.names).size, calc.view.names.length);
  calc.view.names.forEach((name, i) => assert.equal(calc.view.index[name], i));
  const handle = calc.prepare({ preset: 'mnist-cpu-vs-h100' });
  handle.set('network.batch_size', 64).set('dispatch', '2 us');
  const solved = calc.solve({ preset: 'mnist-cpu-vs-h100', network: { batch_size: 64 }, dispatch: '2 us' });
  assert.equal(handle.solve()[calc.view.index['accelerator.batched.epoch_time_s']], solved.accelerator.batched.epoch_time_s);
  assert.deepEqual(handle.document(), { preset: 'mnist-cpu-vs-h100', network: { batch_size: 64 }, dispatch: '2 us' });
  handle.dispose();
});

test('prepare throws exactly as solve does', () => {
  for (const bad of ['{', { preset: 'nope' }, { preset: 'mnist-cpu-vs-h100', network: { batch_size: 0 } }]) {
    const a = refusal(() => calc.solve(bad));
    const b = refusal(() => calc.prepare(bad));
    assert.deepEqual(b.errors, a.errors);
  }
});

test('the what-ifs act on the edited scenario', async () => {
  const handle = calc.prepare({ preset: 'mnist-cpu-vs-h100' });
  handle.set('network.batch_size', 256);
  const doc = handle.document();
  assert.deepEqual(await handle.breakEven(), await calc.breakEven(doc));
  assert.deepEqual(await handle.solveFor('dispatch', 'speedup=2'), await calc.solveFor(doc, 'dispatch', 'speedup=2'));
  handle.dispose();
});

test('prepared scenarios alive at once are bounded: the next one is refused with what to do, and a disposed one makes room', () => {
  const held = [];
  let refused = null;
  try {
    for (let i = 0; i <= 10000; i++) held.push(calc.prepare({ preset: 'mnist-cpu-vs-h100' }));
  } catch (error) {
    refused = error;
  }
  assert.ok(refused instanceof EpochcalcError, 'the 10,001st is refused');
  assert.equal(refused.code, 'E_RANGE');
  assert.match(refused.message, /dispose\(\)/);
  held.pop().dispose();
  const one = calc.prepare({ preset: 'mnist-cpu-vs-h100' });
  assert.equal(one.set('network.batch_size', 64).solve()[calc.view.index['network.batched.batch_size']], 64);
  one.dispose();
  for (const h of held) h.dispose();
  // calc.solve holds none.
  for (let i = 0; i < 20; i++) calc.solve({ preset: 'mnist-cpu-vs-h100' });
  held.length = 0;
  const again = Array.from({ length: 3 }, () => calc.prepare({ preset: 'mnist-cpu-vs-h100' }));
  for (const h of again) h.dispose();
});
