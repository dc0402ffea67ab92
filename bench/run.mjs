// `npm run bench`: measures every performance budget side by side in one run and writes
// bench/REPORT.md and bench/report.json. Prints one line per step and a final summary; nothing else.
//
//  1. native solve on plain structs (bench/solve_bench.cpp, built into build/bench-native)
//  2. the same C++ benchmark as wasm under node (build/bench-wasm)
//  3. the JS API calc.solve(scenario)            4. a 1,000-point sweep through the JS API, and the
//     what-ifs: a 1,000-point field sweep, a 200 × 200 grid and every accelerator side by side
//  5. solve (the win-range search) over dataset sizes N = 1e4 ... 1e12 against MNIST (N = 60,000)
//  6. the pint anchor (bench/pint_anchor.py under Debian's python3 with python3-pint)
//  7. the page in headless Chromium: first-visit bytes, navigation to first result, input to update
//     (with two pins and the chart shown), and the what-if map's redraws
//
// Timings vary with the machine and its load; the report names both. The bench never fails on a
// missed budget (it reports it); a figure it cannot measure is reported as unavailable.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fullBrowser } from '../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const jobs = String(Math.max(1, os.cpus().length));
const DEFAULT_SCENARIO = { preset: 'mnist-cpu-vs-h100' };

/** The page's budgets (issue 17): room under the first 150 KB for features loaded on demand. */
const FIRST_VISIT_KB = 135;
const FIRST_RESULT_MS = 200;
const EDIT_MEDIAN_MS = 16;
const EDIT_WORST_MS = 33;
/** The what-if map (issue 19): a 100 × 100 grid solved and drawn. */
const MAP_MS = 100;
/** The JS call against the pint anchor: at least this many times faster, on the bare preset (issue 17,
 * raised by issue 33) and on the scenario the page sends (calc.defaultScenario(): unit strings and
 * registry ids, which the engine reads on every call). */
/** Issue 43 replaced issue 33's budgets (60× and 40×) for the from-scratch calls: the preset alone at
 * least 10×, the page's scenario no slower than before the prepared scenario (4.9×, bench on 34929c0). */
const JS_SOLVE_TIMES_PINT = 10;
const JS_PAGE_SOLVE_TIMES_PINT = 4.9;
/** A prepared scenario (issue 43): set one field, solve, read four epochs. */
const PREPARED_NUMBER_TIMES_PINT = 500;
const PREPARED_TEXT_TIMES_PINT = 250;
const PYTHON_PREPARED_TIMES_PINT = 300;
/** Python's sweep_field of 1,000 batch sizes as numpy columns against pint over numpy arrays computing
 * the same two epoch columns, side by side in one process (issue 46): at least this many times faster. */
const PYTHON_COLUMNS_TIMES_PINT = 1.5;

const problems = []; // things that did not work, for the report

// ---------------------------------------------------------------------------------------------------
// Steps: run a command quietly, print one line.

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
}

/** First line of a failed command's output that looks like an error, for a one-line report. */
function firstError(result) {
  const text = `${result.stderr ?? ''}\n${result.stdout ?? ''}`;
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return (lines.find((l) => /error|fatal|cannot|not found|failed/i.test(l)) ?? lines[0] ?? `exit ${result.status ?? result.signal}`).slice(0, 300);
}

