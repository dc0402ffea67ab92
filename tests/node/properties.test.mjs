// Properties of the wasm module over thousands of generated scenarios (issue 10), with fast-check:
// the parts add up to the total, each time moves the right way with each input, the steps cover the
// dataset, the speedups are positive and finite, the win ranges match solving every batch size, and
// the wasm module and the native command-line tool give bit-identical results. docs/model.md is the
// source of every equation checked here.
//
// Every property runs from a fixed seed, so the scenarios are the same on every run; a failure prints
// the shrunk scenario and the seed and path that replay it (fc.assert's report).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fc from 'fast-check';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { createCalculator } = await import(path.join(root, 'build/wasm/wasm/epochcalc.js'));
const calc = await createCalculator();
const cli = path.join(root, 'build/native/cli/epochcalc');

const SEED = 20261210;
/** @param {number} numRuns */
const runs = (numRuns) => ({ seed: SEED, numRuns });

// ---------------------------------------------------------------------------------------------
// Scenarios. Every value is generated; the devices are inline objects.

const PRECISIONS = ['fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'int8'];
const BYTES = { fp32: 4, tf32: 4, fp16: 2, bf16: 2, fp8: 1, int8: 1 };

/** A whole number in [1, 2^maxBits], as likely small as large (spread over the binary orders). */
const spread = (maxBits) =>
  fc.tuple(fc.integer({ min: 0, max: maxBits }), fc.integer({ min: 0, max: 2 ** maxBits - 1 })).map(([bits, r]) => 1 + (r % 2 ** bits));

/** A double in [min, max], spread over the orders of magnitude (fast-check draws doubles by their bits). */
const positive = (min, max) => fc.double({ min, max, noNaN: true });
/** 0 to 100 µs; exactly 0 one time in five. */
const overhead = fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: positive(1e-9, 100e-6), weight: 4 });
/** An efficiency: 1 (the datasheet peak) or a fraction down to a thousandth. */
const efficiency = fc.oneof(fc.constant(1), positive(1e-3, 1));

const device = fc.record({
  peak: positive(1e9, 1e16),
  bandwidth: positive(1e9, 1e13),
  // A peak at another precision, which the scenario's precision must not pick up.
  other: fc.option(fc.tuple(fc.constantFrom(...PRECISIONS), positive(1, 1e21)), { nil: null }),
});

/** The generated choices, with N up to `maxExamples`; `scenarioOf` turns them into a scenario. @param {number} maxExamples */
const choices = (maxExamples) =>
  fc.record({
    widths: fc.array(spread(12), { minLength: 2, maxLength: 7 }), // 1 to 6 layers, widths 1 to 4096
    examples: fc.oneof(spread(Math.floor(Math.log2(maxExamples))), fc.integer({ min: 1, max: maxExamples })),
    // B = ⌊N^u⌋ (1 to N, spread over the orders), or N + beyond: a batch larger than N.
    batchExponent: fc.integer({ min: 0, max: 1000 }).map((k) => k / 1000),
    beyond: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null, freq: 8 }),
    precision: fc.constantFrom(...PRECISIONS),
    host: device,
    accelerator: device,
    // 'faster': an accelerator with more of both, the textbook case; 'split': the host has the higher
    // peak and the accelerator the higher bandwidth, where the winner can change back; 'twin': the
    // same device at the same efficiency, half the time without launch cost (exact ties, which
    // "strictly faster" must not count).
    relation: fc.constantFrom('any', 'faster', 'split', 'twin'),
    twinWithoutLaunch: fc.boolean(),
    peakRatio: positive(1, 100),
    bandwidthRatio: positive(1, 100),
    dispatch: overhead,
    launch: overhead,
    flopEnergy: fc.oneof(fc.constant(0), positive(1e-15, 1e-11)),
    byteEnergy: fc.oneof(fc.constant(0), positive(1e-13, 1e-9)),
    phase: fc.constantFrom('training', 'inference'),
    opsPerLayer: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
    extraOps: fc.integer({ min: 0, max: 100 }),
    overlap: fc.constantFrom('none', 'roofline'),
    dropLast: fc.boolean(),
    hostEfficiency: efficiency,
    acceleratorEfficiency: efficiency,
    launchesPerStep: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  });

