// Each device's own overheads on the page (issue 20): a profile for one device leaves the other's epoch
// alone, the page shows what each device pays and which values are its own, and the per-step cost and
// the batch copies are parts of the bars with their formulas. Every number is checked against the engine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, release, value, text, fill, choose } from './helpers.mjs';

/** @type {Awaited<ReturnType<typeof setUp>>} */
let env;
before(async () => { env = await setUp(); });
after(async () => { await env?.close(); });

const preset = 'mnist-cpu-vs-h100';

test("a profile for the accelerator alone leaves the CPU's epoch as it was, and the page says what each pays", async () => {
  const page = await openPage(env.browser, env.url);
  const before = await value(page, 'host.batched.epoch_time_s');
  await page.click('#own-overheads summary');
  await choose(page, '#own-accelerator-profile', 'pytorch-eager-cuda');
  const r = env.calc.solve({ preset, overheads: { accelerator: { profile: 'pytorch-eager-cuda' } } });
  assert.equal(await value(page, 'host.batched.epoch_time_s'), before, 'the CPU is not charged the CUDA profile');
  assert.equal(await value(page, 'accelerator.batched.epoch_time_s'), r.accelerator.batched.epoch_time_s);
  // What each device pays: the accelerator's values are its own (from its profile), the host's the scenario's.
  assert.match(await text(page, '[data-key="paid.accelerator.profile"]'), /pytorch-eager-cuda\s*own/);
  assert.match(await text(page, '[data-key="paid.host.profile"]'), /^none$/);
  assert.equal(await text(page, '[data-key="paid.accelerator.ops_per_step"]'), `${r.accelerator.overheads.ops_per_step}own`);
  assert.match(await text(page, '[data-key="paid.host.dispatch"]'), /^10(\.0+)? µs$/);
  // The per-step cost is its own part of the accelerator's bar, with its formula.
  const step = page.locator('.seg[data-key="accelerator.batched.step"]');
  assert.equal(Number(await step.getAttribute('data-value')), r.accelerator.batched.step_time_s);
  assert.match(/** @type {string} */ (await step.getAttribute('data-formula')), /per step = steps × cost per step = 1,875 steps × 30(\.0+)?\sµs/);
  assert.equal(await page.locator('.seg[data-key="host.batched.step"]').count(), 0, 'no zero-length part on the host');
  assert.deepEqual(page.problems, []);
  await release(page);
});

test("a device's own value beats its profile; emptied, it is the scenario's again", async () => {
  const page = await openPage(env.browser, env.url);
  await page.click('#own-overheads summary');
  assert.equal(await page.getAttribute('#own-host-dispatch', 'placeholder'), "the scenario's: 10 us");
  await fill(page, '#own-host-dispatch', '1 us');
  const r = env.calc.solve({ preset, overheads: { host: { dispatch: '1 us' } } });
  assert.equal(await value(page, 'host.batched.epoch_time_s'), r.host.batched.epoch_time_s);
  assert.match(await text(page, '[data-key="paid.host.dispatch"]'), /^1(\.0+)? µsown$/);
  await fill(page, '#own-host-dispatch', '');
  assert.equal(await value(page, 'host.batched.epoch_time_s'), env.calc.solve({ preset }).host.batched.epoch_time_s);
  assert.deepEqual(page.problems, []);
  await release(page);
});

test('a fixed cost per step and a host link are parts of the bars and rows of the table, from a readable link', async () => {
  const query = '?preset=mnist-cpu-vs-h100&step_overhead=50%20us&accelerator.host_link_bandwidth=16%20GB%2Fs&accelerator.host_link_latency=10%20us';
  const page = await openPage(env.browser, env.url, { hash: query });
  const r = env.calc.solve({ preset, step_overhead: '50 us', accelerator: { base: 'h100-sxm', host_link_bandwidth: '16 GB/s', host_link_latency: '10 us' } });
  assert.equal(await value(page, 'accelerator.batched.epoch_time_s'), r.accelerator.batched.epoch_time_s);
  assert.equal(await value(page, 'host.batched.epoch_time_s'), r.host.batched.epoch_time_s);
  const copy = page.locator('.seg[data-key="accelerator.batched.transfer"]');
  assert.equal(Number(await copy.getAttribute('data-value')), r.accelerator.batched.transfer_time_s);
  assert.match(/** @type {string} */ (await copy.getAttribute('data-formula')), /copy = steps × latency \+ inputs ÷ link bandwidth/);
  assert.equal(await page.locator('#legend li').count(), 6, 'the legend names the per-step part and the copy');
  assert.equal(await page.inputValue('#step_overhead'), '50 us');
  assert.deepEqual(page.problems, []);
  await release(page);
});
