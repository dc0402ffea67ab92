// The what-ifs through the module (calc.sweepField, solveFor, breakEven, compare): loaded on demand
// from epochcalc_whatif.wasm, equal to solving each point with calc.solve, equal to the command line's
// --json documents, typed arrays of their own, and errors thrown as EpochcalcError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const moduleDir = path.join(root, 'build/wasm/wasm');
const cli = path.join(root, 'build/native/cli/epochcalc');
const { createCalculator, EpochcalcError } = await import(path.join(moduleDir, 'epochcalc.js'));
const calc = await createCalculator();
const DEFAULT = { preset: 'mnist-cpu-vs-h100' };

const close = (got, want) => Math.abs(got - want) <= 1e-12 * Math.abs(want);

/** The command line's --json document for the same question. @param {string[]} args */
const cliJson = (args) => JSON.parse(execFileSync(cli, [...args, '--json'], { encoding: 'utf8' }));

test('a grid through the module equals calc.solve at every point, to 1e-12', async () => {
  const grid = await calc.sweepField(DEFAULT,
    { field: 'launch', from: '0 us', to: '20 us', points: 4 },
    { field: 'network.batch_size', values: [1, 32, 1000, 60000] });
  assert.equal(grid.schema, 'epochcalc/field-sweep@1');
  assert.equal(grid.points, 16);
  for (const series of [grid.x.values, grid.y?.values, grid.speedup, grid.host.epoch_time_s, grid.accelerator.energy_j]) {
    assert.ok(series instanceof Float64Array && series.length === 16);
  }
  for (let i = 0; i < 16; i++) {
    const r = calc.solve({ ...DEFAULT, launch: grid.x.values[i], network: { batch_size: grid.y?.values[i] } });
    assert.ok(close(grid.accelerator.epoch_time_s[i], r.accelerator.batched.epoch_time_s), `point ${i}`);
    assert.ok(close(grid.accelerator.launch_time_s[i], r.accelerator.batched.launch_time_s), `point ${i}`);
    assert.ok(close(grid.host.work_time_s[i], r.host.batched.work_time_s), `point ${i}`);
    assert.ok(close(grid.speedup[i], r.comparison.accelerator_speedup_batched), `point ${i}`);
    assert.equal(grid.winner[i], r.accelerator.batched.epoch_time_s < r.host.batched.epoch_time_s ? 'accelerator' : 'host');
  }
});

test('each what-if equals the command line\'s --json document', async () => {
  const sweep = await calc.sweepField(DEFAULT, { field: 'dispatch', from: '1 us', to: '100 us', points: 7, log: true });
  const fromCli = cliJson(['--sweep', 'dispatch=1 us:100 us:7:log']);
  assert.deepEqual({ ...sweep, x: { ...sweep.x, values: [...sweep.x.values] } }.x, fromCli.x);
  assert.deepEqual([...sweep.host.epoch_time_s], fromCli.host.epoch_time_s);
  assert.deepEqual(sweep.winner, fromCli.winner);
  assert.deepEqual(await calc.solveFor(DEFAULT, 'network.batch_size', 'speedup=2'),
    cliJson(['--solve-for', 'network.batch_size', '--goal', 'speedup=2']));
  assert.deepEqual(await calc.breakEven(DEFAULT), cliJson(['--break-even']));
  assert.deepEqual(await calc.compare(DEFAULT, ['h100-sxm', 'epyc-9654']), cliJson(['--compare', 'h100-sxm,epyc-9654']));
});

test('the issue\'s questions, through the module', async () => {
  const twice = await calc.solveFor(DEFAULT, 'dispatch', 'speedup=2');
  assert.equal(twice.answer, 'never');
  assert.ok(Math.abs(twice.limits.metric_at_low - 1.2274) < 1e-3);
  const all = await calc.compare(DEFAULT);
  assert.equal(all.devices[0].id, 'host');
  assert.deepEqual(all.fastest.map((r) => r.device), ['host', 'h100-sxm']);
});