/** Runs the commands of one step in order; prints `bench: label (s)` or the first error. */
function step(label, commands) {
  const started = Date.now();
  for (const [command, args, options] of commands) {
    const result = run(command, args, options);
    if (result.error || result.status !== 0) {
      const why = result.error ? result.error.message : firstError(result);
      console.log(`bench: ${label} FAILED: ${why}`);
      problems.push(`${label} failed: ${why}`);
      return false;
    }
  }
  console.log(`bench: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return true;
}

function which(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const full = path.join(dir, name);
    try {
      if (statSync(full).isFile()) return full;
    } catch {}
  }
  return null;
}

/** A variable from a build folder's CMakeCache.txt (read only), or null. */
function cacheVar(dir, name) {
  try {
    const match = readFileSync(path.join(root, dir, 'CMakeCache.txt'), 'utf8').match(new RegExp(`^${name}:[A-Z]+=(.*)$`, 'm'));
    return match ? match[1].trim() : null;
  } catch {
    return null;
  }
}

function buildFlags() {
  return {
    native: { dir: 'build/bench-native', build_type: cacheVar('build/bench-native', 'CMAKE_BUILD_TYPE'), cxx_flags_release: cacheVar('build/bench-native', 'CMAKE_CXX_FLAGS_RELEASE') },
    wasm: { dir: 'build/bench-wasm', build_type: cacheVar('build/bench-wasm', 'CMAKE_BUILD_TYPE'), epochcalc_wasm_opt: cacheVar('build/bench-wasm', 'EPOCHCALC_WASM_OPT'), epochcalc_wasm_link_opt: cacheVar('build/bench-wasm', 'EPOCHCALC_WASM_LINK_OPT') },
    page_module: { dir: 'build/wasm', build_type: cacheVar('build/wasm', 'CMAKE_BUILD_TYPE'), epochcalc_wasm_opt: cacheVar('build/wasm', 'EPOCHCALC_WASM_OPT'), epochcalc_wasm_link_opt: cacheVar('build/wasm', 'EPOCHCALC_WASM_LINK_OPT') },
  };
}

// ---------------------------------------------------------------------------------------------------
// The machine.

function machine() {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const match = readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.+)$/m);
    if (match) cpu = match[1].trim();
  } catch {}
  let distro = `${os.type()} ${os.release()}`;
  try {
    const pretty = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)"?$/m);
    if (pretty) distro = `${pretty[1]} (${os.type()} ${os.release()}, ${os.arch()})`;
  } catch {}
  const git = run('git', ['rev-parse', '--short', 'HEAD']);
  const dirty = run('git', ['status', '--porcelain']);
  return {
    cpu,
    cores: os.cpus().length,
    memory_gib: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    os: distro,
    date: new Date().toISOString(),
    commit: git.status === 0 ? git.stdout.trim() : 'unknown',
    uncommitted_changes: dirty.status === 0 ? dirty.stdout.trim().length > 0 : null,
    load_average_start: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}

// ---------------------------------------------------------------------------------------------------
// 1, 2, 5: the C++ benchmark, native and wasm.

function buildNative() {
  const dir = path.join(root, 'build/bench-native');
  const ok = step('build native benchmark (build/bench-native)', [
    ['cmake', ['-S', '.', '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DEPOCHCALC_BUILD_BENCH=ON',
      '-DEPOCHCALC_BUILD_TESTS=OFF', '-DEPOCHCALC_BUILD_CLI=OFF']],
    ['cmake', ['--build', dir, '--target', 'epochcalc_bench', '-j', jobs]],
  ]);
  return ok ? [path.join(dir, 'bench/epochcalc_bench')] : null;
}

function buildWasm() {
  // As scripts/build-wasm.sh: the toolchain file that ships with Emscripten, node as the emulator,
  // and Debian's node modules on NODE_PATH (em++ needs acorn from there).
  let em = which('em++');
  if (!em && existsSync('/usr/share/emscripten/em++')) em = '/usr/share/emscripten/em++';
  if (!em) {
    console.log('bench: build wasm benchmark FAILED: em++ not found');
    problems.push('build wasm benchmark: em++ not found on PATH');
    return null;
  }
  const toolchain = path.join(path.dirname(realpathSync(em)), 'cmake/Modules/Platform/Emscripten.cmake');
  const env = { ...process.env };
  if (existsSync('/usr/share/nodejs')) env.NODE_PATH = ['/usr/share/nodejs', env.NODE_PATH].filter(Boolean).join(':');
  const dir = path.join(root, 'build/bench-wasm');
  const ok = step('build wasm benchmark (build/bench-wasm)', [
    ['cmake', ['-S', '.', '-B', dir, `-DCMAKE_TOOLCHAIN_FILE=${toolchain}`, `-DCMAKE_CROSSCOMPILING_EMULATOR=${process.execPath}`,
      '-DEPOCHCALC_BUILD_BENCH=ON', '-DEPOCHCALC_BUILD_TESTS=OFF', '-DEPOCHCALC_BUILD_WASM=OFF', '-DCMAKE_BUILD_TYPE=Release'], { env }],
    ['cmake', ['--build', dir, '--target', 'epochcalc_bench', '-j', jobs], { env }],
  ]);
  return ok ? [process.execPath, path.join(dir, 'bench/epochcalc_bench.cjs')] : null;
}

function runCppBench(label, argv) {
  if (!argv) return null;
  const started = Date.now();
  const result = run(argv[0], argv.slice(1), { timeout: 600_000 });
  try {
    if (result.status !== 0) throw new Error(firstError(result));
    const data = JSON.parse(result.stdout.trim().split('\n').pop());
    console.log(`bench: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return data;
  } catch (error) {
    console.log(`bench: ${label} FAILED: ${error.message}`);
    problems.push(`${label} failed: ${error.message}`);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// 6: the pint anchor.

function pintAnchor() {
  // Debian's python (where python3-pint installs) first; EPOCHCALC_BENCH_PYTHON overrides.
  const python = process.env.EPOCHCALC_BENCH_PYTHON || (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : which('python3'));
  if (!python) {
    console.log('bench: pint anchor: no python3');
    return { available: false, error: 'no python3 found' };
  }
  const script = path.join(benchDir, 'pint_anchor.py');
  // The engine's Python package beside pint (issue 38): built into the native build when this Python has
  // pybind11 (scripts/build-python.sh); without it the anchor reports it unavailable.
  const built = run('bash', ['scripts/build-python.sh'], { env: { ...process.env, PYTHON: python } });
  if (built.status !== 0) problems.push(`the Python package was not built: ${firstError(built)}`);
  const env = { ...process.env, PYTHONPATH: path.join(root, 'build/native/python-package') };
  const attempt = () => {
    const result = run(python, [script], { timeout: 300_000, env });
    try {
      return JSON.parse(result.stdout.trim().split('\n').pop());
    } catch {
      return { available: false, error: `pint_anchor.py failed: ${firstError(result)}` };
    }
  };
  const started = Date.now();
  let data = attempt();
  if (!data.available && /import pint/.test(data.error ?? '')) {
    // Debian's python3-pint, only when we may install it; otherwise the report says pint is missing.
    if (process.getuid?.() === 0 && which('apt-get')) {
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      if (step('install python3-pint (apt-get)', [['apt-get', ['install', '-y', 'python3-pint'], { env }]])) data = attempt();
    } else {
      data.error += ' (python3-pint is not installed and this is not root: not installing it)';
    }
  }
  data.python_path = python;
  if (data.available) console.log(`bench: pint anchor (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  else {
    console.log(`bench: pint anchor unavailable: ${data.error}`);
    problems.push(`pint anchor unavailable: ${data.error}`);
  }
  return data;
}

// ---------------------------------------------------------------------------------------------------
// 7 needs dist/; 3 and 4 need the module.

function ensureDist() {
  if (existsSync(path.join(root, 'dist/index.html'))) return true;
  return step('build dist/ (node scripts/build.mjs)', [[process.execPath, ['scripts/build.mjs']]]);
}

function moduleDir() {
  for (const dir of ['build/wasm/wasm', 'dist']) {
    const full = path.join(root, dir);
    if (existsSync(path.join(full, 'epochcalc.js')) && existsSync(path.join(full, 'epochcalc_core.wasm'))) return full;
  }
  return null;
}

/**
 * Median time per call in µs: `rounds` rounds of `calls` calls after a warm-up; calls calibrated. The
 * warm-up runs for at least `warmupMs` too: V8 moves hot wasm from its baseline compiler to the
 * optimising one only after a while, and a count of calls alone measured either tier from run to run.
 */
async function timeCalls(fn, { rounds = 7, roundMs = 60, warmup = 20, warmupMs = 500, awaited = false } = {}) {
  // One batch of calls, in ms. A call that returns a promise is awaited in turn; a plain call is
  // not, so it pays no microtask.
  const batch = async (calls) => {
    const start = performance.now();
    if (awaited) for (let i = 0; i < calls; i++) await fn();
    else for (let i = 0; i < calls; i++) fn();
    return performance.now() - start;
  };
  const warmStart = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmStart < warmupMs; i += 10) await batch(10);
  let calls = 1;
  for (;;) {
    const ms = await batch(calls);
    if (ms >= roundMs || calls >= 1e7) break;
    calls = ms <= 0 ? calls * 16 : Math.max(calls * 2, Math.ceil((calls * roundMs * 1.1) / ms));
  }
  const perCall = [];
  for (let r = 0; r < rounds; r++) perCall.push(((await batch(calls)) * 1000) / calls);
  perCall.sort((a, b) => a - b);
  return { us_per_call: perCall[Math.floor(rounds / 2)], min_us: perCall[0], max_us: perCall[rounds - 1], calls_per_round: calls, rounds };
}

/** The what-ifs (issue 18) through the module, after the on-demand module's first load. */
const WHATIF_BUDGETS = [
  { id: 'js_field_sweep', figure: 'what-if: 1,000-point sweep of a field (dispatch) via `calc.sweepField`', budget_ms: 1,
    call: (calc) => calc.sweepField(DEFAULT_SCENARIO, { field: 'dispatch', from: '1 us', to: '100 us', points: 1000 }) },
  { id: 'js_field_grid', figure: 'what-if: 200 × 200 grid (dispatch × batch size) via `calc.sweepField`', budget_ms: 40,
    call: (calc) => calc.sweepField(DEFAULT_SCENARIO, { field: 'dispatch', from: '0 us', to: '100 us', points: 200 },
      { field: 'network.batch_size', from: 1, to: 60000, points: 200 }) },
  { id: 'js_compare', figure: 'what-if: every registry accelerator and the host side by side via `calc.compare`', budget_ms: 2,
    call: (calc) => calc.compare(DEFAULT_SCENARIO, 'accelerators') },
  // Issue 35: every registry device with a price of its own, so the cheapest envelope runs over all of them.
  { id: 'js_compare_priced', figure: 'what-if: every registry device priced, fastest and cheapest envelopes, via `calc.compare`', budget_ms: 2,
    call: (calc) => calc.compare(DEFAULT_SCENARIO, calc.hardware().map((d, i) => ({ id: d.id, price: `${(0.3 + 0.45 * i).toFixed(2)}/h` }))) },
  // Hostile input round three (issue 47): each reader at the largest input it takes, within a second on
  // 2 cores (docs/model.md, "Input ranges": the same list). Inputs built once, outside the timing.
  { id: 'reader_document', figure: 'reader at its limit: a scenario document of 4,000,000 bytes (the default, padded), solved', budget_ms: 1000,
    call: (calc) => calc.solve(LARGEST.document()) },
  { id: 'reader_link', figure: 'reader at its limit: a link of 130,000 parameters via `calc.readLink`', budget_ms: 1000,
    call: (calc) => calc.readLink(LARGEST.link()) },
  { id: 'reader_compare', figure: 'reader at its limit: 200 devices side by side, each priced, via `calc.compare`', budget_ms: 1000,
    call: (calc) => calc.compare(DEFAULT_SCENARIO, LARGEST.devices(calc)) },
  { id: 'reader_sweep', figure: 'reader at its limit: a 50,000-point sweep of a field via `calc.sweepField`', budget_ms: 1000,
    call: (calc) => calc.sweepField(DEFAULT_SCENARIO, { field: 'dispatch', from: '1 us', to: '100 us', points: 50000 }) },
  { id: 'reader_calibration', figure: 'reader at its limit: 10,000 measured epochs fitted via `calc.calibrate`', budget_ms: 1000,
    call: (calc) => calc.calibrate(LARGEST.measurements()) },
];

/** The largest inputs the readers take (limits.hpp), each made once. */
const LARGEST = (() => {
  const once = (make) => {
    let value;
    return (...args) => (value ??= make(...args));
  };
  return {
    document: once(() => {
      const text = JSON.stringify(DEFAULT_SCENARIO);
      return `${text.slice(0, -1)}${' '.repeat(4_000_000 - text.length)}}`;
    }),
    link: once(() => {
      const params = new URLSearchParams();
      for (let i = 0; i < 130_000; i++) params.append(`x${i}`, String(i));
      return params;
    }),
    devices: once((calc) => Array.from({ length: 200 }, (_, i) => ({ id: calc.hardware()[i % calc.hardware().length].id, price: 0.5 + (i % 17) / 10 }))),
    measurements: once(() => ({
      scenario: DEFAULT_SCENARIO,
      measurements: Array.from({ length: 10_000 }, (_, i) => ({ device: i % 2 ? 'accelerator' : 'host', batch_size: 1 + (i % 4096), epoch_time_s: 0.05 + (i % 97) / 100 })),
    })),
  };
})();

async function whatifTimings(calc) {
  if (typeof calc.sweepField !== 'function') return { error: 'the module has no what-ifs' };
  const out = {};
  for (const w of WHATIF_BUDGETS) {
    try {
      await w.call(calc);
      out[w.id] = await timeCalls(() => w.call(calc), { roundMs: 100, warmup: 0, awaited: true });
    } catch (error) {
      out[w.id] = { error: error.message };
      problems.push(`${w.id} failed: ${error.message}`);
    }
  }
  return out;
}

async function jsApi() {
  const dir = moduleDir();
  if (!dir) {
    problems.push('JS API: no epochcalc.js with epochcalc_core.wasm in build/wasm/wasm or dist/');
    console.log('bench: JS API FAILED: module not built');
    return null;
  }
  const started = Date.now();
  try {
    const mod = await import(pathToFileURL(path.join(dir, 'epochcalc.js')).href);
    const create = mod.default ?? mod.createCalculator;
    const calc = await create({ wasmBinary: readFileSync(path.join(dir, 'epochcalc_core.wasm')) });
    const out = { module: path.relative(root, dir) };
    const result = calc.solve(DEFAULT_SCENARIO); // throws if the module cannot solve the default scenario
    out.solve = await timeCalls(() => calc.solve(DEFAULT_SCENARIO));
    // What the page sends: the default preset written out as a form shows it.
    const pageScenario = calc.defaultScenario();
    out.page_solve = await timeCalls(() => calc.solve(pageScenario));
    // The plain-JS part of a call, for the notes: the scenario to text and a result of this size back.
    const resultText = JSON.stringify(result);
    out.solve.result_json_bytes = resultText.length;
    out.solve.json_stringify_and_parse_us = (await timeCalls(() => JSON.stringify(DEFAULT_SCENARIO).length + JSON.parse(resultText).length || 0)).us_per_call;
    const sizes = Array.from({ length: 1000 }, (_, i) => i + 1);
    let argument = null;
    for (const candidate of [sizes, Float64Array.from(sizes)]) {
      try {
        calc.sweep(DEFAULT_SCENARIO, candidate);
        argument = candidate;
        break;
      } catch (error) {
        out.sweep_error = error.message;
      }
    }
    if (argument) {
      delete out.sweep_error;
      const timing = await timeCalls(() => calc.sweep(DEFAULT_SCENARIO, argument), { warmup: 5 });
      out.sweep_1000 = { ...timing, points: 1000, argument: Array.isArray(argument) ? 'Array' : 'Float64Array', us_per_point: timing.us_per_call / 1000 };
    } else {
      problems.push(`JS API sweep failed: ${out.sweep_error}`);
    }
    // A prepared scenario (issue 43): one field set, solved, and four epochs read from the view; the
    // value alternates, so every call changes the scenario.
    if (typeof calc.prepare === 'function') {
      const handle = calc.prepare(DEFAULT_SCENARIO);
      const at = ['host.batched', 'host.batch_one', 'accelerator.batched', 'accelerator.batch_one'].map((run) => calc.view.index[`${run}.epoch_time_s`]);
      const four = (v) => v[at[0]] + v[at[1]] + v[at[2]] + v[at[3]];
      let k = 0;
      out.prepared_number = await timeCalls(() => four(handle.set('network.batch_size', 32 + (++k & 7)).solve()));
      out.prepared_text = await timeCalls(() => four(handle.set('dispatch', ++k & 1 ? '2 us' : '3 us').solve()));
      handle.dispose();
    }
    out.whatif = await whatifTimings(calc);
    console.log(`bench: JS API in node (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return out;
  } catch (error) {
    console.log(`bench: JS API FAILED: ${error.message}`);
    problems.push(`JS API failed: ${error.message}`);
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// 7: the page in headless Chromium.

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json',
};

/** A host page for the element's first visit: one full <epoch-overhead-calculator> and its module. */
const ELEMENT_HOST = '/__bench-element.html';
const ELEMENT_HOST_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>element</title>' +
  '<script type="module" src="epochcalc-element.js"></script></head><body>' +
  '<epoch-overhead-calculator id="calc" preset="mnist-cpu-vs-h100"></epoch-overhead-calculator></body></html>';

/** A tiny static server for dist/ on 127.0.0.1 (a free port). */
function serveDist(dir) {
  const base = path.resolve(dir);
  const server = createServer((req, res) => {
    // The element's host page: nothing of its own but the element, so every other request is the element's.
    if (req.url === ELEMENT_HOST) return res.writeHead(200, { 'content-type': 'text/html' }).end(ELEMENT_HOST_HTML);
    let file;
    try {
      file = path.resolve(base, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
    } catch {
      file = null;
    }
    if (!file || (file !== base && !file.startsWith(base + path.sep))) return res.writeHead(403).end();
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({
      url: `http://127.0.0.1:${server.address().port}/`,
      close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
    }));
  });
}

// Runs in the page before its scripts: polls each frame for the first result on screen, and wraps
// setTimeout so that, while an edit is being dispatched (window.__benchTimers is an array), each timer
// the page sets is logged with its delay, when it fired, when it ended and whether it ran the update.
function pageProbe() {
  const originalSetTimeout = window.setTimeout;
  window.__benchTimers = null;
  window.setTimeout = function setTimeout(fn, delay, ...args) {
    const log = window.__benchTimers;
    if (!log || typeof fn !== 'function') return originalSetTimeout.call(this, fn, delay, ...args);
    const entry = { delay: Number(delay) || 0, fired_ms: null, done_ms: null, updated: false };
    log.push(entry);
    return originalSetTimeout.call(this, function timer(...a) {
      const before = Number(document.documentElement.dataset.updates ?? 0);
      entry.fired_ms = performance.now();
      try {
        return fn.apply(this, a);
      } finally {
        entry.done_ms = performance.now();
        entry.updated = Number(document.documentElement.dataset.updates ?? 0) > before;
      }
    }, delay, ...args);
  };
  const poll = () => {
    const headline = document.getElementById('headline');
    // The first result on screen: the headline's numbers, visible (the default answer that the build
    // drew into the page is hidden while a link's scenario loads). The chart follows later.
    if (window.__benchFirstResultMs === undefined && headline && headline.children.length > 0 &&
      headline.checkVisibility({ visibilityProperty: true })) window.__benchFirstResultMs = performance.now();
    // The engine's own answer: the page is ready once the engine has loaded and drawn it.
    if (document.documentElement.dataset.ready) window.__benchReadyMs = performance.now();
    if (window.__benchFirstResultMs === undefined || window.__benchReadyMs === undefined) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

// Runs in the page: `count` edits of #batch_size, each from the dispatch of its 'input' event to the
// first animation frame after data-updates has grown. Edits start at phases spread evenly over a
// 60 Hz frame (as keystrokes arrive at any time), so the wait for the next frame is not biased.
async function editProbe(count) {
  const input = document.getElementById('batch_size');
  if (!input) return { error: 'no #batch_size input' };
  const root = document.documentElement;
  const updates = () => Number(root.dataset.updates ?? 0);
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const samples = [];
  for (let i = 0; i < count; i++) {
    await frame();
    await sleep(((i * 7) % 10) * 1.66);
    const before = updates();
    const value = i % 2 === 0 ? '64' : '32';
    let updatedAt = null;
    const changed = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (updates() > before) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(root, { attributes: true, attributeFilter: ['data-updates'] });
      setTimeout(() => { observer.disconnect(); resolve(null); }, 5000);
    });
    window.__benchTimers = [];
    const t0 = performance.now();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const dispatchMs = performance.now() - t0;
    const timers = window.__benchTimers;
    window.__benchTimers = null;
    const synchronous = updates() > before;
    updatedAt = await changed;
    if (updatedAt === null && !synchronous) {
      samples.push({ value, ms: null });
      continue;
    }
    // MutationObserver callbacks run after the task that changed the counter (the whole update) ends.
    const t1 = await frame();
    const timer = timers.find((t) => t.updated);
    samples.push({
      value, synchronous, ms: t1 - t0, dom_ms: (updatedAt ?? t1) - t0, dispatch_ms: dispatchMs,
      timer_delays: timers.map((t) => t.delay),
      update_timer: timer ? { delay: timer.delay, start_ms: timer.fired_ms - t0, work_ms: timer.done_ms - timer.fired_ms } : null,
    });
  }
  return { samples };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};

/**
 * What counts as a first visit: every file the page requests from navigation until the network has
 * been idle for 500 ms (playwright's networkidle), with no scrolling and no input, at 1280 × 900. That
 * takes in what the first screen draws after the first result (the chart, the service worker's
 * registration); it leaves out what loads only on a user's action or scroll, and the service worker's
 * own precache downloads (not requests of the page).
 * @param {import('playwright-core').Page} page @param {import('playwright-core').Request[]} requests
 */
async function filesRequested(page, requests, skip = new Set()) {
  await page.waitForLoadState('networkidle').catch(() => {});
  const files = [];
  for (const request of requests) {
    const url = new URL(request.url());
    if (skip.has(url.pathname)) continue;
    const response = await request.response().catch(() => null);
    let body = null;
    try {
      body = response ? await response.body() : null;
    } catch {}
    const status = response ? response.status() : 'failed';
    files.push({
      path: url.pathname,
      status,
      bytes: body ? body.length : null,
      gzip9_bytes: body && status === 200 ? gzipSync(body, { level: 9 }).length : 0,
    });
  }
  return { files, gzip9_total_bytes: files.reduce((sum, f) => sum + (f.gzip9_bytes ?? 0), 0) };
}

/** The element's first visit: every file a page holding one full calculator requests, but the page. */
/**
 * The what-if map (issue 19): opened, then drawn again for 6 fields in turn; each draw's time from the
 * request to the engine's grid (calc.sweepField, 100 × 100) to the picture on screen, as the page records
 * it (#map[data-render-ms]). The first draw includes loading the what-if module, so it is kept apart.
 * @param {import('playwright-core').Page} page
 */
async function mapTimings(page) {
  try {
    await page.evaluate(() => { const panel = /** @type {HTMLDetailsElement} */ (document.getElementById('map-panel')); panel.open = true; panel.scrollIntoView(); });
    await page.waitForSelector('#map[data-render-ms]', { timeout: 30000 });
    const first = Number(await page.getAttribute('#map', 'data-render-ms'));
    const samples = [];
    for (const field of ['/launch', '/dispatch', '/assumptions/ops_per_layer', '/launch', '/dispatch', '/assumptions/accelerator_efficiency']) {
      const before = await page.getAttribute('#map', 'data-render-ms');
      await page.selectOption('#map-y', field);
      await page.waitForFunction(([f, b]) => {
        const map = document.getElementById('map');
        return map?.dataset.y === f && map.dataset.renderMs !== b;
      }, [field, before], { timeout: 30000 });
      samples.push(Number(await page.getAttribute('#map', 'data-render-ms')));
    }
    return { first_ms: first, samples_ms: samples };
  } catch (error) {
    problems.push(`page map: ${error.message.split('\n')[0]}`);
    return { error: error.message.split('\n')[0] };
  }
}

async function elementVisit(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => { if (new URL(request.url()).protocol.startsWith('http')) requests.push(request); });
    await page.goto(new URL(ELEMENT_HOST.slice(1), base).href, { waitUntil: 'load' });
    await page.waitForSelector('epoch-overhead-calculator[data-ready]', { timeout: 30000 });
    return await filesRequested(page, requests, new Set([ELEMENT_HOST]));
  } finally {
    await context.close();
  }
}

/** The explorable chapter (examples/dispatch-tax.html, issue 34): one full calculator, a what-if view, a
 * devices view, two draggable numbers and seven inline values. Every file it requests (the page, its CSS
 * and scripts, the elements' files) and the time from navigation to the first number on screen. */
const CHAPTER = '/examples/dispatch-tax.html';
async function chapterVisit(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => { if (new URL(request.url()).protocol.startsWith('http')) requests.push(request); });
    // The first <epoch-value> showing the engine's number (not the author's fallback text in the page).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if ([...document.querySelectorAll('epoch-value')].some((v) => typeof (/** @type {any} */ (v)).value === 'number')) {
          /** @type {any} */ (window).__benchFirstNumberMs = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(new URL(CHAPTER.slice(1), base).href, { waitUntil: 'load' });
    await page.waitForFunction(() => [...document.querySelectorAll('epoch-value')].every((v) => typeof (/** @type {any} */ (v)).value === 'number')
      && [...document.querySelectorAll('epoch-overhead-calculator')].every((el) => /** @type {any} */ (el).result), null, { timeout: 30000 });
    const firstNumberMs = await page.evaluate(() => /** @type {any} */ (window).__benchFirstNumberMs);
    const counts = await page.evaluate(() => ({
      calculators: document.querySelectorAll('epoch-overhead-calculator').length,
      values: document.querySelectorAll('epoch-value').length,
      inputs: document.querySelectorAll('epoch-input').length,
    }));
    return { ...(await filesRequested(page, requests)), first_number_ms: firstNumberMs, counts };
  } finally {
    await context.close();
  }
}

