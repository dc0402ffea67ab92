// The shared corpus of malformed input (tests/corpus/malformed.json) through the native CLI, the same
// CLI built with AddressSanitizer and UndefinedBehaviorSanitizer (build/sanitize: any memory error,
// leak or undefined behaviour a hostile input triggers ends it with a report) and the wasm module:
// every case must be refused with its code at its path (the CLI with exit status 2), and every hostile
// but valid case must solve. A case with a known finding runs that check as a todo.
// The page and the element run the same corpus in tests/browser/corpus.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadCorpus, moduleArgument, todoIf, expected, messageProblem } from '../corpus/corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'build/native/cli/epochcalc');
const sanitizedCli = path.join(root, 'build/sanitize/cli/epochcalc');
const moduleDir = path.join(root, 'build/wasm/wasm');
assert.ok(existsSync(cli), `${cli} is missing: run bash scripts/build-native.sh first`);
assert.ok(existsSync(sanitizedCli), `${sanitizedCli} is missing: run bash scripts/build-sanitize.sh first`);

const { createCalculator, EpochcalcError } = await import(path.join(moduleDir, 'epochcalc.js'));
const calc = await createCalculator({ wasmBinary: readFileSync(path.join(moduleDir, 'epochcalc_core.wasm')) });
const DEFAULT = { preset: calc.schema().default_preset };
const { cases, hostile } = loadCorpus();

/** No message may be a wall of text, whatever the input (docs/model.md, "Input ranges"). */
const LONGEST_MESSAGE = 1000;

/**
 * Runs the CLI (the optimised one unless `exe` names another) on one case: the document on stdin, or
 * the field as --set over the default preset.
 * @returns {Promise<{status: number|null, stdout: string, stderr: string}>}
 */
