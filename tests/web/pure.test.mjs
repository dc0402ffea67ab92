// The page's pure modules under node's test runner: links, the win wording, formatting, field paths.
// No browser and no engine: these take plain data (results are built by hand in the contract's shape).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readAddress, writeAddress, MAX_QUERY } from '../../web/src/link.js';
import { describeWins, spans, complement } from '../../web/src/wins.js';
import { quantity, time, percent, times, faster, count, shortName, cost } from '../../web/src/format.js';
import { idFor, at, shownText } from '../../web/src/form.js';
import { switches, timeTicks, labelled } from '../../web/src/sweep.js';
import { fittedRows, parseBatchSizes, measurementError } from '../../web/src/calibration.js';

/** A result with just what the wording reads. */
function result(wins, n = 60000) {
  return {
    accelerator: { name: 'GPU' },
    scenario: { network: { dataset: { training_examples: n } } },
    comparison: { accelerator_wins: wins, crossover_batch_size: wins[0]?.from ?? null },
  };
}

test('addresses: parameters from the query then the hash; an anchor is not a link; pins apart; written readable', () => {
  const at = (search, hash = '') => readAddress({ search, hash });
  assert.deepEqual(at(''), { params: [], total: 0, pins: null });
  assert.deepEqual(at('', '#'), { params: [], total: 0, pins: null });
  assert.deepEqual(at('', '#results'), { params: [], total: 0, pins: null }, 'a hash without "=" is an anchor');
  assert.deepEqual(at('?network.batch_size=64&dispatch=20%20us').params, [['network.batch_size', '64'], ['dispatch', '20 us']]);
  assert.deepEqual(at('', '#network.batch_size=64').params, [['network.batch_size', '64']]);
  assert.deepEqual(at('', `#preset=x&scenario=${encodeURIComponent('{"name":"full"}')}`).params, [['preset', 'x'], ['scenario', '{"name":"full"}']]);
  assert.deepEqual(at('?preset=x', '#dispatch=1%20us').params, [['preset', 'x'], ['dispatch', '1 us']], 'query first, then hash');
  assert.deepEqual(at('?dispatch=1%20us&pins=%5B%5D'), { params: [['dispatch', '1 us']], total: 1, pins: '[]' });
  assert.deepEqual(at('?a+b=c+d&e&=f&a=b=c').params, [['a b', 'c d'], ['e', ''], ['', 'f'], ['a', 'b=c']], 'decoded as URLSearchParams decodes');
  const params = /** @type {[string, string][]} */ ([['preset', 'mnist-cpu-vs-h100'], ['dispatch', '20 us'], ['accelerator.memory_bandwidth', '1.5 TB/s'], ['name', 'a&b=c #1 100%']]);
  const written = writeAddress(params, '[{"name":"x"}]');
  assert.equal(written.split('&')[1], 'dispatch=20%20us', 'a space reads as people type it');
  assert.match(written, /accelerator\.memory_bandwidth=1\.5%20TB\/s/);
  const [search, hash] = [written.slice(0, written.indexOf('#')), written.slice(written.indexOf('#'))];
  assert.ok(hash.startsWith('#pins='), 'the pins after "#": no server sees them');
  assert.deepEqual(readAddress({ search, hash }), { params, total: params.length, pins: '[{"name":"x"}]' });
  assert.equal(writeAddress([]), '');
});

test('addresses a server accepts: a query never past MAX_QUERY; what does not fit goes after "#" and reads back (issue 36)', () => {
  // Defect 3: 8 pins named with 1,000 characters each made a 57 KB query, and a reload got HTTP 431.
  const pins = JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ name: `${i}`.padEnd(1000, 'x'), scenario: {} })));
  const small = /** @type {[string, string][]} */ ([['network.batch_size', '64']]);
  const withPins = writeAddress(small, pins);
  assert.ok(withPins.startsWith('?network.batch_size=64#pins='));
  assert.ok(withPins.indexOf('#') <= MAX_QUERY);
  const long = /** @type {[string, string][]} */ ([['name', 'n'.repeat(20000)], ['dispatch', '20 us']]);
  const moved = writeAddress(long, pins);
  assert.ok(moved.startsWith('#'), 'a scenario longer than a query may be goes after "#" whole');
  const at = moved.indexOf('#');
  assert.deepEqual(readAddress({ search: moved.slice(0, at), hash: moved.slice(at) }), { params: long, total: 2, pins });
  // Defect 1: 130,000 parameters after '#' overflowed the stack (a spread into one call).
  const many = `#${Array.from({ length: 130000 }, (_, i) => `p${i}=1`).join('&')}`;
  assert.equal(readAddress({ search: '', hash: many }).params.length, 130000);
  // Issue 47 (L14): only the parameters the engine reads are decoded, the rest counted; pins anywhere.
  const first = readAddress({ search: '', hash: `${many}&pins=%5B%5D` }, 500);
  assert.deepEqual([first.params.length, first.total, first.pins, first.params[499]], [500, 130000, '[]', ['p499', '1']]);
});

