// The validation table (docs/validation.md, scripts/validation.mjs, docs/validation/*.json): the
// committed table is what the engine gives for the committed cases, a drift of either side fails the
// check, and the case files carry what the table promises (sources, both devices, a local case).
// Needs the native CLI, which `node scripts/build.mjs` builds.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { BEGIN, END, DEFAULTS, InputError, crossErrors, evaluateCase, loadCases, networksOf, seconds, sig } from '../../scripts/validation.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'scripts/validation.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'epochcalc-validation-'));
after(() => rmSync(work, { recursive: true, force: true }));

assert.ok(existsSync(DEFAULTS.cli), `${DEFAULTS.cli} is missing: run node scripts/build.mjs (or bash scripts/build-native.sh) first`);

function validation(args) {
  return spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });
}

/** A copy of the case folder in which `edit` changed one case, parsed and written back. */
function casesWith(name, file, edit) {
  const dir = path.join(work, name);
  cpSync(DEFAULTS.casesDir, dir, { recursive: true });
  const target = path.join(dir, file);
  const data = JSON.parse(readFileSync(target, 'utf8'));
  edit(data);
  writeFileSync(target, JSON.stringify(data, null, 2));
  return dir;
}

const cases = loadCases(DEFAULTS.casesDir);
const publicCases = cases.filter((c) => !c.data.measured_with);
const localCases = cases.filter((c) => c.data.measured_with);

test('the committed table is what the engine gives for the committed cases', () => {
  const run = validation(['--check']);
  assert.equal(run.status, 0, `node scripts/validation.mjs --check failed:\n${run.stdout}${run.stderr}`);
  assert.match(run.stdout, /up to date/);
});

test('a measured time changed in a case file makes the check fail, with a diff', () => {
  const first = publicCases[0];
  const dir = casesWith('changed-time', first.file, (data) => { data.measurements[0].epoch_time_s *= 2; });
  const run = validation(['--check', '--cases', dir]);
  assert.equal(run.status, 1, `the check passed a changed measurement:\n${run.stdout}${run.stderr}`);
  assert.match(run.stderr, /differs from what the engine and the case files give/);
  const label = first.data.id.toUpperCase();
  assert.ok(run.stderr.split('\n').some((l) => l.startsWith('- ') && l.includes(`| ${label} |`)), run.stderr);
  assert.ok(run.stderr.split('\n').some((l) => l.startsWith('+ ') && l.includes(`| ${label} |`)), run.stderr);
  assert.match(run.stderr, /Run node scripts\/validation\.mjs/);
});

test('a predicted number edited by hand in the table makes the check fail', () => {
  const doc = readFileSync(DEFAULTS.docPath, 'utf8');
  const lines = doc.split('\n');
  const header = lines.findIndex((l) => l.startsWith('| Case | Device |'));
  assert.ok(header > 0, 'no measurement table in docs/validation.md');
  const column = lines[header].split('|').map((c) => c.trim()).indexOf('Profile');
  const row = header + 2;
  const cells = lines[row].split('|');
  cells[column] = ' 1.23 s ';
  lines[row] = cells.join('|');
  const copy = path.join(work, 'validation.md');
  writeFileSync(copy, lines.join('\n'));
  const run = validation(['--check', '--doc', copy]);
  assert.equal(run.status, 1, `the check passed an edited prediction:\n${run.stdout}${run.stderr}`);
  assert.ok(run.stderr.includes('1.23 s'), run.stderr);
});

test('the prose outside the markers is kept, and a document without markers is refused', () => {
  const doc = readFileSync(DEFAULTS.docPath, 'utf8');
  assert.equal(doc.split(BEGIN).length, 2, 'exactly one begin marker');
  assert.equal(doc.split(END).length, 2, 'exactly one end marker');
  const copy = path.join(work, 'no-markers.md');
  writeFileSync(copy, doc.replace(BEGIN, '').replace(END, ''));
  const run = validation(['--check', '--doc', copy]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /no generated part/);
});

test('a missing CLI is reported with how to build it', () => {
  const run = validation(['--check', '--cli', path.join(work, 'no-such-epochcalc')]);
  assert.equal(run.status, 2);
  assert.match(run.stderr, /CLI is missing .*build-native\.sh/);
});

test('a case file that breaks a rule is refused, naming the file and the rule', () => {
  const first = publicCases[0];
  const dir = casesWith('no-source', first.file, (data) => { delete data.source.url; });
  assert.throws(() => loadCases(dir), (error) => error instanceof InputError
    && error.message.includes(first.file) && error.message.includes('"source.url"'));
  const run = validation(['--check', '--cases', dir]);
  assert.equal(run.status, 2);
});

