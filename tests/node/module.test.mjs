// The WebAssembly module through its JavaScript API: the same golden scenarios as the native suite,
// compared with the native results, plus the wrapper's own behaviour.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleDir = path.join(root, 'build/wasm/wasm');
const goldenDir = path.join(root, 'tests/golden');

const { createCalculator, EpochcalcError } = await import(path.join(moduleDir, 'epochcalc.js'));
const calc = await createCalculator({ wasmBinary: readFileSync(path.join(moduleDir, 'epochcalc_core.wasm')) });

/** Deep comparison with a relative tolerance of 1e-12 on numbers; returns the first differing path. */
function firstDifference(expected, actual, at = '') {
  if (typeof expected === 'number' && typeof actual === 'number') {
    const scale = Math.max(Math.abs(expected), Math.abs(actual));
    return Math.abs(expected - actual) <= 1e-12 * scale ? null : `${at}: expected ${expected}, got ${actual}`;
  }
  if (expected === null || typeof expected !== 'object') {
    return expected === actual ? null : `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(expected) !== Array.isArray(actual)) {
    return `${at}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const key of keys) {
    const difference = firstDifference(expected[key], actual[key], `${at}/${key}`);
    if (difference) return difference;
  }
  return null;
}

const fixtures = readdirSync(goldenDir)
  .filter((file) => file.endsWith('.scenario.json'))
  .map((file) => file.replace('.scenario.json', ''))
  .sort();

test('there are golden fixtures to compare', () => {
  assert.ok(fixtures.length >= 10, `only ${fixtures.length} fixtures`);
});

for (const name of fixtures) {
  test(`golden ${name}: the wasm module gives the native result`, () => {
    const input = readFileSync(path.join(goldenDir, `${name}.scenario.json`), 'utf8');
    const expected = JSON.parse(readFileSync(path.join(goldenDir, `${name}.expected.json`), 'utf8'));
    let actual;
    try {
      actual = calc.solve(input);
    } catch (error) {
      assert.ok(error instanceof EpochcalcError, `${name}: ${error}`);
      actual = { schema: 'epochcalc/error@1', errors: error.errors };
    }
    assert.equal(firstDifference(expected, actual), null, `fixture ${name}`);
  });
}

/** Every key of a document in order, with its path: the contract's shape, which JSON.stringify and a
 * deep comparison would not pin (a deep comparison ignores key order). */
const keyPaths = (value, at = '') => (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)
  ? Object.keys(value).flatMap((key) => [`${at}/${key}`, ...keyPaths(value[key], `${at}/${key}`)])
  : []);

test("the module's objects have the contract's keys in the contract's order", () => {
  for (const name of fixtures) {
    const expected = JSON.parse(readFileSync(path.join(goldenDir, `${name}.expected.json`), 'utf8'));
    if (expected.schema !== 'epochcalc/result@1') continue;
    const actual = calc.solve(readFileSync(path.join(goldenDir, `${name}.scenario.json`), 'utf8'));
    assert.deepEqual(keyPaths(actual), keyPaths(expected), name);
  }
});

test('documents come back from the engine as JSON.parse reads their text', () => {
  // Keys and strings of every kind: "__proto__" is a key like any other, integer-like keys, empty
  // containers, integers beyond 2^53, non-ASCII (two UTF-16 units for an emoji), and a long text.
  const text = JSON.stringify({
    preset: 'no-such-preset', name: 'é 😀 “x”', __proto__x: 1, 10: [1, [], {}], 2: { a: null, b: true, c: false },
    big: 12345678901234567890, tiny: 5e-324, neg: -0.0, long: 'a'.repeat(5000), mixed: `${'b'.repeat(5000)}é`,
  }).replace('"__proto__x"', '"__proto__"');
  const reply = calc.update(text);
  assert.equal(reply.expanded, null);
  assert.deepEqual(reply.errors.map((e) => [e.code, e.path]), [['E_UNKNOWN_ID', '/preset']]);
  assert.deepEqual(reply.scenario, JSON.parse(text));
  assert.deepEqual(keyPaths(reply.scenario), keyPaths(JSON.parse(text)));
  assert.equal(Object.getPrototypeOf(reply.scenario), Object.prototype);
  assert.equal(reply.scenario.__proto__, 1); // an own property, not the prototype
});