test('every device of a comparison can carry a price, as { id, price }; the cheapest ranges agree with the CLI\'s list', async () => {
  const list = 'l4@0.80/h,a100-sxm-80gb@1.80/h,h100-sxm@3.00/h,host@0.40/h';
  const fromText = await calc.compare(DEFAULT, [{ id: 'l4', price: '0.80/h' }, { id: 'a100-sxm-80gb', price: 1.8 }, { id: 'h100-sxm', price: '3.00 USD/h' }, { id: 'host', price: 0.4 }]);
  assert.deepEqual(fromText, cliJson(['--compare', list]));
  assert.ok(fromText.cheapest.length > 0 && fromText.cheapest[0].from === 1 && fromText.cheapest.at(-1).to === 60000);
  for (const d of fromText.devices) assert.equal(typeof d.batched.cost_usd, 'number', `${d.id} has a cost`);
  const unpriced = await calc.compare(DEFAULT, [{ id: 'l4', price: '0.80/h' }, 'epyc-9654']);
  assert.equal(unpriced.devices[1].batched.cost_usd, null, 'no price: no cost, never 0');
  assert.equal(unpriced.devices[1].price, null);
  await assert.rejects(calc.compare(DEFAULT, [{ id: 'l4', price: 'cheap' }]), (e) => e instanceof EpochcalcError && e.path === '/devices/0/price');
  // A "," or "@" inside one value would be read as another device or term: refused at its place.
  await assert.rejects(calc.compare(DEFAULT, [{ id: 'l4', price: '1,80' }]), (e) => e instanceof EpochcalcError && e.path === '/devices/0/price');
  await assert.rejects(calc.compare(DEFAULT, ['l4', { id: 't4', idle_power: '3@W' }]), (e) => e instanceof EpochcalcError && e.path === '/devices/1/idle_power');
  // The command line's forms are the command line's: as data they are refused, saying what to give.
  await assert.rejects(calc.compare(DEFAULT, ['l4@0.80/h']), (e) => e instanceof EpochcalcError && e.path === '/devices/0' && e.message.includes('{"id": "l4", "price": "0.80/h"}'));
  await assert.rejects(calc.compare(DEFAULT, 'l4,t4'), (e) => e instanceof EpochcalcError && e.path === '/devices' && /a list of ids/.test(e.message));
  await assert.rejects(calc.sweepField(DEFAULT, /** @type {any} */ ('dispatch=1 us:100 us')), (e) => e instanceof EpochcalcError && e.path === '/sweeps/0' && e.code === 'E_TYPE');
});

