// The npm package as a user gets it: `npm pack` (its prepack check must pass), then the tarball
// installed offline into an empty consumer folder. From there the engine runs in node with no options,
// the typings resolve for TypeScript, and the custom element works in Chromium straight from
// node_modules/, fetching its .wasm from beside itself. Nothing here touches the network.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';
import { testBrowser, dist, ensureDist, repo } from './helpers.mjs';

const TIMEOUT = 30_000;
/** What package.json "files" ships, plus what npm always adds. */
const SHIPPED = [
  'LICENSE',
  'README.md',
  'dist/epochcalc-book-files.json',
  'dist/epochcalc-book-sw.js',
  'dist/epochcalc-book.d.ts',
  'dist/epochcalc-book.js',
  'dist/epochcalc-chart.js',
  'dist/epochcalc-element.d.ts',
  'dist/epochcalc-element.js',
  'dist/epochcalc-input.js',
  'dist/epochcalc-scrub.js',
  'dist/epochcalc-tools.js',
  'dist/epochcalc-widget.d.ts',
  'dist/epochcalc-widget.js',
  'dist/epochcalc.d.ts',
  'dist/epochcalc.js',
  'dist/epochcalc_calibration.js',
  'dist/epochcalc_calibration.wasm',
  'dist/epochcalc_core.wasm',
  'dist/epochcalc_whatif.js',
  'dist/epochcalc_whatif_calls.js',
  'dist/epochcalc_whatif.wasm',
  'package.json',
];

/** Temporary folder holding the tarball, the consumer project and a private npm cache. */
let work = '';
let consumer = '';
let installed = '';
/** @type {{ filename: string, files: { path: string }[] }} */
let packed;
/** The engine exactly as in dist/, loaded in this process, for the expected numbers. */
let calc;

/**
 * Runs npm with a clean npm environment (nothing inherited from an outer `npm test`), offline, with a
 * private cache, and no update check.
 */
function npm(args, cwd) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  Object.assign(env, {
    npm_config_offline: 'true',
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  });
  const r = spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
  return { ...r, output: `${r.error ?? ''}\n${r.stdout}\n${r.stderr}` };
}

/** Runs a command in the consumer folder; returns its stdout, or fails with its output. */
function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: consumer, encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} failed:\n${r.error ?? ''}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

before(async () => {
  await ensureDist();
  work = mkdtempSync(join(tmpdir(), 'epochcalc-package-'));
  const packDir = join(work, 'pack');
  consumer = join(work, 'consumer');
  mkdirSync(packDir);
  mkdirSync(consumer);

  // The prepack script (scripts/check-pack.mjs) runs and must pass: no --ignore-scripts, and an
  // ignore-scripts=true from a user's .npmrc is overridden.
  const pack = npm(['pack', '--pack-destination', packDir, '--json', '--ignore-scripts=false'], repo);
  assert.equal(pack.status, 0, `npm pack failed:${pack.output}`);
  assert.match(pack.stderr, /prepack[\s\S]*check-pack\.mjs/, `the prepack script did not run:${pack.output}`);
  const reports = JSON.parse(pack.stdout);
  assert.equal(reports.length, 1, pack.stdout);
  packed = reports[0];
  const tarball = join(packDir, packed.filename);
  const { name, version } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  assert.equal(packed.filename, `${name}-${version}.tgz`);

  writeFileSync(join(consumer, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  const install = npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], consumer);
  assert.equal(install.status, 0, `npm install of the tarball failed (offline):${install.output}`);
  installed = join(consumer, 'node_modules', 'epochcalc');
  assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).name, 'epochcalc');

  const { createCalculator } = await import(pathToFileURL(join(dist, 'epochcalc.js')).href);
  calc = await createCalculator({ wasmBinary: readFileSync(join(dist, 'epochcalc_core.wasm')) });
}, { timeout: 90_000 });

after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

