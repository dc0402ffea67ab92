// scripts/measure.py ("measure your own machine") on tiny networks with the NumPy backend (and PyTorch's
// where it is installed): the shape of the measurements file, several networks in one run, its
// consistency with the engine's operation count, the BLAS record and the reference-BLAS warning (run
// for real: the loader is pointed at Debian's netlib libblas, or at OpenBLAS, where they are
// installed), and its error messages. Timings are only checked to be positive and finite: their values
// are the machine's, not the code's. Needs a Python with NumPy ($PYTHON, else /usr/bin/python3, else
// python3) and the native CLI, which `node scripts/build.mjs` builds.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

function measure(args, env = {}) {
  return spawnSync(python, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });
}

/** Runs measure.py into a file and returns the parsed document (and its stderr as `log`), failing with
 * its stderr otherwise. */
function measured(name, args, env) {
  const out = path.join(work, `${name}.json`);
  const run = measure([...args, '--out', out], env);
  assert.equal(run.status, 0, `measure.py ${args.join(' ')} exited ${run.status}:\n${run.stderr}`);
  return { ...JSON.parse(readFileSync(out, 'utf8')), log: run.stderr };
}

/** The directory holding a libblas.so.3 of this kind (`blas`: Debian's netlib; `openblas-pthread`), if any. */
function blasDirectory(kind) {
  for (const base of ['/usr/lib', '/usr/lib64']) {
    if (!existsSync(base)) continue;
    for (const entry of ['', ...readdirSync(base)]) {
      const dir = path.join(base, entry, kind);
      if (existsSync(path.join(dir, 'libblas.so.3'))) return dir;
    }
  }
  return null;
}

/** Whether the Python has PyTorch, asked once (importing it takes seconds). */
let torchProbe;
const canImportTorch = () => (torchProbe ??= spawnSync(python, ['-c', 'import torch']).status === 0);

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
const name = (widths) => widths.join('-');

/** Every field of the measurements file, and its consistency with what was asked and with the engine.
 * `networks` lists the networks measured, the scenario's first; with more than one, every measurement
 * names its network in "widths". Returns the counted ops per step by network name. */