function runCli(c, { json = true, exe = cli } = {}) {
  const args = c.kind === 'field' ? ['--set', `${c.field?.dotted}=${c.field?.value}`]
    : [c.kind === 'calibration' ? '--calibrate' : '--scenario', '-'];
  if (json) args.push('--json');
  return new Promise((resolve, reject) => {
    const child = spawn(exe, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    // Generous for the sanitized CLI, which reads a 4 MB document several times slower on a busy machine.
    const timer = setTimeout(() => child.kill('SIGKILL'), exe === cli ? 20_000 : 120_000);
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.on('error', () => {}); // a CLI that stops reading early is judged by its output
    child.stdin.end(c.kind === 'field' ? '' : c.text);
  });
}

/** Every case through the CLI before the tests, a few at a time (a spawn mostly waits on the OS). */
async function runAll(list, options, parallel = 3) {
  const runs = new Map();
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const c = list[next++];
      runs.set(c, await runCli(c, options));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return runs;
}
// The sanitized CLI costs about 0.12 s of CPU a process (starting ASan, and half of it LeakSanitizer's
// check at exit, kept: a leak on an error path is a finding too), against nearly nothing for the
// optimised one. The CLI reads one document a process, so the runs overlap instead: all four lists
// at once, several processes each.
const started = performance.now();
const [cliRuns, hostileRuns, hostileTextRuns, sanitizedRuns] = await Promise.all([
  runAll(cases),
  runAll(hostile),
  runAll(hostile, { json: false }),
  runAll([...cases, ...hostile], { exe: sanitizedCli }, 6),
]);
console.log(`# ${cliRuns.size + hostileRuns.size + hostileTextRuns.size} CLI runs and ${sanitizedRuns.size} under ASan and UBSan in ${Math.round(performance.now() - started)} ms`);

/** The error document the CLI printed on stdout. */
function cliErrors(run) {
  let reply;
  try {
    reply = JSON.parse(run.stdout);
  } catch {
    assert.fail(`stdout is not JSON (exit ${run.status}${run.signal ? `, ${run.signal}` : ''}): ${run.stdout.slice(0, 200)}\nstderr: ${run.stderr.slice(0, 300)}`);
  }
  assert.equal(reply.schema, 'epochcalc/error@1', `not an error document: ${run.stdout.slice(0, 200)}`);
  return reply.errors;
}

/** The case's module call: the errors it threw, or null if it did not throw. */
async function moduleErrors(c) {
  try {
    if (c.kind === 'calibration') await calc.calibrate(moduleArgument(c));
    else if (c.kind === 'field') calc.solve(calc.set(DEFAULT, /** @type {string} */ (c.field?.path), /** @type {string} */ (c.field?.value)));
    else calc.solve(moduleArgument(c));
  } catch (err) {
    assert.ok(err instanceof EpochcalcError, `threw ${err}, not an EpochcalcError`);
    assert.equal(err.code, err.errors[0].code, '.code is the first error\'s');
    assert.equal(err.path, err.errors[0].path, '.path is the first error\'s');
    return err.errors;
  }
  return null;
}

/** Asserts the expected error and, unless a finding concerns it, what its message says. */
function check(c, errors) {
  const { error, why } = expected(c, errors);
  assert.ok(error, why);
  for (const e of errors) assert.ok(e.message.length <= LONGEST_MESSAGE, `a ${e.message.length}-character message at ${e.path.slice(0, 60)}`);
  if (!todoIf(c, 'message')) assert.equal(messageProblem(c, error), '');
}

/** The message check alone, as a todo where a finding concerns it. */
function messageTodo(label, c, get) {
  if (!c.message || !todoIf(c, 'message')) return;
  test(`${label} message: ${c.name}`, { todo: todoIf(c, 'message') }, () => {
    const { error, why } = expected(c, get());
    assert.ok(error, why);
    assert.equal(messageProblem(c, error), '');
  });
}

/** The module's error list per case (or what went wrong getting it), kept to compare with the CLI's. */
const moduleRuns = new Map();
for (const c of cases) moduleRuns.set(c, await moduleErrors(c).catch((failure) => ({ failure })));
/** @returns {any[]|null} */
function moduleList(c) {
  const got = moduleRuns.get(c);
  if (got && 'failure' in got) throw got.failure;
  return got;
}

for (const c of cases) {
  test(`cli: ${c.name}`, { todo: todoIf(c, 'code') }, () => {
    const run = /** @type {any} */ (cliRuns.get(c));
    assert.equal(run.status, 2, `exit status ${run.status} (expected 2 for invalid input)\n${run.stdout.slice(0, 300)}${run.stderr.slice(0, 300)}`);
    check(c, cliErrors(run));
  });
  messageTodo('cli', c, () => cliErrors(cliRuns.get(c)));

  test(`cli under ASan and UBSan: ${c.name}`, { todo: todoIf(c, 'code') }, () => {
    const run = /** @type {any} */ (sanitizedRuns.get(c));
    assert.doesNotMatch(run.stderr, /Sanitizer|runtime error/, `a sanitizer report:\n${run.stderr.slice(0, 2000)}`);
    assert.equal(run.status, 2, `exit status ${run.status}${run.signal ? ` (${run.signal})` : ''}\n${run.stdout.slice(0, 300)}${run.stderr.slice(0, 300)}`);
    check(c, cliErrors(run));
    assert.deepEqual(cliErrors(run), cliErrors(cliRuns.get(c)), 'the same errors as the optimised CLI');
  });

  test(`module: ${c.name}`, { todo: todoIf(c, 'code') }, () => {
    const errors = moduleList(c);
    assert.ok(errors, `${c.kind === 'calibration' ? 'calibrate' : c.kind === 'field' ? 'set, then solve,' : 'solve'} did not throw`);
    check(c, errors);
    // One engine: the module's list is the CLI's, error for error.
    assert.deepEqual(errors, cliErrors(cliRuns.get(c)), 'the module and the CLI give the same errors');
  });
  messageTodo('module', c, () => moduleList(c) ?? []);
}

/** C0 control characters other than a newline, and DEL: what a terminal would act on. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

for (const c of hostile) {
  test(`cli: ${c.name} (hostile, valid)`, () => {
    const run = /** @type {any} */ (hostileRuns.get(c));
    assert.equal(run.status, 0, `exit status ${run.status}: ${run.stdout.slice(0, 300)}${run.stderr.slice(0, 300)}`);
    const result = JSON.parse(run.stdout);
    assert.equal(result.schema, 'epochcalc/result@1');
    if (c.input && typeof c.input === 'object' && 'name' in c.input) assert.equal(result.scenario.name, /** @type {any} */ (c.input).name, 'the name comes back as written');
  });
  test(`cli text: ${c.name} (hostile, valid): the readable output carries no control characters`, { todo: todoIf(c, 'cli-text') }, () => {
    const run = /** @type {any} */ (hostileTextRuns.get(c));
    assert.equal(run.status, 0);
    const at = run.stdout.search(CONTROL);
    assert.equal(at, -1, `a control character in the output: ${JSON.stringify(run.stdout.slice(Math.max(0, at - 20), at + 20))}`);
  });
  test(`cli under ASan and UBSan: ${c.name} (hostile, valid)`, () => {
    const run = /** @type {any} */ (sanitizedRuns.get(c));
    assert.doesNotMatch(run.stderr, /Sanitizer|runtime error/, `a sanitizer report:\n${run.stderr.slice(0, 2000)}`);
    assert.equal(run.status, 0, `exit status ${run.status}${run.signal ? ` (${run.signal})` : ''}: ${run.stdout.slice(0, 300)}${run.stderr.slice(0, 300)}`);
    assert.deepEqual(JSON.parse(run.stdout), JSON.parse(/** @type {any} */ (hostileRuns.get(c)).stdout), 'the same result as the optimised CLI');
  });
  test(`module: ${c.name} (hostile, valid)`, () => {
    const result = calc.solve(moduleArgument(c));
    assert.equal(result.schema, 'epochcalc/result@1');
  });
}
