// The value in force on the page (issue 33): each overhead input says where its number comes from, the
// profile picker labels each range with its field, and the one-click what-ifs act on each device's own
// values. Every figure is checked against the engine's own answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, release, value, text, afterUpdate, choose, reportText } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

/** The scenario: an A100, each device under its own PyTorch profile. */
const perDevice = {
  preset: 'mnist-cpu-vs-h100',
  network: { widths: [784, 512, 512, 10], batch_size: 256 },
  accelerator: 'a100-sxm-80gb',
  overheads: { host: { profile: 'pytorch-eager-cpu' }, accelerator: { profile: 'pytorch-eager-cuda' } },
};
const hashOf = (doc) => `#scenario=${encodeURIComponent(JSON.stringify(doc))}`;

test('each overhead input says where its number comes from when it is not the scenario\'s own', async () => {
  const page = await openPage(env.browser, env.url, { hash: hashOf(perDevice) });
  await page.waitForSelector('#dispatch-from:not([hidden])');
  const r = env.calc.solve(perDevice);
  assert.equal(r.host.overheads.sources.dispatch.id, 'pytorch-eager-cpu');
  const line = await text(page, '#dispatch-from');
  assert.match(line, /^Not used: the host pays its own 4 µs from the pytorch-eager-cpu profile \(overheads\.host\.dispatch\); the accelerator pays its own 5 µs from the pytorch-eager-cuda profile/);
  // The input is described by it, for a screen reader.
  assert.match(await page.getAttribute('#dispatch', 'aria-describedby') ?? '', /dispatch-from/);
  assert.match(await text(page, '#own-accelerator-launch-from'), /^In force: 3 µs from the pytorch-eager-cuda profile\.$/);
  // The default preset's values are what the form shows: no line; a scenario-wide profile's are named.
  const plain = await openPage(env.browser, env.url);
  assert.equal(await plain.isVisible('#dispatch-from'), false);
  // The report names where the values came from.
  assert.match(await reportText(plain), /framework dispatch per operation on both devices \(the mnist-cpu-vs-h100 preset\)/);
  await choose(plain, '#profile', 'jax-jit');
  await plain.waitForSelector('#dispatch-from:not([hidden])');
  assert.match(await text(plain, '#dispatch-from'), /^In force: the host pays this, 1 µs from the jax-jit profile; the accelerator pays this, 1 µs from the jax-jit profile\.$/);
  assert.deepEqual(page.problems, []);
  await release(plain);
  await release(page);
});

test('regression: the profile picker labels each measured range with its own field', async () => {
  const page = await openPage(env.browser, env.url);
  await choose(page, '#profile', 'pytorch-eager-cpu');
  await page.click('#profile-source summary');
  const ranges = await text(page, '#profile-source ul');
  // Before: "Launch: 20 us to 250 us" for the CPU profile's per-step cost.
  assert.match(ranges, /Fixed cost per step: 20 us to 250 us/);
  assert.doesNotMatch(ranges, /Launch/);
  await release(page);
});

test('regression: the one-click what-ifs change each device\'s own values, as one step', async () => {
  const page = await openPage(env.browser, env.url, { hash: hashOf(perDevice) });
  await page.locator('#whatif').scrollIntoViewIfNeeded();
  await page.waitForSelector('#quick-whatifs [data-whatif="half-dispatch"] button');
  const quick = await env.calc.quickWhatifs(perDevice);
  const half = quick.whatifs.find((w) => w.id === 'half-dispatch');
  assert.ok(half?.applies);
  assert.equal(half.edits.length, 2);
  // Before: "unchanged" for both devices.
  assert.ok(half.after.accelerator.epoch_time_s < quick.before.accelerator.epoch_time_s);
  await afterUpdate(page, () => page.click('#quick-whatifs [data-whatif="half-dispatch"] button'));
  assert.equal(await value(page, 'accelerator.batched.epoch_time_s'), half.after.accelerator.epoch_time_s);
  assert.equal(await value(page, 'host.batched.epoch_time_s'), half.after.host.epoch_time_s);
  // Back undoes both edits at once.
  await afterUpdate(page, () => page.goBack());
  assert.equal(await value(page, 'accelerator.batched.epoch_time_s'), quick.before.accelerator.epoch_time_s);
  assert.deepEqual(page.problems, []);
  await release(page);
});