/** @param {string} name @param {string} precision @param {number} peak @param {number} bandwidth @param {[string, number]|null} other */
function deviceOf(name, precision, peak, bandwidth, other) {
  const peaks = {};
  if (other && other[0] !== precision) peaks[other[0]] = other[1];
  peaks[precision] = peak;
  return { name, peak_flops: peaks, memory_bandwidth: bandwidth };
}

function scenarioOf(g) {
  const n = g.examples;
  const batch = g.beyond !== null && !g.dropLast ? n + g.beyond : Math.max(1, Math.min(n, Math.floor(n ** g.batchExponent)));
  let { peak: accPeak, bandwidth: accBandwidth, other: accOther } = g.accelerator;
  let { acceleratorEfficiency, launch } = g;
  if (g.relation === 'twin') {
    ({ peak: accPeak, bandwidth: accBandwidth, other: accOther } = g.host);
    acceleratorEfficiency = g.hostEfficiency;
    if (g.twinWithoutLaunch) launch = 0;
  } else if (g.relation === 'faster') {
    accPeak = g.host.peak * g.peakRatio;
    accBandwidth = g.host.bandwidth * g.bandwidthRatio;
  } else if (g.relation === 'split') {
    accPeak = g.host.peak / g.peakRatio;
    accBandwidth = g.host.bandwidth * g.bandwidthRatio;
  }
  const assumptions = {
    phase: g.phase,
    extra_ops_per_step: g.extraOps,
    overlap: g.overlap,
    drop_last: g.dropLast,
    host_efficiency: g.hostEfficiency,
    accelerator_efficiency: acceleratorEfficiency,
    launches_per_step: g.launchesPerStep,
  };
  // Left out, ops_per_layer follows the phase.
  if (g.opsPerLayer !== undefined) assumptions.ops_per_layer = g.opsPerLayer;
  return {
    name: 'generated',
    network: { widths: g.widths, batch_size: batch, dataset: { name: 'generated', training_examples: n } },
    host: deviceOf('host', g.precision, g.host.peak, g.host.bandwidth, g.host.other),
    accelerator: deviceOf('accelerator', g.precision, accPeak, accBandwidth, accOther),
    precision: g.precision,
    dispatch: g.dispatch,
    launch,
    dram_energy_per_byte: g.byteEnergy,
    flop_energy: g.flopEnergy,
    assumptions,
  };
}

/** Scenarios with N up to 10^7 examples. */
const scenario = choices(10_000_000).map(scenarioOf);
/** Scenarios with N up to 2000, small enough to try every batch size. */
const smallScenario = choices(2000).map(scenarioOf);

// ---------------------------------------------------------------------------------------------
// Helpers.

const withChange = (s, change) => {
  const t = structuredClone(s);
  change(t);
  return t;
};
const withBatch = (s, b) => ({ ...s, network: { ...s.network, batch_size: b } });

/** The four runs of a result with what each is. */
const runsOf = (r) => [
  { name: 'host.batched', run: r.host.batched, accelerator: false, profile: r.network.batched },
  { name: 'host.batch_one', run: r.host.batch_one, accelerator: false, profile: r.network.batch_one },
  { name: 'accelerator.batched', run: r.accelerator.batched, accelerator: true, profile: r.network.batched },
  { name: 'accelerator.batch_one', run: r.accelerator.batch_one, accelerator: true, profile: r.network.batch_one },
];

const close = (got, want, tolerance) => Math.abs(got - want) <= tolerance * Math.abs(want);

/** Maximal ranges of the batch sizes 1..n at which `wins(b)` holds. */
function rangesWhere(n, wins) {
  const ranges = [];
  for (let b = 1; b <= n; b++) {
    if (!wins(b)) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.to === b - 1) last.to = b;
    else ranges.push({ from: b, to: b });
  }
  return ranges;
}