function checkDocument(label, document, { examples, batchSizes, networks, repeats, backend = 'numpy' }) {
  const { log } = document;
  assert.deepEqual(Object.keys(document).sort(), ['log', 'measured_with', 'measurements', 'scenario']);
  const several = networks.length > 1;

  const { measurements } = document;
  assert.ok(Array.isArray(measurements));
  for (const m of measurements) {
    const keys = ['batch_size', 'device', 'epoch_time_s', 'note', 'ops_per_step', ...(several ? ['widths'] : [])];
    assert.deepEqual(Object.keys(m).sort(), keys.sort());
    assert.ok(['host', 'accelerator'].includes(m.device), `device ${m.device}`);
    assert.ok(isPositiveInteger(m.batch_size), `batch_size ${m.batch_size}`);
    assert.ok(typeof m.epoch_time_s === 'number' && Number.isFinite(m.epoch_time_s) && m.epoch_time_s > 0,
      `epoch_time_s ${m.epoch_time_s}`);
    assert.ok(isPositiveInteger(m.ops_per_step), `ops_per_step ${m.ops_per_step}`);
    assert.ok(typeof m.note === 'string' && m.note.includes(backend) && m.note.includes(`fastest of ${repeats} epoch`), `note ${m.note}`);
  }
  // One measurement per network and batch size asked, on the host (no GPU in these tests).
  const widthsOf = (m) => m.widths ?? networks[0];
  const configs = measurements.map((m) => `${m.device}:${name(widthsOf(m))}:${m.batch_size}`);
  assert.deepEqual([...configs].sort(), networks.flatMap((w) => batchSizes.map((b) => `host:${name(w)}:${b}`)).sort());
  // The count is the step's, not the batch's: one count per network.
  const opsByNetwork = {};
  for (const w of networks) {
    const counted = new Set(measurements.filter((m) => name(widthsOf(m)) === name(w)).map((m) => m.ops_per_step));
    assert.equal(counted.size, 1, `${name(w)}: ops per step differ by batch size: ${[...counted]}`);
    [opsByNetwork[name(w)]] = counted;
  }
  if (several) {
    // Each note lists every network's count.
    const listed = networks.map((w) => `${name(w)}: ${opsByNetwork[name(w)]}`).join(', ');
    for (const m of measurements) assert.ok(m.note.includes(`ops per step by network: ${listed}`), `note ${m.note}`);
  }

  const provenance = document.measured_with;
  const keys = ['allocator', 'backend', 'bandwidth_check', 'blas', 'cpu', 'date', 'gpu', 'machine', 'matmul_check', 'operations', 'python', 'threads_asked',
    'timing', 'version', ...(backend === 'torch' ? ['torch'] : [])];
  assert.deepEqual(Object.keys(provenance).sort(), keys.sort());
  assert.equal(provenance.backend, backend);
  assert.match(provenance.version, /^\d+\.\d+/);
  assert.match(provenance.python, /^3\.\d+\.\d+/);
  assert.ok(typeof provenance.machine === 'string' && provenance.machine.length > 0);
  assert.ok(provenance.cpu === null || typeof provenance.cpu === 'string');
  assert.equal(provenance.gpu, null);
  assert.match(provenance.date, /^\d{4}-\d{2}-\d{2}/);
  checkBlas(provenance.blas, measurements, log);
  // glibc (these machines' libc) keeps what a step frees: the next step's arrays start on no fresh page.
  if (process.platform === 'linux' && provenance.allocator.settings !== null) {
    assert.match(provenance.allocator.library, /^glibc \d+\.\d+/);
    assert.deepEqual(provenance.allocator.settings, { M_MMAP_THRESHOLD: 32 * 2 ** 20, M_TRIM_THRESHOLD: 2 ** 30 });
  } else {
    assert.match(provenance.allocator.note, /not glibc/);
  }
  assert.ok(provenance.matmul_check.median_s > 0 && provenance.matmul_check.gflop_per_s > 0);
  assert.equal(provenance.bandwidth_check.median_s.length, 3);
  assert.ok(provenance.bandwidth_check.median_s.every((t) => t > 0) && provenance.bandwidth_check.gb_per_s > 0);
  // Like the epochs, each check keeps its fastest timing: one before the epochs, one after each round.
  assert.equal(provenance.matmul_check.each_timing_gflop_per_s.length, repeats + 1);
  assert.equal(provenance.matmul_check.gflop_per_s, Math.max(...provenance.matmul_check.each_timing_gflop_per_s));
  assert.equal(provenance.bandwidth_check.each_timing_gb_per_s.length, repeats + 1);
  assert.equal(provenance.bandwidth_check.gb_per_s, Math.max(...provenance.bandwidth_check.each_timing_gb_per_s));

  // Timing: every epoch kept, and the repeats interleaved: every configuration's epoch of a round is
  // logged before any epoch of the next round.
  const { timing } = provenance;
  assert.equal(timing.repeats, repeats);
  assert.equal(timing.epochs.length, measurements.length);
  for (const e of timing.epochs) {
    assert.equal(e.seconds.length, repeats);
    const m = measurements.find((x) => name(widthsOf(x)) === e.network && x.batch_size === e.batch_size);
    const sorted = [...e.seconds].sort((a, b) => a - b);
    // The fastest epoch is kept: load from elsewhere only slows an epoch down.
    assert.equal(m.epoch_time_s, sorted[0]);
    if (repeats > 1) {
      // The median and the slowest, to 4 significant digits.
      const median = repeats % 2 ? sorted[(repeats - 1) / 2] : (sorted[repeats / 2 - 1] + sorted[repeats / 2]) / 2;
      const spread = m.note.match(/fastest of \d+ epochs \(median (\S+) s, slowest (\S+) s\)/);
      assert.ok(spread, m.note);
      assert.ok(Math.abs(Number(spread[1]) / median - 1) < 1e-3 && Math.abs(Number(spread[2]) / sorted.at(-1) - 1) < 1e-3, m.note);
    }
  }
  const rounds = [...log.matchAll(/round (\d+)\/(\d+): host, (\S+), batch (\d+):/g)].map((r) => Number(r[1]));
  assert.equal(rounds.length, repeats * measurements.length);
  assert.deepEqual(rounds, [...rounds].sort((a, b) => a - b), 'the rounds are interleaved, not one configuration after another');
  const loads = timing.load_average;
  assert.ok(loads.start === null || (loads.start.length === 3 && loads.start.every((v) => v >= 0)));
  assert.equal(loads.after_each_round.length, repeats);

  const { scenario } = document;
  assert.deepEqual(scenario.network.widths, networks[0]);
  assert.equal(scenario.network.dataset.training_examples, examples);
  const result = solve(label, scenario);
  const perLayer = scenario.assumptions.ops_per_layer ?? result.scenario.assumptions.ops_per_layer;
  const extra = scenario.assumptions.extra_ops_per_step;
  for (const w of networks) {
    // These steps' counts are exactly linear in the number of layers, so the fit meets every network.
    const layers = w.length - 1;
    assert.equal(layers * perLayer + extra, opsByNetwork[name(w)],
      `${name(w)}: ${layers} x ${perLayer} + ${extra} should be the counted ${opsByNetwork[name(w)]}`);
  }
  // And the engine, given the file's scenario, launches exactly the counted ops in every step.
  const ops = opsByNetwork[name(networks[0])];
  assert.equal(result.network.batched.launched_ops, result.network.batched.steps_per_epoch * ops);
  return { ops, opsByNetwork, result };
}

