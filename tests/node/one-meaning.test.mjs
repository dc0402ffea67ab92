// One meaning (issue 45, docs/model.md "One meaning"): every what-if answer carries the edits that apply
// it, and applying them to the scenario document gives the answered number exactly, for random
// scenarios whose devices pay their own overheads from random framework profiles. The command line
// and Python read the same engine; each of them is checked on one such scenario below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fc from 'fast-check';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { createCalculator } = await import(path.join(root, 'build/wasm/wasm/epochcalc.js'));
const calc = await createCalculator();
const cli = path.join(root, 'build/native/cli/epochcalc');

const PROFILES = calc.profiles().map((/** @type {any} */ p) => p.id);
const CPUS = calc.hardware().filter((/** @type {any} */ d) => d.kind === 'cpu').map((/** @type {any} */ d) => d.id);
const GPUS = calc.hardware().filter((/** @type {any} */ d) => d.kind !== 'cpu').map((/** @type {any} */ d) => d.id);

/** A scenario of the default preset on random devices, batch size and overheads; each device's own
 * overheads from a random profile (or none), sometimes with an own dispatch given on top. */
const scenario = fc.record({
  host: fc.constantFrom(...CPUS),
  accelerator: fc.constantFrom(...GPUS),
  batch: fc.integer({ min: 1, max: 4096 }),
  dispatch: fc.double({ min: 1e-7, max: 1e-4, noNaN: true }),
  launch: fc.double({ min: 1e-7, max: 1e-4, noNaN: true }),
  hostProfile: fc.option(fc.constantFrom(...PROFILES), { nil: null }),
  acceleratorProfile: fc.option(fc.constantFrom(...PROFILES), { nil: null }),
  ownDispatch: fc.option(fc.double({ min: 1e-7, max: 1e-4, noNaN: true }), { nil: null }),
}).map((c) => {
  let doc = { preset: 'mnist-cpu-vs-h100' };
  const edits = [['host', c.host], ['accelerator', c.accelerator], ['network.batch_size', String(c.batch)],
    ['dispatch', String(c.dispatch)], ['launch', String(c.launch)]];
  if (c.hostProfile) edits.push(['overheads.host.profile', c.hostProfile]);
  if (c.acceleratorProfile) edits.push(['overheads.accelerator.profile', c.acceleratorProfile]);
  if (c.ownDispatch != null) edits.push(['overheads.accelerator.dispatch', String(c.ownDispatch)]);
  for (const [p, v] of edits) doc = calc.set(doc, p, v);
  return doc;
});

/** The document with an answer's edits applied, as the page and `--set` apply them. */
const applied = (/** @type {any} */ doc, /** @type {{path: string, value?: number, text?: string}[]} */ edits) =>
  edits.reduce((d, e) => calc.set(d, e.path, e.text ?? String(e.value)), doc);

/** The goal's metric of a solved scenario: the speedup, or the accelerator's epoch. */
const metric = (/** @type {any} */ answer, /** @type {any} */ r) =>
  (answer.metric === 'speedup' ? r.comparison.accelerator_speedup_batched : r.accelerator.batched.epoch_time_s);

test('break-even: applying each answer\'s edits gives its metric_at_value exactly (60 scenarios with random profiles)', async () => {
  let checked = 0;
  let givingWay = 0;
  await fc.assert(fc.asyncProperty(scenario, async (doc) => {
    const be = await calc.breakEven(doc);
    for (const row of be.fields) {
      for (const answer of [row.flip, row.twice_as_fast]) {
        if (answer.answer !== 'value') {
          assert.deepEqual(answer.edits, []);
          continue;
        }
        assert.equal(answer.edits[0].path, row.path);
        assert.deepEqual(answer.edits.map((/** @type {any} */ e) => e.path), row.applied_by);
        if (answer.edits.length > 1) givingWay++;
        const r = calc.solve(applied(doc, answer.edits));
        assert.equal(metric(answer, r), answer.metric_at_value, `${row.path} ${answer.goal.kind}`);
        checked++;
      }
    }
  }), { seed: 4520261207, numRuns: 60 });
  assert.ok(checked > 200, `${checked} answers checked`);
  assert.ok(givingWay > 20, `${givingWay} answers where a device's own value gives way`);
});

test('solve-for an epoch and one-click what-ifs: applying the edits gives the answer (60 scenarios)', async () => {
  await fc.assert(fc.asyncProperty(scenario, fc.constantFrom('dispatch', 'launch', 'step_overhead', 'assumptions.ops_per_layer'), async (doc, field) => {
    const before = calc.solve(doc);
    const a = await calc.solveFor(doc, field, `epoch=${before.accelerator.batched.epoch_time_s * 0.9}`);
    if (a.answer === 'value') assert.equal(metric(a, calc.solve(applied(doc, a.edits))), a.metric_at_value);
    const quick = await calc.quickWhatifs(doc);
    for (const w of quick.whatifs.filter((/** @type {any} */ q) => q.applies)) {
      const r = calc.solve(applied(doc, w.edits));
      assert.equal(r.accelerator.batched.epoch_time_s, w.after.accelerator.epoch_time_s, w.id);
      assert.equal(r.host.batched.epoch_time_s, w.after.host.epoch_time_s, w.id);
    }
  }), { seed: 4520261208, numRuns: 60 });
});

test('the command line prints the edits as --set arguments, and running them gives the answer (the issue\'s case)', () => {
  const given = ['--set', 'overheads.host.profile=pytorch-eager-cpu', '--set', 'overheads.accelerator.profile=pytorch-eager-cuda', '--set', 'network.batch_size=256'];
  const text = execFileSync(cli, [...given, '--solve-for', 'dispatch', '--goal', 'speedup=2'], { encoding: 'utf8' });
  const line = text.split('\n').find((l) => l.trim().startsWith('To apply it:'));
  assert.ok(line, text);
  const sets = line.trim().slice('To apply it:'.length).trim().split(' ');
  assert.deepEqual(sets.filter((_, i) => i % 2 === 0), ['--set', '--set', '--set']);
  const r = JSON.parse(execFileSync(cli, [...given, ...sets, '--json'], { encoding: 'utf8' }));
  assert.equal(r.comparison.accelerator_speedup_batched, 2);
  // --set dispatch alone leaves each device's own value in force: another speedup, as the issue found.
  const alone = JSON.parse(execFileSync(cli, [...given, sets[0], sets[1], '--json'], { encoding: 'utf8' }));
  assert.notEqual(alone.comparison.accelerator_speedup_batched, 2);
});