test('the cases: at least five, every source and hardware figure cited, both devices in one, one local', () => {
  assert.ok(cases.length >= 5, `${cases.length} cases`);
  assert.ok(publicCases.length >= 5, `${publicCases.length} public cases`);
  for (const { file, data } of publicCases) {
    assert.match(data.source.url, /^https?:\/\//, `${file}: source.url`);
    assert.ok(data.source.quote.length > 0, `${file}: source.quote`);
  }
  for (const { file, data } of cases) {
    assert.ok(data.hardware_sources.length > 0, `${file}: hardware_sources`);
    for (const h of data.hardware_sources) assert.match(h.url, /^https?:\/\//, `${file}: ${h.spec}`);
    const measured = new Set(data.measurements.map((m) => m.device));
    for (const device of measured) {
      assert.ok(data.hardware_sources.some((h) => h.device === device), `${file}: no source for the ${device}'s figures`);
      const d = data.scenario[device];
      if (typeof d === 'object') assert.ok(d.source.length > 0, `${file}: scenario.${device}.source`);
    }
  }
  const both = publicCases.filter(({ data }) => ['host', 'accelerator'].every((d) => data.measurements.some((m) => m.device === d)));
  assert.ok(both.length >= 1, 'no public case measured on both a host and an accelerator');

  // Local: the first run (NumPy on the reference BLAS, one network), and NumPy on OpenBLAS and PyTorch on
  // the CPU, each over three networks of different depths (issue 20).
  assert.ok(localCases.length >= 3, `local cases: ${localCases.map((c) => c.file)}`);
  for (const local of localCases) {
    assert.match(local.file, /^local-/);
    assert.ok(local.data.measured_with.cpu && /^\d{4}-\d{2}-\d{2}$/.test(local.data.measured_with.date));
    assert.ok(new Set(local.data.measurements.map((m) => m.batch_size)).size >= 3, `${local.file}: several batch sizes`);
  }
  const deep = localCases.filter(({ data }) => networksOf(data).length >= 3);
  assert.deepEqual(deep.map(({ data }) => data.measured_with.backend).sort(), ['numpy', 'torch']);
  for (const { file, data } of deep) {
    assert.equal(data.measured_with.blas.reference, false, `${file}: measured on an optimised BLAS`);
    assert.deepEqual([...data.fit].sort(), ['dispatch', 'host_efficiency', 'step_overhead'], `${file}: fit`);
    assert.ok(Array.isArray(data.cross_fit), `${file}: calibrated on one network, the others predicted`);
    const layers = new Set(networksOf(data).map((n) => n.split('-').length));
    assert.ok(layers.size >= 3, `${file}: networks of three depths`);
  }
});

test('calibrated on one PyTorch network, the model predicts each of the others within 10% RMS (issue 20)', () => {
  // A guard on what the model can do, not only on what the table says: a change to the model or to the
  // measured ceilings that makes one network a worse predictor of another fails here, not just in a diff.
  const torch = localCases.find(({ data }) => data.measured_with.backend === 'torch');
  assert.ok(torch, 'no local PyTorch case');
  const evaluated = evaluateCase(DEFAULTS.cli, torch);
  assert.ok(evaluated.measuredCeilings, 'the PyTorch case is calibrated at its measured ceilings');
  assert.equal(evaluated.cross.length, networksOf(torch.data).length);
  for (const run of evaluated.cross) {
    for (const [network, { rms }] of crossErrors(run))
      assert.ok(rms <= 0.10, `calibrated on ${run.network}, ${network} is predicted within ${(rms * 100).toFixed(1)}% RMS`);
  }
});

test('every case names a profile the engine has', () => {
  const run = spawnSync(DEFAULTS.cli, ['--list-profiles', '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const ids = new Set(JSON.parse(run.stdout).profiles.map((p) => p.id));
  for (const { file, data } of cases)
    if (data.profile !== null) assert.ok(ids.has(data.profile), `${file}: unknown profile ${data.profile}`);
});

test('numbers are written with three significant digits, in a readable unit', () => {
  assert.equal(sig(0.0571788), '0.0572');
  assert.equal(sig(1.5), '1.50');
  assert.equal(sig(35004.9), '35000');
  assert.equal(sig(9.996), '10.0');
  assert.equal(sig(-0.5093), '-0.509');
  assert.equal(seconds(0.0857682), '85.8 ms');
  assert.equal(seconds(2.4056e-5), '24.1 µs');
  assert.equal(seconds(0.99996), '1.00 s');
  assert.equal(seconds(35.0049), '35.0 s');
  assert.equal(seconds(0), '0 s');
});