test('wins: every shape of the ranges gets a statement the ranges do not contradict', () => {
  assert.equal(describeWins(result([])).kind, 'never');
  assert.match(describeWins(result([])).sentence, /not faster than the host at any batch size from 1 to 60,000/);
  assert.equal(describeWins(result([{ from: 1, to: 60000 }])).kind, 'always');
  assert.match(describeWins(result([{ from: 1, to: 60000 }])).sentence, /every batch size/);
  const from = describeWins(result([{ from: 21, to: 60000 }]));
  assert.equal(from.kind, 'from');
  assert.equal(from.short, 'from batch 21');
  // The case a single crossover number got wrong: the accelerator wins only at small batches.
  const until = describeWins(result([{ from: 1, to: 16 }], 1281167));
  assert.equal(until.kind, 'until');
  assert.doesNotMatch(until.sentence, /every/);
  assert.match(until.sentence, /only at batch sizes 1 to 16; the host is as fast or faster at 17 to 1,281,167/);
  const twice = describeWins(result([{ from: 1, to: 3 }, { from: 28, to: 1322 }], 1322));
  assert.equal(twice.kind, 'between');
  assert.match(twice.sentence, /only at batch sizes 1 to 3 and 28 to 1,322; the host is as fast or faster at 4 to 27\./);
  assert.equal(spans([{ from: 7, to: 7 }]), '7');
  assert.equal(spans([{ from: 1, to: 2 }, { from: 4, to: 5 }, { from: 9, to: 9 }]), '1 to 2, 4 to 5 and 9');
  assert.deepEqual(complement([{ from: 1, to: 10 }], 10), []);
  assert.deepEqual(complement([{ from: 3, to: 4 }], 10), [{ from: 1, to: 2 }, { from: 5, to: 10 }]);
});

test('chart marks: each switch of the winner, inside [1, N]', () => {
  assert.deepEqual(switches([{ from: 21, to: 60000 }], 60000), [{ at: 21, to: 'accelerator' }]);
  assert.deepEqual(switches([{ from: 1, to: 16 }], 100), [{ at: 17, to: 'host' }]);
  assert.deepEqual(switches([{ from: 1, to: 100 }], 100), []);
  assert.deepEqual(switches([{ from: 1, to: 3 }, { from: 28, to: 50 }], 50),
    [{ at: 4, to: 'host' }, { at: 28, to: 'accelerator' }]);
});

test('format: a quantity in SI units written for reading, by its SI unit', () => {
  const plain = (s) => s.replace(/\u00a0/g, ' ');
  assert.equal(plain(quantity(2e-5, 's')), '20 µs');
  assert.equal(plain(quantity(3.35e12, 'B/s')), '3.35 TB/s');
  assert.equal(plain(quantity(1.6e-10, 'J/B')), '160 pJ/B');
  // A price reads in dollars: 0.12 USD/h, not 120 mUSD/h (issue 45); 0 is a price.
  assert.equal(plain(quantity(0.12, 'USD/h')), '0.12 USD/h');
  assert.equal(plain(quantity(0, 'USD/h')), '0 USD/h');
  assert.equal(plain(quantity(6.7e13, 'FLOP/s')), '67 TFLOP/s');
  assert.equal(plain(quantity(0, 'W')), '0 W');
  assert.equal(plain(time(0.27424314)), '274.2 ms');
});

