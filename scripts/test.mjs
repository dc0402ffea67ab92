// Runs every suite (native doctest and CLI checks, the same under ASan and UBSan, bounded fuzzing, the doctest suite as wasm, the node API tests,
// the browser tests) and ends with one summary line over all of them: "N passed, N failed".
// Assumes `node scripts/build.mjs` ran (npm test does both).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const suites = [
  { name: 'native (ctest)', command: 'ctest', args: ['--test-dir', 'build/native', '--output-on-failure'], counts: ctestCounts },
  // The same native suite built with AddressSanitizer and UndefinedBehaviorSanitizer (any report aborts).
  { name: 'native under ASan and UBSan (ctest)', command: 'ctest', args: ['--test-dir', 'build/sanitize', '--output-on-failure'], counts: ctestCounts },
  // libFuzzer, same build: each saved crash replayed, then each target fuzzed for 8 s (scripts/fuzz.mjs).
  { name: 'fuzz targets under ASan and UBSan (libFuzzer)', command: process.execPath, args: ['scripts/fuzz.mjs'], counts: closingLineCounts },
  { name: 'wasm (ctest under node)', command: 'ctest', args: ['--test-dir', 'build/wasm', '--output-on-failure'], counts: ctestCounts },
  { name: 'module API (node --test)', command: process.execPath, args: ['--test', '--test-reporter=tap', 'tests/node/'], counts: nodeCounts },
  { name: 'page modules (node --test)', command: process.execPath, args: ['--test', '--test-reporter=tap', 'tests/web/'], counts: nodeCounts },
  { name: 'type check of the JSDoc and the .d.ts (tsc)', command: process.execPath, args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--pretty', 'false'], counts: tscCounts },
  { name: 'browser (node --test, Chromium)', command: process.execPath, args: ['--test', '--test-concurrency=1', '--test-reporter=tap', 'tests/browser/'], counts: nodeCounts },
];

/** "100% tests passed, 0 tests failed out of 23" */
function ctestCounts(output) {
  const match = output.match(/tests passed, (\d+) tests? failed out of (\d+)/);
  return match ? { passed: Number(match[2]) - Number(match[1]), failed: Number(match[1]) } : null;
}

/** A runner's closing line "N passed, N failed" (scripts/fuzz.mjs: a replayed regression or a fuzzed target each). */
function closingLineCounts(output) {
  const lines = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)];
  const last = lines.at(-1);
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

function run(suite) {
  return new Promise((resolve) => {
    console.log(`\n== ${suite.name}`);
    const child = spawn(suite.command, suite.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk, stream) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ passed: 0, failed: 1, note: error.message }));
    child.on('close', (code) => {
      const counts = suite.counts(output);
      // A suite that crashed or ran nothing counts as one failure, never as a pass.
      if (!counts) resolve({ passed: 0, failed: 1, note: `no test summary (exit ${code})` });
      else if (code !== 0 && counts.failed === 0) resolve({ ...counts, failed: 1, note: `exit ${code}` });
      else if (counts.passed + counts.failed === 0) resolve({ passed: 0, failed: 1, note: 'ran no test' });
      else resolve(counts);
    });
  });
}

let passed = 0;
let failed = 0;
const lines = [];
for (const suite of suites) {
  const result = await run(suite);
  passed += result.passed;
  failed += result.failed;
  lines.push(`${suite.name}: ${result.passed} passed, ${result.failed} failed${result.note ? ` (${result.note})` : ''}`);
}
console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