test('update: an edit is applied, expanded, solved and swept in one call', () => {
  const doc = { preset: 'mnist-cpu-vs-h100' };
  const reply = calc.update(doc, { path: 'network.batch_size', text: '64' });
  assert.deepEqual(Object.keys(reply), ['scenario', 'expanded', 'result', 'sweep', 'errors']);
  assert.deepEqual(reply.scenario, calc.set(doc, 'network.batch_size', '64'));
  assert.deepEqual(reply.expanded, calc.expand(reply.scenario));
  const { result, sweep } = calc.evaluate(reply.scenario);
  assert.deepEqual(reply.result, result);
  assert.deepEqual(reply.sweep, sweep);
  assert.deepEqual(reply.errors, []);
  assert.deepEqual(doc, { preset: 'mnist-cpu-vs-h100' }); // the caller's document is not changed
  // Without an edit: the document as it is.
  assert.deepEqual(calc.update(reply.scenario), reply);
  assert.deepEqual(calc.update(JSON.stringify(reply.scenario)), reply);
});

test('update: an invalid document comes back with its errors; a refused edit throws', () => {
  // Expands but does not solve: the form still shows it.
  const bad = calc.update({ preset: 'mnist-cpu-vs-h100' }, { path: '/dispatch', text: 'fast' });
  assert.equal(bad.scenario.dispatch, 'fast');
  assert.equal(bad.expanded.dispatch, 'fast');
  assert.equal(bad.result, null);
  assert.equal(bad.sweep, null);
  assert.deepEqual(bad.errors.map((e) => [e.code, e.path]), [['E_UNIT', '/dispatch']]);
  // Cannot be expanded: no form, the errors say why.
  const unknown = calc.update({ preset: 'mnist-cpu-vs-h100' }, { path: '/host', text: 'no-such-cpu' });
  assert.equal(unknown.expanded, null);
  assert.deepEqual(unknown.errors.map((e) => [e.code, e.path]), [['E_UNKNOWN_ID', '/host']]);
  const notJson = calc.update('{"preset": ');
  assert.equal(notJson.scenario, null);
  assert.deepEqual(notJson.errors.map((e) => e.code), ['E_JSON']);
  // The edit itself refused: thrown, as by set.
  assert.throws(() => calc.update({ preset: 'mnist-cpu-vs-h100' }, { path: 'network..batch_size', text: '1' }),
    (e) => e instanceof EpochcalcError && e.code === 'E_ARGS');
  assert.throws(() => calc.update('{"preset": ', { path: '/name', text: 'x' }), (e) => e.code === 'E_JSON');
});

test('each call returns its own arrays: no state is kept between calls', () => {
  const first = calc.update({ preset: 'mnist-cpu-vs-h100' });
  const copy = Float64Array.from(first.sweep.host.epoch_time_s);
  const other = calc.evaluate({ preset: 'imagenet-mlp-epyc-vs-h100' }, [1, 2, 3]);
  calc.solve({ preset: 'cifar10-inference-xeon-vs-l4' });
  assert.deepEqual(first.sweep.host.epoch_time_s, copy);
  assert.equal(other.sweep.batch_size.length, 3);
  // Every series has a buffer of its own, so keeping one keeps no other call's memory alive.
  const buffers = new Set(['host', 'accelerator'].flatMap((d) => Object.values(first.sweep[d]).map((a) => a.buffer)));
  buffers.add(first.sweep.batch_size.buffer);
  assert.equal(buffers.size, 7);
});

test('the default scenario gives the published numbers', () => {
  const r = calc.solve(calc.defaultScenario());
  assert.equal(r.schema, 'epochcalc/result@1');
  assert.equal(r.host.batched.epoch_time_s.toFixed(6), '0.274243');
  assert.equal(r.accelerator.batched.epoch_time_s.toFixed(6), '0.254700');
  assert.equal(r.host.batch_one.epoch_time_s.toFixed(4), '7.0314');
  assert.equal(r.accelerator.batch_one.epoch_time_s.toFixed(4), '8.1243');
  assert.equal(r.comparison.crossover_batch_size, 21);
});