/** The page's longest task while it reads a hostile link to its answer (issue 47, H1 and L14). */
const LINK_LONGEST_TASK_MS = 200;

/**
 * Hostile links, each opened cold: a 165 KB #scenario= of unknown keys (H1's reproduction) and a link of
 * 130,000 parameters (L14). For each, the longest task the browser reports (PerformanceObserver
 * "longtask", from navigation until the page has answered and half a second more).
 * @param {import('playwright-core').Browser} browser @param {string} url
 */
async function hostileLinks(browser, url) {
  const keys = {};
  let scenario = '';
  for (let i = 0; encodeURIComponent(scenario).length < 165_000; i += 500) {
    for (let j = i; j < i + 500; j++) keys[`i${j}`] = 1;
    scenario = JSON.stringify({ preset: 'mnist-cpu-vs-h100', ...keys });
  }
  const links = [
    ['scenario_165kb', `#scenario=${encodeURIComponent(scenario)}`, `a ${fmt(encodeURIComponent(scenario).length / 1000)} KB #scenario= of ${fmt(Object.keys(keys).length)} unknown keys`],
    ['params_130k', `#${Array.from({ length: 130_000 }, (_, i) => `p${i}=1`).join('&')}`, 'a link of 130,000 parameters'],
  ];
  const out = [];
  for (const [id, hash, what] of links) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      /** @type {any} */ (window).__longestTask = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) /** @type {any} */ (window).__longestTask = Math.max(/** @type {any} */ (window).__longestTask, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const started = Date.now();
    await page.goto(url + hash, { waitUntil: 'load' });
    const answered = await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), null, { timeout: 30000, polling: 50 })
      .then(() => true, () => false);
    const answered_ms = Date.now() - started;
    await page.waitForTimeout(500);
    out.push({ id, what, answered, answered_ms, longest_task_ms: await page.evaluate(() => /** @type {any} */ (window).__longestTask) });
    await context.close();
  }
  return out;
}

