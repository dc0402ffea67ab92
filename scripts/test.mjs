// npm test after the set-up: builds what the suites need and runs every suite (the native doctest suite
// and CLI checks under ASan and UBSan, bounded fuzzing, the doctest suite as wasm, the node API
// tests, the page modules, the type check, the browser tests), then ends with one summary line over
// all of them: "N passed, N failed".
//
// Builds and suites are jobs with prerequisites, run two at a time (or one per core where there are
// more) in the order below as soon as what they need is built: the module's build and the sanitized
// build start at once; the browser suite, the longest, starts once the module and the page are built,
// while the short suites and the tool's builds fill the other slot. The browser suite waits on the
// page much of its time, so the suites beside it (ctest, the fuzzers, the module API tests) run one
// test per core to use what it leaves idle. Each job's output is printed whole when it ends, so two
// never interleave; the summary gives each job's time.
//
//   node scripts/test.mjs [--jobs N]     (EPOCHCALC_TEST_JOBS also sets N)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { targets as fuzzTargets } from '../fuzz/targets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const jobsArg = process.argv.indexOf('--jobs');
const slots = Math.max(1, Number(jobsArg > 0 ? process.argv[jobsArg + 1] : process.env.EPOCHCALC_TEST_JOBS ?? Math.max(2, availableParallelism())));

/** "100% tests passed, 0 tests failed out of 23" */
function ctestCounts(output) {
  const match = output.match(/tests passed, (\d+) tests? failed out of (\d+)/);
  return match ? { passed: Number(match[2]) - Number(match[1]), failed: Number(match[1]) } : null;
}

/** A runner's closing line "N passed, N failed" (scripts/fuzz.mjs: a replayed regression or a fuzzed target each). */
function closingLineCounts(output) {
  const last = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]) } : null;
}

/** tsc prints nothing when every file checks; otherwise one "error TS…" line per problem. */
function tscCounts(output) {
  const errors = (output.match(/error TS\d+/g) ?? []).length;
  return { passed: errors === 0 ? 1 : 0, failed: errors };
}

