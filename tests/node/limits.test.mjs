// The command line's memory is bounded by its stated limits on any input (issue 36): each case runs the
// native tool with its address space capped at 64 MB (prlimit --as), so a read or a loop that grew
// without bound would fail to allocate (a crash, exit 1 or a signal) instead of answering. The inputs
// are the tester's: an endless file and an endless stdin, a 100 MB file, 10,000 device ids; and the
// largest inputs within the limits still answer under the same cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, openSync, closeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'build/native/cli/epochcalc');
const CAP = 64 * 1024 * 1024;

/** The tool under the cap. @param {string[]} args @param {{ input?: string, stdin?: string }} [io] */
function capped(args, io = {}) {
  const stdin = io.stdin ? openSync(io.stdin, 'r') : 'pipe';
  const run = spawnSync('prlimit', [`--as=${CAP}`, '--', cli, ...args], { input: io.input, stdio: [stdin, 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (typeof stdin === 'number') closeSync(stdin);
  assert.equal(run.error, undefined, String(run.error));
  return run;
}

test('endless and huge inputs are refused at the stated limit, within 64 MB', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'epochcalc-limits-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // A 100 MB file of zero bytes: sparse, so it costs no disk.
  const big = path.join(dir, 'big.json');
  const fd = openSync(big, 'w');
  ftruncateSync(fd, 100 * 1024 * 1024);
  closeSync(fd);
  for (const [what, args, io] of /** @type {const} */ ([
    ['/dev/zero as the scenario', ['--scenario', '/dev/zero'], {}],
    ['/dev/zero as stdin', ['--scenario', '-'], { stdin: '/dev/zero' }],
    ['/dev/zero as the calibration input', ['--calibrate', '/dev/zero'], {}],
    ['a 100 MB file', ['--scenario', big], {}],
  ])) {
    const run = capped([...args], io);
    assert.equal(run.status, 2, `${what}: ${run.stderr.slice(0, 300)}`);
    assert.match(run.stderr, /E_RANGE: the (scenario|calibration input) is too long: at most 4,000,000 bytes/, what);
  }
  const ids = capped(['--compare', Array(10000).fill('l4').join(',')]);
  assert.equal(ids.status, 2, ids.stderr.slice(0, 300));
  assert.match(ids.stderr, /give at most 200 devices to compare; got 10000/);
});

test('the largest inputs within the limits answer under the same 64 MB', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'epochcalc-limits-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // A scenario of 3,999,000 bytes: the preset, a 1,000-character name, and whitespace.
  const body = JSON.stringify({ preset: 'mnist-cpu-vs-h100', name: 'n'.repeat(1000) });
  const file = path.join(dir, 'largest.json');
  writeFileSync(file, `${' '.repeat(3_999_000 - body.length)}${body}`);
  const solved = capped(['--scenario', file, '--json']);
  assert.equal(solved.status, 0, solved.stderr.slice(0, 300));
  assert.equal(JSON.parse(solved.stdout).scenario.name.length, 1000);
  // 200 devices, every registry id priced in turn: the envelopes' square work at its limit.
  const ids = Array.from({ length: 200 }, (_, i) => `${['l4', 't4', 'h100-sxm', 'a100-sxm-80gb', 'epyc-9654'][i % 5]}@${(0.1 + i / 100).toFixed(2)}/h`);
  const compared = capped(['--compare', ids.join(','), '--json']);
  assert.equal(compared.status, 0, compared.stderr.slice(0, 300));
  assert.equal(JSON.parse(compared.stdout).devices.length, 200);
});

test('the largest grid (50,000 points) as text, JSON and CSV within 96 MB: 64 MB and the answer\'s own size', () => {
  // A million points were accepted, and their CSV took 16 s and 2.5 GB; now the grid's limit is 50,000 and
  // the CSV is written a row at a time. The answer itself is up to some 30 MB of text.
  for (const format of [[], ['--json'], ['--csv'], ['--csv', '--csv-units', 'human']]) {
    const run = spawnSync('prlimit', [`--as=${96 * 1024 * 1024}`, '--', cli, '--sweep', 'dispatch=1 us:100 us:200', '--sweep', 'network.batch_size=1:60000:250', ...format],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    assert.equal(run.status, 0, `${format.join(' ')}: ${run.stderr.slice(0, 300)}`);
    assert.ok(run.stdout.length > 1_000_000, format.join(' '));
  }
  const refused = capped(['--sweep', 'dispatch=1 us:100 us:1000', '--sweep', 'network.batch_size=1:60000:1000']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /a grid computes at most 50,000 points; got 1,000,000/);
});