/** The steps cover the dataset: ⌈N/B⌉ steps, or with drop_last ⌊N/B⌋ and s·B ≤ N < (s+1)·B. */
function checkSteps(profile, n, dropLast) {
  const b = profile.batch_size, s = profile.steps_per_epoch;
  assert.ok(Number.isInteger(s) && s >= 1, `steps ${s}`);
  if (dropLast) {
    assert.ok(s * b <= n && n < (s + 1) * b, `drop_last: ${s} steps of ${b} for N = ${n}`);
  } else {
    assert.ok((s - 1) * b < n && n <= s * b, `${s} steps of ${b} for N = ${n}`);
  }
}

/** Every number of one result against the equations of docs/model.md. */
function checkResult(s, r) {
  const a = s.assumptions;
  const roofline = a.overlap === 'roofline';
  const n = s.network.dataset.training_examples;
  assert.equal(r.schema, 'epochcalc/result@1');

  let macs = 0, activations = 0, parameters = 0;
  const w = s.network.widths;
  for (let i = 0; i + 1 < w.length; i++) {
    macs += w[i] * w[i + 1];
    activations += w[i] + w[i + 1];
    parameters += w[i] * w[i + 1] + w[i + 1];
  }
  assert.equal(r.network.layers, w.length - 1);
  assert.equal(r.network.parameters, parameters);

  checkSteps(r.network.batched, n, a.drop_last);
  checkSteps(r.network.batch_one, n, a.drop_last);
  assert.equal(r.network.batched.batch_size, s.network.batch_size);
  assert.equal(r.network.batch_one.steps_per_epoch, n);
  if (s.network.batch_size > n) assert.ok(r.warnings.some((x) => x.code === 'W_BATCH_EXCEEDS_DATASET'), 'batch beyond N warns');

  const k = a.phase === 'training' ? 3 : 1;
  const opsPerLayer = a.ops_per_layer ?? (a.phase === 'training' ? 3 : 1);
  const opsPerStep = (w.length - 1) * opsPerLayer + a.extra_ops_per_step;
  const graphs = a.launches_per_step ?? 0;
  for (const { name, run, accelerator, profile } of runsOf(r)) {
    const at = `${name}: `;
    const steps = profile.steps_per_epoch;
    const seen = a.drop_last ? steps * profile.batch_size : n;
    assert.ok(close(profile.flops, k * 2 * macs * seen, 1e-15), `${at}flops ${profile.flops}`);
    assert.ok(close(profile.bytes, k * BYTES[s.precision] * (steps * parameters + seen * activations), 1e-15), `${at}bytes ${profile.bytes}`);
    assert.equal(profile.launched_ops, steps * opsPerStep, `${at}launched_ops`);
    for (const [key, value] of Object.entries(run)) {
      if (key === 'cost_usd' && value === null) continue;  // no price, no cost (checked below)
      assert.ok(Number.isFinite(value) && value >= 0, `${at}${key} = ${value}`);
    }
    // The parts add up to the total, in the order docs/model.md writes them.
    assert.equal(run.work_time_s, roofline ? Math.max(run.compute_time_s, run.memory_time_s) : run.compute_time_s + run.memory_time_s, `${at}work`);
    assert.equal(run.overhead_time_s, run.dispatch_time_s + run.launch_time_s, `${at}overhead`);
    assert.equal(run.epoch_time_s, run.work_time_s + run.overhead_time_s, `${at}epoch`);
    if (!roofline) {
      const sum = run.compute_time_s + run.memory_time_s + run.dispatch_time_s + run.launch_time_s;
      assert.ok(close(run.epoch_time_s, sum, 1e-15), `${at}epoch ${run.epoch_time_s} vs the sum of its parts ${sum}`);
    }
    assert.ok(run.epoch_time_s > 0, `${at}epoch > 0`);
    assert.equal(run.overhead_fraction, run.overhead_time_s / run.epoch_time_s, `${at}overhead_fraction`);
    assert.ok(run.overhead_fraction <= 1, `${at}overhead_fraction <= 1`);
    assert.equal(run.energy_j, run.arithmetic_energy_j + run.data_movement_energy_j + run.idle_energy_j, `${at}energy`);
    // These devices have no idle power and no price: the seed's energy, and no cost.
    assert.equal(run.idle_energy_j, 0, `${at}idle energy`);
    assert.equal(run.cost_usd, null, `${at}cost`);
    assert.equal(run.arithmetic_energy_j, profile.flops * s.flop_energy, `${at}arithmetic energy`);
    assert.equal(run.data_movement_energy_j, profile.bytes * s.dram_energy_per_byte, `${at}data movement energy`);
    // The terms themselves.
    const dev = accelerator ? s.accelerator : s.host;
    const eff = accelerator ? a.accelerator_efficiency : a.host_efficiency;
    assert.ok(close(run.compute_time_s, profile.flops / (eff * dev.peak_flops[s.precision]), 1e-14), `${at}compute`);
    assert.ok(close(run.memory_time_s, profile.bytes / (eff * dev.memory_bandwidth), 1e-14), `${at}memory`);
    const calls = accelerator && graphs > 0 ? steps * graphs : profile.launched_ops;
    assert.equal(run.dispatches, calls, `${at}dispatches`);
    assert.equal(run.launches, accelerator ? calls : 0, `${at}launches`);
    assert.equal(run.dispatch_time_s, calls * s.dispatch, `${at}dispatch time`);
    assert.equal(run.launch_time_s, accelerator ? calls * s.launch : 0, `${at}launch time`);
  }

  // Speedups: positive, finite, and the ratios they name.
  const c = r.comparison;
  for (const key of ['accelerator_speedup_batched', 'accelerator_speedup_batch_one', 'batching_speedup_host', 'batching_speedup_accelerator']) {
    assert.ok(Number.isFinite(c[key]) && c[key] > 0, `${key} = ${c[key]}`);
  }
  assert.equal(c.accelerator_speedup_batched, r.host.batched.epoch_time_s / r.accelerator.batched.epoch_time_s);
  assert.equal(c.accelerator_speedup_batch_one, r.host.batch_one.epoch_time_s / r.accelerator.batch_one.epoch_time_s);
  assert.equal(c.batching_speedup_host, r.host.batch_one.epoch_time_s / r.host.batched.epoch_time_s);
  assert.equal(c.batching_speedup_accelerator, r.accelerator.batch_one.epoch_time_s / r.accelerator.batched.epoch_time_s);

  // The win ranges: ascending, disjoint, maximal, inside [1, N]; the crossover is the first start;
  // and they agree with the result's own runs at B (a batch beyond N is the epoch at N) and at 1.
  const wins = c.accelerator_wins;
  wins.forEach((range, i) => {
    assert.ok(Number.isInteger(range.from) && Number.isInteger(range.to), 'whole batch sizes');
    assert.ok(1 <= range.from && range.from <= range.to && range.to <= n, `range ${JSON.stringify(range)} in [1, ${n}]`);
    if (i > 0) assert.ok(wins[i - 1].to + 1 < range.from, 'ranges ascending, disjoint and not adjacent');
  });
  assert.equal(c.crossover_batch_size, wins.length ? wins[0].from : null);
  const inWins = (b) => wins.some((range) => range.from <= b && b <= range.to);
  assert.equal(inWins(Math.min(s.network.batch_size, n)), r.accelerator.batched.epoch_time_s < r.host.batched.epoch_time_s, 'wins at B');
  assert.equal(inWins(1), r.accelerator.batch_one.epoch_time_s < r.host.batch_one.epoch_time_s, 'wins at 1');
}