/** TAP summary of node's test runner: "# pass 22" and "# fail 0". */
function nodeCounts(output) {
  const pass = output.match(/^# pass (\d+)/m);
  const fail = output.match(/^# fail (\d+)/m);
  return pass && fail ? { passed: Number(pass[1]), failed: Number(fail[1]) } : null;
}

/** pytest's closing line: "71 passed in 3.2s" or "2 failed, 69 passed in 3.4s". */
function pytestCounts(output) {
  const line = output.trimEnd().split('\n').reverse().find((l) => /\d+ (passed|failed)/.test(l));
  if (!line) return null;
  const count = (word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed') + count('error') };
}

/** The first lines of a failed job's report (a runner's "not ok", a fuzzer's FAILED, a compiler's error), else its last lines. */
function failureExcerpt(output, count = 30) {
  const lines = output.trimEnd().split('\n');
  // A runner's failed test first (its passing tests' names may say "error"), then the others' marks.
  let first = lines.findIndex((l) => /^\s*not ok\b/.test(l));
  if (first < 0) first = lines.findIndex((l) => /FAILED|\berror:|\*\*\*Failed|^==\d+==|^\s*Error\b/.test(l));
  return (first >= 0 ? lines.slice(first, first + count) : lines.slice(-count)).join('\n') || '(it printed nothing)';
}

const ctest = (dir) => ['ctest', ['--test-dir', dir, '--output-on-failure', '--parallel', String(slots)]];
const nodeTest = (dir, concurrency) => [node, ['--test', ...(concurrency ? [`--test-concurrency=${concurrency}`] : []), '--test-reporter=tap', dir]];

// In start order: a job starts when a slot is free and every job it needs has succeeded. A build
// prints its output only when it fails; a suite's counts come from its output.
const jobs = [
  // The two longest chains start first: the module, the page and the browser suite; the sanitized build,
  // its suite, the fuzzers and the module API tests.
  { id: 'wasm', name: 'build: WebAssembly module', run: ['bash', ['scripts/build-wasm.sh']] },
  { id: 'sanitize', name: 'build: native suite with ASan and UBSan', run: ['bash', ['scripts/build-sanitize.sh']] },
  { id: 'web', name: 'build: the page (dist/)', needs: ['wasm'], run: [node, ['scripts/build-web.mjs']], quietOnSuccess: false },
  // The longest suite. One file at a time: Chromium keeps both cores busy with one page already.
  { name: 'browser (node --test, Chromium)', needs: ['web'], run: nodeTest('tests/browser/', 1), counts: nodeCounts },
  // Short jobs for whichever slot frees first.
  { name: 'type check of the JSDoc and the .d.ts (tsc)', run: [node, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--pretty', 'false']], counts: tscCounts },
  { name: 'page modules (node --test)', run: nodeTest('tests/web/'), counts: nodeCounts },
  // The optimised tool (g++) that the module API tests and the validation tables compare with. Its test
  // suite is the sanitize build's: the same doctest suite and CLI checks, natively, under ASan and UBSan.
  // (An unsanitized copy of the same suite took a build of 1 to 2 minutes: bash scripts/build-native.sh
  // --all and ctest --test-dir build/native run it for a quick loop while working.)
  { id: 'native', name: 'build: native engine and epochcalc tool', run: ['bash', ['scripts/build-native.sh']] },
  // The native suite built with AddressSanitizer and UndefinedBehaviorSanitizer (any report aborts).
  { name: 'native under ASan and UBSan (ctest)', needs: ['sanitize'], run: ctest('build/sanitize'), counts: ctestCounts },
  // libFuzzer, same build: each saved crash replayed, then each target fuzzed for 5 s (scripts/fuzz.mjs),
  // one target per core: each is one process, and the browser suite beside it leaves a core mostly idle.
  { name: `fuzz ${fuzzTargets.join(', ')} under ASan and UBSan (libFuzzer)`, needs: ['sanitize'], run: [node, ['scripts/fuzz.mjs', '--parallel', String(slots)]], counts: closingLineCounts },
  // The doctest suite as wasm is built before the module API tests run, so that its run (the last job)
  // can take the slot the browser suite frees instead of waiting for its build with one core idle.
  { id: 'wasm-tests', name: 'build: doctest suite as WebAssembly', needs: ['wasm'], run: ['bash', ['scripts/build-wasm.sh', '--all']] },
  // The module in node, checked against the CLI and the sanitized CLI.
  { name: 'module API (node --test)', needs: ['wasm', 'native', 'sanitize'], run: nodeTest('tests/node/', slots), counts: nodeCounts },
  { name: 'wasm (ctest under node)', needs: ['wasm-tests'], run: ctest('build/wasm'), counts: ctestCounts },
  // The engine from Python: the extension added to the native build (only its bindings compile), with
  // the notebook's page from the web build beside it, then pytest against the native tool, with the
  // Python the build chose.
  { id: 'python', name: 'build: the Python extension (pybind11)', needs: ['native', 'web'], run: ['bash', ['scripts/build-python.sh']] },
  // A notebook executed headless (nbconvert) and its exported HTML opened offline in Chromium.
  { name: 'notebook (nbconvert, Chromium)', needs: ['python', 'web'], run: nodeTest('tests/notebook/'), counts: nodeCounts },
  { name: 'Python (pytest)', needs: ['python', 'native'], run: ['bash', ['-c', 'PYTHONPATH=build/native/python-package "$(bash scripts/build-python.sh --which)" -m pytest -q -p no:cacheprovider tests/python']], counts: pytestCounts },
];

/** Runs one job to its end; resolves with its counts, its output and how long it took. */
function run(job) {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, args] = job.run;
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (outcome) => resolve({ ...outcome, output, seconds: (Date.now() - started) / 1000 });
    child.on('error', (error) => done({ passed: 0, failed: 1, note: error.message }));
    child.on('close', (code, signal) => {
      const exit = code ?? signal;
      if (!job.counts) return done(exit === 0 ? { ok: true } : { passed: 0, failed: 1, note: `exit ${exit}` });
      const counts = job.counts(output);
      // A suite that crashed or ran nothing counts as one failure, never as a pass.
      if (!counts) done({ passed: 0, failed: 1, note: `no test summary (exit ${exit})` });
      else if (exit !== 0 && counts.failed === 0) done({ ...counts, failed: 1, note: `exit ${exit}` });
      else if (counts.passed + counts.failed === 0) done({ passed: 0, failed: 1, note: 'ran no test' });
      else done(counts);
    });
  });
}

const started = Date.now();
const clock = () => `${Math.round((Date.now() - started) / 1000)} s`.padStart(6);
const results = new Map();
const pending = [...jobs];
const running = new Set();

/** A job whose prerequisites failed is not run: it counts as one failure that names them. */
function blockedBy(job) {
  return (job.needs ?? []).filter((id) => results.has(id) && !results.get(id).ok);
}

await new Promise((finished) => {
  const next = () => {
    for (let i = 0; i < pending.length && running.size < slots; ) {
      const job = pending[i];
      const blocked = blockedBy(job);
      if (blocked.length) {
        pending.splice(i, 1);
        results.set(job.id ?? job.name, { passed: 0, failed: 1, seconds: 0, note: `not run: ${blocked.join(', ')} failed`, job });
        console.log(`[${clock()}] ${job.name}: not run, ${blocked.join(', ')} failed`);
        continue;
      }
      if (!(job.needs ?? []).every((id) => results.get(id)?.ok)) {
        ++i;
        continue;
      }
      pending.splice(i, 1);
      running.add(job);
      console.log(`[${clock()}] started ${job.name}`);
      run(job).then((result) => {
        running.delete(job);
        results.set(job.id ?? job.name, { ...result, job });
        const failed = !result.ok && !job.counts ? ' FAILED' : '';
        console.log(`\n[${clock()}] == ${job.name}${failed} (${result.seconds.toFixed(1)} s)`);
        // A build that worked says only that; a suite shows its whole report.
        if (job.counts || !result.ok) process.stdout.write(result.output.endsWith('\n') || !result.output ? result.output : `${result.output}\n`);
        else if (job.quietOnSuccess === false) process.stdout.write(result.output);
        next();
      });
    }
    if (running.size === 0) finished();
  };
  next();
});

let passed = 0;
let failed = 0;
const lines = [];
for (const job of jobs) {
  const result = results.get(job.id ?? job.name);
  const time = `${result.seconds.toFixed(0)} s`;
  if (!job.counts && result.ok) {
    lines.push(`${job.name}: done (${time})`);
    continue;
  }
  passed += result.passed ?? 0;
  failed += result.failed ?? 0;
  lines.push(`${job.name}: ${result.passed} passed, ${result.failed} failed (${time}${result.note ? `; ${result.note}` : ''})`);
}
console.log(`\n${lines.join('\n')}`);
// A failure's cause, again at the end: a long log may be read from its tail only.
for (const job of jobs) {
  const result = results.get(job.id ?? job.name);
  if (result.ok || !result.failed) continue;
  console.log(`\n-- why "${job.name}" failed --\n${failureExcerpt(result.output ?? '')}`);
}
console.log(`builds and suites took ${((Date.now() - started) / 60000).toFixed(1)} min with ${slots} at a time`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
