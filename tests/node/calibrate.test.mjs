// Framework profiles, efficiencies and calibration through the module's JavaScript API: calc.profiles(),
// the profile field, calc.calibrate() (async: its own wasm module, loaded on the first call).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleDir = path.join(root, 'build/wasm/wasm');
const { createCalculator, EpochcalcError } = await import(path.join(moduleDir, 'epochcalc.js'));
const calc = await createCalculator();

const relative = (a, b) => Math.abs(a - b) / Math.abs(b);

/** The scenario the measurements come from, and one the fit starts from (other constants). */
const truth = {
  preset: 'mnist-cpu-vs-h100',
  dispatch: '7 us',
  launch: '4 us',
  assumptions: { host_efficiency: 0.35, accelerator_efficiency: 0.12 },
};
const start = { preset: 'mnist-cpu-vs-h100' };

/** Epoch times of `scenario` at each batch size on each device, from the module's own solve. */
function measure(scenario, sizes, devices = ['host', 'accelerator']) {
  const out = [];
  for (const device of devices) {
    for (const b of sizes) {
      const r = calc.solve({ ...scenario, network: { batch_size: b } });
      out.push({ device, batch_size: b, epoch_time_s: r[device].batched.epoch_time_s });
    }
  }
  return out;
}

test('profiles: listed with values, ranges and https sources; choosing one fills the overheads', () => {
  const profiles = calc.profiles();
  assert.ok(profiles.length >= 8);
  for (const p of profiles) {
    assert.ok(p.sources.length > 0, p.id);
    for (const s of p.sources) assert.match(s.url, /^https:\/\//, `${p.id} source`);
    const r = calc.solve({ preset: 'mnist-cpu-vs-h100', profile: p.id });
    assert.equal(r.scenario.profile, p.id);
    const written = calc.solve({ preset: 'mnist-cpu-vs-h100', dispatch: p.values.dispatch, launch: p.values.launch, step_overhead: p.values.step_overhead, assumptions: p.values.assumptions });
    assert.equal(r.host.batched.epoch_time_s, written.host.batched.epoch_time_s, p.id);
    assert.equal(r.accelerator.batched.epoch_time_s, written.accelerator.batched.epoch_time_s, p.id);
  }
  const mine = calc.solve({ preset: 'mnist-cpu-vs-h100', profile: 'pytorch-eager-cuda', dispatch: '11 us' });
  assert.equal(mine.scenario.dispatch, 11e-6, 'a field written in the scenario wins over the profile');
  assert.throws(() => calc.solve({ preset: 'mnist-cpu-vs-h100', profile: 'pytorch-eager-cud' }),
    (e) => e instanceof EpochcalcError && e.code === 'E_UNKNOWN_ID' && e.path === '/profile' && /pytorch-eager-cuda/.test(e.message));
});

test('set on /profile: choosing shows the profile, clearing keeps its values written out', () => {
  const chosen = calc.set({ preset: 'mnist-cpu-vs-h100', dispatch: '3 us' }, '/profile', 'numpy-cpu');
  assert.equal(chosen.profile, 'numpy-cpu');
  assert.equal(chosen.dispatch, undefined, "the scenario's own dispatch gives way to the profile's");
  const cleared = calc.set(chosen, '/profile', '');
  assert.equal(cleared.profile, undefined);
  assert.equal(calc.solve(cleared).host.batched.epoch_time_s, calc.solve(chosen).host.batched.epoch_time_s);
});

test('efficiency divides compute and memory on its device only; percentages read as fractions', () => {
  const base = calc.solve(start);
  const slow = calc.solve({ ...start, assumptions: { host_efficiency: '40 %' } });
  assert.ok(relative(slow.host.batched.compute_time_s, base.host.batched.compute_time_s / 0.4) < 1e-12);
  assert.ok(relative(slow.host.batched.memory_time_s, base.host.batched.memory_time_s / 0.4) < 1e-12);
  assert.equal(slow.host.batched.dispatch_time_s, base.host.batched.dispatch_time_s);
  assert.equal(slow.accelerator.batched.epoch_time_s, base.accelerator.batched.epoch_time_s);
  assert.throws(() => calc.solve({ ...start, assumptions: { accelerator_efficiency: 1.5 } }),
    (e) => e.code === 'E_RANGE' && e.path === '/assumptions/accelerator_efficiency');
});

test('calibrate recovers known constants from exact measurements to 1e-9', async () => {
  const reply = await calc.calibrate({ scenario: start, measurements: measure(truth, [1, 8, 32, 256, 4096]) });
  assert.equal(reply.schema, 'epochcalc/calibration@2');
  assert.deepEqual(reply.undetermined, []);
  assert.ok(relative(reply.fitted.dispatch, 7e-6) < 1e-9, `dispatch ${reply.fitted.dispatch}`);
  assert.ok(relative(reply.fitted.launch, 4e-6) < 1e-9, `launch ${reply.fitted.launch}`);
  assert.ok(relative(reply.fitted.host_efficiency, 0.35) < 1e-9);
  assert.ok(relative(reply.fitted.accelerator_efficiency, 0.12) < 1e-9);
  for (const m of reply.measurements) assert.ok(Math.abs(m.relative_residual) < 1e-9);
  // The fitted scenario solves to the fitted predictions.
  const again = calc.solve({ ...reply.scenario, network: { batch_size: 32 } });
  const predicted = reply.measurements.find((m) => m.device === 'host' && m.batch_size === 32).predicted_s;
  assert.ok(relative(again.host.batched.epoch_time_s, predicted) < 1e-8);
});

test('calibrate names what host times alone cannot determine, and never invents it', async () => {
  const reply = await calc.calibrate({ scenario: start, measurements: measure(truth, [1, 64, 1024], ['host']) });
  assert.equal(reply.fitted.launch, null);
  assert.equal(reply.fitted.accelerator_efficiency, null);
  assert.deepEqual(reply.undetermined, [
    { constant: 'launch', path: '/launch' },
    { constant: 'accelerator_efficiency', path: '/assumptions/accelerator_efficiency' },
  ]);
  assert.ok(relative(reply.fitted.dispatch, 7e-6) < 1e-9);
  assert.ok(reply.notes.some((n) => /accelerator times/.test(n)));
});

test('calibrate fits a device\'s own overheads, says what it held, and predicts other batch sizes', async () => {
  const own = { preset: 'mnist-cpu-vs-h100', overheads: { host: { profile: 'pytorch-eager-cpu' }, accelerator: { profile: 'pytorch-eager-cuda' } } };
  const mine = { ...own, overheads: { ...own.overheads, host: { profile: 'pytorch-eager-cpu', dispatch: '9 us' } } };
  const reply = await calc.calibrate({ scenario: own, measurements: measure(mine, [8, 64, 512]), predict: [32, 4096] });
  assert.ok(relative(reply.fitted_own.host.dispatch ?? NaN, 9e-6) < 1e-9, `host dispatch ${reply.fitted_own.host.dispatch}`);
  assert.equal(reply.fitted.dispatch, null);
  const held = reply.held.find((h) => h.path === '/dispatch' && h.device === 'host');
  assert.deepEqual(held && [held.because, held.profile, held.profile_scope, held.in_force],
    ['profile', 'pytorch-eager-cpu', 'device', '/overheads/host/dispatch']);
  assert.ok(!reply.notes.some((n) => /more batch sizes/.test(n)), reply.notes.join('\n'));
  assert.deepEqual(reply.predictions?.map((p) => p.batch_size), [32, 4096]);
  const at32 = calc.solve({ ...mine, network: { batch_size: 32 } });
  assert.ok(relative(reply.predictions?.[0].host_epoch_time_s ?? NaN, at32.host.batched.epoch_time_s) < 1e-9);
  assert.ok(relative(reply.predictions?.[0].accelerator_epoch_time_s ?? NaN, at32.accelerator.batched.epoch_time_s) < 1e-9);
});

test('calibrate refuses bad measurements with a path for each', async () => {
  const measurements = measure(truth, [32, 256], ['host']);
  measurements.push({ device: 'gpu', batch_size: 32, epoch_time_s: 1 }, { device: 'host', batch_size: 32, epoch_time_s: -2 });
  await assert.rejects(calc.calibrate({ scenario: start, measurements }), (e) => {
    assert.ok(e instanceof EpochcalcError);
    const paths = e.errors.map((x) => x.path);
    assert.ok(paths.includes('/measurements/2/device'), paths.join(' '));
    assert.ok(paths.includes('/measurements/3/epoch_time_s'), paths.join(' '));
    return true;
  });
  await assert.rejects(calc.calibrate({ scenario: start, measurements: [] }), (e) => e.code === 'E_TOO_FEW' && e.path === '/measurements');
  await assert.rejects(calc.calibrate('not json'), (e) => e.code === 'E_JSON');
});