test('form paths: ids, pointer lookups and shown text', () => {
  assert.equal(idFor('/network/batch_size'), 'batch_size');
  assert.equal(idFor('/network/widths/3'), 'width-3');
  assert.equal(idFor('/host/peak_flops/bf16'), 'host-peak-bf16');
  assert.equal(idFor('/accelerator/memory_bandwidth'), 'accelerator-bw');
  assert.equal(idFor('/host'), 'host-id');
  assert.equal(idFor('/assumptions/ops_per_layer'), 'ops_per_layer');
  const doc = { a: { 'b/c': [10, { d: 'x' }] } };
  assert.equal(at(doc, '/a/b~1c/0'), 10);
  assert.equal(at(doc, '/a/b~1c/1/d'), 'x');
  assert.equal(at(doc, '/a/missing/deeper'), undefined);
  assert.equal(shownText('10 us'), '10 us');
  assert.equal(shownText(2e-5), '0.00002');
  assert.equal(shownText(null), '');
  assert.equal(shownText(true), 'true');
});

// Regression (issue 7): "0.000000000429%", "154,300,000,000×", "0.783×" and "1 steps".
test('format: slivers, huge ratios, slower devices, counts and long names read as words', () => {
  assert.equal(percent(4.29e-12), '< 0.001%');
  assert.equal(percent(0), '0%');
  assert.equal(percent(0.6153), '61.5%');
  assert.equal(times(1.543e11), '1.543E11×');
  assert.equal(times(1.0767), '1.08×');
  assert.equal(faster(1.0767), '1.08× faster');
  assert.equal(faster(0.783), '1.28× slower');
  // Regression (issue 19): two equal devices read "1× faster" at one batch size and "1× slower" at the other.
  assert.equal(faster(1), 'as fast');
  assert.equal(faster(1.0001), 'about as fast');
  assert.equal(faster(0.9999), 'about as fast');
  assert.equal(faster(1.006), '1.01× faster');
  assert.equal(count(1, 'step'), '1 step');
  assert.equal(count(1875, 'step'), '1,875 steps');
  assert.equal(shortName('short'), 'short');
  assert.equal([...shortName('x'.repeat(100))].length, 60);
  assert.ok(shortName('x'.repeat(100)).endsWith('…'));
});

// Regression (issue 7): the time axis stopped at 100 h, and with N = 1 the batch axis labelled 0.1 … 10.
test('chart axes: time ticks past 100 hours; batch ticks only at whole numbers that do not crowd', () => {
  const ticks = timeTicks(2e5, 5e7);
  assert.ok(ticks.some((t) => t > 360000), `ticks ${ticks}`);
  assert.ok(ticks.every((t) => t >= 2e5 * 0.999 && t <= 5e7 * 1.001));
  assert.ok(timeTicks(1e-3, 10).includes(1));
  assert.equal(labelled(0.5, 0.6), false);
  assert.equal(labelled(1.5, 0.6), false);
  assert.equal(labelled(9, 1), false, 'one decade: 1, 2 and 5 only');
  assert.equal(labelled(2, 1), true);
  assert.equal(labelled(10, 4), true);
  assert.equal(labelled(20, 4), false);
});

test('sources: each overhead input says where its number comes from, from the result\'s sources', async () => {
  const { sourceLine } = await import('../../web/src/tools/sources.js');
  const schema = { fields: ['/dispatch', '/launch', '/overheads/accelerator/dispatch'].map((path) => ({ path, kind: 'quantity', si_unit: 's' }))
    .concat([{ path: '/assumptions/ops_per_layer', kind: 'integer' }]) };
  /** Sources as the engine writes them for the per-device profiles, and a preset's launch. */
  const r = /** @type {any} */ ({
    host: { overheads: { dispatch: 4e-6, ops_per_layer: 10, sources: {
      dispatch: { path: '/overheads/host/dispatch', from: 'profile', id: 'pytorch-eager-cpu' },
      ops_per_layer: { path: '/assumptions/ops_per_layer', from: 'scenario' } } } },
    accelerator: { overheads: { dispatch: 5e-6, launch: 5e-6, ops_per_layer: 8, sources: {
      dispatch: { path: '/overheads/accelerator/dispatch', from: 'profile', id: 'pytorch-eager-cuda' },
      launch: { path: '/launch', from: 'preset', id: 'mnist-cpu-vs-h100' },
      ops_per_layer: { path: '/assumptions/ops_per_layer', from: 'scenario' } } } },
  });
  const [four, five] = [quantity(4e-6, 's'), quantity(5e-6, 's')];  // "4 µs", as the page writes times
  assert.equal(sourceLine('/dispatch', r, schema),
    `Not used: the host pays its own ${four} from the pytorch-eager-cpu profile (overheads.host.dispatch); the accelerator pays its own ${five} from the pytorch-eager-cuda profile (overheads.accelerator.dispatch).`);
  assert.equal(sourceLine('/overheads/accelerator/dispatch', r, schema), `In force: ${five} from the pytorch-eager-cuda profile.`);
  // The preset's value as the form shows it: nothing to add.
  assert.equal(sourceLine('/launch', r, schema), '');
  r.accelerator.overheads.sources.launch = { path: '/launch', from: 'profile', id: 'jax-jit' };
  assert.equal(sourceLine('/launch', r, schema), `In force: the accelerator pays this, ${five} from the jax-jit profile.`);
  // The scenario's own value, paid by both: nothing to say.
  assert.equal(sourceLine('/assumptions/ops_per_layer', r, schema), '');
});

