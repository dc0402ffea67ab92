// Bounded fuzzing for npm test (issue 10). For each libFuzzer target of fuzz/ (built by
// scripts/build-sanitize.sh into build/sanitize/fuzz/, with ASan and UBSan):
//   1. replays every file of fuzz/regressions/<target>/ (inputs that once crashed: each is a test);
//   2. fuzzes for a fixed time from a temporary copy of fuzz/corpus/<target>/, so the repository is
//      never written; a crash, leak, timeout or broken invariant is kept under
//      build/sanitize/fuzz-findings/<target>/ and printed with the command that reproduces it.
// Prints one line per target and ends with "N passed, N failed".
//
//   node scripts/fuzz.mjs [--seconds N] [--parallel N] [--seed N] [target ...]
//     --seconds: each target's fuzzing time (EPOCHCALC_FUZZ_SECONDS also sets it; default 5);
//     --seed: libFuzzer's seed (EPOCHCALC_FUZZ_SEED also sets it; default 1, so npm test fuzzes the same
//     inputs on every machine and a failure is the code's, not the draw's; 0 draws a new seed each run,
//     for hunting: node scripts/fuzz.mjs --seed 0 --seconds 300);
//     --parallel: targets fuzzed at once (default 1; each is one process on one core), each target's
//     lines printed together when it ends; EPOCHCALC_FUZZ_BUILD names another build folder.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { targets } from '../fuzz/targets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.resolve(root, process.env.EPOCHCALC_FUZZ_BUILD ?? 'build/sanitize');
const limits = ['-rss_limit_mb=2048', '-timeout=5'];

const args = process.argv.slice(2);
let seconds = Number(process.env.EPOCHCALC_FUZZ_SECONDS ?? 5);
let parallel = 1;
let seed = Number(process.env.EPOCHCALC_FUZZ_SEED ?? 1);
const chosen = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--seconds') seconds = Number(args[++i]);
  else if (args[i] === '--parallel') parallel = Number(args[++i]);
  else if (args[i] === '--seed') seed = Number(args[++i]);
  else if (targets.includes(args[i])) chosen.push(args[i]);
  else {
    console.error(`fuzz: unknown argument "${args[i]}"; targets are ${targets.join(', ')}`);
    process.exit(2);
  }
}
if (!(seconds > 0)) {
  console.error('fuzz: --seconds takes a positive number');
  process.exit(2);
}
if (!(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32)) {
  console.error('fuzz: --seed takes a whole number from 0 (a new seed each run) to 4294967295');
  process.exit(2);
}
if (!(Number.isInteger(parallel) && parallel >= 1)) {
  console.error('fuzz: --parallel takes a whole number of at least 1');
  process.exit(2);
}

const rel = (p) => {
  const relative = path.relative(root, p);
  return relative.startsWith('..') ? p : relative || '.';
};
const filesIn = (dir) =>
  existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith('.') && statSync(path.join(dir, f)).isFile()).sort() : [];