/**
 * Each epoch time of `after` moved from `before` as `way(isAccelerator)` says: 'up' or 'down'
 * (non-strictly), or 'same' (exactly).
 */
function checkEpochs(before, after, way) {
  const b = runsOf(before), a = runsOf(after);
  for (let i = 0; i < b.length; i++) {
    const [x, y] = [b[i].run.epoch_time_s, a[i].run.epoch_time_s];
    const expected = way(b[i].accelerator);
    const ok = expected === 'up' ? y >= x : expected === 'down' ? y <= x : y === x;
    assert.ok(ok, `${b[i].name}: epoch ${x} -> ${y}, expected ${expected}`);
  }
}

/** A factor above 1 (at least 1 + 10^-6, so that a quotient by it moves), up to about 100. */
const growth = fc.oneof(positive(1e-6, 1e-3), positive(1e-3, 100)).map((x) => 1 + x);

// ---------------------------------------------------------------------------------------------
// Properties.

test('the parts add up, the steps cover the dataset, the speedups are finite (2,000 scenarios)', () => {
  fc.assert(
    fc.property(scenario, (s) => {
      checkResult(s, calc.solve(s));
    }),
    runs(2000),
  );
});

test('time grows with dispatch, launch and dataset size (3 × 300 scenarios)', () => {
  fc.assert(
    fc.property(scenario, positive(1e-6, 100e-6), (s, more) => {
      const before = calc.solve(s);
      const after = calc.solve(withChange(s, (t) => (t.dispatch = s.dispatch + more)));
      checkEpochs(before, after, () => 'up');
      for (let i = 0; i < 4; i++) {
        const [x, y] = [runsOf(before)[i].run, runsOf(after)[i].run];
        if (x.dispatches > 0) assert.ok(y.dispatch_time_s > x.dispatch_time_s, `${runsOf(before)[i].name}: dispatch time grows`);
      }
    }),
    runs(300),
  );
  fc.assert(
    fc.property(scenario, positive(1e-6, 100e-6), (s, more) => {
      const before = calc.solve(s);
      const after = calc.solve(withChange(s, (t) => (t.launch = s.launch + more)));
      checkEpochs(before, after, (accelerator) => (accelerator ? 'up' : 'same'));
      for (const run of ['batched', 'batch_one']) {
        if (before.accelerator[run].launches > 0) {
          assert.ok(after.accelerator[run].launch_time_s > before.accelerator[run].launch_time_s, `accelerator.${run}: launch time grows`);
        }
      }
    }),
    runs(300),
  );
  fc.assert(
    fc.property(scenario, spread(23), (s, more) => {
      const before = calc.solve(s);
      const after = calc.solve(withChange(s, (t) => (t.network.dataset.training_examples += more)));
      checkEpochs(before, after, () => 'up');
      // At batch size one every added example is one more step and more work: strictly longer.
      assert.ok(after.host.batch_one.epoch_time_s > before.host.batch_one.epoch_time_s, 'host batch-one epoch grows strictly');
      assert.ok(after.accelerator.batch_one.epoch_time_s > before.accelerator.batch_one.epoch_time_s, 'accelerator batch-one epoch grows strictly');
    }),
    runs(300),
  );
});