test('solve takes an object or JSON text and returns plain data', () => {
  const fromObject = calc.solve({ preset: 'mnist-cpu-vs-h100', network: { batch_size: 64 } });
  const fromText = calc.solve('{"preset": "mnist-cpu-vs-h100", "network": {"batch_size": 64}}');
  assert.deepEqual(fromObject, fromText);
  assert.equal(fromObject.network.batched.steps_per_epoch, 938);
  assert.equal(Object.getPrototypeOf(fromObject), Object.prototype);
});

test('invalid input throws EpochcalcError with the code, path and every error', () => {
  assert.throws(
    () => calc.solve({ preset: 'mnist-cpu-vs-h100', network: { batch_size: 'many' }, dispatch: '10 GB/s' }),
    (error) => {
      assert.ok(error instanceof EpochcalcError);
      assert.ok(error instanceof Error);
      assert.equal(error.name, 'EpochcalcError');
      assert.equal(error.code, 'E_TYPE');
      assert.equal(error.path, '/network/batch_size');
      assert.deepEqual(
        error.errors.map((e) => [e.code, e.path]),
        [['E_TYPE', '/network/batch_size'], ['E_UNIT', '/dispatch']],
      );
      assert.match(error.message, /\/dispatch: "GB\/s" is a bandwidth unit, but a time is expected/);
      return true;
    },
  );
  assert.throws(() => calc.solve('{"preset": '), (error) => error.code === 'E_JSON');
  assert.throws(() => calc.solve(42), (error) => error.code === 'E_TYPE' && error.path === '');
});

test('wrong JavaScript types are caught by the engine, not coerced', () => {
  assert.throws(
    () => calc.solve({ preset: 'mnist-cpu-vs-h100', network: { widths: [784, true, 10] } }),
    (error) => error.code === 'E_TYPE' && error.path === '/network/widths/1',
  );
  // A string holding a whole number is read as that number, in the module as in the CLI.
  assert.deepEqual(calc.solve({ preset: 'mnist-cpu-vs-h100', network: { widths: [784, '128', 10] } }).scenario.network.widths, [784, 128, 10]);
  assert.throws(
    () => calc.solve({ preset: 'mnist-cpu-vs-h100', network: { batch_size: NaN } }),
    (error) => error.path === '/network/batch_size',
  );
});

test('values JSON cannot carry are reported at their path, not dropped', () => {
  // Over a preset a null would delete the field; NaN and Infinity must not silently do that.
  assert.throws(
    () => calc.solve({ preset: 'mnist-cpu-vs-h100', dispatch: NaN }),
    (e) => e.code === 'E_UNIT' && e.path === '/dispatch' && /not a finite number/.test(e.message),
  );
  assert.throws(
    () => calc.solve({ preset: 'mnist-cpu-vs-h100', network: { batch_size: Infinity } }),
    (e) => e.code === 'E_TYPE' && e.path === '/network/batch_size',
  );
  for (const bad of [undefined, () => 1, { a: 1n }]) {
    assert.throws(() => calc.solve(bad), (e) => e instanceof EpochcalcError && e.code === 'E_TYPE' && e.path === '');
  }
});