test('the tarball holds exactly the whitelisted files', { timeout: TIMEOUT }, () => {
  const paths = packed.files.map((f) => f.path).sort();
  assert.deepEqual(paths, [...SHIPPED].sort());
  for (const p of paths) {
    assert.doesNotMatch(p, /^(src|tests|build|node_modules|wasm|web|engine|scripts|scratch)\//, p);
  }
  // What was installed is what dist/ holds.
  for (const p of SHIPPED.filter((f) => f.startsWith('dist/'))) {
    assert.ok(readFileSync(join(installed, p)).equals(readFileSync(join(repo, p))), `${p} differs from the repository's`);
  }
});

test('node: the installed package solves with no options, as the dist/ engine does', { timeout: TIMEOUT }, () => {
  const script = `
    import createCalculator, { createCalculator as named } from 'epochcalc';
    const calc = await createCalculator();
    const preset = calc.schema().default_preset;
    const r = calc.solve({ preset });
    const fit = await calc.calibrate({ scenario: { preset }, fit: ['dispatch'],
      measurements: [{ device: 'host', batch_size: 32, epoch_time_s: r.host.batched.epoch_time_s }] });
    const swept = await calc.sweepField({ preset }, { field: 'network.batch_size', values: [32] });
    console.log(JSON.stringify({
      fittedDispatch: fit.fitted.dispatch,
      sweptHost: swept.host.epoch_time_s[0],
      resolved: import.meta.resolve('epochcalc'),
      sameExport: named === createCalculator,
      version: calc.version,
      preset,
      host: r.host.batched.epoch_time_s,
      accelerator: r.accelerator.batched.epoch_time_s,
    }));`;
  const out = JSON.parse(run(process.execPath, ['--input-type=module', '-e', script]).trim().split('\n').at(-1));
  assert.equal(out.resolved, pathToFileURL(join(installed, 'dist', 'epochcalc.js')).href);
  assert.equal(out.sameExport, true, 'the default and the named createCalculator differ');
  assert.equal(out.version, calc.version);
  assert.equal(out.preset, calc.schema().default_preset);
  const expected = calc.solve({ preset: out.preset });
  assert.equal(out.host, expected.host.batched.epoch_time_s);
  assert.equal(out.accelerator, expected.accelerator.batched.epoch_time_s);
  // sweepField() loads the installed package's own what-if module.
  assert.equal(out.sweptHost, expected.host.batched.epoch_time_s);
  // calibrate() loads the installed package's own calibration module.
  assert.ok(Math.abs(out.fittedDispatch - expected.scenario.dispatch) <= 1e-9 * expected.scenario.dispatch, `fitted ${out.fittedDispatch}`);
});

test('typescript: the typings of "epochcalc", "epochcalc/element" and "epochcalc/book" resolve and type-check', { timeout: TIMEOUT }, () => {
  writeFileSync(join(consumer, 'check.ts'), `
import createCalculator, { createCalculator as named, type Calculator, type Result } from 'epochcalc';
import type { EpochOverheadCalculator } from 'epochcalc/element';
import { registerBookWorker } from 'epochcalc/book';

const calc: Calculator = await named();
const again: Calculator = await createCalculator({ wasmBinary: new Uint8Array(0) });
const result: Result = calc.solve({ preset: calc.schema().default_preset });
const seconds: number = result.accelerator.batched.epoch_time_s + again.solve('{}').host.batched.epoch_time_s;
const grid = await calc.sweepField({}, { field: 'dispatch', from: '1 us', to: '10 us' }, { field: 'network.batch_size', values: [1, 32] });
const speedups: Float64Array = grid.speedup;
const flip: number | null = (await calc.solveFor({}, 'dispatch', 'speedup=2')).value;
// @ts-expect-error a sweep names its field
calc.sweepField({}, { from: 1, to: 2 });
// The typings are real, not any: a wrong argument is an error.
// @ts-expect-error a number is not a scenario
calc.solve(42);

const element: EpochOverheadCalculator | null = document.querySelector('epoch-overhead-calculator');
const shown: number | undefined = element?.result?.host.batched.epoch_time_s;
element?.addEventListener('epochcalc-result', (event) => { const r: Result = event.detail; console.log(r.schema); });
const offline = await registerBookWorker('epochcalc-book-sw.js?files=epochcalc/');
const registration: ServiceWorkerRegistration | null = offline.registration;
const said: string[] = offline.problems;
export { seconds, shown, speedups, flip, registration, said };
`);
  const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
  const common = { target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true, types: [],
    // The package's .d.ts files are checked too; TypeScript's own lib files need not be.
    skipLibCheck: false, skipDefaultLibCheck: true };
  for (const [module, moduleResolution] of [['esnext', 'bundler'], ['node16', 'node16']]) {
    const config = `tsconfig.${moduleResolution}.json`;
    writeFileSync(join(consumer, config), JSON.stringify({ compilerOptions: { ...common, module, moduleResolution }, files: ['check.ts'] }));
    const files = run(process.execPath, [tsc, '-p', config, '--listFiles', '--pretty', 'false']).split('\n');
    // The typings come from the installed package, not from the repository.
    for (const dts of ['epochcalc.d.ts', 'epochcalc-element.d.ts']) {
      assert.ok(files.includes(join(installed, 'dist', dts)), `${moduleResolution}: ${dts} not from node_modules:\n${files.join('\n')}`);
    }
  }
});

test('browser: the element works from node_modules/, with its .wasm fetched from beside it', { timeout: TIMEOUT }, async (t) => {
  writeFileSync(join(consumer, 'index.html'), `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>consumer</title><link rel="icon" href="data:,">
<script type="module" src="./node_modules/epochcalc/dist/epochcalc-element.js"></script></head>
<body>
<epoch-overhead-calculator id="a" preset="fashion-mnist-laptop" view="compact"></epoch-overhead-calculator>
<p>Accelerator: <epoch-value for="a" field="accelerator.batched.epoch_time_s" format="ms"></epoch-value></p>
<epoch-overhead-calculator id="d" preset="mnist-cpu-vs-h100" view="devices"></epoch-overhead-calculator>
</body>
</html>
`);
  const server = await serve({ root: consumer, port: 0 });
  t.after(() => server.close());
  const browser = await chromium.launch(testBrowser());
  t.after(() => browser.close());
  const page = await browser.newPage();
  /** @type {string[]} */
  const problems = [];
  /** @type {(message: string) => void} */
  let onProblem = () => {};
  const firstProblem = new Promise((resolve) => { onProblem = resolve; });
  const report = (message) => { problems.push(message); onProblem(message); };
  page.on('pageerror', (e) => report(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') report(`console: ${m.text()}`); });
  const origin = new URL(server.url).origin;
  /** @type {string[]} */
  const requests = [];
  await page.route('**/*', (route) => {
    const target = route.request().url();
    if (target.startsWith(`${origin}/`)) {
      requests.push(new URL(target).pathname);
      return route.continue();
    }
    if (target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
    report(`external request: ${target}`);
    return route.abort();
  });

  // Wait for the first result, but stop at the first problem (a missing .wasm, say, is reported by
  // the elements on the console and never gives a result).
  await page.goto(server.url);
  const solved = page.waitForFunction(() => /** @type {any} */ (document.getElementById('a'))?.result, null, { timeout: 20_000 });
  solved.catch(() => {});
  const problem = await Promise.race([solved.then(() => null), firstProblem]);
  assert.equal(problem, null, `a problem before the first result: ${problems.join('; ')}\nrequests: ${requests.join(', ')}`);
  const shown = await page.evaluate(() => ({
    epoch: /** @type {any} */ (document.getElementById('a')).result.accelerator.batched.epoch_time_s,
    defined: ['epoch-overhead-calculator', 'epoch-value', 'epoch-input'].filter((n) => customElements.get(n)),
  }));
  assert.equal(shown.epoch, calc.solve({ preset: 'fashion-mnist-laptop' }).accelerator.batched.epoch_time_s);
  assert.deepEqual(shown.defined, ['epoch-overhead-calculator', 'epoch-value', 'epoch-input']);
  // The what-if tools (a view of devices alone shows them at once) and the what-if module load from
  // beside the element too.
  await page.waitForFunction(() => document.getElementById('d')?.shadowRoot?.querySelector('#device-table tbody tr'), null, { timeout: 20_000 });
  const wasm = requests.filter((p) => p.endsWith('.wasm')).sort();
  assert.deepEqual(wasm, ['/node_modules/epochcalc/dist/epochcalc_core.wasm', '/node_modules/epochcalc/dist/epochcalc_whatif.wasm']);
  assert.ok(requests.includes('/node_modules/epochcalc/dist/epochcalc-tools.js'));
  assert.deepEqual(problems, []);
});