test('time shrinks with peak FLOP/s, bandwidth and efficiency, on that device only (3 × 300 scenarios)', () => {
  const devices = fc.constantFrom('host', 'accelerator');
  const terms = (r, d) => ({ compute: r[d].batch_one.compute_time_s, memory: r[d].batch_one.memory_time_s });
  const only = (d) => (accelerator) => ((accelerator ? 'accelerator' : 'host') === d ? 'down' : 'same');
  fc.assert(
    fc.property(scenario, devices, growth, (s, d, factor) => {
      const before = calc.solve(s);
      const after = calc.solve(withChange(s, (t) => (t[d].peak_flops[s.precision] *= factor)));
      checkEpochs(before, after, only(d));
      assert.ok(terms(after, d).compute < terms(before, d).compute, 'compute time shrinks strictly');
      assert.equal(terms(after, d).memory, terms(before, d).memory, 'memory time unchanged');
    }),
    runs(300),
  );
  fc.assert(
    fc.property(scenario, devices, growth, (s, d, factor) => {
      const before = calc.solve(s);
      const after = calc.solve(withChange(s, (t) => (t[d].memory_bandwidth *= factor)));
      checkEpochs(before, after, only(d));
      assert.ok(terms(after, d).memory < terms(before, d).memory, 'memory time shrinks strictly');
      assert.equal(terms(after, d).compute, terms(before, d).compute, 'compute time unchanged');
    }),
    runs(300),
  );
  fc.assert(
    fc.property(scenario, devices, growth, (s, d, factor) => {
      const key = `${d}_efficiency`;
      const before = calc.solve(s);
      const changed = withChange(s, (t) => (t.assumptions[key] = Math.min(1, s.assumptions[key] * factor)));
      const after = calc.solve(changed);
      checkEpochs(before, after, only(d));
      if (changed.assumptions[key] > s.assumptions[key]) {
        assert.ok(terms(after, d).compute < terms(before, d).compute, 'compute time shrinks strictly');
        assert.ok(terms(after, d).memory < terms(before, d).memory, 'memory time shrinks strictly');
      }
    }),
    runs(300),
  );
});