test('sweep gives one Float64Array per quantity over batch sizes', () => {
  const grid = calc.sweep({ preset: 'mnist-cpu-vs-h100' });
  assert.equal(grid.schema, 'epochcalc/sweep@2');
  assert.equal(grid.crossover_batch_size, 21);
  assert.deepEqual(grid.accelerator_wins, [{ from: 21, to: 60000 }]);
  assert.ok(grid.batch_size instanceof Float64Array);
  assert.equal(grid.batch_size.length, grid.points);
  for (const device of ['host', 'accelerator']) {
    for (const series of ['epoch_time_s', 'work_time_s', 'overhead_time_s']) {
      assert.ok(grid[device][series] instanceof Float64Array, `${device}.${series}`);
      assert.equal(grid[device][series].length, grid.points);
    }
  }
  const sizes = [...grid.batch_size];
  assert.deepEqual(sizes, [...sizes].sort((a, b) => a - b));
  assert.ok(sizes.includes(20) && sizes.includes(21) && sizes.includes(60000));
  const at = (b) => sizes.indexOf(b);
  assert.ok(grid.accelerator.epoch_time_s[at(21)] < grid.host.epoch_time_s[at(21)]);
  assert.ok(grid.accelerator.epoch_time_s[at(20)] >= grid.host.epoch_time_s[at(20)]);
  const some = calc.sweep({ preset: 'mnist-cpu-vs-h100' }, [1, 32]);
  assert.deepEqual([...some.batch_size], [1, 32]);
  const typed = calc.sweep({ preset: 'mnist-cpu-vs-h100' }, new Float64Array([1, 32]));
  assert.deepEqual([...typed.host.epoch_time_s], [...some.host.epoch_time_s]);
  assert.throws(() => calc.sweep({ preset: 'mnist-cpu-vs-h100' }, [0]), (e) => e.path === '/batch_sizes/0');
  assert.throws(() => calc.sweep({ preset: 'mnist-cpu-vs-h100' }, [1, '2']), (e) => e.path === '/batch_sizes/1');
  assert.throws(() => calc.sweep({ preset: 'mnist-cpu-vs-h100' }, { length: 1 }), (e) => e.path === '/batch_sizes');
});

test('evaluate gives the result and its sweep from one call, and they agree', () => {
  const { result, sweep } = calc.evaluate({ preset: 'mnist-cpu-vs-h100' });
  assert.deepEqual(result, calc.solve({ preset: 'mnist-cpu-vs-h100' }));
  const i = [...sweep.batch_size].indexOf(32);
  assert.equal(sweep.host.epoch_time_s[i], result.host.batched.epoch_time_s);
  assert.equal(sweep.accelerator.overhead_time_s[i], result.accelerator.batched.overhead_time_s);
  assert.deepEqual(sweep.accelerator_wins, result.comparison.accelerator_wins);
  // Copies: a later call does not change an earlier sweep.
  const before = sweep.host.epoch_time_s[0];
  calc.evaluate({ preset: 'imagenet-mlp-epyc-vs-h100' });
  assert.equal(sweep.host.epoch_time_s[0], before);
  assert.throws(() => calc.evaluate({ preset: 'mnist-cpu-vs-h100', dispatch: 'x' }), (e) => e.path === '/dispatch');
});