test('a price and idle power on any device, from the list, the scenario\'s /compared terms or a cited list price; the same as the CLI\'s', async () => {
  // The engineer of issue 35: four devices priced, the cheapest at each batch size in words.
  const four = { ...DEFAULT, network: { widths: [784, 512, 512, 10], batch_size: 32 } };
  const list = [{ id: 'reference-cpu', price: '0.40/h' }, { id: 'l4', price: '0.80/h', idle_power: 30 }, { id: 'a100-sxm-80gb', price: '1.80/h' }, { id: 'h100-sxm', price: '3.00/h' }];
  const c = await calc.compare(four, list);
  assert.deepEqual(c, cliJson(['--set', 'network.widths=784-512-512-10', '--set', 'network.batch_size=32', '--compare', 'reference-cpu@0.40/h,l4@0.80/h@30 W,a100-sxm-80gb@1.80/h,h100-sxm@3.00/h']));
  assert.equal(c.devices[1].idle_power_w, 30);
  assert.match(c.cheapest_text, /^Cheapest: Reference CPU \(MLSys·im\) for batch 1–\d+, NVIDIA L4 24GB from \d+\.$/);
  // The same terms kept in the scenario (what the page's price column writes), and read back by the CLI.
  const kept = { ...four, compared: { l4: { price_per_hour: '0.80/h', idle_power: '30 W' }, 'a100-sxm-80gb': { price_per_hour: 1.8 } }, host: { base: 'reference-cpu', price_per_hour: '0.40/h' }, accelerator: { base: 'h100-sxm', price_per_hour: '3/h' } };
  const fromScenario = await calc.compare(kept, ['reference-cpu', 'l4', 'a100-sxm-80gb', 'h100-sxm']);
  assert.deepEqual(fromScenario.cheapest, c.cheapest);
  assert.equal(fromScenario.devices[1].price_path, '/compared/l4/price_per_hour');
  // Unpriced, a registry GPU has its cited list price, said as one.
  const listed = await calc.compare(DEFAULT, ['t4']);
  assert.equal(listed.devices[0].price.from, 'list');
  assert.match(listed.devices[0].price.source, /https:\/\//);
  assert.match(listed.devices[0].price.date, /^\d{4}-\d{2}-\d{2}$/);
  // The field is one row of the schema, set as any field is, and kept in the normalized scenario.
  const edited = await calc.set(DEFAULT, 'compared.l4.price_per_hour', '0.80/h');
  assert.deepEqual(edited.compared, { l4: { price_per_hour: '0.80/h' } });
  assert.deepEqual((await calc.solve(edited)).scenario.compared, { l4: { price_per_hour: 0.8 } });
  assert.throws(() => calc.solve({ ...DEFAULT, compared: { l4x: { price_per_hour: 1 } } }), (e) => e instanceof EpochcalcError && e.path === '/compared/l4x' && /did you mean "l4"/.test(e.message));
});

test('a comparison of 10,000 devices is refused as E_RANGE, and the module keeps working (issue 36)', async () => {
  await assert.rejects(calc.compare(DEFAULT, Array(10000).fill('l4')), (e) => e instanceof EpochcalcError && e.code === 'E_RANGE' && /at most 200 devices/.test(e.message));
  assert.equal((await calc.compare(DEFAULT, ['l4'])).devices.length, 1);
});

test('a sweep\'s value is one value, read by the field\'s reader where it stands: a ":" or "," in it is refused, not read as a range or a list (issue 36)', async () => {
  await assert.rejects(calc.sweepField(DEFAULT, { field: 'dispatch', values: ['1 us:2 us:3'] }),
    (e) => e instanceof EpochcalcError && e.code === 'E_UNIT' && e.path === '/sweeps/0/values/0');
  await assert.rejects(calc.sweepField(DEFAULT, { field: 'dispatch', values: ['1 us'] }, { field: 'launch', from: '1 us,2 us', to: '3 us' }),
    (e) => e instanceof EpochcalcError && e.path === '/sweeps/1/from');
  assert.equal((await calc.sweepField(DEFAULT, { field: 'dispatch', values: ['1 us', '2 us'] })).points, 2);
});

test('a what-if call that grew the module\'s memory far leaves it to be loaded afresh: the memory goes back (issue 36)', async () => {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--expose-gc');
  const gc = (await import('node:vm')).runInNewContext('gc');
  const own = await createCalculator();
  await own.compare(DEFAULT);
  const settle = async () => { gc(); await new Promise((r) => setTimeout(r, 20)); gc(); return process.memoryUsage().external; };
  const before = await settle();
  // The largest grid as CSV (50,000 points, within the limits): some 100 MB of the module's memory while it runs.
  let csv = await own.csv(DEFAULT, { sweeps: [{ field: 'dispatch', from: '1 us', to: '100 us', points: 200 }, { field: 'network.batch_size', from: 1, to: 60000, points: 250 }] });
  assert.equal(csv.split('\n').length, 50000 + 3, 'the answer is whole');
  csv = null;
  // The next call works, on a fresh module, and the memory is back near where it was.
  assert.equal((await own.compare(DEFAULT)).devices[0].id, 'host');
  const after = await settle();
  assert.ok(after - before < 64e6, `${Math.round((after - before) / 1e6)} MB more after the grid`);
});

test('calls keep nothing between them: each result owns its arrays', async () => {
  const a = await calc.sweepField(DEFAULT, { field: 'dispatch', values: ['1 us', '2 us'] });
  const before = [...a.host.epoch_time_s];
  await calc.sweepField(DEFAULT, { field: 'dispatch', values: ['50 us', '60 us', '70 us'] });
  assert.deepEqual([...a.host.epoch_time_s], before);
  assert.notEqual(a.host.epoch_time_s.buffer, a.accelerator.epoch_time_s.buffer);
});

test('mistakes throw EpochcalcError with the engine\'s code, path and message', async () => {
  await assert.rejects(calc.sweepField(DEFAULT, { field: 'dispatch', from: '-1 us', to: '1 us' }), (e) =>
    e instanceof EpochcalcError && e.code === 'E_RANGE' && e.path === '/sweeps/0/from' && /"-1 us" is out of range/.test(e.message));
  await assert.rejects(calc.sweepField(DEFAULT, { field: 'launches_per_step', from: 1, to: 4 }), (e) =>
    e instanceof EpochcalcError && e.code === 'E_UNKNOWN_FIELD' && /assumptions\.launches_per_step/.test(e.message));
  await assert.rejects(calc.sweepField(DEFAULT, { from: 1 }), (e) => e instanceof EpochcalcError && e.code === 'E_MISSING' && e.path === '/sweeps/0/field');
  await assert.rejects(calc.solveFor(DEFAULT, 'flop_energy'), (e) => e instanceof EpochcalcError && e.code === 'E_ARGS');
  await assert.rejects(calc.compare(DEFAULT, ['h100']), (e) => e instanceof EpochcalcError && /did you mean "h100-sxm"/.test(e.message));
  // A device whose getter throws is input that cannot be written, said with its reason; not a what-if
  // engine that stopped (hostile input round three, L8).
  const throwing = { get id() { throw new Error('no id today'); } };
  await assert.rejects(calc.compare(DEFAULT, [throwing]), (e) => e instanceof EpochcalcError && e.code === 'E_TYPE' && e.path === '/devices' && /no id today/.test(e.message));
  await assert.rejects(calc.breakEven('{"preset": '), (e) => e instanceof EpochcalcError && e.code === 'E_JSON');
  await assert.rejects(calc.breakEven({ preset: 'nope' }), (e) => e instanceof EpochcalcError && e.code === 'E_UNKNOWN_ID');
});

test('0 is a price in the module too: { id, price: 0 } costs nothing, not the list price (issue 45)', async () => {
  const c = await calc.compare(DEFAULT, [{ id: 'l4', price: 0 }, 'l4']);
  assert.deepEqual(c.devices[0].price, { usd_per_hour: 0, from: 'given' });
  assert.equal(c.devices[0].batched.cost_usd, 0);
  assert.equal(c.devices[1].price.from, 'list');
});

test('compare across batch sizes: the module\'s answer equals the command line\'s --json (issue 45)', async () => {
  const across = { field: 'network.batch_size', from: 1, to: 4096, points: 5, log: true };
  const m = await calc.compare(DEFAULT, ['l4', { id: 't4', price: 0.3 }], across);
  const c = cliJson(['--compare', 'l4,t4@0.3', '--sweep', 'network.batch_size=1:4096:5:log']);
  assert.deepEqual(m.across, c.across);
  assert.equal(m.across.devices.length, 2);
  assert.equal(m.across.devices[1].cost_usd.length, m.across.batch_size.length);
});