test('the win ranges match solving every batch size from 1 to N (100 scenarios, N <= 2000)', () => {
  fc.assert(
    fc.property(smallScenario, (s) => {
      const n = s.network.dataset.training_examples;
      const times = [];
      for (let b = 1; b <= n; b++) {
        const r = calc.solve(withBatch(s, b));
        times[b] = [r.host.batched.epoch_time_s, r.accelerator.batched.epoch_time_s];
      }
      const expected = rangesWhere(n, (b) => times[b][1] < times[b][0]);
      assert.deepEqual(calc.solve(s).comparison.accelerator_wins, expected);
    }),
    runs(100),
  );
});

test('the win ranges match a sweep over every batch size from 1 to N (2,000 scenarios, N <= 2000)', () => {
  let switches = 0, ties = 0;
  fc.assert(
    fc.property(smallScenario, (s) => {
      const n = s.network.dataset.training_examples;
      const sizes = Float64Array.from({ length: n }, (_, i) => i + 1);
      const sweep = calc.sweep(s, sizes);
      const expected = rangesWhere(n, (b) => sweep.accelerator.epoch_time_s[b - 1] < sweep.host.epoch_time_s[b - 1]);
      const r = calc.solve(s);
      assert.deepEqual(r.comparison.accelerator_wins, expected);
      assert.deepEqual(sweep.accelerator_wins, expected);
      // The sweep evaluates the same equations as the result.
      const b = s.network.batch_size;
      if (b <= n) {
        assert.equal(sweep.host.epoch_time_s[b - 1], r.host.batched.epoch_time_s);
        assert.equal(sweep.accelerator.epoch_time_s[b - 1], r.accelerator.batched.epoch_time_s);
      }
      if (expected.length && (expected[0].from > 1 || expected[expected.length - 1].to < n)) switches++;
      if (sweep.host.epoch_time_s[0] === sweep.accelerator.epoch_time_s[0]) ties++;
    }),
    runs(2000),
  );
  // Not only "always" or "never": the winner changes inside [1, N] in many scenarios (165 of these),
  // and the devices tie exactly in some (90).
  assert.ok(switches > 80, `the winner changes inside [1, N] in only ${switches} scenarios`);
  assert.ok(ties > 40, `the devices tie at batch size 1 in only ${ties} scenarios`);
});

test('the wasm module and the native tool give bit-identical results (300 scenarios)', () => {
  assert.ok(existsSync(cli), `${cli} is missing: run bash scripts/build-native.sh`);
  fc.assert(
    fc.property(scenario, (s) => {
      const text = JSON.stringify(s);
      const native = spawnSync(cli, ['--scenario', '-', '--json'], { input: text, encoding: 'utf8' });
      assert.equal(native.status, 0, native.stderr);
      // Both sides print every double so that it reads back exactly: equal numbers here are equal bits.
      assert.deepStrictEqual(calc.solve(text), JSON.parse(native.stdout));
    }),
    runs(300),
  );
});