test('fit panel: each device\'s own fitted values, what no device pays, and the batch sizes to predict at', () => {
  // A calibration reply in the contract's shape: each device under its own profile (issue 33).
  const reply = /** @type {any} */ ({
    fitted: { dispatch: null, launch: null, host_efficiency: 0.25, accelerator_efficiency: null, step_overhead: null },
    fitted_own: { host: { dispatch: 9e-6 }, accelerator: { dispatch: null, launch: null } },
    undetermined: [{ constant: 'accelerator_efficiency', path: '/assumptions/accelerator_efficiency' },
      { constant: 'dispatch', path: '/overheads/accelerator/dispatch', device: 'accelerator' },
      { constant: 'launch', path: '/overheads/accelerator/launch', device: 'accelerator' }],
    held: [
      { constant: 'dispatch', device: 'host', path: '/dispatch', value: 1e-5, because: 'profile', profile: 'pytorch-eager-cpu', profile_scope: 'device', in_force: '/overheads/host/dispatch' },
      { constant: 'dispatch', device: 'accelerator', path: '/dispatch', value: 1e-5, because: 'profile', profile: 'pytorch-eager-cuda', profile_scope: 'device', in_force: '/overheads/accelerator/dispatch' },
      { constant: 'launch', device: 'accelerator', path: '/launch', value: 5e-6, because: 'fit' },
    ],
  });
  // The labels are the schema's (its rows as the engine writes them; here the ones the rows need, in
  // table order, the scenario-wide rows before each device's own).
  const schema = /** @type {any} */ ({ fields: [
    ['/dispatch', 'Dispatch per operation'], ['/launch', 'Kernel launch per operation'],
    ['/assumptions/host_efficiency', 'Host efficiency'], ['/assumptions/accelerator_efficiency', 'Accelerator efficiency'],
    ['/overheads/host/dispatch', 'Host: dispatch per operation'], ['/overheads/accelerator/dispatch', 'Accelerator: dispatch per operation'],
    ['/overheads/accelerator/launch', 'Accelerator: kernel launch per operation'],
  ].map(([path, label]) => ({ path, label })) });
  assert.deepEqual(fittedRows(reply, schema), [
    ['Dispatch per operation', 'paid by no device: each pays its own'],
    ['Kernel launch per operation', 'kept as in the scenario'],
    ['Host efficiency', `${percent(0.25)} of peak`],
    ['Accelerator efficiency', 'not determined'],
    ['Host: dispatch per operation', time(9e-6)],
    ['Accelerator: dispatch per operation', 'not determined'],
    ['Accelerator: kernel launch per operation', 'not determined'],
  ]);
  assert.deepEqual(parseBatchSizes(' 64, 1024;8192\n'), [64, 1024, 8192]);
  assert.deepEqual(parseBatchSizes('64, lots'), [64, 'lots'], 'the engine says what is wrong with a word');
  assert.deepEqual(parseBatchSizes(''), []);
  assert.equal(measurementError({ path: '/predict/1', message: '0 is out of range' }, true), 'Predict at batch sizes: 0 is out of range');
});

test('costs: three figures, and a fraction of a cent per epoch per 1,000 epochs, so two devices can be told apart', () => {
  assert.equal(cost(0.0000407), '0.0407 USD per 1,000 epochs');
  assert.equal(cost(0.0000707), '0.0707 USD per 1,000 epochs');
  assert.notEqual(cost(0.0000407), cost(0.0000447));
  assert.equal(cost(2.5), '2.5 USD');
  assert.equal(cost(0.0123), '0.0123 USD');
  assert.equal(cost(0), '0 USD');
});