/** Runs a fuzz executable; resolves with its exit code (or signal) and all its output. */
function runFuzzer(exe, argv, cwd) {
  return new Promise((resolve) => {
    // Stack traces for UBSan reports too; the user's own settings come first and win where they overlap.
    const env = {
      ...process.env,
      UBSAN_OPTIONS: ['print_stacktrace=1', process.env.UBSAN_OPTIONS].filter(Boolean).join(':'),
    };
    const child = spawn(exe, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: -1, output: `${output}\n${error.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? signal, output }));
  });
}

/** What a failing run said: the sanitizer's or the invariant's report, the stack, the reproducer. */
function report(output) {
  const lines = output.split('\n');
  const start = lines.findIndex((l) => /^==\d+==ERROR|INVARIANT BROKEN|runtime error:|ERROR: libFuzzer|^==\d+== ERROR/.test(l));
  // Without libFuzzer's own progress, its frames and its statistics: the report, the input, the stack into epochcalc.
  const noise = /^(MS:|#\d+\s+(NEW|REDUCE|pulse|INITED)|stat::)| in (fuzzer::|main |__libc_start|_start )/;
  const shown = (start >= 0 ? lines.slice(start) : lines.slice(-40)).filter((l) => !noise.test(l));
  return shown.slice(0, 80).map((l) => `    ${l}`).join('\n');
}

const findingsRoot = path.join(build, 'fuzz-findings');

/**
 * Replays one target's regressions and fuzzes it; resolves with its counts and the lines it has to
 * say (printed together by the caller, so targets fuzzed at once never interleave).
 * @param {string} target
 */
async function fuzzTarget(target) {
  /** @type {string[]} */
  const lines = [];
  const say = (text) => lines.push(text);
  const exe = path.join(build, 'fuzz', `epochcalc_fuzz_${target}`);
  if (!existsSync(exe)) {
    say(`fuzz ${target}: FAILED, ${rel(exe)} is missing: run bash scripts/build-sanitize.sh`);
    return { passed: 0, failed: 1, lines };
  }

  // 1. Every saved reproducer, one run each: a fixed crash is a passing test, an open one fails.
  const regressionDir = path.join(root, 'fuzz/regressions', target);
  let passed = 0;
  let failed = 0;
  for (const name of filesIn(regressionDir)) {
    const file = path.join(regressionDir, name);
    const run = await runFuzzer(exe, [...limits, file], root);
    if (run.code === 0) {
      passed += 1;
    } else {
      failed += 1;
      say(`fuzz ${target}: regression ${rel(file)} still fails (exit ${run.code})\n${report(run.output)}`);
      say(`  reproduce: ${rel(exe)} ${rel(file)}`);
    }
  }

  // 2. Fuzzing from a temporary copy of the seed corpus.
  const work = mkdtempSync(path.join(tmpdir(), `epochcalc-fuzz-${target}-`));
  try {
    const corpus = path.join(work, 'corpus');
    const artifacts = path.join(work, 'artifacts');
    mkdirSync(corpus);
    mkdirSync(artifacts);
    const seeds = filesIn(path.join(root, 'fuzz/corpus', target));
    for (const name of seeds) copyFileSync(path.join(root, 'fuzz/corpus', target, name), path.join(corpus, name));
    const started = Date.now();
    const run = await runFuzzer(
      exe,
      [
        ...limits,
        `-max_total_time=${seconds}`,
        `-seed=${seed}`,
        `-dict=${path.join(root, 'fuzz/epochcalc.dict')}`,
        `-artifact_prefix=${artifacts}${path.sep}`,
        '-print_final_stats=1',
        corpus,
      ],
      work,
    );
    const took = ((Date.now() - started) / 1000).toFixed(1);
    const runs = run.output.match(/stat::number_of_executed_units:\s*(\d+)/)?.[1] ?? '?';
    const found = filesIn(artifacts);
    if (run.code === 0 && found.length === 0) {
      passed += 1;
      const replayed = passed - 1 ? `; ${passed - 1} regression input(s) replayed` : '';
      say(`fuzz ${target}: ok, ${runs} inputs in ${took} s from ${seeds.length} seeds, ${filesIn(corpus).length} in the corpus after${replayed}`);
    } else {
      failed += 1;
      // Keep what was found where the temporary folder's removal cannot take it.
      const keep = path.join(findingsRoot, target);
      mkdirSync(keep, { recursive: true });
      const kept = found.map((name) => {
        copyFileSync(path.join(artifacts, name), path.join(keep, name));
        return path.join(keep, name);
      });
      const seed = run.output.match(/INFO: Seed: (\d+)/)?.[1];
      say(`fuzz ${target}: FAILED after ${runs} inputs in ${took} s (exit ${run.code}, seed ${seed ?? '?'})\n${report(run.output)}`);
      for (const file of kept) {
        say(`  reproducer: ${rel(file)}`);
        say(`  reproduce:  ${rel(exe)} ${rel(file)}`);
        say(`  keep it:    cp ${rel(file)} fuzz/regressions/${target}/<what-it-breaks>`);
      }
      if (kept.length === 0) say('  (no reproducer written: see the output above)');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { passed, failed, lines };
}

// A pool of `parallel` workers takes the targets in order; each prints a target's lines when it ends.
const queue = [...(chosen.length ? chosen : targets)];
const results = [];
await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, async () => {
  for (let target = queue.shift(); target; target = queue.shift()) {
    const result = await fuzzTarget(target);
    console.log(result.lines.join('\n'));
    results.push(result);
  }
}));

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