/** The BLAS record, and the warning on stderr and in the notes exactly when it is a reference BLAS. */
function checkBlas(blas, measurements, log) {
  assert.ok(blas.library === null || path.isAbsolute(blas.library), `library ${blas.library}`);
  assert.ok(blas.name === null || typeof blas.name === 'string');
  assert.ok([true, false, null].includes(blas.reference), `reference ${blas.reference}`);
  if (blas.library?.includes('openblas')) {
    assert.match(blas.name, /^OpenBLAS \d+\.\d+/);
    assert.equal(blas.reference, false);
  }
  const warned = /warning: the matrix products run on a reference BLAS/.test(log);
  assert.equal(warned, blas.reference === true, `warning on stderr: ${warned}, reference: ${blas.reference}`);
  for (const m of measurements) assert.equal(m.note.includes('REFERENCE BLAS'), blas.reference === true, m.note);
  if (blas.reference) {
    assert.match(blas.warning, /scripts\/setup-measure\.sh/);
    assert.match(log, /install an optimised one: bash scripts\/setup-measure\.sh/);
  }
}

test('training a tiny network: one measurement per batch size, and the scenario reproduces the counted ops', () => {
  const batchSizes = [1, 16, 64];
  const document = measured('training', ['--set', 'network.widths=[16,8,4]', '--examples', '256',
    '--batch-sizes', batchSizes.join(','), '--repeats', '2', '--warmup-steps', '3', '--backend', 'numpy']);
  const { ops, result } = checkDocument('training', document, { examples: 256, batchSizes, networks: [[16, 8, 4]], repeats: 2 });
  // Training: forward, loss, backward and update are well above the 3 ops per layer the engine assumes.
  assert.equal(result.scenario.assumptions.phase, 'training');
  assert.ok(ops > 2 * 3, `only ${ops} ops per training step`);
  // The loop skips the input's gradient, and the scenario says so (the engine then counts two passes on layer 1).
  assert.equal(document.scenario.assumptions.first_layer_input_gradient, false);
  // The dataset stays the expanded override object, with only its size changed.
  assert.equal(document.scenario.network.dataset.name, 'MNIST');
});

test('several networks in one run: each measurement names its network, and the counts give ops per layer and per step', () => {
  const networks = [[16, 8, 4], [16, 8, 8, 4], [16, 12, 8, 8, 6, 4]];
  const batchSizes = [1, 16, 64];
  const document = measured('networks', [...networks.flatMap((w) => ['--widths', name(w)]), '--examples', '128',
    '--batch-sizes', batchSizes.join(','), '--repeats', '3', '--warmup-steps', '2', '--backend', 'numpy', '--threads', '1']);
  const { opsByNetwork } = checkDocument('networks', document, { examples: 128, batchSizes, networks, repeats: 3 });
  // Three depths separate the two counts: per layer is the step from one layer more, and the fit is exact.
  const { ops_per_layer: perLayer, extra_ops_per_step: extra } = document.scenario.assumptions;
  assert.equal(perLayer, opsByNetwork['16-8-8-4'] - opsByNetwork['16-8-4']);
  assert.deepEqual(document.measured_with.operations, [{
    device: 'host',
    by_network: networks.map((w) => ({ network: name(w), layers: w.length - 1, ops_per_step: opsByNetwork[name(w)] })),
    fit: { ops_per_layer: perLayer, extra_ops_per_step: extra, exact: true },
  }]);
  assert.ok(document.measurements[0].note.endsWith(`(exactly ${perLayer} per layer + ${extra} per step)`), document.measurements[0].note);
  assert.equal(document.measured_with.threads_asked, 1);
  // Measurements come network by network, each at every batch size, in the order asked.
  assert.deepEqual(document.measurements.map((m) => `${name(m.widths)}@${m.batch_size}`),
    networks.flatMap((w) => batchSizes.map((b) => `${name(w)}@${b}`)));
});