test("schema: the engine's rules as data", () => {
  const schema = calc.schema();
  assert.equal(schema.schema, 'epochcalc/schema@1');
  assert.deepEqual(schema.precisions.map((p) => p.id), ['fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'int8']);
  assert.deepEqual(schema.phases.map((p) => [p.id, p.default_ops_per_layer]), [['training', 3], ['inference', 1]]);
  const batch = schema.fields.find((f) => f.path === '/network/batch_size');
  assert.equal(batch.max, 1e12);
  assert.equal(schema.fields.find((f) => f.path === '/launch').si_unit, 's');
});

test("expand and set apply the engine's merging and field rules", () => {
  const expanded = calc.expand({ preset: 'mnist-cpu-vs-h100', host: { tdp: '100 W' } });
  assert.equal(expanded.host.name, 'Reference CPU (MLSys·im) (customised)');
  assert.equal(expanded.host.memory_bandwidth, '50 GB/s');
  assert.throws(() => calc.expand({ preset: 'nope' }), (e) => e.code === 'E_UNKNOWN_ID' && e.path === '/preset');
  const edited = calc.set({ preset: 'mnist-cpu-vs-h100' }, 'network.batch_size', '64');
  assert.deepEqual(edited, { preset: 'mnist-cpu-vs-h100', network: { batch_size: 64 } });
  assert.equal(calc.set(edited, '/dispatch', '2e-5').dispatch, '2e-5');
  assert.equal(calc.solve(calc.set(edited, '/dispatch', '2e-5')).scenario.dispatch, 2e-5);
});

test('listings: presets, hardware, datasets, default scenario and version', () => {
  const presets = calc.presets();
  assert.ok(presets.length >= 4);
  assert.equal(presets[0].id, 'mnist-cpu-vs-h100');
  assert.deepEqual(calc.defaultScenario(), presets[0].scenario);
  const ids = calc.hardware().map((h) => h.id);
  for (const id of ['reference-cpu', 'h100-sxm', 'a100-sxm-80gb', 'l4', 't4', 'rtx-4090']) assert.ok(ids.includes(id), id);
  assert.ok(calc.hardware().every((h) => typeof h.source === 'string' && h.source.length > 10));
  assert.deepEqual(
    calc.datasets().map((d) => d.id).slice(0, 6).sort(),
    ['cifar-10', 'cifar-100', 'fashion-mnist', 'imagenet-1k', 'mnist', 'svhn'],
  );
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  assert.equal(calc.version, pkg.version);
  // Listings are copies: changing one does not change the next.
  presets[0].scenario.network.batch_size = 1;
  assert.equal(calc.presets()[0].scenario.network.batch_size, 32);
  assert.ok(Object.isFrozen(calc));
});

test('every preset solves through the module', () => {
  for (const preset of calc.presets()) {
    const r = calc.solve({ preset: preset.id });
    assert.equal(r.scenario.name, preset.scenario.name, preset.id);
  }
});

test('links: readLink reads parameters as the engine does, writeLink writes ones that read back', () => {
  const reading = calc.readLink(new URLSearchParams('preset=mnist-cpu-vs-h100&network.batch_size=64&dispatch=20%20us&accelerator=a100-sxm-80gb'));
  assert.deepEqual(reading.notes, []);
  assert.deepEqual(reading.scenario, calc.set(calc.set(calc.set({ preset: 'mnist-cpu-vs-h100' }, 'network.batch_size', '64'), 'dispatch', '20 us'), 'accelerator', 'a100-sxm-80gb'));
  const noPreset = calc.readLink([['scenario', '{"network":{"batch_size":64}}']]);
  assert.equal(noPreset.scenario.preset, calc.schema().default_preset);
  const typo = calc.readLink([['scenerio', '{}']]);
  assert.equal(typo.notes[0].code, 'E_UNKNOWN_FIELD');
  assert.match(typo.notes[0].message, /did you mean "scenario"/);
  assert.equal(calc.readLink([['scenario', '{"a":']]).scenario, null);
  const doc = calc.set(calc.set({ preset: 'mnist-cpu-vs-h100' }, 'profile', 'pytorch-eager-cuda'), 'network.widths', '784,256,10');
  const params = calc.writeLink(doc);
  assert.deepEqual(params, [['preset', 'mnist-cpu-vs-h100'], ['profile', 'pytorch-eager-cuda'], ['network.widths', '784,256,10']]);
  assert.deepEqual(calc.readLink(params).scenario, doc);
  assert.throws(() => calc.readLink('preset=x'), (e) => e instanceof EpochcalcError && e.code === 'E_TYPE');
  assert.throws(() => calc.readLink([['a']]), (e) => e instanceof EpochcalcError && e.code === 'E_TYPE');
});

test("the first visit's module formats the JSON library's hex code units (wasm/hex_snprintf.cpp)", () => {
  // A raw control character in a string: the parser formats it (as <U+0001>, for a message the engine
  // replaces with its own) and stops there.
  const { errors } = calc.update('{"name": "a\u0001b"}');
  assert.match(errors[0].message, /not valid JSON \(at line 1, column 12\)/);
  // Written out as JSON (a link's scenario JSON), it is escaped as \u0001; \u001f the same way.
  const doc = { preset: 'mnist-cpu-vs-h100', host: { name: 'cpu\u0001\u001f', peak_flops: { fp32: '1 TFLOP/s' }, memory_bandwidth: '50 GB/s' } };
  const [[key, text]] = calc.writeLink(doc);
  assert.equal(key, 'scenario');
  assert.ok(text.includes('cpu\\u0001\\u001f'), text);
  assert.deepEqual(calc.readLink(calc.writeLink(doc)).scenario, doc);
});

test('messages that say what happened (issue 36, defect 14): a cycle, a NaN batch size, a link\'s scenario that is not JSON', () => {
  const cyclic = /** @type {any} */ ({ preset: 'mnist-cpu-vs-h100' });
  cyclic.self = cyclic;
  assert.throws(() => calc.solve(cyclic), (e) => e instanceof EpochcalcError && e.code === 'E_TYPE' && /cannot be written as JSON .*without a cycle/.test(e.message));
  assert.throws(() => calc.evaluate({ preset: 'mnist-cpu-vs-h100' }, [32, NaN, Infinity]), (e) => e instanceof EpochcalcError &&
    e.errors.length === 2 && e.errors[0].path === '/batch_sizes/1' && /got NaN$/.test(e.errors[0].message) && /got infinity$/.test(e.errors[1].message));
  const link = calc.readLink([['scenario', '{bad']]);
  assert.equal(link.scenario, null);
  assert.equal(link.notes.length, 1);
  assert.equal(link.notes[0].code, 'E_JSON');
  assert.equal(link.notes[0].path, '/scenario');
  assert.match(link.notes[0].message, /^the link's scenario is not valid JSON \(at line 1, column 2\)/);
});

test('a 100 MB argument is refused at the engine\'s limit without copying it into the module first (issue 36)', async () => {
  const own = await createCalculator({ wasmBinary: readFileSync(path.join(moduleDir, 'epochcalc_core.wasm')) });
  own.solve({ preset: 'mnist-cpu-vs-h100' });
  const before = process.memoryUsage().external;
  const huge = `{"name": "${'x'.repeat(100 * 1024 * 1024)}"}`;
  assert.throws(() => own.solve(huge), (e) => e instanceof EpochcalcError && e.code === 'E_RANGE'
    && /at most 4,000,000 bytes/.test(e.message));
  assert.throws(() => own.set(huge, 'dispatch', '1 us'), (e) => e instanceof EpochcalcError && e.code === 'E_RANGE');
  // The module's memory grew by the limit at most, not by the argument.
  assert.ok(process.memoryUsage().external - before < 32 * 1024 * 1024, `${Math.round((process.memoryUsage().external - before) / 1048576)} MB more`);
  assert.equal(own.schema().limits.document.max_bytes, 4_000_000);
  // A link's parameter list is no document: a scenario past the limit inside it is read whole and refused
  // by the engine at its parameter, not cut into text that is not JSON.
  const reading = own.readLink([['scenario', JSON.stringify({ preset: 'mnist-cpu-vs-h100', name: 'x'.repeat(5_000_000) })]]);
  assert.deepEqual(reading.notes.map((n) => [n.code, n.path]), [['E_RANGE', '/scenario']]);
  assert.match(reading.notes[0].message, /the link's scenario is too long: at most 4,000,000 bytes/);
  assert.equal(own.solve({ preset: 'mnist-cpu-vs-h100' }).host.batched.epoch_time_s, calc.solve({ preset: 'mnist-cpu-vs-h100' }).host.batched.epoch_time_s);
});

test('a link of 130,000 parameters: the wrapper sends the engine its first ones and the count, read as the whole link (hostile input L14)', () => {
  const long = new URLSearchParams();
  for (let i = 0; i < 130000; i++) long.append(i === 0 ? 'network.batch_size' : `x${i}`, '64');
  const first = [...long].slice(0, calc.schema().limits.link_params);
  const whole = calc.readLink(long);
  const cut = calc.readLink(first);
  assert.deepEqual(whole.scenario, cut.scenario);
  assert.equal(whole.notes[0].message, 'the link has 130000 parameters; the first 500 are read');
  assert.deepEqual(whole.notes.slice(1), cut.notes);
  // The page decodes only the first ones and says how many there are (issue 47): the same reading.
  assert.deepEqual(calc.readLink(first, 130000), whole);
  // A count below what is given, or not a number, is no count.
  assert.deepEqual(calc.readLink(first, 3), cut);
  assert.deepEqual(calc.readLink(first, /** @type {any} */ ('many')), cut);
});