async function pageBench() {
  if (!ensureDist()) return null;
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (error) {
    problems.push(`page: playwright-core not importable: ${error.message}`);
    console.log('bench: page FAILED: playwright-core missing');
    return null;
  }
  const started = Date.now();
  const server = await serveDist(path.join(root, 'dist'));
  let browser;
  const out = { loads: [], link_loads: [], errors: [] };
  try {
    browser = await chromium.launch(fullBrowser());
    // Five first visits of the bare address (the default scenario: its answer is in the HTML), then
    // three of a link to another scenario, whose answer waits for the engine.
    const LOADS = 5;
    const LINK_LOADS = 3;
    const link = `#scenario=${encodeURIComponent(JSON.stringify({ ...DEFAULT_SCENARIO, network: { batch_size: 64 } }))}`;
    for (let load = 0; load < LOADS + LINK_LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } }); // empty cache each time
      const page = await context.newPage();
      page.on('pageerror', (e) => out.errors.push(String(e.message ?? e).slice(0, 300)));
      const requests = []; // every file the first load asks for (data: URLs are not requests for a file)
      if (load === 0) {
        page.on('request', (request) => {
          if (new URL(request.url()).protocol.startsWith('http')) requests.push(request);
        });
      }
      await page.addInitScript(pageProbe);
      await page.goto(server.url + (load < LOADS ? '' : link), { waitUntil: 'load' });
      await page.waitForFunction(() => window.__benchFirstResultMs !== undefined && window.__benchReadyMs !== undefined, null, { timeout: 30000, polling: 50 });
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const resources = performance.getEntriesByType('resource').map((r) => ({ name: r.name.split('/').pop(), response_end_ms: r.responseEnd }));
        return {
          first_result_ms: window.__benchFirstResultMs,
          ready_ms: window.__benchReadyMs,
          dom_content_loaded_ms: nav?.domContentLoadedEventEnd ?? null,
          load_event_ms: nav?.loadEventEnd ?? null,
          resources,
        };
      });
      (load < LOADS ? out.loads : out.link_loads).push(timing);
      if (load === 0) {
        out.first_visit = await filesRequested(page, requests);
        // Edits are timed with the chart on screen, so that each one redraws it: the chart loads when
        // it first comes into view (below the fold at 1280 × 900), and a first visit does not draw it.
        await page.evaluate(() => document.getElementById('sweep-chart')?.scrollIntoView({ block: 'end' }));
        await page.waitForSelector('#sweep-chart[data-drawn]', { timeout: 30000 });
        // ... and with two pins (issue 19), drawn as outlines on the bars and dashed curves on the chart.
        await page.evaluate(() => document.getElementById('whatif')?.scrollIntoView());
        await page.waitForSelector('#pin-now', { timeout: 30000 });
        await page.click('#pin-now');
        await page.fill('#dispatch', '5 us');
        await page.waitForFunction(() => !document.documentElement.hasAttribute('data-saving'), null, { timeout: 30000 });
        await page.click('#pin-now');
        await page.waitForFunction(() => document.querySelectorAll('#pins .pin').length === 2 && document.querySelectorAll('.track .ghost').length > 0, null, { timeout: 30000 });
        await page.evaluate(() => document.getElementById('sweep-chart')?.scrollIntoView({ block: 'end' }));
        const edits = await page.evaluate(editProbe, 50);
        if (edits.error) problems.push(`page edits: ${edits.error}`);
        out.edits = edits;
        out.map = await mapTimings(page);
      }
      await context.close();
    }
    out.hostile_links = await hostileLinks(browser, server.url);
    out.element_first_visit = await elementVisit(browser, server.url);
    out.chapter = await chapterVisit(browser, server.url).catch((error) => {
      problems.push(`chapter: ${error.message.split('\n')[0]}`);
      return null;
    });
    console.log(`bench: page in headless Chromium (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return out;
  } catch (error) {
    console.log(`bench: page FAILED: ${error.message.split('\n')[0]}`);
    problems.push(`page failed: ${error.message.split('\n')[0]}`);
    return out.loads.length ? out : null;
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Figures, verdicts, notes.

const fmt = (x, digits = 0) => (x == null || !Number.isFinite(x) ? '—' : x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const fmtSmart = (x) => (x == null ? '—' : x >= 100 ? fmt(x, 0) : x >= 10 ? fmt(x, 1) : x >= 1 ? fmt(x, 2) : fmt(x, 3));

function buildFigures(m) {
  const figures = [];
  const notes = [];
  const pintUs = m.pint?.available ? m.pint.median_us : null;
  const pintMissing = pintUs == null;
  const native = m.native?.default?.available ? m.native.default : null;
  const wasm = m.wasm?.default?.available ? m.wasm.default : null;
  const cores = m.machine.cores;
  const busiest = Math.max(m.machine.load_average_start[0], m.machine.load_average_end[0]);
  if (busiest > cores * 0.75) {
    notes.push(`**busy machine**: the 1-minute load average reached ${busiest} on ${cores} cores during this run (other work was running), so the timings are likely inflated and noisier than on a quiet machine; rerun when it is idle before acting on a close miss.`);
  }
  const add = (f) => {
    figures.push(f);
    return f;
  };
  const verdictOf = (checks) => (checks.some((c) => c === false) ? 'miss' : checks.every((c) => c === true) ? 'pass' : 'n/a');

  // 1. native solve
  {
    const ns = native?.ns_per_call ?? null;
    const ratio = ns != null && pintUs != null ? (pintUs * 1000) / ns : null;
    const checks = ns == null ? [null] : [ns <= 300, ratio == null ? null : ratio >= 1000];
    const f = add({
      id: 'native_solve', figure: 'native `solve` on plain structs (default preset)',
      value: ns, unit: 'ns/call', measured: ns == null ? 'unavailable' : `${fmt(ns)} ns`,
      budget: '≤ 300 ns and ≥ 1,000× pint', pint_ratio: ratio,
      verdict: ns == null ? 'n/a' : checks[1] === null ? (checks[0] ? 'pass' : 'miss') : verdictOf(checks),
      checks: { under_300ns: ns == null ? null : ns <= 300, ratio_at_least_1000: checks[1] ?? null },
    });
    if (ns == null) notes.push(`**native solve**: unavailable (${m.native ? m.native.default?.error : 'the native benchmark did not build or run'}).`);
    else {
      if (pintMissing) notes.push('**native solve**: pint is missing, so only the 300 ns half of the budget was checked.');
      if (f.verdict === 'miss') {
        const parts = [];
        if (ns > 300) parts.push(`${fmt(ns)} ns per call is ${fmt(ns / 300, 1)}× the 300 ns budget`);
        if (ratio != null && ratio < 1000) parts.push(`only ${fmt(ratio)}× faster than pint (${fmt(pintUs)} µs)`);
        const flat = m.native.dataset_sizes?.filter((d) => d.available).map((d) => d.ns_per_call) ?? [];
        const flatText = flat.length > 1 && Math.max(...flat) <= 1.5 * Math.min(...flat)
          ? ` The time hardly changes with N (${fmt(Math.min(...flat))}–${fmt(Math.max(...flat))} ns over every N measured), so it is a per-call cost, not the size of the win-range search.`
          : '';
        notes.push(`**native solve** missed: ${parts.join(', and ')}.${flatText} Which part of solve takes the time was not investigated; a profile of build/bench-native/bench/epochcalc_bench (e.g. perf) would show what to cut.`);
      }
    }
  }

  // 2. wasm solve
  {
    const ns = wasm?.ns_per_call ?? null;
    add({
      id: 'wasm_solve', figure: 'same C++ benchmark as wasm under node',
      value: ns, unit: 'ns/call', measured: ns == null ? 'unavailable' : `${fmt(ns)} ns`,
      budget: '— (no budget)', pint_ratio: ns != null && pintUs != null ? (pintUs * 1000) / ns : null, verdict: 'info',
      native_ratio: ns != null && native ? ns / native.ns_per_call : null,
    });
    if (ns == null) notes.push(`**wasm solve**: unavailable (${m.wasm ? m.wasm.default?.error : 'the wasm benchmark did not build or run'}).`);
    else if (native) {
      const b = m.build_flags;
      const flags = `native ${b.native.build_type ?? '?'} (${b.native.cxx_flags_release ?? '?'}), wasm ${b.wasm.build_type ?? '?'} with EPOCHCALC_WASM_OPT=${b.wasm.epochcalc_wasm_opt ?? 'unset'} and EPOCHCALC_WASM_LINK_OPT=${b.wasm.epochcalc_wasm_link_opt ?? 'unset'}${b.page_module.epochcalc_wasm_opt ? ` (the page's module in build/wasm: ${b.page_module.epochcalc_wasm_opt})` : ''}`;
      notes.push(`**wasm solve** (no budget): ${fmt(ns / native.ns_per_call, 1)}× the native time; flags: ${flags}. The cause of the gap was not investigated.`);
    }
  }

  // 3. JS API solve
  {
    const us = m.js?.solve?.us_per_call ?? null;
    const ratio = us != null && pintUs != null ? pintUs / us : null;
    const f = add({
      id: 'js_solve', figure: 'JS API `calc.solve(scenario)` in node',
      value: us, unit: 'µs/call', measured: us == null ? 'unavailable' : `${fmtSmart(us)} µs`,
      budget: `≥ ${JS_SOLVE_TIMES_PINT}× pint`, pint_ratio: ratio, verdict: us == null || ratio == null ? 'n/a' : ratio >= JS_SOLVE_TIMES_PINT ? 'pass' : 'miss',
    });
    if (us == null) notes.push('**JS solve**: unavailable (the module did not load or solve; see "What did not work").');
    else if (pintMissing) notes.push('**JS solve**: no verdict, pint is missing.');
    if (f.verdict === 'miss' || (us != null && wasm?.json_text_parse_scenario_and_solve)) {
      const inside = wasm?.json_text_parse_scenario_and_solve?.ns_per_call / 1000;
      const solveOnly = wasm?.ns_per_call / 1000;
      const jsonUs = m.js.solve.json_stringify_and_parse_us;
      const rest = us - (inside ?? 0) - (jsonUs ?? 0);
      const split = inside
        ? ` Measured split: in the wasm benchmark, JSON text → parse_scenario → solve takes ${fmtSmart(inside)} µs (solve alone ${fmtSmart(solveOnly)} µs, so ${fmtSmart(inside - solveOnly)} µs is reading the scenario); in node, JSON.stringify of the scenario plus JSON.parse of the ${fmt(m.js.solve.result_json_bytes / 1024, 1)} KB result take ${fmtSmart(jsonUs)} µs; the remaining ${fmtSmart(Math.max(0, rest))} µs is the rest of the API call (writing the result document in wasm, the string crossings, and anything else the API's solve computes), not broken down further.`
        : '';
      if (f.verdict === 'miss') notes.push(`**JS solve** missed: ${fmtSmart(us)} µs per call is only ${fmt(ratio, 1)}× faster than pint (${fmt(pintUs)} µs).${split}`);
      else notes.push(`**JS solve**, where the time goes:${split}`);
    }
  }

  // 3b. JS API solve of the page's scenario
  {
    const us = m.js?.page_solve?.us_per_call ?? null;
    const ratio = us != null && pintUs != null ? pintUs / us : null;
    const f = add({
      id: 'js_page_solve', figure: "JS API `calc.solve(calc.defaultScenario())` in node: the page's scenario",
      value: us, unit: 'µs/call', measured: us == null ? 'unavailable' : `${fmtSmart(us)} µs`,
      budget: `≥ ${JS_PAGE_SOLVE_TIMES_PINT}× pint`, pint_ratio: ratio,
      verdict: us == null || ratio == null ? 'n/a' : ratio >= JS_PAGE_SOLVE_TIMES_PINT ? 'pass' : 'miss',
    });
    if (f.verdict === 'miss') {
      notes.push(`**JS solve of the page's scenario** missed: ${fmtSmart(us)} µs per call is ${fmt(ratio, 1)}× faster than pint ` +
        `(${fmt(pintUs)} µs), against ${fmtSmart(m.js.solve.us_per_call)} µs for the bare preset, whose reading is cached: the ` +
        'difference is reading the document (its JSON text, the preset merge and profile fill, four unit strings and three registry ids).');
    }
  }

  // 3c. A prepared scenario (issue 43): set + solve + four reads, with a number and with a unit string.
  for (const [id, key, what, times] of [
    ['js_prepared_number', 'prepared_number', 'a number (`set(\'network.batch_size\', 64)`)', PREPARED_NUMBER_TIMES_PINT],
    ['js_prepared_text', 'prepared_text', 'a unit string (`set(\'dispatch\', \'2 us\')`)', PREPARED_TEXT_TIMES_PINT],
  ]) {
    const us = m.js?.[key]?.us_per_call ?? null;
    const ratio = us != null && pintUs != null ? pintUs / us : null;
    const f = add({
      id, figure: `JS prepared scenario: \`set\` of ${what} + \`solve()\` + four epochs read from the Float64Array`,
      value: us, unit: 'µs/call', measured: us == null ? 'unavailable' : `${fmtSmart(us)} µs`,
      budget: `≥ ${times}× pint`, pint_ratio: ratio, verdict: us == null || ratio == null ? 'n/a' : ratio >= times ? 'pass' : 'miss',
    });
    if (f.verdict === 'miss') notes.push(`**${id}** missed: ${fmtSmart(us)} µs per edit is ${fmt(ratio)}× faster than pint (${fmt(pintUs)} µs), under ${times}×.`);
  }

  // 4. 1,000-point sweep
  {
    const perPoint = m.js?.sweep_1000?.us_per_point ?? null;
    const ratio = perPoint != null && pintUs != null ? pintUs / perPoint : null;
    const f = add({
      id: 'js_sweep_point', figure: '1,000-point sweep via the JS API, per point',
      value: perPoint, unit: 'µs/point',
      measured: perPoint == null ? 'unavailable' : `${fmtSmart(perPoint)} µs (${fmtSmart(m.js.sweep_1000.us_per_call / 1000)} ms per 1,000)`,
      budget: '≥ 500× pint per point (1,000 points ≈ 1 ms)', pint_ratio: ratio,
      verdict: perPoint == null || ratio == null ? 'n/a' : ratio >= 500 ? 'pass' : 'miss',
    });
    if (perPoint == null) notes.push(`**sweep**: unavailable (${m.js?.sweep_error ?? 'the module did not load'}).`);
    else if (pintMissing) notes.push('**sweep**: no verdict, pint is missing.');
    if (f.verdict === 'miss') notes.push(`**sweep** missed: ${fmtSmart(perPoint)} µs per point is ${fmt(ratio)}× faster than pint, under 500×; a 1,000-point call takes ${fmtSmart(m.js.sweep_1000.us_per_call / 1000)} ms. Where the time goes inside sweep was not investigated.`);
  }

  // 4b. The engine from Python (issue 38), timed in the pint anchor's own process.
  {
    const py = m.pint?.python_engine;
    const us = py?.available ? py.solve_us : null;
    const ratio = us != null && pintUs != null ? pintUs / us : null;
    add({
      id: 'python_solve', figure: 'Python `epochcalc.solve(scenario)` (pybind11), beside pint in one process',
      value: us, unit: 'µs/call', measured: us == null ? `unavailable: ${py?.error ?? 'not run'}` : `${fmtSmart(us)} µs`,
      // Issue 43 replaced issue 38's 100× for a whole document with the prepared scenario's 300× below.
      budget: '— (no budget: a whole document; see `epochcalc.Scenario`)', pint_ratio: ratio, verdict: 'info',
    });
    const preparedUs = py?.available ? py.prepared_us ?? null : null;
    const preparedRatio = preparedUs != null && pintUs != null ? pintUs / preparedUs : null;
    const p = add({
      id: 'python_prepared', figure: 'Python `epochcalc.Scenario`: `set` of a number + `solve()` + four epochs read as attributes, beside pint in one process',
      value: preparedUs, unit: 'µs/call', measured: preparedUs == null ? `unavailable: ${py?.error ?? 'not run'}` : `${fmtSmart(preparedUs)} µs`,
      budget: `≥ ${PYTHON_PREPARED_TIMES_PINT}× pint`, pint_ratio: preparedRatio,
      verdict: preparedUs == null || preparedRatio == null ? 'n/a' : preparedRatio >= PYTHON_PREPARED_TIMES_PINT ? 'pass' : 'miss',
    });
    if (p.verdict === 'miss') notes.push(`**Python prepared** missed: ${fmtSmart(preparedUs)} µs per edit is ${fmt(preparedRatio)}× faster than pint, under ${PYTHON_PREPARED_TIMES_PINT}×.`);
    const columnsUs = py?.available ? py.sweep_batch_1000_us ?? null : null;
    const vectorUs = py?.available ? py.pint_vectorised_1000_us ?? null : null;
    const columnsRatio = columnsUs != null && vectorUs != null ? vectorUs / columnsUs : null;
    const agree = py?.sweep_batch_vs_pint_worst_relative;
    const c = add({
      id: 'python_sweep_columns', figure: 'Python `epochcalc.sweep_field` of 1,000 batch sizes as numpy columns, against pint over numpy arrays computing the same two epoch columns (side by side)',
      value: columnsUs == null ? null : columnsUs / 1000, unit: 'ms/call',
      measured: columnsUs == null ? `unavailable: ${py?.error ?? 'numpy or the package missing'}`
        : `${fmtSmart(columnsUs)} µs against ${fmtSmart(vectorUs)} µs (${fmt(columnsRatio, 2)}×; epochs agree to ${agree?.toExponential(1)})`,
      budget: `≥ ${PYTHON_COLUMNS_TIMES_PINT}× pint over numpy`, pint_ratio: columnsRatio,
      verdict: columnsRatio == null ? 'n/a' : columnsRatio >= PYTHON_COLUMNS_TIMES_PINT && agree < 1e-12 ? 'pass' : 'miss',
    });
    if (c.verdict === 'miss') notes.push(`**Python sweep columns** missed: ${fmtSmart(columnsUs)} µs against pint's ${fmtSmart(vectorUs)} µs over numpy is ${fmt(columnsRatio, 2)}×, under ${PYTHON_COLUMNS_TIMES_PINT}× (or the two disagree: ${agree}).`);
    const sweepUs = py?.available ? py.sweep_1000_us : null;
    add({
      id: 'python_sweep_field', figure: 'Python `epochcalc.sweep_field` of 1,000 dispatch values, as columns',
      value: sweepUs == null ? null : sweepUs / 1000, unit: 'ms/call',
      measured: sweepUs == null ? 'unavailable' : `${fmtSmart(sweepUs / 1000)} ms (${fmtSmart(sweepUs / 1000)} µs per point)`,
      budget: '— (side by side with pint)', pint_ratio: sweepUs != null && pintUs != null ? pintUs / (sweepUs / 1000) : null, verdict: 'info',
    });
  }

  // What-ifs through the module (issue 18): each within its time budget.
  for (const w of WHATIF_BUDGETS) {
    const t = m.js?.whatif?.[w.id];
    const ms = t?.us_per_call != null ? t.us_per_call / 1000 : null;
    const f = add({
      id: w.id, figure: w.figure, value: ms, unit: 'ms',
      measured: ms == null ? 'unavailable' : `${fmtSmart(ms)} ms (median; ${fmtSmart(t.min_us / 1000)} to ${fmtSmart(t.max_us / 1000)})`,
      budget: `≤ ${w.budget_ms} ms`, verdict: ms == null ? 'n/a' : ms <= w.budget_ms ? 'pass' : 'miss',
    });
    if (ms == null) notes.push(`**${w.id}**: unavailable (${t?.error ?? m.js?.whatif?.error ?? 'the module did not load'}).`);
    if (f.verdict === 'miss') notes.push(`**${w.id}** missed: ${fmtSmart(ms)} ms per call against ${w.budget_ms} ms.`);
  }

  // 5. win-range search over N
  {
    const sizes = m.native?.dataset_sizes ?? [];
    const mnist = sizes.find((d) => d.n === '60000' && d.available);
    for (const d of sizes.filter((x) => x.n !== '60000')) {
      const ratio = d.available && mnist ? d.ns_per_call / mnist.ns_per_call : null;
      const f = add({
        id: `win_range_n_${d.n}`, figure: `win-range search: native solve at N = ${d.n}`,
        value: d.available ? d.ns_per_call : null, unit: 'ns/call',
        measured: d.available ? `${fmt(d.ns_per_call)} ns (${fmt(ratio, 2)}× MNIST)` : 'unavailable',
        budget: mnist ? `≤ 3× MNIST (${fmt(mnist.ns_per_call)} ns at N = 60,000)` : '≤ 3× MNIST',
        pint_ratio: null, ratio_to_mnist: ratio, verdict: ratio == null ? 'n/a' : ratio <= 3 ? 'pass' : 'miss',
        error: d.available ? undefined : d.error,
      });
      if (!d.available) notes.push(`**win range, N = ${d.n}**: unavailable: the engine rejected the scenario (${d.error}).`);
      else if (f.verdict === 'miss') notes.push(`**win range, N = ${d.n}** missed: ${fmt(d.ns_per_call)} ns is ${fmt(ratio, 1)}× the MNIST time; the search's cost grows with N there. Why was not investigated.`);
    }
    if (!sizes.length) notes.push('**win range**: unavailable (the native benchmark did not build or run).');
  }

  // 6. pint anchor
  add({
    id: 'pint_anchor', figure: 'pint anchor: default scenario with pint quantities (host + accelerator, batch 32 and 1)',
    value: pintUs, unit: 'µs/evaluation',
    measured: pintUs == null ? `unavailable: ${m.pint?.error ?? 'not run'}` : `${fmt(pintUs)} µs`,
    budget: '— (the reference)', pint_ratio: null, verdict: 'anchor',
  });
  if (pintMissing) notes.push(`**pint**: ${m.pint?.error ?? 'not run'}. Figures are reported without a pint ratio. Install Debian's python3-pint (apt-get install python3-pint) and rerun.`);
  else if (native?.epoch_s && m.pint.epoch_s) {
    const worst = Math.max(...Object.keys(native.epoch_s).map((k) => Math.abs(m.pint.epoch_s[k] / native.epoch_s[k] - 1)));
    notes.push(`**pint anchor** (pint ${m.pint.pint_version}, Python ${m.pint.python}): its four epoch times match the engine's to a relative ${worst.toExponential(1)}, so both evaluate the same equations.`);
  }

  // 7. page
  {
    const p = m.page;
    const total = p?.first_visit?.gzip9_total_bytes ?? null;
    const fv = add({
      id: 'page_first_visit', figure: 'page: first-visit bytes (gzip -9 of each file requested)',
      value: total == null ? null : total / 1024, unit: 'KB gzip',
      measured: total == null ? 'unavailable' : `${fmt(total / 1024, 1)} KB (${p.first_visit.files.filter((f) => f.status === 200).length} files)`,
      budget: `≤ ${FIRST_VISIT_KB} KB gzip total`, pint_ratio: null, verdict: total == null ? 'n/a' : total <= FIRST_VISIT_KB * 1024 ? 'pass' : 'miss',
    });
    const el = p?.element_first_visit;
    const elTotal = el?.gzip9_total_bytes ?? null;
    add({
      id: 'element_first_visit', figure: 'element: first-visit bytes of one full <epoch-overhead-calculator> (gzip -9 of each file requested)',
      value: elTotal == null ? null : elTotal / 1024, unit: 'KB gzip',
      measured: elTotal == null ? 'unavailable' : `${fmt(elTotal / 1024, 1)} KB (${el.files.filter((f) => f.status === 200).length} files: ${el.files.map((f) => f.path.split('/').pop()).join(', ')})`,
      budget: `≤ ${FIRST_VISIT_KB} KB gzip total`, pint_ratio: null, verdict: elTotal == null ? 'n/a' : elTotal <= FIRST_VISIT_KB * 1024 ? 'pass' : 'miss',
    });
    const ch = p?.chapter;
    add({
      id: 'chapter_visit', figure: 'chapter (examples/dispatch-tax.html): one full calculator, a what-if view, a devices view, draggable and inline numbers; every file requested (gzip -9), and navigation to the first number on screen',
      value: ch?.gzip9_total_bytes == null ? null : ch.gzip9_total_bytes / 1024, unit: 'KB gzip',
      measured: ch == null ? 'unavailable' : `${fmt(ch.gzip9_total_bytes / 1024, 1)} KB (${ch.files.filter((f) => f.status === 200).length} files; ${ch.counts.calculators} calculators, ${ch.counts.inputs} draggable and ${ch.counts.values} inline numbers); first number on screen at ${fmt(ch.first_number_ms)} ms`,
      budget: '— (no budget)', pint_ratio: null, verdict: 'info',
    });
    if (fv.verdict === 'miss') {
      const big = [...p.first_visit.files].sort((a, b) => b.gzip9_bytes - a.gzip9_bytes)[0];
      const opt = m.build_flags.page_module.epochcalc_wasm_opt;
      notes.push(`**first visit** missed: ${fmt(total / 1024, 1)} KB gzip, ${fmt(total / 1024 - FIRST_VISIT_KB, 1)} KB over; the largest file is ${big.path} at ${fmt(big.gzip9_bytes / 1024, 1)} KB${opt && big.path.endsWith('.wasm') ? ` (build/wasm is configured with EPOCHCALC_WASM_OPT=${opt})` : ''}. What could be cut, and what a size-optimised build would cost in speed, was not measured here.`);
    }
    const firsts = p?.loads?.map((l) => l.first_result_ms).filter((x) => x != null) ?? [];
    const first = firsts.length ? median(firsts) : null;
    const fr = add({
      id: 'page_first_result', figure: `page: navigation to first result on screen (median of ${firsts.length || 0} cold loads)`,
      value: first, unit: 'ms', measured: first == null ? 'unavailable' : `${fmt(first)} ms (worst ${fmt(Math.max(...firsts))} ms)`,
      budget: `≤ ${FIRST_RESULT_MS} ms`, pint_ratio: null, verdict: first == null ? 'n/a' : first <= FIRST_RESULT_MS ? 'pass' : 'miss',
    });
    // What the budget does not cover, side by side: the engine's own answer on the same loads (the
    // page is ready), and a link's scenario, whose answer has to wait for the engine.
    const readies = p?.loads?.map((l) => l.ready_ms).filter((x) => x != null) ?? [];
    add({
      id: 'page_ready', figure: `page: navigation to the engine's answer drawn (html[data-ready]; the same ${readies.length || 0} cold loads)`,
      value: readies.length ? median(readies) : null, unit: 'ms',
      measured: readies.length ? `${fmt(median(readies))} ms (worst ${fmt(Math.max(...readies))} ms)` : 'unavailable',
      budget: '— (no budget)', pint_ratio: null, verdict: 'info',
    });
    const linked = p?.link_loads?.map((l) => l.first_result_ms).filter((x) => x != null) ?? [];
    add({
      id: 'page_link_first_result', figure: `page: a link's scenario (batch 64), navigation to first result on screen (median of ${linked.length || 0} cold loads)`,
      value: linked.length ? median(linked) : null, unit: 'ms',
      measured: linked.length ? `${fmt(median(linked))} ms (worst ${fmt(Math.max(...linked))} ms)` : 'unavailable',
      budget: '— (no budget)', pint_ratio: null, verdict: 'info',
    });
    if (fr.verdict === 'miss') {
      const l = p.loads.find((x) => x.first_result_ms === first) ?? p.loads[0];
      const wasmEnd = l.resources.find((r) => r.name.endsWith('.wasm'))?.response_end_ms;
      notes.push(`**first result** missed: ${fmt(first)} ms median. The median load's timeline: DOMContentLoaded at ${fmt(l.dom_content_loaded_ms)} ms, ${wasmEnd != null ? `the .wasm received by ${fmt(wasmEnd)} ms, ` : ''}load event at ${fmt(l.load_event_ms)} ms, first result at ${fmt(l.first_result_ms)} ms; which step to shorten was not investigated further.`);
    }
    for (const h of p?.hostile_links ?? []) {
      const f = add({
        id: `page_link_${h.id}`, figure: `page: ${h.what}, opened cold: its longest task until answered`,
        value: h.longest_task_ms, unit: 'ms',
        measured: h.answered ? `${fmt(h.longest_task_ms)} ms (answered in ${fmt(h.answered_ms)} ms)` : 'never answered within 30 s',
        budget: `≤ ${LINK_LONGEST_TASK_MS} ms`, pint_ratio: null,
        verdict: !h.answered ? 'miss' : h.longest_task_ms <= LINK_LONGEST_TASK_MS ? 'pass' : 'miss',
      });
      if (f.verdict === 'miss') notes.push(`**${h.what}** missed: ${h.answered ? `a task of ${fmt(h.longest_task_ms)} ms` : 'no answer within 30 s'}; where it runs was not investigated here.`);
    }
    const samples = p?.edits?.samples ?? [];
    const ok = samples.filter((s) => s.ms != null);
    const med = ok.length ? median(ok.map((s) => s.ms)) : null;
    const worst = ok.length ? Math.max(...ok.map((s) => s.ms)) : null;
    const ed = add({
      id: 'page_edit', figure: `page: input event → updated numbers and chart, with two pins (${ok.length} of ${samples.length || 50} edits of #batch_size)`,
      value: med, unit: 'ms', measured: med == null ? 'unavailable' : `median ${fmt(med, 1)} ms, worst ${fmt(worst, 1)} ms`,
      budget: `median ≤ ${EDIT_MEDIAN_MS} ms, worst ≤ ${EDIT_WORST_MS} ms`, pint_ratio: null,
      verdict: med == null ? 'n/a' : med <= EDIT_MEDIAN_MS && worst <= EDIT_WORST_MS ? 'pass' : 'miss',
      worst_ms: worst, dom_median_ms: ok.length ? median(ok.map((s) => s.dom_ms)) : null,
      timeouts: samples.length - ok.length, synchronous: ok.filter((s) => s.synchronous).length,
    });
    if (samples.length && ok.length < samples.length) notes.push(`**edits**: ${samples.length - ok.length} of ${samples.length} edits never raised data-updates within 5 s.`);
    if (med != null) {
      const inTimer = ok.filter((x) => x.update_timer);
      let detail;
      if (inTimer.length) {
        const delays = [...new Set(inTimer.map((x) => x.update_timer.delay))].join(' / ');
        detail = `in ${inTimer.length} of ${ok.length} edits the update ran in a timer the page set during the input event with a ${delays} ms delay: it started ${fmt(median(inTimer.map((x) => x.update_timer.start_ms)), 1)} ms after the dispatch and took ${fmt(median(inTimer.map((x) => x.update_timer.work_ms)), 1)} ms (medians); the rest is the wait for the next frame`;
      } else if (ed.synchronous === ok.length) {
        detail = `the update ran inside the input event, which took ${fmt(median(ok.map((x) => x.dispatch_ms)), 1)} ms (median); the rest is the wait for the next frame`;
      } else {
        detail = `the update had finished ${fmt(ed.dom_median_ms, 1)} ms (median) after the dispatch, in a later task the bench did not identify; the rest is the wait for the next frame`;
      }
      ed.update_timer_median_start_ms = inTimer.length ? median(inTimer.map((x) => x.update_timer.start_ms)) : null;
      ed.update_timer_median_work_ms = inTimer.length ? median(inTimer.map((x) => x.update_timer.work_ms)) : null;
      if (ed.verdict === 'miss') {
        const fix = inTimer.length && ed.update_timer_median_start_ms > 16
          ? ' Running the update without that delay would remove most of it (not tried here).'
          : ' What to cut was not investigated.';
        notes.push(`**edits** missed: median ${fmt(med, 1)} ms; ${detail}.${fix}`);
      } else {
        notes.push(`**edits**: median ${fmt(med, 1)} ms, worst ${fmt(worst, 1)} ms; ${detail}. Edits are dispatched at phases spread over a 60 Hz frame, so about half a frame of waiting is part of every figure.`);
      }
    }
    const maps = p?.map?.samples_ms ?? [];
    const mapMedian = maps.length ? median(maps) : null;
    add({
      id: 'page_map', figure: `page: the what-if map, a 100 × 100 grid solved by the engine and drawn (median of ${maps.length || 0} redraws for different fields)`,
      value: mapMedian, unit: 'ms',
      measured: mapMedian == null ? 'unavailable' : `median ${fmt(mapMedian, 1)} ms, worst ${fmt(Math.max(...maps), 1)} ms (first draw, with the what-if module's load: ${fmt(p.map.first_ms, 1)} ms)`,
      budget: `≤ ${MAP_MS} ms`, pint_ratio: null, verdict: mapMedian == null ? 'n/a' : mapMedian <= MAP_MS ? 'pass' : 'miss',
    });
    if (!p) notes.push('**page**: unavailable (dist/ could not be built, or Chromium did not start).');
    if (p?.errors?.length) notes.push(`**page errors** during the bench: ${[...new Set(p.errors)].slice(0, 3).join(' | ')}`);
  }
  return { figures, notes };
}

