// scripts/measure.py ("measure your own machine") on tiny networks with the NumPy backend: the shape of
// the measurements file, its consistency with the engine's operation count, and its error messages.
// Timings are only checked to be positive and finite: their values are the machine's, not the code's.
// Needs a Python with NumPy ($PYTHON, else /usr/bin/python3, else python3) and the native CLI, which
// `node scripts/build.mjs` builds.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'scripts/measure.py');
const cli = path.join(root, 'build/native/cli/epochcalc');
const work = mkdtempSync(path.join(tmpdir(), 'epochcalc-measure-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** The first interpreter that can import numpy: a pyenv python3 early on PATH may lack it. */
function findPython() {
  const candidates = [process.env.PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean);
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['-c', 'import numpy'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  throw new Error(`no Python that can import numpy among ${candidates.join(', ')}: install python3-numpy or set PYTHON`);
}

const python = findPython();
assert.ok(existsSync(cli), `${cli} is missing: run node scripts/build.mjs (or bash scripts/build-native.sh) first`);

function measure(args) {
  return spawnSync(python, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
}

/** Runs measure.py into a file and returns the parsed document, failing with its stderr otherwise. */
function measured(name, args) {
  const out = path.join(work, `${name}.json`);
  const run = measure([...args, '--out', out]);
  assert.equal(run.status, 0, `measure.py ${args.join(' ')} exited ${run.status}:\n${run.stderr}`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** The engine's result for a scenario, through the CLI (exit 0 asserted). */
function solve(name, scenario) {
  const file = path.join(work, `${name}.scenario.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const run = spawnSync(cli, ['--scenario', file, '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, `the engine refused the measured scenario:\n${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout);
}

const isPositiveInteger = (value) => Number.isInteger(value) && value > 0;

/** Every field of the measurements file, and its consistency with what was asked and with the engine. */
function checkDocument(name, document, { examples, batchSizes, widths }) {
  assert.deepEqual(Object.keys(document).sort(), ['measured_with', 'measurements', 'scenario']);

  const { measurements } = document;
  assert.ok(Array.isArray(measurements));
  for (const m of measurements) {
    assert.deepEqual(Object.keys(m).sort(), ['batch_size', 'device', 'epoch_time_s', 'note', 'ops_per_step']);
    assert.ok(['host', 'accelerator'].includes(m.device), `device ${m.device}`);
    assert.ok(isPositiveInteger(m.batch_size), `batch_size ${m.batch_size}`);
    assert.ok(typeof m.epoch_time_s === 'number' && Number.isFinite(m.epoch_time_s) && m.epoch_time_s > 0,
      `epoch_time_s ${m.epoch_time_s}`);
    assert.ok(isPositiveInteger(m.ops_per_step), `ops_per_step ${m.ops_per_step}`);
    assert.ok(typeof m.note === 'string' && m.note.includes('numpy') && m.note.includes('median'), `note ${m.note}`);
  }
  // One measurement per device and batch size asked: the NumPy backend runs on the host only.
  const pairs = measurements.map((m) => `${m.device}:${m.batch_size}`);
  assert.deepEqual([...pairs].sort(), batchSizes.map((b) => `host:${b}`).sort());
  // The count is the step's, not the batch's.
  const hostOps = new Set(measurements.filter((m) => m.device === 'host').map((m) => m.ops_per_step));
  assert.equal(hostOps.size, 1, `host ops per step differ by batch size: ${[...hostOps]}`);
  const [ops] = hostOps;

  const provenance = document.measured_with;
  assert.deepEqual(Object.keys(provenance).sort(), ['backend', 'cpu', 'date', 'gpu', 'machine', 'python', 'version']);
  assert.equal(provenance.backend, 'numpy');
  assert.match(provenance.version, /^\d+\.\d+/);
  assert.match(provenance.python, /^3\.\d+\.\d+/);
  assert.ok(typeof provenance.machine === 'string' && provenance.machine.length > 0);
  assert.ok(provenance.cpu === null || typeof provenance.cpu === 'string');
  assert.equal(provenance.gpu, null);
  assert.match(provenance.date, /^\d{4}-\d{2}-\d{2}/);

  const { scenario } = document;
  assert.deepEqual(scenario.network.widths, widths);
  assert.equal(scenario.network.dataset.training_examples, examples);
  const layers = widths.length - 1;
  const result = solve(name, scenario);
  const perLayer = scenario.assumptions.ops_per_layer ?? result.scenario.assumptions.ops_per_layer;
  assert.equal(layers * perLayer + scenario.assumptions.extra_ops_per_step, ops,
    `${layers} x ${perLayer} + ${scenario.assumptions.extra_ops_per_step} should be the counted ${ops}`);
  // And the engine, given the file's scenario, launches exactly the counted ops in every step.
  assert.equal(result.network.batched.launched_ops, result.network.batched.steps_per_epoch * ops);
  return { ops, result };
}

test('training a tiny network: one measurement per batch size, and the scenario reproduces the counted ops', () => {
  const batchSizes = [1, 16, 64];
  const document = measured('training', ['--set', 'network.widths=[16,8,4]', '--examples', '256',
    '--batch-sizes', batchSizes.join(','), '--repeats', '2', '--warmup-steps', '3', '--backend', 'numpy']);
  const { ops, result } = checkDocument('training', document, { examples: 256, batchSizes, widths: [16, 8, 4] });
  // Training: forward, loss, backward and update are well above the 3 ops per layer the engine assumes.
  assert.equal(result.scenario.assumptions.phase, 'training');
  assert.ok(ops > 2 * 3, `only ${ops} ops per training step`);
  // The dataset stays the expanded override object, with only its size changed.
  assert.equal(document.scenario.network.dataset.name, 'MNIST');
});

test('an inference scenario file with drop_last and more ops per layer than counted: the per-layer count is lowered', () => {
  const file = path.join(work, 'inference-input.json');
  writeFileSync(file, JSON.stringify({
    preset: 'mnist-cpu-vs-h100',
    network: { widths: [8, 6, 5, 3], batch_size: 7, dataset: { name: 'Tiny', training_examples: 5000 } },
    assumptions: { phase: 'inference', ops_per_layer: 30, drop_last: true },
  }));
  const batchSizes = [1, 7, 64];
  const document = measured('inference', ['--scenario', file, '--examples', '100', '--batch-sizes', '64,7,1',
    '--repeats', '1', '--backend', 'numpy']);
  const { ops } = checkDocument('inference', document, { examples: 100, batchSizes, widths: [8, 6, 5, 3] });
  // A forward pass counts fewer than 3 layers x 30 ops, so ops_per_layer becomes floor(count / 3).
  assert.ok(ops < 90);
  assert.equal(document.scenario.assumptions.ops_per_layer, Math.floor(ops / 3));
  assert.equal(document.scenario.assumptions.extra_ops_per_step, ops - 3 * Math.floor(ops / 3));
  assert.equal(document.scenario.assumptions.drop_last, true);
  assert.equal(document.scenario.network.dataset.name, 'Tiny');
});

test('--backend torch without PyTorch exits non-zero and says what to do', (t) => {
  if (spawnSync(python, ['-c', 'import torch']).status === 0) {
    t.skip(`${python} can import torch`);
    return;
  }
  const run = measure(['--backend', 'torch', '--set', 'network.widths=[4,2]', '--examples', '8', '--batch-sizes', '8']);
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /--backend torch needs PyTorch/);
  assert.match(run.stderr, /--backend numpy/);
  assert.equal(run.stdout, '');
});

test('bad input exits non-zero with a clear message', async (t) => {
  await t.test('a batch size of 0', () => {
    const run = measure(['--batch-sizes', '0', '--backend', 'numpy']);
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /--batch-sizes: batch sizes are whole numbers of at least 1/);
    assert.equal(run.stdout, '');
  });
  await t.test('a value the engine refuses, reported with its code and path', () => {
    const run = measure(['--set', 'network.batch_size=abc', '--backend', 'numpy']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /E_TYPE at \/network\/batch_size/);
    assert.equal(run.stdout, '');
  });
  await t.test('a batch larger than the examples when the last partial batch is dropped', () => {
    const run = measure(['--set', 'assumptions.drop_last=true', '--set', 'network.widths=[4,2]', '--set', 'network.batch_size=4',
      '--examples', '10', '--batch-sizes', '4,20', '--backend', 'numpy']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /batch size 20 is larger than the 10 examples/);
  });
  await t.test('the accelerator without PyTorch', () => {
    const run = measure(['--devices', 'accelerator', '--backend', 'numpy']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /needs PyTorch with a CUDA GPU/);
  });
});