test('the BLAS NumPy runs on is recorded, and a reference BLAS is warned about', async (t) => {
  const args = ['--set', 'network.widths=[16,8,4]', '--examples', '32', '--batch-sizes', '8', '--repeats', '1', '--backend', 'numpy'];
  const check = (label, env) => {
    const document = measured(label, args, env);
    checkDocument(label, document, { examples: 32, batchSizes: [8], networks: [[16, 8, 4]], repeats: 1 });
    return document;
  };
  await t.test('as installed', () => {
    const { blas } = check('blas-installed').measured_with;
    assert.ok(blas.library === null || existsSync(blas.library), blas.library);
  });
  // Debian's libblas.so.3 alternatives, chosen for this run by the loader's search path.
  await t.test("Debian's netlib libblas: reference, warned about, with the way to an optimised one", (t) => {
    const dir = blasDirectory('blas');
    if (!dir) return t.skip('no netlib libblas.so.3 under /usr/lib/*/blas');
    const document = check('blas-netlib', { LD_LIBRARY_PATH: dir });
    const { blas } = document.measured_with;
    assert.equal(blas.reference, true);
    assert.equal(blas.name, 'reference BLAS (netlib)');
    assert.equal(path.dirname(blas.library), dir);
    assert.match(blas.found_by, /^dladdr\(/);
  });
  await t.test('OpenBLAS: named with its version, no warning', (t) => {
    const dir = blasDirectory('openblas-pthread');
    if (!dir) return t.skip('no OpenBLAS libblas.so.3 under /usr/lib/*/openblas-pthread');
    const { blas } = check('blas-openblas', { LD_LIBRARY_PATH: dir }).measured_with;
    assert.equal(blas.reference, false);
    assert.match(blas.name, /^OpenBLAS \d+\.\d+\.\d+$/);
    assert.equal(path.dirname(blas.library), dir);
  });
});

test('PyTorch: several networks, its build and threads and the BLAS it runs on', (t) => {
  if (!canImportTorch()) return t.skip(`${python} cannot import torch (bash scripts/setup-measure.sh installs it)`);
  const networks = [[16, 8, 4], [16, 8, 8, 4], [16, 8, 8, 8, 8, 4]];
  const document = measured('torch', [...networks.flatMap((w) => ['--widths', name(w)]), '--examples', '64',
    '--batch-sizes', '1,32', '--repeats', '2', '--warmup-steps', '2', '--backend', 'torch', '--threads', '1']);
  checkDocument('torch', document, { examples: 64, batchSizes: [1, 32], networks, repeats: 2, backend: 'torch' });
  const { torch } = document.measured_with;
  assert.match(torch.version, /^\d+\.\d+/);
  assert.equal(torch.threads, 1);
  assert.equal(typeof torch.mkldnn, 'boolean');
  assert.ok(torch.blas_info === null || typeof torch.blas_info === 'string');
});

test('--ceilings: the scenario\'s host runs at the product check\'s FLOP/s and the weight passes\' bandwidth', () => {
  const document = measured('ceilings', ['--set', 'network.widths=[16,8,4]', '--examples', '128', '--batch-sizes', '1,16',
    '--repeats', '1', '--warmup-steps', '1', '--backend', 'numpy', '--threads', '1', '--ceilings']);
  const { matmul_check: product, bandwidth_check: weights } = document.measured_with;
  const { host } = document.scenario;
  // The figures as the measurement wrote them (Python writes a whole 5.0 as "5.0", JavaScript as "5"):
  // compared as numbers with their units.
  const figure = (text, unit) => {
    const [number, ...rest] = String(text).split(' ');
    assert.equal(rest.join(' '), unit);
    return Number(number);
  };
  assert.deepEqual(Object.keys(host.peak_flops), ['fp32']);
  assert.equal(figure(host.peak_flops.fp32, 'GFLOP/s'), product.gflop_per_s);
  assert.equal(figure(host.memory_bandwidth, 'GB/s'), weights.gb_per_s);
  assert.match(host.name, /measured ceilings$/);
  assert.equal(host.base, undefined, 'a device of its own, not an edit of the reference CPU');
  // The engine reads it, at those ceilings.
  const result = solve('ceilings', document.scenario);
  const near = (a, b) => Math.abs(a / b - 1) < 1e-12;
  assert.ok(near(result.scenario.host.peak_flops.fp32, product.gflop_per_s * 1e9), `${result.scenario.host.peak_flops.fp32}`);
  assert.ok(near(result.scenario.host.memory_bandwidth, weights.gb_per_s * 1e9), `${result.scenario.host.memory_bandwidth}`);
  assert.match(document.log, /--ceilings: the host runs at/);
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
  const { ops } = checkDocument('inference', document, { examples: 100, batchSizes, networks: [[8, 6, 5, 3]], repeats: 1 });
  // A forward pass counts fewer than 3 layers x 30 ops, so ops_per_layer becomes floor(count / 3).
  assert.ok(ops < 90);
  assert.equal(document.scenario.assumptions.ops_per_layer, Math.floor(ops / 3));
  assert.equal(document.scenario.assumptions.extra_ops_per_step, ops - 3 * Math.floor(ops / 3));
  assert.equal(document.scenario.assumptions.drop_last, true);
  assert.equal(document.scenario.assumptions.first_layer_input_gradient, undefined);  // inference has no backward pass
  assert.equal(document.scenario.network.dataset.name, 'Tiny');
});

test("the NumPy step's SGD update equals PyTorch autograd's, at batch size 1 (a column times a row) and 5", (t) => {
  if (!canImportTorch()) return t.skip(`${python} cannot import torch`);
  // One step of each from the same weights and batch; then the weights of every layer must agree.
  const code = `
import sys, json, numpy as np, torch
sys.path.insert(0, ${JSON.stringify(path.join(root, 'scripts'))})
import measure
widths = [12, 7, 5, 3]
worst = 0.0
for batch in (1, 5):
    numpy_trainer = measure.NumpyTrainer(np, widths, True, 16, batch, {})
    torch_trainer = measure.TorchTrainer(torch, 'host', widths, True, 16, batch, 'fp32', {})
    linears = [m for m in torch_trainer.model if isinstance(m, torch.nn.Linear)]
    with torch.no_grad():
        for layer, weights, biases in zip(linears, numpy_trainer.weights, numpy_trainer.biases):
            layer.weight.copy_(torch.from_numpy(weights.T.copy()))
            layer.bias.copy_(torch.from_numpy(biases))
    x, y = numpy_trainer.batch(0, batch)
    numpy_trainer.step(x, y)
    torch_trainer.step(torch.from_numpy(x.copy()), torch.from_numpy(y.copy()))
    for layer, weights in zip(linears, numpy_trainer.weights):
        worst = max(worst, float(np.abs(layer.weight.detach().numpy().T - weights).max()))
print(json.dumps(worst))
`;
  const run = spawnSync(python, ['-c', code], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(JSON.parse(run.stdout) < 1e-6, `the updated weights differ by up to ${run.stdout}`);
});

test('--backend torch without PyTorch exits non-zero and says what to do', (t) => {
  if (canImportTorch()) {
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
  await t.test('a network of one width', () => {
    const run = measure(['--widths', '784-128-10', '--widths', '784', '--backend', 'numpy']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--widths: a network is its widths, .* \(got '784'\)/);
    assert.equal(run.stdout, '');
  });
  await t.test('a network the engine refuses, though not the first', () => {
    const run = measure(['--widths', '4-2', '--widths', '4-2000000', '--examples', '8', '--backend', 'numpy']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /E_RANGE at \/network\/widths\/1/);
    assert.equal(run.stdout, '');
  });
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