function mark(verdict) {
  return { pass: '✅ pass', miss: '❌ miss', 'n/a': '— n/a', info: 'ℹ️ info', anchor: '⚓ anchor' }[verdict] ?? verdict;
}

function markdown(m, figures, notes) {
  const mc = m.machine;
  const ratio = (r) => (r == null ? '—' : r >= 100 ? `${fmt(r)}×` : `${fmt(r, 1)}×`);
  const lines = [
    '# epochcalc benchmark report',
    '',
    'Written by `npm run bench` (`node bench/run.mjs`); every figure below was measured side by side in this one run.',
    '',
    `- Machine: ${mc.cpu}, ${mc.cores} cores, ${mc.memory_gib} GiB RAM`,
    `- OS: ${mc.os}`,
    `- Node: ${mc.node}${m.pint?.available ? `; Python ${m.pint.python} with pint ${m.pint.pint_version} (${m.pint.python_path})` : ''}`,
    `- Date: ${mc.date}`,
    `- Commit: ${mc.commit}${mc.uncommitted_changes ? ' (with uncommitted changes in the work tree)' : ''}`,
    `- Load average (1/5/15 min) at start: ${mc.load_average_start.join(' / ')}; at end: ${mc.load_average_end.join(' / ')}`,
    '',
    '| figure | measured | budget | pint ratio | verdict |',
    '|---|---|---|---|---|',
    ...figures.map((f) => `| ${f.figure} | ${f.measured} | ${f.budget} | ${ratio(f.pint_ratio)} | ${mark(f.verdict)} |`),
    '',
    'pint ratio = the pint anchor\'s time for one full evaluation of the default scenario divided by the figure\'s time (how many times faster). C++ figures are the median of 7 timed rounds; JS API figures the median of 7 rounds after a warm-up; the page figures come from headless Chromium on a local static server.',
    '',
  ];
  const files = m.page?.first_visit?.files;
  if (files?.length) {
    lines.push('First visit, per file (gzip level 9 of what the page requested on its first load):', '', '| file | status | bytes | gzip -9 |', '|---|---|---|---|');
    for (const f of files) lines.push(`| ${f.path === '/' ? '/ (index.html)' : f.path} | ${f.status} | ${fmt(f.bytes)} | ${fmt(f.gzip9_bytes)} (${fmt(f.gzip9_bytes / 1024, 1)} KB) |`);
    lines.push(`| **total** | | ${fmt(files.reduce((s, f) => s + (f.bytes ?? 0), 0))} | ${fmt(m.page.first_visit.gzip9_total_bytes)} (${fmt(m.page.first_visit.gzip9_total_bytes / 1024, 1)} KB) |`, '');
  }
  lines.push('## Notes', '', ...notes.map((n) => `- ${n}`), '');
  if (m.problems.length) lines.push('## What did not work', '', ...m.problems.map((p) => `- ${p}`), '');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------

// `node bench/run.mjs --page`: step 7 alone, for iterating on the page; prints its figures and notes
// and writes nothing (the report comes from a full run).
if (process.argv.includes('--page')) {
  const mc = machine();
  const page = await pageBench();
  mc.load_average_end = os.loadavg().map((x) => Number(x.toFixed(2)));
  const { figures, notes } = buildFigures({ machine: mc, problems, page, build_flags: buildFlags(), native: null, wasm: null, pint: null, js: null });
  for (const f of figures.filter((x) => /^(page|element)_/.test(x.id))) console.log(`${f.verdict.padEnd(6)}  ${f.figure}  ${f.measured}  [${f.budget}]`);
  for (const n of notes.filter((x) => /first visit|first result|edits|page/.test(x))) console.log(`- ${n}`);
  for (const f of page?.first_visit?.files ?? []) console.log(`  ${f.path.padEnd(28)} ${String(f.gzip9_bytes).padStart(7)} B gzip`);
  if (problems.length) console.log(problems.join('\n'));
  process.exit(0);
}

const measurements = { machine: machine(), problems };
const nativeCmd = buildNative();
const wasmCmd = buildWasm();
measurements.native = runCppBench('native solve benchmark', nativeCmd);
measurements.wasm = runCppBench('wasm solve benchmark under node', wasmCmd);
measurements.pint = pintAnchor();
measurements.js = await jsApi();
measurements.page = await pageBench();
measurements.machine.load_average_end = os.loadavg().map((x) => Number(x.toFixed(2)));
measurements.build_flags = buildFlags();

const { figures, notes } = buildFigures(measurements);
const report = {
  schema: 'epochcalc/bench-report@1',
  machine: measurements.machine,
  build_flags: measurements.build_flags,
  figures: figures.map(({ measured, ...rest }) => ({ ...rest, measured_text: measured })),
  notes,
  problems,
  raw: { native: measurements.native, wasm: measurements.wasm, pint: measurements.pint, js: measurements.js, page: measurements.page },
};
writeFileSync(path.join(benchDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(benchDir, 'REPORT.md'), markdown(measurements, figures, notes));

const width = Math.max(...figures.map((f) => f.figure.length));
console.log('');
for (const f of figures) console.log(`${f.verdict.padEnd(6)}  ${f.figure.padEnd(width)}  ${f.measured}  [${f.budget}]`);
const missed = figures.filter((f) => f.verdict === 'miss').length;
console.log(`\n${figures.filter((f) => f.verdict === 'pass').length} budgets met, ${missed} missed, ${figures.filter((f) => f.verdict === 'n/a').length} without a verdict; wrote bench/REPORT.md and bench/report.json`);
